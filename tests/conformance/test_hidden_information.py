"""Hidden information, seeds and resampling: generic checks over every registered game.

A search bot gets ``resample(seat, rng)``, never the state. So a resampled state must carry
nothing that rebuilds the true deal (not the true seed), and it must depend only on what the
seat knows: two states that look the same to the seat resample identically (the issue 7
no-cheating requirement rests on this).
"""

from __future__ import annotations

import contextlib
import json

import pytest

import ninetynine
from helpers import playout_states
from ninetynine import GameOptionError
from ninetynine.core.registry import game_class

CASES = [
    (gid, n)
    for gid in ninetynine.list_games()
    for n in (game_class(gid).min_players, game_class(gid).max_players)
]
pytestmark = pytest.mark.parametrize(("game_id", "n"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])


def test_resample_does_not_keep_the_true_seed(game_id: str, n: int) -> None:
    for state in playout_states(game_id, n, 11):
        for p in [None, *range(n)]:
            fake = state.resample(p, 5)
            assert fake.seed != state.seed
            assert json.loads(fake.to_json()).get("seed") != state.seed


def test_resample_depends_only_on_what_the_seat_knows(game_id: str, n: int) -> None:
    """Make a second state the seat cannot tell apart (a resample of the first); resampling
    both with the same rng must give the same state, exactly."""
    for state in playout_states(game_id, n, 11):
        for p in range(n):
            twin = state.resample(p, 1234)
            assert twin.observation(p) == state.observation(p)
            assert twin.resample(p, 99).to_json() == state.resample(p, 99).to_json()


def test_resample_rejects_seats_that_do_not_exist(game_id: str, n: int) -> None:
    state = ninetynine.load_game(game_id, num_players=n).new_initial_state(3)
    for bad in (n, -1, "0", 1.0, True):
        with pytest.raises(ValueError):
            state.resample(bad, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 1 << 64, 1.5, True, "7"])
def test_seeds_are_never_wrapped_or_truncated(game_id: str, n: int, seed: object) -> None:
    game = ninetynine.load_game(game_id, num_players=n)
    with pytest.raises(GameOptionError):
        game.new_initial_state(seed)  # type: ignore[arg-type]
    assert game.new_initial_state((1 << 64) - 1).seed == (1 << 64) - 1


def test_state_json_errors_are_value_errors(game_id: str, n: int) -> None:
    game = ninetynine.load_game(game_id, num_players=n)
    good = game.new_initial_state(2).to_json()
    for bad in ("not json", "[1, 2]", good.replace('"history"', '"historyx"')):
        with pytest.raises(GameOptionError):
            game.state_from_json(bad)


def test_a_state_json_field_of_the_wrong_type_is_a_game_option_error(game_id: str, n: int) -> None:
    """``state_from_json`` on a saved state with one field replaced by a value of another type
    raises ``GameOptionError`` (what the CLI and web turn into one clear line), never a bare
    ``AttributeError`` or ``TypeError`` from deep in the loader."""
    game = ninetynine.load_game(game_id, num_players=n)
    states = list(playout_states(game_id, n, 5, every=11))
    good = states[len(states) // 2].to_dict()
    for field in sorted(set(good) - {"game", "num_players", "options"}):
        for wrong in ("x", None, 1.5, ["x"], [None], {"a": 1}):
            if wrong == good[field]:
                continue
            text = json.dumps({**good, field: wrong})
            with contextlib.suppress(GameOptionError):  # accepted, or refused clearly
                game.state_from_json(text)


@pytest.mark.parametrize("seed", [-1, 1 << 64, 1.5, True, "7"])
def test_a_saved_seed_is_never_wrapped_or_truncated_either(
    game_id: str, n: int, seed: object
) -> None:
    """The seeds a saved state holds (``seed``, from which its deal replays, and ``rng``) are
    checked as :meth:`Game.new_initial_state` checks a seed: a state with seed -1 loaded
    silently, and its record then could not be replayed."""
    game = ninetynine.load_game(game_id, num_players=n)
    good = game.new_initial_state(3).to_dict()
    for field in ("seed", "rng"):
        with pytest.raises(GameOptionError, match="seed is a whole number"):
            game.state_from_json(json.dumps({**good, field: seed}))
