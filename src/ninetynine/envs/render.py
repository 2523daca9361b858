"""Render modes shared by the environments: the public view as text, printed, or as an image.

* ``"ansi"``: ``render()`` returns the game's terminal drawing of the public view
  (``game.render_observation(state.observation(None))``) as a string;
* ``"human"``: ``render()`` prints that text and returns ``None``; the environment also renders
  after every ``reset()`` and ``step()``, as Gymnasium and PettingZoo environments do;
* ``"rgb_array"``: ``render()`` returns that text drawn on a white canvas, an ``(H, W, 3)``
  ``uint8`` array (what ``gymnasium.wrappers.RecordVideo`` and ``render_test`` take).

Only the public view (``observation(None)``: what a spectator sees) is drawn, so a frame never
shows a hidden card. Frames keep one size for the whole life of an environment (a video needs
that): the canvas is sized on the initial deal of the game (with room to spare), and a later
board that does not fit is scaled down into it. The text is drawn with Pillow (a matplotlib
dependency) in DejaVu Sans Mono, the monospaced font matplotlib ships.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import gymnasium
import matplotlib
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ninetynine.core.game import Game, State

RENDER_MODES = ("ansi", "human", "rgb_array")
#: Font size (points = pixels here) and the cell one character takes.
FONT_SIZE = 14
#: Room the canvas keeps beyond the initial board, in lines and columns.
SPARE_LINES, SPARE_COLUMNS = 8, 8
MARGIN = 6
BACKGROUND, INK = (255, 255, 255), (20, 20, 20)


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` itself, if ``None`` or one of :data:`RENDER_MODES`.

    :raises ValueError: any other value.
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode must be None or one of {', '.join(map(repr, RENDER_MODES))}, "
            f"not {render_mode!r}"
        )
    return render_mode


@lru_cache(maxsize=1)
def _font() -> ImageFont.FreeTypeFont:
    path = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSansMono.ttf"
    return ImageFont.truetype(str(path), FONT_SIZE)


def _cell() -> tuple[int, int]:
    """(width, height) in pixels of one character of the font."""
    font = _font()
    ascent, descent = font.getmetrics()
    return max(1, math.ceil(font.getlength("M"))), ascent + descent


def text_size(text: str) -> tuple[int, int]:
    """(columns, lines) of a block of text."""
    lines = text.splitlines() or [""]
    return max(len(line) for line in lines), len(lines)


def canvas_for(game: Game, seed: int = 0) -> tuple[int, int]:
    """The (height, width) in pixels of the frames of an environment on ``game``: the board of
    the initial state of ``seed`` plus :data:`SPARE_LINES` / :data:`SPARE_COLUMNS`."""
    text = game.render_observation(game.new_initial_state(seed).observation(None), markup=False)
    columns, lines = text_size(text)
    cw, ch = _cell()
    return (
        (lines + SPARE_LINES) * ch + 2 * MARGIN,
        (columns + SPARE_COLUMNS) * cw + 2 * MARGIN,
    )


def text_to_rgb(text: str, canvas: tuple[int, int]) -> np.ndarray:
    """``text`` drawn in black on white, an ``(H, W, 3)`` ``uint8`` array of exactly
    ``canvas = (H, W)``: drawn at its natural size, then scaled down (aspect kept) if larger."""
    height, width = canvas
    columns, lines = text_size(text)
    cw, ch = _cell()
    drawn = max(math.ceil(_font().getlength(line)) for line in text.splitlines() or [""])
    natural = Image.new(
        "RGB", (max(columns * cw, drawn) + 2 * MARGIN, lines * ch + 2 * MARGIN), BACKGROUND
    )
    draw = ImageDraw.Draw(natural)
    for i, line in enumerate(text.splitlines()):
        draw.text((MARGIN, MARGIN + i * ch), line, font=_font(), fill=INK)
    if natural.width > width or natural.height > height:
        scale = min(width / natural.width, height / natural.height)
        size = (max(1, int(natural.width * scale)), max(1, int(natural.height * scale)))
        natural = natural.resize(size, Image.Resampling.LANCZOS)
    frame = Image.new("RGB", (width, height), BACKGROUND)
    frame.paste(natural, (0, 0))
    return np.asarray(frame, dtype=np.uint8).copy()


def render_env(
    game: Game, render_mode: str | None, canvas: tuple[int, int], state_of: Callable[[], State]
) -> str | np.ndarray | None:
    """An env's ``render()``: the public view of ``state_of()`` (the env's state; called only
    with a render mode) through :func:`render_state`; without a render mode, ``None`` and a
    warning, as Gymnasium does."""
    if render_mode is None:
        gymnasium.logger.warn(
            "render() called without a render_mode (use 'ansi', 'human' or 'rgb_array')"
        )
        return None
    return render_state(game, state_of().observation(None), render_mode, canvas)


def render_state(
    game: Game, observation: dict[str, object], render_mode: str | None, canvas: tuple[int, int]
) -> str | np.ndarray | None:
    """What ``render()`` gives for the public ``observation`` (``state.observation(None)``) in
    ``render_mode``: the text (``"ansi"``), ``None`` after printing it (``"human"``), a frame of
    size ``canvas`` (``"rgb_array"``); ``None`` without a render mode."""
    if render_mode is None:
        return None
    text = game.render_observation(observation, markup=False)
    if render_mode == "human":
        print(text)
        return None
    if render_mode == "rgb_array":
        return text_to_rgb(text, canvas)
    return text
