"""What the Warp 99 and ONO 99 tensors hold, slice by slice, on known positions."""

from __future__ import annotations

import numpy as np

import ninetynine


def _slices(game, x):
    return {s.name: x[s.start : s.stop] for s in game.observation_tensor_layout()}


def test_warp99_slices():
    game = ninetynine.load_game("warp99", num_players=3)
    state = game.new_initial_state(4)
    # play on to a position with rows and pile cards
    while len(state.history()) < 40:
        state.apply_action(state.legal_actions()[0])
    obs = state.observation(1)
    x = _slices(game, state.observation_tensor(1))
    assert np.flatnonzero(x["hand"]).tolist() == sorted(obs["hand"])
    assert x["has_hand"][0] == 1 and np.flatnonzero(x["seat"]).tolist() == [1]
    for i in (0, 1):
        assert np.flatnonzero(x[f"pile{i + 1}_top"]).tolist() == [obs["piles"][i][-1]]
        assert np.flatnonzero(x[f"pile{i + 1}_cards"]).tolist() == sorted(obs["piles"][i])
    rows = x["rows"].reshape(3, 110)
    for k, seat in enumerate([1, 2, 0]):  # the observer first, then the next seats
        assert np.flatnonzero(rows[k]).tolist() == sorted(obs["rows"][seat])
        assert x["scores"][k] == np.float32(min(obs["scores"][seat] / obs["target"], 1))
    assert np.flatnonzero(x["current_player"]).tolist() == [(obs["current_player"] - 1) % 3]
    assert x["phase"][["row", "discard", "extra_card", "over"].index(obs["phase"])] == 1
    assert x["phase"].sum() == 1
    # the spectator view has no hand and no seat
    s = _slices(game, state.observation_tensor(None))
    assert not s["hand"].any() and not s["seat"].any() and s["has_hand"][0] == 0


def test_warp99_terminal_winner():
    game = ninetynine.load_game("warp99", num_players=2)
    state = game.new_initial_state(9)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(int(legal[rng.integers(len(legal))]))
    w = state.winner()
    for p in (0, 1):
        x = _slices(game, state.observation_tensor(p))
        assert np.flatnonzero(x["winner"]).tolist() == [(w - p) % 2]
        assert not x["current_player"].any() and x["phase"][3] == 1


def test_ono99_slices():
    game = ninetynine.load_game("ono99", num_players=4)
    state = game.new_initial_state(2)
    for _ in range(9):
        state.apply_action(state.legal_actions()[-1])
    obs = state.observation(2)
    x = _slices(game, state.observation_tensor(2))
    counts = np.bincount(obs["hand"], minlength=15) / 4
    assert np.allclose(x["hand"], counts)
    assert x["total"][0] == np.float32(obs["total"] / 98)
    assert np.flatnonzero(x["headroom"]).tolist() == [min(98 - obs["total"], 10)]
    assert x["direction"][0] == (obs["direction"] == 1)
    assert np.flatnonzero(x["play2"]).tolist() == [obs["play2"]]
    assert np.flatnonzero(x["played_top"]).tolist() == [obs["played"][-1]]
    assert np.flatnonzero(x["last_action"]).tolist() == [obs["last"]["action"]]
    assert np.flatnonzero(x["last_seat"]).tolist() == [(obs["last"]["seat"] - 2) % 4]
    assert x["in_game"].tolist() == [float(obs["in_game"][(2 + k) % 4]) for k in range(4)]
    assert np.allclose(x["deck"], np.array(obs["deck"]) / 40)
