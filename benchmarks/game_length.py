"""The longest games against ``game.max_game_length`` (issue 19, item 5).

For every registered game (default options) at every player count it allows, plays seeded
games with uniformly random moves and with the game's ``greedy`` agent on every seat, and
prints the most actions one game took next to the bound the game declares (derived in its
``max_game_length`` docstring). The bound may never be below a measurement; the last column
says how far above it is (bound / longest random game).

    nice PYTHONPATH=src python benchmarks/game_length.py --random 100000 --greedy 10000 --jobs 2
    PYTHONPATH=src python benchmarks/game_length.py warp99 --players 3 --random 2000

Game ``i`` of a run is dealt from ``derive_seed(seed, i)`` (its moves from another derived
seed), so a run replays exactly and splitting it over ``--jobs`` processes changes nothing.
Exits with status 1 if any game outran its bound.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.registry import game_class, list_agents
from ninetynine.core.rng import Rng, derive_seed


def longest(game_id: str, n: int, agent: str, start: int, stop: int, seed: int) -> tuple[int, int]:
    """The most actions in games ``start .. stop-1`` (``agent``: ``random`` or a registered
    name on every seat), and the index of the first game that took that many."""
    game = ninetynine.load_game(game_id, num_players=n)
    best, where = -1, -1
    for i in range(start, stop):
        state = game.new_initial_state(derive_seed(seed, i))
        if agent == "random":
            rng = Rng(derive_seed(seed, i, 1))
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[rng.randbelow(len(legal))])
        else:
            bots = [make_agent(agent, game, s, derive_seed(seed, i, 2, s)) for s in range(n)]
            while not state.is_terminal():
                state.apply_action(choose_action(bots[state.current_player()], state))
        length = len(state.history())
        if length > best:
            best, where = length, i
    return best, where


def measure(
    pool: ProcessPoolExecutor | None, game_id: str, n: int, agent: str, games: int, seed: int
) -> tuple[int, int]:
    if games <= 0:
        return -1, -1
    if pool is None:
        return longest(game_id, n, agent, 0, games, seed)
    chunk = max(1, min(2000, games // 8 or 1))
    futures = [
        pool.submit(longest, game_id, n, agent, a, min(a + chunk, games), seed)
        for a in range(0, games, chunk)
    ]
    results = [f.result() for f in futures]
    best = max(r[0] for r in results)
    return best, min(r[1] for r in results if r[0] == best)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument("--players", type=int, nargs="*", help="player counts (default: all)")
    ap.add_argument("--random", type=int, default=100_000, help="random games a row")
    ap.add_argument("--greedy", type=int, default=10_000, help="greedy games a row")
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args(argv)
    ids = args.games or ninetynine.list_games()
    print(
        f"longest game in actions: {args.random} random and {args.greedy} greedy games a row, "
        f"default options, seed {args.seed}"
    )
    print()
    print(
        "| game | players | max_game_length | longest random | longest greedy | bound / longest |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    sys.stdout.flush()
    failed = False
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for gid in ids:
            cls = game_class(gid)
            counts = args.players or range(cls.min_players, cls.max_players + 1)
            for n in counts:
                if not cls.min_players <= n <= cls.max_players:
                    continue
                bound = ninetynine.load_game(gid, num_players=n).max_game_length
                t0 = time.perf_counter()
                rnd, _ = measure(pool, gid, n, "random", args.random, args.seed)
                greedy = "greedy" in list_agents(gid)
                grd, _ = measure(pool, gid, n, "greedy", args.greedy if greedy else 0, args.seed)
                top = max(rnd, grd)
                failed |= top > bound
                ratio = f"{bound / top:.1f}x" if top > 0 else "-"
                flag = " **OUTRAN**" if top > bound else ""
                shown = f"{grd:,}" if grd >= 0 else "-"
                print(
                    f"| {gid} | {n} | {bound:,} | {rnd:,} | {shown} | {ratio}{flag} |",
                    flush=True,
                )
                print(f"<!-- {gid} {n}p: {time.perf_counter() - t0:.0f} s -->", file=sys.stderr)
    finally:
        if pool is not None:
            pool.shutdown()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
