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
from ninetynine.core.rng import Rng

CASES = [
    (gid, n)
    for gid in ninetynine.list_games()
    for n in (game_class(gid).min_players, game_class(gid).max_players)
]
pytestmark = pytest.mark.parametrize(("game_id", "n"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])

HEADER = {"game", "num_players", "options", "seed", "rng"}
#: Fields holding records (objects) whose numbers are checked too: Sixto's last roll,
#: Tripwire's last wave, 99 Heroes' lane results (1.5 was truncated, "x" kept).
RECORDS = {"last_roll", "last_wave", "lane_result"}


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every whole number and flag of a field of ``value`` or of its lists (the first two
    items of a list; inside a nested object only for :data:`RECORDS`) with its path."""
    if isinstance(value, dict):
        if path and path[0] not in RECORDS:
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


def test_out_of_range_numbers_and_empty_lists_are_refused_or_play_on(game_id: str, n: int) -> None:
    """A saved state with a field set to a huge or negative number, or a list emptied, is
    refused (``GameOptionError``) or is a position that plays on: before, ``player`` 10**6
    (99 Heroes, Warp 99), ``phase`` -1 (Warp 99: no legal action in a live game), an emptied
    ``bknown`` (99 Heroes) or ``last`` (Sixto) loaded and failed with an ``IndexError`` at
    the next move."""
    game = ninetynine.load_game(game_id, num_players=n)
    states = list(playout_states(game_id, n, 5, every=7))
    for state in (states[len(states) // 2], states[-1]):
        good = state.to_dict()
        for field, v in good.items():
            if field in HEADER:
                continue
            wrongs: list[Any] = (
                [10**6, -1] if isinstance(v, int) and not isinstance(v, bool) else []
            )
            if isinstance(v, list) and v:
                wrongs.append([])
                if isinstance(v[0], int | list):
                    wrongs.append(
                        _with(good, (field, 0), 10**6 if isinstance(v[0], int) else [])[field]
                    )
            for wrong in wrongs:
                try:
                    loaded = game.state_from_json(json.dumps({**good, field: wrong}))
                except GameOptionError:
                    continue
                rng = Rng(1)
                for _ in range(300):
                    for p in [None, *range(n)]:
                        loaded.observation(p)
                    if loaded.is_terminal():
                        break
                    legal = loaded.legal_actions()
                    assert legal, f"{field}={wrong!r}: a live game with no legal action"
                    loaded.apply_action(legal[rng.randbelow(len(legal))])
                loaded.returns()
