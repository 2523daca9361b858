"""Sixto heuristics: a sheet evaluation and the ``greedy`` agent.

The greedy agent sees only its observation (its own sheet, the dice, and the public sheets). It
values a sheet by what each scoring area (row, column, and the Cross pad's blocks or diagonals)
is heading for: an area with ``k`` marks and ``r`` spaces it may still get is worth
``E[points(k + Binomial(r, alpha))]``, the points it would score if each of those spaces were
marked with chance ``alpha`` (lower as dice leave the game). A space beyond a standing lock
counts half per lock; a space no die in play can reach counts nothing. So a mark is worth the
row and column points it moves towards, and every space it burns (skips and loses) costs the
points its areas could have made with it. The Hits pad's bonus is added as it is earned.

* **Marks**: each die's best option alone (mark, hit, or which row in Kris-Kras), then a local
  search over the legal choices (change one die at a time) on the exact value of the whole
  choice (two dice in one column, or in one Kris-Kras row, interact).
* **Re-roll**: the active player re-rolls when the dice's expected value (each die's best use
  of each face, averaged) beats the roll's by a margin.
* **Locks**: crossing one off is compared with the best choice like any other move.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache
from math import comb
from typing import Any

from .actions import CHOICE0, KEEP, REROLL
from .rules import (
    HIT_BONUS,
    MARKED,
    NUM_DICE,
    OPEN,
    Layout,
    Mark,
    die_options,
    layout_for,
    next_lock,
    radix,
)
from .sheets import NUM_ROWS
from .state import CHOOSE, ROLL

#: Share of the open spaces an area still reaches that end up marked, at the start.
ALPHA = 0.42
#: How much ``ALPHA`` falls per die removed.
ALPHA_DROP = 0.09
#: Weight of a space beyond a standing lock, per lock.
LOCK_WEIGHT = 0.5
#: Re-roll when the dice promise this much more than the roll.
REROLL_MARGIN = 1.0


@cache
def potential_table(table: tuple[int, ...], alpha: float) -> tuple[tuple[float, ...], ...]:
    """``V[k][r]``: expected points of an area with ``k`` marks and ``r`` reachable spaces."""
    size = len(table) - 1
    out = []
    for k in range(size + 1):
        row = []
        for r in range(size + 1):
            v = 0.0
            for j in range(r + 1):
                if k + j > size:
                    break
                v += comb(r, j) * alpha**j * (1 - alpha) ** (r - j) * table[k + j]
            row.append(v)
        out.append(tuple(row))
    return tuple(out)


def _v(V: tuple[tuple[float, ...], ...], k: int, r: float) -> float:
    """``V[k][r]`` with ``r`` real (linear between whole numbers)."""
    k = min(k, len(V) - 1)
    lo = int(r)
    if lo >= len(V[0]) - 1:
        return V[k][-1]
    f = r - lo
    return V[k][lo] if f == 0 else V[k][lo] * (1 - f) + V[k][lo + 1] * f


class SheetModel:
    """One sheet as the evaluation sees it: per cell its mark (0/1) and reach weight, per area
    its marks and reach; :meth:`value_of` gives the change a set of marks (or a crossed-off
    lock) brings."""

    def __init__(
        self,
        lay: Layout,
        cells: list[int],
        dice: list[int],
        table: tuple[int, ...],
        removed: int,
    ) -> None:
        self.lay = lay
        self.cells = cells
        w = lay.width
        self.cursor = [0] * NUM_ROWS
        for r in range(NUM_ROWS):
            past = [c for c in range(w) if cells[r * w + c] not in (OPEN, 4)]
            self.cursor[r] = max(past) + 1 if past else 0
        in_play = [v > 0 for v in dice]
        self.weight = [0.0] * (NUM_ROWS * w)
        for r in range(NUM_ROWS):
            factor = 1.0
            locks = set(lay.locks[r])
            for c in range(self.cursor[r], w):
                i = r * w + c
                if cells[i] != OPEN:
                    continue
                if in_play[lay.colors[i]]:
                    self.weight[i] = factor
                if c in locks:
                    factor *= LOCK_WEIGHT
        self.k = [sum(1 for i in a if MARKED[cells[i]]) for a in lay.areas]
        self.r = [sum(self.weight[i] for i in a) for a in lay.areas]
        alpha = max(0.1, ALPHA - ALPHA_DROP * removed)
        self.V = potential_table(table, round(alpha, 3))

    def _changes_for_marks(self, marks: list[Mark]) -> tuple[dict[int, float], dict[int, int]]:
        """Per cell the reach change and per cell the mark change a choice makes."""
        lay, cells, w = self.lay, self.cells, self.lay.width
        dw: dict[int, float] = {}
        dm: dict[int, int] = {}
        by_row: dict[int, list[int]] = {}
        for m in marks:
            by_row.setdefault(m.row, []).append(m.col)
        for r, cols in by_row.items():
            cur = self.cursor[r]
            base = r * w
            locks = lay.locks[r]
            for col in sorted(cols):
                for c in range(cur, col):
                    i = base + c
                    if cells[i] == OPEN and self.weight[i]:
                        dw[i] = -self.weight[i]
                i = base + col
                dw[i] = -self.weight[i]
                dm[i] = 1
                cur = col + 1
                if col in locks:  # a lock marked: the spaces beyond it come nearer
                    for c in range(col + 1, w):
                        j = base + c
                        if self.weight[j] and j not in dw:
                            dw[j] = self.weight[j] * (1 / LOCK_WEIGHT - 1)
        return dw, dm

    def _delta(self, dw: dict[int, float], dm: dict[int, int]) -> float:
        ca = self.lay.cell_areas
        dk: dict[int, int] = {}
        dr: dict[int, float] = {}
        for i, x in dw.items():
            for a in ca[i]:
                dr[a] = dr.get(a, 0.0) + x
        for i, x in dm.items():
            for a in ca[i]:
                dk[a] = dk.get(a, 0) + x
        V, k, r = self.V, self.k, self.r
        total = 0.0
        for a in dr.keys() | dk.keys():
            k1 = k[a] + dk.get(a, 0)
            r1 = max(0.0, r[a] + dr.get(a, 0.0))
            total += _v(V, k1, r1) - _v(V, k[a], r[a])
        return total

    def value_of(self, marks: list[Mark]) -> float:
        """The change in the sheet's value a choice's marks bring (bonus points included)."""
        if not marks:
            return 0.0
        dw, dm = self._changes_for_marks(marks)
        bonus = 0.0
        if self.lay.pad == "hits":
            w = self.lay.width
            for m in marks:
                if not m.hit and self.lay.hits[m.row * w + m.col]:
                    bonus += HIT_BONUS
        return self._delta(dw, dm) + bonus

    def value_of_unlock(self, r: int, unlock: str) -> float:
        """The change crossing off row ``r``'s next lock brings (``unlock``: void or mark)."""
        lay, w = self.lay, self.lay.width
        c = next_lock(lay, self.cells, self.cursor, r)
        if c < 0:
            return float("-inf")
        base = r * w
        dw: dict[int, float] = {}
        dm: dict[int, int] = {}
        if unlock == "mark":
            for j in range(self.cursor[r], c):
                if self.cells[base + j] == OPEN and self.weight[base + j]:
                    dw[base + j] = -self.weight[base + j]
            dm[base + c] = 1
        dw[base + c] = -self.weight[base + c]
        for j in range(c + 1, w):
            if self.weight[base + j]:
                dw[base + j] = self.weight[base + j] * (1 / LOCK_WEIGHT - 1)
        return self._delta(dw, dm)


