"""The Gymnasium env's cheaper paths return what the plain ones did: seeds drawn from the bit
generator, the reset that seeds ``np_random`` once, the random bots made and played in one go."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from ninetynine import GameOptionError
from ninetynine.agents import make_agent
from ninetynine.agents.random_agent import RandomAgent
from ninetynine.envs import NinetyNineEnv, gym_env_id
from ninetynine.envs.common import SEED_BOUND, draw_seed, public_rng


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937, np.random.SFC64])
def test_draw_seed_is_the_bounded_draw(bits):
    """``draw_seed(rng)`` is ``int(rng.integers(0, SEED_BOUND))``: the same values and the same
    generator state after, small draws (which buffer half a 64-bit word) in between."""
    for seed in (0, 1, 2**40 + 3):
        a = np.random.Generator(bits(seed))
        b = np.random.Generator(bits(seed))
        for i in range(300):
            if i % 3 == 0:
                assert a.integers(5) == b.integers(5)
            got = draw_seed(a)
            assert got == int(b.integers(0, SEED_BOUND))
            assert type(got) is int and 0 <= got < SEED_BOUND
        assert _same_state(a.bit_generator.state, b.bit_generator.state)


def _same_state(x: object, y: object) -> bool:
    if isinstance(x, dict) and isinstance(y, dict):
        return x.keys() == y.keys() and all(_same_state(x[k], y[k]) for k in x)
    if isinstance(x, np.ndarray):
        return isinstance(y, np.ndarray) and np.array_equal(x, y)
    return bool(x == y)


def test_a_seeded_reset_seeds_np_random_from_public_rng_only():
    env = NinetyNineEnv("ono99", num_players=4, opponents="random", seat=None)
    _, info = env.reset(seed=11)
    expected = public_rng(11)
    assert info["seat"] == int(expected.integers(4))
    for _ in range(3):  # a seed for each bot
        draw_seed(expected)
    assert env.np_random.bit_generator.state == expected.bit_generator.state
    assert env.np_random_seed == -1


@pytest.mark.parametrize(
    ("seed", "message"),
    [(-1, "greater or equal to zero"), ("3", "python integer"), (2.0, "python integer")],
)
def test_a_bad_seed_gets_gymnasiums_error(seed, message):
    env = NinetyNineEnv("warp99", num_players=3, opponents="random")
    with pytest.raises(gymnasium.error.Error, match=message):
        env.reset(seed=seed)


@pytest.mark.parametrize("spec", ["random", "Random", "easy", "random:"])
def test_a_random_bot_spec_makes_the_bot_make_agent_makes(spec):
    """``easy`` is ONO 99's name for the random bot; ``random:`` (an empty option) goes
    through ``make_agent`` itself."""
    env = NinetyNineEnv("ono99", num_players=3, opponents=spec, seat=0)
    env.reset(seed=5)
    made = [make_agent(spec, env.game, 1, 9), env._bot_makers[0](1, 9)]
    assert [type(a) for a in made] == [RandomAgent, RandomAgent]
    assert made[0].rng.getstate() == made[1].rng.getstate()
    assert all(type(env._opponents[q]) is RandomAgent for q in (1, 2))


@pytest.mark.parametrize(
    ("game_id", "n", "opponents"),
    [
        ("ono99", 4, "random"),
        ("ono99", 4, "easy"),
        ("warp99", 3, "random"),
        ("ono99", 3, "random,greedy"),
    ],
)
def test_the_random_bots_played_in_one_call_play_the_per_seat_loop(game_id, n, opponents):
    """With every bot random on a fast state, a step plays them in one ``play_random_agents``
    call; with the per-seat loop of ``_play_opponents`` instead the episodes are the same."""
    one_call = NinetyNineEnv(game_id, num_players=n, opponents=opponents)
    per_seat = NinetyNineEnv(game_id, num_players=n, opponents=opponents)
    rng = np.random.default_rng(3)
    for seed in range(4):
        a, ia = one_call.reset(seed=seed)
        b, ib = per_seat.reset(seed=seed)
        per_seat._fast_bots = False
        done = False
        while not done:
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
            assert ia.keys() == ib.keys() and ia["scores"] == ib["scores"]
            action = int(rng.choice(np.flatnonzero(a["action_mask"])))
            a, ra, ta, ua, ia = one_call.step(action)
            b, rb, tb, ub, ib = per_seat.step(action)
            assert (ra, ta, ua) == (rb, tb, ub)
            done = ta or ua
        assert ia["history"] == ib["history"] and ia["game_seed"] == ib["game_seed"]
    if opponents in ("random", "easy") and hasattr(one_call._state, "play_random_agents"):
        assert one_call._fast_bots


@pytest.mark.parametrize(
    ("game_id", "level", "bot"), [("ono99", "easy", "random"), ("warp99", "Easy", "greedy")]
)
def test_a_level_name_is_an_opponent_spec(game_id, level, bot):
    """The levels a game names (``ninetynine agents``, ``make_agent``) are specs the env
    takes too: ``opponents="easy"`` was refused with "no agent 'easy' ...; did you mean
    easy?"."""
    env = gymnasium.make(gym_env_id(game_id), opponents=level)
    env.reset(seed=2)
    assert {a.name for a in env.unwrapped._opponents.values()} == {bot}
    with pytest.raises(GameOptionError, match="no agent 'easiest'"):
        NinetyNineEnv(game_id, opponents="easiest")
