"""ONO 99: the game object and its options (ONO 99 rulebook)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ninetynine.core.game import Game
from ninetynine.core.options import OptionSpec, check_deal, choice_parser, int_parser
from ninetynine.core.registry import register_game

from .actions import NUM_ACTIONS
from .cards import deck_counts, parse_deck
from .state import HAND_SIZE, Ono99State

ONO99_OPTIONS: dict[str, OptionSpec] = {
    "deck": OptionSpec(
        "deck",
        "standard",
        "deck composition: standard (112 cards: 0 x8, 1-9 x6, 10 x10, -10 x12, Rev x12, "
        "P2 x12, ONO x4) or changed counts like m10=16,rev=8",
        parse_deck,
    ),
    "two_player_reverse": OptionSpec(
        "two_player_reverse",
        "pass",
        "a Reverse with two players in the game: pass (the turn passes as usual) or again "
        "(the same player plays again)",
        choice_parser("pass", "again"),
        ("pass", "again"),
    ),
    "rebuild": OptionSpec(
        "rebuild",
        "top",
        "an empty draw pile is rebuilt from the played cards: top (the top card stays on the "
        "table) or all",
        choice_parser("top", "all"),
        ("top", "all"),
    ),
    "leave": OptionSpec(
        "leave",
        "turn",
        "when a player who holds no card that fits leaves: turn (at the start of their turn) "
        "or now (as soon as a move leaves them without one)",
        choice_parser("turn", "now"),
        ("turn", "now"),
    ),
    "max_turns": OptionSpec(
        "max_turns",
        1000,
        "safety stop: after this many turns the game is a draw (never reached in measured play)",
        int_parser(1, 1_000_000),
    ),
}


@register_game
class Ono99Game(Game):
    """ONO 99 (ONO 99 rulebook), 2-6 players (default 4).

    Options (see ``ninetynine rules ono99``): ``deck``, ``two_player_reverse``, ``rebuild``,
    ``leave``, ``max_turns``.

    :raises GameOptionError: bad player count or option (a ``ValueError``), or a deck too
        small to deal four cards to every player.
    """

    game_id = "ono99"
    title = "ONO 99: keep the running total below 99 or leave the game; the last player wins"
    source = "ONO 99 rulebook"
    min_players, max_players, default_players = 2, 6, 4
    version = 2
    option_specs: ClassVar[Mapping[str, OptionSpec]] = ONO99_OPTIONS
    state_class = Ono99State
    fast_state_module = "ninetynine.games.ono99.fast"
    presentation_class = "ninetynine.games.ono99.presentation:Ono99Presentation"
    num_distinct_actions = NUM_ACTIONS

    def __init__(self, num_players: int | None = None, **options: Any) -> None:
        super().__init__(num_players, **options)
        o = self.options
        #: Cards per kind (``cards.py`` kinds 0..14).
        self.counts = check_deal(self.game_id, deck_counts(o["deck"]), HAND_SIZE, self.num_players)
        self.two_player_reverse: str = o["two_player_reverse"]
        self.rebuild: str = o["rebuild"]
        self.leave: str = o["leave"]
        self.max_turns: int = o["max_turns"]

    @property
    def max_game_length(self) -> int:
        """Exactly ``max_turns``: every action is one turn (D19)."""
        return self.max_turns
