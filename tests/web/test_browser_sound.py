"""Sound and motion in a real browser (Debian's Chromium, as in test_browser.py): the turn
sound is off until the player ticks it (kept in the browser), then it sounds when the turn
comes back; with prefers-reduced-motion a selected card does not move."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from .test_browser import _need_browser, launch, shots_dir


def test_sound_is_off_by_default_and_reduced_motion_is_respected(
    server_factory, tmp_path: Path
) -> None:
    _need_browser()
    import httpx
    from playwright.sync_api import sync_playwright

    server = server_factory()
    r = httpx.post(
        server.base + "/api/tables",
        json={"game": "ono99", "players": 2, "seats": ["human", "greedy"], "seed": 3},
    )
    tid, token = r.json()["id"], r.json()["seats"][0]["token"]
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.goto(f"{server.base}/play/{tid}/{token}")
        page.wait_for_selector("#status[data-turn='you']")
        assert not page.is_checked("#sound")
        assert page.evaluate("document.body.dataset.beeps") is None  # silent by default
        page.focus("#sound")
        page.keyboard.press("Space")  # ticked by keyboard: a sample sounds
        assert page.is_checked("#sound")
        assert page.evaluate("document.body.dataset.beeps") == "1"
        v = page.evaluate("document.body.dataset.version")
        page.click("#moves button[data-move]")
        page.wait_for_function(f"document.body.dataset.version !== '{v}'")
        page.wait_for_function(
            "document.body.dataset.terminal === '1' || document.body.dataset.beeps === '2'"
        )
        page.reload()  # the choice is kept in this browser
        page.wait_for_selector("#status[data-turn]")
        assert page.is_checked("#sound")
        page.screenshot(path=str(shots_dir(tmp_path) / "sound-option.png"), full_page=True)

        page.emulate_media(reduced_motion="reduce")
        page.evaluate(
            "(() => { const b = document.createElement('button');"
            " b.className = 'card selected'; b.id = 'probe'; document.body.append(b); })()"
        )
        assert page.eval_on_selector("#probe", "b => getComputedStyle(b).transform") == "none"
        page.emulate_media(reduced_motion="no-preference")
        assert page.eval_on_selector("#probe", "b => getComputedStyle(b).transform") != "none"
        browser.close()
    assert not problems, problems
