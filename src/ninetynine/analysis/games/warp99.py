"""Warp 99 and Ninety Nine: the designer's questions.

* Is the 0/1/2/3 starting handicap fair for 2, 3 and 4 players, and which handicap would be
  (searched: a pattern search over whole starting scores, 8-point steps down to 1, every
  candidate measured on the same deals)?
* The eight Random Rule Start combinations ranked by difficulty (cards discarded per turn,
  flips, game length).
* Points from rows against points from emptied decks.
* The value of the extra-card choice (the greedy bot's take/decline against always taking or
  always declining).
* Classic Ninety Nine with and without the bonus rule.

Uses the games' options (``handicap``, ``rules``, ``extra_card``, ``bonus_rule``) and
``stats()`` keys, and the Warp 99 action ids for the extra-card variants of the greedy bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninetynine.core.game import Game
from ninetynine.core.rng import derive_seed
from ninetynine.games.warp99.actions import DECLINE, TAKE
from ninetynine.games.warp99.heuristics import GreedyAgent
from ninetynine.games.warp99.rules import RULE_NAMES

from .. import plots
from ..core import (
    Context,
    length_of,
    mean_ci,
    rate,
    ratio_ci,
    register_section,
    seat_rates,
)
from ..outcomes import game_name
from ..report import Report, num, pct, pct_ci

WARP = "warp99"
CLASSIC = "ninetynine"
COUNTS = (2, 3, 4)


def _fair_gap(rates: Sequence[tuple[float, list[float]]]) -> float:
    """Sum of squared distances of the seats' win rates from 1/n."""
    n = len(rates)
    return sum((v - 1 / n) ** 2 for v, _ in rates)


def _fmt(h: Sequence[int]) -> str:
    return ",".join(str(x) for x in h)


# ----------------------------------------------------------------------------- handicap
def handicap(ctx: Context) -> None:
    """The standard handicap (seat k starts with k points) against none."""
    r = ctx.report
    r.heading("Is the starting handicap fair?")
    rows, data, groups, fair = [], {}, {}, {}
    verdicts = []
    for n in COUNTS:
        std = seat_rates(ctx.run(n, {"handicap": "standard"}))
        none = seat_rates(ctx.run(n, {"handicap": "none"}))
        label = f"{n} players"
        fair[label] = 1 / n
        bars = []
        for s in range(n):
            rows.append(
                [
                    label if s == 0 else "",
                    f"seat {s}",
                    str(s),
                    pct_ci(*std[s]),
                    pct_ci(*none[s]),
                    pct(1 / n),
                ]
            )
            bars += [(f"{s}", std[s][0], std[s][1]), (f"{s} ", none[s][0], none[s][1])]
        groups[label] = bars
        off = [s for s, (_, ci) in enumerate(std) if not ci[0] <= 1 / n <= ci[1]]
        verdicts.append(
            f"{n} players: "
            + (
                "fair within the intervals"
                if not off
                else "not fair: " + ", ".join(f"seat {s} wins {pct(std[s][0])}" for s in off)
            )
        )
        data[n] = {"standard": std, "none": none}
    r.text(
        "Warp 99 starts seat k (0 moves first) with k points: 0, 1, 2, 3. The table gives each "
        "seat's win rate with that handicap and without any, against the fair share 1/n."
    )
    r.table(["players", "seat", "handicap", "win rate, standard", "win rate, none", "fair"], rows)
    r.bullets(verdicts)
    _two_handicaps_figure(
        r,
        "handicap",
        "Warp 99: win rate by seat, standard handicap and none",
        groups,
        fair,
        ("standard (0,1,2,3)", "none"),
        "Each seat with the standard handicap and with none. Dashed: 1/n.",
    )
    r.data["handicap"] = data


def _pairs(n: int) -> list[str]:
    return [plots.COLORS[i % 2] for i in range(2 * n)]


def _two_handicaps_figure(
    r: Report,
    name: str,
    title: str,
    groups: Mapping[str, Sequence[tuple[str, float, Sequence[float]]]],
    fair: Mapping[str, float],
    handicaps: tuple[str, str],
    caption: str,
) -> None:
    """The figure ``name``: each seat's win rate under two handicaps side by side (a panel
    per player count, ``groups`` as :func:`plots.grouped_rates` takes them)."""
    path = plots.grouped_rates(
        r.figure_path(name),
        title,
        groups,
        fair=fair,
        xlabel="seat",
        colors=_pairs(max(COUNTS)),
        legend=[(handicaps[0], plots.COLORS[0]), (handicaps[1], plots.COLORS[1])],
    )
    r.image(path, caption)


