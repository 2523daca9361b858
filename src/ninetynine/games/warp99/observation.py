"""What a Warp 99 seat may see, and a state re-dealt consistently with it for search.

:func:`observe` is ``state.observation(player)``: the piles, rows, scores, sizes, the cards a
flip revealed, and the seat's own hand; never another seat's unrevealed cards, any deck order or
the RNG. :func:`resample` is ``state.resample``: what the seat cannot see re-dealt, each hidden
card only among the hidden cards of its reshuffle (W11, W18).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core.rng import Rng
from ninetynine.core.util import check_seat, observation_header, redeal_hidden, with_own_hand

from .rules import active_rule_names, side_of

if TYPE_CHECKING:
    from .state import Warp99State

#: ``phase`` values and names.
PHASE_NAMES = ("row", "discard", "extra_card", "over")


def observe(s: Warp99State, player: int | None) -> dict[str, Any]:
    """``state.observation(player)`` (its docstring lists the fields).

    :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
    n = s.game.num_players
    player = check_seat(player, n)
    obs: dict[str, Any] = {
        **observation_header(s, player),
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "rule_sides": [side_of(s.config, i) for i in range(3)],
        "rules": active_rule_names(s.config),
        "piles": [s.piles[0][:], s.piles[1][:]],
        "rows": [r[:] for r in s.rows],
        "scores": s.scores_[:],
        "deck_sizes": [len(d) for d in s.decks],
        "hand_sizes": [len(h) for h in s.hands],
        "reserve_size": len(s.reserve),
        "reserve_discard": s.reserve_discard[:],
        "revealed": [sorted(r) for r in s.revealed],
        "flip_used": s.flip_used,
        "plays": s.plays,
        "target": s.game.target,
        "winner": s.winner_,
    }
    return with_own_hand(obs, s.hands, player)


def resample(state: Warp99State, player: int | None, rng: Rng | int | None) -> Warp99State:
    """``state.resample`` (its docstring says what is re-dealt and how)."""
    s, r = state._resample_start(player, rng)
    n = s.game.num_players
    others = [i for i in range(n) if i != player]
    hidden = [[c for c in s.hands[i] if c not in s.revealed[i]] for i in others]
    slots = redeal_hidden([*hidden, *s.decks, s.reserve], s.gen, r)
    for k, i in enumerate(others):
        s.hands[i] = sorted([c for c in s.hands[i] if c in s.revealed[i]] + slots[k])
    s.decks = slots[len(others) : len(others) + n]
    s.reserve = slots[-1]
    s._reseed(r)
    return s


__all__ = ["PHASE_NAMES", "observe", "resample"]
