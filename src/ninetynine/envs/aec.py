"""A PettingZoo AEC environment for any registered game (one agent per seat).

| property | value |
| --- | --- |
| creation | `ninetynine.envs.aec_env("warp99", num_players=3, render_mode="ansi", **options)` |
| agents | `player_0 .. player_{n-1}` (seat i is `player_i`) |
| actions | `Discrete(game.num_distinct_actions)`: the game's action ids |
| observations | `Dict(observation=Box(0, 1, (L,), float32), action_mask=Box(0, 1, (A,), int8))` |
| observation | `state.observation_tensor(seat)` (layout: `game.observation_tensor_layout()`) |
| action mask | `state.legal_actions_mask()` for the agent to act; all 0 for every other agent |
| rewards | 0 until the end; then `state.returns()` (+1 the winner, -1 the others, 0 a draw) |
| terminations | all agents when the game ends |
| truncations | all agents after `game.max_game_length` actions (never reached in play) |
| render modes | `ansi`: the game's terminal drawing of the public view, as a string |

The agent to act (`agent_selection`) is the seat to move; a seat often acts several times in a
row (Warp 99's Action B is one action per card), as AEC allows. An illegal action raises
:class:`~ninetynine.IllegalActionError` (a ``ValueError``) and changes nothing; wrap the env in
``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for the "illegal move loses" convention.

Seeding: ``reset(seed=s)`` plays the game ``game.new_initial_state(s)`` (so it matches a record
or a simulation with seed ``s``); a ``reset()`` without a seed draws the next game seed from
the env's RNG, itself seeded by the last seed given. All chance stays inside the game state.
``reset(options={"game_seed": s})`` also selects the game of seed ``s``; other keys are ignored.

Version history: v0, first release.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ninetynine.core.game import State

from .common import draw_seed, env_game, observation_space

ObsType = dict[str, np.ndarray]


class NinetyNineAECEnv(AECEnv[str, ObsType, int]):
    """AEC environment for the game ``game_id`` (see the module docstring).

    :raises GameOptionError: unknown game, bad player count or option (a ``ValueError``).
    :raises NotImplementedError: the game has no observation tensor.
    :raises ValueError: an unknown ``render_mode``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention)
        "render_modes": ["ansi"],
        "render_fps": 1,
        "name": "ninetynine_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = env_game(game_id, num_players, options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"{self.game.game_id}_v0"}
        n = self.game.num_players
        self.possible_agents: list[str] = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping: dict[str, int] = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: observation_space(self.game) for a in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(self.game.num_distinct_actions) for a in self.possible_agents
        }
        self.state: State | None = None
        self.game_seed: int | None = None
        self._rng: np.random.Generator | None = None
        self._steps = 0
        #: ``rewards`` holds only zeros (so a mid-game step need not rebuild it)
        self._zero_rewards = False

    # -- spaces ---------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC API ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._rng is None:
            self._rng, _ = seeding.np_random(seed)
        if options and options.get("game_seed") is not None:
            game_seed = int(options["game_seed"])
        elif seed is not None:
            game_seed = int(seed)
        else:
            game_seed = draw_seed(self._rng)
        self.game_seed = game_seed
        self.state = self.game.new_initial_state(game_seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._zero_rewards = True
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent: str) -> ObsType:
        state = self._require_state()
        seat = self.agent_name_mapping[agent]
        if state.current_player() == seat:
            mask = state.legal_actions_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        return {"observation": state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        state = self._require_state()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for agents whose game is over")
        seat = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        state.apply_action(int(action))  # IllegalActionError: nothing changed
        self._steps += 1
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {a: float(returns[self.agent_name_mapping[a]]) for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = self.possible_agents[(seat + 1) % self.game.num_players]
            self._zero_rewards = False
            self._accumulate_rewards()
        else:
            if not self._zero_rewards:  # a mid-game step rewards nobody: keep the zeros
                self.rewards = {a: 0.0 for a in self.agents}
                self._zero_rewards = True
            if self._steps >= self.game.max_game_length:
                self.truncations = {a: True for a in self.agents}
            self.agent_selection = self.possible_agents[state.current_player()]

    def render(self) -> str | None:
        """The public view drawn as text (``render_mode="ansi"``); ``None`` otherwise."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi')")
            return None
        state = self._require_state()
        return self.game.render_observation(state.observation(None), markup=False)

    def close(self) -> None:
        pass

    def _require_state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def __repr__(self) -> str:
        return f"<NinetyNineAECEnv {self.game!r}>"


def aec_env(
    game_id: str,
    num_players: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> NinetyNineAECEnv:
    """A PettingZoo AEC environment for ``game_id`` with the game's ``options``.

    >>> env = aec_env("warp99", num_players=3)
    >>> env.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum()) > 0
    ('player_0', (1354,), True)
    """
    return NinetyNineAECEnv(game_id, num_players, render_mode=render_mode, **options)
