"""What may be played on a dock, and what it does (pure functions, no state).

Tripwire System Manual v3.0 § 05 Valid Plays, ``§ 04`` (Dock Priming), ``§ 07`` (Tripwire,
Defuse); decisions D3-D11 in ``docs/rules/tripwire.md``.

A dock, for the rules, is its colour and its value: ``(color, value)`` with ``value`` 2-9, or
``value`` 0 for an empty dock (whose ``color`` is then its marker's). A *play* is a dock slot
``j`` (``actions.py``): 0-29 a standard card, 30-37 a Grey, 38-45 a Vector declared as 2-9, 46
Volt, 47 Stasis, 48 [+], 49 [-]. :func:`outcome` says what the play makes of the dock, or that
it is not valid:

========  ==========================================================  =========================
effect    when                                                        the dock becomes
========  ==========================================================  =========================
PRIME     empty dock, standard 2-9 of the marker's colour (D4)         the card's colour, value
STANDARD  standard card, dock's colour, value ±1, 2-9 (D5)              dock colour, card value
NUMBER    standard card, another colour, value = dock value (D6)       card colour (a hijack)
MATCH     standard card, the dock's colour, value = dock value (D6)    unchanged (no hijack)
VECTOR    Vector declared as value ±1, within 2-9 (D7)                  dock colour, declared
GREY      Grey of value ±1, any dock colour (D10)                       dock colour, Grey value
PLUS      [+] on a value 2-8 (D11)                                      dock colour, value + 1
MINUS     [-] on a value 3-9 (D11)                                      dock colour, value - 1
STASIS    Stasis on a 3, 4 or 6 (``stasis=sequence``: 4 or 6) (D9)      dock colour, 5
DEFUSE    a 1 on a 2 of its colour, or a Volt on a 2 (D14)              empty (stack to side pile)
TRIPWIRE  a 10 on a 9 of its colour, or a Volt on a 9 (D16)             empty (stack to side pile)
========  ==========================================================  =========================

>>> from ninetynine.games.tripwire.cards import ORANGE, PURPLE, TEAL, standard
>>> r = RuleSet("marker", "literal")
>>> outcome(standard(TEAL, 7), TEAL, 6, r)[2] == STANDARD
True
>>> outcome(standard(PURPLE, 6), TEAL, 6, r)[:2], outcome(VOLT_SLOT, ORANGE, 9, r)[2] == TRIPWIRE
((1, 6), True)
>>> outcome(standard(TEAL, 7), PURPLE, 0, r) is None        # dock 2 is primed by a Purple
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .cards import (
    COLOR_NAMES,
    GREY,
    MINUS,
    NAMES,
    NUM_KINDS,
    PLUS,
    SHORT,
    STASIS,
    VECTOR,
    VOLT,
    color_of,
    value_of,
)

__all__ = [
    "DEFUSE",
    "EFFECT_NAMES",
    "GREY_PLAY",
    "MATCH",
    "MINUS_PLAY",
    "NUMBER",
    "PLUS_PLAY",
    "PRIME",
    "RESETS",
    "STANDARD",
    "STASIS_PLAY",
    "TRIPWIRE",
    "VECTOR_PLAY",
    "RuleSet",
    "outcome",
    "outcome_table",
    "slot_card",
    "slot_name",
    "valid_slots",
    "why_invalid",
]

# Effects of a play (D4-D16).
PRIME, STANDARD, NUMBER, VECTOR_PLAY, GREY_PLAY, PLUS_PLAY, MINUS_PLAY = range(7)
STASIS_PLAY, DEFUSE, TRIPWIRE = 7, 8, 9
#: A Number Match in the dock's own colour (after a [+] or [-]): valid, but no hijack (D6).
MATCH = 10
EFFECT_NAMES = (
    "prime",
    "standard",
    "number",
    "vector",
    "grey",
    "plus",
    "minus",
    "stasis",
    "defuse",
    "tripwire",
    "match",
)
#: Effects that empty the dock (the stack goes to the side pile).
RESETS = frozenset({DEFUSE, TRIPWIRE})

#: Dock slots (``j`` in ``actions.py``) of the one-slot cards.
VECTOR_SLOT0 = 38  # 38..45: Vector declared as 2..9
VOLT_SLOT, STASIS_SLOT, PLUS_SLOT, MINUS_SLOT = 46, 47, 48, 49
SLOTS = 50

#: Dock values (2-9); 0 marks an empty dock.
LOW, HIGH = 2, 9


class RuleSet(NamedTuple):
    """The options that change what may be played (D4, D9)."""

    priming: str  # "marker" | "any"
    stasis: str  # "literal" (3, 4, 6) | "sequence" (4, 6)


def slot_card(j: int) -> int:
    """The card kind a dock slot plays: slots 0-37 are the kinds themselves."""
    if j < VECTOR_SLOT0:
        return j
    if j < VOLT_SLOT:
        return VECTOR
    return (VOLT, STASIS, PLUS, MINUS)[j - VOLT_SLOT]


def vector_value(j: int) -> int:
    """The number a Vector slot declares (2-9)."""
    return j - VECTOR_SLOT0 + 2


def slot_name(j: int) -> str:
    """Notation of a slot's card: ``T7``, ``G5``, ``Vec6``, ``Volt``, ``Stasis``, ``Plus``."""
    if VECTOR_SLOT0 <= j < VOLT_SLOT:
        return f"Vec{vector_value(j)}"
    return SHORT[slot_card(j)]


def _stasis_values(rules: RuleSet) -> tuple[int, ...]:
    return (3, 4, 6) if rules.stasis == "literal" else (4, 6)


