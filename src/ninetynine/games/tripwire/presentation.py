"""Tripwire as shown to people and learners (:mod:`ninetynine.core.presentation`): the text
board (``render.py``), the lines under a move (``events.py``), the hint (``heuristics.py``) and
the observation tensor (``tensor.py``)."""

from __future__ import annotations

from ninetynine.core.presentation import Observation, Presentation


class TripwirePresentation(Presentation):
    """Tripwire's board (under the game's rule options), events, hint and tensor."""

    def hint(self, observation: Observation) -> str | None:
        """What the greedy bot would do and why, in one line, e.g. ``"T6>1 G7>1 end: sheds 2
        cards"``; ``None`` for a spectator or when it is not the seat's turn."""
        from .heuristics import explain_choice

        if not self.is_to_act(observation):
            return None
        return explain_choice(dict(observation), self.game)
