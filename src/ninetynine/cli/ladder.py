"""``ninetynine ladder``: a round robin between bots, a win-rate matrix, ratings and timings.

A thin layer over :func:`ninetynine.sim.ladder.run_ladder`: a progress bar on stderr, Rich
tables on stdout (the head-to-head matrix with 95% intervals, OpenSkill ratings, seconds per
decision), the ladder as JSON (``--json``) and a plot of strength against thinking time
(``--plot``). Bad input is one red line on stderr and exit code 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from ninetynine.core.errors import GameOptionError, NinetyNineError
from ninetynine.core.registry import load_game
from ninetynine.sim.ladder import Ladder, add_agent, matches, run_ladder
from ninetynine.sim.parallel import Executor, make_executor

from .common import apply_variant, parse_name_list, parse_option_pairs, results_table
from .outputs import check_output_file, check_plot_format
from .progress import games_bar


def run_ladder_command(
    game: str,
    agents: str,
    games: int,
    players: int,
    seed: int,
    jobs: int | None,
    variant: str | None,
    option: list[str] | None,
    json_out: Path | None,
    plot: Path | None,
    progress: bool,
    against: str | None = None,
    backend: str = "local",
    ray_address: str | None = None,
) -> None:
    """The ``ladder`` command (see ``ninetynine ladder --help``).

    :raises typer.Exit: code 2 after a one-line error for bad input.
    """
    err = Console(stderr=True)
    try:
        if games < 1:
            raise GameOptionError(f"--games must be at least 1, got {games}")
        if jobs is not None and jobs < 1:
            raise GameOptionError(f"--jobs must be at least 1, got {jobs}")
        options = apply_variant(game, variant, parse_option_pairs(option))
        g = load_game(game, num_players=players, **options)
        specs = parse_name_list(agents)
        if json_out is not None:
            check_output_file(json_out, "--json")
        if plot is not None:
            check_plot_format(plot)
            check_output_file(plot, "--plot")
        refs = parse_name_list(against) if against is not None else []
        total = len(matches(specs, g.num_players, refs)) * games if len(specs) > 1 else 0
        with make_executor(backend, jobs, ray_address) as ex:
            ladder = _run(
                err, game, specs, games, g.num_players, options, seed, ex, total, progress, refs
            )
        print_ladder(Console(), ladder)
        if json_out is not None:
            json_out.write_text(json.dumps(ladder.to_dict(), indent=2) + "\n", encoding="utf-8")
            err.print(f"ladder written to {escape(str(json_out))}", highlight=False, soft_wrap=True)
        if plot is not None:
            from ninetynine.analysis.plots import plot_strength

            plot_strength(ladder.to_dict(), plot)
            err.print(f"plot written to {escape(str(plot))}", highlight=False, soft_wrap=True)
    except (NinetyNineError, OSError, ValueError) as e:  # ValueError: the plot
        err.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None


def _run(
    err: Console,
    game: str,
    specs: list[str],
    games: int,
    players: int,
    options: dict[str, str],
    seed: int,
    ex: Executor,
    total: int,
    progress: bool,
    refs: list[str],
) -> Ladder:
    if not progress or total == 0:
        return run_ladder(game, specs, games, players, options, seed, against=refs, executor=ex)
    with games_bar(err, f"{game} ladder", total) as advance:
        return run_ladder(
            game, specs, games, players, options, seed, progress=advance, against=refs, executor=ex
        )


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def print_ladder(console: Console, ladder: Ladder) -> None:
    """Print the matrix, the ratings and the timings as Rich tables."""
    d = ladder.to_dict()
    n = d["num_players"]
    console.print(
        f"[bold]{d['game']}[/] ladder, {n} players, {d['games_per_match']:,} games per match, "
        f"seed {d['seed']}, seats rotated, the same deals in every match",
        highlight=False,
    )
    who = "heads-up" if n == 2 else f"one seat against {n - 1} of the column's agent"
    t = results_table(f"Win rate of the row's agent ({who}), 95% CI")
    t.add_column("", no_wrap=True)
    for b in d["agents"]:
        t.add_column(b, justify="right", no_wrap=True)
    for a in d["agents"]:
        cells = []
        for b in d["agents"]:
            c: dict[str, Any] | None = d["matrix"][a].get(b)
            if c is None:
                cells.append("-")
            else:
                lo, hi = c["ci95"]
                cells.append(f"{_pct(c['win_rate'])} ({_pct(lo)}-{_pct(hi)})")
        t.add_row(a, *cells)
    fair = 1 / n
    t.caption = f"a fair match: {_pct(fair)}; draws count as not won"
    t.caption_justify = "left"
    console.print(t)

    r = results_table("OpenSkill ratings (Plackett-Luce; ordinal = mu - 3 sigma)")
    for col in ("rank", "agent", "ordinal", "mu", "sigma"):
        r.add_column(col, justify="left" if col == "agent" else "right", no_wrap=True)
    for i, row in enumerate(d["ratings"], 1):
        r.add_row(
            str(i), row["agent"], f"{row['ordinal']:.1f}", f"{row['mu']:.1f}", f"{row['sigma']:.1f}"
        )
    console.print(r)

    tt = results_table("Seconds per decision (decisions with a choice)")
    for col in ("agent", "decisions", "mean", "p95", "max", "cpu mean", "cpu max"):
        tt.add_column(col, justify="left" if col == "agent" else "right", no_wrap=True)
    for row in d["ratings"]:
        tm = d["timing"][row["agent"]]
        tt.add_row(
            row["agent"],
            f"{tm['decisions']:,}",
            f"{tm['mean_s']:.3f}",
            f"{tm['p95_s']:.3f}",
            f"{tm['max_s']:.3f}",
            f"{tm.get('cpu_mean_s', 0.0):.3f}",
            f"{tm.get('cpu_max_s', 0.0):.3f}",
        )
    tt.caption = (
        f"mean/p95/max: wall clock ({d['jobs']} job{'s' if d['jobs'] != 1 else ''}"
        f"{' on Ray' if d.get('backend') == 'ray' else ''}; it grows with the load); "
        "cpu: the playing process's CPU time, one core's work"
    )
    tt.caption_justify = "left"
    console.print(tt)
    console.print(f"{d['elapsed_seconds']:.1f} s", highlight=False)


def run_add_command(
    spec: str,
    ladder_file: Path,
    json_out: Path | None,
    jobs: int | None,
    progress: bool,
    given: dict[str, Any] | None = None,
) -> None:
    """``ninetynine ladder --add SPEC --to FILE``: play only the newcomer's matches (same game,
    options, seed and games per match as the file's), refit the ratings from every game and
    write the ladder back (to ``--json`` if given, else to ``FILE``).

    ``given``: the other arguments given on the command line (by parameter name); one that
    contradicts the file (game, players, games, seed) or that ``--add`` does not use is
    refused rather than ignored.

    :raises typer.Exit: code 2 after a one-line error for bad input.
    """
    err = Console(stderr=True)
    try:
        if jobs is not None and jobs < 1:
            raise GameOptionError(f"--jobs must be at least 1, got {jobs}")
        try:
            data = json.loads(ladder_file.read_text(encoding="utf-8"))
        except ValueError as e:
            raise GameOptionError(f"{ladder_file}: not a ladder's JSON ({e})") from None
        if not isinstance(data, dict):
            raise GameOptionError(f"{ladder_file}: not a ladder's JSON")
        old = Ladder.from_dict(data)
        _check_add_arguments(old, ladder_file, given or {})
        names = parse_name_list(spec) or [""]
        if len(names) > 1:
            raise GameOptionError(
                f"--add takes one bot, got {len(names)}: {', '.join(names)} (add them one by one)"
            )
        new = names[0]
        total = old.games * (len(old.agents) if old.num_players == 2 else 2 * len(old.agents))
        with make_executor("local", jobs, None) as ex:
            if progress:
                with games_bar(err, f"{old.game} ladder + {new}", total) as advance:
                    ladder = add_agent(old, new, progress=advance, executor=ex)
            else:
                ladder = add_agent(old, new, executor=ex)
        print_ladder(Console(), ladder)
        out = json_out or ladder_file
        out.write_text(json.dumps(ladder.to_dict(), indent=2) + "\n", encoding="utf-8")
        err.print(
            f"ladder with {escape(new)} written to {escape(str(out))}",
            highlight=False,
            soft_wrap=True,
        )
    except (NinetyNineError, OSError, ValueError) as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None


#: Parameters of ``ladder`` that ``--add`` takes from the file: name -> (flag, Ladder field).
_FROM_FILE = {
    "game": ("GAME", "game"),
    "players": ("--players", "num_players"),
    "games": ("--games", "games"),
    "seed": ("--seed", "seed"),
}
#: Parameters of ``ladder`` that ``--add`` does not use: name -> flag.
_NOT_WITH_ADD = {
    "agents": "--agents",
    "against": "--vs",
    "variant": "--variant",
    "option": "-o",
    "plot": "--plot",
    "backend": "--backend",
    "ray_address": "--ray-address",
}


def _check_add_arguments(old: Ladder, ladder_file: Path, given: dict[str, Any]) -> None:
    """:raises GameOptionError: an argument given with ``--add`` that contradicts the file
    or that ``--add`` does not use."""
    for name, (flag, field) in _FROM_FILE.items():
        if name not in given:
            continue
        value, have = given[name], getattr(old, field)
        if (value.strip().lower() if isinstance(value, str) else value) != have:
            raise GameOptionError(
                f"{flag} {value} contradicts {ladder_file}: a {old.game} ladder, "
                f"{old.num_players} players, {old.games} games per match, seed {old.seed}; "
                f"--add plays the file's settings (drop {flag})"
            )
    for name, flag in _NOT_WITH_ADD.items():
        if name in given:
            raise GameOptionError(f"{flag} does not go with --add (the file's ladder is extended)")


def run_standings_command(paths: list[Path], write: Path | None, plots: Path | None = None) -> None:
    """``ninetynine standings``: the pooled table of every ladder file, printed as Markdown or
    written between the standings markers of ``write``; with ``plots``, one
    strength-against-time PNG a game in that directory.

    :raises typer.Exit: code 2 after a one-line error for bad input.
    """
    from ninetynine.sim.standings import (
        load_ladders,
        standings,
        standings_markdown,
        write_standings,
        write_strength_plots,
    )

    err = Console(stderr=True)
    try:
        table = standings(load_ladders(paths))
        body = standings_markdown(table)
        if plots is not None:
            for png in write_strength_plots(table, plots):
                err.print(f"plot written to {escape(str(png))}", highlight=False, soft_wrap=True)
        if write is None:
            print(body, end="")
        else:
            write_standings(write, body)
            err.print(f"standings written to {escape(str(write))}", highlight=False, soft_wrap=True)
    except (NinetyNineError, OSError) as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