#: Step sizes of the handicap search, in points (a pattern search: coarse steps first).
STEPS = (8, 4, 2, 1)
#: Most handicaps the search measures per player count.
BUDGET = 30
#: Mixed into the report's seed for the deals that check the searched handicap.
FRESH_DEALS = 0xF4E54


def search_handicap(ctx: Context, n: int, budget: int = BUDGET) -> dict[str, Any]:
    """A pattern search for the fairest handicap with ``n`` players (whole starting scores,
    seat 0 at 0, none negative).

    It starts from the better of no handicap and the standard one (seat k starts at k) and,
    for each step size of :data:`STEPS` in turn (8 points, then 4, 2, 1), moves one seat's
    starting score up or down by the step while that brings the seats' win rates closer to
    1/n (the sum of squared gaps); at most ``budget`` candidates, each measured on the same
    ``ctx.games`` deals. Coarse steps first: one point rarely changes a game between greedy
    players, so a one-point search stalls on a plateau where a large advantage needs many
    points. Returns ``{"best", "best_rates", "tried": [{"handicap", "rates", "gap"}...]}``."""
    tried: dict[tuple[int, ...], list[tuple[float, list[float]]]] = {}

    def measure(h: tuple[int, ...]) -> float:
        if h not in tried:
            named = "none" if not any(h) else "standard" if h == tuple(range(n)) else _fmt(h)
            tried[h] = seat_rates(ctx.run(n, {"handicap": named}))
        return _fair_gap(tried[h])

    start = min([(0,) * n, tuple(range(n))], key=measure)
    best, best_gap = start, measure(start)
    for step in STEPS:
        improved = True
        while improved and len(tried) < budget:
            improved = False
            for seat in range(1, n):
                for sign in (1, -1):
                    h = list(best)
                    h[seat] += sign * step
                    if h[seat] < 0 or tuple(h) in tried or len(tried) >= budget:
                        continue
                    gap = measure(tuple(h))
                    if gap < best_gap:
                        best, best_gap, improved = tuple(h), gap, True
    return {
        "best": list(best),
        "best_rates": tried[best],
        "tried": [
            {"handicap": list(h), "rates": rs, "gap": _fair_gap(rs)} for h, rs in tried.items()
        ],
    }


def handicap_verdict(
    searched: Sequence[tuple[float, Sequence[float]]],
    fresh: Sequence[tuple[float, Sequence[float]]],
) -> str:
    """Whether the searched handicap is fair, from each seat's ``(win rate, 95% interval)``
    on the search's own deals (``searched``) and on fresh ones (``fresh``), one per seat.

    The search's figures only ever look fairer than the truth (it kept the best of many noisy
    candidates), so a seat whose interval there already excludes 1/n settles it: the search
    found no fair handicap, whatever the fresh deals say. Otherwise the fresh deals decide.
    """
    n = len(searched)

    def unfair(rates: Sequence[tuple[float, Sequence[float]]]) -> str:
        off = [s for s, (_, ci) in enumerate(rates) if not ci[0] <= 1 / n <= ci[1]]
        return ", ".join(f"seat {s} wins {pct(rates[s][0])}" for s in off)

    mine, new = unfair(searched), unfair(fresh)
    if mine:
        return (
            f"is not fair even on the deals it was chosen on: {mine}"
            + (f"; on fresh deals {new}" if new else "")
            + " (the search found no fair handicap: more games per candidate, --games, "
            "or a wider search would be needed)"
        )
    if new:
        return (
            f"does not hold on fresh deals: {new} (the search fitted its deals' luck: more "
            "games per candidate, --games, would narrow it)"
        )
    return "holds on fresh deals (every seat's interval contains 1/n, as on the search's deals)"


