"""The paper score sheet of the physical Warp 99 / Ninety Nine, as a table companion.

Warp 99 rulebook § Scoring Setup: "a score table listing all players. Player 1
starts with 0 points. Player 2 starts with 1 point. Player 3 starts with 2 points. Player 4
starts with 3 points." and "the scorekeeper should regularly inform the players of their current
scores and how many points they still need to reach 99". § Scoring: a cleared personal row
scores the square of its number of cards, an emptied Personal Draw Deck scores 15, and "As soon
as one player gets to 99 or more, the game ends, and that player is the winner!"

The starting scores and the target come from the engine itself (``load_game(game, handicap=...)``
and its initial ``scores()``), so the sheet and the digital game always agree.

An entry is stored as one move of the table (see :mod:`ninetynine.web.store`): ``seat`` is the
player, ``action`` is the row length ``1..10`` or :data:`DECK_EMPTIED` (``0``).

>>> sheet = ScoreSheet("warp99", ["Ann", "Bo"])
>>> sheet.start, sheet.target
([0, 1], 99)
>>> sheet.add(0, 7); sheet.add(1, DECK_EMPTIED); sheet.totals()
[49, 16]
>>> sheet.needed()
[50, 83]
>>> sheet.add(0, 7); sheet.winner   # 98: not yet
>>> sheet.add(0, 1); sheet.winner   # 99: wins at once
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninetynine.core.errors import GameOptionError, NinetyNineError
from ninetynine.core.registry import load_game
from ninetynine.games.warp99.cards import NUM_COLORS
from ninetynine.games.warp99.state import DECK_BONUS

#: The games whose physical play the sheet serves.
SHEET_GAMES = ("warp99", "ninetynine")
#: ``action`` of an entry "the Personal Draw Deck was emptied" (15 points).
DECK_EMPTIED = 0
#: A row has at most one card per colour.
MAX_ROW = NUM_COLORS
MAX_NAME = 40


class SheetError(NinetyNineError):
    """A score-sheet entry that cannot be made (bad player, bad row, game already won)."""


class ScoreSheet:
    """Players, their starting handicap, the entries and the running totals.

    :param game_id: ``warp99`` or ``ninetynine`` (their own handicap default: Warp 99 starts at
        0, 1, 2, 3 by seat; Ninety Nine everyone at 0).
    :param names: 2-4 player names, in turn order (Player 1 first).
    :param handicap: ``standard``, ``none`` or starting scores like ``0,2,4`` (the game's
        ``handicap`` option); ``None``: the game's default.
    :raises GameOptionError: another game, a bad name list or a bad handicap.
    """

    def __init__(
        self, game_id: str, names: Sequence[str], handicap: Any = None, target: Any = None
    ) -> None:
        if game_id not in SHEET_GAMES:
            raise GameOptionError(
                f"a score sheet is for {' or '.join(SHEET_GAMES)}, not {game_id!r}"
            )
        clean = [str(n).strip()[:MAX_NAME] for n in names]
        if any(not n for n in clean):
            raise GameOptionError("every player needs a name")
        options: dict[str, Any] = {}
        if handicap is not None:
            options["handicap"] = handicap
        if target is not None:
            options["target"] = target
        game = load_game(game_id, num_players=len(clean), **options)
        self.game_id = game_id
        self.names = clean
        self.options: dict[str, Any] = dict(game.options)
        self.start: list[int] = [int(s) for s in game.new_initial_state(seed=0).scores()]
        self.target: int = int(game.options["target"])
        self.entries: list[tuple[int, int]] = []  # (player, row length or DECK_EMPTIED)
        self.winner: int | None = None

    @staticmethod
    def points(action: int) -> int:
        """Points of an entry: a row of ``n`` cards scores ``n * n``; an emptied deck 15."""
        return DECK_BONUS if action == DECK_EMPTIED else action * action

    def check(self, player: int, action: int) -> None:
        """:raises SheetError: the entry cannot be added (nothing changes)."""
        if self.winner is not None:
            raise SheetError(f"the game is over: {self.names[self.winner]} has won")
        if isinstance(player, bool) or not isinstance(player, int):
            raise SheetError(f"player must be a number 0-{len(self.names) - 1}")
        if not 0 <= player < len(self.names):
            raise SheetError(f"there is no player {player} (0-{len(self.names) - 1})")
        if isinstance(action, bool) or not isinstance(action, int):
            raise SheetError("an entry is a row of 1-10 cards or a deck emptied")
        if not (action == DECK_EMPTIED or 1 <= action <= MAX_ROW):
            raise SheetError(f"a row has 1 to {MAX_ROW} cards, not {action}")

    def add(self, player: int, action: int) -> None:
        """Add an entry (a row of ``action`` cards, or :data:`DECK_EMPTIED`); the first total
        to reach the target wins at once.

        :raises SheetError: see :meth:`check`.
        """
        self.check(player, action)
        self.entries.append((player, action))
        if self.totals()[player] >= self.target:
            self.winner = player

    def undo(self) -> None:
        """Remove the last entry (a mistyped one). :raises SheetError: no entry."""
        if not self.entries:
            raise SheetError("there is no entry to undo")
        entries = self.entries[:-1]
        self.entries, self.winner = [], None
        for p, a in entries:
            self.add(p, a)

    def totals(self) -> list[int]:
        out = list(self.start)
        for p, a in self.entries:
            out[p] += self.points(a)
        return out

    def needed(self) -> list[int]:
        """Points each player still needs to reach the target (0 once reached)."""
        return [max(0, self.target - t) for t in self.totals()]

    def to_view(self) -> dict[str, Any]:
        """JSON-able view for the page: players, starting scores, entries with running totals."""
        running = list(self.start)
        rows = []
        for p, a in self.entries:
            running[p] += self.points(a)
            rows.append(
                {
                    "player": p,
                    "what": "deck emptied" if a == DECK_EMPTIED else f"row of {a}",
                    "points": self.points(a),
                    "total": running[p],
                }
            )
        return {
            "game": self.game_id,
            "names": self.names,
            "start": self.start,
            "target": self.target,
            "entries": rows,
            "totals": self.totals(),
            "needed": self.needed(),
            "winner": self.winner,
        }
