"""Simulation runs: determinism, parallel == serial, seat rotation, records, bad input."""

from __future__ import annotations

from collections import Counter

import pytest

import ninetynine
from ninetynine.core.errors import GameOptionError
from ninetynine.core.records import parse_record
from ninetynine.core.rng import derive_seed
from ninetynine.sim import (
    base_agents,
    game_seed,
    play_game,
    run_games,
    seat_assignment,
)


def test_play_game_same_seed_same_result():
    game = ninetynine.load_game("warp99", num_players=3)
    a = play_game(game, ["random", "greedy", "random"], seed=11)
    b = play_game(game, ["random", "greedy", "random"], seed=11)
    assert a == b
    assert a.winner is not None and a.returns[a.winner] == 1.0
    assert a.actions == a.stats["actions"] > 0
    assert a.agents == ["random", "greedy", "random"]


def test_random_agents_are_seeded_from_the_game_seed():
    game = ninetynine.load_game("warp99", num_players=2)
    a = play_game(game, ["random", "random"], seed=5)
    b = play_game(game, ["random", "random"], seed=5, agent_seed=6)
    c = play_game(game, ["random", "random"], seed=5, agent_seed=6)
    assert b == c
    assert a.actions != b.actions or a.scores != b.scores  # other agent seeds, other game


def test_play_game_wrong_number_of_agents():
    game = ninetynine.load_game("warp99", num_players=3)
    with pytest.raises(GameOptionError, match="2 agents given for 3 seats"):
        play_game(game, ["random", "random"], seed=1)


def test_run_games_seeds_and_order():
    results = run_games("warp99", 2, {}, "random", games=5, seed=9)
    assert [r.index for r in results] == [0, 1, 2, 3, 4]
    assert [r.seed for r in results] == [derive_seed(9, i) for i in range(5)]
    assert game_seed(9, 3) == results[3].seed


def test_run_games_deterministic_and_seed_dependent():
    a = run_games("warp99", 3, {}, "random", games=8, seed=1)
    b = run_games("warp99", 3, {}, ["random"], games=8, seed=1)
    c = run_games("warp99", 3, {}, "random", games=8, seed=2)
    assert a == b
    assert [r.scores for r in a] != [r.scores for r in c]


def test_jobs_do_not_change_results():
    kwargs = dict(games=24, seed=3, rotate=True)
    serial = run_games("warp99", 3, {"rules": "random"}, "greedy,random", jobs=1, **kwargs)
    parallel = run_games("warp99", 3, {"rules": "random"}, "greedy,random", jobs=2, **kwargs)
    assert serial == parallel


def test_progress_callback_counts_every_game():
    seen: list[int] = []
    run_games("warp99", 2, {}, "random", games=7, seed=0, jobs=2, progress_callback=seen.append)
    assert sum(seen) == 7
    seen.clear()
    run_games("warp99", 2, {}, "random", games=7, seed=0, progress_callback=seen.append)
    assert sum(seen) == 7


def test_rotation_puts_every_agent_in_every_seat_equally():
    base = ["a", "b", "c"]
    counts = Counter(
        (spec, seat) for i in range(30) for seat, spec in enumerate(seat_assignment(base, i))
    )
    assert set(counts.values()) == {10}
    assert len(counts) == 9


def test_rotation_in_a_run():
    results = run_games("warp99", 2, {}, "greedy,random", games=6, seed=4)
    seats = Counter((r.agents.index("greedy")) for r in results)
    assert seats == {0: 3, 1: 3}
    fixed = run_games("warp99", 2, {}, "greedy,random", games=4, seed=4, rotate=False)
    assert all(r.agents == ["greedy", "random"] for r in fixed)


def test_base_agents_cycles_and_normalises():
    assert base_agents("Greedy, random", 3) == ["greedy", "random", "greedy"]
    assert base_agents(["random"], 2) == ["random", "random"]


def test_records_replay_to_the_same_result():
    results = run_games(
        "warp99", 2, {"target": "60"}, "greedy,random", games=2, seed=8, records=True
    )
    for r in results:
        assert r.record is not None
        rec = parse_record(r.record)
        assert rec.headers["Seed"] == str(r.seed)
        assert [rec.headers[f"Seat{s}"] for s in range(2)] == r.agents
        state = rec.final_state()
        assert state.is_terminal()
        assert state.scores() == r.scores
        assert state.winner() == r.winner


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(games=0), "at least 1"),
        (dict(games=2, jobs=0), "at least 1"),
        (dict(games=2, agents="bogus"), "no agent 'bogus'"),
        (dict(games=2, game_id="nope"), "unknown game"),
        (dict(games=2, num_players=9), "2-4 players"),
        (dict(games=2, options={"colour": "red"}), "no option"),
    ],
)
def test_bad_input(kwargs, message):
    args = dict(game_id="warp99", num_players=3, options={}, agents="random", seed=0)
    args.update(kwargs)
    with pytest.raises(GameOptionError, match=message):
        run_games(**args)


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_every_registered_game_simulates(game_id):
    from ninetynine.sim import summarize

    game = ninetynine.load_game(game_id)
    results = run_games(game_id, game.num_players, {}, "random", games=3, seed=0)
    summary = summarize(results)
    assert summary["games"] == 3
    assert sum(s["wins"] for s in summary["seats"]) + summary["draws"] == 3
