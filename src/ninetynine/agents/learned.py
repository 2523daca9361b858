"""The learned bot: a small policy/value network, run on NumPy alone from shipped weights.

A :class:`PolicyValueNet` is a multilayer perceptron (AlphaZero's two heads on a tiny trunk)::

    x  (D,)  = game.encode_observation(observation)      the acting seat's tensor
    h1 (H,)  = relu(x @ W1 + b1)
    h2 (H,)  = relu(h1 @ W2 + b2)
    policy logits (A,)   = h2 @ Wp + bp               A = game.num_distinct_actions
    value logits  (n+1,) = h2 @ Wv + bv               who wins, by relative seat, + "no winner"

The policy is a softmax over the legal actions only; the value head is a softmax over the
game's outcomes as the observer sees them (index ``k``: seat ``(player + k) % n`` wins; index
``n``: nobody does), so a seat's expected return is ``2 P(it wins) - 1 + P(no winner)``
(returns: +1 the winner, -1 every other seat, 0 for all when nobody wins).

The network sees one seat's observation tensor and nothing else (the tensor is built from the
observation dict: no hidden card reaches it). Weights live in a ``.npz`` file: the arrays above
and a JSON ``meta`` entry (game id, options, player count, a hash of the tensor layout, the
training command and seed, the format version, the training figures).
:func:`PolicyValueNet.load` refuses a file whose layout does not match the game's.

Shipped models live in ``ninetynine/agents/models/`` and are named ``<game>-<n>p``
(``warp99-2p``); ``docs/learned.md`` gives the command and seed that made each.

Agent specs (``make_agent``)::

    learned                the shipped model for the game and player count
    learned:warp99-2p      a shipped model by name
    learned:path/to/m.npz  a model file (``ninetynine train`` writes them)

``ismcts:…:model=NAME`` (see :mod:`ninetynine.agents.ismcts`) uses a model's value as the
search's leaf evaluation and its policy as the move the search must beat.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ninetynine.core.errors import GameOptionError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ninetynine.core.game import Game, State

    Array = npt.NDArray[np.float32]

#: Where the shipped weights live.
MODEL_DIR = Path(__file__).with_name("models")
#: The ``.npz`` layout version written into ``meta["format"]``.
FORMAT_VERSION = 1
#: The weight arrays of a model file, in order.
PARAM_NAMES = ("W1", "b1", "W2", "b2", "Wp", "bp", "Wv", "bv")


def layout_hash(game: Game) -> str:
    """A short hash of what a model's inputs and outputs mean for ``game``: its observation
    tensor layout (names, offsets, lengths), player count and number of distinct actions.

    :raises NotImplementedError: the game has no observation tensor.
    """
    layout = [[s.name, s.start, s.length] for s in game.observation_tensor_layout()]
    text = json.dumps(
        {
            "game": game.game_id,
            "num_players": game.num_players,
            "num_distinct_actions": game.num_distinct_actions,
            "layout": layout,
        },
        sort_keys=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class PolicyValueNet:
    """The network (see the module docstring): ``params`` holds the arrays of
    :data:`PARAM_NAMES` (float32), ``meta`` what the file says about them.

    :ivar num_players: ``n``, the value head has ``n + 1`` outputs.
    """

    def __init__(self, params: dict[str, Array], meta: dict[str, Any]) -> None:
        self.params = params
        self.meta = meta
        self.num_players = int(meta["num_players"])

    # ------------------------------------------------------------------ construction and files
    @classmethod
    def initial(
        cls, game: Game, hidden: int, seed: int, meta: dict[str, Any] | None = None
    ) -> PolicyValueNet:
        """Fresh weights for ``game`` (He initialisation from ``seed``; zero output layers'
        biases), ``hidden`` units in each of the two layers."""
        import numpy as np

        rng = np.random.default_rng([int(seed), 0x5EED])
        d = game.observation_tensor_shape[0]
        a = game.num_distinct_actions
        n = game.num_players

        def he(fan_in: int, fan_out: int, scale: float = 1.0) -> Array:
            w = rng.standard_normal((fan_in, fan_out)) * (scale * np.sqrt(2.0 / fan_in))
            return np.asarray(w, dtype=np.float32)

        params = {
            "W1": he(d, hidden),
            "b1": np.zeros(hidden, np.float32),
            "W2": he(hidden, hidden),
            "b2": np.zeros(hidden, np.float32),
            "Wp": he(hidden, a, 0.1),
            "bp": np.zeros(a, np.float32),
            "Wv": he(hidden, n + 1, 0.1),
            "bv": np.zeros(n + 1, np.float32),
        }
        info = {
            "format": FORMAT_VERSION,
            "game": game.game_id,
            "num_players": n,
            "options": json.loads(json.dumps(dict(game.options))),
            "layout_hash": layout_hash(game),
            "observation_size": d,
            "num_distinct_actions": a,
            "hidden": hidden,
            **(meta or {}),
        }
        return cls(params, info)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the weights and ``meta`` to ``path`` (a ``.npz`` file, replaced atomically)."""
        import numpy as np

        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(self.meta, sort_keys=True))}
        arrays.update(self.params)
        with open(tmp, "wb") as f:
            np.savez_compressed(f, **arrays)
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str], game: Game | None = None) -> PolicyValueNet:
        """The model in ``path``; with ``game``, checked to fit it.

        :raises GameOptionError: no such file, not a model file, weights that are not finite
            (NaN: it played its first legal move, or any), or (with ``game``) a model of
            another game, player count or observation layout.
        """
        import numpy as np

        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                params = {k: np.asarray(data[k], dtype=np.float32) for k in PARAM_NAMES}
        except FileNotFoundError:
            raise GameOptionError(f"no model file {str(path)!r}") from None
        except (KeyError, ValueError, OSError) as e:
            raise GameOptionError(f"{str(path)!r} is not a ninetynine model file ({e})") from None
        if not all(np.isfinite(v).all() for v in params.values()):
            raise GameOptionError(
                f"{str(path)!r} holds weights that are not finite numbers (NaN or infinite: a "
                "training that diverged); train it again, with a smaller --lr"
            )
        if meta.get("format") != FORMAT_VERSION:
            raise GameOptionError(
                f"{str(path)!r} is a model of format {meta.get('format')!r}; this version "
                f"reads format {FORMAT_VERSION}: train it again with `ninetynine train`"
            )
        net = cls(params, meta)
        if game is not None:
            net.check_game(game, str(path))
        return net

    def check_game(self, game: Game, where: str = "the model") -> None:
        """:raises GameOptionError: the model was trained for another game, player count or
        observation layout than ``game``'s."""
        meta = self.meta
        if meta["game"] != game.game_id or self.num_players != game.num_players:
            raise GameOptionError(
                f"{where} plays {meta['game']} with {self.num_players} players, not "
                f"{game.game_id} with {game.num_players}"
            )
        if meta["layout_hash"] != layout_hash(game):
            raise GameOptionError(
                f"{where} was trained on another observation layout of {game.game_id} (layout "
                f"{meta['layout_hash']}, the game's is {layout_hash(game)}): the game's tensor "
                "changed since; train it again with `ninetynine train`"
            )

    # ------------------------------------------------------------------ inference
    def forward(self, x: Array) -> tuple[Array, Array]:
        """``(policy logits (B, A), value logits (B, n + 1))`` for tensors ``x`` of shape
        ``(B, D)`` (or ``(D,)``, giving ``(A,)`` and ``(n + 1,)``)."""
        import numpy as np

        p = self.params
        if x.ndim == 1:  # one tensor, mostly zeros (one-hot cards): only its non-zero rows
            nz = np.flatnonzero(x)
            h = np.maximum(x[nz] @ p["W1"][nz] + p["b1"], 0.0)
        else:
            h = np.maximum(x @ p["W1"] + p["b1"], 0.0)
        h = np.maximum(h @ p["W2"] + p["b2"], 0.0)
        return h @ p["Wp"] + p["bp"], h @ p["Wv"] + p["bv"]

    def best_action(self, x: Array, legal_actions: list[int]) -> int:
        """The legal action of highest policy logit for tensor ``x`` (ties: the lowest id)."""
        logits, _ = self.forward(x)
        return max(legal_actions, key=lambda a: (float(logits[a]), -a))

    def values(self, x: Array, player: int) -> list[float]:
        """Per absolute seat, the expected return the value head predicts from ``player``'s
        tensor ``x`` (each in ``[-1, 1]``)."""
        import numpy as np

        _, v = self.forward(x)
        e = np.exp(v - v.max())
        prob = e / e.sum()
        n = self.num_players
        draw = float(prob[n])
        out = [0.0] * n
        for k in range(n):
            out[(player + k) % n] = 2.0 * float(prob[k]) - 1.0 + draw
        return out

    def __repr__(self) -> str:
        m = self.meta
        return f"<PolicyValueNet {m['game']} {self.num_players}p hidden={m.get('hidden')}>"


