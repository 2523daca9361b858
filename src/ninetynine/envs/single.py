"""A Gymnasium single-agent environment: one seat learns, bots play the other seats.

| property | value |
| --- | --- |
| ids | `ninetynine/Warp99-v0`, `.../NinetyNine-v0`, `Ono99-v0`, `Tripwire-v0`, `Heroes99-v0`, ... |
| creation | `gymnasium.make(id, num_players=3, opponents="greedy", seat=None, **options)` |
| actions | `Discrete(game.num_distinct_actions)`: the game's action ids |
| observations | `Dict(observation=Box(0, 1, (L,), float32), action_mask=Box(0, 1, (A,), int8))` |
| observation | `state.observation_tensor(seat)` at each of the learner's decisions |
| action mask | `state.legal_actions_mask()`; also `info["action_mask"]`, `env.action_masks()` |
| reward | 0 until the end; then the learner's return, `state.returns()[seat]` (below) |
| terminated | the game is over (or, by default, the learner chose an illegal action) |
| truncated | `game.max_game_length` actions were played (never reached in play) |
| info | `action_mask`, `seat`, `scores`; at the end of the episode also `game_seed` |
| render modes | `ansi` (the text board), `human` (prints it), `rgb_array` (an image of it) |

The game is dealt by ``game.new_fast_state(seed)``: for Warp 99, Ninety Nine, ONO 99,
Tripwire and Sixto a state whose RL step is compiled (``games/<game>/fast.py``, equal to the
reference state after every action), for 99 Heroes the reference state.

Every registered game has an id, ``gym_env_id(game_id)``: ``ninetynine/`` and the game class's
name without ``Game``, then ``-v0``, the name made to end in ``99`` for a game of the family
whose class name lacks it (``ninetynine/Heroes99-v0``; the first id, ``ninetynine/Heroes-v0``,
stays registered as an alias). ``import ninetynine.envs`` registers them all.

Returns (the reward at the end, ``state.returns()[seat]``):

| game | reward at the end |
| --- | --- |
| warp99, ninetynine, ono99, tripwire, heroes99 | +1 the learner won, -1 another seat did |
| sixto, 2-6 players | +1 the learner's score is the best, -1 it is not, 0 a tie (Sixto D13) |
| sixto, 1 player | the learner's sheet score in points (not +-1; may be negative) |

An illegal action under ``illegal_action="lose"`` ends the episode with -1 in every game.

Options: ``opponents`` is an agent spec (``"greedy"``, ``"random"``, ``"ismcts:200"``, ...) or a
comma-separated list or sequence of them, one per other seat in seat order (cycled when
shorter). ``seat`` fixes the learner's seat; ``None`` (the default) draws it for every episode
(``info["seat"]`` says which). ``illegal_action``: ``"lose"`` (the default) ends the episode
with reward -1 and ``info["illegal_action"]`` set, the game state unchanged (PettingZoo's
``TerminateIllegalWrapper`` convention; Gymnasium's checker steps with unmasked samples);
``"raise"`` raises :class:`~ninetynine.IllegalActionError` and changes nothing. Any other
keyword is a game option (``rules="random"``, ``handicap="none"``, ...).

Seeding and secrecy: the game seed is a secret while the game is live (from it the deal and
every draw to come can be recomputed), so it is in no observation, no ``info`` before the end,
no public attribute and no ``repr``. ``reset(seed=s)`` seeds Gymnasium's ``np_random`` (the
learner's seat, if drawn, and the bots' seeds) and the env's private deal generator
(``common.deal_rng``, a stream of its own; ``np_random`` is seeded from bits derived from
``s`` (``common.public_rng``), so neither its state nor its ``seed_seq`` holds ``s``, and
``np_random_seed`` is -1, Gymnasium's value for "set directly": ``deal_rng(s)`` would give the
deal away), so one seed gives one episode exactly; a ``reset()``
without a seed goes on drawing from both. A seeded episode is as secret as its seed: a learner
that guesses ``s`` (0, 42, ...) can deal the game itself; a run's first ``reset()`` without a
seed draws 128 bits from the OS. ``reset(options={"game_seed": g})`` plays exactly
``game.new_initial_state(g)`` (a record's or a simulation's game; other option keys are
ignored), as the AEC env does. The info of the step that ends the episode (the game over, an
illegal action under ``"lose"``, truncation) carries ``game_seed`` and ``history`` (every
seat's actions, the bots' included: ``state.history()``) for replay. If the bots
finish a game before the learner's first decision (possible in principle), the env deals the
next game instead. Attributes whose names start with ``_`` (``_state``: the true game state,
``_opponents``: the bots, ``_game_seed``, ``_deal``) are the env's workings, not the learner's
view.

The env pickles and deep-copies at any point of an episode; the copy plays on identically.

Version history: v0, first release; the game seed left the live info and attributes, reset
options, render modes ``human`` and ``rgb_array``, id ``Heroes99-v0`` (issue 19).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from ninetynine.agents import fill_seats, make_agent
from ninetynine.agents.random_agent import RandomAgent
from ninetynine.core.agent import Agent
from ninetynine.core.errors import GameOptionError, IllegalActionError
from ninetynine.core.game import Game, State
from ninetynine.core.registry import agent_factory, list_games, resolve_level
from ninetynine.core.rng import Rng
from ninetynine.core.util import check_seat

if TYPE_CHECKING:
    from ninetynine.core.fastpath import CompiledFastState

from .common import (
    METADATA,
    GameEnv,
    deal_rng,
    draw_seed,
    gym_env_id,
    observation_space,
    public_rng,
)

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


def _bot_maker(spec: str, game: Game) -> Callable[[int, int], Agent]:
    """``(seat, seed) -> make_agent(spec, game, seat, seed)``; for a spec that names the
    random bot, its class itself (what ``make_agent`` would build, without parsing the spec
    again at every reset)."""
    name = resolve_level(spec, game.game_id).strip().lower()
    if name == "random" and agent_factory(name, game.game_id) is RandomAgent:
        return partial(RandomAgent, game)
    return partial(make_agent, spec, game)


def _opponent_specs(opponents: str | Sequence[str], count: int) -> list[str]:
    items = opponents.split(",") if isinstance(opponents, str) else list(opponents)
    specs = [str(s).strip() for s in items if str(s).strip()]
    try:
        return fill_seats(specs, count, "agent specs", "opponent seats")
    except GameOptionError as e:
        raise GameOptionError(f"opponents: {e}") from None


class NinetyNineEnv(GameEnv, gymnasium.Env[ObsType, int]):
    """Single-agent environment for ``game_id`` (see the module docstring).

    :raises GameOptionError: unknown game, player count, option, agent, seat or render mode.
    :raises NotImplementedError: the game has no observation tensor.
    """

    metadata: dict[str, Any] = METADATA

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
        try:
            self._set_up(game_id, num_players, render_mode, options)
        except ValueError as e:  # an unknown render mode, here a GameOptionError too
            raise GameOptionError(str(e)) from None
        n = self.game.num_players
        if seat is not None:  # any integer type is a seat (numpy.int64 too), a bool is not
            try:
                seat = check_seat(seat, n)
            except ValueError:
                raise GameOptionError(f"seat must be None or 0-{n - 1}, not {seat!r}") from None
        if illegal_action not in ("lose", "raise"):
            raise GameOptionError(
                f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}"
            )
        self.opponent_specs = _opponent_specs(opponents, n - 1)
        for spec in self.opponent_specs:  # unknown names fail now, not at the first reset
            name = resolve_level(spec, self.game.game_id)  # a level the game names, or spec
            agent_factory(name.strip().lower().partition(":")[0], self.game.game_id)
        self._bot_makers = [_bot_maker(spec, self.game) for spec in self.opponent_specs]
        self.fixed_seat = seat
        self.illegal_action = illegal_action
        self._num_actions = self.game.num_distinct_actions
        # Gymnasium types a space by what it samples; Dict's samples are dicts of arrays
        self.observation_space = cast("spaces.Space[ObsType]", observation_space(self.game))
        self.action_space = cast("spaces.Space[int]", spaces.Discrete(self._num_actions))
        self.seat = 0 if seat is None else seat
        self._opponents: dict[int, Agent] = {}
        self._random_rngs: list[Rng | None] = []
        self._fast_bots = False  # every bot random, on a state that plays them (reset says)
        self._done = True

    # -- the Gymnasium API ----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        if seed is None or not (isinstance(seed, int) and seed >= 0):
            super().reset(seed=seed)  # nothing to seed, or Gymnasium's error for a bad seed
        # (a good seed: Gymnasium would seed np_random from it, which public_rng replaces)
        if seed is not None or self._deal is None:
            self._deal = deal_rng(seed)
        if seed is not None:  # s gives the deal (deal_rng(s)): nothing public may hold it
            self.np_random = public_rng(seed)  # (and np_random_seed becomes -1)
        rng = self.np_random
        n = self.game.num_players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self._opponents = {
            s: make(s, draw_seed(rng)) for s, make in zip(others, self._bot_makers, strict=True)
        }
        # the random bots' RNGs by seat (None for the others and the learner), which a fast
        # state's play_random_agents advances: one list an episode, not one a learner step
        self._random_rngs = [
            a.rng if type(a) is RandomAgent else None
            for a in (self._opponents.get(q) for q in range(n))
        ]
        all_random = all(r is not None for q, r in enumerate(self._random_rngs) if q != self.seat)
        if options and options.get("game_seed") is not None:
            game_seed = int(options["game_seed"])
        else:
            game_seed = draw_seed(self._deal)
        self._max_len = self.game.max_game_length  # a property worked out per call: read once
        for _ in range(_DEAL_ATTEMPTS):
            self._game_seed = game_seed
            self._state = self.game.new_fast_state(game_seed)
            self._steps = 0
            self._fast_bots = all_random and hasattr(self._state, "play_random_agents")
            self._play_opponents()
            if not self._state.is_terminal():
                break
            game_seed = draw_seed(self._deal)
        else:  # pragma: no cover - the bots would have to win before the learner moves, always
            raise RuntimeError(
                f"the bots ended {_DEAL_ATTEMPTS} games before seat {self.seat} moved"
            )
        self._done = False
        if self.render_mode == "human":
            self.render()
        observation = self._observe()
        return observation, self._info(observation)

    def step(self, action: int) -> tuple[ObsType, float, bool, bool, dict[str, Any]]:
        state = self._state
        if state is None:
            state = self._require_state()  # raises: no reset yet
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
        seat = self.seat
        if not state.is_terminal() and state.current_player() != seat:
            if self._fast_bots:
                # every bot is a random one on a fast state: _play_opponents() in one call (it
                # plays them until the learner is to act, the game ends or the budget is spent)
                self._steps += cast("CompiledFastState", state).play_random_agents(
                    seat, self._max_len - self._steps, self._random_rngs
                )
            else:
                self._play_opponents()
        terminated = state.is_terminal()
        truncated = not terminated and self._steps >= self._max_len
        reward = float(state.returns()[seat]) if terminated else 0.0
        self._done = terminated or truncated
        if self.render_mode == "human":
            self.render()
        # _observe() and _info(observation), inlined (the hot path: one learner step)
        if state.current_player() == seat:
            mask = state.legal_actions_mask()
        else:
            mask = np.zeros(self._num_actions, dtype=np.int8)
        info = {"action_mask": mask.copy(), "seat": seat, "scores": state.scores()}
        if self._done:  # the episode is over: the seed and every seat's moves, for replay
            info["game_seed"] = self._game_seed
            info["history"] = state.history()
        observation: ObsType = {"observation": state.observation_tensor(seat), "action_mask": mask}
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner now, as ``int8`` (sb3-contrib's ``MaskablePPO``
        calls this)."""
        state = self._require_state()
        if state.current_player() != self.seat:
            return np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        return state.legal_actions_mask()

    def __repr__(self) -> str:
        return f"<NinetyNineEnv {self.game!r} opponents={self.opponent_specs}>"

    # -- inside -----------------------------------------------------------------------------
    def _play_opponents(self) -> None:
        state = self._require_state()
        seat, limit, opponents = self.seat, self._max_len, self._opponents
        while not state.is_terminal():
            p = state.current_player()
            if p == seat or self._steps >= limit:
                return
            agent = opponents[p]
            if type(agent) is RandomAgent and hasattr(state, "play_random_agents"):
                # a fast state plays the random bots' moves itself, with their own RNGs (the
                # same draws as RandomAgent.step): every random seat until another is to act
                self._steps += state.play_random_agents(
                    seat, limit - self._steps, self._random_rngs
                )
                continue
            if type(agent) is RandomAgent:
                # it reads only the legal actions: no observation dict to build (the hot path)
                action = agent.step(_UNSEEN, state.legal_actions())
            else:
                action = choose_action(agent, state, p)
            state.apply_action(action)
            self._steps += 1

    def _observe(self) -> ObsType:
        state = self._require_state()
        seat = self.seat
        if state.current_player() == seat:  # action_masks(), inlined (the hot path)
            mask = state.legal_actions_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        return {"observation": state.observation_tensor(seat), "action_mask": mask}

    def _info(self, observation: ObsType | None = None) -> dict[str, Any]:
        """The step's info; its ``action_mask`` is a copy of ``observation``'s when given;
        ``game_seed`` and ``history`` only once the episode is over (``_done``)."""
        state = self._require_state()
        info: dict[str, Any] = {
            "action_mask": self.action_masks()
            if observation is None
            else observation["action_mask"].copy(),
            "seat": self.seat,
            "scores": state.scores(),
        }
        if self._done:  # the episode is over: the seed and every seat's moves, for replay
            info["game_seed"] = self._game_seed
            info["history"] = state.history()
        return info


#: Ids registered before the naming settled, kept working: alias -> game id.
ALIAS_IDS: dict[str, str] = {"ninetynine/Heroes-v0": "heroes99"}


def register_gym_envs() -> list[str]:
    """Register ``gym_env_id(game_id)`` with Gymnasium for every registered game (those
    already registered are kept), and the aliases of :data:`ALIAS_IDS`; returns the ids (not
    the aliases). ``import ninetynine.envs`` calls it."""
    games = list_games()
    pairs = [(gym_env_id(g), g) for g in games]
    pairs += [(alias, g) for alias, g in ALIAS_IDS.items() if g in games]
    for env_id, game_id in pairs:
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="ninetynine.envs.single:NinetyNineEnv",
                kwargs={"game_id": game_id},
            )
    ids = [env_id for env_id, _ in pairs[: len(games)]]
    return ids
