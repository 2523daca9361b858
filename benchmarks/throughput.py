"""Throughput of the engine and its bots: games/s and actions/s, single process.

Run ``python benchmarks/throughput.py`` (about 20 seconds) or ``--quick`` (a few seconds).
Three ways of playing a game, each timed from ``game.new_initial_state(seed)`` to the terminal
state:

* ``engine``: what an RL loop pays for the engine alone: ``state.legal_actions()``, a
  ``random.Random`` choice among them, ``state.apply_action(a)``. No agent, no observation.
* ``rl``: the RL step: ``state.observation_tensor(p)`` of the seat to act,
  ``state.legal_actions_mask()``, then as ``engine`` (needs numpy).
* ``random``: the agent protocol: ``state.observation(p)``, ``state.legal_actions()``,
  ``agent.step(observation, legal)`` of the ``random`` agent, ``state.apply_action(a)``.
* ``greedy``: the same with the game's ``greedy`` bot.

Every registered game by default (``--game warp99`` for one), at its smallest, default and
largest player counts (``--players 2 3 4`` to choose).

Game ``i`` is played from ``derive_seed(seed, i)`` (as ``ninetynine simulate`` does). Agents are
built (``make_agent``) outside the timed region. Nothing here is asserted: speed is measured,
never tested.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.registry import game_class
from ninetynine.core.rng import derive_seed


@dataclass
class Measurement:
    """One timed batch: ``games`` games with ``actions`` actions in ``seconds``."""

    mode: str
    players: int
    games: int
    actions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds


def play_engine(game: ninetynine.Game, seed: int, choose: Callable[[list[int]], int]) -> int:
    """One game, engine only: ``legal_actions()``, ``choose`` among them, ``apply_action``.
    -> actions played."""
    state = game.new_initial_state(seed)
    actions = 0
    while not state.is_terminal():
        state.apply_action(choose(state.legal_actions()))
        actions += 1
    return actions


def play_rl(game: ninetynine.Game, seed: int, choose: Callable[[list[int]], int]) -> int:
    """One game, the RL step: ``observation_tensor(p)`` of the seat to act,
    ``legal_actions_mask()``, then as :func:`play_engine`. -> actions played."""
    state = game.new_initial_state(seed)
    actions = 0
    while not state.is_terminal():
        state.observation_tensor(state.current_player())
        state.legal_actions_mask()
        state.apply_action(choose(state.legal_actions()))
        actions += 1
    return actions


def play_engine_fast(game: ninetynine.Game, seed: int, choose: Callable[[list[int]], int]) -> int:
    """:func:`play_engine` on ``game.new_fast_state(seed)`` (the game's fast state: compiled
    for every game but 99 Heroes; the reference state there)."""
    state = game.new_fast_state(seed)
    actions = 0
    while not state.is_terminal():
        state.apply_action(choose(state.legal_actions()))
        actions += 1
    return actions


def play_rl_fast(game: ninetynine.Game, seed: int, choose: Callable[[list[int]], int]) -> int:
    """:func:`play_rl` on ``game.new_fast_state(seed)``."""
    state = game.new_fast_state(seed)
    actions = 0
    while not state.is_terminal():
        state.observation_tensor(state.current_player())
        state.legal_actions_mask()
        state.apply_action(choose(state.legal_actions()))
        actions += 1
    return actions


def has_fast_state(game: ninetynine.Game) -> bool:
    """Whether ``game.new_fast_state`` deals a state of its own (not the reference state)."""
    return type(game.new_fast_state(0)) is not type(game.new_initial_state(0))


def run_games(
    play: Callable[[ninetynine.Game, int, Callable[[list[int]], int]], int],
    game: ninetynine.Game,
    games: int,
    seed: int,
) -> tuple[int, float]:
    """``games`` games of ``play`` from ``derive_seed(seed, i)``, choices from
    ``random.Random(seed)``. -> (actions, s)."""
    choose = random.Random(seed).choice
    seeds = [derive_seed(seed, i) for i in range(games)]
    actions = 0
    t0 = time.perf_counter()
    for s in seeds:
        actions += play(game, s, choose)
    return actions, time.perf_counter() - t0


def run_engine(game: ninetynine.Game, games: int, seed: int) -> tuple[int, float]:
    """Engine only: legal_actions + random.Random choice + apply_action. -> (actions, s)."""
    return run_games(play_engine, game, games, seed)


def run_rl(game: ninetynine.Game, games: int, seed: int) -> tuple[int, float]:
    """The RL step: observation_tensor + legal_actions_mask + the engine. -> (actions, s)."""
    return run_games(play_rl, game, games, seed)


def run_agents(game: ninetynine.Game, spec: str, games: int, seed: int) -> tuple[int, float]:
    """Agents: observation + legal_actions + agent.step + apply_action. -> (actions, s)."""
    n = game.num_players
    seeds = [derive_seed(seed, i) for i in range(games)]
    lineups = [[make_agent(spec, game, p, derive_seed(s, 1, p)) for p in range(n)] for s in seeds]
    actions = 0
    t0 = time.perf_counter()
    for s, agents in zip(seeds, lineups, strict=True):
        state = game.new_initial_state(s)
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(agents[p].step(state.observation(p), state.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - t0


MODES: dict[str, Callable[[ninetynine.Game, int, int], tuple[int, float]]] = {
    "engine": run_engine,
    "rl": run_rl,
    "random": lambda g, k, s: run_agents(g, "random", k, s),
    "greedy": lambda g, k, s: run_agents(g, "greedy", k, s),
}


def machine_info() -> str:
    """Machine and interpreter, for the report."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"machine: {platform.platform()}, {cpu}, {os.cpu_count()} logical CPUs\n"
        f"python:  {platform.python_implementation()} {platform.python_version()} "
        f"({sys.executable})\n"
        f"ninetynine {ninetynine.__version__}"
    )


