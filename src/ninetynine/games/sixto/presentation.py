"""Sixto as shown to people and learners (:mod:`ninetynine.core.presentation`): the text
sheets (``render.py``), the lines under a move (``events.py``), the hint (``heuristics.py``),
the printed sheets a graphical table draws (``drawing.py``) and the observation tensor
(``tensor.py``)."""

from __future__ import annotations

from ninetynine.core.presentation import Observation, Presentation


class SixtoPresentation(Presentation):
    """Sixto's sheets, events, hint, drawing facts and tensor."""

    def hint(self, observation: Observation) -> str | None:
        from .heuristics import explain_choice

        return explain_choice(self.game, dict(observation))
