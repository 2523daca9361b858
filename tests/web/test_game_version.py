"""The web store records the version of the game (``Game.version``) each table was made
with, as a game record does (its ``Version`` header): after an upgrade that changes the rules,
a stored table replays under the rules it was played with (the game's ``replay_options`` for
its version), or is refused with a clear error if that version no longer replays."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from ninetynine.core.registry import game_class

from .conftest import client_class, new_table


def _set_version(db_url: str, tid: str, version: int | None, drop: tuple[str, ...] = ()) -> None:
    """Make table ``tid`` look made by ``version``, whose games had no options ``drop``."""
    import json

    import sqlalchemy

    engine = sqlalchemy.create_engine(db_url)
    with engine.begin() as conn:
        options = json.loads(
            conn.execute(
                sqlalchemy.text("SELECT options FROM tables WHERE id = :id"), {"id": tid}
            ).scalar_one()
        )
        for name in drop:
            options.pop(name, None)
        conn.execute(
            sqlalchemy.text("UPDATE tables SET game_version = :v, options = :o WHERE id = :id"),
            {"v": version, "o": json.dumps(options), "id": tid},
        )
    engine.dispose()


def _restarted(db_url: str):
    from ninetynine.web.app import create_app

    return client_class()(create_app(db_url, bot_delay=0.0))


def test_a_table_stores_its_game_version(client) -> None:
    t = new_table(client, game="heroes99", players=2, seats=["human", "greedy"], seed=4)
    stored = client.app.state.store.load(t["id"])
    assert stored.game_version == game_class("heroes99").version == 2


def test_an_older_version_replays_with_its_rules_or_is_refused(client, db_url) -> None:
    t = new_table(client, game="heroes99", players=2, seats=["human", "human"], seed=4)
    tid = t["id"]
    assert client.get(f"/api/tables/{tid}").json()["options"]["end"] != "turn"
    # made by version 1, which had no "end" nor "winner" option (it ended the game only at
    # the turn player's own step, H6): it replays with those rules
    _set_version(db_url, tid, 1, drop=("end", "winner"))
    with _restarted(db_url) as again:
        options = again.get(f"/api/tables/{tid}").json()["options"]
        assert options["end"] == "turn" and options["winner"] == "points"
    _set_version(db_url, tid, None)  # stored before the version was: taken as today's
    with _restarted(db_url) as again:
        assert again.get(f"/api/tables/{tid}").json()["options"]["end"] != "turn"
    _set_version(db_url, tid, 99)  # a version whose games no longer replay here
    with _restarted(db_url) as again:
        r = again.get(f"/api/tables/{tid}")
        assert r.status_code == 400 and "version 99" in r.json()["error"], r.text
        with again.websocket_connect(f"/ws/tables/{tid}") as ws:
            msg = ws.receive_json()
        assert msg["type"] == "error" and "version 99" in msg["message"]


def test_a_database_from_before_game_versions_is_brought_up_to_date(tmp_path) -> None:
    import sqlalchemy

    from ninetynine.web.store import Store

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    Store(url).close()
    engine = sqlalchemy.create_engine(url)
    with engine.begin() as conn:  # the schema as it was: no game_version column
        conn.execute(sqlalchemy.text("ALTER TABLE tables DROP COLUMN game_version"))
    engine.dispose()
    store = Store(url)
    tid = store.create_table(
        kind="game",
        game_id="warp99",
        num_players=2,
        options={},
        seed=5,
        seats=["human", "greedy"],
        names=["a", "b"],
        token_hashes=[None, None],
        game_version=2,
    )
    assert store.load(tid).game_version == 2
    store.close()


def test_a_bot_table_of_a_version_that_no_longer_replays_does_not_stop_the_server(
    client, db_url
) -> None:
    manager = client.app.state.manager  # stored, not started: both wait for a restart
    old = manager.create("heroes99", 2, {}, ["greedy", "greedy"], seed=4).id
    other = manager.create("warp99", 2, {}, ["greedy", "greedy"], seed=4).id
    _set_version(db_url, old, 99)
    with _restarted(db_url) as again:  # starts, and resumes the other bot table
        assert again.get("/api/games").status_code == 200
        assert other in again.app.state.manager.tables
        assert old not in again.app.state.manager.tables
