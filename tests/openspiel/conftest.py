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
    it allows them (duplicates dropped)."""
    out = []
    for gid in ninetynine.list_games():
        cls = game_class(gid)
        counts = sorted({cls.default_players, *(n for n in (1, 2) if cls.min_players <= n)})
        for n in counts:
            if n > cls.max_players:
                continue
            out.append(pytest.param(gid, n, id=f"{gid}-{n}p"))
    return out


def default_cases() -> list[Any]:
    """``pytest.param(game_id)`` for every registered game (default options and players)."""
    return [pytest.param(gid, id=gid) for gid in ninetynine.list_games()]


def play_randomly(state: Any, rng: random.Random, moves: int | None = None) -> Any:
    """Resolve chance nodes with uniform outcomes (the deal's seed bytes) and apply uniform
    random actions until the game ends or ``moves`` actions (chance outcomes not counted) have
    been applied; a state at a chance node is always dealt. Returns ``state``."""
    done = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        if moves is not None and done >= moves:
            break
        state.apply_action(rng.choice(state.legal_actions()))
        done += 1
    return state
