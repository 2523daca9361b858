"""Several server processes on one PostgreSQL database (``ninetynine serve --workers N``, or
separate ``serve`` processes): a move made through one reaches the viewers connected to another
(``NOTIFY``), two processes cannot both play a move (the store's version check), and killing any
process (SIGKILL) loses no acknowledged move: another one takes over the table and its bots.

Runs only on PostgreSQL (``NINETYNINE_TEST_DATABASE_URL=postgresql+psycopg://...``, as
``scripts/test-postgres`` sets it); skipped loudly on SQLite, where one process holds every table.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")

import ninetynine  # noqa: E402
from ninetynine.web.store import Store  # noqa: E402

SEED = 77


def _need_postgresql(db_url: str) -> None:
    if db_url.startswith("postgresql"):
        return
    reason = (
        "it needs PostgreSQL: NINETYNINE_TEST_DATABASE_URL=postgresql+psycopg://... "
        "(scripts/test-postgres sets it)"
    )
    if os.environ.get("CI") and os.environ.get("NINETYNINE_TEST_DATABASE_URL"):
        pytest.fail(f"MULTI-PROCESS TEST CANNOT RUN ON CI: {reason}")
    pytest.skip(f"MULTI-PROCESS TEST SKIPPED: {reason}")


class Watcher:
    """A WebSocket viewer in a thread, keeping every message it receives."""

    def __init__(self, base: str, tid: str, token: str | None = None) -> None:
        url = base.replace("http://", "ws://") + f"/ws/tables/{tid}"
        connection = ws_client.connect(url + (f"?token={token}" if token else ""), max_size=2**22)
        self.ws = connection.__enter__()  # (used as a context manager, closed by close())
        self.messages: list[dict[str, Any]] = []
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            for raw in self.ws:
                self.messages.append(json.loads(raw))
        except Exception:  # the server went away
            pass

    def versions(self) -> list[int]:
        return [m["version"] for m in list(self.messages) if m.get("type") == "state"]

    def wait_version(self, version: int, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(v >= version for v in self.versions()):
                return
            time.sleep(0.02)
        raise AssertionError(f"no view of version {version}: saw {self.versions()[-5:]}")

    def wait_chat(self, text: str, timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for m in list(self.messages):
                for line in m.get("messages", []) if m.get("type") == "chat" else []:
                    if line["text"] == text:
                        return line
            time.sleep(0.02)
        raise AssertionError(f"no chat line {text!r}")

    def close(self) -> None:
        self.ws.close()


def _my_turn(base: str, tid: str, token: str, timeout: float = 30.0) -> dict[str, Any]:
    """The seat's view once it is to move (or the game is over): the bots moved."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = httpx.get(f"{base}/api/tables/{tid}/view", params={"token": token}, timeout=10).json()
        if v["legal"] or v["terminal"]:
            return v
        time.sleep(0.05)
    raise AssertionError("the bots did not move")


def _play(base: str, tid: str, token: str, acked: dict[int, int]) -> dict[str, Any]:
    """One move of the seat (its first legal one) through ``base``; records it in ``acked``
    (move number -> action) once the server acknowledged it."""
    v = _my_turn(base, tid, token)
    assert not v["terminal"], "the game ended too soon for this test"
    action = v["legal"][0]["id"]
    r = httpx.post(
        f"{base}/api/tables/{tid}/moves",
        json={"token": token, "action": action, "version": v["version"]},
        timeout=10,
    )
    assert r.status_code == 200, r.text
    acked[v["version"]] = action
    return dict(r.json())


def _send_at_once(
    go: threading.Barrier, answers: list[Any], base: str, tid: str, body: dict[str, Any]
) -> None:
    go.wait()
    answers.append(httpx.post(f"{base}/api/tables/{tid}/moves", json=body, timeout=10))


