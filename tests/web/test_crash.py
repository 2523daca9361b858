"""Crash safety: the server as a process, killed with SIGKILL mid-game, restarted.

Every move the server acknowledged is in the database (one transaction per move), so the
restarted server replays to exactly the state the players had, and the game goes on.
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
httpx = pytest.importorskip("httpx")

import ninetynine  # noqa: E402
from ninetynine.web.store import Store  # noqa: E402

SEED = 4242


def _my_turn(base: str, tid: str, token: str, seen: dict[int, str]) -> dict:
    for _ in range(500):
        v = httpx.get(f"{base}/api/tables/{tid}/view", params={"token": token}, timeout=10).json()
        seen.update({e["n"]: e["move"] for e in v["log"]})
        if v["legal"] or v["terminal"]:
            return v
        time.sleep(0.02)
    raise AssertionError("the bots did not move")


def _move(base: str, tid: str, token: str, view: dict, k: int = 0) -> dict:
    r = httpx.post(
        f"{base}/api/tables/{tid}/moves",
        timeout=10,
        json={"token": token, "action": view["legal"][k]["id"], "version": view["version"]},
    )
    assert r.status_code == 200, r.text
    return r.json()


def _stored_state(db_url: str, tid: str):
    store = Store(db_url)
    try:
        stored = store.load(tid)
    finally:
        store.close()
    assert stored is not None
    state = ninetynine.load_game("warp99", num_players=3).new_initial_state(SEED)
    for _, action in stored.moves:
        state.apply_action(action)
    return state


def test_sigkill_mid_game_loses_no_acknowledged_move(server_factory, db_url) -> None:
    server = server_factory()
    r = httpx.post(
        f"{server.base}/api/tables",
        timeout=10,
        json={"game": "warp99", "players": 3, "seats": ["human", "greedy", "greedy"], "seed": SEED},
    )
    assert r.status_code == 201, r.text
    tid, token = r.json()["id"], r.json()["seats"][0]["token"]
    seen: dict[int, str] = {}
    for _ in range(8):
        v = _my_turn(server.base, tid, token, seen)
        assert not v["terminal"]
        _move(server.base, tid, token, v, -1)
    view = _my_turn(server.base, tid, token, seen)
    # one more move, then SIGKILL at once: the bots may be thinking or writing
    acknowledged = _move(server.base, tid, token, view)["version"]
    seen.update({acknowledged: view["legal"][0]["text"]})
    server.kill()

    state = _stored_state(db_url, tid)
    history = state.history()
    assert len(history) >= acknowledged > 16
    replay = ninetynine.load_game("warp99", num_players=3).new_initial_state(SEED)
    for n, action in enumerate(history, 1):  # every move anyone saw is the stored move
        if n in seen:
            assert replay.action_to_string(action) == seen[n]
        replay.apply_action(action)

    server = server_factory()
    after = _my_turn(server.base, tid, token, {})  # a bot that was to move moves now
    assert after["version"] >= len(history)
    assert after["observation"] == _stored_state(db_url, tid).observation(0)
    # the game goes on after the restart
    assert _move(server.base, tid, token, after)["version"] == after["version"] + 1