def players_for(game_id: str, chosen: list[int] | None) -> list[int]:
    """The seat counts to time for ``game_id``: ``chosen``, or min / default / max."""
    if chosen:
        return chosen
    cls = game_class(game_id)
    return sorted({cls.min_players, cls.default_players, cls.max_players})


def main(argv: list[str] | None = None) -> None:
    """Command line: see ``--help``."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    ap.add_argument(
        "--game", nargs="+", default=None, help="game ids (default: every registered game)"
    )
    ap.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=None,
        help="seat counts (default: each game's smallest, default and largest)",
    )
    ap.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    ap.add_argument(
        "--modes", nargs="+", choices=list(MODES), default=list(MODES), help="what to time"
    )
    ap.add_argument(
        "--batched",
        action="store_true",
        help="only the batched Warp 99 section (vector env, self-play batches) and its ratios",
    )
    args = ap.parse_args(argv)
    if args.batched:
        print(machine_info())
        batched_section(args.quick)
        return
    game_ids = args.game or ninetynine.list_games()
    games = (
        {"engine": 200, "rl": 100, "random": 100, "greedy": 30}
        if args.quick
        else {"engine": 2000, "rl": 1000, "random": 1000, "greedy": 300}
    )

    print("What is timed (wall clock, from new_initial_state(seed) to the terminal state):")
    print("  engine        legal_actions() + random.Random choice + apply_action()")
    print("  rl            observation_tensor(p) + legal_actions_mask() + the engine loop")
    print("  random        observation(p) + legal_actions() + agent.step() + apply_action()")
    print("  greedy        the same with the game's greedy bot")
    print()
    print(machine_info())
    print(
        f"games: {', '.join(game_ids)}, default options; seeds derive_seed({args.seed}, i); "
        f"games per cell: {', '.join(f'{m} {k}' for m, k in games.items() if m in args.modes)}; "
        "one process, wall clock (time.perf_counter), one warm-up game per cell"
    )
    print()
    rows: list[Measurement] = []
    print("| game | mode | players | games | actions/game | games/s | actions/s |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    cells = [(g, m, n) for g in game_ids for m in args.modes for n in players_for(g, args.players)]
    for game_id, mode, n in cells:
        game = ninetynine.load_game(game_id, num_players=n)
        MODES[mode](game, 1, args.seed + 1)  # warm-up (imports, caches)
        actions, seconds = MODES[mode](game, games[mode], args.seed)
        m = Measurement(mode, n, games[mode], actions, seconds)
        rows.append(m)
        print(
            f"| {game_id} | {mode} | {n} | {m.games} | {m.actions / m.games:,.0f} | "
            f"{m.games_per_s:,.0f} | {m.actions_per_s:,.0f} |",
            flush=True,
        )


# -- the batched section ------------------------------------------------------------------------
# ``--batched``: the batched Warp 99 engine (games/warp99/batched) and its vector env against the
# single-state engine and, when pyspiel is installed, OpenSpiel's crazy_eights, in one process,
# in interleaved rounds (median of the rounds), by wall clock and by process CPU time (the CPU
# figure is what a core delivers when the machine is shared).


def _rl_step_single(game_id: str, n: int, seed: int) -> Callable[[float], tuple[int, float, float]]:
    """The single-state RL step: ``observation_tensor(p)``, ``legal_actions_mask()``, a random
    legal action, ``apply_action``; -> ``run(budget) -> (actions, wall s, cpu s)``."""
    game = ninetynine.load_game(game_id, num_players=n)
    rng = random.Random(seed)

    def run(budget: float) -> tuple[int, float, float]:
        actions = 0
        t0, c0 = time.perf_counter(), time.process_time()
        while time.perf_counter() - t0 < budget:
            state = game.new_initial_state(rng.getrandbits(63))
            while not state.is_terminal():
                p = state.current_player()
                state.observation_tensor(p)
                state.legal_actions_mask()
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions, time.perf_counter() - t0, time.process_time() - c0

    return run


def _rl_step_openspiel(players: int, seed: int) -> Callable[[float], tuple[int, float, float]]:
    """OpenSpiel ``crazy_eights`` in the same loop (chance nodes sampled, not counted)."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(seed)

    def run(budget: float) -> tuple[int, float, float]:
        actions = 0
        t0, c0 = time.perf_counter(), time.process_time()
        while time.perf_counter() - t0 < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    r, acc = rng.random(), 0.0
                    for a, prob in state.chance_outcomes():  # noqa: B007 (a: the outcome drawn)
                        acc += prob
                        if r < acc:
                            break
                    state.apply_action(a)
                    continue
                p = state.current_player()
                state.observation_tensor(p)
                state.legal_actions_mask(p)
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions, time.perf_counter() - t0, time.process_time() - c0

    return run


