"""What the table knows about the hidden ONO 99 cards, and re-dealing them consistently.

Used by :meth:`Ono99State.resample` (decision D16 in ``docs/rules/ono99.md``). Pure functions
of public facts and an :class:`~ninetynine.core.rng.Rng`: nothing here sees where the hidden
cards really are, only how many of each kind are hidden in each *class* and which positions
belong to which class.

A **class** is the reshuffle a hidden card came from (0: the deal, ``g``: the draw pile rebuilt
for the ``g``-th time). Everyone saw which cards went into a rebuilt draw pile, so a hidden card
only trades places with hidden cards of its own class (:func:`redeal` never moves a card across
classes).

A **unit** is one hidden place: another seat's hand, the face-down cards of a seat that left,
or the draw pile. Besides the classes of its positions it carries what the table saw about it
as a whole:

* ``MOVE`` at total ``t``: the hand holds a move on ``t`` (a card that keeps ``t`` below 99, or
  all four ONO cards): it belongs to the seat to act, which did not leave (D5); under option
  ``leave=now`` to every seat still in, on the highest total it has faced with this hand;
* ``STUCK`` at total ``t``: the face-down cards of a seat that left on total ``t``: no card
  among them fits ``t`` and they are not all four ONO cards (those are exchanged, never a
  reason to leave);
* ``FREE``: nothing known (the draw pile; other hands).

:func:`redeal` deals every unit from its classes' hidden cards so that every rule holds. With
at most one ``MOVE`` unit and no ``STUCK`` unit (the usual case), the deal is exactly uniform
among the deals the seat cannot rule out; with several constrained units it is close to uniform
(each unit is dealt exactly given those dealt before it).

>>> from ninetynine.core.rng import Rng
>>> pools = {0: [0] * 15}
>>> pools[0][3], pools[0][9] = 2, 2          # hidden: 3 3 9 9
>>> units = [Unit([0, 0], MOVE, 90), Unit([0, 0], FREE, 0)]
>>> hand, draw = redeal(units, pools, 0, Rng(1))
>>> 3 in hand                                 # on 90 only a 3 fits (a 9 would make 99)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ninetynine.core.rng import Rng

from .cards import NUM_KINDS, ONO
from .rules import PLAYABLE

#: Unit rules.
FREE, MOVE, STUCK = 0, 1, 2

#: ``STUCK_KINDS[t][k]``: a card of kind ``k`` does not fit total ``t`` (ONO cards never fit).
STUCK_KINDS: tuple[tuple[bool, ...], ...] = tuple(tuple(not ok for ok in row) for row in PLAYABLE)
_ANY: tuple[bool, ...] = (True,) * NUM_KINDS
_TRIES = 24


class Unit(NamedTuple):
    """A hidden place: the class of each of its positions, its rule and the rule's total."""

    slots: list[int]
    rule: int
    total: int


def redeal(
    units: Sequence[Unit], pools: dict[int, list[int]], n_ono: int, rng: Rng
) -> list[list[int]]:
    """Deal the hidden cards: one list of kinds per unit, parallel to its ``slots``.

    ``pools[g][k]``: hidden cards of kind ``k`` in class ``g`` (the slots of class ``g`` over
    all units add up to ``sum(pools[g])``). ``n_ono``: ONO cards in the deck (0 or 4).

    :raises ValueError: no deal satisfies the rules (never for the facts of a real game: the
        true deal is one).
    """
    for _ in range(_TRIES):
        got = _attempt(units, pools, n_ono, rng)
        if got is not None:
            return got
    got = _complete(units, pools, n_ono, rng)
    if got is None:
        raise ValueError("no deal of the hidden cards fits what the table saw")
    return got


# --------------------------------------------------------------------------- helpers
def _pick(counts: list[int], allowed: Sequence[bool], rng: Rng) -> int:
    """A card drawn uniformly from ``counts`` among the allowed kinds (removed); -1 if none."""
    size = 0
    for k in range(NUM_KINDS):
        if allowed[k]:
            size += counts[k]
    if size <= 0:
        return -1
    x = rng.randbelow(size)
    for k in range(NUM_KINDS):
        if allowed[k]:
            c = counts[k]
            if x < c:
                counts[k] = c - 1
                return k
            x -= c
    raise AssertionError("unreachable")  # pragma: no cover


