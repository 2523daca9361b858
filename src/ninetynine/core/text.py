"""Small pieces every game's text board (``render.py``) draws the same way: seat labels, Rich
markup styles that fall back to plain text, and padding that measures the plain text.

>>> seat_labels({"num_players": 3, "player": 1})
['Seat 0', 'Seat 1 (you)', 'Seat 2']
>>> bold = styled("bold", markup=True)
>>> bold("99"), styled("bold", markup=False)("99")
('[bold]99[/]', '99')
>>> pad("R7", bold("R7"), 4) + "|", pad("R7", "R7", 4, right=True)
('[bold]R7[/]  |', '  R7')
>>> board_frame({"num_players": 2, "player": 0, "current_player": 1}, None, False)[:4]
(2, 0, ['Seat 0 (you)', 'Seat 1'], 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple


def seat_labels(observation: Mapping[str, Any], names: Sequence[str] | None = None) -> list[str]:
    """One label per seat of ``observation``'s game: ``names`` if given, else ``Seat 0``,
    ``Seat 1``, ... with the observing seat (``observation["player"]``) marked ``(you)``."""
    if names is not None:
        return list(names)
    me = observation.get("player")
    return [f"Seat {i}" + (" (you)" if i == me else "") for i in range(observation["num_players"])]


def styled(style: str, markup: bool) -> Callable[[str], str]:
    """A function wrapping text in Rich console markup ``[style]...[/]`` when ``markup``, and
    returning it unchanged otherwise (``style``: a Rich style, e.g. ``"bold"``, ``"dim"``)."""
    if not markup:
        return _plain
    return lambda s: f"[{style}]{s}[/]"


def _plain(s: str) -> str:
    return s


class BoardFrame(NamedTuple):
    """What every text board reads first (:func:`board_frame`)."""

    #: seats in the game
    n: int
    #: the observing seat (``None``: a spectator)
    me: int | None
    #: one label per seat (:func:`seat_labels`)
    names: list[str]
    #: the seat to act (``TERMINAL``, a negative number, when the game is over)
    cur: int
    #: bold and dim text (:func:`styled`)
    bold: Callable[[str], str]
    dim: Callable[[str], str]


def board_frame(
    observation: Mapping[str, Any], names: Sequence[str] | None, markup: bool
) -> BoardFrame:
    """The seat count, observer, seat labels, seat to act and the bold and dim styles of a text
    board of ``observation`` (``names`` and ``markup`` as ``Presentation.render_observation``
    takes them)."""
    return BoardFrame(
        observation["num_players"],
        observation.get("player"),
        seat_labels(observation, names),
        observation["current_player"],
        styled("bold", markup),
        styled("dim", markup),
    )


def pad(plain: str, shown: str, width: int, right: bool = False) -> str:
    """``shown`` (``plain`` with markup, or ``plain`` itself) padded with spaces to ``width``
    columns as measured on ``plain``; ``right=True`` pads on the left (right-aligned)."""
    fill = " " * max(0, width - len(plain))
    return fill + shown if right else shown + fill


__all__ = ["pad", "seat_labels", "styled"]
