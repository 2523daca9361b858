"""The progress display of the long commands (``simulate``, ``ladder``, ``analyze``,
``train``): one shape, written once.

On a terminal it is a Rich bar redrawn in place. When standard error is not a terminal (a
log file, a pipe, a CI job) a bar drawn with carriage returns would show nothing until the
end, so :class:`LineProgress` writes plain lines instead, one at each tenth of the work and
at most every :data:`LOG_EVERY_SECONDS` in between::

    warp99 ladder: 1,200/12,000 games (10%), 35.1 games/s, elapsed 0:00:34, ETA 0:05:08

Progress goes to standard error only, never to standard output (which may carry JSON or CSV
that scripts read); ``--no-progress`` shows nothing at all.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

#: The longest silence (seconds) between two progress lines when stderr is not a terminal.
LOG_EVERY_SECONDS = 30.0

#: The clock the progress lines read (seconds, monotonic); tests replace it with a fake one.
clock: Callable[[], float] = time.monotonic


def _hms(seconds: float) -> str:
    s = max(0, round(seconds))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


class LineProgress:
    """Progress as plain lines (no carriage return, no bar), for a log file or a pipe.

    A line is written when the work done first reaches each tenth of ``total`` (10%, 20%,
    ... 100%; a jump over several tenths writes one line), when :data:`LOG_EVERY_SECONDS`
    have passed since the last line, and at :meth:`close` if the last line was not already
    the final count. Each line: ``description: done/total unit (pct%), rate unit/s,
    elapsed H:MM:SS, ETA H:MM:SS`` (rate and ETA once something is done), then ``extra`` if
    set. ``total`` may grow while the work runs (:meth:`add_total`).
    """

    def __init__(
        self,
        out: IO[str],
        description: str,
        total: int,
        unit: str = "games",
        every: float = LOG_EVERY_SECONDS,
        now: Callable[[], float] | None = None,
    ) -> None:
        self.out = out
        self.description = description
        self.total = total
        self.unit = unit
        self.every = every
        self.extra = ""
        self.done = 0
        self._now = now if now is not None else clock
        self._start = self._now()
        self._last_time = self._start
        self._last_tenth = 0
        self._last_done = -1

    def add_total(self, count: int, description: str | None = None) -> None:
        """``count`` more units of work are known (and, if given, the new description)."""
        self.total += count
        if description is not None:
            self.description = description
        self._last_tenth = self._tenth()

    def advance(self, k: int) -> None:
        """``k`` more units are done."""
        self.update(self.done + k)

    def update(self, done: int) -> None:
        """``done`` units are done in all; writes a line if one is due."""
        self.done = done
        now = self._now()
        tenth = self._tenth()
        if tenth > self._last_tenth or now - self._last_time >= self.every:
            self._last_tenth = max(tenth, self._last_tenth)
            self._write(now)

    def close(self) -> None:
        """The work is over: write the final count unless the last line already did."""
        if self.done != self._last_done:
            self._write(self._now())

    def _tenth(self) -> int:
        return 10 * self.done // self.total if self.total > 0 else 0

    def _write(self, now: float) -> None:
        self._last_time = now
        self._last_done = self.done
        elapsed = now - self._start
        line = f"{self.description}: {self.done:,}/{self.total:,} {self.unit}"
        if self.total > 0:
            line += f" ({100 * self.done // self.total}%)"
        if self.done > 0 and elapsed > 0:
            rate = self.done / elapsed
            line += f", {rate:,.1f} {self.unit}/s, elapsed {_hms(elapsed)}"
            if self.total >= self.done:
                line += f", ETA {_hms((self.total - self.done) / rate)}"
        else:
            line += f", elapsed {_hms(elapsed)}"
        if self.extra:
            line += f", {self.extra}"
        self.out.write(line + "\n")
        self.out.flush()


class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("? games/s" if not speed else f"{speed:,.0f} games/s", style="cyan")


@contextmanager
def games_bar(
    console: Console, description: str, total: int, rate: bool = False
) -> Iterator[Callable[[int], None]]:
    """Progress of ``total`` games on ``console`` (standard error); yields ``advance(k)``,
    called as games finish.

    On a terminal, a Rich bar. No auto-refresh thread: worker processes may be forked while
    the bar is live, so the bar is redrawn from ``advance`` (at most 10 times a second) and
    once at the end. Elsewhere (a log file, a pipe), :class:`LineProgress` lines.
    """
    if not console.is_terminal:
        lines = LineProgress(console.file, description, total)
        yield lines.advance
        lines.close()
        return
    columns: list[ProgressColumn | str] = [
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
    ]
    if rate:
        columns.append(RateColumn())
    columns += [TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn()]
    bar = Progress(*columns, console=console, auto_refresh=False)
    with bar:
        task = bar.add_task(description, total=total)
        last = [0.0]

        def advance(k: int) -> None:
            bar.advance(task, k)
            now = time.perf_counter()
            if now - last[0] >= 0.1:
                last[0] = now
                bar.refresh()

        yield advance
        bar.refresh()
