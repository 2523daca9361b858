"""99 Heroes board rules: Strength, lane points, room for a card, and who an effect may target.

Pure functions over a :class:`Board` (the parts of a state they read): no I/O, no change of
state. They implement 99 Heroes rulebook § Scoring a Lane ("The total Strength of a
hero is the sum of all the cards face-up on the hero (face cards are 5's). Heroes also receive
+1 Strength for each bolster"; "Each hero earns 1 point for each other hero whose strength they
exceeded"), ``§ Playing Cards`` (a hero with 2 or fewer active cards), ``§ Shift`` (never more
than 3 active cards) and the static rules a Unique Ability bends (``roster.RULES``), and
which heroes an effect may pick (``§ Other Effects``; ``interpreter.py`` carries it out).

>>> from types import SimpleNamespace as NS
>>> b = NS(heroes=[[0], [1]], active=[[[6, 11]], [[52 + 12]]], bolsters=[[[0]], [[]]],
...        rules=[{}, {"wins_ties": True}], ace=1)
>>> strength(b, 0, 0), strength(b, 1, 0)   # 7C + QC, one bolster / KC of seat 1
(13, 5)
>>> lane_points(b, 0)
[1, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .cards import NUM_CARDS, RANK, SUIT

if TYPE_CHECKING:
    from .hero import Effect

#: ``§ Playing Cards``: "one of your heroes with 2 or fewer active cards".
BASE_CAPACITY = 3
#: ``§ Shift``: "more than 3 active cards" is never allowed by a shift (decision H10).
SHIFT_LIMIT = 3


class Board(Protocol):
    """What the rules read: per seat and lane the hero index (-1: none) and the owned codes of
    its active cards and bolsters; ``rules[h]`` the static rules of hero ``h``; ``ace``."""

    @property
    def heroes(self) -> Sequence[Sequence[int]]: ...
    @property
    def active(self) -> Sequence[Sequence[Sequence[int]]]: ...
    @property
    def bolsters(self) -> Sequence[Sequence[Sequence[Any]]]: ...
    @property
    def rules(self) -> Sequence[Mapping[str, Any]]: ...
    @property
    def ace(self) -> int: ...


def card_value(c: int, ace: int, face: int, double_suit: int) -> int:
    """One card's Strength on a hero (``c``: 0-51)."""
    r = RANK[c]
    v = ace if r == 1 else face if r > 10 else r
    return v * 2 if SUIT[c] == double_suit else v


def strength(b: Board, seat: int, lane: int) -> int:
    """The Strength of ``seat``'s hero in ``lane``: its active cards (2-10 their rank, face
    cards 5, aces ``b.ace``; a Unique Ability may change these) plus each bolster (1 unless the
    hero's ``bolster_value`` says otherwise). 0 with no hero."""
    h = b.heroes[seat][lane]
    if h < 0:
        return 0
    r = b.rules[h]
    ace = r.get("ace_value", b.ace)
    face = r.get("face_value", 5)
    ds = r.get("double_suit", -1)
    total = 0
    for code in b.active[seat][lane]:
        total += card_value(code % NUM_CARDS, ace, face, ds)
    return total + len(b.bolsters[seat][lane]) * int(r.get("bolster_value", 1))


def exceeds(b: Board, lane: int, q: int, r: int, sq: int, sr: int) -> bool:
    """Whether ``q``'s hero (Strength ``sq``) exceeds ``r``'s (``sr``) in ``lane``: higher
    Strength, or lower in a lane with a ``lowest_wins`` hero; equal Strength counts for a hero
    with ``wins_ties`` (decision H13)."""
    low = any(
        b.heroes[s][lane] >= 0 and b.rules[b.heroes[s][lane]].get("lowest_wins")
        for s in range(len(b.heroes))
    )
    if sq == sr:
        return bool(b.rules[b.heroes[q][lane]].get("wins_ties"))
    return sq < sr if low else sq > sr


def lane_points(b: Board, lane: int) -> list[int]:
    """Points per seat from ``lane`` now: each hero 1 point (``points`` with a Unique Ability
    that says so) per other hero in the lane it exceeds; 0 for a seat without a hero there."""
    n = len(b.heroes)
    seats = [q for q in range(n) if b.heroes[q][lane] >= 0]
    s = {q: strength(b, q, lane) for q in seats}
    out = [0] * n
    for q in seats:
        beaten = sum(1 for r in seats if r != q and exceeds(b, lane, q, r, s[q], s[r]))
        out[q] = beaten * b.rules[b.heroes[q][lane]].get("points", 1)
    return out


def capacity(b: Board, seat: int, lane: int) -> int:
    """How many active cards ``seat``'s hero in ``lane`` may have before no card can be played
    on it: 3, or the hero's ``capacity``, lowered by an enemy ``lane_capacity`` in the lane."""
    h = b.heroes[seat][lane]
    cap: int = b.rules[h].get("capacity", BASE_CAPACITY)
    for r in range(len(b.heroes)):
        hr = b.heroes[r][lane]
        if r != seat and hr >= 0:
            lc = b.rules[hr].get("lane_capacity")
            if lc is not None:
                cap = min(cap, lc)
    return cap


