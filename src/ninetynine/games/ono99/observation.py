"""What an ONO 99 seat may see (D16), and a state re-dealt consistently with it for search.

:func:`observe` is ``state.observation(player)``; :func:`resample` is ``state.resample``: every
card the seat cannot see re-dealt so that it fits what the table saw (``knowledge.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core.rng import Rng
from ninetynine.core.util import check_seat, observation_header, with_own_hand

from .cards import NUM_KINDS, ONO
from .knowledge import FREE, MOVE, STUCK, Unit, redeal
from .rules import MAX_TOTAL

if TYPE_CHECKING:
    from .state import Ono99State


def observe(s: Ono99State, player: int | None) -> dict[str, Any]:
    """``state.observation(player)`` (its docstring lists the fields).

    :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
    player = check_seat(player, s.game.num_players)
    last = s.last
    obs: dict[str, Any] = {
        **observation_header(s, player),
        "total": s.total,
        "direction": s.direction,
        "play2": s.play2,
        "turn": s.turn,
        "round": s.round,
        "draw_size": len(s.draw),
        "played": s.played[:],
        "hand_sizes": [len(h) for h in s.hands],
        "in_game": s.alive[:],
        "out_sizes": [len(o) for o in s.out],
        "eliminations": [
            {
                "seat": q,
                "round": s.out_round[q],
                "turn": s.out_turn[q],
                "total": s.out_total[q],
            }
            for q in s.out_order
        ],
        "last": None if last is None else {"seat": last[0], "action": last[1], "total": last[2]},
        "deck": list(s.game.counts),
        "rebuilds": s.rebuilds,
        "winner": s.winner_,
        "ended_by": s.ended_by,
    }
    return with_own_hand(obs, s.hands, player)


def resample(state: Ono99State, player: int | None, rng: Rng | int | None) -> Ono99State:
    """``state.resample`` (its docstring says what is re-dealt and how)."""
    s, r = state._resample_start(player, rng)
    redeal_hidden(s, player, r)
    s._reseed(r)
    return s


def redeal_hidden(s: Ono99State, player: int | None, r: Rng) -> None:
    """Re-deal what ``player`` cannot see, in place (``knowledge.py``)."""
    n = s.game.num_players
    hg, og = s.hgen, s.ogen
    over = bool(s.ended_by)
    now = s.game.leave == "now"
    units: list[Unit] = []
    places: list[tuple[int, int]] = []  # (0 hand / 1 out / 2 draw, seat)
    pools: dict[int, list[int]] = {}

    def add(cards: list[int], gens: list[int], unit: Unit, place: tuple[int, int]) -> None:
        for k, g in zip(cards, gens, strict=True):
            pool = pools.get(g)
            if pool is None:
                pool = pools[g] = [0] * NUM_KINDS
            pool[k] += 1
        units.append(unit)
        places.append(place)

    for i in range(n):
        if s.alive[i]:
            if i == player:
                continue
            gens = hg[i] if hg is not None else [0] * len(s.hands[i])
            if over:
                rule, t = FREE, 0
            elif now:
                rule, t = MOVE, s.peak[i]
            elif i == s.player:
                rule, t = MOVE, s.total
            else:
                rule, t = FREE, 0
            add(s.hands[i], gens, Unit(sorted(gens), rule, t), (0, i))
        elif s.out[i]:
            gens = og[i] if og is not None else [0] * len(s.out[i])
            t = s.out_total[i]
            unit = (
                Unit(sorted(gens), STUCK, t) if 0 <= t <= MAX_TOTAL else Unit(sorted(gens), FREE, 0)
            )
            add(s.out[i], gens, unit, (1, i))
    if s.draw:
        gens = [s.rebuilds] * len(s.draw)
        add(s.draw, gens, Unit(gens, FREE, 0), (2, -1))
    dealt = redeal(units, pools, s.game.counts[ONO], r)
    for (where, i), unit, cards in zip(places, units, dealt, strict=True):
        if where == 2:
            s.draw = cards
            continue
        pairs = sorted(zip(cards, unit.slots, strict=True))
        kinds = [k for k, _ in pairs]
        if where == 0:
            s.hands[i] = kinds
            if hg is not None:
                hg[i] = [g for _, g in pairs]
        else:
            s.out[i] = kinds
            if og is not None:
                og[i] = [g for _, g in pairs]


__all__ = ["observe", "redeal_hidden", "resample"]
