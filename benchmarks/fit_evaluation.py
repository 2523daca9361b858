"""Fit a game's cut-off evaluation for search bots: a conditional logit on self-play positions.

A game whose search hooks score cut-off rollouts with a softmax over the seats (Tripwire's
``games/tripwire/search.py``) exposes ``FEATURES`` and ``features(state, seat)`` in its
``search`` module. This script plays seeded self-play games with the game's rollout policy
(the greedy agent), records every ``--every``-th turn-start position (per seat: its features
and its position after the seat to move) with the game's winner, fits

    P(seat q wins) = softmax_q( w . features(q) + pos[(q - mover) mod n] )

by Newton's method (a little L2 on the weights), and prints the weights and the held-out
log-loss (every fifth game held out) against the uniform guess ``log n``. Paste the weights
into the game's ``_WEIGHTS``; say how they were fitted next to them.

    PYTHONPATH=src python benchmarks/fit_evaluation.py tripwire --players 2 --games 1500

Needs numpy (the ``rl`` extra).
"""

from __future__ import annotations

import argparse
import importlib
import math

import numpy as np

import ninetynine
from ninetynine.core.agent import search_hooks
from ninetynine.core.rng import Rng, derive_seed


def positions(game_id: str, n: int, games: int, seed: int, every: int):
    mod = importlib.import_module(f"ninetynine.games.{game_id}.search")
    game = ninetynine.load_game(game_id, num_players=n)
    policy = search_hooks(game_id).rollout
    out = []  # (game index, features [n x F], positions [n], winner)
    for i in range(games):
        state = game.new_initial_state(derive_seed(seed, i))
        rng = Rng(derive_seed(seed + 1, i))
        mover, turns, rows = -1, 0, []
        while not state.is_terminal():
            p = state.current_player()
            if p != mover:
                mover = p
                turns += 1
                if turns % every == 0:
                    feats = [mod.features(state, q) for q in range(n)]
                    rows.append((feats, [(q - p) % n for q in range(n)]))
            state.apply_action(policy(state, rng))
        w = state.winner()
        if w is None:
            continue
        out.extend((i, f, pos, w) for f, pos in rows)
    return mod.FEATURES, out


def design(rows, n: int, nf: int):
    """X[m, q, :]: features then one-hot position (1..n-1); y[m]: winner."""
    X = np.zeros((len(rows), n, nf + n - 1))
    y = np.zeros(len(rows), dtype=int)
    for m, (_, f, pos, w) in enumerate(rows):
        X[m, :, :nf] = f
        for q, k in enumerate(pos):
            if k:
                X[m, q, nf + k - 1] = 1.0
        y[m] = w
    return X, y


def fit(X, y, l2: float = 1e-3, steps: int = 30):
    m, _, d = X.shape
    w = np.zeros(d)
    for _ in range(steps):
        u = X @ w
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        xbar = np.einsum("mq,mqd->md", p, X)
        grad = (X[np.arange(m), y] - xbar).sum(axis=0) - l2 * m * w
        dev = X - xbar[:, None, :]
        hess = -np.einsum("mq,mqd,mqe->de", p, dev, dev) - l2 * m * np.eye(d)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def log_loss(X, y, w) -> float:
    u = X @ w
    u -= u.max(axis=1, keepdims=True)
    lp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
    return float(-lp[np.arange(len(y)), y].mean())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--every", type=int, default=3, help="record every k-th turn start")
    a = ap.parse_args()
    names, rows = positions(a.game, a.players, a.games, a.seed, a.every)
    n, nf = a.players, len(names)
    train = [r for r in rows if r[0] % 5]
    test = [r for r in rows if not r[0] % 5]
    Xt, yt = design(train, n, nf)
    Xh, yh = design(test, n, nf)
    w = fit(Xt, yt)
    print(f"{a.game}, {n} players, {a.games} games, {len(train)} + {len(test)} positions")
    for name, v in zip([*names, *(f"pos{k}" for k in range(1, n))], w, strict=True):
        print(f"  {name:>12} {v:+.4f}")
    print(
        f"held-out log-loss {log_loss(Xh, yh, w):.3f} (uniform {math.log(n):.3f}); "
        f"weights: ({', '.join(f'{v:.4f}' for v in w[:nf])}), "
        f"({', '.join(f'{v:.4f}' for v in w[nf:])},)"
    )


if __name__ == "__main__":
    main()
