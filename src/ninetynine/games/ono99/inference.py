"""What the other seats' own moves say about their hidden ONO 99 cards (an opponent model).

For search bots (:mod:`ninetynine.agents.ismcts`, option ``infer``): a determinization drawn by
:meth:`Ono99State.resample` deals the other hands uniformly among the deals the table cannot
rule out. But a seat's moves say more: a ``greedy``-like seat that played a 3 on 80 most likely
held no 4-10, a seat that spent an escape early most likely held no number that fitted.
:func:`reweigh` re-deals each other seat's hand in a determinization in proportion to how
likely that seat's last moves were under a model of it (sampling-importance-resampling:
``candidates`` re-deals of the hand from the same hidden cards, one kept with probability
proportional to its likelihood).

Fair by construction: it reads only the determinization it is given (itself drawn from what the
searching seat may see) and the public history (the moves, who left when); nothing of the true
deal. Two true states that look the same to the seat give the same re-deals for the same
``rng`` (``tests/games/ono99/test_inference.py``).

The model of a seat (:func:`move_probability`): with probability ``1 - EPSILON`` it plays as the
``greedy`` agent would, softened (a softmax of greedy's scores, temperature
:data:`TEMPERATURE`: greedy's close calls are near coin flips), else a uniformly random legal
move. Which of the seat's cards it drew after each move is unknown: one is picked at random per
re-deal (every card of the hand is equally likely to be the one drawn, before the moves are
considered).

:func:`public_moves` replays the public record alone: who moved, on what total, direction and
Play 2 debt, for every action of the history (ONO 99 rulebook § How to Play, § Special Cards;
the seats that left, and when, are public, D7).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

from ninetynine.core.rng import Rng

from . import actions as A
from .cards import NUM_KINDS, ONO, PLAY2, REVERSE
from .heuristics import evaluate
from .rules import LIMIT, NEXT

if TYPE_CHECKING:
    from .state import Ono99State

#: Share of a seat's moves the model explains as uniformly random legal moves.
EPSILON = 0.1
#: Softmax temperature on greedy's scores (a score is a share of the game's equity).
TEMPERATURE = 0.02
#: The most recent moves of each seat whose likelihood weighs a re-deal.
MOVES = 2


class PublicMove(NamedTuple):
    """One action of the history as the table saw it: the seat that took it and the position
    before it (``total``, ``direction``, ``play2`` owed, ``in_game``)."""

    turn: int
    seat: int
    action: int
    total: int
    direction: int
    play2: int
    in_game: tuple[bool, ...]


def public_moves(s: Ono99State) -> list[PublicMove]:
    """Every action of ``s``'s history with its seat and the public position before it,
    replayed from the moves and the public record of who left on which turn (the turn logic
    of ``turn.py``: :func:`~.turn.take_turn`, :func:`~.turn.begin_turn`)."""
    game = s.game
    n = game.num_players
    again = game.two_player_reverse == "again"
    alive = [True] * n
    n_alive = n
    left: dict[int, list[int]] = {}
    for q in s.out_order:
        left.setdefault(s.out_turn[q], []).append(q)

    def next_alive(p: int, d: int) -> int:
        q = (p + d) % n
        while not alive[q] and q != p:
            q = (q + d) % n
        return q

    total, d, p, owe = 0, 1, 0, 0
    for q in left.get(0, ()):
        alive[q] = False
        n_alive -= 1
    if not alive[p]:
        p = next_alive(p, d)
    out: list[PublicMove] = []
    for t, a in enumerate(s.hist):
        out.append(PublicMove(t, p, a, total, d, owe, tuple(alive)))
        if a == A.EXCHANGE:
            nxt, o2 = (p, 1) if owe == 2 else (next_alive(p, d), 0)
        else:
            total = NEXT[total * NUM_KINDS + a]
            if a == PLAY2:
                nxt, o2 = next_alive(p, d), 2
            elif a == REVERSE:
                d = -d
                if owe == 2:
                    nxt, o2 = next_alive(p, d), 2
                elif n_alive == 2 and again:
                    nxt, o2 = p, 0
                else:
                    nxt, o2 = next_alive(p, d), 0
            else:
                nxt, o2 = (p, 1) if owe == 2 else (next_alive(p, d), 0)
        for q in left.get(t + 1, ()):
            alive[q] = False
            n_alive -= 1
        if not alive[nxt]:
            nxt, o2 = next_alive(nxt, d), 0
        p, owe = nxt, o2
    return out


def move_probability(
    s: Ono99State, m: PublicMove, hand: list[int], played: list[int], temperature: float
) -> float:
    """The model's chance that seat ``m.seat`` holding ``hand`` plays ``m.action`` in the
    public position ``m`` (``played``: the played pile then). 0 if it cannot be played."""
    total = m.total
    legal = sorted({k for k in hand if k != ONO and NEXT[total * NUM_KINDS + k] < LIMIT})
    n_ono = s.game.counts[ONO]
    if n_ono and hand.count(ONO) == n_ono:
        legal = [A.EXCHANGE]
    if m.action not in legal:
        return 0.0
    if len(legal) == 1:
        return 1.0
    view: dict[str, Any] = {
        "player": m.seat,
        "hand": hand,
        "total": total,
        "in_game": list(m.in_game),
        "direction": m.direction,
        "play2": m.play2,
        "deck": s.game.counts,
        "hand_sizes": [len(h) if h else 4 for h in s.hands],
        "played": played,
    }
    scored = evaluate(view, legal, s.game.options)
    top = scored[0].score
    z = 0.0
    mine = 0.0
    for o in scored:
        w = math.exp((o.score - top) / temperature)
        z += w
        if o.action == m.action:
            mine = w
    return (1.0 - EPSILON) * mine / z + EPSILON / len(legal)


def seat_likelihood(
    s: Ono99State,
    seat: int,
    hand: list[int],
    moves: list[PublicMove],
    rng: Rng,
    depth: int = MOVES,
    temperature: float = TEMPERATURE,
) -> float:
    """The model's chance of ``seat``'s last ``depth`` moves (an exchange ends the look back)
    had it held ``hand`` now: each hand before a move rebuilt from the one after by taking
    back the card played and putting back one card drawn, chosen at random (``rng``)."""
    after = hand[:]
    n_cards = sum(1 for m in moves if m.action != A.EXCHANGE)
    above = 0  # card plays after the move being looked at (their cards top the played pile)
    like = 1.0
    seen = 0
    for m in reversed(moves):
        if m.action != A.EXCHANGE:
            above += 1
        if m.seat != seat:
            continue
        if m.action == A.EXCHANGE or seen >= depth or not after:
            break
        before = after[:]
        del before[rng.randbelow(len(before))]
        before.append(m.action)
        before.sort()
        keep = max(0, len(s.played) - above)
        played = s.played[:keep] if n_cards else []
        like *= move_probability(s, m, before, played, temperature)
        if like <= 0.0:
            return 0.0
        after = before
        seen += 1
    return like


def reweigh(state: Any, seat: int, rng: Rng, candidates: int) -> Any:
    """``state`` (a determinization for ``seat``; changed in place and returned) with each
    other seat's hand re-dealt ``candidates`` times from its own hidden cards and the draw
    pile's (the same reshuffle only), one kept with probability proportional to the model's
    likelihood of that seat's last moves (:func:`seat_likelihood`).

    Only hands the table knows nothing about are re-dealt (under option ``leave=now`` every
    seat in the game must hold a move: those are left as dealt)."""
    s: Ono99State = state
    if s.game.leave == "now" or candidates <= 1 or s.ended_by:
        return s
    moves = public_moves(s)
    n = s.game.num_players
    g_draw = s.rebuilds
    for q in range(n):
        if q == seat or q == s.player or not s.alive[q] or not s.hands[q]:
            continue
        if not any(m.seat == q and m.action != A.EXCHANGE for m in moves):
            continue
        hand = s.hands[q]
        gens = s.hgen[q] if s.hgen is not None else [0] * len(hand)
        swap = [j for j, g in enumerate(gens) if g == g_draw]
        if not swap:
            continue
        fixed = [hand[j] for j in range(len(hand)) if j not in swap]
        pool = [hand[j] for j in swap] + s.draw
        options: list[list[int]] = []
        weights: list[float] = []
        k = len(swap)
        size = len(pool)
        for c in range(candidates):
            if c:  # a uniform k-subset on top (a partial Fisher-Yates shuffle)
                for i in range(k):
                    j = i + rng.randbelow(size - i)
                    pool[i], pool[j] = pool[j], pool[i]
            got = sorted(fixed + pool[:k])
            options.append(pool[:])
            weights.append(seat_likelihood(s, q, got, moves, rng))
        z = sum(weights)
        pick = 0
        if z > 0.0:
            x = rng.random() * z
            while pick < candidates - 1 and x >= weights[pick]:
                x -= weights[pick]
                pick += 1
        chosen = options[pick]
        kept = [(hand[j], gens[j]) for j in range(len(hand)) if j not in swap]
        pairs = sorted(kept + [(kind, g_draw) for kind in chosen[:k]])
        s.hands[q] = [k for k, _ in pairs]
        if s.hgen is not None:
            s.hgen[q] = [g for _, g in pairs]
        s.draw = chosen[k:]
        s._legal = None
    return s


__all__ = [
    "EPSILON",
    "MOVES",
    "TEMPERATURE",
    "PublicMove",
    "move_probability",
    "public_moves",
    "reweigh",
    "seat_likelihood",
]
