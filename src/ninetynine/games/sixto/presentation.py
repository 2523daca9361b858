"""Sixto as shown to people and learners (:mod:`ninetynine.core.presentation`): the text
sheets (``render.py``), the lines under a move (``events.py``), the hint (``heuristics.py``),
the printed sheets a graphical table draws (``drawing.py``) and the observation tensor
(``tensor.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninetynine.core.presentation import Observation, Presentation, Transition

from . import events


class SixtoPresentation(Presentation):
    """Sixto's sheets, events, hint, drawing facts and tensor."""

    render_module = "ninetynine.games.sixto.render"
    tensor_module = "ninetynine.games.sixto.tensor"

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
