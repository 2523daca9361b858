"""Warp 99 heuristics: the exact discard-phase solver and the ``greedy`` agent.

``solve_discards`` implements the rulebook's strategy tip (Warp 99 rulebook § Strategy
Tip: Spotting the Sequence): for a hand, the two pile tops and the active rules, the longest
sequence of plays, found exactly by depth-first search over every order and pile with
memoisation (a hand holds at most 6 cards, so this is at most a few thousand nodes).

The greedy agent sees only its observation. Its choices:

* Action A: every (score first or not) x (card that fits) option is valued as the expected
  points of the row it leaves, plus one point per card the solver can then discard (each
  discarded card is replaced by a draw, and 15 draws score 15), plus a bonus when the solver
  empties the hand (another A-B-C cycle). A score that reaches the target is taken at once.
* Action B: play the first move of the best sequence; stop when it is empty.
* Extra card: decline it only when the rest of the hand can still be emptied.
* Stuck: flip the rule card that lets the most cards be played.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from ninetynine.core.util import softmax_returns

from . import actions as A
from .cards import COLOR, NUM_CARDS, VALUE
from .rules import MATCH


class Plan(NamedTuple):
    """The best discard sequence: ``plays`` is a tuple of action ids (``R7>1`` style)."""

    count: int  # type: ignore[assignment]
    doubles: int
    plays: tuple[int, ...]


# 4096 entries: a full 65,536-entry cache spent ~30% of greedy time in the garbage collector.
@lru_cache(maxsize=1 << 12)
def solve_discards(hand: tuple[int, ...], top0: int, top1: int, config: int) -> Plan:
    """The longest sequence of discards from ``hand`` (sorted tuple of card ids) on piles
    whose tops are ``top0`` / ``top1`` under rule configuration ``config``.

    Ties are broken by more double matches (extra cards), then by the lowest action ids, so
    the answer is deterministic. Returns ``Plan(count, doubles, plays)``.

    >>> from .cards import parse_card as pc
    >>> from .actions import action_to_string as s
    >>> hand = tuple(sorted(pc(x) for x in ("R4", "O6", "B9", "T10")))
    >>> plan = solve_discards(hand, pc("R7"), pc("B2"), 0)   # Sarah's four plays
    >>> plan.count
    4
    """
    best = Plan(0, 0, ())
    base = config * NUM_CARDS
    m0 = MATCH[base + top0]
    m1 = MATCH[base + top1]
    for i, c in enumerate(hand):
        rest = hand[:i] + hand[i + 1 :]
        for pile, m in ((0, m0), (1, m1)):
            k = m[c]
            if not k:
                continue
            sub = (
                solve_discards(rest, c, top1, config)
                if pile == 0
                else solve_discards(rest, top0, c, config)
            )
            cand = Plan(
                sub.count + 1,
                sub.doubles + (k >= 2),
                (A.PILE_BASE[pile] + c, *sub.plays),
            )
            if (cand.count, cand.doubles) > (best.count, best.doubles):
                best = cand
    return best


def plan_for(obs: dict[str, Any], hand: list[int] | None = None) -> Plan:
    """The best discard sequence for the observing seat's hand (or ``hand``)."""
    h = tuple(sorted(obs["hand"] if hand is None else hand))
    return solve_discards(h, obs["piles"][0][-1], obs["piles"][1][-1], config_of(obs))


def config_of(obs: dict[str, Any]) -> int:
    return sum(1 << i for i, side in enumerate(obs["rule_sides"]) if side == 2)


# --------------------------------------------------------------------------- the agent
# Tuned by heads-up and 3-player matches against the previous values (1.7, 6, 8, 0.5): the
# values below won 62% of 1000 two-player games and 48% of 900 three-player games (fair share
# 50% / 33%). Method: /benchmarks-style seeded matches, seats rotated (see the issue 2 note).
#: A row gains about one card per STEP of value left above its last card.
STEP = 2.0
#: Row points per turn of an average row (the opportunity cost of a turn).
RATE = 7.0
#: Worth of emptying the hand (another A-B-C cycle: a row card and more discards).
EMPTY_BONUS = 11.0
#: Worth of a double match (an extra card: one more card towards the deck's 15 points).
DOUBLE_BONUS = 0.5


