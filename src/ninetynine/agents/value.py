"""Learned value models: win chances from a game's value features, for a search's cut-offs.

A :class:`ValueNet` scores each seat of a position with one small network shared by the
seats, and turns the scores into win chances with a softmax over the seats (a conditional
logit, as a fitted linear evaluation does, but with a hidden layer)::

    f_q  (F,)  = the game's value features of seat q      (SearchHooks.value_features)
    u_q        = b2 + sum_j w2[j] * relu(b1[j] + f_q @ W1[:, j])
    P(q wins)  = softmax_q(u)       value of seat q = 2 P(q wins) - 1

Input standardisation is folded into ``W1`` / ``b1`` when a model is saved, so a file holds
the raw-feature network. The network reads only the state it is given: a search bot hands it
its own determinizations (hidden cards re-dealt), never the true state.

Files are ``.npz``: ``W1`` (F x H), ``b1`` (H), ``w2`` (H), ``b2`` (1), float64, and a JSON
``meta`` (game, player count, feature names, the training command and seed, the figures).
Shipped models live in ``agents/models/<game>-<n>p-value.npz``. ``ninetynine train GAME
--value`` makes them (:func:`train_value`): positions from the game's own fast self-play
(``SearchHooks.value_positions``), every random draw from the seed, Adam on the log-loss;
resumable after every epoch.

``ismcts:…:value`` (the shipped model for the game and player count) or ``value=NAME|PATH``
uses a model as the search's cut-off evaluation (:mod:`ninetynine.agents.ismcts`).
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ninetynine.core.agent import search_hooks
from ninetynine.core.errors import GameOptionError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ninetynine.core.game import Game, State

    Array = npt.NDArray[np.float64]

#: Where the shipped weights live (beside the policy models).
MODEL_DIR = Path(__file__).with_name("models")
#: ``meta["kind"]`` of a value model file.
KIND = "value"
#: ``progress(epoch, epochs, info)`` after every epoch.
Progress = Callable[[int, int, dict[str, Any]], None]


class ValueNet:
    """The network (see the module docstring): raw-feature weights ``W1`` ``[F, H]``, ``b1``
    ``[H]``, ``w2`` ``[H]``, ``b2`` ``[1]`` (float64) and ``meta``."""

    def __init__(self, params: dict[str, Array], meta: dict[str, Any]) -> None:
        self.params = params
        self.meta = meta
        self.num_players = int(meta["num_players"])
        self.hidden = int(params["W1"].shape[1])
        # the forward pass in plain Python reads these lists (one row: faster than numpy)
        self._w1 = params["W1"].tolist()
        self._b1 = params["b1"].tolist()
        self._w2 = params["w2"].tolist()
        self._b2 = float(params["b2"][0])
        self._bytes: bytes | None = None

    def check_game(self, game: Game, names: tuple[str, ...], where: str = "the model") -> None:
        """:raises GameOptionError: ``game`` or its feature names are not the model's."""
        m = self.meta
        if m.get("game") != game.game_id or self.num_players != game.num_players:
            raise GameOptionError(
                f"{where} is a value model of {m.get('game')} with {self.num_players} players, "
                f"not of {game.game_id} with {game.num_players}"
            )
        if list(m.get("features", [])) != list(names):
            raise GameOptionError(
                f"{where} was trained on other value features of {game.game_id}: train it again"
            )

    # ------------------------------------------------------------------ forward
    def utility(self, f: list[float]) -> float:
        """One seat's score ``u`` (the same operations in the same order as the compiled
        core's ``evaluate_net``)."""
        w1 = self._w1
        u = self._b2
        for j, (b, w) in enumerate(zip(self._b1, self._w2, strict=True)):
            a = b
            for i, x in enumerate(f):
                a += x * w1[i][j]
            if a > 0.0:
                u += w * a
        return u

    def values(self, feats: list[list[float]]) -> list[float]:
        """Per seat, ``2 P(wins) - 1`` for the seats' features ``feats`` (seat order)."""
        utils = [self.utility(f) for f in feats]
        top = max(utils)
        e = [math.exp(u - top) for u in utils]
        total = sum(e)
        return [2.0 * x / total - 1.0 for x in e]

    def as_bytes(self) -> bytes:
        """The weights as the compiled core reads them: ``W1`` row-major, ``b1``, ``w2``,
        ``b2`` (float64)."""
        if self._bytes is None:
            import numpy as np

            p = self.params
            parts = [p["W1"].ravel(), p["b1"], p["w2"], p["b2"]]
            self._bytes = np.concatenate(parts).astype(np.float64).tobytes()
        return self._bytes

    # ------------------------------------------------------------------ files
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write ``path`` (``.npz``, replaced atomically)."""
        import numpy as np

        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(self.meta, sort_keys=True))}
        arrays.update({k: np.asarray(v, np.float64) for k, v in self.params.items()})
        with open(tmp, "wb") as fh:
            np.savez(fh, **arrays)
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ValueNet:
        """:raises GameOptionError: not a value model file, or one whose weights are not all
        finite numbers."""
        import numpy as np

        try:
            with np.load(path, allow_pickle=False) as z:
                meta = json.loads(str(z["meta"]))
                params = {k: np.asarray(z[k], np.float64) for k in ("W1", "b1", "w2", "b2")}
        except (OSError, KeyError, ValueError) as e:
            raise GameOptionError(f"cannot read a value model from {path}: {e}") from None
        if meta.get("kind") != KIND:
            raise GameOptionError(f"{path} is not a value model (meta kind {meta.get('kind')!r})")
        if not all(np.isfinite(v).all() for v in params.values()):
            raise GameOptionError(
                f"{path} holds weights that are not finite numbers (NaN or infinite: a "
                "training that diverged); train it again, with a smaller --lr"
            )
        return cls(params, meta)

    def __repr__(self) -> str:
        return (
            f"ValueNet({self.meta.get('game')}, {self.num_players} players, hidden={self.hidden})"
        )


def value_model_path(spec: str | None, game: Game) -> Path:
    """The file of a value model spec: ``None`` / ``""`` the shipped model of ``game`` at its
    player count (``<game>-<n>p-value``), a shipped name, or a ``.npz`` path.

    :raises GameOptionError: no such model.
    """
    name = spec or f"{game.game_id}-{game.num_players}p-value"
    if name.endswith(".npz") or os.sep in name or "/" in name:
        path = Path(name)
    else:
        path = MODEL_DIR / f"{name}.npz"
    if not path.is_file():
        shipped = sorted(p.stem for p in MODEL_DIR.glob("*-value.npz"))
        raise GameOptionError(
            f"no value model {name!r}; shipped: {', '.join(shipped) or 'none'} "
            f"(make one with `ninetynine train {game.game_id} --value`)"
        )
    return path


_CACHE: dict[tuple[str, float], ValueNet] = {}


def load_value_model(spec: str | None, game: Game) -> ValueNet:
    """The :class:`ValueNet` of ``spec`` (see :func:`value_model_path`), checked against
    ``game`` and its value features (cached by path and modification time).

    :raises GameOptionError: no model, no value features for the game, or a model of another
        game, player count or feature set.
    """
    hooks = search_hooks(game.game_id)
    if hooks.value_features is None:
        raise GameOptionError(f"{game.game_id} has no value features: no value model fits it")
    path = value_model_path(spec, game)
    key = (str(path.resolve()), path.stat().st_mtime)
    net = _CACHE.get(key)
    if net is None:
        net = _CACHE[key] = ValueNet.load(path)
    net.check_game(game, hooks.value_feature_names, where=str(spec or path.name))
    return net


class ValueEvaluate:
    """A search's cut-off evaluation from a :class:`ValueNet`: ``evaluate(state)`` is the
    net's values of the game's value features of ``state`` (a determinization). A class, so
    that search agents pickle; ``net`` is what a game's fast rollouts hand to their engine."""

    def __init__(self, net: ValueNet, features: Callable[[State], list[list[float]]]) -> None:
        self.net = net
        self.features = features

    def __call__(self, state: State) -> list[float]:
        return self.net.values(self.features(state))


