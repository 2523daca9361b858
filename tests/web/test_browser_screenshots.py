"""Every game's table, drawn in Debian's Chromium, compared with its stored screenshot.

For each registered game a table with a fixed seed (seat 0 a person, the others greedy) is
played a few decisions in (:func:`play_into_the_game`), then opened at the person's next
decision, and its board (``#board``: the game's own drawing, no
table id, no clock) is captured at a fixed viewport (1280x900, scale 1), with reduced motion
and a fixed set of fonts: a private fontconfig that sees only Debian's DejaVu fonts
(``fonts-dejavu-core``, installed with Chromium by ``scripts/setup``), so the machine's other
fonts change nothing. The capture is compared with ``tests/web/screenshots/<game>.png``: the
same size, and at most :data:`MAX_CHANGED` of the pixels differing by more than
:data:`PIXEL_TOLERANCE` in some channel (anti-aliasing noise passes, a moved or recoloured card
does not). On a failure the live capture, the reference and an image of the differences are
saved (in ``$NINETYNINE_SCREENSHOTS`` or the test's temporary directory) and the message names
them. A registered game without a stored screenshot fails.

To regenerate the references after an intended change of a drawing (look at each one before
committing it, and say why in the commit message)::

    NINETYNINE_UPDATE_SCREENSHOTS=1 python -m pytest tests/web/test_browser_screenshots.py
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

from .test_browser import CHROMIUM, CHROMIUM_ARGS, _need_browser, shots_dir

REFERENCES = Path(__file__).with_name("screenshots")
FONTS = Path("/usr/share/fonts/truetype/dejavu")
FACES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf")
UPDATE = "NINETYNINE_UPDATE_SCREENSHOTS"
#: A channel difference (0-255) up to this is rendering noise.
PIXEL_TOLERANCE = 24
#: The share of pixels that may differ by more than that (anti-aliasing of text edges).
MAX_CHANGED = 0.001
SEED = 4242
DECISIONS = 8
VIEWPORT = {"width": 1280, "height": 900}

FONTCONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
{aliases}
  <match target="font">
    <edit name="antialias" mode="assign"><bool>true</bool></edit>
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
    <edit name="rgba" mode="assign"><const>none</const></edit>
  </match>
</fontconfig>
"""


#: The families the pages name (or Chromium's defaults) and the face each becomes.
ALIASES = {
    "system-ui": "DejaVu Sans",
    "sans-serif": "DejaVu Sans",
    "serif": "DejaVu Sans",
    "monospace": "DejaVu Sans Mono",
}


def _fontconfig(tmp_path: Path) -> dict[str, str]:
    """The browser's environment with a fontconfig that knows only the DejaVu fonts."""
    if not all((FONTS / face).exists() for face in FACES):
        reason = f"the DejaVu fonts are missing in {FONTS} (apt-get install -y fonts-dejavu-core)"
        if os.environ.get("CI"):
            pytest.fail(f"SCREENSHOT TEST CANNOT RUN ON CI: {reason}")
        pytest.skip(f"SCREENSHOT TEST SKIPPED: {reason}")
    # only the four sans and mono faces: any family the page names falls back to one of them
    # (a serif face in the folder would stand in for Chromium's default "Times New Roman")
    folder = tmp_path / "fonts"
    folder.mkdir()
    for face in FACES:
        (folder / face).symlink_to(FONTS / face)
    conf = tmp_path / "fonts.conf"
    aliases = "\n".join(
        f'  <alias binding="same"><family>{k}</family><prefer><family>{v}</family></prefer></alias>'
        for k, v in ALIASES.items()
    )
    conf.write_text(FONTCONFIG.format(fonts=folder, cache=tmp_path / "fc-cache", aliases=aliases))
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


