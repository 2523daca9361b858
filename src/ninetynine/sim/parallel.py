"""Many games: :func:`run_games`, and the executors every run goes through.

Game ``i`` of a run with master seed ``seed`` is played from ``derive_seed(seed, i)`` with the
seat assignment :func:`~ninetynine.sim.match.seat_assignment` gives for ``i``. Nothing else
enters a game, so the results are identical for any number of jobs, shard size or back end, and
are returned ordered by game index.

A run is cut into *shards* (a few consecutive games each, :func:`chunk_size`) and the shards are
handed to an :class:`Executor`, which runs ``func(shard)`` for each and gives the results back in
shard order. ``ninetynine simulate``, ``ladder`` and ``analyze`` all go through one:

* :class:`LocalExecutor`: this process (``jobs=1``) or a
  :class:`concurrent.futures.ProcessPoolExecutor` of ``jobs`` workers. Workers start with
  ``fork`` where the platform has it (fast, and a calling script needs no
  ``if __name__ == "__main__"`` guard), else with ``spawn`` (then the guard is needed, as for
  any ``multiprocessing`` code).
* :class:`RayExecutor`: the same shard function as a Ray task (``ray.remote``) on a Ray cluster
  (``ray.init(address=...)``; without an address, ``RAY_ADDRESS`` or a new local instance).
  Ray is an optional extra: ``pip install 'ninetynine[ray]'``.

>>> a = run_games("warp99", 2, {}, ["random"], games=4, seed=1)
>>> [r.index for r in a]
[0, 1, 2, 3]
>>> a == run_games("warp99", 2, {}, "random", games=4, seed=1, jobs=1)
True
>>> with make_executor("local", jobs=1) as ex:
...     ex.map(abs, [-2, 3, -1])
[2, 3, 1]
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import socket
import sys
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import closing
from typing import Any, TypeVar

from ninetynine.agents import make_agent, parse_agent_list
from ninetynine.core.errors import BackendError, GameOptionError, NinetyNineError
from ninetynine.core.registry import load_game
from ninetynine.core.rng import derive_seed

from .match import GameResult, agent_seeds, play_game, replay_game, seat_assignment

#: Whether :func:`_play_shard` takes a game's fast path (tests turn it off to compare; the
#: environment variable ``NINETYNINE_REFERENCE_ONLY=1`` turns it off in every process).
FAST_PATH = True

T = TypeVar("T")
R = TypeVar("R")

#: ``progress_callback(n)`` is told that ``n`` more games have finished.
ProgressCallback = Callable[[int], None]

#: Largest chunk of games sent to one worker at a time.
MAX_CHUNK = 50
#: ... when the games take a columnar fast path (``run_games(table=True)``; a game costs
#: microseconds there, a task a millisecond).
MAX_TABLE_CHUNK = 20_000

#: The back ends :func:`make_executor` knows.
BACKENDS = ("local", "ray")

#: How to install what the ``ray`` back end needs.
RAY_INSTALL = "pip install 'ninetynine[ray]'"


# ----------------------------------------------------------------------------- executors
class Executor:
    """Runs shard tasks and returns their results in task order (an abstract base).

    ``name`` is the back end (``"local"``, ``"ray"``); ``jobs`` the number of workers the
    callers plan their shards for (about 16 shards per job for ``run_games``, 8 for the
    ladder and reports): it fixes how the work is cut, never what a game does. Executors are
    context managers; leaving the ``with`` block releases what the executor started.
    """

    name = "executor"
    jobs = 1

    def map(
        self,
        func: Callable[[T], R],
        tasks: Sequence[T],
        progress: Callable[[T, R], None] | None = None,
    ) -> list[R]:
        """``[func(t) for t in tasks]``, run where the back end runs them; ``progress(task,
        result)`` is called in this process as each task finishes (in any order). ``func``
        must be a module-level function (workers import it by name) and tasks and results
        picklable. On an error or Ctrl-C the tasks not yet started are dropped and the error
        is raised here.
        """
        results: dict[int, R] = {}
        with closing(self._finished(func, tasks)) as finished:  # closed: drops the rest
            for i, result in finished:
                results[i] = result
                if progress is not None:
                    progress(tasks[i], result)
        return [results[i] for i in range(len(tasks))]

    def _finished(
        self, func: Callable[[T], R], tasks: Sequence[T]
    ) -> Generator[tuple[int, R], None, None]:
        """``(i, func(tasks[i]))`` for every task, as each finishes (in any order); closed
        early (an error, Ctrl-C), it drops the tasks not yet started."""
        raise NotImplementedError

    def describe(self) -> str:
        """A few words for a summary line: ``"2 jobs"``, ``"ray, 4 CPUs"``."""
        return f"{self.jobs} job{'s' if self.jobs != 1 else ''}"

    def close(self) -> None:
        """Release what this executor started (nothing for a local one)."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _check_jobs(jobs: int) -> int:
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise GameOptionError(f"the number of jobs must be at least 1, got {jobs!r}")
    return jobs


