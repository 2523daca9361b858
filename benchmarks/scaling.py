"""How simulation throughput scales from 1 to 2 processes, and what the Ray back end costs.

Run ``python benchmarks/scaling.py`` (a few minutes; ``--quick`` for a smoke run). Needs the
``ray`` extra for the Ray rows (``pip install 'ninetynine[ray]'``); without it only the local
rows are measured.

Method (printed with the results):

* **In-process runs** (:func:`ninetynine.sim.run_games`, the same call ``ninetynine simulate``
  makes): the same ``--games`` games (master seed ``--seed``) on three executors: local
  ``jobs=1`` (this process), local ``jobs=2`` (a process pool, ``fork``), and Ray on a local
  instance with 2 CPUs started *before* the clock runs (its start-up is timed on its own).
  Every repeat runs the three in a rotated order, so that a change in the machine's load
  spreads over all of them. Wall clock with ``time.perf_counter``; the table gives the median
  and the range over the repeats. The results of every run are compared with the ``jobs=1``
  run (they must be identical: the back end never changes a game).
* **CPU** (local rows): user + system seconds of this process and its reaped workers; the
  *CPU share* (CPU seconds / wall seconds) is how many cores the run actually got, which on
  a shared machine can be well under ``jobs``.
* **Speed-up** = median time with ``jobs=1`` / median time with ``jobs=2``.
* **Ray overhead per game** = (median Ray time - median local ``jobs=2`` time) / games: the
  same work, the same shards (``jobs=2`` plans the same shard sizes on both), only the back end
  differs.
* **Ray task round trip**: the median time per task of ``--tasks`` no-op tasks (``abs``)
  submitted at once, i.e. what one shard costs Ray beyond the games in it.
* **End to end** (``--cli``): ``ninetynine simulate GAME --games N --no-progress`` as a
  subprocess with ``--jobs 1``, ``--jobs 2`` and ``--backend ray`` (which starts and stops its
  own local Ray instance), timed from launch to exit.

The load average before and after is printed: on a shared machine every figure is an upper
bound of what the code costs, and a repeat that disagrees with the others says so. Nothing
here is asserted as a speed.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from ninetynine.sim import Executor, LocalExecutor, run_games


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def _cpu() -> float:
    """CPU seconds of this process and of its finished (reaped) child processes."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on POSIX
        return "n/a"


def _fmt_range(ts: list[float]) -> str:
    return f"{statistics.median(ts):.2f} s ({min(ts):.2f}-{max(ts):.2f})"


def _ray_executor() -> tuple[Executor | None, float, str]:
    """A RayExecutor on a fresh local instance with 2 CPUs, its start-up time, Ray's version."""
    try:
        import ray
    except ImportError:
        return None, 0.0, "not installed"
    from ninetynine.sim import RayExecutor

    t0 = time.perf_counter()
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="ERROR")
    ex = RayExecutor(jobs=2)
    ex.map(abs, [-1, -2])  # the workers are up and have imported ninetynine
    return ex, time.perf_counter() - t0, ray.__version__


