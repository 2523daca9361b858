"""ONO 99: elimination order by seat, and the effect of the Play 2 and Reverse counts.

Uses the game's ``deck`` option (``p2=..``, ``rev=..``) and ``stats()`` keys (``place``,
``rounds``, ``strike_backs``, ``passes``)."""

from __future__ import annotations

from typing import Any

from .. import plots
from ..core import Context, length_of, length_unit, mean_ci, rate, register_section, seat_rates
from ..report import pct, pct_ci

GAME = "ono99"
COUNTS = (0, 6, 12, 18, 24)
STANDARD = 12


def elimination(ctx: Context) -> None:
    """Who leaves first: the place distribution of every seat."""
    r = ctx.report
    r.heading("Elimination order by seat")
    n = 4
    games = ctx.run(n)
    places: list[list[int]] = [[0] * n for _ in range(n)]  # seat -> place-1 -> games
    for g in games:
        for s, p in enumerate(g.stats["place"]):
            if p:
                places[s][p - 1] += 1
    rows, data = [], {}
    for s in range(n):
        first_out = rate(places[s][n - 1], len(games))
        won = rate(places[s][0], len(games))
        mean_place = mean_ci(
            [float(p) for g in games for q, p in enumerate(g.stats["place"]) if q == s and p]
        )
        rows.append(
            [
                f"seat {s}",
                pct_ci(*won),
                pct_ci(*first_out),
                f"{mean_place[0]:.2f} ± {(mean_place[1][1] - mean_place[1][0]) / 2:.2f}",
            ]
        )
        data[s] = {
            "places": places[s],
            "win": won,
            "first_out": first_out,
            "mean_place": mean_place,
        }
    r.text(
        f"{n} players, {len(games):,} games: for each seat (seat 0 plays first), how often it "
        "wins, how often it is the first to leave, and its mean place (1 = the winner, "
        f"{n} = the first out). Fair: {pct(1 / n)} each and a mean place of {(n + 1) / 2:.1f}."
    )
    r.table(["seat", "wins (95% CI)", "first out (95% CI)", "mean place"], rows)
    parts = {
        f"place {k + 1}" + (" (won)" if k == 0 else " (first out)" if k == n - 1 else ""): [
            places[s][k] / len(games) for s in range(n)
        ]
        for k in range(n)
    }
    path = plots.stacked_shares(
        r.figure_path("elimination"),
        f"ONO 99, {n} players: finishing place by seat",
        [f"seat {s}" for s in range(n)],
        parts,
        "share of games",
    )
    r.image(path, "Each seat's places: 1 is the winner, the last the first player to leave.")
    r.data["elimination"] = data


def special_counts(ctx: Context) -> None:
    """Game length and the first seat's chances as the Play 2 or Reverse count changes."""
    r = ctx.report
    r.heading("The effect of Play 2 and Reverse counts")
    n = 4
    unit = length_unit(ctx.run(n))
    rows, series_len, series_first, data = [], {}, {}, {}
    for key, name in (("p2", "Play 2"), ("rev", "Reverse")):
        lens, firsts = [], []
        for count in COUNTS:
            deck = "standard" if count == STANDARD else f"{key}={count}"
            games = ctx.run(n, {"deck": deck})
            length = mean_ci([length_of(g) for g in games])
            seat0 = seat_rates(games)[0]
            answers = mean_ci(
                [float(sum(g.stats["strike_backs"]) + sum(g.stats["passes"])) for g in games]
            )
            lens.append((length[0], length[1]))
            firsts.append(seat0)
            rows.append(
                [
                    name if count == COUNTS[0] else "",
                    str(count),
                    f"{length[0]:.1f} ± {(length[1][1] - length[1][0]) / 2:.1f}",
                    pct_ci(*seat0),
                    f"{answers[0]:.2f}",
                ]
            )
            data[f"{key}={count}"] = {"length": length, "seat0": seat0, "answers": answers}
        series_len[name] = lens
        series_first[name] = firsts
    r.text(
        f"{n} players; one count changed at a time from the standard deck (12 of each). "
        f"Length in {unit}; *answers*: Play 2 turns struck back with a Reverse or passed on "
        "with a Play 2, per game."
    )
    r.table(["card", "copies", unit, "seat 0 wins (95% CI)", "answers per game"], rows)
    path = plots.lines(
        r.figure_path("special_counts"),
        f"ONO 99, {n} players: game length",
        list(COUNTS),
        series_len,
        "copies of the card in the deck (the other stays at 12)",
        f"mean game length ({unit})",
        xticks=[str(c) for c in COUNTS],
        percent=False,
        dodge=0.01,
    )
    r.image(path, "Mean game length as the number of Play 2 or Reverse cards changes.")
    path = plots.lines(
        r.figure_path("special_counts_seat0"),
        f"ONO 99, {n} players: the first seat's win rate",
        list(COUNTS),
        series_first,
        "copies of the card in the deck (the other stays at 12)",
        "seat 0 wins",
        xticks=[str(c) for c in COUNTS],
        fair={"Play 2": 1 / n},
        dodge=0.01,
    )
    r.image(path, "Seat 0's win rate as the counts change; dotted: 1/n.")
    r.data["special_counts"] = data


register_section("elimination", elimination, game_id=GAME)
register_section("special_counts", special_counts, game_id=GAME)

__all__: list[Any] = ["elimination", "special_counts"]
