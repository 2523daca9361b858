"""Notable events of one ONO 99 move, from the public views before and after it (pure; used by
:meth:`Ono99Game.describe_events` for the terminal and the replay).

ONO 99's ``scores()`` count the seats each seat outlasted, so a score change is not worth a
line of its own; a seat leaving is (``004_69530accaedd5eb3.txt § How to Play``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def describe_events(
    before: Mapping[str, Any], after: Mapping[str, Any], mover: int, names: Sequence[str]
) -> list[str]:
    """Seats that left the game, a reversed direction, a Play 2 owed, a rebuilt draw pile."""
    events: list[str] = []
    for e in after["eliminations"][len(before["eliminations"]) :]:
        events.append(
            f"{names[e['seat']]} cannot stay below 99 (total {e['total']}) and leaves the game "
            f"in round {e['round']}"
        )
    if after["direction"] != before["direction"]:
        way = "clockwise" if after["direction"] == 1 else "counterclockwise"
        events.append(f"{names[mover]} reversed the direction: play now goes {way}")
    cur = after["current_player"]
    if (
        after["play2"] == 2
        and cur >= 0
        and (before["play2"] != 2 or cur != before["current_player"])
    ):
        events.append(f"{names[cur]} must play two turns in a row (Play 2)")
    if after["rebuilds"] > before["rebuilds"]:
        events.append(f"the draw pile ran out and was rebuilt ({after['draw_size']} cards)")
    return events
