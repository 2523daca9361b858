"""A PettingZoo Parallel environment: every seat that decides at the same moment acts in one step.

| property | value |
| --- | --- |
| creation | `ninetynine.envs.parallel_env("sixto", num_players=3, render_mode="ansi", **options)` |
| agents, actions, observation space, truncations, render modes | as in the AEC env (`aec.py`) |
| observation | `state.observation_tensor(seat)` at the start of the step, for every agent |
| action mask | the seat's legal actions if it acts in this step; all 0 for the others |
| rewards | 0 until the end; then `state.returns()` (as in the AEC env; Sixto alone: the score) |
| terminations | all agents when the game ends (then `agents` is empty) |
| infos | `{}` per agent while the game is live; at the end `{"game_seed": s}` (replay) |

Which seats act together is the game's to say: a state with simultaneous moves has
``simultaneous_players()`` (the seats deciding now, in the order their actions are applied) and
``legal_for(seat)`` (the legal actions of each seat after the first, which the choices made
before it in the step do not change). Sixto
has them: its marks are chosen by every player for the same roll, in secret ("for each die, each
player can choose to mark off...", Sixto rulebook; decision D9), so its choose phase is one
parallel step in which every agent acts, and its roll phase (``keep`` / ``reroll``) a step in
which the active player alone acts. Every other game is turn-based: each step, the seat to move
acts alone. An agent that does not act in a step (its mask all 0) may send any action or none:
it is ignored. An illegal action raises :class:`~ninetynine.IllegalActionError` (a
``ValueError``) naming it, and nothing is applied (the step is all or nothing); with
``illegal_action="lose"`` it ends the episode instead, -1 for the agent that played it (the
first in the order of application) and 0 for the others, the state unchanged and
``infos[agent]["illegal_action"]`` set (PettingZoo's ``TerminateIllegalWrapper`` convention;
PettingZoo's ``parallel_seed_test`` steps with unmasked samples).

Seeding and secrecy are as in the AEC env (``aec.py``): ``reset(seed=s)`` seeds the private deal
generator, ``options={"game_seed": g}`` plays game ``g``, the seed is told only in the final
infos, and ``_``-attributes (``_state``, ``_game_seed``, ``_deal``) are not an agent's view.
The env pickles and deep-copies mid-episode; the copy plays on identically.

Version history: v0, first release (issue 19).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from ninetynine.core.errors import IllegalActionError
from ninetynine.core.game import State

from .common import METADATA, SeatAgents

ObsType = dict[str, np.ndarray]
#: What ``step`` returns: observations, rewards, terminations, truncations, infos (per agent).
StepResult = tuple[
    dict[str, ObsType],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]


def simultaneous_players(state: State) -> list[int]:
    """The seats that act in the next parallel step (see the module docstring)."""
    hook = getattr(state, "simultaneous_players", None)
    if hook is not None:
        return list(hook())
    p = state.current_player()
    return [] if state.is_terminal() else [p]


def legal_for(state: State, seat: int) -> list[int]:
    """``seat``'s legal actions in the next parallel step: ``legal_actions()`` for the seat to
    move, the state's ``legal_for(seat)`` for another seat deciding at the same moment."""
    if state.current_player() == seat:
        return state.legal_actions()
    hook = getattr(state, "legal_for", None)
    return sorted(hook(seat)) if hook is not None else []


# PettingZoo ships no type information: its base class is Any to the checker.
class NinetyNineParallelEnv(SeatAgents, ParallelEnv[str, ObsType, int]):  # type: ignore[misc]
    """Parallel environment for the game ``game_id`` (see the module docstring); a bad game,
    option or render mode raises as :meth:`GameEnv._set_up` says, a bad ``illegal_action``
    a ``ValueError``."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention)
        **METADATA,
        "name": "ninetynine_parallel_v0",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "raise",
        **options: Any,
    ) -> None:
        super().__init__(game_id, num_players, render_mode, **options)
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action must be 'raise' or 'lose', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsType], dict[str, dict[str, Any]]]:
        self._deal_game(seed, options)
        self.agents = self.possible_agents[:]
        if self.render_mode == "human":
            self.render()
        return self._observe(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> StepResult:
        state = self._require_state()
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        movers = simultaneous_players(state)
        after = state.clone()
        for seat in movers:
            agent = self.possible_agents[seat]
            if actions.get(agent) is None:
                raise ValueError(f"{agent} acts in this step: give it an action")
            try:
                after.apply_action(int(actions[agent]))
            except IllegalActionError as e:  # nothing applied: the state is untouched
                if self.illegal_action == "raise":
                    raise IllegalActionError(f"{agent}: {e}") from e
                return self._lose(agent, int(actions[agent]), str(e))
        self._state = state = after
        self._steps += len(movers)
        agents = self.agents
        over = state.is_terminal()
        truncated = not over and self._steps >= self._max_len
        if over:
            returns = state.returns()
            rewards = {a: float(returns[self.agent_name_mapping[a]]) for a in agents}
        else:
            rewards = dict.fromkeys(agents, 0.0)
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        observations = self._observe()
        if over or truncated:  # the episode is over: the seed may now be told (for replay)
            infos: dict[str, dict[str, Any]] = {a: {"game_seed": self._game_seed} for a in agents}
            self.agents = []
        else:
            infos = {a: {} for a in agents}
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _lose(self, agent: str, action: int, reason: str) -> StepResult:
        """End the episode on ``agent``'s illegal ``action`` (``illegal_action="lose"``)."""
        agents = self.agents
        rewards = {a: -1.0 if a == agent else 0.0 for a in agents}
        infos: dict[str, dict[str, Any]] = {a: {"game_seed": self._game_seed} for a in agents}
        infos[agent].update(illegal_action=action, illegal_reason=reason)
        observations = self._observe()
        self.agents = []
        return (
            observations,
            rewards,
            dict.fromkeys(agents, True),
            dict.fromkeys(agents, False),
            infos,
        )

    def __repr__(self) -> str:
        return f"<NinetyNineParallelEnv {self.game!r}>"

    def _observe(self) -> dict[str, ObsType]:
        state = self._require_state()
        movers = set(simultaneous_players(state))
        out: dict[str, ObsType] = {}
        for agent in self.possible_agents:
            seat = self.agent_name_mapping[agent]
            mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
            if seat in movers:
                mask[legal_for(state, seat)] = 1
            out[agent] = {"observation": state.observation_tensor(seat), "action_mask": mask}
        return out


def parallel_env(
    game_id: str,
    num_players: int | None = None,
    render_mode: str | None = None,
    illegal_action: str = "raise",
    **options: Any,
) -> NinetyNineParallelEnv:
    """A PettingZoo Parallel environment for ``game_id`` with the game's ``options``.

    >>> env = parallel_env("sixto", num_players=3)
    >>> obs, infos = env.reset(seed=7)
    >>> [int(obs[a]["action_mask"].sum()) for a in env.agents]  # roll phase: seat 0 alone
    [2, 0, 0]
    >>> obs, *_ = env.step({"player_0": 0})                       # keep the roll
    >>> all(obs[a]["action_mask"].any() for a in env.agents)     # now everyone chooses
    True
    """
    return NinetyNineParallelEnv(
        game_id, num_players, render_mode=render_mode, illegal_action=illegal_action, **options
    )