def row_potential(length: int, last_value: int) -> float:
    """Expected final value of a row of ``length`` cards ending in ``last_value``, minus the
    turns it still needs (``RATE`` each)."""
    h = min(10 - length, (10 - last_value) / STEP)
    h = max(h, 0.0)
    return (length + h) ** 2 - RATE * h


#: ``row_potential(length, value)`` for every length 0-12 and card value 0-10 (the rollout
#: policy reads the same floats from the table).
_POTENTIAL = tuple(tuple(row_potential(n, v) for v in range(11)) for n in range(13))
#: The greedy agent's tie-break per card: ``0.01 * value + 0.001 * colour``.
_TIE = tuple(0.01 * VALUE[c] + 0.001 * COLOR[c] for c in range(NUM_CARDS))


class GreedyAgent:
    """A real heuristic player for Warp 99 and Ninety Nine (see the module docstring)."""

    name = "greedy"

    def __init__(self, game: Any = None, seat: int = 0, seed: int | None = None) -> None:
        self.seat = seat
        self.bonus_rule = bool(getattr(game, "bonus_rule", True))

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        phase = observation["phase"]
        if phase == "row":
            return self._row(observation, legal_actions)
        if phase == "extra_card":
            plan = plan_for(observation)
            can_empty = plan.count == len(observation["hand"])
            return A.DECLINE if self.bonus_rule and can_empty else A.TAKE
        # discard phase
        if A.FLIP_BASE in legal_actions:
            return self._flip(observation, legal_actions)
        plan = plan_for(observation)
        if plan.plays and plan.plays[0] in legal_actions:
            return plan.plays[0]
        return A.END

    def _row(self, obs: dict[str, Any], legal: list[int]) -> int:
        me = obs["player"]
        hand = obs["hand"]
        row = obs["rows"][me]
        score = obs["scores"][me]
        L = len(row)
        if A.SCORE in legal and score + L * L >= obs["target"]:
            return A.SCORE
        tops = (obs["piles"][0][-1], obs["piles"][1][-1])
        config = config_of(obs)
        best_val, best_act = float("-inf"), legal[0]
        fits = [a for a in legal if a < NUM_CARDS]
        options: list[tuple[bool, int]] = [(False, c) for c in fits]
        if A.SCORE in legal:
            options += [(True, c) for c in hand]
        for scored, c in options:
            rest = tuple(x for x in hand if x != c)
            plan = solve_discards(rest, tops[0], tops[1], config)
            if scored:
                val = L * L + row_potential(1, VALUE[c])
            else:
                val = row_potential(L + 1, VALUE[c])
            val += plan.count + DOUBLE_BONUS * plan.doubles
            if rest and plan.count == len(rest) and self.bonus_rule:
                val += EMPTY_BONUS
            # tie-break: keep colours open (prefer a colour we hold less of)
            val -= 0.01 * VALUE[c] + 0.001 * COLOR[c]
            if val > best_val:
                best_val, best_act = val, (A.SCORE if scored else c)
        return best_act

    def _flip(self, obs: dict[str, Any], legal: list[int]) -> int:
        hand = tuple(sorted(obs["hand"]))
        config = config_of(obs)
        best, best_act = 0, A.END
        for r in range(3):
            plan = solve_discards(hand, obs["piles"][0][-1], obs["piles"][1][-1], config ^ (1 << r))
            if plan.count > best:
                best, best_act = plan.count, A.FLIP_BASE + r
        return best_act


# --------------------------------------------------------------------------- search hooks
# For search bots (``ninetynine.agents.ismcts``): they call these on their own
# determinizations only, never on the true state, so reading the state here is fair.
Solution = tuple[int, int, int]  # (count, doubles, first play's action id or -1)


