"""The registry of games and agents.

A game package registers itself when imported (``register_game``); so does any per-game agent
(``register_agent("greedy", factory, game_id="warp99")``). Nothing here knows a game by name.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameOptionError
from .game import Game
from .plugins import AGENTS, GAMES, load_plugins

_GAMES: dict[str, type[Game]] = {}
#: (agent name, game id or None for every game) -> factory(game, seat, seed) -> Agent
_AGENTS: dict[tuple[str, str | None], Callable[..., Any]] = {}
_AGENT_DOCS: dict[tuple[str, str | None], str] = {}
_LEVELS: dict[str, list[Level]] = {}


@dataclass(frozen=True)
class Level:
    """A named strength for people to play against (``play --seat hard``, the web lobby):
    the agent ``spec`` behind it and how it measured, heads-up with seats rotated, as
    ``(wins, games)`` against ``greedy`` and against ``random`` (``None``: not measured).
    The figures are the pooled ladder files of ``docs/reports`` (``ninetynine standings``);
    a test keeps them equal."""

    name: str
    spec: str
    vs_greedy: tuple[int, int] | None = None
    vs_random: tuple[int, int] | None = None

    def describe(self) -> str:
        """``"hard: ismcts:1000, wins 57.5% against greedy (200 games)"``."""
        parts = []
        for who, figure in (("greedy", self.vs_greedy), ("random", self.vs_random)):
            if figure is not None:
                wins, games = figure
                parts.append(f"{100 * wins / games:.1f}% against {who} ({games} games)")
        measured = f", wins {' and '.join(parts)}" if parts else ""
        return f"{self.name}: {self.spec}{measured}"


#: The level names, easiest first.
LEVEL_NAMES = ("easy", "medium", "hard", "strongest")


def _ensure_games_loaded() -> None:
    """Load the game plug-ins (:mod:`ninetynine.core.plugins`): an entry point naming a
    :class:`Game` subclass registers it; one naming a module registers on import."""
    for obj in load_plugins(GAMES):
        if isinstance(obj, type) and issubclass(obj, Game) and obj.game_id not in _GAMES:
            register_game(obj)


def _ensure_agents_loaded() -> None:
    """Load the agent plug-ins (modules that call :func:`register_agent` on import)."""
    _ensure_games_loaded()
    load_plugins(AGENTS)


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
        hint = did_you_mean(str(game_id), _GAMES)
        raise GameOptionError(
            f"unknown game {game_id!r}{hint} (games: {', '.join(sorted(_GAMES))})"
        ) from None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean greedy?"`` for a typo among ``choices`` (up to three close ones,
    :func:`difflib.get_close_matches`), else ``""``: the tail of an error message."""
    close = difflib.get_close_matches(word, list(choices), n=3)
    return f"; did you mean {' or '.join(close)}?" if close else ""


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
    _ensure_agents_loaded()

    for key in ((name, game_id), (name, None)):
        if key in _AGENTS:
            return _AGENTS[key]
    agents = list_agents(game_id)
    raise GameOptionError(
        f"no agent {name!r} for {game_id}; agents: {', '.join(agents)}{did_you_mean(name, agents)}"
    )


def list_agents(game_id: str) -> list[str]:
    """Agent names available for ``game_id``."""
    _ensure_agents_loaded()

    return sorted({n for (n, g) in _AGENTS if g in (None, game_id)}) + [
        lv.name for lv in _LEVELS.get(game_id, [])
    ]


def register_levels(game_id: str, levels: Sequence[Level]) -> None:
    """Name ``game_id``'s strengths (a game package calls this when imported): each level's
    name (one of :data:`LEVEL_NAMES`, easiest first) becomes an agent spec for that game.

    :raises ValueError: an unknown level name, or levels out of order.
    """
    names = [lv.name for lv in levels]
    if any(n not in LEVEL_NAMES for n in names):
        raise ValueError(f"levels are named {', '.join(LEVEL_NAMES)}, not {names}")
    if names != sorted(names, key=LEVEL_NAMES.index):
        raise ValueError(f"levels go easiest first: {', '.join(LEVEL_NAMES)}")
    _LEVELS[game_id] = list(levels)


def levels(game_id: str) -> list[Level]:
    """``game_id``'s named strengths, easiest first (empty if it names none)."""
    _ensure_games_loaded()
    return list(_LEVELS.get(game_id, []))


def resolve_level(spec: str, game_id: str) -> str:
    """The agent spec behind ``spec`` when it names one of ``game_id``'s levels, else
    ``spec`` itself."""
    name = spec.strip().lower()
    for lv in levels(game_id):
        if lv.name == name:
            return lv.spec
    return spec


def agent_doc(name: str, game_id: str) -> str:
    for key in ((name, game_id), (name, None)):
        if key in _AGENT_DOCS:
            return _AGENT_DOCS[key]
    for lv in _LEVELS.get(game_id, []):
        if lv.name == name:
            return lv.describe()
    return ""
