"""Tripwire cards: 44 kinds, the deck composition, the Sector Markers.

Tripwire System Manual v3.0 § 02 Components ("Total: 65"), decision D1 in
``docs/rules/tripwire.md``: 62 cards and the 3 Sector Markers. A card is its *kind*, an integer
0..43 (copies of the multi-copy kinds are identical):

=======  =================  ==========  ====================================================
kind     card               notation    copies in the standard deck
=======  =================  ==========  ====================================================
0-29     standard card      ``T7``      1 each: colour ``kind // 10`` (0 Teal, 1 Purple,
                                        2 Orange), value ``kind % 10 + 1`` (1-10)
30-37    Grey 2-9           ``G5``      1 each (value ``kind - 28``)
38       Vector             ``Vec``     3 (green wild)
39       Volt               ``Volt``    3 (green wild)
40       Stasis             ``Stasis``  3 (green wild)
41       [+]                ``Plus``    5 (neutral modifier)
42       [-]                ``Minus``   5 (neutral modifier)
43       Null               ``Null``    5 (neutral, the deflector)
=======  =================  ==========  ====================================================

Option ``deck`` changes the copies of kinds 38-43 (:func:`parse_deck`).

>>> format_card(6), card_name(6), format_card(GREY + 3), parse_card("teal 7")
('T7', 'Teal 7', 'G5', 6)
>>> sum(STANDARD_COUNTS), NUM_MARKERS
(62, 3)
>>> parse_deck("null=7, plus=4,minus=4")
'Plus=4,Minus=4,Null=7'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ninetynine.core.errors import NotationError
from ninetynine.core.options import format_counts, parse_counts

#: Colours of the standard cards and of the Sector Markers (dock 1, 2, 3).
TEAL, PURPLE, ORANGE = 0, 1, 2
COLOR_LETTERS = ("T", "P", "O")
COLOR_NAMES = ("Teal", "Purple", "Orange")
#: The markers' labels as printed ("TEAL PURP ORNG", § 03).
MARKER_LABELS = ("TEAL", "PURP", "ORNG")

GREY = 30  # kinds 30..37: Grey 2..9
VECTOR = 38
VOLT = 39
STASIS = 40
PLUS = 41
MINUS = 42
NULL = 43
NUM_KINDS = 44
#: Sector Markers: components, never cards (D1).
NUM_MARKERS = 3

#: Kinds whose copies option ``deck`` may change, in kind order, with their option names.
MULTI: tuple[int, ...] = (VECTOR, VOLT, STASIS, PLUS, MINUS, NULL)
MAX_COPIES = 15

#: Copies per kind in the standard deck (D1): 30 standard + 8 Grey + 3x3 wilds + 5x3 neutrals.
STANDARD_COUNTS: tuple[int, ...] = (*([1] * 38), 3, 3, 3, 5, 5, 5)


def is_standard(kind: int) -> bool:
    """A Teal, Purple or Orange card 1-10."""
    return kind < GREY


def is_grey(kind: int) -> bool:
    return GREY <= kind < VECTOR


def is_neutral_chain(kind: int) -> bool:
    """A Grey, [+] or [-]: the cards the Neutral Chain limits to one dock a turn (D12)."""
    return GREY <= kind < VECTOR or kind in (PLUS, MINUS)


def color_of(kind: int) -> int:
    """Colour of a standard card (0 Teal, 1 Purple, 2 Orange)."""
    return kind // 10


def value_of(kind: int) -> int:
    """Printed number of a standard card (1-10) or a Grey (2-9); 0 for the others."""
    if kind < GREY:
        return kind % 10 + 1
    if kind < VECTOR:
        return kind - GREY + 2
    return 0


def standard(color: int, value: int) -> int:
    """The kind of a standard card."""
    return color * 10 + value - 1


def grey(value: int) -> int:
    """The kind of Grey ``value`` (2-9)."""
    return GREY + value - 2


_SPECIAL_SHORT = {VECTOR: "Vec", VOLT: "Volt", STASIS: "Stasis", PLUS: "Plus", MINUS: "Minus"}
_SPECIAL_SHORT[NULL] = "Null"
_SPECIAL_NAMES = {VECTOR: "Vector", VOLT: "Volt", STASIS: "Stasis", PLUS: "[+]", MINUS: "[-]"}
_SPECIAL_NAMES[NULL] = "Null"


def _kind_names(
    colors: Sequence[str], sep: str, grey: str, specials: dict[int, str]
) -> tuple[str, ...]:
    """Every kind's name: a colour's word and the value (``sep`` between), ``grey`` and the
    value for a grey card, a special card's own word."""
    out = []
    for k in range(NUM_KINDS):
        if k < GREY:
            out.append(f"{colors[color_of(k)]}{sep}{value_of(k)}")
        elif k < VECTOR:
            out.append(f"{grey}{sep}{value_of(k)}")
        else:
            out.append(specials[k])
    return tuple(out)