def _neighbours(
    best: list[int], per_die: list[list[tuple[int, Mark | None, float]]]
) -> Iterator[list[int]]:
    """The choices one die's option away from ``best`` (options per die, as ``per_die``
    offers them), die by die: each a fresh list, made from ``best`` as it stands then, so a
    walk that improves ``best`` in place goes on from the improved choice."""
    for d in range(NUM_DICE):
        for o, _, _ in per_die[d]:
            if o == best[d]:
                continue
            trial = best[:]
            trial[d] = o
            yield trial


class Planner:
    """The greedy choice for one seat's view (used by the agent and by ``hint``)."""

    def __init__(self, game: Any, obs: dict[str, Any], seat: int) -> None:
        self.game = game
        sheet = obs["sheets"][seat]
        self.lay = layout_for(sheet["design"] - 1, obs["width"], obs["pad"])
        self.cells = [x for row in sheet["cells"] for x in row]
        self.dice = list(obs["dice"])
        self.removed = len(obs["removed"])
        self.open_after = int(obs["open_after"])
        self.table: tuple[int, ...] = game.table
        self.model = SheetModel(self.lay, self.cells, self.dice, self.table, self.removed)

    @classmethod
    def from_state(cls, state: Any, seat: int) -> Planner:
        """The same planner read straight from a (determinized) state: no observation built,
        the sheet's cells shared (not copied; the planner never changes them)."""
        plan = object.__new__(cls)
        game = state.game
        plan.game = game
        plan.lay = state.layouts[seat]
        plan.cells = state.cells[seat]
        plan.dice = state.dice
        plan.removed = len(state.removed)
        plan.open_after = game.open_after
        plan.table = game.table
        plan.model = SheetModel(plan.lay, plan.cells, plan.dice, plan.table, plan.removed)
        return plan

    def standalone(self, dice: list[int]) -> list[list[tuple[int, Mark | None, float]]]:
        """Per die, its options for ``dice`` with the value of each made alone."""
        m = self.model
        opts = die_options(self.lay, self.cells, m.cursor, dice, self.open_after)
        return [[(o, mk, 0.0 if mk is None else m.value_of([mk])) for o, mk in d] for d in opts]

    def _code(self, options: list[int]) -> int:
        """The choice number of per-die options."""
        rad = radix(self.lay.pad)
        return sum(o * rad**d for d, o in enumerate(options))

    def _choice_value(self) -> tuple[list[list[tuple[int, Mark | None, float]]], Any]:
        """Per die its standalone options, and ``exact(options) -> value`` of a whole choice
        (options per die)."""
        m = self.model
        per_die = self.standalone(self.dice)
        by_option = [{o: mk for o, mk, _ in d} for d in per_die]

        def exact(options: list[int]) -> float:
            marks = [by_option[d][o] for d, o in enumerate(options) if o]
            return m.value_of([x for x in marks if x is not None])

        return per_die, exact

    def _local_search(
        self, legal_set: set[int], per_die: list[list[tuple[int, Mark | None, float]]], exact: Any
    ) -> tuple[list[int], float]:
        """The best choice's options per die (see the module docstring) and its value."""
        code = self._code
        opts = [max(d, key=lambda t: t[2])[0] if max(t[2] for t in d) > 0 else 0 for d in per_die]
        best = opts[:]
        if CHOICE0 + code(best) not in legal_set:
            best = [0] * NUM_DICE
        best_v = exact(best)
        for _ in range(2):
            improved = False
            for trial in _neighbours(best, per_die):
                if CHOICE0 + code(trial) not in legal_set:
                    continue
                v = exact(trial)
                if v > best_v + 1e-9:
                    best[:] = trial  # in place: the walk goes on from the better choice
                    best_v, improved = v, True
            if not improved:
                break
        return best, best_v

    def _unlocks(self, legal: list[int]) -> list[tuple[int, float]]:
        """The legal lock cross-offs (Locked pad) with their values."""
        if self.lay.pad != "locked":
            return []
        notation = self.game.notation
        return [
            (a, self.model.value_of_unlock(a - notation.unlock0, self.game.unlock))
            for a in legal
            if notation.is_unlock(a)
        ]

    def best_choice(self, legal: list[int]) -> tuple[int, float]:
        """The best legal action id among the choices (and unlocks) and its value."""
        per_die, exact = self._choice_value()
        best, best_v = self._local_search(set(legal), per_die, exact)
        action, value = CHOICE0 + self._code(best), best_v
        for a, v in self._unlocks(legal):
            if v > value + 1e-9:
                action, value = a, v
        return action, value

    def ranked_choices(self, legal: list[int]) -> list[tuple[int, float]]:
        """The best choice (:meth:`best_choice`'s) first, then its neighbours (one die's option
        changed) and the unlocks, best first, as ``(action id, value)``: the alternatives a
        search weighs."""
        legal_set = set(legal)
        per_die, exact = self._choice_value()
        best, best_v = self._local_search(legal_set, per_die, exact)
        code = self._code
        out = {CHOICE0 + code(best): best_v}
        for trial in _neighbours(best, per_die):
            a = CHOICE0 + code(trial)
            if a in legal_set and a not in out:
                out[a] = exact(trial)
        first, first_v = CHOICE0 + code(best), best_v
        for a, v in self._unlocks(legal):
            out[a] = v
            if v > first_v + 1e-9:  # as best_choice decides
                first, first_v = a, v
        return sorted(out.items(), key=lambda t: (t[0] != first, -t[1], t[0]))

    def roll_values(self) -> tuple[float, float]:
        """(what the dice on the table are worth, what a re-roll is expected to be worth), each
        as the sum over the dice of the best use of each die alone."""
        now = sum(max(0.0, max(t[2] for t in d)) for d in self.standalone(self.dice))
        expected = 0.0
        for v in range(1, 7):
            dice = [v if x else 0 for x in self.dice]
            per_die = self.standalone(dice)
            expected += sum(max(0.0, max(t[2] for t in d)) for d in per_die) / 6
        return now, expected


