"""Analysis of a replay position: ``POST /api/tables/{id}/analysis`` ``{"step", "games"}``
starts it (a finished table only), ``GET /api/analysis/{job}`` reports its progress and, per
suggested move (played / greedy / ismcts), how often it won the greedy games from there."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.rng import derive_seed
from ninetynine.web import analysis as analysis_module

from .conftest import new_table
from .test_replay import SEED, finished_table, states_of


def wait_done(client, job_id: str) -> dict:
    for _ in range(3000):
        job = client.get(f"/api/analysis/{job_id}").json()
        if job["done"]:
            return job
        time.sleep(0.02)
    raise AssertionError("the analysis did not end")


@pytest.mark.parametrize("game_id", ["warp99", "ono99"])
def test_a_position_is_analysed_with_suggestions_and_win_counts(client, game_id) -> None:
    tid = finished_table(client, game_id)
    states = states_of(client, tid)
    k = len(states) // 3
    st = states[k]
    seat = st.current_player()
    r = client.post(f"/api/tables/{tid}/analysis", json={"step": k, "games": 3})
    assert r.status_code == 202, r.text
    started = r.json()
    assert started["step"] == k and started["seat"] == seat
    job = wait_done(client, started["id"])
    assert job["error"] is None and job["stopped"] is None
    cands = job["candidates"]
    by = {b: c["move"] for c in cands for b in c["by"]}
    history = states[-1].history()
    assert by["played"] == st.action_to_string(history[k])
    greedy = make_agent("greedy", st.game, seat, seed=derive_seed(k, 1))
    assert by["greedy"] == st.action_to_string(choose_action(greedy, st.clone(), seat))
    assert "ismcts:200" in by
    assert len({c["action"] for c in cands}) == len(cands)  # each move once
    for c in cands:
        assert c["games"] == 3 and 0 <= c["wins"] + c["draws"] <= 3
        assert c["win_rate"] == c["wins"] / 3
        assert c["action"] in st.legal_actions()
    assert job["played"] == job["total"] == 3 * len(cands)


def test_analysis_is_refused_outside_a_finished_game(client) -> None:
    assert client.post("/api/tables/nosuch/analysis", json={"step": 0}).status_code == 404
    assert client.get("/api/analysis/nosuch").status_code == 404
    live = new_table(client, game="warp99", players=2, seats=["human", "greedy"], seed=SEED)
    r = client.post(f"/api/tables/{live['id']}/analysis", json={"step": 0})
    assert r.status_code == 409 and str(SEED) not in r.text
    tid = finished_table(client)
    steps = client.get(f"/api/tables/{tid}/replay").json()["steps"]
    for body in (
        {"step": steps},  # the end: no move to analyse
        {"step": steps + 1},
        {"step": "1"},
        {"step": 1, "games": 0},
        {"step": 1, "games": analysis_module.MAX_GAMES + 1},
    ):
        r = client.post(f"/api/tables/{tid}/analysis", json=body)
        assert r.status_code == 400, body


def test_an_analysis_stops_at_the_servers_time_cap(client) -> None:
    client.app.state.manager.analysis_seconds = 0.0
    tid = finished_table(client)
    job = client.post(f"/api/tables/{tid}/analysis", json={"step": 1, "games": 50}).json()
    job = wait_done(client, job["id"])
    assert job["stopped"] and "stopped after 0 s" in job["stopped"]
    assert job["played"] < job["total"]


def test_too_many_analyses_at_once_are_refused(client, monkeypatch) -> None:
    from ninetynine.web import tables as tables_module

    tid = finished_table(client)
    monkeypatch.setattr(tables_module, "MAX_ANALYSES", 0)
    r = client.post(f"/api/tables/{tid}/analysis", json={"step": 1})
    assert r.status_code == 429 and "at most 0 analyses" in r.json()["error"]
