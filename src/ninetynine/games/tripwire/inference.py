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

from typing import TYPE_CHECKING, Any, cast

from ninetynine.core.rng import Rng

from .actions import DRAW, PLAY_MAX, TAKE
from .cards import NULL, NUM_KINDS
from .rules import SLOTS, slot_card, valid_slots
from .turn import WAVE

if TYPE_CHECKING:
    from .state import TripwireState

#: An event of a seat's record: ``(kind, data)``: ``LOSE`` a card (its kind) played, ``GAIN``
#: cards drawn (how many), ``FORBID`` kinds its hand held none of (a frozenset of kinds).
LOSE, GAIN, FORBID = 0, 1, 2

#: The stand-in state's filler card: a Null, which fits no dock.
_FILLER = NULL

_CACHE: dict[tuple[Any, ...], tuple[Any, list[list[tuple[int, Any]]]]] = {}


def public_record(s: TripwireState) -> list[list[tuple[int, Any]]]:
    """Per seat, its events in the order they happened (see :data:`LOSE`), replayed from
    ``s``'s moves alone on a stand-in state: a fresh deal whose hands and draw pile hold only
    filler cards (the card a move plays is put into the mover's hand just before it), so that
    who moved, the docks, the waves and the turns follow the moves as in the real game.

    Remembered for the last record asked (a search asks for it once per determinization)."""
    game = s.game
    key = (len(s.hist), tuple(s.hist))
    got = _CACHE.get(key)
    # the game itself, not its id: a freed game's id may be another game's (other options)
    if got is not None and got[0] is game:
        return got[1]
    n = game.num_players
    g = cast("TripwireState", game.new_initial_state(0))
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
                out[q].append((GAIN, len(g.hands[q]) - before))
            else:
                g.hands[q].append(_FILLER)  # the filler it played stands in for the Null
            continue
        if a < PLAY_MAX:
            k = slot_card(a % SLOTS)
            g.hands[q].append(k)
            out[q].append((LOSE, k))
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
        g._legal = [a]
        g.apply_action(a)
        if g.is_terminal():
            break
    _CACHE.clear()
    _CACHE[key] = (game, out)
    return out


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
    what the seat's forced moves said (:func:`constraints`). ``candidates`` (the ``infer``
    option) only switches it on; ``0``: ``state`` unchanged. Off under ``bonus_no_play=lose``
    (whether a bonus turn is lost depends on the hand, which the stand-in replay lacks)."""
    s: TripwireState = state
    if candidates <= 0 or s.is_terminal() or s.game.lose_idle_bonus:
        return s
    record = public_record(s)
    for q in range(s.game.num_players):
        if q == seat or not s.hands[q]:
            continue
        cons = constraints(record[q], len(s.hands[q]), rng)
        if not any(cons):
            continue
        pool = s.hands[q] + s.draw
        order = sorted(range(len(cons)), key=lambda j: -len(cons[j]))
        hand: list[int] = []
        for j in order:
            f = cons[j]
            ok = [i for i, k in enumerate(pool) if k not in f] if f else []
            i = ok[rng.randbelow(len(ok))] if ok else rng.randbelow(len(pool))
            hand.append(pool[i])
            pool[i] = pool[-1]
            pool.pop()
        rng.shuffle(pool)
        s.hands[q] = sorted(hand)
        s.draw = pool
        s._legal = None
    return s


__all__ = ["FORBID", "GAIN", "LOSE", "constraints", "public_record", "reweigh"]