def _batched_selfplay(
    n: int, envs: int, threads: int
) -> Callable[[float], tuple[int, float, float]]:
    """``BatchedGame.step`` of ``envs`` games, every seat a random legal move (the engine's
    ``random_actions``): one action, one tensor and one mask per game and step."""
    import numpy as np

    from ninetynine.games.warp99.batched import BatchedGame

    batch = BatchedGame(
        ninetynine.load_game("warp99", num_players=n), envs, backend="c", num_threads=threads
    )
    batch.reset(range(envs))
    states = np.arange(1, envs + 1, dtype=np.uint64)

    def run(budget: float) -> tuple[int, float, float]:
        steps = 0
        t0, c0 = time.perf_counter(), time.process_time()
        while time.perf_counter() - t0 < budget:
            batch.step(np.maximum(batch.random_actions(states), 0))
            steps += envs
        return steps, time.perf_counter() - t0, time.process_time() - c0

    return run


def _vector(
    n: int, envs: int, opponents: str, threads: int, copy: bool
) -> Callable[[float], tuple[int, float, float]]:
    """``vector_env(...).step`` with a random legal learner (``random_actions``)."""
    import numpy as np

    from ninetynine.envs import vector_env

    env = vector_env(
        "warp99", num_envs=envs, num_players=n, opponents=opponents, backend="c",
        num_threads=threads, copy=copy,
    )  # fmt: skip
    env.reset(seed=0)
    states = np.arange(1, envs + 1, dtype=np.uint64)

    def run(budget: float) -> tuple[int, float, float]:
        steps = 0
        t0, c0 = time.perf_counter(), time.process_time()
        while time.perf_counter() - t0 < budget:
            env.step(env.random_actions(states))
            steps += envs
        return steps, time.perf_counter() - t0, time.process_time() - c0

    return run