class GreedyAgent:
    """The heuristic player described in the module docstring."""

    name = "greedy"

    def __init__(self, game: Any = None, seat: int = 0, seed: int | None = None) -> None:
        self.game = game
        self.seat = seat

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        plan = Planner(self.game, observation, int(observation["player"]))
        if observation["phase"] == "roll":
            now, expected = plan.roll_values()
            return REROLL if expected > now + REROLL_MARGIN else KEEP
        return plan.best_choice(legal_actions)[0]


def explain_choice(game: Any, observation: dict[str, Any]) -> str | None:
    """What the greedy bot would do and why, in one line (``None`` for a spectator, or when the
    seat has nothing to decide), e.g. ``"RGB: worth +6.2 (score now 15)"`` or ``"reroll: the
    roll is worth +3.1, a new one about +5.0"``."""
    seat = observation.get("player")
    if seat is None or observation.get("current_player") != seat:
        return None
    plan = Planner(game, observation, seat)
    if observation["phase"] == "roll":
        now, expected = plan.roll_values()
        move = "reroll" if expected > now + REROLL_MARGIN else "keep"
        return f"{move}: the roll is worth about +{now:.1f} to you, a new one about +{expected:.1f}"
    legal = _legal_from_observation(game, observation, seat)
    action, value = plan.best_choice(legal)
    text = game.notation.action_to_string(action)
    score = observation["scores"][seat]
    return f"{text}: worth {value:+.1f} in prospects (score now {score:g})"


