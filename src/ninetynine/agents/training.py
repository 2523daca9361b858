"""Training a :class:`~ninetynine.agents.learned.PolicyValueNet`: imitation, then DAgger.

NumPy alone (hand-written backpropagation and Adam), on the core protocol only, so it trains
for any game with an observation tensor and a teacher bot. Training runs in *rounds*; each:

1. plays ``games`` games from seeds drawn from ``(seed, round)`` and keeps each decision that
   had more than one legal move with probability ``keep``: the acting seat's observation
   tensor, its legal-action mask, the *teacher*'s move there (the policy target) and, once the
   game ends, who won (the value target, relative to the acting seat);
2. trains ``epochs`` passes over those positions (minibatches of ``batch``, Adam at ``lr``):
   cross-entropy of the masked policy against the teacher's move plus cross-entropy of the
   value head against the outcome. The value loss trains the value head only (a linear
   read-out of the trunk's features), never the shared trunk: a round holds thousands of
   positions but only ``games`` outcomes, and a trunk trained on them memorises the games
   (measured: the value loss on new games rose *above* a uniform guess's after one round).

The first ``imitation`` rounds are the teacher playing itself (on the game's fast path when it
has one, ``Game.fast_playouts``). Later rounds are DAgger (Ross, Gordon & Bagnell 2011): each
seat of a game is the current network with probability ``mix`` (else the teacher), every move
is random with probability ``explore``, and the teacher labels the positions they reach, so the
network learns to recover from its own mistakes.

Before a round trains, the network is measured on the round's fresh positions (it has never
seen them): ``agreement`` (how often its move is the teacher's) and the two losses. Those
figures go into the model file's ``meta["rounds"]``.

Reproducible: the same configuration gives the same weights (every random draw comes from
``numpy.random.default_rng([seed, round, ...])``; bit-exact on one machine and NumPy build).
Resumable: after each round the model file is written and, beside it, ``<out>.train.npz``
with the optimiser state; :func:`train` with ``resume=True`` continues after the last
finished round and ends with the same weights as an uninterrupted run.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ninetynine.core.agent import choose_action
from ninetynine.core.errors import GameOptionError
from ninetynine.core.game import Game, State
from ninetynine.core.registry import load_game

from .learned import PARAM_NAMES, PolicyValueNet

Array = npt.NDArray[np.float32]
#: ``progress(phase, done, total, info)``: ``phase`` is ``"play"`` (games) or ``"train"``
#: (minibatches) of round ``info["round"]``; ``info`` also carries the figures so far.
Progress = Callable[[str, int, int, dict[str, Any]], None]


@dataclass(frozen=True)
class TrainConfig:
    """Everything that determines a trained model (see the module docstring)."""

    game: str = "warp99"
    num_players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    rounds: int = 4
    games: int = 1000
    epochs: int = 3
    hidden: int = 128
    batch: int = 256
    lr: float = 1e-3
    keep: float = 0.25
    imitation: int = 1
    mix: float = 0.5
    explore: float = 0.05
    value_weight: float = 1.0
    teacher: str = "greedy"

    def make_game(self) -> Game:
        return load_game(self.game, num_players=self.num_players, **self.options)

    def command(self) -> str:
        """The ``ninetynine train`` command line that makes this model."""
        d = TrainConfig()
        parts = [f"ninetynine train {self.game} --players {self.num_players} --seed {self.seed}"]
        for k in ("rounds", "games", "epochs", "hidden", "batch", "lr", "keep", "imitation", "mix",
                  "explore", "value_weight", "teacher"):  # fmt: skip
            v = getattr(self, k)
            if v != getattr(d, k):
                parts.append(f"--{k.replace('_', '-')} {v}")
        parts += [f"-o {k}={v}" for k, v in sorted(self.options.items())]
        return " ".join(parts)

    def check(self) -> None:
        """:raises GameOptionError: a setting out of range."""
        if min(self.rounds, self.games, self.epochs, self.hidden, self.batch) < 1:
            raise GameOptionError("rounds, games, epochs, hidden and batch must be at least 1")
        if self.imitation < 0:
            raise GameOptionError("imitation must be at least 0")
        if not (0 < self.keep <= 1 and 0 <= self.mix <= 1 and 0 <= self.explore <= 1):
            raise GameOptionError("keep must be in (0, 1], mix and explore in [0, 1]")
        if not (0 < self.lr < math.inf and 0 <= self.value_weight < math.inf):  # NaN too
            raise GameOptionError("lr must be positive and value-weight at least 0")


class Positions:
    """One round's training positions: tensors ``x (N, D)``, masks ``mask (N, A)``, the
    teacher's moves ``y (N,)`` and the outcome classes ``z (N,)`` (``(winner - seat) % n``,
    ``n`` for no winner)."""

    def __init__(self, game: Game) -> None:
        self.n = game.num_players
        self.a = game.num_distinct_actions
        self.x: list[Array] = []
        self.mask: list[npt.NDArray[np.int8]] = []
        self.y: list[int] = []
        self.seat: list[int] = []
        self.z: list[int] = []
        self._open = 0  # first position of the game being played

    def add(self, state: State, player: int, action: int) -> None:
        self.x.append(state.observation_tensor(player))
        self.mask.append(state.legal_actions_mask())
        self.y.append(action)
        self.seat.append(player)

    def finish_game(self, state: State) -> None:
        w = state.winner()
        for i in range(self._open, len(self.y)):
            self.z.append(self.n if w is None else (w - self.seat[i]) % self.n)
        self._open = len(self.y)

    def arrays(
        self,
    ) -> tuple[Array, npt.NDArray[np.bool_], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        if not self.y:
            raise GameOptionError("no training positions: play more games or raise --keep")
        return (
            np.stack(self.x).astype(np.float32),
            np.stack(self.mask).astype(bool),
            np.array(self.y, dtype=np.int64),
            np.array(self.z, dtype=np.int64),
        )


# ---------------------------------------------------------------------------- playing
def play_round(
    game: Game,
    net: PolicyValueNet,
    config: TrainConfig,
    rnd: int,
    progress: Progress | None = None,
) -> Positions:
    """The positions of round ``rnd`` (see the module docstring)."""
    from . import make_agent

    rng = np.random.default_rng([config.seed, rnd, 1])
    seeds = [int(s) for s in rng.integers(0, 2**63, size=config.games)]
    n = game.num_players
    data = Positions(game)
    info = {"round": rnd}
    teachers = [make_agent(config.teacher, game, s, config.seed + s) for s in range(n)]
    dagger = rnd >= config.imitation
    histories = None
    if not dagger:
        histories = game.fast_playouts(seeds, [[config.teacher] * n] * len(seeds))
    for g, seed in enumerate(seeds):
        state = game.new_initial_state(seed=seed)
        if histories is not None:  # the teacher's own games, replayed
            for a in histories[g]:
                p = state.current_player()
                # the same draws as the loop below, so both paths keep the same positions
                if len(state.legal_actions()) > 1 and rng.random() < config.keep:
                    data.add(state, p, a)
                state.apply_action(a)
        else:
            learner = rng.random(n) < config.mix if rnd > 0 else np.zeros(n, dtype=bool)
            explore = config.explore if rnd > 0 else 0.0
            while not state.is_terminal():
                p = state.current_player()
                legal = state.legal_actions()
                if len(legal) == 1:
                    state.apply_action(legal[0])
                    continue
                keep = rng.random() < config.keep
                label = choose_action(teachers[p], state) if keep or not learner[p] else -1
                if keep:
                    data.add(state, p, label)
                if explore and rng.random() < explore:
                    a = legal[int(rng.integers(len(legal)))]
                elif learner[p]:
                    a = net.best_action(state.observation_tensor(p), legal)
                else:
                    a = label
                state.apply_action(a)
        data.finish_game(state)
        if progress is not None:
            progress("play", g + 1, len(seeds), info)
    return data


# ---------------------------------------------------------------------------- learning
def _losses(
    net: PolicyValueNet,
    x: Array,
    mask: npt.NDArray[np.bool_],
    y: npt.NDArray[np.int64],
    z: npt.NDArray[np.int64],
    value_weight: float,
    grads: bool,
) -> tuple[float, float, float, dict[str, Array]]:
    """``(policy loss, value loss, agreement, gradients)`` of a minibatch (mean over it): the
    gradients of ``policy loss + value_weight * value loss``, the value term for the value
    head's own arrays only."""
    p = net.params
    b = len(y)
    a1 = x @ p["W1"] + p["b1"]
    h1 = np.maximum(a1, 0.0)
    a2 = h1 @ p["W2"] + p["b2"]
    h2 = np.maximum(a2, 0.0)
    lp = h2 @ p["Wp"] + p["bp"]
    lv = h2 @ p["Wv"] + p["bv"]
    lp = np.where(mask, lp, np.float32(-1e9))
    lp = lp - lp.max(axis=1, keepdims=True)
    ep = np.exp(lp)
    sp = ep / ep.sum(axis=1, keepdims=True)
    lv = lv - lv.max(axis=1, keepdims=True)
    ev = np.exp(lv)
    sv = ev / ev.sum(axis=1, keepdims=True)
    rows = np.arange(b)
    pol = float(-np.log(np.maximum(sp[rows, y], 1e-12)).mean())
    val = float(-np.log(np.maximum(sv[rows, z], 1e-12)).mean())
    agree = float((lp.argmax(axis=1) == y).mean())
    if not grads:
        return pol, val, agree, {}
    dlp = sp
    dlp[rows, y] -= 1.0
    dlp /= b
    dlv = sv
    dlv[rows, z] -= 1.0
    dlv *= np.float32(value_weight / b)
    g: dict[str, Array] = {
        "Wp": h2.T @ dlp,
        "bp": dlp.sum(axis=0),
        "Wv": h2.T @ dlv,
        "bv": dlv.sum(axis=0),
    }
    dh2 = (dlp @ p["Wp"].T) * (a2 > 0)  # the value loss stops at its head (module docstring)
    g["W2"] = h1.T @ dh2
    g["b2"] = dh2.sum(axis=0)
    dh1 = (dh2 @ p["W2"].T) * (a1 > 0)
    g["W1"] = x.T @ dh1
    g["b1"] = dh1.sum(axis=0)
    return pol, val, agree, g