def _discard_solver(
    hand: tuple[int, ...] | list[int], config: int
) -> Callable[[int, int, int], Solution]:
    """``solve(mask, top0, top1)``: the best discard sequence for the cards of ``hand`` not
    in ``mask`` (bit ``i``: ``hand[i]`` is used), as ``(count, doubles, first play)``.

    The same answer as :func:`solve_discards` (same search order, same tie-breaks; a test
    compares them) but on bit masks with one memo per hand, so every "hand minus one card" of
    a row decision shares its sub-problems: about ten times faster in rollouts. For each pile
    top it looks up once which hand cards fit (a bit mask, and one for double matches), so a
    step visits only the cards that can be played instead of testing every card."""
    base = config * NUM_CARDS
    cards = tuple(hand)
    k = len(cards)
    memo: dict[int, Solution] = {}
    # per top card: (bits of the hand cards it takes, bits of those that match twice)
    fits: dict[int, tuple[int, int]] = {}
    p0 = A.PILE_BASE[0]
    p1 = A.PILE_BASE[1]

    def fit(top: int) -> tuple[int, int]:
        m = MATCH[base + top]
        f = d = 0
        for i in range(k):
            x = m[cards[i]]
            if x:
                f |= 1 << i
                if x >= 2:
                    d |= 1 << i
        got = fits[top] = (f, d)
        return got

    def solve(mask: int, a: int, b: int) -> Solution:
        key = (mask << 16) | (a << 8) | b
        got = memo.get(key)
        if got is not None:
            return got
        fa = fits.get(a) or fit(a)
        fb = fits.get(b) or fit(b)
        free_a = fa[0] & ~mask
        free_b = fb[0] & ~mask
        todo = free_a | free_b
        best_c = best_d = 0
        best_m = -1
        while todo:
            bit = todo & -todo
            todo ^= bit
            c = cards[bit.bit_length() - 1]
            sub = mask | bit
            if free_a & bit:
                sc, sd, _ = solve(sub, c, b)
                sc += 1
                if fa[1] & bit:
                    sd += 1
                if sc > best_c or (sc == best_c and sd > best_d):
                    best_c, best_d, best_m = sc, sd, p0 + c
            if free_b & bit:
                sc, sd, _ = solve(sub, a, c)
                sc += 1
                if fb[1] & bit:
                    sd += 1
                if sc > best_c or (sc == best_c and sd > best_d):
                    best_c, best_d, best_m = sc, sd, p1 + c
        got = memo[key] = (best_c, best_d, best_m)
        return got

    return solve


#: Counts already found by :func:`discard_count`, by (hand, config, top0, top1); emptied when
#: it grows past ``_COUNTS_MAX`` entries (bounded memory; answers never depend on it).
_COUNTS: dict[tuple[tuple[int, ...], int, int, int], int] = {}
_COUNTS_MAX = 1 << 16


def discard_count(hand: tuple[int, ...], config: int, top0: int, top1: int) -> int:
    """How many cards of ``hand`` the best discard sequence plays (``solve_discards(...).count``,
    a test checks it): the same search, but a branch stops once every remaining card is
    played, since no sequence can play more. For the evaluation of a search bot."""
    key = (hand, config, top0, top1)
    got = _COUNTS.get(key)
    if got is not None:
        return got
    base = config * NUM_CARDS
    k = len(hand)
    memo: dict[int, int] = {}
    fits: dict[int, int] = {}

    def fit(top: int) -> int:
        m = MATCH[base + top]
        f = 0
        for i in range(k):
            if m[hand[i]]:
                f |= 1 << i
        fits[top] = f
        return f

    def count(mask: int, left: int, a: int, b: int) -> int:
        key = (mask << 16) | (a << 8) | b
        got = memo.get(key)
        if got is not None:
            return got
        fa = fits.get(a)
        if fa is None:
            fa = fit(a)
        fb = fits.get(b)
        if fb is None:
            fb = fit(b)
        free_a = fa & ~mask
        free_b = fb & ~mask
        todo = free_a | free_b
        best = 0
        while todo and best < left:
            bit = todo & -todo
            todo ^= bit
            c = hand[bit.bit_length() - 1]
            if free_a & bit:
                n = count(mask | bit, left - 1, c, b) + 1
                if n > best:
                    best = n
                    if best == left:
                        break
            if free_b & bit:
                n = count(mask | bit, left - 1, a, c) + 1
                if n > best:
                    best = n
        memo[key] = best
        return best

    got = count(0, k, top0, top1)
    if len(_COUNTS) >= _COUNTS_MAX:
        _COUNTS.clear()
    _COUNTS[key] = got
    return got


