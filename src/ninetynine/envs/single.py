"""A Gymnasium single-agent environment: one seat learns, bots play the other seats.

| property | value |
| --- | --- |
| ids | `ninetynine/Warp99-v0`, `ninetynine/NinetyNine-v0`, `ninetynine/Ono99-v0`, ... |
| creation | `gymnasium.make(id, num_players=3, opponents="greedy", seat=None, **options)` |
| actions | `Discrete(game.num_distinct_actions)`: the game's action ids |
| observations | `Dict(observation=Box(0, 1, (L,), float32), action_mask=Box(0, 1, (A,), int8))` |
| observation | `state.observation_tensor(seat)` at each of the learner's decisions |
| action mask | `state.legal_actions_mask()`; also `info["action_mask"]`, `env.action_masks()` |
| reward | 0 until the end; then the learner's return (+1 a win, -1 a loss, 0 a draw) |
| terminated | the game is over (or, by default, the learner chose an illegal action) |
| truncated | `game.max_game_length` actions were played (never reached in play) |
| render modes | `ansi`: the game's terminal drawing of the public view, as a string |

Every registered game has an id, ``gym_env_id(game_id)``: ``ninetynine/`` and the game class's
name without ``Game``, then ``-v0``; ``import ninetynine.envs`` registers them all.

Options: ``opponents`` is an agent spec (``"greedy"``, ``"random"``, ``"ismcts:200"``, ...) or a
comma-separated list or sequence of them, one per other seat in seat order (cycled when
shorter). ``seat`` fixes the learner's seat; ``None`` (the default) draws it for every episode
(``info["seat"]`` says which). ``illegal_action``: ``"lose"`` (the default) ends the episode
with reward -1 and ``info["illegal_action"]`` set, the game state unchanged (PettingZoo's
``TerminateIllegalWrapper`` convention; Gymnasium's checker steps with unmasked samples);
``"raise"`` raises :class:`~ninetynine.IllegalActionError` and changes nothing. Any other
keyword is a game option (``rules="random"``, ``handicap="none"``, ...).

Seeding: ``reset(seed=s)`` plays the game ``game.new_initial_state(s)``; the learner's seat (if
drawn) and the bots' seeds come from the env's RNG seeded with ``s``, so one seed gives one
episode exactly. A ``reset()`` without a seed draws everything from that RNG. If the bots
finish a game before the learner's first decision (possible in principle), the env deals the
next game seed from its RNG instead.

Version history: v0, first release.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ninetynine.agents import make_agent
from ninetynine.agents.random_agent import RandomAgent
from ninetynine.core.agent import Agent
from ninetynine.core.errors import GameOptionError, IllegalActionError
from ninetynine.core.game import State
from ninetynine.core.registry import agent_factory, list_games

from .common import draw_seed, env_game, gym_env_id, observation_space

try:  # the runner entry point that gives search bots their determinizations
    from ninetynine.core.agent import choose_action
except ImportError:  # pragma: no cover - a core without search views

    def choose_action(agent: Agent, state: State, seat: int | None = None) -> int:
        p = state.current_player() if seat is None else seat
        return agent.step(state.observation(p), state.legal_actions())


ObsType = dict[str, np.ndarray]
#: What a :class:`RandomAgent` opponent is shown: it never reads its observation.
_UNSEEN: dict[str, Any] = {}
#: Attempts at dealing a game in which the learner gets to act (see the module docstring).
_DEAL_ATTEMPTS = 100


def _opponent_specs(opponents: str | Sequence[str], count: int) -> list[str]:
    items = opponents.split(",") if isinstance(opponents, str) else list(opponents)
    specs = [str(s).strip() for s in items if str(s).strip()]
    if not specs:
        raise GameOptionError("opponents: give at least one agent spec, e.g. 'greedy'")
    return [specs[i % len(specs)] for i in range(count)]


class NinetyNineEnv(gymnasium.Env[ObsType, int]):
    """Single-agent environment for ``game_id`` (see the module docstring).

    :raises GameOptionError: unknown game, player count, option, agent or seat.
    :raises NotImplementedError: the game has no observation tensor.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's way)

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        opponents: str | Sequence[str] = "greedy",
        seat: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        **options: Any,
    ) -> None:
        self.game = env_game(game_id, num_players, options)
        n = self.game.num_players
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n
        ):
            raise GameOptionError(f"seat must be None or 0-{n - 1}, not {seat!r}")
        if illegal_action not in ("lose", "raise"):
            raise GameOptionError(
                f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GameOptionError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.opponent_specs = _opponent_specs(opponents, n - 1)
        for spec in self.opponent_specs:  # unknown names fail now, not at the first reset
            agent_factory(spec.strip().lower().partition(":")[0], self.game.game_id)
        self.fixed_seat = seat
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = observation_space(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state: State | None = None
        self.seat = 0 if seat is None else seat
        self.game_seed: int | None = None
        self.opponents: dict[int, Agent] = {}
        self._steps = 0
        self._done = True

    # -- the Gymnasium API ----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        n = self.game.num_players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self.opponents = {
            s: make_agent(spec, self.game, s, draw_seed(rng))
            for s, spec in zip(others, self.opponent_specs, strict=True)
        }
        game_seed = int(seed) if seed is not None else draw_seed(rng)
        for _ in range(_DEAL_ATTEMPTS):
            self.game_seed = game_seed
            self.state = self.game.new_initial_state(game_seed)
            self._steps = 0
            self._play_opponents()
            if not self.state.is_terminal():
                break
            game_seed = draw_seed(rng)
        else:  # pragma: no cover - the bots would have to win before the learner moves, always
            raise RuntimeError(
                f"the bots ended {_DEAL_ATTEMPTS} games before seat {self.seat} moved"
            )
        self._done = False
        observation = self._observe()
        return observation, self._info(observation)

    def step(self, action: int) -> tuple[ObsType, float, bool, bool, dict[str, Any]]:
        state = self._require_state()
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        a = int(action)
        try:
            state.apply_action(a)
        except IllegalActionError as e:  # the state is unchanged
            if self.illegal_action == "raise":
                raise
            self._done = True
            info = self._info()
            info.update(illegal_action=a, illegal_reason=str(e))
            return self._observe(), -1.0, True, False, info
        self._steps += 1
        self._play_opponents()
        terminated = state.is_terminal()
        truncated = not terminated and self._steps >= self.game.max_game_length
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        self._done = terminated or truncated
        observation = self._observe()
        return observation, reward, terminated, truncated, self._info(observation)

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner now, as ``int8`` (sb3-contrib's ``MaskablePPO``
        calls this)."""
        state = self._require_state()
        if state.current_player() != self.seat:
            return np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        return state.legal_actions_mask()

    def render(self) -> str | None:
        """The public view drawn as text (``render_mode="ansi"``); ``None`` otherwise."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi')")
            return None
        state = self._require_state()
        return self.game.render_observation(state.observation(None), markup=False)

    def close(self) -> None:
        pass

    # -- inside -----------------------------------------------------------------------------
    def _play_opponents(self) -> None:
        state = self._require_state()
        seat, limit, opponents = self.seat, self.game.max_game_length, self.opponents
        while not state.is_terminal():
            p = state.current_player()
            if p == seat or self._steps >= limit:
                return
            agent = opponents[p]
            if type(agent) is RandomAgent:
                # it reads only the legal actions: no observation dict to build (the hot path)
                action = agent.step(_UNSEEN, state.legal_actions())
            else:
                action = choose_action(agent, state, p)
            state.apply_action(action)
            self._steps += 1

    def _observe(self) -> ObsType:
        state = self._require_state()
        return {
            "observation": state.observation_tensor(self.seat),
            "action_mask": self.action_masks(),
        }

    def _info(self, observation: ObsType | None = None) -> dict[str, Any]:
        """The info dict; its ``action_mask`` is a copy of ``observation``'s when given."""
        state = self._require_state()
        return {
            "action_mask": self.action_masks()
            if observation is None
            else observation["action_mask"].copy(),
            "seat": self.seat,
            "game_seed": self.game_seed,
            "scores": state.scores(),
        }

    def _require_state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


def register_gym_envs() -> list[str]:
    """Register ``gym_env_id(game_id)`` with Gymnasium for every registered game (those
    already registered are kept); returns the ids. ``import ninetynine.envs`` calls it."""
    ids = []
    for game_id in list_games():
        env_id = gym_env_id(game_id)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="ninetynine.envs.single:NinetyNineEnv",
                kwargs={"game_id": game_id},
            )
        ids.append(env_id)
    return ids
