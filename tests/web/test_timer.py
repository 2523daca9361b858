"""The turn timer (``turn_seconds`` at creation): every view tells the seconds left for the
person to move; when they run out, greedy plays that seat's move and the log says so."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from ninetynine.web import tables as tables_module

from .conftest import new_table, old_store, play_first_moves, receive_until, stored_table


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


def test_a_timed_out_moves_note_is_kept_with_the_table(db_url, monkeypatch) -> None:
    """The log's "time ran out" note was kept only in memory: a restarted server (or the
    replay of the finished game) showed the move without it. It is stored with the move."""
    from ninetynine.web.app import create_app

    from .conftest import client_class

    monkeypatch.setattr(tables_module, "MIN_TURN_SECONDS", 1)
    note = "Ann's time ran out: greedy played this move"
    with client_class()(create_app(db_url, bot_delay=0.0)) as client:
        t = new_table(
            client,
            game="ono99",
            players=2,
            seats=["human", "greedy"],
            names=["Ann"],
            turn_seconds=1,
        )
        tid, token = t["id"], t["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            msg = receive_until(ws, timed_out)[-1]
        n = next(e["n"] for e in msg["log"] if note in e["events"])

    # a new server on the same database: the note is still in the log
    with client_class()(create_app(db_url, bot_delay=0.0)) as client:
        view = client.get(f"/api/tables/{tid}/view", params={"token": token}).json()
        assert any(e["n"] == n and note in e["events"] for e in view["log"]), view["log"]
        # Ann plays the game out (fast); the replay of the finished game has the note too
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            play_first_moves(ws)
        outline = client.get(f"/api/tables/{tid}/replay").json()
        assert note in outline["moves"][n - 1]["events"]


def test_a_database_from_before_move_notes_is_brought_up_to_date(tmp_path) -> None:
    # the schema as it was: moves without a note
    store = old_store(tmp_path, "ALTER TABLE moves DROP COLUMN note")
    tid = stored_table(store)
    store.append_move(tid, 0, 0, 3, "open")
    store.append_move(tid, 1, 1, 4, "open", note="b's time ran out: greedy played this move")
    loaded = store.load(tid)
    assert loaded.moves == [(0, 3), (1, 4)]
    assert loaded.notes == {1: "b's time ran out: greedy played this move"}
    store.close()