def outcome(j: int, color: int, value: int, rules: RuleSet) -> tuple[int, int, int] | None:
    """``(new colour, new value, effect)`` of slot ``j`` on a dock ``(color, value)``, or
    ``None`` if the play is not valid. A reset leaves ``(marker colour, 0)``: the caller knows
    the marker; here the colour is returned unchanged."""
    if value == 0:  # an empty dock: only priming (D4)
        if j < GREY:
            v = value_of(j)
            if LOW <= v <= HIGH and (rules.priming == "any" or color_of(j) == color):
                return color_of(j), v, PRIME
        return None
    if j < GREY:
        c, v = color_of(j), value_of(j)
        if v == value:
            return c, v, (MATCH if c == color else NUMBER)
        if c == color and abs(v - value) == 1:
            if v == 1:
                return color, 0, DEFUSE
            if v == 10:
                return color, 0, TRIPWIRE
            return color, v, STANDARD
        return None
    if j < VECTOR_SLOT0:
        v = value_of(j)
        return (color, v, GREY_PLAY) if abs(v - value) == 1 else None
    if j < VOLT_SLOT:
        v = vector_value(j)
        return (color, v, VECTOR_PLAY) if abs(v - value) == 1 else None
    if j == VOLT_SLOT:
        if value == LOW:
            return color, 0, DEFUSE
        if value == HIGH:
            return color, 0, TRIPWIRE
        return None
    if j == STASIS_SLOT:
        return (color, 5, STASIS_PLAY) if value in _stasis_values(rules) else None
    if j == PLUS_SLOT:
        return (color, value + 1, PLUS_PLAY) if value < HIGH else None
    return (color, value - 1, MINUS_PLAY) if value > LOW else None


@lru_cache(maxsize=8)
def outcome_table(rules: RuleSet) -> tuple[tuple[tuple[int, int, int] | None, ...], ...]:
    """``table[color * 10 + value][j]`` = :func:`outcome` (a dock has 30 states)."""
    return tuple(
        tuple(outcome(j, c, v, rules) for j in range(SLOTS)) for c in range(3) for v in range(10)
    )


@lru_cache(maxsize=8)
def valid_slots(rules: RuleSet) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[color * 10 + value][kind]`` = the slots of card ``kind`` valid on that dock
    (a Vector has up to two: the declared numbers)."""
    out = []
    for code in range(30):
        row: list[list[int]] = [[] for _ in range(NUM_KINDS)]
        for j in range(SLOTS):
            if outcome(j, code // 10, code % 10, rules) is not None:
                row[slot_card(j)].append(j)
        out.append(tuple(tuple(x) for x in row))
    return tuple(out)


def dock_text(color: int, value: int, dock: int | None = None) -> str:
    """``Teal 6`` or ``empty (Teal marker)``; with ``dock``: ``dock 1 (Teal 6)``."""
    text = f"empty, {COLOR_NAMES[color]} marker" if value == 0 else f"{COLOR_NAMES[color]} {value}"
    if dock is None:
        return f"({text})" if value == 0 else text
    return f"dock {dock} ({text})"


def why_invalid(j: int, color: int, value: int, rules: RuleSet, dock: int | None = None) -> str:
    """Why slot ``j`` cannot go on a dock ``(color, value)`` (``dock``: its number, for the
    message), in the game's words, e.g. ``"Teal 7 cannot go on dock 2 (Purple 5): Standard
    Play needs Purple 4 or 6, Number Match needs a 5"``.

    >>> from ninetynine.games.tripwire.cards import PURPLE, TEAL, standard
    >>> r = RuleSet("marker", "literal")
    >>> print(why_invalid(standard(TEAL, 7), PURPLE, 5, r, 2))  # doctest: +ELLIPSIS
    Teal 7 cannot go on dock 2 (Purple 5): Standard Play needs Purple 4 or 6, Number Match ...
    """
    card = NAMES[slot_card(j)]
    if VECTOR_SLOT0 <= j < VOLT_SLOT:
        card = f"Vector as {vector_value(j)}"
    where = dock_text(color, value, dock)
    if value == 0:
        if j < GREY and value_of(j) in (1, 10):
            return (
                f"{card} cannot start {where}: a {value_of(j)} resets a stack, and an empty dock "
                "has none (Dock Priming takes a 2-9)"
            )
        if j < GREY:
            return f"{card} cannot prime {where}: Dock Priming takes a {COLOR_NAMES[color]} 2-9"
        return f"{card} cannot start {where}: Dock Priming takes a standard 2-9"
    near = " or ".join(str(x) for x in (value - 1, value + 1) if 1 <= x <= 10)
    if j < GREY:
        return (
            f"{card} cannot go on {where}: Standard Play needs {COLOR_NAMES[color]} {near}, "
            f"Number Match needs a {value}"
        )
    if j < VECTOR_SLOT0:
        return f"{card} cannot go on {where}: a Grey must be one more or one less ({near})"
    if j < VOLT_SLOT:
        ok = " or ".join(f"Vec{x}" for x in (value - 1, value + 1) if LOW <= x <= HIGH)
        return (
            f"{card} cannot go on {where}: a Vector is played as one more or one less than the "
            f"dock, within 2-9 ({ok})"
        )
    if j == VOLT_SLOT:
        return f"Volt cannot go on {where}: a Volt plays as a 1 or a 10, on a 2 or a 9"
    if j == STASIS_SLOT:
        on = "3, 4 or 6" if rules.stasis == "literal" else "4 or 6"
        return f"Stasis cannot go on {where}: a Stasis (5) is played on a {on}"
    if j == PLUS_SLOT:
        return f"[+] cannot go on {where}: a dock's value stays 2-9, no [+] on a 9"
    return f"[-] cannot go on {where}: a dock's value stays 2-9, no [-] on a 2"
