"""The turn timer in a real browser (Debian's Chromium, as in test_browser.py): the lobby
states what happens at time-out beside the option; the table counts the seconds down; when
they run out, greedy's move for the seat appears in the log with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from .test_browser import _need_browser, launch, shots_dir


def test_the_turn_timer_from_the_lobby_to_the_time_out(server_factory, tmp_path: Path) -> None:
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = server_factory()
    shots = shots_dir(tmp_path)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.goto(server.base + "/")
        page.select_option("#game", "warp99")
        page.select_option("#players", "2")
        page.fill("#name-0", "Ann")
        assert "greedy bot plays that move for them" in page.text_content("#turn-note")
        page.focus("#turn-seconds")
        page.keyboard.type("5")
        page.click("#create")
        page.click("#created a[data-seat='0']")
        page.wait_for_selector("#status[data-turn='you']")
        page.wait_for_selector("#timer:not(.hidden)")
        assert "left for your move (then greedy plays it for you)" in page.text_content("#timer")
        assert int(page.get_attribute("#timer", "data-left")) <= 5
        page.screenshot(path=str(shots / "timer-running.png"), full_page=True)
        page.wait_for_function(
            "[...document.querySelectorAll('#log li')]"
            '.some(li => li.textContent.includes("Ann\'s time ran out"))',
            timeout=60_000,
        )
        page.screenshot(path=str(shots / "timer-out.png"), full_page=True)
        browser.close()
    assert not problems, problems
