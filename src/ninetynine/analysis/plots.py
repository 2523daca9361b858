"""Plots for reports and ladders (matplotlib, Agg backend: no display needed).

Every function draws one small PNG (about 7 x 3.6 inches at 100 dpi) with a title, labelled
axes, and 95% intervals as error bars where a rate is shown.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

DPI = 100
SIZE = (7.0, 3.6)
#: A colour-blind-safe cycle (Okabe & Ito).
COLORS = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")


def matplotlib_at_least(major: int, minor: int) -> bool:
    """Whether the installed matplotlib is at least ``major.minor`` (for renamed arguments).

    >>> matplotlib_at_least(3, 0)
    True
    """
    parts = matplotlib.__version__.split(".")[:2]
    try:
        return (int(parts[0]), int(parts[1])) >= (major, minor)
    except (ValueError, IndexError):  # an unusual version string: assume a recent one
        return True


class PercentTicks(matplotlib.ticker.Formatter):
    """Tick labels for a rate axis (0-1 shown as 0-100%) with as many decimals as the tick
    spacing needs, the same for every tick: ticks every 2.5% read "2.5%, 5.0%, 7.5%", never
    "2%, 5%, 8%"; ticks every 10% read "10%, 20%".

    >>> PercentTicks().format_ticks([0.0, 0.025, 0.05, 0.075])
    ['0.0%', '2.5%', '5.0%', '7.5%']
    >>> PercentTicks().format_ticks([0.0, 0.1, 0.2])
    ['0%', '10%', '20%']
    """

    def __init__(self) -> None:
        self.decimals = 0

    @staticmethod
    def decimals_for(values: Sequence[float]) -> int:
        """The fewest decimals (at most 4) that write the spacing of ``values`` exactly."""
        locs = sorted(float(x) for x in values)
        steps = [b - a for a, b in itertools.pairwise(locs) if b - a > 1e-12]
        if not steps:
            return 0
        step = 100 * min(steps)
        for d in range(4):
            if abs(round(step, d) - step) < 1e-6 * max(1.0, step):
                return d
        return 4

    def format_ticks(self, values: Any) -> list[str]:
        self.decimals = self.decimals_for(list(values))
        return [self(x, i) for i, x in enumerate(values)]

    def __call__(self, x: float, pos: int | None = None) -> str:
        value = 100 * x
        if abs(value) < 1e-9:
            value = 0.0  # no "-0%"
        return f"{value:.{self.decimals}f}%"


def percent_axis(axis: Any) -> None:
    """Show a 0-1 rate on ``axis`` (``ax.yaxis`` / ``ax.xaxis``) as percentages: ticks at 1, 2
    or 5 times a power of ten (whole percents unless the range is under a few percent),
    labelled by :class:`PercentTicks`."""
    axis.set_major_locator(matplotlib.ticker.MaxNLocator(nbins="auto", steps=[1, 2, 5, 10]))
    axis.set_major_formatter(PercentTicks())


def new_figure(ncols: int = 1, size: tuple[float, float] = SIZE) -> tuple[Figure, list[Any]]:
    """A figure with ``ncols`` side-by-side axes."""
    fig, axes = plt.subplots(1, ncols, figsize=size, dpi=DPI, squeeze=False)
    return fig, list(axes[0])


def save(fig: Figure, path: Path) -> Path:
    """Write ``fig`` as PNG and close it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI, bbox_inches="tight", pad_inches=0.1)
    plt.close(fig)
    return path


def _err(values: Sequence[float], cis: Sequence[Sequence[float]]) -> list[list[float]]:
    return [
        [max(0.0, v - lo) for v, (lo, _) in zip(values, cis, strict=True)],
        [max(0.0, hi - v) for v, (_, hi) in zip(values, cis, strict=True)],
    ]


def _error_line(
    ax: Any,
    x: Sequence[float],
    values: Sequence[float],
    cis: Sequence[Sequence[float]],
    color: str,
    label: str,
    ms: float = 4,
    capsize: float = 3,
) -> None:
    """One series: ``values`` over ``x`` as dots on a line, with their 95% error bars
    (``cis``: ``(low, high)`` each)."""
    ax.errorbar(
        x,
        values,
        yerr=_err(values, cis),
        marker="o",
        ms=ms,
        capsize=capsize,
        color=color,
        label=label,
    )


