"""Game-agnostic test helpers: seeded random playouts over the core protocol only."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ninetynine.core.game import State
from ninetynine.core.rng import Rng


def random_steps(state: State, seed: int, limit: int | None = None) -> Iterator[int]:
    """Play ``state`` on with uniformly random legal actions (from ``Rng(seed)``), yielding
    each action *before* it is applied, until the game ends (or ``limit`` actions)."""
    rng = Rng(seed)
    n = 0
    while not state.is_terminal() and (limit is None or n < limit):
        legal = state.legal_actions()
        a = legal[rng.randbelow(len(legal))]
        yield a
        state.apply_action(a)
        n += 1


def random_playout(state: State, seed: int) -> State:
    """Play to the end with random legal actions."""
    for _ in random_steps(state, seed):
        pass
    return state


def play_random(state: State, seed: int, check: Callable[[State], Any]) -> State:
    """Play to the end with random legal actions, calling ``check(state)`` before the first
    action and after every action."""
    rng = Rng(seed)
    check(state)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
        check(state)
    return state
