"""The ``play``, ``replay``, ``rules`` and ``games`` commands through Typer's CliRunner."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import ninetynine
from ninetynine.cli.common import notation_help, parse_option_pairs
from ninetynine.cli.main import app
from ninetynine.cli.play import PlayCommand, build_game, seat_specs
from ninetynine.cli.replay import ReplayViewer, load_replay, run_replay
from ninetynine.core.errors import GameOptionError
from ninetynine.core.records import GameRecord, parse_record, read_record

from .conftest import ScriptedInput, Transcript

runner = CliRunner()


def _record(tmp_path: Path, *extra: str, seed: int = 3) -> Path:
    """Play a whole bot game through the command and return its record."""
    path = tmp_path / "game.txt"
    args = ["play", "warp99", "--seat", "greedy", "--seat", "random", "--seed", str(seed)]
    result = runner.invoke(app, [*args, "--record", str(path), *extra])
    assert result.exit_code == 0, result.output
    assert path.exists()
    return path


# --------------------------------------------------------------------------- games, rules
def test_games_lists_every_game_with_players_and_bots() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for gid in ninetynine.list_games():
        assert gid in result.output
    assert "2-4" in result.output
    assert "greedy" in result.output and "random" in result.output


def test_rules_shows_the_summary_and_the_options() -> None:
    result = runner.invoke(app, ["rules", "warp99"])
    assert result.exit_code == 0, result.output
    assert "R7>1" in result.output
    for option in ("rules", "handicap", "bonus_rule", "flip_limit", "target"):
        assert option in result.output


def test_rules_names_the_levels_with_how_they_measured() -> None:
    result = runner.invoke(app, ["rules", "warp99"])
    assert result.exit_code == 0
    assert "Levels (heads-up, seats rotated" in result.output
    assert "strongest: ismcts:1000:value:look, wins 67.0% against greedy (300 games)" in (
        result.output
    )


def test_rules_of_an_unknown_game() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game" in result.output


# --------------------------------------------------------------------------- play
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nosuchgame"], "unknown game"),
        (["play", "warp99", "-o", "nosuch=1"], "nosuch"),
        (["play", "warp99", "-o", "target"], "key=value"),
        (["play", "warp99", "-o", "target=-5"], "target"),
        (["play", "warp99", "--players", "9"], "2-4 players"),
        (["play", "warp99", "--seat", "wizard"], "no agent 'wizard'"),
        (["play", "warp99", "--players", "2", "-s", "human,greedy,greedy"], "3 --seat"),
        (["play", "warp99", "--variant", "hard"], "unknown variant"),
        (["play", "ninetynine", "--variant", "random-rule-start"], "no variants"),
        (["play", "warp99", "--variant", "standard", "-o", "rules=121"], "not both"),
    ],
)
def test_play_with_bad_arguments_exits_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "error:" in result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_play_a_bot_game_to_the_end(tmp_path: Path) -> None:
    path = _record(tmp_path, "--seat", "greedy")
    record = read_record(str(path))
    assert record.headers["Seat0"] == "greedy" and record.headers["Seat2"] == "greedy"
    assert record.headers["Result"].endswith("wins")
    assert record.final_state().is_terminal()


def test_play_with_a_person_on_standard_input_until_eof(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    result = runner.invoke(
        app,
        ["play", "warp99", "-p", "2", "--seed", "4", "--record", str(path)],
        input="hint\nzz\n1\n1\n",
    )
    assert result.exit_code == 0, result.output
    assert "Your move" in result.output
    assert "hint:" in result.output
    assert "'zz' is not a Warp 99 move" in result.output
    assert "End of input" in result.output
    record = read_record(str(path))
    assert record.headers["Seat0"] == "human"
    assert record.headers["Result"] == "*"
    assert len(record.moves) >= 2


def test_quit_exits_0_and_saves_in_the_data_directory(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "warp99", "--seed", "12"],
        input="quit\n",
        env={"XDG_DATA_HOME": str(tmp_path)},
    )
    assert result.exit_code == 0, result.output
    saved = list((tmp_path / "ninetynine" / "records").glob("warp99-12-*.txt"))
    assert len(saved) == 1
    assert str(saved[0].name) in result.output.replace("\n", "")


def test_variant_and_options_reach_the_game(tmp_path: Path) -> None:
    path = _record(tmp_path, "--variant", "random-rule-start", "-o", "target=40")
    state = read_record(str(path)).initial_state()
    assert state.game.options["rules"] == "random"
    assert state.game.options["target"] == 40


def test_seat_specs_and_player_counts() -> None:
    assert seat_specs(None, 3) == ["human", "greedy", "greedy"]
    assert seat_specs(["random"], 2) == ["random", "greedy"]
    assert seat_specs(["human,random", "greedy"], 4) == ["human", "random", "greedy", "greedy"]
    game, specs = build_game(
        PlayCommand("ninetynine", seats=["human", "random"], option_pairs=["bonus_rule=yes"])
    )
    assert game.num_players == 2 and specs == ["human", "random"]
    assert game.options["bonus_rule"] is True
    game, specs = build_game(PlayCommand("warp99", seats=["greedy"]))
    assert game.num_players == 3 and specs == ["greedy"] * 3
    with pytest.raises(GameOptionError):
        parse_option_pairs(["=3"])
    assert parse_option_pairs(["bonus-rule = true"]) == {"bonus_rule": "true"}


def test_help_text_comes_from_the_game() -> None:
    text = notation_help(ninetynine.load_game("warp99"))
    for word in ("R7", "R7>1", "score", "end", "take", "decline", "flip1"):
        assert word in text


# --------------------------------------------------------------------------- replay
def test_replay_prints_every_step_without_a_terminal(tmp_path: Path) -> None:
    path = _record(tmp_path)
    record = read_record(str(path))
    result = runner.invoke(app, ["replay", str(path)], input="")
    assert result.exit_code == 0, result.output
    n = len(record.moves)
    assert f"Move {n}/{n}" in result.output
    assert sum(line.startswith("Move ") for line in result.output.splitlines()) == n
    assert "Your hand" not in result.output  # the public view by default
    assert "seat" in result.output and "wins" in result.output


def test_replay_as_one_seat_shows_that_hand(tmp_path: Path) -> None:
    path = _record(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "1", "--auto", "0"])
    assert result.exit_code == 0, result.output
    assert "Your hand" in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Game "warp99"\n', "malformed header"),
        ('[Game "warp99"]\n[Players "3"]\n', "no Seed header"),
        ('[Game "warp99"]\n[Players "2"]\n[Seed "1"]\n\n1. s0: Q11\n', "cannot be replayed"),
    ],
)
def test_replay_of_a_bad_record_exits_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "error:" in result.output and message in result.output
    assert "Traceback" not in result.output


def test_replay_of_a_record_cut_short_says_its_moves_do_not_reach_its_result(
    tmp_path: Path,
) -> None:
    """A record whose header says 'seat 1 wins' but whose moves stop mid-game (a file cut
    short) replayed silently under that Result; the header now says what the moves give."""
    path = _record(tmp_path)
    record = read_record(str(path))
    assert record.headers["Result"] != "*"
    lines = path.read_text(encoding="utf-8").splitlines()
    first_move = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(lines[: first_move + 2]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(cut)], input="")
    assert result.exit_code == 0, result.output
    assert "the moves stop before the game's end" in " ".join(result.output.split())
    whole = runner.invoke(app, ["replay", str(path)], input="")
    assert "the moves" not in whole.output


def test_replay_of_a_missing_file_or_seat(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.txt")])
    assert result.exit_code == 2 and "cannot read record" in result.output
    path = _record(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "5"])
    assert result.exit_code == 2 and "--seat" in result.output


def test_interactive_replay_steps_back_and_jumps(tmp_path: Path) -> None:
    path = _record(tmp_path)
    out = Transcript()
    keys = ScriptedInput(["", "", "b", "7", "zz", "99999", "", "q"])
    run_replay(path, None, None, console=out.console, read_line=keys, interactive=True)
    steps = [
        line.split()[1] for line in out.text.splitlines() if line.startswith(("Move", "Start"))
    ]
    n = len(read_record(str(path)).moves)
    assert steps == [f"(0/{n})", f"1/{n}", f"2/{n}", f"1/{n}", f"7/{n}", f"{n}/{n}"]
    assert "'zz' is not a command" in out.text
    assert "That was the last move" in out.text


def test_replay_auto_steps_through_a_timer(tmp_path: Path) -> None:
    path = _record(tmp_path)
    pauses: list[float] = []
    out = Transcript()
    run_replay(path, 0, 0.5, console=out.console, sleep=pauses.append)
    n = len(read_record(str(path)).moves)
    assert pauses == [0.5] * n


def test_record_with_comments_and_options_replays(tmp_path: Path) -> None:
    game = ninetynine.load_game("warp99", num_players=2, target=30)
    state = game.new_initial_state(seed=1)
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    text = GameRecord.from_state(state, seats=["a", "b"]).to_text()
    text = text.replace("\n1. ", "\n{a comment}\n1. ", 1)
    record = parse_record(text)
    assert record.final_state().history() == state.history()
    replay = load_replay(record)
    assert replay.num_moves == 12
    viewer = ReplayViewer(replay, Transcript().console)
    viewer.show_all()


@pytest.mark.parametrize(("game_id", "seat"), [("sixto", 1), ("heroes99", 1), ("sixto", None)])
def test_replay_as_one_seat_does_not_name_moves_it_had_not_seen(
    tmp_path: Path, game_id: str, seat: int | None
) -> None:
    """``replay --seat N`` shows the game as seat N saw it, and the public replay as a
    spectator saw it: a move still secret to that viewer when it was made (a Sixto choice
    before everyone chose, a hero placed face-down) is not named on its step."""
    path = tmp_path / "game.txt"
    args = ["play", game_id, "--seat", "greedy", "--seat", "greedy", "--seed", "4"]
    assert runner.invoke(app, [*args, "--record", str(path)]).exit_code == 0
    record = read_record(str(path))
    replay = load_replay(record, seat=seat)
    state = record.initial_state()
    hidden = 0
    for step, move in zip(replay.steps[1:], record.moves, strict=True):
        before = state.clone()
        state.apply_action(state.string_to_action(move))
        if state.known_history(seat)[-1] is None:
            hidden += 1
            assert step.move != before.action_to_string(state.history()[-1]), step
    assert hidden > 0


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["simulate", "warp99", "-o", "rules=standrd", "-n", "1"], "did you mean standard?"),
        (["simulate", "warp99", "-o", "rules=standrd", "-n", "1"], "standard, random"),
        (["play", "warp99", "--seat", "humna"], "did you mean human?"),
        (["play", "warp99", "--seat", "humna"], "a seat takes human (a person at this terminal)"),
        (["simulate", "warp99", "--agents", "gredy", "-n", "1"], "did you mean greedy?"),
        (["play", "warp99", "--seat", "human,gredy"], "did you mean greedy?"),
    ],
)
def test_typos_get_the_accepted_forms_and_a_suggestion(args: list[str], said: str) -> None:
    result = runner.invoke(app, [*args, "--no-progress"] if args[0] == "simulate" else args)
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split())


@pytest.mark.parametrize("seconds", ["inf", "1e300", "nan", "-1", "3601"])
def test_a_pause_that_is_not_a_number_of_seconds_is_refused(tmp_path: Path, seconds: str) -> None:
    """play --delay inf (or 1e300) ended in time.sleep's OverflowError, a traceback after the
    first bot move; replay --auto inf the same at the first step; nan slipped through both.
    (People in every seat and a recorded sleep: without the check nothing waits.)"""
    result = runner.invoke(
        app,
        ["play", "warp99", "--seat", "human,human", "--seed", "3", "--delay", seconds,
         "--record", str(tmp_path / "r.txt")],
        input="",
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "--delay must be from 0 to 3600 seconds" in " ".join(result.output.split())
    assert not (tmp_path / "r.txt").exists()
    path = _record(tmp_path)
    pauses: list[float] = []
    with pytest.raises(typer.Exit) as exited:
        run_replay(path, None, float(seconds), sleep=pauses.append, interactive=False)
    assert exited.value.exit_code == 2 and pauses == []


@pytest.mark.parametrize(
    "args",
    [
        ["play", "nosuch"],
        ["rules", "nosuch"],
        ["play", "warp99", "--seat", "human,ismcts:abc"],
        ["play", "tripwire", "-o", "target=-5"],
        ["heroes", "show", "nosuch"],
        ["ladder", "warp99", "--add", "greedy"],
    ],
    ids=" ".join,
)
def test_an_error_is_one_line_on_a_narrow_pipe(args: list[str]) -> None:
    """Rich wrapped these at the console's width (80 columns in a pipe, COLUMNS when set), so
    a log or grep saw half an error; they are one line on standard error now."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "20"}
    done = subprocess.run(
        [sys.executable, "-m", "ninetynine", *args],
        env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
