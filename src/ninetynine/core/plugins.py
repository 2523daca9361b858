"""Games and agents found as plug-ins: package entry points, as Gymnasium and pytest find theirs.

A package declares what it adds in its ``pyproject.toml``::

    [project.entry-points."ninetynine.games"]
    mygame = "ninetynine_mygame:MyGame"        # a Game subclass (or a module that registers)

    [project.entry-points."ninetynine.agents"]
    mybots = "ninetynine_mygame.bots"           # a module that calls register_agent(...)

and, once installed (``pip install ninetynine-mygame``), its game is in ``list_games()``, the
CLI, the web lobby and the RL environments. ninetynine's own games and agents are found the same
way (its ``pyproject.toml`` lists them), so nothing in ``core`` imports what sits above it.

Entry points are read from the installed packages' metadata: run ninetynine from an installed
copy (``pip install -e .``, as ``scripts/setup`` does), not from a bare source tree.
"""

from __future__ import annotations

import warnings
from importlib.metadata import entry_points
from typing import Any

GAMES = "ninetynine.games"
AGENTS = "ninetynine.agents"

_loaded: set[str] = set()


class PluginWarning(UserWarning):
    """A plug-in that could not be loaded (the others still are)."""


def load_plugins(group: str) -> list[Any]:
    """Load every entry point of ``group`` (once per process); returns what they named.

    A plug-in that fails to import is skipped with a :class:`PluginWarning` naming it and its
    error, so one broken package cannot take the others down.
    """
    if group in _loaded:
        return []
    _loaded.add(group)
    out = []
    seen: set[str] = set()
    for ep in entry_points(group=group):
        if ep.value in seen:  # the same package found twice on the path
            continue
        seen.add(ep.value)
        try:
            out.append(ep.load())
        except Exception as e:
            warnings.warn(
                f"ninetynine: the {group} plug-in {ep.name!r} ({ep.value}) failed to load: {e!r}",
                PluginWarning,
                stacklevel=2,
            )
    return out


__all__ = ["AGENTS", "GAMES", "PluginWarning", "load_plugins"]
