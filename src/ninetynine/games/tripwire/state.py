"""The Tripwire state: pure rules, no I/O.

Implements Tripwire System Manual v3.0 (§ 01-08) with the readings recorded in
``docs/rules/tripwire.md`` (decisions D1-D28).

Cards are kinds 0..43 (``cards.py``); action ids are in ``actions.py``; what a card does to a
dock is in ``rules.py``. A turn is a run of plays ended by ``end`` (or one ``draw`` when no
play is valid); the penalty units a card triggers leave at once as an Attack Wave, one
``null`` or ``take`` per target, and the turn then goes on (D17-D21; ``penalty_timing=turn``:
the turn's units leave as one wave after ``end``); then the bonus turn (D14) or the next
player. Skipped turns, the blocked game and the safety stop need no decision and happen
between actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core.engine import EngineState
from ninetynine.core.game import TERMINAL
from ninetynine.core.rng import Rng, as_rng
from ninetynine.core.util import accept_action, as_action_id, check_seat

from . import actions as A
from .cards import (
    COLOR_NAMES,
    NAMES,
    NULL,
    NUM_KINDS,
    NUM_MARKERS,
    VOLT,
    is_neutral_chain,
)
from .rules import (
    DEFUSE,
    EFFECT_NAMES,
    NUMBER,
    SLOTS,
    STASIS_PLAY,
    TRIPWIRE,
    outcome_table,
    slot_card,
    valid_slots,
    why_invalid,
)

if TYPE_CHECKING:
    from .game import TripwireGame

HAND_SIZE = 7
#: ``phase`` values.
PLAY, WAVE, OVER = 0, 1, 2
PHASE_NAMES = ("play", "wave", "over")
#: ``ended_by`` values.
CLEAR, BLOCKED, TURN_LIMIT = "clear", "blocked", "turn_limit"
#: Results of a wave step (``wave["steps"]``).
NULLED, HIT, WALL = "null", "hit", "wall"

_NULL = A.NULL_ACTION
_TAKE = A.TAKE
_DRAW = A.DRAW
_END = A.END
_PLAY_MAX = A.PLAY_MAX
_ALL_DOCKS = 0b111

_STAT_KEYS = (
    "cards_shed",
    "turns_taken",
    "cards_drawn",
    "penalties_dealt",
    "penalties_deflected",
    "hits_taken",
    "wall_hits",
    "turns_skipped",
    "tripwires",
    "defuses",
    "triple_plays",
    "hijacks",
)


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

    game: TripwireGame
    seed: int
    rng: Rng
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
    hist: list[int]
    winner_: int
    ended_by: str
    _legal: list[int] | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, game: TripwireGame, seed: int | None) -> TripwireState:
        """Setup (``§ 03 Setup Protocol``, D1, D2): shuffle the 62 cards, deal 7 to each player
        one at a time from seat 0, the rest is the draw pile; the side pile and the three docks
        start empty, each dock with its Sector Marker (Teal, Purple, Orange). Seat 0 begins."""
        rng = Rng(seed)
        s = cls._bare(game, rng.getstate(), rng)
        n = game.num_players
        deck = [k for k in range(NUM_KINDS) for _ in range(game.counts[k])]
        rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for i in range(n):
                hands[i].append(deck.pop())
        s.hands = [sorted(h) for h in hands]
        s.draw = deck
        s.side = []
        s.docks = [[], [], []]
        s.colors = [0, 1, 2]
        s.values = [0, 0, 0]
        s.skips = [0] * n
        s.phase = PLAY
        s.player = 0
        s.turn = 0
        s.bonus_turn = False
        s._reset_turn()
        s._clear_wave()
        s.last_wave = None
        s.last = None
        s.events = []
        s.waves = 0
        s.longest_wave = 0
        s.units_stopped = 0
        s.units_dropped = 0
        s.reshuffles = 0
        s.st = {k: [0] * n for k in _STAT_KEYS}
        s.hist = []
        s.winner_ = -1
        s.ended_by = ""
        s._legal = None
        s._begin_turn(0, False)
        return s

    def _reset_turn(self) -> None:
        self.t_played = 0
        self.t_docks = 0
        self.t_full = 0
        self.t_neutral = -1
        self.t_units = 0
        self.t_bonus = False
        self.t_triple_ok = False
        self.t_triple = False

    def _clear_wave(self) -> None:
        self.w_init = -1
        self.w_units = 0
        self.w_left = 0
        self.w_target = -1
        self.w_steps = []

    def clone(self) -> TripwireState:
        s = object.__new__(TripwireState)
        s.game = self.game
        s.seed = self.seed
        s.rng = Rng(self.rng.getstate())
        s.hands = [h[:] for h in self.hands]
        s.draw = self.draw[:]
        s.side = self.side[:]
        s.docks = [d[:] for d in self.docks]
        s.colors = self.colors[:]
        s.values = self.values[:]
        s.skips = self.skips[:]
        s.phase = self.phase
        s.player = self.player
        s.turn = self.turn
        s.bonus_turn = self.bonus_turn
        s.t_played = self.t_played
        s.t_docks = self.t_docks
        s.t_full = self.t_full
        s.t_neutral = self.t_neutral
        s.t_units = self.t_units
        s.t_bonus = self.t_bonus
        s.t_triple_ok = self.t_triple_ok
        s.t_triple = self.t_triple
        s.w_init = self.w_init
        s.w_units = self.w_units
        s.w_left = self.w_left
        s.w_target = self.w_target
        s.w_steps = [x[:] for x in self.w_steps]
        s.last_wave = self.last_wave  # never mutated once set
        s.last = self.last
        s.events = self.events  # never mutated once set
        s.waves = self.waves
        s.longest_wave = self.longest_wave
        s.units_stopped = self.units_stopped
        s.units_dropped = self.units_dropped
        s.reshuffles = self.reshuffles
        s.st = {k: v[:] for k, v in self.st.items()}
        s.hist = self.hist[:]
        s.winner_ = self.winner_
        s.ended_by = self.ended_by
        s._legal = self._legal
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
            self._answer(action)
            return
        p = self.player
        self.last = [p, action]
        if action < _PLAY_MAX:
            self._play(p, action)
        elif action == _END:
            self._end_turn(p)
        else:  # draw: no valid play (D13)
            got = self._draw_cards(p, 1)
            self.events.append({"type": "draw", "seat": p, "cards": got})
            self._begin_turn((p + 1) % self.game.num_players, False)

    # ------------------------------------------------------------------ rule steps
    def _play(self, p: int, action: int) -> None:
        """One card on a dock (D4-D12), its immediate effects (D14, D16, D20) and a possible
        System Clear (D23)."""
        d, j = divmod(action, SLOTS)
        k = slot_card(j)
        self.hands[p].remove(k)
        st = self.st
        units_before = self.t_units
        st["cards_shed"][p] += 1
        res = outcome_table(self.game.rules)[self.colors[d] * 10 + self.values[d]][j]
        assert res is not None  # checked by legal_actions
        color, value, effect = res
        stack = self.docks[d]
        stack.append(k)
        self.t_played += 1
        self.t_docks |= 1 << d
        if is_neutral_chain(k):
            self.t_neutral = d
        elif self.game.one_per_dock:
            self.t_full |= 1 << d
        ev: dict[str, Any] = {
            "type": "play",
            "seat": p,
            "card": k,
            "dock": d + 1,
            "effect": EFFECT_NAMES[effect],
        }
        self.events.append(ev)
        if effect in (DEFUSE, TRIPWIRE):
            ev["cards"] = len(stack)
            self.side.extend(stack)
            stack.clear()
            self.colors[d] = d  # the marker's colour again (D4)
            self.values[d] = 0
            if effect == DEFUSE:
                self.t_bonus = True
                st["defuses"][p] += 1
            else:
                self.t_units += 1
                st["tripwires"][p] += 1
                if k == VOLT and self.game.volt_bonus == "always":
                    self.t_bonus = True  # D14: "or valid Volt"
        else:
            ev["value"] = value
            self.colors[d] = color
            self.values[d] = value
            if effect == STASIS_PLAY:
                self.t_units += 1
            elif effect == NUMBER:  # a colour change: a hijack (D6); MATCH is none
                st["hijacks"][p] += 1
        if self.t_triple_ok and not self.t_triple and self.t_docks == _ALL_DOCKS:
            self.t_triple = True
            self.t_units += 1
            st["triple_plays"][p] += 1
            self.events.append({"type": "triple", "seat": p})
        new_units = self.t_units - units_before
        st["penalties_dealt"][p] += new_units  # counted when triggered (D27)
        if not self.hands[p]:
            # D23: the game ends at once; units not yet launched are dropped (and counted).
            self._win(p, self.t_units if self.game.turn_waves else new_units)
        elif new_units and not self.game.turn_waves:
            self._launch(p, new_units)  # penalty_timing=immediate (D17)

    def _end_turn(self, p: int) -> None:
        """The turn is over: launch its Attack Wave (D17), else go on (D14)."""
        units = self.t_units if self.game.turn_waves else 0
        if not units:
            self._after_turn(p)
            return
        self._launch(p, units)

    def _launch(self, p: int, units: int) -> None:
        """An Attack Wave of ``units`` from ``p``; its first target is the next player."""
        self.waves += 1
        self.longest_wave = max(self.longest_wave, units)
        self.w_init = p
        self.w_units = self.w_left = units
        self.w_steps = []
        self.phase = WAVE
        self.w_target = (p + 1) % self.game.num_players
        self.events.append({"type": "wave", "seat": p, "units": units, "target": self.w_target})

    def _answer(self, action: int) -> None:
        """A target's answer to the Attack Wave (D18-D21)."""
        t = self.w_target
        st = self.st
        self.last = [t, action]
        left = self.w_left
        if action == _NULL:
            self.hands[t].remove(NULL)
            self.side.append(NULL)
            st["cards_shed"][t] += 1
            st["penalties_deflected"][t] += 1
            cancelled = 1 if self.game.chain == "protocol" else 0
            self.w_left = left - cancelled
            self.w_steps.append([t, NULLED, cancelled])
            self.events.append({"type": "null", "seat": t, "remaining": self.w_left})
            if not self.hands[t]:
                self._win(t, self.w_left)
                return
        else:
            wall = t == self.w_init
            if wall:
                absorb = left if self.game.wall == "all" else 1
            else:
                absorb = 1 if self.game.chain == "protocol" else left
            got = self._draw_cards(t, absorb)
            self.skips[t] += absorb
            st["wall_hits" if wall else "hits_taken"][t] += absorb
            self.w_left = left - absorb
            self.w_steps.append([t, WALL if wall else HIT, absorb])
            self.events.append(
                {
                    "type": "wall" if wall else "hit",
                    "seat": t,
                    "units": absorb,
                    "cards": got,
                    "remaining": self.w_left,
                }
            )
            if wall and self.w_left:
                self.units_stopped += self.w_left
                self.events.append({"type": "stopped", "units": self.w_left})
                self.w_left = 0
        if self.w_left:
            self.w_target = (t + 1) % self.game.num_players
            return
        init = self.w_init
        self.last_wave = self._wave_view()
        self.events.append({"type": "wave_end", "seat": init})
        self._clear_wave()
        self.phase = PLAY
        if self.game.turn_waves:
            self._after_turn(init)
        # else (penalty_timing=immediate): the initiator's turn goes on where it stopped

    def _after_turn(self, p: int) -> None:
        if self.t_bonus:
            self._begin_turn(p, True)
        else:
            self._begin_turn((p + 1) % self.game.num_players, False)

    def _begin_turn(self, q: int, bonus: bool) -> None:
        """Give the turn to ``q``: the safety stop (D25), the blocked game (D24), owed skips
        (D19) and, with ``bonus_no_play=lose``, a bonus turn without a play (D14) are settled
        here, without an action."""
        n = self.game.num_players
        while True:
            if self.turn >= self.game.max_turns:
                w = self._fewest()
                self.events.append({"type": "turn_limit", "winner": w})
                self._finish(w, TURN_LIMIT)
                return
            if not self.draw and not self.side and not any(self.has_play(i) for i in range(n)):
                self._block()
                return
            if self.skips[q]:
                self.skips[q] -= 1
                self.st["turns_skipped"][q] += 1
                self.events.append({"type": "skip", "seat": q, "bonus": bonus})
            elif bonus and self._loses_bonus(q):
                self.events.append({"type": "bonus_lost", "seat": q})
            else:
                break
            q = (q + 1) % n
            bonus = False
        self.turn += 1
        self.player = q
        self.phase = PLAY
        self.bonus_turn = bonus
        self._reset_turn()
        self.t_triple_ok = all(self.values)  # D20: all three docks filled when it begins
        self.st["turns_taken"][q] += 1
        if bonus:
            self.events.append({"type": "bonus", "seat": q})

    def _loses_bonus(self, q: int) -> bool:
        """Option ``bonus_no_play=lose`` (D14): a bonus turn that begins with no valid play is
        lost without drawing. By default it is a turn like any other: "2. If No Plays: Draw
        exactly 1 card. Turn ends." (§ 04)."""
        return self.game.lose_idle_bonus and not self.has_play(q)

    def _draw_cards(self, p: int, k: int) -> int:
        """Draw ``k`` cards for ``p``; an empty draw pile is first rebuilt from the side pile
        (D22). Returns how many were drawn (fewer only if both piles ran out)."""
        hand = self.hands[p]
        got = 0
        for _ in range(k):
            if not self.draw:
                if not self.side:
                    break
                self.draw = self.side
                self.side = []
                self.rng.shuffle(self.draw)
                self.reshuffles += 1
                self.events.append({"type": "reshuffle", "cards": len(self.draw)})
            hand.append(self.draw.pop())
            got += 1
        if got:
            hand.sort()
            self.st["cards_drawn"][p] += got
        return got

    def _win(self, p: int, dropped: int) -> None:
        """System Clear (D23): the game ends at once; ``dropped`` penalty units (triggered but
        not yet resolved: this turn's units not launched, or a wave's remainder) and a bonus
        turn are dropped; the units are counted in ``units_dropped`` (D27)."""
        self.units_dropped += dropped
        self.events.append({"type": "clear", "seat": p, "dropped": dropped})
        self._finish(p, CLEAR)

    def _fewest(self) -> int:
        """The seat with the fewest cards, or -1 if several share the fewest (D24, D25)."""
        sizes = [len(h) for h in self.hands]
        low = min(sizes)
        return sizes.index(low) if sizes.count(low) == 1 else -1

    def _block(self) -> None:
        """D24: nothing can change any more; the fewest cards wins, a tie is a draw."""
        w = self._fewest()
        self.events.append({"type": "blocked", "winner": w})
        self._finish(w, BLOCKED)

    def _finish(self, w: int, how: str) -> None:
        self.winner_ = w
        self.ended_by = how
        self.phase = OVER
        if self.w_init >= 0:
            self.last_wave = self._wave_view()
            self._clear_wave()

    # ------------------------------------------------------------------ errors
    def _why_illegal(self, action: Any) -> str:
        a = as_action_id(action)
        if a is None or not 0 <= a < A.NUM_ACTIONS:
            return (
                f"{action!r} is not a Tripwire action id (an integer 0-{A.NUM_ACTIONS - 1}, "
                "e.g. from legal_actions())"
            )
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
    def _wave_view(self) -> dict[str, Any]:
        return {
            "initiator": self.w_init,
            "units": self.w_units,
            "remaining": self.w_left,
            "target": self.w_target if self.phase == WAVE else -1,
            "steps": [{"seat": s, "result": r, "units": u} for s, r, u in self.w_steps],
        }

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
        n = self.game.num_players
        last = self.last
        obs: dict[str, Any] = {
            "game": self.game.game_id,
            "num_players": n,
            "player": player,
            "current_player": self.current_player(),
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turn,
            "turn_player": self.player,
            "bonus_turn": self.bonus_turn,
            "docks": [
                {
                    "dock": d + 1,
                    "marker": d,
                    "color": self.colors[d],
                    "value": self.values[d],
                    "stack": self.docks[d][:],
                }
                for d in range(3)
            ],
            "side_pile": self.side[:],
            "draw_size": len(self.draw),
            "hand_sizes": [len(h) for h in self.hands],
            "skips": self.skips[:],
            "this_turn": self.this_turn_view(),
            "wave": self._wave_view() if self.phase == WAVE else None,
            "last_wave": None if self.last_wave is None else _copy_wave(self.last_wave),
            "last": None if last is None else {"seat": last[0], "action": last[1]},
            "events": [dict(e) for e in self.events],
            "deck": list(self.game.counts),
            "reshuffles": self.reshuffles,
            "winner": self.winner_,
            "ended_by": self.ended_by,
        }
        if player is not None:
            if not 0 <= player < n:
                raise ValueError(f"no seat {player} in a {n}-player game")
            obs["hand"] = self.hands[player][:]
        return obs

    def this_turn_view(self) -> dict[str, Any]:
        """The observation's ``this_turn`` field (public: what the turn so far has done)."""
        return {
            "played": self.t_played,
            "docks": [d + 1 for d in range(3) if self.t_docks >> d & 1],
            "full": [d + 1 for d in range(3) if self.t_full >> d & 1],
            "neutral_dock": self.t_neutral + 1,
            "units": self.t_units,
            "bonus": self.t_bonus,
            "triple_possible": self.t_triple_ok,
            "triple": self.t_triple,
        }

    def resample(self, player: int | None, rng: Rng | int | None) -> TripwireState:
        """A clone in which every card ``player`` cannot see is re-dealt at random: the other
        seats' hands and the draw pile (sizes kept). ``player``'s hand, the docks and the side
        pile are kept. The clone gets a new RNG and a new ``seed`` drawn from ``rng`` (keeping
        the true seed would let its holder rebuild the true deal). The result depends only on
        ``player``'s observation and ``rng`` (D26).

        :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
        n = self.game.num_players
        check_seat(player, n)
        r = as_rng(rng)
        s = self.clone()
        others = [i for i in range(n) if i != player]
        pool: list[int] = list(s.draw)
        for i in others:
            pool.extend(s.hands[i])
        pool.sort()  # the re-deal must not depend on where the hidden cards really are
        r.shuffle(pool)
        k = 0
        for i in others:
            h = len(s.hands[i])
            s.hands[i] = sorted(pool[k : k + h])
            k += h
        s.draw = pool[k:]
        s._reseed(r)
        return s

    # ------------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        return self._dict_with(
            hands=[h[:] for h in self.hands],
            draw=self.draw[:],
            side=self.side[:],
            docks=[x[:] for x in self.docks],
            colors=self.colors[:],
            values=self.values[:],
            skips=self.skips[:],
            phase=self.phase,
            player=self.player,
            turn=self.turn,
            bonus_turn=self.bonus_turn,
            this_turn=[
                self.t_played,
                self.t_docks,
                self.t_full,
                self.t_neutral,
                self.t_units,
                self.t_bonus,
                self.t_triple_ok,
                self.t_triple,
            ],
            wave=[self.w_init, self.w_units, self.w_left, self.w_target],
            wave_steps=[x[:] for x in self.w_steps],
            last_wave=None if self.last_wave is None else _copy_wave(self.last_wave),
            last=None if self.last is None else self.last[:],
            events=[dict(e) for e in self.events],
            waves=self.waves,
            longest_wave=self.longest_wave,
            units_stopped=self.units_stopped,
            units_dropped=self.units_dropped,
            reshuffles=self.reshuffles,
            stats={k: v[:] for k, v in self.st.items()},
            history=self.hist[:],
            winner=self.winner_,
            ended_by=self.ended_by,
        )

    @classmethod
    def from_dict(cls, game: TripwireGame, d: Any) -> TripwireState:
        s = cls._bare(game, int(d["seed"]), Rng(int(d["rng"])))
        s.hands = [[int(k) for k in h] for h in d["hands"]]
        s.draw = [int(k) for k in d["draw"]]
        s.side = [int(k) for k in d["side"]]
        s.docks = [[int(k) for k in x] for x in d["docks"]]
        s.colors = [int(x) for x in d["colors"]]
        s.values = [int(x) for x in d["values"]]
        s.skips = [int(x) for x in d["skips"]]
        s.phase = int(d["phase"])
        s.player = int(d["player"])
        s.turn = int(d["turn"])
        s.bonus_turn = bool(d["bonus_turn"])
        t = d["this_turn"]
        s.t_played, s.t_docks, s.t_full = int(t[0]), int(t[1]), int(t[2])
        s.t_neutral, s.t_units = int(t[3]), int(t[4])
        s.t_bonus, s.t_triple_ok, s.t_triple = bool(t[5]), bool(t[6]), bool(t[7])
        w = d["wave"]
        s.w_init, s.w_units, s.w_left, s.w_target = int(w[0]), int(w[1]), int(w[2]), int(w[3])
        s.w_steps = [[int(x[0]), str(x[1]), int(x[2])] for x in d["wave_steps"]]
        s.last_wave = None if d["last_wave"] is None else _copy_wave(d["last_wave"])
        s.last = None if d["last"] is None else [int(x) for x in d["last"]]
        s.events = [dict(e) for e in d["events"]]
        s.waves = int(d["waves"])
        s.longest_wave = int(d["longest_wave"])
        s.units_stopped = int(d["units_stopped"])
        s.units_dropped = int(d["units_dropped"])
        s.reshuffles = int(d["reshuffles"])
        stats = d["stats"]
        if not isinstance(stats, dict):
            raise ValueError("stats is not an object")
        s.st = {k: [int(x) for x in stats[k]] for k in _STAT_KEYS}
        s.hist = [int(x) for x in d["history"]]
        s.winner_ = int(d["winner"])
        s.ended_by = str(d["ended_by"])
        s._legal = None
        s._check()
        return s

    def _check(self) -> None:
        """Reject a loaded state that no game could reach in its shape (D3, D17-D21, D27):
        values out of range, a dock's value without cards or cards without a value, a wave
        that does not fit its phase, lists of the wrong length, cards that do not add up.

        :raises ValueError: what is wrong (``state_from_json`` makes it a GameOptionError)."""
        s = self
        game = s.game
        n = game.num_players

        def bad(what: str) -> ValueError:
            return ValueError(f"not a Tripwire position: {what}")

        def seat(x: int, what: str, none_ok: bool = False) -> None:
            if not (0 <= x < n or (none_ok and x == -1)):
                raise bad(f"{what} {x} is not a seat of a {n}-player game")

        if len(s.hands) != n or len(s.skips) != n or len(s.docks) != 3:
            raise ValueError(f"the state does not have {n} hands and 3 docks")
        if len(s.colors) != 3 or len(s.values) != 3:
            raise bad("colors and values need 3 entries each")
        for i in range(3):
            c, v, stack = s.colors[i], s.values[i], s.docks[i]
            if not 0 <= c <= 2:
                raise bad(f"dock {i + 1} has colour {c} (0 Teal, 1 Purple, 2 Orange)")
            if v != 0 and not 2 <= v <= 9:
                raise bad(f"dock {i + 1} has value {v} (2-9, or 0 when empty)")
            if (v == 0) != (not stack):
                raise bad(
                    f"dock {i + 1} has value {v} and {len(stack)} cards: an empty dock has no "
                    "value and a stack always has one"
                )
            if v == 0 and c != i:
                raise bad(f"empty dock {i + 1} has colour {c}, not its marker's ({i})")
            if NULL in stack:
                raise bad(f"dock {i + 1} holds a Null (a Null is never played on a dock)")
        if any(x < 0 for x in s.skips):
            raise bad(f"negative skips {s.skips}")
        if s.phase not in (PLAY, WAVE, OVER):
            raise bad(f"phase {s.phase} (0 play, 1 wave, 2 over)")
        seat(s.player, "player")
        if s.turn < 0:
            raise bad(f"turn {s.turn}")
        if not -1 <= s.t_neutral <= 2 or not 0 <= s.t_docks <= 7 or not 0 <= s.t_full <= 7:
            raise bad(f"this_turn {[s.t_played, s.t_docks, s.t_full, s.t_neutral]} out of range")
        if s.t_played < 0 or s.t_units < 0:
            raise bad("this_turn counts are negative")
        if s.phase == WAVE:
            seat(s.w_init, "wave initiator")
            seat(s.w_target, "wave target")
            if s.w_init != s.player:
                raise bad("the wave's initiator is not the player whose turn it is")
            if not 0 < s.w_left <= s.w_units:
                raise bad(f"a wave of {s.w_units} units with {s.w_left} remaining")
        elif (s.w_init, s.w_units, s.w_left, s.w_target) != (-1, 0, 0, -1) or s.w_steps:
            raise bad("a wave is recorded outside the wave phase")
        for step in s.w_steps:
            seat(step[0], "wave step seat")
            if step[1] not in (NULLED, HIT, WALL) or step[2] < 0:
                raise bad(f"wave step {step}")
        for key in ("waves", "longest_wave", "units_stopped", "units_dropped", "reshuffles"):
            if getattr(s, key) < 0:
                raise bad(f"{key} is negative")
        for key, counts in s.st.items():
            if len(counts) != n or any(x < 0 for x in counts):
                raise bad(f"stats {key} needs {n} counts of 0 or more, not {counts}")
        for a in s.hist:
            if not 0 <= a < A.NUM_ACTIONS:
                raise bad(f"history holds {a}, not an action id")
        if s.last is not None:
            if len(s.last) != 2 or not 0 <= s.last[1] < A.NUM_ACTIONS:
                raise bad(f"last {s.last}")
            seat(s.last[0], "last seat")
        if s.phase == OVER:
            seat(s.winner_, "winner", none_ok=True)
            if s.ended_by not in (CLEAR, BLOCKED, TURN_LIMIT):
                raise bad(f"ended_by {s.ended_by!r} (clear, blocked, turn_limit)")
            if s.ended_by == CLEAR and (s.winner_ < 0 or s.hands[s.winner_]):
                raise bad("a System Clear's winner must hold no card")
        elif s.winner_ != -1 or s.ended_by:
            raise bad("a winner or an ending in a game that is not over")
        else:
            if any(not h for h in s.hands):
                raise bad("an empty hand in a game that is not over (D23)")
        seen = [0] * NUM_KINDS
        for cards in s.card_counts().values():
            for k in cards:
                if not 0 <= k < NUM_KINDS:
                    raise ValueError(f"{k} is not a Tripwire card")
                seen[k] += 1
        if tuple(seen) != game.counts:
            raise ValueError("the cards do not add up to the game's deck")

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


def _copy_wave(w: Any) -> dict[str, Any]:
    return {
        "initiator": int(w["initiator"]),
        "units": int(w["units"]),
        "remaining": int(w["remaining"]),
        "target": int(w["target"]),
        "steps": [dict(x) for x in w["steps"]],
    }


__all__ = [
    "BLOCKED",
    "CLEAR",
    "HAND_SIZE",
    "OVER",
    "PLAY",
    "TURN_LIMIT",
    "WAVE",
    "TripwireState",
]
