"""What the PettingZoo and Gymnasium adapters share: the game, the spaces, seeds, names."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from ninetynine.core.game import Game, State
from ninetynine.core.registry import game_class, load_game
from ninetynine.core.tensor import TENSOR_HIGH, TENSOR_LOW

from .render import RENDER_MODES, canvas_for, check_render_mode, render_env

#: Game seeds an environment draws lie in ``0 .. 2**63 - 1`` (a game takes up to ``2**64 - 1``).
SEED_BOUND = 2**63


def env_game(game_id: str, num_players: int | None, options: dict[str, Any]) -> Game:
    """``load_game(game_id, num_players, **options)``, checked to have an observation tensor.

    :raises GameOptionError: unknown game, bad player count or option (a ``ValueError``).
    :raises NotImplementedError: the game defines no observation tensor yet.
    """
    game = load_game(game_id, num_players, **options)
    if not game.has_observation_tensor():
        raise NotImplementedError(
            f"no RL environment for {game_id!r}: the game has no observation tensor yet "
            "(its presentation must name a tensor_module or define observation_tensor_layout() "
            "and encode_observation(), as docs/new-game.md § 6 says)"
        )
    return game


#: The metadata every env here starts from (the render modes ``envs/render.py`` has).
METADATA: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 2}


class GameEnv:
    """What every environment here is built on (the AEC, Parallel and Gymnasium ones): the
    game, the render mode, the private workings (``_state``, ``_game_seed``, ``_deal``,
    ``_steps``: not an agent's view), ``render``, ``close``."""

    game: Game
    render_mode: str | None

    def _set_up(
        self,
        game_id: str,
        num_players: int | None,
        render_mode: str | None,
        options: dict[str, Any],
    ) -> None:
        """The start of every env's ``__init__``.

        :raises GameOptionError: unknown game, bad player count or option.
        :raises NotImplementedError: the game has no observation tensor.
        :raises ValueError: an unknown ``render_mode``.
        """
        self.game = env_game(game_id, num_players, options)
        self.render_mode = check_render_mode(render_mode)
        # The environment's own workings, not an agent's view (see the modules' docstrings).
        self._state: State | None = None
        self._game_seed: int | None = None
        self._deal: np.random.Generator | None = None
        self._steps = 0
        self._canvas = canvas_for(self.game) if render_mode == "rgb_array" else (0, 0)

    def _deal_game(self, seed: int | None, options: dict[str, Any] | None) -> State:
        """The start of the PettingZoo envs' ``reset``: the deal RNG seeded by ``seed`` (the
        first time, unseeded without one), the game's seed ``options["game_seed"]`` or drawn
        from it, and that game dealt (``game.new_fast_state``) with no step taken yet."""
        if seed is not None or self._deal is None:
            self._deal = deal_rng(seed)
        if options and options.get("game_seed") is not None:
            self._game_seed = int(options["game_seed"])
        else:
            self._game_seed = draw_seed(self._deal)
        self._state = self.game.new_fast_state(self._game_seed)
        self._steps = 0
        self._max_len = self.game.max_game_length  # a property worked out per call: read once
        return self._state

    def render(self) -> str | np.ndarray | None:
        """The public view (``observation(None)``) as text (``"ansi"``), printed (``"human"``,
        returns ``None``) or as an ``(H, W, 3)`` ``uint8`` image (``"rgb_array"``, one size for
        the env's life); ``None`` without a render mode. See ``envs/render.py``."""
        return render_env(self.game, self.render_mode, self._canvas, self._require_state)

    def close(self) -> None:
        pass

    def _require_state(self) -> State:
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state


class SeatAgents(GameEnv):
    """What the PettingZoo envs (AEC and Parallel) share: the constructor, the agents
    (``player_i`` is seat ``i``, each with its own spaces) and the env's name, the class's
    ``metadata["name"]`` with the game id for its ``ninetynine`` (``warp99_v0``)."""

    metadata: dict[str, Any]

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """A bad game, option or render mode raises as :meth:`GameEnv._set_up` says."""
        super().__init__()  # PettingZoo's own (AECEnv's; the Parallel base has none)
        self._set_up(game_id, num_players, render_mode, options)
        name = self.game.game_id + type(self).metadata["name"].removeprefix("ninetynine")
        self.metadata = {**type(self).metadata, "name": name}
        n = self.game.num_players
        self.possible_agents: list[str] = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping: dict[str, int] = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: observation_space(self.game) for a in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(self.game.num_distinct_actions) for a in self.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]


