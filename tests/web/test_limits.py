"""What one server allows: caps on unfinished tables, on tables of bots alone and on their
length, and idle tables closed (issue: 20 all-bot tables of target 10000 could be created in
0.08 s, resumed after every restart and grow the database forever)."""

from __future__ import annotations

import asyncio
import time

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from ninetynine.web.app import create_app
from ninetynine.web.store import Store
from ninetynine.web.tables import Limits, TableManager

from .conftest import client_class

BOTS = {"game": "warp99", "players": 2, "seats": ["random", "random"]}
PEOPLE = {"game": "warp99", "players": 2, "seats": ["human", "greedy"]}


def test_tables_of_bots_alone_are_capped_with_a_clear_429(db_url) -> None:
    limits = Limits(max_bot_tables=2, max_open_tables=5)
    with client_class()(create_app(db_url, bot_delay=60.0, limits=limits)) as client:
        for _ in range(2):
            assert client.post("/api/tables", json=BOTS).status_code == 201
        refused = client.post("/api/tables", json=BOTS)
        assert refused.status_code == 429 and refused.json()["code"] == "limit"
        assert "at most 2 tables of bots alone" in refused.json()["error"]
        # people's tables still open, up to the total
        for _ in range(3):
            assert client.post("/api/tables", json=PEOPLE).status_code == 201
        full = client.post("/api/tables", json=PEOPLE)
        assert full.status_code == 429 and "at most 5 unfinished tables" in full.json()["error"]


def test_a_table_of_bots_alone_stops_after_the_move_cap(db_url) -> None:
    limits = Limits(max_bot_moves=30)
    with client_class()(create_app(db_url, bot_delay=0.0, limits=limits)) as client:
        t = client.post("/api/tables", json={**BOTS, "options": {"target": 10000}}).json()
        deadline = time.monotonic() + 60
        while (summary := client.get(f"/api/tables/{t['id']}").json())["status"] == "open":
            assert time.monotonic() < deadline, summary
            time.sleep(0.05)
        assert summary["moves"] == 30
        assert summary["result"].startswith("stopped: a table of bots alone ends after 30")
        finished = {x["id"] for x in client.get("/api/tables?status=finished").json()}
        assert t["id"] in finished
    # a restart does not resume it, and it takes no move
    with client_class()(create_app(db_url, bot_delay=0.0, limits=limits)) as client:
        assert client.get(f"/api/tables/{t['id']}").json()["moves"] == 30
        assert client.get(f"/api/tables/{t['id']}/view").json()["result"].startswith("stopped")


def test_idle_tables_are_closed_and_resume_keeps_to_the_bot_cap(db_url) -> None:
    store = Store(db_url)
    manager = TableManager(store, limits=Limits(max_bot_tables=1, idle_hours=1.0))
    idle = manager.create("warp99", 2, {}, ["human", "greedy"]).id
    busy = manager.create("warp99", 2, {}, ["human", "greedy"]).id
    assert manager.close_idle(now=time.time()) == 0
    assert manager.close_idle(now=time.time() + 3 * 3600) == 2  # both idle by then
    assert store.load(idle).status == store.load(busy).status == "stopped"
    assert "closed after 1 hours without a move" in store.load(idle).result
    assert manager.get(idle).finished
    # two bot tables made under an old, larger cap: only one resumes, the other stops
    for _ in range(2):
        store.create_table(
            kind="game",
            game_id="warp99",
            num_players=2,
            options={},
            seed=1,
            seats=["random", "random"],
            names=["a", "b"],
            token_hashes=[None, None],
        )

    async def resume() -> int:
        n = TableManager(store, bot_delay=60.0, limits=Limits(max_bot_tables=1)).resume()
        await asyncio.sleep(0)
        return n

    assert asyncio.run(resume()) == 1
    assert store.count_open(bots_only=True) == 1
    store.close()
