"""Sixto action ids and their notation (decision D22 in ``docs/rules/sixto.md``).

An id means the same move in every state of a game (its options fixed):

==============================  ==============  ================================================
id                              notation        move
==============================  ==============  ================================================
0                               ``keep``        the active player keeps the roll
1                               ``reroll``      the active player re-rolls every die in play
2 + choice                      ``RGB``         a player's marks for the roll (``rules.py``:
                                                ``choice = sum(option_d * radix**d)``)
2 + radix**6 + row (locked)     ``unlockR``     cross off the next lock of a row, no other mark
==============================  ==============  ================================================

A choice is written as the letters of the dice that mark (Red, Yellow, Green, Blue, Purple,
Orange: ``R Y G B P O``), in that order; ``pass`` marks nothing. With ``pad=hits`` a die that
hits (marks its row's next hit space whatever it shows) is followed by ``*`` (``RG*``); with
``pad=kriskras`` each letter is followed by ``@`` and the row (1-6, top to bottom) it marks in
(``R@1G@1B@4``). Records written before the ``@`` (``R1G1B4``) still replay
(:meth:`Notation.string_to_action` with ``legacy=True``); typed moves need the ``@``, as
``G2`` reads like the die showing 2.

>>> n = Notation("none")
>>> n.action_to_string(2 + 0b000101), n.string_to_action("g r"), n.action_to_string(2)
('RG', 7, 'pass')
>>> Notation("kriskras").action_to_string(2 + 1 + 7 * 1 + 49 * 4)
'R@1Y@1G@4'
"""

from __future__ import annotations

import re

from ninetynine.core.errors import NotationError

from .rules import NUM_DICE, radix
from .sheets import COLORS, LETTERS, NUM_ROWS

KEEP, REROLL = 0, 1
CHOICE0 = 2
_PASS_WORDS = ("pass", "-", "none", "nothing", "nomark", "nomarks")
_KEEP_WORDS = ("keep", "stay", "stand", "accept")
_REROLL_WORDS = ("reroll", "re-roll", "again", "rollagain")
#: Words that could mean either answer at "keep or reroll": refused, with both choices named.
_AMBIGUOUS_WORDS = ("roll", "rollit", "roll!")
_UNLOCK = re.compile(r"^(?:unlock|cross|lock|crossoff)([a-z]+)$")


def _die(token: str) -> int:
    """A die's colour from its letter or name (``r``, ``red``)."""
    t = token.lower()
    if len(t) == 1 and t.upper() in LETTERS:
        return LETTERS.index(t.upper())
    for i, name in enumerate(COLORS):
        if t == name.lower():
            return i
    raise NotationError(f"{token!r} is not a die colour ({', '.join(COLORS)}: {' '.join(LETTERS)})")