def _finish(
    fig: Figure, ax: Any, path: Path, title: str, xlabel: str, ylabel: str, percent: bool
) -> Path:
    """Label a one-panel figure's axes, add its legend and title, and save it."""
    ax.set_xlabel(xlabel, fontsize=9)
    ax.set_ylabel(ylabel, fontsize=9)
    if percent:
        percent_axis(ax.yaxis)
    ax.legend(fontsize=8, frameon=False)
    ax.set_title(title, fontsize=10)
    return save(fig, path)


def _labels_overlap(labels: Sequence[str], panels: int, width_in: float, size: float = 8) -> bool:
    """Whether tick labels of ``size`` points, side by side under one of ``panels`` equal
    panels of a figure ``width_in`` inches wide, would run into each other (a label is about
    0.6 em a character; a panel's axes take about 80% of its share of the width)."""
    if not labels:
        return False
    room = width_in * 72 * 0.8 / panels / len(labels)
    return max(len(lab) for lab in labels) * 0.6 * size > room


def grouped_rates(
    path: Path,
    title: str,
    groups: Mapping[str, Sequence[tuple[str, float, Sequence[float]]]],
    ylabel: str = "win rate",
    fair: Mapping[str, float] | None = None,
    xlabel: str = "",
    colors: Sequence[str] | None = None,
    legend: Sequence[tuple[str, str]] = (),
) -> Path:
    """Bars of rates with 95% error bars: one panel per group (e.g. per player count), one bar
    per ``(label, rate, (low, high))``; a dashed line at the group's ``fair`` rate; ``colors``
    per bar (default: one colour per bar); ``legend``: ``(label, colour)`` entries."""
    fig, axes = new_figure(len(groups))
    top = max([hi for bars in groups.values() for _, _, (_, hi) in bars] + [0.05])
    for ax, (name, bars) in zip(axes, groups.items(), strict=True):
        labels = [b[0] for b in bars]
        vals = [b[1] for b in bars]
        ax.bar(
            range(len(bars)),
            vals,
            yerr=_err(vals, [b[2] for b in bars]),
            color=[(colors or COLORS)[i % len(colors or COLORS)] for i in range(len(bars))],
            capsize=3,
            width=0.7,
        )
        if fair and name in fair:
            ax.axhline(fair[name], color="0.3", ls="--", lw=1)
        ax.set_xticks(range(len(bars)), labels, fontsize=8)
        if _labels_overlap(labels, len(groups), fig.get_figwidth()):
            ax.tick_params(axis="x", labelrotation=90)
        ax.set_title(name, fontsize=9)
        ax.set_ylim(0, min(1.0, top * 1.15))
        percent_axis(ax.yaxis)
        ax.tick_params(axis="y", labelsize=8)
        if xlabel:
            ax.set_xlabel(xlabel, fontsize=8)
    axes[0].set_ylabel(ylabel, fontsize=9)
    if legend:
        from matplotlib.patches import Patch

        axes[-1].legend(
            handles=[Patch(color=c, label=lab) for lab, c in legend],
            fontsize=8,
            frameon=False,
            loc="upper right",
        )
    fig.suptitle(title, fontsize=10)
    return save(fig, path)


def histograms(
    path: Path,
    title: str,
    series: Mapping[str, Sequence[float]],
    xlabel: str,
    bins: int = 30,
    marks: Mapping[str, float] | None = None,
) -> Path:
    """Overlaid step histograms (share of games), one per series; ``marks``: labelled dotted
    vertical lines (``{"safety stop": 500}``), so a spike there explains itself."""
    fig, (ax,) = new_figure(1)
    every = [v for vals in series.values() for v in vals]
    lo, hi = (min(every), max(every)) if every else (0, 1)
    width = max(1.0, math.ceil((hi - lo + 1) / bins))
    edges = [lo + i * width for i in range(int((hi - lo) / width) + 2)]
    for i, (name, vals) in enumerate(series.items()):
        if not vals:
            continue
        weights = [1 / len(vals)] * len(vals)
        ax.hist(
            vals,
            bins=edges,
            weights=weights,
            histtype="step",
            lw=1.6,
            color=COLORS[i % 8],
            label=name,
        )
    for label, x in (marks or {}).items():
        ax.axvline(x, color="0.3", ls=":", lw=1)
        ax.annotate(
            label,
            (x, 1.0),
            xycoords=("data", "axes fraction"),
            xytext=(-3, -3),
            textcoords="offset points",
            ha="right",
            va="top",
            fontsize=8,
            color="0.3",
        )
    return _finish(fig, ax, path, title, xlabel, "share of games", percent=True)


