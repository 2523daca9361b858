"""ONO 99 action ids and their notation.

An id means the same move in every state (OpenSpiel's distinct actions). A move is the kind of
card played: copies of a kind are identical, so one id per kind.

=======  ================  ==========================================================
ids      notation          move
=======  ================  ==========================================================
0-10     ``+7=47``         play a number card; ``=47`` is the total declared
11       ``-10=37``        play a Minus 10
12       ``Rev=47``        play a Reverse
13       ``P2=47``         play a Play 2
14       ``exchange``      exchange all four ONO 99 cards for four new ones
=======  ================  ==========================================================

"Declare the total" (ONO 99 rulebook § Playing a Card; decision D4): the engine
computes the declaration; a state writes it after ``=`` in its notation, so a record reads
like the table talk. A number card is written with its sign (``+7``), like the Minus 10
(``-10``), so a move never reads as a bare number. Reading a move, the sign and the declaration
are optional (``7`` works) and a declaration, when given, is checked
(:meth:`Ono99State.string_to_action`).

>>> action_to_string(7, total=40), action_to_string(MINUS10, total=7), action_to_string(EXCHANGE)
('+7=47', '-10=0', 'exchange')
>>> parse_action("play 3 = 10"), parse_action("reverse"), parse_action("exchange")
((3, 10), (12, None), (14, None))
"""

from __future__ import annotations

import re

from ninetynine.core.errors import NotationError

from .cards import MINUS10, ONO, PLAY2, REVERSE, SHORT, parse_card
from .rules import declared

PLAY_MAX = PLAY2  # ids 0..13 play the card of that kind
EXCHANGE = ONO  # 14
NUM_ACTIONS = EXCHANGE + 1  # 15

__all__ = [
    "EXCHANGE",
    "MINUS10",
    "NUM_ACTIONS",
    "PLAY2",
    "REVERSE",
    "action_to_string",
    "parse_action",
    "string_to_action",
]

_EXCHANGE_WORDS = frozenset({"exchange", "x", "swap", "ono", "exchangeono", "99"})
_DECL = re.compile(r"^(.*?)(?:=\s*(-?\d+))?$")


def action_to_string(a: int, total: int | None = None) -> str:
    """The notation of action id ``a`` (no spaces): ``+7``, ``-10``, ``Rev``, ``P2``,
    ``exchange``; with ``total``, the declaration after ``=`` (e.g. ``+7=47``).

    :raises ValueError: not an action id."""
    if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < NUM_ACTIONS:
        raise ValueError(f"{a!r} is not an ONO 99 action id (0-{NUM_ACTIONS - 1})")
    if a == EXCHANGE:
        return "exchange"
    card = f"+{a}" if a <= 10 else SHORT[a]
    return card if total is None else f"{card}={declared(total, a)}"


def parse_action(text: str) -> tuple[int, int | None]:
    """Parse a move into ``(action id, declared total or None)``. Forgiving: ``+7=47``,
    ``+7``, ``7``, ``play 7``, ``-10`` / ``minus 10``, ``Rev`` / ``reverse``, ``P2`` / ``play 2``,
    ``exchange`` (or ``x``, ``swap``, ``ono``).

    :raises NotationError: not an ONO 99 move.
    """
    t = " ".join(str(text).strip().lower().split())
    m = _DECL.match(t)
    assert m is not None  # the pattern matches every string
    body, decl = m.group(1).strip(), m.group(2)
    says_play = body.startswith("play ") and body != "play 2"
    if says_play:
        body = body[5:].strip()
    elif body.replace(" ", "") in _EXCHANGE_WORDS and decl is None:
        return EXCHANGE, None
    if body.startswith("+"):
        body = body[1:].strip()
    try:
        kind = parse_card(body)
    except NotationError:
        raise NotationError(
            f"{text!r} is not an ONO 99 move: write a card to play (a number 0-10, -10, Rev, "
            "P2), optionally with the total it declares (+7=47), or exchange"
        ) from None
    if kind == ONO:
        raise NotationError(
            f"{text!r} is not a move: an ONO 99 card is never played; with all four, write exchange"
        )
    return kind, (int(decl) if decl is not None else None)


def string_to_action(text: str) -> int:
    """The action id of a move, ignoring any declaration. :raises NotationError: as
    :func:`parse_action`."""
    return parse_action(text)[0]


assert SHORT[MINUS10] == "-10" and SHORT[REVERSE] == "Rev" and SHORT[PLAY2] == "P2"
