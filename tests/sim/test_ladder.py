"""The ladder: round robin on the same deals, matrix, ratings, timings, CLI, determinism."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ninetynine.cli.main import app
from ninetynine.core.errors import GameOptionError
from ninetynine.sim.ladder import chunks, matches, parallel_map, play_timed, run_ladder

runner = CliRunner()


def test_matches_and_chunks():
    assert matches(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert matches(["a", "b"], 3) == [("a", "b"), ("b", "a")]
    assert chunks(10, 1) == [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10)]
    assert sum(b - a for a, b in chunks(101, 2)) == 101


def _square(x: int) -> list[int]:
    return [x * x]


def test_parallel_map_keeps_task_order():
    assert parallel_map(_square, [3, 1, 2], jobs=2) == [[9], [1], [4]]


def test_heads_up_ladder():
    lad = run_ladder("warp99", ["random", "greedy"], games=6, seed=3)
    m = lad.matrix
    assert m["greedy"]["random"]["games"] == 6
    assert (
        m["greedy"]["random"]["wins"]
        + m["random"]["greedy"]["wins"]
        + (m["greedy"]["random"]["draws"])
        == 6
    )
    lo, hi = m["greedy"]["random"]["ci95"]
    assert lo <= m["greedy"]["random"]["win_rate"] <= hi
    assert [r["agent"] for r in lad.ratings] == ["greedy", "random"]
    assert lad.timing["greedy"]["decisions"] > 0 and lad.timing["greedy"]["max_s"] >= 0
    tm = lad.timing["greedy"]
    assert 0 <= tm["cpu_mean_s"] <= tm["cpu_p95_s"] + tm["cpu_max_s"]
    assert tm["cpu_max_s"] >= tm["cpu_p95_s"]
    d = lad.to_dict()
    assert json.loads(json.dumps(d)) == d


def test_ladder_same_for_any_jobs():
    a = run_ladder("ono99", ["random", "greedy", "ismcts:3"], games=4, seed=1, jobs=1)
    b = run_ladder("ono99", ["random", "greedy", "ismcts:3"], games=4, seed=1, jobs=2)
    assert a.matrix == b.matrix and a.ratings == b.ratings


def test_a_gauntlet_plays_only_the_reference_matches():
    assert matches(["a", "b", "c"], 2, ["a"]) == [("a", "b"), ("a", "c")]
    lad = run_ladder("warp99", ["random", "greedy", "ismcts:2"], games=2, against=["random"])
    assert set(lad.matrix["greedy"]) == {"random"} and set(lad.matrix["random"]) == {
        "greedy",
        "ismcts:2",
    }
    with pytest.raises(GameOptionError, match="must be in the ladder"):
        run_ladder("warp99", ["random", "greedy"], games=2, against=["nobody"])


def test_one_against_a_field():
    lad = run_ladder("warp99", ["random", "greedy"], games=3, num_players=3, seed=2)
    # both directions are played with more than two seats
    assert lad.matrix["random"]["greedy"]["games"] == 3
    assert lad.matrix["greedy"]["random"]["games"] == 3


def test_a_timed_game_is_the_simulated_game():
    import ninetynine
    from ninetynine.sim import play_game

    game = ninetynine.load_game("warp99", num_players=2)
    t = play_timed(game, ["greedy", "random"], seed=9)
    r = play_game(game, ["greedy", "random"], seed=9)
    assert (t.winner, t.actions) == (r.winner, r.actions)


@pytest.mark.parametrize(
    ("agents", "message"),
    [(["greedy"], "at least two"), (["greedy", "greedy"], "twice"), (["greedy", "nobody"], "no")],
)
def test_bad_ladders(agents, message):
    with pytest.raises(GameOptionError, match=message):
        run_ladder("warp99", agents, games=2)


def test_ladder_command(tmp_path):
    out = tmp_path / "ladder.json"
    plot = tmp_path / "plots" / "strength.png"
    result = runner.invoke(
        app,
        [
            "ladder", "warp99", "--agents", "random,greedy,ismcts:4", "--games", "2",
            "--seed", "1", "--no-progress", "--json", str(out), "--plot", str(plot),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Win rate of the row's agent" in result.stdout and "OpenSkill" in result.stdout
    data = json.loads(out.read_text())
    assert data["agents"] == ["random", "greedy", "ismcts:4"]
    assert set(data["matrix"]["greedy"]) == {"random", "ismcts:4"}
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ladder_command_bad_input():
    result = runner.invoke(app, ["ladder", "warp99", "--agents", "greedy", "--no-progress"])
    assert result.exit_code == 2
    assert "at least two agents" in result.output


# ----------------------------------------------------------------------------- growing a ladder
def _comparable(d: dict) -> dict:
    return {k: v for k, v in d.items() if k not in ("timing", "elapsed_seconds", "jobs")}


def test_a_bot_added_later_gives_the_ladder_a_full_round_robin_gives() -> None:
    """``add_agent`` plays only the newcomer's matches, on the same deals: the matrix, the
    per-game results and the ratings are those of the round robin with all three bots."""
    from ninetynine.sim.ladder import add_agent

    full = run_ladder("warp99", ["random", "greedy", "ismcts:8"], games=6, seed=5)
    two = run_ladder("warp99", ["random", "greedy"], games=6, seed=5)
    grown = add_agent(two, "ismcts:8")
    assert _comparable(grown.to_dict()) == _comparable(full.to_dict())
    assert set(grown.timing) == {"random", "greedy", "ismcts:8"}
    with pytest.raises(GameOptionError, match="already in this ladder"):
        add_agent(grown, "greedy")


def test_results_are_kept_per_game_and_old_files_get_them_from_their_counts() -> None:
    from ninetynine.sim.ladder import Ladder, fit_ratings, results_from_matrix

    lad = run_ladder("ono99", ["random", "greedy"], games=8, seed=2)
    played = lad.results["random vs greedy"]
    assert len(played) == 8 and set(played) <= set("WLD")
    cell = lad.matrix["random"]["greedy"]
    assert (played.count("W"), played.count("D")) == (cell["wins"], cell["draws"])
    assert fit_ratings(lad.agents, lad.results) == lad.ratings
    old = lad.to_dict()
    del old["results"]  # a file from before results were kept
    back = Ladder.from_dict(old)
    again = back.results["random vs greedy"]
    assert sorted(again) == sorted(played)
    assert back.results == results_from_matrix(lad.matrix, lad.agents, 2)
    with pytest.raises(GameOptionError, match="not a ladder"):
        Ladder.from_dict({"game": "warp99"})


def test_standings_pool_every_file_of_a_game(tmp_path) -> None:
    import json

    from ninetynine.sim.standings import (
        BEGIN,
        END,
        load_ladders,
        standings,
        standings_markdown,
        write_standings,
    )

    a = run_ladder("warp99", ["random", "greedy"], games=4, seed=1)
    b = run_ladder("warp99", ["greedy", "ismcts:8"], games=4, seed=2)
    for name, lad in (("ladder-a.json", a), ("ladder-b.json", b)):
        (tmp_path / name).write_text(json.dumps(lad.to_dict()))
    table = standings(load_ladders([tmp_path]))
    st = table["warp99"]
    assert st.files == ["ladder-a.json", "ladder-b.json"]
    assert {r["agent"] for r in st.ratings} == {"random", "greedy", "ismcts:8"}
    pair = st.pairs[("greedy", "random")]
    assert (pair.games, pair.wins) == (4, a.matrix["greedy"]["random"]["wins"])
    body = standings_markdown(table)
    assert "### warp99" in body and "`ismcts:8`" in body
    md = tmp_path / "ladder.md"
    md.write_text("# Ladders\n\nnarrative before\n")
    write_standings(md, body)
    write_standings(md, body)  # idempotent: replaces the block between the markers
    text = md.read_text()
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    assert text.startswith("# Ladders\n\nnarrative before\n") and body in text
    with pytest.raises(GameOptionError, match="no such file"):
        load_ladders([tmp_path / "missing"])


def test_standings_draw_each_games_strength_against_thinking_time(tmp_path) -> None:
    """``strength_points`` gives the plot the pooled figures (a bot's games against greedy
    over both files, at its mean CPU over the files that timed it); one PNG a game."""
    import json

    from ninetynine.sim.standings import (
        load_ladders,
        standings,
        strength_points,
        write_strength_plots,
    )

    a = run_ladder("warp99", ["greedy", "ismcts:8"], games=4, seed=1)
    b = run_ladder("warp99", ["greedy", "ismcts:8"], games=6, seed=2)
    c = run_ladder("ono99", ["random", "greedy"], games=4, seed=3)
    for name, lad in (("ladder-a.json", a), ("ladder-b.json", b), ("ladder-c.json", c)):
        (tmp_path / name).write_text(json.dumps(lad.to_dict()))
    table = standings(load_ladders([tmp_path]))
    pts = strength_points(table["warp99"])
    cell = pts["matrix"]["ismcts:8"]["greedy"]
    wins = a.matrix["ismcts:8"]["greedy"]["wins"] + b.matrix["ismcts:8"]["greedy"]["wins"]
    assert (cell["games"], cell["wins"]) == (10, wins)
    assert cell["ci95"][0] <= cell["win_rate"] <= cell["ci95"][1]
    cpu = [lad.timing["ismcts:8"] for lad in (a, b)]
    mean = sum(t["cpu_mean_s"] * t["decisions"] for t in cpu) / sum(t["decisions"] for t in cpu)
    assert abs(pts["timing"]["ismcts:8"]["cpu_mean_s"] - mean) < 1e-12
    assert "random" not in pts["matrix"]["ismcts:8"]  # never met: no point
    out = write_strength_plots(table, tmp_path / "plots")
    assert [p.name for p in out] == ["strength-ono99.png", "strength-warp99.png"]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in out)


def test_the_cli_adds_a_bot_to_a_ladder_file_and_prints_standings(tmp_path) -> None:
    import json

    from typer.testing import CliRunner

    from ninetynine.cli.main import app

    runner = CliRunner()
    f = tmp_path / "ladder-warp99.json"
    r = runner.invoke(
        app,
        [
            "ladder",
            "warp99",
            "--agents",
            "random,greedy",
            "-n",
            "4",
            "--json",
            str(f),
            "--no-progress",
        ],
    )
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["ladder", "--add", "ismcts:8", "--to", str(f), "--no-progress"])
    assert r.exit_code == 0, r.output
    data = json.loads(f.read_text())
    assert data["agents"] == ["random", "greedy", "ismcts:8"]
    assert set(data["results"]) == {"random vs greedy", "random vs ismcts:8", "greedy vs ismcts:8"}
    r = runner.invoke(app, ["ladder", "--add", "greedy", "--to", str(f), "--no-progress"])
    assert r.exit_code == 2 and "already in this ladder" in r.output
    r = runner.invoke(app, ["ladder", "--add", "greedy"])
    assert r.exit_code == 2 and "--add and --to go together" in r.output
    r = runner.invoke(app, ["standings", str(tmp_path)])
    assert r.exit_code == 0 and "### warp99" in r.output and "`ismcts:8`" in r.output


def test_standings_of_a_directory_without_ladder_files_is_an_error(tmp_path) -> None:
    """An empty directory printed the table's header paragraph with no game and exit code 0."""
    from typer.testing import CliRunner

    from ninetynine.cli.main import app

    (tmp_path / "notes.json").write_text("{}")
    r = CliRunner().invoke(app, ["standings", str(tmp_path), "--plots", str(tmp_path / "p")])
    assert r.exit_code == 2
    assert "no ladder-*.json file in" in r.output and str(tmp_path) in r.output.replace("\n", "")
    assert not (tmp_path / "p").exists()


