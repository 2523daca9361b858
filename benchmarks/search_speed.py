"""The ISMCTS bot's iterations per CPU-second with and without the fast rollouts.

Run ``python benchmarks/search_speed.py`` (about a minute) or ``--quick``. Method: positions
from games of ``greedy`` bots (the seat to act has at least two moves to compare, ``--every``
th decision kept), and on each one decision of ``ismcts:<iterations>`` (the given spec) with the
game's ``fast_rollout`` hook (the compiled core) and one without it (the Python rollouts),
interleaved, same agent seed: the two searches play the same rollouts and choose the same move
(``tests/agents/test_fast_rollout.py``), so their CPU times compare the rollout engines
alone. Reported: iterations per CPU-second (``time.process_time``, so other processes on a
loaded machine do not count) of each, as the median over positions and the ratio of the
totals. Nothing here is asserted: speed is measured, never tested.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.rng import derive_seed


def positions(game: ninetynine.Game, count: int, every: int, seed: int) -> list[object]:
    """``count`` states where the seat to act has a choice, from greedy games."""
    out: list[object] = []
    g = 0
    while len(out) < count:
        st = game.new_initial_state(derive_seed(seed, g))
        bots = [make_agent("greedy", game, p, 0) for p in range(game.num_players)]
        k = 0
        while not st.is_terminal() and len(out) < count:
            p = st.current_player()
            legal = st.legal_actions()
            if len(legal) > 1:
                k += 1
                if k % every == 0:
                    out.append(st.clone())
            st.apply_action(choose_action(bots[p], st, p))
        g += 1
    return out


def measure(game_id: str, players: int, spec: str, count: int, every: int) -> dict[str, float]:
    game = ninetynine.load_game(game_id, num_players=players)
    cpu = {"fast": 0.0, "python": 0.0}
    iters = {"fast": 0, "python": 0}
    rates: dict[str, list[float]] = {"fast": [], "python": []}
    same = 0
    for i, st in enumerate(positions(game, count, every, 1)):
        p = st.current_player()  # type: ignore[attr-defined]
        moves = {}
        for kind in ("fast", "python") if i % 2 == 0 else ("python", "fast"):
            agent = make_agent(spec, game, p, 7)
            if kind == "python":
                agent._fast_rollout = None  # type: ignore[attr-defined]
            t0 = time.process_time()
            moves[kind] = choose_action(agent, st.clone(), p)  # type: ignore[attr-defined]
            dt = time.process_time() - t0
            n = agent.last.get("iterations", 0)  # type: ignore[attr-defined]
            if n and dt > 0:
                cpu[kind] += dt
                iters[kind] += n
                rates[kind].append(n / dt)
        same += moves["fast"] == moves["python"]
    return {
        "positions": count,
        "same_moves": same,
        "fast_median": statistics.median(rates["fast"]),
        "python_median": statistics.median(rates["python"]),
        "fast_total": iters["fast"] / cpu["fast"],
        "python_total": iters["python"] / cpu["python"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--spec", default="ismcts:300", help="the search bot (an iteration budget)")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--every", type=int, default=7, help="keep every n-th decision")
    ap.add_argument("--quick", action="store_true", help="8 positions")
    ap.add_argument(
        "--game", nargs="*", default=["warp99:3", "warp99:2", "ninetynine:3"],
        help="game:players entries",
    )  # fmt: skip
    args = ap.parse_args()
    count = 8 if args.quick else args.positions
    print(f"# {args.spec}, {count} positions a game, CPU time, {platform.python_version()}")
    print("game | players | it/CPU-s fast (median) | it/CPU-s Python (median) | ratio of totals")
    print("--- | --- | --- | --- | ---")
    for entry in args.game:
        gid, _, n = entry.partition(":")
        r = measure(gid, int(n or 3), args.spec, count, args.every)
        print(
            f"{gid} | {n} | {r['fast_median']:,.0f} | {r['python_median']:,.0f} | "
            f"{r['fast_total'] / r['python_total']:.1f}x (same move {r['same_moves']}"
            f"/{r['positions']})"
        )


if __name__ == "__main__":
    main()
