"""Persistence of tables through SQLAlchemy: a table is its record, appended move by move.

A table row holds what a :class:`~ninetynine.core.records.GameRecord` header holds (game,
players, options, seed, who plays each seat) plus the server's own facts (seat token hashes,
status, times); the ``moves`` rows hold the accepted action ids in order. Every accepted move is
one transaction (insert the move, update the table's move count and status), so a server killed
at any instant (SIGKILL included) restarts with every move it acknowledged: replaying
``(game, options, seed, moves)`` rebuilds the same state.

Score sheets (the paper score sheet of the physical Warp 99 / Ninety Nine) are stored the same
way: ``kind = "sheet"``, one ``moves`` row per entry (see :mod:`ninetynine.web.sheet`).

The default database is an SQLite file in the user data directory
(``platformdirs.user_data_dir("ninetynine")/web/ninetynine.sqlite3``); any SQLAlchemy URL works
(``postgresql+psycopg://user:pass@host/db`` for a real deployment).

Seat tokens are never stored: only their SHA-256 (:func:`hash_token`), so a copy of the
database does not let anyone take a seat.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    inspect,
    literal,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table (a game or a score sheet)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), default="game")
    game_id: Mapped[str] = mapped_column(String(64))
    num_players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[str] = mapped_column(String(32))  # 0 .. 2**64-1 does not fit a signed bigint
    #: The creator chose the seed (a fixed deal, told to every seat), rather than the server.
    fixed_deal: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    seats: Mapped[str] = mapped_column(Text)  # JSON list: "human" or an agent spec per seat
    names: Mapped[str] = mapped_column(Text)  # JSON list of display names
    token_hashes: Mapped[str] = mapped_column(Text)  # JSON list: sha256 hex or null (bots)
    status: Mapped[str] = mapped_column(String(16), default="open")  # open|finished|stopped
    result: Mapped[str] = mapped_column(Text, default="")
    num_moves: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    #: The table of the rematch (same seats and seat tokens, a new deal), once one started.
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    #: The table's settings beyond the game (JSON object): ``spectator_chat`` (bool), ...
    settings: Mapped[str] = mapped_column(Text, default="{}", server_default="{}")
    #: The game's ``version`` (``Game.version``) the table was made with: its moves replay
    #: under those rules after an upgrade. ``None``: a table stored before this column
    #: (taken as the version of the code that runs it, as then).
    game_version: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)


class _TableLog:
    """The key of a line of a table's log (its moves, its chat): the table, the line's place
    in the log, and the seat it came from (the first columns: ``sort_order``)."""

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True, sort_order=-1
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, sort_order=-1)
    seat: Mapped[int] = mapped_column(Integer, sort_order=-1)


class MoveRow(_TableLog, Base):
    """One accepted move (or score-sheet entry) of a table, in order."""

    __tablename__ = "moves"

    action: Mapped[int] = mapped_column(BigInteger)
    created: Mapped[float] = mapped_column(Float)
    #: What the log says of this move beyond the game's own events (a turn timer's "time ran
    #: out" note), or ``None``.
    note: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)


class ChatRow(_TableLog, Base):
    """One line of a table's chat, in order."""

    __tablename__ = "chat"

    text: Mapped[str] = mapped_column(Text)
    created: Mapped[float] = mapped_column(Float)


#: The PostgreSQL ``NOTIFY`` channel of table changes (payload: the table id); every server
#: process sharing the database listens on it (:mod:`ninetynine.web.fanout`).
CHANNEL = "ninetynine_tables"

#: The advisory lock (a transaction's) under which a PostgreSQL schema is made or updated.
SCHEMA_LOCK = 0x6E696E657479  # "ninety"
_T = cast(Table, TableRow.__table__)
_M = cast(Table, MoveRow.__table__)
#: Move ``seq`` goes in only if the table has exactly ``seq`` moves: two writers (two server
#: processes) can never both append move ``seq``, so a game cannot fork.
_ADVANCE = (
    update(_T)
    .where(_T.c.id == bindparam("tid"), _T.c.num_moves == bindparam("seq"))
    .values(
        num_moves=bindparam("next"),
        status=bindparam("status"),
        result=bindparam("result"),
        updated=bindparam("now"),
    )
)
_INSERT_MOVE = insert(_M)
#: The same two statements for SQLite's DB-API (``sqlite3``), run on the raw connection.
_ADVANCE_SQLITE = (
    "UPDATE tables SET num_moves = ?, status = ?, result = ?, updated = ? "
    "WHERE id = ? AND num_moves = ?"
)
_INSERT_SQLITE = (
    "INSERT INTO moves (table_id, seq, seat, action, created, note) VALUES (?, ?, ?, ?, ?, ?)"
)
#: The same on PostgreSQL in one statement (its own transaction, one round trip): the move is
#: inserted only if the table row was advanced, and the notification sent only if it was.
_APPEND_PG = text(
    """
    WITH advanced AS (
        UPDATE tables SET num_moves = :next, status = :status, result = :result,
            updated = :now
        WHERE id = :tid AND num_moves = :seq
        RETURNING id
    ), inserted AS (
        INSERT INTO moves (table_id, seq, seat, action, created, note)
        SELECT id, :seq, :seat, :action, :now, :note FROM advanced
        RETURNING table_id
    )
    SELECT pg_notify(:channel, :payload) FROM inserted
    """
)


