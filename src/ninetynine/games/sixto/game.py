"""Sixto: the game object and its options (Ninety Nine and Sixto overviews § Sixto)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ninetynine.core.errors import GameOptionError
from ninetynine.core.game import Game
from ninetynine.core.options import OptionSpec, auto_or_int_parser, choice_parser, int_parser
from ninetynine.core.registry import register_game

from .actions import Notation
from .rules import HIT_BONUS, PADS, TARGET, layout_for, points_table
from .sheets import NUM_DESIGNS, WIDTH
from .state import SixtoState

#: ``open_after=auto``: the published sheet's four marks (D6); the text's sheet opens at once.
AUTO_OPEN_AFTER = {12: 4, 6: 0}


def _parse_pad(value: Any) -> str:
    """A pad name; ``cross`` means ``cross-blocks``."""
    v = str(value).strip().lower().replace("_", "-")
    v = {"cross": "cross-blocks", "kris-kras": "kriskras", "base": "none", "": "none"}.get(v, v)
    if v not in PADS:
        raise ValueError(f"expected one of {', '.join(PADS)} (or cross); got {value!r}")
    return v


def _parse_width(value: Any) -> int:
    if str(value).strip() in ("12", "6"):
        return int(str(value).strip())
    raise ValueError(f"expected 12 (the published sheet) or 6 (the text's), got {value!r}")


_parse_open_after = auto_or_int_parser(0, 9)


def _parse_sheets(value: Any) -> str | list[int]:
    """``random`` or design numbers 1-12, one per seat (``"3,7"`` or ``[3, 7]``)."""
    if isinstance(value, str) and value.strip().lower() == "random":
        return "random"
    items = value.split(",") if isinstance(value, str) else value
    try:
        out = [int(str(x).strip()) for x in items]
    except (TypeError, ValueError):
        raise ValueError(
            f"expected random or sheet designs 1-{NUM_DESIGNS} like 3,7, got {value!r}"
        ) from None
    if not out or any(not 1 <= x <= NUM_DESIGNS for x in out) or len(set(out)) != len(out):
        raise ValueError(
            f"expected different sheet designs from 1 to {NUM_DESIGNS}, one per seat; got {value!r}"
        )
    return out


def _parse_max_turns(value: Any) -> int:
    return int_parser(1, 10_000)(value)


SIXTO_OPTIONS: dict[str, OptionSpec] = {
    "pad": OptionSpec(
        "pad",
        "none",
        "the score pad: none (the base game), cross-blocks / cross (extra areas: blocks of 2 x 3), "
        "cross-diagonals (extra areas: two crosses of diagonals), hits (hit spaces: a die may "
        "mark one whatever it shows; +5 for each marked the regular way), kriskras (colours "
        "scattered over the sheet: a die marks in any row), locked (three locks a row)",
        _parse_pad,
        PADS,
    ),
    "width": OptionSpec(
        "width",
        12,
        "spaces a row: 12 (the published sheet, every digit twice) or 6 (the text's 'digits 1-6 "
        "in a random order'); the pads need 12",
        _parse_width,
        ("12", "6"),
    ),
    "open_after": OptionSpec(
        "open_after",
        "auto",
        "marks a row needs before its target area opens: auto (4 on the published sheet, 0 on "
        "the text's six spaces) or 0-9",
        _parse_open_after,
    ),
    "points": OptionSpec(
        "points",
        "linear",
        "points for 3+ marks in an area: linear (5, 10, 15, ...: 5 a mark beyond two) or "
        "triangle (5, 15, 30, 50, ...)",
        choice_parser("linear", "triangle"),
        ("linear", "triangle"),
    ),
    "sheets": OptionSpec(
        "sheets",
        "random",
        f"sheet designs: random (a different one each, drawn at setup) or designs 1-"
        f"{NUM_DESIGNS} one per seat, like 3,7",
        _parse_sheets,
    ),
    "tiebreak": OptionSpec(
        "tiebreak",
        "draw",
        "a tie for the highest score: draw, or marks (the tied player with the most marks wins; "
        "still tied: a draw)",
        choice_parser("draw", "marks"),
        ("draw", "marks"),
    ),
    "unlock": OptionSpec(
        "unlock",
        "void",
        "pad=locked, a lock crossed off without a die: void (no mark; the spaces before it stay "
        "open) or mark (it counts as a mark; the spaces before it are lost)",
        choice_parser("void", "mark"),
        ("void", "mark"),
    ),
    "max_turns": OptionSpec(
        "max_turns",
        100,
        "safety stop: the game ends after this many rolls (scored as usual)",
        _parse_max_turns,
    ),
}


@register_game
class SixtoGame(Game):
    """Sixto (Ninety Nine and Sixto overviews § Sixto), 1-6 players (default 3).

    Options (see ``ninetynine rules sixto``): ``pad``, ``width``, ``open_after``, ``points``,
    ``sheets``, ``tiebreak``, ``unlock``, ``max_turns``.

    :raises GameOptionError: bad player count or option (a ``ValueError``), a pad on the
        six-space sheet, a target area that can never open, or ``sheets`` not one per seat.
    """

    game_id = "sixto"
    title = "Sixto: roll six coloured dice, mark your sheet left to right, close target areas"
    source = "Ninety Nine and Sixto overviews § Sixto"
    min_players, max_players, default_players = 1, 6, 3
    version = 1
    option_specs: ClassVar[Mapping[str, OptionSpec]] = SIXTO_OPTIONS
    state_class = SixtoState
    fast_state_module = "ninetynine.games.sixto.fast"
    presentation_class = "ninetynine.games.sixto.presentation:SixtoPresentation"

    def __init__(self, num_players: int | None = None, **options: Any) -> None:
        super().__init__(num_players, **options)
        o = self.options
        self.pad: str = o["pad"]
        self.width: int = o["width"]
        if self.pad != "none" and self.width != WIDTH:
            raise GameOptionError(
                f"sixto option pad={self.pad} needs width=12: the pads are printed on the "
                "published twelve-space sheet"
            )
        oa = o["open_after"]
        self.open_after: int = AUTO_OPEN_AFTER[self.width] if oa == "auto" else oa
        if self.open_after > self.width - TARGET:
            raise GameOptionError(
                f"sixto option open_after={self.open_after}: a row of {self.width} spaces has "
                f"only {self.width - TARGET} before its target area, so it could never open"
            )
        sheets = o["sheets"]
        if sheets != "random" and len(sheets) != self.num_players:
            raise GameOptionError(
                f"sixto option sheets: names {len(sheets)} design{'s' if len(sheets) != 1 else ''}"
                f" for {self.num_players} player{'s' if self.num_players != 1 else ''} (one each)"
            )
        #: The designs (0-based) per seat, or ``None`` to draw them at setup.
        self.sheets: tuple[int, ...] | None = (
            None if sheets == "random" else tuple(x - 1 for x in sheets)
        )
        self.table: tuple[int, ...] = points_table(o["points"], WIDTH)
        self.tiebreak: str = o["tiebreak"]
        self.unlock: str = o["unlock"]
        self.max_turns: int = o["max_turns"]
        self.notation = Notation(self.pad)

    @property
    def num_distinct_actions(self) -> int:
        """2 + radix**6 (+ 6 with ``pad=locked``): 66 for the base game, 731 with hits,
        117,651 with Kris-Kras, 72 with locks."""
        return self.notation.num_actions

    @property
    def max_game_length(self) -> int:
        """``max_turns`` x (1 + players): a keep or reroll, then one choice per player."""
        return self.max_turns * (1 + self.num_players)

    @property
    def score_bounds(self) -> tuple[float, float]:
        """``(lowest, highest)`` score a sheet can reach with these options, over the designs in
        play (every design when ``sheets=random``): each area at the worst and at the best entry
        of its points table for up to its size in marks (D5), plus every hit space (``pad=hits``,
        D15). A bound, not necessarily reached; the one-player game's returns lie in it."""
        designs = range(NUM_DESIGNS) if self.sheets is None else sorted(set(self.sheets))
        lows, highs = [], []
        for d in designs:
            lay = layout_for(d, self.width, self.pad)
            lows.append(sum(min(self.table[: len(a) + 1]) for a in lay.areas))
            bonus = HIT_BONUS * sum(lay.hits) if self.pad == "hits" else 0
            highs.append(sum(max(self.table[: len(a) + 1]) for a in lay.areas) + bonus)
        return float(min(lows)), float(max(highs))
