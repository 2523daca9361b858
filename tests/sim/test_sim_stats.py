"""Summaries: Wilson intervals, descriptive statistics, labels, aggregation of stats()."""

from __future__ import annotations

import pytest

from ninetynine.sim import (
    GameResult,
    csv_rows,
    describe,
    percentile,
    prettify,
    run_games,
    summarize,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 3, 0.0615, 0.7923),
        (3300, 10000, 0.3208, 0.3393),
    ],
)
def test_wilson_known_values(k, n, lo, hi):
    got = wilson_interval(k, n)
    assert got == pytest.approx((lo, hi), abs=1e-4)


def test_wilson_edge_cases():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_describe_and_percentile():
    d = describe([10, 1, 5, 7, 3])
    assert d == pytest.approx(
        {"count": 5, "mean": 5.2, "median": 5, "min": 1, "max": 10, "p95": 9.4}
    )
    assert percentile([4], 0.95) == 4
    assert describe([])["mean"] is None


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("row_points", "points from rows"),
        ("deck_points", "points from decks"),
        ("longest_row", "longest row"),
        ("flips", "flips"),
        ("ended_by", "ended by"),
        ("num_turns", "number of turns"),
        ("penalty_points", "points from penalties"),
    ],
)
def test_prettify(key, label):
    assert prettify(key) == label


def _result(i, agents, winner, stats, actions=10):
    n = len(agents)
    returns = [0.0] * n if winner is None else [1.0 if s == winner else -1.0 for s in range(n)]
    return GameResult(i, i, list(agents), winner, returns, [0.0] * n, actions, stats)


def test_summarize_hand_built():
    results = [
        _result(0, ["a", "b"], 0, {"pts": [10, 2], "turns": 5, "end": "x", "k": 1.5}, 10),
        _result(1, ["b", "a"], 1, {"pts": [4, 20], "turns": 7, "end": "x", "k": 2.5}, 20),
        _result(2, ["a", "b"], None, {"pts": [6, 6], "turns": 9, "end": "y", "k": 0.5}, 30),
    ]
    s = summarize(results)
    assert s["games"] == 3 and s["draws"] == 1 and s["num_players"] == 2
    assert [x["wins"] for x in s["seats"]] == [1, 1]
    agents = {x["agent"]: x for x in s["agents"]}
    assert agents["a"]["wins"] == 2 and agents["b"]["wins"] == 0
    assert agents["a"]["seats_played"] == 3 and agents["a"]["win_rate"] == pytest.approx(2 / 3)
    assert s["length"]["actions"]["mean"] == 20 and s["length"]["turns"]["max"] == 9
    pts = s["stats"]["pts"]
    assert pts["kind"] == "per_seat" and pts["label"] == "pts"
    assert pts["by_seat"] == pytest.approx([20 / 3, 28 / 3])
    assert pts["by_agent"] == pytest.approx({"a": 12, "b": 4})
    assert pts["mean"] == pytest.approx(8) and pts["max"] == 20
    assert s["stats"]["end"] == {"kind": "category", "label": "end", "counts": {"x": 2, "y": 1}}
    assert s["stats"]["k"]["mean"] == pytest.approx(1.5) and s["stats"]["k"]["max"] == 2.5
    assert "turns" not in s["stats"]


def test_summarize_real_run():
    results = run_games("warp99", 3, {}, "greedy,random", games=12, seed=2)
    s = summarize(results)
    assert sum(x["wins"] for x in s["seats"]) == s["games"] - s["draws"] == 12 - s["draws"]
    assert sum(x["wins"] for x in s["agents"]) == 12 - s["draws"]
    assert sum(x["seats_played"] for x in s["agents"]) == 36
    for seat in s["seats"]:
        lo, hi = seat["ci95"]
        assert lo <= seat["win_rate"] <= hi
    stats = s["stats"]
    assert stats["row_points"]["label"] == "points from rows"
    assert stats["deck_points"]["label"] == "points from decks"
    assert stats["longest_row"]["max"] >= stats["longest_row"]["mean"] > 0
    assert sum(stats["ended_by"]["counts"].values()) == 12
    assert "turns" in s["length"]


def test_summarize_needs_results():
    with pytest.raises(ValueError):
        summarize([])


def test_csv_rows():
    results = [_result(0, ["a", "b"], 1, {"pts": [1, 2], "end": "x"})]
    header, rows = csv_rows(results)
    assert header[:4] == ["game", "seed", "agent_0", "agent_1"]
    assert {"pts_0", "pts_1", "end", "winner", "score_1", "actions"} <= set(header)
    assert rows[0]["pts_1"] == 2 and rows[0]["winner"] == 1 and rows[0]["winner_agent"] == "b"


def test_stats_keys_keep_their_order_and_per_seat_lists_may_hold_none():
    """A key missing from the first game keeps its place; None in a per-seat list is skipped."""
    from ninetynine.sim.stats import _aggregate_stats

    class R:
        def __init__(self, stats, agents):
            self.stats, self.agents = stats, agents

    results = [
        R({"a": [1, 2], "c": 5}, ["x", "y"]),
        R({"a": [3, None], "b": [None, 4], "c": 7}, ["x", "y"]),
    ]
    out = _aggregate_stats(results, 2, ["x", "y"])
    assert list(out) == ["a", "b", "c"]
    assert out["a"]["kind"] == "per_seat" and out["a"]["by_seat"] == [2.0, 2.0]
    assert out["b"]["kind"] == "per_seat" and out["b"]["by_seat"] == [None, 4.0]
