"""The ``analyze`` command: one agent in every seat, a reproduce line that runs, the plots
counted are those of this run."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ninetynine.analysis import build_report
from ninetynine.cli.main import app

runner = CliRunner()


def test_analyze_refuses_a_list_of_agents(tmp_path: Path) -> None:
    args = ["analyze", "warp99", "--agents", "greedy,random", "-n", "2", "--no-progress"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "r")])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "--agents is the agent in every seat, one spec; got 2 (greedy, random)" in said
    assert not (tmp_path / "r").exists()


def test_the_reproduce_line_is_a_command_only_when_one_runs(tmp_path: Path) -> None:
    build_report("warp99", tmp_path / "a", 2, ["random"], only=["seats"])
    one = (tmp_path / "a" / "report.md").read_text(encoding="utf-8")
    assert "`ninetynine analyze warp99 --games 2 --seed 0 --agents random --sections seats" in one
    build_report("warp99", tmp_path / "b", 2, ["greedy", "random"], only=["seats"])
    two = (tmp_path / "b" / "report.md").read_text(encoding="utf-8")
    assert "ninetynine analyze" not in two
    assert "Reproduce with `ninetynine.analysis.build_report`" in two


def test_analyze_counts_the_plots_of_this_run_only(tmp_path: Path) -> None:
    out = tmp_path / "r"
    out.mkdir()
    for name in ("old1", "old2", "old3"):  # plots of an earlier run with more sections
        (out / f"{name}.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    args = ["analyze", "warp99", "--sections", "seats", "-n", "2", "--no-progress"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = (out / "report.md").read_text(encoding="utf-8")
    shown = report.count("\n![")
    assert shown >= 1
    assert f"({shown} plots, data in data.json)" in " ".join(result.output.split())