class LocalExecutor(Executor):
    """Tasks in this process (``jobs == 1`` or a single task) or over a pool of ``jobs``
    worker processes (``start_method``: ``multiprocessing`` start method; default ``fork``
    on Linux, else ``spawn``). A pool lives for one :meth:`map` call.

    :raises GameOptionError: ``jobs < 1``.
    """

    name = "local"

    def __init__(self, jobs: int = 1, start_method: str | None = None) -> None:
        self.jobs = _check_jobs(jobs)
        self.start_method = start_method

    def _finished(
        self, func: Callable[[T], R], tasks: Sequence[T]
    ) -> Generator[tuple[int, R], None, None]:
        if self.jobs <= 1 or len(tasks) <= 1:
            for i, t in enumerate(tasks):
                yield i, func(t)
            return
        method = self.start_method
        if method is None:
            methods = multiprocessing.get_all_start_methods()
            method = "fork" if "fork" in methods and sys.platform == "linux" else "spawn"
        pool = ProcessPoolExecutor(
            max_workers=min(self.jobs, len(tasks)), mp_context=multiprocessing.get_context(method)
        )
        ok = False
        try:
            pending: dict[Future[R], int] = {pool.submit(func, t): i for i, t in enumerate(tasks)}
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    yield pending.pop(fut), fut.result()
            ok = True
        finally:
            # On an error or Ctrl-C, drop the queued tasks instead of waiting for them.
            pool.shutdown(wait=ok, cancel_futures=not ok)


def _import_ray() -> Any:
    """The ``ray`` module. :raises BackendError: Ray is not installed (names the extra)."""
    try:
        import ray
    except ImportError as e:
        raise BackendError(
            f"the ray back end needs Ray, which is not installed: {RAY_INSTALL} ({e})"
        ) from None
    return ray


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast on a ``host:port`` or ``ray://host:port`` address nobody listens on
    (``ray.init`` itself retries for minutes). Other forms (``auto``, ``local``) are left to
    Ray.

    :raises BackendError: nothing answers at ``address`` within ``timeout`` seconds.
    """
    rest = address.split("://", 1)[-1]
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        raise BackendError(f"no Ray cluster answers at {address}: {e}") from None


def _call(func: Callable[[Any], Any], task: Any) -> Any:
    """``func(task)``: the one Ray task every shard runs as."""
    return func(task)


class RayExecutor(Executor):
    """Tasks as Ray tasks (``ray.remote`` around the shard function, one CPU each), on the
    cluster this process is connected to; results gathered in task order, progress from
    ``ray.wait`` on the task futures.

    Ray is joined or started on first use (:meth:`map`, or reading ``jobs`` or ``cpus``), so
    a run checks its input before paying for Ray's start-up. If Ray is not initialised yet
    then, ``ray.init`` connects to ``address`` (``"ray://head:10001"``,
    ``"head:6379"``, or ``"auto"``: the cluster ``ray start`` runs on this machine), else to
    ``RAY_ADDRESS`` from the environment, and without either starts a new local instance
    (``jobs`` CPUs, all by default; no dashboard); :meth:`close` shuts down what was started
    here. An already initialised Ray is used as it is (``address`` is then ignored) and left
    running. ``jobs`` defaults to the cluster's CPU count. Every node needs the same
    ninetynine version installed as this process (the workers import the shard functions by
    name).

    :raises BackendError: Ray is not installed (``pip install 'ninetynine[ray]'``), or the
        cluster cannot be reached.
    :raises GameOptionError: ``jobs < 1``.
    """

    name = "ray"

    def __init__(self, address: str | None = None, jobs: int | None = None) -> None:
        if jobs is not None:
            _check_jobs(jobs)
        self._ray = _import_ray()
        self._address = address
        self._jobs = jobs
        self._owner = False
        self._cpus: int | None = None
        self._remote: Any = None

    def _connect(self) -> None:
        """Join or start Ray (first use only: a run checks its input before Ray starts)."""
        if self._cpus is not None:
            return
        ray = self._ray
        if not ray.is_initialized():
            target = self._address or os.environ.get("RAY_ADDRESS") or None
            if target:
                _check_reachable(target)
            try:
                if target:
                    ray.init(address=target, logging_level=logging.WARNING)
                else:
                    ray.init(
                        address="local",  # a new instance, even beside a `ray start` one
                        num_cpus=self._jobs,
                        include_dashboard=False,
                        # Quiet: Ray starts while the progress bar is live (its notes on
                        # token authentication concern clusters, not a private instance).
                        logging_level=logging.ERROR,
                    )
            except (ConnectionError, RuntimeError, ValueError, TimeoutError) as e:
                where = f"the Ray cluster at {target}" if target else "a local Ray instance"
                hint = ""
                if target and target != "auto" and "RAY_AUTH_MODE" not in os.environ:
                    hint = " (a cluster with token authentication also needs RAY_AUTH_MODE=token)"
                raise BackendError(f"cannot start or reach {where}: {e}{hint}") from None
            self._owner = True
        self._cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(num_cpus=1)(_call)

    @property
    def cpus(self) -> int:
        """CPUs in the cluster (joins or starts Ray)."""
        self._connect()
        assert self._cpus is not None
        return self._cpus

    @property
    def jobs(self) -> int:  # type: ignore[override]
        """The shard plan's workers: ``jobs`` as given, else the cluster's CPUs."""
        return self._jobs if self._jobs is not None else self.cpus

    def describe(self) -> str:
        return f"ray, {self.cpus} CPU{'s' if self.cpus != 1 else ''}"

    def _finished(
        self, func: Callable[[T], R], tasks: Sequence[T]
    ) -> Generator[tuple[int, R], None, None]:
        self._connect()
        ray = self._ray
        refs = [self._remote.remote(func, t) for t in tasks]
        where = {ref: i for i, ref in enumerate(refs)}
        pending = list(refs)
        ok = False
        try:
            while pending:
                # Everything finished within 0.2 s, or all of it: progress stays live and the
                # wait costs O(pending) a round, not a round per task.
                done, pending = ray.wait(pending, num_returns=len(pending), timeout=0.2)
                for ref in done:
                    yield where[ref], _ray_get(ray, ref)
            ok = True
        finally:
            if not ok:  # an error or Ctrl-C: drop the tasks still queued or running
                for ref in pending:
                    ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._owner and self._ray.is_initialized():
            self._ray.shutdown()
        self._owner = False


def _ray_get(ray: Any, ref: Any) -> Any:
    """``ray.get(ref)``, re-raising one of our errors from a task as itself (one clean line
    in the CLI) rather than wrapped in Ray's task error with the worker's traceback."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as e:
        cause = getattr(e, "cause", None)
        if isinstance(cause, NinetyNineError):
            raise cause from None
        raise


