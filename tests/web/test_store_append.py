"""The store appends a move only as the table's next one (on SQLite and PostgreSQL alike):
the guard that keeps two writers, two server processes included, from forking a game."""

from __future__ import annotations

import pytest

pytest.importorskip("sqlalchemy", reason="the web extra is not installed: pip install '.[web]'")

from ninetynine.web.store import StaleMove, Store

from .conftest import stored_table


def test_a_move_goes_in_only_as_the_next_one(db_url: str) -> None:
    store = Store(db_url)
    try:
        tid = stored_table(store, seats=("human", "greedy"), seed=1, names=("Ann", "Bo"))
        store.append_move(tid, 0, 0, 11, "open")
        for seq in (0, 2):  # again, or one ahead: refused, nothing written
            with pytest.raises(StaleMove, match=f"move {seq} is not the next move"):
                store.append_move(tid, seq, 1, 99, "finished", "Bo wins")
        store.append_move(tid, 1, 1, 22, "finished", "Bo wins")
        stored = store.load(tid)
        assert stored is not None
        assert stored.moves == [(0, 11), (1, 22)]
        assert (stored.status, stored.result) == ("finished", "Bo wins")
        later = store.load(tid, first_move=1)
        assert later is not None and later.moves == [(1, 22)]
        with pytest.raises(StaleMove):
            store.append_move("nosuchtable", 0, 0, 1, "open")
    finally:
        store.close()
