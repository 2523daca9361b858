"""The 99 Heroes state: pure rules, no I/O.

Implements 99 Heroes rulebook with the readings in ``docs/rules/heroes99.md``
(decisions H1-H24). A game has two phases:

* **pick** (``§ Setup``): each seat in turn places its heroes face-down, one action per hero
  (``bastion@2``); nobody sees another seat's heroes until every seat has placed all of them
  (H3). Then the heroes are revealed together and a random seat goes first (H4).
* **play** (``§ Gameplay``): turns of upkeep (abilities), draw, play a card, activate a skill
  (optional), end (abilities), then a Bonus Turn if one was earned (H17).

A turn is a queue of *tasks* (``queue``: upkeep, draw, play, end, finish; a played card adds
its skill step and the abilities it triggers; an activated skill adds one task per effect).
Tasks run until one needs a decision (``pending``); the decision's action resumes them. Both
are public and part of the observation, so a bot can rebuild the position from its
observation (:meth:`HeroesState.from_observation`), which is also how :meth:`resample` works:
a resampled state depends on nothing but the seat's observation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ninetynine.core.engine import EngineState
from ninetynine.core.game import TERMINAL
from ninetynine.core.rng import Rng, as_rng
from ninetynine.core.util import accept_action, as_action_id, check_seat, redeal_hidden

from . import rules as R
from .actions import MAX_ACTIVE_POS, MAX_ORDER
from .cards import NUM_CARDS, RANK, SUIT, clash_rank, format_card, owned

if TYPE_CHECKING:
    from .game import HeroesGame
    from .roster import Effect

HAND_SIZE = 6
PICK, PLAY, OVER = 0, 1, 2
PHASE_NAMES = ("pick", "play", "over")
#: Kinds of secret move (``HeroesState.secret``): a hero placed face-down, a card chosen for
#: a Clash, a card bolstered from the hand.
SECRET_PICK, SECRET_CLASH, SECRET_BOLSTER = 0, 1, 2
#: ``ended_by``: a player (``end_seat``) could not draw / could not play (H6).
NO_DRAW, NO_PLAY = "no_draw", "no_play"

_STAT_KEYS = (
    "cards_played",
    "skills_used",
    "bolsters",
    "shifts",
    "swaps",
    "discards",
    "clashes_won",
    "clashes_lost",
    "lanes_resolved",
    "bonus_turns",
    "turns_taken",
)


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
        "seed",
        "st",
        "turn",
        "winner_",
    )

    game: HeroesGame
    seed: int
    rng: Rng
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
    lane_result: list[dict[str, Any] | None]
    revealed: bool
    first: int
    player: int
    turn: int
    bonus_turn: bool
    bonus_earned: bool
    queue: list[list[Any]]
    pending: dict[str, Any] | None
    clash: dict[str, Any] | None
    hist: list[int]
    #: ``[history index, seat, kind]`` of each secret move not yet revealed (H3, H12, H16).
    secret: list[list[int]]
    last: list[Any] | None
    events: list[dict[str, Any]]
    st: dict[str, list[int]]
    winner_: int
    ended_by: str
    end_seat: int
    _legal: list[int] | None

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
        s.st = {k: [0] * n for k in _STAT_KEYS}
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
        s = object.__new__(HeroesState)
        s.game = self.game
        s.rules = self.rules
        s.ace = self.ace
        s.seed = self.seed
        s.rng = Rng(self.rng.getstate())
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
        s.queue = [_copy_task(t) for t in self.queue]
        s.pending = _copy_pending(self.pending)
        s.clash = _copy_clash(self.clash)
        s.hist = self.hist[:]
        s.secret = [x[:] for x in self.secret]
        s.last = self.last
        s.events = self.events  # never mutated once set
        s.st = {k: v[:] for k, v in self.st.items()}
        s.winner_ = self.winner_
        s.ended_by = self.ended_by
        s.end_seat = self.end_seat
        s._legal = self._legal
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
        n = self.game.num_players
        out = [0] * n
        if not self.revealed:
            return out
        for ln in range(self.game.lanes):
            pts = self._lane_points(ln)
            for q in range(n):
                out[q] += pts[q]
        return out

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
        from .cards import parse_card

        kind, x = lay.parse(text, self.game.roster.find, parse_card)
        if kind == "pick":
            return lay.pick_id(x[0], x[1])
        if kind == "play":
            return lay.play_id(x[0], x[1])
        if kind == "skill":
            return lay.skill + x[0]
        if kind == "pass":
            return lay.pass_
        if kind == "use":
            return lay.use
        if kind == "bonus":
            return lay.bonus
        if kind == "slot":
            return lay.slot_id(x[0], x[1])
        if kind == "card":
            return lay.card_id(x[0])
        if kind == "active":
            return lay.active_id(*x)
        if kind == "active_card":
            q, ln, c = x
            cards = [code % NUM_CARDS for code in self.active[q][ln]]
            if c not in cards:
                from ninetynine.core.errors import NotationError

                raise NotationError(
                    f"{text!r}: seat {q}'s hero in lane {ln + 1} has no active {format_card(c)}"
                )
            return lay.active_id(q, ln, cards.index(c))
        if kind == "lane":
            return lay.lane + x[0]
        return lay.order + x[0]

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self) -> list[int]:
        p = self.pending
        if self.phase == OVER or p is None:
            return []
        lay = self.game.layout
        kind = p["kind"]
        q = p["seat"]
        if kind == "pick":
            taken = set(self.heroes[q])
            return sorted(
                lay.pick_id(h, ln)
                for h in range(len(self.game.roster))
                if h not in taken
                for ln in range(self.game.lanes)
                if self.heroes[q][ln] < 0
            )
        if kind == "play":
            lanes = self._playable(q)
            return sorted(lay.play_id(c, ln) for c in set(self.hands[q]) for ln in lanes)
        if kind == "skill":
            return sorted([lay.skill + k for k in p["skills"]] + [lay.pass_])
        if kind == "use":
            return [lay.pass_, lay.use]
        if kind == "bonus":
            return [lay.pass_, lay.bonus]
        if kind == "order":
            return [lay.order + k for k in range(len(p["items"]))]
        return sorted(self._choices(p))

    def _playable(self, q: int) -> list[int]:
        return [ln for ln in range(self.game.lanes) if R.can_play_on(self, q, ln)]

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
        pk = p["kind"]
        if pk == "pick":
            self._pick(seat, x[0], x[1])
            return
        if pk == "play":
            self._play(seat, x[0], x[1])
        elif pk == "skill":
            if kind == "skill":
                self._activate(seat, p["lane"], x[0])
            else:
                self.events.append({"type": "skill_passed", "seat": seat})
        elif pk == "use":
            item = p["item"]
            if kind == "use":
                self.events.append(
                    {
                        "type": "ability",
                        "seat": item[0],
                        "hero": self._hid(item[1]),
                        "when": p["when"],
                    }
                )
                self._push_list(self.game.trigger_lists[item[1]][item[2]], item[0], item[1])
            else:
                self.events.append(
                    {"type": "ability_declined", "seat": item[0], "hero": self._hid(item[1])}
                )
        elif pk == "bonus":
            if kind == "bonus":
                self._begin_turn(seat, True)
            else:
                self.events.append({"type": "bonus_declined", "seat": seat})
                self._begin_turn((seat + 1) % self.game.num_players, False)
        elif pk == "order":
            items = p["items"]
            item = items[x[0]]
            rest = [it for i, it in enumerate(items) if i != x[0]]
            self.queue.insert(0, ["triggers", rest, p["when"]])
            self._run_trigger(item, p["when"])
        else:
            self._choose(p, kind, x)
        self._run()

    # ------------------------------------------------------------------ pick phase
    def _pick(self, seat: int, hero: int, lane: int) -> None:
        """``§ Setup``: a hero placed face-down (H3); the last placement reveals them all."""
        self.heroes[seat][lane] = hero
        n, L = self.game.num_players, self.game.lanes
        self.events.append({"type": "placed", "seat": seat})
        if any(h < 0 for h in self.heroes[seat]):
            self.pending = {"kind": "pick", "seat": seat}
            return
        if seat + 1 < n:
            self.pending = {"kind": "pick", "seat": seat + 1}
            return
        self.revealed = True
        self.secret = [x for x in self.secret if x[2] != SECRET_PICK]
        self.phase = PLAY
        self.events.append(
            {
                "type": "reveal",
                "heroes": [[self._hid(self.heroes[q][ln]) for ln in range(L)] for q in range(n)],
            }
        )
        self.events.append({"type": "first", "seat": self.first})
        self._begin_turn(self.first, False)
        self._run()

    # ------------------------------------------------------------------ turn steps
    def _begin_turn(self, q: int, bonus: bool) -> None:
        """``§ Gameplay``: upkeep, draw, play, skill, end; then the Bonus Turn (H17)."""
        self.turn += 1
        self.player = q
        self.bonus_turn = bonus
        self.bonus_earned = False
        self.st["turns_taken"][q] += 1
        if bonus:
            self.st["bonus_turns"][q] += 1
        self.events.append({"type": "turn", "seat": q, "bonus": bonus, "turn": self.turn})
        self.queue = [["upkeep"], ["draw"], ["play"], ["end"], ["finish"]]

    def _run(self) -> None:
        """Run tasks until one needs a decision or the game ends (with ``end=immediate``, an
        end condition reached by the last step ends it first: :meth:`_end_now`)."""
        while self.phase == PLAY:
            if self.game.end_immediately and self._end_now():
                return
            if self.pending is not None:
                return
            if not self.queue:
                self._begin_turn((self.player + 1) % self.game.num_players, False)
                continue
            task = self.queue.pop(0)
            self._do(task)

    def _do(self, task: list[Any]) -> None:
        t = task[0]
        p = self.player
        if t == "upkeep" or t == "end":
            items = self._triggers_of(p, t, -1)
            if items:
                self.queue.insert(0, ["triggers", items, t])
        elif t == "draw":
            self._draw_step(p)
        elif t == "play":
            if not self.hands[p] or not self._playable(p):
                self._finish(NO_PLAY, p)
                return
            self.pending = {"kind": "play", "seat": p}
        elif t == "skill":
            self._skill_step(p, task[1], task[2])
        elif t == "finish":
            if self.bonus_earned:
                self.pending = {"kind": "bonus", "seat": p}
            else:
                self._begin_turn((p + 1) % self.game.num_players, False)
        elif t == "triggers":
            self._triggers(task[1], task[2])
        elif t == "fx":
            self._fx(task)

    def _draw_step(self, p: int) -> None:
        """``§ Gameplay``: "Draw a card" (``draw`` rule: more); an empty deck ends the game
        here (``§ Game End``, H6: with ``end=immediate`` it has ended when the deck emptied)."""
        deck = self.decks[p]
        if not deck:
            self._finish(NO_DRAW, p)
            return
        k = min(R.rule_max(self, p, "draw", 1), len(deck))
        self._draw(p, k)
        self.events.append({"type": "draw", "seat": p, "cards": k})

    def _draw(self, p: int, k: int) -> int:
        deck = self.decks[p]
        k = min(k, len(deck))
        for _ in range(k):
            self.hands[p].append(deck.pop())
        if k:
            self.hands[p].sort()
        return k

    def _play(self, p: int, c: int, ln: int) -> None:
        """``§ Playing Cards``: the card goes face-up on the hero; the enemy abilities it
        triggers resolve, then the skill step (H8, H9)."""
        self.hands[p].remove(c)
        self.active[p][ln].append(owned(p, c))
        self.st["cards_played"][p] += 1
        self.events.append(
            {
                "type": "play",
                "seat": p,
                "card": c,
                "lane": ln,
                "hero": self._hid(self.heroes[p][ln]),
            }
        )
        self.queue.insert(0, ["skill", ln, c])
        items = []
        for q in range(self.game.num_players):
            if q != p:
                items += self._triggers_of(q, "enemy_play", ln)
        if items:
            self.queue.insert(0, ["triggers", items, "enemy_play"])

    def _skill_step(self, p: int, ln: int, c: int) -> None:
        """``§ Activating Skills``: a skill whose rank or suit matches the played card may be
        activated (one skill a turn, H9); ``any_skill`` heroes match every card."""
        h = self.heroes[p][ln]
        if h < 0:
            return
        hero = self.game.roster.heroes[h]
        every = bool(self.rules[h].get("any_skill"))
        opts = [
            k
            for k, sk in enumerate(hero.skills)
            if (every or sk.matches(SUIT[c], RANK[c])) and self._holds(sk.cond.tests, p, ln)
        ]
        if opts:
            self.pending = {"kind": "skill", "seat": p, "lane": ln, "skills": opts}

    def _activate(self, p: int, ln: int, k: int) -> None:
        h = self.heroes[p][ln]
        self.st["skills_used"][p] += 1
        self.events.append(
            {"type": "skill", "seat": p, "lane": ln, "hero": self._hid(h), "skill": k}
        )
        self._push_list(self.game.skill_lists[h][k], p, h)

    def _push_list(self, lid: int, owner: int, hero: int) -> None:
        effects = self.game.lists[lid]
        for i in range(len(effects) - 1, -1, -1):
            self.queue.insert(0, ["fx", lid, i, owner, hero, {}])

    # ------------------------------------------------------------------ abilities
    def _triggers_of(self, q: int, when: str, lane: int) -> list[list[Any]]:
        """``[seat, hero, trigger index]`` of ``q``'s heroes whose ability triggers ``when``
        (``enemy_play``: only the hero in ``lane``)."""
        out = []
        for ln in range(self.game.lanes):
            h = self.heroes[q][ln]
            if h < 0 or (lane >= 0 and ln != lane):
                continue
            for i, tr in enumerate(self.game.roster.heroes[h].triggers):
                if tr.when == when:
                    out.append([q, h, i])
        return out

    def _triggers(self, items: list[list[Any]], when: str) -> None:
        """``§ Timing``: several abilities at once resolve in the order the turn player
        chooses (H18)."""
        live = [it for it in items if self._lane_of(it[0], it[1]) >= 0]
        if not live:
            return
        if len(live) == 1:
            self._run_trigger(live[0], when)
            return
        if len(live) > MAX_ORDER:  # more than the order actions: the rest are ordered next
            self.queue.insert(0, ["triggers", live[MAX_ORDER:], when])
        self.pending = {
            "kind": "order",
            "seat": self.player,
            "items": live[:MAX_ORDER],
            "when": when,
        }

    def _run_trigger(self, item: list[Any], when: str) -> None:
        q, h, i = item
        ln = self._lane_of(q, h)
        if ln < 0:
            return
        tr = self.game.roster.heroes[h].triggers[i]
        if not self._holds(tr.cond.tests, q, ln):
            return
        if tr.optional:
            self.pending = {"kind": "use", "seat": q, "item": list(item), "when": when}
            return
        self.events.append({"type": "ability", "seat": q, "hero": self._hid(h), "when": when})
        self._push_list(self.game.trigger_lists[h][i], q, h)

    def _holds(self, tests: tuple[tuple[str, Any], ...], q: int, ln: int) -> bool:
        """A skill's or trigger's condition (``roster.CONDITIONS``)."""
        for name, v in tests:
            if name in ("losing", "winning"):
                mine = R.strength(self, q, ln)
                others = [
                    r for r in range(self.game.num_players) if r != q and self.heroes[r][ln] >= 0
                ]
                if name == "losing":
                    got = any(
                        R.exceeds(self, ln, r, q, R.strength(self, r, ln), mine) for r in others
                    )
                else:
                    got = all(
                        R.exceeds(self, ln, q, r, mine, R.strength(self, r, ln)) for r in others
                    )
                if got != v:
                    return False
            elif not _COUNT_TESTS[name](self, q, ln, v):
                return False
        return True

    # ------------------------------------------------------------------ effects
    def _fx(self, task: list[Any]) -> None:
        """Carry out one effect "as completely as you are able" (``§ Activating Skills``):
        choices with one option are made at once; with none, the effect (or its rest) does
        nothing (H11)."""
        _, lid, idx, q, h, data = task
        eff: Effect = self.game.lists[lid][idx]
        ln = self._lane_of(q, h)
        if ln < 0:
            return  # the hero was removed with its lane: its effects stop (H15)
        v = eff.verb
        if v == "bolster" or v == "bolster_hand":
            if "target" not in data:
                opts = R.select(self, eff.to, q, ln)
                if not opts:
                    self._idle(q, h, "hero it may bolster")
                    return
                if len(opts) > 1:
                    self._ask(q, "bolster" if v == "bolster" else "bolster_target", task, eff)
                    return
                data["target"] = list(opts[0])
            tq, tl = data["target"]
            if self.heroes[tq][tl] < 0:
                return
            if v == "bolster":
                k = min(eff.amount, len(self.decks[q]))
                for _ in range(k):
                    self.bolsters[tq][tl].append(owned(q, self.decks[q].pop()))
                    self.bknown[tq][tl].append(False)
                self.st["bolsters"][q] += k
                self.events.append(
                    {"type": "bolster", "seat": q, "target": [tq, tl], "cards": k, "from": "deck"}
                )
                return
            if "left" not in data:
                data["left"] = min(eff.amount, len(self.hands[q]))
                if not data["left"]:
                    self._idle(q, h, "card in hand to bolster with")
            if data["left"] > 0:
                self._ask(q, "bolster_hand", task, eff)
            return
        if v == "draw":
            k = max(0, eff.until - len(self.hands[q])) if eff.until else eff.amount
            got = self._draw(q, k)
            self.events.append({"type": "drew", "seat": q, "cards": got})
            return
        if v == "discard":
            self._fx_discard(task, eff, q, ln, data)
            return
        if v == "shift":
            if "source" not in data:
                if not self._shift_sources(eff, q, ln):
                    self._idle_shift(eff, q, h, ln)
                    return
                self._ask(q, "shift_from", task, eff)
                return
            self._ask(q, "shift_to", task, eff)
            return
        if v == "swap":
            if "a" not in data:
                if eff.who == "this":
                    data["a"] = [q, ln]
                elif not self._swap_firsts(eff, q):
                    self._idle(q, h, "two heroes it may swap", self._swap_cands(eff, q))
                    return
                else:
                    self._ask(q, "swap_a", task, eff)
                    return
            if not self._swap_seconds(eff, q, data["a"]):
                self._idle(q, h, "hero it may swap with", self._swap_cands(eff, q))
                return
            self._ask(q, "swap_b", task, eff)
            return
        if v == "clash":
            self._fx_clash(task, q, data)
            return
        if v == "resolve":
            if eff.lane == "this":
                self._resolve_lane(ln, q)
                return
            self._ask(q, "resolve_lane", task, eff)
            return
        # bonus_turn (H17)
        if q != self.player:
            return
        if self.bonus_turn and not R.has_rule(self, q, "chain_bonus"):
            self.events.append({"type": "bonus_denied", "seat": q})
            return
        self.bonus_earned = True
        self.events.append({"type": "bonus_earned", "seat": q})

    def _fx_discard(
        self, task: list[Any], eff: Effect, q: int, ln: int, data: dict[str, Any]
    ) -> None:
        src = eff.source
        h = task[4]
        if src == "hand":
            if "left" not in data:
                data["left"] = min(eff.amount, len(self.hands[q]))
                if not data["left"]:
                    self._idle(q, h, "card in hand to discard")
            if data["left"] > 0:
                self._ask(q, "discard_hand", task, eff)
            return
        if src == "enemy_hand":
            if "who" not in data:
                n = self.game.num_players
                data["who"] = [(q + k) % n for k in range(1, n)]
                data["left"] = -1
            while data["who"]:
                r = data["who"][0]
                if data["left"] < 0:
                    data["left"] = min(eff.amount, len(self.hands[r]))
                if data["left"] > 0:
                    self._ask(r, "discard_enemy", task, eff)
                    return
                data["who"].pop(0)
                data["left"] = -1
            return
        if "left" not in data:
            data["left"] = eff.amount
        if data["left"] <= 0:
            return
        step = "discard_active" if src == "active" else "discard_bolster"
        if self._discard_targets(eff, q, ln, src):
            self._ask(q, step, task, eff)
        elif data["left"] == eff.amount:  # nothing discarded yet: say why
            pile = self.active if src == "active" else self.bolsters
            with_cards = [(a, b) for a, b in R.select(self, eff.target, q, ln) if pile[a][b]]
            what = "active card" if src == "active" else "bolster"
            self._idle(q, h, f"{what} it may discard", with_cards)

    def _idle(
        self,
        q: int,
        h: int,
        what: str,
        cands: Sequence[tuple[int, int]] = (),
        full: Sequence[list[int]] = (),
    ) -> None:
        """An effect of ``q``'s hero ``h`` that can do nothing says why (H11): the ``what`` it
        found none of, the enemy heroes among ``cands`` whose ward kept it out, and the heroes
        ``full`` already holding the most active cards a shift may bring them to (H10)."""
        warded = [[a, b] for a, b in cands if R.warded(self, q, a, b)]
        event: dict[str, Any] = {
            "type": "no_effect",
            "seat": q,
            "hero": self._hid(h),
            "what": what,
            "warded": warded,
        }
        if full:
            event["full"] = [list(x) for x in full if list(x) not in warded]
        self.events.append(event)

    def _idle_shift(self, eff: Effect, q: int, h: int, ln: int) -> None:
        """Why a shift found no card to move: none to take, or nowhere to put it."""
        sources = [(a, b) for a, b in R.select(self, eff.source, q, ln) if self.active[a][b]]
        if not [s for s in sources if not R.warded(self, q, *s)]:
            self._idle(q, h, "active card it may shift", sources)
            return
        dests = R.select(self, eff.to, q, ln)
        full = [[a, b] for a, b in dests if len(self.active[a][b]) >= R.SHIFT_LIMIT]
        self._idle(q, h, "hero it may shift a card to", dests, full)

    def _swap_cands(self, eff: Effect, q: int) -> list[tuple[int, int]]:
        n = self.game.num_players
        seats = [q] if eff.who in ("own", "this") else [r for r in range(n) if r != q]
        return [(r, b) for r in seats for b in range(self.game.lanes) if self.heroes[r][b] >= 0]

    def _fx_clash(self, task: list[Any], q: int, data: dict[str, Any]) -> None:
        """``§ Clash``: everyone draws a card, then discards one (chosen in turn from the
        activating seat, hidden until all have chosen, H16); the highest card wins."""
        n = self.game.num_players
        if self.clash is None:
            seats = [(q + k) % n for k in range(n)]
            for r in seats:
                self._draw(r, 1)
            self.clash = {"actor": q, "seats": seats, "cards": [None] * n}
            self.events.append({"type": "clash", "seat": q, "seats": seats})
        cl = self.clash
        for r in cl["seats"]:
            if cl["cards"][r] is None:
                if not self.hands[r]:
                    cl["cards"][r] = -1
                    continue
                self._ask(r, "clash", task, None)
                return
        # everyone has chosen: reveal
        cards = cl["cards"]
        for r in cl["seats"]:
            if cards[r] >= 0:
                self.discards[r].append(cards[r])
        low = any(h >= 0 and self.rules[h].get("clash_low") for row in self.heroes for h in row)
        high = self.game.ace >= 11
        vals = {r: clash_rank(cards[r], high) for r in cl["seats"] if cards[r] >= 0}
        winner, losers = -1, list(cl["seats"])
        if vals:
            best = min(vals.values()) if low else max(vals.values())
            top = [r for r in vals if vals[r] == best]
            losers = [r for r in cl["seats"] if r not in top]
            if len(top) == 1:
                winner = top[0]
        self.clash = None
        self.secret = [x for x in self.secret if x[2] != SECRET_CLASH]
        actor = cl["actor"]
        self.events.append(
            {
                "type": "clash_result",
                "seat": actor,
                "cards": cards[:],
                "winner": winner,
                "losers": losers,
                "low": low,
            }
        )
        wl, ll = self.game.clash_lists[(task[1], task[2])]
        if winner == actor:
            self.st["clashes_won"][actor] += 1
            if wl >= 0:
                self._push_list(wl, actor, task[4])
        elif actor in losers:
            self.st["clashes_lost"][actor] += 1
            if ll >= 0:
                self._push_list(ll, actor, task[4])

    def _ask(self, seat: int, step: str, task: list[Any], eff: Effect | None) -> None:
        """Pause for a choice inside an effect; the choice resumes ``task``. A choice with
        one option is made at once."""
        self.pending = {"kind": "choose", "seat": seat, "step": step, "task": task}
        opts = self._choices(self.pending)
        if not opts:  # nothing to choose from: the effect does what it can, here nothing
            self.pending = None
            self._idle(task[3], task[4], _STEP_WORDS[step].removeprefix("a ").removeprefix("an "))
            return
        if len(opts) == 1:
            p = self.pending
            self.pending = None
            kind, x = self.game.layout.decode(opts[0])
            self._choose(p, kind, x)

    def _choices(self, p: dict[str, Any]) -> list[int]:
        """Legal action ids of an effect choice."""
        lay = self.game.layout
        step, task, seat = p["step"], p["task"], p["seat"]
        _, lid, idx, q, h, data = task
        eff = self.game.lists[lid][idx]
        ln = self._lane_of(q, h)
        if step in ("bolster", "bolster_target"):
            return [lay.slot_id(a, b) for a, b in R.select(self, eff.to, q, ln)]
        if step in ("bolster_hand", "discard_hand", "discard_enemy", "clash"):
            return sorted({lay.card_id(c) for c in self.hands[seat]})
        if step in ("discard_active", "discard_bolster"):
            src = "active" if step == "discard_active" else "bolster"
            out = []
            for a, b in self._discard_targets(eff, q, ln, src):
                if src == "active":
                    out += [
                        lay.active_id(a, b, k)
                        for k in range(min(len(self.active[a][b]), MAX_ACTIVE_POS))
                    ]
                else:
                    out.append(lay.slot_id(a, b))
            return sorted(out)
        if step == "shift_from":
            return sorted(
                lay.active_id(a, b, k)
                for a, b in self._shift_sources(eff, q, ln)
                for k in range(min(len(self.active[a][b]), MAX_ACTIVE_POS))
            )
        if step == "shift_to":
            sa, sb, _ = data["source"]
            return sorted(lay.slot_id(a, b) for a, b in self._shift_dests(eff, q, ln, sa, sb))
        if step == "swap_a":
            return sorted(lay.slot_id(a, b) for a, b in self._swap_firsts(eff, q))
        if step == "swap_b":
            return sorted(lay.slot_id(a, b) for a, b in self._swap_seconds(eff, q, data["a"]))
        if step == "resolve_lane":
            return [lay.lane + x for x in range(self.game.lanes) if self.lane_result[x] is None]
        raise AssertionError(step)

    def _choose(self, p: dict[str, Any], kind: str, x: tuple[int, ...]) -> None:
        """Apply an effect choice and resume its effect."""
        step, task, seat = p["step"], p["task"], p["seat"]
        data = task[5]
        q = task[3]
        if step in ("bolster", "bolster_target"):
            data["target"] = [x[0], x[1]]
        elif step == "bolster_hand":
            tq, tl = data["target"]
            c = x[0]
            self.hands[q].remove(c)
            self.bolsters[tq][tl].append(owned(q, c))
            self.bknown[tq][tl].append(True)
            self.st["bolsters"][q] += 1
            data["left"] -= 1
            self.events.append(
                {"type": "bolster", "seat": q, "target": [tq, tl], "cards": 1, "from": "hand"}
            )
        elif step in ("discard_hand", "discard_enemy"):
            c = x[0]
            self.hands[seat].remove(c)
            self.discards[seat].append(c)
            self.st["discards"][q] += 1
            data["left"] -= 1
            self.events.append({"type": "discard", "seat": seat, "card": c, "from": "hand"})
            if step == "discard_enemy" and data["left"] <= 0:
                data["who"].pop(0)
                data["left"] = -1
        elif step == "discard_active":
            a, b, k = x
            self._discard_from_hero(q, a, b, self.active[a][b].pop(k), "active")
            data["left"] -= 1
        elif step == "discard_bolster":
            a, b = x
            self.bknown[a][b].pop()
            self._discard_from_hero(q, a, b, self.bolsters[a][b].pop(), "bolster")
            data["left"] -= 1
        elif step == "shift_from":
            data["source"] = [x[0], x[1], x[2]]
        elif step == "shift_to":
            sa, sb, k = data["source"]
            code = self.active[sa][sb].pop(k)
            self.active[x[0]][x[1]].append(code)
            self.st["shifts"][q] += 1
            self.events.append(
                {
                    "type": "shift",
                    "seat": q,
                    "card": code % NUM_CARDS,
                    "from": [sa, sb],
                    "to": [x[0], x[1]],
                }
            )
            return
        elif step == "swap_a":
            data["a"] = [x[0], x[1]]
        elif step == "swap_b":
            self._swap(q, data["a"], [x[0], x[1]])
            return
        elif step == "clash":
            self.hands[seat].remove(x[0])
            assert self.clash is not None
            self.clash["cards"][seat] = x[0]
        elif step == "resolve_lane":
            self._resolve_lane(x[0], q)
            return
        # resume the effect (more choices, or done)
        self._fx(task)

    # -- effect helpers -------------------------------------------------------------------
    def _discard_from_hero(self, q: int, a: int, b: int, code: int, src: str) -> None:
        """A card taken off seat ``a``'s hero in lane ``b`` by ``q``'s effect goes to its
        owner's discard pile, face-up (H21)."""
        self.discards[code // NUM_CARDS].append(code % NUM_CARDS)
        self.st["discards"][q] += 1
        self.events.append(
            {
                "type": "discard",
                "seat": q,
                "card": code % NUM_CARDS,
                "owner": code // NUM_CARDS,
                "from": src,
                "target": [a, b],
            }
        )

    def _discard_targets(self, eff: Effect, q: int, ln: int, src: str) -> list[tuple[int, int]]:
        pile = self.active if src == "active" else self.bolsters
        return [
            (a, b)
            for a, b in R.select(self, eff.target, q, ln)
            if pile[a][b] and not R.warded(self, q, a, b)
        ]

    def _shift_dests(self, eff: Effect, q: int, ln: int, sa: int, sb: int) -> list[tuple[int, int]]:
        return [
            (a, b)
            for a, b in R.select(self, eff.to, q, ln)
            if (a, b) != (sa, sb)
            and len(self.active[a][b]) < R.SHIFT_LIMIT
            and not R.warded(self, q, a, b)
        ]

    def _shift_sources(self, eff: Effect, q: int, ln: int) -> list[tuple[int, int]]:
        return [
            (a, b)
            for a, b in R.select(self, eff.source, q, ln)
            if self.active[a][b]
            and not R.warded(self, q, a, b)
            and self._shift_dests(eff, q, ln, a, b)
        ]

    def _swap_pool(self, eff: Effect, q: int) -> list[tuple[int, int]]:
        n = self.game.num_players
        seats = [q] if eff.who in ("own", "this") else [r for r in range(n) if r != q]
        return [
            (r, b)
            for r in seats
            for b in range(self.game.lanes)
            if self.heroes[r][b] >= 0 and not R.warded(self, q, r, b)
        ]

    def _swap_firsts(self, eff: Effect, q: int) -> list[tuple[int, int]]:
        pool = self._swap_pool(eff, q)
        return [(r, b) for r, b in pool if sum(1 for r2, _ in pool if r2 == r) >= 2]

    def _swap_seconds(self, eff: Effect, q: int, a: list[int]) -> list[tuple[int, int]]:
        return [(r, b) for r, b in self._swap_pool(eff, q) if r == a[0] and b != a[1]]

    def _swap(self, q: int, a: list[int], b: list[int]) -> None:
        """``§ Swap``: two heroes of one seat change lanes; their cards and bolsters stay
        (``swap_carries``: they move with them) (H14)."""
        r, la, lb = a[0], a[1], b[1]
        hs = self.heroes[r]
        hs[la], hs[lb] = hs[lb], hs[la]
        carries = R.has_rule(self, q, "swap_carries")
        if carries:
            for piles in (self.active, self.bolsters):
                piles[r][la], piles[r][lb] = piles[r][lb], piles[r][la]
            kn = self.bknown[r]
            kn[la], kn[lb] = kn[lb], kn[la]
        self.st["swaps"][q] += 1
        self.events.append(
            {"type": "swap", "seat": q, "owner": r, "lanes": [la, lb], "carried": carries}
        )

    def _resolve_lane(self, ln: int, q: int) -> None:
        """``§ Resolve a Lane``: tally now, then every hero and card of the lane leaves the
        game (H15); bolsters are turned face-up as they go."""
        if self.lane_result[ln] is not None:
            return
        n = self.game.num_players
        pts = R.lane_points(self, ln)
        strength = [R.strength(self, r, ln) for r in range(n)]
        heroes = [self._hid(self.heroes[r][ln]) for r in range(n)]
        self.lane_result[ln] = {"points": pts, "strength": strength, "heroes": heroes}
        for r in range(n):
            for code in self.active[r][ln] + self.bolsters[r][ln]:
                self.removed[code // NUM_CARDS].append(code % NUM_CARDS)
            self.active[r][ln] = []
            self.bolsters[r][ln] = []
            self.bknown[r][ln] = []
            self.heroes[r][ln] = -1
        self.st["lanes_resolved"][q] += 1
        self.events.append(
            {
                "type": "resolve",
                "seat": q,
                "lane": ln,
                "points": pts,
                "strength": strength,
                "heroes": heroes,
            }
        )

    def _lane_points(self, ln: int) -> list[int]:
        """Points per seat from lane ``ln``: as tallied if resolved, else as things stand."""
        res = self.lane_result[ln]
        return list(res["points"]) if res is not None else R.lane_points(self, ln)

    def _lane_of(self, q: int, h: int) -> int:
        try:
            return self.heroes[q].index(h)
        except ValueError:
            return -1

    def _hid(self, h: int) -> str | None:
        return self.game.roster.heroes[h].id if h >= 0 else None

    # ------------------------------------------------------------------ the end
    def _end_now(self) -> bool:
        """``§ Game End`` read as written (``end=immediate``, H6): "Once either condition
        happens, the game ends immediately": as soon as any player has an empty deck (unable
        to draw) or no hero with room (unable to play), the turn player first, then in seat
        order. An empty hand counts only at its owner's play step (it draws first, H23).
        Ends the game and returns ``True``, else ``False``."""
        n = self.game.num_players
        for k in range(n):
            q = (self.player + k) % n
            how = NO_DRAW if not self.decks[q] else NO_PLAY if not self._playable(q) else ""
            if how:
                self._finish(how, q)
                return True
        return False

    def lanes_won(self) -> list[int]:
        """Lanes won per seat (``§ Overview``: "The player who wins more lanes"): a lane is
        won by the seat alone with the most points in it (resolved lanes as tallied); a lane
        where nobody scores or the most points are shared is won by nobody (H7)."""
        n = self.game.num_players
        won = [0] * n
        if not self.revealed:
            return won
        for ln in range(self.game.lanes):
            lp = self._lane_points(ln)
            best = max(lp)
            if best > 0 and lp.count(best) == 1:
                won[lp.index(best)] += 1
        return won

    def _winner_now(self) -> int:
        """The winner if the game ended now (H7): the most points (``winner=lanes``: the most
        lanes won); equal: the most Strength over all lanes (``tiebreak=strength``), still
        equal, or ``tiebreak=draw``: -1, a draw."""
        key = self.lanes_won() if self.game.by_lanes else self.points()
        best = max(key)
        top = [q for q in range(len(key)) if key[q] == best]
        if len(top) > 1 and self.game.tiebreak == "strength":
            ts = self.total_strength()
            b2 = max(ts[q] for q in top)
            top = [q for q in top if ts[q] == b2]
        return top[0] if len(top) == 1 else -1

    def _finish(self, how: str, seat: int) -> None:
        """``§ Game End``: the game is over; the winner by :meth:`_winner_now` (H7)."""
        self.phase = OVER
        self.pending = None
        self.queue = []
        self.clash = None
        self.secret = []  # the game is over: every move is public (H19)
        self.ended_by = how
        self.end_seat = seat
        self.winner_ = self._winner_now()
        end: dict[str, Any] = {
            "type": "end",
            "how": how,
            "seat": seat,
            "points": self.points(),
            "winner": self.winner_,
        }
        if self.game.by_lanes:
            end["lanes_won"] = self.lanes_won()
        self.events.append(end)

    # ------------------------------------------------------------------ errors
    def _why_illegal(self, action: Any) -> str:
        lay = self.game.layout
        a = as_action_id(action)
        if a is None or not 0 <= a < lay.size:
            return (
                f"{action!r} is not a 99 Heroes action id (an integer 0-{lay.size - 1}, e.g. "
                "from legal_actions())"
            )
        name = self.action_to_string(a)
        p = self.pending
        if self.phase == OVER or p is None:
            return f"{name} is illegal: the game is over"
        kind, x = lay.decode(a)
        want = {
            "pick": "place a hero (e.g. bastion@1)",
            "play": "play a card on one of your heroes (e.g. 7H>1)",
            "skill": "activate a matching skill or pass",
            "use": "use the ability or pass",
            "bonus": "take the Bonus Turn (bonus) or pass",
            "order": "choose which ability resolves first (order1 ...)",
        }.get(p["kind"], f"choose for the effect ({_STEP_WORDS.get(p.get('step', ''), '')})")
        if kind == "pick" and p["kind"] == "pick":
            q = p["seat"]
            if x[0] in self.heroes[q]:
                hero = self.game.roster.heroes[x[0]].name
                return f"{name} is illegal: you have already placed {hero}"
            return f"{name} is illegal: you already have a hero in lane {x[1] + 1}"
        if kind == "play" and p["kind"] == "play":
            q = p["seat"]
            if x[0] not in self.hands[q]:
                return f"{name} is illegal: you hold no {format_card(x[0])}"
            if self.heroes[q][x[1]] < 0:
                return f"{name} is illegal: you have no hero in lane {x[1] + 1} any more"
            cap = R.capacity(self, q, x[1])
            return (
                f"{name} is illegal: your hero in lane {x[1] + 1} has "
                f"{len(self.active[q][x[1]])} active "
                f"cards; a card goes on a hero with at most {cap - 1}"
            )
        if kind == "skill" and p["kind"] == "skill":
            return f"{name} is illegal: the card played does not match that skill"
        return f"{name} is illegal: now {self._who(p)} must {want}"

    def _who(self, p: Mapping[str, Any]) -> str:
        return f"seat {p['seat']}"

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
        n, L = self.game.num_players, self.game.lanes
        check_seat(player, n)
        rev = self.revealed
        last = self.last
        obs: dict[str, Any] = {
            "game": self.game.game_id,
            "num_players": n,
            "player": player,
            "current_player": self.current_player(),
            "phase": PHASE_NAMES[self.phase],
            "lanes": L,
            "turn": self.turn,
            "turn_player": self.player,
            "first_player": self.first if rev else -1,
            "bonus_turn": self.bonus_turn,
            "bonus_earned": self.bonus_earned,
            "picks_made": [sum(1 for h in row if h >= 0) for row in self.heroes]
            if not rev
            else [L] * n,
            "heroes": [[self._hid(h) if rev else None for h in row] for row in self.heroes],
            "active": [[x[:] for x in row] for row in self.active],
            "bolsters": [
                [
                    [
                        [code // NUM_CARDS, k]
                        for code, k in zip(self.bolsters[q][ln], self.bknown[q][ln], strict=True)
                    ]
                    for ln in range(L)
                ]
                for q in range(n)
            ],
            "strength": [
                [R.strength(self, q, ln) if rev else 0 for ln in range(L)] for q in range(n)
            ],
            "lane_points": [self._lane_points(ln) if rev else [0] * n for ln in range(L)],
            "lane_result": [_copy_result(r) for r in self.lane_result],
            "points": self.points(),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_sizes": [len(d) for d in self.decks],
            "discards": [d[:] for d in self.discards],
            "removed": [d[:] for d in self.removed],
            "pending": _copy_pending(self.pending),
            "queue": [_copy_task(t) for t in self.queue],
            "clash": None
            if self.clash is None
            else {
                "actor": self.clash["actor"],
                "seats": self.clash["seats"][:],
                "chosen": [r for r in self.clash["seats"] if _is_card(self.clash["cards"][r])],
                "empty": [r for r in self.clash["seats"] if self.clash["cards"][r] == -1],
            },
            "last": None if last is None else {"seat": last[0], "action": last[1]},
            "events": [_copy_event(e) for e in self.events],
            "winner": self.winner_,
            "ended_by": self.ended_by,
            "end_seat": self.end_seat,
        }
        if player is not None:
            obs["hand"] = self.hands[player][:]
            if not rev:
                obs["my_heroes"] = [self._hid(h) for h in self.heroes[player]]
            mine = []
            for q in range(n):
                for ln in range(L):
                    for i, (code, k) in enumerate(
                        zip(self.bolsters[q][ln], self.bknown[q][ln], strict=True)
                    ):
                        if k and code // NUM_CARDS == player:
                            mine.append([q, ln, i, code % NUM_CARDS])
            obs["my_bolsters"] = mine
            if self.clash is not None:
                c = self.clash["cards"][player]
                obs["my_clash"] = c if c is not None and c >= 0 else None
        return obs

    # ------------------------------------------------------------------ resampling
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
        choice the seat cannot see drawn at random from ``rng``: a determinization. The
        history is empty and the counters are zero; ``seed`` and the RNG come from ``rng``.
        The result depends only on ``obs`` and ``rng``."""
        s = cls._blank(game)
        n, L = game.num_players, game.lanes
        me = obs["player"]
        ids = game.roster.ids
        s.phase = PHASE_NAMES.index(obs["phase"])
        s.turn = obs["turn"]
        s.player = obs["turn_player"]
        s.bonus_turn = obs["bonus_turn"]
        s.bonus_earned = obs["bonus_earned"]
        s.revealed = obs["first_player"] >= 0
        s.heroes = [[ids.index(h) if h is not None else -1 for h in row] for row in obs["heroes"]]
        s.active = [[list(x) for x in row] for row in obs["active"]]
        s.discards = [list(d) for d in obs["discards"]]
        s.removed = [list(d) for d in obs["removed"]]
        s.lane_result = [_copy_result(r) for r in obs["lane_result"]]
        s.pending = _copy_pending(obs["pending"])
        s.queue = [_copy_task(t) for t in obs["queue"]]
        last = obs["last"]
        s.last = None if last is None else [last["seat"], last["action"]]
        s.events = [_copy_event(e) for e in obs["events"]]
        s.winner_ = obs["winner"]
        s.ended_by = obs["ended_by"]
        s.end_seat = obs["end_seat"]
        # the hidden placements: own ones known, the others drawn
        if not s.revealed:
            if me is not None:
                s.heroes[me] = [ids.index(h) if h is not None else -1 for h in obs["my_heroes"]]
            for q in range(n):
                if q == me:
                    continue
                k = obs["picks_made"][q]
                heroes = list(range(len(ids)))
                lanes = list(range(L))
                rng.shuffle(heroes)
                rng.shuffle(lanes)
                for i in range(k):
                    s.heroes[q][lanes[i]] = heroes[i]
            s.first = rng.randbelow(n)
        else:
            s.first = obs["first_player"]
        # which cards each seat has where; the unseen ones are re-dealt per owner
        known_b = {(q, ln, i): c for q, ln, i, c in obs.get("my_bolsters", [])}
        seen: list[set[int]] = [set() for _ in range(n)]
        for q in range(n):
            seen[q].update(s.discards[q])
            seen[q].update(s.removed[q])
        for row in s.active:
            for cards in row:
                for code in cards:
                    seen[code // NUM_CARDS].add(code % NUM_CARDS)
        if me is not None:
            seen[me].update(obs["hand"])
            seen[me].update(known_b.values())
            if obs.get("my_clash") is not None:
                seen[me].add(obs["my_clash"])
        # hidden positions per owner, in a fixed order: hands, Clash choices, decks, bolsters
        slots: list[list[int]] = []
        holes: list[tuple[str, int, int, int]] = []  # kind, a, b, index
        for q in range(n):
            if q == me:
                s.hands[q] = list(obs["hand"])
            else:
                s.hands[q] = [owned(q, 0)] * obs["hand_sizes"][q]
                holes.append(("hand", q, 0, 0))
                slots.append(s.hands[q])
        clash = obs["clash"]
        chosen_hidden: list[int] = []
        if clash is not None:
            s.clash = {"actor": clash["actor"], "seats": list(clash["seats"]), "cards": [None] * n}
            for r in clash["empty"]:
                s.clash["cards"][r] = -1
            for r in clash["chosen"]:
                if r == me:
                    s.clash["cards"][r] = obs["my_clash"]
                else:
                    chosen_hidden.append(r)
            if chosen_hidden:
                slots.append([owned(r, 0) for r in chosen_hidden])
                holes.append(("clash", 0, 0, 0))
        for q in range(n):
            s.decks[q] = [owned(q, 0)] * obs["deck_sizes"][q]
            slots.append(s.decks[q])
            holes.append(("deck", q, 0, 0))
        for q in range(n):
            for ln in range(L):
                b = obs["bolsters"][q][ln]
                s.bknown[q][ln] = [bool(k) for _, k in b]
                s.bolsters[q][ln] = [
                    owned(o, known_b[(q, ln, i)]) if (q, ln, i) in known_b else owned(o, 0)
                    for i, (o, _) in enumerate(b)
                ]
                hidden = [i for i in range(len(b)) if (q, ln, i) not in known_b]
                if hidden:
                    slots.append([s.bolsters[q][ln][i] for i in hidden])
                    holes.append(("bolster", q, ln, 0))
        # fill every hidden position with the owner's unseen cards, then shuffle per owner
        pools = [sorted(set(range(NUM_CARDS)) - seen[q]) for q in range(n)]
        used = [0] * n
        filled: list[list[int]] = []
        for slot in slots:
            dealt_row: list[int] = []
            for placeholder in slot:
                o = placeholder // NUM_CARDS
                dealt_row.append(owned(o, pools[o][used[o]]))
                used[o] += 1
            filled.append(dealt_row)
        klass = [c // NUM_CARDS for c in range(n * NUM_CARDS)]
        dealt = redeal_hidden(filled, klass, rng)
        for (kind, q, ln, _), got in zip(holes, dealt, strict=True):
            if kind == "hand":
                s.hands[q] = sorted(c % NUM_CARDS for c in got)
            elif kind == "clash":
                assert s.clash is not None
                for r, c in zip(chosen_hidden, got, strict=True):
                    s.clash["cards"][r] = c % NUM_CARDS
            elif kind == "deck":
                s.decks[q] = [c % NUM_CARDS for c in got]
            else:
                hidden = [i for i in range(len(s.bolsters[q][ln])) if (q, ln, i) not in known_b]
                for i, c in zip(hidden, got, strict=True):
                    s.bolsters[q][ln][i] = c
        s._reseed(rng)
        return s

    # ------------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        return self._dict_with(
            phase=self.phase,
            hands=[h[:] for h in self.hands],
            decks=[x[:] for x in self.decks],
            discards=[x[:] for x in self.discards],
            removed=[x[:] for x in self.removed],
            heroes=[h[:] for h in self.heroes],
            active=[[x[:] for x in row] for row in self.active],
            bolsters=[[x[:] for x in row] for row in self.bolsters],
            bknown=[[x[:] for x in row] for row in self.bknown],
            lane_result=[_copy_result(r) for r in self.lane_result],
            revealed=self.revealed,
            first=self.first,
            player=self.player,
            turn=self.turn,
            bonus_turn=self.bonus_turn,
            bonus_earned=self.bonus_earned,
            queue=[_copy_task(t) for t in self.queue],
            pending=_copy_pending(self.pending),
            clash=_copy_clash(self.clash),
            history=self.hist[:],
            secret=[x[:] for x in self.secret],
            last=None if self.last is None else list(self.last),
            events=[_copy_event(e) for e in self.events],
            stats={k: v[:] for k, v in self.st.items()},
            winner=self.winner_,
            ended_by=self.ended_by,
            end_seat=self.end_seat,
        )

    @classmethod
    def from_dict(cls, game: HeroesGame, d: Mapping[str, Any]) -> HeroesState:
        s = cls._blank(game)
        s.seed = int(d["seed"])
        s.rng = Rng(int(d["rng"]))
        s.phase = int(d["phase"])
        s.hands = [[int(c) for c in h] for h in d["hands"]]
        s.decks = [[int(c) for c in x] for x in d["decks"]]
        s.discards = [[int(c) for c in x] for x in d["discards"]]
        s.removed = [[int(c) for c in x] for x in d["removed"]]
        s.heroes = [[int(h) for h in row] for row in d["heroes"]]
        s.active = [[[int(c) for c in x] for x in row] for row in d["active"]]
        s.bolsters = [[[int(c) for c in x] for x in row] for row in d["bolsters"]]
        s.bknown = [[[bool(k) for k in x] for x in row] for row in d["bknown"]]
        s.lane_result = [_copy_result(r) for r in d["lane_result"]]
        s.revealed = bool(d["revealed"])
        s.first = int(d["first"])
        s.player = int(d["player"])
        s.turn = int(d["turn"])
        s.bonus_turn = bool(d["bonus_turn"])
        s.bonus_earned = bool(d["bonus_earned"])
        s.queue = [_copy_task(t) for t in d["queue"]]
        s.pending = _copy_pending(d["pending"])
        s.clash = _copy_clash(d["clash"])
        s.hist = [int(a) for a in d["history"]]
        s.secret = [[int(i), int(q), int(k)] for i, q, k in d["secret"]]
        if any(not 0 <= i < len(s.hist) for i, _, _ in s.secret):
            raise ValueError("secret names a move beyond the history")
        s.last = None if d["last"] is None else list(d["last"])
        events = d["events"]
        if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
            raise ValueError("events is not a list of objects")
        s.events = [_copy_event(e) for e in events]
        stats = d["stats"]
        if not isinstance(stats, dict):
            raise ValueError("stats is not an object")
        s.st = {k: [int(x) for x in stats[k]] for k in _STAT_KEYS}
        s.winner_ = int(d["winner"])
        s.ended_by = str(d["ended_by"])
        s.end_seat = int(d["end_seat"])
        s._check()
        return s

    def _check(self) -> None:
        """Reject a loaded state no game could reach in its shape: lists of the wrong size,
        heroes out of range, cards that do not add up to 52 per seat.

        :raises ValueError: what is wrong (``state_from_json`` makes it a GameOptionError)."""
        n, L, H = self.game.num_players, self.game.lanes, len(self.game.roster)
        if not (len(self.hands) == len(self.decks) == len(self.discards) == len(self.removed) == n):
            raise ValueError(f"the state does not have {n} hands, decks and piles")
        if (
            len(self.heroes) != n
            or any(len(r) != L for r in self.heroes)
            or len(self.lane_result) != L
        ):
            raise ValueError(f"the state does not have {n} x {L} hero places")
        if any(not -1 <= h < H for row in self.heroes for h in row):
            raise ValueError("a hero index out of range")
        if self.phase not in (PICK, PLAY, OVER):
            raise ValueError(f"phase {self.phase}")
        for q, cards in enumerate(self.card_counts_by_owner()):
            if sorted(cards) != list(range(NUM_CARDS)):
                raise ValueError(f"seat {q}'s 52 cards do not add up")

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


_STEP_WORDS = {
    "bolster": "a hero to bolster",
    "bolster_target": "a hero to bolster from your hand",
    "bolster_hand": "a card of your hand to bolster",
    "discard_hand": "a card of your hand to discard",
    "discard_enemy": "a card of your hand to discard",
    "discard_active": "an active card to discard",
    "discard_bolster": "a hero whose bolster is discarded",
    "shift_from": "an active card to shift",
    "shift_to": "the hero it shifts to",
    "swap_a": "the first hero to swap",
    "swap_b": "the hero it swaps with",
    "clash": "a card of your hand for the Clash",
    "resolve_lane": "a lane to resolve",
}


#: The conditions that compare a number or a flag (``roster.CONDITIONS``).
_COUNT_TESTS: dict[str, Any] = {
    "hand_at_least": lambda s, q, ln, v: len(s.hands[q]) >= v,
    "hand_at_most": lambda s, q, ln, v: len(s.hands[q]) <= v,
    "active_at_most": lambda s, q, ln, v: len(s.active[q][ln]) <= v,
    "bonus_turn": lambda s, q, ln, v: s.bonus_turn == v,
}


def _is_card(c: int | None) -> bool:
    return c is not None and c >= 0


def _copy_task(t: list[Any]) -> list[Any]:
    if t[0] == "fx":
        return [t[0], t[1], t[2], t[3], t[4], _copy_data(t[5])]
    if t[0] == "triggers":
        return [t[0], [list(x) for x in t[1]], t[2]]
    return list(t)


def _copy_data(d: Mapping[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in d.items()}


def _copy_pending(p: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if p is None:
        return None
    out = dict(p)
    if "task" in out:
        out["task"] = _copy_task(out["task"])
    if "items" in out:
        out["items"] = [list(x) for x in out["items"]]
    if "item" in out:
        out["item"] = list(out["item"])
    if "skills" in out:
        out["skills"] = list(out["skills"])
    return out


def _copy_clash(c: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {"actor": c["actor"], "seats": list(c["seats"]), "cards": list(c["cards"])}


def _copy_result(r: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {
        "points": list(r["points"]),
        "strength": list(r["strength"]),
        "heroes": list(r["heroes"]),
    }


def _copy_event(e: Mapping[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in e.items()}


def _secret_kind(pending: Mapping[str, Any]) -> int:
    """The kind of secret move a hidden choice at ``pending`` is (see ``_is_hidden``)."""
    if pending["kind"] == "pick":
        return SECRET_PICK
    return SECRET_CLASH if pending.get("step") == "clash" else SECRET_BOLSTER


__all__ = ["HAND_SIZE", "NO_DRAW", "NO_PLAY", "OVER", "PICK", "PLAY", "HeroesState"]