def fair_handicap(ctx: Context) -> None:
    """The handicap that makes the seats fairest, searched for 2, 3 and 4 players."""
    r = ctx.report
    r.heading("Which handicap would be fair? (searched)")
    r.text(
        "For each player count a pattern search over whole starting scores (seat 0 stays at "
        "0): it starts from the better of no handicap and the standard one and moves one "
        "seat's starting score up or down by 8 points, then 4, 2 and 1, while that brings the "
        "seats' win rates closer to 1/n (the sum of squared gaps), at most "
        f"{BUDGET} candidates, each measured on the same {ctx.games:,} deals. The gap is "
        "noise plus real unfairness: with "
        f"{ctx.games:,} games a seat's rate is known to about ±{pct(1 / ctx.games**0.5, 0)}, "
        "and the best of many noisy candidates looks fairer than it is, so the searched "
        f"handicap is measured again on {ctx.games:,} fresh deals (other seeds), which no "
        "candidate was chosen on: that column is the unbiased figure."
    )
    rows, data, groups, fair = [], {}, {}, {}
    verdicts: list[str] = []
    for n in COUNTS:
        res = search_handicap(ctx, n)
        std = seat_rates(ctx.run(n, {"handicap": "standard"}))
        best = res["best"]
        named = "none" if not any(best) else "standard" if best == list(range(n)) else _fmt(best)
        fresh = seat_rates(
            ctx.run(
                n,
                {"handicap": named},
                seed=derive_seed(ctx.seed, FRESH_DEALS),
                label=f"{WARP} {n}p handicap={named} on fresh deals",
            )
        )
        res["fresh_rates"] = fresh
        verdicts.append(f"{n} players: {_fmt(best)} " + handicap_verdict(res["best_rates"], fresh))
        label = f"{n} players"
        fair[label] = 1 / n
        bars = []
        for s in range(n):
            bars += [
                (f"{s}", std[s][0], std[s][1]),
                (f"{s} ", res["best_rates"][s][0], res["best_rates"][s][1]),
            ]
        groups[label] = bars
        rows.append(
            [
                label,
                _fmt(range(n)),
                " / ".join(pct(v) for v, _ in std),
                _fmt(res["best"]),
                " / ".join(pct_ci(v, ci) for v, ci in res["best_rates"]),
                str(len(res["tried"])),
                " / ".join(pct_ci(v, ci) for v, ci in fresh),
            ]
        )
        data[n] = res
    r.table(
        [
            "players",
            "standard",
            "seat win rates",
            "searched",
            "seat win rates (95% CI)",
            "candidates",
            "searched, on fresh deals (95% CI)",
        ],
        rows,
    )
    r.bullets(verdicts)
    _two_handicaps_figure(
        r,
        "handicap_search",
        "Warp 99: seat win rates, standard handicap and the searched one",
        groups,
        fair,
        ("standard", "searched"),
        "Each seat with the standard and with the searched handicap. Dashed: 1/n.",
    )
    r.data["handicap_search"] = data


# ----------------------------------------------------------------------------- rule starts
def rule_starts(ctx: Context) -> None:
    """The eight Random Rule Start combinations ranked by difficulty."""
    r = ctx.report
    n = 3
    r.heading("Random Rule Start: the eight combinations by difficulty")
    results: list[dict[str, Any]] = []
    for cfg in range(8):
        sides = "".join("2" if cfg >> i & 1 else "1" for i in range(3))
        games = ctx.run(n, {"rules": sides})
        per_turn = [sum(g.stats["cards_discarded"]) / g.stats["turns"] for g in games]
        flips = [float(sum(g.stats["flips"])) for g in games]
        turns = [length_of(g) for g in games]
        names = " + ".join(RULE_NAMES[i][int(ch) - 1] for i, ch in enumerate(sides))
        results.append(
            {
                "sides": sides,
                "rules": names,
                "discards_per_turn": mean_ci(per_turn),
                "flips": mean_ci(flips),
                "turns": mean_ci(turns),
                "seat0": seat_rates(games)[0],
            }
        )
    results.sort(key=lambda d: d["discards_per_turn"][0])
    r.text(
        f"{n} players, the standard handicap, each combination dealt the same {ctx.games:,} "
        "times. Hardest first: fewest cards discarded per turn (all seats' discards over the "
        "game's turns); a hard start also means more rule flips and longer games. Sides: "
        "1 = the rule card's standard side (Same Color, Plus 1, Total 10)."
    )
    r.table(
        [
            "rank",
            "sides",
            "active rules",
            "discards per turn",
            "flips per game",
            "turns",
            "seat 0 wins",
        ],
        [
            [
                str(i),
                d["sides"],
                d["rules"],
                _mci(d["discards_per_turn"]),
                _mci(d["flips"]),
                _mci(d["turns"], 1),
                pct(d["seat0"][0]),
            ]
            for i, d in enumerate(results, 1)
        ],
    )
    path = plots.ranked_bars(
        r.figure_path("rule_starts"),
        "Warp 99 Random Rule Start: hardest (top) to easiest",
        [(d["sides"], d["discards_per_turn"][0], d["discards_per_turn"][1]) for d in results],
        "cards discarded per turn",
        secondary=[
            ("flips per game", [(d["sides"], *d["flips"]) for d in results]),
            ("turns per game", [(d["sides"], *d["turns"]) for d in results]),
        ],
        ylabel="rule card sides (1 standard, 2 flipped)",
    )
    r.image(
        path,
        "Sides of the three rule cards (1 standard, 2 flipped), hardest first; means with 95% "
        "intervals. The table names the rules of each combination.",
    )
    r.data["rule_starts"] = results


