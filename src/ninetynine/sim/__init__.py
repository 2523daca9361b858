"""Run many games: single matches, parallel runs, and their statistics.

Generic over games: everything here uses only the core protocol and
:func:`ninetynine.agents.make_agent`, never a game package.

>>> from ninetynine.sim import run_games, summarize
>>> results = run_games("warp99", 3, {}, "random", games=6, seed=0)
>>> summary = summarize(results)
>>> sum(s["wins"] for s in summary["seats"]) + summary["draws"]
6
"""

from .match import GameResult, agent_seeds, play_game, seat_assignment
from .parallel import (
    BACKENDS,
    Executor,
    LocalExecutor,
    RayExecutor,
    base_agents,
    game_seed,
    make_executor,
    run_games,
)
from .stats import csv_rows, describe, percentile, prettify, summarize, wilson_interval

__all__ = [
    "BACKENDS",
    "Executor",
    "GameResult",
    "LocalExecutor",
    "RayExecutor",
    "agent_seeds",
    "base_agents",
    "csv_rows",
    "describe",
    "game_seed",
    "make_executor",
    "percentile",
    "play_game",
    "prettify",
    "run_games",
    "seat_assignment",
    "summarize",
    "wilson_interval",
]
