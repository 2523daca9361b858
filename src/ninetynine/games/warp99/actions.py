"""Warp 99 action ids and their notation.

An id means the same move in every state (OpenSpiel's distinct actions):

============  ==========  =====================================================  ============
ids           notation    move                                                   when
============  ==========  =====================================================  ============
0-109         ``R7``      Action A: put card 7-red into the personal row          row phase
110-219       ``R7>1``    Action B: play the card on discard pile 1               discard phase
220-329       ``R7>2``    Action B: play the card on discard pile 2               discard phase
330           ``score``   score and clear the personal row (before Action A's card) row phase
331           ``end``     end Action B; Action C refills the hand, next player    discard phase
332           ``take``    take the extra card earned by a double match            extra card
333           ``decline`` do not take it                                          extra card
334-336       ``flip1``   stuck: reveal the hand and flip rule card 1, 2 or 3      discard phase
============  ==========  =====================================================  ============

>>> action_to_string(PILE_BASE[1] + 7)
'R7>2'
>>> string_to_action("red 7 on 2") == string_to_action("R7>2")
True
"""

from __future__ import annotations

import re

from ninetynine.core.errors import NotationError
from ninetynine.core.util import as_action_id

from .cards import NUM_CARDS, format_card, parse_card

ROW_BASE = 0
PILE_BASE = (NUM_CARDS, 2 * NUM_CARDS)  # 110, 220
SCORE = 3 * NUM_CARDS  # 330
END = SCORE + 1  # 331
TAKE = SCORE + 2  # 332
DECLINE = SCORE + 3  # 333
FLIP_BASE = SCORE + 4  # 334, 335, 336
NUM_ACTIONS = FLIP_BASE + 3  # 337

_WORDS = {
    "score": SCORE,
    "end": END,
    "pass": END,
    "done": END,
    "take": TAKE,
    "decline": DECLINE,
}
_PILE_RE = re.compile(r"^(.+?)\s*(?:>|\bon\b|/)\s*(?:pile\s*)?([12])$")
_FLIP_RE = re.compile(r"^flip\s*([123])$")


def action_to_string(a: int) -> str:
    """The notation of action id ``a`` (no spaces). :raises ValueError: not an action id."""
    a_id = as_action_id(a)
    if a_id is None or not 0 <= a_id < NUM_ACTIONS:
        raise ValueError(f"{a!r} is not a Warp 99 action id (0-{NUM_ACTIONS - 1})")
    a = a_id
    if a < NUM_CARDS:
        return format_card(a)
    if a < SCORE:
        pile, c = divmod(a - NUM_CARDS, NUM_CARDS)
        return f"{format_card(c)}>{pile + 1}"
    if a == SCORE:
        return "score"
    if a == END:
        return "end"
    if a == TAKE:
        return "take"
    if a == DECLINE:
        return "decline"
    return f"flip{a - FLIP_BASE + 1}"


def string_to_action(text: str) -> int:
    """Parse notation; forgiving about case, spaces and long forms.

    Accepts ``R7`` / ``row R7`` / ``red 7`` (row), ``R7>1`` / ``R7 on 2`` / ``red 7 > pile 2``
    (discard), ``score``, ``end`` (or ``pass``), ``take``, ``decline``, ``flip1`` / ``flip 3``.

    :raises NotationError: not a Warp 99 move.
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a Warp 99 move: notation is text, e.g. R7>1")
    t = " ".join(text.strip().lower().split())
    if t in _WORDS:
        return _WORDS[t]
    m = _FLIP_RE.match(t)
    if m:
        return FLIP_BASE + int(m.group(1)) - 1
    m = _PILE_RE.match(t)
    try:
        if m:
            return PILE_BASE[int(m.group(2)) - 1] + parse_card(m.group(1))
        if t.startswith("row "):
            t = t[4:]
        return ROW_BASE + parse_card(t)
    except NotationError:
        raise NotationError(
            f"{text!r} is not a Warp 99 move: write a card for your row (R7), a card and a pile "
            "(R7>1, R7>2), or one of score, end, take, decline, flip1-flip3"
        ) from None
