"""A PettingZoo AEC environment for any registered game (one agent per seat).

| property | value |
| --- | --- |
| creation | `ninetynine.envs.aec_env("warp99", num_players=3, render_mode="ansi", **options)` |
| agents | `player_0 .. player_{n-1}` (seat i is `player_i`) |
| actions | `Discrete(game.num_distinct_actions)`: the game's action ids |
| observations | `Dict(observation=Box(0, 1, (L,), float32), action_mask=Box(0, 1, (A,), int8))` |
| observation | `state.observation_tensor(seat)` (layout: `game.observation_tensor_layout()`) |
| action mask | `state.legal_actions_mask()` for the agent to act; all 0 for every other agent |
| rewards | 0 until the end; then `state.returns()` (see "Returns" below) |
| terminations | all agents when the game ends |
| truncations | all agents after `game.max_game_length` actions (never reached in play) |
| infos | `{}` while the game is live; at the end `{"game_seed": s}` for every agent (replay) |
| render modes | `ansi` (the text board), `human` (prints it), `rgb_array` (an image of it) |

The game is dealt by ``game.new_fast_state(seed)``: for Warp 99, Ninety Nine, ONO 99,
Tripwire and Sixto a state whose RL step is compiled (``games/<game>/fast.py``, equal to the
reference state after every action), for 99 Heroes the reference state.

The agent to act (`agent_selection`) is the seat to move; a seat often acts several times in a
row (Warp 99's Action B is one action per card), as AEC allows. An illegal action raises
:class:`~ninetynine.IllegalActionError` (a ``ValueError``) and changes nothing; wrap the env in
``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for the "illegal move loses" convention.

Returns (the final reward of each agent, ``state.returns()``):

| game | returns |
| --- | --- |
| warp99, ninetynine, ono99, tripwire, heroes99 | +1 the winner, -1 every other seat |
| sixto, 2-6 players | +1 the best score, -1 the others, all 0 for a tie (Sixto D13) |
| sixto, 1 player | the sheet's score in points (not +-1: no one to beat; may be negative) |

Seeding and secrecy: the game seed is a secret while the game is live (from it the deal and
every draw to come can be recomputed), so nothing the environment hands out or keeps on a
public attribute holds it: not the observations, not ``infos`` (until the end), not ``repr``.
``reset(seed=s)`` seeds the env's private deal generator (``common.deal_rng``) and plays its
first game; a ``reset()`` without a seed plays its next one; ``reset(options={"game_seed": g})``
plays exactly ``game.new_initial_state(g)`` (a record's or a simulation's game); other option
keys are ignored. The final ``infos[agent]["game_seed"]`` names the game that was played, so
``(game id, options, game_seed, state.history())`` replays it. Attributes whose names start with
``_`` (``_state``: the true game state, ``_game_seed``, ``_deal``) are the environment's own
workings, not an agent's view: a learner reads ``observe()``/``last()`` only.

The env pickles and deep-copies at any point of an episode; the copy plays on identically
(the same observations, rewards and games after its resets).

Version history: v0, first release; the game seed left the live ``infos`` and attributes, render
modes ``human`` and ``rgb_array`` (issue 19).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv

from .common import METADATA, SeatAgents

ObsType = dict[str, np.ndarray]


# PettingZoo ships no type information: its base class is Any to the checker.
class NinetyNineAECEnv(SeatAgents, AECEnv[str, ObsType, int]):  # type: ignore[misc]
    """AEC environment for the game ``game_id`` (see the module docstring); a bad game,
    option or render mode raises as :meth:`GameEnv._set_up` says."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention)
        **METADATA,
        "name": "ninetynine_v0",
        "is_parallelizable": False,
    }
    #: ``rewards`` holds only zeros (so a mid-game step need not rebuild it)
    _zero_rewards = False

    # -- the AEC API ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        state = self._deal_game(seed, options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._zero_rewards = True
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[state.current_player()]
        if self.render_mode == "human":
            self.render()

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
            if self._steps >= self._max_len:
                self.truncations = {a: True for a in self.agents}
            self.agent_selection = self.possible_agents[state.current_player()]
        if state.is_terminal() or self._steps >= self._max_len:
            # The episode is over: the seed may now be told (for replay).
            self.infos = {a: {"game_seed": self._game_seed} for a in self.agents}
        if self.render_mode == "human":
            self.render()

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
