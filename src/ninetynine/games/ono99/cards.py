"""ONO 99 cards: fifteen kinds, many copies of each; the deck composition.

ONO 99 rulebook § Special Cards, ``§ Set Contents`` ("112 cards"). Copies of a kind
are indistinguishable, so a card is its *kind*, an integer 0..14:

======  ============  ==========  =====================================================
kind    card          notation    effect on the running total
======  ============  ==========  =====================================================
0-10    number card   ``7``       adds its number
11      Minus 10      ``-10``     subtracts 10; a total below zero becomes zero
12      Reverse       ``Rev``     unchanged; the direction of play reverses
13      Play 2        ``P2``      unchanged; the next player takes two turns in a row
14      99 (ONO)      ``ONO``     can never be played; four of them are exchanged
======  ============  ==========  =====================================================

The standard deck (decision D1 in ``docs/rules/ono99.md``): eight 0s, six each of 1-9, ten
10s (the published counts, 72 cards), twelve each of Minus 10, Reverse and Play 2 (our even
split of the 36 cards the text leaves unnamed) and the four ONO cards: 112. Option ``deck``
changes any count (:func:`parse_deck`).

>>> format_card(MINUS10), card_name(PLAY2), parse_card("reverse") == REVERSE
('-10', 'Play 2', True)
>>> sum(STANDARD_COUNTS)
112
>>> parse_deck("m10=16, rev=8")
'-10=16,Rev=8'
"""

from __future__ import annotations

from collections.abc import Iterable

from ninetynine.core.errors import NotationError
from ninetynine.core.options import format_counts, parse_counts

MINUS10 = 11
REVERSE = 12
PLAY2 = 13
ONO = 14
NUM_KINDS = 15

#: Short notation per kind (no spaces).
SHORT: tuple[str, ...] = (*(str(v) for v in range(11)), "-10", "Rev", "P2", "ONO")
#: Long name per kind, as the rulebook says it.
NAMES: tuple[str, ...] = (
    *(str(v) for v in range(11)),
    "Minus 10",
    "Reverse",
    "Play 2",
    "ONO 99",
)

#: Cards per kind in the standard deck (D1): 0 x8, 1-9 x6, 10 x10, Minus 10 / Reverse /
#: Play 2 x12 each, ONO x4.
STANDARD_COUNTS: tuple[int, ...] = (8, *([6] * 9), 10, 12, 12, 12, 4)

#: The most copies of one kind option ``deck`` accepts.
MAX_COPIES = 40

_ALIASES: dict[str, int] = {s.lower(): k for k, s in enumerate(SHORT)}
_ALIASES.update(
    {
        "m10": MINUS10,
        "minus10": MINUS10,
        "minus": MINUS10,
        "r": REVERSE,
        "reverse": REVERSE,
        "play2": PLAY2,
        "p": PLAY2,
        "x2": PLAY2,
        "99": ONO,
        "ono99": ONO,
        "o": ONO,
    }
)


def format_card(kind: int) -> str:
    """Short notation of a card kind, e.g. ``7``, ``-10``, ``Rev``, ``P2``, ``ONO``."""
    return SHORT[kind]


def card_name(kind: int) -> str:
    """The rulebook's name, e.g. ``Minus 10``, ``Reverse``, ``Play 2``, ``ONO 99``."""
    return NAMES[kind]


def parse_card(text: str) -> int:
    """Parse a card: ``7``, ``-10`` / ``m10`` / ``minus 10``, ``Rev`` / ``reverse`` / ``r``,
    ``P2`` / ``play 2``, ``ONO`` / ``99``. Case and spaces do not matter.

    :raises NotationError: not an ONO 99 card.
    """
    t = "".join(text.lower().split())
    if t in _ALIASES:
        return _ALIASES[t]
    raise NotationError(
        f"{text!r} is not an ONO 99 card: write a number 0-10, -10 (Minus 10), Rev (Reverse), "
        "P2 (Play 2) or ONO"
    )


def format_cards(kinds: Iterable[int]) -> str:
    """Cards separated by spaces, e.g. ``3 7 -10 Rev``; ``-`` for none."""
    s = " ".join(SHORT[k] for k in kinds)
    return s or "-"


# --------------------------------------------------------------------------- the deck option
def deck_counts(spec: str) -> tuple[int, ...]:
    """Counts per kind of a normalised ``deck`` option (``standard`` or overrides).

    >>> deck_counts("ONO=0")[ONO], deck_counts("standard") == STANDARD_COUNTS
    (0, True)
    """
    return tuple(parse_counts(spec, STANDARD_COUNTS, parse_card, "ONO=0"))


def parse_deck(value: object) -> str:
    """Normalise option ``deck``: ``standard`` (D1), or overrides of the standard counts as
    ``kind=count`` pairs separated by commas, e.g. ``m10=16,rev=8`` or ``ONO=0``. The result
    lists the kinds that differ from the standard deck in kind order (``standard`` if none).

    :raises ValueError: an unknown kind, a count above 40, no playable card, or a number of
        ONO cards other than 0 or 4 (the exchange needs "all 4 copies", D9).
    """
    if isinstance(value, list | tuple):
        if len(value) != NUM_KINDS:
            raise ValueError(
                f"a deck list needs {NUM_KINDS} counts (kinds 0-10, -10, Rev, P2, ONO)"
            )
        counts = [int(x) for x in value]
    else:
        counts = parse_counts(value, STANDARD_COUNTS, parse_card, "m10=16,rev=8")
    if any(not 0 <= c <= MAX_COPIES for c in counts):
        raise ValueError(f"each kind needs 0 to {MAX_COPIES} copies")
    if counts[ONO] not in (0, 4):
        raise ValueError("the deck has 0 or 4 ONO cards (the exchange needs all 4 copies)")
    if sum(counts[:ONO]) == 0:
        raise ValueError("the deck needs at least one playable card")
    return format_counts(counts, STANDARD_COUNTS, SHORT, range(NUM_KINDS))