#: Short notation per kind (no spaces) and the long name per kind.
SHORT: tuple[str, ...] = _kind_names(COLOR_LETTERS, "", "G", _SPECIAL_SHORT)
NAMES: tuple[str, ...] = _kind_names(COLOR_NAMES, " ", "Grey", _SPECIAL_NAMES)

_ALIASES: dict[str, int] = {s.lower(): k for k, s in enumerate(SHORT)}
_ALIASES.update(
    {
        "vector": VECTOR,
        "v": VECTOR,
        "stasis": STASIS,
        "sta": STASIS,
        "s": STASIS,
        "plus": PLUS,
        "+": PLUS,
        "[+]": PLUS,
        "minus": MINUS,
        "-": MINUS,
        "[-]": MINUS,
        "n": NULL,
        "deflector": NULL,
    }
)
_COLOR_WORDS = {
    "t": TEAL,
    "teal": TEAL,
    "p": PURPLE,
    "purple": PURPLE,
    "purp": PURPLE,
    "o": ORANGE,
    "orange": ORANGE,
    "orng": ORANGE,
}
_CARD = re.compile(r"^([a-z]+)(\d+)$")


def format_card(kind: int) -> str:
    """Short notation: ``T7``, ``P10``, ``G5``, ``Vec``, ``Volt``, ``Stasis``, ``Plus``,
    ``Minus``, ``Null``."""
    return SHORT[kind]


def card_name(kind: int) -> str:
    """The text's name: ``Teal 7``, ``Grey 5``, ``Vector``, ``[+]``, ``Null``."""
    return NAMES[kind]


def parse_card(text: str) -> int:
    """Parse a card: ``T7`` / ``teal 7``, ``G5`` / ``grey 5``, ``Vec`` / ``vector``, ``Volt``,
    ``Stasis``, ``Plus`` / ``[+]`` / ``+``, ``Minus`` / ``[-]`` / ``-``, ``Null``. Case and spaces
    do not matter.

    :raises NotationError: not a Tripwire card.
    """
    t = "".join(str(text).lower().split())
    if t in _ALIASES:
        return _ALIASES[t]
    m = _CARD.match(t)
    if m:
        word, v = m.group(1), int(m.group(2))
        if word in _COLOR_WORDS and 1 <= v <= 10:
            return standard(_COLOR_WORDS[word], v)
        if word in ("g", "grey", "gray") and 2 <= v <= 9:
            return grey(v)
    raise NotationError(
        f"{text!r} is not a Tripwire card: write T, P or O and 1-10 (T7), G and 2-9 (Grey 5), "
        "Vec, Volt, Stasis, Plus, Minus or Null"
    )


def format_cards(kinds: Iterable[int]) -> str:
    """Cards separated by spaces, e.g. ``T3 P7 G5 Vec Null``; ``-`` for none."""
    return " ".join(SHORT[k] for k in kinds) or "-"


# --------------------------------------------------------------------------- the deck option
def deck_counts(spec: str) -> tuple[int, ...]:
    """Copies per kind of a normalised ``deck`` option.

    >>> deck_counts("Null=0")[NULL], deck_counts("standard") == STANDARD_COUNTS
    (0, True)
    """
    return tuple(parse_counts(spec, STANDARD_COUNTS, parse_card, "null=7"))


def parse_deck(value: object) -> str:
    """Normalise option ``deck``: ``standard`` (D1) or copies of the multi-copy kinds as
    ``kind=count`` pairs separated by commas (``vec``, ``volt``, ``stasis``, ``plus``,
    ``minus``, ``null``; 0-15 each), e.g. ``null=7,plus=4,minus=4``. The result lists the
    kinds that differ from the standard deck, in kind order (``standard`` if none).

    :raises ValueError: an unknown or single-copy kind, or a count out of range.
    """

    def check(kind: int, n: int) -> None:
        if kind not in MULTI:
            raise ValueError(
                f"{NAMES[kind]} is a single card; the deck option sets the copies of "
                "Vec, Volt, Stasis, Plus, Minus and Null"
            )
        if not 0 <= n <= MAX_COPIES:
            raise ValueError(f"each kind needs 0 to {MAX_COPIES} copies, not {n}")

    counts = parse_counts(value, STANDARD_COUNTS, parse_card, "null=7,plus=4", check)
    return format_counts(counts, STANDARD_COUNTS, SHORT, MULTI)
