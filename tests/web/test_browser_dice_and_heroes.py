"""A real browser plays a whole Sixto game (against greedy) and a whole 99 Heroes game (against
``ismcts:30``, picked in the lobby form) by clicking the drawn table (Debian's Chromium, as in
``test_browser.py``); then the lobby lists the finished table with its record.

The person's decisions come from a greedy bot reading the seat's own view (the page's JSON
API); the test then makes each decision the way a person would: Sixto marks by clicking the
spaces on the sheet and Confirm (checking that the button names the intended choice), 99
Heroes by clicking a roster card's lane, a hand card and then a lane, a hero, an active card
or a decision button. Screenshots of the start, the middle and the end go to the test's
temporary directory, or ``$NINETYNINE_SCREENSHOTS``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")

import ninetynine
from ninetynine.agents import make_agent

from .test_browser import _need_browser, launch, shots_dir


class Seat:
    """The person's seat in the browser: the page, its view from the API, a greedy mind."""

    def __init__(self, page: Any, base: str, game_id: str, players: int, options: dict) -> None:
        self.page = page
        self.base = base
        _, _, self.table, self.token = page.url.split("/")[-4:]
        self.game = ninetynine.load_game(game_id, num_players=players, **options)
        self.bot = make_agent("greedy", self.game, 0, seed=7)

    def view(self) -> dict[str, Any]:
        r = httpx.get(f"{self.base}/api/tables/{self.table}/view", params={"token": self.token})
        r.raise_for_status()
        return r.json()

    def decide(self, view: dict[str, Any]) -> tuple[int, str]:
        ids = [m["id"] for m in view["legal"]]
        a = self.bot.step(view["observation"], ids)
        return a, next(m["text"] for m in view["legal"] if m["id"] == a)

    def version(self) -> str:
        return str(self.page.evaluate("document.body.dataset.version"))

    def wait_after(self, v: str) -> None:
        self.page.wait_for_function(f"document.body.dataset.version !== '{v}'")
        self.page.wait_for_function(
            "document.body.dataset.terminal === '1' || "
            "document.querySelector(\"#status[data-turn='you']\") !== null"
        )

    def over(self) -> bool:
        return bool(self.page.evaluate("document.body.dataset.terminal") == "1")


