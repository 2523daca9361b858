"""The turn timer (``turn_seconds`` at creation): every view tells the seconds left for the
person to move; when they run out, greedy plays that seat's move and the log says so."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from ninetynine.web import tables as tables_module

from .conftest import new_table, receive_until


def timed_out(msg: dict) -> bool:
    return any("time ran out" in ev for e in msg["log"] for ev in e["events"])


def test_a_person_whose_time_runs_out_has_greedy_play_for_them(client, monkeypatch) -> None:
    monkeypatch.setattr(tables_module, "MIN_TURN_SECONDS", 1)
    t = new_table(
        client, game="warp99", players=2, seats=["human", "greedy"], names=["Ann"], turn_seconds=1
    )
    tid, token = t["id"], t["seats"][0]["token"]
    assert client.get(f"/api/tables/{tid}").json()["turn_seconds"] == 1
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        first = receive_until(ws, lambda m: bool(m["legal"]))[-1]
        assert first["turn_seconds"] == 1 and 0 <= first["turn_left"] <= 1
        # Ann does nothing: her move is made for her
        msg = receive_until(ws, timed_out)[-1]
    entry = next(e for e in msg["log"] if any("time ran out" in ev for ev in e["events"]))
    assert entry["seat"] == 0 and entry["n"] == first["version"] + 1
    assert "Ann's time ran out: greedy played this move" in entry["events"]


def test_no_timer_without_the_setting(client) -> None:
    t = new_table(client, game="warp99", players=2, seats=["human", "greedy"])
    v = client.get(f"/api/tables/{t['id']}/view", params={"token": t["seats"][0]["token"]})
    assert v.json()["turn_seconds"] is None and v.json()["turn_left"] is None


@pytest.mark.parametrize("bad", [4, 3601, "30", 2.5, True])
def test_a_bad_turn_timer_is_refused(client, bad) -> None:
    r = client.post("/api/tables", json={"game": "warp99", "turn_seconds": bad})
    assert r.status_code == 400 and "turn_seconds" in r.json()["error"]
