"""``ninetynine simulate``: many games between bots, a Rich summary, JSON / CSV / records.

A thin layer over :mod:`ninetynine.sim`: it parses the command line into a game, options and
agents, runs :func:`~ninetynine.sim.run_games` under a progress bar (stderr), prints
:func:`~ninetynine.sim.summarize` as tables (stdout) and writes the requested files. Bad input
is one red line on stderr and exit code 2 (here, so it holds under ``CliRunner`` too).
"""

from __future__ import annotations

import csv
import functools
import json
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any, ParamSpec

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ninetynine.core.errors import GameOptionError, NinetyNineError
from ninetynine.core.registry import load_game
from ninetynine.sim import (
    Executor,
    GameResult,
    base_agents,
    csv_rows,
    make_executor,
    run_games,
    summarize,
)

from .common import (
    apply_variant,
    parse_name_list,
    parse_option_pairs,
    results_table,
    write_new_file,
)
from .outputs import check_output_file
from .progress import games_bar

P = ParamSpec("P")


def _one_line_errors(run: Callable[P, None]) -> Callable[P, None]:
    """``run``, with a library error (``NinetyNineError``) or a file error (``OSError``) turned
    into one red line on stderr and exit code 2."""

    @functools.wraps(run)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            run(*args, **kwargs)
        except (NinetyNineError, OSError) as e:
            err = Console(stderr=True)
            err.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
            raise typer.Exit(2) from None

    return wrapped


@_one_line_errors
def run_simulate(
    game_id: str,
    games: int,
    players: int | None,
    agents: str,
    seed: int,
    jobs: int | None,
    variant: str | None,
    option: list[str] | None,
    rotate: bool,
    json_out: Path | None,
    csv_out: Path | None,
    records: Path | None,
    progress: bool,
    backend: str = "local",
    ray_address: str | None = None,
) -> None:
    """The ``simulate`` command (see ``ninetynine simulate --help``).

    :raises typer.Exit: code 2 after printing a one-line error for bad input.
    """
    err = Console(stderr=True)
    if games < 1:
        raise GameOptionError(f"--games must be at least 1, got {games}")
    if jobs is not None and jobs < 1:
        raise GameOptionError(f"--jobs must be at least 1, got {jobs}")
    options = apply_variant(game_id, variant, parse_option_pairs(option))
    g = load_game(game_id, num_players=players, **options)  # validates game, players, options
    base = base_agents(parse_name_list(agents), g.num_players)
    jobs = None if jobs is None else min(jobs, games)
    if json_out is not None and csv_out is not None and json_out.resolve() == csv_out.resolve():
        raise GameOptionError(f"--json and --csv name the same file ({json_out})")
    if records is not None and records.exists() and not records.is_dir():
        raise GameOptionError(f"--records {records} is a file; give a directory")
    for path, flag in ((json_out, "--json"), (csv_out, "--csv")):
        if path is not None:
            check_output_file(path, flag)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)

    with make_executor(backend, jobs, ray_address) as ex:
        t0 = time.perf_counter()
        results = _run(
            err, ex, game_id, g.num_players, options, base, games, seed, rotate, records, progress
        )
        elapsed = time.perf_counter() - t0

    summary = summarize(results)
    run = {
        "game": game_id,
        "num_players": g.num_players,
        "options": json.loads(json.dumps(dict(g.options))),
        "seat_agents": base,
        "rotate": rotate,
        "seed": seed,
        "jobs": ex.jobs,
        "backend": ex.name,
        "workers": ex.describe(),
        "elapsed_seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
    }
    out = Console()
    print_summary(out, summary, run, options)

    if json_out is not None:
        json_out.write_text(json.dumps({**run, **summary}, indent=2) + "\n", encoding="utf-8")
        err.print(f"summary written to {escape(str(json_out))}", highlight=False, soft_wrap=True)
    if csv_out is not None:
        header, rows = csv_rows(results)
        with csv_out.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=header, extrasaction="ignore")
            writer.writeheader()
            writer.writerows(rows)
        err.print(
            f"{len(rows)} games written to {escape(str(csv_out))}", highlight=False, soft_wrap=True
        )
    if records is not None:
        width = len(str(games - 1))
        for r in results:  # never over the records of an earlier run in the same directory
            write_new_file(records / f"{game_id}-{r.index:0{width}d}-{r.seed}.txt", r.record or "")
        err.print(
            f"{len(results)} records written to {escape(str(records))}/",
            highlight=False,
            soft_wrap=True,
        )