def _legal_from_observation(game: Any, obs: dict[str, Any], seat: int) -> list[int]:
    """The seat's legal choices, rebuilt from its observation (sheet and dice are public)."""
    from .rules import legal_choices

    plan_lay = layout_for(obs["sheets"][seat]["design"] - 1, obs["width"], obs["pad"])
    cells = [x for row in obs["sheets"][seat]["cells"] for x in row]
    w = plan_lay.width
    cursor = []
    for r in range(NUM_ROWS):
        past = [c for c in range(w) if cells[r * w + c] not in (OPEN, 4)]
        cursor.append(max(past) + 1 if past else 0)
    out = [
        CHOICE0 + c for c in legal_choices(plan_lay, cells, cursor, obs["dice"], obs["open_after"])
    ]
    if obs["pad"] == "locked":
        for r in range(NUM_ROWS):
            if obs["dice"][r] and next_lock(plan_lay, cells, cursor, r) >= 0:
                out.append(game.notation.unlock_id(r))
    return out


# ----------------------------------------------------------------------------- search hooks
#: Final-score margin (points) the search evaluation maps to about 76% of a win (``tanh 1``).
EVAL_SCALE = 10.0
#: At most this many choices of marks are searched: the greedy choice, its best one-die changes.
SEARCH_CHOICES = 6


#: Moves and expected scores already worked out, by everything they are computed from (see
#: :func:`_sheet_key`): in a search every candidate move is tried on the same determinization
#: with the same dice, so the other seats' sheets, dice and choices repeat from one candidate
#: to the next. Cleared when it holds :data:`MEMO_SIZE` entries.
_MEMO: dict[tuple[Any, ...], Any] = {}
MEMO_SIZE = 50_000


def _sheet_key(state: Any, seat: int) -> tuple[Any, ...]:
    """Everything :class:`Planner` and :class:`SheetModel` read of ``state`` for ``seat``: the
    sheet (its layout and cells), the dice, the dice removed, the game's options."""
    g = state.game
    lay = state.layouts[seat]  # layout_for(design, width, pad): those three name it
    return (
        lay.design,
        lay.width,
        lay.pad,
        tuple(state.cells[seat]),
        tuple(state.dice),
        len(state.removed),
        g.open_after,
        g.table,
        g.unlock,
    )


def _remember(key: tuple[Any, ...], value: Any) -> Any:
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = value
    return value


