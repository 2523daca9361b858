"""The replay page in a real browser (Debian's Chromium through Playwright, as in
test_browser.py): a finished bot game is stepped through by click and by keyboard, jumped to
from its log, autoplayed, and drawn for another seat; the address keeps the position."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

import ninetynine

from .test_browser import _need_browser, launch, shots_dir


def _finished(server, game: str, players: int) -> tuple[str, dict]:
    import httpx

    r = httpx.post(
        server.base + "/api/tables",
        json={"game": game, "players": players, "seats": ["greedy"] * players, "seed": 77},
    )
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for _ in range(1500):
        if httpx.get(f"{server.base}/api/tables/{tid}").json()["status"] == "finished":
            return tid, httpx.get(f"{server.base}/api/tables/{tid}/replay").json()
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


@pytest.mark.parametrize("game", ["warp99", "tripwire"])
def test_a_finished_game_replayed_by_click_and_keyboard(
    module_server, tmp_path: Path, game
) -> None:
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    tid, outline = _finished(server, game, 3)
    steps = outline["steps"]
    shots = shots_dir(tmp_path)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        # the finished table offers its replay
        page.goto(f"{server.base}/watch/{tid}")
        page.click("#replay-link")
        page.wait_for_url(f"{server.base}/replay/{tid}*")
        page.wait_for_function("document.body.dataset.step === '0'")
        assert page.text_content("#status").startswith("The deal")
        assert page.is_disabled("#back") and not page.is_disabled("#forward")
        assert page.locator("#boards .player").count() == 3  # every seat's view side by side
        assert page.locator("#log li").count() == steps
        first = outline["moves"][0]
        assert page.text_content("#next") == (
            f"Next: {outline['names'][first['seat']]} plays {first['move']}"
        )

        page.click("#forward")
        page.wait_for_function("document.body.dataset.step === '1'")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("document.body.dataset.step === '2'")
        page.keyboard.press("ArrowLeft")
        page.wait_for_function("document.body.dataset.step === '1'")
        assert "step=1" in page.url

        # jump to a move from the log
        mid = steps // 2
        page.click(f"#log button[data-step='{mid}']")
        page.wait_for_function(f"document.body.dataset.step === '{mid}'")
        assert page.locator("#log li.current").count() == 1
        page.select_option("#seat", "1")
        page.wait_for_function("new URLSearchParams(location.search).get('seat') === '1'")

        # analysis of this position, by keyboard: suggestions, then games with a progress bar
        page.select_option("#analysis-games", "20")
        page.focus("#forward")
        page.keyboard.press("a")
        page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=120_000)
        text = page.text_content("#analysis-text")
        assert text.startswith(f"After move {mid}, ") and "games played" in text
        rows = page.eval_on_selector_all(
            "#analysis-table tbody tr", "rs => rs.map(r => r.innerText)"
        )
        assert any("played" in r for r in rows) and any("greedy" in r for r in rows), rows
        assert all("of 20" in r for r in rows), rows
        assert page.evaluate(
            "document.getElementById('analysis-progress').value"
            " === document.getElementById('analysis-progress').max"
        )
        page.screenshot(path=str(shots / f"replay-{game}-middle.png"), full_page=True)

        # autoplay moves on by itself, and stops when asked
        page.select_option("#speed", "300")
        page.click("#play")
        page.wait_for_function(f"Number(document.body.dataset.step) >= {mid + 2}")
        page.keyboard.press("p")
        assert page.get_attribute("#play", "aria-pressed") == "false"

        page.keyboard.press("End")
        page.wait_for_function(f"document.body.dataset.step === '{steps}'")
        assert "game over" in page.text_content("#status")
        assert page.is_disabled("#forward")
        page.screenshot(path=str(shots / f"replay-{game}-end.png"), full_page=True)

        # the address is a link to this very moment, for another seat
        page.goto(f"{server.base}/replay/{tid}?step=3&seat=2")
        page.wait_for_function("document.body.dataset.step === '3'")
        assert page.input_value("#seat") == "2"
        page.keyboard.press("Home")
        page.wait_for_function("document.body.dataset.step === '0'")
        browser.close()
    assert not problems, problems


def test_a_live_table_has_no_replay_page(module_server, tmp_path: Path) -> None:
    _need_browser()
    import httpx
    from playwright.sync_api import sync_playwright

    server = module_server
    r = httpx.post(
        server.base + "/api/tables",
        json={"game": "warp99", "players": 2, "seats": ["human", "greedy"]},
    )
    tid = r.json()["id"]
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.goto(f"{server.base}/replay/{tid}")
        page.wait_for_selector("#fatal:not(.hidden)")
        assert "when the game is over" in page.text_content("#fatal")
        assert page.locator("#replay.hidden").count() == 1
        browser.close()


@pytest.mark.parametrize("game", ninetynine.list_games())
def test_every_game_replays_with_its_drawing(module_server, tmp_path: Path, game) -> None:
    """Each game's own drawing module draws every seat's view of a replay step, without a
    script error (a drawing that throws is logged as one), and the end shows the result."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    players = 2 if game == "sixto" else 3
    tid, outline = _finished(server, game, players)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        mid = outline["steps"] // 2
        page.goto(f"{server.base}/replay/{tid}?step={mid}&seat=0")
        page.wait_for_function(f"document.body.dataset.step === '{mid}'")
        for seat in [*map(str, range(players)), "spectator"]:
            page.select_option("#seat", seat)
            page.wait_for_function(f"new URLSearchParams(location.search).get('seat') === '{seat}'")
            assert page.locator("#board > *").count() > 0
        page.keyboard.press("End")
        page.wait_for_function(f"document.body.dataset.step === '{outline['steps']}'")
        assert "game over" in page.text_content("#status")
        page.screenshot(path=str(shots_dir(tmp_path) / f"replay-{game}-all.png"), full_page=True)
        browser.close()
    assert not problems, problems
