"""The table's chat in a real browser (Debian's Chromium, as in test_browser.py): a line typed
by one seat (Enter) reaches the other as plain text (markup is never run); a spectator of a
table whose players keep their chat private sees none of it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from .test_browser import _need_browser, launch, shots_dir

LINE = '<img src=x onerror="document.body.dataset.pwned=1"> good luck!'


def test_two_seats_chat_and_the_spectator_reads_nothing(server_factory, tmp_path: Path) -> None:
    _need_browser()
    import httpx
    from playwright.sync_api import sync_playwright

    server = server_factory()
    r = httpx.post(
        server.base + "/api/tables",
        json={"game": "warp99", "players": 2, "seats": ["human", "human"], "names": ["Ann", "Bo"]},
    )
    tid = r.json()["id"]
    tokens = [s["token"] for s in r.json()["seats"]]
    shots = shots_dir(tmp_path)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, ann = launch(pw, problems)
        bo = browser.new_page(viewport={"width": 1280, "height": 900})
        watcher = browser.new_page(viewport={"width": 1280, "height": 900})
        for page, path in ((ann, f"/play/{tid}/{tokens[0]}"), (bo, f"/play/{tid}/{tokens[1]}")):
            page.goto(server.base + path)
            page.wait_for_selector("#status[data-turn]")
        watcher.goto(f"{server.base}/watch/{tid}")
        watcher.wait_for_selector("#status[data-turn]")

        ann.fill("#chat-text", LINE)
        ann.press("#chat-text", "Enter")
        bo.wait_for_selector("#chat li")
        assert bo.text_content("#chat li").startswith("Ann: " + LINE)
        assert bo.locator("#chat img").count() == 0
        assert bo.evaluate("document.body.dataset.pwned") is None
        ann.wait_for_selector("#chat li")
        assert ann.input_value("#chat-text") == ""
        # Bo answers with the Send button
        bo.fill("#chat-text", "thanks")
        bo.click("#chat-form button")
        ann.wait_for_selector("#chat li:nth-child(2)")
        assert "Bo: thanks" in ann.text_content("#chat li:nth-child(2)")
        assert "Only the players read this chat." in ann.text_content("#chat-note")
        ann.screenshot(path=str(shots / "chat-seat.png"), full_page=True)

        assert watcher.is_hidden("#chat") and watcher.is_hidden("#chat-form")
        assert "keep their chat to themselves" in watcher.text_content("#chat-note")
        assert watcher.locator("#chat li").count() == 0
        browser.close()
    assert not problems, problems
