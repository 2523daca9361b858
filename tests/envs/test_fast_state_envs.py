"""The envs on the games' fast states (``game.new_fast_state``: Warp 99 / Ninety Nine, ONO 99,
Tripwire, Sixto) play exactly as on the reference state: the same observations, masks, rewards,
infos and games, step by step (the Gymnasium env's random bots included, which the fast state
plays itself with the bots' own RNGs)."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from ninetynine.envs import aec_env, gym_env_id, parallel_env
from ninetynine.games.ono99 import fast as ono99_fast
from ninetynine.games.sixto import fast as sixto_fast
from ninetynine.games.tripwire import fast as tripwire_fast
from ninetynine.games.warp99 import fast as warp99_fast

#: game id -> the module of its fast state and its class
FAST = {
    "warp99": (warp99_fast, warp99_fast.Warp99FastState),
    "ninetynine": (warp99_fast, warp99_fast.Warp99FastState),
    "ono99": (ono99_fast, ono99_fast.Ono99FastState),
    "tripwire": (tripwire_fast, tripwire_fast.TripwireFastState),
    "sixto": (sixto_fast, sixto_fast.SixtoFastState),
}


def _fast_class(game_id: str) -> type:
    """The game's fast state class (the test is skipped without the compiled module)."""
    module, cls = FAST[game_id]
    if not module.PATH.available:
        pytest.skip(f"the compiled fast state of {game_id} is not built")
    return cls


def _on_reference(env: object) -> object:
    """``env`` dealing reference states (its game's ``new_fast_state`` is ``new_initial_state``)."""
    game = env.game  # type: ignore[attr-defined]
    game.new_fast_state = game.new_initial_state  # an instance attribute: this env's game only
    return env


def _same(a: object, b: object) -> None:
    if isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys()
        for k in a:
            _same(a[k], b[k])
    elif isinstance(a, list | tuple):
        assert isinstance(b, list | tuple) and len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            _same(x, y)
    elif isinstance(a, np.ndarray):
        assert np.array_equal(a, b) and a.dtype == b.dtype
    else:
        assert a == b


@pytest.mark.parametrize(
    ("game_id", "n", "opponents"),
    [
        ("warp99", 3, "random"),
        ("warp99", 4, "random,greedy"),  # the fast path hands over to the greedy bot and back
        ("ninetynine", 2, "greedy"),
        ("ono99", 4, "random"),
        ("ono99", 5, "random,greedy"),
        ("ono99", 2, "greedy"),
        ("tripwire", 4, "random"),
        ("tripwire", 3, "random,greedy"),
        ("sixto", 3, "random"),
        ("sixto", 2, "greedy"),
    ],
)
def test_the_gymnasium_env_plays_as_on_the_reference_state(game_id, n, opponents):
    fast_class = _fast_class(game_id)
    fast = gymnasium.make(gym_env_id(game_id), num_players=n, opponents=opponents)
    ref = gymnasium.make(gym_env_id(game_id), num_players=n, opponents=opponents)
    _on_reference(ref.unwrapped)
    rng = np.random.default_rng(0)
    episodes = 0
    for seed in range(3):
        a, ia = fast.reset(seed=seed)
        b, ib = ref.reset(seed=seed)
        assert type(fast.unwrapped._state) is fast_class
        assert type(ref.unwrapped._state) is not fast_class
        done = False
        while not done:
            _same((a, ia), (b, ib))
            action = int(rng.choice(np.flatnonzero(a["action_mask"])))
            a, ra, ta, ua, ia = fast.step(action)
            b, rb, tb, ub, ib = ref.step(action)
            _same((ra, ta, ua), (rb, tb, ub))
            done = ta or ua
        _same((a, ia), (b, ib))
        assert fast.unwrapped._state.history() == ref.unwrapped._state.history()
        episodes += 1
    assert episodes == 3


@pytest.mark.parametrize("make", [aec_env, parallel_env])
@pytest.mark.parametrize(
    ("game_id", "n"), [("warp99", 3), ("ono99", 4), ("tripwire", 4), ("sixto", 3)]
)
def test_the_pettingzoo_envs_play_as_on_the_reference_state(make, game_id, n):
    """Sixto in the parallel env: every seat chooses at once (its fast state's
    ``simultaneous_players`` and ``legal_for``)."""
    fast_class = _fast_class(game_id)
    fast, ref = make(game_id, num_players=n), _on_reference(make(game_id, num_players=n))
    rng = np.random.default_rng(1)
    for seed in (5, 6):
        if make is aec_env:
            fast.reset(seed=seed)
            ref.reset(seed=seed)
            for agent in fast.agent_iter():
                assert agent == ref.agent_selection
                last = fast.last()
                _same(last, ref.last())
                for other in fast.possible_agents:
                    _same(fast.observe(other), ref.observe(other))
                if last[2] or last[3]:
                    action = None
                else:
                    action = int(rng.choice(np.flatnonzero(last[0]["action_mask"])))
                fast.step(action)
                ref.step(action)
        else:
            obs, infos = fast.reset(seed=seed)
            _same((obs, infos), ref.reset(seed=seed))
            while fast.agents:
                acts = {
                    a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                    if obs[a]["action_mask"].any()
                    else 0
                    for a in fast.agents
                }
                out = fast.step(acts)
                _same(out, ref.step(acts))
                obs = out[0]
        assert type(fast._state) is fast_class and type(ref._state) is not fast_class
        assert fast._state.history() == ref._state.history()
