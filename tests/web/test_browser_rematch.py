"""Rematch in a real browser (Debian's Chromium, as in test_browser.py): the finished table
offers it to every seat; the seat that starts it lands on the new table, the other seat's open
page is told, and the old invite link of that seat opens the rematch."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from .test_browser import _need_browser, launch, shots_dir
from .test_rematch import play_out


def test_rematch_from_the_finished_table(server_factory, tmp_path: Path) -> None:
    _need_browser()
    import httpx
    from playwright.sync_api import sync_playwright

    server = server_factory()
    with httpx.Client(base_url=server.base) as http:
        r = http.post(
            "/api/tables",
            json={
                "game": "ono99",
                "players": 2,
                "seats": ["human", "human"],
                "names": ["Ann", "Bo"],
            },
        )
        tid = r.json()["id"]
        tokens = [s["token"] for s in r.json()["seats"]]
        play_out(http, tid, tokens)
    shots = shots_dir(tmp_path)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        other = browser.new_page(viewport={"width": 1280, "height": 900})
        other.goto(f"{server.base}/play/{tid}/{tokens[1]}")
        other.wait_for_selector("#rematch-btn:not(.hidden)")

        page.goto(f"{server.base}/play/{tid}/{tokens[0]}")
        page.wait_for_selector("#rematch-btn:not(.hidden)")
        assert page.text_content("#rematch-btn") == "Rematch: same seats, new deal"
        page.screenshot(path=str(shots / "rematch-offered.png"), full_page=True)
        page.focus("#rematch-btn")  # by keyboard
        page.keyboard.press("Enter")
        page.wait_for_url(f"{server.base}/play/**")
        page.wait_for_selector("#status[data-turn='you'], #status[data-turn='other']")
        new_id = page.url.split("/play/")[1].split("/")[0]
        assert new_id != tid
        assert page.evaluate("document.body.dataset.version") == "0"
        assert "Rematch of table " + tid in page.text_content("#rematch-of")
        page.screenshot(path=str(shots / "rematch-new-table.png"), full_page=True)

        # the other seat's open page is told, and its button leads there
        other.wait_for_selector("#rematch-go:not(.hidden)")
        assert "A rematch has started" in other.text_content("#rematch-text")
        assert other.is_hidden("#rematch-btn")
        other.click("#rematch-go")
        other.wait_for_url(f"{server.base}/play/{new_id}/{tokens[1]}*")

        # the old invite link of seat 1 opens the rematch, as seat 1
        fresh = browser.new_page()
        fresh.goto(f"{server.base}/play/{tid}/{tokens[1]}")
        fresh.wait_for_url(f"{server.base}/play/{new_id}/{tokens[1]}*")
        fresh.wait_for_selector("#seats .seat-chip")
        assert "(you)" in fresh.text_content("#seats [data-seat='1']")
        browser.close()
    assert not problems, problems
