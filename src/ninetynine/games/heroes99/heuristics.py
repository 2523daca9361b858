"""99 Heroes heuristics: a position evaluation and the ``greedy`` agent.

The greedy agent sees only its observation. It rebuilds a position from it
(:meth:`HeroesState.from_observation`: the cards it cannot see dealt at random) and tries its
moves there, one turn deep:

* **evaluation** (:func:`evaluate`): for each lane and each pair of heroes, the chance that one
  exceeds the other when the lane is scored, from the Strength margin now and the room each
  hero still has (a hero with room will take about 3.8 more Strength per free place; the more
  room, the less certain the margin); a hero's points (``points`` rule) weigh it, resolved
  lanes count as tallied, and the lowest-wins and wins-ties rules apply. The value is the
  seat's expected points minus the best other seat's. Because the chance saturates, Strength
  beyond a safe margin is worth almost nothing: the agent **wins lanes by small margins** and
  puts its cards where they swing a lane, not where it already leads;
* **a turn** (:func:`choose`): every play is scored with its skill step and the choices after
  it made the same way (the four best plays by the evaluation are explored fully), so a skill
  is activated when it helps and its targets are the ones that help most; the Bonus Turn is
  taken when it scores better (taking it when every hero is full ends the game);
* **hands**: a card to discard or to bolster from the hand is the one worth least on a hero;
  a Clash card is the highest (the lowest under Giant Slayer);
* **heroes** are placed at random (seeded): simulations then measure every hero, and the lanes
  are alike before the reveal.
"""

from __future__ import annotations

import math
from typing import Any

from ninetynine.core.rng import Rng

from . import rules as R
from .cards import RANK, clash_rank, strength_value
from .state import OVER, HeroesState

#: Strength a free place on a hero is expected to add before the lane is scored.
PER_ROOM = 3.8
#: Value of one card in hand.
HAND_CARD = 0.03
#: How many of the best plays are explored with their skill step.
TOP_PLAYS = 4
#: Decisions played out after a move, within the turn.
SETTLE_STEPS = 12


def _p_exceeds(s: HeroesState, ln: int, q: int, r: int, sq: int, sr: int) -> float:
    room_q = max(0, R.capacity(s, q, ln) - len(s.active[q][ln]))
    room_r = max(0, R.capacity(s, r, ln) - len(s.active[r][ln]))
    if room_q == 0 and room_r == 0:
        return 1.0 if R.exceeds(s, ln, q, r, sq, sr) else 0.0
    margin = (sq + PER_ROOM * room_q) - (sr + PER_ROOM * room_r)
    low = any(
        s.heroes[x][ln] >= 0 and s.rules[s.heroes[x][ln]].get("lowest_wins")
        for x in range(len(s.heroes))
    )
    if low:
        margin = -margin
    if s.rules[s.heroes[q][ln]].get("wins_ties"):
        margin += 0.5
    sd = 1.5 + 2.5 * math.sqrt(room_q + room_r)
    return 1.0 / (1.0 + math.exp(-1.6 * margin / sd))


def expected_points(s: HeroesState) -> list[float]:
    """Per seat, the points it is expected to have when the game ends (see the module)."""
    n, L = s.game.num_players, s.game.lanes
    e = [0.0] * n
    for ln in range(L):
        res = s.lane_result[ln]
        if res is not None:
            for q in range(n):
                e[q] += res["points"][q]
            continue
        seats = [q for q in range(n) if s.heroes[q][ln] >= 0]
        st = {q: R.strength(s, q, ln) for q in seats}
        for q in seats:
            w = s.rules[s.heroes[q][ln]].get("points", 1)
            for r in seats:
                if r != q:
                    e[q] += w * _p_exceeds(s, ln, q, r, st[q], st[r])
    return e


def evaluate(s: HeroesState, me: int) -> float:
    """The position's value for seat ``me``: expected points minus the best other seat's, plus
    a little per card in hand; a finished game is worth +-100 (plus the points margin)."""
    if s.phase == OVER:
        pts = s.points()
        best_other = max(p for q, p in enumerate(pts) if q != me)
        return 100.0 * s.returns()[me] + pts[me] - best_other
    e = expected_points(s)
    other = max(v for q, v in enumerate(e) if q != me)
    return e[me] - other + HAND_CARD * len(s.hands[me])


