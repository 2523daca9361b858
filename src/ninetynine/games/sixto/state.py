"""The Sixto state: the position and the protocol; pure rules, no I/O.

Implements Ninety Nine and Sixto overviews § Sixto with the readings of ``docs/rules/sixto.md``
(D1-D24). A turn: the active player's roll (chance, from the state's own RNG) is shown; the
active player plays ``keep`` or ``reroll`` (every die in play rolls again, once); then every
player, the active one first and then to the left, chooses their marks for the roll (one
action each, made in secret: nobody sees another's choice until all have chosen, D9); then the
marks are made, dice whose row a player closed are removed, and the dice pass left. The third
removed die ends the game (D10); so does a game in which no sheet can take a mark any more
(D11), or the safety stop (D12).

The other rules modules, each a line a reader can name: ``turn.py`` (the roll, the marks, the
removed dice, the end), ``observation.py`` (what a seat sees, ``resample``), ``serialize.py``
(the state as JSON and back), ``rules.py`` (where a die may mark, how a sheet scores).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core.cloning import CloneFields
from ninetynine.core.engine import EngineState
from ninetynine.core.game import TERMINAL
from ninetynine.core.rng import Rng
from ninetynine.core.util import accept_action, as_action_id, check_seat, not_an_action_id

from . import observation, serialize, turn
from .actions import KEEP, REROLL
from .rules import (
    NUM_DICE,
    OPEN,
    TARGET,
    Layout,
    barrier,
    choice_marks,
    layout_for,
    legal_choices,
    next_lock,
    row_marks,
    score_sheet,
    target_marks,
)
from .serialize import SEAT_STATS
from .sheets import COLORS, NUM_DESIGNS, NUM_ROWS
from .turn import CHOOSE, DICE, ENDINGS, OVER, PHASE_NAMES, ROLL, STALLED, TURN_LIMIT

if TYPE_CHECKING:
    from .game import SixtoGame


class SixtoState(EngineState):
    """A Sixto position. Build one with ``game.new_initial_state(seed)``."""

    __slots__ = (
        "_legal",
        "_scores",
        "active",
        "cells",
        "chosen",
        "cursor",
        "designs",
        "dice",
        "ended_by",
        "events",
        "game",
        "hist",
        "last",
        "last_roll",
        "layouts",
        "pending",
        "phase",
        "removed",
        "removed_at",
        "rerolled",
        "rng",
        "seed",
        "st",
        "turn",
        "winner_",
    )
    serialization = serialize
    clone_fields = CloneFields(
        lists="designs layouts dice removed removed_at pending",
        rows="cells cursor",
        shared="phase active turn rerolled chosen"
        " last_roll events last"  # never changed in place once set
        " ended_by _scores",
        counters="st",
    )

    game: SixtoGame
    designs: list[int]
    layouts: list[Layout]
    cells: list[list[int]]
    cursor: list[list[int]]
    dice: list[int]
    removed: list[int]
    removed_at: list[int]
    phase: int
    active: int
    turn: int
    rerolled: bool
    pending: list[int]
    chosen: int
    last_roll: dict[str, Any] | None
    events: list[dict[str, Any]]
    last: list[int] | None
    st: dict[str, list[int]]
    ended_by: str
    _scores: list[float] | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, game: SixtoGame, seed: int | None) -> SixtoState:
        """Setup (D3, D7): each player gets a different sheet design (drawn at random, or the
        ones option ``sheets`` names, seat by seat); seat 0 is the first active player and rolls
        the six dice."""
        rng = Rng(seed)
        s = cls._bare(game, rng.getstate(), rng)
        n = game.num_players
        if game.sheets is None:
            pool = list(range(NUM_DESIGNS))
            rng.shuffle(pool)
            s.designs = pool[:n]
        else:
            s.designs = list(game.sheets)
        s.layouts = [layout_for(d, game.width, game.pad) for d in s.designs]
        size = NUM_ROWS * game.width
        s.cells = [[OPEN] * size for _ in range(n)]
        s.cursor = [[0] * NUM_ROWS for _ in range(n)]
        s.dice = [0] * NUM_DICE
        s.removed = []
        s.removed_at = [0] * NUM_DICE
        s.phase = ROLL
        s.active = 0
        s.turn = 0
        s.rerolled = False
        s.pending = [-1] * n
        s.chosen = 0
        s.last_roll = None
        s.events = []
        s.last = None
        s.st = {k: [0] * n for k in SEAT_STATS}
        s.hist = []
        s.winner_ = -1
        s.ended_by = ""
        s._legal = None
        s._scores = None
        turn.begin_turn(s, 0)
        return s

    # ------------------------------------------------------------------ protocol
    def chooser(self) -> int:
        """The seat whose choice is awaited (choose phase): the active player first, then to
        the left (D9)."""
        return (self.active + self.chosen) % self.game.num_players

    def simultaneous_players(self) -> list[int]:
        """The seats that choose now without seeing one another's choice, in the order their
        actions are applied: in the choose phase every seat yet to choose for this roll, the
        current chooser first and then to the left ("each player can choose", D9); in the roll
        phase the active player alone; none at the end. Each seat's choices are
        :meth:`legal_for` (its sheet and the dice decide them, not the others' choices). The
        parallel environment (``ninetynine.envs.parallel_env``) asks this."""
        if self.phase == OVER:
            return []
        if self.phase == ROLL:
            return [self.active]
        n = self.game.num_players
        return [(self.active + i) % n for i in range(self.chosen, n)]

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return self.active if self.phase == ROLL else self.chooser()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def known_history(self, player: int | None) -> list[int | None]:
        """The history with the other seats' secret choices for the current roll as ``None``
        (D9): the last ``chosen`` actions are this roll's choices, in seat order from the
        active player."""
        out: list[int | None] = list(super().known_history(player))
        if self.phase == CHOOSE and self.chosen:
            n = self.game.num_players
            start = len(out) - self.chosen
            for i in range(self.chosen):
                if (self.active + i) % n != player:
                    out[start + i] = None
        return out

    def sheet_score(self, seat: int) -> Any:
        """The :class:`~.rules.Score` of ``seat``'s sheet (from its cells alone)."""
        return score_sheet(self.layouts[seat], self.cells[seat], self.game.table)

    def scores(self) -> list[float]:
        """Each sheet's score as it stands (D5): rows, columns (and the Cross pad's areas),
        plus the Hits pad's bonus."""
        if self._scores is None:  # kept until the next roll's marks are made
            self._scores = [float(self.sheet_score(i).total) for i in range(self.game.num_players)]
        return self._scores[:]

    def returns(self) -> list[float]:
        """D13: with 2-6 players +1 the winner, -1 the others, all 0 for a draw; alone, the
        score. All 0 before the end."""
        n = self.game.num_players
        if self.phase != OVER:
            return [0.0] * n
        if n == 1:
            return self.scores()
        if self.winner_ < 0:
            return [0.0] * n
        return [1.0 if i == self.winner_ else -1.0 for i in range(n)]

    def action_to_string(self, action: int) -> str:
        """``keep``, ``reroll``, ``pass``, ``RGB``, ``RG*``, ``R@1G@1B@4``, ``unlockR`` (D22)."""
        return self.game.notation.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse a move (``actions.Notation``). :raises NotationError: not a move."""
        return self.game.notation.string_to_action(text)

    def read_recorded_move(self, text: str) -> int:
        """Parse a move of a game record: as :meth:`string_to_action`, and also the Kris-Kras
        form written before the ``@`` (``R1G1B4``, decision D22), so older records replay.

        :raises NotationError: not a move."""
        return self.game.notation.string_to_action(text, legacy=True)

    def in_play(self) -> list[bool]:
        """Per die, whether it is still in play."""
        return [d > 0 for d in self.dice]

    def legal_for(self, seat: int) -> list[int]:
        """The choices ``seat`` has for the dice on the table (ids, sorted; public
        knowledge: it depends on the seat's sheet and the dice only).

        :raises ValueError: ``seat`` is not a seat of this game (a bool, ``None`` or a
            negative index included)."""
        g = self.game
        q = check_seat(seat, g.num_players)
        if q is None:
            raise ValueError(f"no seat None in a {g.num_players}-player game")
        lay = self.layouts[q]
        cells, cursor = self.cells[q], self.cursor[q]
        out = [
            g.notation.choice_id(c)
            for c in legal_choices(lay, cells, cursor, self.dice, g.open_after)
        ]
        if g.pad == "locked":
            for r in range(NUM_ROWS):
                if self.dice[r] and next_lock(lay, cells, cursor, r) >= 0:
                    out.append(g.notation.unlock_id(r))
        return out

    def _compute_legal(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == ROLL:
            return [KEEP, REROLL]
        return self.legal_for(self.chooser())

    def apply_action(self, action: int) -> None:
        action = accept_action(self, action)
        self._legal = None
        self.hist.append(action)
        self.events = []
        p = self.current_player()
        if self.phase == ROLL:
            self.last = [p, action]
            if action == REROLL:
                turn.roll(self)
                self.rerolled = True
                self.st["rerolls"][p] += 1
                self.events.append({"type": "reroll", "seat": p, "dice": self.dice[:]})
            else:
                self.events.append({"type": "keep", "seat": p})
            self.phase = CHOOSE
            return
        self.pending[p] = action
        self.chosen += 1
        if self.chosen < self.game.num_players:
            self.last = [p, -1]  # a secret until every player has chosen (D9)
            self.events.append({"type": "chosen", "seat": p})
            return
        self.last = [p, action]
        turn.resolve(self)

    # ------------------------------------------------------------------ rule steps
    def _why_illegal(self, action: Any) -> str:
        g = self.game
        if self.phase == OVER:
            return f"{action!r} is illegal: the game is over"
        a = as_action_id(action)
        if a is None or not 0 <= a < g.num_distinct_actions:
            return not_an_action_id(action, "Sixto", g.num_distinct_actions)
        name = g.notation.action_to_string(a)
        p = self.current_player()
        if self.phase == ROLL:
            return (
                f"{name} is illegal: Seat {p} has rolled and must keep or reroll (the roll "
                "comes first, then every player marks)"
            )
        if a in (KEEP, REROLL):
            return f"{name} is illegal: the dice are rolled; Seat {p} chooses marks (or pass)"
        lay, cells, cursor = self.layouts[p], self.cells[p], self.cursor[p]
        if g.notation.is_unlock(a):
            r = a - g.notation.unlock0
            if not self.dice[r]:
                return f"{name} is illegal: the {COLORS[r]} die is out of the game"
            return f"{name} is illegal: the {COLORS[r]} row has no lock left to cross off"
        opts = g.notation.options_of(a - 2)
        reasons = []
        for d, o in enumerate(opts):
            if not o:
                continue
            v = self.dice[d]
            if not v:
                reasons.append(f"the {COLORS[d]} die is out of the game")
                continue
            single = [0] * NUM_DICE
            single[d] = o
            if choice_marks(
                lay, cells, cursor, self.dice, g.notation.code_of(single), g.open_after
            ):
                continue
            where = f"row {o}" if g.pad == "kriskras" else f"the {COLORS[d]} row"
            if g.pad == "hits" and o == 2:
                reasons.append(
                    f"the {COLORS[d]} die cannot hit: the row's next open space is not a hit "
                    "space (or shows the die's number: mark it the regular way)"
                )
            else:
                row = o - 1 if g.pad == "kriskras" else d
                reasons.append(
                    f"the {COLORS[d]} {v} has no space in {where}: "
                    + self._why_no_space(p, row, d, v)
                )
        if not reasons:
            reasons.append(
                "these marks cannot all be made: in a row they go left to right and a target "
                f"area opens only after {g.open_after} marks in the row"
            )
        return f"{name} is illegal for Seat {p}: " + "; ".join(reasons)

    def _why_no_space(self, p: int, row: int, die: int, value: int) -> str:
        """Why die ``die`` showing ``value`` cannot mark row ``row`` of seat ``p``'s sheet on its
        own: only the reason that holds, in the sheet's terms (a lock only on the Locked pad)."""
        g = self.game
        lay, cells, cursor = self.layouts[p], self.cells[p], self.cursor[p]
        base = row * lay.width
        space = f"{COLORS[die]} {value}" if g.pad == "kriskras" else f"{value}"
        # a space's (colour, number): the die's colour is the row's, or in Kris-Kras the space's
        cols = [
            c
            for c in lay.slots[row].get((die, value), ())
            if c >= cursor[row] and cells[base + c] == OPEN
        ]
        if not cols:
            return f"no open {space} right of the row's last mark"
        c = cols[0]
        lock = barrier(lay, cells, cursor, row)
        if c > lock:
            return (
                f"the open {space} (column {c + 1}) lies beyond the standing lock in column "
                f"{lock + 1}"
            )
        if c >= lay.width - TARGET:
            k = row_marks(cells, lay.width, row)
            return (
                f"the open {space} (column {c + 1}) is in the target area, which opens after "
                f"{g.open_after} marks in the row ({k} so far)"
            )
        return f"the open {space} (column {c + 1}) cannot be marked with these dice"

    # ------------------------------------------------------------------ views
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (``None``: a spectator). JSON-able (D9, D21).

        Fields: ``game``, ``num_players``, ``player``, ``current_player`` (-1 at the end),
        ``phase`` (``roll``, ``choose``, ``over``), ``turn`` (rolls so far), ``active`` (the
        seat that rolled), ``rerolled``, ``dice`` (per colour Red ... Orange its value, 0 once
        removed), ``removed`` (colours in the order they left), ``removed_at`` (per colour the
        turn it left, 0 in play), ``chosen`` (per seat, whether it has chosen for this roll:
        the choices themselves stay secret until everyone has chosen), ``sheets`` (per seat
        ``{design (1-12), cells: 6 rows of cell codes}``: 0 open, 1 mark, 2 lost, 3 hit, 4 void
        lock, 5 crossed-off lock), ``scores``, ``last_roll`` (the roll last resolved: ``turn,
        active, dice, choices`` per seat, ``removed``; or ``None``), ``last`` (``{seat,
        action}``; ``action`` is ``None`` for a choice still secret), ``events`` (what the
        last action caused), ``pad``, ``width``, ``open_after``, ``points``, ``winner`` (-1 none),
        ``ended_by``; and ``my_choice`` (own choice for this roll, an action id, or ``None``)
        unless ``player`` is ``None``. Never another seat's pending choice nor the RNG.
        """
        return observation.observe(self, player)

    def resample(self, player: int | None, rng: Rng | int | None) -> SixtoState:
        """A clone in which what ``player`` cannot know is drawn afresh: the other seats'
        secret choices for this roll (each uniform over that seat's legal choices, which the
        dice and its public sheet decide) and the RNG of every future roll (D21). The result
        depends only on ``player``'s observation and ``rng``; ``known_history(player)`` is kept.

        :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
        return observation.resample(self, player, rng)

    def stats(self) -> dict[str, Any]:
        """Counters for simulation summaries (D24).

        Per seat (lists): ``score``, ``row_points``, ``column_points``, ``area_points``
        (``pad=cross-*``), ``bonus_points`` (``pad=hits``), ``marks``, ``lost`` (spaces lost),
        ``lone_areas`` (areas with one mark: -5 each), ``target_marks``, ``dice_closed`` (rows
        this seat closed), ``rerolls``, ``hits`` (``pad=hits``), ``unlocks`` (``pad=locked``).
        Numbers: ``turns``, ``actions``, ``dice_removed``, ``first_removal``,
        ``second_removal``, ``third_removal`` (the turn each die left; ``None`` if it never
        did), ``most_removed_in_a_turn``, ``best_sheet``, ``worst_sheet`` (the highest and lowest
        score). Category:
        ``ended_by`` (``dice``, ``stalled``, ``turn_limit``).
        """
        g = self.game
        n = g.num_players
        sc = [self.sheet_score(q) for q in range(n)]
        d: dict[str, Any] = {"score": [s.total for s in sc]}
        d["row_points"] = [s.rows for s in sc]
        d["column_points"] = [s.columns for s in sc]
        if g.pad.startswith("cross"):
            d["area_points"] = [s.areas for s in sc]
        if g.pad == "hits":
            d["bonus_points"] = [s.bonus for s in sc]
        d["marks"] = [s.marks for s in sc]
        d["lost"] = [sum(1 for x in self.cells[q] if x == 2) for q in range(n)]
        d["lone_areas"] = [s.lone for s in sc]
        d["target_marks"] = [
            sum(target_marks(self.cells[q], g.width, r) for r in range(NUM_ROWS)) for q in range(n)
        ]
        d["dice_closed"] = self.st["dice_closed"][:]
        d["rerolls"] = self.st["rerolls"][:]
        if g.pad == "hits":
            d["hits"] = self.st["hits"][:]
        if g.pad == "locked":
            d["unlocks"] = self.st["unlocks"][:]
        turns_out = sorted(self.removed_at[x] for x in self.removed)
        per_turn: dict[int, int] = {}
        for t in turns_out:
            per_turn[t] = per_turn.get(t, 0) + 1
        d.update(
            turns=self.turn,
            actions=len(self.hist),
            dice_removed=len(self.removed),
            first_removal=turns_out[0] if len(turns_out) > 0 else None,
            second_removal=turns_out[1] if len(turns_out) > 1 else None,
            third_removal=turns_out[2] if len(turns_out) > 2 else None,
            most_removed_in_a_turn=max(per_turn.values(), default=0),
            best_sheet=max(s.total for s in sc),
            worst_sheet=min(s.total for s in sc),
            ended_by=self.ended_by or "unfinished",
        )
        return d

    def __str__(self) -> str:
        from .render import render_text

        view = None if self.phase == OVER else self.current_player()
        return render_text(self.observation(view), game=self.game)

    def __repr__(self) -> str:
        dice = " ".join(f"{'RYGBPO'[d]}{v or '-'}" for d, v in enumerate(self.dice))
        return (
            f"<SixtoState turn={self.turn} phase={PHASE_NAMES[self.phase]} "
            f"player={self.current_player()} dice={dice} scores={self.scores()}>"
        )


__all__ = ["CHOOSE", "DICE", "ENDINGS", "OVER", "ROLL", "STALLED", "TURN_LIMIT", "SixtoState"]