def _mci(m: tuple[float, list[float]], digits: int = 2) -> str:
    return f"{m[0]:.{digits}f} ± {(m[1][1] - m[1][0]) / 2:.{digits}f}"


# ----------------------------------------------------------------------------- points
def points(ctx: Context) -> None:
    """Points from rows against points from emptied personal decks."""
    r = ctx.report
    r.heading("Points from rows against points from emptied decks")
    rows, data = [], {}
    groups, row_part, deck_part, start_part = [], [], [], []
    for n in COUNTS:
        games = ctx.run(n)
        for who in ("winner", "others"):
            rp, dp, hp = [], [], []
            for g in games:
                seats = [g.winner] if who == "winner" else [s for s in range(n) if s != g.winner]
                for s in seats:
                    if s is None:
                        continue
                    rp.append(float(g.stats["row_points"][s]))
                    dp.append(float(g.stats["deck_points"][s]))
                    hp.append(g.scores[s] - rp[-1] - dp[-1])
            mr, md, mh = mean_ci(rp), mean_ci(dp), mean_ci(hp)
            share = mr[0] / (mr[0] + md[0]) if mr[0] + md[0] else 0.0
            rows.append(
                [
                    f"{n}" if who == "winner" else "",
                    who,
                    _mci(mr, 1),
                    _mci(md, 1),
                    num(mh[0], 1),
                    pct(share),
                ]
            )
            groups.append(f"{n}p {who}")
            row_part.append(mr[0])
            deck_part.append(md[0])
            start_part.append(mh[0])
            data[f"{n}_{who}"] = {"rows": mr, "decks": md, "start": mh, "row_share": share}
    r.text(
        "Mean points per player and game, for the winner and for the other seats: scored "
        "rows (length squared), emptied personal decks (15 each) and the starting handicap."
    )
    r.table(["players", "seat", "from rows", "from decks", "handicap", "rows' share"], rows)
    path = plots.stacked_shares(
        r.figure_path("points"),
        f"{game_name(ctx.game_id)}: where the points come from",
        groups,
        {"rows": row_part, "decks": deck_part, "handicap": start_part},
        "points per player",
        percent=False,
    )
    r.image(path, "Mean points per player: winners and the other seats, by player count.")
    r.data["points"] = data


# ----------------------------------------------------------------------------- extra card
class _FixedExtra:
    """The greedy bot, except that it always takes (or always declines) the extra card."""

    name = "greedy-fixed-extra"

    def __init__(self, game: Game, seat: int, choice: int) -> None:
        self.inner = GreedyAgent(game, seat)
        self.choice = choice

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        if self.choice in legal_actions and len(legal_actions) == 2:
            return self.choice
        return int(self.inner.step(observation, legal_actions))


def always_take(game: Game, seat: int, seed: int) -> _FixedExtra:
    return _FixedExtra(game, seat, TAKE)


def always_decline(game: Game, seat: int, seed: int) -> _FixedExtra:
    return _FixedExtra(game, seat, DECLINE)


always_take.label = "greedy, always take"  # type: ignore[attr-defined]
always_decline.label = "greedy, always decline"  # type: ignore[attr-defined]