def play_into_the_game(base: str, table: str, token: str) -> None:
    """Seat 0 makes :data:`DECISIONS` decisions (each its middle legal move), the bots answer:
    a position with cards in rows, piles, lanes and marks on sheets, the same every time."""
    import httpx

    for _ in range(DECISIONS):
        for _ in range(600):  # the bots answer at once (no bot delay); this waits for them
            view = httpx.get(f"{base}/api/tables/{table}/view", params={"token": token}).json()
            if view["terminal"] or view["legal"]:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the bots did not answer")
        if view["terminal"]:
            return
        move = view["legal"][len(view["legal"]) // 2]["id"]
        body = {"token": token, "action": move, "version": view["version"]}
        reply = httpx.post(f"{base}/api/tables/{table}/moves", json=body)
        assert reply.status_code == 200, reply.text


def capture_table(pw: Any, base: str, game: str, env: dict[str, str], problems: list[str]) -> bytes:
    """The PNG of ``game``'s board at seat 0's first decision (fixed seed, fixed everything)."""
    import httpx

    g = ninetynine.load_game(game)
    players = g.num_players
    seats = ["human"] + ["greedy"] * (players - 1)
    r = httpx.post(
        base + "/api/tables",
        json={"game": game, "players": players, "seats": seats, "seed": SEED},
    )
    assert r.status_code == 201, r.text
    invite = r.json()["seats"][0]["invite"]
    play_into_the_game(base, r.json()["id"], r.json()["seats"][0]["token"])
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=env)
    try:
        page = browser.new_page(viewport=VIEWPORT, device_scale_factor=1, reduced_motion="reduce")
        page.set_default_timeout(60_000)  # generous: shared, loaded machines
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        # the first-game tour is its own test (test_browser_motion.py): the table alone here
        page.add_init_script("localStorage.setItem('ninetynine.tour.warp99', 'seen')")
        page.goto(base + invite)
        page.wait_for_selector("#status[data-turn='you']")
        page.evaluate("document.fonts.ready")
        page.mouse.move(0, 0)
        return bytes(page.locator("#board").screenshot(animations="disabled", caret="hide"))
    finally:
        browser.close()


def compare(live: bytes, reference: Path, out: Path, name: str) -> str | None:
    """``None`` if ``live`` matches the stored ``reference``, else why (the live capture, the
    reference and the differences are saved in ``out``)."""
    import io

    import numpy as np
    from PIL import Image

    a = np.asarray(Image.open(io.BytesIO(live)).convert("RGB"), dtype=np.int16)
    b = np.asarray(Image.open(reference).convert("RGB"), dtype=np.int16)
    live_path = out / f"{name}-live.png"
    live_path.write_bytes(live)
    if a.shape != b.shape:
        return (
            f"{name}: the table is {a.shape[1]}x{a.shape[0]} px, its reference "
            f"{b.shape[1]}x{b.shape[0]} px (live capture: {live_path}; reference: {reference})"
        )
    bad = np.abs(a - b).max(axis=2) > PIXEL_TOLERANCE
    share = float(bad.mean())
    if share <= MAX_CHANGED:
        return None
    diff = (np.asarray(Image.open(reference).convert("L")) // 3).astype(np.uint8)
    rgb = np.stack([diff, diff, diff], axis=2)
    rgb[bad] = (255, 0, 0)
    diff_path = out / f"{name}-diff.png"
    Image.fromarray(rgb).save(diff_path)
    ys, xs = np.nonzero(bad)
    return (
        f"{name}: {share:.2%} of the pixels differ from the reference (at most "
        f"{MAX_CHANGED:.2%} may), in x {xs.min()}-{xs.max()}, y {ys.min()}-{ys.max()}. "
        f"Live capture: {live_path}; reference: {reference}; differences in red: {diff_path}. "
        f"If the change is intended: {UPDATE}=1 python -m pytest {Path(__file__).name}, "
        f"look at the new image, commit it."
    )


@pytest.mark.parametrize("game", ninetynine.list_games())
def test_each_games_table_looks_as_stored(game: str, module_server, tmp_path: Path) -> None:
    _need_browser()
    try:
        import PIL  # noqa: F401
    except ImportError:
        reason = "Pillow compares the screenshots: pip install pillow (the dev extra has it)"
        if os.environ.get("CI"):
            pytest.fail(f"SCREENSHOT TEST CANNOT RUN ON CI: {reason}")
        pytest.skip(f"SCREENSHOT TEST SKIPPED: {reason}")
    from playwright.sync_api import sync_playwright

    env = _fontconfig(tmp_path)
    server = module_server
    problems: list[str] = []
    with sync_playwright() as pw:
        live = capture_table(pw, server.base, game, env, problems)
    assert not problems, problems
    reference = REFERENCES / f"{game}.png"
    if os.environ.get(UPDATE):
        import io

        from PIL import Image

        REFERENCES.mkdir(exist_ok=True)
        Image.open(io.BytesIO(live)).save(reference, optimize=True)
        pytest.skip(f"{reference} written: look at it before committing it")
    assert reference.exists(), (
        f"{game} has no stored screenshot of its table ({reference}): "
        f"{UPDATE}=1 python -m pytest {Path(__file__).name} -k {game}, look at it, commit it"
    )
    why = compare(live, reference, shots_dir(tmp_path), game)
    assert why is None, why