def _single_gym(n: int, opponents: str, seed: int) -> Callable[[float], tuple[int, float, float]]:
    """The single Gymnasium env (``ninetynine/Warp99-v0``), a random legal learner."""
    import gymnasium
    import numpy as np

    import ninetynine.envs  # noqa: F401 (registers the ids)

    env = gymnasium.make("ninetynine/Warp99-v0", num_players=n, opponents=opponents)
    rng = random.Random(seed)

    def run(budget: float) -> tuple[int, float, float]:
        steps = 0
        t0, c0 = time.perf_counter(), time.process_time()
        obs, _ = env.reset(seed=rng.getrandbits(62))
        while time.perf_counter() - t0 < budget:
            obs, _, term, trunc, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            steps += 1
            if term or trunc:
                obs, _ = env.reset(seed=rng.getrandbits(62))
        return steps, time.perf_counter() - t0, time.process_time() - c0

    return run


def batched_section(quick: bool, players: int = 3, envs: int = 1024) -> None:
    """Print the batched engine's table (see the comment above this function)."""
    import resource
    import statistics

    from ninetynine.games.warp99.batched import core_missing_reason, has_core

    print()
    print(f"## Batched Warp 99 ({players} players, num_envs={envs})")
    print()
    if not has_core():
        print(f"skipped: {core_missing_reason()}")
        return
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    cells: dict[str, Callable[[float], tuple[int, float, float]]] = {
        "single-state RL step (tensor + mask + apply), per action": _rl_step_single(
            "warp99", players, 1
        ),
        "batched self-play step, per game-action": _batched_selfplay(players, envs, 1),
        "batched self-play step, 2 threads": _batched_selfplay(players, envs, 2),
        "single env (Warp99-v0), random bots, per learner step": _single_gym(players, "random", 2),
        "vector env, random bots, per learner step": _vector(players, envs, "random", 1, True),
        "vector env, random bots, copy=False": _vector(players, envs, "random", 1, False),
        "vector env, random bots, 2 threads, copy=False": _vector(
            players, envs, "random", 2, False
        ),
        "single env (Warp99-v0), greedy bots, per learner step": _single_gym(players, "greedy", 3),
        "vector env, greedy bots, per learner step": _vector(players, envs, "greedy", 1, True),
    }
    try:
        import pyspiel  # noqa: F401

        cells["OpenSpiel crazy_eights RL step (same loop), per action"] = _rl_step_openspiel(2, 4)
    except ImportError:
        pass
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rounds, budget = (1, 0.3) if quick else (3, 1.5)
    wall: dict[str, list[float]] = {k: [] for k in cells}
    cpu: dict[str, list[float]] = {k: [] for k in cells}
    for _ in range(rounds):
        for name, run in cells.items():
            count, w, c = run(budget)
            wall[name].append(count / w)
            cpu[name].append(count / c if c > 0 else float("nan"))
    med_w = {k: statistics.median(v) for k, v in wall.items()}
    med_c = {k: statistics.median(v) for k, v in cpu.items()}
    base = "single-state RL step (tensor + mask + apply), per action"
    peer = "OpenSpiel crazy_eights RL step (same loop), per action"

    def baseline(name: str) -> str:
        """What a row is compared with: the single env with the same bots for env rows, the
        single-state RL step for the others."""
        if name.startswith("vector env"):
            bots = "greedy" if "greedy" in name else "random"
            return f"single env (Warp99-v0), {bots} bots, per learner step"
        return base

    print(
        f"{rounds} interleaved rounds of {budget} s a cell, medians; steps/s by wall clock and "
        "per CPU-second of this process (os load average at the start: "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)"
    )
    print()
    print("| what | steps/s (wall) | steps/CPU-s | x its single-state form | x crazy_eights |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in cells:
        ratio = f"{med_c[name] / med_c[baseline(name)]:.1f}x"
        vs_peer = f"{med_c[name] / med_c[peer]:.1f}x" if peer in med_c else "n/a"
        print(f"| {name} | {med_w[name]:,.0f} | {med_c[name]:,.0f} | {ratio} | {vs_peer} |")
    print()
    print(
        "ratios are of steps per CPU-second (the same in wall clock on an idle machine); "
        "'its single-state form': the single env with the same bots for the vector env rows, "
        "the single-state RL step for the others; a vector env step is a learner step (the "
        "bots' moves included), the others one action"
    )
    print(
        f"max RSS: {rss0 / 1024:.0f} MB before building the cells, {rss1 / 1024:.0f} MB after "
        f"(every env of every cell built; one vector env of {envs} games holds "
        f"{envs * (1354 * 4 + 337) / 2**20:.1f} MB of observation and mask buffers)"
    )


if __name__ == "__main__":
    main()
