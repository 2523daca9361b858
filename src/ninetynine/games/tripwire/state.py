"""The Tripwire state: the position and the protocol; pure rules, no I/O.

Implements Tripwire System Manual v3.0 (§ 01-08) with the readings recorded in
``docs/rules/tripwire.md`` (decisions D1-D28).

Cards are kinds 0..43 (``cards.py``); action ids are in ``actions.py``; what a card does to a
dock is in ``rules.py``. A turn is a run of plays ended by ``end`` (or one ``draw`` when no
play is valid); the penalty units a card triggers leave at once as an Attack Wave, one
``null`` or ``take`` per target, and the turn then goes on (D17-D21; ``penalty_timing=turn``:
the turn's units leave as one wave after ``end``); then the bonus turn (D14) or the next
player. Skipped turns, the blocked game and the safety stop need no decision and happen
between actions.

The other rules modules, each a line a reader can name: ``turn.py`` (plays, the Attack Wave,
the next turn, the end), ``observation.py`` (what a seat sees, a re-dealt state for search),
``serialize.py`` (the state as JSON and back), ``rules.py`` (what a card does to a dock).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core.cloning import CloneFields
from ninetynine.core.engine import EngineState
from ninetynine.core.game import TERMINAL
from ninetynine.core.rng import Rng
from ninetynine.core.util import accept_action, as_action_id, deal_hands, not_an_action_id

from . import actions as A
from . import observation, serialize, turn
from .cards import COLOR_NAMES, NAMES, NULL, NUM_MARKERS, is_neutral_chain
from .rules import SLOTS, slot_card, valid_slots, why_invalid
from .serialize import STAT_KEYS
from .turn import (
    BLOCKED,
    CLEAR,
    OVER,
    PHASE_NAMES,
    PLAY,
    TURN_LIMIT,
    WAVE,
)

if TYPE_CHECKING:
    from .game import TripwireGame

HAND_SIZE = 7

_NULL = A.NULL_ACTION
_TAKE = A.TAKE
_DRAW = A.DRAW
_END = A.END
_PLAY_MAX = A.PLAY_MAX


class TripwireState(EngineState):
    """A Tripwire position. Build one with ``game.new_initial_state(seed)``."""

    __slots__ = (
        "_legal",
        "bonus_turn",
        "colors",
        "docks",
        "draw",
        "ended_by",
        "events",
        "game",
        "hands",
        "hist",
        "last",
        "last_wave",
        "longest_wave",
        "phase",
        "player",
        "reshuffles",
        "rng",
        "seed",
        "side",
        "skips",
        "st",
        "t_bonus",
        "t_docks",
        "t_full",
        "t_neutral",
        "t_played",
        "t_triple",
        "t_triple_ok",
        "t_units",
        "turn",
        "units_dropped",
        "units_stopped",
        "values",
        "w_init",
        "w_left",
        "w_steps",
        "w_target",
        "w_units",
        "waves",
        "winner_",
    )
    serialization = serialize
    clone_fields = CloneFields(
        rows="hands docks w_steps",
        lists="draw side colors values skips",
        shared="phase player turn bonus_turn"
        " t_played t_docks t_full t_neutral t_units t_bonus t_triple_ok t_triple"
        " w_init w_units w_left w_target"
        " last_wave last events"  # never changed in place once set
        " waves longest_wave units_stopped units_dropped reshuffles ended_by",
        counters="st",
    )

    game: TripwireGame
    hands: list[list[int]]
    draw: list[int]
    side: list[int]
    docks: list[list[int]]
    colors: list[int]
    values: list[int]
    skips: list[int]
    phase: int
    player: int
    turn: int
    bonus_turn: bool
    t_played: int
    t_docks: int
    t_full: int
    t_neutral: int
    t_units: int
    t_bonus: bool
    t_triple_ok: bool
    t_triple: bool
    w_init: int
    w_units: int
    w_left: int
    w_target: int
    w_steps: list[list[Any]]
    last_wave: dict[str, Any] | None
    last: list[int] | None
    events: list[dict[str, Any]]
    waves: int
    longest_wave: int
    units_stopped: int
    units_dropped: int
    reshuffles: int
    st: dict[str, list[int]]
    ended_by: str

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, game: TripwireGame, seed: int | None) -> TripwireState:
        """Setup (``§ 03 Setup Protocol``, D1, D2): shuffle the 62 cards, deal 7 to each player
        one at a time from seat 0, the rest is the draw pile; the side pile and the three docks
        start empty, each dock with its Sector Marker (Teal, Purple, Orange). Seat 0 begins."""
        rng = Rng(seed)
        s = cls._bare(game, rng.getstate(), rng)
        n = game.num_players
        s.hands, s.draw = deal_hands(game.counts, n, HAND_SIZE, rng)
        s.side = []
        s.docks = [[], [], []]
        s.colors = [0, 1, 2]
        s.values = [0, 0, 0]
        s.skips = [0] * n
        s.phase = PLAY
        s.player = 0
        s.turn = 0
        s.bonus_turn = False
        turn.reset_turn(s)
        turn.clear_wave(s)
        s.last_wave = None
        s.last = None
        s.events = []
        s.waves = 0
        s.longest_wave = 0
        s.units_stopped = 0
        s.units_dropped = 0
        s.reshuffles = 0
        s.st = {k: [0] * n for k in STAT_KEYS}
        s.hist = []
        s.winner_ = -1
        s.ended_by = ""
        s._legal = None
        turn.begin_turn(s, 0, False)
        return s

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return self.w_target if self.phase == WAVE else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        """Minus the cards in each hand (D27): 0 is a System Clear; higher is better."""
        return [float(-len(h)) for h in self.hands]  # 0.0, never -0.0

    def action_to_string(self, action: int) -> str:
        """``T7>1``, ``Vec6>3``, ``null``, ``take``, ``draw``, ``end`` (D28)."""
        return A.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse a move (``actions.string_to_action``). :raises NotationError: not a move."""
        return A.string_to_action(text)

    def _plays(self, p: int, neutral: int, full: int) -> list[int]:
        """Valid plays of seat ``p`` (sorted ids); ``neutral``: the Neutral Chain's dock (0-2)
        or -1 (D12); ``full``: the docks (bits) that already took their one standard card or
        wild this turn (D13)."""
        hand = self.hands[p]
        table = valid_slots(self.game.rules)
        out: list[int] = []
        colors, values = self.colors, self.values
        kinds = sorted(set(hand))
        for d in range(3):
            row = table[colors[d] * 10 + values[d]]
            base = d * SLOTS
            closed = full >> d & 1
            for k in kinds:
                slots = row[k]
                if not slots:
                    continue
                if is_neutral_chain(k):
                    if neutral >= 0 and neutral != d:
                        continue
                elif closed:
                    continue
                out.extend(base + j for j in slots)
        return out

    def has_play(self, p: int) -> bool:
        """True if seat ``p`` would have a valid play at the start of a turn."""
        table = valid_slots(self.game.rules)
        rows = [table[self.colors[d] * 10 + self.values[d]] for d in range(3)]
        for k in self.hands[p]:
            for row in rows:
                if row[k]:
                    return True
        return False

    def _compute_legal(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == WAVE:
            t = self.w_target
            if t != self.w_init and NULL in self.hands[t]:
                # D18: "Take Hit: If you cannot Null" (option must_null=false: a free choice)
                return [_NULL] if self.game.must_null else [_NULL, _TAKE]
            return [_TAKE]
        plays = self._plays(self.player, self.t_neutral, self.t_full)
        if self.t_played == 0:
            return plays or [_DRAW]
        if self.game.stop_early or not plays:
            plays.append(_END)
        return plays

    def apply_action(self, action: int) -> None:
        action = accept_action(self, action)
        self._legal = None
        self.hist.append(action)
        self.events = []
        if self.phase == WAVE:
            turn.answer(self, action)
            return
        p = self.player
        self.last = [p, action]
        if action < _PLAY_MAX:
            turn.play(self, p, action)
        elif action == _END:
            turn.end_turn(self, p)
        else:  # draw: no valid play (D13)
            got = turn.draw_cards(self, p, 1)
            self.events.append({"type": "draw", "seat": p, "cards": got})
            turn.begin_turn(self, (p + 1) % self.game.num_players, False)

    # ------------------------------------------------------------------ errors
    def _why_illegal(self, action: Any) -> str:
        a = as_action_id(action)
        if a is None or not 0 <= a < A.NUM_ACTIONS:
            return not_an_action_id(action, "Tripwire", A.NUM_ACTIONS)
        name = A.action_to_string(a)
        if self.phase == OVER:
            return f"{name} is illegal: the game is over"
        if self.phase == WAVE:
            t = self.w_target
            if a == _NULL:
                if t == self.w_init:
                    return (
                        f"null is illegal: the Attack Wave came back to you, its initiator; "
                        f"by the Wall Rule you must take the hit ({self.w_left} "
                        f"unit{'s' if self.w_left != 1 else ''})"
                    )
                return "null is illegal: you hold no Null card; take the hit"
            if a == _TAKE:
                return (
                    "take is illegal: you hold a Null, so you must play it (Take Hit: if you "
                    "cannot Null); with option must_null=false you may take the hit instead"
                )
            return (
                f"{name} is illegal: an Attack Wave targets you ({self.w_left} "
                f"unit{'s' if self.w_left != 1 else ''} incoming); answer null or take"
            )
        p = self.player
        if a in (_NULL, _TAKE):
            return f"{name} is illegal: no Attack Wave targets you; a Null is played only then"
        if a == _DRAW:
            return (
                f"draw is illegal: you have a valid play ({self._example_play()}); you draw "
                "only when you cannot play"
            )
        if a == _END:
            if self.t_played == 0:
                return (
                    "end is illegal: play at least one card first (Attempt to Play); "
                    "with no valid play, draw"
                )
            return (
                f"end is illegal: you must play on while a play is valid ({self._example_play()})"
            )
        d, j = divmod(a, SLOTS)
        k = slot_card(j)
        if k not in self.hands[p]:
            return f"{name} is illegal: you hold no {NAMES[k]}"
        if is_neutral_chain(k) and self.t_neutral not in (-1, d):
            return (
                f"{name} is illegal: the Neutral Chain is on dock {self.t_neutral + 1} this turn; "
                "all your Grey and [+]/[-] cards go on that one dock"
            )
        if not is_neutral_chain(k) and self.t_full >> d & 1:
            return (
                f"{name} is illegal: dock {d + 1} already took a card this turn; one standard "
                "card or wild per dock a turn (only Grey and [+]/[-] chain)"
            )
        return f"{name} is illegal: " + why_invalid(
            j, self.colors[d], self.values[d], self.game.rules, d + 1
        )

    def _example_play(self) -> str:
        plays = self._plays(self.player, self.t_neutral, self.t_full)
        return A.action_to_string(plays[0]) if plays else "none"

    # ------------------------------------------------------------------ views
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (``None``: a spectator). JSON-able (D26).

        Fields: ``game``, ``num_players``, ``player``, ``current_player`` (-1 at the end),
        ``phase`` (``play``, ``wave``, ``over``), ``turn`` (turns begun), ``turn_player`` (whose
        turn it is, also during its wave), ``bonus_turn``, ``docks`` (three of ``{dock, marker,
        color, value, stack}``: colours 0 Teal, 1 Purple, 2 Orange; ``value`` 0 for an empty
        dock; the stack bottom first), ``side_pile`` (kinds, bottom first), ``draw_size``,
        ``hand_sizes``, ``skips`` (turns each seat will lose), ``this_turn`` (``played``: cards
        played this turn; ``docks``: the docks (1-3) that received a card this turn, any card;
        ``full``: the docks that took their one standard card or wild this turn and accept only
        neutrals until the turn ends (D13); ``neutral_dock``: the Neutral Chain's dock, 1-3, 0
        none yet (D12); ``units``: penalty units triggered so far; ``bonus``: a bonus turn
        earned; ``triple_possible``: all three docks held cards when the turn began and no
        Triple Play yet; ``triple``: this turn made one), ``wave`` (the Attack Wave in
        progress or ``None``: ``initiator, units, remaining, target, steps: [{seat, result,
        units}]``),
        ``last_wave`` (the last finished one), ``last`` (``{seat, action}``), ``events`` (what
        the last action caused, in order), ``deck`` (copies per kind), ``reshuffles``,
        ``winner`` (-1 none), ``ended_by``, and ``hand`` (own cards, sorted kinds) unless
        ``player`` is ``None``. Never another seat's hand, the draw pile's order or the RNG.
        """
        return observation.observe(self, player)

    def this_turn_view(self) -> dict[str, Any]:
        """The observation's ``this_turn`` field (public: what the turn so far has done)."""
        return observation.this_turn_view(self)

    def resample(self, player: int | None, rng: Rng | int | None) -> TripwireState:
        """A clone in which every card ``player`` cannot see is re-dealt at random: the other
        seats' hands and the draw pile (sizes kept). ``player``'s hand, the docks and the side
        pile are kept. The clone gets a new RNG and a new ``seed`` drawn from ``rng`` (keeping
        the true seed would let its holder rebuild the true deal). The result depends only on
        ``player``'s observation and ``rng`` (D26).

        :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
        return observation.resample(self, player, rng)

    def stats(self) -> dict[str, Any]:
        """Counters for simulation summaries (D27).

        Per seat (lists): ``cards_shed`` (cards played, Nulls included), ``turns_taken``,
        ``shed_per_turn``, ``cards_drawn``, ``penalties_dealt`` (penalty units triggered),
        ``penalties_deflected`` (Nulls played), ``hits_taken`` (units absorbed as a target),
        ``wall_hits`` (units absorbed as initiator), ``turns_skipped``, ``tripwires``,
        ``defuses``, ``triple_plays``, ``hijacks`` (Number Matches that changed a dock's
        colour), ``cards_left``. Numbers: ``turns``, ``actions``, ``waves``, ``longest_wave``,
        ``units_stopped``, ``units_dropped`` (penalty units never resolved because a System
        Clear ended the game), ``reshuffles``. Category:
        ``ended_by`` (``clear``, ``blocked``, ``turn_limit``).
        """
        d: dict[str, Any] = {k: v[:] for k, v in self.st.items()}
        d["shed_per_turn"] = [
            round(shed / turns, 4) if turns else 0.0
            for shed, turns in zip(self.st["cards_shed"], self.st["turns_taken"], strict=True)
        ]
        d["cards_left"] = [len(h) for h in self.hands]
        d.update(
            turns=self.turn,
            actions=len(self.hist),
            waves=self.waves,
            longest_wave=self.longest_wave,
            units_stopped=self.units_stopped,
            units_dropped=self.units_dropped,
            reshuffles=self.reshuffles,
            ended_by=self.ended_by or "unfinished",
        )
        return d

    def card_counts(self) -> dict[str, list[int]]:
        """Every card by place (for invariant tests): place -> list of kinds. Places:
        ``hand<i>``, ``draw``, ``side``, ``dock<d>`` (1-3). The three Sector Markers are not
        cards: they never leave their docks (:data:`~.cards.NUM_MARKERS`)."""
        where: dict[str, list[int]] = {}
        for i, h in enumerate(self.hands):
            where[f"hand{i}"] = h[:]
        where["draw"] = self.draw[:]
        where["side"] = self.side[:]
        for d in range(3):
            where[f"dock{d + 1}"] = self.docks[d][:]
        return where

    def components(self) -> int:
        """Cards in play plus the Sector Markers: 65 with the standard deck (D1)."""
        return sum(len(v) for v in self.card_counts().values()) + NUM_MARKERS

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self.observation(None if self.phase == OVER else self.player))

    def __repr__(self) -> str:
        docks = " ".join(
            f"{d + 1}:{COLOR_NAMES[self.colors[d]][0]}{self.values[d] or '-'}" for d in range(3)
        )
        return (
            f"<TripwireState turn={self.turn} "
            f"phase={PHASE_NAMES[self.phase]} player={self.current_player()} docks={docks} "
            f"hands={[len(h) for h in self.hands]}>"
        )


__all__ = ["BLOCKED", "CLEAR", "HAND_SIZE", "OVER", "PLAY", "TURN_LIMIT", "WAVE", "TripwireState"]
