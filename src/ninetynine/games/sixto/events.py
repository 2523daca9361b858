"""Notable events of one Sixto move, from the public view after it (pure; used by
:meth:`SixtoGame.describe_events` for the terminal and the replay).

The state lists what each action caused in its observation's ``events``; a choice made in
secret causes only ``chosen`` (who, never what) until the last player has chosen, when every
player's marks are told at once, e.g. ``"Seat 1 marks Red 3 (column 4), Green 6 (column 9; 2
spaces lost); score 45"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninetynine.core.presentation import Transition

from .rules import HIT_BONUS, layout_for
from .sheets import COLORS


def dice_text(dice: Sequence[int]) -> str:
    """``R3 Y5 G- B6 P2 O4`` (``-``: a removed die)."""
    return " ".join(f"{'RYGBPO'[d]}{v or '-'}" for d, v in enumerate(dice))


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def describe_events(move: Transition, game: Any) -> list[str]:
    """One line per notable event: rolls, every player's marks once a roll resolves, dice
    removed and the end. A ``keep`` or a secret choice adds nothing (the move line says it)."""
    after, names = move.after, move.names
    out: list[str] = []
    for e in after.get("events", []):
        kind = e["type"]
        if kind in ("setup", "roll"):
            out.append(f"{names[e['seat']]} rolls {dice_text(e['dice'])}")
        elif kind == "reroll":
            out.append(f"{names[e['seat']]} re-rolls: {dice_text(e['dice'])}")
        elif kind == "marks":
            q = e["seat"]
            sheet = after["sheets"][q]
            lay = layout_for(sheet["design"] - 1, after["width"], after["pad"])
            score = after["scores"][q]
            if e.get("unlock"):
                r, c = e["unlock"]
                lost = f"; {_plural(e['lost'], 'space')} lost" if e["lost"] else ""
                out.append(
                    f"{names[q]} crosses off the {COLORS[r]} row's lock (column {c + 1}{lost}); "
                    f"score {score:g}"
                )
                continue
            if not e["marks"]:
                out.append(f"{names[q]} marks nothing; score {score:g}")
                continue
            parts = []
            rolled = (after.get("last_roll") or {}).get("dice")
            for d, r, c, hit in e["marks"]:
                i = r * lay.width + c
                space = lay.numbers[i]
                # the die as it showed (a hit marks a space whatever the die shows, D16)
                v = rolled[d] if rolled and rolled[d] else space
                where = f"column {c + 1}" + (f", row {r + 1}" if after["pad"] == "kriskras" else "")
                if hit:
                    parts.append(f"{COLORS[d]} {v} as a hit on the {space} in {where} (no bonus)")
                elif lay.hits[i]:
                    parts.append(f"{COLORS[d]} {v} ({where}, a hit space: +{HIT_BONUS})")
                else:
                    parts.append(f"{COLORS[d]} {v} ({where})")
            lost = f"; {_plural(e['lost'], 'space')} lost" if e["lost"] else ""
            out.append(f"{names[q]} marks {', '.join(parts)}{lost}; score {score:g}")
        elif kind == "removed":
            who = " and ".join(names[q] for q in e["by"])
            out.append(
                f"the {COLORS[e['die']]} die is removed: {who} marked two spaces of the "
                f"{COLORS[e['die']]} row's target area"
            )
        elif kind == "end":
            how = {
                "dice": "the third die is out",
                "stalled": "no sheet can take another mark",
                "turn_limit": "the safety stop (turn limit)",
            }[e["how"]]
            scores = after["scores"]
            if len(scores) == 1:
                res = f"final score {scores[0]:g}"
            elif e["winner"] >= 0:
                res = f"{names[e['winner']]} wins with {scores[e['winner']]:g}"
            else:
                res = f"a draw at {max(scores):g}"
            out.append(f"game over, {how}: {res}")
    return out


__all__ = ["describe_events", "dice_text"]
