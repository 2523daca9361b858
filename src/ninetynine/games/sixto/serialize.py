"""A Sixto state as a JSON-able dict and back (``state.to_json`` / ``game.state_from_json``):
every field, exact round-trip, and a check that a loaded state has a shape a game can reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core import fields as F

from .observation import copy_event, copy_roll
from .rules import MARKED, NUM_DICE, OPEN, VOID, layout_for
from .sheets import NUM_DESIGNS, NUM_ROWS
from .turn import CHOOSE, ENDINGS, OVER, ROLL

if TYPE_CHECKING:
    from .state import SixtoState

#: The per-seat counters of ``stats()`` kept as the game goes.
SEAT_STATS = ("dice_closed", "rerolls", "hits", "unlocks")


#: The plain fields of the sheets and the roll, in :func:`to_dict`'s order (after
#: ``designs``, before the last roll and the events).
SHEETS = [
    *F.int_rows("cells", "cursor"),
    *F.int_lists("dice", "removed", "removed_at"),
    *F.numbers("phase", "active", "turn"),
    *F.flags("rerolled"),
    *F.int_lists("pending"),
    *F.numbers("chosen"),
]


def to_dict(s: SixtoState) -> dict[str, Any]:
    """Every field of ``s`` as JSON-able data (``state.to_dict``)."""
    return s._dict_with(
        designs=s.designs[:],
        **F.dump(s, SHEETS),
        last_roll=copy_roll(s.last_roll),
        events=[copy_event(e) for e in s.events],
        last=None if s.last is None else s.last[:],
        **F.dump(s, F.engine_fields(SEAT_STATS)),
    )


def load(s: SixtoState, d: Any) -> None:
    """Make the bare state ``s`` (game, seed and RNG set) the state :func:`to_dict` wrote as
    ``d``.

    :raises ValueError: a shape no game can reach (:func:`check`; ``KeyError``,
        ``TypeError``, ``IndexError``: a missing or malformed field)."""
    game = s.game
    s.designs = F.whole_numbers(d["designs"], "designs")
    if len(s.designs) != game.num_players or not all(0 <= x < NUM_DESIGNS for x in s.designs):
        raise ValueError(f"designs {s.designs} (one of 0-11 per seat)")
    s.layouts = [layout_for(x, game.width, game.pad) for x in s.designs]
    F.load(s, d, SHEETS)
    s.last_roll = copy_roll(d["last_roll"])
    s.events = [copy_event(e) for e in d["events"]]
    s.last = None if d["last"] is None else F.whole_numbers(d["last"], "last")
    F.load(s, d, F.engine_fields(SEAT_STATS))
    s._legal = None
    s._scores = None
    check(s)


def check(s: SixtoState) -> None:
    """Reject a loaded state no game could reach in its shape: lists of the wrong length,
    codes or values out of range, a cursor that does not match the marks, pending choices
    that do not fit the phase, a winner in an unfinished game.

    :raises ValueError: what is wrong (``state_from_json`` makes it a GameOptionError)."""
    g = s.game
    n = g.num_players
    size = NUM_ROWS * g.width

    def bad(what: str) -> ValueError:
        return ValueError(f"not a Sixto position: {what}")

    if len(set(s.designs)) != n:
        raise bad("two players share a sheet design")
    if len(s.cells) != n or any(len(c) != size for c in s.cells):
        raise bad(f"cells need {n} sheets of {size} codes")
    if len(s.cursor) != n or any(len(c) != NUM_ROWS for c in s.cursor):
        raise bad(f"cursor needs {n} lists of {NUM_ROWS}")
    for q in range(n):
        cells = s.cells[q]
        if any(not 0 <= x <= 5 for x in cells):
            raise bad(f"seat {q} has a cell code out of 0-5")
        for r in range(NUM_ROWS):
            row = cells[r * g.width : (r + 1) * g.width]
            past = [c for c, x in enumerate(row) if x != OPEN and x != VOID]
            if s.cursor[q][r] != (max(past) + 1 if past else 0):
                raise bad(f"seat {q} row {r}: the cursor does not follow the marks")
            if past and not MARKED[row[max(past)]]:
                raise bad(f"seat {q} row {r}: a lost space right of the last mark")
            if any(x == OPEN for x in row[: s.cursor[q][r]]):
                raise bad(f"seat {q} row {r}: an open space left of the last mark")
    if len(s.dice) != NUM_DICE or any(not 0 <= x <= 6 for x in s.dice):
        raise bad(f"dice {s.dice}")
    if len(s.removed_at) != NUM_DICE or len(set(s.removed)) != len(s.removed):
        raise bad("removed / removed_at")
    for dd in range(NUM_DICE):
        out = dd in s.removed
        if out != (s.removed_at[dd] > 0) or (out and s.dice[dd]):
            raise bad(f"die {dd} is both in play and removed")
        if not out and s.phase != OVER and not s.dice[dd]:
            raise bad(f"die {dd} is in play with no value")
    if s.phase not in (ROLL, CHOOSE, OVER) or not 0 <= s.active < n or s.turn < 1:
        raise bad("phase, active or turn out of range")
    if s.last is not None and (len(s.last) != 2 or not 0 <= s.last[0] < n):
        raise bad("last needs [seat, action]")
    if any(not -1 <= x < g.num_distinct_actions for x in s.pending):
        raise bad("pending holds a number that is not an action id")
    if len(s.pending) != n or not 0 <= s.chosen <= n:
        raise bad("pending / chosen")
    if s.phase == CHOOSE:
        made = [(s.active + i) % n for i in range(s.chosen)]
        for q in range(n):
            if (s.pending[q] >= 0) != (q in made):
                raise bad("the pending choices do not match who has chosen")
        if s.chosen >= n:
            raise bad("every player has chosen but the roll is not resolved")
    elif any(x != -1 for x in s.pending) or s.chosen:
        raise bad("pending choices outside the choose phase")
    for key, counts in s.st.items():
        if len(counts) != n or any(x < 0 for x in counts):
            raise bad(f"stats {key} needs {n} counts of 0 or more")
    if any(not 0 <= a < g.num_distinct_actions for a in s.hist):
        raise bad("history holds a number that is not an action id")
    if s.phase == OVER:
        if s.ended_by not in ENDINGS or not -1 <= s.winner_ < n:
            raise bad(f"ended_by {s.ended_by!r} / winner {s.winner_}")
    elif s.winner_ != -1 or s.ended_by:
        raise bad("a winner or an ending in a game that is not over")


__all__ = ["SEAT_STATS", "check", "load", "to_dict"]
