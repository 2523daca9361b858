"""The command line as a newcomer first meets it: --version, help texts, seeds, agent lists."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import ninetynine
from ninetynine.cli.main import app

runner = CliRunner()


def _commands() -> dict[str, Any]:
    group: Any = typer.main.get_command(app)
    return dict(group.commands)


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"ninetynine {ninetynine.__version__}"


def test_serve_help_shows_the_extra_in_brackets() -> None:
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "pip install 'ninetynine[web]'" in result.output
    assert "'ninetynine'" not in result.output


@pytest.mark.parametrize("name", sorted(_commands()))
def test_no_help_text_loses_its_brackets(name: str) -> None:
    """Rich markup reads ``[word]`` as a style: every bracketed word in a help text (escaped
    as ``\\[word]`` in the source) must reach the screen, and every option has a help text."""
    cmd = _commands()[name]
    texts = [cmd.help or ""] + [getattr(p, "help", None) or "" for p in cmd.params]
    result = runner.invoke(app, [name, "--help"])
    assert result.exit_code == 0
    shown = re.sub(r"[\s│]+", " ", result.output)
    for text in texts:
        for word in re.findall(r"\\?\[([a-z]+)\]", text):
            assert f"[{word}]" in shown, (name, word)
    for p in cmd.params:
        if p.param_type_name == "option" and p.name != "help":
            assert getattr(p, "help", None), f"{name} {p.opts[0]} has no help text"


@pytest.mark.parametrize(
    "args",
    [
        ["play", "warp99", "--seat", "greedy", "--seat", "greedy"],
        ["simulate", "warp99", "-n", "1", "--no-progress"],
        ["ladder", "warp99", "-n", "1", "--agents", "random,greedy", "--no-progress"],
        ["analyze", "warp99", "-n", "1", "--sections", "seats", "--no-progress"],
    ],
)
@pytest.mark.parametrize("seed", ["-1", str(1 << 64)])
def test_every_command_refuses_the_same_bad_seeds(args: list[str], seed: str, tmp_path) -> None:
    if args[0] == "analyze":
        args = [*args, "--out", str(tmp_path / "report")]
    result = runner.invoke(app, [*args, "--seed", seed], env={"XDG_DATA_HOME": str(tmp_path)})
    assert result.exit_code == 2, result.output
    assert "a seed is a whole number from 0 to 2**64 - 1" in result.output
    assert "--seed" in result.output


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (["simulate", "warp99", "-n", "1", "--no-progress", "--agents", "greedy,,"], "'greedy,,'"),
        (["simulate", "warp99", "-n", "1", "--no-progress", "--agents", ",random"], "',random'"),
        (["ladder", "warp99", "-n", "1", "--no-progress", "--agents", "random,,greedy"], ""),
        (["ladder", "warp99", "-n", "1", "--no-progress", "--vs", "random,"], ""),
        (["analyze", "warp99", "-n", "1", "--no-progress", "--agents", "greedy,"], ""),
        (["play", "warp99", "--seat", "human,,greedy"], "'human,,greedy'"),
    ],
)
def test_empty_agent_names_are_refused(args: list[str], text: str, tmp_path) -> None:
    if args[0] == "analyze":
        args = [*args, "--out", str(tmp_path / "report")]
    result = runner.invoke(app, args, env={"XDG_DATA_HOME": str(tmp_path)})
    assert result.exit_code == 2, result.output
    assert "name in" in result.output and "separated by single commas" in result.output
    assert text in result.output


@pytest.mark.parametrize("name", sorted(_commands()))
def test_a_help_paragraph_is_reflowed_not_broken_where_the_source_wraps(name: str) -> None:
    """Typer's Rich help keeps a docstring's single line breaks after its first paragraph, so
    ``play --help`` showed 'quit also work. The' / 'game record is saved ...' at the source's
    wrap. Every paragraph must flow as one (a wide terminal shows each on one line)."""
    result = runner.invoke(app, [name, "--help"], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    cmd = _commands()[name]
    for paragraph in (cmd.help or "").split("\n\n")[1:]:
        words = " ".join(paragraph.split()).replace("\\[", "[")  # Rich shows \[web] as [web]
        shown = [line.strip() for line in result.output.splitlines()]
        assert any(words in line for line in shown), (name, words)


def test_ladder_help_gives_the_ismcts_spec_syntax() -> None:
    """The --agents help names the ismcts options it promises (``games`` lists none), each
    one understood by the spec parser."""
    import typer.main

    from ninetynine.agents.ismcts import parse_spec
    from ninetynine.cli.main import app as the_app

    command = typer.main.get_command(the_app).commands["ladder"]  # type: ignore[attr-defined]
    text = next(p.help for p in command.params if p.name == "agents")
    assert "ninetynine games" not in text
    for part in (
        "0.5s",
        "500ms",
        "steps=N",
        "ucb",
        "random",
        "flat",
        "depth=N",
        "c=X",
        "z=X",
        "infer=M",
        "infer=64",
        "opp=greedy",
        "eval=NAME",
        "draw=X",
    ):
        assert part in text
    assert parse_spec("5000:steps=20000:ucb:random:flat:depth=2:c=0.7:z=1.0:500ms")
    assert parse_spec("200:eval=calibrated:draw=0.25")
