"""Side by side with the field's peers: OpenSpiel's C++ card games and RLCard's UNO env.

Run ``python benchmarks/peers.py`` (about two minutes) or ``--quick`` (about 20 seconds). The
peers are optional (``pip install 'ninetynine[bench]'``: ``open_spiel``, ``rlcard``); a peer that
is not installed is left out and said so. Three loops, the same for every contestant, each
playing whole games with uniformly random legal choices (``random.Random``):

* ``engine``: ``legal_actions()``, a random choice, ``apply_action(a)``. OpenSpiel's chance
  nodes (the deal) are sampled from ``chance_outcomes()`` inside the timed loop and not counted
  as actions; our games draw chance inside ``apply_action``.
* ``rl``: the RL step: the observation tensor of the seat to act, the legal-actions mask, then
  as ``engine``. Ours: ``state.observation_tensor(p)`` (a ``float32`` array) and
  ``state.legal_actions_mask()``; OpenSpiel: ``state.observation_tensor(p)`` and
  ``state.legal_actions_mask(p)`` (Python lists, its ``pyspiel.State`` API: the reference);
  ``(observer)``: its Observer API writing the tensor into one reused numpy buffer
  (``make_observation(game).set_from(state, p)``), OpenSpiel's fastest path, for comparison.
* ``fast`` rows: the same loops on ``game.new_fast_state(seed)``, for the games that have a
  fast state (Warp 99, Ninety Nine, ONO 99, Tripwire, Sixto: the RL step in C); the plain rows
  are the reference state (``new_initial_state``).
* ``env``: one environment step (the envs deal ``game.new_fast_state``). RLCard:
  ``env.step(a)`` (it returns the next seat's encoded
  state and legal actions). PettingZoo AEC (``aec``): ``env.last()`` then ``env.step(a)``.
  Gymnasium (``gym``, ``gymnasium.make(id, opponents="random", seat=0)``): ``env.step(a)``,
  which also plays the random bots' moves until the learner is to act again (a learner step).
  The action is drawn from the observation's mask (``mask.nonzero()[0]``) or RLCard's
  ``legal_actions`` keys. Each env is seeded once, as a trainer seeds it (Gymnasium's
  ``reset`` docs: "pass an integer right after the environment has been initialized and then
  never again") and as RLCard's env is seeded at ``make``: ``reset(seed=...)`` for its first
  game, ``reset()`` for the next. ``--seed-every-game`` seeds every game's reset instead
  (``reset(seed=derive_seed(seed, i))``), which adds the seeding's cost (numpy's
  ``SeedSequence``, tens of microseconds a reset) to every episode.

Method: every cell (a loop on a contestant) plays whole games, game ``i`` from
``derive_seed(seed, i)`` (OpenSpiel, RLCard: own seeds; the envs: see ``env``), until a time budget
is spent; one warm-up game per cell first. Time is this process's CPU time
(``time.process_time``; ``--clock wall`` for the wall clock): on a machine shared with other
work it counts what the loop itself costs, not the time it waited for a core. The cells run
in interleaved rounds (the order rotated each round), so a change in machine load hits every
contestant alike; each figure is the median over the rounds of actions (or env steps) per
second, with the range. Ratios are to
OpenSpiel ``crazy_eights`` in the same loop and the same run (``engine``, ``rl``) or to RLCard's
UNO env step (``env``). Our games run at their default player count unless ``--players``;
``crazy_eights`` at ``--peer-players`` (default 2: its fastest RL loop on our machine, so the
hardest bar). Nothing is asserted: speed is measured, never tested.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from throughput import (
    has_fast_state,
    machine_info,
    play_engine,
    play_engine_fast,
    play_rl,
    play_rl_fast,
)

import ninetynine
from ninetynine.core.registry import game_class
from ninetynine.core.rng import derive_seed

#: One game of a loop: ``(game index) -> actions (or env steps) taken``.
PlayOne = Callable[[int], int]


@dataclass
class Cell:
    """One loop on one contestant: how to build it and the rates measured per round."""

    loop: str
    contestant: str
    players: int
    build: Callable[[int], PlayOne]
    rates: list[float] = field(default_factory=list)
    play: PlayOne | None = None

    @property
    def median(self) -> float:
        return statistics.median(self.rates) if self.rates else 0.0


# -- our contestants ----------------------------------------------------------------------------
def ours(loop: str, game_id: str, n: int, fast: bool = False) -> Callable[[int], PlayOne]:
    """The ``engine`` or ``rl`` loop on one of our games (``throughput.py``'s loops), on
    ``game.new_initial_state`` (the reference state) or, ``fast``, ``game.new_fast_state``."""
    if fast:
        play = {"engine": play_engine_fast, "rl": play_rl_fast}[loop]
    else:
        play = {"engine": play_engine, "rl": play_rl}[loop]

    def build(seed: int) -> PlayOne:
        game = ninetynine.load_game(game_id, num_players=n)
        choose = random.Random(seed).choice
        return lambda i: play(game, derive_seed(seed, i), choose)

    return build


def env_seeds(seed: int, every_game: bool) -> Callable[[int], int | None]:
    """The seed of game ``i``'s ``reset``: ``derive_seed(seed, i)`` for the env's first game
    (or, ``every_game``, for every game), ``None`` (the env's own stream) for the others."""
    seeded = False

    def seed_of(i: int) -> int | None:
        nonlocal seeded
        if seeded and not every_game:
            return None
        seeded = True
        return derive_seed(seed, i)

    return seed_of


def aec(game_id: str, n: int, every_game: bool = False) -> Callable[[int], PlayOne]:
    """PettingZoo AEC: ``env.last()`` and ``env.step(a)`` until the game ends."""

    def build(seed: int) -> PlayOne:
        from ninetynine.envs import aec_env

        env = aec_env(game_id, num_players=n)
        randbelow = random.Random(seed).randrange
        seed_of = env_seeds(seed, every_game)

        def one(i: int) -> int:
            env.reset(seed=seed_of(i))
            steps = 0
            while True:
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    return steps
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[randbelow(len(legal))]))
                steps += 1

        return one

    return build