# ---------------------------------------------------------------------------- finding models
def shipped_models() -> list[str]:
    """The names of the models that ship with the package (``warp99-2p``, ...)."""
    return sorted(p.stem for p in MODEL_DIR.glob("*.npz"))


def shipped_games() -> list[str]:
    """The game ids some shipped model plays (``learned`` is registered for these)."""
    return sorted({name.rsplit("-", 1)[0] for name in shipped_models()})


def model_path(spec: str | None, game: Game) -> Path:
    """The file of model ``spec`` for ``game``: ``None`` or ``""`` the shipped model for the
    game and its player count; a shipped name (``warp99-2p``); else a file path.

    :raises GameOptionError: no shipped model for that game and player count, or no such name.
    """
    if not spec:
        name = f"{game.game_id}-{game.num_players}p"
        path = MODEL_DIR / f"{name}.npz"
        if not path.exists():
            have = ", ".join(shipped_models()) or "none"
            raise GameOptionError(
                f"no learned model ships for {game.game_id} with {game.num_players} players "
                f"(shipped: {have}); train one with `ninetynine train {game.game_id} --players "
                f"{game.num_players} --out model.npz` and play it as learned:model.npz"
            )
        return path
    if "/" not in spec and os.sep not in spec and not spec.endswith(".npz"):
        path = MODEL_DIR / f"{spec}.npz"
        if not path.exists():
            raise GameOptionError(
                f"no shipped model {spec!r} (shipped: {', '.join(shipped_models()) or 'none'}); "
                "give a .npz file path for another model"
            )
        return path
    return Path(spec)


