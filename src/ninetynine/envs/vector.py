"""A Gymnasium vector environment: ``num_envs`` Warp 99 / Ninety Nine games in lockstep, one
learning seat in each, the other seats played by bots inside the batched engine.

| property | value |
| --- | --- |
| creation | `ninetynine.envs.vector_env("warp99", num_envs=1024, opponents="random", ...)` |
| games | those with a batched engine (`game.batched_engine`): `warp99`, `ninetynine` |
| single spaces | those of `gymnasium.make("ninetynine/Warp99-v0")` (`single.py`) |
| observations | `Dict(observation=Box(0, 1, (N, L), float32), action_mask=Box(0, 1, (N, A)))` |
| observation | `state.observation_tensor(seat)` of each game's learning seat |
| actions | `MultiDiscrete([A] * N)`: one action id per game |
| reward | 0 until the end; then the learner's return (+1 a win, -1 a loss, 0 a draw) |
| terminated | the game is over (or, by default, the learner's action was illegal) |
| truncated | `game.max_game_length` actions were played (never reached in play) |
| auto-reset | `NEXT_STEP` (Gymnasium's default): the step after an end deals the next game |
| info | `seat` (each learning seat); `illegal_action`; `game_seed` of the games that ended |

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

Seeding (the conventions of ``docs/research.md``): ``reset(seed=s)`` seeds slot ``i``'s
private generator, a SplitMix64 (``core/rng.py``) seeded with ``(s + i) ^ ENV_SALT`` (a list
gives one seed per slot; no seed: 64 bits from the OS), which draws the learning seat, every
game's seed (its first game is *not* game ``s + i``) and the random bots' choices, so one seed
gives one run exactly (not the same draws as the single env). ``reset(options={"game_seed":
g})`` plays exactly ``game.new_initial_state(g + i)`` in slot ``i`` (or ``g[i]`` for a list).
The info of a step that ends games names their seeds (``game_seed``, with the mask
``_game_seed``), so ``(game id, options, game_seed)`` deals each again (the bots' moves are
not in the info: the learner's actions alone replay a game only against bots that do not
draw at random, e.g. greedy); no live game's seed is in an info dict. If the bots end a
game before the learner's first decision, the slot deals another.

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
from ninetynine.core.registry import list_games, load_game

from .common import SEED_BOUND, env_game, observation_space
from .single import _opponent_specs

ObsType = dict[str, np.ndarray]


class NinetyNineVectorEnv(VectorEnv[ObsType, np.ndarray, np.ndarray]):
    """``num_envs`` games of ``game_id`` against engine-played bots (module docstring).

    :raises GameOptionError: an unknown game or one without a batched engine, a bad player
        count, option, seat, opponent, ``num_envs`` or backend.
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
        if not game.has_batched_engine():
            able = [g for g in list_games() if load_game(g).has_batched_engine()]
            raise GameOptionError(
                f"no vector env for {game_id!r}: it has no batched engine (these games have "
                f"one: {', '.join(able)}); gymnasium.vector.SyncVectorEnv over its single env "
                "works for every game"
            )
        if illegal_action not in ("lose", "raise"):
            raise GameOptionError(
                f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}"
            )
        self.game = game
        self.opponent_specs = _opponent_specs(opponents, game.num_players - 1)
        try:
            self._engine = game.batched_engine(
                num_envs, self.opponent_specs, seat, backend, num_threads
            )
        except GameOptionError as e:
            if "bots, not" not in str(e):
                raise
            raise GameOptionError(
                f"{e} (for other bots, use gymnasium.vector.SyncVectorEnv over the single "
                f"env of {game_id!r})"
            ) from None
        self.fixed_seat = seat
        self.illegal_action = illegal_action
        self.copy = copy
        self.num_envs = num_envs
        self.backend: str = self._engine.backend
        self.num_threads: int = self._engine.num_threads
        self.render_mode = None
        self.single_observation_space = observation_space(game)
        self.single_action_space = spaces.Discrete(game.num_distinct_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._make_views()
        self._dealt = False

    # -- the Gymnasium API ----------------------------------------------------------------
    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[ObsType, dict[str, Any]]:
        """Deal a game in every slot (see the module docstring for the seeds).

        :raises ValueError: not ``num_envs`` seeds or game seeds.
        """
        n = self.num_envs
        if seed is None:
            seeds = np.random.default_rng().integers(0, SEED_BOUND, size=n).tolist()
        elif isinstance(seed, int | np.integer):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = [int(s) for s in seed]
        games = (options or {}).get("game_seed")
        if isinstance(games, int | np.integer):
            games = [int(games) + i for i in range(n)]
        self._engine.reset(seeds, games)
        self._dealt = True
        return self._observations(), self._info()

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
        e = self._engine
        x, mask = e.step(a, self.copy)
        obs = {"observation": x, "action_mask": mask} if self.copy else self._observations()
        info = self._info()
        ended = (e.terminated | e.truncated).astype(bool)
        if ended.any():  # the record of an ended game names its seed
            info["game_seed"] = np.where(ended, e.game_seeds(), 0).astype(np.uint64)
            info["_game_seed"] = ended
        if e.illegal.any():
            bad = e.illegal.astype(bool)
            info["illegal_action"] = bad
            info["_illegal_action"] = bad.copy()
        return (
            obs,
            e.rewards.astype(np.float64),
            e.terminated.astype(bool),
            e.truncated.astype(bool),
            info,
        )

    def random_actions(self, rng_states: np.ndarray) -> np.ndarray:
        """A uniformly random legal action for every learner (0 where a game is being dealt
        anew: its action is ignored), drawn ``legal[randbelow(len(legal))]`` with the
        caller's SplitMix64 states (``uint64``, one per game, advanced in place): a random
        learner at the engine's speed, for baselines and benchmarks."""
        return self._engine.random_actions(rng_states)  # type: ignore[no-any-return]

    def action_masks(self) -> np.ndarray:
        """The learners' legal actions now, ``(num_envs, A)`` bool (sb3-contrib's name)."""
        return self._engine.mask.astype(bool)  # type: ignore[no-any-return]

    def close_extras(self, **kwargs: Any) -> None:
        self._dealt = False

    # -- inside -------------------------------------------------------------------------------
    def _make_views(self) -> None:
        # copy=False hands out read-only views: the engine updates these buffers in place,
        # writing only what changed, so a caller's write would corrupt later observations
        self._obs_view = self._engine.obs.view()
        self._obs_view.flags.writeable = False
        self._mask_view = self._engine.mask.view()
        self._mask_view.flags.writeable = False

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["_obs_view"], state["_mask_view"]  # views: rebuilt on the copy's buffers
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._make_views()

    def _info(self) -> dict[str, Any]:
        return {"seat": self._engine.seats.copy(), "_seat": np.ones(self.num_envs, bool)}

    def _observations(self) -> ObsType:
        if self.copy:
            e = self._engine
            return {"observation": e.obs.copy(), "action_mask": e.mask.copy()}
        return {"observation": self._obs_view, "action_mask": self._mask_view}

    def _check(self, a: np.ndarray) -> None:
        """Raise for the first illegal action (games being dealt anew ignore theirs)."""
        e = self._engine
        live = ~(e.terminated.astype(bool) | e.truncated.astype(bool))
        mask = e.mask
        in_range = (a >= 0) & (a < mask.shape[1])
        ok = np.zeros(self.num_envs, dtype=bool)
        ok[in_range] = mask[np.flatnonzero(in_range), a[in_range]] == 1
        bad = np.flatnonzero(live & ~ok)
        if bad.size:
            i = int(bad[0])
            raise IllegalActionError(
                f"game {i}: action {int(a[i])} is illegal for seat {int(e.seats[i])} "
                "(nothing was applied in any game)"
            )


def vector_env(game_id: str = "warp99", num_envs: int = 1, **kwargs: Any) -> NinetyNineVectorEnv:
    """``num_envs`` games of ``game_id`` in one :class:`NinetyNineVectorEnv` (keywords: the
    module docstring)."""
    return NinetyNineVectorEnv(game_id, num_envs, **kwargs)


__all__ = ["NinetyNineVectorEnv", "vector_env"]
