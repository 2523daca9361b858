"""The RL hot path equals its definition: ``state.observation_tensor(p)`` (each game's writer
that reads the state directly) is ``game.encode_observation(state.observation(p))`` on
thousands of states of seeded random playouts, for every game, player count, seat and the
spectator (``None``), under many option sets; ``legal_actions_mask()`` marks exactly
``legal_actions()``; both hand out fresh, writable arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import ninetynine
from helpers import own_games, random_steps
from ninetynine.core.game import Game, State
from ninetynine.core.registry import game_class

#: Option sets per game (the defaults first), chosen to reach every branch of each writer:
#: flips and revealed hands, Ninety Nine's deals, ONO 99's decks and leaving rules, Tripwire's
#: wave and docks options, Sixto's pads and widths, 99 Heroes' teams.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "warp99": [
        {},
        {"rules": "random", "handicap": "none", "flip_limit": "cycle"},
        {"extra_card": False, "allow_flip": False, "bonus_rule": False, "target": 40},
        {"rules": "222", "max_turns": 12},
    ],
    "ninetynine": [{}, {"deal": "15", "handicap": "standard", "bonus_rule": True}],
    "ono99": [
        {},
        {"two_player_reverse": "again", "rebuild": "all", "leave": "now"},
        {"max_turns": 15},
    ],
    "tripwire": [
        {},
        {"priming": "any", "per_dock": "any", "stop_early": False, "penalty_timing": "immediate"},
        {"chain": "deflect", "must_null": False, "wall": "one", "volt_bonus": "defuse"},
        {"stasis": "sequence", "max_turns": 12},
    ],
    "heroes99": [{}, {"team": 1, "ace": 11, "tiebreak": "draw"}, {"team": 2}],
    "sixto": [
        {},
        {"width": 6, "points": "triangle", "tiebreak": "marks"},
        {"pad": "cross-blocks", "sheets": "random"},
        {"pad": "locked", "unlock": "mark", "max_turns": 8},
    ],
}

#: States checked per (game, options, player count): every ``EVERY``-th of each playout of
#: ``GAMES_PER_CASE`` games (more for 99 Heroes, whose games are short).
EVERY = 3
GAMES_PER_CASE = {"heroes99": 8}


def _cases() -> list[Any]:
    out = []
    for gid in ninetynine.list_games():
        cls = game_class(gid)
        for k, options in enumerate(OPTIONS.get(gid, [{}])):
            for n in range(max(cls.min_players, 1), cls.max_players + 1):
                out.append(pytest.param(gid, n, options, id=f"{gid}-{n}p-o{k}"))
    return out


def test_every_game_has_option_sets():
    assert set(OPTIONS) == set(own_games())


def _check(game: Game, state: State) -> int:
    n = game.num_players
    for p in [*range(n), None]:
        want = game.encode_observation(state.observation(p))
        got = state.observation_tensor(p)
        assert got.dtype == np.float32 and got.shape == want.shape, (p, got.dtype, got.shape)
        if not np.array_equal(got, want):
            names = [
                s.name
                for s in game.observation_tensor_layout()
                if not np.array_equal(got[s.start : s.stop], want[s.start : s.stop])
            ]
            raise AssertionError(f"seat {p}: slices {names} differ, history {state.history()}")
    mask = state.legal_actions_mask()
    assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions,)
    assert np.flatnonzero(mask).tolist() == state.legal_actions()
    return n + 1


def _option_game(gid: str, n: int, options: dict[str, Any]) -> Game | None:
    try:
        return ninetynine.load_game(gid, num_players=n, **options)
    except ValueError:  # an option set not meant for this player count
        return None


@pytest.mark.parametrize(("game_id", "n", "options"), _cases())
def test_tensor_written_from_the_state_equals_the_encoded_observation(game_id, n, options):
    game = _option_game(game_id, n, options)
    if game is None:
        pytest.skip(f"{options} is not a {n}-player {game_id} game")
    checked = 0
    for g in range(GAMES_PER_CASE.get(game_id, 2)):
        seed = 1000 * n + 17 * g + len(options)
        state = game.new_initial_state(seed)
        checked += _check(game, state)
        for step, _ in enumerate(random_steps(state, seed + 1)):
            if step % EVERY == EVERY - 1:
                checked += _check(game, state)
        checked += _check(game, state)  # the final state
    assert checked > 10


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_resampled_and_cloned_states_write_the_same_as_they_encode(game_id):
    game = ninetynine.load_game(game_id)
    state = game.new_initial_state(5)
    for _ in random_steps(state, 6, limit=25):
        pass
    seat = state.current_player() if not state.is_terminal() else 0
    for s in (state.clone(), state.resample(seat, 3)):
        _check(game, s)


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_arrays_are_fresh_and_writable(game_id):
    game = ninetynine.load_game(game_id)
    state = game.new_initial_state(1)
    p = state.current_player()
    x = state.observation_tensor(p)
    x[:] = 0.5
    assert not np.array_equal(state.observation_tensor(p), x)
    m = state.legal_actions_mask()
    m[:] = 1
    assert np.flatnonzero(state.legal_actions_mask()).tolist() == state.legal_actions()


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_bad_seats_are_refused(game_id):
    state = ninetynine.load_game(game_id).new_initial_state(1)
    for bad in (-1, state.game.num_players, True, "0"):
        with pytest.raises(ValueError):
            state.observation_tensor(bad)


def test_gym_step_builds_no_observation_dict_for_random_opponents(monkeypatch):
    """The env's hot path: a random bot reads only the legal actions, so its moves cost no
    ``observation`` call (the learner's view is written straight from the state); the game
    played is the same as through ``choose_action``."""
    from ninetynine.envs import NinetyNineEnv
    from ninetynine.games.warp99.state import Warp99State

    def play(env: NinetyNineEnv) -> list[int]:
        obs, _ = env.reset(seed=3)
        done = False
        while not done:
            action = int(np.flatnonzero(obs["action_mask"])[0])
            obs, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        assert env._state is not None
        return env._state.history()

    calls = []
    real = Warp99State.observation

    def counting(self, player):
        calls.append(player)
        return real(self, player)

    monkeypatch.setattr(Warp99State, "observation", counting)
    fast = play(NinetyNineEnv("warp99", num_players=3, opponents="random", seat=0))
    assert calls == []
    # the same game when the same bots are asked through choose_action instead
    import ninetynine.envs.single as single

    monkeypatch.setattr(single, "RandomAgent", type("NotRandom", (), {}))
    slow = play(NinetyNineEnv("warp99", num_players=3, opponents="random", seat=0))
    assert calls and fast == slow
