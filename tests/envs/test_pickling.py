"""Environments pickle and deep-copy mid-episode, and the copy plays on identically (DESIGN:
"Games, states, agents and environments pickle and deep-copy"; issue 19): the same
observations, rewards, ends and infos to the end of the game and through the next, unseeded,
reset (the private deal generator and Gymnasium's np_random travel with the copy)."""

from __future__ import annotations

import copy
import pickle
import warnings

import gymnasium
import numpy as np
import pytest

from ninetynine.envs import aec_env, gym_env_id, parallel_env

from .conftest import game_params

DEFAULT = game_params("default")
#: Actions played before the copy is taken.
PLAYED = 15


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _copies(env):
    return [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]


def _plain(x):
    """Arrays as bytes so trajectories compare with ``==``."""
    if isinstance(x, np.ndarray):
        return (x.dtype.str, x.shape, x.tobytes())
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    return x


def _aec_rest(env, rng_seed, steps=400):
    """Masked random play from where ``env`` is, through the end and one unseeded reset."""
    rng = np.random.default_rng(rng_seed)
    seen = []
    for _ in range(2):
        for i, agent in enumerate(env.agent_iter()):
            obs, reward, terminated, truncated, info = env.last()
            seen.append((agent, _plain(obs), reward, terminated, truncated, _plain(info)))
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if i >= steps:
                break
        env.reset()
    seen.append(_plain(env.observe(env.agent_selection)))
    return seen


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_aec_env_copies_play_on_identically(game_id, n):
    env = aec_env(game_id, num_players=n, render_mode="ansi")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(PLAYED):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    copies = _copies(env)
    text = env.render()
    assert [c.render() for c in copies] == [text, text]
    expected = _aec_rest(env, 9)
    for c in copies:
        assert _aec_rest(c, 9) == expected


def _gym_rest(env, rng_seed):
    rng = np.random.default_rng(rng_seed)
    seen = []
    obs = env.unwrapped._observe()
    for _ in range(2):
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            seen.append((action, _plain(obs), reward, terminated, truncated, _plain(info)))
            done = terminated or truncated
        obs, info = env.reset()
        seen.append((_plain(obs), _plain(info)))
    return seen


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_gymnasium_env_copies_play_on_identically(game_id, n):
    # through gymnasium.make's wrappers, with bots that keep RNGs of their own (heads-up: the
    # random one; a list longer than the opponent seats is refused)
    bots = "greedy,random" if n > 2 else "random"
    env = gymnasium.make(gym_env_id(game_id), num_players=n, opponents=bots)
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(PLAYED):
        obs, _, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        if terminated or truncated:  # pragma: no cover - no game ends this fast
            obs, _ = env.reset()
    copies = _copies(env)
    expected = _gym_rest(env, 8)
    for c in copies:
        assert _gym_rest(c, 8) == expected


def _parallel_rest(env, rng_seed):
    rng = np.random.default_rng(rng_seed)
    seen = []
    obs = env._observe()
    for _ in range(2):
        while env.agents:
            actions = {
                a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                for a in env.agents
                if obs[a]["action_mask"].any()
            }
            obs, *rest = env.step(actions)
            seen.append((actions, _plain(obs), _plain(rest)))
        obs, _infos = env.reset()
        seen.append(_plain(obs))
    return seen


def test_parallel_env_copies_play_on_identically():
    env = parallel_env("sixto", num_players=3)
    _obs, _ = env.reset(seed=6)
    env.step({"player_0": 1})  # reroll: everyone is about to choose
    copies = _copies(env)
    expected = _parallel_rest(env, 4)
    for c in copies:
        assert _parallel_rest(c, 4) == expected


def test_a_copy_is_independent():
    env = aec_env("warp99", num_players=2)
    env.reset(seed=1)
    twin = copy.deepcopy(env)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert twin._state.history() == [] and len(env._state.history()) == 1