def _p_none(need: dict[int, int], pools: dict[int, list[int]], ok: Sequence[bool]) -> float:
    """P(no card that fits ``ok`` among ``need[g]`` cards drawn from each class ``g``)."""
    p = 1.0
    for g, a in need.items():
        c = pools[g]
        size = sum(c)
        fit = sum(c[k] for k in range(NUM_KINDS) if ok[k])
        for i in range(a):
            if size - i <= 0:
                return 0.0
            p *= max(0, size - fit - i) / (size - i)
    return p


def _p_all_ono(need: dict[int, int], pools: dict[int, list[int]]) -> float:
    p = 1.0
    for g, a in need.items():
        c = pools[g]
        size = sum(c)
        for i in range(a):
            if size - i <= 0:
                return 0.0
            p *= max(0, c[ONO] - i) / (size - i)
    return p


def _undo(slots: Sequence[int], got: list[int], pools: dict[int, list[int]]) -> None:
    """Put back the cards dealt to the first ``len(got)`` positions."""
    for g, k in zip(slots, got, strict=False):
        pools[g][k] += 1


def _counts(slots: Sequence[int]) -> dict[int, int]:
    need: dict[int, int] = {}
    for g in slots:
        need[g] = need.get(g, 0) + 1
    return need


def _deal_stuck(u: Unit, pools: dict[int, list[int]], n_ono: int, rng: Rng) -> list[int] | None:
    """Every card fails ``u.total`` and the cards are not all four ONO cards; ``None`` (the
    pools unchanged) if no card is left for a position."""
    allowed = STUCK_KINDS[u.total]
    no_ono = tuple(a and k != ONO for k, a in enumerate(allowed))
    full = bool(n_ono) and len(u.slots) == n_ono
    got: list[int] = []
    for j, g in enumerate(u.slots):
        last_ono = full and j == len(u.slots) - 1 and got.count(ONO) == n_ono - 1
        k = _pick(pools[g], no_ono if last_ono else allowed, rng)
        if k < 0:
            _undo(u.slots, got, pools)
            return None
        got.append(k)
    return got


def _deal_move(u: Unit, pools: dict[int, list[int]], n_ono: int, rng: Rng) -> list[int] | None:
    """A hand holding a move on ``u.total``, drawn from the uniform deal conditioned on it:
    all four ONO cards with their share of the chance, else card by card, each card fitting
    with its chance given that some card of the rest must fit."""
    ok = PLAYABLE[u.total]
    nok = tuple(not x for x in ok)
    need = _counts(u.slots)
    p_play = 1.0 - _p_none(need, pools, ok)
    p_ono = _p_all_ono(need, pools) if n_ono and len(u.slots) == n_ono else 0.0
    if p_play + p_ono <= 0.0:
        return None
    if rng.random() * (p_play + p_ono) < p_ono:
        for g in u.slots:
            pools[g][ONO] -= 1
        return [ONO] * len(u.slots)
    got: list[int] = []
    done = False
    for g in u.slots:
        if done:
            k = _pick(pools[g], _ANY, rng)
        else:
            c = pools[g]
            size = sum(c)
            q = sum(c[k] for k in range(NUM_KINDS) if ok[k]) / size if size else 0.0
            p_some = 1.0 - _p_none(need, pools, ok)  # some card of this one and the rest fits
            if q > 0.0 and rng.random() * p_some < q:
                k = _pick(c, ok, rng)
                done = True
            else:
                k = _pick(c, nok, rng)
        if k < 0:
            _undo(u.slots, got, pools)
            return None
        need[g] -= 1
        got.append(k)
    if not done:
        _undo(u.slots, got, pools)
        return None
    return got


def _deal_free(
    units: Sequence[Unit], out: list[list[int]], pools: dict[int, list[int]], rng: Rng
) -> None:
    """Every position still empty gets the cards left in its class, uniformly."""
    for g in sorted(pools):
        cards = [k for k in range(NUM_KINDS) for _ in range(pools[g][k])]
        rng.shuffle(cards)
        for ui, u in enumerate(units):
            row = out[ui]
            for j, cls in enumerate(u.slots):
                if cls == g and row[j] < 0:
                    row[j] = cards.pop()
        assert not cards, "class sizes and positions disagree"
        pools[g] = [0] * NUM_KINDS


