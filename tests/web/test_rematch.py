"""Rematch: any seat of a finished table starts one (``POST /api/tables/{id}/rematch``): the
same game, options, seats and names, a new deal drawn by the server, and the old invite links
(the same seat tokens) open it; the old table records it and its viewers are told."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from .conftest import new_table, old_store, receive_until, stored_table

SEED = 31_337


def play_out(client, tid: str, tokens: list[str]) -> None:
    """Both seats play their first legal move until the game is over (over HTTP)."""
    for _ in range(2000):
        views = [client.get(f"/api/tables/{tid}/view", params={"token": t}).json() for t in tokens]
        if views[0]["terminal"]:
            return
        seat = views[0]["current_player"]
        v = views[seat]
        r = client.post(
            f"/api/tables/{tid}/moves",
            json={"token": tokens[seat], "action": v["legal"][0]["id"], "version": v["version"]},
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def two_people(client) -> tuple[str, list[str]]:
    t = new_table(
        client,
        game="ono99",
        players=2,
        seats=["human", "human"],
        names=["Ann", "Bo"],
        seed=SEED,
        options={},
    )
    return t["id"], [s["token"] for s in t["seats"]]


def test_a_rematch_keeps_seats_and_links_and_deals_again(client) -> None:
    tid, tokens = two_people(client)
    r = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]})
    assert r.status_code == 409 and r.json()["code"] == "not_finished"
    play_out(client, tid, tokens)
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as ws:
        receive_until(ws, lambda m: m["terminal"] and m["rematch"] is None)
        r = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]})
        assert r.status_code == 200, r.text
        new = r.json()
        told = receive_until(ws, lambda m: m["rematch"] is not None)[-1]
        assert told["rematch"] == new["id"]  # the other seat's open page is told
    assert new["play"] == f"/play/{new['id']}/{tokens[0]}"
    # the other seat asking too gets the same rematch
    again = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[1]}).json()
    assert again["id"] == new["id"]
    assert client.get(f"/api/tables/{tid}").json()["rematch"] == new["id"]
    # the old seat tokens open the new table, each as its own seat
    for seat, token in enumerate(tokens):
        v = client.get(f"/api/tables/{new['id']}/view", params={"token": token}).json()
        assert v["seat"] == seat and v["version"] == 0 and not v["terminal"]
        assert v["names"] == ["Ann", "Bo"] and v["rematch"] is None
        assert v["fixed_deal"] is False  # the server dealt it
    old = client.app.state.manager.store.load(tid)
    fresh = client.app.state.manager.store.load(new["id"])
    assert (fresh.game_id, fresh.options, fresh.seats, fresh.names, fresh.token_hashes) == (
        old.game_id,
        old.options,
        old.seats,
        old.names,
        old.token_hashes,
    )
    assert fresh.seed != old.seed and fresh.moves == []


def test_only_a_seat_of_a_finished_table_starts_a_rematch(client) -> None:
    assert client.post("/api/tables/nosuch/rematch", json={"token": "x"}).status_code == 404
    tid, tokens = two_people(client)
    play_out(client, tid, tokens)
    assert client.post(f"/api/tables/{tid}/rematch", json={}).status_code == 400
    r = client.post(f"/api/tables/{tid}/rematch", json={"token": "not-a-seat"})
    assert r.status_code == 403
    assert client.get(f"/api/tables/{tid}").json()["rematch"] is None


def test_a_database_from_before_rematches_is_brought_up_to_date(tmp_path) -> None:
    # the schema as it was: no rematch column
    store = old_store(tmp_path, "ALTER TABLE tables DROP COLUMN rematch")
    tid = stored_table(store, seats=("human", "greedy"))
    assert store.load(tid).rematch is None
    assert store.set_rematch(tid, "other") == "other"
    assert store.set_rematch(tid, "third") == "other"  # the first one stays
    store.close()
