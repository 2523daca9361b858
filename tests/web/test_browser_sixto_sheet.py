"""The Sixto sheet in a real browser shows every point of a score (issue 18): each Cross
block's points under its columns, each Cross diagonal's, the Hits bonus on the spaces that earn
it, and a sum line equal to the score (Debian's Chromium, as in ``test_browser.py``).
Screenshots go to the test's temporary directory, or ``$NINETYNINE_SCREENSHOTS``."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")

import ninetynine
from ninetynine.agents import make_agent

from .test_browser import _need_browser, launch, shots_dir


def _play(base: str, table: dict, pad: str, rolls: int) -> dict:
    """``rolls`` greedy rolls of a one-player table over the API; the view after them."""
    tid, token = table["id"], table["seats"][0]["token"]
    game = ninetynine.load_game("sixto", num_players=1, pad=pad)
    bot = make_agent("greedy", game, 0, seed=1)
    marks = 0
    while True:
        view = httpx.get(f"{base}/api/tables/{tid}/view", params={"token": token}).json()
        obs = view["observation"]
        if (marks >= rolls and obs["phase"] == "roll") or not view["legal"]:
            return view
        a = bot.step(obs, [m["id"] for m in view["legal"]])
        marks += obs["phase"] == "choose"
        r = httpx.post(
            f"{base}/api/tables/{tid}/moves",
            json={"token": token, "action": a, "version": view["version"]},
        )
        r.raise_for_status()


@pytest.mark.parametrize(
    ("pad", "areas"), [("cross-blocks", 12), ("cross-diagonals", 4), ("hits", 0)]
)
def test_the_web_sheet_shows_every_point_of_the_score(
    module_server, tmp_path: Path, pad: str, areas: int
) -> None:
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    shots = shots_dir(tmp_path)
    body = {"game": "sixto", "players": 1, "seats": ["human"], "seed": 4, "options": {"pad": pad}}
    table = httpx.post(server.base + "/api/tables", json=body).json()
    view = _play(server.base, table, pad, 9)
    score = view["observation"]["scores"][0]
    facts = view["drawing"]["sheets"][0]
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.goto(server.base + table["seats"][0]["invite"])
        page.wait_for_selector(".sx-sum")
        page.screenshot(path=str(shots / f"sixto-{pad}-sheet.png"), full_page=True)
        total = page.get_attribute(".sx-sum", "data-total")
        text = page.text_content(".sx-sum") or ""
        shown = [
            int(x)
            for x in page.eval_on_selector_all(
                "[data-area-points]", "els => els.map(e => e.dataset.areaPoints)"
            )
        ]
        bonus_tags = page.locator(".sx-tag.sx-bonus").count()
        browser.close()
    assert not problems, problems
    assert total is not None and float(total) == score
    assert text.startswith(f"Score {score:g} = rows {sum(facts['row_points'])} + columns ")
    assert len(shown) == areas and sum(shown) == sum(a["points"] for a in facts["areas"])
    if pad == "hits":
        assert bonus_tags * 5 == facts["hit_bonus"] > 0
        assert f"hit spaces marked the regular way {facts['hit_bonus']}" in text
    else:
        assert bonus_tags == 0
        kind = "blocks" if pad == "cross-blocks" else "diagonals"
        assert f"+ {kind} {sum(shown)}" in text


@pytest.mark.parametrize(("players", "pad"), [(2, "none"), (3, "kriskras"), (4, "cross-blocks")])
def test_every_sheet_fits_its_box_at_1280_by_900(
    module_server, tmp_path: Path, players: int, pad: str
) -> None:
    """Issue 17: at 1280x900 an opponent's sheet box was 391 px for 571 px of sheet, so its
    target area (columns 9-12) was cut off with no scrollbar. Every sheet, the player's and
    each opponent's, must show all of its columns without scrolling."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    seats = ["human"] + ["greedy"] * (players - 1)
    body = {"game": "sixto", "players": players, "seats": seats, "seed": 2, "options": {"pad": pad}}
    table = httpx.post(server.base + "/api/tables", json=body).json()
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)  # 1280 x 900
        page.goto(server.base + table["seats"][0]["invite"])
        page.wait_for_selector(".sx-player table.sx-sheet")
        boxes = page.eval_on_selector_all(
            ".sx-player",
            "els => els.map(e => [e.dataset.player, e.scrollWidth, e.clientWidth,"
            " e.querySelectorAll('thead th').length])",
        )
        page.screenshot(
            path=str(shots_dir(tmp_path) / f"sixto-{players}p-{pad}-layout.png"), full_page=True
        )
        browser.close()
    assert len(boxes) == players
    for player, scroll, client, _columns in boxes:
        assert scroll <= client + 1, f"seat {player}: sheet {scroll} px in a {client} px box"
    assert not problems, problems