def gym(game_id: str, n: int, every_game: bool = False) -> Callable[[int], PlayOne]:
    """Gymnasium: ``env.step(a)`` (seat 0 learns, random bots elsewhere) until the end."""

    def build(seed: int) -> PlayOne:
        import gymnasium

        from ninetynine.envs import gym_env_id

        env = gymnasium.make(gym_env_id(game_id), num_players=n, opponents="random", seat=0)
        randbelow = random.Random(seed).randrange
        seed_of = env_seeds(seed, every_game)

        def one(i: int) -> int:
            obs, _ = env.reset(seed=seed_of(i))
            steps = 0
            done = False
            while not done:
                legal = obs["action_mask"].nonzero()[0]
                obs, _, terminated, truncated, _ = env.step(int(legal[randbelow(len(legal))]))
                done = terminated or truncated
                steps += 1
            return steps

        return one

    return build


# -- the peers ----------------------------------------------------------------------------------
def openspiel(loop: str, name: str, params: dict[str, Any]) -> Callable[[int], PlayOne]:
    """An OpenSpiel game through ``pyspiel``: ``engine``, ``rl`` (observation tensor and
    legal-actions mask of the seat to act, as lists) or ``rl-observer`` (the tensor written by
    its Observer API into one reused numpy buffer: OpenSpiel's fastest way to a tensor)."""

    def build(seed: int) -> PlayOne:
        import pyspiel

        game = pyspiel.load_game(name, params)
        rng = random.Random(seed)
        choose, rand = rng.choice, rng.random
        rl = loop in ("rl", "rl-observer")
        observer = None
        if loop == "rl-observer":
            from open_spiel.python.observation import make_observation

            observer = make_observation(game)

        def one(i: int) -> int:
            state = game.new_initial_state()
            actions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    r, acc = rand(), 0.0
                    for a, prob in outcomes:  # noqa: B007 (a: the outcome drawn)
                        acc += prob
                        if r < acc:
                            break
                    state.apply_action(a)
                    continue
                if rl:
                    p = state.current_player()
                    if observer is None:
                        state.observation_tensor(p)
                    else:
                        observer.set_from(state, p)
                    state.legal_actions_mask(p)
                state.apply_action(choose(state.legal_actions()))
                actions += 1
            return actions

        return one

    return build


def rlcard_uno(seed: int) -> PlayOne:
    """RLCard's UNO env: ``env.step(a)`` with a random key of ``state["legal_actions"]``."""
    import rlcard

    env = rlcard.make("uno", config={"seed": seed})
    choose = random.Random(seed).choice

    def one(i: int) -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            state, _ = env.step(choose(list(state["legal_actions"])))
            steps += 1
        return steps

    return one


def has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


# -- the run ------------------------------------------------------------------------------------
def measure(cell: Cell, budget: float, start: int, clock: Callable[[], float]) -> tuple[float, int]:
    """Play games of ``cell`` from game index ``start`` until ``budget`` seconds of ``clock``
    are spent. -> (actions per second, next game index)."""
    assert cell.play is not None
    play = cell.play
    actions = 0
    i = start
    t0 = clock()
    while True:
        actions += play(i)
        i += 1
        elapsed = clock() - t0
        if elapsed >= budget:
            return actions / elapsed, i


