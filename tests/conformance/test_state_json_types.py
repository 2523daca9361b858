"""A hand-edited state JSON whose numbers or flags are of another JSON type is refused with a
``GameOptionError``, never read as another position: ``1.5`` was truncated to ``1``, ``"x"``
or ``"false"`` in a true/false field became ``True``, and ``"x"`` as a score loaded and then
failed deep in the scoring code at the next move.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

import ninetynine
from helpers import playout_states
from ninetynine import GameOptionError
from ninetynine.core.registry import game_class

CASES = [
    (gid, n)
    for gid in ninetynine.list_games()
    for n in (game_class(gid).min_players, game_class(gid).max_players)
]
pytestmark = pytest.mark.parametrize(("game_id", "n"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])

HEADER = {"game", "num_players", "options", "seed", "rng"}


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every whole number and flag of a field of ``value`` or of its lists (the first two
    items of a list; not inside a nested object) with its path."""
    if isinstance(value, dict):
        if path:
            return
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:2]):
            yield from _leaves(v, (*path, i))
    elif isinstance(value, bool | int):
        yield path, value


def _with(d: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(d)
    at: Any = out
    for p in path[:-1]:
        at = at[p]
    at[path[-1]] = value
    return out


def test_numbers_and_flags_of_another_type_are_refused(game_id: str, n: int) -> None:
    game = ninetynine.load_game(game_id, num_players=n)
    states = list(playout_states(game_id, n, 5, every=7))
    for state in (states[len(states) // 2], states[-1]):
        good = state.to_dict()
        accepted = []
        for path, v in _leaves(good):
            if path[0] in HEADER:
                continue
            wrongs = ["false", 0] if isinstance(v, bool) else [v + 0.5, str(v)]
            for wrong in wrongs:
                try:
                    game.state_from_json(json.dumps(_with(good, path, wrong)))
                except GameOptionError:
                    continue
                accepted.append((path, wrong))
        assert not accepted, f"accepted: {accepted[:8]}"
