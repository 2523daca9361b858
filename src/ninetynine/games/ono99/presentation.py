"""ONO 99 as shown to people and learners (:mod:`ninetynine.core.presentation`): the text
board (``render.py``), the lines under a move (``events.py``), the hint (``heuristics.py``) and
the observation tensor (``tensor.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninetynine.core.presentation import Observation, Presentation, TensorWriter, Transition

from . import events, render

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ninetynine.core.tensor import TensorSlice

    from .game import Ono99Game


class Ono99Presentation(Presentation):
    """ONO 99's board, events, hint and tensor."""

    game: Ono99Game

    def render_observation(
        self, observation: Observation, markup: bool = False, names: list[str] | None = None
    ) -> str:
        return render.render_text(dict(observation), markup=markup, names=names)

    def describe_events(self, move: Transition) -> list[str]:
        """In table order: a Reverse (the new direction; with two players in the game, that
        the turn passes or its player plays again), a strike back, an exchange, a rebuilt draw
        pile, the seats that left (and a Play 2 that dies with them), a Play 2 owed
        (``events.py``)."""
        return events.describe_events(move.before, move.after, move.mover, move.names)

    def hint(self, observation: Observation) -> str | None:
        """What the greedy bot would play here and why, in one line, under this game's options
        (``two_player_reverse``, ``leave``), e.g. ``"+8=98: seat 1 then needs 0 or a special,
        about 26% to leave; you keep 0 and Rev as escapes"``; ``None`` for a spectator or when
        it is not the seat's turn."""
        from .heuristics import explain_choice

        if observation.get("hand") is None:
            return None
        if observation.get("current_player") != observation.get("player"):
            return None
        return explain_choice(dict(observation), self.game.options)

    def observation_tensor_layout(self) -> list[TensorSlice]:
        from .tensor import layout

        return layout(self.game.num_players)

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        """(``tensor.py``) :raises ValueError: an observation of another player count."""
        from .tensor import encode

        return encode(observation, self.game.num_players)

    def observation_tensor_writer(self) -> TensorWriter:
        from .tensor import writer

        return writer(self.game)