def card_worth(c: int, ace: int = 1) -> float:
    """How much a card is worth keeping: its Strength (ties broken by rank)."""
    return strength_value(c, ace) + RANK[c] / 100


def _hand_choice(s: HeroesState, legal: list[int], step: str) -> int:
    lay = s.game.layout
    cards = [a - lay.card for a in legal]
    if step == "clash":
        low = any(h >= 0 and s.rules[h].get("clash_low") for row in s.heroes for h in row)
        high = s.game.ace >= 11
        key = (
            (lambda c: (clash_rank(c, high), -card_worth(c, s.game.ace)))
            if not low
            else (lambda c: (-clash_rank(c, high), -card_worth(c, s.game.ace)))
        )
        return lay.card + max(cards, key=key)
    return lay.card + min(cards, key=lambda c: card_worth(c, s.game.ace))


def _quick(s: HeroesState, legal: list[int]) -> int:
    """A decision made by a one-step look-ahead (hand choices by the card rules)."""
    p = s.pending
    assert p is not None
    if p["kind"] == "choose" and p["step"] in (
        "clash",
        "discard_hand",
        "discard_enemy",
        "bolster_hand",
    ):
        return _hand_choice(s, legal, p["step"])
    if p["kind"] == "pick":
        return legal[0]
    me = p["seat"]
    best, best_v = legal[0], -math.inf
    for a in legal:
        c = s.clone()
        c.apply_action(a)
        v = evaluate(c, me)
        if v > best_v:
            best, best_v = a, v
    return best


def _settle(s: HeroesState, me: int) -> None:
    """Play the rest of ``me``'s turn (its own choices and any others' within it) with
    :func:`_quick`, stopping at the next turn's play, another seat's turn, or the end."""
    for _ in range(SETTLE_STEPS):
        if s.phase == OVER or s.player != me or s.pending is None or s.pending["kind"] == "play":
            return
        s.apply_action(_quick(s, s.legal_actions()))


def _score(det: HeroesState, a: int, me: int) -> float:
    c = det.clone()
    c.apply_action(a)
    _settle(c, me)
    return evaluate(c, me)


def choose(obs: dict[str, Any], legal: list[int], game: Any, rng: Rng) -> tuple[int, float]:
    """The greedy agent's move and its value (see the module docstring)."""
    me = obs["player"]
    p = obs["pending"]
    if p["kind"] == "pick":
        return legal[rng.randbelow(len(legal))], 0.0
    det = HeroesState.from_observation(game, obs, Rng(rng.next_u64()))
    if p["kind"] == "choose" and p["step"] in (
        "clash",
        "discard_hand",
        "discard_enemy",
        "bolster_hand",
    ):
        return _hand_choice(det, legal, p["step"]), 0.0
    if p["kind"] == "play" and len(legal) > TOP_PLAYS:
        quick = []
        for a in legal:
            c = det.clone()
            c.apply_action(a)
            quick.append((evaluate(c, me), a))
        quick.sort(key=lambda x: (-x[0], x[1]))
        legal = [a for _, a in quick[:TOP_PLAYS]]
    best, best_v = legal[0], -math.inf
    for a in legal:
        v = _score(det, a, me)
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best, best_v


# ----------------------------------------------------------------------------- search hooks
def _margin(s: HeroesState, ln: int, me: int) -> tuple[int, bool]:
    """``me``'s Strength minus the strongest enemy's in lane ``ln`` (reversed in a lowest-wins
    lane), and whether the lane is lowest-wins."""
    n = s.game.num_players
    low = any(
        s.heroes[q][ln] >= 0 and s.rules[s.heroes[q][ln]].get("lowest_wins") for q in range(n)
    )
    mine = R.strength(s, me, ln)
    others = [R.strength(s, q, ln) for q in range(n) if q != me and s.heroes[q][ln] >= 0]
    if not others:
        return 0, low
    return (min(others) - mine if low else mine - max(others)), low


