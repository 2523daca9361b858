"""Output paths are checked before any game is played, and results are written first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ninetynine.cli.ladder as ladder_cli
from ninetynine.cli.main import app

runner = CliRunner()


def _no_games(*args: object, **kwargs: object) -> None:
    raise AssertionError("a game was played before the output paths were checked")


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--plot", "PLOT.txt"], "Matplotlib cannot write .txt files; give one of"),
        (["--json", "/proc/x.json"], "--json /proc/x.json: cannot write there"),
        (["--plot", "/proc/x.png"], "--plot /proc/x.png: cannot write there"),
    ],
)
def test_ladder_checks_its_outputs_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: list[str], said: str
) -> None:
    monkeypatch.setattr(ladder_cli, "run_ladder", _no_games)
    extra = [str(tmp_path / "x.txt") if a == "PLOT.txt" else a for a in extra]
    args = ["ladder", "tripwire", "--agents", "random,greedy", "-n", "2", "--no-progress"]
    result = runner.invoke(app, [*args, "--json", str(tmp_path / "l.json"), *extra])
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split())
    assert not (tmp_path / "l.json").exists()


def test_ladder_writes_the_json_even_when_the_plot_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ninetynine.analysis.plots as plots

    def broken(ladder: object, path: Path) -> Path:
        raise ValueError("the plot broke")

    monkeypatch.setattr(plots, "plot_strength", broken)
    out = tmp_path / "l.json"
    args = ["ladder", "tripwire", "--agents", "random,greedy", "-n", "2", "--no-progress"]
    result = runner.invoke(app, [*args, "--json", str(out), "--plot", str(tmp_path / "p.png")])
    assert result.exit_code == 2
    assert "the plot broke" in result.output
    assert json.loads(out.read_text())["agents"] == ["random", "greedy"]


@pytest.mark.parametrize("flag", ["--json", "--csv"])
def test_simulate_checks_its_outputs_before_playing(
    monkeypatch: pytest.MonkeyPatch, flag: str
) -> None:
    import ninetynine.cli.simulate as simulate_cli

    monkeypatch.setattr(simulate_cli, "run_games", _no_games)
    args = ["simulate", "warp99", "-n", "2", "--no-progress", flag, "/proc/x.out"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert f"{flag} /proc/x.out: cannot write there" in " ".join(result.output.split())