def lines(
    path: Path,
    title: str,
    x: Sequence[float],
    series: Mapping[str, Sequence[tuple[float, Sequence[float]]]],
    xlabel: str,
    ylabel: str,
    xticks: Sequence[str] | None = None,
    fair: Mapping[str, float] | None = None,
    percent: bool = True,
    dodge: float = 0.0,
    note: str = "",
) -> Path:
    """One line per series of ``(value, (low, high))`` over ``x``, with error bars; ``dodge``
    shifts the series sideways by that share of the x range each (so that error bars at the
    same x do not hide each other); a NaN value is not drawn; ``note``: a line of text in the
    middle of the axes (e.g. why there is nothing to draw)."""
    fig, (ax,) = new_figure(1)
    span = (max(x) - min(x)) if len(x) > 1 else 1.0
    for i, (name, pts) in enumerate(series.items()):
        vals = [p[0] for p in pts]
        shift = dodge * span * (i - (len(series) - 1) / 2)
        _error_line(ax, [v + shift for v in x], vals, [p[1] for p in pts], COLORS[i % 8], name)
        if fair and name in fair:
            ax.axhline(fair[name], color=COLORS[i % 8], ls=":", lw=1)
    if xticks is not None:
        ax.set_xticks(list(x), list(xticks))
    if note:
        ax.text(0.5, 0.5, note, transform=ax.transAxes, ha="center", va="center", fontsize=9)
    return _finish(fig, ax, path, title, xlabel, ylabel, percent)


def line_panels(
    path: Path,
    title: str,
    x: Sequence[float],
    panels: Mapping[str, Mapping[str, Sequence[tuple[float, Sequence[float]]]]],
    xlabel: str,
    ylabel: str,
) -> Path:
    """Side-by-side panels (one per quantity), each with one line per series of
    ``(value, (low, high))`` over ``x`` and 95% error bars; one shared y axis and legend."""
    fig, axes = new_figure(len(panels))
    top = max([hi for ser in panels.values() for pts in ser.values() for _, (_, hi) in pts] + [1])
    for ax, (name, series) in zip(axes, panels.items(), strict=True):
        for i, (label, pts) in enumerate(series.items()):
            vals = [p[0] for p in pts]
            shift = 0.06 * (i - (len(series) - 1) / 2)
            _error_line(
                ax,
                [v + shift for v in x],
                vals,
                [p[1] for p in pts],
                COLORS[i % 8],
                label,
                ms=3,
                capsize=2,
            )
        ax.set_title(name, fontsize=9)
        ax.set_xticks(list(x))
        ax.set_xlabel(xlabel, fontsize=8)
        ax.set_ylim(0, top * 1.1)
        ax.tick_params(labelsize=8)
    axes[0].set_ylabel(ylabel, fontsize=9)
    axes[-1].legend(fontsize=8, frameon=False, loc="upper right")
    fig.suptitle(title, fontsize=10)
    return save(fig, path)


def ranked_bars(
    path: Path,
    title: str,
    rows: Sequence[tuple[str, float, Sequence[float]]],
    xlabel: str,
    secondary: Sequence[tuple[str, Sequence[tuple[Any, ...]]]] = (),
    ylabel: str = "",
) -> Path:
    """Horizontal bars (top row first) with 95% error bars; optional extra panels in the same
    row order (``(panel title, [(label, value)])`` or ``[(label, value, (low, high))]`` for
    error bars there too); ``ylabel`` names the rows."""
    fig, axes = new_figure(1 + len(secondary))
    labels = [r[0] for r in rows]
    ys = list(range(len(rows)))[::-1]
    vals = [r[1] for r in rows]
    axes[0].barh(ys, vals, xerr=_err(vals, [r[2] for r in rows]), color=COLORS[0], capsize=3)
    axes[0].set_yticks(ys, labels, fontsize=8)
    axes[0].set_xlabel(xlabel, fontsize=8)
    axes[0].tick_params(axis="x", labelsize=8)
    if ylabel:
        axes[0].set_ylabel(ylabel, fontsize=8)
    for k, (name, pairs) in enumerate(secondary, 1):
        order = {p[0]: p for p in pairs}
        vs = [order[lab][1] for lab in labels]
        err = None
        if all(len(order[lab]) > 2 for lab in labels):
            err = _err(vs, [order[lab][2] for lab in labels])
        axes[k].barh(ys, vs, xerr=err, color=COLORS[k % 8], capsize=3)
        axes[k].set_yticks(ys, [""] * len(ys))
        axes[k].set_xlabel(name, fontsize=8)
        axes[k].tick_params(axis="x", labelsize=8)
    fig.suptitle(title, fontsize=10)
    return save(fig, path)


