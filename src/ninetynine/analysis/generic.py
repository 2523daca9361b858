"""The sections every game's report has: win rate by seat and player count, how the games
ended (draws included), game length, and how often the leader at mid-game wins. Core protocol
only (``scores()``, ``winner()``, ``stats()["turns"]`` and ``stats()["ended_by"]`` when the
game reports them)."""

from __future__ import annotations

import math
from typing import Any

from ninetynine.sim.stats import describe

from . import plots
from .core import (
    Context,
    holm,
    length_of,
    length_unit,
    rate,
    register_section,
    score_test_p,
    seat_rates,
)
from .outcomes import SAFETY_STOP, describe_value, game_name
from .report import num, pct, pct_ci


def seats(ctx: Context) -> None:
    """Win rate by seat, for every player count; which seats are not fair, corrected for the
    number of seats tested (Holm)."""
    r = ctx.report
    r.heading("Win rate by seat and player count")
    rows, groups, fair = [], {}, {}
    data: dict[int, dict[str, Any]] = {}
    tests: list[tuple[int, int, float, float]] = []  # (players, seat, rate, p-value)
    for n in [k for k in ctx.player_counts() if k > 1]:  # alone, nobody wins
        games = ctx.run(n)
        rates = seat_rates(games)
        draws = sum(1 for g in games if g.winner is None)
        label = f"{n} players"
        groups[label] = [(str(s), v, ci) for s, (v, ci) in enumerate(rates)]
        fair[label] = (1 - draws / len(games)) / n
        for s, (v, _) in enumerate(rates):
            wins = sum(1 for g in games if g.winner == s)
            tests.append((n, s, v, score_test_p(wins, len(games), fair[label])))
        data[n] = {
            "seats": [{"rate": v, "ci95": ci} for v, ci in rates],
            "draws": draws,
            "games": len(games),
        }
    reject = holm([t[3] for t in tests])
    notes = []
    for (n, s, v, p), unfair in zip(tests, reject, strict=True):
        label = f"{n} players"
        ci = data[n]["seats"][s]["ci95"]
        flag = ("above" if v > fair[label] else "below") if unfair else ""
        rows.append(
            [
                label if s == 0 else "",
                f"seat {s}",
                pct_ci(v, ci),
                pct(fair[label]),
                f"{p:.3f}" if p >= 0.001 else "<0.001",
                flag,
            ]
        )
        data[n]["seats"][s].update(p=p, unfair=unfair)
        if unfair:
            notes.append(
                f"{n} players: seat {s} wins {pct(v)} ({flag} the fair {pct(fair[label])})"
            )
    m = len(tests)
    alone = sum(1 for t in tests if t[3] < 0.05)
    r.text(
        "Each seat's share of wins with every seat played by the same agent. The fair share "
        "is 1/n of the games that have a winner; seat 0 moves first. *p*: the chance of a "
        "gap from the fair share at least this large if the seat were fair (score test; its "
        "95% interval excludes the fair share exactly when p < 0.05). "
        f"With {m} seats tested, about {m / 20:.1f} would show p < 0.05 by chance alone, so "
        "*vs fair* flags a seat only when Holm's correction for the "
        f"{m} tests rejects it (a 5% chance of any false alarm in the whole table)."
    )
    r.table(["players", "seat", "win rate (95% CI)", "fair share", "p", "vs fair"], rows)
    r.text(
        "Seats that are not fair (Holm-corrected over "
        f"{m} tests): " + ("; ".join(notes) if notes else "none") + f". Uncorrected, {alone} of "
        f"the {m} had p < 0.05 (about {m / 20:.1f} expected if every seat were fair)."
    )
    path = plots.grouped_rates(
        r.figure_path("seats"),
        f"{game_name(ctx.game_id)}: win rate by seat",
        groups,
        fair=fair,
        xlabel="seat",
    )
    r.image(path, "Win rate by seat, one panel per player count; dashed: the fair share.")
    r.data["seats"] = {"by_players": data, "tests": m, "correction": "holm", "alpha": 0.05}


def endings(ctx: Context) -> None:
    """How the games ended, per player count: draws, and each way the game reports in
    ``stats()["ended_by"]`` (in words: :mod:`ninetynine.analysis.outcomes`), the safety stop
    included."""
    r = ctx.report
    r.heading("How the games ended")
    counts = ctx.player_counts()
    ways: dict[str, None] = {}
    per_n: dict[int, dict[str, int]] = {}
    draws: dict[int, int] = {}
    for n in counts:
        games = ctx.run(n)
        tally: dict[str, int] = {}
        for g in games:
            how = g.stats.get("ended_by")
            key = describe_value(ctx.game_id, "ended_by", str(how)) if how else "not reported"
            tally[key] = tally.get(key, 0) + 1
        per_n[n] = tally
        for key in sorted(tally, key=lambda k: -tally[k]):
            ways.setdefault(key)
        draws[n] = sum(1 for g in games if g.winner is None) if n > 1 else 0
    header = ["how the game ended", *(f"{n} player{'s' if n > 1 else ''}" for n in counts)]
    rows, data = [], {}
    draw_cells = []
    for n in counts:
        total = len(ctx.run(n))
        dv, dci = rate(draws[n], total)
        draw_cells.append(pct_ci(dv, dci) if n > 1 else "-")
        data[n] = {
            "games": total,
            "draws": draws[n],
            "draw_rate": dv,
            "ci95": dci,
            "ended_by": per_n[n],
        }
    for w in ways:
        rows.append([w, *(pct(per_n[n].get(w, 0) / len(ctx.run(n))) for n in counts)])
    rows.append(["draws: no single winner (95% CI)", *draw_cells])
    r.text(
        "The share of games that ended each way (the game's own reasons; a *safety stop* is "
        "the game's turn limit, not its rules), and the share of draws (no single winner)."
    )
    r.table(header, rows)
    if len(ways) > 1:
        path = plots.stacked_shares(
            r.figure_path("endings"),
            f"{game_name(ctx.game_id)}: how the games ended",
            [str(n) for n in counts],
            {
                w.split(" (", 1)[0]: [per_n[n].get(w, 0) / len(ctx.run(n)) for n in counts]
                for w in ways
            },
            "share of games",
            xlabel="players",
        )
        r.image(path, "How the games ended, by player count (the table above says each way).")
    r.data["endings"] = data