def test_standings_plots_into_a_file_is_an_error_naming_it(tmp_path) -> None:
    """``--plots README.md`` said only '[Errno 17] File exists: 'README.md''."""
    from typer.testing import CliRunner

    from ninetynine.cli.main import app

    ladder = Path(__file__).parents[2] / "docs" / "reports" / "ladder-tripwire.json"
    (tmp_path / "notes.md").write_text("notes")
    r = CliRunner().invoke(app, ["standings", str(ladder), "--plots", str(tmp_path / "notes.md")])
    assert r.exit_code == 2
    assert "is a file, not a directory" in r.output


def test_the_reports_standings_are_those_of_the_ladder_files() -> None:
    """docs/reports/ladder.md's standings block is what ``ninetynine standings`` makes of the
    JSON files beside it: regenerate it after adding or changing a ladder file."""
    from pathlib import Path

    from ninetynine.sim.standings import BEGIN, END, load_ladders, standings, standings_markdown

    reports = Path(__file__).resolve().parents[2] / "docs" / "reports"
    text = (reports / "ladder.md").read_text(encoding="utf-8")
    block = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert block == standings_markdown(standings(load_ladders([reports]))).strip()


def test_adding_a_level_whose_bot_is_in_the_ladder_is_refused() -> None:
    """A level is a name for an agent spec (warp99's ``medium`` may be ``greedy``): adding it
    to a ladder that holds that spec would rate one bot twice under two names."""
    from ninetynine.core.registry import levels
    from ninetynine.sim.ladder import add_agent

    level = next(lv for lv in levels("warp99") if lv.spec in ("random", "greedy"))
    two = run_ladder("warp99", ["random", "greedy"], games=2, seed=5)
    said = f"{level.name} is {level.spec}, already in this ladder as {level.spec}"
    with pytest.raises(GameOptionError, match=said):
        add_agent(two, level.name)


