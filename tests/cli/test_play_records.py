"""Where ``play`` saves its record, the replay command it prints, quitting at a hand-over, and
the type-ahead dropped at each new decision (issue 18, items 1 and 5-8)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ninetynine
from ninetynine.cli import common
from ninetynine.cli.common import (
    discard_typeahead,
    program_command,
    record_path,
    replay_command,
    save_record,
    terminal_read_line,
)
from ninetynine.cli.main import app
from ninetynine.cli.play import PlayCommand, run_play
from ninetynine.cli.session import PlaySession
from ninetynine.core.records import read_record

from .conftest import ScriptedInput, Transcript

runner = CliRunner()
BOTS = ["play", "warp99", "--seat", "greedy", "--seat", "random", "--seed", "3"]
SRC = Path(ninetynine.__file__).resolve().parents[1]


def _replay_line(output: str) -> str:
    lines = output.splitlines()
    return lines[lines.index("Replay it with:") + 1].strip()


# ------------------------------------------------------------------ 1: the replay command
def test_the_replay_command_works_as_printed(tmp_path: Path) -> None:
    """The end screen's command runs as printed, from another directory, with no
    ``ninetynine`` on the PATH (a fresh clone after ``scripts/play``)."""
    deep = tmp_path / ("a long directory name with spaces " * 3).strip() / "records"
    result = runner.invoke(app, [*BOTS, "--record", f"{deep}/"])
    assert result.exit_code == 0, result.output
    command = _replay_line(result.output)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PATH": "/usr/bin:/bin", "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        shlex.split(command),
        cwd=elsewhere,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout or "wins" in done.stdout


def test_the_record_lines_never_wrap(tmp_path: Path) -> None:
    """At 40 columns (or piped, where Rich assumes 80) the path and the command stay on one
    line each, so they can be copied."""
    out = Transcript(width=40)
    path = tmp_path / ("x" * 60) / "game.txt"
    run_play(PlayCommand("warp99", 2, ["greedy"], seed=1, record=path), console=out.console)
    saved = next(path.parent.iterdir())
    lines = out.text.splitlines()
    assert f"Record saved: {saved}" in lines
    assert replay_command(saved) in [line.strip() for line in lines]


def test_program_command_names_what_was_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "venv" / "bin" / "ninetynine"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["venv/bin/ninetynine", "play"])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert program_command() == [str(script)]  # not on the PATH: its absolute path
    monkeypatch.setenv("PATH", f"{script.parent}:/usr/bin")
    assert program_command() == ["ninetynine"]  # the ninetynine on the PATH is this one
    monkeypatch.setattr(sys, "argv", [str(SRC / "ninetynine" / "__main__.py"), "play"])
    assert program_command() == [sys.executable, "-m", "ninetynine"]
    assert replay_command(Path("a b.txt")) == shlex.join(
        [sys.executable, "-m", "ninetynine", "replay", str(tmp_path / "a b.txt")]
    )


# ------------------------------------------------------------------ 5: never overwrite
def test_two_games_with_one_name_keep_both_records(tmp_path: Path) -> None:
    same = tmp_path / "game.txt"
    first = runner.invoke(app, [*BOTS, "--record", str(same)])
    second = runner.invoke(app, [*BOTS[:-1], "4", "--record", str(same)])
    assert first.exit_code == second.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-2.txt", "game.txt"]
    assert read_record(str(same)).headers["Seed"] == "3"
    assert read_record(str(tmp_path / "game-2.txt")).headers["Seed"] == "4"
    assert f"Record saved: {tmp_path / 'game-2.txt'}" in second.output


def test_the_default_name_taken_in_the_same_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games started in the same second with the same seed: two files."""
    monkeypatch.setattr(common.time, "time", lambda: 1_700_000_000.0)
    env = {"XDG_DATA_HOME": str(tmp_path)}
    for _ in range(2):
        assert runner.invoke(app, BOTS, env=env).exit_code == 0
    saved = sorted((tmp_path / "ninetynine" / "records").iterdir())
    assert [p.name for p in saved] == [
        "warp99-3-20231114-221320-2.txt",
        "warp99-3-20231114-221320.txt",
    ]
    assert all(read_record(str(p)).final_state().is_terminal() for p in saved)


def test_save_record_never_overwrites(tmp_path: Path) -> None:
    state = ninetynine.load_game("warp99", num_players=2).new_initial_state(seed=1)
    path = tmp_path / "r.txt"
    path.write_text("precious")
    written = save_record(state, ["greedy", "greedy"], path)
    assert written == tmp_path / "r-2.txt"
    assert path.read_text() == "precious"


# ------------------------------------------------------------------ 8: a directory
def test_record_into_a_directory(tmp_path: Path) -> None:
    new_dir = tmp_path / "new"
    result = runner.invoke(app, [*BOTS, "--record", f"{new_dir}/"])
    assert result.exit_code == 0, result.output
    assert new_dir.is_dir()
    [saved] = new_dir.iterdir()
    assert saved.name.startswith("warp99-3-") and saved.suffix == ".txt"
    existing = tmp_path / "old"
    existing.mkdir()
    result = runner.invoke(app, [*BOTS, "--record", str(existing)])
    assert result.exit_code == 0, result.output
    [saved] = existing.iterdir()
    assert saved.name.startswith("warp99-3-")
    assert record_path(None, "warp99", 3).parent == common.default_record_dir()
    assert record_path(str(tmp_path / "f.txt"), "warp99", 3) == tmp_path / "f.txt"