def observation_space(game: Game) -> spaces.Dict:
    """``Dict(observation=Box(0, 1, (length,), float32), action_mask=Box(0, 1, (A,), int8))``,
    a new object on every call (so each agent's space seeds on its own)."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=TENSOR_LOW,
                high=TENSOR_HIGH,
                shape=game.observation_tensor_shape,
                dtype=np.float32,
            ),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(game.num_distinct_actions,), dtype=np.int8
            ),
        }
    )


def draw_seed(rng: np.random.Generator) -> int:
    """A game (or bot) seed from an environment's RNG: ``int(rng.integers(0, SEED_BOUND))``.

    On a PCG64 generator (every generator the envs make) that draw is the next raw 64-bit
    output shifted right by one (Lemire's bounded draw over ``2**63`` values never rejects),
    read here straight from the bit generator: the same value and the same state after, for a
    twentieth of the cost (an env reset draws one seed per bot and one per game).
    """
    bits = rng.bit_generator
    if type(bits) is np.random.PCG64:
        return int(bits.random_raw()) >> 1
    return int(rng.integers(0, SEED_BOUND))


#: The spawn key of the deal generator (any fixed value other than the default ``()``).
_DEAL_KEY = (99,)


def deal_rng(seed: int | None) -> np.random.Generator:
    """The private generator an environment draws its game seeds from.

    It is seeded from ``SeedSequence(seed)`` on a child key of its own, so it shares no stream
    with the env's public ``np_random`` (Gymnasium's, from ``SeedSequence(seed)`` itself): no
    value drawn from ``np_random`` (the learner's seat, the bots' seeds), nor its state rewound,
    says anything about a deal. ``seed=None`` takes fresh entropy from the OS. The game seed is a
    secret while the game is live (DESIGN: "The seed is a secret while a game is live"), so
    ``reset(seed=s)`` does not play game ``s`` but the first game of this generator.
    """
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=_DEAL_KEY)))


def public_rng(seed: int) -> np.random.Generator:
    """The Gymnasium env's public ``np_random`` after ``reset(seed=seed)``: seeded from 128 bits
    that ``SeedSequence(seed)`` generates, so neither its ``bit_generator.seed_seq`` (whose
    ``entropy`` would otherwise be ``seed`` itself) nor its draws lead to :func:`deal_rng`'s
    stream without guessing ``seed``."""
    words = np.random.SeedSequence(seed).generate_state(4, dtype=np.uint32)
    entropy = int.from_bytes(words.astype("<u4").tobytes(), "little")
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy)))


def gym_env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``ninetynine/`` + its class name without ``Game`` (ending in
    ``99`` when the game id does) + ``-v0``.

    >>> gym_env_id("warp99"), gym_env_id("ninetynine"), gym_env_id("ono99")
    ('ninetynine/Warp99-v0', 'ninetynine/NinetyNine-v0', 'ninetynine/Ono99-v0')
    >>> gym_env_id("heroes99"), gym_env_id("sixto")
    ('ninetynine/Heroes99-v0', 'ninetynine/Sixto-v0')
    """
    name = game_class(game_id).__name__.removesuffix("Game")
    if not name.isidentifier():
        name = "".join(ch for ch in game_id.title() if ch.isalnum())
    if game_id.endswith("99") and not name.endswith("99"):
        name += "99"
    return f"ninetynine/{name}-v0"