def build_cells(args: argparse.Namespace) -> tuple[list[Cell], list[str]]:
    """The cells to run and notes on what was left out."""
    notes: list[str] = []
    game_ids = args.game or ninetynine.list_games()

    def seats(g: str) -> int:
        return args.players or game_class(g).default_players

    cells: list[Cell] = []
    pp = args.peer_players
    have_os = has_module("pyspiel")
    have_rlcard = has_module("rlcard")
    have_envs = all(has_module(m) for m in ("gymnasium", "pettingzoo"))
    if not have_os:
        notes.append("OpenSpiel not installed (pip install open_spiel): its rows are left out")
    if not have_rlcard:
        notes.append("RLCard not installed (pip install rlcard): its row is left out")
    for loop in ("engine", "rl"):
        if have_os:
            cells.append(
                Cell(
                    loop,
                    "OpenSpiel crazy_eights",
                    pp,
                    openspiel(loop, "crazy_eights", {"players": pp}),
                )
            )
            if loop == "engine" and not args.quick:
                cells.append(Cell(loop, "OpenSpiel hearts", 4, openspiel(loop, "hearts", {})))
            if loop == "rl":
                cells.append(
                    Cell(
                        loop,
                        "OpenSpiel crazy_eights (observer)",
                        pp,
                        openspiel("rl-observer", "crazy_eights", {"players": pp}),
                    )
                )
        for g in game_ids:
            cells.append(Cell(loop, g, seats(g), ours(loop, g, seats(g))))
            if has_fast_state(ninetynine.load_game(g, num_players=seats(g))):
                cells.append(Cell(loop, f"{g} fast", seats(g), ours(loop, g, seats(g), True)))
    if have_rlcard:
        cells.append(Cell("env", "RLCard uno", 2, rlcard_uno))
    if have_envs:
        for g in game_ids:
            every = args.seed_every_game
            cells.append(Cell("env", f"{g} aec", seats(g), aec(g, seats(g), every)))
            cells.append(Cell("env", f"{g} gym", seats(g), gym(g, seats(g), every)))
    else:
        notes.append("gymnasium / pettingzoo not installed (the rl extra): env rows left out")
    return cells, notes


CLOCKS = {"cpu": "CPU time of this process (time.process_time)", "wall": "time.perf_counter"}
REFERENCE = {
    "engine": "OpenSpiel crazy_eights",
    "rl": "OpenSpiel crazy_eights",
    "env": "RLCard uno",
}


def main(argv: list[str] | None = None) -> None:
    """Command line: see ``--help``."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a short run (about 20 seconds)")
    ap.add_argument("--game", nargs="+", default=None, help="our game ids (default: all)")
    ap.add_argument("--players", type=int, default=None, help="seats for our games")
    ap.add_argument(
        "--peer-players", type=int, default=2, help="seats for crazy_eights (default 2)"
    )
    ap.add_argument("--rounds", type=int, default=None, help="interleaved rounds (5; quick 3)")
    ap.add_argument(
        "--budget", type=float, default=None, help="seconds per cell and round (0.8; quick 0.15)"
    )
    ap.add_argument("--loops", nargs="+", choices=("engine", "rl", "env"), default=None)
    ap.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    ap.add_argument(
        "--seed-every-game",
        action="store_true",
        help="env cells: reset(seed=...) for every game, not only the first (as a trainer)",
    )
    ap.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="cpu: this process's CPU time (default; steadier on a shared machine); wall",
    )
    args = ap.parse_args(argv)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    rounds = args.rounds or (3 if args.quick else 5)
    budget = args.budget or (0.15 if args.quick else 0.8)
    cells, notes = build_cells(args)
    if args.loops:
        cells = [c for c in cells if c.loop in args.loops]

    print(__doc__.split("\n\n", 1)[1].strip())
    print()
    print(machine_info())
    versions = []
    for mod, label in (("pyspiel", "open_spiel"), ("rlcard", "rlcard"), ("numpy", "numpy")):
        if has_module(mod):
            from importlib.metadata import PackageNotFoundError, version

            try:
                versions.append(f"{label} {version(label)}")
            except PackageNotFoundError:
                versions.append(label)
    print("peers: " + ", ".join(versions))
    print(
        f"clock: {CLOCKS[args.clock]}; "
        f"rounds: {rounds}, {budget:g} s per cell and round, {len(cells)} cells, "
        f"seed {args.seed}; load average before: {os.getloadavg()[0]:.2f}"
    )
    if any(c.loop == "env" for c in cells):
        how = "every game" if args.seed_every_game else "the first game only"
        print(f"env cells: reset(seed=...) for {how}")
    for note in notes:
        print(f"note: {note}")
    print()
    for c in cells:  # build and warm up (imports, caches) outside the timed region
        c.play = c.build(args.seed)
        c.play(10**6)
    next_game = [0] * len(cells)
    for r in range(rounds):
        k = r % len(cells)
        for j in [*range(k, len(cells)), *range(k)]:
            rate, next_game[j] = measure(cells[j], budget, next_game[j], clock)
            cells[j].rates.append(rate)
        print(f"round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print()
    print("| loop | contestant | players | median /s | range /s | ratio |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    refs = {c.loop: c.median for c in cells if c.contestant == REFERENCE[c.loop]}
    for c in cells:
        ref = refs.get(c.loop)
        ratio = f"{c.median / ref:.2f}x" if ref else "-"
        print(
            f"| {c.loop} | {c.contestant} | {c.players} | {c.median:,.0f} | "
            f"{min(c.rates):,.0f}-{max(c.rates):,.0f} | {ratio} |"
        )


if __name__ == "__main__":
    main()
