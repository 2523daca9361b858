"""Motion, the reduced-motion setting, the turn notification and the Warp 99 first-game tour, in
a real browser (Debian's Chromium, as in ``test_browser.py``).

Motion is decoration: every animation is recorded (``Element.prototype.animate`` wrapped before
the page loads) and, in the motion tests, frozen at its first frame for good. The seat still
plays on by clicking (no input waits for an animation), and what the frozen page shows is the
new state in full: its board reads exactly as a fresh page's board at the same move.
Screenshots (mid-flight, then at rest) go to ``$NINETYNINE_SCREENSHOTS`` or the test's
temporary directory.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from .test_browser import _need_browser, launch, shots_dir

# Every animation the page starts, described; with window.__hold, frozen at its first frame.
RECORDER = """
window.__fx = []; window.__hold = false;
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const a = animate.call(this, frames, options);
  const zone = this.closest && this.closest('[data-fx-zone]');
  const d = this.dataset || {};
  window.__fx.push({
    zone: zone ? zone.dataset.fxZone : null, fx: d.fx || null,
    die: d.fxDie !== undefined, mark: d.fxMark !== undefined, count: d.fxCount || null,
    delta: this.classList.contains('fx-delta'), from: String((frames[0] || {}).transform || ''),
  });
  if (window.__hold) a.pause();
  return a;
};
"""

Record = list[dict[str, Any]]


def travelled(into: Callable[[str], bool]) -> Callable[[Record], bool]:
    """A card travelled (a translate) into a zone ``into`` accepts."""
    return lambda fx: any(
        f["fx"] and f["zone"] and into(f["zone"]) and "translate" in f["from"] for f in fx
    )


#: What each game's table must have animated after a few of the seat's moves.
EXPECTED: dict[str, tuple[str, Callable[[Record], bool]]] = {
    "warp99": ("a card travels into the seat's row", travelled(lambda z: z == "row0")),
    "ninetynine": ("a card travels into the seat's row", travelled(lambda z: z == "row0")),
    "ono99": (
        "a card travels to the pile and the running total shows its change",
        lambda fx: travelled(lambda z: z == "pile")(fx) and any(f["delta"] for f in fx),
    ),
    "tripwire": ("a card travels to a dock", travelled(lambda z: z.startswith("dock"))),
    "heroes99": (
        "a card travels onto one of the seat's heroes",
        travelled(lambda z: re.fullmatch(r"a0L\d", z) is not None),
    ),
    "sixto": (
        "the dice roll and marks are stamped on",
        lambda fx: any(f["die"] for f in fx) and any(f["mark"] for f in fx),
    ),
}


def _table(base: str, game: str, seed: int = 11) -> dict[str, Any]:
    import httpx

    r = httpx.post(
        base + "/api/tables",
        json={"game": game, "players": 2, "seats": ["human", "greedy"], "seed": seed},
    )
    assert r.status_code == 201, r.text
    return dict(r.json())


def _wait_turn(page: Any, v: str) -> None:
    page.wait_for_function(f"document.body.dataset.version !== '{v}'")
    page.wait_for_function(
        "document.body.dataset.terminal === '1' || "
        "document.querySelector(\"#status[data-turn='you']\") !== null"
    )


def _click_a_move(page: Any) -> None:
    """Click the seat's first move: Sixto's keep / pass on its table (its hundreds of marks
    stay folded in the moves panel); else the first move of the panel, on the table if the
    table has a button for it (99 Heroes' picks: also folded), else in the panel."""
    for sel in ("#board [data-move='keep']", "#board [data-move='pass']"):
        if page.locator(sel).count():
            page.click(sel)
            return
    first = page.eval_on_selector("#moves button[data-move]", "b => b.dataset.move")
    on_table = page.locator(f"#board button[data-move='{first}']")
    if on_table.count():
        on_table.first.click()
    else:
        page.click("#moves button[data-move] >> nth=0")


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_motion_decorates_and_never_hides_or_delays(
    game: str, module_server, tmp_path: Path
) -> None:
    _need_browser()
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    what, check = EXPECTED[game]
    server = module_server
    t = _table(server.base, game)
    invite = server.base + t["seats"][0]["invite"]
    shots = shots_dir(tmp_path)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.emulate_media(reduced_motion="no-preference")
        page.add_init_script(RECORDER)
        page.add_init_script("localStorage.setItem('ninetynine.tour.warp99', 'seen')")
        page.goto(invite)
        page.wait_for_selector("#status[data-turn='you']")
        assert page.evaluate("window.__fx.length") == 0  # the first drawing does not move
        page.evaluate("window.__hold = true")  # from now on every animation stays at frame 0
        for _ in range(40):
            v = page.evaluate("document.body.dataset.version")
            _click_a_move(page)  # accepted although every animation is held
            _wait_turn(page, v)
            if (
                check(page.evaluate("window.__fx"))
                or page.evaluate("document.body.dataset.terminal") == "1"
            ):
                break
        fx = page.evaluate("window.__fx")
        assert check(fx), f"{game}: expected that {what}; animations: {fx[-20:]}"
        paused = "document.getAnimations().filter(a => a.playState === 'paused').length"
        assert page.evaluate(paused) > 0
        page.screenshot(path=str(shots / f"{game}-motion-held.png"), full_page=True)
        version = page.evaluate("document.body.dataset.version")
        board_held = page.inner_text("#board")
        assert page.evaluate("document.body.dataset.version") == version  # no move in between

        # a fresh page at the same move, without motion, reads the same (once it has drawn
        # that move: on a loaded machine its first drawing may be of an earlier one)
        fresh = browser.new_page(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
        fresh.add_init_script("localStorage.setItem('ninetynine.tour.warp99', 'seen')")
        fresh.goto(invite)
        fresh.wait_for_function(f"document.body.dataset.version === '{version}'")
        with contextlib.suppress(PlaywrightTimeout):  # the assert below then shows the diff
            fresh.wait_for_function(
                "want => document.querySelector('#board').innerText === want",
                arg=board_held,
                timeout=10_000,
            )
        assert fresh.inner_text("#board") == board_held
        assert fresh.evaluate("document.getAnimations().length") == 0

        page.evaluate("document.getAnimations().forEach(a => a.finish())")
        page.screenshot(path=str(shots / f"{game}-motion-rest.png"), full_page=True)
        assert page.inner_text("#board") == board_held
        browser.close()
    assert not problems, problems


def test_reduced_motion_moves_nothing(module_server, tmp_path: Path) -> None:
    """The system's prefers-reduced-motion, and the table's own "Reduce motion" box (ticked by
    keyboard, kept in the browser) each stop every animation; unticked, cards move again."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    t = _table(server.base, "ono99")
    invite = server.base + t["seats"][0]["invite"]
    problems: list[str] = []

    def one_move(page: Any) -> int:
        page.evaluate("window.__fx = []")
        v = page.evaluate("document.body.dataset.version")
        page.click("#moves button[data-move] >> nth=0")
        _wait_turn(page, v)
        return int(page.evaluate("window.__fx.length"))

    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.add_init_script(RECORDER)
        page.emulate_media(reduced_motion="reduce")
        page.goto(invite)
        page.wait_for_selector("#status[data-turn='you']")
        assert page.is_checked("#reduce-motion")  # the system's choice shows
        assert one_move(page) == 0

        page.emulate_media(reduced_motion="no-preference")
        page.reload()
        page.wait_for_selector("#status[data-turn='you']")
        assert not page.is_checked("#reduce-motion")
        assert one_move(page) > 0

        page.focus("#reduce-motion")
        page.keyboard.press("Space")
        assert page.evaluate("document.documentElement.dataset.motion") == "reduce"
        assert one_move(page) == 0
        page.reload()
        page.wait_for_selector("#status[data-turn='you']")
        assert page.is_checked("#reduce-motion")  # kept in this browser
        assert one_move(page) == 0
        page.screenshot(path=str(shots_dir(tmp_path) / "reduce-motion.png"), full_page=True)

        page.click("#reduce-motion")
        assert page.evaluate("document.documentElement.dataset.motion") == "full"
        if page.evaluate("document.body.dataset.terminal") != "1":
            assert one_move(page) > 0
        browser.close()
    assert not problems, problems


# A page-side stand-in for the browser's notifications: permission asked, notifications shown.
NOTIFICATIONS = """
window.__notes = []; window.__asked = 0;
window.__answer = 'granted';
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options.body }); }
  close() {}
  static requestPermission() {
    window.__asked++;
    FakeNotification.permission = window.__answer;
    return Promise.resolve(window.__answer);
  }
}
FakeNotification.permission = 'default';
window.Notification = FakeNotification;
document.hasFocus = () => false;  // the tab is in the background
"""


def test_the_turn_notification_is_opt_in(module_server, tmp_path: Path) -> None:
    """No notification unless the seat ticks the box (which asks the browser's permission);
    then one when the turn comes back while the tab is in the background. A refusal unticks
    the box and says how to allow it."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    t = _table(server.base, "ono99")
    invite = server.base + t["seats"][0]["invite"]
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.add_init_script(NOTIFICATIONS)
        page.goto(invite)
        page.wait_for_selector("#status[data-turn='you']")
        assert not page.is_checked("#notify")
        v = page.evaluate("document.body.dataset.version")
        page.click("#moves button[data-move] >> nth=0")
        _wait_turn(page, v)
        assert page.evaluate("window.__notes") == []  # off by default
        assert page.evaluate("window.__asked") == 0

        page.focus("#notify")
        page.keyboard.press("Space")
        page.wait_for_function("window.__asked === 1")
        assert page.is_checked("#notify")
        if page.evaluate("document.body.dataset.terminal") != "1":
            v = page.evaluate("document.body.dataset.version")
            page.click("#moves button[data-move] >> nth=0")
            _wait_turn(page, v)
            if page.evaluate("document.body.dataset.terminal") != "1":
                notes = page.evaluate("window.__notes")
                assert len(notes) == 1 and notes[0]["title"] == "Your turn"
                assert "ONO 99" in notes[0]["body"]
        page.click("#notify")  # off again
        assert not page.is_checked("#notify")
        browser.close()

        browser, page = launch(pw, problems)
        page.add_init_script(NOTIFICATIONS + "window.__answer = 'denied';")
        page.goto(invite)
        page.wait_for_selector("#status[data-turn]")
        page.click("#notify")
        page.wait_for_selector("#notify-note:not(.hidden)")
        assert not page.is_checked("#notify")
        assert "blocked" in page.inner_text("#notify-note")
        page.screenshot(path=str(shots_dir(tmp_path) / "notify-denied.png"), full_page=True)
        browser.close()
    assert not problems, problems


def test_the_warp99_tour_explains_the_three_actions_once(module_server, tmp_path: Path) -> None:
    """A seat's first Warp 99 table opens the tour (Action A, B, C of the rulebook, each
    outlining its part of the live table); it is played by keyboard, closed by Escape,
    remembered, and opened again from the help button. Spectators and other games do not get
    it unasked."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = module_server
    t = _table(server.base, "warp99")
    shots = shots_dir(tmp_path)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.goto(server.base + t["seats"][0]["invite"])
        page.wait_for_selector("#status[data-turn='you']")
        page.wait_for_selector("#tour[role='dialog']")
        assert page.inner_text("#tour-title") == "Action A: one card into your row"
        assert page.evaluate("document.activeElement.id") == "tour-next"
        assert page.locator("[data-target='row'].tour-focus").count() == 1
        assert page.locator("[aria-label='Your hand'].tour-focus").count() == 1
        page.screenshot(path=str(shots / "tour-action-a.png"), full_page=True)

        page.keyboard.press("Enter")  # Next
        assert page.inner_text("#tour-title") == "Action B: play to the 2 discard piles"
        assert page.locator("[data-target='pile1'].tour-focus").count() == 1
        assert page.locator("[data-target='row'].tour-focus").count() == 0
        page.keyboard.press("ArrowRight")
        assert page.inner_text("#tour-title") == "Action C: refill your hand"
        assert "15 points" in page.inner_text("#tour-text")
        page.keyboard.press("ArrowLeft")
        assert page.inner_text("#tour-title").startswith("Action B")
        page.screenshot(path=str(shots / "tour-action-b.png"), full_page=True)

        # the table stays playable with the tour open, and the outline follows the redraw
        v = page.evaluate("document.body.dataset.version")
        page.click("#moves button[data-move] >> nth=0")
        _wait_turn(page, v)
        assert page.locator("[data-target='pile1'].tour-focus").count() == 1

        page.keyboard.press("Escape")
        assert page.is_hidden("#tour")
        assert page.locator(".tour-focus").count() == 0
        page.reload()
        page.wait_for_selector("#status[data-turn]")
        assert page.locator("#tour").count() == 0  # once: not again unasked

        page.focus("#tour-btn")
        page.keyboard.press("Enter")  # the help button opens it at Action A
        assert page.inner_text("#tour-title").startswith("Action A")
        for _ in range(3):
            page.keyboard.press("Enter")  # Next, Next, Start playing
        assert page.is_hidden("#tour")
        browser.close()

        # a spectator: the help button only; another game: neither
        browser, page = launch(pw, problems)
        page.goto(server.base + t["watch"])
        page.wait_for_selector("#status[data-turn]")
        assert page.locator("#tour").count() == 0
        assert page.is_visible("#tour-btn")
        o = _table(server.base, "ono99")
        page.goto(server.base + o["seats"][0]["invite"])
        page.wait_for_selector("#status[data-turn]")
        assert page.locator("#tour").count() == 0
        assert page.is_hidden("#tour-btn")
        browser.close()
    assert not problems, problems


def test_a_replay_step_forward_moves_its_cards(module_server, tmp_path: Path) -> None:
    """Stepping a finished game forward (button or →) moves the step's card as the live table
    does; stepping back or jumping redraws without motion; reduced motion moves nothing."""
    _need_browser()
    import httpx
    from playwright.sync_api import sync_playwright

    from .test_rematch import play_out

    server = module_server
    body = {"game": "ono99", "players": 2, "seats": ["human", "human"]}
    with httpx.Client(base_url=server.base) as http:
        r = http.post("/api/tables", json=body).json()
        play_out(http, r["id"], [s["token"] for s in r["seats"]])
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.emulate_media(reduced_motion="no-preference")
        page.add_init_script(RECORDER)
        page.goto(f"{server.base}/replay/{r['id']}?step=0&seat=0")
        page.wait_for_function("document.body.dataset.step === '0'")
        page.click("#forward")
        page.wait_for_function("document.body.dataset.step === '1'")
        assert travelled(lambda z: z == "pile")(page.evaluate("window.__fx"))
        page.keyboard.press("ArrowRight")
        page.wait_for_function("document.body.dataset.step === '2'")
        page.screenshot(path=str(shots_dir(tmp_path) / "replay-motion.png"), full_page=True)
        page.evaluate("window.__fx = []")
        page.click("#back")
        page.wait_for_function("document.body.dataset.step === '1'")
        assert page.evaluate("window.__fx.length") == 0

        page.emulate_media(reduced_motion="reduce")
        page.click("#forward")
        page.wait_for_function("document.body.dataset.step === '2'")
        assert page.evaluate("window.__fx.length") == 0
        browser.close()
    assert not problems, problems


# motion.js on hand-made boards: a card that leaves the hand for the pile, a card nobody saw
# (from the mover's box), a score that changed, a rule card turned over, a new roll.
MOTION_UNIT = """async () => {
  const motion = await import('/static/motion.js');
  localStorage.removeItem('ninetynine.motion');
  const root = document.createElement('div');
  document.body.append(root);
  const draw = (html) => { root.innerHTML = html; };
  const seat = (p, inner) => `<div data-player="${p}" style="height:60px">${inner}</div>`;
  const card = (f) => `<span class="card" data-fx="${f}">${f}</span>`;
  const zone = (z, inner, style = '') => `<div data-fx-zone="${z}" style="${style}">${inner}</div>`;
  const score = (n) => `<strong data-fx-count="score0" data-value="${n}">${n} points</strong>`;
  const low = 'margin-top:200px';
  draw(`${zone('hand', card('R7') + card('B2'))}${zone('pile1', card('Y1'), low)}
        ${seat(0, score(3))}${seat(1, '')}
        <div data-fx-flip="rule1" data-value="1">Same Color</div>
        <div data-fx-roll="1:0"><span data-fx-die="0" data-value="4">4</span></div>`);
  const before = motion.capture(root);
  draw(`${zone('hand', card('B2'))}${zone('pile1', card('R7'), low)}${zone('row1', card('G5'))}
        ${seat(0, score(19))}${seat(1, '')}
        <div data-fx-flip="rule1" data-value="2">Minus 1</div>
        <div data-fx-roll="2:0"><span data-fx-die="0" data-value="6">6</span></div>`);
  const animations = motion.play(root, before, { mover: 1, me: 0 });
  const of = (sel) => animations.filter((a) => a.effect.target.matches(sel))
    .map((a) => String(a.effect.getKeyframes()[0].transform));
  const out = {
    total: animations.length,
    r7: of('[data-fx="R7"]'), b2: of('[data-fx="B2"]'), g5: of('[data-fx="G5"]'),
    flip: of('[data-fx-flip]'), die: of('[data-fx-die]'), score: of('[data-fx-count]'),
    delta: [...document.querySelectorAll('.fx-delta')].map((n) => n.textContent),
    scoreText: root.querySelector('[data-fx-count]').textContent,
  };
  animations.forEach((a) => a.finish());
  localStorage.setItem('ninetynine.motion', 'reduce');
  draw(root.innerHTML.replace('data-value="19"', 'data-value="20"'));
  const b2 = motion.capture(root);
  draw(`<div data-fx-zone="pile1"><span class="card" data-fx="B2">B2</span></div>`);
  out.reduced = motion.play(root, b2, { mover: 0, me: 0 }).length;
  return out;
}"""


def test_motion_js_on_hand_made_boards(server_factory) -> None:
    _need_browser()
    from playwright.sync_api import sync_playwright

    server = server_factory()
    problems: list[str] = []
    with sync_playwright() as pw:
        browser, page = launch(pw, problems)
        page.emulate_media(reduced_motion="no-preference")
        page.goto(server.base + "/")
        out = page.evaluate(MOTION_UNIT)
        browser.close()
    assert not problems, problems
    # R7 travelled from the hand down to the pile; B2 slid left in the hand
    assert len(out["r7"]) == 1 and "translate(" in out["r7"][0]
    dy = float(out["r7"][0].split(",")[1].split("px")[0])
    assert dy < -150, out["r7"]
    assert len(out["b2"]) == 1 and "translate(" in out["b2"][0]
    # G5, unseen before, came from the mover's box (seat 1), small
    assert len(out["g5"]) == 1 and "scale(" in out["g5"][0]
    assert len(out["flip"]) == 1 and "rotateY(90deg)" in out["flip"][0]
    assert len(out["die"]) == 1 and "rotate(-200deg)" in out["die"][0]
    assert len(out["score"]) == 1 and out["delta"] == ["+16"]
    assert out["scoreText"] == "19 points"  # the number itself is the new state's at once
    assert out["reduced"] == 0