#: The last solver built, as (config, hand, solve): a turn's later discards are sub-problems
#: of its row decision's solver (the same hand minus the cards played since).
_LAST_SOLVER: list[Any] = [-1, (), None, {}]


#: Solvers by (config, hand), with each card's bit: a search tries every root move on many
#: determinizations, and each move leaves the same hand every time (emptied when it grows past
#: ``_SOLVERS_MAX``: bounded memory; answers never depend on it).
_SOLVERS: dict[tuple[int, tuple[int, ...]], tuple[Any, dict[int, int]]] = {}
_SOLVERS_MAX = 256


def _solver_for(hand: list[int], config: int) -> tuple[Any, int, dict[int, int]]:
    """``(solve, mask, bit)`` for ``hand``: the last solver when ``hand`` is part of the hand
    it was built for (else the one kept for this hand, or a new one; it becomes the last), the
    mask of that hand's cards not in ``hand``, and each card's bit in it."""
    last_config, last_hand, solve, bit = _LAST_SOLVER
    if last_config == config:
        mask = 0
        i = 0
        n = len(last_hand)
        for c in hand:  # both sorted: is hand a subset of last_hand?
            while i < n and last_hand[i] < c:
                mask |= 1 << i
                i += 1
            if i == n or last_hand[i] != c:
                break
            i += 1
        else:
            while i < n:
                mask |= 1 << i
                i += 1
            return solve, mask, bit
    new_hand = tuple(hand)
    key = (config, new_hand)
    got = _SOLVERS.get(key)
    if got is None:
        if len(_SOLVERS) >= _SOLVERS_MAX:
            _SOLVERS.clear()
        solve = _discard_solver(new_hand, config)
        bit = {c: 1 << i for i, c in enumerate(new_hand)}
        got = _SOLVERS[key] = (solve, bit)
    solve, bit = got
    _LAST_SOLVER[:] = [config, new_hand, solve, bit]
    return solve, 0, bit


def _solve_hand(hand: list[int], config: int, top0: int, top1: int, skip: int = -1) -> Solution:
    """The best discards of ``hand`` (minus card ``skip``) on the given tops, reusing the last
    solver when ``hand`` is part of the hand it was built for."""
    solve, mask, bit = _solver_for(hand, config)
    if skip >= 0:
        mask |= bit[skip]
    return solve(mask, top0, top1)  # type: ignore[no-any-return]


def rollout_policy(state: Any, rng: Any = None) -> int:
    """The ``greedy`` agent's move in ``state`` (a Warp 99 / Ninety Nine state), read straight
    from the state with :func:`_discard_solver`: the same choice as
    ``GreedyAgent(game).step(state.observation(p), legal)`` (a test checks it), several times
    faster. ``rng`` is unused (the greedy agent is deterministic)."""
    legal = state._legal  # the state's cached legal list, read only (no copy)
    if legal is None:
        legal = state._legal = state._compute_legal()
    if len(legal) == 1:
        return int(legal[0])
    p = state.player
    hand = state.hands[p]
    top0, top1 = state.piles[0][-1], state.piles[1][-1]
    config = state.config
    phase = state.phase
    if phase == 0:  # row
        return _rollout_row(state, p, hand, top0, top1, config, legal)
    if phase == 2:  # extra card
        count = _solve_hand(hand, config, top0, top1)[0]
        can_empty = count == len(hand)
        return A.DECLINE if state.game.bonus_rule and can_empty else A.TAKE
    if A.FLIP_BASE in legal:
        best, best_act = 0, A.END
        for r in range(3):
            count = _solve_hand(hand, config ^ (1 << r), top0, top1)[0]
            if count > best:
                best, best_act = count, A.FLIP_BASE + r
        return best_act
    first = _solve_hand(hand, config, top0, top1)[2]
    return first if first >= 0 else A.END


