"""Speed without timing: a person's move does not queue behind the bots of busy tables, and a
view is built and encoded once per seat however many viewers watch from it.

(Latency itself is measured in ``benchmarks/web_load.py``, never asserted here.)
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sqlalchemy", reason="the web extra is not installed: pip install '.[web]'")

from ninetynine.web import tables as tables_module
from ninetynine.web.store import Store
from ninetynine.web.tables import BOT_TURNS_AT_ONCE, TableManager


class Viewer:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    async def send_json(self, data: Any) -> None:
        self.frames.append(data)

    async def send_text(self, data: str) -> None:
        self.frames.append(json.loads(data))


async def _until(pred: Any, limit: float = 20.0) -> None:
    for _ in range(int(limit / 0.01)):
        if pred():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("condition not reached")


def test_a_persons_move_goes_in_while_every_bot_slot_is_taken(tmp_path: Path) -> None:
    """Bots' moves wait for one of the server's BOT_TURNS_AT_ONCE slots; a person's move
    never does: with every slot held (by other tables' bots), the person's move is stored and
    shown at once, and the bot's reply comes when a slot frees."""

    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.sqlite3'}")
        manager = TableManager(store)
        created = manager.create("ninetynine", 2, {}, ["human", "greedy"], seed=5)
        table = manager.get(created.id)
        assert table is not None and table.state.current_player() == 0
        viewer = Viewer()
        await table.join(viewer, 0)
        for _ in range(BOT_TURNS_AT_ONCE):
            await manager.bot_turns.acquire()
        played = []
        while table.state.current_player() == 0:  # the person's turn (one or more actions)
            played.append((0, table.state.legal_actions()[0]))
            await table.play(0, {"action": played[-1][1], "version": table.version})
        mine = table.version
        assert store.load(created.id).moves == played  # type: ignore[union-attr]
        assert viewer.frames[-1]["version"] == mine
        assert table.state.current_player() == 1  # the bot's turn: it waits for a slot
        await asyncio.sleep(0.3)
        assert table.version == mine
        manager.bot_turns.release()
        await _until(lambda: table.version > mine and viewer.frames[-1]["version"] == table.version)
        for _ in range(BOT_TURNS_AT_ONCE - 1):
            manager.bot_turns.release()
        await manager.close()
        store.close()

    asyncio.run(main())


def test_a_view_is_encoded_once_per_seat_for_all_its_viewers(tmp_path: Path, monkeypatch) -> None:
    calls: list[int | None] = []
    encode = tables_module.encode

    def counting(message: dict[str, Any]) -> str:
        calls.append(message["seat"])
        return encode(message)

    monkeypatch.setattr(tables_module, "encode", counting)

    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.sqlite3'}")
        manager = TableManager(store)
        created = manager.create("warp99", 2, {}, ["human", "human"], seed=9)
        table = manager.get(created.id)
        assert table is not None
        viewers = [(Viewer(), seat) for seat in (None, None, None, 0, 0, 1)]
        for v, seat in viewers:
            table.connections.append(tables_module.Connection(v, seat))
        calls.clear()
        await table.broadcast()
        assert sorted(calls, key=str) == sorted([None, 0, 1], key=str)
        for v, seat in viewers:
            assert v.frames == [table.view(seat)]
        await manager.close()
        store.close()

    asyncio.run(main())
