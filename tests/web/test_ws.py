"""The table WebSocket: views per seat, moves, errors, bots, presence, reconnection."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

import ninetynine
from ninetynine.agents import make_agent

from .conftest import client_class, my_turn_or_over, new_table, receive_until


def _ws(client, tid, token=None):
    q = f"?token={token}" if token else ""
    return client.websocket_connect(f"/ws/tables/{tid}{q}")


def test_each_connection_gets_its_own_seat_and_spectators_the_public_view(client) -> None:
    t = new_table(client, game="warp99", players=2, seats=["human", "human"], seed=31)
    tid = t["id"]
    state = ninetynine.load_game("warp99", num_players=2).new_initial_state(31)
    with (
        _ws(client, tid, t["seats"][0]["token"]) as a,
        _ws(client, tid, t["seats"][1]["token"]) as b,
        _ws(client, tid) as spectator,
    ):
        va = receive_until(a, lambda m: all(m["present"]))[-1]
        vb = receive_until(b, lambda m: all(m["present"]))[-1]
        vs = spectator.receive_json()
    assert va["seat"] == 0 and va["observation"] == state.observation(0)
    assert vb["seat"] == 1 and vb["observation"] == state.observation(1)
    assert vs["seat"] is None and vs["observation"] == state.observation(None)
    assert "hand" not in vs["observation"] and vs["legal"] == []
    assert [m["id"] for m in va["legal"]] == state.legal_actions() and vb["legal"] == []
    assert va["board_text"] != vb["board_text"]


def test_errors_are_clear_and_change_nothing(client) -> None:
    t = new_table(client, game="warp99", players=2, seats=["human", "human"], seed=32)
    tid = t["id"]
    with (
        _ws(client, tid, t["seats"][0]["token"]) as a,
        _ws(client, tid, t["seats"][1]["token"]) as b,
    ):
        first = receive_until(a, lambda m: all(m["present"]))[-1]
        receive_until(b, lambda m: all(m["present"]))
        legal = first["legal"][0]["id"]

        def error_for(ws, text):
            ws.send_text(text)
            msg = ws.receive_json()
            assert msg["type"] == "error", msg
            assert "Traceback" not in msg["message"]
            return msg

        assert (
            error_for(b, f'{{"type":"move","action":{legal},"version":0}}')["code"]
            == "not_your_turn"
        )
        assert error_for(a, "{this is not json")["code"] == "bad_message"
        assert error_for(a, "[1,2]")["code"] == "bad_message"
        assert error_for(a, '{"type":"dance"}')["code"] == "bad_message"
        assert error_for(a, '{"type":"move","action":"R7","version":0}')["code"] == "bad_message"
        assert error_for(a, '{"type":"move","action":-1,"version":0}')["code"] == "illegal"
        assert error_for(a, '{"type":"move","notation":"R99>7","version":0}')["code"] == "illegal"
        assert error_for(a, '{"type":"move","action":335,"version":0}')["code"] == "illegal"
        assert error_for(a, f'{{"type":"move","action":{legal}}}')["code"] == "bad_message"
        assert error_for(a, "x" * 20000)["code"] == "bad_message"
        assert error_for(a, "[" * 8000 + "]" * 8000)["code"] == "bad_message"
        a.send_bytes(b"\x00\x01")
        assert a.receive_json()["code"] == "bad_message"
        stale = error_for(a, f'{{"type":"move","action":{legal},"version":5}}')
        assert stale["code"] == "stale" and "move 0" in stale["message"]
        assert a.receive_json()["type"] == "state"  # a stale move is answered with the view
        assert client.get(f"/api/tables/{tid}").json()["moves"] == 0
        a.send_json({"type": "move", "action": legal, "version": 0})
        after = a.receive_json()
        assert after["version"] == 1 and after["log"][0]["move"] == first["legal"][0]["text"]
        assert b.receive_json()["version"] == 1  # the other seat sees it too


def test_bad_or_missing_tokens_are_refused(client) -> None:
    t = new_table(client, game="ono99", players=2, seats=["human", "greedy"], seed=1)
    with _ws(client, t["id"], "forged-token") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "bad_token"
    with _ws(client, "no-such-table") as ws:
        assert ws.receive_json()["code"] == "not_found"
    with _ws(client, t["id"]) as spectator:
        spectator.receive_json()
        spectator.send_json({"type": "move", "action": 3, "version": 0})
        assert spectator.receive_json()["code"] == "spectator"
        spectator.send_json({"type": "hint"})
        assert spectator.receive_json()["code"] == "spectator"


def test_a_full_game_against_bots_to_the_end(client) -> None:
    """Seat 0 is played through the socket by a greedy agent that sees only the messages."""
    t = new_table(client, game="warp99", players=2, seats=["human", "greedy"], seed=77)
    game = ninetynine.load_game("warp99", num_players=2)
    me = make_agent("greedy", game, 0, seed=1)
    with _ws(client, t["id"], t["seats"][0]["token"]) as ws:
        view = receive_until(ws, my_turn_or_over)[-1]
        while not view["terminal"]:
            ids = [m["id"] for m in view["legal"]]
            ws.send_json(
                {
                    "type": "move",
                    "action": me.step(view["observation"], ids),
                    "version": view["version"],
                }
            )
            view = receive_until(ws, my_turn_or_over)[-1]
    assert view["result"].endswith("wins")
    assert sorted(view["returns"]) == [-1.0, 1.0]
    record = client.get(f"/api/tables/{t['id']}/record")
    assert record.status_code == 200
    final = ninetynine.parse_record(record.text).final_state()
    assert final.scores() == view["scores"]


def test_hint_gives_the_best_discard_sequence_for_warp99(client) -> None:
    t = new_table(client, game="warp99", players=2, seats=["human", "greedy"], seed=5)
    game = ninetynine.load_game("warp99", num_players=2)
    with _ws(client, t["id"], t["seats"][0]["token"]) as ws:
        view = receive_until(ws, my_turn_or_over)[-1]
        ws.send_json({"type": "hint"})
        msg = receive_until_type(ws, "hint")
    assert msg["text"] == game.hint(view["observation"])


def receive_until_type(ws, kind):
    for _ in range(100):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
        # an error answers the request: waiting on would block for ever
        assert msg["type"] != "error", f"expected {kind!r}, got {msg}"
    raise AssertionError(kind)


def test_away_seat_is_shown_and_the_same_link_returns_to_the_same_state(client) -> None:
    t = new_table(client, game="warp99", players=2, seats=["human", "human"], seed=12)
    tid, tok0, tok1 = t["id"], t["seats"][0]["token"], t["seats"][1]["token"]
    with _ws(client, tid, tok1) as b:
        receive_until(b, lambda m: m["present"] == [False, True])
        with _ws(client, tid, tok0) as a:
            v = receive_until(a, lambda m: m["present"] == [True, True])[-1]
            a.send_json({"type": "move", "action": v["legal"][0]["id"], "version": 0})
            before = receive_until(a, lambda m: m["version"] == 1)[-1]
            receive_until(b, lambda m: m["present"] == [True, True])
        # seat 0 closed the tab: seat 1 sees it away
        away = receive_until(b, lambda m: m["present"] == [False, True])[-1]
        assert away["version"] == 1
        with _ws(client, tid, tok0) as again:
            back = again.receive_json()
    assert back["seat"] == 0 and back["version"] == 1
    assert back["observation"] == before["observation"] and back["legal"] == before["legal"]


def test_tables_survive_an_app_restart(db_url) -> None:
    """A new app on the same database replays the stored moves to the same state."""
    from ninetynine.web.app import create_app

    TestClient = client_class()
    with TestClient(create_app(db_url)) as c:
        t = new_table(c, game="tripwire", players=3, seats=["human", "human", "human"], seed=8)
        toks = [s["token"] for s in t["seats"]]
        for _ in range(6):
            v = c.get(f"/api/tables/{t['id']}/view").json()
            p = v["current_player"]
            mine = c.get(f"/api/tables/{t['id']}/view", params={"token": toks[p]}).json()
            c.post(
                f"/api/tables/{t['id']}/moves",
                json={"token": toks[p], "action": mine["legal"][-1]["id"], "version": v["version"]},
            )
        views = [c.get(f"/api/tables/{t['id']}/view", params={"token": tok}).json() for tok in toks]
    with TestClient(create_app(db_url)) as c:
        again = [c.get(f"/api/tables/{t['id']}/view", params={"token": tok}).json() for tok in toks]
    assert again == views and views[0]["version"] == 6
