"""Many games: :func:`run_games`, in one process or across worker processes.

Game ``i`` of a run with master seed ``seed`` is played from ``derive_seed(seed, i)`` with the
seat assignment :func:`~ninetynine.sim.match.seat_assignment` gives for ``i``. Nothing else
enters a game, so the results are identical for any number of jobs or chunk size, and are
returned ordered by game index.

Parallel runs use :class:`concurrent.futures.ProcessPoolExecutor`; games are sent to workers in
chunks so that the per-task overhead stays small. Workers start with ``fork`` where the platform
has it (fast, and a calling script needs no ``if __name__ == "__main__"`` guard), else with
``spawn`` (then the guard is needed, as for any ``multiprocessing`` code).

>>> a = run_games("warp99", 2, {}, ["random"], games=4, seed=1)
>>> [r.index for r in a]
[0, 1, 2, 3]
>>> a == run_games("warp99", 2, {}, "random", games=4, seed=1, jobs=1)
True
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from ninetynine.agents import make_agent, parse_agent_list
from ninetynine.core.errors import GameOptionError
from ninetynine.core.registry import load_game
from ninetynine.core.rng import derive_seed

from .match import GameResult, play_game, seat_assignment

#: ``progress_callback(n)`` is told that ``n`` more games have finished.
ProgressCallback = Callable[[int], None]

#: Largest chunk of games sent to one worker at a time.
MAX_CHUNK = 50


def base_agents(agents: str | Sequence[str], num_players: int) -> list[str]:
    """One spec per seat from ``"greedy,random"`` or ``["greedy", "random"]``, cycling a
    shorter list (as :func:`ninetynine.agents.parse_agent_list`), lower-cased.

    :raises GameOptionError: no agent given.
    """
    text = agents if isinstance(agents, str) else ",".join(agents)
    return [s.lower() for s in parse_agent_list(text, num_players)]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run with master seed ``seed``."""
    return derive_seed(seed, index)


def _play_range(
    game_id: str,
    num_players: int,
    options: Mapping[str, Any],
    base: Sequence[str],
    seed: int,
    start: int,
    stop: int,
    rotate: bool,
    records: bool,
    progress_callback: ProgressCallback | None = None,
) -> list[GameResult]:
    """Games ``start .. stop-1`` of a run (the worker's unit of work)."""
    game = load_game(game_id, num_players=num_players, **options)
    out = []
    for i in range(start, stop):
        out.append(
            play_game(
                game,
                seat_assignment(base, i, rotate),
                game_seed(seed, i),
                index=i,
                record=records,
            )
        )
        if progress_callback is not None:
            progress_callback(1)
    return out


def chunk_size(games: int, jobs: int) -> int:
    """Games per task: about 16 tasks per worker, at most :data:`MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, -(-games // (jobs * 16))))


def run_games(
    game_id: str,
    num_players: int | None,
    options: Mapping[str, Any] | None,
    agents: str | Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    rotate: bool = True,
    progress_callback: ProgressCallback | None = None,
    records: bool = False,
    start_method: str | None = None,
) -> list[GameResult]:
    """Play ``games`` games of ``game_id`` between ``agents`` and return their results,
    ordered by game index.

    :param num_players: seats (``None``: the game's default).
    :param options: game options (validated by :func:`ninetynine.load_game`).
    :param agents: specs, one per seat, cycled if shorter (``"greedy,random"`` or a list).
    :param games: number of games, at least 1.
    :param seed: master seed; game ``i`` gets ``derive_seed(seed, i)``.
    :param jobs: worker processes (1: play in this process). Results do not depend on it.
    :param rotate: rotate the agents through the seats game by game, so that over every
        ``num_players`` consecutive games each agent entry plays each seat once.
    :param progress_callback: called with the number of newly finished games.
    :param records: keep each game's record text in :attr:`GameResult.record`.
    :param start_method: ``multiprocessing`` start method for ``jobs > 1`` (default: ``fork``
        where available, else ``spawn``).
    :raises GameOptionError: unknown game or agent, bad option or player count, ``games < 1``
        or ``jobs < 1``.
    """
    options = dict(options or {})
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise GameOptionError(f"the number of games must be at least 1, got {games!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise GameOptionError(f"the number of jobs must be at least 1, got {jobs!r}")
    game = load_game(game_id, num_players=num_players, **options)
    n = game.num_players
    base = base_agents(agents, n)
    for seat, spec in enumerate(base):  # fail fast, in this process, on a bad agent
        make_agent(spec, game, seat, 0)

    if jobs == 1:
        return _play_range(
            game_id, n, options, base, seed, 0, games, rotate, records, progress_callback
        )

    size = chunk_size(games, jobs)
    ranges = [(a, min(a + size, games)) for a in range(0, games, size)]
    workers = min(jobs, len(ranges))
    results: dict[int, list[GameResult]] = {}
    if start_method is None:
        methods = multiprocessing.get_all_start_methods()
        start_method = "fork" if "fork" in methods and sys.platform == "linux" else "spawn"
    ctx = multiprocessing.get_context(start_method)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    ok = False
    try:
        pending: dict[Future[list[GameResult]], int] = {
            pool.submit(_play_range, game_id, n, options, base, seed, a, b, rotate, records): a
            for a, b in ranges
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                start = pending.pop(fut)
                chunk = fut.result()
                results[start] = chunk
                if progress_callback is not None:
                    progress_callback(len(chunk))
        ok = True
    finally:
        # On an error or Ctrl-C, drop the queued chunks instead of waiting for them.
        pool.shutdown(wait=ok, cancel_futures=not ok)
    return [r for start in sorted(results) for r in results[start]]


__all__ = ["ProgressCallback", "base_agents", "chunk_size", "game_seed", "run_games"]
