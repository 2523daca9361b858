"""99 Heroes as shown to people and learners (:mod:`ninetynine.core.presentation`): the text
board and the roster (``render.py``), the lines under a move (``events.py``), the hint
(``heuristics.py``), the hero card texts a graphical table prints (``drawing.py``) and the
observation tensor (``tensor.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ninetynine.core.presentation import Observation, Presentation, Transition

from . import events, render

if TYPE_CHECKING:
    from .game import HeroesGame


class HeroesPresentation(Presentation):
    """99 Heroes' board, events, hint, drawing facts, rules summary (with the roster) and
    tensor."""

    render_module = "ninetynine.games.heroes99.render"
    tensor_module = "ninetynine.games.heroes99.tensor"

    game: HeroesGame

    def describe_events(self, move: Transition) -> list[str]:
        """Placements, the reveal, skills, every effect, Clashes, resolved lanes and the end
        (``events.py``)."""
        return events.describe_events(move.before, move.after, move.mover, move.names, self.game)

    def hint(self, observation: Observation) -> str | None:
        """What the greedy bot would do here and why (``heuristics.py``)."""
        from .heuristics import explain_choice

        return explain_choice(dict(observation), self.game)

    def rules_summary(self) -> str:
        """The package spec plus this game's roster, one line per hero."""
        return super().rules_summary() + "\n\n" + render.roster_summary(self.game.roster)

    def drawing_facts(
        self, observation: Observation, legal_actions: Sequence[int]
    ) -> dict[str, Any]:
        """Hero card texts, each hero's room, the skills each hand card triggers, the decision
        in words and what each legal move is (``drawing.py``)."""
        from .drawing import drawing_facts

        return drawing_facts(self.game, observation, legal_actions)