def can_play_on(b: Board, seat: int, lane: int) -> bool:
    """``§ Playing Cards``: the hero is there and has room for one more active card."""
    return b.heroes[seat][lane] >= 0 and len(b.active[seat][lane]) < capacity(b, seat, lane)


def has_rule(b: Board, seat: int, name: str) -> bool:
    """Whether one of ``seat``'s heroes in play has the static rule ``name``."""
    return any(h >= 0 and b.rules[h].get(name) for h in b.heroes[seat])


def rule_max(b: Board, seat: int, name: str, default: int) -> int:
    """The largest value of rule ``name`` among ``seat``'s heroes in play, else ``default``."""
    vals = [b.rules[h][name] for h in b.heroes[seat] if h >= 0 and name in b.rules[h]]
    return max(vals) if vals else default


def warded(b: Board, actor: int, seat: int, lane: int) -> bool:
    """An enemy hero with ``ward``: ``actor``'s effects cannot shift, discard or swap it."""
    h = b.heroes[seat][lane]
    return seat != actor and h >= 0 and bool(b.rules[h].get("ward"))


def select(b: Board, selector: str, actor: int, lane: int) -> list[tuple[int, int]]:
    """The heroes (``(seat, lane)``, seat order then lane order) that ``selector`` names for
    ``actor`` whose hero is in ``lane`` (``roster.SELECTORS``)."""
    n, lanes = len(b.heroes), len(b.heroes[0])
    if selector == "this":
        return [(actor, lane)] if b.heroes[actor][lane] >= 0 else []
    out = []
    for q in range(n):
        for ln in range(lanes):
            if b.heroes[q][ln] < 0:
                continue
            if selector == "own" and q != actor:
                continue
            if selector == "other_own" and (q != actor or ln == lane):
                continue
            if selector == "enemy" and q == actor:
                continue
            if selector == "lane_enemy" and (q == actor or ln != lane):
                continue
            if selector == "lane" and ln != lane:
                continue
            out.append((q, ln))
    return out


# ----------------------------------------------------------------------------- effect targets
def discard_targets(b: Board, eff: Effect, q: int, ln: int, src: str) -> list[tuple[int, int]]:
    """The heroes ``q``'s discard ``eff`` (hero in lane ``ln``) may take an active card
    (``src`` ``active``) or a bolster (``bolster``) from: named by ``target``, holding one,
    not warded."""
    pile = b.active if src == "active" else b.bolsters
    return [
        (a, c) for a, c in select(b, eff.target, q, ln) if pile[a][c] and not warded(b, q, a, c)
    ]


def shift_dests(b: Board, eff: Effect, q: int, ln: int, sa: int, sb: int) -> list[tuple[int, int]]:
    """Where ``q``'s shift ``eff`` may move an active card of the hero at ``(sa, sb)``: a
    hero ``to`` names, another one, with room under :data:`SHIFT_LIMIT`, not warded."""
    return [
        (a, c)
        for a, c in select(b, eff.to, q, ln)
        if (a, c) != (sa, sb) and len(b.active[a][c]) < SHIFT_LIMIT and not warded(b, q, a, c)
    ]


def shift_sources(b: Board, eff: Effect, q: int, ln: int) -> list[tuple[int, int]]:
    """The heroes ``q``'s shift ``eff`` may take an active card from: named by ``from``,
    holding one, not warded, with somewhere to put it (:func:`shift_dests`)."""
    return [
        (a, c)
        for a, c in select(b, eff.source, q, ln)
        if b.active[a][c] and not warded(b, q, a, c) and shift_dests(b, eff, q, ln, a, c)
    ]


def swap_candidates(b: Board, eff: Effect, q: int) -> list[tuple[int, int]]:
    """The heroes in play of the seats ``q``'s swap ``eff`` may swap (``who``: ``own`` and
    ``this`` ``q``'s, ``enemy`` the others'), ward or not."""
    seats = [q] if eff.who in ("own", "this") else [r for r in range(len(b.heroes)) if r != q]
    return [(r, c) for r in seats for c in range(len(b.heroes[0])) if b.heroes[r][c] >= 0]


def _swap_pool(b: Board, eff: Effect, q: int) -> list[tuple[int, int]]:
    return [(r, c) for r, c in swap_candidates(b, eff, q) if not warded(b, q, r, c)]


def swap_firsts(b: Board, eff: Effect, q: int) -> list[tuple[int, int]]:
    """The heroes a swap may begin with: unwarded, with another unwarded hero of its seat."""
    pool = _swap_pool(b, eff, q)
    return [(r, c) for r, c in pool if sum(1 for r2, _ in pool if r2 == r) >= 2]


def swap_seconds(b: Board, eff: Effect, q: int, a: Sequence[int]) -> list[tuple[int, int]]:
    """The heroes the hero at ``a`` (``[seat, lane]``) may swap with: unwarded, same seat."""
    return [(r, c) for r, c in _swap_pool(b, eff, q) if r == a[0] and c != a[1]]


__all__ = [
    "BASE_CAPACITY",
    "SHIFT_LIMIT",
    "Board",
    "can_play_on",
    "capacity",
    "card_value",
    "discard_targets",
    "exceeds",
    "has_rule",
    "lane_points",
    "rule_max",
    "select",
    "shift_dests",
    "shift_sources",
    "strength",
    "swap_candidates",
    "swap_firsts",
    "swap_seconds",
    "warded",
]
