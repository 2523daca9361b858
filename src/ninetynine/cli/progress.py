"""The progress bar of the long commands (``simulate``, ``ladder``): one shape, written once."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

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


class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("? games/s" if not speed else f"{speed:,.0f} games/s", style="cyan")


@contextmanager
def games_bar(
    console: Console, description: str, total: int, rate: bool = False
) -> Iterator[Callable[[int], None]]:
    """A bar of ``total`` games on ``console``; yields ``advance(k)``, called as games finish.

    No auto-refresh thread: worker processes may be forked while the bar is live, so the bar
    is redrawn from ``advance`` (at most 10 times a second) and once at the end.
    """
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