class StaleMove(RuntimeError):
    """A move appended on a table that has moved on since (another process moved first)."""


class ChatRate(RuntimeError):
    """A chat line refused: its seat already said its most lines in the window
    (:meth:`Store.add_chat`'s ``burst``); nothing was stored."""


class AnalysisRow(Base):
    """The progress of a replay analysis as its page reads it (JSON), for the page's polls
    that reach another server process than the one running it (PostgreSQL only)."""

    __tablename__ = "analyses"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    body: Mapped[str] = mapped_column(Text)
    updated: Mapped[float] = mapped_column(Float)


@dataclass
class StoredTable:
    """A table as read back from the store (moves in order)."""

    id: str
    kind: str
    game_id: str
    num_players: int
    options: dict[str, Any]
    seed: int
    seats: list[str]
    names: list[str]
    token_hashes: list[str | None]
    status: str
    result: str
    created: float
    updated: float
    moves: list[tuple[int, int]]  # (seat, action)
    fixed_deal: bool = False
    rematch: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    #: The moves' notes (see :attr:`MoveRow.note`): move index (0-based) -> note.
    notes: dict[int, str] = field(default_factory=dict)
    #: See :attr:`TableRow.game_version`.
    game_version: int | None = None


def hash_token(token: str) -> str:
    """SHA-256 hex of a seat token (what the store keeps)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """An unguessable seat token (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def new_table_id() -> str:
    """A short public table id (48 random bits): names a table, grants nothing."""
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def default_database_url() -> str:
    """``sqlite:///<user data dir>/web/ninetynine.sqlite3`` (the directory is created)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("ninetynine")) / "web"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ninetynine.sqlite3'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL keeps readers and the writer apart; synchronous=NORMAL in WAL mode loses nothing
    # committed when the *process* dies (only a power cut can lose the last transactions).
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class Store:
    """The tables and their moves in one SQL database.

    :param url: an SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://...``); ``None``
        uses :func:`default_database_url`. The schema is created if missing.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        if self.url.startswith("sqlite:///") and not self.url.startswith("sqlite:///:memory:"):
            Path(self.url.removeprefix("sqlite:///")).expanduser().parent.mkdir(
                parents=True, exist_ok=True
            )
        self.engine: Engine = create_engine(self.url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        with self.engine.begin() as conn:
            if self.is_postgresql:  # server processes starting at once: one makes the schema
                conn.execute(select(func.pg_advisory_xact_lock(SCHEMA_LOCK)))
            Base.metadata.create_all(conn)
            _add_missing_columns(conn)

    @property
    def is_postgresql(self) -> bool:
        """PostgreSQL: several server processes may share this database (``NOTIFY`` tells
        each of them what changed); SQLite: one process only."""
        return self.engine.dialect.name == "postgresql"

    def close(self) -> None:
        self.engine.dispose()

    def _notify(self, conn: Any, payload: str) -> None:
        """On PostgreSQL: ``NOTIFY`` :data:`CHANNEL` with ``payload`` (``table id`` or, after
        a move, ``table id:moves``), in ``conn``'s transaction (sent at its commit, dropped at
        a rollback). SQLite: nothing."""
        if self.is_postgresql:
            conn.execute(select(func.pg_notify(CHANNEL, payload)))

    # -- writing -------------------------------------------------------------------------
    def create_table(
        self,
        *,
        kind: str,
        game_id: str,
        num_players: int,
        options: dict[str, Any],
        seed: int,
        seats: Sequence[str],
        names: Sequence[str],
        token_hashes: Sequence[str | None],
        fixed_deal: bool = False,
        settings: dict[str, Any] | None = None,
        game_version: int | None = None,
    ) -> str:
        """Insert a new table (``game_version``: the game's ``Game.version``, for a game);
        returns its id."""
        now = time.time()
        with Session(self.engine) as s, s.begin():
            tid = new_table_id()
            while s.get(TableRow, tid) is not None:  # pragma: no cover - 2**-48 odds
                tid = new_table_id()
            s.add(
                TableRow(
                    id=tid,
                    kind=kind,
                    game_id=game_id,
                    num_players=num_players,
                    options=json.dumps(options, sort_keys=True),
                    seed=str(seed),
                    seats=json.dumps(list(seats)),
                    names=json.dumps(list(names)),
                    token_hashes=json.dumps(list(token_hashes)),
                    fixed_deal=fixed_deal,
                    settings=json.dumps(settings or {}, sort_keys=True),
                    game_version=game_version,
                    status="open",
                    result="",
                    num_moves=0,
                    created=now,
                    updated=now,
                )
            )
        return tid

    def append_move(
        self,
        table_id: str,
        seq: int,
        seat: int,
        action: int,
        status: str,
        result: str = "",
        note: str | None = None,
    ) -> None:
        """Append move ``seq`` (0-based) in one transaction (``note``: what the log says of it
        beyond the game's events, kept with it).

        Not the ORM: this runs for every move of every table, and the ORM's unit of work cost
        1.5 ms a move, SQLAlchemy Core 0.2 ms, SQLite's DB-API on the pooled connection
        0.08-0.14 ms (other databases: Core, compiled once and cached). On PostgreSQL it is
        one statement, its own transaction (:data:`_APPEND_PG`: one round trip instead of
        five), that also sends ``NOTIFY`` :data:`CHANNEL` with ``table id:moves``, delivered
        to every server process listening when (and only if) the move is committed.

        :raises StaleMove: ``seq`` is not the table's next move (another writer, perhaps
            another server process, got there first); nothing is written.
        """
        now = time.time()
        # the table's row moves on to move seq + 1 (only from move seq: _ADVANCE)
        advance = {
            "tid": table_id,
            "seq": seq,
            "next": seq + 1,
            "status": status,
            "result": result,
            "now": now,
        }
        if self.is_postgresql:
            with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
                done = c.execute(
                    _APPEND_PG,
                    {
                        **advance,
                        "seat": seat,
                        "action": action,
                        "note": note,
                        "channel": CHANNEL,
                        "payload": f"{table_id}:{seq + 1}",
                    },
                ).all()
            if len(done) != 1:
                raise StaleMove(f"table {table_id}: move {seq} is not the next move")
            return
        if self.engine.dialect.name == "sqlite":  # the DB-API itself: a third of the cost
            raw = self.engine.raw_connection()
            try:
                cur = raw.cursor()
                cur.execute(_ADVANCE_SQLITE, (seq + 1, status, result, now, table_id, seq))
                if cur.rowcount != 1:
                    raw.rollback()
                    raise StaleMove(f"table {table_id}: move {seq} is not the next move")
                cur.execute(_INSERT_SQLITE, (table_id, seq, seat, action, now, note))
                raw.commit()
            except BaseException:
                raw.rollback()
                raise
            finally:
                raw.close()  # back to the pool
            return
        with self.engine.begin() as conn:
            n = conn.execute(_ADVANCE, advance).rowcount
            if n != 1:
                raise StaleMove(f"table {table_id}: move {seq} is not the next move")
            conn.execute(
                _INSERT_MOVE,
                {
                    "table_id": table_id,
                    "seq": seq,
                    "seat": seat,
                    "action": action,
                    "created": now,
                    "note": note,
                },
            )
            self._notify(conn, f"{table_id}:{seq + 1}")

    def remove_last_move(self, table_id: str, status: str = "open", result: str = "") -> bool:
        """Delete the last move (a score sheet's undo); ``False`` if there is none."""
        with Session(self.engine) as s, s.begin():
            row = s.get(TableRow, table_id)
            if row is None or row.num_moves == 0:
                return False
            seq = row.num_moves - 1
            s.execute(delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.seq == seq))
            row.num_moves = seq
            row.status = status
            row.result = result
            row.updated = time.time()
        return True

    # -- reading -------------------------------------------------------------------------
    def load(self, table_id: str, first_move: int = 0) -> StoredTable | None:
        """The table and its moves, or ``None`` if there is no such table. ``first_move``:
        only the moves from that one (0-based) on, for a process catching up with moves
        another one made (read in the same transaction as the table's row)."""
        with Session(self.engine) as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            moves = s.execute(
                select(MoveRow.seat, MoveRow.action, MoveRow.note)
                .where(MoveRow.table_id == table_id, MoveRow.seq >= first_move)
                .order_by(MoveRow.seq)
            ).all()
            stored = _stored(row, [(int(a), int(b)) for a, b, _ in moves])
            stored.notes = {first_move + i: str(n) for i, (_, _, n) in enumerate(moves) if n}
            return stored

    def list_tables(
        self, status: str | None = None, kind: str | None = None, limit: int = 50
    ) -> list[StoredTable]:
        """Newest first, without their moves (``moves`` is empty)."""
        with Session(self.engine) as s:
            q = select(TableRow)
            if status == "finished":  # a stopped table is over too
                q = q.where(TableRow.status.in_(("finished", "stopped")))
            elif status:
                q = q.where(TableRow.status == status)
            if kind:
                q = q.where(TableRow.kind == kind)
            q = q.order_by(TableRow.updated.desc()).limit(limit)
            return [_stored(r, []) for r in s.scalars(q)]

    def open_table_ids(self, kind: str = "game", idle_since: float | None = None) -> list[str]:
        """Ids of the unfinished tables of ``kind``; with ``idle_since`` (a ``time.time()``),
        only those with no move (nor creation) after it."""
        with Session(self.engine) as s:
            q = select(TableRow.id).where(TableRow.status == "open", TableRow.kind == kind)
            if idle_since is not None:
                q = q.where(TableRow.updated < idle_since)
            return list(s.scalars(q))

    def count_open(self, kind: str = "game", bots_only: bool = False) -> int:
        """How many tables of ``kind`` are unfinished (``bots_only``: with no person's seat)."""
        with Session(self.engine) as s:
            q = select(func.count()).where(TableRow.status == "open", TableRow.kind == kind)
            if bots_only:
                q = q.where(TableRow.seats.not_like('%"human"%'))
            return int(s.scalar(q) or 0)

    def stop_table(self, table_id: str, result: str) -> None:
        """Close an unfinished table for good (status ``stopped``, ``result`` says why): it
        is never resumed and takes no more moves; its record still replays what was played."""
        with Session(self.engine) as s, s.begin():
            s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "open")
                .values(status="stopped", result=result, updated=time.time())
            )
            self._notify(s.connection(), table_id)

    def set_rematch(self, table_id: str, rematch_id: str) -> str | None:
        """Record ``rematch_id`` as the rematch of ``table_id`` unless one is recorded already
        (two seats asking at once); returns the rematch the table has afterwards."""
        with Session(self.engine) as s, s.begin():
            s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.rematch.is_(None))
                .values(rematch=rematch_id)
            )
            self._notify(s.connection(), table_id)
            row = s.get(TableRow, table_id)
            return row.rematch if row is not None else None

    def add_chat(
        self,
        table_id: str,
        seat: int,
        text_: str,
        now: float | None = None,
        burst: int | None = None,
        window: float = 0.0,
    ) -> tuple[int, float]:
        """Append a chat line said at ``now`` (seconds since the epoch; default: the time);
        returns its number (1-based) and time.

        With ``burst``: at most that many lines of ``seat`` at the table in any ``window``
        seconds, counted over the stored lines, so the limit holds across every server
        process sharing the database (two lines stored at once are numbered in turn: the
        second is counted again with the first in).

        :raises ChatRate: ``seat`` already has ``burst`` lines in the ``window`` seconds
            before ``now``; nothing is stored.
        """
        now = time.time() if now is None else now
        # One statement reads the seat's recent lines, numbers the new line and inserts it, so
        # the count and the number come from one snapshot: a line another process stores
        # meanwhile is either in both (and counted) or makes this insert collide on the number.
        number = select(func.coalesce(func.max(ChatRow.seq), 0) + 1).where(
            ChatRow.table_id == table_id
        )
        row = select(
            literal(table_id, String),
            number.scalar_subquery(),
            literal(seat, Integer),
            literal(text_, Text),
            literal(now, Float),
        )
        if burst is not None:
            recent = (
                select(func.count())
                .select_from(ChatRow)
                .where(
                    ChatRow.table_id == table_id,
                    ChatRow.seat == seat,
                    ChatRow.created > now - window,
                )
            )
            row = row.where(recent.scalar_subquery() < burst)
        append = (
            insert(ChatRow)
            .from_select(["table_id", "seq", "seat", "text", "created"], row)
            .returning(ChatRow.seq)
        )
        for attempt in range(5):  # two processes may number a line of one table at once
            try:
                with Session(self.engine) as s, s.begin():
                    seq = s.scalar(append)
                    if seq is None:
                        raise ChatRate(f"table {table_id}: seat {seat} said {burst} lines")
                    self._notify(s.connection(), table_id)
                return int(seq), now
            except IntegrityError:
                if attempt == 4:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def load_chat(
        self, table_id: str, limit: int = 100, after: int = 0
    ) -> list[tuple[int, int, str, float]]:
        """The last ``limit`` chat lines of a table numbered above ``after``, oldest first:
        ``(n, seat, text, time)``."""
        with Session(self.engine) as s:
            rows = s.execute(
                select(ChatRow.seq, ChatRow.seat, ChatRow.text, ChatRow.created)
                .where(ChatRow.table_id == table_id, ChatRow.seq > after)
                .order_by(ChatRow.seq.desc())
                .limit(limit)
            ).all()
        return [(int(a), int(b), str(c), float(d)) for a, b, c, d in reversed(rows)]

    def save_analysis(self, job_id: str, body: dict[str, Any]) -> None:
        """Store (or replace) the progress of analysis ``job_id``; jobs stored more than a
        day ago are forgotten."""
        now = time.time()
        text_ = json.dumps(body, sort_keys=True)
        with Session(self.engine) as s, s.begin():
            row = s.get(AnalysisRow, job_id)
            if row is None:
                s.execute(delete(AnalysisRow).where(AnalysisRow.updated < now - 86400))
                s.add(AnalysisRow(id=job_id, body=text_, updated=now))
            else:
                row.body, row.updated = text_, now

    def load_analysis(self, job_id: str) -> dict[str, Any] | None:
        """The stored progress of analysis ``job_id`` (``None``: none stored)."""
        with Session(self.engine) as s:
            row = s.get(AnalysisRow, job_id)
            return None if row is None else dict(json.loads(row.body))

    def delete_table(self, table_id: str) -> None:
        """Remove a table and its moves (a rematch created in vain)."""
        with Session(self.engine) as s, s.begin():
            s.execute(delete(ChatRow).where(ChatRow.table_id == table_id))
            s.execute(delete(MoveRow).where(MoveRow.table_id == table_id))
            s.execute(delete(TableRow).where(TableRow.id == table_id))

    def count(self) -> int:
        with Session(self.engine) as s:
            return int(s.scalar(select(func.count()).select_from(TableRow)) or 0)


