"""The shortcuts that make a table's views cheap give exactly what the plain way gives.

A view is built for every seat someone watches after every move, so the server takes three
shortcuts (``benchmarks/web_load.py``; ``docs/architecture.md``): the JSON text is written by
orjson when it is installed, a log entry's two wordings (in full, and hidden from a seat it is
still secret to) are built once, and a move's events reuse the public observation kept from
the move before. Here every game is played to its end with each shortcut checked against the
plain computation after every move, for every seat and the spectators.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")

import ninetynine
from ninetynine.core.rng import Rng
from ninetynine.web import tables
from ninetynine.web.store import Store
from ninetynine.web.tables import SECRET_MOVE, LiveTable, TableManager, encode

GAMES = ninetynine.list_games()
MAX_MOVES = 400


def plain_log(table: LiveTable, seat: int | None) -> list[dict[str, Any]]:
    """A view's ``log`` for ``seat`` as it was built before the shortcut: every entry anew."""
    known = table.state.known_history(seat)
    out = []
    for e in table.log[-tables.LOG_TAIL :]:
        move = e.move
        if e.seat != seat and known[e.n - 1] is None:
            move = e.public if e.public != e.move else SECRET_MOVE
        out.append({"n": e.n, "seat": e.seat, "move": move, "events": list(e.events)})
    return out


async def play_through(game_id: str, db: Path, check: Any) -> LiveTable:
    manager = TableManager(Store(f"sqlite:///{db}"))
    game = ninetynine.load_game(game_id)
    n = game.num_players
    created = manager.create(game_id, n, {}, ["human"] * n, seed=77)
    table = manager.get(created.id)
    assert table is not None
    rng = Rng(3)
    while not table.finished and table.version < MAX_MOVES:
        before = table.state.clone()
        legal = table.state.legal_actions()
        seat = table.state.current_player()
        await table._commit(seat, legal[rng.randbelow(len(legal))])
        check(table, before, seat)
    return table


@pytest.mark.parametrize("game_id", GAMES)
def test_events_log_and_json_as_the_plain_way(game_id: str, tmp_path: Path) -> None:
    seen_hidden = []

    def check(table: LiveTable, before: Any, seat: int) -> None:
        after = table.state
        # the events from fresh public observations of both states
        expected = table.game.describe_events(
            before.observation(None),
            after.observation(None),
            before.scores(),
            after.scores(),
            seat,
            table.names,
        )
        assert table.log[-1].events == expected
        for viewer in [None, *range(table.game.num_players)]:
            log = table.log_for(viewer)
            assert log == plain_log(table, viewer)
            seen_hidden.extend(e for e in log if e["move"] != table.log[e["n"] - 1].move)
            view = table.view(viewer)
            text = encode(view)
            # the same JSON value as the standard library writes (Starlette's encoding)
            assert json.loads(text) == json.loads(
                json.dumps(view, separators=(",", ":"), ensure_ascii=False)
            )

    table = asyncio.run(play_through(game_id, tmp_path / "t.sqlite3", check))
    assert table.version > 5
    if game_id in ("sixto", "heroes99"):  # moves made in secret: the hidden wording was used
        assert seen_hidden


def test_orjson_writes_the_views_when_installed() -> None:
    pytest.importorskip("orjson")
    assert tables._fast_dumps is not None
    msg = {"a": [1, 2.5, None, True], "é": "ü ♠", 3: "int key"}
    assert encode(msg) == tables._encode_stdlib(msg)


def test_encode_without_orjson_and_past_64_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    big = {"n": 2**70, "s": "x"}
    assert json.loads(encode(big)) == big  # orjson refuses it: the standard library writes it
    monkeypatch.setattr(tables, "_fast_dumps", None)
    msg = {"a": [1, 2.5], "é": "ü", 3: "int key"}
    assert encode(msg) == '{"a":[1,2.5],"é":"ü","3":"int key"}'
