"""99 Heroes: win rate and pick rate per hero, and the pairs of heroes that dominate.

Uses the ``heroes`` key of ``stats()`` (per seat, the ids of its heroes) and ``lanes_won``.
Heroes are placed at random by the greedy bot, so every hero is measured against the whole
roster; a designer's heroes (``-o heroes=DIR``) appear like the built-in ones."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .. import plots
from ..core import Context, rate, register_section
from ..report import pct, pct_ci

GAME = "heroes99"
#: A pair needs this many seats before it is ranked.
MIN_PAIR = 30


def _seats(ctx: Context) -> tuple[list[Any], int]:
    n = 2
    return ctx.run(n), n


def heroes(ctx: Context) -> None:
    """Each hero's win rate (of the seats that had it) and pick rate."""
    r = ctx.report
    r.heading("Heroes: win rate and pick rate")
    games, n = _seats(ctx)
    picked: dict[str, int] = {}
    wins: dict[str, int] = {}
    lanes: dict[str, int] = {}
    for g in games:
        for s, ids in enumerate(g.stats.get("heroes", [])):
            for h in ids:
                picked[h] = picked.get(h, 0) + 1
                wins[h] = wins.get(h, 0) + (1 if g.winner == s else 0)
            lanes_won = g.stats.get("lanes_won", [0] * n)[s]
            for h in ids:
                lanes[h] = lanes.get(h, 0) + lanes_won
    seats = len(games) * n
    table = []
    data = {}
    for h in sorted(picked, key=lambda x: -wins[x] / picked[x]):
        v, ci = rate(wins[h], picked[h])
        data[h] = {"picked": picked[h], "pick_rate": picked[h] / seats, "win_rate": [v, ci]}
        table.append(
            [
                h,
                str(picked[h]),
                pct(picked[h] / seats),
                pct_ci(v, ci),
                f"{lanes[h] / picked[h]:.2f}",
            ]
        )
    r.text(
        f"{len(games):,} two-player games; each seat's heroes are placed at random, so a hero's "
        "win rate is that of a band holding it against the whole roster (a fair hero wins 50%). "
        "*Lanes won*: mean lanes its band won."
    )
    r.table(["hero", "seats", "pick rate", "win rate (95% CI)", "lanes won"], table)
    if data:
        rows = [(h, d["win_rate"][0], d["win_rate"][1]) for h, d in data.items()]
        path = plots.ranked_bars(
            r.figure_path("heroes"),
            "99 Heroes: win rate of a band with each hero",
            rows,
            "win rate",
            secondary=[("pick rate", [(h, d["pick_rate"]) for h, d in data.items()])],
        )
        r.image(path, "Bars: win rate with its 95% interval; right: how often the hero was picked.")
        strong = [h for h, d in data.items() if d["win_rate"][1][0] > 0.5]
        weak = [h for h, d in data.items() if d["win_rate"][1][1] < 0.5]
        r.bullets(
            [
                "above 50% with 95% confidence: " + (", ".join(strong) or "none"),
                "below 50% with 95% confidence: " + (", ".join(weak) or "none"),
            ]
        )
    r.data["heroes"] = data


def pairs(ctx: Context) -> None:
    """Pairs of heroes in one band that win most (and least)."""
    r = ctx.report
    r.heading("Pairs of heroes")
    games, _ = _seats(ctx)
    seen: dict[tuple[str, str], list[int]] = {}
    for g in games:
        for s, ids in enumerate(g.stats.get("heroes", [])):
            for a, b in combinations(sorted(ids), 2):
                w = seen.setdefault((a, b), [0, 0])
                w[0] += 1
                w[1] += 1 if g.winner == s else 0
    ranked = sorted(
        ((k, rate(v[1], v[0])) for k, v in seen.items() if v[0] >= MIN_PAIR),
        key=lambda x: -x[1][0],
    )
    rows = [[f"{a} + {b}", str(seen[(a, b)][0]), pct_ci(*rt)] for (a, b), rt in ranked[:10]]
    low = [[f"{a} + {b}", str(seen[(a, b)][0]), pct_ci(*rt)] for (a, b), rt in ranked[-5:][::-1]]
    r.text(
        f"Pairs of heroes in the same band, with at least {MIN_PAIR} seats, by win rate. A pair "
        "that dominates is far above both of its heroes' own rates (see the section above)."
    )
    if rows:
        r.table(["pair (best)", "seats", "win rate (95% CI)"], rows)
        r.table(["pair (worst)", "seats", "win rate (95% CI)"], low)
    else:
        r.text(f"No pair reached {MIN_PAIR} seats: run more games (--games).")
    r.data["pairs"] = {
        f"{a}+{b}": {"seats": seen[(a, b)][0], "win_rate": rt} for (a, b), rt in ranked
    }


register_section("heroes", heroes, game_id=GAME)
register_section("pairs", pairs, game_id=GAME)

__all__ = ["heroes", "pairs"]