def _open(
    pw: Any, base: str, game: str, players: int, seed: int, problems: list[str], iters: int = 0
) -> Any:
    """The lobby: the game, a person in seat 0 against greedy (``iters``: ismcts with that many
    iterations a move); then the person's seat."""
    browser, page = launch(pw, problems)
    page.goto(base + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    assert page.input_value("#seat-1") == "greedy"
    if iters:
        assert not page.is_visible("#iters-1")
        page.select_option("#seat-1", "ismcts")
        page.fill("#iters-1", str(iters))
    page.fill("#seed", str(seed))
    page.click("#create")
    page.click("#created a[data-seat='0']")
    page.wait_for_selector("#status[data-turn='you']")
    return browser, page


def _finish(seat: Seat, shots: Path, name: str) -> str:
    page = seat.page
    page.wait_for_selector("#record:not(.hidden)")
    page.screenshot(path=str(shots / f"{name}-end.png"), full_page=True)
    with page.expect_download() as download:
        page.click("#record")
    return Path(download.value.path()).read_text()


def test_a_whole_sixto_game_by_clicking_the_sheet(module_server, tmp_path: Path) -> None:
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    shots = shots_dir(tmp_path)
    problems: list[str] = []
    moves: list[str] = []
    saw_secret = keyboard = False
    with sync_playwright() as pw:
        browser, page = _open(pw, server.base, "sixto", 2, 31, problems)
        seat = Seat(page, server.base, "sixto", 2, {})
        page.screenshot(path=str(shots / "sixto-start.png"), full_page=True)
        while not seat.over():
            assert len(moves) < 200, "the game did not end"
            view = seat.view()
            a, text = seat.decide(view)
            v = seat.version()
            obs = view["observation"]
            if obs["phase"] == "roll":
                page.click(f"#board [data-move='{text}']")
            else:
                if obs["active"] != 0:  # the bot chose first, in secret
                    last = page.locator("#log li").last.text_content() or ""
                    assert "(chosen in secret)" in last, last
                    saw_secret = True
                fact = view["drawing"]["choices"][str(a)]
                if fact.get("unlock"):
                    page.click(f"#board [data-target='lock-{fact['unlock'][0]}']")
                for k, (_, r, c, _) in enumerate(fact.get("marks", [])):
                    cell = f"#board [data-target='cell-{r}-{c}']"
                    if k == 0 and not keyboard:  # once by keyboard: the focus stays put
                        page.focus(cell)
                        page.keyboard.press("Enter")
                        assert page.get_attribute(cell, "aria-pressed") == "true"
                        focused = page.evaluate("document.activeElement.dataset.target")
                        assert focused == f"cell-{r}-{c}"
                        keyboard = True
                    else:
                        page.click(cell)
                if text == "pass":
                    page.click("#board [data-move='pass']")
                else:
                    confirm = page.locator("#board [data-target='confirm']")
                    assert confirm.text_content() == f"Confirm {text}"
                    if len(moves) > 12 and not (shots / "sixto-middle.png").exists():
                        page.screenshot(path=str(shots / "sixto-middle.png"), full_page=True)
                    confirm.click()
            moves.append(text)
            seat.wait_after(v)
        status = page.text_content("#status")
        record = ninetynine.parse_record(_finish(seat, shots, "sixto"))
        browser.close()

    assert status and status.startswith("Game over:")
    final = record.final_state()
    assert final.is_terminal() and record.headers["Seat0"] == "human"
    assert _moves_of(record, 0) == moves  # every click made the intended move
    assert saw_secret and keyboard and len(moves) > 10
    assert not problems, problems


def _moves_of(record: Any, seat: int) -> list[str]:
    """The moves ``seat`` made in a recorded game, in notation."""
    state = record.initial_state()
    out = []
    for a in record.final_state().history():
        if state.current_player() == seat:
            out.append(state.action_to_string(a))
        state.apply_action(a)
    return out


def test_a_whole_heroes_game_by_clicking_the_lanes(module_server, tmp_path: Path) -> None:
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    shots = shots_dir(tmp_path)
    problems: list[str] = []
    moves: list[str] = []
    kinds: set[str] = set()
    with sync_playwright() as pw:
        browser, page = _open(pw, server.base, "heroes99", 2, 12, problems, iters=30)
        assert "ismcts:30" in (page.text_content("#seats") or "")
        seat = Seat(page, server.base, "heroes99", 2, {})
        page.screenshot(path=str(shots / "heroes99-start.png"), full_page=True)
        while not seat.over():
            assert len(moves) < 200, "the game did not end"
            view = seat.view()
            a, text = seat.decide(view)
            move = view["drawing"]["moves"][str(a)]
            kinds.add(move["kind"])
            v = seat.version()
            if move["kind"] == "pick":
                page.click(f"#board [data-hero='{move['hero']}'] [data-move='{text}']")
            elif move["kind"] == "play":
                card = text.split(">")[0]
                page.click(f"#board .cardrow [data-card='{card}']")
                page.click(f"#board [data-target='s0L{move['lane'] + 1}'] [data-move='{text}']")
            else:  # a decision button, a hero, an active card or a card of the hand
                page.click(f"#board [data-move='{text}']")
            moves.append(text)
            if len(moves) == 12:
                page.screenshot(path=str(shots / "heroes99-middle.png"), full_page=True)
            seat.wait_after(v)
        status = page.text_content("#status")
        record = ninetynine.parse_record(_finish(seat, shots, "heroes99"))
        page.goto(server.base + "/")  # the lobby lists the finished table with its record
        row = page.locator(f"#finished tr:has(code:text('{seat.table}'))")
        row.locator("a[href$='/record']").wait_for()
        assert "http" not in (row.text_content() or "")
        browser.close()

    assert status and status.startswith("Game over:")
    final = record.final_state()
    assert final.is_terminal()
    assert _moves_of(record, 0) == moves  # every click made the intended move
    assert {"pick", "play", "skill"} <= kinds
    assert record.headers["Seat1"] == "ismcts:30"
    assert not problems, problems


def test_kriskras_marks_are_chosen_by_clicking_among_hundreds_of_moves(
    module_server, tmp_path: Path
) -> None:
    """Kris-Kras offers up to hundreds of choices a roll: the move list stays folded and the
    person clicks the spaces; three rolls of a one-player game, each the greedy choice."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    shots = shots_dir(tmp_path)
    t = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "sixto",
            "players": 1,
            "seats": ["human"],
            "seed": 8,
            "options": {"pad": "kriskras"},
        },
    ).json()
    problems: list[str] = []
    moves: list[str] = []
    most = 0
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.goto(server.base + t["seats"][0]["invite"])
        page.wait_for_selector("#status[data-turn='you']")
        seat = Seat(page, server.base, "sixto", 1, {"pad": "kriskras"})
        while len([m for m in moves if m not in ("keep", "reroll")]) < 3:
            view = seat.view()
            a, text = seat.decide(view)
            v = seat.version()
            if view["observation"]["phase"] == "roll":
                page.click(f"#board [data-move='{text}']")
            else:
                most = max(most, len(view["legal"]))
                if len(view["legal"]) > 40:
                    assert page.locator("#moves details:not([open])").count() == 1
                for _, r, c, _ in view["drawing"]["choices"][str(a)]["marks"]:
                    page.click(f"#board [data-target='cell-{r}-{c}']")
                if text == "pass":
                    page.click("#board [data-move='pass']")
                else:
                    assert page.text_content("#board [data-target='confirm']") == f"Confirm {text}"
                    if not (shots / "sixto-kriskras.png").exists():
                        page.screenshot(path=str(shots / "sixto-kriskras.png"), full_page=True)
                    page.click("#board [data-target='confirm']")
            moves.append(text)
            seat.wait_after(v)
        log = page.locator("#log").text_content() or ""
        browser.close()
    assert most > 40  # the folded list was exercised
    for m in moves:
        assert f": {m}" in log
    assert not problems, problems
