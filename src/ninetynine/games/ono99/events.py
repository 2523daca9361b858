"""Notable events of one ONO 99 move, from the public views before and after it (pure; used by
:meth:`Ono99Game.describe_events` for the terminal and the replay).

ONO 99's ``scores()`` count the seats each seat outlasted, so a score change is not worth a
line of its own; a seat leaving is (ONO 99 rulebook § How to Play).

Lines come in the order things happen at the table: what the card did (a Reverse, an exchange),
the draw (a rebuilt draw pile), who left, then who owes two turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninetynine.core.presentation import Transition

from .actions import EXCHANGE
from .cards import PLAY2, REVERSE


def _next_in(in_game: Sequence[bool], p: int, direction: int) -> int:
    n = len(in_game)
    q = (p + direction) % n
    while not in_game[q] and q != p:
        q = (q + direction) % n
    return q


def describe_events(move: Transition, game: Any = None) -> list[str]:
    """A reversed direction (or, with two players in the game, what a Reverse did instead), an
    exchange, a rebuilt draw pile, seats that left the game, a Play 2 owed."""
    before, after, mover, names = move.before, move.after, move.mover, move.names
    events: list[str] = []
    last = after.get("last")
    action = last["action"] if last is not None and last["seat"] == mover else None
    cur = after["current_player"]
    owed_first = before["play2"] == 2 and before["current_player"] == mover
    in_before = sum(before["in_game"])
    who = names[mover]
    imposed = -1  # the seat a Play 2 (or a strike back) makes owe two turns
    if action == REVERSE:
        if owed_first:
            way = "clockwise" if after["direction"] == 1 else "counterclockwise"
            events.append(f"{who} strikes the Play 2 back with a Reverse: play now goes {way}")
        elif in_before == 2:
            if cur == mover:
                events.append(
                    f"{who} played a Reverse: with two players in the game, {who} plays again"
                )
            elif cur >= 0:
                events.append("a Reverse with two players in the game: the turn passes as usual")
        else:
            way = "clockwise" if after["direction"] == 1 else "counterclockwise"
            events.append(f"{who} reversed the direction: play now goes {way}")
        if owed_first:
            imposed = _next_in(before["in_game"], mover, after["direction"])
    elif action == PLAY2:
        imposed = _next_in(before["in_game"], mover, after["direction"])
    elif action == EXCHANGE:
        events.append(f"{who} exchanged the four ONO 99 cards for new cards")
    if after["rebuilds"] > before["rebuilds"]:
        events.append(f"the draw pile ran out and was rebuilt ({after['draw_size']} cards)")
    # the seat whose Play 2 turns a leaving ends: the one just made to owe them, or the mover
    # who still owed a second turn
    owing = imposed if imposed >= 0 else (mover if owed_first and action != PLAY2 else -1)
    for e in after["eliminations"][len(before["eliminations"]) :]:
        line = (
            f"{names[e['seat']]} cannot stay below 99 (total {e['total']}) and leaves the game "
            f"in round {e['round']}"
        )
        if e["seat"] == owing:
            line += "; the Play 2 is not passed on"
        events.append(line)
    if (
        after["play2"] == 2
        and cur >= 0
        and (before["play2"] != 2 or cur != before["current_player"])
    ):
        events.append(f"{names[cur]} must play two turns in a row (Play 2)")
    return events
