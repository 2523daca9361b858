"""Warp 99 number cards: 110 unique cards, values 0-10 in ten colours.

Warp 99 rulebook § Game Components: "110 Number Cards: values from 0-10, 10 different
colors each." The text names nine colours (red, yellow, green, gray, light blue, purple, orange,
blue, tan); the tenth is ours: **pink** (decision W1 in ``docs/rules/warp99.md``).

Card ids are ``color * 11 + value`` (0..109); colour indices follow :data:`COLORS`.

Notation: the colour's letter then the value, e.g. ``R7`` (red 7), ``L10`` (light blue 10),
``A0`` (gray 0). :func:`parse_card` also accepts names: ``"red 7"``, ``"light blue 10"``.

>>> format_card(card(3, 7))
'A7'
>>> parse_card("light blue 10") == parse_card("L10")
True
"""

from __future__ import annotations

import re

from ninetynine.core.errors import NotationError

COLORS: tuple[str, ...] = (
    "red",
    "yellow",
    "green",
    "gray",
    "light blue",
    "purple",
    "orange",
    "blue",
    "tan",
    "pink",
)
#: One letter per colour: R Y G A(gray) L(light blue) P O B T K(pink).
LETTERS = "RYGALPOBTK"
NUM_COLORS = 10
NUM_VALUES = 11
NUM_CARDS = NUM_COLORS * NUM_VALUES  # 110

#: COLOR[c], VALUE[c] for every card id (lookup tables: faster than divmod in the hot path).
COLOR: tuple[int, ...] = tuple(c // NUM_VALUES for c in range(NUM_CARDS))
VALUE: tuple[int, ...] = tuple(c % NUM_VALUES for c in range(NUM_CARDS))

_NAMES = {name.replace(" ", ""): i for i, name in enumerate(COLORS)}
_NAMES.update({"grey": 3, "lightblue": 4, "lblue": 4})
_CARD_RE = re.compile(r"^\s*([a-z][a-z ]*?)\s*(\d{1,2})\s*$")


def card(color: int, value: int) -> int:
    """The id of the card of ``color`` (index into :data:`COLORS`) and ``value`` (0-10)."""
    if not (0 <= color < NUM_COLORS and 0 <= value < NUM_VALUES):
        raise ValueError(f"no card with colour {color} and value {value}")
    return color * NUM_VALUES + value


def format_card(c: int) -> str:
    """Short notation, e.g. ``R7``."""
    return f"{LETTERS[COLOR[c]]}{VALUE[c]}"


def card_name(c: int) -> str:
    """Long name, e.g. ``red 7``."""
    return f"{COLORS[COLOR[c]]} {VALUE[c]}"


def parse_card(text: str) -> int:
    """Parse ``R7``, ``r7``, ``red 7``, ``light blue 10``, ``grey 3``.

    :raises NotationError: not a card.
    """
    m = _CARD_RE.match(text.lower())
    if m:
        word, num = m.group(1).replace(" ", ""), int(m.group(2))
        if len(word) == 1:
            color = LETTERS.lower().find(word)
        else:
            color = _NAMES.get(word, -1)
        if color >= 0 and 0 <= num < NUM_VALUES:
            return color * NUM_VALUES + num
    legend = ", ".join(f"{letter}={name}" for letter, name in zip(LETTERS, COLORS, strict=True))
    raise NotationError(
        f"{text!r} is not a card: write a colour letter ({legend}) and a value 0-10, e.g. R7"
    )
