"""Tripwire: penalties and deflections, and the first player's advantage.

Uses ``stats()`` keys (``penalties_dealt``, ``penalties_deflected``, ``hits_taken``,
``wall_hits``, ``tripwires``, ``triple_plays``)."""

from __future__ import annotations

from typing import Any

from .. import plots
from ..core import Context, mean_ci, ratio_ci, register_section, seat_rates
from ..report import pct, pct_ci

GAME = "tripwire"
KEYS = (
    "penalties_dealt",
    "penalties_deflected",
    "hits_taken",
    "wall_hits",
    "tripwires",
    "triple_plays",
)


#: The stats shown in the plot's panels, in panel order.
PANEL_KEYS = ("penalties_dealt", "penalties_deflected", "hits_taken")


def _mci(m: tuple[float, list[float]]) -> str:
    return f"{m[0]:.2f} ± {(m[1][1] - m[1][0]) / 2:.2f}"


def penalties(ctx: Context) -> None:
    """How many penalty units are dealt, deflected and taken; what they do for the winner."""
    r = ctx.report
    r.heading("Penalties and deflections")
    rows, data = [], {}
    counts = ctx.player_counts()
    panels: dict[str, dict[str, list[tuple[float, list[float]]]]] = {
        "units dealt": {"winner": [], "others": []},
        "units deflected (Null)": {"winner": [], "others": []},
        "hits taken": {"winner": [], "others": []},
    }
    shares = []
    for n in counts:
        games = ctx.run(n)
        entry: dict[str, Any] = {}
        for who in ("winner", "others"):
            vals: dict[str, list[float]] = {k: [] for k in KEYS}
            for g in games:
                seats = [g.winner] if who == "winner" else [s for s in range(n) if s != g.winner]
                for s in seats:
                    if s is None:
                        continue
                    for k in KEYS:
                        vals[k].append(float(g.stats.get(k, [0] * n)[s]))
            means = {k: mean_ci(v) for k, v in vals.items()}
            entry[who] = means
            rows.append([f"{n}" if who == "winner" else "", who, *(_mci(means[k]) for k in KEYS)])
            for panel, key in zip(panels, PANEL_KEYS, strict=True):
                panels[panel][who].append(means[key])
        share = ratio_ci(
            [float(sum(g.stats.get("penalties_deflected", [0]))) for g in games],
            [float(sum(g.stats.get("penalties_dealt", [0]))) for g in games],
        )
        entry["deflected_share"] = share
        shares.append((n, share))
        data[n] = entry
    r.text(
        "Per player and game, for the winner and for the other seats (mean ± 95% interval): "
        "penalty units dealt (Tripwires, Stasis, Triple Plays), deflected with a Null, hits "
        "taken (a card drawn and a turn skipped), wall hits, Tripwires and Triple Plays played."
    )
    r.table(["players", "seat", *(k.replace("_", " ") for k in KEYS)], rows)
    r.bullets(
        [
            f"{n} players: {pct_ci(v, ci)} of the units dealt are deflected with a Null"
            for n, (v, ci) in shares
            if v is not None
        ]
    )
    path = plots.line_panels(
        r.figure_path("penalties"),
        "Tripwire: penalty units per player and game, the winner against the others",
        counts,
        panels,
        "players",
        "units per player and game",
    )
    r.image(
        path,
        "Per player and game: units dealt, deflected with a Null, and hits taken; the winner "
        "(blue) and the other seats (orange), 95% intervals.",
    )
    r.data["penalties"] = data


def first_player(ctx: Context) -> None:
    """The first seat's win rate against the fair share, by player count."""
    r = ctx.report
    r.heading("First-player advantage")
    rows, pts, data = [], [], {}
    counts = ctx.player_counts()
    for n in counts:
        rates = seat_rates(ctx.run(n))
        v, ci = rates[0]
        ratio = v * n
        rows.append([str(n), pct_ci(v, ci), pct(1 / n), f"{ratio:.2f}"])
        pts.append((v - 1 / n, [ci[0] - 1 / n, ci[1] - 1 / n]))
        data[n] = {"seat0": [v, ci], "ratio_to_fair": ratio}
    r.text("Seat 0 plays first. *Ratio*: its win rate over the fair share 1/n.")
    r.table(["players", "seat 0 wins (95% CI)", "fair", "ratio"], rows)
    path = plots.lines(
        r.figure_path("first_player"),
        "Tripwire: seat 0's win rate minus the fair share",
        counts,
        {"seat 0": pts},
        "players",
        "advantage (points of win rate)",
        xticks=[str(n) for n in counts],
        fair={"seat 0": 0.0},
    )
    r.image(path, "Above the dotted line: moving first is an advantage.")
    r.data["first_player"] = data


register_section("penalties", penalties, game_id=GAME)
register_section("first_player", first_player, game_id=GAME)

__all__: list[Any] = ["first_player", "penalties"]
