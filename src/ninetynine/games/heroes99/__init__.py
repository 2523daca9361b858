"""# 99 Heroes

Source: `003_e7579e844cc8e668.txt`. Rules decisions: `docs/rules/heroes99.md` (H1-H24). Hero
file format: `docs/rules/heroes99-heroes.md`.
"""

from ninetynine.core.registry import register_agent

from .game import HeroesGame
from .heuristics import GreedyAgent, explain_choice
from .state import HeroesState

register_agent(
    "greedy",
    GreedyAgent,
    game_id=HeroesGame.game_id,
    doc="plays each turn on a rebuilt position: wins lanes by small margins, uses skills and "
    "their targets where they swing a lane; places heroes at random (games/heroes99/heuristics.py)",
)

__all__ = ["GreedyAgent", "HeroesGame", "HeroesState", "explain_choice"]
