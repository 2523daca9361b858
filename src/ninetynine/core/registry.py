"""The registry of games and agents.

A game package registers itself when imported (``register_game``); so does any per-game agent
(``register_agent("greedy", factory, game_id="warp99")``). Nothing here knows a game by name.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from .errors import GameOptionError
from .game import Game

_GAMES: dict[str, type[Game]] = {}
#: (agent name, game id or None for every game) -> factory(game, seat, seed) -> Agent
_AGENTS: dict[tuple[str, str | None], Callable[..., Any]] = {}
_AGENT_DOCS: dict[tuple[str, str | None], str] = {}


def _ensure_games_loaded() -> None:
    # Importing the games package registers every game it contains.
    import ninetynine.games  # noqa: F401


def register_game(cls: type[Game]) -> type[Game]:
    """Class decorator: make ``cls`` loadable by its ``game_id``."""
    gid = cls.game_id
    if gid in _GAMES and _GAMES[gid] is not cls:
        raise ValueError(f"game id {gid!r} is already registered")
    _GAMES[gid] = cls
    return cls


def list_games() -> list[str]:
    """The registered game ids, sorted."""
    _ensure_games_loaded()
    return sorted(_GAMES)


def game_class(game_id: str) -> type[Game]:
    """The class registered under ``game_id``.

    :raises GameOptionError: no such game (the message suggests the closest ids).
    """
    _ensure_games_loaded()
    try:
        return _GAMES[game_id]
    except KeyError:
        close = difflib.get_close_matches(str(game_id), _GAMES, n=3)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise GameOptionError(
            f"unknown game {game_id!r}{hint} (games: {', '.join(sorted(_GAMES))})"
        ) from None


def load_game(game_id: str, num_players: int | None = None, **options: Any) -> Game:
    """A game with validated options, e.g. ``load_game("warp99", num_players=3)``.

    :raises GameOptionError: (a ``ValueError``) unknown game, bad player count or bad option.
    """
    return game_class(game_id)(num_players, **options)


def register_agent(
    name: str, factory: Callable[..., Any], game_id: str | None = None, doc: str = ""
) -> None:
    """Register an agent factory ``factory(game, seat, seed) -> Agent``.

    ``game_id=None`` makes it available for every game; a per-game registration wins over a
    generic one of the same name.
    """
    _AGENTS[(name, game_id)] = factory
    _AGENT_DOCS[(name, game_id)] = doc


def agent_factory(name: str, game_id: str) -> Callable[..., Any]:
    """The factory for agent ``name`` in ``game_id``.

    :raises GameOptionError: no agent of that name for that game.
    """
    _ensure_games_loaded()
    import ninetynine.agents  # noqa: F401  (registers the generic agents)

    for key in ((name, game_id), (name, None)):
        if key in _AGENTS:
            return _AGENTS[key]
    raise GameOptionError(
        f"no agent {name!r} for {game_id}; agents: {', '.join(list_agents(game_id))}"
    )


def list_agents(game_id: str) -> list[str]:
    """Agent names available for ``game_id``."""
    _ensure_games_loaded()
    import ninetynine.agents  # noqa: F401

    return sorted({n for (n, g) in _AGENTS if g in (None, game_id)})


def agent_doc(name: str, game_id: str) -> str:
    for key in ((name, game_id), (name, None)):
        if key in _AGENT_DOCS:
            return _AGENT_DOCS[key]
    return ""
