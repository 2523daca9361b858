"""Tripwire heuristics: a turn planner and the ``greedy`` agent.

The greedy agent sees only its observation. On its turn it plans the whole turn at once: a
depth-first search over the sequences of valid plays (each card changes the docks for the
next; the Neutral Chain and the Triple Play are tracked as the engine does), with repeated
positions merged and a node budget, and it scores every point where it could ``end``:

* **shed**: one point per card played (``§ 01``: "Shed all data packets to win"), plus a small
  preference for shedding the cards that are hardest to place later (1s, 10s, 2s, 9s) and
  keeping the flexible ones (Vectors, [+], [-]): between plans that shed as many cards, the
  one that keeps the more playable hand wins; emptying the hand wins the game and beats
  everything;
* **the Attack Waves** the turn launches (Tripwires, Stasis, a Triple Play, ``§ 06``): each
  unit reaches the next player in turn, who loses a card's worth and a turn unless they hold a
  Null (estimated from the cards the agent has not seen); a hit on the opponent with the fewest
  cards (the leader) is worth more; units that would come back round to the agent (the Wall
  Rule) count against it. Each card's units are a wave of their own (``penalty_timing``
  ``immediate``, the default) or the turn's units are one wave (``turn``). So it times its
  Tripwires and Triple Plays: it launches them when they land on the leader, and never so
  many in one wave that the wall hits it. (Under version 3's rules, planning each card's wave
  on its own wins 50.0% of 4,000 heads-up games against the same agent planning one wave a
  turn, and 25.3% of 600 four-player games: no stronger, but it plans what the rules do);
* **the bonus turn** of a Defuse, worth a little when the agent keeps a card for it;
* **the docks it leaves**: a dock left at 2 or 9 offers the next player a reset, and with two
  players a Tripwire against the agent itself;
* **the cards it keeps**: up to two cards left in hand that still fit a dock as the turn
  leaves them count :data:`KEEP` each, so it does not spend its last playable card (often a
  flexible one) for a single point when keeping it can save the next turn's draw.

``greedy1`` is version 1 of the agent (:data:`V1_WEIGHTS`: no value for kept cards), kept for
comparison.

Against an Attack Wave it always plays a Null when it holds one (a Null only ever leaves the
hand this way, so it keeps them for defence and spends them there). With no valid play, it
draws (the only move).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from .actions import DRAW, END, NULL_ACTION, TAKE, action_to_string, play_id
from .cards import (
    MINUS,
    NULL,
    NUM_KINDS,
    PLUS,
    STASIS,
    VECTOR,
    VOLT,
    is_neutral_chain,
    is_standard,
    value_of,
)
from .rules import (
    DEFUSE,
    NUMBER,
    STASIS_PLAY,
    TRIPWIRE,
    RuleSet,
    outcome_table,
    slot_card,
    valid_slots,
)

#: Value of playing one card.
SHED = 1.0
#: Bonus for emptying the hand (the game is won).
WIN = 1000.0
#: What a hit costs its target, in cards (one drawn card and a lost turn).
HIT_COST = 2.0
#: Extra weight of a hit on the opponent with the fewest cards.
LEADER = 1.0
#: What a unit coming back to the agent (the Wall Rule) costs it.
WALL_COST = 2.5
#: Value of a bonus turn the agent can use.
BONUS = 0.3
#: Cost of leaving a dock at 2 or 9 (a reset for the next player), per dock.
OPEN_RESET = 0.15
#: The search's node budget per turn (version 1: 1500; 300 plays the same games, measured
#: on 4,000 games against ``random``, and bounds the rollouts of a search bot).
BUDGET = 300
#: Value per card left in hand that fits a dock as the turn leaves them, for at most
#: :data:`KEEP_CAP` cards: a card kept for the next turn can save a draw (a player who cannot
#: play draws). Version 1 had none: ``greedy`` with them wins 59.5% (+-1.5) of 4,000 games
#: against ``random`` where version 1 won 56.6%, seed 0 (60.2% / 57.4%, seed 1).
KEEP = 1.0
KEEP_CAP = 2


class Weights(NamedTuple):
    """The planner's scoring weights (the module constants by default); a variant of the
    greedy agent is a ``Weights`` with other values."""

    hit_cost: float = HIT_COST
    leader: float = LEADER
    wall_cost: float = WALL_COST
    bonus: float = BONUS
    open_reset: float = OPEN_RESET
    #: Cost per expected Null a wave makes its target play (with ``must_null`` the Null is a
    #: card the target sheds).
    null_gift: float = 0.0
    #: Value per card left in hand that fits a dock as the plan leaves them (at most
    #: ``keep_cap`` cards count).
    keep: float = KEEP
    keep_cap: int = KEEP_CAP
    #: Cost of the chance that a wave's target down to its last card holds a Null (a Null
    #: that is its player's last card wins the game, D23).
    clear_gift: float = 0.0
    #: The least chance of a Null assumed for a target with at most two cards (a Null cannot
    #: be played on a dock, so it is the card a hand keeps longest).
    null_floor: float = 0.0
    #: The planner's node budget per turn.
    budget: int = BUDGET


DEFAULT_WEIGHTS = Weights()
#: Version 1 of the greedy agent (the agent ``greedy1``), kept for comparison.
V1_WEIGHTS = Weights(keep=0.0, keep_cap=1, budget=1500)

#: Small per-kind preference for shedding a card now rather than later (rigid cards first).
PRIORITY: tuple[float, ...] = tuple(
    (0.12 if value_of(k) in (1, 10) else 0.06 if value_of(k) in (2, 9) else 0.0)
    if is_standard(k)
    else {VECTOR: -0.15, PLUS: -0.08, MINUS: -0.08, VOLT: -0.05, STASIS: 0.0, NULL: 0.0}.get(
        k, 0.04 if value_of(k) in (2, 9) else 0.0
    )
    for k in range(NUM_KINDS)
)


#: Per kind: is it a Neutral Chain card (Grey, [+], [-])?
CHAIN: tuple[bool, ...] = tuple(is_neutral_chain(k) for k in range(NUM_KINDS))


class Plan(NamedTuple):
    """A turn plan: the plays in order, its score and what it does."""

    actions: tuple[int, ...]
    score: float
    shed: int
    units: int  # penalty units the turn launches (including those before the plan)
    clears: bool  # empties the hand
    bonus: bool
    resets: int
    kept: int = 0  # cards left in hand that fit a dock as the plan leaves them (if KEEP)


class _Ctx:
    """What the planner needs from the observation."""

    __slots__ = (
        "bonus",
        "fit_masks",
        "hit_values",
        "keep",
        "keep_cap",
        "me",
        "n",
        "open_cost",
        "rules",
        "slots",
        "table",
    )

    def __init__(
        self, obs: dict[str, Any], rules: RuleSet, chain: str, w: Weights = DEFAULT_WEIGHTS
    ) -> None:
        self.me: int = obs["player"]
        self.n: int = obs["num_players"]
        self.rules = rules
        self.table = outcome_table(rules)
        self.slots = valid_slots(rules)
        self.fit_masks = _fit_masks(rules)
        sizes = obs["hand_sizes"]
        others = [(self.me + i) % self.n for i in range(1, self.n)]
        leader = min(others, key=lambda q: (sizes[q], others.index(q)))
        p_null = _null_chances(obs)
        for q in others:
            if sizes[q] <= 2:
                p_null[q] = max(p_null[q], w.null_floor)
        gift = [w.null_gift + (w.clear_gift if sizes[q] == 1 else 0.0) for q in range(self.n)]
        # hit_values[u]: the value of a wave of u units (u = 0 .. 12)
        values = [0.0]
        acc = 0.0
        for u in range(1, 13):
            if chain == "protocol" and u <= len(others):
                q = others[u - 1]
                lw = 1.0 + (w.leader if q == leader else 0.0)
                acc += lw * w.hit_cost * (1.0 - p_null[q]) - gift[q] * p_null[q]
            elif chain == "protocol":
                acc -= w.wall_cost
            else:  # deflect: the first target without a Null takes all of it
                acc = 0.0
                reach = 1.0
                for q in others:
                    lw = 1.0 + (w.leader if q == leader else 0.0)
                    acc += reach * (1.0 - p_null[q]) * lw * w.hit_cost * u
                    acc -= reach * p_null[q] * gift[q]
                    reach *= p_null[q]
                acc -= reach * w.wall_cost * u
            values.append(acc)
        self.hit_values = values
        self.open_cost = w.open_reset * (2.0 if self.n == 2 else 1.0)
        self.bonus = w.bonus
        self.keep = w.keep
        self.keep_cap = w.keep_cap


@lru_cache(maxsize=8)
def _fit_masks(rules: RuleSet) -> tuple[int, ...]:
    """Per dock code (``color * 10 + value``), the bit mask of the kinds that fit it."""
    return tuple(sum(1 << k for k in range(NUM_KINDS) if row[k]) for row in valid_slots(rules))


def _null_chances(obs: dict[str, Any]) -> list[float]:
    """Per seat, the chance it holds at least one Null, from the cards the observer has not
    seen (the deck minus its hand, the docks and the side pile)."""
    unseen = obs["deck"][NULL] - obs["hand"].count(NULL) - obs["side_pile"].count(NULL)
    total = sum(obs["deck"]) - len(obs["hand"]) - len(obs["side_pile"])
    total -= sum(len(d["stack"]) for d in obs["docks"])
    out = []
    for q, h in enumerate(obs["hand_sizes"]):
        if q == obs["player"] or unseen <= 0 or total <= 0:
            out.append(0.0)
            continue
        miss = 1.0
        for i in range(h):
            if total - i <= 0:
                break
            miss *= max(0.0, (total - unseen - i) / (total - i))
        out.append(1.0 - miss)
    return out


def plan_turn(
    obs: dict[str, Any],
    rules: RuleSet,
    chain: str = "protocol",
    one_per_dock: bool = True,
    budget: int | None = None,
    volt_bonus: str = "always",
    weights: Weights = DEFAULT_WEIGHTS,
    immediate: bool = True,
) -> Plan:
    """The best plan for the rest of the observing seat's turn (its ``phase`` is ``play``).

    ``immediate``: each card's penalty units are an Attack Wave of their own (option
    ``penalty_timing=immediate``, D17), so the plan is scored with the sum of those waves'
    values; else the turn's units are one wave. An empty plan means: end now (or draw, if
    nothing was played and nothing fits).
    """
    ctx = _Ctx(obs, rules, chain, weights)
    fit_masks = ctx.fit_masks
    if budget is None:
        budget = weights.budget
    hand = tuple(obs["hand"])
    docks = obs["docks"]
    colors = tuple(d["color"] for d in docks)
    values = tuple(d["value"] for d in docks)
    t = obs["this_turn"]
    neutral = t["neutral_dock"] - 1
    mask = sum(1 << (d - 1) for d in t["docks"])
    full = sum(1 << (d - 1) for d in t["full"])
    units = t["units"]
    # the value of the waves this turn's cards launch; immediate: each card's own (the waves
    # already launched are past and the same for every plan), else the turn's one wave
    hits0 = 0.0 if immediate else ctx.hit_values[min(units, 12)]
    bonus = t["bonus"]
    triple_ok = t["triple_possible"] and not t["triple"]
    must = t["played"] == 0
    best: list[Any] = [None]
    seen: set[Any] = set()
    nodes = [0]

    def score(
        path: tuple[int, ...],
        hand: tuple[int, ...],
        colors: tuple[int, ...],
        values: tuple[int, ...],
        hits: float,
        bonus: bool,
        shed_bonus: float,
    ) -> float:
        if not hand:
            return WIN + len(path)
        v = SHED * len(path) + shed_bonus + hits
        if bonus:
            v += ctx.bonus
        v -= ctx.open_cost * ((values[0] in (2, 9)) + (values[1] in (2, 9)) + (values[2] in (2, 9)))
        if ctx.keep:
            v += ctx.keep * _fits(hand, colors, values, ctx.keep_cap)
        return v

    def _fits(
        hand: tuple[int, ...], colors: tuple[int, ...], values: tuple[int, ...], most: int
    ) -> int:
        """How many cards of ``hand`` fit one of the docks (counting stops at ``most``)."""
        m = fit_masks
        mask = m[colors[0] * 10 + values[0]] | m[colors[1] * 10 + values[1]]
        mask |= m[colors[2] * 10 + values[2]]
        n = 0
        for k in hand:
            if mask >> k & 1:
                n += 1
                if n >= most:
                    break
        return n

    def visit(
        path: tuple[int, ...],
        hand: tuple[int, ...],
        colors: tuple[int, ...],
        values: tuple[int, ...],
        neutral: int,
        mask: int,
        full: int,
        units: int,
        hits: float,
        bonus: bool,
        triple_ok: bool,
        shed_bonus: float,
        resets: int,
    ) -> None:
        nodes[0] += 1
        if path or not must:
            s = score(path, hand, colors, values, hits, bonus, shed_bonus)
            b = best[0]
            if b is None or s > b.score:
                kept = _fits(hand, colors, values, len(hand)) if ctx.keep else 0
                best[0] = Plan(path, s, len(path), units, not hand, bonus, resets, kept)
        if not hand:
            return
        for d in range(3):
            code = colors[d] * 10 + values[d]
            row = ctx.slots[code]
            closed = full >> d & 1
            prev = -1
            for k in hand:
                if k == prev:
                    continue
                prev = k
                js = row[k]
                if not js:
                    continue
                chained = CHAIN[k]
                if chained:
                    if neutral >= 0 and neutral != d:
                        continue
                elif closed:
                    continue
                for j in js:
                    if nodes[0] >= budget:
                        return
                    res = ctx.table[code][j]
                    assert res is not None
                    c2, v2, eff = res
                    i = hand.index(k)
                    h2 = hand[:i] + hand[i + 1 :]
                    cs = list(colors)
                    vs = list(values)
                    u2 = units
                    b2 = bonus
                    r2 = resets
                    if eff in (DEFUSE, TRIPWIRE):
                        cs[d], vs[d] = d, 0
                        r2 += 1
                        if eff == DEFUSE or (k == VOLT and volt_bonus == "always"):
                            b2 = True  # D14: a Defuse or any valid Volt
                        if eff == TRIPWIRE:
                            u2 += 1
                    else:
                        cs[d], vs[d] = c2, v2
                        if eff == STASIS_PLAY:
                            u2 += 1
                    m2 = mask | (1 << d)
                    t2 = triple_ok
                    if t2 and m2 == 0b111:
                        u2 += 1
                        t2 = False
                    if immediate:
                        h2v = hits + ctx.hit_values[u2 - units]
                    else:
                        h2v = ctx.hit_values[min(u2, 12)]
                    n2 = d if chained else neutral
                    f2 = full | (1 << d) if one_per_dock and not chained else full
                    key = (h2, tuple(cs), tuple(vs), n2, m2, f2, u2, b2, t2)
                    if key in seen:
                        continue
                    seen.add(key)
                    visit(
                        (*path, d * 50 + j),
                        h2,
                        tuple(cs),
                        tuple(vs),
                        n2,
                        m2,
                        f2,
                        u2,
                        h2v,
                        b2,
                        t2,
                        shed_bonus + PRIORITY[k] + (0.02 if eff == NUMBER else 0.0),
                        r2,
                    )

    visit((), hand, colors, values, neutral, mask, full, units, hits0, bonus, triple_ok, 0.0, 0)
    plan = best[0]
    if plan is None:  # nothing fits: the turn is a draw
        return Plan((), 0.0, 0, units, False, bonus, 0)
    return plan  # type: ignore[no-any-return]


def game_plan(view: dict[str, Any], game: Any) -> tuple[int, ...]:
    """:func:`plan_turn`'s moves for ``view`` (the observation's fields it reads) under
    ``game``'s options (the search's rollouts and its opponent model plan this way)."""
    return plan_turn(
        view,
        game.rules,
        game.chain,
        game.one_per_dock,
        volt_bonus=game.volt_bonus,
        immediate=not game.turn_waves,
    ).actions


class GreedyAgent:
    """The heuristic player described in the module docstring."""

    name = "greedy"
    #: The planner's weights (a variant agent overrides them).
    weights: Weights = DEFAULT_WEIGHTS

    def __init__(self, game: Any = None, seat: int = 0, seed: int | None = None) -> None:
        self.seat = seat
        self.rules: RuleSet = getattr(game, "rules", RuleSet("marker", "literal"))
        self.chain: str = getattr(game, "chain", "protocol")
        self.one_per_dock: bool = getattr(game, "one_per_dock", True)
        self.volt_bonus: str = getattr(game, "volt_bonus", "always")
        self.immediate: bool = not getattr(game, "turn_waves", False)
        self._plan: tuple[Any, tuple[int, ...]] | None = None

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        obs = observation
        if obs["phase"] == "wave":
            return NULL_ACTION if NULL_ACTION in legal_actions else TAKE
        key = (obs["turn"], obs["this_turn"]["played"], tuple(obs["hand"]))
        cached = self._plan
        if cached is not None and cached[0] == key:
            rest = cached[1]
        else:
            rest = plan_turn(
                obs,
                self.rules,
                self.chain,
                self.one_per_dock,
                volt_bonus=self.volt_bonus,
                weights=self.weights,
                immediate=self.immediate,
            ).actions
        if rest and rest[0] in legal_actions:
            a = rest[0]
            self._plan = ((key[0], key[1] + 1, _without(key[2], slot_card(a % 50))), rest[1:])
            return a
        self._plan = None
        if END in legal_actions:
            return END
        if DRAW in legal_actions:
            return DRAW
        return legal_actions[0]


class GreedyV1Agent(GreedyAgent):
    """Version 1 of :class:`GreedyAgent` (no value for cards kept, node budget 1500)."""

    name = "greedy1"
    weights = V1_WEIGHTS


def _without(hand: tuple[int, ...], k: int) -> tuple[int, ...]:
    i = hand.index(k)
    return hand[:i] + hand[i + 1 :]


def explain_choice(obs: dict[str, Any], game: Any = None) -> str:
    """One line: what the greedy agent would do here and why, e.g. ``"T6>1 G7>1 end: sheds 2
    cards; the Tripwire attacks seat 2, the leader"``."""
    rules: RuleSet = getattr(game, "rules", RuleSet("marker", "literal"))
    chain: str = getattr(game, "chain", "protocol")
    one_per_dock: bool = getattr(game, "one_per_dock", True)
    if obs["phase"] == "wave":
        w = obs["wave"]
        if w["initiator"] == obs["player"]:
            return "take: the Attack Wave came back to you; the Wall Rule says you take the hit"
        if NULL in obs["hand"]:
            return f"null: safe from one of the {w['remaining']} incoming units; the rest passes on"
        return "take: you hold no Null; draw one card and lose your next turn"
    volt_bonus: str = getattr(game, "volt_bonus", "always")
    immediate = not getattr(game, "turn_waves", False)
    plan = plan_turn(obs, rules, chain, one_per_dock, volt_bonus=volt_bonus, immediate=immediate)
    if not plan.actions:
        if obs["this_turn"]["played"] == 0:
            return "draw: no card in your hand fits a dock"
        return "end: nothing more worth playing this turn"
    moves = [action_to_string(a) for a in plan.actions]
    if plan.clears:
        return " ".join(moves) + ": System Clear! (your last card)"
    moves.append("end")
    why = [f"sheds {plan.shed} card{'s' if plan.shed != 1 else ''}"]
    n = obs["num_players"]
    me = obs["player"]
    new_units = plan.units - obs["this_turn"]["units"]
    if immediate and new_units:
        why.append(
            f"{new_units} penalty unit{'s' if new_units != 1 else ''}, each card's Attack Wave "
            f"at once against seat {(me + 1) % n}"
        )
    elif plan.units:
        hit = [(me + i) % n for i in range(1, min(plan.units, n - 1) + 1)]
        who = ", ".join(f"seat {q}" for q in hit)
        why.append(
            f"an Attack Wave of {plan.units} unit{'s' if plan.units != 1 else ''} against {who}"
        )
        back = plan.units - (n - 1)
        if back > 0 and chain == "protocol":
            why.append(f"{back} come{'s' if back == 1 else ''} back to you (Wall Rule)")
    if plan.bonus:
        why.append("a bonus turn (a Defuse or a Volt)")
    if plan.resets:
        why.append(f"{plan.resets} dock{'s' if plan.resets != 1 else ''} reset")
    if plan.kept:
        cards = "1 card that fits" if plan.kept == 1 else f"{plan.kept} cards that fit"
        why.append(f"keeps {cards} a dock for next turn")
    return " ".join(moves) + ": " + "; ".join(why)


__all__ = [
    "DEFAULT_WEIGHTS",
    "V1_WEIGHTS",
    "GreedyAgent",
    "GreedyV1Agent",
    "Plan",
    "Weights",
    "explain_choice",
    "game_plan",
    "plan_turn",
    "play_id",
]
