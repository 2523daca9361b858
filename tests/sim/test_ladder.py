"""The ladder: round robin on the same deals, matrix, ratings, timings, CLI, determinism."""

from __future__ import annotations

import json

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
