"""Agent specs: a clear GameOptionError for options given to a bot that takes none."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.cli.main import app
from ninetynine.core.errors import GameOptionError

runner = CliRunner()


@pytest.mark.parametrize(
    ("spec", "name", "arg"), [("greedy:2", "greedy", "2"), ("random:1", "random", "1")]
)
def test_options_for_a_bot_that_takes_none(spec: str, name: str, arg: str) -> None:
    game = ninetynine.load_game("warp99", num_players=2)
    with pytest.raises(GameOptionError, match=f"{name} takes no options; got '{arg}'"):
        make_agent(spec, game, 0, 1)


def test_ismcts_still_takes_options() -> None:
    game = ninetynine.load_game("warp99", num_players=2)
    assert make_agent("ismcts:5", game, 0, 1) is not None


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "warp99", "--agents", "greedy:2", "-n", "2", "--no-progress"],
        ["play", "warp99", "--seat", "greedy:3", "--seat", "random"],
        ["ladder", "warp99", "--agents", "random:1,greedy", "-n", "2", "--no-progress"],
    ],
)
def test_the_commands_say_it_in_one_line(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "takes no options; got" in result.output


def test_gymnasium_opponents_say_it() -> None:
    gym = pytest.importorskip("gymnasium")
    import ninetynine.envs  # noqa: F401  (registers the environments)

    with pytest.raises(GameOptionError, match="greedy takes no options; got '2'"):
        env = gym.make("ninetynine/Warp99-v0", opponents="greedy:2")
        env.reset(seed=1)


def test_more_agents_than_seats_are_refused() -> None:
    from ninetynine.agents import parse_agent_list

    assert parse_agent_list("greedy,random", 3) == ["greedy", "random", "greedy"]
    with pytest.raises(GameOptionError, match="4 agents for 3 seats"):
        parse_agent_list("greedy,random,random,ismcts:5", 3)
    args = ["simulate", "warp99", "-p", "3", "--agents", "greedy,random,random,ismcts:5"]
    result = runner.invoke(app, [*args, "-n", "2", "--no-progress"])
    assert result.exit_code == 2, result.output
    assert "4 agents for 3 seats" in result.output


def test_more_gymnasium_opponents_than_seats_are_refused() -> None:
    gym = pytest.importorskip("gymnasium")
    import ninetynine.envs  # noqa: F401  (registers the environments)

    with pytest.raises(GameOptionError, match="3 agent specs for 2 opponent seats"):
        gym.make("ninetynine/Warp99-v0", opponents="greedy,random,ismcts:5").reset(seed=1)
