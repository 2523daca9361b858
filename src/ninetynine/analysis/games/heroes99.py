"""99 Heroes: win rate and pick rate per hero, and the pairs of heroes that dominate.

Uses the ``heroes`` key of ``stats()`` (per seat, the ids of its heroes) and ``lanes_won``.
Heroes are placed at random by the greedy bot, so every hero is measured against the whole
roster; a designer's heroes (``-o heroes=DIR``) appear like the built-in ones."""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

from ninetynine.core.registry import load_game
from ninetynine.games.heroes99.game import HeroesGame

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
    size, team = _roster(ctx, n)
    table = []
    data: dict[str, dict[str, Any]] = {}
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
        "*Pick rate*: the share of seats holding the hero; the bots place heroes at random, so "
        f"it only shows how often each was measured (about {pct(team / size)} each: {team} "
        f"heroes a seat out of {size}), not a preference. *Lanes won*: "
        "mean lanes its band won."
    )
    r.table(["hero", "seats", "pick rate", "win rate (95% CI)", "lanes won"], table)
    if data:
        # Bars from a fair 50%: a hero above it points right, one below points left.
        rows = [
            (h, 100 * (d["win_rate"][0] - 0.5), [100 * (x - 0.5) for x in d["win_rate"][1]])
            for h, d in data.items()
        ]
        path = plots.ranked_bars(
            r.figure_path("heroes"),
            "99 Heroes: win rate of a band with each hero, against a fair 50%",
            rows,
            "win rate minus 50% (percentage points)",
            secondary=[
                ("pick rate (% of seats)", [(h, 100 * d["pick_rate"]) for h, d in data.items()])
            ],
        )
        r.image(
            path,
            "Left: each hero's win rate minus a fair 50%, with its 95% interval (an interval "
            "that crosses 0 is not shown to be unfair); right: the share of seats that held it.",
        )
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
    games, n = _seats(ctx)
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
        r.text(f"No pair reached {MIN_PAIR} seats: {_games_for_pairs(ctx, n)}")
    r.data["pairs"] = {
        f"{a}+{b}": {"seats": seen[(a, b)][0], "win_rate": rt} for (a, b), rt in ranked
    }


def _roster(ctx: Context, n: int) -> tuple[int, int]:
    """(heroes in the roster, heroes a seat places) for the report's options."""
    game = load_game(GAME, num_players=n, **ctx.options)
    assert isinstance(game, HeroesGame)
    return len(game.roster), game.lanes


def _games_for_pairs(ctx: Context, n: int) -> str:
    """How many games give every pair of heroes ``MIN_PAIR`` seats: with random placement
    each of the roster's pairs turns up alike."""
    size, team = _roster(ctx, n)
    pairs_total = size * (size - 1) // 2
    per_game = n * (team * (team - 1) // 2) / pairs_total  # seats a pair gets per game
    need = math.ceil(MIN_PAIR / per_game / 10) * 10
    return (
        f"with {size} heroes there are {pairs_total} pairs, and a pair is in a band in about "
        f"{per_game:.3f} seats a game; about {need:,} games (--games) give each pair "
        f"{MIN_PAIR} seats."
    )


register_section("heroes", heroes, game_id=GAME)
register_section("pairs", pairs, game_id=GAME)

__all__ = ["heroes", "pairs"]