def _attempt(
    units: Sequence[Unit], pools: dict[int, list[int]], n_ono: int, rng: Rng
) -> list[list[int]] | None:
    """Stuck units first (fewest cards allowed first), then hands holding a move (highest total
    first), then the rest uniformly; ``None`` if a step found no card."""
    pools = {g: c[:] for g, c in pools.items()}
    out = [[-1] * len(u.slots) for u in units]
    stuck = sorted((u.total, i) for i, u in enumerate(units) if u.rule == STUCK)
    for _, i in stuck:
        got = _deal_stuck(units[i], pools, n_ono, rng)
        if got is None:
            return None
        out[i] = got
    moves = sorted((-u.total, i) for i, u in enumerate(units) if u.rule == MOVE)
    for _, i in moves:
        got = _deal_move(units[i], pools, n_ono, rng)
        if got is None:
            return None
        out[i] = got
    _deal_free(units, out, pools, rng)
    return out


# --------------------------------------------------------------------------- the fallback
def _stuck_feasible(units: Sequence[Unit], pools: dict[int, list[int]], n_ono: int) -> bool:
    """Can every stuck unit still be dealt? Per class the sets of cards allowed are nested
    (a card that fails a lower total fails every higher one), so counting suffices."""
    for g, c in pools.items():
        demand = sorted(
            (u.total, u.slots.count(g)) for u in units if u.rule == STUCK and g in u.slots
        )
        cum = 0
        for t, a in demand:
            cum += a
            if cum > sum(c[k] for k in range(NUM_KINDS) if STUCK_KINDS[t][k]):
                return False
    return True


def _complete(
    units: Sequence[Unit], pools: dict[int, list[int]], n_ono: int, rng: Rng
) -> list[list[int]] | None:
    """A search that always finds a deal when one exists: choose for each hand that must hold
    a move one card that fits (or the four ONO cards), then deal the stuck units and the rest
    (used only when :func:`_attempt` keeps failing, with tight decks)."""
    moves = [i for _, i in sorted((-u.total, i) for i, u in enumerate(units) if u.rule == MOVE)]
    fixed: dict[int, tuple[int, int]] = {}  # unit -> (position, kind) chosen, -1: all ONO

    def search(depth: int, pools: dict[int, list[int]]) -> dict[int, list[int]] | None:
        if not _stuck_feasible(units, pools, n_ono):
            return None
        if depth == len(moves):
            return pools
        i = moves[depth]
        u = units[i]
        options: list[tuple[int, int]] = []
        if n_ono and len(u.slots) == n_ono:
            need = _counts(u.slots)
            if all(pools[g][ONO] >= a for g, a in need.items()):
                options.append((-1, ONO))
        ok = PLAYABLE[u.total]
        for j, g in enumerate(u.slots):
            if j and u.slots[j - 1] == g:
                continue  # one position per class is enough
            options += [(j, k) for k in range(NUM_KINDS) if ok[k] and pools[g][k] > 0]
        rng.shuffle(options)
        for j, k in options:
            p = {g: c[:] for g, c in pools.items()}
            if j < 0:
                for g in u.slots:
                    p[g][ONO] -= 1
            else:
                p[u.slots[j]][k] -= 1
            fixed[i] = (j, k)
            found = search(depth + 1, p)
            if found is not None:
                return found
        fixed.pop(i, None)
        return None

    left = search(0, {g: c[:] for g, c in pools.items()})
    if left is None:
        return None
    out = [[-1] * len(u.slots) for u in units]
    for i, (j, k) in fixed.items():
        if j < 0:
            out[i] = [ONO] * len(units[i].slots)
        else:
            out[i][j] = k
    for _, i in sorted((u.total, i) for i, u in enumerate(units) if u.rule == STUCK):
        got = _deal_stuck(units[i], left, n_ono, rng)
        if got is None:  # only the four-ONO exclusion can fail here: deal without it
            got = _deal_stuck(units[i], left, 0, rng)
            if got is None:
                return None
        out[i] = got
    _deal_free(units, out, left, rng)
    return out


__all__ = ["FREE", "MOVE", "STUCK", "STUCK_KINDS", "Unit", "redeal"]
