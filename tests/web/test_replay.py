"""The replay of a finished table: ``GET /api/tables/{id}/replay`` (the moves in notation) and
``GET /api/tables/{id}/replay/{step}?seat=`` (a position drawn for a seat, every hand open).
Refused while the game is played (it would show every hidden card) and for unknown tables."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

import ninetynine

from .conftest import new_table

SEED = 4_242_424_242


def finished_table(client, game: str = "warp99", players: int = 2) -> str:
    t = new_table(client, game=game, players=players, seats=["greedy"] * players, seed=SEED)
    for _ in range(1500):
        if client.get(f"/api/tables/{t['id']}").json()["status"] == "finished":
            return str(t["id"])
        time.sleep(0.02)
    raise AssertionError("the bots did not finish")


def states_of(client, tid: str) -> list:
    record = ninetynine.parse_record(client.get(f"/api/tables/{tid}/record").text)
    return [st.clone() for st, _ in record.replay()]


def test_unknown_and_live_tables_have_no_replay(client) -> None:
    r = client.get("/api/tables/nosuchtable/replay")
    assert r.status_code == 404 and r.json()["code"] == "not_found"
    assert client.get("/api/tables/nosuchtable/replay/0").status_code == 404
    t = new_table(client, game="warp99", players=2, seats=["human", "greedy"], seed=SEED)
    for path in ("replay", "replay/0", "replay/0?seat=1"):
        r = client.get(f"/api/tables/{t['id']}/{path}")
        assert r.status_code == 409, path
        assert r.json()["code"] == "not_finished"
        assert str(SEED) not in r.text
        assert "observation" not in r.text


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_a_finished_game_replays_step_by_step_with_every_hand(client, game_id: str) -> None:
    tid = finished_table(client, game_id)
    states = states_of(client, tid)
    game = states[0].game
    outline = client.get(f"/api/tables/{tid}/replay").json()
    assert outline["steps"] == len(states) - 1
    assert outline["terminal"] and outline["result"]
    assert outline["renderer"].startswith("/static/games/")
    assert len(outline["moves"]) == outline["steps"]
    history = states[-1].history()
    for m in outline["moves"]:  # every move in notation, by its seat, once the game is over
        before = states[m["n"] - 1]
        assert m["seat"] == before.current_player()
        assert m["move"] == before.action_to_string(history[m["n"] - 1])
    for k in sorted({0, 1, len(states) // 2, len(states) - 1}):
        for seat in (0, 1, None):
            q = "spectator" if seat is None else seat
            v = client.get(f"/api/tables/{tid}/replay/{k}", params={"seat": q}).json()
            st = states[k]
            assert v["step"] == k and v["seat"] == seat and v["legal"] == []
            assert v["observation"] == st.observation(seat)
            assert v["current_player"] == st.current_player()
            assert v["terminal"] == st.is_terminal()
            # every seat's own view at that step, side by side
            assert [b["text"] for b in v["boards"]] == [
                game.render_observation(st.observation(i), markup=False, names=outline["names"])
                for i in range(game.num_players)
            ]
            nxt = v["next_move"]
            assert nxt == (outline["moves"][k] if k < outline["steps"] else None)


def test_replay_refuses_a_step_or_seat_outside_the_game(client) -> None:
    tid = finished_table(client)
    steps = client.get(f"/api/tables/{tid}/replay").json()["steps"]
    for path in (f"replay/{steps + 1}", "replay/-1", "replay/0?seat=2", "replay/0?seat=x"):
        r = client.get(f"/api/tables/{tid}/{path}")
        assert r.status_code == 400, path
    assert client.get(f"/replay/{tid}").status_code == 200