def rollout_policy(s: HeroesState, rng: Rng) -> int:
    """A fast policy on a (determinized) state for search rollouts: a card goes to the lane
    whose contest is closest (the highest card, the lowest in a lowest-wins lane); skills and
    optional abilities are used, Bonus Turns taken, other choices made at random."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    p = s.pending
    assert p is not None
    kind = p["kind"]
    lay = s.game.layout
    if kind == "play":
        me, lanes = p["seat"], s.game.lanes
        best: tuple[float, float, int] | None = None
        low = False
        for lane in sorted({(a - lay.play) % lanes for a in legal}):
            margin, lane_low = _margin(s, lane, me)
            key = (abs(margin), rng.random(), lane)
            if best is None or key < best:
                best, low = key, lane_low
        assert best is not None
        # the lowest card, or the highest (of equal worth, the last the set yields)
        pick, worth = -1, 0.0
        for c in {(a - lay.play) // lanes for a in legal}:
            w = card_worth(c)
            if pick < 0 or (w < worth if low else w >= worth):
                pick, worth = c, w
        return lay.play_id(pick, best[2])
    if kind in ("skill", "use", "bonus"):
        return next(a for a in legal if a != lay.pass_)
    return legal[rng.randbelow(len(legal))]


def evaluate_for_search(s: HeroesState) -> list[float]:
    """Per seat, :func:`evaluate` squashed into ``[-1, 1]`` (a search's cut-off value)."""
    return [math.tanh(evaluate(s, q) / 2) for q in range(s.game.num_players)]


class GreedyAgent:
    """The heuristic player described in the module docstring."""

    name = "greedy"

    def __init__(self, game: Any = None, seat: int = 0, seed: int | None = None) -> None:
        if game is None:
            from ninetynine.core.registry import load_game

            game = load_game("heroes99")
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        return choose(observation, legal_actions, self.game, self.rng)[0]


def _pick_hint(obs: dict[str, Any], game: Any) -> str:
    """The hero whose skills your hand matches most (a start for a person placing heroes)."""
    taken = set(obs.get("my_heroes") or [])
    best = None
    for h in game.roster.heroes:
        if h.id in taken:
            continue
        hits = sum(1 for c in obs["hand"] for s in h.skills if s.matches(c // 13, RANK[c]))
        if best is None or hits > best[0]:
            best = (hits, h)
    assert best is not None
    hits, hero = best
    return (
        f"{hero.id}@<lane>: {hero.name}'s skills match {hits} card{'s' if hits != 1 else ''} of "
        "your hand (lanes are alike until the heroes are revealed)"
    )


def explain_choice(obs: dict[str, Any], game: Any) -> str | None:
    """One line: what the greedy agent would do here and why, e.g. ``"7H>2 skill1: your
    expected points 2.1 against 1.3"``; ``None`` for a spectator or when it is not the seat's
    decision."""
    me = obs.get("player")
    if me is None or "hand" not in obs or obs["current_player"] != me or obs["pending"] is None:
        return None
    if obs["pending"]["kind"] == "pick":
        return _pick_hint(obs, game)
    det = HeroesState.from_observation(game, obs, Rng(1))
    legal = det.legal_actions()
    a, _ = choose(obs, legal, game, Rng(1))
    c = det.clone()
    moves = [c.action_to_string(a)]
    c.apply_action(a)
    for _ in range(SETTLE_STEPS):
        if c.phase == OVER or c.player != me or c.pending is None or c.pending["kind"] == "play":
            break
        if c.pending["seat"] != me:
            break
        if c.pending["kind"] == "choose" and c.pending["step"] in (
            "clash",
            "bolster_hand",
            "discard_hand",
        ):
            break
        b = _quick(c, c.legal_actions())
        moves.append(c.action_to_string(b))
        c.apply_action(b)
    e = expected_points(c)
    other = max(v for q, v in enumerate(e) if q != me)
    why = f"expected points {e[me]:.1f} for you against {other:.1f}"
    if c.phase == OVER:
        w = c.winner()
        why = "the game ends: " + ("you win" if w == me else "a draw" if w is None else "you lose")
    return " ".join(moves) + ": " + why


__all__ = ["GreedyAgent", "card_worth", "choose", "evaluate", "expected_points", "explain_choice"]
