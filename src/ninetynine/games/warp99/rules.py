"""The six rule sides (three double-sided rule cards) and the discard test.

Warp 99 rulebook § The Rule Cards. Rule card *i* (0, 1, 2) shows side 1 or side 2;
the three sides in play are packed into a *rule configuration*: bit *i* set means card *i*
shows side 2. Configuration 0 is the standard start (Same Color, Plus 1, Total 10).

========  ======================  =========================
card      side 1 (gold)           side 2
========  ======================  =========================
0         Same Color              Same Number
1         Plus 1 (not on a 10)    Minus 1 (not on a 0)
2         Total 10                Times or Divided by 2
========  ======================  =========================

>>> from .cards import parse_card as pc
>>> matches(0, pc("R6"), pc("R4"))   # red 4 on red 6: Same Color and Total 10
2
>>> matches(0b111, pc("B5"), pc("Y10"))   # 10 on a 5 doubles
1
"""

from __future__ import annotations

from .cards import COLOR, COLORS, NUM_CARDS, VALUE

RULE_NAMES: tuple[tuple[str, str], ...] = (
    ("Same Color", "Same Number"),
    ("Plus 1", "Minus 1"),
    ("Total 10", "Times or Divided by 2"),
)
NUM_CONFIGS = 8


def side_of(config: int, rule_card: int) -> int:
    """1 or 2: the side rule card ``rule_card`` shows in ``config``."""
    return 2 if config >> rule_card & 1 else 1


def active_rule_names(config: int) -> list[str]:
    return [RULE_NAMES[i][side_of(config, i) - 1] for i in range(3)]


def config_from_sides(sides: str) -> int:
    """``"121"`` -> configuration (card 0 side 1, card 1 side 2, card 2 side 1)."""
    if len(sides) != 3 or set(sides) - {"1", "2"}:
        raise ValueError(f"rule sides are three digits 1 or 2, e.g. 121; got {sides!r}")
    return sum(1 << i for i, ch in enumerate(sides) if ch == "2")


def sides_string(config: int) -> str:
    return "".join(str(side_of(config, i)) for i in range(3))


def _rule_matches(rule_card: int, side: int, top: int, c: int) -> bool:
    tv, cv = VALUE[top], VALUE[c]
    if rule_card == 0:
        return COLOR[c] == COLOR[top] if side == 1 else cv == tv
    if rule_card == 1:
        # "The sequence cannot exceed 10" / "cannot be lower than 0": values are 0-10, so
        # cv == tv + 1 is impossible on a 10 and cv == tv - 1 impossible on a 0.
        return cv == tv + 1 if side == 1 else cv == tv - 1
    if side == 1:
        return cv + tv == 10
    # Times or Divided by 2: double (result <= 10 since cards stop at 10) or halve to a whole
    # number; 0 on 0 both ways.
    return cv == 2 * tv or 2 * cv == tv


def _build_table() -> tuple[bytes, ...]:
    # each of the six rule sides once, as [top][card] 0/1 rows; a configuration adds up three
    # (every process that imports the rules builds this: a quarter of the calls of asking each
    # configuration's three rules afresh)
    side_rows = [
        [
            [[_rule_matches(i, side, top, c) for c in range(NUM_CARDS)] for top in range(NUM_CARDS)]
            for side in (1, 2)
        ]
        for i in range(3)
    ]
    rows: list[bytes] = []
    for config in range(NUM_CONFIGS):
        a, b, c = (side_rows[i][side_of(config, i) - 1] for i in range(3))
        rows.extend(bytes(map(_sum3, a[top], b[top], c[top])) for top in range(NUM_CARDS))
    return tuple(rows)


def _sum3(x: bool, y: bool, z: bool) -> int:
    return x + y + z


#: MATCH[config * 110 + top][card] = how many active rules the play satisfies (0-3).
MATCH: tuple[bytes, ...] = _build_table()


def matches(config: int, top: int, c: int) -> int:
    """How many of the active rules card ``c`` satisfies on ``top`` (0 means not playable)."""
    return MATCH[config * NUM_CARDS + top][c]


def explain(config: int, top: int) -> str:
    """What each active rule needs on ``top``, e.g.
    ``"Same Color needs red, Plus 1 needs 7, Total 10 needs 4"``."""
    tv, parts = VALUE[top], []
    for i in range(3):
        side = side_of(config, i)
        name = RULE_NAMES[i][side - 1]
        if i == 0:
            need = COLORS[COLOR[top]] if side == 1 else f"a {tv}"
        elif i == 1:
            if side == 1:
                need = str(tv + 1) if tv < 10 else "nothing (no Plus 1 on a 10)"
            else:
                need = str(tv - 1) if tv > 0 else "nothing (no Minus 1 on a 0)"
        elif side == 1:
            need = str(10 - tv)
        else:
            opts = []
            if 2 * tv <= 10:
                opts.append(str(2 * tv))
            if tv % 2 == 0 and str(tv // 2) not in opts:
                opts.append(str(tv // 2))
            need = " or ".join(opts) if opts else "nothing"
        parts.append(f"{name} needs {need}")
    return ", ".join(parts)
