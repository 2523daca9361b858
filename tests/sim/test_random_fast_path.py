"""Random play's columnar fast path (``Game.fast_results``: Warp 99's compiled core plays the
``random`` agent in every seat and counts each game's result and ``stats()`` itself): the same
games, results and summaries as ``play_game`` on the reference engine, game by game."""

from __future__ import annotations

import json

import pytest

import ninetynine
import ninetynine.sim.parallel as parallel
from ninetynine.sim import agent_seeds, play_game, run_games, summarize
from ninetynine.sim.parallel import game_seed

np = pytest.importorskip("numpy")

from ninetynine.sim.table import ResultTable  # noqa: E402

#: Every option that changes what the counters see: no extra card, flip or repeat; the turn
#: limit (draws); random rule sides and a flip a cycle; handicaps; Ninety Nine's deals.
CONFIGS: list[tuple[str, int, dict[str, object]]] = [
    ("warp99", 3, {}),
    ("warp99", 2, {"extra_card": False, "allow_flip": False, "bonus_rule": False}),
    ("warp99", 3, {"max_turns": 12, "handicap": "none"}),
    ("warp99", 4, {"rules": "random", "flip_limit": "cycle"}),
    ("warp99", 4, {"rules": "212", "handicap": "0,5,10,20", "target": 60}),
    ("ninetynine", 2, {"deal": "15", "bonus_rule": True}),
    ("ninetynine", 3, {}),
]


def _require_random_core() -> None:
    from ninetynine.games.warp99.batched.random_results import has_random_results

    if not has_random_results():
        pytest.skip("the compiled Warp 99 core is not built (pip install -e . builds it)")


@pytest.mark.parametrize(("game_id", "n", "options"), CONFIGS)
def test_random_games_are_the_reference_games(monkeypatch, game_id, n, options) -> None:
    _require_random_core()
    games = 150
    fast = run_games(game_id, n, options, "random", games, seed=11, table=True)
    assert isinstance(fast, ResultTable)  # the fast path was taken
    monkeypatch.setattr(parallel, "FAST_PATH", False)
    slow = run_games(game_id, n, options, "random", games, seed=11)
    assert [r.to_dict() for r in fast] == [r.to_dict() for r in slow]
    assert json.dumps(summarize(fast)) == json.dumps(summarize(slow))
    if options.get("max_turns"):
        assert any(r.winner is None for r in slow)  # the draws were exercised


def test_the_columns_match_play_game_seed_by_seed() -> None:
    _require_random_core()
    game = ninetynine.load_game("warp99", num_players=3, bonus_rule=True)
    seeds = [game_seed(3, i) for i in range(120)]
    lineups = [["random"] * 3] * len(seeds)
    cols = game.fast_results(seeds, lineups, [agent_seeds(s, 3) for s in seeds])
    assert cols is not None
    table = ResultTable(range(len(seeds)), seeds, [["random"] * 3], [0] * len(seeds), cols)
    for i, s in enumerate(seeds):
        want = play_game(game, ["random"] * 3, s, index=i)
        assert table[i] == want
    assert sum(r.stats["repeats"][0] for r in table) > 0  # a bonus cycle was counted


def test_other_bots_keep_the_list_of_results() -> None:
    warp = ninetynine.load_game("warp99", num_players=2)
    assert warp.fast_results([1], [["random", "greedy"]], [[1, 2]]) is None
    assert warp.fast_results([], [], []) is None
    ono = ninetynine.load_game("ono99")
    n = ono.num_players
    assert ono.fast_results([1], [["random"] * n], [list(range(n))]) is None
    out = run_games("warp99", 2, {}, "random,greedy", 4, seed=1, table=True)
    assert isinstance(out, list)
    out = run_games("warp99", 2, {}, "random", 4, seed=1, table=True, records=True)
    assert isinstance(out, list) and all(r.record for r in out)  # records need the moves


