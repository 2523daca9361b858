"""The Gymnasium single-agent environments: registered ids, Gymnasium's checker, masked
sampling, rewards, seeding, bots, illegal actions."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ninetynine
from ninetynine import GameOptionError, IllegalActionError
from ninetynine.envs import NinetyNineEnv, gym_env_id, register_gym_envs

from .conftest import game_params

DEFAULT = game_params("default")


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_ids_are_registered_for_every_game():
    ids = register_gym_envs()
    assert {"ninetynine/Warp99-v0", "ninetynine/NinetyNine-v0", "ninetynine/Ono99-v0"} <= set(ids)
    assert {"ninetynine/Heroes99-v0", "ninetynine/Tripwire-v0", "ninetynine/Sixto-v0"} <= set(ids)
    assert ids == [gym_env_id(g) for g in ninetynine.list_games()]
    for env_id in ids:
        assert env_id in gymnasium.registry


def test_every_id_follows_one_pattern_and_the_old_heroes_id_is_an_alias():
    ids = register_gym_envs()
    for game_id, env_id in zip(ninetynine.list_games(), ids, strict=True):
        name = env_id.removeprefix("ninetynine/").removesuffix("-v0")
        assert name.lower() == game_id, (game_id, env_id)
    old = gymnasium.make("ninetynine/Heroes-v0", opponents="random")
    new = gymnasium.make("ninetynine/Heroes99-v0", opponents="random")
    assert old.unwrapped.game.game_id == new.unwrapped.game.game_id == "heroes99"
    assert (
        old.reset(seed=3)[0]["observation"].tobytes()
        == new.reset(seed=3)[0]["observation"].tobytes()
    )


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_check_env(game_id, n):
    env = gymnasium.make(gym_env_id(game_id), num_players=n, opponents="random")
    check_env(env.unwrapped)


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_masked_sampling_plays_a_game(game_id, n):
    env = gymnasium.make(gym_env_id(game_id), num_players=n, opponents="random")
    obs, info = env.reset(seed=4)
    env.action_space.seed(4)
    seat = info["seat"]
    terminated = truncated = False
    steps = 0
    while not (terminated or truncated):
        assert env.observation_space.contains(obs)
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        action = env.action_space.sample(mask=obs["action_mask"])
        assert obs["action_mask"][action] == 1
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if not (terminated or truncated):
            assert reward == 0.0
    state = env.unwrapped._state
    assert terminated and state.is_terminal()
    assert reward == state.returns()[seat]
    assert steps > 0 and "illegal_action" not in info
    # the end names the game played: (game, options, game_seed, history) replays it
    replay = env.unwrapped.game.new_initial_state(info["game_seed"])
    for a in state.history():
        replay.apply_action(a)
    assert replay.to_json() == state.to_json()


def _trajectory(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [(info["seat"], env._game_seed, obs["observation"].tobytes())]
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        seen.append((action, reward, obs["observation"].tobytes()))
        done = terminated or truncated
    return seen


def test_one_seed_gives_one_episode_with_bots():
    make = lambda: NinetyNineEnv("warp99", num_players=3, opponents="greedy,random")  # noqa: E731
    first = _trajectory(make(), 8)
    assert first == _trajectory(make(), 8)
    assert first != _trajectory(make(), 9)
    # reset(seed=s) plays a game drawn from the deal generator of s, not game s: s is known
    # to whoever reads np_random_seed, the game seed must not be (see test_seed_secrecy.py)
    assert first[0][1] != 8


def test_reset_options_select_the_game_as_the_aec_env_does():
    env = NinetyNineEnv("warp99", num_players=3, opponents="random", seat=0)
    env.reset(seed=4, options={"game_seed": 77})
    assert env._game_seed == 77
    assert env._state.history() == []  # seat 0 moves first: nothing played yet
    assert env._state.to_json() == env.game.new_initial_state(77).to_json()
    env.reset(seed=4)
    assert env._game_seed != 77
    env.reset(options={"game_seed": 5, "other": 1})  # other keys are ignored
    assert env._game_seed == 5


def test_seat_is_drawn_unless_fixed():
    env = NinetyNineEnv("ono99", num_players=4, opponents="random")
    seats = {env.reset(seed=s)[1]["seat"] for s in range(20)}
    assert seats == {0, 1, 2, 3}
    env = NinetyNineEnv("ono99", num_players=4, opponents="random", seat=2)
    assert {env.reset(seed=s)[1]["seat"] for s in range(5)} == {2}
    obs, _ = env.reset(seed=1)
    assert env.unwrapped._state.current_player() == 2
    assert np.array_equal(obs["observation"], env._state.observation_tensor(2))


def test_a_numpy_integer_fixes_the_seat_and_a_bool_does_not():
    """Any integer type is a seat (``core.util.check_seat``): ``seat=numpy.int64(2)`` was
    refused ('seat must be None or 0-3, not np.int64(2)'); ``seat`` is then a plain int."""
    env = NinetyNineEnv("ono99", num_players=4, opponents="random", seat=np.int64(2))
    assert {env.reset(seed=s)[1]["seat"] for s in range(5)} == {2}
    assert type(env.seat) is int
    for bad in (True, 4, -1, 1.0, "2"):
        with pytest.raises(GameOptionError, match="seat must be None or 0-3"):
            NinetyNineEnv("ono99", num_players=4, opponents="random", seat=bad)


def test_opponents_one_per_other_seat():
    env = NinetyNineEnv("warp99", num_players=4, opponents=["greedy", "random"], seat=1)
    env.reset(seed=3)
    assert env.opponent_specs == ["greedy", "random", "greedy"]
    assert sorted(env._opponents) == [0, 2, 3]
    assert [a.name for a in (env._opponents[0], env._opponents[2])] != ["", ""]


def test_illegal_action_loses_by_default_and_raises_on_request():
    env = NinetyNineEnv("warp99", num_players=2, opponents="random", seat=0)
    obs, _ = env.reset(seed=5)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env._state.to_json()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == illegal and info["illegal_reason"]
    assert info["game_seed"] == env._game_seed  # the episode is over: the seed may be told
    assert env._state.to_json() == before
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)

    env = NinetyNineEnv("warp99", num_players=2, opponents="random", seat=0, illegal_action="raise")
    obs, _ = env.reset(seed=5)
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env._state.to_json() == before


def test_bad_arguments():
    with pytest.raises(GameOptionError, match="no agent"):
        NinetyNineEnv("warp99", opponents="nobody")
    with pytest.raises(GameOptionError, match="seat"):
        NinetyNineEnv("warp99", num_players=2, seat=2)
    with pytest.raises(GameOptionError, match="illegal_action"):
        NinetyNineEnv("warp99", illegal_action="ignore")
    with pytest.raises(GameOptionError, match="target"):
        NinetyNineEnv("warp99", target=0)
    with pytest.raises(RuntimeError, match="reset"):
        NinetyNineEnv("warp99").step(0)


def test_game_options_and_render():
    env = gymnasium.make(
        "ninetynine/Warp99-v0",
        num_players=2,
        rules="random",
        opponents="random",
        render_mode="ansi",
    )
    env.reset(seed=1)
    assert env.unwrapped.game.options["rules"] == "random"
    text = env.render()
    assert isinstance(text, str) and "pile" in text.lower()


@pytest.mark.parametrize(("game_id", "n"), game_params("default"))
def test_the_final_info_replays_the_game_against_random_bots(game_id, n):
    """docs/research.md: ``(game id, options, game_seed, history)`` replays an episode. The
    learner's actions alone would not: the random bots' moves are in ``history`` only, which
    (like ``game_seed``) appears once the episode is over."""
    env = gymnasium.make(gym_env_id(game_id), num_players=n, opponents="random")
    obs, info = env.reset(seed=7)
    env.action_space.seed(7)
    assert "history" not in info and "game_seed" not in info
    done = False
    while not done:
        obs, _reward, terminated, truncated, info = env.step(
            env.action_space.sample(mask=obs["action_mask"])
        )
        done = terminated or truncated
        if not done:
            assert "history" not in info and "game_seed" not in info
    state = ninetynine.load_game(game_id, num_players=n).new_initial_state(info["game_seed"])
    for action in info["history"]:
        state.apply_action(action)
    assert state.is_terminal()
    assert state.scores() == info["scores"]
    assert state.returns() == env.unwrapped._state.returns()
