"""Progress when standard error is not a terminal (a log file, a pipe): plain lines at each
tenth of the work and at least every 30 s, on stderr only, none with ``--no-progress``.

Every clock here is fake (one tick a reading), so nothing depends on the machine's speed.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ninetynine.cli import progress
from ninetynine.cli.main import app
from ninetynine.cli.progress import LineProgress

LINE = re.compile(
    r"^[^\r]+: [\d,]+/[\d,]+ (games|batches|epochs) \(\d+%\), [\d,.]+ \1/s, "
    r"elapsed \d+:\d\d:\d\d, ETA \d+:\d\d:\d\d(, .*)?$"
)


def fake_clock(step: float) -> Callable[[], float]:
    """A clock that moves ``step`` seconds each time it is read."""
    ticks = itertools.count(0.0, step)
    return lambda: next(ticks)


def test_a_line_at_each_tenth() -> None:
    out = io.StringIO()
    lines = LineProgress(out, "warp99 ladder", 20, now=fake_clock(1.0))
    for _ in range(20):
        lines.advance(1)
    lines.close()
    got = out.getvalue().splitlines()
    assert [re.search(r"\((\d+)%\)", g).group(1) for g in got] == [  # type: ignore[union-attr]
        str(p) for p in range(10, 101, 10)
    ]
    assert got[0] == "warp99 ladder: 2/20 games (10%), 1.0 games/s, elapsed 0:00:02, ETA 0:00:18"
    assert got[-1] == "warp99 ladder: 20/20 games (100%), 1.0 games/s, elapsed 0:00:20, ETA 0:00:00"
    assert "\r" not in out.getvalue()


def test_a_line_at_least_every_30_seconds_between_tenths() -> None:
    out = io.StringIO()
    lines = LineProgress(out, "warp99 x2", 1000, now=fake_clock(10.0))
    for _ in range(12):
        lines.advance(1)
    assert out.getvalue().splitlines() == [
        "warp99 x2: 3/1,000 games (0%), 0.1 games/s, elapsed 0:00:30, ETA 2:46:10",
        "warp99 x2: 6/1,000 games (0%), 0.1 games/s, elapsed 0:01:00, ETA 2:45:40",
        "warp99 x2: 9/1,000 games (0%), 0.1 games/s, elapsed 0:01:30, ETA 2:45:10",
        "warp99 x2: 12/1,000 games (1%), 0.1 games/s, elapsed 0:02:00, ETA 2:44:40",
    ]


def test_a_jump_over_tenths_is_one_line_and_close_adds_the_final_count() -> None:
    out = io.StringIO()
    lines = LineProgress(out, "d", 100, now=fake_clock(1.0))
    lines.advance(35)  # 10%, 20%, 30% at once: one line
    lines.advance(4)  # 39%: no tenth reached, 2 s since the last line: nothing
    lines.advance(1)  # 40%
    lines.advance(5)  # 45%: nothing yet...
    lines.close()  # ...but the end says where the work stopped
    lines.close()  # once
    got = out.getvalue().splitlines()
    assert [g.split(",")[0] for g in got] == ["d: 35/100 games (35%)", "d: 40/100 games (40%)",
                                              "d: 45/100 games (45%)"]  # fmt: skip


def test_a_growing_total_and_extra_figures() -> None:
    out = io.StringIO()
    lines = LineProgress(out, "report", 0, unit="batches", now=fake_clock(1.0))
    lines.add_total(10, "seats")
    lines.extra = "agree 0.50"
    lines.advance(10)
    lines.add_total(10, "rules")
    lines.advance(1)  # 11/20: 55% of the grown total, no new tenth: nothing
    lines.advance(1)  # 60%
    assert out.getvalue().splitlines() == [
        "seats: 10/10 batches (100%), 10.0 batches/s, elapsed 0:00:01, ETA 0:00:00, agree 0.50",
        "rules: 12/20 batches (60%), 4.0 batches/s, elapsed 0:00:03, ETA 0:00:02, agree 0.50",
    ]


COMMANDS = [
    ["simulate", "warp99", "-n", "20", "-j", "1"],
    ["ladder", "warp99", "-n", "4", "--agents", "random,greedy", "-j", "1"],
    ["analyze", "warp99", "-n", "2", "--sections", "seats", "-j", "1", "--out", "{tmp}/report"],
    ["train", "warp99", "-p", "2", "--rounds", "1", "-n", "2", "--hidden", "8", "--epochs", "1",
     "--keep", "0.5", "--out", "{tmp}/model.npz"],
    ["train", "warp99", "--value", "-p", "2", "-n", "40", "--hidden", "4", "--epochs", "2",
     "--out", "{tmp}/value.npz"],
]  # fmt: skip


@pytest.mark.parametrize(
    "args", COMMANDS, ids=["train-value" if "--value" in a else a[0] for a in COMMANDS]
)
def test_long_commands_log_progress_lines_on_stderr_only(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "clock", fake_clock(1.0))
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    shown = [line for line in result.stderr.splitlines() if LINE.match(line)]
    assert shown, result.stderr
    assert "(100%)" in shown[-1]
    assert "\r" not in result.stderr
    assert not any(LINE.match(line) for line in result.stdout.splitlines())
    assert "/s, elapsed" not in result.stdout
    quiet = CliRunner().invoke(app, [*args, "--no-progress"])
    assert quiet.exit_code == 0, quiet.output
    assert "/s, elapsed" not in quiet.stderr + quiet.stdout


def test_simulate_logs_each_tenth(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "clock", fake_clock(1.0))
    result = CliRunner().invoke(app, ["simulate", "warp99", "-n", "20", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"warp99 x3: {2 * k}/20 games ({10 * k}%), 2.0 games/s, elapsed 0:00:{k:02d}, "
        f"ETA 0:00:{10 - k:02d}"
        for k in range(1, 11)
    ]


def test_a_terminal_still_gets_the_bar() -> None:
    from rich.console import Console

    from ninetynine.cli.progress import games_bar

    term = Console(file=io.StringIO(), force_terminal=True, width=100)
    with games_bar(term, "warp99 x2", 4, rate=True) as advance:
        advance(4)
    drawn = term.file.getvalue()  # type: ignore[attr-defined]
    assert "━" in drawn and "4/4" in drawn and "elapsed" not in drawn
