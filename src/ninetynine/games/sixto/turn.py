"""The flow of a Sixto game: a roll, everyone's marks for it, removed dice, the end.

Ninety Nine and Sixto overviews § Sixto with the readings of ``docs/rules/sixto.md``: a turn's
roll (:func:`roll`, from the state's RNG), then every player's secret choice for it (D9);
:func:`resolve` makes the marks, removes the dice whose row a player closed and ends the game on
the third removed die (D10), a stalled game (D11) or the safety stop (D12): :func:`finish`.
Where a die may mark and how a sheet scores is ``rules.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import NUM_DICE, apply_marks, can_ever_mark, choice_marks, cross_off_lock, target_marks

if TYPE_CHECKING:
    from .state import SixtoState

ROLL, CHOOSE, OVER = 0, 1, 2
PHASE_NAMES = ("roll", "choose", "over")
#: ``ended_by`` values (D10-D12).
DICE, STALLED, TURN_LIMIT = "dice", "stalled", "turn_limit"
ENDINGS = (DICE, STALLED, TURN_LIMIT)
#: Dice removed that end the game.
REMOVALS_TO_END = 3


def roll(s: SixtoState) -> None:
    """Roll every die in play (a removed die stays 0)."""
    for d in range(NUM_DICE):
        if s.dice[d] or s.turn == 0:
            s.dice[d] = s.rng.randbelow(6) + 1


def begin_turn(s: SixtoState, active: int) -> None:
    """Seat ``active``'s turn: the dice in play are rolled (every die at setup)."""
    first = s.turn == 0
    s.active = active
    roll(s)
    s.turn += 1
    s.phase = ROLL
    s.rerolled = False
    s.pending = [-1] * s.game.num_players
    s.chosen = 0
    kind = "setup" if first else "roll"
    s.events.append({"type": kind, "seat": active, "dice": s.dice[:]})


def resolve(s: SixtoState) -> None:
    """Every player's marks for the roll, then the dice removed, then the end or the next
    turn (D8-D12)."""
    g = s.game
    n = g.num_players
    rolled = s.dice[:]
    s._scores = None
    choices: list[int] = []
    for i in range(n):
        q = (s.active + i) % n
        a = s.pending[q]
        lay, cells, cursor = s.layouts[q], s.cells[q], s.cursor[q]
        event: dict[str, Any] = {"type": "marks", "seat": q, "action": a}
        if g.notation.is_unlock(a):
            r = a - g.notation.unlock0
            col, lost = cross_off_lock(lay, cells, cursor, r, g.unlock)
            s.st["unlocks"][q] += 1
            event.update(marks=[], unlock=[r, col], lost=lost)
        else:
            marks = choice_marks(lay, cells, cursor, s.dice, a - 2, g.open_after)
            assert marks is not None  # checked when it was chosen; the sheet is unchanged
            lost = apply_marks(lay, cells, cursor, marks)
            s.st["hits"][q] += sum(1 for m in marks if m.hit)
            event.update(marks=[[m.die, m.row, m.col, int(m.hit)] for m in marks], lost=lost)
        s.events.append(event)
    for q in range(n):
        choices.append(s.pending[q])
    closed: list[list[Any]] = []
    for d in range(NUM_DICE):
        if not s.dice[d]:
            continue
        by = [q for q in range(n) if target_marks(s.cells[q], g.width, d) >= 2]
        if by:
            closed.append([d, by])
    for d, by in closed:
        s.dice[d] = 0
        s.removed.append(d)
        s.removed_at[d] = s.turn
        for q in by:
            s.st["dice_closed"][q] += 1
        s.events.append({"type": "removed", "die": d, "by": by})
    s.last_roll = {
        "turn": s.turn,
        "active": s.active,
        "dice": rolled,
        "choices": choices,
        "removed": [d for d, _ in closed],
    }
    if len(s.removed) >= REMOVALS_TO_END:
        finish(s, DICE)
    elif not any(
        can_ever_mark(s.layouts[q], s.cells[q], s.cursor[q], s.in_play(), g.open_after)
        for q in range(n)
    ):
        finish(s, STALLED)
    elif s.turn >= g.max_turns:
        finish(s, TURN_LIMIT)
    else:
        begin_turn(s, (s.active + 1) % n)


def finish(s: SixtoState, how: str) -> None:
    """The end (D10-D13): the highest score wins; a tie at the top is a draw, or with
    ``tiebreak=marks`` goes to the tied player with the most marks."""
    s.phase = OVER
    s.ended_by = how
    n = s.game.num_players
    w = -1
    if n > 1:
        sc = [s.sheet_score(q) for q in range(n)]
        top = max(x.total for x in sc)
        leaders = [q for q in range(n) if sc[q].total == top]
        if len(leaders) > 1 and s.game.tiebreak == "marks":
            most = max(sc[q].marks for q in leaders)
            leaders = [q for q in leaders if sc[q].marks == most]
        if len(leaders) == 1:
            w = leaders[0]
    s.winner_ = w
    s.pending = [-1] * n
    s.chosen = 0
    s.events.append({"type": "end", "how": how, "winner": w})


__all__ = [
    "CHOOSE",
    "DICE",
    "ENDINGS",
    "OVER",
    "PHASE_NAMES",
    "REMOVALS_TO_END",
    "ROLL",
    "STALLED",
    "TURN_LIMIT",
    "begin_turn",
    "finish",
    "resolve",
    "roll",
]
