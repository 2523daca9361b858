"""The sections every game's report has: win rate by seat and player count, game length, and
how often the leader at mid-game wins. Core protocol only (``scores()``, ``winner()``,
``stats()["turns"]`` when the game counts turns)."""

from __future__ import annotations

from ninetynine.sim.stats import describe

from . import plots
from .core import Context, length_of, length_unit, rate, register_section, seat_rates
from .report import num, pct, pct_ci


def seats(ctx: Context) -> None:
    """Win rate by seat, for every player count."""
    r = ctx.report
    r.heading("Win rate by seat and player count")
    rows, groups, fair, data, notes = [], {}, {}, {}, []
    for n in [k for k in ctx.player_counts() if k > 1]:  # alone, nobody wins
        games = ctx.run(n)
        rates = seat_rates(games)
        draws = sum(1 for g in games if g.winner is None)
        label = f"{n} players"
        groups[label] = [(f"seat {s}", v, ci) for s, (v, ci) in enumerate(rates)]
        fair[label] = (1 - draws / len(games)) / n
        for s, (v, ci) in enumerate(rates):
            flag = ""
            if ci[0] > fair[label]:
                flag = "above"
            elif ci[1] < fair[label]:
                flag = "below"
            rows.append(
                [label if s == 0 else "", f"seat {s}", pct_ci(v, ci), pct(fair[label]), flag]
            )
            if flag:
                notes.append(
                    f"{n} players: seat {s} wins {pct(v)} ({flag} the fair {pct(fair[label])})"
                )
        data[n] = {
            "seats": [{"rate": v, "ci95": ci} for v, ci in rates],
            "draws": draws,
            "games": len(games),
        }
    r.text(
        "Each seat's share of wins with every seat played by the same agent. The fair share "
        "is 1/n of the games that have a winner; *above*/*below*: the 95% interval excludes it. "
        "Seat 0 moves first."
    )
    r.table(["players", "seat", "win rate (95% CI)", "fair share", "vs fair"], rows)
    r.text("Seats that are not fair: " + ("; ".join(notes) if notes else "none") + ".")
    path = plots.grouped_rates(
        r.figure_path("seats"), f"{ctx.game_id}: win rate by seat", groups, fair=fair
    )
    r.image(path, "Win rate by seat, one panel per player count; dashed: the fair share.")
    r.data["seats"] = data


def length(ctx: Context) -> None:
    """Game length distribution per player count."""
    r = ctx.report
    r.heading("Game length")
    unit = length_unit(ctx.run(ctx.player_counts()[0]))
    rows, series, data = [], {}, {}
    for n in ctx.player_counts():
        vals = [length_of(g) for g in ctx.run(n)]
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
            ]
        )
        data[n] = d
    r.text(f"Length in {unit} (a turn is one seat's run of moves), per player count.")
    r.table(["players", "mean", "median", "p95", "min", "max"], rows)
    path = plots.histograms(r.figure_path("length"), f"{ctx.game_id}: game length", series, unit)
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
            pts.append((v, ci))
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
    path = plots.lines(
        r.figure_path("midgame"),
        f"{ctx.game_id}: the leader's chance to win",
        [0, 1, 2],
        series,
        "point of the game (share of its actions)",
        "leader wins",
        xticks=marks,
        fair=fair,
        dodge=0.015,
    )
    r.image(
        path,
        "How often the sole leader at that point wins (95% intervals; the series are shifted "
        "sideways a little so that the bars stay apart); dotted: 1/n in the series' colour.",
    )
    r.data["midgame"] = data


register_section("seats", seats)
register_section("length", length)
register_section("midgame", midgame)

__all__ = ["length", "midgame", "seats"]