# ------------------------------------------------------------------ 7: quit at a hand-over
@pytest.mark.parametrize("answers", [["quit"], ["", "1", "EXIT"]])
def test_quit_at_the_hand_over_quits(tmp_path: Path, answers: list[str]) -> None:
    """``quit`` at "Pass the keyboard to Seat 1 ..., then press Enter" stops the game and
    shows no hand; the record is saved as for any quit."""
    out = Transcript()
    path = tmp_path / "r.txt"
    script = ScriptedInput([*answers, "never read"], limit=len(answers))
    command = PlayCommand("ono99", 2, ["human", "human"], seed=2, record=path)
    result = run_play(command, out.console, script)
    assert result.reason == "quit"
    assert script.calls == len(answers)
    assert script.prompts[-1].startswith("Pass the keyboard to Seat ")
    assert script.prompts[-1].endswith("then press Enter (or type quit) > ")
    after = out.text.rsplit("Next: Seat", 1)[1].splitlines()[1:]
    assert after[0] == "Quit: the game stops here, unfinished."
    assert after[1] == f"Record saved: {path}"
    assert read_record(str(path)).headers["Result"] == "*"


# ------------------------------------------------------------------ 6: type-ahead
def test_type_ahead_is_dropped_at_each_question_on_a_terminal() -> None:
    """On a pseudo-terminal (no real one needed): keys typed before the prompt are gone,
    keys typed after it are read."""
    master, slave = os.openpty()
    try:
        stdin = os.fdopen(slave, "r", encoding="utf-8", closefd=False)
        os.write(master, b"7\n")  # typed while the bots were moving
        out = Transcript()

        class AnswerAfterPrompt:
            def write(self, text: str) -> int:
                if "Your move" in text:
                    os.write(master, b"2\n")  # typed after seeing the question
                return len(text)

            def flush(self) -> None:
                pass

        out.console.file = AnswerAfterPrompt()  # type: ignore[assignment]
        read_line = terminal_read_line(out.console, stdin)
        assert read_line("Your move > ") == "2"
        assert discard_typeahead(stdin) is True
    finally:
        os.close(master)
        os.close(slave)


def test_type_ahead_is_kept_when_input_is_not_a_terminal(tmp_path: Path) -> None:
    """A pipe or a file is scripted input, not type-ahead: nothing is dropped."""
    path = tmp_path / "in.txt"
    path.write_text("7\n2\n")
    with path.open(encoding="utf-8") as stdin:
        assert discard_typeahead(stdin) is False
        out = Transcript()
        read_line = terminal_read_line(out.console, stdin)
        assert read_line("> ") == "7"
        assert read_line("> ") == "2"


def test_a_record_that_cannot_be_written_is_named_whole(tmp_path: Path) -> None:
    blocker = tmp_path / "[not] a dir"
    blocker.write_text("a file where a directory should be")
    out = Transcript(width=40)
    target = blocker / "game.txt"
    game = ninetynine.load_game("warp99", num_players=2)
    state = game.new_initial_state(seed=1)
    session = PlaySession(game, state, ["greedy", "greedy"], out.console, record_path=target)
    result = session.run()  # run_play refuses such a --record at start-up (below)
    assert result.record_path is None
    assert f"Could not save the record to {target}: " in out.text.splitlines()[-1]


@pytest.mark.parametrize("where", ["/proc/b.txt", "FILE/b.txt"])
def test_play_refuses_a_record_it_cannot_write_before_the_game(tmp_path: Path, where: str) -> None:
    """``--record`` in a directory nobody can write to is one red line at start-up, not a
    game played to the end and then lost."""
    (tmp_path / "FILE").write_text("a file where a directory should be")
    record = where.replace("FILE", str(tmp_path / "FILE"))
    result = runner.invoke(app, [*BOTS, "--record", record])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert said.startswith("error: --record")
    assert "cannot create a file in /proc" in said or "is a file, not a directory" in said
    assert "Seat 0" not in result.output  # no move was played


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_stop_signal_saves_the_record(tmp_path: Path, signame: str) -> None:
    """SIGTERM, or SIGHUP (the terminal was closed), stops ``play`` as Ctrl-C does: the game
    so far is saved, and the exit code is 128 + the signal."""
    import signal

    import typer

    sig = getattr(signal, signame)
    before = signal.getsignal(sig)
    path = tmp_path / "r.txt"

    def hang_up(prompt: str) -> str:
        os.kill(os.getpid(), sig)
        return "1"

    out = Transcript()
    saved_out, saved_err = sys.stdout, sys.stderr
    try:
        with pytest.raises(typer.Exit) as exit_info:
            run_play(PlayCommand("warp99", 2, ["human"], seed=2, record=path), out.console, hang_up)
    finally:
        sys.stdout, sys.stderr = saved_out, saved_err
    assert exit_info.value.exit_code == 128 + sig
    assert read_record(str(path)).headers["Result"] == "*"
    assert signal.getsignal(sig) == before