def extra_card(ctx: Context) -> None:
    """How often the extra card comes up and what choosing well is worth."""
    r = ctx.report
    r.heading("The value of the extra-card choice")
    n = 2
    base = ctx.run(3)
    offers = [float(sum(g.stats["double_matches"])) for g in base]
    takes = [float(sum(g.stats["extra_cards"])) for g in base]
    per_game = mean_ci(offers)
    share, share_ci = ratio_ci(takes, offers)
    rows = []
    data: dict[str, Any] = {
        "offers_per_game": per_game,
        "taken_share": [share, share_ci],
    }
    for spec in (always_take, always_decline):
        games = ctx.run(n, agents=[spec, "greedy"])
        wins = sum(1 for g in games if g.winner is not None and g.agents[g.winner] != "greedy")
        v, ci = rate(wins, len(games))
        rows.append([spec.label, pct_ci(v, ci)])  # type: ignore[attr-defined]
        data[spec.__name__] = {"rate": v, "ci95": ci}
    off = ctx.run(3, {"extra_card": "false"})
    on_len, off_len = mean_ci([length_of(g) for g in base]), mean_ci([length_of(g) for g in off])
    data["turns_with_rule"] = on_len
    data["turns_without_rule"] = off_len
    r.text(
        f"With 3 greedy players a double match offers the extra card {_mci(per_game, 1)} "
        "times a game, and the greedy bot takes it "
        f"{pct_ci(share, share_ci) if share is not None else '-'} of the time (it "
        "declines only when the rest of its hand can still be emptied for another A-B-C "
        "cycle). Heads-up against the greedy bot, a copy that never chooses wins:"
    )
    r.table(["variant (against greedy, 2 players)", "win rate (95% CI)"], rows)
    r.text(
        "Below 50%: choosing is worth that much. Without the extra-card rule "
        f"(`extra_card=false`, 3 players) games last {_mci(off_len, 1)} turns instead of "
        f"{_mci(on_len, 1)}."
    )
    r.data["extra_card"] = data


# ----------------------------------------------------------------------------- classic
def classic_bonus(ctx: Context) -> None:
    """Ninety Nine with and without its bonus rule."""
    r = ctx.report
    r.heading("Classic Ninety Nine with and without the bonus rule")
    rows, data, series = [], {}, {}
    for n in COUNTS:
        label = f"{n} players"
        for bonus in ("false", "true"):
            games = ctx.run(n, {"bonus_rule": bonus}, game_id=CLASSIC)
            turns = mean_ci([length_of(g) for g in games])
            rp = mean_ci([float(x) for g in games for x in g.stats["row_points"]])
            dp = mean_ci([float(x) for g in games for x in g.stats["deck_points"]])
            reps = mean_ci([float(sum(g.stats["repeats"])) for g in games])
            seat0 = seat_rates(games)[0]
            rows.append(
                [
                    label if bonus == "false" else "",
                    "on" if bonus == "true" else "off",
                    _mci(turns, 1),
                    _mci(rp, 1),
                    _mci(dp, 1),
                    _mci(reps, 2),
                    pct_ci(*seat0),
                ]
            )
            if n == 3:
                series[f"bonus rule {'on' if bonus == 'true' else 'off'}"] = [
                    length_of(g) for g in games
                ]
            data[f"{n}_{bonus}"] = {
                "turns": turns,
                "row_points": rp,
                "deck_points": dp,
                "repeats": reps,
                "seat0": seat0,
            }
    r.text(
        "Ninety Nine (`ninetynine`, no handicap) with its optional bonus rule (discard the "
        "whole hand: refill and play again) off and on. Per player: points from rows and "
        "from emptied decks; per game: turns and bonus repeats; and the first seat's win rate."
    )
    r.table(
        ["players", "bonus rule", "turns", "row points", "deck points", "repeats", "seat 0 wins"],
        rows,
    )
    path = plots.histograms(
        r.figure_path("classic_bonus"),
        "Ninety Nine, 3 players: game length with and without the bonus rule",
        series,
        "turns",
    )
    r.image(path, "Game length of classic Ninety Nine, 3 players, bonus rule off and on.")
    r.data["classic_bonus"] = data


for _section in (
    ("handicap", handicap),
    ("fair_handicap", fair_handicap),
    ("rule_starts", rule_starts),
    ("points", points),
    ("extra_card", extra_card),
    ("classic_bonus", classic_bonus),
):
    register_section(*_section, game_id=WARP)
for _section in (("points", points), ("classic_bonus", classic_bonus)):
    register_section(*_section, game_id=CLASSIC)

__all__ = [
    "always_decline",
    "always_take",
    "classic_bonus",
    "extra_card",
    "fair_handicap",
    "handicap",
    "points",
    "rule_starts",
    "search_handicap",
]
