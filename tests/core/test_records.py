"""Game records (``core/records.py``): write, parse (forgivingly), replay, and errors."""

from __future__ import annotations

import itertools

import pytest

import ninetynine
from helpers import random_playout
from ninetynine import GameRecord, RecordError, parse_record, read_record


def _finished(game_id="warp99", n=3, seed=8, **options):
    game = ninetynine.load_game(game_id, num_players=n, **options)
    return random_playout(game.new_initial_state(seed), seed)


def _unfinished(cut=25):
    game = ninetynine.load_game("warp99", num_players=2)
    return random_playout(game.new_initial_state(4), 1, limit=cut)


@pytest.mark.parametrize(
    ("game_id", "n", "options"),
    [
        ("warp99", 2, {}),
        ("warp99", 4, {"rules": "random"}),
        ("ninetynine", 3, {"bonus_rule": True}),
    ],
)
def test_write_parse_replay_round_trip(game_id, n, options):
    s = _finished(game_id, n, seed=n, **options)
    rec = GameRecord.from_state(s, seats=[f"bot{i}" for i in range(n)])
    text = rec.to_text()
    back = parse_record(text)
    assert back.headers == rec.headers
    assert back.moves == rec.moves
    assert back.to_text() == text
    final = back.final_state()
    assert final.to_json() == s.to_json()
    h = back.headers
    assert h["Game"] == game_id and h["Players"] == str(n) and h["Seed"] == str(s.seed)
    assert h["Result"] == f"seat {s.winner()} wins"
    assert h["Scores"] == " ".join(str(int(x)) for x in s.scores())
    assert [h[f"Seat{i}"] for i in range(n)] == [f"bot{i}" for i in range(n)]


def test_move_lines_group_each_seats_moves():
    s = _finished()
    text = GameRecord.from_state(s).to_text()
    body = [line for line in text.splitlines() if line and not line.startswith("[")]
    for k, line in enumerate(body, 1):
        assert line.startswith(f"{k}. s")
    # consecutive lines belong to different seats
    seats = [line.split()[1] for line in body]
    assert all(a != b for a, b in itertools.pairwise(seats))


def test_unfinished_game_result_is_a_star():
    s = _unfinished()
    rec = GameRecord.from_state(s)
    assert rec.headers["Result"] == "*"
    assert rec.headers["Seat0"] == "?"
    assert parse_record(rec.to_text()).final_state().to_json() == s.to_json()


def test_extra_headers_and_escaping():
    s = _unfinished(5)
    rec = GameRecord.from_state(s, seats=['Ann "the ace"', "C:\\bot"], extra={"Event": "club"})
    back = parse_record(rec.to_text())
    assert back.headers["Seat0"] == 'Ann "the ace"'
    assert back.headers["Seat1"] == "C:\\bot"
    assert back.headers["Event"] == "club"


def test_header_values_with_line_breaks_round_trip():
    """A seat name typed by a person may hold anything; the header stays one line."""
    s = _unfinished(5)
    names = ["Ann\nBob", 'C:\\new "bot"\r']
    rec = GameRecord.from_state(s, seats=names)
    text = rec.to_text()
    assert len([line for line in text.splitlines() if line.startswith("[Seat")]) == 2
    back = parse_record(text)
    assert [back.headers["Seat0"], back.headers["Seat1"]] == names
    assert back.headers == rec.headers


def test_forgiving_parser_comments_spaces_and_blank_lines():
    s = _unfinished(30)
    rec = GameRecord.from_state(s)
    header = [line for line in rec.to_text().splitlines() if line.startswith("[")]
    moves = rec.moves
    messy = "\n".join(
        ["   " + h + "   " for h in header]
        + ["", "{ a comment before the moves, with [brackets] and 1. s0: R7 }", ""]
        + [f"  {i + 1}.   s{0}:   {mv}   {{why not}}  " for i, mv in enumerate(moves[:5])]
        + ["{ a comment", "spanning lines R7>1 }"]
        + ["   ".join(moves[5:])]
        + ["", ""]
    )
    back = parse_record(messy)
    assert back.moves == moves
    assert back.headers == rec.headers
    assert back.final_state().to_json() == s.to_json()


def test_moves_are_read_case_insensitively():
    s = _unfinished(12)
    rec = GameRecord.from_state(s)
    head = rec.to_text().split("\n\n")[0]
    text = head + "\n\n" + " ".join(m.lower() for m in rec.moves) + "\n"
    assert parse_record(text).final_state().to_json() == s.to_json()


@pytest.mark.parametrize(
    "bad_line",
    ["[Game warp99]", '[Game "warp99"', '[Game "warp"99"]', "[ ]"],
)
def test_malformed_header_names_the_line(bad_line):
    text = f'[Players "2"]\n{bad_line}\n[Seed "1"]\n'
    with pytest.raises(RecordError, match=r"line 2: malformed header"):
        parse_record(text)


