"""99 Heroes cards: a standard 52-card deck per player, no jokers.

99 Heroes rulebook § Setup: "Each player should take a standard 52-card deck and
remove Jokers." Card ids are ``suit * 13 + rank - 1`` (0..51): suits in the order of
:data:`SUITS` (clubs, diamonds, hearts, spades), ranks 1 (ace) to 13 (king). Every player owns
one copy of each id; where two players' cards meet (a shifted card, a bolster on an enemy
hero) a card is stored with its owner as ``owner * 52 + id`` (an *owned code*, see
:func:`owned`).

Notation: rank then suit letter, e.g. ``7H`` (seven of hearts), ``10S``, ``QD``, ``AC``.
:func:`parse_card` is forgiving: ``7h``, ``T♠`` and ``queen of diamonds`` also parse.

>>> format_card(card(2, 7)), format_card(parse_card("queen of diamonds"))
('7H', 'QD')
>>> strength_value(parse_card("KS")), strength_value(parse_card("AS")), strength_value(0, ace=11)
(5, 1, 11)
"""

from __future__ import annotations

from ninetynine.core.errors import NotationError

SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES: tuple[str, ...] = (
    "",
    "A",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
)
RANK_WORDS: tuple[str, ...] = (
    "",
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
NUM_CARDS = 52
NUM_RANKS = 13
DECK_SIZE = NUM_CARDS

#: SUIT[c], RANK[c] (1-13) of every card id.
SUIT: tuple[int, ...] = tuple(c // NUM_RANKS for c in range(NUM_CARDS))
RANK: tuple[int, ...] = tuple(c % NUM_RANKS + 1 for c in range(NUM_CARDS))

_RANKS = {name.lower(): r for r, name in enumerate(RANK_NAMES) if name}
_RANKS.update({w: r for r, w in enumerate(RANK_WORDS) if w})
_RANKS.update({"t": 10, "1": 1, "11": 11, "12": 12, "13": 13})
_SUITS = {SUIT_LETTERS[i].lower(): i for i in range(4)}
_SUITS.update({SUIT_SYMBOLS[i]: i for i in range(4)})
_SUITS.update({name: i for i, name in enumerate(SUITS)})
_SUITS.update({name[:-1]: i for i, name in enumerate(SUITS)})


def card(suit: int, rank: int) -> int:
    """The id of the card of ``suit`` (0-3, :data:`SUITS`) and ``rank`` (1 ace .. 13 king).

    :raises ValueError: no such card."""
    if not (0 <= suit < 4 and 1 <= rank <= NUM_RANKS):
        raise ValueError(f"no card with suit {suit} and rank {rank}")
    return suit * NUM_RANKS + rank - 1


def owned(owner: int, c: int) -> int:
    """The owned code of card ``c`` of seat ``owner``: ``owner * 52 + c``."""
    return owner * NUM_CARDS + c


def owner_of(code: int) -> int:
    """The seat that owns the card behind an owned code."""
    return code // NUM_CARDS


def card_of(code: int) -> int:
    """The card id (0-51) behind an owned code."""
    return code % NUM_CARDS


def is_face(c: int) -> bool:
    """Jack, queen or king."""
    return RANK[c] > 10


def strength_value(c: int, ace: int = 1, face: int = 5) -> int:
    """What card ``c`` adds to a hero's Strength (``§ Scoring a Lane``: "face cards are 5's"):
    2-10 their rank, a face card ``face``, an ace ``ace`` (decision H5: 1 by default)."""
    r = RANK[c]
    if r == 1:
        return ace
    return face if r > 10 else r


def clash_rank(c: int, ace_high: bool = False) -> int:
    """The card's height in a Clash (decision H16): 2 .. 10, J 11, Q 12, K 13; the ace is 1,
    or 14 when aces are high."""
    r = RANK[c]
    return 14 if r == 1 and ace_high else r


def format_card(c: int) -> str:
    """Short notation, e.g. ``7H``, ``10S``, ``QD``."""
    return f"{RANK_NAMES[RANK[c]]}{SUIT_LETTERS[SUIT[c]]}"


def card_name(c: int) -> str:
    """Long name, e.g. ``seven of hearts``."""
    return f"{RANK_WORDS[RANK[c]]} of {SUITS[SUIT[c]]}"


def parse_card(text: str) -> int:
    """Parse ``7H``, ``7h``, ``10S``, ``T♠``, ``QD``, ``queen of diamonds``, ``ace spades``.

    :raises NotationError: not a card.
    """
    t = "".join(str(text).lower().split())
    for i in range(1, len(t)):
        head, tail = t[:i], t[i:]
        rank = _RANKS.get(head)
        suit = _SUITS.get(tail.removeprefix("of"))
        if rank is not None and suit is not None:
            return card(suit, rank)
    raise NotationError(
        f"{text!r} is not a card: write a rank (A, 2-10, J, Q, K) and a suit (C, D, H, S), "
        "e.g. 7H or QS"
    )


def parse_rank(text: str) -> int | None:
    """``"7"`` -> 7, ``"Q"`` -> 12, ``"ace"`` -> 1; ``None`` if not a rank."""
    return _RANKS.get(str(text).strip().lower())


def parse_suit(text: str) -> int | None:
    """``"hearts"`` / ``"H"`` / ``"♥"`` -> 2; ``None`` if not a suit."""
    return _SUITS.get(str(text).strip().lower())


__all__ = [
    "DECK_SIZE",
    "NUM_CARDS",
    "RANK",
    "RANK_NAMES",
    "SUIT",
    "SUITS",
    "SUIT_LETTERS",
    "SUIT_SYMBOLS",
    "card",
    "card_name",
    "card_of",
    "clash_rank",
    "format_card",
    "is_face",
    "owned",
    "owner_of",
    "parse_card",
    "parse_rank",
    "parse_suit",
    "strength_value",
]
