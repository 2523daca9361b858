"""The PettingZoo Parallel environment: Sixto's marks in one simultaneous step (Sixto rulebook,
"each player can choose"; decision D9), PettingZoo's own parallel API and seed tests, and the
turn-based games one seat a step."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

import ninetynine
from ninetynine import IllegalActionError
from ninetynine.envs import parallel_env

from .conftest import game_params


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_sixto_parallel_api(n):
    parallel_api_test(parallel_env("sixto", num_players=n), num_cycles=400)


def test_sixto_parallel_seed():
    # PettingZoo's seed test samples unmasked actions: "illegal loses" lets it step
    parallel_seed_test(
        lambda: parallel_env("sixto", num_players=3, illegal_action="lose"), num_cycles=200
    )


def test_one_seed_gives_one_game():
    def play(seed):
        env = parallel_env("sixto", num_players=3)
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = []
        while env.agents:
            actions = _random_actions(env, obs, rng)
            obs, rewards, *_ = env.step(actions)
            seen.append((sorted(actions.items()), sorted(rewards.items())))
            seen.append([obs[a]["observation"].tobytes() for a in sorted(obs)])
        return seen

    assert play(3) == play(3) != play(4)


def test_illegal_action_can_lose_instead_of_raising():
    env = parallel_env("sixto", num_players=3, illegal_action="lose")
    env.reset(seed=2)
    before = env._state.to_json()
    _, rewards, terms, _, infos = env.step({"player_0": 7})  # not keep / reroll
    assert rewards == {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0}
    assert all(terms.values()) and not env.agents and env._state.to_json() == before
    assert (
        infos["player_0"]["illegal_action"] == 7
        and "keep or reroll" in (infos["player_0"]["illegal_reason"])
    )
    with pytest.raises(ValueError, match="illegal_action"):
        parallel_env("sixto", illegal_action="ignore")


@pytest.mark.parametrize(("game_id", "n"), game_params("default"))
def test_every_game_passes_the_parallel_api_test_turn_by_turn(game_id, n):
    parallel_api_test(parallel_env(game_id, num_players=n), num_cycles=150)


def _random_actions(env, obs, rng):
    return {
        a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
        for a in env.agents
        if obs[a]["action_mask"].any()
    }


def test_every_seat_chooses_its_marks_at_once_and_sees_no_other_choice():
    env = parallel_env("sixto", num_players=3)
    obs, _ = env.reset(seed=2)
    state = env._state
    assert [bool(obs[a]["action_mask"].any()) for a in env.agents] == [True, False, False]
    assert np.flatnonzero(obs["player_0"]["action_mask"]).tolist() == state.legal_actions()
    obs, *_ = env.step({"player_0": 0, "player_1": 5})  # keep; player_1's action is ignored
    state = env._state
    assert state.observation(None)["phase"] == "choose"
    for seat, agent in enumerate(env.agents):  # everyone's choices, from the same position
        assert np.flatnonzero(obs[agent]["action_mask"]).tolist() == state.legal_for(seat)
        assert np.array_equal(obs[agent]["observation"], state.observation_tensor(seat))
    before = state.to_json()
    rng = np.random.default_rng(0)
    actions = _random_actions(env, obs, rng)
    # the same choices made one by one in the sequential game give the same position
    sequential = ninetynine.load_game("sixto", num_players=3).state_from_json(before)
    for seat in state.simultaneous_players():
        sequential.apply_action(actions[f"player_{seat}"])
    env.step(actions)
    assert env._state.to_json() == sequential.to_json()
    assert env._state.observation(None)["phase"] == "roll"


def test_an_illegal_choice_applies_nothing():
    env = parallel_env("sixto", num_players=3)
    obs, _ = env.reset(seed=2)
    obs, *_ = env.step({"player_0": 0})
    actions = _random_actions(env, obs, np.random.default_rng(1))
    actions["player_2"] = int(np.flatnonzero(obs["player_2"]["action_mask"] == 0)[0])
    before = env._state.to_json()
    with pytest.raises(IllegalActionError, match="player_2"):
        env.step(actions)
    assert env._state.to_json() == before
    del actions["player_1"]
    with pytest.raises(ValueError, match="player_1"):
        env.step(actions)


def test_a_game_to_the_end_rewards_the_returns_and_names_its_seed():
    env = parallel_env("sixto", num_players=2)
    obs, _ = env.reset(seed=9)
    rng = np.random.default_rng(9)
    while env.agents:
        obs, rewards, terms, truncs, infos = env.step(_random_actions(env, obs, rng))
    state = env._state
    assert state.is_terminal() and all(terms.values()) and not any(truncs.values())
    assert [rewards[f"player_{i}"] for i in range(2)] == state.returns()
    replay = env.game.new_initial_state(infos["player_0"]["game_seed"])
    for a in state.history():
        replay.apply_action(a)
    assert replay.to_json() == state.to_json()
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})


def test_one_player_sixto_rewards_the_score():
    env = parallel_env("sixto", num_players=1)
    obs, _ = env.reset(options={"game_seed": 4})
    assert env._game_seed == 4
    rng = np.random.default_rng(4)
    while env.agents:
        obs, rewards, *_ = env.step(_random_actions(env, obs, rng))
    assert rewards["player_0"] == env._state.scores()[0]


def test_sixto_names_the_seats_that_choose_together():
    state = ninetynine.load_game("sixto", num_players=4).new_initial_state(3)
    for _ in range(3):  # turns pass the dice left: active players 0, 1, 2
        active = state.observation(None)["active"]
        assert state.simultaneous_players() == [active]  # the roll: keep or reroll
        state.apply_action(0)
        expected = [(active + i) % 4 for i in range(4)]
        for k in range(4):  # each choice leaves the seats still to choose
            assert state.simultaneous_players() == expected[k:]
            state.apply_action(state.legal_actions()[0])
        if state.is_terminal():  # pragma: no cover - not after three rolls
            break
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.simultaneous_players() == []