def make_executor(
    backend: str = "local",
    jobs: int | None = None,
    address: str | None = None,
    start_method: str | None = None,
) -> Executor:
    """The executor for a ``--backend`` name: ``"local"`` (``jobs`` processes, default 1) or
    ``"ray"`` (a Ray cluster at ``address``; see :class:`RayExecutor`).

    :raises BackendError: unknown back end, an address without the ray back end, Ray
        missing or unreachable.
    :raises GameOptionError: ``jobs < 1``.
    """
    name = (backend or "local").strip().lower()
    if name == "local":
        if address:
            raise BackendError("a Ray address needs the ray back end (--backend ray)")
        return LocalExecutor(1 if jobs is None else jobs, start_method)
    if name == "ray":
        return RayExecutor(address, jobs)
    raise BackendError(f"unknown back end {backend!r}; back ends: {', '.join(BACKENDS)}")


# ----------------------------------------------------------------------------- run_games
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


#: A shard of :func:`run_games`: ``(game_id, num_players, options, base agents, seed,
#: start, stop, rotate, records)``.
Shard = tuple[str, int, dict[str, Any], list[str], int, int, int, bool, bool]


def _play_shard(shard: Shard) -> list[GameResult]:
    """Games ``start .. stop-1`` of a run (the unit of work an executor runs). Where the game
    has a fast path for these bots (``Game.fast_playouts``: Warp 99's compiled engine for
    greedy bots) the moves come from it and are replayed through the engine for the
    results: the same games, several times faster."""
    game_id, num_players, options, base, seed, start, stop, rotate, records = shard
    game = load_game(game_id, num_players=num_players, **options)
    lineups = [seat_assignment(base, i, rotate) for i in range(start, stop)]
    seeds = [game_seed(seed, i) for i in range(start, stop)]
    if _fast_on():
        histories = game.fast_playouts(seeds, lineups)
        if histories is not None:
            return [
                replay_game(game, lineup, s, h, index=i, record=records)
                for i, lineup, s, h in zip(
                    range(start, stop), lineups, seeds, histories, strict=True
                )
            ]
    return [
        play_game(
            game, seat_assignment(base, i, rotate), game_seed(seed, i), index=i, record=records
        )
        for i in range(start, stop)
    ]


