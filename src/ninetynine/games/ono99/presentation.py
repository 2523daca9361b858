"""ONO 99 as shown to people and learners (:mod:`ninetynine.core.presentation`): the text
board (``render.py``), the lines under a move (``events.py``), the hint (``heuristics.py``) and
the observation tensor (``tensor.py``)."""

from __future__ import annotations

from ninetynine.core.presentation import Observation, Presentation


class Ono99Presentation(Presentation):
    """ONO 99's board, events, hint and tensor."""

    def hint(self, observation: Observation) -> str | None:
        """What the greedy bot would play here and why, in one line, under this game's options
        (``two_player_reverse``, ``leave``), e.g. ``"+8=98: seat 1 then needs 0 or a special,
        about 26% to leave; you keep 0 and Rev as escapes"``; ``None`` for a spectator or when
        it is not the seat's turn."""
        from .heuristics import explain_choice

        if not self.is_to_act(observation):
            return None
        return explain_choice(dict(observation), self.game.options)