def stacked_shares(
    path: Path,
    title: str,
    groups: Sequence[str],
    parts: Mapping[str, Sequence[float]],
    ylabel: str,
    percent: bool = True,
    xlabel: str = "",
) -> Path:
    """Stacked bars: one bar per group, one layer per part (the legend, outside the axes on
    the right, lists the parts top layer first)."""
    fig, (ax,) = new_figure(1)
    bottom = [0.0] * len(groups)
    for i, (name, vals) in enumerate(parts.items()):
        ax.bar(range(len(groups)), vals, bottom=bottom, color=COLORS[i % 8], label=name, width=0.6)
        bottom = [b + v for b, v in zip(bottom, vals, strict=True)]
    ax.set_xticks(range(len(groups)), groups, fontsize=8)
    if _labels_overlap(groups, 1, fig.get_figwidth() * 0.75):
        ax.tick_params(axis="x", labelrotation=90)
    ax.set_ylabel(ylabel, fontsize=9)
    if xlabel:
        ax.set_xlabel(xlabel, fontsize=9)
    if percent:
        percent_axis(ax.yaxis)
    handles, labels = ax.get_legend_handles_labels()
    ax.legend(
        handles[::-1],
        labels[::-1],
        fontsize=8,
        frameon=False,
        loc="upper left",
        bbox_to_anchor=(1.0, 1.0),
    )
    ax.set_title(title, fontsize=10)
    return save(fig, path)


def plot_strength(ladder: Mapping[str, Any], path: Path) -> Path:
    """Strength against thinking time from a ladder's JSON (``Ladder.to_dict()``): for each
    reference opponent (``random``, ``greedy`` when present, else every agent), the win rate
    of every other agent against it, at that agent's mean CPU seconds per decision (log scale;
    the wall clock for a ladder recorded without CPU times): CPU time does not grow with the
    machine's load, so plots made on a busy machine stay comparable. A ``games_per_match`` of
    ``None`` stands for pooled files (:func:`ninetynine.sim.standings.strength_points`)."""
    agents: list[str] = ladder["agents"]
    refs = [a for a in ("random", "greedy") if a in agents] or agents[:1]
    timing = ladder["timing"]
    key = "cpu_mean_s" if all("cpu_mean_s" in t for t in timing.values()) else "mean_s"
    fig, (ax,) = new_figure(1)
    floor = 1e-4
    for i, ref in enumerate(refs):
        pts = []
        for a in agents:
            cell = ladder["matrix"][a].get(ref)
            if a == ref or cell is None:
                continue
            pts.append((max(floor, timing[a][key]), cell["win_rate"], cell["ci95"], a))
        pts.sort()
        if not pts:
            continue
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        _error_line(ax, xs, ys, [p[2] for p in pts], COLORS[i % 8], f"against {ref}")
        for k, (x, y, _, name) in enumerate(pts):
            ax.annotate(  # neighbours' labels alternate below and above their points
                name,
                (x, y),
                textcoords="offset points",
                xytext=(4, -10 if k % 2 == 0 else 5),
                fontsize=7,
                color=COLORS[i % 8],
            )
    ax.axhline(1 / ladder["num_players"], color="0.5", ls="--", lw=1)
    ax.set_xscale("log")
    ax.set_xlabel(
        (
            "mean CPU seconds per decision, one core"
            if key == "cpu_mean_s"
            else "mean seconds per decision, wall clock"
        )
        + " (log scale; under 0.1 ms drawn at 0.1 ms)",
        fontsize=9,
    )
    ax.set_ylabel("win rate", fontsize=9)
    percent_axis(ax.yaxis)
    ax.set_ylim(0, 1.05)
    ax.legend(fontsize=8, frameon=False, loc="lower right")
    n = ladder["num_players"]
    per_match = ladder["games_per_match"]
    ax.set_title(
        f"{ladder['game']}: strength against thinking time "
        f"({'heads-up' if n == 2 else f'{n} players'}, "
        + (f"{per_match} games a match)" if per_match else "every ladder file pooled)"),
        fontsize=10,
    )
    return save(fig, path)


__all__ = [
    "COLORS",
    "PercentTicks",
    "grouped_rates",
    "histograms",
    "line_panels",
    "lines",
    "new_figure",
    "percent_axis",
    "plot_strength",
    "ranked_bars",
    "save",
    "stacked_shares",
]
