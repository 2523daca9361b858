"""What the other seats' own moves say about their hidden Tripwire cards (an opponent model).

For search bots (:mod:`ninetynine.agents.ismcts`, option ``infer``): a determinization drawn by
:meth:`TripwireState.resample` deals the other hands uniformly from the hidden cards. But two
of a seat's moves are forced by the rules and so say what it did not hold:

* ``draw``: "2. If No Plays: Draw exactly 1 card" (Tripwire System Manual § 04): the seat's
  hand then held no card that fitted any dock (the docks as they were);
* ``take`` when not at the wall: "Take Hit: If you cannot Null" (§ 06; D18, option
  ``must_null``, the default): the seat held no Null.

The cards it held then and still holds now obey those constraints; the cards it drew since do
not. :func:`reweigh` rebuilds, for each other seat, when each of its present cards came into
its hand (walking its public record back from now: a card played is put back, a draw takes
back one card of the hand, chosen at random, as ONO 99's model does), collects for each card
the constraints of the moments it was held, and re-deals the seat's hand from its own hidden
cards and the draw pile so that each card obeys its constraints (the most constrained first,
each uniformly among the hidden cards that fit; a card no hidden card can satisfy is dealt
freely). The draw pile is the rest, shuffled.

Fair by construction: it reads only the determinization it is given (itself drawn from what the
searching seat may see) and the public record (the moves; the docks, waves and turns they
made, replayed by :func:`public_record` on a stand-in state); nothing of the true deal. Two
true states that look the same to the seat give the same re-deals for the same ``rng``
(``tests/games/tripwire/test_inference.py``).
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ninetynine.core.rng import Rng

from .actions import DRAW, PLAY_MAX, TAKE
from .cards import NULL, NUM_KINDS
from .heuristics import game_plan
from .rules import SLOTS, slot_card, valid_slots
from .turn import WAVE

if TYPE_CHECKING:
    from .state import TripwireState

#: An event of a seat's record: ``(kind, data)``: ``LOSE`` a card (its kind) played, ``GAIN``
#: cards drawn (how many), ``FORBID`` kinds its hand held none of (a frozenset of kinds).
LOSE, GAIN, FORBID = 0, 1, 2

#: The stand-in state's filler card: a Null, which fits no dock.
_FILLER = NULL

_CACHE: dict[tuple[Any, ...], tuple[Any, Any, Any]] = {}


class PlayTurn(NamedTuple):
    """A seat's turn with a play, as the table saw it: ``view`` (the fields of its
    observation at the turn's start that :func:`~.heuristics.plan_turn` reads, without the
    hand), ``plays`` (its play actions in that turn, in order), ``at`` (the length of the
    seat's record, :func:`public_record`, when the turn began) and ``done`` (the turn is over)."""

    view: dict[str, Any]
    plays: tuple[int, ...]
    at: int
    done: bool


def public_record(s: TripwireState) -> list[list[tuple[int, Any]]]:
    """Per seat, its events in the order they happened (see :data:`LOSE`), replayed from
    ``s``'s moves alone on a stand-in state: a fresh deal whose hands and draw pile hold only
    filler cards (the card a move plays is put into the mover's hand just before it), so that
    who moved, the docks, the waves and the turns follow the moves as in the real game.

    Remembered for the last record asked (a search asks for it once per determinization)."""
    return _replay(s)[0]


def play_turns(s: TripwireState) -> list[list[PlayTurn]]:
    """Per seat, its turns with a play (:class:`PlayTurn`), oldest first, from the same replay
    as :func:`public_record` (hand sizes are the true ones, from the deal size and the record;
    the side pile is emptied when the real draw pile runs out, D22)."""
    return _replay(s)[1]


def _replay(s: TripwireState) -> tuple[list[list[tuple[int, Any]]], list[list[PlayTurn]]]:
    game = s.game
    key = (len(s.hist), tuple(s.hist))
    got = _CACHE.get(key)
    # the game itself, not its id: a freed game's id may be another game's (other options)
    if got is not None and got[0] is game:
        return got[1], got[2]
    n = game.num_players
    g = cast("TripwireState", game.new_initial_state(0))
    sizes = [len(h) for h in g.hands]
    left = len(g.draw)  # the real draw pile's size: D22 rebuilds it from the side pile
    turns: list[list[list[Any]]] = [[] for _ in range(n)]
    g.hands = [[_FILLER] * 64 for _ in range(n)]
    g.draw = [_FILLER] * 512
    table = valid_slots(game.rules)
    fits: dict[tuple[tuple[int, ...], tuple[int, ...]], frozenset[int]] = {}
    out: list[list[tuple[int, Any]]] = [[] for _ in range(n)]
    for a in s.hist:
        if len(g.draw) < 64:
            g.draw.extend([_FILLER] * 512)
        q = g.current_player()
        if g.phase == WAVE:
            before = len(g.hands[q])
            if a == TAKE:
                if game.must_null and q != g.w_init:
                    out[q].append((FORBID, frozenset((NULL,))))
            else:
                out[q].append((LOSE, NULL))
            g._legal = [a]
            g.apply_action(a)
            if a == TAKE:
                gained = len(g.hands[q]) - before
                out[q].append((GAIN, gained))
                sizes[q] += gained
                left = _drawn(g, left, gained)
            else:
                g.hands[q].append(_FILLER)  # the filler it played stands in for the Null
                sizes[q] -= 1
            continue
        if a < PLAY_MAX:
            k = slot_card(a % SLOTS)
            if g.t_played == 0:  # the turn's first play: what the seat saw when it planned
                turns[q].append([_turn_view(g, q, sizes), [], len(out[q]), g.turn])
            if turns[q]:
                turns[q][-1][1].append(a)
            g.hands[q].append(k)
            out[q].append((LOSE, k))
            sizes[q] -= 1
        elif a == DRAW:
            dk = (tuple(g.colors), tuple(g.values))
            f = fits.get(dk)
            if f is None:
                rows = [table[g.colors[d] * 10 + g.values[d]] for d in range(3)]
                f = fits[dk] = frozenset(
                    k for k in range(NUM_KINDS) if rows[0][k] or rows[1][k] or rows[2][k]
                )
            out[q].append((FORBID, f))
            out[q].append((GAIN, 1))
            sizes[q] += 1
            left = _drawn(g, left, 1)
        g._legal = [a]
        g.apply_action(a)
        if g.is_terminal():
            break
    over = s.is_terminal()
    last = [
        [
            PlayTurn(t[0], tuple(t[1]), t[2], over or not (g.player == q and g.turn == t[3]))
            for t in ts
        ]
        for q, ts in enumerate(turns)
    ]
    _CACHE.clear()
    _CACHE[key] = (game, out, last)
    return out, last


def _drawn(g: TripwireState, left: int, k: int) -> int:
    """The real draw pile's size after ``k`` cards were drawn from it (``left`` before): when
    it is empty the side pile becomes the draw pile (D22), so the stand-in's side pile is
    emptied then too."""
    for _ in range(k):
        if not left:
            left = len(g.side)
            g.side = []
            if not left:
                break
        left -= 1
    return left


def _turn_view(g: TripwireState, q: int, sizes: list[int]) -> dict[str, Any]:
    """The fields of seat ``q``'s observation that the planner reads, but its hand, on the
    stand-in state ``g`` (``sizes``: the true hand sizes)."""
    return {
        "player": q,
        "num_players": g.game.num_players,
        "turn": g.turn,
        "hand_sizes": sizes[:],
        "deck": g.game.counts,
        "side_pile": g.side[:],
        "docks": [
            {"color": g.colors[d], "value": g.values[d], "stack": g.docks[d][:]} for d in range(3)
        ],
        "this_turn": g.this_turn_view(),
    }


def constraints(record: list[tuple[int, Any]], size: int, rng: Rng) -> list[frozenset[int]]:
    """Per card of a hand of ``size`` cards now, the kinds it cannot be: the seat's
    ``record`` walked back from now (a played card put back; each draw takes back cards of
    the hand chosen at random, ``rng``: those came in then and obey no earlier constraint)."""
    # entries: >= 0 a card of the hand now (its index), -1 a card played later
    held = list(range(size))
    forbid: list[set[int]] = [set() for _ in range(size)]
    for kind, data in reversed(record):
        if kind == LOSE:
            held.append(-1)
        elif kind == GAIN:
            for _ in range(min(data, len(held))):
                i = rng.randbelow(len(held))
                held[i] = held[-1]
                held.pop()
            if not any(j >= 0 for j in held):
                break
        else:
            for j in held:
                if j >= 0:
                    forbid[j] |= data
    return [frozenset(f) for f in forbid]


def reweigh(state: Any, seat: int, rng: Rng, candidates: int) -> Any:
    """``state`` (a determinization for ``seat``; changed in place and returned) with each
    other seat's hand re-dealt from its own cards and the draw pile so that every card obeys
    what the seat's forced moves said (:func:`constraints`). ``candidates`` is the ``infer``
    option: ``0``: ``state`` unchanged; ``1``: that re-deal; ``N >= 2`` (heads-up; with more
    players as ``1``): also the soft likelihood of the other seat's own choices,
    :func:`greedy_bank`: the hand is one of ``N`` such re-deals, drawn in proportion to how
    likely the seat's latest turn with a play was under ``greedy``. Off under
    ``bonus_no_play=lose`` (whether a bonus turn is lost depends on the hand, which the
    stand-in replay lacks)."""
    s: TripwireState = state
    if candidates <= 0 or s.is_terminal() or s.game.lose_idle_bonus:
        return s
    record = public_record(s)
    turns = play_turns(s) if candidates >= 2 and s.game.num_players == 2 else None
    for q in range(s.game.num_players):
        if q == seat or not s.hands[q]:
            continue
        if turns is not None and turns[q]:
            pool = s.hands[q] + s.draw
            hands, weights = greedy_bank(s, q, record[q], turns[q][-TURNS:], candidates)
            x = rng.random() * sum(weights)
            pick = 0
            while pick < len(hands) - 1 and x >= weights[pick]:
                x -= weights[pick]
                pick += 1
            hand = list(hands[pick])
            for k in hand:
                pool.remove(k)
            rng.shuffle(pool)
            s.hands[q] = hand
            s.draw = pool
            s._legal = None
            continue
        cons = constraints(record[q], len(s.hands[q]), rng)
        if not any(cons):
            continue
        hand, pool = _deal(s.hands[q] + s.draw, cons, rng)
        rng.shuffle(pool)
        s.hands[q] = hand
        s.draw = pool
        s._legal = None
    return s


def _deal(pool: list[int], cons: list[frozenset[int]], rng: Rng) -> tuple[list[int], list[int]]:
    """A hand of ``len(cons)`` cards from ``pool`` (changed; returned as the rest, unshuffled)
    whose ``j``-th card avoids the kinds ``cons[j]`` (the most constrained first, each
    uniformly among the cards that fit; one no card can satisfy is dealt freely)."""
    order = sorted(range(len(cons)), key=lambda j: -len(cons[j]))
    hand: list[int] = []
    for j in order:
        f = cons[j]
        ok = [i for i, k in enumerate(pool) if k not in f] if f else []
        i = ok[rng.randbelow(len(ok))] if ok else rng.randbelow(len(pool))
        hand.append(pool[i])
        pool[i] = pool[-1]
        pool.pop()
    return sorted(hand), pool


#: A re-deal's weight is ``EPSILON ** m``, ``m`` the seat's turns (of its latest
#: :data:`TURNS` with a play) that ``greedy`` would not have played as it did with that hand.
EPSILON = 0.05
TURNS = 3

_BANK: dict[tuple[Any, ...], tuple[Any, list[tuple[int, ...]], list[float]]] = {}
BANK_SIZE = 64


def greedy_bank(
    s: TripwireState, q: int, record: list[tuple[int, Any]], turns: list[PlayTurn], size: int
) -> tuple[list[tuple[int, ...]], list[float]]:
    """``size`` hands for seat ``q`` (each re-dealt as :func:`reweigh` does with ``infer=1``,
    from ``q``'s hand and the draw pile of ``s``) and their weights: :data:`EPSILON` to the
    power of :func:`greedy_misses` (of ``turns``, ``q``'s latest turns with a play).

    The bank depends only on the public record and the multiset of the cards the searching
    seat cannot see (the same in every determinization of its view, heads-up), and its draws
    come from an :class:`Rng` seeded by them, so it is made once per decision (remembered for
    the last :data:`BANK_SIZE` positions) and two twin states get the same bank."""
    game = s.game
    pool0 = sorted(s.hands[q] + s.draw)
    key = (q, size, len(s.hands[q]), tuple(pool0), tuple(s.hist))
    got = _BANK.get(key)
    if got is not None and got[0] is game:
        return got[1], got[2]
    brng = Rng(zlib.crc32(repr(key).encode()))
    hands: list[tuple[int, ...]] = []
    weights: list[float] = []
    n_hand = len(s.hands[q])
    for _ in range(size):
        cons = constraints(record, n_hand, brng)
        hand, _rest = _deal(pool0[:], cons, brng)
        hands.append(tuple(hand))
        weights.append(EPSILON ** greedy_misses(game, hand, record, turns, brng))
    if len(_BANK) >= BANK_SIZE:
        _BANK.clear()
    _BANK[key] = (game, hands, weights)
    return hands, weights


def greedy_misses(
    game: Any, hand: list[int], record: list[tuple[int, Any]], turns: list[PlayTurn], rng: Rng
) -> int:
    """How many of ``turns`` (a seat's turns with a play, oldest first) the ``greedy`` agent
    (:func:`~.heuristics.plan_turn`) would not have played as the seat did, had the seat held
    ``hand`` now: the hand at each turn's start rebuilt by walking ``record`` back from now
    (a card played is put back; a draw or a hit takes back cards of the hand chosen at random,
    ``rng``, as :func:`constraints` does), then the plan on the turn's view compared with its
    plays (with a prefix of the plan if the turn goes on)."""
    held = list(hand)
    end = len(record)
    misses = 0
    for turn in reversed(turns):
        for kind, data in reversed(record[turn.at : end]):
            if kind == LOSE:
                held.append(data)
            elif kind == GAIN:
                for _ in range(min(data, len(held))):
                    i = rng.randbelow(len(held))
                    held[i] = held[-1]
                    held.pop()
        end = turn.at
        view = dict(turn.view)
        view["hand"] = sorted(held)
        plan = game_plan(view, game)
        if turn.done:
            misses += plan != turn.plays
        else:
            misses += plan[: len(turn.plays)] != turn.plays
    return misses


def greedy_would(
    game: Any, hand: list[int], record: list[tuple[int, Any]], turn: PlayTurn, rng: Rng
) -> bool:
    """Whether ``greedy``, holding ``hand`` now, would have played ``turn`` as the seat did
    (:func:`greedy_misses` of that turn alone)."""
    return greedy_misses(game, hand, record, [turn], rng) == 0


__all__ = [
    "EPSILON",
    "FORBID",
    "GAIN",
    "LOSE",
    "TURNS",
    "PlayTurn",
    "constraints",
    "greedy_bank",
    "greedy_misses",
    "greedy_would",
    "play_turns",
    "public_record",
    "reweigh",
]