def _rollout_row(
    state: Any, p: int, hand: list[int], top0: int, top1: int, config: int, legal: list[int]
) -> int:
    """:meth:`GreedyAgent._row` on the state, every option's discards from one solver."""
    row = state.rows[p]
    L = len(row)
    can_score = A.SCORE in legal
    if can_score and state.scores_[p] + L * L >= state.game.target:
        return A.SCORE
    bonus = state.game.bonus_rule
    best_val, best_act = float("-inf"), legal[0]
    fits = [a for a in legal if a < NUM_CARDS]
    options: list[tuple[bool, int]] = [(False, c) for c in fits]
    if can_score:
        options += [(True, c) for c in hand]
    n_rest = len(hand) - 1
    solve, mask, bit = _solver_for(hand, config)
    grown = _POTENTIAL[L + 1]  # a row holds at most 11 cards (values 0-10)
    for scored, c in options:
        count, doubles, _ = solve(mask | bit[c], top0, top1)
        if scored:
            val = L * L + _POTENTIAL[1][VALUE[c]]
        else:
            val = grown[VALUE[c]]
        val += count + DOUBLE_BONUS * doubles
        if n_rest and count == n_rest and bonus:
            val += EMPTY_BONUS
        val -= _TIE[c]
        if val > best_val:
            best_val, best_act = val, (A.SCORE if scored else c)
    return best_act


class LookPolicy:
    """A rollout policy for the search bot's own turn: ``greedy``, except that at a row or
    extra-card choice of ``seat`` (the searching seat) every legal move is played on a copy of
    the state, greedy to the end of the turn (or of the game), and the move ``evaluate`` rates
    best for ``seat`` is kept (greedy's own unless another is strictly better).

    Before each move is tried, the copy's personal deck of ``seat`` and the reserve are
    reshuffled and its RNG re-seeded, from one seed drawn from the rollout's ``rng`` (the same
    for every move): the choice compares the moves on the same fresh draws, and does not see
    the draws the rollout itself will make. ``_core.c``'s ``look_move`` is the same policy
    (the same moves, values and draws; ``tests/agents/test_fast_rollout.py``).

    Meant for rollouts cut after the turn (``depth=1``): the search calls it only on its own
    determinizations, so reading the state here is fair. A class, so the agent pickles.
    """

    def __init__(self, seat: int, evaluate: Callable[[Any], list[float]]) -> None:
        self.seat = seat
        self.evaluate = evaluate

    def __call__(self, state: Any, rng: Any) -> int:
        ga = rollout_policy(state)
        me = state.player
        if me != self.seat or state.phase not in (0, 2):  # row, extra card
            return ga
        legal = state._legal
        if len(legal) == 1:
            return ga
        from ninetynine.core.rng import Rng

        seed = rng.next_u64()
        best, best_a = 0.0, ga
        for a in (ga, *(x for x in legal if x != ga)):
            c = state.clone()
            r = Rng(0)
            r.setstate(seed)
            r.shuffle(c.decks[me])
            r.shuffle(c.reserve)
            c.rng.setstate(r.next_u64())
            c.apply_action(a)
            while not c.is_terminal() and c.player == me:
                c.apply_action(rollout_policy(c))
            v = c.returns() if c.is_terminal() else self.evaluate(c)
            if a == ga or v[me] > best:
                best, best_a = v[me], a
        return best_a


def _tops(state: Any) -> tuple[int, int]:
    return state.piles[0][-1], state.piles[1][-1]


def search_candidates(state: Any, legal: list[int]) -> list[int]:
    """The moves a search tree branches on: Action B is one macro move.

    Row phase, extra card and flips: every legal move (the decisions that matter). Discard
    phase with a card to play: only the first play of the exact solver's best sequence
    (``solve_discards``), so a search never branches on the order of the plays nor on
    stopping early (measured: a tree that may stop early learns to stop, because stopping
    leaves its own later, exploratory choices out of the average).
    """
    if state.phase != 1 or A.FLIP_BASE in legal or len(legal) <= 1:
        return legal
    first = _solve_hand(state.hands[state.player], state.config, *_tops(state))[2]
    return [first] if first >= 0 else legal


