"""Chat per table over the table's WebSocket: ``{"type": "chat", "text": ...}`` from a seat,
``{"type": "chat", "messages": [...]}`` to every seat, and to spectators only when the table
was created with ``spectator_chat``; plain text, length and rate limits, stored with the table
(a viewer joining later gets the last lines)."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from ninetynine.web import tables as tables_module

from .conftest import client_class, new_table, old_store, stored_table


def next_of(ws, kind: str) -> dict:
    for _ in range(100):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def no_chat_before_refresh(ws) -> None:
    """Messages to one connection keep their order: a chat sent to it would come before the
    answer to this refresh."""
    ws.send_json({"type": "refresh"})
    while True:
        msg = ws.receive_json()
        assert msg["type"] != "chat", msg
        if msg["type"] == "state":
            return


def two_seats(client, **settings) -> tuple[str, list[str]]:
    t = new_table(
        client, game="warp99", players=2, seats=["human", "human"], names=["Ann", "Bo"], **settings
    )
    return t["id"], [s["token"] for s in t["seats"]]


def test_seats_chat_and_spectators_read_only_when_allowed(client) -> None:
    for allowed in (False, True):
        tid, tokens = two_seats(client, spectator_chat=allowed)
        assert client.get(f"/api/tables/{tid}").json()["spectator_chat"] is allowed
        with (
            client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ann,
            client.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as bo,
            client.websocket_connect(f"/ws/tables/{tid}") as spectator,
        ):
            ann.send_json({"type": "chat", "text": "  <b>hello</b>\x07 Bo \n"})
            for ws in (ann, bo):
                (line,) = next_of(ws, "chat")["messages"]
                assert line["text"] == "<b>hello</b>  Bo"  # plain text, control characters out
                assert (line["seat"], line["name"], line["n"]) == (0, "Ann", 1)
            if allowed:
                assert next_of(spectator, "chat")["messages"][0]["text"] == "<b>hello</b>  Bo"
            else:
                no_chat_before_refresh(spectator)
            spectator.send_json({"type": "chat", "text": "me too"})
            err = next_of(spectator, "error")
            assert err["code"] == "spectator"


def test_chat_limits_length_and_rate(client) -> None:
    tid, tokens = two_seats(client)
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws:
        table = client.app.state.manager.tables[tid]
        table.clock = lambda: 1000.0  # every line at the same instant
        for text in ("x" * (tables_module.MAX_CHAT + 1), "   ", 42):
            ws.send_json({"type": "chat", "text": text})
            assert next_of(ws, "error")["code"] == "bad_message"
        for i in range(tables_module.CHAT_BURST):
            ws.send_json({"type": "chat", "text": f"line {i}"})
            assert next_of(ws, "chat")["messages"][0]["text"] == f"line {i}"
        ws.send_json({"type": "chat", "text": "one too many"})
        err = next_of(ws, "error")
        assert err["code"] == "rate" and "slow down" in err["message"]
        table.clock = lambda: 1000.0 + tables_module.CHAT_WINDOW
        ws.send_json({"type": "chat", "text": "later"})
        assert next_of(ws, "chat")["messages"][0]["text"] == "later"


def test_the_chat_is_stored_with_the_table(client, db_url) -> None:
    from ninetynine.web.app import create_app

    tid, tokens = two_seats(client)
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws:
        for text in ("first", "second"):
            ws.send_json({"type": "chat", "text": text})
            next_of(ws, "chat")
    again = client_class()(create_app(db_url, bot_delay=0.0))  # a restarted server
    with again, again.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as ws:
        lines = next_of(ws, "chat")["messages"]
    assert [(m["n"], m["name"], m["text"]) for m in lines] == [
        (1, "Ann", "first"),
        (2, "Ann", "second"),
    ]


def test_a_bad_chat_setting_is_refused(client) -> None:
    r = client.post("/api/tables", json={"game": "warp99", "spectator_chat": "yes"})
    assert r.status_code == 400 and "spectator_chat" in r.json()["error"]


def test_a_database_from_before_chat_is_brought_up_to_date(tmp_path) -> None:
    store = old_store(  # the schema as it was: no settings column, no chat table
        tmp_path, "ALTER TABLE tables DROP COLUMN settings", "DROP TABLE chat"
    )
    tid = stored_table(store)
    assert store.load(tid).settings == {}
    assert store.add_chat(tid, 1, "hi")[0] == 1
    assert store.load_chat(tid)[0][:3] == (1, 1, "hi")
    store.close()


def test_the_rate_limit_holds_across_server_processes(db_url) -> None:
    """Two server processes on one database (here two table managers): the lines a seat said
    through one count in the other's limit (it was per process: each allowed a burst)."""
    import asyncio

    from ninetynine.web.store import Store
    from ninetynine.web.tables import MoveError, TableManager

    async def scenario() -> None:
        a, b = TableManager(Store(db_url)), TableManager(Store(db_url))
        tid = a.create("warp99", 2, {}, ["human", "human"], seed=3).id
        on_a, on_b = a.get(tid), b.get(tid)
        assert on_a is not None and on_b is not None and on_a is not on_b
        on_a.clock = on_b.clock = lambda: 1000.0
        for i in range(tables_module.CHAT_BURST):
            await on_a.say(0, f"line {i}")
        with pytest.raises(MoveError) as refused:
            await on_b.say(0, "through the other process")
        assert refused.value.code == "rate"
        await on_b.say(1, "the other seat has its own limit")
        on_b.clock = lambda: 1000.0 + tables_module.CHAT_WINDOW
        await on_b.say(0, "later")
        texts = [line[2] for line in a.store.load_chat(tid)]
        assert "through the other process" not in texts and texts[-1] == "later"

    asyncio.run(scenario())


def test_the_rate_limit_holds_when_another_process_says_a_line_mid_check(db_url) -> None:
    """A line another server process stores while this one checks the seat's limit still
    counts. The check used to be two statements (count the seat's recent lines, then number
    the new line after the table's last): a line stored between them was missed by the count
    and followed by the number, so each process could overrun the limit by one. Now the count
    and the number are read by the insert itself, in one snapshot, so there is no between."""
    from sqlalchemy import event

    from ninetynine.web.store import ChatRate, Store

    a, b = Store(db_url), Store(db_url)
    tid = stored_table(a)
    said_by_b: list[int] = []

    def meanwhile(_conn, _cursor, statement, *_args) -> None:
        # After a's first plain read of the chat table (if it makes one), b says a line.
        if (
            not said_by_b
            and statement.lstrip().upper().startswith("SELECT")
            and ("chat" in statement.lower())
        ):
            said_by_b.append(b.add_chat(tid, 0, "from b", now=1000.0, burst=1, window=10.0)[0])

    event.listen(a.engine, "after_cursor_execute", meanwhile)
    try:
        a.add_chat(tid, 0, "from a", now=1000.0, burst=1, window=10.0)
    except ChatRate:
        pass
    finally:
        event.remove(a.engine, "after_cursor_execute", meanwhile)
    lines = a.load_chat(tid)
    assert len(lines) == 1, lines  # a burst of 1: one line of seat 0 in the window, whoever's
    assert lines[0][0] == 1
    a.close()
    b.close()