@pytest.mark.parametrize("missing", ["Game", "Players", "Seed"])
def test_missing_header(missing):
    headers = {"Game": "warp99", "Players": "2", "Seed": "1"}
    del headers[missing]
    text = "".join(f'[{k} "{v}"]\n' for k, v in headers.items())
    with pytest.raises(RecordError, match=f"record has no {missing} header"):
        parse_record(text).initial_state()


@pytest.mark.parametrize(
    ("header", "fragment"),
    [
        ('[Players "two"]', "malformed"),
        ('[Seed "x"]', "malformed"),
        ('[Options "{not json"]', "malformed"),
        ('[Game "warp9"]', "did you mean warp99"),
        ('[Players "9"]', "cannot be loaded"),
        ('[Options "{\\"target\\": -5}"]', "target"),
    ],
)
def test_bad_header_values(header, fragment):
    base = {"Game": '[Game "warp99"]', "Players": '[Players "2"]', "Seed": '[Seed "1"]'}
    key = header[1:].split()[0]
    base[key] = header
    text = "\n".join(base.values()) + "\n"
    with pytest.raises(RecordError, match=fragment):
        parse_record(text).initial_state()


def test_illegal_move_names_the_move_number():
    s = _unfinished(10)
    rec = GameRecord.from_state(s)
    before7 = rec.initial_state()
    for mv in rec.moves[:6]:
        before7.apply_action(before7.string_to_action(mv))
    legal = set(before7.legal_actions())
    bad = before7.action_to_string(next(a for a in range(337) if a not in legal))
    moves = [*rec.moves[:6], bad, *rec.moves[7:]]
    text = rec.to_text().split("\n\n")[0] + "\n\n" + " ".join(moves) + "\n"
    with pytest.raises(RecordError, match=rf"move 7 \({bad!r}\) cannot be replayed"):
        parse_record(text).final_state()


def test_unreadable_notation_names_the_move_number():
    s = _unfinished(10)
    rec = GameRecord.from_state(s)
    text = rec.to_text().split("\n\n")[0] + "\n\n" + " ".join([*rec.moves[:3], "Z99"]) + "\n"
    with pytest.raises(RecordError, match=r"move 4 \('Z99'\)"):
        parse_record(text).final_state()


def test_replay_yields_each_state_before_its_move():
    s = _unfinished(8)
    rec = GameRecord.from_state(s)
    pairs = list(parse_record(rec.to_text()).replay())
    assert len(pairs) == len(rec.moves) + 1
    assert [mv for _, mv in pairs[:-1]] == rec.moves and pairs[-1][1] is None


def test_read_record(tmp_path):
    s = _finished(n=2, seed=3)
    path = tmp_path / "game.txt"
    path.write_text(GameRecord.from_state(s).to_text(), encoding="utf-8")
    assert read_record(str(path)).final_state().to_json() == s.to_json()
    with pytest.raises(RecordError, match="cannot read record"):
        read_record(str(tmp_path / "missing.txt"))


def test_several_turns_on_one_line_are_read():
    """PGN readers accept move numbers anywhere; so does ours ("1. s0: ... 2. s1: ...")."""
    state = _finished("warp99", 2, seed=4)
    text = GameRecord.from_state(state, seats=["a", "b"]).to_text()
    head, _, body = text.partition("\n\n")
    one_line = head + "\n\n" + " ".join(body.split("\n")) + "\n"
    assert one_line.count("\n") < text.count("\n")
    assert parse_record(one_line).moves == parse_record(text).moves
    assert parse_record(one_line).final_state().history() == state.history()


def test_a_record_of_another_rules_version_is_refused():
    text = GameRecord.from_state(_finished("warp99", 2, seed=4)).to_text()
    game = ninetynine.load_game("warp99", num_players=2)
    old = text.replace(f'[Version "{game.version}"]', '[Version "1"]')
    with pytest.raises(RecordError, match="version 1"):
        parse_record(old).final_state()


def test_options_that_are_not_an_object_are_a_record_error():
    text = GameRecord.from_state(_finished("warp99", 2, seed=4)).to_text()
    bad = "\n".join(
        '[Options "[1,2]"]' if line.startswith("[Options") else line for line in text.splitlines()
    )
    with pytest.raises(RecordError, match="Options"):
        parse_record(bad).final_state()


def test_a_file_that_is_not_utf8_is_a_record_error(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b'[Game "warp99"]\n\xff\xfe\n')
    with pytest.raises(RecordError, match="UTF-8"):
        read_record(str(path))
