"""``ninetynine analyze``: a balance report (Markdown, optionally HTML, PNG plots, JSON).

A thin layer over :func:`ninetynine.analysis.build_report`: one progress bar on stderr that
grows as the report's sections start their runs (plain lines when stderr is not a terminal,
see :mod:`ninetynine.cli.progress`), the list of files written at the end. Bad input is one
red line on stderr and exit code 2.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)

from ninetynine.core.errors import GameOptionError, NinetyNineError

from .common import parse_name_list, parse_option_pairs
from .progress import LineProgress


def run_analyze_command(
    game: str,
    games: int,
    out: Path,
    agents: str,
    seed: int,
    jobs: int | None,
    option: list[str] | None,
    sections: str | None,
    html: bool,
    progress: bool,
    backend: str = "local",
    ray_address: str | None = None,
) -> None:
    """The ``analyze`` command (see ``ninetynine analyze --help``).

    :raises typer.Exit: code 2 after a one-line error for bad input.
    """
    from ninetynine.analysis import build_report
    from ninetynine.sim.parallel import Executor, make_executor

    err = Console(stderr=True)
    ex: Executor | None = None
    try:
        if jobs is not None and jobs < 1:
            raise GameOptionError(f"--jobs must be at least 1, got {jobs}")
        if out.exists() and not out.is_dir():
            raise GameOptionError(f"{out} is a file, not a directory")
        specs = parse_name_list(agents)
        if len(specs) > 1:
            raise GameOptionError(
                f"--agents is the agent in every seat, one spec; got {len(specs)} "
                f"({', '.join(specs)}): a mix of agents measures them, not the seats "
                "(compare agents with `ninetynine ladder`)"
            )
        only = [s.strip() for s in sections.split(",") if s.strip()] if sections else None
        options = parse_option_pairs(option)
        ex = make_executor(backend, jobs, ray_address)
        t0 = time.perf_counter()
        if progress and not err.is_terminal:
            lines = LineProgress(err.file, f"{game} report", 0)

            def start_line(label: str, count: int) -> Callable[[int], None]:
                lines.add_total(count, f"{game}: {label}")
                return lines.advance

            paths = build_report(
                game, out, games, specs, seed, jobs or 1, options, only, html, start_line, ex
            )
            lines.close()
        elif progress:
            bar = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=err,
                auto_refresh=False,  # no refresh thread while worker processes fork
            )
            with bar:
                task = bar.add_task(f"{game} report", total=0)

                def start(label: str, count: int) -> Callable[[int], None]:
                    bar.update(
                        task,
                        total=(bar.tasks[0].total or 0) + count,
                        description=f"{game}: {label}",
                    )
                    bar.refresh()

                    def tick(k: int) -> None:
                        bar.advance(task, k)
                        bar.refresh()

                    return tick

                paths = build_report(
                    game, out, games, specs, seed, jobs or 1, options, only, html, start, ex
                )
        else:
            paths = build_report(
                game, out, games, specs, seed, jobs or 1, options, only, html, executor=ex
            )
        elapsed = time.perf_counter() - t0
        # the plots this report shows, not every PNG left in the directory by earlier runs
        pngs = set(re.findall(r"^!\[.*\]\(([^()]+)\)$", paths[0].read_text("utf-8"), re.M))
        err.print(
            f"report written to {escape(str(paths[0]))} ({len(pngs)} plots, data in "
            f"{escape(paths[1].name)}) in {elapsed:.0f} s",
            highlight=False,
            soft_wrap=True,
        )
    except (NinetyNineError, OSError) as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    finally:
        if ex is not None:
            ex.close()
