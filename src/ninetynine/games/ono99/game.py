"""ONO 99: the game object and its options (ONO 99 rulebook)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ninetynine.core.errors import GameOptionError
from ninetynine.core.game import Game, TensorWriter
from ninetynine.core.options import OptionSpec, choice_parser, int_parser
from ninetynine.core.registry import register_game

from .actions import NUM_ACTIONS
from .cards import deck_counts, parse_deck
from .state import HAND_SIZE, Ono99State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ninetynine.core.tensor import TensorSlice

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
    min_players = 2
    max_players = 6
    default_players = 4
    version = 2
    option_specs: ClassVar[Mapping[str, OptionSpec]] = ONO99_OPTIONS
    state_class = Ono99State

    def __init__(self, num_players: int | None = None, **options: Any) -> None:
        super().__init__(num_players, **options)
        o = self.options
        #: Cards per kind (``cards.py`` kinds 0..14).
        self.counts: tuple[int, ...] = deck_counts(o["deck"])
        if sum(self.counts) < HAND_SIZE * self.num_players:
            raise GameOptionError(
                f"ono99 option deck: {sum(self.counts)} cards cannot deal {HAND_SIZE} to each of "
                f"{self.num_players} players"
            )
        self.two_player_reverse: str = o["two_player_reverse"]
        self.rebuild: str = o["rebuild"]
        self.leave: str = o["leave"]
        self.max_turns: int = o["max_turns"]

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def max_game_length(self) -> int:
        """Exactly ``max_turns``: every action is one turn (D19)."""
        return self.max_turns

    def observation_tensor_layout(self) -> list[TensorSlice]:
        """The slices of :meth:`encode_observation`'s vector (``tensor.py``)."""
        from .tensor import layout

        return layout(self.num_players)

    def encode_observation(self, observation: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        """An observation as a ``float32`` vector in ``[0, 1]`` (``tensor.py``; needs numpy).

        :raises ValueError: an observation of another player count.
        """
        from .tensor import encode

        return encode(observation, self.num_players)

    def observation_tensor_writer(self) -> TensorWriter:
        """The tensor straight from the state (``tensor.writer``), equal to
        ``encode_observation(state.observation(player))``."""
        from .tensor import writer

        return writer(self)

    def render_observation(
        self,
        observation: Mapping[str, Any],
        markup: bool = False,
        names: list[str] | None = None,
    ) -> str:
        from .render import render_text

        return render_text(dict(observation), markup=markup, names=names)

    def describe_events(
        self,
        before: Mapping[str, Any],
        after: Mapping[str, Any],
        scores_before: Sequence[float],
        scores_after: Sequence[float],
        mover: int,
        names: Sequence[str],
    ) -> list[str]:
        """In table order: a Reverse (the new direction; with two players in the game, that
        the turn passes or its player plays again), a strike back, an exchange, a rebuilt draw
        pile, the seats that left (and a Play 2 that dies with them), a Play 2 owed
        (``events.py``)."""
        from .events import describe_events

        return describe_events(before, after, mover, names)

    def hint(self, observation: Mapping[str, Any]) -> str | None:
        """What the greedy bot would play here and why, in one line, under this game's options
        (``two_player_reverse``, ``leave``), e.g. ``"+8=98: seat 1 then needs 0 or a special,
        about 26% to leave; you keep 0 and Rev as escapes"``; ``None`` for a spectator or when
        it is not the seat's turn."""
        from .heuristics import explain_choice

        if observation.get("hand") is None:
            return None
        if observation.get("current_player") != observation.get("player"):
            return None
        return explain_choice(dict(observation), self.options)