#: Win-chance model for cut-off rollouts, fitted (conditional logit, i.e. a softmax over the
#: seats) on the turn-start positions of greedy self-play games (seeded; 1,500 games per
#: player count for Warp 99, whose ``bonus_rule`` is on, 1,000 for Ninety Nine, off; default
#: options otherwise). Per seat, the weights of:
#: score minus the cards left in the personal deck (one weight, so emptying a deck, +15
#: points and 15 new cards, leaves the value unchanged); L^2, L, (L+h)^2 and h, where L is the
#: row's length and h = min(10 - L, (10 - last value) / 2) the cards it may still take;
#: "scoring the row now reaches the target"; the hand cards that fit the row (at most 3; 0 for
#: an empty row); the cards the exact solver discards on the current piles; "a row no hand
#: card fits"; then, per player count, being 1, 2, 3 seats after the seat to move.
#: Held-out log-loss, Warp 99: 0.549 (uniform guess 0.693) with 2 players, 0.869 (1.099) with
#: 3, 1.050 (1.386) with 4; the hand terms take 0.013-0.017 off the log-loss of the rest.
_EVAL_WEIGHTS: dict[bool, dict[int, tuple[tuple[float, ...], tuple[float, ...]]]] = {
    True: {
        2: (
            (0.0609, 0.0523, 0.0159, 0.0073, -0.1090, 0.9434, 0.1482, 0.1298, -0.0858),
            (-0.3497,),
        ),
        3: (
            (0.0643, 0.0433, 0.0255, 0.0134, -0.0972, 1.0772, 0.0616, 0.1446, -0.0345),
            (-0.3058, -0.5508),
        ),
        4: (
            (0.0672, 0.0534, -0.0001, 0.0121, -0.0776, 0.9491, 0.0475, 0.1304, -0.0325),
            (-0.2671, -0.5369, -0.7257),
        ),
    },
    False: {
        2: (
            (0.1446, 0.0877, 0.1231, 0.0370, -0.2860, 1.4483, 0.1891, 0.0678, -0.2976),
            (-0.5853,),
        ),
        3: (
            (0.1522, 0.0938, -0.0342, 0.0636, -0.4933, 1.5526, 0.2455, 0.0620, -0.2548),
            (-0.4472, -0.8726),
        ),
        4: (
            (0.1699, 0.0978, 0.0654, 0.0641, -0.4829, 1.6574, 0.2481, 0.0565, -0.3869),
            (-0.3901, -0.7697, -1.1400),
        ),
    },
}


def evaluate(state: Any) -> list[float]:
    """Per seat, the expected return (``2 * P(win) - 1``) of a Warp 99 / Ninety Nine state
    under the fitted win-chance model above (a search bot's cut-off evaluation)."""
    game = state.game
    n = game.num_players
    w, pos_w = _EVAL_WEIGHTS[bool(game.bonus_rule)][n]
    target = game.target
    mover = state.player
    top0, top1 = _tops(state)
    utils = []
    for q in range(n):
        score = state.scores_[q]
        hand = state.hands[q]
        length = len(state.rows[q])
        if length:
            last = state.row_last[q]
            colors = state.row_colors[q]
            h = max(0.0, min(10 - length, (10 - last) / 2.0))
            grown = (length + h) ** 2
            fits = sum(1 for c in hand if VALUE[c] > last and not colors >> COLOR[c] & 1)
        else:
            h = grown = 0.0
            fits = len(hand)
        discards = discard_count(tuple(hand), state.config, top0, top1)
        u = (
            w[0] * (score - len(state.decks[q]))
            + w[1] * length * length
            + w[2] * length
            + w[3] * grown
            + w[4] * h
            + (w[5] if score + length * length >= target else 0.0)
            + (w[6] * min(fits, 3) if length else 0.0)
            + w[7] * discards
            + (w[8] if length and not fits else 0.0)
        )
        k = (q - mover) % n
        if k:
            u += pos_w[k - 1]
        utils.append(u)
    return softmax_returns(utils)