@lru_cache(maxsize=16)
def _load_cached(path: str, mtime: float) -> PolicyValueNet:
    return PolicyValueNet.load(path)


def load_model(spec: str | None, game: Game) -> PolicyValueNet:
    """Model ``spec`` (see :func:`model_path`) checked against ``game``; a file is read once
    per process (and again when it changes).

    :raises GameOptionError: see :func:`model_path` and :meth:`PolicyValueNet.load`.
    """
    path = model_path(spec, game)
    try:
        mtime = path.stat().st_mtime
    except OSError:
        raise GameOptionError(f"no model file {str(path)!r}") from None
    net = _load_cached(str(path), mtime)
    net.check_game(game, f"model {spec or path.stem!r}")
    return net


# ---------------------------------------------------------------------------- the agent
class LearnedAgent:
    """Plays the policy head's most likely legal move for its seat's observation.

    Deterministic: the same observation and legal actions give the same move (the seed is
    accepted for the common factory signature and unused).

    :param model: a :class:`PolicyValueNet`, or a spec for :func:`load_model` (default: the
        shipped model of the game and player count).
    :raises GameOptionError: no model for this game (see :func:`model_path`).
    """

    name = "learned"

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        seed: int | None = None,
        model: PolicyValueNet | str | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        if isinstance(model, PolicyValueNet):
            model.check_game(game)
            self.model = model
        else:
            self.model = load_model(model, game)

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        x = self.game.encode_observation(observation)
        return self.model.best_action(x, legal_actions)


def make_learned(
    game: Game, seat: int = 0, seed: int | None = None, arg: str | None = None
) -> LearnedAgent:
    """The registered factory: ``learned[:MODEL]`` (see the module docstring)."""
    return LearnedAgent(game, seat, seed, (arg or "").strip() or None)


# ---------------------------------------------------------------------------- search hooks
class ModelEvaluate:
    """A search's leaf evaluation from a model's value head: per seat, the expected return
    predicted from the seat to act's observation tensor of the (determinized) state."""

    def __init__(self, net: PolicyValueNet) -> None:
        self.net = net

    def __call__(self, state: State) -> list[float]:
        p = state.current_player()
        return self.net.values(state.observation_tensor(p), p)


class ModelPrior:
    """A search's prior move from a model's policy head: the candidate of highest logit for the
    seat to act's observation tensor."""

    def __init__(self, net: PolicyValueNet) -> None:
        self.net = net

    def __call__(self, state: State, candidates: list[int]) -> int:
        return self.net.best_action(state.observation_tensor(state.current_player()), candidates)


def model_search_hooks(game: Game, spec: str) -> tuple[ModelEvaluate, ModelPrior]:
    """The leaf evaluation and prior of model ``spec`` (see :func:`load_model`) for ``game``.

    :raises GameOptionError: see :func:`load_model`.
    """
    net = load_model(spec, game)
    return ModelEvaluate(net), ModelPrior(net)


__all__ = [
    "FORMAT_VERSION",
    "MODEL_DIR",
    "LearnedAgent",
    "ModelEvaluate",
    "ModelPrior",
    "PolicyValueNet",
    "layout_hash",
    "load_model",
    "make_learned",
    "model_path",
    "model_search_hooks",
    "shipped_games",
    "shipped_models",
]