def _fast_on() -> bool:
    return FAST_PATH and not os.environ.get("NINETYNINE_REFERENCE_ONLY")


def _table_shard(shard: Shard) -> Any:
    """Games ``start .. stop-1`` as a :class:`~ninetynine.sim.table.ResultTable` from the
    game's columnar fast path (``Game.fast_results``: Warp 99's compiled core for random
    bots), else as :func:`_play_shard`'s list."""
    game_id, num_players, options, base, seed, start, stop, rotate, records = shard
    game = load_game(game_id, num_players=num_players, **options)
    if _fast_on() and not records:
        lineups = [seat_assignment(base, i, rotate) for i in range(start, stop)]
        seeds = [game_seed(seed, i) for i in range(start, stop)]
        columns = game.fast_results(seeds, lineups, [agent_seeds(s, num_players) for s in seeds])
        if columns is not None:
            from .table import ResultTable

            distinct: list[list[str]] = []
            for lu in lineups:
                if lu not in distinct:
                    distinct.append(lu)
            codes = [distinct.index(lu) for lu in lineups]
            return ResultTable(range(start, stop), seeds, distinct, codes, columns)  # type: ignore[arg-type]
    return _play_shard(shard)


def _has_table_path(game: Any, base: list[str], rotate: bool, seed: int) -> bool:
    """Whether the game's columnar fast path takes these bots (asked for game 0 alone)."""
    if not _fast_on():
        return False
    s = game_seed(seed, 0)
    lineup = seat_assignment(base, 0, rotate)
    try:
        return game.fast_results([s], [lineup], [agent_seeds(s, game.num_players)]) is not None
    except ImportError:
        return False


def chunk_size(games: int, jobs: int, largest: int = MAX_CHUNK) -> int:
    """Games per task: about 16 tasks per worker, at most ``largest`` (:data:`MAX_CHUNK`)."""
    return max(1, min(largest, -(-games // (jobs * 16))))


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
    executor: Executor | None = None,
    table: bool = False,
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
    :param progress_callback: called with the number of newly finished games (a shard at a
        time).
    :param records: keep each game's record text in :attr:`GameResult.record`.
    :param start_method: ``multiprocessing`` start method for ``jobs > 1`` (default: ``fork``
        where available, else ``spawn``).
    :param executor: where to run the shards (e.g. a :class:`RayExecutor`); it replaces
        ``jobs`` and ``start_method``, and its ``jobs`` sets the shard size. Results do not
        depend on it.
    :param table: where the game has a columnar fast path for these bots
        (``Game.fast_results``; not with ``records``), return a
        :class:`~ninetynine.sim.table.ResultTable` (a ``Sequence[GameResult]`` of the same
        results, summarised from arrays) instead of a list: for millions of games.
    :raises GameOptionError: unknown game or agent, bad option or player count, ``games < 1``
        or ``jobs < 1``.
    """
    options = dict(options or {})
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise GameOptionError(f"the number of games must be at least 1, got {games!r}")
    _check_jobs(jobs)
    game = load_game(game_id, num_players=num_players, **options)
    n = game.num_players
    base = base_agents(agents, n)
    for seat, spec in enumerate(base):  # fail fast, in this process, on a bad agent
        make_agent(spec, game, seat, 0)

    ex = executor if executor is not None else LocalExecutor(jobs, start_method)
    columnar = table and not records and _has_table_path(game, base, rotate, seed)
    size = chunk_size(games, ex.jobs, MAX_TABLE_CHUNK if columnar else MAX_CHUNK)
    shards: list[Shard] = [
        (game_id, n, options, base, seed, a, min(a + size, games), rotate, records)
        for a in range(0, games, size)
    ]

    def tick(shard: Shard, played: list[GameResult]) -> None:
        if progress_callback is not None:
            progress_callback(len(played))

    if not columnar:
        parts = ex.map(_play_shard, shards, tick)
        return [r for part in parts for r in part]
    from .table import ResultTable

    tables = ex.map(_table_shard, shards, tick)
    if all(isinstance(t, ResultTable) for t in tables):
        return ResultTable.concat(tables)  # type: ignore[return-value]
    return [r for part in tables for r in part]


__all__ = [
    "BACKENDS",
    "Executor",
    "LocalExecutor",
    "ProgressCallback",
    "RayExecutor",
    "base_agents",
    "chunk_size",
    "game_seed",
    "make_executor",
    "run_games",
]
