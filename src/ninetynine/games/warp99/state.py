"""The Warp 99 / Ninety Nine state: pure rules, no I/O.

Implements Warp 99 rulebook (§ Setup, § Gameplay, § Action A, § Action B, § What If
I Match 2 or 3 Rules?, § What If I Run Out of Hand Cards in Action B?, § What If I Can't Play
Any Cards for Action B?, § Action C, § Personal Pile Empty? Score 15 Points!, § End of the
Game) with the readings recorded in ``docs/rules/warp99.md`` (decisions W1-W20), and Ninety
Nine (Ninety Nine and Sixto overviews) through the options of :class:`Warp99Game`.

Cards are ids 0..109 (``cards.py``); action ids are in ``actions.py``; what a seat sees and
``resample`` are in ``observation.py``, the state as JSON in ``serialize.py``.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from ninetynine.core.cloning import CloneFields
from ninetynine.core.engine import EngineState
from ninetynine.core.errors import NotationError
from ninetynine.core.game import TERMINAL
from ninetynine.core.rng import Rng
from ninetynine.core.util import accept_action, not_an_action_id

from . import actions as A
from . import observation, serialize
from .cards import COLOR, COLORS, NUM_CARDS, VALUE, format_card
from .observation import PHASE_NAMES
from .rules import MATCH, explain, sides_string
from .serialize import STAT_KEYS

if TYPE_CHECKING:
    from .game import Warp99Game

ROW, DISCARD, EXTRA, OVER = 0, 1, 2, 3
HAND_SIZE = 6
DECK_SIZE = 15
DECK_BONUS = 15

_END, _SCORE, _TAKE, _DECLINE, _FLIP = A.END, A.SCORE, A.TAKE, A.DECLINE, A.FLIP_BASE
_FLIPS = [A.END, A.FLIP_BASE, A.FLIP_BASE + 1, A.FLIP_BASE + 2]
_P0, _P1 = A.PILE_BASE


#: The counters per seat (``serialize.STAT_KEYS``; the batched engine reads them here).
_STAT_KEYS = STAT_KEYS


class Warp99State(EngineState):
    """A Warp 99 (or Ninety Nine) position. Build one with ``game.new_initial_state(seed)``."""

    __slots__ = (
        "_legal",
        "config",
        "decks",
        "ended_by",
        "flip_used",
        "game",
        "gen",
        "hands",
        "hist",
        "phase",
        "piles",
        "player",
        "plays",
        "rebuilds",
        "reserve",
        "reserve_discard",
        "revealed",
        "rng",
        "row_colors",
        "row_last",
        "rows",
        "scores_",
        "seed",
        "st",
        "start_config",
        "turn",
        "winner_",
    )
    serialization = serialize
    clone_fields = CloneFields(
        shared="config start_config rebuilds ended_by turn player phase flip_used plays",
        lists="row_last row_colors scores_ reserve reserve_discard gen",
        rows="decks hands rows piles",
        sets="revealed",
        counters="st",
    )

    game: Warp99Game
    config: int
    start_config: int
    decks: list[list[int]]
    hands: list[list[int]]
    rows: list[list[int]]
    row_last: list[int]
    row_colors: list[int]
    scores_: list[int]
    reserve: list[int]
    reserve_discard: list[int]
    piles: list[list[int]]
    revealed: list[set[int]]
    st: dict[str, list[int]]
    rebuilds: int
    gen: list[int]
    ended_by: str
    turn: int
    player: int
    phase: int
    flip_used: bool
    plays: int

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, game: Warp99Game, seed: int | None) -> Warp99State:
        """Setup (``§ Setup``, ``§ Scoring Setup``): shuffle the 110 cards, deal each player 15
        face down as a personal draw deck, the rest form the reserve; each player draws 6;
        two reserve cards start the two discard piles; scores start at the handicap."""
        rng = Rng(seed)
        s = cls._bare(game, rng.getstate(), rng)
        n = game.num_players
        if game.rules_mode == "random":
            # Random Rule Start: each rule card on a random side (decision W15).
            s.config = rng.randbelow(8)
        else:
            s.config = game.rule_config
        s.start_config = s.config
        deck = list(range(NUM_CARDS))
        rng.shuffle(deck)
        # Warp 99: the hand of 6 comes out of the 15 (W2); Ninety Nine deals 6 + 15 (N2).
        each = DECK_SIZE + (HAND_SIZE if game.deal == "6+15" else 0)
        s.decks = [deck[i * each : (i + 1) * each] for i in range(n)]
        s.reserve = deck[n * each :]
        s.hands = []
        for d in s.decks:
            hand = d[-HAND_SIZE:]
            del d[-HAND_SIZE:]
            s.hands.append(sorted(hand))
        s.piles = [[s.reserve.pop()], [s.reserve.pop()]]
        s.reserve_discard = []
        s.rows = [[] for _ in range(n)]
        s.row_last = [-1] * n
        s.row_colors = [0] * n
        s.scores_ = list(game.handicap)
        s.revealed = [set() for _ in range(n)]
        s.st = {k: [0] * n for k in STAT_KEYS}
        s.rebuilds = 0
        s.gen = [0] * NUM_CARDS
        s.hist = []
        s.winner_ = -1
        s.ended_by = ""
        s.turn = 0
        s._legal = None
        s.player = 0
        s.phase = ROW
        s.flip_used = False
        s.plays = 0
        s._start_turn(0)
        return s

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(x) for x in self.scores_]

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.phase != OVER or self.winner_ < 0:
            return [0.0] * n
        return [1.0 if i == self.winner_ else -1.0 for i in range(n)]

    def winner(self) -> int | None:
        return self.winner_ if self.phase == OVER and self.winner_ >= 0 else None

    def action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return A.string_to_action(text)

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        p = self.player
        hand = self.hands[p]
        if phase == DISCARD:
            base = self.config * NUM_CARDS
            piles = self.piles
            m0 = MATCH[base + piles[0][-1]]
            m1 = MATCH[base + piles[1][-1]]
            acts = [_P0 + c for c in hand if m0[c]]
            acts += [_P1 + c for c in hand if m1[c]]
            if acts or self.plays or self.flip_used or not hand or not self.game.allow_flip:
                acts.append(_END)
                return acts
            return _FLIPS[:]
        if phase == ROW:
            row = self.rows[p]
            if not row:
                return hand[:] if hand else [_END]
            last = self.row_last[p]
            colors = self.row_colors[p]
            acts = [c for c in hand if VALUE[c] > last and not colors >> COLOR[c] & 1]
            acts.append(_SCORE)
            return acts
        if phase == EXTRA:
            return [_TAKE, _DECLINE]
        return []

    def apply_action(self, action: int) -> None:
        action = accept_action(self, action)
        self._legal = None
        self.hist.append(action)
        p = self.player
        if action < _P0:  # Action A: a card into the personal row
            hand = self.hands[p]
            hand.remove(action)
            if self.revealed[p]:
                self.revealed[p].discard(action)
            row = self.rows[p]
            row.append(action)
            self.row_last[p] = VALUE[action]
            self.row_colors[p] |= 1 << COLOR[action]
            if len(row) > self.st["longest_row"][p]:
                self.st["longest_row"][p] = len(row)
            self.phase = DISCARD
            self.plays = 0
        elif action < _SCORE:  # Action B: a card onto a discard pile
            pile_i = 0 if action < _P1 else 1
            c = action - A.PILE_BASE[pile_i]
            self.hands[p].remove(c)
            if self.revealed[p]:
                self.revealed[p].discard(c)
            pile = self.piles[pile_i]
            n_match = MATCH[self.config * NUM_CARDS + pile[-1]][c]
            pile.append(c)
            self.plays += 1
            self.st["cards_discarded"][p] += 1
            if n_match >= 2:
                self.st["double_matches"][p] += 1
                # § What If I Match 2 or 3 Rules?: "you may take 1 extra card" (W6).
                # The draw always finds a card: an empty personal deck is topped up (W9) from
                # the reserve, rebuilt if need be (W11) from at least the card just covered.
                if self.game.extra_card:
                    self.phase = EXTRA
                    return
            self._after_play(p)
        elif action == _END:
            self._end_turn(p)
        elif action == _SCORE:
            self._score_row(p)
        elif action == _TAKE:
            self.phase = DISCARD
            self.st["extra_cards"][p] += 1
            self._draw(p, 1)
            if self.phase != OVER:
                self._after_play(p)
        elif action == _DECLINE:
            self.phase = DISCARD
            self._after_play(p)
        else:  # flip a rule card (§ What If I Can't Play Any Cards for Action B?)
            self.config ^= 1 << (action - _FLIP)
            self.flip_used = True
            self.st["flips"][p] += 1
            self.revealed[p] = set(self.hands[p])

    # ------------------------------------------------------------------ rule steps
    def _start_turn(self, p: int) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self._finish_by_turn_limit()
            return
        self.player = p
        self.phase = ROW
        self.flip_used = False
        self.plays = 0

    def _start_cycle(self) -> None:
        """§ What If I Run Out of Hand Cards in Action B?: Actions A, B and C again."""
        self.phase = ROW
        self.plays = 0
        if self.game.flip_limit == "cycle":
            self.flip_used = False

    def _after_play(self, p: int) -> None:
        if self.hands[p]:
            return
        if self.game.bonus_rule:
            self.st["repeats"][p] += 1
            self._draw(p, HAND_SIZE)
            if self.phase != OVER:
                self._start_cycle()
        else:
            self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        """Action C: draw back up to 6, then the next player (clockwise = next seat)."""
        short = HAND_SIZE - len(self.hands[p])
        if short > 0:
            self._draw(p, short)
            if self.phase == OVER:
                return
        self._start_turn((p + 1) % self.game.num_players)

    def _score_row(self, p: int) -> None:
        """Score the personal row (its length squared) and clear it next to the reserve."""
        row = self.rows[p]
        pts = len(row) * len(row)
        self.reserve_discard.extend(row)
        self.rows[p] = []
        self.row_last[p] = -1
        self.row_colors[p] = 0
        self.st["row_points"][p] += pts
        self.st["rows_scored"][p] += 1
        self._add_score(p, pts)

    def _add_score(self, p: int, pts: int) -> None:
        self.scores_[p] += pts
        if self.scores_[p] >= self.game.target:
            # § End of the Game: "The moment a player reaches 99 points or more, the game
            # ends immediately" -- even mid-turn, even mid-draw (W13).
            self.winner_ = p
            self.ended_by = "target"
            self.phase = OVER

    def _draw(self, p: int, k: int) -> None:
        """Draw ``k`` cards from ``p``'s personal deck; the moment it runs out, score 15 and
        take 15 new cards from the reserve (§ Personal Pile Empty?, decisions W8-W10)."""
        hand = self.hands[p]
        deck = self.decks[p]
        for _ in range(k):
            if not deck:
                # A deck the reserve could not fill earlier is topped up now, without points:
                # its 15 points were scored when it ran out (W9).
                deck = self.decks[p] = self._take_from_reserve(DECK_SIZE)
                if not deck:
                    return
            insort(hand, deck.pop())
            if not deck:
                self.st["deck_points"][p] += DECK_BONUS
                self.st["decks_emptied"][p] += 1
                self._add_score(p, DECK_BONUS)
                if self.phase == OVER:
                    return
                deck = self.decks[p] = self._take_from_reserve(DECK_SIZE)

    def _take_from_reserve(self, k: int) -> list[int]:
        out: list[int] = []
        reserve = self.reserve
        while len(out) < k:
            if not reserve:
                self._rebuild_reserve()
                reserve = self.reserve
                if not reserve:
                    break
            out.append(reserve.pop())
        return out

    def _rebuild_reserve(self) -> None:
        """§ Personal Pile Empty? Note: both discard piles except their top cards, plus the
        cleared-row cards (the "Reserve Deck Discard Pile", W11), shuffled."""
        cards = self.piles[0][:-1] + self.piles[1][:-1] + self.reserve_discard
        if not cards:
            return
        self.piles = [self.piles[0][-1:], self.piles[1][-1:]]
        self.reserve_discard = []
        self.rng.shuffle(cards)
        self.reserve = cards
        self.rebuilds += 1
        # Everyone saw which cards went in: a hidden card's reshuffle is public (resample).
        gen = self.gen
        for c in cards:
            gen[c] = self.rebuilds

    def _finish_by_turn_limit(self) -> None:
        """Safety stop (W19): never reached in measured play; the highest score wins."""
        best = max(self.scores_)
        leaders = [i for i, s in enumerate(self.scores_) if s == best]
        self.winner_ = leaders[0] if len(leaders) == 1 else -1
        self.ended_by = "turn_limit"
        self.phase = OVER

    # ------------------------------------------------------------------ errors
    def _why_illegal(self, a: Any) -> str:
        if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < A.NUM_ACTIONS:
            return not_an_action_id(a, "Warp 99", A.NUM_ACTIONS)
        name = A.action_to_string(a)
        if self.phase == OVER:
            return f"{name} is illegal: the game is over"
        p = self.player
        hand = self.hands[p]
        phase = self.phase
        if phase == EXTRA:
            return f"{name} is illegal: you matched two rules; first take or decline the extra card"
        if a < _P0:
            if phase != ROW:
                return f"{name} is illegal: your row already has its card for this Action A"
            if a not in hand:
                return f"{name} is illegal: you do not hold {format_card(a)}"
            row = self.rows[p]
            used = ", ".join(COLORS[COLOR[c]] for c in row)
            return (
                f"{name} cannot go in your row: it must be higher than {VALUE[row[-1]]} "
                f"and not {used}"
            )
        if a < _SCORE:
            pile_i = 0 if a < _P1 else 1
            c = a - A.PILE_BASE[pile_i]
            if phase != DISCARD:
                return f"{name} is illegal: first put one card into your row (Action A)"
            if c not in hand:
                return f"{name} is illegal: you do not hold {format_card(c)}"
            if A.FLIP_BASE in (self._legal or []):
                return f"{name} is illegal: no card in your hand can be played; flip or end"
            top = self.piles[pile_i][-1]
            return (
                f"{format_card(c)} cannot go on pile {pile_i + 1} (top {format_card(top)}): "
                f"{explain(self.config, top)}"
            )
        if a == _SCORE:
            if phase != ROW:
                return "score is illegal: a row can be scored only in Action A, before its card"
            return "score is illegal: your row is empty"
        if a == _END:
            if phase == ROW:
                return "end is illegal: first put one card into your row (Action A)"
            return "end is illegal here"
        if a in (_TAKE, _DECLINE):
            return f"{name} is illegal: there is no extra card to take (it needs a double match)"
        if not self.game.allow_flip:
            return f"{name} is illegal: this game has no rule flips"
        if self.flip_used:
            return f"{name} is illegal: you have already flipped a rule card this turn"
        return (
            f"{name} is illegal: you may flip only right after Action A, and only if no card "
            "in your hand can be played on either pile"
        )

    # ------------------------------------------------------------------ views
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (``None``: a spectator). JSON-able.

        Fields: ``game``, ``num_players``, ``player``, ``current_player`` (-1 at the end),
        ``phase`` (row / discard / extra_card / over), ``turn``, ``rule_sides`` (three 1/2),
        ``rules`` (the active rule names), ``piles`` (two lists of card ids, top last),
        ``rows``, ``scores``, ``deck_sizes``, ``hand_sizes``, ``reserve_size``,
        ``reserve_discard`` (cleared-row cards, face up), ``revealed`` (per seat, hand cards
        shown by a flip and still held), ``flip_used``, ``plays`` (cards played in this
        Action B), ``target``, ``winner`` (-1 none), and ``hand`` (own cards, sorted) unless
        ``player`` is ``None``. Never: another seat's unrevealed cards, any deck order, the RNG.
        """
        return observation.observe(self, player)

    def resample(self, player: int | None, rng: Rng | int | None) -> Warp99State:
        """A clone in which every card ``player`` cannot see is re-dealt at random: other
        seats' unrevealed hand cards, every personal deck (including ``player``'s own: its
        order and content are unknown) and the reserve. Sizes, revealed cards and all public
        cards are kept, and so is what the table saw at each reshuffle: a hidden card only
        changes places with hidden cards of the same reshuffle (``gen``), since everyone saw
        which cards went into a rebuilt reserve (W11, W18). The result depends only on what
        ``player`` knows and on ``rng``. The clone gets a new RNG and a new ``seed`` drawn
        from ``rng``: a resampled state is a hypothesis, and keeping the true seed would let
        its holder rebuild the true deal.

        :raises ValueError: ``player`` is not a seat of this game nor ``None``.
        """
        return observation.resample(self, player, rng)

    def stats(self) -> dict[str, Any]:
        """Counters for simulation summaries: per seat (lists) ``row_points``,
        ``deck_points``, ``rows_scored``, ``longest_row``, ``decks_emptied``, ``flips``,
        ``repeats`` (extra A-B-C cycles from an emptied hand), ``double_matches``,
        ``extra_cards``, ``cards_discarded``; and ``turns``, ``actions``,
        ``reserve_rebuilds``, ``ended_by``, ``start_rules`` (the rule sides at the start,
        e.g. ``"121"``: groups Random Rule Start games) and ``end_rules``."""
        d: dict[str, Any] = {k: v[:] for k, v in self.st.items()}
        d.update(
            turns=self.turn,
            actions=len(self.hist),
            reserve_rebuilds=self.rebuilds,
            ended_by=self.ended_by,
            start_rules=sides_string(self.start_config),
            end_rules=sides_string(self.config),
        )
        return d

    def card_locations(self) -> dict[int, str]:
        """Where every card is (for invariant tests): card id -> place name."""
        where: dict[int, str] = {}

        def put(cards: list[int], place: str) -> None:
            for c in cards:
                if c in where:
                    raise AssertionError(f"{format_card(c)} is in {where[c]} and {place}")
                where[c] = place

        for i in range(self.game.num_players):
            put(self.decks[i], f"deck{i}")
            put(self.hands[i], f"hand{i}")
            put(self.rows[i], f"row{i}")
        put(self.reserve, "reserve")
        put(self.reserve_discard, "reserve_discard")
        put(self.piles[0], "pile1")
        put(self.piles[1], "pile2")
        return where

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self.observation(self.player if self.phase != OVER else None))

    def __repr__(self) -> str:
        return (
            f"<Warp99State {self.game.game_id} turn={self.turn} "
            f"player={self.current_player()} phase={PHASE_NAMES[self.phase]} "
            f"scores={self.scores_}>"
        )


__all__ = ["PHASE_NAMES", "NotationError", "Warp99State"]