def _run(
    err: Console,
    ex: Executor,
    game_id: str,
    num_players: int,
    options: dict[str, str],
    base: list[str],
    games: int,
    seed: int,
    rotate: bool,
    records: Path | None,
    progress: bool,
) -> list[GameResult]:
    """The games, on ``ex``, under a progress bar on ``err`` when ``progress``."""
    with ExitStack() as stack:
        advance = (
            stack.enter_context(games_bar(err, f"{game_id} x{num_players}", games, rate=True))
            if progress
            else None
        )
        return run_games(
            game_id,
            num_players,
            options,
            base,
            games,
            seed,
            rotate=rotate,
            progress_callback=advance,
            records=records is not None,
            executor=ex,
            table=True,
        )


# ----------------------------------------------------------------------------- rendering
def _num(x: Any) -> str:
    """A number for a table cell: integers as is, every float with 2 decimals (so a column
    of means reads alike, 40.00 beside 41.75)."""
    if x is None:
        return "-"
    if isinstance(x, int):
        return f"{x:,}"
    return f"{x:,.2f}"


def _opt(v: Any) -> str:
    if isinstance(v, list | tuple):
        return ",".join(map(str, v))
    return str(v).lower() if isinstance(v, bool) else str(v)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci95(ci: Sequence[float]) -> str:
    """A 95% confidence interval ``(low, high)`` of a rate, as ``low-high`` in percent."""
    lo, hi = ci
    return f"{_pct(lo)}-{_pct(hi)}"


def _table(title: str, columns: Sequence[str]) -> Table:
    """A compact table: the first column holds labels (never wrapped), the rest numbers."""
    t = results_table(title)
    t.add_column(columns[0], no_wrap=True)
    for col in columns[1:]:
        t.add_column(col, justify="right", no_wrap=True)
    return t


def category_table(game_id: str, key: str, d: dict[str, Any], games: int) -> Table:
    """The games counted by the value of one category stat (``ended_by``, ...), each value
    in words (:func:`ninetynine.analysis.outcomes.describe_value`), most frequent first."""
    from ninetynine.analysis.outcomes import category_title, describe_value

    t = _table(category_title(key, d["label"]), ("", "games", "share"))
    for value, count in sorted(d["counts"].items(), key=lambda kv: -kv[1]):
        t.add_row(escape(describe_value(game_id, key, value)), _num(count), _pct(count / games))
    return t


def print_summary(
    console: Console, summary: dict[str, Any], run: dict[str, Any], given: dict[str, str]
) -> None:
    """Print ``summary`` (from :func:`~ninetynine.sim.summarize`) as Rich tables."""
    n = summary["num_players"]
    opts = ", ".join(f"{k}={_opt(v)}" for k, v in run["options"].items()) or "none"
    rotated = (
        " (rotated through the seats)" if run["rotate"] and len(set(run["seat_agents"])) > 1 else ""
    )
    console.print(
        f"[bold]{run['game']}[/], {n} player{'s' if n != 1 else ''}, "
        f"{summary['games']:,} games, seed {run['seed']}\n"
        f"options: {opts}\nagents: {', '.join(run['seat_agents'])}{rotated}",
        highlight=False,
    )

    if n == 1:
        d = summary["solo_returns"]
        console.print(
            "one player: no wins or draws; the return is the game's own measure (e.g. the "
            f"score): mean {_num(d['mean'])}, median {_num(d['median'])}, min {_num(d['min'])}, "
            f"max {_num(d['max'])}",
            highlight=False,
        )
    else:
        _print_wins(console, summary, run)
    _print_rest(console, summary, run)


