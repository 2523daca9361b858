"""Sixto sheet rules: where a die may mark, what a choice does to a sheet, how a sheet scores.

Pure functions on plain lists, no I/O (Ninety Nine and Sixto overviews § Sixto, with the readings of
``docs/rules/sixto.md``). A player's sheet is ``cells``, a flat list of ``6 * width`` cell codes
(row ``r``, column ``c`` at ``r * width + c``), and ``cursor``, per row the first column right of
the row's rightmost mark: every space left of it is marked or lost ("Skipped numbers cannot be
marked in the future"). A :class:`Layout` holds what is printed on a sheet: its numbers, the
space colours (Kris-Kras), hit spaces, locks and scoring areas.

A *choice* (one player's marks for one roll) gives each die an option ``o`` in ``0 .. radix-1``
and is the number ``sum(o_d * radix**d)`` over the dice ``d`` (Red 0 ... Orange 5):

=========  ======  =============================================================
pad        radix   option of a die
=========  ======  =============================================================
(base)     2       0 no mark, 1 mark its row's leftmost open space of its number
hits       3       ... 2 a *hit*: its row's next open space, a hit space, any number
kriskras   7       0 no mark, ``1 + r`` mark in row ``r`` the space of its colour and number
=========  ======  =============================================================

``pad=locked`` adds one more move per row: cross off the row's next lock (when the player marks
nothing else).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from .sheets import (
    HIT_COLUMNS,
    LOCK_COLUMNS,
    NUM_ROWS,
    design_colors,
    design_numbers,
)

#: Cell codes. A *mark* is MARK, HIT or UNLOCKED; LOST and VOID can never be marked.
OPEN, MARK, LOST, HIT, VOID, UNLOCKED = 0, 1, 2, 3, 4, 5
CELL_NAMES = ("open", "mark", "lost", "hit", "void", "unlocked")
MARKED = (False, True, False, True, False, True)
#: The pads (option ``pad``).
PADS = ("none", "cross-blocks", "cross-diagonals", "hits", "kriskras", "locked")
#: The target area: the last three columns.
TARGET = 3
#: Points for a regular mark on a hit space (``pad=hits``, D16).
HIT_BONUS = 5
NUM_DICE = 6


def points_table(kind: str, size: int = 12) -> tuple[int, ...]:
    """Points of an area (row, column, block, diagonal) by its number of marks ``0 .. size``
    (D5): 0 or 2 marks 0, 1 mark -5; 3 or more: ``linear`` 5 a mark beyond two (5, 10, 15, ...),
    ``triangle`` 5, 15, 30, 50, ... (5 x the triangular numbers).

    >>> points_table("linear", 6), points_table("triangle", 6)
    ((0, -5, 0, 5, 10, 15, 20), (0, -5, 0, 5, 15, 30, 50))
    """
    out = [0, -5, 0]
    for k in range(3, size + 1):
        m = k - 2
        out.append(5 * m if kind == "linear" else 5 * m * (m + 1) // 2)
    return tuple(out[: size + 1])


class Layout(NamedTuple):
    """What is printed on one sheet (fixed for a game's options and a design).

    ``numbers``/``colors``: flat per cell (the die colour that may mark it: the row's own in
    every pad but Kris-Kras); ``hits``: per cell, a hit space (``pad=hits``); ``locks``: per row,
    its lock columns (``pad=locked``); ``areas``: the scoring areas as tuples of cells (rows,
    then columns, then the Cross pad's blocks or diagonals); ``area_kind``: ``row``,
    ``column``, ``block`` or ``diagonal`` per area; ``cell_areas``: per cell, the areas it
    belongs to; ``slots``: per row and per (colour, number), the columns that carry it."""

    design: int
    width: int
    pad: str
    numbers: tuple[int, ...]
    colors: tuple[int, ...]
    hits: tuple[bool, ...]
    locks: tuple[tuple[int, ...], ...]
    areas: tuple[tuple[int, ...], ...]
    area_kind: tuple[str, ...]
    cell_areas: tuple[tuple[int, ...], ...]
    slots: tuple[dict[tuple[int, int], tuple[int, ...]], ...]

    @property
    def target_start(self) -> int:
        return self.width - TARGET


def cross_areas(pad: str, width: int) -> list[tuple[str, tuple[int, ...]]]:
    """The Cross pad's extra areas (D15): ``cross-blocks`` cuts the sheet into blocks of two
    rows by three columns (12 on a twelve-space sheet); ``cross-diagonals`` draws two crosses,
    each a down-right and a down-left diagonal of six spaces over columns 0-5 and 6-11."""
    out: list[tuple[str, tuple[int, ...]]] = []
    if pad == "cross-blocks":
        for r0 in range(0, NUM_ROWS, 2):
            for c0 in range(0, width, 3):
                cells = tuple((r0 + dr) * width + c0 + dc for dr in range(2) for dc in range(3))
                out.append(("block", cells))
    elif pad == "cross-diagonals":
        for s in range(0, width - 5, 6):
            out.append(("diagonal", tuple(r * width + s + r for r in range(NUM_ROWS))))
            out.append(("diagonal", tuple(r * width + s + 5 - r for r in range(NUM_ROWS))))
    return out


@cache
def layout_for(design: int, width: int, pad: str) -> Layout:
    """The :class:`Layout` of ``design`` (0-11) on a ``width``-space sheet with ``pad``.

    :raises ValueError: an unknown design, width or pad."""
    if pad not in PADS:
        raise ValueError(f"no pad {pad!r}; pads: {', '.join(PADS)}")
    nums = design_numbers(design, width)
    numbers = tuple(x for row in nums for x in row)
    if pad == "kriskras":
        colors = tuple(x for row in design_colors(design) for x in row)
    else:
        colors = tuple(r for r in range(NUM_ROWS) for _ in range(width))
    hits = [False] * (NUM_ROWS * width)
    if pad == "hits":
        for r, cols in enumerate(HIT_COLUMNS[design]):
            for c in cols:
                hits[r * width + c] = True
    locks: tuple[tuple[int, ...], ...] = (
        tuple(LOCK_COLUMNS[design]) if pad == "locked" else tuple(() for _ in range(NUM_ROWS))
    )
    areas: list[tuple[int, ...]] = []
    kinds: list[str] = []
    for r in range(NUM_ROWS):
        areas.append(tuple(r * width + c for c in range(width)))
        kinds.append("row")
    for c in range(width):
        areas.append(tuple(r * width + c for r in range(NUM_ROWS)))
        kinds.append("column")
    for kind, cells in cross_areas(pad, width):
        areas.append(cells)
        kinds.append(kind)
    cell_areas: list[list[int]] = [[] for _ in range(NUM_ROWS * width)]
    for a, cells in enumerate(areas):
        for i in cells:
            cell_areas[i].append(a)
    slots: list[dict[tuple[int, int], tuple[int, ...]]] = []
    for r in range(NUM_ROWS):
        d: dict[tuple[int, int], list[int]] = {}
        for c in range(width):
            i = r * width + c
            d.setdefault((colors[i], numbers[i]), []).append(c)
        slots.append({k: tuple(v) for k, v in d.items()})
    return Layout(
        design,
        width,
        pad,
        numbers,
        colors,
        tuple(hits),
        locks,
        tuple(areas),
        tuple(kinds),
        tuple(tuple(x) for x in cell_areas),
        tuple(slots),
    )


def radix(pad: str) -> int:
    """Options per die in a choice number (the module table)."""
    return 3 if pad == "hits" else 7 if pad == "kriskras" else 2


# ----------------------------------------------------------------------------- one sheet
def row_marks(cells: Sequence[int], width: int, r: int) -> int:
    """Marks in row ``r``."""
    base = r * width
    return sum(1 for c in range(width) if MARKED[cells[base + c]])


def target_marks(cells: Sequence[int], width: int, r: int) -> int:
    """Marks in row ``r``'s target area (the last three columns)."""
    base = r * width
    return sum(1 for c in range(width - TARGET, width) if MARKED[cells[base + c]])


def barrier(lay: Layout, cells: Sequence[int], cursor: Sequence[int], r: int) -> int:
    """The column of row ``r``'s next lock still standing (``pad=locked``: nothing right of it
    may be marked, D19), or ``width`` when none stands."""
    base = r * lay.width
    for c in lay.locks[r]:
        if c >= cursor[r] and cells[base + c] == OPEN:
            return c
    return lay.width


def regular_column(
    lay: Layout,
    cells: Sequence[int],
    cursor: Sequence[int],
    r: int,
    color: int,
    value: int,
    marks: int,
    open_after: int,
) -> int:
    """The column a die (``color``, ``value``) marks regularly in row ``r``: the leftmost open
    space of that colour showing ``value`` right of the row's rightmost mark, or -1 when there
    is none, when it lies beyond a standing lock (D19) or in a target area that is not open yet
    (fewer than ``open_after`` marks in the row, counting ``marks``, D6)."""
    cols = lay.slots[r].get((color, value))
    if not cols:
        return -1
    base = r * lay.width
    cur = cursor[r]
    for c in cols:
        if c >= cur and cells[base + c] == OPEN:
            if c > barrier(lay, cells, cursor, r):
                return -1
            if c >= lay.width - TARGET and marks < open_after:
                return -1
            return c
    return -1


def next_open(lay: Layout, cells: Sequence[int], cursor: Sequence[int], r: int) -> int:
    """Row ``r``'s next open space (the column a hit would mark), -1 if none."""
    base = r * lay.width
    for c in range(cursor[r], lay.width):
        if cells[base + c] == OPEN:
            return c
    return -1


class Mark(NamedTuple):
    """One mark of a choice: die ``die`` marks row ``row`` at column ``col``; ``hit``: made by
    breaking the number rule (``pad=hits``)."""

    die: int
    row: int
    col: int
    hit: bool


def die_options(
    lay: Layout,
    cells: Sequence[int],
    cursor: Sequence[int],
    dice: Sequence[int],
    open_after: int,
) -> list[list[tuple[int, Mark | None]]]:
    """Per die, its options as ``(option code, mark)``: always ``(0, None)``, then every mark
    the die could make on its own (in Kris-Kras, a row's target area may also open thanks to
    another die's mark in the same choice: :func:`choice_marks` checks the combination).
    ``dice[d]`` is 0 for a removed die."""
    out: list[list[tuple[int, Mark | None]]] = []
    for d in range(NUM_DICE):
        opts: list[tuple[int, Mark | None]] = [(0, None)]
        v = dice[d]
        if v:
            if lay.pad == "kriskras":
                for r in range(NUM_ROWS):
                    c = regular_column(lay, cells, cursor, r, d, v, 99, open_after)
                    if c >= 0:
                        opts.append((1 + r, Mark(d, r, c, False)))
            else:
                marks = row_marks(cells, lay.width, d)
                c = regular_column(lay, cells, cursor, d, d, v, marks, open_after)
                if c >= 0:
                    opts.append((1, Mark(d, d, c, False)))
                if lay.pad == "hits":
                    h = next_open(lay, cells, cursor, d)
                    if (
                        h >= 0
                        and lay.hits[d * lay.width + h]
                        and lay.numbers[d * lay.width + h] != v
                    ):
                        opts.append((2, Mark(d, d, h, True)))
        out.append(opts)
    return out


def rows_ok(lay: Layout, cells: Sequence[int], marks: Sequence[Mark], open_after: int) -> bool:
    """Whether the marks of one choice may all be made (Kris-Kras, D18): in each row they go
    left to right, no two on one space, and a mark in the target area needs ``open_after``
    marks in the row before it (those made left of it in the same choice count)."""
    by_row: dict[int, list[int]] = {}
    for m in marks:
        by_row.setdefault(m.row, []).append(m.col)
    ts = lay.width - TARGET
    for r, cols in by_row.items():
        if len(cols) != len(set(cols)):
            return False
        have = row_marks(cells, lay.width, r)
        for c in sorted(cols):
            if c >= ts and have < open_after:
                return False
            have += 1
    return True


def legal_choices(
    lay: Layout,
    cells: Sequence[int],
    cursor: Sequence[int],
    dice: Sequence[int],
    open_after: int,
) -> list[int]:
    """Every legal choice number for this roll, sorted (0: no mark is always legal)."""
    opts = die_options(lay, cells, cursor, dice, open_after)
    rad = radix(lay.pad)
    if lay.pad != "kriskras":
        # One row per die: every combination of the dice's options is legal.
        codes = [0]
        scale = 1
        for d in range(NUM_DICE):
            codes = [x + o * scale for o, _ in opts[d] for x in codes]
            scale *= rad
        return sorted(codes)
    out: list[int] = []

    def walk(d: int, code: int, chosen: list[Mark]) -> None:
        # A target mark may need a later die's mark to its left: check whole choices only.
        if d == NUM_DICE:
            if rows_ok(lay, cells, chosen, open_after):
                out.append(code)
            return
        scale = rad**d
        for o, m in opts[d]:
            if m is None:
                walk(d + 1, code, chosen)
            else:
                chosen.append(m)
                walk(d + 1, code + o * scale, chosen)
                chosen.pop()

    walk(0, 0, [])
    return sorted(out)


def choice_marks(
    lay: Layout,
    cells: Sequence[int],
    cursor: Sequence[int],
    dice: Sequence[int],
    code: int,
    open_after: int,
) -> list[Mark] | None:
    """The marks choice ``code`` makes, or ``None`` if it is not legal here."""
    rad = radix(lay.pad)
    if not 0 <= code < rad**NUM_DICE:
        return None
    marks: list[Mark] = []
    rest = code
    for d in range(NUM_DICE):
        o = rest % rad
        rest //= rad
        if o == 0:
            continue
        v = dice[d]
        if not v:
            return None
        if lay.pad == "kriskras":
            r = o - 1
            c = regular_column(lay, cells, cursor, r, d, v, 99, open_after)
            if c < 0:
                return None
            marks.append(Mark(d, r, c, False))
        elif o == 1:
            c = regular_column(
                lay, cells, cursor, d, d, v, row_marks(cells, lay.width, d), open_after
            )
            if c < 0:
                return None
            marks.append(Mark(d, d, c, False))
        else:  # a hit
            h = next_open(lay, cells, cursor, d)
            i = d * lay.width + h
            if h < 0 or not lay.hits[i] or lay.numbers[i] == v:
                return None
            marks.append(Mark(d, d, h, True))
    if lay.pad == "kriskras" and not rows_ok(lay, cells, marks, open_after):
        return None
    return marks


def apply_marks(lay: Layout, cells: list[int], cursor: list[int], marks: Sequence[Mark]) -> int:
    """Make ``marks`` on the sheet (left to right in each row): every open space skipped on the
    way is lost. Returns the number of spaces lost."""
    lost = 0
    w = lay.width
    for m in sorted(marks, key=lambda m: (m.row, m.col)):
        base = m.row * w
        for c in range(cursor[m.row], m.col):
            if cells[base + c] == OPEN:
                cells[base + c] = LOST
                lost += 1
        cells[base + m.col] = HIT if m.hit else MARK
        cursor[m.row] = m.col + 1
    return lost


def next_lock(lay: Layout, cells: Sequence[int], cursor: Sequence[int], r: int) -> int:
    """The column of row ``r``'s next lock that may be crossed off, -1 if none stands."""
    c = barrier(lay, cells, cursor, r)
    return c if c < lay.width else -1


def cross_off_lock(
    lay: Layout, cells: list[int], cursor: list[int], r: int, unlock: str
) -> tuple[int, int]:
    """Cross off row ``r``'s next lock (D20): ``unlock=void`` leaves it crossed out (no mark,
    the spaces before it stay open); ``unlock=mark`` counts it as a mark (the spaces before it
    are lost, as when skipped). Returns ``(column, spaces lost)``.

    :raises ValueError: no lock stands in the row."""
    c = next_lock(lay, cells, cursor, r)
    if c < 0:
        raise ValueError(f"row {r} has no lock left to cross off")
    base = r * lay.width
    if unlock == "void":
        cells[base + c] = VOID
        return c, 0
    lost = 0
    for j in range(cursor[r], c):
        if cells[base + j] == OPEN:
            cells[base + j] = LOST
            lost += 1
    cells[base + c] = UNLOCKED
    cursor[r] = c + 1
    return c, lost


def row_alive(
    lay: Layout, cells: Sequence[int], cursor: Sequence[int], r: int, open_after: int
) -> bool:
    """Whether some future roll could still mark row ``r`` (an open space right of the rightmost
    mark that is outside the target area, or inside it with enough marks possible first)."""
    base = r * lay.width
    ts = lay.width - TARGET
    enough = row_marks(cells, lay.width, r) >= open_after
    return any(cells[base + c] == OPEN and (c < ts or enough) for c in range(cursor[r], lay.width))


def can_ever_mark(
    lay: Layout,
    cells: Sequence[int],
    cursor: Sequence[int],
    in_play: Sequence[bool],
    open_after: int,
) -> bool:
    """Whether this sheet could still take a mark from the dice in play (D11): a row of a die
    in play is alive; in Kris-Kras, an alive row holds an open space of such a die's colour."""
    for r in range(NUM_ROWS):
        if not row_alive(lay, cells, cursor, r, open_after):
            continue
        if lay.pad != "kriskras":
            if in_play[r]:
                return True
            continue
        base = r * lay.width
        for c in range(cursor[r], lay.width):
            if cells[base + c] == OPEN and in_play[lay.colors[base + c]]:
                return True
    return False


# ----------------------------------------------------------------------------- scoring
class Score(NamedTuple):
    """A sheet's score and its parts (D5, D15, D16)."""

    total: int
    rows: int
    columns: int
    areas: int
    bonus: int
    marks: int
    lone: int


def score_sheet(lay: Layout, cells: Sequence[int], table: Sequence[int]) -> Score:
    """Score a sheet from its cells alone: each area by its marks (``table``), plus
    :data:`HIT_BONUS` for each hit space marked the regular way (``pad=hits``)."""
    parts = {"row": 0, "column": 0, "other": 0}
    lone = 0
    for cells_of, kind in zip(lay.areas, lay.area_kind, strict=True):
        k = sum(1 for i in cells_of if MARKED[cells[i]])
        if k == 1:
            lone += 1
        parts[kind if kind in parts else "other"] += table[k]
    bonus = 0
    if lay.pad == "hits":
        bonus = HIT_BONUS * sum(1 for i, h in enumerate(lay.hits) if h and cells[i] == MARK)
    marks = sum(1 for x in cells if MARKED[x])
    total = parts["row"] + parts["column"] + parts["other"] + bonus
    return Score(total, parts["row"], parts["column"], parts["other"], bonus, marks, lone)


__all__ = [
    "CELL_NAMES",
    "HIT",
    "HIT_BONUS",
    "LOST",
    "MARK",
    "MARKED",
    "NUM_DICE",
    "OPEN",
    "PADS",
    "TARGET",
    "UNLOCKED",
    "VOID",
    "Layout",
    "Mark",
    "Score",
    "apply_marks",
    "barrier",
    "can_ever_mark",
    "choice_marks",
    "cross_areas",
    "cross_off_lock",
    "die_options",
    "layout_for",
    "legal_choices",
    "next_lock",
    "next_open",
    "points_table",
    "radix",
    "regular_column",
    "row_alive",
    "row_marks",
    "rows_ok",
    "score_sheet",
    "target_marks",
]
