"""Observation tensors and legal-action masks, for every registered game (core protocol only).

Checked along seeded random playouts: the length is ``game.observation_tensor_shape`` for every
state and seat; values lie in [0, 1]; the layout covers the vector without gaps and matches the
table in the game's ``tensor.py``; the tensor depends on the observation dict alone (a JSON copy
encodes the same, and a resampled state that looks the same to a seat gives that seat the same
tensor); the mask marks exactly the legal actions.
"""

from __future__ import annotations

import importlib
import itertools
import json
import re

import numpy as np
import pytest

import ninetynine
from helpers import playout_states
from ninetynine.core.game import Game
from ninetynine.core.rng import Rng
from ninetynine.core.tensor import build_layout, format_layout, layout_size

from .conftest import AWAITING_TENSOR, game_params, has_tensor

ALL = game_params("all")


def test_every_game_has_a_tensor_or_is_listed():
    for gid in ninetynine.list_games():
        if gid in AWAITING_TENSOR:
            assert not has_tensor(gid), f"{gid} has a tensor now: take it off AWAITING_TENSOR"
        else:
            assert has_tensor(gid), (
                f"{gid} has no observation tensor: write games/{gid}/tensor.py or list it in "
                "tests/envs/conftest.py AWAITING_TENSOR"
            )


@pytest.mark.parametrize(("game_id", "n"), ALL)
def test_layout_is_contiguous_and_documented(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    layout = game.observation_tensor_layout()
    assert layout[0].start == 0
    for a, b in itertools.pairwise(layout):
        assert b.start == a.stop, f"gap or overlap between {a.name} and {b.name}"
    assert len({s.name for s in layout}) == len(layout)
    assert game.observation_tensor_shape == (layout_size(layout),)
    assert all(s.description for s in layout)
    # The table in the game's tensor module lists the same slices, in order, with lengths as
    # expressions in n (e.g. "110 n").
    package = type(game).__module__.rpartition(".")[0]
    doc = importlib.import_module(f"{package}.tensor").__doc__ or ""
    rows = re.findall(r"^\| (\w+) \| ([0-9n ]+) \|", doc, flags=re.M)
    documented = [(name, eval(length.strip().replace(" ", "*"), {"n": n})) for name, length in rows]
    assert documented == [(s.name, s.length) for s in layout]


@pytest.mark.parametrize(("game_id", "n"), ALL)
def test_length_dtype_and_range(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    shape = game.observation_tensor_shape
    for state in playout_states(game_id, n, seed=11 * n):
        for p in [*range(n), None]:
            x = state.observation_tensor(p)
            assert x.shape == shape
            assert x.dtype == np.float32
            assert np.all(np.isfinite(x))
            bad = [
                s.name
                for s in game.observation_tensor_layout()
                if not ((x[s.start : s.stop] >= 0) & (x[s.start : s.stop] <= 1)).all()
            ]
            assert not bad, f"{game_id} seat {p}: values outside [0, 1] in {bad}"


@pytest.mark.parametrize(("game_id", "n"), ALL)
def test_tensor_depends_on_the_observation_only(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    for k, state in enumerate(playout_states(game_id, n, seed=7 + n, every=11)):
        for p in range(n):
            obs = state.observation(p)
            x = state.observation_tensor(p)
            # the JSON text of the observation is all the encoder needs
            assert np.array_equal(game.encode_observation(json.loads(json.dumps(obs))), x)
            # a state that looks the same to p (hidden cards re-dealt) gives p the same tensor
            other = state.resample(p, Rng(1000 * k + p))
            assert other.observation(p) == obs
            assert np.array_equal(other.observation_tensor(p), x)


@pytest.mark.parametrize(("game_id", "n"), ALL)
def test_seats_see_different_tensors(game_id, n):
    state = ninetynine.load_game(game_id, num_players=n).new_initial_state(5)
    tensors = [state.observation_tensor(p).tobytes() for p in [*range(n), None]]
    assert len(set(tensors)) == n + 1


@pytest.mark.parametrize(("game_id", "n"), ALL)
def test_legal_actions_mask(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    for state in playout_states(game_id, n, seed=3 + n, every=5):
        mask = state.legal_actions_mask()
        assert mask.shape == (game.num_distinct_actions,)
        assert mask.dtype == np.int8
        assert np.flatnonzero(mask).tolist() == state.legal_actions()
        if state.is_terminal():
            assert not mask.any()


def test_games_without_a_tensor_say_so():
    for game_id in sorted(AWAITING_TENSOR & set(ninetynine.list_games())):
        game = ninetynine.load_game(game_id)
        with pytest.raises(NotImplementedError, match="observation tensor"):
            game.new_initial_state(1).observation_tensor(0)


class _NoTensorGame(Game):
    game_id = "no_tensor_test_game"

    @property
    def num_distinct_actions(self) -> int:
        return 1

    @property
    def max_game_length(self) -> int:
        return 1

    def new_initial_state(self, seed=None):
        raise NotImplementedError

    def state_from_dict(self, data):
        raise NotImplementedError


def test_a_game_without_a_tensor_raises_clearly():
    game = _NoTensorGame()
    assert not game.has_observation_tensor()
    for call in (
        lambda: game.observation_tensor_shape,
        game.observation_tensor_layout,
        lambda: game.encode_observation({}),
    ):
        with pytest.raises(NotImplementedError, match=r"no_tensor_test_game.*encode_observation"):
            call()


def test_build_layout_rejects_bad_rows():
    with pytest.raises(ValueError, match="twice"):
        build_layout([("a", 1, ""), ("a", 2, "")])
    with pytest.raises(ValueError, match="length 0"):
        build_layout([("a", 0, "")])
    assert "| 0-0 | a | 1 | x |" in format_layout(build_layout([("a", 1, "x")]))
