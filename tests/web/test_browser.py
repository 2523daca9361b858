"""A real browser plays a whole Warp 99 game against a greedy bot by clicking the drawn table.

Debian's Chromium through Playwright (no browser download): ``apt-get install -y chromium``
(``scripts/setup`` does it on CI). Without it the test skips with a loud reason; on CI (``CI``
set) it fails instead, so CI never silently loses it. Screenshots go to the test's temporary
directory, or to ``$NINETYNINE_SCREENSHOTS`` when that is set.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

import ninetynine

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _need_browser() -> None:
    reason = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        reason = "the playwright package is missing (pip install playwright)"
    if reason is None and not Path(CHROMIUM).exists():
        reason = f"{CHROMIUM} is missing (apt-get install -y chromium)"
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"BROWSER TEST CANNOT RUN ON CI: {reason}")
        pytest.skip(f"BROWSER TEST SKIPPED: {reason}")


def shots_dir(tmp_path: Path) -> Path:
    """Where screenshots go: ``$NINETYNINE_SCREENSHOTS``, else the test's temporary directory."""
    shots = Path(os.environ.get("NINETYNINE_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    return shots


def launch(pw: Any, problems: list[str]) -> tuple[Any, Any]:
    """Chromium and a page whose script errors are collected in ``problems``."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(60_000)  # generous: shared, loaded machines; a hang still fails
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    return browser, page


@pytest.mark.also_on_postgres  # one whole game through the store, on PostgreSQL too
def test_a_whole_warp99_game_by_clicking(server_factory, tmp_path: Path) -> None:
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = server_factory()
    shots = shots_dir(tmp_path)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)

        # the lobby: Warp 99, two players, a person against greedy
        page.goto(server.base + "/")
        page.select_option("#game", "warp99")
        page.select_option("#players", "2")
        assert page.input_value("#seat-1") == "greedy"
        page.fill("#seed", "2024")
        page.fill("#name-0", "Tester")
        page.click("#create")
        page.click("#created a[data-seat='0']")
        page.wait_for_selector("#status[data-turn='you']")
        page.screenshot(path=str(shots / "warp99-start.png"), full_page=True)

        def version() -> str:
            return page.evaluate("document.body.dataset.version")

        def wait_after(v: str) -> None:
            page.wait_for_function(f"document.body.dataset.version !== '{v}'")
            page.wait_for_function(
                "document.body.dataset.terminal === '1' || "
                "document.querySelector(\"#status[data-turn='you']\") !== null"
            )

        # the first move by keyboard: a card, Enter, then Enter on its first move
        v = version()
        page.focus("#board button.card.playable")
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.dataset.move") is not None
        page.keyboard.press("Enter")
        wait_after(v)

        clicks = 0
        discards = 0
        while page.evaluate("document.body.dataset.terminal") != "1":
            assert clicks < 600, "the game did not end"
            legal = page.eval_on_selector_all(
                "#moves button[data-move]", "bs => bs.map(b => b.dataset.move)"
            )
            row = [m for m in legal if m[0].isalpha() and m[1].isdigit() and ">" not in m]
            piles = [m for m in legal if ">" in m]
            v = version()
            if row:
                discards = 0
                page.click(f"#board button.card[data-card='{row[-1]}']")
                page.click("#board [data-target='row']")
            elif piles and discards < 4:
                card, pile = piles[0].split(">")
                page.click(f"#board button.card[data-card='{card}']")
                page.click(f"#board [data-target='pile{pile}']")
                discards += 1
            else:
                for word in ("take", "end", "score", "flip1", "flip2", "flip3", "decline"):
                    if word in legal:
                        page.click(f"#board [data-move='{word}']")
                        break
                else:
                    raise AssertionError(f"no button for {legal}")
            clicks += 1
            if clicks == 25:
                page.screenshot(path=str(shots / "warp99-middle.png"), full_page=True)
            wait_after(v)

        page.wait_for_selector("#record:not(.hidden)")
        status = page.text_content("#status")
        page.screenshot(path=str(shots / "warp99-end.png"), full_page=True)
        with page.expect_download() as download:
            page.click("#record")
        record = ninetynine.parse_record(Path(download.value.path()).read_text())
        browser.close()

    assert status and status.startswith("Game over:") and "wins" in status
    final = record.final_state()
    assert final.is_terminal() and record.headers["Seat0"] == "human"
    assert clicks > 10
    assert not problems, problems


def test_the_table_page_tells_the_truth_about_its_table(module_server, tmp_path: Path) -> None:
    """The subtitle names the game and this table's target (not the title's "race to 99" when
    the target is 150); a fixed deal is told to the seat; a rejected notation stays in the box
    to be corrected, and an accepted one clears it."""
    _need_browser()
    import httpx
    from playwright.sync_api import sync_playwright

    server = module_server
    body = {
        "game": "warp99",
        "players": 2,
        "seats": ["human", "greedy"],
        "seed": 8,
        "options": {"target": 150},
    }
    fixed = httpx.post(server.base + "/api/tables", json=body).json()
    dealt = httpx.post(server.base + "/api/tables", json={**body, "seed": None}).json()
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.goto(server.base + dealt["seats"][0]["invite"])
        page.wait_for_selector("#status[data-turn='you']")
        assert page.is_hidden("#fixed-deal")

        page.goto(server.base + fixed["seats"][0]["invite"])
        page.wait_for_selector("#status[data-turn='you']")
        subtitle = page.text_content("#subtitle") or ""
        assert subtitle.startswith("Warp 99 · target 150") and "race to 99" not in subtitle
        assert page.is_visible("#fixed-deal")
        assert "chose the seed" in page.inner_text("#fixed-deal")

        page.fill("#notation", "R99>7")
        page.press("#notation", "Enter")
        page.wait_for_selector("#error:not(.hidden)")
        assert page.input_value("#notation") == "R99>7"  # kept, to be corrected
        first = page.eval_on_selector("#moves button[data-move]", "b => b.dataset.move")
        v = page.evaluate("document.body.dataset.version")
        page.fill("#notation", first)
        page.press("#notation", "Enter")
        page.wait_for_function(f"document.body.dataset.version !== '{v}'")
        assert page.input_value("#notation") == ""
        page.screenshot(path=str(shots_dir(tmp_path) / "warp99-fixed-deal.png"), full_page=True)
        browser.close()
    assert not problems, problems


def test_moves_are_paused_while_the_server_is_down(server_factory, tmp_path: Path) -> None:
    """With the server gone, the table says moves are paused and nothing can be clicked or
    typed (no click is queued); when the server is back the same seat plays on."""
    _need_browser()
    import httpx
    from playwright.sync_api import sync_playwright

    server = server_factory()
    t = httpx.post(
        server.base + "/api/tables",
        json={"game": "warp99", "players": 2, "seats": ["human", "greedy"], "seed": 3},
    ).json()
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.goto(server.base + t["seats"][0]["invite"])
        page.wait_for_selector("#status[data-turn='you']")
        assert page.is_enabled("#moves button[data-move]")
        server.kill()
        page.wait_for_selector("#conn:not(.hidden)")
        assert "moves are paused" in page.inner_text("#conn")
        assert page.evaluate("document.body.dataset.offline") == "1"
        enabled = page.eval_on_selector_all(
            "#board button, #moves button, #notation", "els => els.filter(e => !e.disabled).length"
        )
        assert enabled == 0
        page.screenshot(path=str(shots_dir(tmp_path) / "warp99-offline.png"), full_page=True)
        server.start()
        page.wait_for_function("document.body.dataset.offline === '0'", timeout=30_000)
        page.wait_for_selector("#status[data-turn='you']")
        assert page.is_enabled("#moves button[data-move]")
        v = page.evaluate("document.body.dataset.version")
        page.click("#moves button[data-move]")
        page.wait_for_function(f"document.body.dataset.version !== '{v}'")
        browser.close()
    problems = [p for p in problems if "WebSocket" not in p and "ERR_CONNECTION" not in p]
    assert not problems, problems


def test_the_lobby_sends_a_long_seed_as_typed(module_server, tmp_path: Path) -> None:
    """A seed above 2**53 went through JavaScript's Number and reached the server rounded
    (12345678901234567890 -> 12345678901234567000): the table dealt another game than the one
    whose seed was typed, and 2**64 - 1 was refused as out of range. The digits go as typed."""
    _need_browser()
    import httpx
    from playwright.sync_api import sync_playwright

    server = module_server
    problems: list[str] = []
    typed = "12345678901234567890"  # below 2**64, above 2**53
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.goto(server.base + "/")
        page.select_option("#game", "ono99")
        page.select_option("#players", "2")
        page.select_option("#seat-0", "greedy")
        page.select_option("#seat-1", "greedy")
        page.fill("#seed", typed)
        page.click("#create")
        page.wait_for_selector("#created h2")
        table = page.inner_text("#created h2").split()[1]
        browser.close()
    for _ in range(600):
        record = httpx.get(f"{server.base}/api/tables/{table}/record")
        if record.status_code == 200:
            break
        time.sleep(0.1)
    assert record.status_code == 200, record.text
    assert f'[Seed "{typed}"]' in record.text
    assert problems == []