def test_the_cli_adds_one_bot_and_says_so_for_a_list(tmp_path) -> None:
    f = tmp_path / "ladder-warp99.json"
    runner = CliRunner()
    args = ["ladder", "warp99", "--agents", "random,greedy", "-n", "2", "--json", str(f)]
    assert runner.invoke(app, [*args, "--no-progress"]).exit_code == 0
    r = runner.invoke(app, ["ladder", "--add", "ismcts:5,ismcts:6", "--to", str(f)])
    assert r.exit_code == 2 and "--add takes one bot" in r.output, r.output
    assert "unpack" not in r.output


def test_add_refuses_arguments_that_contradict_the_file(tmp_path) -> None:
    f = tmp_path / "ladder-tripwire.json"
    args = ["ladder", "tripwire", "--agents", "random,greedy", "-n", "2", "--json", str(f)]
    assert runner.invoke(app, [*args, "--no-progress"]).exit_code == 0
    before = f.read_text()
    add = ["ladder", "--add", "ismcts:3", "--to", str(f), "--no-progress"]
    for extra, said in [
        (["ono99"], "GAME ono99 contradicts"),
        (["-n", "50"], "--games 50 contradicts"),
        (["-p", "4"], "--players 4 contradicts"),
        (["--seed", "9"], "--seed 9 contradicts"),
        (["--agents", "random,greedy"], "--agents does not go with --add"),
    ]:
        r = runner.invoke(app, [*add[:1], *extra, *add[1:]])
        assert r.exit_code == 2, (extra, r.output)
        assert said in " ".join(r.output.split()), r.output
    assert f.read_text() == before
    same = ["tripwire", "-n", "2", "-p", "2", "--seed", "0"]
    r = runner.invoke(app, [*add[:1], *same, *add[1:]])
    assert r.exit_code == 0, r.output