def rollout_policy(state: Any, rng: Any = None) -> int:
    """The ``greedy`` agent's move in a (determinized) Sixto state, read straight from the
    state (:meth:`Planner.from_state`): the same move as ``GreedyAgent(game).step(
    state.observation(p), legal)`` (a test checks it) without building the observation; a
    move already worked out for the same sheet, dice and legal moves is reused (``_MEMO``).
    ``rng`` is unused (the greedy agent is deterministic)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return int(legal[0])
    p = state.current_player()
    key = ("move", state.phase, tuple(legal), *_sheet_key(state, p))
    got = _MEMO.get(key)
    if got is not None:
        return int(got)
    plan = Planner.from_state(state, p)
    if state.phase == ROLL:
        now, expected = plan.roll_values()
        move = REROLL if expected > now + REROLL_MARGIN else KEEP
    else:
        move = plan.best_choice(legal)[0]
    return int(_remember(key, move))


def search_candidates(state: Any, legal: list[int]) -> list[int]:
    """The moves a search weighs: both in the roll phase; else the ``SEARCH_CHOICES`` best of
    :meth:`Planner.ranked_choices` (the greedy choice first)."""
    if state.phase != CHOOSE or len(legal) <= SEARCH_CHOICES:
        return legal
    ranked = Planner.from_state(state, state.current_player()).ranked_choices(legal)
    return [a for a, _ in ranked[:SEARCH_CHOICES]]


def expected_scores(state: Any) -> list[float]:
    """Per seat, the score its sheet is heading for: the score now plus, for every scoring
    area, the points :class:`SheetModel` expects it still to gain (``V[k][r] - V[k][0]``)."""
    game = state.game
    out = []
    for q in range(game.num_players):
        key = ("expected", *_sheet_key(state, q))
        got = _MEMO.get(key)
        if got is None:
            m = SheetModel(
                state.layouts[q], state.cells[q], state.dice, game.table, len(state.removed)
            )
            V = m.V
            top = len(V) - 1
            gain = sum(_v(V, k, r) - V[min(k, top)][0] for k, r in zip(m.k, m.r, strict=True))
            got = _remember(key, float(state.sheet_score(q).total) + gain)
        out.append(got)
    return out


def evaluate(state: Any) -> list[float]:
    """Per seat, a search's cut-off value in ``[-1, 1]``: ``tanh`` of its expected final score
    (:func:`expected_scores`) minus the best other seat's, over ``EVAL_SCALE``; alone, the
    expected score itself (the returns of a solo game are the score)."""
    if state.is_terminal():
        return [float(x) for x in state.returns()]
    e = expected_scores(state)
    if len(e) == 1:
        return e
    return [
        math.tanh((e[q] - max(x for i, x in enumerate(e) if i != q)) / EVAL_SCALE)
        for q in range(len(e))
    ]


#: ``evaluate_calibrated``'s scale (points of expected margin for ``tanh 1``) by dice removed
#: (0, 1, 2 or more): the expected final margin is far less certain early than
#: :data:`EVAL_SCALE` says. Least squares of ``tanh(margin / scale)`` against the returns over
#: the turn starts of 6,000 greedy 2-player games (seeds 100000-105999; every fifth game held
#: out: mean squared error 0.787 with ``EVAL_SCALE``, 0.675 with these).
CALIBRATED_SCALES = (34.0, 28.0, 20.0)


def evaluate_calibrated(state: Any) -> list[float]:
    """:func:`evaluate` with its scale by the dice removed (:data:`CALIBRATED_SCALES`), so the
    value of an expected margin tracks how often greedy play turns it into a win
    (``ismcts:…:eval=calibrated``)."""
    if state.is_terminal():
        return [float(x) for x in state.returns()]
    e = expected_scores(state)
    if len(e) == 1:
        return e
    scale = CALIBRATED_SCALES[min(len(state.removed), len(CALIBRATED_SCALES) - 1)]
    return [
        math.tanh((e[q] - max(x for i, x in enumerate(e) if i != q)) / scale) for q in range(len(e))
    ]


__all__ = [
    "CALIBRATED_SCALES",
    "GreedyAgent",
    "Planner",
    "SheetModel",
    "evaluate",
    "evaluate_calibrated",
    "expected_scores",
    "explain_choice",
    "potential_table",
    "rollout_policy",
    "search_candidates",
]
