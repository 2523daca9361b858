"""Golden games: each stored game record is replayed and compared, step by step, with its
stored playthrough (player to act, legal actions, the acting seat's observation). A
registered game without a golden game fails. To regenerate deliberately, see
``regenerate.py``."""

from __future__ import annotations

import json

import pytest

import ninetynine
from helpers import own_games
from ninetynine.core.records import parse_record, read_record

from .regenerate import GOLDEN, HERE, obs_hash, step_line

RECORDS = sorted(HERE.glob("*.record.txt"))
NAMES = [p.name.removesuffix(".record.txt") for p in RECORDS]


def _playthrough(name: str) -> list[dict]:
    path = HERE / f"{name}.playthrough.jsonl"
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def test_there_are_golden_games():
    assert len(RECORDS) >= 4
    assert sorted(NAMES) == sorted(GOLDEN), "the files and regenerate.GOLDEN disagree"


@pytest.mark.parametrize("game_id", own_games())
def test_every_registered_game_has_a_golden_game(game_id):
    games = {read_record(str(p)).headers["Game"] for p in RECORDS}
    assert game_id in games, (
        f"{game_id} has no golden game: add one to GOLDEN in tests/golden/regenerate.py and run it"
    )


@pytest.mark.parametrize("name", NAMES)
def test_record_replays_line_by_line(name):
    record = read_record(str(HERE / f"{name}.record.txt"))
    lines = _playthrough(name)
    head, steps = lines[0], lines[1:]
    h = record.headers
    assert head["game"] == h["Game"] and head["num_players"] == int(h["Players"])
    assert head["seed"] == int(h["Seed"])
    assert head["options"] == json.loads(h["Options"])
    version = ninetynine.load_game(h["Game"], num_players=int(h["Players"])).version
    assert h["Version"] == str(version), "the game's version changed: regenerate (see above)"
    assert len(steps) == len(record.moves) + 1, "one line per move and one for the end"
    replay = record.replay()
    for i, (state, move) in enumerate(replay):
        want = steps[i]
        got = json.loads(
            json.dumps(step_line(state, i, None if move is None else state.string_to_action(move)))
        )
        if got != want:
            diff = {
                k: (want.get(k), got.get(k))
                for k in set(want) | set(got)
                if want.get(k) != got.get(k)
            }
            pytest.fail(f"{name}: step {i} differs (stored, now): {diff}")
    assert state.is_terminal()
    assert h["Result"] == (f"seat {state.winner()} wins" if state.winner() is not None else "draw")
    assert h["Scores"] == " ".join(f"{x:g}" for x in state.scores())


@pytest.mark.parametrize("name", NAMES)
def test_record_text_round_trips(name):
    text = (HERE / f"{name}.record.txt").read_text(encoding="utf-8")
    record = parse_record(text)
    assert record.to_text() == text
    final = record.final_state()
    again = type(record).from_state(
        final, seats=[record.headers[f"Seat{i}"] for i in range(final.game.num_players)]
    )
    assert again.to_text() == text


@pytest.mark.parametrize("name", NAMES)
def test_stored_observations_match_their_hashes(name):
    """Guards the playthrough files themselves: a full observation and its hash agree."""
    for line in _playthrough(name)[1:]:
        if "observation" in line:
            assert obs_hash(line["observation"]) == line["obs"]


def test_golden_files_stay_small():
    for p in HERE.iterdir():
        assert p.stat().st_size < 200_000, p.name
