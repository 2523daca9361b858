"""Named strengths (issue: difficulty levels by name with their measured win rates)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.registry import LEVEL_NAMES, Level, levels, register_levels, resolve_level
from ninetynine.sim.standings import load_ladders, standings

REPORTS = Path(__file__).resolve().parents[2] / "docs" / "reports"


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_every_game_names_an_easy_and_a_strongest_level_that_are_real_bots(game_id) -> None:
    named = levels(game_id)
    names = [lv.name for lv in named]
    assert names[0] == "easy" and names[-1] == "strongest"
    assert names == sorted(names, key=LEVEL_NAMES.index)
    game = ninetynine.load_game(game_id)
    for lv in named:
        assert lv.name in ninetynine.list_agents(game_id)
        by_level, by_spec = make_agent(lv.name, game, 1, 5), make_agent(lv.spec, game, 1, 5)
        assert type(by_level) is type(by_spec)
        assert getattr(by_level, "iterations", None) == getattr(by_spec, "iterations", None)
        assert resolve_level(lv.name.upper(), game_id) == lv.spec


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_each_levels_figures_are_the_pooled_ladder_files(game_id) -> None:
    """The win rates the lobby and ``rules`` show are the measured ones: the ladder files
    of docs/reports pooled (``ninetynine standings``); re-measure, then update both."""
    table = standings(load_ladders([REPORTS]))[game_id]
    for lv in levels(game_id):
        for ref, figure in (("greedy", lv.vs_greedy), ("random", lv.vs_random)):
            pair = table.pairs.get((lv.spec, ref))
            if figure is None:
                continue
            assert pair is not None, f"{game_id} {lv.name}: no ladder has {lv.spec} vs {ref}"
            assert figure == (pair.wins, pair.games), (game_id, lv.name, ref)


def test_a_level_says_how_it_measured() -> None:
    lv = Level("hard", "ismcts:1000", vs_greedy=(115, 200), vs_random=(200, 200))
    assert lv.describe() == (
        "hard: ismcts:1000, wins 57.5% against greedy (200 games) and 100.0% against random "
        "(200 games)"
    )
    assert Level("easy", "greedy").describe() == "easy: greedy"


def test_levels_are_named_and_ordered() -> None:
    with pytest.raises(ValueError, match="levels are named"):
        register_levels("nowhere", [Level("insane", "ismcts:9")])
    with pytest.raises(ValueError, match="easiest first"):
        register_levels("nowhere", [Level("hard", "greedy"), Level("easy", "random")])
    assert resolve_level("greedy", "warp99") == "greedy"  # not a level: unchanged


def test_a_level_given_options_says_it_is_a_level() -> None:
    """``hard:5`` said "no agent 'hard' for warp99; agents: ..., hard, strongest": a level is
    a whole spec, so the error names the level and the agent spec behind it."""
    game = ninetynine.load_game("warp99")
    hard = resolve_level("hard", "warp99")
    with pytest.raises(ninetynine.GameOptionError) as err:
        make_agent("hard:5", game, 1, 5)
    message = str(err.value)
    assert "no agent" not in message
    assert "'hard' is a level" in message and hard in message
