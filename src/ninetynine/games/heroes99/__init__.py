"""# 99 Heroes

Source: `003_e7579e844cc8e668.txt`. Rules decisions: `docs/rules/heroes99.md` (H1-H24). Hero
file format: `docs/rules/heroes99-heroes.md`.
"""

from ninetynine.core.registry import register_agent

from .game import HeroesGame
from .state import HeroesState

__all__ = ["HeroesGame", "HeroesState"]
