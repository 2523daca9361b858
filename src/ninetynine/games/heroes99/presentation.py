"""99 Heroes as shown to people and learners (:mod:`ninetynine.core.presentation`): the text
board and the roster (``render.py``), the lines under a move (``events.py``), the hint
(``heuristics.py``), the hero card texts a graphical table prints (``drawing.py``) and the
observation tensor (``tensor.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninetynine.core.presentation import Observation, Presentation

from . import render

if TYPE_CHECKING:
    from .game import HeroesGame


class HeroesPresentation(Presentation):
    """99 Heroes' board, events, hint, drawing facts, rules summary (with the roster) and
    tensor."""

    game: HeroesGame

    def hint(self, observation: Observation) -> str | None:
        """What the greedy bot would do here and why (``heuristics.py``)."""
        from .heuristics import explain_choice

        return explain_choice(dict(observation), self.game)

    def rules_summary(self) -> str:
        """The package spec plus this game's roster, one line per hero."""
        return super().rules_summary() + "\n\n" + render.roster_summary(self.game.roster)