def test_the_reference_only_switch_turns_it_off(monkeypatch) -> None:
    monkeypatch.setenv("NINETYNINE_REFERENCE_ONLY", "1")
    assert isinstance(run_games("warp99", 2, {}, "random", 3, seed=1, table=True), list)


def _table(lineups: list[list[str]], codes: list[int], winners: list[int]) -> ResultTable:
    g, n = len(codes), len(lineups[0])
    rng = np.random.default_rng(0)
    w = np.array(winners, dtype=np.int64)
    returns = np.where(w[:, None] < 0, 0.0, np.where(np.arange(n) == w[:, None], 1.0, -1.0))
    cols = {
        "winner": w,
        "returns": returns,
        "scores": rng.integers(0, 120, (g, n)).astype(np.float64),
        "actions": rng.integers(10, 400, g),
        "stats": {
            "points": rng.integers(0, 50, (g, n)).astype(np.int32),
            "turns": rng.integers(5, 90, g),
            "rebuilds": rng.integers(0, 4, g),
            "ended_by": (rng.integers(0, 2, g), ["target", "turn_limit"]),
        },
    }
    return ResultTable(range(100, 100 + g), range(g), lineups, codes, cols)


def test_a_table_summarises_as_its_list_of_results() -> None:
    # several lineups (rotated seats, an agent absent from one), draws, odd and even counts
    lineups = [["a", "b", "c"], ["b", "c", "a"], ["c", "c", "d"]]
    for g in (7, 8):
        codes = [i % 3 for i in range(g)]
        winners = [(i * 5) % 4 - 1 for i in range(g)]
        t = _table(lineups, codes, winners)
        assert summarize(t) == summarize(list(t))
        assert json.dumps(summarize(t)) == json.dumps(summarize(list(t)))


def test_a_table_is_a_sequence_of_results() -> None:
    t = _table([["x", "y"]], [0, 0, 0], [0, -1, 1])
    assert len(t) == 3 and t[-1] == t[2] and t[0:2] == [t[0], t[1]]
    assert t[1].winner is None and t[1].returns == [0.0, 0.0] and t[0].index == 100
    assert t == list(t) and t != list(t)[:2]
    assert t.index(t[2]) == 2 and t.count(t[0]) == 1  # Sequence's own methods still work
    with pytest.raises(IndexError):
        t[3]
    u = ResultTable.concat([t, _table([["y", "x"], ["x", "y"]], [0, 1], [1, 0])])
    assert list(u) == list(t) + list(_table([["y", "x"], ["x", "y"]], [0, 1], [1, 0]))
    assert summarize(u) == summarize(list(u))


def test_the_command_takes_it_and_prints_the_same_summary(tmp_path, monkeypatch) -> None:
    _require_random_core()
    from typer.testing import CliRunner

    from ninetynine.cli.main import app

    calls = []
    real = parallel._table_shard
    monkeypatch.setattr(parallel, "_table_shard", lambda s: calls.append(s) or real(s))
    args = ["simulate", "warp99", "--agents", "random", "--games", "60", "--no-progress"]
    fast = CliRunner().invoke(
        app, [*args, "--json", str(tmp_path / "fast.json"), "--csv", str(tmp_path / "fast.csv")]
    )
    assert fast.exit_code == 0, fast.output
    assert calls  # the columnar path
    monkeypatch.setenv("NINETYNINE_REFERENCE_ONLY", "1")
    slow = CliRunner().invoke(
        app, [*args, "--json", str(tmp_path / "slow.json"), "--csv", str(tmp_path / "slow.csv")]
    )
    assert slow.exit_code == 0, slow.output
    a, b = (json.loads((tmp_path / f).read_text()) for f in ("fast.json", "slow.json"))
    for d in (a, b):
        del d["elapsed_seconds"], d["games_per_second"]
    assert a == b
    assert (tmp_path / "fast.csv").read_text() == (tmp_path / "slow.csv").read_text()
