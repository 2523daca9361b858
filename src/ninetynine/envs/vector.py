"""A Gymnasium vector environment: ``num_envs`` Warp 99 / Ninety Nine games in lockstep, one
learning seat in each, the other seats played by bots inside the batched engine.

| property | value |
| --- | --- |
| creation | `ninetynine.envs.vector_env("warp99", num_envs=1024, opponents="random", ...)` |
| games | `warp99`, `ninetynine` (any options; the batched engine, `games/warp99/batched`) |
| single spaces | those of `gymnasium.make("ninetynine/Warp99-v0")` (`single.py`) |
| observations | `Dict(observation=Box(0, 1, (N, L), float32), action_mask=Box(0, 1, (N, A)))` |
| observation | `state.observation_tensor(seat)` of each game's learning seat |
| actions | `MultiDiscrete([A] * N)`: one action id per game |
| reward | 0 until the end; then the learner's return (+1 a win, -1 a loss, 0 a draw) |
| terminated | the game is over (or, by default, the learner's action was illegal) |
| truncated | `game.max_game_length` actions were played (never reached in play) |
| auto-reset | `NEXT_STEP` (Gymnasium's default): the step after an end deals the next game |
| info | `seat`: each game's learning seat; `illegal_action` where an action was illegal |

Options as the single env's: ``num_players``, ``opponents`` (``"random"``, ``"greedy"``, or one
per other seat in seat order, cycled: ``"greedy,random"``; the engine plays them, so other
bots are refused, use ``gymnasium.vector.SyncVectorEnv`` over the single env for those),
``seat`` (``None``: drawn for every episode), ``illegal_action`` (``"lose"``: reward -1 and the
episode ends, the game unchanged; ``"raise"``), and any game option. Also: ``backend``
(``"auto"``: the compiled core when built, else the reference engine with a warning; ``"c"``;
``"python"``), ``num_threads`` (the core's worker threads, default 1) and ``copy`` (default
``True``: every step returns new arrays; ``False`` returns read-only views of the env's own
buffers, overwritten by the next step: that saves a copy of ``N * L`` floats a step, which
costs about as much as the step itself at ``N = 1024``).

Seeding: ``reset(seed=s)`` seeds game slot ``i`` with ``s + i`` (a list gives one seed per
slot): its first game is ``game.new_initial_state(s + i)``, and its learning seats, later game
seeds and random bots' choices come from a SplitMix64 (``core/rng.py``) seeded with
``(s + i) ^ ENV_SALT``, so one seed gives one run exactly (not the same draws as the single
env, whose random bots have their own seeds). If the bots end a game before the learner's
first decision, the slot deals another. Game seeds are never in an info dict.

>>> import numpy as np
>>> from ninetynine.envs import vector_env
>>> envs = vector_env("warp99", num_envs=8, opponents="random", backend="python")
>>> obs, info = envs.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape
((8, 1354), (8, 337))
>>> actions = np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]])
>>> obs, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, terminated.dtype
((8,), dtype('bool'))

Version history: v0, first release.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ninetynine.core.errors import GameOptionError, IllegalActionError
from ninetynine.core.rng import Rng
from ninetynine.games.warp99 import batched as B

from .common import env_game, observation_space
from .single import _opponent_specs

ObsType = dict[str, np.ndarray]


class NinetyNineVectorEnv(VectorEnv[ObsType, np.ndarray, np.ndarray]):
    """``num_envs`` games of ``game_id`` against engine-played bots (module docstring).

    :raises GameOptionError: an unknown game or one the batched engine does not play, a bad
        player count, option, seat, opponent, ``num_envs`` or backend.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012 (Gymnasium's way)

    def __init__(
        self,
        game_id: str = "warp99",
        num_envs: int = 1,
        num_players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | None = None,
        illegal_action: str = "lose",
        backend: str = "auto",
        num_threads: int | None = None,
        copy: bool = True,
        **options: Any,
    ) -> None:
        game = env_game(game_id, num_players, options)
        self.game = B.check_game(game)
        n = game.num_players
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise GameOptionError(f"num_envs must be a positive integer, not {num_envs!r}")
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n
        ):
            raise GameOptionError(f"seat must be None or 0-{n - 1}, not {seat!r}")
        if illegal_action not in ("lose", "raise"):
            raise GameOptionError(
                f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}"
            )
        specs = [s.lower() for s in _opponent_specs(opponents, n - 1)]
        for spec in specs:
            if spec not in ("random", "greedy"):
                raise GameOptionError(
                    f"the vector env's opponents are played by the batched engine: random or "
                    f"greedy, not {spec!r} (for other bots, use gymnasium.vector.SyncVectorEnv "
                    f"over {game_id!r}'s single env)"
                )
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.illegal_action = illegal_action
        self.copy = copy
        self.num_envs = num_envs
        self.backend = B.resolve_backend(backend)
        self.num_threads = B.default_threads() if num_threads is None else max(1, num_threads)
        self.render_mode = None
        self.single_observation_space = observation_space(game)
        self.single_action_space = spaces.Discrete(game.num_distinct_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        size = game.observation_tensor_shape[0]
        self._params = B.make_params(self.game, specs, seat)
        self._obs = np.zeros((num_envs, size), dtype=np.float32)
        self._mask = np.zeros((num_envs, game.num_distinct_actions), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float32)
        self._term = np.zeros(num_envs, dtype=np.uint8)
        self._trunc = np.zeros(num_envs, dtype=np.uint8)
        self._illegal = np.zeros(num_envs, dtype=np.uint8)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._make_views()
        self._games: np.ndarray | None = None
        self._ref: B.ReferenceBatch | None = None
        if self.backend == "c":
            self._games = np.zeros(num_envs * int(self._core.GAME_SIZE), dtype=np.uint8)
        else:
            self._ref = B.ReferenceBatch(self.game, num_envs, specs, seat)
        self._dealt = False

    # -- the Gymnasium API ----------------------------------------------------------------
    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[ObsType, dict[str, Any]]:
        """Deal a game in every slot (see the module docstring for the seeds)."""
        n = self.num_envs
        if seed is None:
            seeds = np.random.default_rng().integers(0, 2**63, size=n).tolist()
        elif isinstance(seed, int | np.integer):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = [int(s) for s in seed]
        s = B.as_seeds(seeds, n)
        if self._games is not None:
            idx = np.arange(n, dtype=np.int64)
            self._core.vreset(self._params, self._games, idx, s, self.num_threads)
            self._seats[:] = -2  # each game's learning seat
            self._core.observe(
                self._params, self._games, self._seats, self._obs, self._mask, self.num_threads
            )
        else:
            assert self._ref is not None
            self._ref.vreset(s.tolist())
            self._ref.observe_learners(self._obs, self._mask, self._seats)
        self._term[:] = 0
        self._trunc[:] = 0
        self._dealt = True
        return self._observations(), {"seat": self._seats.copy(), "_seat": np.ones(n, bool)}

    def step(
        self, actions: np.ndarray | Sequence[int]
    ) -> tuple[ObsType, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action per game; the bots reply; games that ended at the last step are dealt
        anew instead (their actions are ignored).

        :raises IllegalActionError: with ``illegal_action="raise"``, an illegal action (then
            nothing changed in any game).
        """
        if not self._dealt:
            raise RuntimeError("call reset() before step()")
        a = np.ascontiguousarray(np.asarray(actions).ravel(), dtype=np.int64)
        if a.shape != (self.num_envs,):
            raise ValueError(f"{a.size} actions given for {self.num_envs} games")
        if self.illegal_action == "raise":
            self._check(a)
        if self._games is not None:
            copies: tuple[np.ndarray, ...] = ()
            if self.copy:  # the core fills the caller's new arrays while each row is in cache
                copies = (np.empty_like(self._obs), np.empty_like(self._mask))
            self._core.vstep(
                self._params, self._games, a, self._obs, self._mask, self._rewards,
                self._term, self._trunc, self._illegal, self._seats, self.num_threads, *copies,
            )  # fmt: skip
        else:
            assert self._ref is not None
            self._ref.vstep(a.tolist(), self._obs, self._mask, self._rewards, self._term,
                            self._trunc, self._illegal, self._seats)  # fmt: skip
        info: dict[str, Any] = {"seat": self._seats.copy(), "_seat": np.ones(self.num_envs, bool)}
        if self._illegal.any():
            bad = self._illegal.astype(bool)
            info["illegal_action"] = bad
            info["_illegal_action"] = bad.copy()
        if self._games is not None and self.copy:
            obs = {"observation": copies[0], "action_mask": copies[1]}
        else:
            obs = self._observations()
        return (
            obs,
            self._rewards.astype(np.float64),
            self._term.astype(bool),
            self._trunc.astype(bool),
            info,
        )

    def random_actions(self, rng_states: np.ndarray) -> np.ndarray:
        """A uniformly random legal action for every learner (0 where a game is being dealt
        anew: its action is ignored), drawn ``legal[randbelow(len(legal))]`` with the
        caller's SplitMix64 states (``uint64``, one per game, advanced in place): a random
        learner at the engine's speed, for baselines and benchmarks."""
        if rng_states.shape != (self.num_envs,) or rng_states.dtype != np.uint64:
            raise ValueError(f"rng_states must be {self.num_envs} uint64 values")
        out = np.zeros(self.num_envs, dtype=np.int64)
        if self._games is not None:
            self._core.sample(self._params, self._games, rng_states, out, self.num_threads)
        else:
            for i in range(self.num_envs):
                legal = np.flatnonzero(self._mask[i]).tolist()
                if legal:
                    r = Rng(int(rng_states[i]))
                    out[i] = legal[r.randbelow(len(legal))]
                    rng_states[i] = r.getstate()
        return np.maximum(out, 0)

    def action_masks(self) -> np.ndarray:
        """The learners' legal actions now, ``(num_envs, A)`` bool (sb3-contrib's name)."""
        return self._mask.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        self._games = None
        self._ref = None
        self._dealt = False

    # -- inside -------------------------------------------------------------------------------
    @property
    def _core(self) -> Any:
        core = B._CORE
        if core is None:  # pragma: no cover - unpickled where the core is not built
            raise RuntimeError(f"backend 'c' is unavailable: {B.core_missing_reason()}")
        return core

    def _make_views(self) -> None:
        # copy=False hands out read-only views: the engine updates these buffers in place,
        # writing only what changed, so a caller's write would corrupt later observations
        self._obs_view = self._obs.view()
        self._obs_view.flags.writeable = False
        self._mask_view = self._mask.view()
        self._mask_view.flags.writeable = False

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["_obs_view"], state["_mask_view"]  # views: rebuilt on the copy's buffers
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._make_views()

    def _observations(self) -> ObsType:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}
        return {"observation": self._obs_view, "action_mask": self._mask_view}

    def _check(self, a: np.ndarray) -> None:
        """Raise for the first illegal action (games being dealt anew ignore theirs)."""
        live = ~(self._term.astype(bool) | self._trunc.astype(bool))
        in_range = (a >= 0) & (a < self._mask.shape[1])
        ok = np.zeros(self.num_envs, dtype=bool)
        ok[in_range] = self._mask[np.flatnonzero(in_range), a[in_range]] == 1
        bad = np.flatnonzero(live & ~ok)
        if bad.size:
            i = int(bad[0])
            raise IllegalActionError(
                f"game {i}: action {int(a[i])} is illegal for seat {int(self._seats[i])} "
                "(nothing was applied in any game)"
            )


def vector_env(game_id: str = "warp99", num_envs: int = 1, **kwargs: Any) -> NinetyNineVectorEnv:
    """``num_envs`` games of ``game_id`` in one :class:`NinetyNineVectorEnv` (keywords: the
    module docstring)."""
    return NinetyNineVectorEnv(game_id, num_envs, **kwargs)


__all__ = ["NinetyNineVectorEnv", "vector_env"]
