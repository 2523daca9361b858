"""Tripwire action ids and their notation (decision D28 in ``docs/rules/tripwire.md``).

An id means the same move in every state (OpenSpiel's distinct actions). A play on a dock is
``50 * (dock - 1) + j`` with the dock slot ``j`` of ``rules.py``:

=========  ==============  ===============================================================
j / id     notation        move
=========  ==============  ===============================================================
0-29       ``T7>1``        a standard card (``j`` = 10 x colour + value - 1; T, P, O)
30-37      ``G5>2``        a Grey 2-9
38-45      ``Vec6>3``      a Vector declared as 2-9
46         ``Volt>1``      a Volt (a 1 on a 2, a 10 on a 9)
47         ``Stasis>2``    a Stasis (a 5)
48 / 49    ``Plus>3``      a [+] / ``Minus>3`` a [-]
150        ``null``        play a Null against the Attack Wave (safe from one unit)
151        ``take``        take the hit (draw one, skip a turn; the Wall Rule's only move)
152        ``draw``        no valid play: draw one card, the turn ends
153        ``end``         end the turn (after at least one card)
=========  ==============  ===============================================================

>>> action_to_string(6), action_to_string(50 + 33), action_to_string(100 + 42)
('T7>1', 'G5>2', 'Vec6>3')
>>> string_to_action("teal 7 on 1"), string_to_action("vector 6 > 3"), string_to_action("[+]>2")
(6, 142, 98)
"""

from __future__ import annotations

import re

from ninetynine.core.errors import NotationError

from .cards import MINUS, PLUS, STASIS, VECTOR, VOLT, parse_card
from .rules import (
    MINUS_SLOT,
    PLUS_SLOT,
    SLOTS,
    STASIS_SLOT,
    VECTOR_SLOT0,
    VOLT_SLOT,
    slot_name,
)

NUM_DOCKS = 3
PLAY_MAX = NUM_DOCKS * SLOTS  # 150: ids 0..149 are plays on a dock
NULL_ACTION = PLAY_MAX  # 150
TAKE = PLAY_MAX + 1  # 151
DRAW = PLAY_MAX + 2  # 152
END = PLAY_MAX + 3  # 153
NUM_ACTIONS = END + 1  # 154

WORDS = {NULL_ACTION: "null", TAKE: "take", DRAW: "draw", END: "end"}
_WORD_ALIASES = {
    "null": NULL_ACTION,
    "deflect": NULL_ACTION,
    "n": NULL_ACTION,
    "take": TAKE,
    "hit": TAKE,
    "takehit": TAKE,
    "draw": DRAW,
    "d": DRAW,
    "end": END,
    "pass": END,
    "stop": END,
    "done": END,
    "e": END,
}
_MOVE = re.compile(r"^(.*?)(?:>|on|@|dock)(?:dock)?(\d+)$")
_VECTOR = re.compile(r"^(?:vec|vector|v)(?:as)?([2-9])$")
_CARD_SLOT = {VOLT: VOLT_SLOT, STASIS: STASIS_SLOT, PLUS: PLUS_SLOT, MINUS: MINUS_SLOT}

__all__ = [
    "DRAW",
    "END",
    "NULL_ACTION",
    "NUM_ACTIONS",
    "NUM_DOCKS",
    "PLAY_MAX",
    "TAKE",
    "action_to_string",
    "dock_of",
    "play_id",
    "slot_of",
    "string_to_action",
]


def play_id(dock: int, j: int) -> int:
    """The id of slot ``j`` on ``dock`` (1-3)."""
    return (dock - 1) * SLOTS + j


def dock_of(action: int) -> int:
    """The dock (1-3) of a play id."""
    return action // SLOTS + 1


def slot_of(action: int) -> int:
    """The dock slot ``j`` of a play id."""
    return action % SLOTS


def action_to_string(a: int) -> str:
    """The notation of action id ``a`` (no spaces), e.g. ``T7>1``, ``Vec6>3``, ``null``.

    :raises ValueError: not an action id."""
    if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < NUM_ACTIONS:
        raise ValueError(f"{a!r} is not a Tripwire action id (0-{NUM_ACTIONS - 1})")
    if a >= PLAY_MAX:
        return WORDS[a]
    return f"{slot_name(slot_of(a))}>{dock_of(a)}"


def string_to_action(text: str) -> int:
    """Parse a move. Forgiving about case and spaces: ``T7>1``, ``teal 7 on 1``, ``G5>2``,
    ``Vec6>3`` / ``vector 6 > 3`` / ``v6>3``, ``Volt>1``, ``Stasis>2``, ``Plus>3`` / ``[+]>3``
    / ``+>3``, ``Minus>3``, ``null``, ``take`` / ``hit``, ``draw``, ``end`` / ``pass``.

    :raises NotationError: not a Tripwire move.
    """
    t = "".join(str(text).lower().split())
    if t in _WORD_ALIASES:
        return _WORD_ALIASES[t]
    m = _MOVE.match(t)
    if m:
        card, dock = m.group(1), int(m.group(2))
        if not 1 <= dock <= NUM_DOCKS:
            raise NotationError(f"{text!r}: there is no dock {dock} (the docks are 1-3)")
        for prefix in ("play", "put"):
            card = card.removeprefix(prefix)
        v = _VECTOR.match(card)
        if v:
            return play_id(dock, VECTOR_SLOT0 + int(v.group(1)) - 2)
        try:
            kind = parse_card(card)
        except NotationError:
            kind = -1
        if kind == VECTOR:
            raise NotationError(
                f"{text!r}: say the number the Vector is played as, e.g. Vec6>{dock}"
            )
        if kind in _CARD_SLOT:
            return play_id(dock, _CARD_SLOT[kind])
        if 0 <= kind < VECTOR:
            return play_id(dock, kind)
        if kind >= 0:  # the Null
            raise NotationError(
                f"{text!r} is not a move: a Null is never played on a dock; against an Attack "
                "Wave, write null"
            )
    raise NotationError(
        f"{text!r} is not a Tripwire move: write a card and a dock (T7>1, G5>2, Vec6>3, Volt>1, "
        "Stasis>2, Plus>3, Minus>3), or null, take, draw, end"
    )
