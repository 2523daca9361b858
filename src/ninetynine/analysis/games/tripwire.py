"""Tripwire: penalties and deflections, and the first player's advantage.

Uses ``stats()`` keys (``penalties_dealt``, ``penalties_deflected``, ``hits_taken``,
``wall_hits``, ``tripwires``, ``triple_plays``)."""

from __future__ import annotations

from typing import Any

from .. import plots
from ..core import Context, mean_ci, register_section, seat_rates
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


def penalties(ctx: Context) -> None:
    """How many penalty units are dealt, deflected and taken; what they do for the winner."""
    r = ctx.report
    r.heading("Penalties and deflections")
    rows, data = [], {}
    groups: list[str] = []
    dealt, deflected, taken = [], [], []
    for n in ctx.player_counts():
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
            rows.append(
                [f"{n}" if who == "winner" else "", who, *(f"{means[k][0]:.2f}" for k in KEYS)]
            )
            groups.append(f"{n}p {who[:3]}")
            dealt.append(means["penalties_dealt"][0])
            deflected.append(means["penalties_deflected"][0])
            taken.append(means["hits_taken"][0])
        units = sum(sum(g.stats.get("penalties_dealt", [0])) for g in games)
        defl = sum(sum(g.stats.get("penalties_deflected", [0])) for g in games)
        entry["deflected_share"] = defl / units if units else None
        data[n] = entry
    r.text(
        "Per player and game, for the winner and for the other seats: penalty units dealt "
        "(Tripwires, Stasis, Triple Plays), deflected with a Null, hits taken (a card drawn "
        "and a turn skipped), wall hits, Tripwires and Triple Plays played."
    )
    r.table(["players", "seat", *(k.replace("_", " ") for k in KEYS)], rows)
    r.bullets(
        [
            f"{n} players: {pct(d['deflected_share'])} of the units dealt are deflected"
            for n, d in data.items()
            if d["deflected_share"] is not None
        ]
    )
    path = plots.stacked_shares(
        r.figure_path("penalties"),
        "Tripwire: penalty units per player and game",
        groups,
        {"dealt": dealt, "deflected": deflected, "hits taken": taken},
        "units per player",
        percent=False,
    )
    r.image(path, "Units dealt, deflected and taken: winners (win) and the others (oth).")
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
        fair={"seat 0": 0.0},
    )
    r.image(path, "Above the dotted line: moving first is an advantage.")
    r.data["first_player"] = data


register_section("penalties", penalties, game_id=GAME)
register_section("first_player", first_player, game_id=GAME)

__all__: list[Any] = ["first_player", "penalties"]
