"""``ninetynine serve`` hides its start-up objects from the cyclic garbage collector
(``gc.freeze``), so a full collection in the middle of a move walks only what was made since
(85,000 objects, 130 ms on the loaded test machine before); an app among others (tests) does
not."""

from __future__ import annotations

import gc
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")

from ninetynine.cli import serve as serve_module
from ninetynine.web import app as app_module

from .conftest import client_class


def test_the_served_app_freezes_the_start_up_heap(db_url: str) -> None:
    assert gc.get_freeze_count() == 0
    try:
        with client_class()(app_module.create_app(db_url, freeze_heap=True)) as client:
            assert gc.get_freeze_count() > 10_000
            assert client.get("/api/games").status_code == 200
            created = client.post("/api/tables", json={"game": "warp99"})
            assert created.status_code == 201
    finally:
        gc.unfreeze()


def test_an_app_among_others_leaves_the_heap_alone(db_url: str) -> None:
    with client_class()(app_module.create_app(db_url)) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.get_freeze_count() == 0


def test_serve_and_its_workers_ask_for_it(monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(app_module, "create_app", lambda *a, **kw: calls.append(kw))
    monkeypatch.setattr("uvicorn.run", lambda *a, **kw: None)
    serve_module.run_serve("127.0.0.1", 0, db_url, 0.0)
    app_module.app_from_environment()
    assert [c.get("freeze_heap") for c in calls] == [True, True]
