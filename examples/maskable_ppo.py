"""Train sb3-contrib's MaskablePPO on one game against bots, then measure it against random and
greedy bots beside the random and greedy policies in the same seat.

    python examples/maskable_ppo.py                                  # ONO 99, 3 players
    python examples/maskable_ppo.py --game warp99 --timesteps 200000 --eval-games 300

The learner plays ``gymnasium.make(gym_env_id(game), opponents=...)``: the env's
``action_masks()`` is what MaskablePPO asks for, so no adapter code is needed. Training is
against ``--train-opponents`` (random bots by default). The evaluation plays the same seeded
games (each seed fixes the deal, the learner's seat and the bots' seeds: ``reset(seed=s)``)
for every policy in the learner's seat: the trained model (deterministic, masked argmax), a
uniform random legal move, and the game's greedy bot. A win is a reward above 0; with three
players a random policy wins about a third.

Needs ``pip install 'ninetynine[rl]' sb3-contrib`` (sb3-contrib pulls torch: install a CPU
build first, e.g. from the CPU wheel index, or pip takes a CUDA build of several GB). Torch runs
on one thread here: the network is small and the env, not the network, sets the pace.
"""

from __future__ import annotations

import argparse
import math
import time
import warnings
from collections.abc import Callable

import numpy as np

#: Evaluation games never share a seed with anything the learner trained on.
EVAL_SEED_BASE = 50_000_000

Policy = Callable[[dict[str, np.ndarray], object], int]


def at_least(low: int) -> Callable[[str], int]:
    """An argparse ``type``: an integer of at least ``low`` (argparse prints the error)."""

    def parse(text: str) -> int:
        value = int(text)  # a ValueError: argparse's "invalid int value"
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    parse.__name__ = "int"
    return parse


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; a bad value (an unknown game, a player count the game does not
    take, a count below 1) is argparse's one-line error and exit code 2."""
    p = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    p.add_argument("--game", default="ono99", help="game id (default: ono99)")
    p.add_argument("--players", type=int, default=3)
    p.add_argument(
        "--timesteps", type=at_least(1), default=60_000, help="learner decisions to train on"
    )
    p.add_argument("--train-opponents", default="random", help="agent spec(s) of the bots")
    p.add_argument("--eval-games", type=at_least(1), default=300, help="games per evaluation cell")
    p.add_argument("--n-steps", type=at_least(1), default=1024, help="PPO rollout length")
    p.add_argument("--seed", type=at_least(0), default=0)
    args = p.parse_args(argv)
    from ninetynine import load_game
    from ninetynine.core.errors import GameOptionError

    try:
        load_game(args.game, num_players=args.players)
    except GameOptionError as e:
        p.error(str(e))
    return args


def make_env(args: argparse.Namespace, opponents: str):  # type: ignore[no-untyped-def]
    import gymnasium

    from ninetynine.envs import gym_env_id

    return gymnasium.make(gym_env_id(args.game), num_players=args.players, opponents=opponents)


def train(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = make_env(args, args.train_opponents)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=args.n_steps,
        batch_size=min(256, args.n_steps),
        gamma=1.0,  # one reward, at the end of the game
        seed=args.seed,
        verbose=0,
    )
    model.learn(total_timesteps=args.timesteps)
    return model


def evaluate(args: argparse.Namespace, policy: Policy, opponents: str) -> tuple[float, float]:
    """(win rate, its standard error) of ``policy`` in the learner's seat over the evaluation
    games against ``opponents``."""
    env = make_env(args, opponents)
    wins = 0
    for g in range(args.eval_games):
        obs, _ = env.reset(seed=EVAL_SEED_BASE + g)
        done, reward = False, 0.0
        while not done:
            obs, reward, terminated, truncated, _ = env.step(policy(obs, env))
            done = terminated or truncated
        wins += reward > 0
    p = wins / args.eval_games
    return p, math.sqrt(p * (1 - p) / args.eval_games)


def random_policy(seed: int) -> Policy:
    rng = np.random.default_rng(seed)
    return lambda obs, env: int(rng.choice(np.flatnonzero(obs["action_mask"])))


def greedy_policy(args: argparse.Namespace) -> Policy:
    """The game's greedy bot in the learner's seat. A bot reads its seat's view from the game
    state (``choose_action``); ``_state`` is the env's workings, never the learner's input."""
    from ninetynine.agents import make_agent
    from ninetynine.core.agent import choose_action

    bots: dict[int, object] = {}

    def act(obs: dict[str, np.ndarray], env) -> int:  # type: ignore[no-untyped-def]
        base = env.unwrapped
        seat = base.seat
        if seat not in bots:
            bots[seat] = make_agent("greedy", base.game, seat, args.seed)
        return int(choose_action(bots[seat], base._state, seat))  # type: ignore[arg-type]

    return act


def model_policy(model) -> Policy:  # type: ignore[no-untyped-def]
    def act(obs: dict[str, np.ndarray], env) -> int:  # type: ignore[no-untyped-def]
        action, _ = model.predict(obs, action_masks=obs["action_mask"], deterministic=True)
        return int(action)

    return act


def main(argv: list[str] | None = None) -> dict[str, dict[str, tuple[float, float]]]:
    args = parse_args(argv)
    warnings.simplefilter("ignore")
    start = time.perf_counter()
    model = train(args)
    trained = time.perf_counter() - start
    print(
        f"MaskablePPO on {args.game} ({args.players} players), {args.timesteps} learner "
        f"decisions against {args.train_opponents} bots, seed {args.seed}: "
        f"trained in {trained:.0f} s"
    )
    policies = {
        "MaskablePPO": model_policy(model),
        "random": random_policy(args.seed),
        "greedy": greedy_policy(args),
    }
    results: dict[str, dict[str, tuple[float, float]]] = {}
    print(f"win rate over {args.eval_games} seeded games (+- one standard error)")
    print(f"{'policy':<12} {'vs random':>16} {'vs greedy':>16}")
    for name, policy in policies.items():
        row = {opp: evaluate(args, policy, opp) for opp in ("random", "greedy")}
        results[name] = row
        cells = [f"{100 * p:5.1f}% +- {100 * se:4.1f}" for p, se in row.values()]
        print(f"{name:<12} {cells[0]:>16} {cells[1]:>16}")
    return results


if __name__ == "__main__":
    main()