def in_process(args: argparse.Namespace) -> None:
    game, players, agents, games, seed = args.game, args.players, args.agents, args.games, args.seed
    ray_ex, ray_start, ray_version = _ray_executor()
    executors: dict[str, Executor] = {"local, jobs=1": LocalExecutor(1)}
    executors["local, jobs=2"] = LocalExecutor(2)
    if ray_ex is not None:
        executors["ray, 2 CPUs"] = ray_ex
    names = list(executors)
    times: dict[str, list[float]] = {n: [] for n in names}
    cpu: dict[str, list[float]] = {n: [] for n in names}
    reference = None
    identical = True
    print(f"load average before: {_load()}", flush=True)
    for rep in range(args.repeat):
        order = names[rep % len(names) :] + names[: rep % len(names)]
        for name in order:
            ex = executors[name]
            c0 = _cpu()
            dt, results = _timed(
                lambda ex=ex: run_games(game, players, {}, agents, games, seed, executor=ex)
            )
            if reference is None:
                reference = results
            identical = identical and results == reference
            times[name].append(dt)
            cpu[name].append(_cpu() - c0)
            print(
                f"  repeat {rep + 1}, {name}: {dt:.2f} s ({games / dt:,.0f} games/s, "
                f"{cpu[name][-1]:.2f} CPU s here)",
                flush=True,
            )
    rtt = None
    if ray_ex is not None:
        dt, _ = _timed(lambda: ray_ex.map(abs, list(range(args.tasks))))
        rtt = dt / args.tasks
    print(f"load average after: {_load()}\n")

    print(f"{games} games, {args.repeat} repeats:\n")
    print("| back end | median wall time (range) | games/s | CPU ms a game | CPU share |")
    print("| --- | --- | --- | --- | --- |")
    med = {n: statistics.median(ts) for n, ts in times.items()}
    for n in names:
        c = statistics.median(cpu[n])
        if n.startswith("ray"):  # Ray's workers are not this process's children
            cells = "n/a (Ray's workers) | n/a"
        else:
            cells = f"{1000 * c / games:.2f} | {c / med[n]:.2f} CPUs"
        print(f"| {n} | {_fmt_range(times[n])} | {games / med[n]:,.0f} | {cells} |")
    print()
    one, two = med["local, jobs=1"], med["local, jobs=2"]
    print(f"speed-up from 1 to 2 processes: {one / two:.2f}x (efficiency {one / two / 2:.0%})")
    if ray_ex is not None and rtt is not None:
        ray_t = med["ray, 2 CPUs"]
        per_game = (ray_t - two) / games
        print(
            f"Ray overhead per game vs local jobs=2: {1000 * per_game:+.2f} ms "
            f"({(ray_t / two - 1):+.1%} of the run); Ray {ray_version}"
        )
        print(
            f"Ray task round trip (no-op, {args.tasks} tasks at once): {1000 * rtt:.2f} ms a task"
        )
        print(f"Ray local start-up (ray.init + first tasks): {ray_start:.1f} s")
    print(f"results identical on every back end and repeat: {'yes' if identical else 'NO'}")
    if ray_ex is not None:
        import ray

        ray.shutdown()


def end_to_end(args: argparse.Namespace) -> None:
    base = [sys.executable, "-m", "ninetynine", "simulate", args.game, "--games", str(args.games),
            "--agents", args.agents, "--seed", str(args.seed), "--no-progress"]  # fmt: skip
    if args.players:
        base += ["--players", str(args.players)]
    runs = {"--jobs 1": ["--jobs", "1"], "--jobs 2": ["--jobs", "2"]}
    try:
        import ray  # noqa: F401

        runs["--backend ray"] = ["--backend", "ray"]
    except ImportError:
        pass
    times: dict[str, list[float]] = {n: [] for n in runs}
    env = {**os.environ, "RAY_ADDRESS": ""}  # a fresh local instance, never a running cluster
    print(f"\nEnd to end: `{' '.join(['ninetynine', *base[3:]])}` plus each back end")
    print(f"load average before: {_load()}", flush=True)
    names = list(runs)
    for rep in range(args.cli_repeat):
        for name in names[rep % len(names) :] + names[: rep % len(names)]:
            dt, _ = _timed(
                lambda name=name: subprocess.run(
                    base + runs[name], check=True, capture_output=True, env=env
                )
            )
            times[name].append(dt)
            print(f"  repeat {rep + 1}, {name}: {dt:.2f} s", flush=True)
    print(f"load average after: {_load()}\n")
    print("| command | median wall time (range) | games/s |")
    print("| --- | --- | --- |")
    for n in names:
        print(f"| {n} | {_fmt_range(times[n])} | {args.games / statistics.median(times[n]):,.0f} |")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="warp99")
    p.add_argument("--players", type=int, default=None, help="default: the game's")
    p.add_argument("--agents", default="greedy")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--repeat", type=int, default=3, help="repeats of the in-process runs")
    p.add_argument("--tasks", type=int, default=500, help="no-op tasks for the round trip")
    p.add_argument("--cli", action="store_true", help="also time the command end to end")
    p.add_argument("--cli-repeat", type=int, default=2)
    p.add_argument("--quick", action="store_true", help="200 games, 1 repeat (a smoke run)")
    args = p.parse_args()
    if args.quick:
        args.games, args.repeat, args.cli_repeat, args.tasks = 200, 1, 1, 100
    print(__doc__.split("Method (printed with the results):")[1].split("The load average")[0])
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} "
        f"{platform.release()}, Python {platform.python_version()}; "
        f"{args.game} {args.players or 'default'} players, agents {args.agents}, "
        f"{args.games} games, seed {args.seed}\n"
    )
    in_process(args)
    if args.cli:
        end_to_end(args)


if __name__ == "__main__":
    main()
