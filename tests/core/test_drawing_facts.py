"""``Game.drawing_facts``: JSON-able for every game and a function of the observation alone."""

from __future__ import annotations

import json

import pytest

import ninetynine
from ninetynine.core.game import Game


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_drawing_facts_are_json_and_depend_on_the_observation_only(game_id: str) -> None:
    game = ninetynine.load_game(game_id)
    state = game.new_initial_state(3)
    for _ in range(12):
        if state.is_terminal():
            break
        p = state.current_player()
        obs = state.observation(p)
        facts = game.drawing_facts(obs, state.legal_actions())
        assert isinstance(facts, dict) and json.loads(json.dumps(facts)) == facts
        # a resampled state shows the seat the same observation, hence the same facts
        other = state.resample(p, 99)
        assert game.drawing_facts(other.observation(p), other.legal_actions()) == facts
        assert isinstance(game.drawing_facts(state.observation(None), []), dict)
        state.apply_action(state.legal_actions()[0])


def test_the_default_has_nothing_to_add() -> None:
    game = ninetynine.load_game("warp99")
    obs = game.new_initial_state(1).observation(0)
    assert Game.drawing_facts(game, obs, [1, 2]) == {}