def length(ctx: Context) -> None:
    """Game length distribution per player count; games stopped by the safety limit are
    counted and marked."""
    r = ctx.report
    r.heading("Game length")
    unit = length_unit(ctx.run(ctx.player_counts()[0]))
    rows, series, data, stops = [], {}, {}, []
    stop_at: float | None = None
    for n in ctx.player_counts():
        games = ctx.run(n)
        vals = [length_of(g) for g in games]
        stopped = [length_of(g) for g in games if g.stats.get("ended_by") == SAFETY_STOP]
        d = describe(vals)
        series[f"{n} players"] = vals
        rows.append(
            [
                f"{n}",
                num(d["mean"], 1),
                num(d["median"], 1),
                num(d["p95"], 1),
                num(d["min"]),
                num(d["max"]),
                pct(len(stopped) / len(games)),
            ]
        )
        if stopped:
            stops.append(f"{pct(len(stopped) / len(games))} of the {n}-player games")
            stop_at = max(stopped) if stop_at is None else max(stop_at, max(stopped))
        data[n] = {**d, "safety_stops": len(stopped)}
    r.text(f"Length in {unit} (a turn is one seat's run of moves), per player count.")
    r.table(["players", "mean", "median", "p95", "min", "max", "safety stop"], rows)
    if stops:
        r.text(
            f"The safety stop (the game's turn limit) ended {', '.join(stops)}: they all "
            f"end at its length ({num(stop_at)} {unit}), the spike marked on the plot."
        )
    path = plots.histograms(
        r.figure_path("length"),
        f"{game_name(ctx.game_id)}: game length",
        series,
        unit,
        marks={"safety stop": stop_at} if stop_at is not None else None,
    )
    r.image(path, f"Distribution of game length in {unit}.")
    r.data["length"] = {"unit": unit, "by_players": data}


def midgame(ctx: Context) -> None:
    """How often the seat leading on score at a quarter, half and three quarters of the game
    goes on to win."""
    r = ctx.report
    r.heading("Does the leader at mid-game win?")
    marks = ("25%", "50%", "75%")
    rows, series, fair, data = [], {}, {}, {}
    for n in [k for k in ctx.player_counts() if k > 1]:  # alone, nobody wins
        games = ctx.run(n)
        pts, entry = [], {}
        for i, m in enumerate(marks):
            led = won = 0
            for g in games:
                sc = g.marks[i]
                top = max(sc)
                if sc.count(top) != 1:
                    continue
                led += 1
                won += g.winner == sc.index(top)
            v, ci = rate(won, led)
            # No single leader there: nothing to draw (not a 0% with a 0-100% interval).
            pts.append((v, ci) if led else (math.nan, [math.nan, math.nan]))
            entry[m] = {"unique_leader": led, "leader_won": won, "rate": v, "ci95": ci}
            rows.append(
                [
                    f"{n}" if i == 0 else "",
                    m,
                    f"{led / len(games):.0%}",
                    pct_ci(v, ci) if led else "-",
                    pct(1 / n),
                ]
            )
        series[f"{n} players"] = pts
        fair[f"{n} players"] = 1 / n
        data[n] = entry
    r.text(
        "At a quarter, half and three quarters of each game's actions (taken when a turn "
        "begins), the seat with the highest `scores()`, if it alone leads: how often it wins. "
        "*No lead*: games where several seats share the top score. A random seat would win 1/n."
    )
    r.table(["players", "at", "games with one leader", "leader wins (95% CI)", "1/n"], rows)
    nobody_led = all(math.isnan(v) for pts in series.values() for v, _ in pts)
    if nobody_led:
        r.text(
            f"No game had a single leader at these points: {game_name(ctx.game_id)}'s "
            "`scores()` do not separate the seats before the end, so the question does not "
            "apply."
        )
    path = plots.lines(
        r.figure_path("midgame"),
        f"{game_name(ctx.game_id)}: the leader's chance to win",
        [0, 1, 2],
        series,
        "point of the game (share of its actions)",
        "leader wins",
        xticks=marks,
        fair=fair,
        dodge=0.015,
        note="no game had a single leader at these points" if nobody_led else "",
    )
    r.image(
        path,
        "How often the sole leader at that point wins (95% intervals; the series are shifted "
        "sideways a little so that the bars stay apart; no point where no game had a single "
        "leader); dotted: 1/n in the series' colour.",
    )
    r.data["midgame"] = data


register_section("seats", seats)
register_section("endings", endings)
register_section("length", length)
register_section("midgame", midgame)

__all__ = ["endings", "length", "midgame", "seats"]
