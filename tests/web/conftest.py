"""Fixtures for the web app tests: an app on a fresh SQLite file, clients, a server process.

Every test module here starts with ``pytest.importorskip`` of the web extra (fastapi, httpx), so
the suite still runs where the extra is not installed; CI installs it (``scripts/setup``).

Every test in a ``test_browser*.py`` module is marked ``browser``: it tests the page in Chromium,
not the database, so ``scripts/test-postgres`` leaves it out (``-m "not browser or
also_on_postgres"``) but for the one marked ``also_on_postgres``."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
SRC = HERE.parents[1] / "src"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.parent == HERE and item.path.name.startswith("test_browser"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite file; or, with ``NINETYNINE_TEST_DATABASE_URL`` set (e.g.
    ``postgresql+psycopg://user:password@localhost/db``), that database emptied first, to run
    the same tests against a real server."""
    url = os.environ.get("NINETYNINE_TEST_DATABASE_URL")
    if not url:
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    sqlalchemy = pytest.importorskip("sqlalchemy")
    from ninetynine.web.store import Base

    engine = sqlalchemy.create_engine(url)
    Base.metadata.drop_all(engine)
    engine.dispose()
    return url


@pytest.fixture
def client(db_url: str) -> Iterator[Any]:
    pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
    pytest.importorskip("httpx")
    from ninetynine.web.app import create_app

    TestClient = client_class()

    with TestClient(create_app(db_url, bot_delay=0.0)) as c:
        yield c


def client_class() -> Any:
    """Starlette's TestClient (its import warns that it would like a newer httpx; ours works)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    return TestClient


def new_table(client: Any, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def receive_until(ws: Any, pred: Any, limit: int = 5000) -> list[dict[str, Any]]:
    """Messages from ``ws`` up to and including the first state message ``pred`` accepts."""
    out = []
    for _ in range(limit):
        msg = ws.receive_json()
        out.append(msg)
        if msg.get("type") == "state" and pred(msg):
            return out
    raise AssertionError("no such message")


def my_turn_or_over(msg: dict[str, Any]) -> bool:
    return bool(msg["terminal"] or msg["legal"])


def play_first_moves(ws: Any) -> dict[str, Any]:
    """The seat on ``ws`` plays its first legal move each turn to the end; the last message."""
    while True:
        msg = receive_until(ws, my_turn_or_over)[-1]
        if msg["terminal"]:
            return msg
        ws.send_json({"type": "move", "action": msg["legal"][0]["id"], "version": msg["version"]})


def old_store(tmp_path: Path, *statements: str) -> Any:
    """A store on an SQLite file made with today's schema and then taken back to an older one
    by ``statements`` (SQL), reopened: what each schema upgrade is tested on."""
    import sqlalchemy

    from ninetynine.web.store import Store

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    Store(url).close()
    engine = sqlalchemy.create_engine(url)
    with engine.begin() as conn:
        for sql in statements:
            conn.execute(sqlalchemy.text(sql))
    engine.dispose()
    return Store(url)


def stored_table(
    store: Any,
    seats: tuple[str, str] = ("human", "human"),
    seed: int = 5,
    names: tuple[str, str] = ("a", "b"),
) -> str:
    """A two-seat Warp 99 table written to ``store`` directly (no app, no tokens): its id."""
    return str(
        store.create_table(
            kind="game",
            game_id="warp99",
            num_players=2,
            options={},
            seed=seed,
            seats=list(seats),
            names=list(names),
            token_hashes=[None, None],
        )
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m ninetynine serve`` as a child process on a free loopback port."""

    def __init__(self, db_url: str, bot_delay: float = 0.0, args: tuple[str, ...] = ()) -> None:
        self.db_url = db_url
        self.bot_delay = bot_delay
        self.args = args  # more ``serve`` options
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        import httpx

        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
        }
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "ninetynine",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
                "--bot-delay",
                str(self.bot_delay),
                *self.args,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"server exited with {self.proc.returncode}: {err}")
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("server did not start within 60 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        if self.proc and self.proc.stderr:
            self.proc.stderr.close()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One ``serve`` process (no bot delay) for every test of a module that only makes tables of
    its own and looks at them: a server start a module instead of one a test. A test that stops
    or restarts its server, passes it options or reads the lobby's list of tables takes its own
    (``server_factory``). Always on a SQLite file of its own, even under
    ``NINETYNINE_TEST_DATABASE_URL``: the browser tests that use it test the page, and
    ``db_url`` empties a shared database before each test."""
    url = f"sqlite:///{tmp_path_factory.mktemp('server') / 'tables.sqlite3'}"
    server = ServerProcess(url).start()
    yield server
    server.stop()


@pytest.fixture
def server_factory(db_url: str) -> Iterator[Any]:
    started: list[ServerProcess] = []

    def start(bot_delay: float = 0.0, args: tuple[str, ...] = ()) -> ServerProcess:
        s = ServerProcess(db_url, bot_delay, args).start()
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()
