"""Sixto: the score distribution per pad, and the twelve sheet designs ranked by expected score.

Uses the game's ``pad`` option, ``stats()`` keys (``score``, ``turns``, ``dice_removed``,
``first_removal``, ``third_removal``) and the sheet designs dealt at setup (re-read from each
game's seed: they are public, in the initial observation)."""

from __future__ import annotations

import math
import statistics
from pathlib import Path
from typing import Any

from ninetynine.core.registry import load_game
from ninetynine.sim.stats import describe

from .. import plots
from ..core import Context, mean_ci, rate, register_section
from ..report import num, pct_ci

GAME = "sixto"
PADS = ("none", "cross-blocks", "cross-diagonals", "hits", "kriskras", "locked")
#: Players in the per-pad and per-design runs (the default count).
PLAYERS = 3


def pads(ctx: Context) -> None:
    """Score distribution, game length and dice removal per pad."""
    r = ctx.report
    r.heading("Scores per pad")
    rows, series, data = [], {}, {}
    for pad in PADS:
        games = ctx.run(PLAYERS, options={"pad": pad}, label=f"sixto {PLAYERS}p pad={pad}")
        scores = [float(x) for g in games for x in g.stats["score"]]
        d = describe(scores)
        sd = statistics.stdev(scores) if len(scores) > 1 else 0.0
        turns = mean_ci([float(g.stats["turns"]) for g in games])
        first = [float(g.stats["first_removal"]) for g in games if g.stats["first_removal"]]
        per_turn = statistics.fmean(g.stats["dice_removed"] / g.stats["turns"] for g in games)
        winning = mean_ci([float(max(g.stats["score"])) for g in games])
        series[pad] = scores
        rows.append(
            [
                pad,
                num(d["mean"], 1),
                num(sd, 1),
                num(d["median"], 1),
                f"{num(d['min'], 0)}-{num(d['max'], 0)}",
                num(winning[0], 1),
                num(turns[0], 1),
                num(statistics.fmean(first), 1) if first else "-",
                num(per_turn, 3),
            ]
        )
        data[pad] = {
            "score": d,
            "sd": sd,
            "winning_score": winning,
            "turns": turns,
            "first_removal": statistics.fmean(first) if first else None,
            "dice_removed_per_turn": per_turn,
        }
    r.text(
        f"{PLAYERS} players, every seat played by the report's agents; the score of every seat "
        "(mean, standard deviation, median, range), the mean winning score, the length in "
        "turns (rolls), the turn of the first die removed and dice removed per turn."
    )
    r.table(
        [
            "pad",
            "mean",
            "sd",
            "median",
            "range",
            "winning",
            "turns",
            "first removal",
            "dice/turn",
        ],
        rows,
    )
    path = _pad_boxes(r.figure_path("pad_scores"), series)
    r.image(
        path,
        "Final score of every seat per pad, highest mean on top: box from the first to the "
        "third quartile, line at the median, diamond at the mean, whiskers to the lowest and "
        "highest score.",
    )
    r.data["pads"] = data


def _pad_boxes(path: Path, series: dict[str, list[float]]) -> Path:
    """Horizontal box plots of the scores, one per pad (six overlaid histograms of scores that
    step by 5 read as noise)."""
    order = sorted((p for p in series if series[p]), key=lambda p: statistics.fmean(series[p]))
    fig, (ax,) = plots.new_figure(1)
    # Matplotlib 3.10 renamed ``vert=False`` to ``orientation="horizontal"`` (3.11 warns).
    horizontal: dict[str, Any] = (
        {"orientation": "horizontal"} if plots.matplotlib_at_least(3, 10) else {"vert": False}
    )
    ax.boxplot(
        [series[p] for p in order],
        **horizontal,
        whis=(0, 100),
        widths=0.6,
        showmeans=True,
        patch_artist=True,
        boxprops={"facecolor": plots.COLORS[5], "alpha": 0.6},
        medianprops={"color": "black"},
        meanprops={"marker": "D", "markerfacecolor": plots.COLORS[3], "markeredgecolor": "none"},
    )
    ax.set_yticks(range(1, len(order) + 1), order, fontsize=8)
    ax.set_xlabel("final score of a seat", fontsize=9)
    ax.tick_params(axis="x", labelsize=8)
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(f"Sixto: score per seat, by pad ({PLAYERS} players)", fontsize=10)
    return plots.save(fig, path)


def designs(ctx: Context) -> None:
    """The twelve sheet designs ranked by the mean score of the seat that got them."""
    r = ctx.report
    r.heading("Sheet designs ranked by expected score")
    games = ctx.run(PLAYERS)
    game = load_game(GAME, num_players=PLAYERS, **ctx.options)
    by_design: dict[int, list[float]] = {}
    wins: dict[int, int] = {}
    for g in games:
        dealt = game.new_initial_state(g.seed).observation(None)["sheets"]
        for seat, sheet in enumerate(dealt):
            k = int(sheet["design"])
            by_design.setdefault(k, []).append(float(g.stats["score"][seat]))
            wins[k] = wins.get(k, 0) + (g.winner == seat)
    ranked = sorted(by_design, key=lambda k: -statistics.fmean(by_design[k]))
    rows, bars = [], []
    data: dict[int, dict[str, Any]] = {}
    overall = statistics.fmean(x for v in by_design.values() for x in v)
    for k in ranked:
        m, ci = mean_ci(by_design[k])
        rows.append(
            [
                f"design {k}",
                f"{m:.1f} ({ci[0]:.1f}-{ci[1]:.1f})",
                str(len(by_design[k])),
                pct_ci(*rate(wins[k], len(by_design[k]))),
            ]
        )
        bars.append((f"design {k}", m - overall, [ci[0] - overall, ci[1] - overall]))
        data[k] = {"mean": m, "ci95": ci, "seats": len(by_design[k]), "wins": wins[k]}
    half = statistics.fmean((d["ci95"][1] - d["ci95"][0]) / 2 for d in data.values())
    r.text(
        f"{PLAYERS} players, {len(games):,} games with the designs dealt at random: the mean "
        "score of a seat with each design (95% CI), how many seats had it and how often that "
        f"seat won (fair: {1 / PLAYERS:.1%}). Overall mean {overall:.1f}. A design's mean is "
        f"known to about ±{half:.0f} points here, so two designs are told apart only when "
        f"their means differ by more than about {math.sqrt(2) * half:.0f} points (the "
        "intervals shrink with the square root of --games)."
    )
    r.table(["design", "mean score (95% CI)", "seats", "win rate (95% CI)"], rows)
    path = plots.ranked_bars(
        r.figure_path("designs"),
        "Sixto: sheet designs, mean score minus the overall mean",
        bars,
        "points above the mean",
    )
    r.image(path, "Designs ranked by expected score (95% error bars).")
    r.data["designs"] = data


register_section("pads", pads, game_id=GAME)
register_section("designs", designs, game_id=GAME)

__all__: list[Any] = ["designs", "pads"]
