"""What a graphical table needs to draw a Sixto observation (``Game.drawing_facts``).

Pure, built from the observation and the printed sheets alone (never the state), so it tells
a seat nothing its observation does not:

- ``sheets``: per seat, what is printed on its sheet (numbers, Kris-Kras space colours, hit
  spaces, locks, the Cross pad's areas) and the points of each row, column and area as the
  marks stand (``docs/rules/sixto.md`` D5, D15-D19);
- ``choices``: per legal action of the observing seat, what it does on its sheet: the marks
  ``[die, row, column, hit]`` of a choice, or the lock ``[row, column]`` an ``unlock``
  crosses off. A client maps the spaces a person clicks to the one legal choice that makes
  exactly those marks, so it never builds a move itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import CHOICE0
from .render import _cursor
from .rules import HIT_BONUS, MARK, MARKED, TARGET, choice_marks, layout_for, next_lock
from .sheets import COLORS, LETTERS, NUM_ROWS


def _sheet_facts(obs: Mapping[str, Any], seat: int, table: Sequence[int]) -> dict[str, Any]:
    sheet = obs["sheets"][seat]
    w = obs["width"]
    lay = layout_for(sheet["design"] - 1, w, obs["pad"])
    cells = [x for row in sheet["cells"] for x in row]

    def pts(area: Sequence[int]) -> int:
        return table[sum(1 for i in area if MARKED[cells[i]])]

    areas = [
        {
            "kind": kind,
            "cells": [list(divmod(i, w)) for i in area],
            "points": pts(area),
        }
        for kind, area in zip(lay.area_kind, lay.areas, strict=True)
        if kind not in ("row", "column")
    ]
    hit_bonus = sum(HIT_BONUS for i, h in enumerate(lay.hits) if h and cells[i] == MARK)
    return {
        "design": sheet["design"],
        "numbers": [list(lay.numbers[r * w : (r + 1) * w]) for r in range(NUM_ROWS)],
        "colors": [[LETTERS[x] for x in lay.colors[r * w : (r + 1) * w]] for r in range(NUM_ROWS)],
        "hits": [[c for c in range(w) if lay.hits[r * w + c]] for r in range(NUM_ROWS)],
        "locks": [list(lay.locks[r]) for r in range(NUM_ROWS)],
        "row_points": [pts(lay.areas[r]) for r in range(NUM_ROWS)],
        "column_points": [pts(lay.areas[NUM_ROWS + c]) for c in range(w)],
        "areas": areas,
        "hit_bonus": hit_bonus,
    }


def drawing_facts(
    game: Any, obs: Mapping[str, Any], legal_actions: Sequence[int]
) -> dict[str, Any]:
    """``{colors, letters, target_start, sheets, choices}`` (see the module docstring);
    ``choices`` maps an action id (as text: JSON keys) to ``{"marks": [[die, row, col, hit],
    ...]}`` or ``{"unlock": [row, col]}``; ``keep`` and ``reroll`` are not in it."""
    n = obs["num_players"]
    w = obs["width"]
    facts: dict[str, Any] = {
        "colors": list(COLORS),
        "letters": LETTERS,
        "target_start": w - TARGET,
        "sheets": [_sheet_facts(obs, q, game.table) for q in range(n)],
        "choices": {},
    }
    seat = obs.get("player")
    if seat is None or obs["phase"] != "choose" or not legal_actions:
        return facts
    sheet = obs["sheets"][seat]
    lay = layout_for(sheet["design"] - 1, w, obs["pad"])
    cells = [x for row in sheet["cells"] for x in row]
    cursor = _cursor(cells, w)
    notation = game.notation
    choices: dict[str, Any] = {}
    for a in legal_actions:
        if notation.is_unlock(a):
            r = a - notation.unlock0
            choices[str(a)] = {"unlock": [r, next_lock(lay, cells, cursor, r)]}
        elif notation.is_choice(a):
            marks = choice_marks(lay, cells, cursor, obs["dice"], a - CHOICE0, game.open_after)
            if marks is None:  # not legal for this sheet: never offered
                continue
            choices[str(a)] = {"marks": [[m.die, m.row, m.col, m.hit] for m in marks]}
    facts["choices"] = choices
    return facts


__all__ = ["drawing_facts"]