# --------------------------------------------------------------------------- training
def _forward(
    params: dict[str, Array], X: Array
) -> tuple[Array, Array, Array]:  # X: [m, n, F] standardised
    import numpy as np

    a = X @ params["W1"] + params["b1"]
    h = np.maximum(a, 0.0)
    u = h @ params["w2"] + params["b2"][0]
    return a, h, u


def log_loss(u: Array, y: npt.NDArray[np.int64]) -> float:
    """Mean ``-log P(winner)`` for seat scores ``u`` ``[m, n]`` and winners ``y``."""
    import numpy as np

    u = u - u.max(axis=1, keepdims=True)
    lp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
    return float(-lp[np.arange(len(y)), y].mean())


def fit_value(
    X: Array,
    y: npt.NDArray[np.int64],
    hidden: int,
    seed: int,
    epochs: int,
    *,
    lr: float = 3e-3,
    batch: int = 512,
    state: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Fit the network on positions ``X`` ``[m, n, F]`` (raw features) with winners ``y``
    by Adam on the log-loss, minibatches drawn from ``numpy.random.default_rng([seed,
    epoch])``. ``state`` (what an earlier call returned) resumes after its last epoch.

    :returns: ``{"params", "mean", "std", "adam", "epoch", "t", "train_loss"}``: the
        standardised-feature weights, the standardisation, the optimiser's moments, the
        epochs and steps done, the last epoch's mean training loss.
    """
    import numpy as np

    m, _, F = X.shape
    if state is None:
        flat = X.reshape(-1, F)
        mean = flat.mean(axis=0)
        std = flat.std(axis=0)
        std[std < 1e-6] = 1.0
        rng = np.random.default_rng([int(seed), 0x7A1])
        params = {
            "W1": rng.standard_normal((F, hidden)) * math.sqrt(2.0 / F),
            "b1": np.zeros(hidden),
            "w2": rng.standard_normal(hidden) * math.sqrt(1.0 / hidden),
            "b2": np.zeros(1),
        }
        adam = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
        state = {"params": params, "mean": mean, "std": std, "adam": adam, "epoch": 0, "t": 0}
    params, adam = state["params"], state["adam"]
    Z = (X - state["mean"]) / state["std"]
    b1_, b2_, eps = 0.9, 0.999, 1e-8
    for epoch in range(state["epoch"], epochs):
        order = np.random.default_rng([int(seed), epoch]).permutation(m)
        total = 0.0
        for lo in range(0, m, batch):
            idx = order[lo : lo + batch]
            xb, yb = Z[idx], y[idx]
            k = len(idx)
            a, h, u = _forward(params, xb)
            u = u - u.max(axis=1, keepdims=True)
            p = np.exp(u)
            p /= p.sum(axis=1, keepdims=True)
            total -= float(np.log(p[np.arange(k), yb] + 1e-300).sum())
            du = p
            du[np.arange(k), yb] -= 1.0
            du /= k  # [k, n]
            grads = {
                "w2": np.einsum("kn,knh->h", du, h),
                "b2": np.array([du.sum()]),
            }
            da = du[:, :, None] * params["w2"] * (a > 0)  # [k, n, H]
            grads["W1"] = np.einsum("knf,knh->fh", xb, da)
            grads["b1"] = da.sum(axis=(0, 1))
            state["t"] += 1
            t = state["t"]
            for name, g in grads.items():
                m1, m2 = adam[name]
                m1 *= b1_
                m1 += (1 - b1_) * g
                m2 *= b2_
                m2 += (1 - b2_) * g * g
                mh = m1 / (1 - b1_**t)
                vh = m2 / (1 - b2_**t)
                params[name] -= lr * mh / (np.sqrt(vh) + eps)
        state["epoch"] = epoch + 1
        state["train_loss"] = total / m
    return state


def folded(state: dict[str, Any]) -> dict[str, Array]:
    """The raw-feature weights of a fitted ``state`` (standardisation folded into ``W1``,
    ``b1``)."""
    p, mean, std = state["params"], state["mean"], state["std"]
    W1 = p["W1"] / std[:, None]
    b1 = p["b1"] - (mean / std) @ p["W1"]
    return {"W1": W1, "b1": b1, "w2": p["w2"].copy(), "b2": p["b2"].copy()}


def train_value(
    game: Game,
    out: str | os.PathLike[str],
    *,
    games: int,
    seed: int,
    hidden: int = 32,
    epochs: int = 8,
    every: int = 2,
    lr: float = 3e-3,
    command: str = "",
    resume: bool = False,
    progress: Progress | None = None,
) -> ValueNet:
    """Train a value model for ``game`` and write it to ``out`` (and, after every epoch, the
    optimiser state to ``OUT.train.npz`` for ``resume``). ``progress(epoch, epochs, info)``
    is called once the positions are played (``info`` empty) and after every epoch
    (``info``: ``train_loss``, ``held_out_loss``).

    Positions come from the game's ``value_positions`` hook (greedy self-play on its fast
    engine, ``games`` games from ``seed``); every fifth game is held out, and the held-out
    log-loss of the model and of the game's own evaluation (where it has features for it) are
    written into ``meta``. The same arguments give the same weights.

    :raises GameOptionError: the game has no value positions (or its fast engine is missing);
        fewer than 2 games (one is held out), ``epochs``, ``hidden`` or ``every`` below 1, or
        an ``lr`` that is not a positive number.
    """
    import numpy as np

    hooks = search_hooks(game.game_id)
    if hooks.value_positions is None or hooks.value_features is None:
        raise GameOptionError(f"{game.game_id} has no value features to train a model on")
    if games < 2 or min(epochs, hidden, every) < 1:
        raise GameOptionError(
            "a value model needs at least 2 games (every fifth is held out, the first among "
            f"them) and epochs, hidden and every of at least 1; got games={games}, "
            f"epochs={epochs}, hidden={hidden}, every={every}"
        )
    if not 0 < lr < math.inf:  # NaN too
        raise GameOptionError(f"lr must be a positive number, got {lr}")
    from .training import one_blas_thread

    t0 = time.process_time()
    out = Path(out)
    ckpt = out.with_name(out.stem + ".train.npz")
    settings = {"games": games, "seed": seed, "hidden": hidden, "every": every, "lr": lr}
    state: dict[str, Any] | None = None
    if resume and ckpt.is_file():
        state = _load_state(ckpt)
        changed = sorted(k for k, v in settings.items() if state["settings"].get(k) != v)
        if changed:
            raise GameOptionError(
                f"cannot resume {out}: it was trained with other settings "
                f"({', '.join(changed)}); only --epochs may change"
            )
    X, y, owner = hooks.value_positions(game, games, seed, every)
    held = owner % 5 == 0
    Xt, yt, Xh, yh = X[~held], y[~held], X[held], y[held]
    if progress is not None:  # the positions are ready: training begins
        progress(0 if state is None else state["epoch"], epochs, {})
    with one_blas_thread():
        if state is None:
            state = fit_value(Xt, yt, hidden, seed, 0, lr=lr)
            state["figures"] = []
            state["settings"] = settings
        while state["epoch"] < epochs:
            state = fit_value(Xt, yt, hidden, seed, state["epoch"] + 1, lr=lr, state=state)
            _, _, uh = _forward(state["params"], (Xh - state["mean"]) / state["std"])
            info = {"train_loss": state["train_loss"], "held_out_loss": log_loss(uh, yh)}
            state["figures"].append({"epoch": state["epoch"], **info})
            _save_state(ckpt, state)
            if progress is not None:
                progress(state["epoch"], epochs, info)
    _, _, uh = _forward(state["params"], (Xh - state["mean"]) / state["std"])
    meta = {
        "kind": KIND,
        "game": game.game_id,
        "num_players": game.num_players,
        "options": json.loads(json.dumps(dict(game.options))),
        "features": list(hooks.value_feature_names),
        "hidden": hidden,
        "command": command,
        "seed": seed,
        "games": games,
        "positions": len(yt),
        "held_out_positions": len(yh),
        "held_out_loss": log_loss(uh, yh),
        "uniform_loss": math.log(game.num_players),
        "epochs": epochs,
        "figures": state["figures"],
        "cpu_seconds": round(time.process_time() - t0, 1),
    }
    if hooks.value_baseline is not None:
        meta["baseline_held_out_loss"] = log_loss(hooks.value_baseline(game, Xh), yh)
    net = ValueNet({k: np.asarray(v) for k, v in folded(state).items()}, meta)
    net.save(out)
    return net


def _save_state(path: Path, state: dict[str, Any]) -> None:
    import numpy as np

    arrays: dict[str, Any] = {f"p_{k}": v for k, v in state["params"].items()}
    arrays.update({f"m_{k}": v[0] for k, v in state["adam"].items()})
    arrays.update({f"v_{k}": v[1] for k, v in state["adam"].items()})
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        np.savez(
            fh, mean=state["mean"], std=state["std"],
            counters=np.array([state["epoch"], state["t"]]),
            figures=np.array(json.dumps(state["figures"])),
            settings=np.array(json.dumps(state["settings"])), **arrays,
        )  # fmt: skip
    os.replace(tmp, path)


def _load_state(path: Path) -> dict[str, Any]:
    import numpy as np

    with np.load(path) as z:
        names = ("W1", "b1", "w2", "b2")
        return {
            "params": {k: np.array(z[f"p_{k}"]) for k in names},
            "adam": {k: (np.array(z[f"m_{k}"]), np.array(z[f"v_{k}"])) for k in names},
            "mean": np.array(z["mean"]),
            "std": np.array(z["std"]),
            "epoch": int(z["counters"][0]),
            "t": int(z["counters"][1]),
            "figures": json.loads(str(z["figures"])),
            "settings": json.loads(str(z["settings"])),
        }


__all__ = [
    "KIND",
    "MODEL_DIR",
    "ValueEvaluate",
    "ValueNet",
    "fit_value",
    "folded",
    "load_value_model",
    "log_loss",
    "train_value",
    "value_model_path",
]
