"""Search rollouts on the compiled core: the ``fast_rollout`` search hook of Warp 99 and
Ninety Nine (``agents/ismcts.py``).

:func:`fast_rollout` plays a rollout of the ISMCTS bot from a (determinized) state on
``_core.c``: the state is packed (:func:`pack_state`) and loaded into the core, which plays the
greedy agent's moves (the same as ``heuristics.rollout_policy``), ``"look"``'s (greedy, with
the searching seat's rest of the turn chosen by the evaluation: ``heuristics.LookPolicy``) or
uniformly random ones (``legal[rng.randbelow(len(legal))]``, the rollout's own SplitMix64),
to the end of the game or until the seat to move has changed ``depth`` times, where
``heuristics.evaluate`` (transcribed, the same operations in the same order) gives the values.
The same moves, values, move count and RNG state as the Python rollout:
``tests/agents/test_fast_rollout.py`` and ``tests/agents/test_value.py`` check them on
determinizations of many positions. The state given is left as it was.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

import numpy as np

from ..heuristics import _EVAL_WEIGHTS
from . import _CORE, POLICIES, make_params

if TYPE_CHECKING:
    from ninetynine.core.rng import Rng

    from ..state import Warp99State

_M64 = (1 << 64) - 1
#: Per game object: (the game, its parameter block, the evaluation's weights as bytes).
_PREPARED: dict[int, tuple[Any, Any, bytes]] = {}


def has_fast_rollout() -> bool:
    """Whether the compiled core is built and plays rollouts (an older build does not)."""
    return _CORE is not None and hasattr(_CORE, "rollout")


def _prepared(game: Any) -> tuple[Any, bytes]:
    got = _PREPARED.get(id(game))
    if got is None or got[0] is not game:
        if len(_PREPARED) > 64:
            _PREPARED.clear()
        w, pos_w = _EVAL_WEIGHTS[bool(game.bonus_rule)][game.num_players]
        weights = np.array([*w, *pos_w], dtype=np.float64).tobytes()
        got = _PREPARED[id(game)] = (game, make_params(game), weights)
    return got[1], got[2]


def _bits(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def pack_state(state: Warp99State) -> array[int]:
    """``state`` as the uint64 words ``_core.c``'s ``load_state`` reads (its layout there)."""
    v = [
        *(state.player, state.phase, state.config, int(state.flip_used), state.plays),
        *(state.winner_ + 1, state.turn, state.rng.getstate(), 0, 0, 0, 0),
    ]
    for q in range(state.game.num_players):
        hand = _bits(state.hands[q])
        rev = _bits(state.revealed[q])
        deck, row = state.decks[q], state.rows[q]
        v += (state.scores_[q], hand & _M64, hand >> 64, rev & _M64, rev >> 64)
        v += (state.row_last[q] + 1, state.row_colors[q], len(deck))
        v += deck
        v.append(len(row))
        v += row
    for cards in (state.piles[0], state.piles[1], state.reserve, state.reserve_discard):
        v.append(len(cards))
        v += cards
    return array("Q", v)


def fast_rollout(
    state: Any,
    policy: str,
    rng: Rng,
    depth: int | None,
    first: int | None = None,
    value: Any = None,
) -> tuple[list[float], int] | None:
    """``(values, moves)`` of the rollout from ``state`` (see the module docstring), after
    the move ``first`` when given (not counted in the moves), ``rng`` advanced as the Python
    rollout advances it; ``None`` when the core is not built or ``policy`` is not
    ``"greedy"``, ``"look"`` (the seat to move in ``state`` is the searching seat) or
    ``"random"``. ``value``: a :class:`~ninetynine.agents.value.ValueNet`
    on ``games/warp99/value.py``'s features scores the cut instead of ``heuristics.evaluate``
    (``_core.c``'s ``evaluate_net``, the same operations as ``ValueNet.values``).

    :raises ValueError: ``first`` is illegal in ``state``.
    """
    if policy not in ("greedy", "random", "look") or not has_fast_rollout():
        return None
    assert _CORE is not None
    params, weights = _prepared(state.game)
    hidden = 0
    if value is not None:
        weights, hidden = value.as_bytes(), value.hidden
    values, steps, r = _CORE.rollout(
        params,
        pack_state(state),
        POLICIES[policy],
        rng.getstate(),
        depth or 0,
        weights,
        -1 if first is None else first,
        hidden,
    )
    rng.setstate(r)
    return values, steps


__all__ = ["fast_rollout", "has_fast_rollout", "pack_state"]
