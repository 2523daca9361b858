"""``ninetynine simulate`` through Typer's CliRunner."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from ninetynine.cli.main import app

runner = CliRunner()


def test_simulate_writes_json_csv_and_records(tmp_path):
    out_json = tmp_path / "out" / "summary.json"
    out_csv = tmp_path / "games.csv"
    rec_dir = tmp_path / "records"
    result = runner.invoke(
        app,
        [
            "simulate", "warp99", "--games", "6", "--players", "3", "--agents", "greedy,random",
            "--seed", "4", "--no-progress", "--json", str(out_json), "--csv", str(out_csv),
            "--records", str(rec_dir),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Wins" in result.stdout and "points from rows" in result.stdout
    summary = json.loads(out_json.read_text())
    assert summary["games"] == 6 and summary["seed"] == 4
    assert summary["seat_agents"] == ["greedy", "random", "greedy"]
    assert sum(s["wins"] for s in summary["seats"]) + summary["draws"] == 6
    assert {a["agent"] for a in summary["agents"]} == {"greedy", "random"}
    assert "row_points" in summary["stats"]
    with out_csv.open() as f:
        rows = list(csv.DictReader(f))
    assert [int(r["game"]) for r in rows] == list(range(6))
    assert {"seed", "agent_0", "winner", "score_2", "actions", "row_points_0"} <= set(rows[0])
    files = sorted(p.name for p in rec_dir.iterdir())
    assert len(files) == 6
    assert files[0].startswith("warp99-0-") and files[0].endswith(f"{rows[0]['seed']}.txt")


def test_simulate_same_output_for_any_jobs(tmp_path):
    outs = []
    for jobs in ("1", "2"):
        path = tmp_path / f"{jobs}.csv"
        args = ["simulate", "warp99", "-n", "8", "-p", "2", "--agents", "random", "--seed", "1"]
        result = runner.invoke(app, [*args, "--jobs", jobs, "--no-progress", "--csv", str(path)])
        assert result.exit_code == 0, result.output
        outs.append(path.read_text())
    assert outs[0] == outs[1]


def test_simulate_variant_and_progress():
    args = ["simulate", "warp99", "-n", "3", "-p", "2", "--agents", "random"]
    result = runner.invoke(app, [*args, "--variant", "random-rule-start", "-o", "target=50"])
    assert result.exit_code == 0, result.output
    assert "rules=random" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "bogus"], "no agent 'bogus'"),
        (["--games", "0"], "--games must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--players", "7"], "2-4 players"),
        (["-o", "target"], "not key=value"),
        (["-o", "target=0"], "option target"),
        (["--variant", "weird"], "unknown variant"),
    ],
)
def test_simulate_bad_input(args, message):
    result = runner.invoke(app, ["simulate", "warp99", "-n", "2", "--no-progress", *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_simulate_unknown_game_and_variant_without_rules():
    result = runner.invoke(app, ["simulate", "nope", "-n", "2", "--no-progress"])
    assert result.exit_code == 2 and "unknown game 'nope'" in result.stderr
    result = runner.invoke(app, ["simulate", "ninetynine", "--variant", "standard", "-n", "2"])
    assert result.exit_code == 2 and "no variants" in result.stderr


def test_simulate_refuses_one_file_for_json_and_csv_and_a_file_for_records(tmp_path):
    same = tmp_path / "out"
    result = runner.invoke(
        app,
        ["simulate", "warp99", "-n", "2", "--no-progress", "--json", str(same), "--csv", str(same)],
    )
    assert result.exit_code == 2 and "same file" in result.stderr
    a_file = tmp_path / "records.txt"
    a_file.write_text("x")
    result = runner.invoke(
        app, ["simulate", "warp99", "-n", "2", "--no-progress", "--records", str(a_file)]
    )
    assert result.exit_code == 2 and "is a file" in result.stderr
    assert "Traceback" not in result.output


def test_simulate_reports_the_jobs_it_used_and_every_option(tmp_path):
    out = tmp_path / "s.json"
    result = runner.invoke(
        app, ["simulate", "warp99", "-n", "3", "-j", "8", "--no-progress", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["jobs"] == 3
    assert "handicap=standard" in result.stdout and "3 jobs)" in result.stdout


def test_simulate_a_one_player_game_reports_returns_not_wins():
    result = runner.invoke(
        app, ["simulate", "sixto", "--players", "1", "--games", "4", "--no-progress"]
    )
    assert result.exit_code == 0, result.output
    assert "one player: no wins or draws" in result.output
    assert "Wins" not in result.output and "seats played" not in result.output
    assert "score" in result.output


def test_simulate_summary_words_every_category_code():
    """``ended by: target 20`` and ``start rules: 111 20`` were codes nobody explained."""
    result = runner.invoke(
        app, ["simulate", "warp99", "-n", "4", "--no-progress", "-o", "rules=random"]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "How the games ended" in out
    assert "a player reached the target score" in out
    assert "Rule cards at the start" in out and "Rule cards at the end" in out
    assert "ended by:" not in out and "start rules:" not in out
    result = runner.invoke(app, ["simulate", "tripwire", "-n", "4", "--no-progress"])
    assert "System Clear (a player shed every card)" in result.stdout


def test_simulate_names_its_files_whole_on_one_line(tmp_path):
    """A path printed for copying is neither wrapped at 80 columns nor eaten by Rich markup."""
    out = tmp_path / ("a long directory [with] brackets " * 3).strip()
    args = ["simulate", "warp99", "-n", "2", "--no-progress", "--json", str(out / "s.json")]
    args += ["--csv", str(out / "g.csv"), "--records", str(out / "rec")]
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert f"summary written to {out / 's.json'}" in lines
    assert f"2 games written to {out / 'g.csv'}" in lines
    assert f"2 records written to {out / 'rec'}/" in lines


def test_simulate_never_overwrites_the_records_of_an_earlier_run(tmp_path):
    rec = tmp_path / "rec"
    base = ["simulate", "warp99", "-n", "2", "--no-progress", "--records", str(rec)]
    assert runner.invoke(app, [*base, "--agents", "greedy"]).exit_code == 0
    first = {p.name: p.read_text() for p in rec.iterdir()}
    assert runner.invoke(app, [*base, "--agents", "random"]).exit_code == 0
    after = {p.name: p.read_text() for p in rec.iterdir()}
    assert len(after) == 4
    assert all(after[name] == text for name, text in first.items())
