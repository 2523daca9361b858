"""Shared cases for the OpenSpiel tests: every registered game at its default player count,
at two players (the zero-sum case) and, where the game allows it, alone (Sixto)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ninetynine
from ninetynine.core.registry import game_class


def game_cases() -> list[Any]:
    """``pytest.param(game_id, players)``: each game at its default count, at 2 and at 1 where
    it allows them (duplicates dropped). Warp 99 and Ninety Nine are marked slow: their
    information-state tensor has one slot per move of ``max_game_length`` (1,280,000)."""
    out = []
    for gid in ninetynine.list_games():
        cls = game_class(gid)
        counts = sorted({cls.default_players, *(n for n in (1, 2) if cls.min_players <= n)})
        for n in counts:
            if n > cls.max_players:
                continue
            marks = [pytest.mark.slow] if gid in ("warp99", "ninetynine") else []
            out.append(pytest.param(gid, n, id=f"{gid}-{n}p", marks=marks))
    return out


def default_cases() -> list[Any]:
    """``pytest.param(game_id)`` for every registered game (default options and players)."""
    return [pytest.param(gid, id=gid) for gid in ninetynine.list_games()]


def play_randomly(state: Any, rng: random.Random, moves: int | None = None) -> Any:
    """Apply chance (the deal) and uniform random actions to ``state`` until it ends or
    ``moves`` actions have been applied; returns ``state``."""
    done = 0
    while not state.is_terminal() and (moves is None or done < moves):
        if state.is_chance_node():
            state.apply_action(0)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        done += 1
    return state
