"""The 99 Heroes state: the position and the protocol; pure rules, no I/O.

Implements 99 Heroes rulebook with the readings in ``docs/rules/heroes99.md``
(decisions H1-H24). A game has two phases:

* **pick** (``§ Setup``): each seat in turn places its heroes face-down, one action per hero
  (``bastion@2``); nobody sees another seat's heroes until every seat has placed all of them
  (H3). Then the heroes are revealed together and a random seat goes first (H4).
* **play** (``§ Gameplay``): turns of upkeep (abilities), draw, play a card, activate a skill
  (optional), end (abilities), then a Bonus Turn if one was earned (H17).

A turn is a queue of *tasks* (``queue``, typed records of ``effects.py``: upkeep, draw, play,
end, finish; a played card adds its skill step and the abilities it triggers; an activated
skill adds one task per effect). Tasks run until one needs a decision (``pending``); the
decision's action resumes them. Both are public and part of the observation, so a bot can
rebuild the position from its observation (:meth:`HeroesState.from_observation`), which is
also how :meth:`resample` works: a resampled state depends on nothing but the seat's
observation.

The package's other rules modules, each a line a reader can name:

| module | what |
| --- | --- |
| ``effects.py`` | the typed records: tasks, effect progress, pending decisions, Clash |
| ``turn.py`` | setup's placements, the steps of a turn, abilities, the end |
| ``interpreter.py`` | what each effect word does, its choices |
| ``observation.py`` | what a seat sees; a position rebuilt from it |
| ``serialize.py`` | the state as JSON and back |
| ``rules.py`` | Strength, lane points, room for a card, targets |
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ninetynine.core.engine import EngineState
from ninetynine.core.errors import NotationError
from ninetynine.core.game import TERMINAL
from ninetynine.core.rng import Rng, as_rng
from ninetynine.core.util import accept_action

from . import interpreter, observation, serialize, turn
from . import rules as R
from .cards import NUM_CARDS, format_card, parse_card
from .effects import (
    NO_DRAW,
    NO_PLAY,
    OVER,
    PHASE_NAMES,
    PICK,
    PLAY,
    SECRET_BOLSTER,
    SECRET_CLASH,
    SECRET_PICK,
    Clash,
    LaneResult,
    Pending,
    Task,
    copy_clash,
    copy_pending,
    copy_task,
)
from .serialize import STAT_KEYS

if TYPE_CHECKING:
    from .game import HeroesGame

HAND_SIZE = 6


class HeroesState(EngineState):
    """A 99 Heroes position. Build one with ``game.new_initial_state(seed)``."""

    __slots__ = (
        "_legal",
        "ace",
        "active",
        "bknown",
        "bolsters",
        "bonus_earned",
        "bonus_turn",
        "clash",
        "decks",
        "discards",
        "end_seat",
        "ended_by",
        "events",
        "first",
        "game",
        "hands",
        "heroes",
        "hist",
        "lane_result",
        "last",
        "pending",
        "phase",
        "player",
        "queue",
        "removed",
        "revealed",
        "rng",
        "rules",
        "secret",
        "seed",
        "st",
        "turn",
        "winner_",
    )
    serialization = serialize

    game: HeroesGame
    rules: tuple[dict[str, Any], ...]
    ace: int
    phase: int
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    removed: list[list[int]]
    heroes: list[list[int]]
    active: list[list[list[int]]]
    bolsters: list[list[list[int]]]
    bknown: list[list[list[bool]]]
    lane_result: list[LaneResult | None]
    revealed: bool
    first: int
    player: int
    turn: int
    bonus_turn: bool
    bonus_earned: bool
    queue: list[Task]
    pending: Pending | None
    clash: Clash | None
    #: ``[history index, seat, kind]`` of each secret move not yet revealed (H3, H12, H16).
    secret: list[list[int]]
    last: list[Any] | None
    events: list[dict[str, Any]]
    st: dict[str, list[int]]
    ended_by: str
    end_seat: int

    # ------------------------------------------------------------------ construction
    @classmethod
    def _blank(cls, game: HeroesGame) -> HeroesState:
        s = object.__new__(cls)
        n, L = game.num_players, game.lanes
        s.game = game
        s.rules = game.hero_rules
        s.ace = game.ace
        s.hands = [[] for _ in range(n)]
        s.decks = [[] for _ in range(n)]
        s.discards = [[] for _ in range(n)]
        s.removed = [[] for _ in range(n)]
        s.heroes = [[-1] * L for _ in range(n)]
        s.active = [[[] for _ in range(L)] for _ in range(n)]
        s.bolsters = [[[] for _ in range(L)] for _ in range(n)]
        s.bknown = [[[] for _ in range(L)] for _ in range(n)]
        s.lane_result = [None] * L
        s.revealed = False
        s.first = 0
        s.player = 0
        s.turn = 0
        s.bonus_turn = False
        s.bonus_earned = False
        s.queue = []
        s.pending = None
        s.clash = None
        s.hist = []
        s.secret = []
        s.last = None
        s.events = []
        s.st = {k: [0] * n for k in STAT_KEYS}
        s.winner_ = -1
        s.ended_by = ""
        s.end_seat = -1
        s.phase = PICK
        s._legal = None
        return s

    @classmethod
    def new(cls, game: HeroesGame, seed: int | None) -> HeroesState:
        """Setup (``§ Setup``, H1-H4): each seat shuffles its own 52 cards and draws 6; the
        first player is drawn now and revealed with the heroes; seat 0 places first."""
        s = cls._blank(game)
        rng = Rng(seed)
        s.seed = rng.getstate()
        s.rng = rng
        for p in range(game.num_players):
            deck = list(range(NUM_CARDS))
            rng.shuffle(deck)
            s.hands[p] = sorted(deck[-HAND_SIZE:])
            s.decks[p] = deck[:-HAND_SIZE]
        s.first = rng.randbelow(game.num_players)
        s.pending = {"kind": "pick", "seat": 0}
        return s

    def clone(self) -> HeroesState:
        s = self._clone_base()
        s.rules = self.rules
        s.ace = self.ace
        s.phase = self.phase
        s.hands = [h[:] for h in self.hands]
        s.decks = [d[:] for d in self.decks]
        s.discards = [d[:] for d in self.discards]
        s.removed = [d[:] for d in self.removed]
        s.heroes = [h[:] for h in self.heroes]
        s.active = [[x[:] for x in row] for row in self.active]
        s.bolsters = [[x[:] for x in row] for row in self.bolsters]
        s.bknown = [[x[:] for x in row] for row in self.bknown]
        s.lane_result = self.lane_result[:]  # entries never mutated once set
        s.revealed = self.revealed
        s.first = self.first
        s.player = self.player
        s.turn = self.turn
        s.bonus_turn = self.bonus_turn
        s.bonus_earned = self.bonus_earned
        s.queue = [copy_task(t) for t in self.queue]
        s.pending = copy_pending(self.pending)
        s.clash = copy_clash(self.clash)
        s.secret = [x[:] for x in self.secret]
        s.last = self.last
        s.events = self.events  # never mutated once set
        s.st = {k: v[:] for k, v in self.st.items()}
        s.ended_by = self.ended_by
        s.end_seat = self.end_seat
        return s

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        if self.phase == OVER or self.pending is None:
            return TERMINAL
        return int(self.pending["seat"])

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def known_history(self, player: int | None) -> list[int | None]:
        """The history with the moves ``player`` has not seen as ``None`` (H3, H12, H16): the
        other seats' heroes placed face-down (until the reveal), their cards chosen for a Clash
        (until it is settled) and their cards bolstered from the hand (until the game ends)."""
        out: list[int | None] = list(super().known_history(player))
        for i, q, _ in self.secret:
            if q != player:
                out[i] = None
        return out

    def points(self) -> list[int]:
        """Points per seat now (``§ Scoring a Lane``): resolved lanes as tallied, the others as
        if the game ended now; all 0 before the heroes are revealed."""
        out = [0] * self.game.num_players
        for pts in self._every_lane_points():
            for q, v in enumerate(pts):
                out[q] += v
        return out

    def _every_lane_points(self) -> list[list[int]]:
        """Each lane's points per seat (:meth:`_lane_points`; resolved lanes as tallied); no
        lane before the heroes are revealed."""
        if not self.revealed:
            return []
        return [self._lane_points(ln) for ln in range(self.game.lanes)]

    def total_strength(self) -> list[int]:
        """Strength per seat summed over every lane (resolved lanes as tallied): the tie-break
        (H7)."""
        n = self.game.num_players
        out = [0] * n
        for ln in range(self.game.lanes):
            res = self.lane_result[ln]
            for q in range(n):
                out[q] += res["strength"][q] if res is not None else R.strength(self, q, ln)
        return out

    def scores(self) -> list[float]:
        """Points per seat (:meth:`points`): final at the end, as things stand before."""
        return [float(x) for x in self.points()]

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.phase != OVER or self.winner_ < 0:
            return [0.0] * n
        return [1.0 if i == self.winner_ else -1.0 for i in range(n)]

    def lanes_won(self) -> list[int]:
        """Lanes won per seat (``§ Overview``: "The player who wins more lanes"): a lane is
        won by the seat alone with the most points in it (resolved lanes as tallied); a lane
        where nobody scores or the most points are shared is won by nobody (H7)."""
        won = [0] * self.game.num_players
        for lp in self._every_lane_points():
            best = max(lp)
            if best > 0 and lp.count(best) == 1:
                won[lp.index(best)] += 1
        return won

    # ------------------------------------------------------------------ notation
    def action_to_string(self, action: int) -> str:
        """The move in notation (``actions.py``): ``bastion@2``, ``7H>2``, ``skill1``,
        ``pass``, ``s1L2``, ``7H``, ``7H@s1L2``, ``lane2``, ``order1`` ..."""
        lay = self.game.layout
        kind, x = lay.decode(action)
        card = None
        if kind == "active":
            q, ln, pos = x
            cards = [c % NUM_CARDS for c in self.active[q][ln]]
            if pos < len(cards) and cards.index(cards[pos]) == pos:
                card = cards[pos]
        return lay.to_string(action, self.game.roster.ids, card)

    def public_action_string(self, action: int) -> str:
        """The move as the other seats see it: a hidden choice (a hero placed face-down, a
        card chosen for a Clash or bolstered from the hand) shows as what it is, not as which
        (H3, H12, H16)."""
        if self._is_hidden(action):
            kind = self.pending["kind"] if self.pending else ""
            if kind == "pick":
                return "hero-placed"
            step = self.pending.get("step") if self.pending else ""
            return "card-chosen" if step == "clash" else "card-bolstered"
        return self.action_to_string(action)

    def _is_hidden(self, action: int) -> bool:
        p = self.pending
        if p is None:
            return False
        if p["kind"] == "pick":
            return True
        return p["kind"] == "choose" and p["step"] in ("clash", "bolster_hand")

    def string_to_action(self, text: str) -> int:
        """Parse a move (forgiving about case and spaces; ``7h on 2``, ``Bastion in 1``).

        :raises NotationError: not a move."""
        lay = self.game.layout
        kind, x = lay.parse(text, self.game.roster.find, parse_card)
        if kind != "active_card":
            return lay.encode(kind, x)
        q, ln, c = x
        cards = [code % NUM_CARDS for code in self.active[q][ln]]
        if c not in cards:
            raise NotationError(
                f"{text!r}: seat {q}'s hero in lane {ln + 1} has no active {format_card(c)}"
            )
        return lay.active_id(q, ln, cards.index(c))

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self) -> list[int]:
        p = self.pending
        if self.phase == OVER or p is None:
            return []
        lay = self.game.layout
        q = p["seat"]
        if p["kind"] == "pick":
            taken = set(self.heroes[q])
            return sorted(
                lay.pick_id(h, ln)
                for h in range(len(self.game.roster))
                if h not in taken
                for ln in range(self.game.lanes)
                if self.heroes[q][ln] < 0
            )
        if p["kind"] == "play":
            lanes = turn.playable(self, q)
            return sorted(lay.play_id(c, ln) for c in set(self.hands[q]) for ln in lanes)
        if p["kind"] == "skill":
            return sorted([lay.skill + k for k in p["skills"]] + [lay.pass_])
        if p["kind"] == "use":
            return [lay.pass_, lay.use]
        if p["kind"] == "bonus":
            return [lay.pass_, lay.bonus]
        if p["kind"] == "order":
            return [lay.order + k for k in range(len(p["items"]))]
        return sorted(interpreter.options(self, p))

    # ------------------------------------------------------------------ applying
    def apply_action(self, action: int) -> None:
        action = accept_action(self, action)
        p = self.pending
        assert p is not None
        seat = p["seat"]
        hidden = self._is_hidden(action)
        self._legal = None
        self.hist.append(action)
        if hidden:
            self.secret.append([len(self.hist) - 1, seat, _secret_kind(p)])
        self.events = []
        self.last = [seat, None if hidden else action]
        self.pending = None
        kind, x = self.game.layout.decode(action)
        if p["kind"] == "pick":
            turn.pick(self, seat, x[0], x[1])
            return
        if p["kind"] == "play":
            turn.play(self, seat, x[0], x[1])
        elif p["kind"] == "skill":
            if kind == "skill":
                turn.activate(self, seat, p["lane"], x[0])
            else:
                self.events.append({"type": "skill_passed", "seat": seat})
        elif p["kind"] == "use":
            turn.use(self, p, kind == "use")
        elif p["kind"] == "bonus":
            if kind == "bonus":
                turn.begin_turn(self, seat, True)
            else:
                self.events.append({"type": "bonus_declined", "seat": seat})
                turn.begin_turn(self, (seat + 1) % self.game.num_players, False)
        elif p["kind"] == "order":
            turn.order(self, p, x[0])
        else:
            interpreter.apply_choice(self, p, x)
        turn.run(self)

    # ------------------------------------------------------------------ position helpers
    def _draw(self, p: int, k: int) -> int:
        """Seat ``p`` draws ``k`` cards (fewer if its deck runs short); how many it drew."""
        deck = self.decks[p]
        k = min(k, len(deck))
        for _ in range(k):
            self.hands[p].append(deck.pop())
        if k:
            self.hands[p].sort()
        return k

    def _lane_points(self, ln: int) -> list[int]:
        """Points per seat from lane ``ln``: as tallied if resolved, else as things stand."""
        res = self.lane_result[ln]
        return list(res["points"]) if res is not None else R.lane_points(self, ln)

    def _lane_of(self, q: int, h: int) -> int:
        """The lane of seat ``q``'s hero ``h``; -1 if it is not in play."""
        try:
            return self.heroes[q].index(h)
        except ValueError:
            return -1

    def _hid(self, h: int) -> str | None:
        return self.game.roster.heroes[h].id if h >= 0 else None

    def _why_illegal(self, action: Any) -> str:
        return turn.why_illegal(self, action)

    # ------------------------------------------------------------------ views
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (``None``: a spectator). JSON-able (H3, H12, H16, H19).

        Public fields: ``game``, ``num_players``, ``player``, ``current_player``, ``phase``
        (``pick``, ``play``, ``over``), ``lanes``, ``turn``, ``turn_player``, ``first_player``
        (-1 until the heroes are revealed), ``bonus_turn``, ``bonus_earned``,
        ``picks_made`` (heroes placed per seat), ``heroes`` (``[seat][lane]`` hero id, ``None``
        before the reveal or once the lane is resolved), ``active`` (``[seat][lane]`` owned
        card codes ``owner * 52 + card``, in play order), ``bolsters`` (``[seat][lane]`` a
        ``[owner, from_hand]`` pair per bolster: the card is hidden), ``strength``
        (``[seat][lane]``), ``lane_points`` (``[lane][seat]``), ``lane_result`` (per lane
        ``None`` or the tally of a resolved lane: ``points``, ``strength``, ``heroes``),
        ``points``, ``hand_sizes``, ``deck_sizes``, ``discards`` (per owner, oldest first),
        ``removed`` (cards of resolved lanes, per owner), ``pending`` (the decision asked now:
        ``kind`` pick / play / skill / use / bonus / order / choose, ``seat``, and its
        context), ``queue`` (the tasks still to run this turn), ``clash`` (``None`` or
        ``{actor, seats, chosen}``: who has chosen, not what), ``last`` (``{seat, action}``;
        ``action`` is ``None`` for a hidden choice), ``events``, ``winner``, ``ended_by``,
        ``end_seat``.

        Private fields (a seat's own view only): ``hand``; ``my_heroes`` (its own placements
        before the reveal); ``my_bolsters`` (``[seat, lane, index, card]`` of the bolsters it
        put there from its hand); ``my_clash`` (the card it chose for the Clash, until
        revealed). Never another seat's hand or pending choice, a deck's order, a card bolstered
        from a deck, or the RNG.
        """
        return observation.observe(self, player)

    def resample(self, player: int | None, rng: Rng | int | None) -> HeroesState:
        """A state that looks the same to ``player`` with everything it cannot see re-dealt
        (other hands, every deck's order, bolsters from a deck, another seat's bolsters from
        hand and Clash choice, heroes placed face-down by others, the first player before the
        reveal), built from ``player``'s observation alone (:meth:`from_observation`); the
        history and counters are kept, the RNG and ``seed`` are new (H19).

        :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
        obs = self.observation(player)
        s = HeroesState.from_observation(self.game, obs, as_rng(rng))
        # the moves ``player`` has not seen are not passed on: -1 stands for each (a
        # determinization is searched forwards, never replayed)
        s.hist = [-1 if a is None else a for a in self.known_history(player)]
        s.secret = [x[:] for x in self.secret]
        s.st = {k: v[:] for k, v in self.st.items()}
        return s

    @classmethod
    def from_observation(cls, game: HeroesGame, obs: Mapping[str, Any], rng: Rng) -> HeroesState:
        """A full state consistent with ``obs`` (a ``state.observation(p)``), every card and
        choice the seat cannot see drawn at random from ``rng``: a determinization
        (``observation.fill_from_observation``). The result depends only on ``obs`` and
        ``rng``."""
        s = cls._blank(game)
        observation.fill_from_observation(s, obs, rng)
        return s

    # ------------------------------------------------------------------ serialisation
    @classmethod
    def from_dict(cls, game: HeroesGame, d: Mapping[str, Any]) -> HeroesState:
        """:raises ValueError: a field of the wrong kind or a shape no game can reach."""
        s = cls._blank(game)
        serialize.load(s, d)
        return s

    # ------------------------------------------------------------------ counting
    def card_counts_by_owner(self) -> list[list[int]]:
        """Every card of each seat, wherever it is (hand, deck, discard pile, removed, on a
        hero, bolster, chosen for a Clash): the invariant is 52 distinct cards per seat."""
        n = self.game.num_players
        out: list[list[int]] = [[] for _ in range(n)]
        for q in range(n):
            out[q] += self.hands[q] + self.decks[q] + self.discards[q] + self.removed[q]
        for row in self.active + self.bolsters:
            for cards in row:
                for code in cards:
                    out[code // NUM_CARDS].append(code % NUM_CARDS)
        if self.clash is not None:
            for r, c in enumerate(self.clash["cards"]):
                if c is not None and c >= 0:
                    out[r].append(c)
        return out

    def stats(self) -> dict[str, Any]:
        """Counters for simulation summaries.

        Per seat (lists): ``points``, ``lanes_won`` (lanes where the seat scored most),
        ``strength`` (summed over the lanes), ``cards_played``, ``skills_used``, ``bolsters``,
        ``shifts``, ``swaps``, ``discards`` (cards discarded by the seat's effects),
        ``clashes_won``, ``clashes_lost``, ``lanes_resolved``, ``bonus_turns``,
        ``turns_taken``. ``heroes``: per seat the list of its hero ids (the simulation's hero
        table: pick rate and win rate per hero). Numbers: ``turns``, ``actions``. Category:
        ``ended_by`` (``no_draw``, ``no_play``).
        """
        n = self.game.num_players
        pts = self.points()
        won = self.lanes_won()
        picked = []
        for q in range(n):
            ids = [self._hid(h) for h in self.heroes[q] if h >= 0]
            ids += [r["heroes"][q] for r in self.lane_result if r is not None and r["heroes"][q]]
            picked.append(sorted(x for x in ids if x))
        d: dict[str, Any] = {"points": pts, "lanes_won": won, "strength": self.total_strength()}
        d.update({k: v[:] for k, v in self.st.items()})
        d["heroes"] = picked
        d.update(turns=self.turn, actions=len(self.hist), ended_by=self.ended_by or "unfinished")
        return d

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self.observation(None), game=self.game)

    def __repr__(self) -> str:
        return (
            f"<HeroesState turn={self.turn} phase={PHASE_NAMES[self.phase]} "
            f"player={self.current_player()} points={self.points()}>"
        )


def _secret_kind(pending: Pending) -> int:
    """The kind of secret move a hidden choice at ``pending`` is (see ``_is_hidden``)."""
    if pending["kind"] == "pick":
        return SECRET_PICK
    return SECRET_CLASH if pending.get("step") == "clash" else SECRET_BOLSTER


__all__ = ["HAND_SIZE", "NO_DRAW", "NO_PLAY", "OVER", "PICK", "PLAY", "HeroesState"]
