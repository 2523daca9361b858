"""Render modes ``ansi``, ``human`` and ``rgb_array`` on the AEC, Parallel and Gymnasium envs:
PettingZoo's ``render_test``, Gymnasium's ``check_env`` with a render mode, frames of one size
a game long, SB3's ``make_vec_env(..., env_kwargs={"render_mode": "rgb_array"})`` construction
and Gymnasium's ``RecordVideo`` (issue 19)."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test

from ninetynine.envs import aec_env, gym_env_id, parallel_env
from ninetynine.envs.render import text_to_rgb

from .conftest import game_params

DEFAULT = game_params("default")


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_pettingzoo_render_test(game_id, n, capsys):
    render_test(lambda render_mode=None: aec_env(game_id, num_players=n, render_mode=render_mode))
    assert capsys.readouterr().out  # "human" printed the board


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_check_env_with_rgb_array(game_id, n):
    env = gymnasium.make(
        gym_env_id(game_id), num_players=n, opponents="random", render_mode="rgb_array"
    )
    check_env(env.unwrapped)
    env.reset(seed=1)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3


def test_human_prints_the_board_after_reset_and_each_step(capsys):
    env = aec_env("warp99", num_players=2, render_mode="human")
    text = aec_env("warp99", num_players=2, render_mode="ansi")
    env.reset(seed=4)
    text.reset(seed=4)
    assert capsys.readouterr().out == text.render() + "\n"
    obs, *_ = env.last()
    action = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(action)
    text.step(action)
    assert capsys.readouterr().out == text.render() + "\n"
    assert env.render() is None and capsys.readouterr().out == text.render() + "\n"

    gym = gymnasium.make("ninetynine/Ono99-v0", render_mode="human", opponents="random")
    gym.reset(seed=2)
    board = capsys.readouterr().out
    assert "Seat" in board


def _frames_of_a_game(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    frames = [env.render()]
    for i, _agent in enumerate(env.agent_iter()):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if i % 7 == 0:
            frames.append(env.render())
    frames.append(env.render())
    return frames


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_rgb_frames_keep_one_size_and_show_the_board(game_id, n):
    env = aec_env(game_id, num_players=n, render_mode="rgb_array")
    frames = _frames_of_a_game(env, 3)
    assert {f.shape for f in frames} == {frames[0].shape}
    assert all(f.dtype == np.uint8 for f in frames)
    for f in frames:  # ink on a white canvas
        assert (f < 128).any() and (f == 255).mean() > 0.5
    assert not np.array_equal(frames[0], frames[-1])  # the game moved on


def test_a_board_larger_than_the_canvas_is_scaled_into_it():
    small = text_to_rgb("x", (40, 40))
    big = text_to_rgb("\n".join(["#" * 200] * 100), (40, 60))
    assert small.shape == (40, 40, 3) and big.shape == (40, 60, 3)
    assert (big < 240).any()  # shrunk: grey ink, but ink


def test_parallel_env_renders():
    env = parallel_env("sixto", num_players=2, render_mode="rgb_array")
    env.reset(seed=1)
    first = env.render()
    env.step({"player_0": 0})
    assert env.render().shape == first.shape
    ansi = parallel_env("sixto", num_players=2, render_mode="ansi")
    ansi.reset(seed=1)
    assert isinstance(ansi.render(), str) and "Seat" in ansi.render()


def test_unknown_render_modes_are_refused():
    with pytest.raises(ValueError, match="render_mode"):
        aec_env("ono99", render_mode="video")
    with pytest.raises(ValueError, match="render_mode"):
        parallel_env("sixto", render_mode="video")
    with pytest.raises(ValueError, match="render_mode"):
        gymnasium.make("ninetynine/Ono99-v0", render_mode="video")


def test_gymnasium_make_vec_with_rgb_array():
    # what SB3's make_vec_env does with env_kwargs: gymnasium.make(id, **env_kwargs), per env
    vec = gymnasium.make_vec(
        "ninetynine/Ono99-v0",
        num_envs=2,
        vectorization_mode="sync",
        render_mode="rgb_array",
        opponents="random",
    )
    vec.reset(seed=1)
    frames = vec.render()
    assert len(frames) == 2 and all(f.ndim == 3 and f.dtype == np.uint8 for f in frames)
    vec.close()


def test_sb3_make_vec_env_with_rgb_array():
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    vec = env_util.make_vec_env(
        "ninetynine/Warp99-v0",
        n_envs=2,
        seed=0,
        env_kwargs={"render_mode": "rgb_array", "opponents": "random"},
    )
    vec.reset()
    images = vec.get_images()
    assert len(images) == 2 and images[0].shape == images[1].shape and images[0].shape[2] == 3
    vec.close()


def test_record_video(tmp_path):
    pytest.importorskip("moviepy")
    from gymnasium.wrappers import RecordVideo

    env = gymnasium.make("ninetynine/Ono99-v0", render_mode="rgb_array", opponents="random")
    env = RecordVideo(env, str(tmp_path), episode_trigger=lambda e: True, disable_logger=True)
    obs, _ = env.reset(seed=1)
    done = False
    while not done:
        obs, _, terminated, truncated, _ = env.step(env.action_space.sample(obs["action_mask"]))
        done = terminated or truncated
    env.close()
    videos = list(tmp_path.glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000
