"""Hand-built Sixto positions for rule tests (only the state's own fields are set)."""

from __future__ import annotations

from typing import Any

import ninetynine
from helpers import legal as legal  # re-exported with play: rule tests import them from here
from helpers import play
from ninetynine.games.sixto.rules import MARKED, OPEN, VOID
from ninetynine.games.sixto.state import SixtoState

W = 12


def sixto(n: int = 2, **options: Any):
    return ninetynine.load_game("sixto", num_players=n, **options)


def position(
    n: int = 2,
    dice: list[int] | None = None,
    sheets: str = "1,2,3,4,5,6",
    seed: int = 1,
    **options: Any,
) -> SixtoState:
    """A fresh state with fixed designs (``sheets``: design numbers, cut to ``n``) and, if
    given, the dice on the table replaced."""
    names = ",".join(sheets.split(",")[:n])
    s = sixto(n, sheets=names, **options).new_initial_state(seed)
    if dice is not None:
        s.dice = list(dice)
    s._legal = None
    return s


def numbers(s: SixtoState, seat: int, row: int) -> list[int]:
    """The printed numbers of a row of ``seat``'s sheet."""
    lay = s.layouts[seat]
    return list(lay.numbers[row * lay.width : (row + 1) * lay.width])


def set_row(s: SixtoState, seat: int, row: int, codes: list[int]) -> None:
    """Overwrite one row's cell codes (and its cursor, from the marks and lost spaces)."""
    w = s.game.width
    s.cells[seat][row * w : (row + 1) * w] = codes
    past = [c for c, x in enumerate(codes) if x not in (OPEN, VOID)]
    s.cursor[seat][row] = max(past) + 1 if past else 0
    s._legal = None
    s._scores = None  # the state caches its scores until its next marks


def row_codes(s: SixtoState, seat: int, row: int) -> list[int]:
    w = s.game.width
    return s.cells[seat][row * w : (row + 1) * w]


def marks_in(s: SixtoState, seat: int, row: int) -> int:
    return sum(1 for x in row_codes(s, seat, row) if MARKED[x])


#: Apply moves in notation, in turn (``helpers.play``).
act = play
