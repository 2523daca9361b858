"""The lobby's finished tables in a real browser (Debian's Chromium, as in test_browser.py):
each has its replay and record, and its rematch: a seat this browser holds starts it (or plays
it, once started); anyone else can watch it once it has started."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from .test_browser import _need_browser, launch, shots_dir
from .test_rematch import play_out


def test_the_lobby_offers_a_finished_games_rematch(server_factory, tmp_path: Path) -> None:
    _need_browser()
    import httpx
    from playwright.sync_api import sync_playwright

    server = server_factory()
    body = {"game": "ono99", "players": 2, "seats": ["human", "human"], "names": ["Ann", "Bo"]}
    with httpx.Client(base_url=server.base) as http:
        games = []
        for _ in range(2):
            r = http.post("/api/tables", json=body).json()
            tokens = [s["token"] for s in r["seats"]]
            play_out(http, r["id"], tokens)
            games.append((r["id"], tokens))
    (tid, tokens), (other_id, _) = games
    mine = [{"url": f"/play/{tid}/{tokens[0]}", "label": f"ONO 99 · table {tid} · Ann"}]
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        # Ann's browser: it opened her invite link of the first table before
        page.add_init_script(
            f"localStorage.setItem('ninetynine.seats', {json.dumps(json.dumps(mine))})"
        )
        page.goto(server.base + "/")
        page.wait_for_selector(f"#finished [data-rematch='{tid}']")
        row = page.locator("#finished tr", has=page.locator(f"code:text-is('{tid}')"))
        assert row.locator(f"a[href='/replay/{tid}']").count() == 1
        assert row.locator(f"a[href='/api/tables/{tid}/record']").count() == 1
        other = page.locator("#finished tr", has=page.locator(f"code:text-is('{other_id}')"))
        assert other.locator("[data-rematch]").count() == 0  # not a seat of this browser
        assert other.locator(f"a[href='/replay/{other_id}']").count() == 1
        page.screenshot(path=str(shots_dir(tmp_path) / "lobby-rematch.png"), full_page=True)

        page.focus(f"#finished button[data-rematch='{tid}']")  # by keyboard
        page.keyboard.press("Enter")
        page.wait_for_url(f"{server.base}/play/**")
        new_id = page.url.split("/play/")[1].split("/")[0]
        assert new_id != tid and tokens[0] in page.url
        page.wait_for_selector("#status[data-turn]")
        assert "Rematch of table " + tid in page.text_content("#rematch-of")

        # back in the lobby: Ann plays it; a browser without a seat there watches it
        page.goto(server.base + "/")
        link = page.locator(f"#finished a[data-rematch='{tid}']")
        link.wait_for()
        assert link.text_content() == "play the rematch"
        assert link.get_attribute("href") == f"/play/{new_id}/{tokens[0]}?from={tid}"
        stranger = browser.new_page()
        stranger.goto(server.base + "/")
        watch = stranger.locator(f"#finished a[data-rematch='{tid}']")
        watch.wait_for()
        assert watch.text_content() == "watch the rematch"
        watch.click()
        stranger.wait_for_url(f"{server.base}/watch/{new_id}*")
        stranger.wait_for_selector("#status[data-turn]")
        browser.close()
    assert not problems, problems