def test_moves_reach_the_other_process_and_killing_either_loses_nothing(
    server_factory, db_url
) -> None:
    _need_postgresql(db_url)
    a, b = server_factory(), server_factory()
    r = httpx.post(
        f"{a.base}/api/tables",
        json={"game": "warp99", "players": 2, "seats": ["human", "greedy"], "seed": SEED},
        timeout=10,
    )
    assert r.status_code == 201, r.text
    tid, token = r.json()["id"], r.json()["seats"][0]["token"]
    acked: dict[int, int] = {}
    spectator_b = Watcher(b.base, tid)
    try:
        # moves made through A (whose process plays the bot) reach a spectator of B
        for _ in range(3):
            after = _play(a.base, tid, token, acked)
            spectator_b.wait_version(after["version"])
        bot_moved = _my_turn(a.base, tid, token)  # the bot, played by A, reached B as well
        spectator_b.wait_version(bot_moved["version"])
        assert spectator_b.messages[-1]["seat"] is None
        assert "hand" not in spectator_b.messages[-1]["observation"]

        # A dies (SIGKILL): B has every acknowledged move, takes over the bot, plays on
        a.kill()
        view = _my_turn(b.base, tid, token)
        assert view["version"] >= bot_moved["version"]
        for _ in range(3):
            after = _play(b.base, tid, token, acked)
            spectator_b.wait_version(after["version"])
        last_b = _my_turn(b.base, tid, token)  # B now plays the bot

        # a new process C, then B dies: C goes on from every move B acknowledged
        c = server_factory()
        spectator_c = Watcher(c.base, tid)
        spectator_c.wait_version(last_b["version"])
        b.kill()
        for _ in range(2):
            after = _play(c.base, tid, token, acked)
            spectator_c.wait_version(after["version"])
        final = _my_turn(c.base, tid, token)
        spectator_c.close()
    finally:
        spectator_b.close()

    # nothing acknowledged was lost, and the stored moves replay the game every process showed
    store = Store(db_url)
    try:
        stored = store.load(tid)
    finally:
        store.close()
    assert stored is not None
    moves = [action for _, action in stored.moves]
    assert len(moves) >= final["version"]
    for n, action in acked.items():
        assert moves[n] == action, f"acknowledged move {n + 1} is not the stored one"
    state = ninetynine.load_game("warp99", num_players=2).new_initial_state(SEED)
    for action in moves[: final["version"]]:
        state.apply_action(action)
    assert final["observation"] == state.observation(0)


