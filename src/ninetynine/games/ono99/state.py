"""The ONO 99 state: pure rules, no I/O.

Implements ``004_69530accaedd5eb3.txt`` (§ Playing a Card, § Setup, § How to Play, § Hints,
§ Special Cards) with the readings recorded in ``docs/rules/ono99.md`` (decisions D1-D20).

Cards are kinds 0..14 (``cards.py``); action ids are in ``actions.py``; the total arithmetic is
in ``rules.py``. A turn is exactly one action (play a card, or exchange four ONO cards); a
player who cannot play leaves the game automatically at the start of their turn (D5), so a
non-terminal state always has a legal action.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from ninetynine.core.errors import IllegalActionError, NotationError
from ninetynine.core.game import TERMINAL, State
from ninetynine.core.rng import Rng, as_rng
from ninetynine.core.util import as_action_id

from . import actions as A
from .cards import MINUS10, NAMES, NUM_KINDS, ONO, PLAY2, REVERSE, SHORT
from .rules import NEXT, PLAYABLE, declared, why_unplayable

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


class Ono99State(State):
    """An ONO 99 position. Build one with ``game.new_initial_state(seed)``."""

    __slots__ = (
        "_legal",
        "alive",
        "direction",
        "draw",
        "ended_by",
        "game",
        "hands",
        "hist",
        "last",
        "last_player",
        "n_alive",
        "out",
        "out_order",
        "out_round",
        "out_total",
        "out_turn",
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
        s = object.__new__(cls)
        rng = Rng(seed)
        s.seed = rng.getstate()
        s.rng = rng
        s.game = game
        n = game.num_players
        deck = [k for k in range(NUM_KINDS) for _ in range(game.counts[k])]
        rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for i in range(n):
                hands[i].append(deck.pop())
        s.hands = [sorted(h) for h in hands]
        s.draw = deck
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

    def history(self) -> list[int]:
        return self.hist[:]

    def scores(self) -> list[float]:
        """Per seat, how many seats it has outlasted so far: a seat that left is scored by
        how many left before it; a seat still in by how many have left (the winner: n-1)."""
        gone = len(self.out_order)
        return [
            float(gone if self.alive[i] else self.out_order.index(i))
            for i in range(self.game.num_players)
        ]

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.winner_ < 0:
            return [0.0] * n
        return [1.0 if i == self.winner_ else -1.0 for i in range(n)]

    def winner(self) -> int | None:
        return self.winner_ if self.winner_ >= 0 else None

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

    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]

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
        if action.__class__ is not int:
            a = as_action_id(action)  # 5.0 and True are not action ids
            if a is None:
                raise IllegalActionError(self._why_illegal(action))
            action = a
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            raise IllegalActionError(self._why_illegal(action))
        self._legal = None
        self.hist.append(action)
        self.turn += 1
        p = self.player
        owed = self.play2
        st = self.st
        hand = self.hands[p]
        if action == _EXCHANGE:
            # § 99 Card (Ono Card): all four at once for new cards; the turn passes (D9).
            k = self.game.counts[ONO]
            del hand[len(hand) - k :]  # sorted: the ONO cards (kind 14) are last
            self.played[0:0] = [ONO] * k  # under the played pile, face up (D9)
            st["exchanges"][p] += 1
            self.last = [p, action, self.total]
            self._draw(p, k)
            nxt, owe = (p, 1) if owed == 2 else (self._next_alive(p), 0)
        else:
            hand.remove(action)
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
        """Give the turn to ``q`` (owing ``owe`` Play 2 turns); a player who cannot play leaves
        the game at once and the next player takes a normal turn (D5, D13)."""
        if self.turn >= self.game.max_turns:
            self._finish(-1, TURN_LIMIT)
            return
        while not self._can_move(q):
            self._eliminate(q)
            if self.n_alive == 1:
                self._finish(self._next_alive(q), LAST_PLAYER)
                return
            q = self._next_alive(q)
            owe = 0  # § Play 2 Card: the next player does not take it over
        self.player = q
        self.play2 = owe
        self._legal = None

    def _eliminate(self, q: int) -> None:
        """§ How to Play / § Hints: the player leaves; their hand goes face down, out of play
        for the rest of the game (D7)."""
        self.out[q] = self.hands[q]
        self.hands[q] = []
        self.alive[q] = False
        self.n_alive -= 1
        self.out_order.append(q)
        self.out_round[q] = self.round
        self.out_total[q] = self.total
        self.out_turn[q] = self.turn
        lp = self.last_player
        if lp >= 0 and lp != q:
            self.st["knockouts"][lp] += 1
        if self.n_alive > 1:  # the game goes on: the round counts the slot
            self._use_slot()

    def _finish(self, winner: int, why: str) -> None:
        self.winner_ = winner
        self.ended_by = why
        self.play2 = 0
        self._legal = None

    def _draw(self, p: int, k: int) -> None:
        """Draw ``k`` cards, rebuilding an empty draw pile from the played cards (D8); with
        nothing left to draw the hand stays short (D14)."""
        hand = self.hands[p]
        draw = self.draw
        for _ in range(k):
            if not draw:
                self._rebuild()
                draw = self.draw
                if not draw:
                    return
            insort(hand, draw.pop())

    def _rebuild(self) -> None:
        """§ Hints: "shuffle the played-card pile and turn it into a new draw pile"; the top
        card stays on the table unless option ``rebuild=all`` (D8)."""
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
            if not 0 <= player < n:
                raise ValueError(f"no seat {player} in a {n}-player game")
            obs["hand"] = self.hands[player][:]
        return obs

    def resample(self, player: int | None, rng: Rng | int | None) -> Ono99State:
        """A clone in which every card ``player`` cannot see is re-dealt at random: the other
        seats' hands, the face-down cards of other seats that left, and the draw pile. Sizes,
        ``player``'s own cards and the played pile are kept. The seat to act (if another) is
        known to hold a move, so its hand is re-dealt until it has one (D16). The clone's RNG
        is re-seeded from ``rng``, and it gets a new ``seed`` drawn from ``rng`` (keeping the true
        seed would let its holder rebuild the true deal). The result depends only on
        ``player``'s observation and ``rng``.

        :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
        n = self.game.num_players
        if player is not None and (
            isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n
        ):
            raise ValueError(f"no seat {player!r} in a {n}-player game")
        r = as_rng(rng)
        s = self.clone()
        others = [i for i in range(n) if i != player]
        pool: list[int] = list(s.draw)
        for i in others:
            pool.extend(s.hands[i])
            pool.extend(s.out[i])
        # Sorted first, so the re-deal depends only on what ``player`` knows and on ``rng``,
        # never on where the hidden cards really are (a search bot must not tell apart two
        # states its seat cannot).
        pool.sort()
        cur = s.current_player()
        for attempt in range(64):
            r.shuffle(pool)
            k = 0
            for i in others:
                h, o = len(s.hands[i]), len(s.out[i])
                s.hands[i] = sorted(pool[k : k + h])
                s.out[i] = pool[k + h : k + h + o]
                k += h + o
            s.draw = pool[k:]
            if cur in (TERMINAL, player) or s._can_move(cur):
                break
            if attempt == 63:
                s._give_a_move(cur)
        s.seed = r.next_u64()
        s.rng = r.spawn()
        s._legal = None
        return s

    def _give_a_move(self, q: int) -> None:
        """Fallback of :meth:`resample`: swap a card the seat to act can play into its hand
        from the draw pile or another hidden hand (one exists: the real hand had one)."""
        ok = PLAYABLE[self.total]
        for src in [self.draw] + [self.hands[i] for i in range(len(self.hands)) if i != q]:
            for j, k in enumerate(src):
                if ok[k]:
                    hand = self.hands[q]
                    src[j] = hand.pop()
                    insort(hand, k)
                    if src is not self.draw:
                        src.sort()
                    return

    # ------------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        d = self.game.to_dict()
        d.update(
            seed=self.seed,
            rng=self.rng.getstate(),
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
            rebuilds=self.rebuilds,
            stats={k: v[:] for k, v in self.st.items()},
            history=self.hist[:],
            winner=self.winner_,
            ended_by=self.ended_by,
        )
        return d

    @classmethod
    def from_dict(cls, game: Ono99Game, d: Any) -> Ono99State:
        s = object.__new__(cls)
        s.game = game
        s.seed = int(d["seed"])
        s.rng = Rng(int(d["rng"]))
        s.hands = [list(x) for x in d["hands"]]
        s.draw = list(d["draw"])
        s.played = list(d["played"])
        s.out = [list(x) for x in d["out"]]
        s.alive = [bool(x) for x in d["alive"]]
        s.n_alive = sum(s.alive)
        s.out_order = list(d["out_order"])
        s.out_round = list(d["out_round"])
        s.out_total = list(d["out_total"])
        s.out_turn = list(d["out_turn"])
        s.total = int(d["total"])
        s.direction = int(d["direction"])
        s.player = int(d["player"])
        s.play2 = int(d["play2"])
        s.turn = int(d["turn"])
        s.round = int(d["round"])
        s.round_left = int(d["round_left"])
        s.last = None if d["last"] is None else list(d["last"])
        s.last_player = int(d["last_player"])
        s.rebuilds = int(d["rebuilds"])
        s.st = {k: list(d["stats"][k]) for k in _STAT_KEYS}
        s.hist = list(d["history"])
        s.winner_ = int(d["winner"])
        s.ended_by = str(d["ended_by"])
        s._legal = None
        return s

    def stats(self) -> dict[str, Any]:
        """Counters for simulation summaries (D18).

        Per seat (lists): ``place`` (1 the winner, n the first to leave; 0 for every seat of a
        game stopped by the turn limit), ``rounds_survived`` (the round the seat left in; the
        winner's is the last round), ``knockouts`` (seats that left right after this seat's
        card), ``cards_played``, ``minus10s``, ``reverses``, ``play2s``, ``strike_backs``
        (a Reverse answering a Play 2), ``passes`` (a Play 2 answering a Play 2),
        ``exchanges``. Numbers: ``round_of_elimination_<k>`` (the round of the k-th player to
        leave, k = 1..n-1), ``turns``, ``actions``, ``rounds``, ``rebuilds``. Category:
        ``ended_by`` (``last_player`` or ``turn_limit``).
        """
        n = self.game.num_players
        d: dict[str, Any] = {}
        over = self.winner_ >= 0
        d["place"] = [
            (n - self.out_order.index(i) if not self.alive[i] else 1) if over else 0
            for i in range(n)
        ]
        d["rounds_survived"] = [
            self.out_round[i] if not self.alive[i] else self.round for i in range(n)
        ]
        d.update({k: v[:] for k, v in self.st.items()})
        for k, q in enumerate(self.out_order, 1):
            d[f"round_of_elimination_{k}"] = self.out_round[q]
        d.update(
            turns=self.turn,
            actions=len(self.hist),
            rounds=self.round,
            rebuilds=self.rebuilds,
            ended_by=self.ended_by,
        )
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
            f"<Ono99State seed={self.seed} turn={self.turn} player={self.current_player()} "
            f"total={self.total} direction={self.direction} play2={self.play2} "
            f"in_game={self.alive}>"
        )


__all__ = ["HAND_SIZE", "LAST_PLAYER", "TURN_LIMIT", "Ono99State"]