def _print_wins(console: Console, summary: dict[str, Any], run: dict[str, Any]) -> None:
    wins = _table("Wins", ("", "seats played", "wins", "win rate", "95% CI"))
    wins.caption = (
        f"a fair seat wins {_pct(summary['fair_share'])}; an agent's win rate is per seat it "
        "played; 95% CI: Wilson score interval"
    )
    wins.caption_justify = "left"
    for s in summary["seats"]:
        wins.add_row(*_wins_row(f"seat {s['seat']}", s["games"], s))
    if len(summary["agents"]) > 1 or not run["rotate"]:
        wins.add_section()
        for a in summary["agents"]:
            wins.add_row(*_wins_row(a["agent"], a["seats_played"], a))
    wins.add_section()
    wins.add_row(
        "draws", _num(summary["games"]), _num(summary["draws"]), _pct(summary["draw_rate"]), ""
    )
    console.print(wins)


def _wins_row(label: str, played: int, d: dict[str, Any]) -> tuple[str, ...]:
    """A row of the wins table: a seat's or an agent's games played, wins, win rate, CI."""
    return label, _num(played), _num(d["wins"]), _pct(d["win_rate"]), _ci95(d["ci95"])


def _print_rest(console: Console, summary: dict[str, Any], run: dict[str, Any]) -> None:
    n = summary["num_players"]
    length = _table("Game length", ("", "mean", "median", "min", "max", "p95"))
    for key, d in summary["length"].items():
        length.add_row(key, *(_num(d[c]) for c in ("mean", "median", "min", "max", "p95")))
    console.print(length)

    stats = summary["stats"]
    per_seat = {k: v for k, v in stats.items() if v["kind"] == "per_seat"}
    agents = [a["agent"] for a in summary["agents"]] if len(summary["agents"]) > 1 else []
    if per_seat:
        t = _table(
            "Per player and game, by seat (mean; max: the most in one game)",
            ("", "all", "max", *(f"seat {s}" for s in range(n))),
        )
        for d in per_seat.values():
            t.add_row(d["label"], _num(d["mean"]), _num(d["max"]), *(_num(x) for x in d["by_seat"]))
        console.print(t)
    if per_seat and agents:
        t = _table("Per player and game, by agent (mean)", ("", *agents))
        for d in per_seat.values():
            t.add_row(d["label"], *(_num(d["by_agent"].get(a)) for a in agents))
        console.print(t)
    numbers = [d for d in stats.values() if d["kind"] == "number"]
    if numbers:
        t = _table("Per game", ("", "mean", "min", "max"))
        for d in numbers:
            t.add_row(d["label"], _num(d["mean"]), _num(d["min"]), _num(d["max"]))
        console.print(t)
    for d in stats.values():
        if d["kind"] == "picks":
            fair = _pct(summary["fair_share"])
            t = _table(
                f"Choices: {d['label']} (win rate of the seats that chose each; fair: {fair})",
                ("", "picked", "pick rate", "win rate", "95% CI"),
            )
            for it in d["items"]:
                t.add_row(
                    it["item"],
                    _num(it["picked"]),
                    _pct(it["pick_rate"]),
                    _pct(it["win_rate"]),
                    _ci95(it["ci95"]),
                )
            console.print(t)
    for key, d in stats.items():
        if d["kind"] == "category":
            console.print(category_table(run["game"], key, d, summary["games"]))

    rate = run["games_per_second"]
    console.print(
        f"{summary['games']:,} games in {run['elapsed_seconds']:.1f} s"
        + (f" ({rate:,.0f} games/s, {run['workers']})" if rate else ""),
        highlight=False,
    )
