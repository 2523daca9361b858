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
    args = ap.parse_args(argv)
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


if __name__ == "__main__":
    main()
