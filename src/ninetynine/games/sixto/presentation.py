"""Sixto as shown to people and learners (:mod:`ninetynine.core.presentation`): the text
sheets (``render.py``), the lines under a move (``events.py``), the hint (``heuristics.py``),
the printed sheets a graphical table draws (``drawing.py``) and the observation tensor
(``tensor.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ninetynine.core.presentation import Observation, Presentation, TensorWriter, Transition

from . import events, render

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ninetynine.core.tensor import TensorSlice

    from .game import SixtoGame


class SixtoPresentation(Presentation):
    """Sixto's sheets, events, hint, drawing facts and tensor."""

    game: SixtoGame

    def render_observation(
        self, observation: Observation, markup: bool = False, names: list[str] | None = None
    ) -> str:
        return render.render_text(dict(observation), markup=markup, names=names, game=self.game)

    def describe_events(self, move: Transition) -> list[str]:
        """Rolls, every player's marks once a roll resolves, dice removed and the end
        (``events.py``)."""
        return events.describe_events(self.game, move.after, move.names)

    def hint(self, observation: Observation) -> str | None:
        from .heuristics import explain_choice

        return explain_choice(self.game, dict(observation))

    def drawing_facts(
        self, observation: Observation, legal_actions: Sequence[int]
    ) -> dict[str, Any]:
        """The printed sheets, the points of every row, column and area, and the marks each
        legal choice makes (``drawing.py``)."""
        from .drawing import drawing_facts

        return drawing_facts(self.game, observation, legal_actions)

    def observation_tensor_layout(self) -> list[TensorSlice]:
        from .tensor import layout

        return layout(self.game)

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        from .tensor import encode

        return encode(self.game, observation)

    def observation_tensor_writer(self) -> TensorWriter:
        from .tensor import writer

        return writer(self.game)
