"""Random play's results on the compiled core, without the moves (``simulate --agents random``).

:func:`random_results` plays whole Warp 99 / Ninety Nine games with the ``random`` agent in
every seat on ``_core.c`` and returns each game's result and ``state.stats()`` counters as
columns (NumPy arrays), which :class:`ninetynine.sim.ResultTable` summarises without a Python
object per game. The games are those the reference engine plays for the same seeds: the core
deals with the reference's SplitMix64 and each seat's agent draws
``legal[randbelow(len(legal))]`` from its own SplitMix64 seeded with the agent seed
``ninetynine.sim`` gives it (``agents/random_agent.py``), one draw per decision, a forced one
included. Unlike the greedy fast path (``greedy_playouts``, whose moves are replayed through
the reference for the results) nothing is replayed here: the counters are kept by the core
itself. ``tests/sim/test_random_fast_path.py`` checks the columns against ``play_game`` on
the reference engine, game by game, over every option that changes the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ninetynine.core.errors import NinetyNineError

from ..rules import sides_string
from ..state import _STAT_KEYS
from . import _CORE, as_seeds, make_params

if TYPE_CHECKING:
    from ..game import Warp99Game

#: The fixed fields at the start of a core result row (``_core.c``'s ``RR_*``).
_WINNER, _ENDED_BY, _ACTIONS, _TURNS, _REBUILDS, _START, _END, _SCORES = range(8)
_STATS = _SCORES + 4
_ENDINGS = ["target", "turn_limit"]
_SIDES = [sides_string(c) for c in range(8)]


def has_random_results() -> bool:
    """Whether the compiled core is built and has random play (a build older than this
    module does not: then ``simulate`` plays through the reference engine)."""
    return _CORE is not None and hasattr(_CORE, "random_results")


def random_results(
    game: Warp99Game, seeds: Sequence[int], agent_seeds: Sequence[Sequence[int]]
) -> dict[str, Any]:
    """The results of the games ``game.new_initial_state(seeds[i])`` played by ``random``
    agents seeded ``agent_seeds[i][seat]``, as columns over the ``G`` games:

    ``winner`` int64[G] (-1: none), ``returns`` and ``scores`` float64[G, n], ``actions``
    int64[G], and ``stats``: ``state.stats()``'s keys in its order, each a per-seat int64[G, n],
    an int64[G] (``turns``, ``actions``, ``reserve_rebuilds``) or a category
    ``(codes int64[G], labels)`` (``ended_by``, ``start_rules``, ``end_rules``).

    :raises NinetyNineError: a game ran past ``game.max_game_length`` actions (as
        ``play_game``), or the compiled core lacks random play (:func:`has_random_results`).
    """
    if not has_random_results():
        raise NinetyNineError("the compiled Warp 99 core is not built or has no random play")
    assert _CORE is not None
    n = game.num_players
    g = len(seeds)
    s = as_seeds(seeds, g)
    a = np.array(
        [[int(x) & ((1 << 64) - 1) for x in row] for row in agent_seeds], dtype=np.uint64
    ).reshape(g, n)
    rows = np.zeros((g, int(_CORE.RESULT_SIZE)), dtype=np.int32)
    _CORE.random_results(make_params(game), s, np.ascontiguousarray(a), rows)
    winner = rows[:, _WINNER]
    if (winner == -2).any():
        i = int(np.flatnonzero(winner == -2)[0])
        raise NinetyNineError(
            f"game seed {int(s[i])} did not end within {game.max_game_length} actions "
            "(max_game_length)"
        )
    returns = np.where(
        winner[:, None] < 0, 0.0, np.where(np.arange(n)[None, :] == winner[:, None], 1.0, -1.0)
    )
    actions = rows[:, _ACTIONS]
    stats: dict[str, Any] = {
        key: rows[:, _STATS + 4 * k : _STATS + 4 * k + n] for k, key in enumerate(_STAT_KEYS)
    }
    stats.update(
        turns=rows[:, _TURNS],
        actions=actions,
        reserve_rebuilds=rows[:, _REBUILDS],
        ended_by=(rows[:, _ENDED_BY], _ENDINGS),
        start_rules=(rows[:, _START], _SIDES),
        end_rules=(rows[:, _END], _SIDES),
    )
    return {
        "winner": winner,
        "returns": returns,
        "scores": rows[:, _SCORES : _SCORES + n].astype(np.float64),
        "actions": actions,
        "stats": stats,
    }


__all__ = ["has_random_results", "random_results"]