def _stored(row: TableRow, moves: list[tuple[int, int]]) -> StoredTable:
    return StoredTable(
        id=row.id,
        kind=row.kind,
        game_id=row.game_id,
        num_players=row.num_players,
        options=json.loads(row.options),
        seed=int(row.seed),
        seats=json.loads(row.seats),
        names=json.loads(row.names),
        token_hashes=json.loads(row.token_hashes),
        status=row.status,
        result=row.result,
        created=row.created,
        updated=row.updated,
        moves=moves,
        fixed_deal=bool(row.fixed_deal),
        rematch=row.rematch,
        settings=json.loads(row.settings or "{}"),
        game_version=row.game_version,
    )


#: Columns added to ``tables`` after its first version: name -> the column's SQL (the same
#: on SQLite and PostgreSQL).
ADDED_COLUMNS = {
    "fixed_deal": "BOOLEAN NOT NULL DEFAULT FALSE",
    "rematch": "VARCHAR(32)",
    "settings": "TEXT NOT NULL DEFAULT '{}'",
    "game_version": "INTEGER",
}
#: The same for ``moves``.
ADDED_MOVE_COLUMNS = {"note": "TEXT"}


def _add_missing_columns(conn: Connection) -> None:
    """Bring a database made by an older version up to date: add the columns it lacks
    (:data:`ADDED_COLUMNS`, :data:`ADDED_MOVE_COLUMNS`), with their defaults, in ``conn``'s
    transaction. ``create_all`` makes missing tables, never missing columns."""
    for table, added in (("tables", ADDED_COLUMNS), ("moves", ADDED_MOVE_COLUMNS)):
        have = {c["name"] for c in inspect(conn).get_columns(table)}
        for name, sql in added.items():
            if name not in have:
                conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {sql}"))
