"""What a card does to the running total, and whether it may be played.

ONO 99 rulebook § Playing a Card, ``§ How to Play`` ("A player who has no card in
hand that can be played without the total reaching 99 or more leaves the game"), ``§ Hints``
("If the total becomes negative, it is treated as zero"), ``§ Special Cards``.

The running total is always 0..98 (decision D3): a card is playable exactly when the total it
declares stays below 99, so the total never reaches 99.

>>> from .cards import MINUS10, ONO, REVERSE
>>> declared(7, 3), declared(7, MINUS10), declared(40, REVERSE)
(10, 0, 40)
>>> is_playable(94, 5), is_playable(94, 4), is_playable(98, MINUS10), is_playable(0, ONO)
(False, True, True, False)
"""

from __future__ import annotations

from .cards import MINUS10, NAMES, NUM_KINDS, ONO, PLAY2, REVERSE

#: The total must stay below this (``§ How to Play``).
LIMIT = 99
MAX_TOTAL = LIMIT - 1  # 98


def declared(total: int, kind: int) -> int:
    """The total a player declares after playing ``kind`` on ``total`` (may be 99 or more for
    a card that cannot be played; never below 0). ONO cards are never played: ``total``."""
    if kind <= 10:
        return total + kind
    if kind == MINUS10:
        return total - 10 if total > 10 else 0
    return total


def _build() -> tuple[tuple[int, ...], tuple[tuple[bool, ...], ...]]:
    nxt: list[int] = []
    ok: list[tuple[bool, ...]] = []
    for t in range(LIMIT):
        nxt.extend(declared(t, k) for k in range(NUM_KINDS))
        ok.append(tuple(k != ONO and declared(t, k) < LIMIT for k in range(NUM_KINDS)))
    return tuple(nxt), tuple(ok)


#: ``NEXT[total * 15 + kind]``: the declared total; ``PLAYABLE[total][kind]``: may be played.
NEXT, PLAYABLE = _build()

#: Cards that can be played whatever the total (the "escapes" of ``heuristics.py``): 0, Minus
#: 10, Reverse, Play 2.
ALWAYS_PLAYABLE: frozenset[int] = frozenset(
    k for k in range(NUM_KINDS) if all(PLAYABLE[t][k] for t in range(LIMIT))
)


def is_playable(total: int, kind: int) -> bool:
    """True if ``kind`` may be played on ``total`` (0..98)."""
    return PLAYABLE[total][kind]


def effect(kind: int, total: int | None = None) -> str:
    """What the card does, in words; with ``total``, the total it would declare.

    >>> effect(7, 40), effect(MINUS10, 4), effect(5, 94)
    ('adds 7: declares 47', 'subtracts 10: declares 0', 'cannot be played: 94 + 5 = 99')
    """
    if kind == ONO:
        return "can never be played; four of them are exchanged for new cards"
    if total is None:
        if kind <= 10:
            return f"adds {kind}"
        return {
            MINUS10: "subtracts 10 (never below 0)",
            REVERSE: "reverses the direction; the total stays",
            PLAY2: "the next player takes two turns in a row; the total stays",
        }[kind]
    d = declared(total, kind)
    if d >= LIMIT:
        return f"cannot be played: {total} + {kind} = {d}"
    if kind <= 10:
        return f"adds {kind}: declares {d}"
    if kind == MINUS10:
        return f"subtracts 10: declares {d}"
    if kind == REVERSE:
        return f"reverses the direction: declares {d}"
    return f"the next player plays twice: declares {d}"


def why_unplayable(total: int, kind: int) -> str:
    """The reason in the game's words, e.g.
    ``"5 cannot be played: 94 + 5 = 99, the total must stay below 99"``."""
    if kind == ONO:
        return (
            "ONO cannot be played: an ONO 99 card is never played; "
            "all four are exchanged on the turn after they are collected"
        )
    d = declared(total, kind)
    return (
        f"{NAMES[kind]} cannot be played: {total} + {kind} = {d}, the total must stay below {LIMIT}"
    )
