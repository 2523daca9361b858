"""Train a small policy on Warp 99 against random bots, with numpy only (REINFORCE).

The policy is linear: logits = W x + b over the 337 action ids, where x is the observation
tensor (``state.observation_tensor(seat)``), turned into probabilities by a softmax over the
legal actions only (the action mask). It learns with REINFORCE: after each batch of games every
decision is pushed towards the actions of won games and away from those of lost games, against
a running-average baseline, with Adam steps. The reward is the environment's: +1 for a win,
-1 for a loss, at the end of the game.

Win rates are measured before and after training on the same fixed, seeded evaluation games
(each seed fixes the deal, the learner's seat and the bots' seeds), with the policy sampling
its moves from a seeded RNG. With three players, a random policy wins about a third.

    python examples/train_warp99.py                     # about three minutes on one CPU core
    python examples/train_warp99.py --episodes 200 --eval-games 20   # a quick look

Needs ``pip install 'ninetynine[rl]'`` (numpy, gymnasium, pettingzoo).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from ninetynine.envs import NinetyNineEnv

EVAL_SEED_BASE = 10_000_000  # evaluation games never share a seed with training games


class LinearPolicy:
    """Masked softmax over ``W x + b`` (all zeros at first: uniform over the legal actions)."""

    def __init__(self, num_actions: int, num_features: int) -> None:
        self.num_actions = num_actions
        self.W = np.zeros((num_actions, num_features), dtype=np.float64)
        self.b = np.zeros(num_actions, dtype=np.float64)

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.W @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, obs: dict[str, np.ndarray], rng: np.random.Generator) -> tuple[int, np.ndarray]:
        p = self.probabilities(obs["observation"].astype(np.float64), obs["action_mask"])
        return int(rng.choice(self.num_actions, p=p)), p


class Adam:
    def __init__(self, shapes: list[tuple[int, ...]], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = [np.zeros(s) for s in shapes]
        self.v = [np.zeros(s) for s in shapes]

    def step(self, params: list[np.ndarray], grads: list[np.ndarray]) -> None:
        """Gradient *ascent* on ``params`` (in place)."""
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for p, g, m, v in zip(params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            m_hat = m / (1 - b1**self.t)
            v_hat = v / (1 - b2**self.t)
            p += self.lr * m_hat / (np.sqrt(v_hat) + eps)


def play_episode(
    env: NinetyNineEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator
) -> tuple[float, list[np.ndarray], list[np.ndarray], list[int]]:
    """One game; returns the learner's reward and its decisions (features, probs, actions)."""
    obs, _ = env.reset(seed=seed)
    xs, ps, acts = [], [], []
    while True:
        a, p = policy.act(obs, rng)
        xs.append(obs["observation"])
        ps.append(p)
        acts.append(a)
        obs, reward, terminated, truncated, _ = env.step(a)
        if terminated or truncated:
            return float(reward), xs, ps, acts


def evaluate(env: NinetyNineEnv, policy: LinearPolicy, games: int) -> float:
    """Win rate over the fixed evaluation games (seeds ``EVAL_SEED_BASE + i``)."""
    wins = 0
    for i in range(games):
        rng = np.random.default_rng(i)
        reward, *_ = play_episode(env, policy, EVAL_SEED_BASE + i, rng)
        wins += reward > 0
    return wins / games


def train(args: argparse.Namespace) -> dict[str, float]:
    env = NinetyNineEnv(
        "warp99", num_players=args.players, opponents=args.opponents, illegal_action="raise"
    )
    size = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(env.action_space.n, size)
    opt = Adam([policy.W.shape, policy.b.shape], lr=args.lr)
    rng = np.random.default_rng(args.seed)

    t0 = time.perf_counter()
    before = evaluate(env, policy, args.eval_games)
    print(f"win rate before training: {before:.1%} over {args.eval_games} games")

    baseline, wins, games = 0.0, 0, 0
    gW, gb = np.zeros_like(policy.W), np.zeros_like(policy.b)
    t_train = time.perf_counter()
    for episode in range(1, args.episodes + 1):
        reward, xs, ps, acts = play_episode(env, policy, args.seed * 1_000_003 + episode, rng)
        wins += reward > 0
        games += 1
        adv = reward - baseline
        baseline += 0.02 * (reward - baseline)
        # d log pi(a|x) / d logits = onehot(a) - pi (zero outside the mask)
        G = -np.stack(ps)
        G[np.arange(len(acts)), acts] += 1.0
        X = np.stack(xs).astype(np.float64)
        gW += adv * (G.T @ X) / len(acts)
        gb += adv * G.sum(axis=0) / len(acts)
        if episode % args.batch == 0:
            opt.step([policy.W, policy.b], [gW / args.batch, gb / args.batch])
            gW[:] = 0.0
            gb[:] = 0.0
        if episode % args.report == 0:
            print(
                f"episode {episode}: training win rate {wins / games:.1%} "
                f"({time.perf_counter() - t_train:.0f}s)"
            )
            wins = games = 0
    train_seconds = time.perf_counter() - t_train

    after = evaluate(env, policy, args.eval_games)
    print(f"win rate after training:  {after:.1%} over {args.eval_games} games")
    total = time.perf_counter() - t0
    print(f"training: {args.episodes} games in {train_seconds:.0f}s; total {total:.0f}s")
    return {"before": before, "after": after, "seconds": total}


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
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--episodes", type=at_least(1), default=2000, help="training games (2000)")
    ap.add_argument("--eval-games", type=at_least(1), default=300, help="evaluation games (300)")
    ap.add_argument("--players", type=int, default=3, help="seats, the learner's included (3)")
    ap.add_argument("--opponents", default="random", help="bot spec(s) for the other seats")
    ap.add_argument("--batch", type=at_least(1), default=16, help="games per update (16)")
    ap.add_argument("--lr", type=float, default=0.01, help="Adam step size (0.01)")
    ap.add_argument("--seed", type=at_least(0), default=1, help="training seed (1)")
    ap.add_argument("--report", type=at_least(1), default=500, help="print every N games (500)")
    args = ap.parse_args(argv)
    from ninetynine import load_game
    from ninetynine.core.errors import GameOptionError

    try:
        load_game("warp99", num_players=args.players)
    except GameOptionError as e:
        ap.error(str(e))
    return args


if __name__ == "__main__":
    train(parse_args())
