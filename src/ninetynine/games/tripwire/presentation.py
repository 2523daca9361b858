"""Tripwire as shown to people and learners (:mod:`ninetynine.core.presentation`): the text
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

    from .game import TripwireGame


class TripwirePresentation(Presentation):
    """Tripwire's board (under the game's rule options), events, hint and tensor."""

    game: TripwireGame

    def render_observation(
        self, observation: Observation, markup: bool = False, names: list[str] | None = None
    ) -> str:
        return render.render_text(dict(observation), markup=markup, names=names, game=self.game)

    def describe_events(self, move: Transition) -> list[str]:
        """Resets, penalties, the Attack Wave step by step, skips, bonus turns, reshuffles and
        the end (``events.py``)."""
        return events.describe_events(move.before, move.after, move.mover, move.names)

    def hint(self, observation: Observation) -> str | None:
        """What the greedy bot would do and why, in one line, e.g. ``"T6>1 G7>1 end: sheds 2
        cards"``; ``None`` for a spectator or when it is not the seat's turn."""
        from .heuristics import explain_choice

        if observation.get("hand") is None:
            return None
        if observation.get("current_player") != observation.get("player"):
            return None
        return explain_choice(dict(observation), self.game)

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
