"""Several server processes on one PostgreSQL database: who plays a table's bots, and how the
others hear of its moves.

PostgreSQL is the source of truth: every move is appended in one transaction that succeeds only
if the table has exactly as many moves as the mover saw (:meth:`Store.append_move`), so two
processes can never both append the same move and a game cannot fork; the same transaction sends
``NOTIFY`` :data:`~ninetynine.web.store.CHANNEL` with the table id.

- :class:`Listener`: a thread per process, on its own connection, ``LISTEN``\\ s on the channel
  and hands each table id to the event loop (which reloads that table's new moves, chat and
  status from the database and sends its viewers their views). After a lost connection it
  reconnects and reports ``None``: every table must be reloaded (notifications were missed).
- :class:`Leases`: a table's bots (and nothing else) are run by the one process holding its
  session-level advisory lock (``pg_try_advisory_lock``), on a connection of its own. A process
  that dies (SIGKILL included) closes that connection and PostgreSQL frees its locks; another
  process holding the table takes the lease at its next try (:data:`ADOPT_SECONDS`).

A person's move may be made through any process. With SQLite none of this runs: one process
holds every table (``ninetynine serve --workers`` refuses SQLite).

See ``docs/architecture.md`` for the design across machines.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Engine

from .store import CHANNEL

log = logging.getLogger("ninetynine.web")

#: How often a process retries the leases of the tables it holds whose bots nobody plays
#: (their owner died), in seconds.
ADOPT_SECONDS = 1.0
#: Wait before reconnecting a lost listener connection, in seconds (doubling up to 8x).
RECONNECT_SECONDS = 0.5


def _connect(engine: Engine, autocommit: bool = True) -> Any:
    """A new DB-API connection (psycopg) with the engine's own connection arguments, outside
    its pool: it lives as long as the process (its locks and ``LISTEN`` with it)."""
    args, kwargs = engine.dialect.create_connect_args(engine.url)
    conn = engine.dialect.loaded_dbapi.connect(*args, **kwargs)
    conn.autocommit = autocommit
    return conn


def lock_key(table_id: str) -> int:
    """The advisory lock key of a table: a signed 64-bit number from its id."""
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)


#: How long the listening thread waits for a notification before it looks whether it is to
#: stop: what a server's shutdown (and each test's teardown) waits at most. An idle wake-up is
#: one poll on the socket.
POLL_SECONDS = 0.1


class Listener:
    """``LISTEN`` on :data:`~ninetynine.web.store.CHANNEL` in a daemon thread; each
    notification's payload (a table id) goes to ``deliver`` (called from the thread: it must
    hand over to the event loop itself, e.g. with ``loop.call_soon_threadsafe``); ``None``
    after a reconnection (some notifications may have been missed)."""

    def __init__(self, engine: Engine, deliver: Callable[[str | None], None]) -> None:
        self.engine = engine
        self.deliver = deliver
        self._stop = threading.Event()
        self._conn: Any = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ninetynine-listen", daemon=True)

    def start(self, timeout: float = 10.0) -> None:
        """Start listening; returns once ``LISTEN`` is in place (or after ``timeout``)."""
        self._thread.start()
        self._ready.wait(timeout)

    def stop(self) -> None:
        """Stop listening (within :data:`POLL_SECONDS`)."""
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        delay = RECONNECT_SECONDS
        first = True
        while not self._stop.is_set():
            try:
                self._conn = _connect(self.engine)
                self._conn.execute(f"LISTEN {CHANNEL}")
                self._ready.set()
                if not first:
                    self.deliver(None)  # missed notifications: reload every table
                first = False
                delay = RECONNECT_SECONDS
                while not self._stop.is_set():
                    for note in self._conn.notifies(timeout=POLL_SECONDS):  # then look at _stop
                        self.deliver(note.payload)
            except Exception as e:
                if self._stop.is_set():
                    break
                log.warning("table notifications: connection lost (%r); reconnecting", e)
                time.sleep(delay)
                delay = min(delay * 2, RECONNECT_SECONDS * 8)
            finally:
                conn, self._conn = self._conn, None
                if conn is not None:
                    with contextlib.suppress(Exception):
                        conn.close()


class Leases:
    """The tables whose bots this process plays: PostgreSQL session advisory locks held on
    one connection of this process (used from the event loop's thread only)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._conn: Any = None
        self.held: set[str] = set()

    def _connection(self) -> Any:
        if self._conn is None or self._conn.closed:
            self.held.clear()  # a new session holds no lock
            self._conn = _connect(self.engine)
        return self._conn

    def own(self, table_id: str) -> bool:
        """Hold the lease of ``table_id`` (``True`` if this process holds it now: taken now or
        before); ``False``: another process plays this table's bots."""
        if table_id in self.held:
            return True
        try:
            row = (
                self._connection()
                .execute("SELECT pg_try_advisory_lock(%s)", (lock_key(table_id),))
                .fetchone()
            )
        except Exception as e:
            log.warning("table %s: lease not taken: %r", table_id, e)
            self._conn = None
            return False
        if row and row[0]:
            self.held.add(table_id)
            return True
        return False

    def release(self, table_id: str) -> None:
        """Give up the lease of ``table_id`` (its game is over, or it left memory)."""
        if table_id not in self.held:
            return
        self.held.discard(table_id)
        try:
            self._connection().execute(
                "SELECT pg_advisory_unlock(%s)", (lock_key(table_id),)
            ).fetchone()
        except Exception as e:  # the session is gone: so is the lock
            log.debug("table %s: lease release: %r", table_id, e)

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None
        self.held.clear()
