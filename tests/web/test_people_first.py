"""People before bots: a pass of the server's event loop stores at most ``BOT_TURNS_AT_ONCE``
bots' moves, however many tables' bots have finished thinking, so a person's move read in that
pass is handled without waiting behind every busy table's bots.

Before, the bots' slots were taken and given back within one pass (nothing in them waited), so
every table whose bot had finished thinking stored its move in the same pass: at 50 busy
tables a person's click queued behind up to 50 bots' moves (``benchmarks/web_load.py``).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")

from ninetynine.web.store import Store
from ninetynine.web.tables import BOT_TURNS_AT_ONCE, Limits, TableManager

TABLES = 10
PASSES = 60


def test_each_pass_of_the_loop_stores_at_most_the_bots_slots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> tuple[Counter[int], int]:
        loop = asyncio.get_running_loop()
        passes = 0

        def tick() -> None:  # runs once in every pass of the loop
            nonlocal passes
            passes += 1
            loop.call_soon(tick)

        async def think_at_once(fn: Any, *args: Any) -> Any:
            # a worker thread that is done by the next pass (every table's bot at once)
            done = loop.create_future()
            loop.call_soon(lambda: done.done() or done.set_result(fn(*args)))
            return await done

        monkeypatch.setattr(asyncio, "to_thread", think_at_once)
        store = Store(f"sqlite:///{tmp_path / 't.sqlite3'}")
        stored_in: list[int] = []  # the pass of every bot's move stored
        append = store.append_move

        def counting_append(*args: Any, **kwargs: Any) -> None:
            append(*args, **kwargs)
            stored_in.append(passes)

        monkeypatch.setattr(store, "append_move", counting_append)
        manager = TableManager(store, limits=Limits(max_bot_tables=TABLES))
        person = manager.create("warp99", 2, {}, ["human", "greedy"], seed=1)
        ids = [
            manager.create("warp99", 2, {}, ["greedy", "greedy"], seed=i).id for i in range(TABLES)
        ]
        tick()
        for tid in ids:  # loading a table starts its bots
            manager.get(tid)
        for _ in range(PASSES // 2):
            await asyncio.sleep(0)
        # a person moves while every table's bots are busy: stored in the pass it is made
        table = manager.get(person.id)
        assert table is not None
        bots_before = len(stored_in)
        made_in = passes
        await table.play(0, {"action": table.state.legal_actions()[0], "version": 0})
        person_pass = stored_in.pop(bots_before)
        assert person_pass == made_in
        for _ in range(PASSES // 2):
            await asyncio.sleep(0)
        for t in list(manager.tables.values()):
            await t.halt()
        return Counter(stored_in), len(stored_in)

    per_pass, moves = asyncio.run(scenario())
    assert moves >= PASSES // 2  # the bots did play on
    assert max(per_pass.values()) <= BOT_TURNS_AT_ONCE, per_pass.most_common(3)