class Notation:
    """The action ids and notation of one pad (the ids depend only on the pad)."""

    def __init__(self, pad: str) -> None:
        self.pad = pad
        self.radix = radix(pad)
        #: Number of choice ids.
        self.choices: int = int(self.radix**NUM_DICE)
        #: First unlock id (``pad=locked``), or -1.
        self.unlock0 = CHOICE0 + self.choices if pad == "locked" else -1
        self.num_actions: int = CHOICE0 + self.choices + (NUM_ROWS if pad == "locked" else 0)

    # ------------------------------------------------------------------ ids
    def is_choice(self, a: int) -> bool:
        return CHOICE0 <= a < CHOICE0 + self.choices

    def is_unlock(self, a: int) -> bool:
        return self.unlock0 >= 0 and self.unlock0 <= a < self.unlock0 + NUM_ROWS

    def choice_id(self, code: int) -> int:
        return CHOICE0 + code

    def unlock_id(self, row: int) -> int:
        return self.unlock0 + row

    def options_of(self, code: int) -> list[int]:
        """Per die, its option in choice ``code``."""
        out = []
        for _ in range(NUM_DICE):
            out.append(code % self.radix)
            code //= self.radix
        return out

    def code_of(self, options: list[int]) -> int:
        return sum(o * self.radix**d for d, o in enumerate(options))

    # ------------------------------------------------------------------ text
    def action_to_string(self, a: int) -> str:
        """The notation of ``a`` (no spaces). :raises ValueError: not an action id."""
        if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < self.num_actions:
            raise ValueError(f"{a!r} is not a Sixto action id (0-{self.num_actions - 1})")
        if a == KEEP:
            return "keep"
        if a == REROLL:
            return "reroll"
        if self.is_unlock(a):
            return f"unlock{LETTERS[a - self.unlock0]}"
        opts = self.options_of(a - CHOICE0)
        parts = []
        for d, o in enumerate(opts):
            if o == 0:
                continue
            if self.pad == "kriskras":
                parts.append(f"{LETTERS[d]}@{o}")
            else:
                parts.append(LETTERS[d] + ("*" if o == 2 else ""))
        return "".join(parts) or "pass"

    def string_to_action(self, text: str, legacy: bool = False) -> int:
        """Parse a move: ``keep``, ``reroll``, ``pass``, ``RGB`` (any order, any case, spaces and
        commas ignored), ``RG*`` (hits), ``R@1G@1B@4`` / ``R>1 G>1`` (Kris-Kras), ``unlockR`` /
        ``unlock red`` (locked). ``legacy``: also the Kris-Kras form of records written before
        the ``@`` (``R1G1B4``), which a person typing means as dice values.

        :raises NotationError: not a move of this pad, with what is accepted."""
        t = str(text).lower()
        for i, name in enumerate(COLORS):  # "red blue" -> "r b"
            t = re.sub(rf"\b{name.lower()}\b", LETTERS[i].lower(), t)
        t = re.sub(r"[\s,;+]", "", t)
        if t in _KEEP_WORDS:
            return KEEP
        if t in _REROLL_WORDS:
            return REROLL
        if t in _PASS_WORDS:
            return CHOICE0
        if t in _AMBIGUOUS_WORDS:
            raise NotationError(
                f"{text!r} could mean either: type keep (mark with these dice) or reroll (roll "
                "every die again, once a turn)"
            )
        m = _UNLOCK.match(t)
        if m:
            if self.pad != "locked":
                raise NotationError(f"{text!r}: only the Locked pad has locks (pad=locked)")
            return self.unlock_id(_die(m.group(1)))
        return CHOICE0 + self._parse_choice(text, t, legacy)

    def _parse_choice(self, text: str, t: str, legacy: bool = False) -> int:
        if self.pad == "kriskras":
            if not legacy and re.search(r"[a-z][1-6]", t):
                m = re.search(r"([a-z])([1-6])", t)
                assert m is not None
                letter, row = m.group(1).upper(), m.group(2)
                raise NotationError(
                    f"{text!r}: in Kris-Kras write the die, @ and the row it marks in "
                    f"({letter}@{row}: the {COLORS[_die(letter)]} die in row {row}); "
                    "a die's value is not written"
                    if letter in LETTERS
                    else f"{text!r} is not a Sixto move: write keep or reroll, pass, or the "
                    "dice you mark with, e.g. R@1G@1B@4 (die letter, @, then the row 1-6)"
                )
            pat = re.compile(r"([a-z])[>@]?([1-6])" if legacy else r"([a-z])[>@]([1-6])")
            example = "R@1G@1B@4 (die letter, @, then the row 1-6 it marks in)"
        elif self.pad == "hits":
            pat = re.compile(r"([a-z])(\*?)")
            example = "RG*B (a * after a die that hits)"
        else:
            pat = re.compile(r"([a-z])()")
            example = "RGB"
        pos = 0
        opts = [0] * NUM_DICE
        while pos < len(t):
            m = pat.match(t, pos)
            if not m:
                break
            try:
                d = _die(m.group(1))
            except NotationError:
                break
            if opts[d]:
                raise NotationError(f"{text!r} names the {COLORS[d]} die twice")
            if self.pad == "kriskras":
                opts[d] = int(m.group(2))
            else:
                opts[d] = 2 if m.group(2) else 1
            pos = m.end()
        if pos < len(t) or not t:
            raise NotationError(
                f"{text!r} is not a Sixto move: write keep or reroll, pass, or the dice you mark "
                f"with, e.g. {example}" + (", or unlockR" if self.pad == "locked" else "")
            )
        return self.code_of(opts)


__all__ = ["CHOICE0", "KEEP", "REROLL", "Notation"]