class Adam:
    """Adam (Kingma & Ba 2015) over a model's arrays; ``m``, ``v`` and ``t`` are its state."""

    def __init__(self, params: dict[str, Array], lr: float) -> None:
        self.lr = lr
        self.t = 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def update(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        b1, b2, eps = 0.9, 0.999, 1e-8
        self.t += 1
        c1 = 1.0 - b1**self.t
        c2 = 1.0 - b2**self.t
        step = np.float32(self.lr * np.sqrt(c2) / c1)
        for k, gr in grads.items():
            m, v = self.m[k], self.v[k]
            m *= np.float32(b1)
            m += np.float32(1 - b1) * gr
            v *= np.float32(b2)
            v += np.float32(1 - b2) * gr * gr
            params[k] -= step * m / (np.sqrt(v) + np.float32(eps))


def evaluate_positions(
    net: PolicyValueNet, data: Positions, value_weight: float = 1.0
) -> dict[str, float]:
    """The network's figures on ``data``: ``agreement`` with the teacher, ``policy_loss`` and
    ``value_loss`` (mean cross-entropies, nats)."""
    x, mask, y, z = data.arrays()
    tot = np.zeros(3)
    for s in range(0, len(y), 4096):
        sl = slice(s, s + 4096)
        pol, val, agree, _ = _losses(net, x[sl], mask[sl], y[sl], z[sl], value_weight, False)
        tot += np.array([pol, val, agree]) * len(y[sl])
    tot /= len(y)
    return {"policy_loss": float(tot[0]), "value_loss": float(tot[1]), "agreement": float(tot[2])}


def train_round(
    net: PolicyValueNet,
    opt: Adam,
    data: Positions,
    config: TrainConfig,
    rnd: int,
    progress: Progress | None = None,
) -> None:
    """``config.epochs`` passes of minibatch Adam over ``data``."""
    x, mask, y, z = data.arrays()
    rng = np.random.default_rng([config.seed, rnd, 2])
    per_epoch = -(-len(y) // config.batch)
    total = per_epoch * config.epochs
    info: dict[str, Any] = {"round": rnd}
    done = 0
    for _ in range(config.epochs):
        order = rng.permutation(len(y))
        for s in range(0, len(y), config.batch):
            idx = order[s : s + config.batch]
            pol, val, agree, g = _losses(
                net, x[idx], mask[idx], y[idx], z[idx], config.value_weight, True
            )
            opt.update(net.params, g)
            done += 1
            if progress is not None:
                info.update(policy_loss=pol, value_loss=val, agreement=agree)
                progress("train", done, total, info)


# ---------------------------------------------------------------------------- the driver
@contextmanager
def one_blas_thread() -> Iterator[None]:
    """Run NumPy's BLAS on one thread (threadpoolctl, when installed): results then do not
    depend on how a matrix product is split between threads, and a busy machine does not
    stall (measured: a small training run took 14 s with OpenBLAS's own threads on 2 shared
    cores, 1.3 s with one)."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - the rl extra installs it
        yield
        return
    with threadpool_limits(limits=1, user_api="blas"):
        yield


def checkpoint_path(out: Path) -> Path:
    """Where :func:`train` keeps the optimiser state of the model file ``out``."""
    return out.with_name(out.name + ".train.npz")


def _save_checkpoint(path: Path, opt: Adam, rounds: int) -> None:
    arrays: dict[str, Any] = {"t": np.array(opt.t), "rounds": np.array(rounds)}
    arrays |= {f"m_{k}": v for k, v in opt.m.items()} | {f"v_{k}": v for k, v in opt.v.items()}
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)
    os.replace(tmp, path)


def _load_checkpoint(path: Path, opt: Adam, rounds: int) -> None:
    try:
        data = np.load(path, allow_pickle=False)
    except FileNotFoundError:
        raise GameOptionError(f"cannot resume: the optimiser state {path} is missing") from None
    with data:
        if int(data["rounds"]) != rounds:
            raise GameOptionError(
                f"cannot resume: {path} is from round {int(data['rounds'])}, the model from "
                f"round {rounds} (a run stopped while saving); start again without --resume"
            )
        opt.t = int(data["t"])
        for k in PARAM_NAMES:
            opt.m[k] = np.array(data[f"m_{k}"], dtype=np.float32)
            opt.v[k] = np.array(data[f"v_{k}"], dtype=np.float32)


def train(
    config: TrainConfig,
    out: str | os.PathLike[str],
    resume: bool = False,
    progress: Progress | None = None,
) -> PolicyValueNet:
    """Train a model as ``config`` says and write it to ``out`` after every round (with the
    optimiser state in :func:`checkpoint_path`); the trained network.

    ``resume``: continue the run that wrote ``out`` (same configuration; ``rounds`` may be
    larger) after its last finished round. With ``rounds`` equal to the rounds done (a run
    stopped early), nothing is trained and the file's settings and command say ``rounds``:
    the same weights as a run of that many rounds (each round's draws depend on the seed and
    the round only).

    :raises GameOptionError: a bad setting, a game without an observation tensor, or a resumed
        run whose configuration differs.
    """
    config.check()
    with one_blas_thread():
        return _train(config, Path(out), resume, progress)


def _train(
    config: TrainConfig, out: Path, resume: bool, progress: Progress | None
) -> PolicyValueNet:
    game = config.make_game()
    if not game.has_observation_tensor():
        raise GameOptionError(game.presentation._no_tensor_message())
    ckpt = checkpoint_path(out)
    settings = asdict(config)
    if resume and out.exists():
        net = PolicyValueNet.load(out, game)
        saved = dict(net.meta["config"])
        if {**saved, "rounds": 0} != {**settings, "rounds": 0}:
            diff = sorted(k for k in settings if saved.get(k) != settings[k] and k != "rounds")
            raise GameOptionError(
                f"{out} was trained with other settings ({', '.join(diff)}); resume with the "
                f"same ones: {net.meta['command']}"
            )
        opt = Adam(net.params, config.lr)
        start = len(net.meta["rounds"])
        if start > config.rounds:
            raise GameOptionError(
                f"{out} already holds {start} rounds: resume with --rounds {start} or more"
            )
        _load_checkpoint(ckpt, opt, start)
    else:
        net = PolicyValueNet.initial(game, config.hidden, config.seed)
        opt = Adam(net.params, config.lr)
        start = 0
    net.meta.update(config=settings, command=config.command(), seed=config.seed)
    net.meta.setdefault("rounds", [])
    net.meta.setdefault("cpu_seconds", 0.0)
    for rnd in range(start, config.rounds):
        cpu0 = time.process_time()
        data = play_round(game, net, config, rnd, progress)
        figures = evaluate_positions(net, data, config.value_weight)
        train_round(net, opt, data, config, rnd, progress)
        figures = {"round": rnd, "positions": len(data.y), **figures}
        net.meta["rounds"] = [*net.meta["rounds"], figures]
        net.meta["cpu_seconds"] = round(net.meta["cpu_seconds"] + time.process_time() - cpu0, 1)
        net.save(out)
        _save_checkpoint(ckpt, opt, rnd + 1)
    if start == config.rounds:  # a resume with --rounds equal to the rounds done
        net.save(out)  # the same weights; the settings and command now say what made them
    return net


__all__ = [
    "Adam",
    "Positions",
    "Progress",
    "TrainConfig",
    "checkpoint_path",
    "evaluate_positions",
    "one_blas_thread",
    "play_round",
    "train",
    "train_round",
]
