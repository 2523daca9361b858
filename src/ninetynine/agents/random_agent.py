"""The uniform random agent (works for every game)."""

from __future__ import annotations

from typing import Any

from ninetynine.core.game import Game
from ninetynine.core.rng import Rng


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, game: Game | None = None, seat: int = 0, seed: int | None = None) -> None:
        self.rng = Rng(seed)

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        return legal_actions[self.rng.randbelow(len(legal_actions))]
