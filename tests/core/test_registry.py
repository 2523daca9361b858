"""The registry of games and agents (``core/registry.py``)."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine import GameOptionError
from ninetynine.core.registry import (
    agent_factory,
    game_class,
    list_agents,
    register_game,
)


def test_list_games_is_sorted_and_has_the_flagship():
    ids = ninetynine.list_games()
    assert ids == sorted(ids)
    assert {"warp99", "ninetynine"} <= set(ids)
    for gid in ids:
        assert game_class(gid).game_id == gid


@pytest.mark.parametrize(
    ("typo", "suggestion"),
    [("warp9", "warp99"), ("warp_99", "warp99"), ("ninetynin", "ninetynine")],
)
def test_unknown_game_suggests_close_ids(typo, suggestion):
    with pytest.raises(GameOptionError) as info:
        ninetynine.load_game(typo)
    msg = str(info.value)
    assert f"unknown game {typo!r}" in msg
    hint = msg.split("did you mean ")[1].split("?")[0]
    assert suggestion in hint.split(" or ")
    assert "games: " in msg and "warp99" in msg


def test_unknown_game_without_a_close_match_lists_the_games():
    with pytest.raises(GameOptionError) as info:
        ninetynine.load_game("chess")
    assert "did you mean" not in str(info.value)
    assert "warp99" in str(info.value)


def test_default_player_count():
    g = ninetynine.load_game("warp99")
    assert g.num_players == game_class("warp99").default_players == 3


def test_a_game_id_cannot_be_taken_twice():
    cls = game_class("warp99")

    class Impostor(cls):  # type: ignore[misc, valid-type]
        pass

    with pytest.raises(ValueError, match="already registered"):
        register_game(Impostor)
    assert register_game(cls) is cls  # registering the same class again is harmless


def test_agents():
    assert {"random", "greedy"} <= set(list_agents("warp99"))
    assert "random" in list_agents("ninetynine")
    with pytest.raises(GameOptionError, match="no agent 'wizard' for warp99; agents: "):
        agent_factory("wizard", "warp99")


def test_make_agent_from_spec():
    from ninetynine.agents import make_agent, parse_agent_list

    game = ninetynine.load_game("warp99", num_players=3)
    a = make_agent("  Greedy ", game, 1)
    assert a.name == "greedy"
    assert parse_agent_list("greedy,random", 3) == ["greedy", "random", "greedy"]
    with pytest.raises(GameOptionError):
        parse_agent_list(" , ", 2)


class _Nameless:
    """An agent class that forgot its ``name`` (it does have ``step``)."""

    def __init__(self, game, seat, seed=None):
        pass

    def step(self, observation, legal_actions):
        return legal_actions[0]


class _Stepless:
    name = "stepless"

    def __init__(self, game, seat, seed=None):
        pass


@pytest.mark.parametrize(
    ("factory", "says", "not_said"),
    [
        (_Nameless, "lacks a name attribute (a str)", "step("),
        (_Stepless, "lacks a step(observation, legal_actions) method", "name attribute"),
    ],
)
def test_an_agent_missing_name_or_step_is_told_what_it_lacks(monkeypatch, factory, says, not_said):
    """A registered agent without ``name`` used to be refused as not implementing ``step``,
    which it did: the message names what is missing, and only that."""
    from ninetynine.agents import make_agent
    from ninetynine.core import registry

    monkeypatch.setitem(registry._AGENTS, ("lacking", "warp99"), factory)
    with pytest.raises(GameOptionError) as info:
        make_agent("lacking", ninetynine.load_game("warp99"), 0)
    message = str(info.value)
    assert says in message and factory.__name__ in message
    assert not_said not in message
