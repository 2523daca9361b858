"""The ONO 99 state: pure rules, no I/O.

Implements ONO 99 rulebook (§ Playing a Card, § Setup, § How to Play, § Hints,
§ Special Cards) with the readings recorded in ``docs/rules/ono99.md`` (decisions D1-D20).

Cards are kinds 0..14 (``cards.py``); action ids are in ``actions.py``; the total arithmetic is
in ``rules.py``; what the table knows about hidden cards (for ``resample``) in
``knowledge.py``. A turn is exactly one action (play a card, or exchange four ONO cards); a
player who cannot play leaves the game automatically, at the start of their turn or (option
``leave=now``) as soon as no card fits (D5), so a non-terminal state always has a legal action.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from typing import TYPE_CHECKING, Any

from ninetynine.core.engine import EngineState
from ninetynine.core.errors import NotationError
from ninetynine.core.game import TERMINAL
from ninetynine.core.rng import Rng, as_rng
from ninetynine.core.util import accept_action, as_action_id, check_seat, deal_hands

from . import actions as A
from .cards import MINUS10, NAMES, NUM_KINDS, ONO, PLAY2, REVERSE, SHORT
from .knowledge import FREE, MOVE, STUCK, Unit, redeal
from .rules import MAX_TOTAL, NEXT, PLAYABLE, declared, why_unplayable

if TYPE_CHECKING:
    from .game import Ono99Game

HAND_SIZE = 4
#: ``ended_by`` values.
LAST_PLAYER, TURN_LIMIT = "last_player", "turn_limit"

_EXCHANGE = A.EXCHANGE
_STAT_KEYS = (
    "cards_played",
    "minus10s",
    "reverses",
    "play2s",
    "strike_backs",
    "passes",
    "exchanges",
    "knockouts",
)


class Ono99State(EngineState):
    """An ONO 99 position. Build one with ``game.new_initial_state(seed)``."""

    __slots__ = (
        "_legal",
        "alive",
        "direction",
        "draw",
        "ended_by",
        "game",
        "handed",
        "hands",
        "hgen",
        "hist",
        "last",
        "last_player",
        "n_alive",
        "ogen",
        "out",
        "out_order",
        "out_round",
        "out_total",
        "out_turn",
        "peak",
        "play2",
        "played",
        "player",
        "rebuilds",
        "rng",
        "round",
        "round_left",
        "seed",
        "st",
        "total",
        "turn",
        "winner_",
    )

    game: Ono99Game
    seed: int
    rng: Rng
    hands: list[list[int]]
    draw: list[int]
    played: list[int]
    out: list[list[int]]
    alive: list[bool]
    n_alive: int
    out_order: list[int]
    out_round: list[int]
    out_total: list[int]
    out_turn: list[int]
    total: int
    direction: int
    player: int
    play2: int
    turn: int
    round: int
    round_left: int
    last: list[int] | None
    last_player: int
    handed: int
    peak: list[int]
    hgen: list[list[int]] | None
    ogen: list[list[int]] | None
    rebuilds: int
    st: dict[str, list[int]]
    hist: list[int]
    winner_: int
    ended_by: str
    _legal: list[int] | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, game: Ono99Game, seed: int | None) -> Ono99State:
        """Setup (``§ Setup``): shuffle the deck, deal 4 cards to each player one at a time
        starting left of the dealer, the rest is the draw pile (D2). The dealer is the last
        seat, so seat 0 begins and play goes to increasing seats (clockwise)."""
        rng = Rng(seed)
        s = cls._bare(game, rng.getstate(), rng)
        n = game.num_players
        s.hands, s.draw = deal_hands(game.counts, n, HAND_SIZE, rng)
        s.played = []
        s.out = [[] for _ in range(n)]
        s.alive = [True] * n
        s.n_alive = n
        s.out_order = []
        s.out_round = [0] * n
        s.out_total = [-1] * n
        s.out_turn = [0] * n
        s.total = 0
        s.direction = 1
        s.player = 0
        s.play2 = 0
        s.turn = 0
        s.round = 1
        s.round_left = n
        s.last = None
        s.last_player = -1
        s.handed = -1
        s.peak = [0] * n
        s.hgen = s.ogen = None  # every card is of the deal until the first rebuild
        s.rebuilds = 0
        s.st = {k: [0] * n for k in _STAT_KEYS}
        s.hist = []
        s.winner_ = -1
        s.ended_by = ""
        s._legal = None
        s._begin_turn(0, 0)
        return s

    def clone(self) -> Ono99State:
        s = object.__new__(Ono99State)
        s.game = self.game
        s.seed = self.seed
        s.rng = Rng(self.rng.getstate())
        s.hands = [h[:] for h in self.hands]
        s.draw = self.draw[:]
        s.played = self.played[:]
        s.out = [o[:] for o in self.out]
        s.alive = self.alive[:]
        s.n_alive = self.n_alive
        s.out_order = self.out_order[:]
        s.out_round = self.out_round[:]
        s.out_total = self.out_total[:]
        s.out_turn = self.out_turn[:]
        s.total = self.total
        s.direction = self.direction
        s.player = self.player
        s.play2 = self.play2
        s.turn = self.turn
        s.round = self.round
        s.round_left = self.round_left
        s.last = self.last
        s.last_player = self.last_player
        s.handed = self.handed
        s.peak = self.peak[:]
        s.hgen = None if self.hgen is None else [g[:] for g in self.hgen]
        s.ogen = None if self.ogen is None else [g[:] for g in self.ogen]
        s.rebuilds = self.rebuilds
        s.st = {k: v[:] for k, v in self.st.items()}
        s.hist = self.hist[:]
        s.winner_ = self.winner_
        s.ended_by = self.ended_by
        s._legal = self._legal
        return s

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        return TERMINAL if self.ended_by else self.player

    def is_terminal(self) -> bool:
        return bool(self.ended_by)

    def scores(self) -> list[float]:
        """Per seat, how many seats it has outlasted so far: a seat that left is scored by
        how many left before it; a seat still in by how many have left (the winner: n-1)."""
        gone = len(self.out_order)
        return [
            float(gone if self.alive[i] else self.out_order.index(i))
            for i in range(self.game.num_players)
        ]

    def action_to_string(self, action: int) -> str:
        """``+7=47`` (the card and the total it declares here), ``exchange``."""
        return A.action_to_string(action, self.total)

    def string_to_action(self, text: str) -> int:
        """Parse a move; a declaration, if written, must be the total the card declares here.

        :raises NotationError: not a move, or a wrong declaration ("+3=11" on 7: 7 + 3 = 10).
        """
        a, decl = A.parse_action(text)
        if decl is not None and a != _EXCHANGE:
            right = declared(self.total, a)
            if decl != right:
                raise NotationError(
                    f"{text!r} declares {decl}, but {NAMES[a]} on {self.total} declares {right}"
                )
        return a

    def _compute_legal(self) -> list[int]:
        if self.ended_by:
            return []
        hand = self.hands[self.player]
        if self.game.counts[ONO] and hand.count(ONO) == self.game.counts[ONO]:
            return [_EXCHANGE]  # D9: the exchange is the whole turn
        ok = PLAYABLE[self.total]
        return sorted({k for k in hand if ok[k]})

    def _can_move(self, p: int) -> bool:
        hand = self.hands[p]
        ok = PLAYABLE[self.total]
        for k in hand:
            if ok[k]:
                return True
        n_ono = self.game.counts[ONO]
        return bool(n_ono) and hand.count(ONO) == n_ono

    def apply_action(self, action: int) -> None:
        action = accept_action(self, action)
        self._legal = None
        self.hist.append(action)
        self.turn += 1
        p = self.player
        owed = self.play2
        st = self.st
        if action == _EXCHANGE:
            # § 99 Card (Ono Card): all four at once for new cards; the turn passes (D9). The
            # four are set aside while the player draws, then go under the played pile, so a
            # rebuild during this draw cannot hand them back.
            k = self.game.counts[ONO]
            hand = self.hands[p]
            del hand[len(hand) - k :]  # sorted: the ONO cards (kind 14) are last
            if self.hgen is not None:
                del self.hgen[p][len(hand) :]
            st["exchanges"][p] += 1
            self.last = [p, action, self.total]
            self._draw(p, k)
            self.played[0:0] = [ONO] * k  # under the played pile, face up (D9)
            nxt, owe = (p, 1) if owed == 2 else (self._next_alive(p), 0)
        else:
            self._take(p, action)
            self.played.append(action)
            self.total = NEXT[self.total * NUM_KINDS + action]
            self.last = [p, action, self.total]
            self.last_player = p
            st["cards_played"][p] += 1
            self._draw(p, 1)
            if action == PLAY2:
                # § Play 2 Card: the next player takes two turns; played as the answer to a
                # Play 2 it passes the effect on, never stacking to four (D12).
                st["play2s"][p] += 1
                if owed == 2:
                    st["passes"][p] += 1
                nxt, owe = self._next_alive(p), 2
            elif action == REVERSE:
                # § Reverse Card, § Play 2 Card ("strike back"), D10, D11.
                st["reverses"][p] += 1
                self.direction = -self.direction
                if owed == 2:
                    st["strike_backs"][p] += 1
                    nxt, owe = self._next_alive(p), 2
                elif self.n_alive == 2 and self.game.two_player_reverse == "again":
                    nxt, owe = p, 0
                else:
                    nxt, owe = self._next_alive(p), 0
            else:
                if action == MINUS10:
                    st["minus10s"][p] += 1
                nxt, owe = (p, 1) if owed == 2 else (self._next_alive(p), 0)
        if nxt != p:
            self.handed = p  # the knockout credit of D18
        if self.game.leave == "now":
            t = self.total
            peak = self.peak
            for i, alive in enumerate(self.alive):
                if alive and peak[i] < t:
                    peak[i] = t
            peak[p] = t  # the mover's hand is new
        self._use_slot()
        self._begin_turn(nxt, owe)

    # ------------------------------------------------------------------ rule steps
    def _next_alive(self, p: int) -> int:
        n = self.game.num_players
        d = self.direction
        alive = self.alive
        q = (p + d) % n
        while not alive[q]:
            q = (q + d) % n
        return q

    def _use_slot(self) -> None:
        """Round bookkeeping (D17): a round is as many turn slots as there are players in
        the game when it begins; each turn and each player leaving uses one."""
        self.round_left -= 1
        if self.round_left <= 0:
            self.round += 1
            self.round_left = self.n_alive

    def _begin_turn(self, q: int, owe: int) -> None:
        """Give the turn to ``q`` (owing ``owe`` Play 2 turns). A player who cannot play leaves
        the game at once and the next player takes a normal turn (D5, D13); under option
        ``leave=now`` every seat without a move leaves first (D5)."""
        if self.turn >= self.game.max_turns:
            self._finish(-1, TURN_LIMIT)
            return
        if self.game.leave == "now":
            if not self._leave_now():
                return
            if not self.alive[q]:
                q, owe = self._next_alive(q), 0
        by = self.handed
        while not self._can_move(q):
            self._eliminate(q, by)
            if self.n_alive == 1:
                self._finish(self._next_alive(q), LAST_PLAYER)
                return
            q = self._next_alive(q)
            owe = 0  # § Play 2 Card: the next player does not take it over
        self.player = q
        self.play2 = owe
        self._legal = None

    def _leave_now(self) -> bool:
        """Option ``leave=now`` (D5): every seat in the game holding no move leaves, in the
        order of play from the seat after the last mover, the mover last (so the player of the
        last card wins when nobody can play, § Hints). Knocked out by the mover (D18). False
        if the game ended."""
        n = self.game.num_players
        d = self.direction
        mover = self.last[0] if self.last is not None else -1
        start = mover if mover >= 0 else (self.player - d) % n
        for step in range(1, n + 1):
            i = (start + d * step) % n
            if self.alive[i] and not self._can_move(i):
                self._eliminate(i, mover)
                if self.n_alive == 1:
                    self._finish(self._next_alive(i), LAST_PLAYER)
                    return False
        return True

    def _eliminate(self, q: int, by: int) -> None:
        """§ How to Play / § Hints: the player leaves; their hand goes face down, out of play
        for the rest of the game (D7). ``by``: the seat credited with the knockout (D18)."""
        self.out[q] = self.hands[q]
        self.hands[q] = []
        if self.hgen is not None and self.ogen is not None:
            self.ogen[q] = self.hgen[q]
            self.hgen[q] = []
        self.alive[q] = False
        self.n_alive -= 1
        self.out_order.append(q)
        self.out_round[q] = self.round
        self.out_total[q] = self.total
        self.out_turn[q] = self.turn
        if by >= 0 and by != q:
            self.st["knockouts"][by] += 1
        if self.n_alive > 1:  # the game goes on: the round counts the slot
            self._use_slot()

    def _finish(self, winner: int, why: str) -> None:
        self.winner_ = winner
        self.ended_by = why
        self.play2 = 0
        self._legal = None

    def _take(self, p: int, kind: int) -> None:
        """Remove one card of ``kind`` from ``p``'s hand: the copy from the oldest reshuffle
        (copies are identical; which one left matters only to ``resample``, D16)."""
        hand = self.hands[p]
        j = hand.index(kind)
        del hand[j]
        if self.hgen is not None:
            del self.hgen[p][j]

    def _draw(self, p: int, k: int) -> None:
        """Draw ``k`` cards, rebuilding an empty draw pile from the played cards (D8); with
        nothing left to draw the hand stays short (D14). A hand is kept sorted by kind, and
        copies of a kind by the reshuffle they came from (``hgen``)."""
        hand = self.hands[p]
        for _ in range(k):
            if not self.draw:
                self._rebuild()
                if not self.draw:
                    return
            c = self.draw.pop()
            j = bisect_right(hand, c)
            hand.insert(j, c)
            if self.hgen is not None:
                self.hgen[p].insert(j, self.rebuilds)

    def _rebuild(self) -> None:
        """§ Hints: "shuffle the played-card pile and turn it into a new draw pile"; the top
        card stays on the table unless option ``rebuild=all`` (D8). Everyone sees which cards
        go in: the cards drawn from it are of reshuffle ``rebuilds`` (``hgen``, D16)."""
        played = self.played
        if self.game.rebuild == "all":
            cards, keep = played, []
        else:
            cards, keep = played[:-1], played[-1:]
        if not cards:
            return
        self.rng.shuffle(cards)
        self.draw = cards
        self.played = keep
        self.rebuilds += 1
        if self.hgen is None or self.ogen is None:
            self.hgen = [[0] * len(h) for h in self.hands]
            self.ogen = [[0] * len(o) for o in self.out]

    # ------------------------------------------------------------------ errors
    def _why_illegal(self, a: Any) -> str:
        if as_action_id(a) is None or not 0 <= a < A.NUM_ACTIONS:
            return f"{a!r} is not an ONO 99 action id (0-{A.NUM_ACTIONS - 1})"
        name = SHORT[a] if a != _EXCHANGE else "exchange"
        if self.ended_by:
            return f"{name} is illegal: the game is over"
        hand = self.hands[self.player]
        n_ono = self.game.counts[ONO]
        if a == _EXCHANGE:
            if not n_ono:
                return "exchange is illegal: this deck has no ONO 99 cards"
            return (
                f"exchange is illegal: you hold {hand.count(ONO)} of the {n_ono} ONO 99 cards; "
                f"only a player holding all {n_ono} exchanges them"
            )
        if n_ono and hand.count(ONO) == n_ono:
            return f"{name} is illegal: you hold all {n_ono} ONO 99 cards and must exchange them"
        if a not in hand:
            return f"{name} is illegal: you hold no {NAMES[a]} card"
        return why_unplayable(self.total, a)

    # ------------------------------------------------------------------ views
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (``None``: a spectator). JSON-able.

        Fields: ``game``, ``num_players``, ``player``, ``current_player`` (-1 at the end),
        ``total`` (the running total, 0..98), ``direction`` (1: to increasing seats, i.e.
        clockwise; -1), ``play2`` (Play 2 turns the current player still owes, this one
        included: 0, 1 or 2), ``turn`` (turns taken), ``round``, ``draw_size``, ``played``
        (the played-card pile since the last rebuild, kinds, top last), ``hand_sizes``,
        ``in_game`` (per seat), ``out_sizes`` (face-down cards of each seat that left),
        ``eliminations`` (``{seat, round, turn, total}`` in the order they left), ``last``
        (``{seat, action, total}`` of the last move or ``None``), ``deck`` (cards per kind in
        the game), ``rebuilds``, ``winner`` (-1 none), ``ended_by``, and ``hand`` (own cards,
        sorted kinds) unless ``player`` is ``None``. Never: another seat's cards, the cards a
        seat took out of the game, the draw pile's order, the RNG (D16).
        """
        check_seat(player, self.game.num_players)
        n = self.game.num_players
        last = self.last
        obs: dict[str, Any] = {
            "game": self.game.game_id,
            "num_players": n,
            "player": player,
            "current_player": self.current_player(),
            "total": self.total,
            "direction": self.direction,
            "play2": self.play2,
            "turn": self.turn,
            "round": self.round,
            "draw_size": len(self.draw),
            "played": self.played[:],
            "hand_sizes": [len(h) for h in self.hands],
            "in_game": self.alive[:],
            "out_sizes": [len(o) for o in self.out],
            "eliminations": [
                {
                    "seat": q,
                    "round": self.out_round[q],
                    "turn": self.out_turn[q],
                    "total": self.out_total[q],
                }
                for q in self.out_order
            ],
            "last": None
            if last is None
            else {"seat": last[0], "action": last[1], "total": last[2]},
            "deck": list(self.game.counts),
            "rebuilds": self.rebuilds,
            "winner": self.winner_,
            "ended_by": self.ended_by,
        }
        if player is not None:
            obs["hand"] = self.hands[player][:]
        return obs

    def resample(self, player: int | None, rng: Rng | int | None) -> Ono99State:
        """A clone in which every card ``player`` cannot see is re-dealt at random, consistently
        with what the table saw (D16): the other seats' hands, the face-down cards of every
        seat that left (the seat's own too: its view does not show them) and the draw pile.
        Sizes, ``player``'s own hand and the played pile are kept, and

        * a hidden card only trades places with hidden cards of the same reshuffle (the deal,
          or a rebuilt draw pile, whose cards everyone saw go in: ``hgen``/``ogen``, D8);
        * the seat to act holds a move on the total (it did not leave, D5): a card that fits
          or all four ONO cards, with the chance each has; under option ``leave=now`` so does
          every seat still in, on the highest total it has faced with its hand;
        * the face-down cards of a seat that left hold no move on the total it left at.

        The clone's RNG is re-seeded from ``rng``, and it gets a new ``seed`` drawn from ``rng``
        (keeping the true seed would let its holder rebuild the true deal). The result depends
        only on ``player``'s knowledge and ``rng`` (and on which reshuffle a hidden copy of a
        kind is counted from when its holder played a kind it held from two; D16).

        :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
        n = self.game.num_players
        check_seat(player, n)
        r = as_rng(rng)
        s = self.clone()
        s._redeal_hidden(player, r)
        s._reseed(r)
        return s

    def _redeal_hidden(self, player: int | None, r: Rng) -> None:
        """Re-deal what ``player`` cannot see, in place (``knowledge.py``)."""
        n = self.game.num_players
        hg, og = self.hgen, self.ogen
        over = bool(self.ended_by)
        now = self.game.leave == "now"
        units: list[Unit] = []
        places: list[tuple[int, int]] = []  # (0 hand / 1 out / 2 draw, seat)
        pools: dict[int, list[int]] = {}

        def add(cards: list[int], gens: list[int], unit: Unit, place: tuple[int, int]) -> None:
            for k, g in zip(cards, gens, strict=True):
                pool = pools.get(g)
                if pool is None:
                    pool = pools[g] = [0] * NUM_KINDS
                pool[k] += 1
            units.append(unit)
            places.append(place)

        for i in range(n):
            if self.alive[i]:
                if i == player:
                    continue
                gens = hg[i] if hg is not None else [0] * len(self.hands[i])
                if over:
                    rule, t = FREE, 0
                elif now:
                    rule, t = MOVE, self.peak[i]
                elif i == self.player:
                    rule, t = MOVE, self.total
                else:
                    rule, t = FREE, 0
                add(self.hands[i], gens, Unit(sorted(gens), rule, t), (0, i))
            elif self.out[i]:
                gens = og[i] if og is not None else [0] * len(self.out[i])
                t = self.out_total[i]
                unit = (
                    Unit(sorted(gens), STUCK, t)
                    if 0 <= t <= MAX_TOTAL
                    else Unit(sorted(gens), FREE, 0)
                )
                add(self.out[i], gens, unit, (1, i))
        if self.draw:
            gens = [self.rebuilds] * len(self.draw)
            add(self.draw, gens, Unit(gens, FREE, 0), (2, -1))
        dealt = redeal(units, pools, self.game.counts[ONO], r)
        for (where, i), unit, cards in zip(places, units, dealt, strict=True):
            if where == 2:
                self.draw = cards
                continue
            pairs = sorted(zip(cards, unit.slots, strict=True))
            kinds = [k for k, _ in pairs]
            if where == 0:
                self.hands[i] = kinds
                if hg is not None:
                    hg[i] = [g for _, g in pairs]
            else:
                self.out[i] = kinds
                if og is not None:
                    og[i] = [g for _, g in pairs]

    # ------------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        return self._dict_with(
            hands=[h[:] for h in self.hands],
            draw=self.draw[:],
            played=self.played[:],
            out=[o[:] for o in self.out],
            alive=self.alive[:],
            out_order=self.out_order[:],
            out_round=self.out_round[:],
            out_total=self.out_total[:],
            out_turn=self.out_turn[:],
            total=self.total,
            direction=self.direction,
            player=self.player,
            play2=self.play2,
            turn=self.turn,
            round=self.round,
            round_left=self.round_left,
            last=None if self.last is None else self.last[:],
            last_player=self.last_player,
            handed=self.handed,
            peak=self.peak[:],
            gens=None
            if self.hgen is None or self.ogen is None
            else {"hands": [g[:] for g in self.hgen], "out": [g[:] for g in self.ogen]},
            rebuilds=self.rebuilds,
            stats={k: v[:] for k, v in self.st.items()},
            history=self.hist[:],
            winner=self.winner_,
            ended_by=self.ended_by,
        )

    @classmethod
    def from_dict(cls, game: Ono99Game, d: Any) -> Ono99State:
        """Rebuild a state from :meth:`to_dict` output, checking that it is a position of this
        game: every card of the deck in exactly one place, seats, totals and counters in range,
        the seat to act in the game and holding a move.

        :raises ValueError: a field out of range or of the wrong type, or cards that do not add
            up (the core turns it into a ``GameOptionError``).
        :raises KeyError: a missing field."""
        n = game.num_players
        s = cls._bare(
            game,
            _int(d["seed"], "seed", 0, (1 << 64) - 1),
            Rng(_int(d["rng"], "rng", 0, (1 << 64) - 1)),
        )
        s.hands = _rows(d["hands"], "hands", n, _card)
        s.draw = _list(d["draw"], "draw", _card)
        s.played = _list(d["played"], "played", _card)
        s.out = _rows(d["out"], "out", n, _card)
        s.alive = _flags(d["alive"], "alive", n)
        s.n_alive = sum(s.alive)
        s.out_order = _list(d["out_order"], "out_order", lambda v, w: _int(v, w, 0, n - 1))
        s.out_round = _seats(d["out_round"], "out_round", n, 0, 1 << 31)
        s.out_total = _seats(d["out_total"], "out_total", n, -1, MAX_TOTAL)
        s.out_turn = _seats(d["out_turn"], "out_turn", n, 0, 1 << 31)
        s.total = _int(d["total"], "total", 0, MAX_TOTAL)
        s.direction = _int(d["direction"], "direction", -1, 1)
        s.player = _int(d["player"], "player", 0, n - 1)
        s.play2 = _int(d["play2"], "play2", 0, 2)
        s.turn = _int(d["turn"], "turn", 0, game.max_turns)
        s.round = _int(d["round"], "round", 1, 1 << 31)
        s.round_left = _int(d["round_left"], "round_left", 0, n)
        last = d["last"]
        if last is None:
            s.last = None
        else:
            if not isinstance(last, list) or len(last) != 3:
                raise ValueError("last must be null or [seat, action, total]")
            s.last = [
                _int(last[0], "last seat", 0, n - 1),
                _int(last[1], "last action", 0, NUM_KINDS - 1),
                _int(last[2], "last total", 0, MAX_TOTAL),
            ]
        s.last_player = _int(d["last_player"], "last_player", -1, n - 1)
        # fields added in version 2 (older states: no knockout credit known, one reshuffle class)
        s.handed = _int(d.get("handed", s.last_player), "handed", -1, n - 1)
        s.peak = _seats(d.get("peak", [s.total] * n), "peak", n, 0, MAX_TOTAL)
        s.rebuilds = _int(d["rebuilds"], "rebuilds", 0, 1 << 31)
        gens = d.get("gens")
        if gens is None:
            s.hgen = s.ogen = None
            if s.rebuilds:
                s.hgen = [[0] * len(h) for h in s.hands]
                s.ogen = [[0] * len(o) for o in s.out]
        else:
            if not isinstance(gens, dict):
                raise ValueError("gens must be null or {hands, out}")

            def gen(v: Any, what: str) -> int:
                return _int(v, what, 0, s.rebuilds)

            s.hgen = _rows(gens["hands"], "gens hands", n, gen)
            s.ogen = _rows(gens["out"], "gens out", n, gen)
            for name, cards, gs in (("hands", s.hands, s.hgen), ("out", s.out, s.ogen)):
                for i in range(n):
                    if len(gs[i]) != len(cards[i]):
                        raise ValueError(f"gens {name}[{i}] does not match {name}[{i}]")
                    pairs = sorted(zip(cards[i], gs[i], strict=True))
                    cards[i] = [k for k, _ in pairs]
                    gs[i] = [g for _, g in pairs]
        stats = d["stats"]
        if not isinstance(stats, dict):
            raise ValueError("stats must be an object")
        s.st = {k: _seats(stats[k], f"stats {k}", n, 0, 1 << 31) for k in _STAT_KEYS}
        s.hist = _list(d["history"], "history", lambda v, w: _int(v, w, 0, NUM_KINDS - 1))
        s.winner_ = _int(d["winner"], "winner", -1, n - 1)
        s.ended_by = d["ended_by"]
        if s.ended_by not in ("", LAST_PLAYER, TURN_LIMIT):
            raise ValueError(f"ended_by {s.ended_by!r} is not '', {LAST_PLAYER} or {TURN_LIMIT}")
        s._legal = None
        s._check()
        return s

    def _check(self) -> None:
        """The invariants of a position (for :meth:`from_dict`). :raises ValueError:"""
        n = self.game.num_players
        every: Counter[int] = Counter(self.draw)
        every.update(self.played)
        for i in range(n):
            every.update(self.hands[i])
            every.update(self.out[i])
        want = Counter({k: c for k, c in enumerate(self.game.counts) if c})
        if every != want:
            extra, missing = every - want, want - every
            parts = []
            if extra:
                parts.append("extra " + " ".join(f"{SHORT[k]} x{c}" for k, c in extra.items()))
            if missing:
                parts.append("missing " + " ".join(f"{SHORT[k]} x{c}" for k, c in missing.items()))
            raise ValueError(
                f"the cards do not add up to this game's deck ({sum(want.values())} cards, "
                f"found {sum(every.values())}): {'; '.join(parts)}"
            )
        if self.direction not in (1, -1):
            raise ValueError(f"direction must be 1 or -1, not {self.direction}")
        for i in range(n):
            if len(self.hands[i]) > HAND_SIZE:
                raise ValueError(f"seat {i} holds {len(self.hands[i])} cards (at most 4)")
            if self.alive[i] and self.out[i]:
                raise ValueError(f"seat {i} is in the game but has cards out of play")
            if not self.alive[i] and self.hands[i]:
                raise ValueError(f"seat {i} left the game but holds cards")
        if sorted(self.out_order) != [i for i in range(n) if not self.alive[i]]:
            raise ValueError("out_order must list exactly the seats that left, once each")
        for i in self.out_order:
            if not 0 <= self.out_total[i] <= MAX_TOTAL:
                raise ValueError(f"seat {i} left the game at no total (out_total)")
        if self.n_alive < 1:
            raise ValueError("no seat is in the game")
        if len(self.hist) != self.turn:
            raise ValueError(f"turn is {self.turn} but the history has {len(self.hist)} moves")
        if self.ended_by == LAST_PLAYER:
            if self.n_alive != 1 or not 0 <= self.winner_ < n or not self.alive[self.winner_]:
                raise ValueError("a game won by the last player left needs that one winner")
        elif self.ended_by == TURN_LIMIT:
            if self.winner_ != -1:
                raise ValueError("a game stopped by the turn limit has no winner")
        else:
            if self.winner_ != -1:
                raise ValueError("a game still going has no winner")
            if self.n_alive < 2:
                raise ValueError("a game still going needs two seats in it")
            if not self.alive[self.player]:
                raise ValueError(f"seat {self.player} is to play but left the game")
            if not self._can_move(self.player):
                raise ValueError(f"seat {self.player} is to play but holds no move")

    def stats(self) -> dict[str, Any]:
        """Counters for simulation summaries (D18).

        Per seat (lists): ``place`` (1 the winner, n the first to leave; left out for a game
        stopped by the turn limit, a draw, so that mean places count finished games only),
        ``rounds_survived`` (the round the seat left in; the winner's is the last round),
        ``knockouts`` (seats that left when this seat had handed them the turn, D18),
        ``cards_played``, ``minus10s``, ``reverses``, ``play2s``, ``strike_backs`` (a Reverse
        answering a Play 2), ``passes`` (a Play 2 answering a Play 2), ``exchanges``. Numbers:
        ``round_of_elimination_<k>`` (the round of the k-th player to leave, k = 1..n-1),
        ``rounds``, ``rebuilds``. Category: ``ended_by`` (``last_player`` or ``turn_limit``).
        Game length is not repeated here: a turn is one action, so the summary's ``actions``
        is the number of turns.
        """
        n = self.game.num_players
        d: dict[str, Any] = {}
        if self.winner_ >= 0:
            d["place"] = [n - self.out_order.index(i) if not self.alive[i] else 1 for i in range(n)]
        d["rounds_survived"] = [
            self.out_round[i] if not self.alive[i] else self.round for i in range(n)
        ]
        d.update({k: v[:] for k, v in self.st.items()})
        d.update(rounds=self.round, rebuilds=self.rebuilds, ended_by=self.ended_by)
        # last: a game stopped early has fewer of them, and a summary lists keys in the order
        # it first meets them
        for k, q in enumerate(self.out_order, 1):
            d[f"round_of_elimination_{k}"] = self.out_round[q]
        return d

    def card_counts(self) -> dict[str, list[int]]:
        """Every card by place (for invariant tests): place -> list of kinds. Places:
        ``hand<i>``, ``out<i>``, ``draw``, ``played``."""
        where: dict[str, list[int]] = {}
        for i in range(self.game.num_players):
            where[f"hand{i}"] = self.hands[i][:]
            where[f"out{i}"] = self.out[i][:]
        where["draw"] = self.draw[:]
        where["played"] = self.played[:]
        return where

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self.observation(None if self.ended_by else self.player))

    def __repr__(self) -> str:
        return (
            f"<Ono99State turn={self.turn} player={self.current_player()} "
            f"total={self.total} direction={self.direction} play2={self.play2} "
            f"in_game={self.alive}>"
        )


# --------------------------------------------------------------------------- from_dict checks
def _int(v: Any, what: str, lo: int, hi: int) -> int:
    if v.__class__ is not int:
        raise ValueError(f"{what} must be a whole number, not {v!r}")
    if not lo <= v <= hi:
        raise ValueError(f"{what} must be within {lo}..{hi}, not {v}")
    return int(v)


def _card(v: Any, what: str) -> int:
    if v.__class__ is not int or not 0 <= v < NUM_KINDS:
        raise ValueError(f"{what}: {v!r} is not an ONO 99 card kind (0-{NUM_KINDS - 1})")
    return int(v)


def _list(v: Any, what: str, item: Any) -> list[int]:
    if not isinstance(v, list):
        raise ValueError(f"{what} must be a list")
    return [item(x, what) for x in v]


def _rows(v: Any, what: str, n: int, item: Any) -> list[list[int]]:
    if not isinstance(v, list) or len(v) != n:
        raise ValueError(f"{what} must be a list of {n} lists, one per seat")
    return [_list(x, f"{what}[{i}]", item) for i, x in enumerate(v)]


def _seats(v: Any, what: str, n: int, lo: int, hi: int) -> list[int]:
    if not isinstance(v, list) or len(v) != n:
        raise ValueError(f"{what} must be a list of {n} numbers, one per seat")
    return [_int(x, what, lo, hi) for x in v]


def _flags(v: Any, what: str, n: int) -> list[bool]:
    if not isinstance(v, list) or len(v) != n or any(x.__class__ is not bool for x in v):
        raise ValueError(f"{what} must be a list of {n} true/false values")
    return list(v)


__all__ = ["HAND_SIZE", "LAST_PLAYER", "TURN_LIMIT", "Ono99State"]