def test_the_same_move_through_two_processes_goes_in_once(server_factory, db_url) -> None:
    """Two processes get a move for the same table at once: one plays it, the other answers
    409; the game does not fork. A chat line said on one reaches a seat on the
    other."""
    _need_postgresql(db_url)
    a, b = server_factory(), server_factory()
    r = httpx.post(
        f"{a.base}/api/tables",
        json={"game": "tripwire", "players": 2, "seats": ["human", "human"], "seed": SEED},
        timeout=10,
    )
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    tokens = [s["token"] for s in r.json()["seats"]]
    seat1_on_b = Watcher(b.base, tid, tokens[1])
    try:
        for round_ in range(4):
            view = httpx.get(f"{a.base}/api/tables/{tid}/view", timeout=10).json()
            p = view["current_player"]
            mine = httpx.get(
                f"{b.base}/api/tables/{tid}/view", params={"token": tokens[p]}, timeout=10
            ).json()
            assert mine["version"] == view["version"] == round_
            body = {"token": tokens[p], "action": mine["legal"][0]["id"], "version": round_}
            answers: list[httpx.Response] = []
            go = threading.Barrier(2)

            threads = [
                threading.Thread(target=_send_at_once, args=(go, answers, x.base, tid, body))
                for x in (a, b)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            codes = sorted(x.status_code for x in answers)
            assert codes == [200, 409], [x.text for x in answers]
            # the loser is told "stale" (its process learnt of the other move when storing
            # its own) or "not your turn" (it had heard of it already), as one process does
            lost = [x.json()["code"] for x in answers if x.status_code == 409]
            assert lost in (["stale"], ["not_your_turn"]), lost
            seat1_on_b.wait_version(round_ + 1)
            views = [
                httpx.get(f"{x.base}/api/tables/{tid}/view", timeout=10).json() for x in (a, b)
            ]
            assert views[0]["version"] == views[1]["version"] == round_ + 1
            assert views[0]["observation"] == views[1]["observation"]
        seat0_on_a = Watcher(a.base, tid, tokens[0])
        seat0_on_a.wait_version(4)
        seat0_on_a.ws.send(json.dumps({"type": "chat", "text": "hello from A"}))
        line = seat1_on_b.wait_chat("hello from A")
        assert line["seat"] == 0
        seat0_on_a.close()
    finally:
        seat1_on_b.close()
    store = Store(db_url)
    try:
        stored = store.load(tid)
    finally:
        store.close()
    assert stored is not None and len(stored.moves) == 4


def test_an_analysis_started_on_one_process_is_polled_on_the_other(server_factory, db_url) -> None:
    """Behind one address the page's polls may reach another worker than the one running the
    analysis: that one answers with the progress the runner stored."""
    _need_postgresql(db_url)
    a, b = server_factory(), server_factory()
    r = httpx.post(
        f"{a.base}/api/tables",
        json={"game": "warp99", "players": 2, "seats": ["greedy", "greedy"], "seed": SEED},
        timeout=10,
    )
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{a.base}/api/tables/{tid}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    job = httpx.post(
        f"{a.base}/api/tables/{tid}/analysis", json={"step": 1, "games": 2}, timeout=10
    ).json()
    deadline = time.monotonic() + 60
    while True:
        polled = httpx.get(f"{b.base}/api/analysis/{job['id']}", timeout=10)
        if polled.status_code == 200 and polled.json()["done"]:
            break
        assert time.monotonic() < deadline, polled.text
        time.sleep(0.1)
    here = httpx.get(f"{a.base}/api/analysis/{job['id']}", timeout=10).json()
    assert polled.json() == here and here["candidates"]
    assert httpx.get(f"{b.base}/api/analysis/nosuch", timeout=10).status_code == 404


def test_processes_starting_at_once_on_an_empty_database_make_the_schema_once(db_url) -> None:
    """``serve --workers N`` on a new database: every worker creates the schema at the same
    moment; one makes it, the others find it (no "already exists" error)."""
    _need_postgresql(db_url)
    go = threading.Barrier(4)
    errors: list[BaseException] = []
    stores: list[Store] = []

    def start() -> None:
        go.wait()
        try:
            stores.append(Store(db_url))
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in stores:
        s.close()
    assert not errors, errors
    assert len(stores) == 4


def test_serve_with_workers_serves_one_address(server_factory, db_url) -> None:
    """``ninetynine serve --workers 2``: two processes on one port; a move reaches every
    spectator, whichever worker the kernel gave its connection to."""
    _need_postgresql(db_url)
    server = server_factory(args=("--workers", "2"))
    r = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "tripwire", "players": 2, "seats": ["human", "human"], "seed": SEED},
        timeout=10,
    )
    assert r.status_code == 201, r.text
    tid, token = r.json()["id"], r.json()["seats"][0]["token"]
    spectators = [Watcher(server.base, tid) for _ in range(6)]
    try:
        for s in spectators:
            s.wait_version(0)
        view = httpx.get(f"{server.base}/api/tables/{tid}/view", params={"token": token}).json()
        seat = view["current_player"]
        token = r.json()["seats"][seat]["token"]
        view = httpx.get(f"{server.base}/api/tables/{tid}/view", params={"token": token}).json()
        moved = httpx.post(
            f"{server.base}/api/tables/{tid}/moves",
            json={"token": token, "action": view["legal"][0]["id"], "version": 0},
            timeout=10,
        )
        assert moved.status_code == 200, moved.text
        for s in spectators:
            s.wait_version(1)
    finally:
        for s in spectators:
            s.close()
