"""The ONO 99 state: the position and the protocol; pure rules, no I/O.

Implements ONO 99 rulebook (§ Playing a Card, § Setup, § How to Play, § Hints,
§ Special Cards) with the readings recorded in ``docs/rules/ono99.md`` (decisions D1-D20).

Cards are kinds 0..14 (``cards.py``); action ids are in ``actions.py``; the total arithmetic is
in ``rules.py``; what the table knows about hidden cards (for ``resample``) in
``knowledge.py``. A turn is exactly one action (play a card, or exchange four ONO cards); a
player who cannot play leaves the game automatically, at the start of their turn or (option
``leave=now``) as soon as no card fits (D5), so a non-terminal state always has a legal action.

The other rules modules, each a line a reader can name: ``turn.py`` (a turn's card and what it
does, the next turn, leaving, the end), ``observation.py`` (what a seat sees, a re-dealt state
for search), ``serialize.py`` (the state as JSON and back, checked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core.cloning import CloneFields
from ninetynine.core.engine import EngineState
from ninetynine.core.errors import NotationError
from ninetynine.core.game import TERMINAL
from ninetynine.core.rng import Rng
from ninetynine.core.util import accept_action, as_action_id, deal_hands

from . import actions as A
from . import observation, serialize, turn
from .cards import NAMES, ONO, SHORT
from .rules import PLAYABLE, declared, why_unplayable
from .serialize import STAT_KEYS
from .turn import HAND_SIZE, LAST_PLAYER, TURN_LIMIT

if TYPE_CHECKING:
    from .game import Ono99Game

_EXCHANGE = A.EXCHANGE


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
    serialization = serialize
    clone_fields = CloneFields(
        rows="hands out",
        lists="draw played alive out_order out_round out_total out_turn peak",
        shared="n_alive total direction player play2 turn round round_left last last_player"
        " handed rebuilds ended_by",
        rows_or_none="hgen ogen",
        counters="st",
    )

    game: Ono99Game
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
    ended_by: str

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
        s.st = {k: [0] * n for k in STAT_KEYS}
        s.hist = []
        s.winner_ = -1
        s.ended_by = ""
        s._legal = None
        turn.begin_turn(s, 0, 0)
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
        turn.take_turn(self, action)

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
        return observation.observe(self, player)

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
        return observation.resample(self, player, rng)

    # ------------------------------------------------------------------ serialisation
    @classmethod
    def from_dict(cls, game: Ono99Game, d: Any) -> Ono99State:
        """Rebuild a state from :meth:`to_dict` output, checking that it is a position of this
        game: every card of the deck in exactly one place, seats, totals and counters in range,
        the seat to act in the game and holding a move.

        :raises ValueError: a field out of range or of the wrong type, or cards that do not add
            up (the core turns it into a ``GameOptionError``).
        :raises KeyError: a missing field."""
        seed, rng = serialize.seed_and_rng(d)
        s = cls._bare(game, seed, rng)
        serialize.load(s, d)
        return s

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


__all__ = ["HAND_SIZE", "LAST_PLAYER", "TURN_LIMIT", "Ono99State"]
