"""The PettingZoo AEC environment of every registered game: PettingZoo's own API and seed
tests, rewards from returns, rendering, errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import ninetynine
from ninetynine import IllegalActionError
from ninetynine.envs import aec_env
from ninetynine.envs import common as env_common

from .conftest import game_params

ALL = game_params("all")
DEFAULT = game_params("default")


@pytest.fixture(autouse=True)
def _quiet():
    # api_test warns about Dict observations, as it does for PettingZoo's own classic games.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize(("game_id", "n"), ALL)
def test_api(game_id, n):
    api_test(aec_env(game_id, num_players=n, render_mode="ansi"), num_cycles=120)


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_seed(game_id, n):
    seed_test(lambda: aec_env(game_id, num_players=n), num_cycles=60)


def _play_out(env, seed):
    """Random masked play to the end; the final rewards per agent."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final, infos = {}, {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            final[agent], infos[agent] = reward, info
            env.step(None)
            continue
        assert "game_seed" not in info  # a secret while the game is live
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return final, infos


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_rewards_are_the_returns_and_the_game_replays(game_id, n):
    env = aec_env(game_id, num_players=n)
    final, infos = _play_out(env, seed=21)
    state = env._state
    assert state.is_terminal() and not env.agents
    assert [final[f"player_{i}"] for i in range(n)] == state.returns()
    # the end names the game played: its actions replay it from new_initial_state(game_seed)
    seeds = {info["game_seed"] for info in infos.values()}
    assert seeds == {env._game_seed} and len(infos) == n
    replay = ninetynine.load_game(game_id, num_players=n).new_initial_state(seeds.pop())
    for a in state.history():
        replay.apply_action(a)
    assert replay.to_json() == state.to_json()


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_observations_and_masks(game_id, n):
    env = aec_env(game_id, num_players=n)
    env.reset(seed=3)
    state = env._state
    me = state.current_player()
    assert env.agent_selection == f"player_{me}"
    for i, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        assert np.array_equal(obs["observation"], state.observation_tensor(i))
        if i == me:
            assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_actions()
        else:
            assert not obs["action_mask"].any()
        assert env.observation_space(agent).contains(obs)


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_reset_without_seed_continues_the_seeded_sequence(game_id, n):
    a, b = aec_env(game_id, num_players=n), aec_env(game_id, num_players=n)
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a._game_seed == b._game_seed != 5
    a.reset(options={"game_seed": 77})
    assert a._game_seed == 77 and a._state.to_json() == a.game.new_initial_state(77).to_json()


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_render_ansi(game_id, n):
    env = aec_env(game_id, num_players=n, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text
    assert text == env.game.render_observation(env._state.observation(None), markup=False)


def test_illegal_action_raises_and_changes_nothing():
    env = aec_env("warp99", num_players=2)
    env.reset(seed=2)
    before = env._state.to_json()
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env._state.to_json() == before
    with pytest.raises(ValueError, match="None"):
        env.step(None)


def test_options_reach_the_game():
    env = aec_env("warp99", num_players=4, rules="random", handicap="none")
    assert env.game.options["rules"] == "random" and env.possible_agents[-1] == "player_3"
    with pytest.raises(ninetynine.GameOptionError):
        aec_env("warp99", num_players=9)
    with pytest.raises(ValueError, match="render_mode"):
        aec_env("warp99", render_mode="video")


def test_a_game_without_a_tensor_is_refused(monkeypatch):
    game = ninetynine.load_game("ono99")
    monkeypatch.setattr(type(game), "has_observation_tensor", lambda self: False)
    with pytest.raises(NotImplementedError, match="no RL environment for 'ono99'"):
        env_common.env_game("ono99", None, {})
