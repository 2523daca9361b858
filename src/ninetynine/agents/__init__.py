"""Agents: the protocol, the generic bots, and ``make_agent`` for specs like ``greedy``.

Every agent plays one seat from that seat's observation and the legal actions only; a search
bot (``ismcts``) also gets determinizations through a ``SearchView`` (see
:mod:`ninetynine.core.agent`), which runners pass with :func:`choose_action`. Per-game bots
(``greedy``) live in their game's package and are registered with it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import cast

from ninetynine.core.agent import Agent, SearchAgent, SearchView, choose_action
from ninetynine.core.errors import GameOptionError
from ninetynine.core.game import Game
from ninetynine.core.registry import agent_factory, list_agents, register_agent, resolve_level
from ninetynine.core.rng import Rng

from .ismcts import ISMCTSAgent, make_ismcts
from .learned import LearnedAgent, make_learned, shipped_games
from .random_agent import RandomAgent

register_agent("random", RandomAgent, doc="uniform over the legal actions")
register_agent(
    "ismcts",
    make_ismcts,
    doc="information-set MCTS: ismcts[:iterations][:0.5s][:steps=N][:random][:c=0.7] "
    "(agents/ismcts.py)",
)
# ``learned`` is listed for the games that ship a model (every player count of the game),
# so that every listed agent can play every listed game.
for _gid in shipped_games():
    register_agent(
        "learned",
        make_learned,
        game_id=_gid,
        doc="a small policy network trained by `ninetynine train`: learned[:MODEL] "
        "(agents/learned.py, docs/learned.md)",
    )


def make_agent(spec: str, game: Game, seat: int, seed: int | None = None) -> Agent:
    """An agent from a spec string such as ``random``, ``greedy``, ``ismcts:200`` or a level
    the game names (``hard``: see :func:`ninetynine.core.registry.levels`).

    :raises GameOptionError: unknown agent name for this game, or options after ``:`` for
        an agent that takes none (``greedy:2``).
    """
    spec = resolve_level(spec, game.game_id)
    name, _, arg = spec.strip().lower().partition(":")
    if arg:
        level = resolve_level(name, game.game_id)
        if level != name:  # "hard:5": a level is a whole spec and takes no options
            raise GameOptionError(
                f"{name!r} is a level of {game.game_id} ({level}) and takes no options "
                f"after ':'; give {name} alone, or an agent spec such as {level}"
            )
    factory = agent_factory(name, game.game_id)
    if arg and not _takes_options(factory, game, seat, seed, arg):
        raise GameOptionError(f"{name} takes no options; got {arg!r} (give {name} alone)")
    agent = factory(game, seat, seed, arg) if arg else factory(game, seat, seed)
    # What ``isinstance(agent, Agent)`` asks (a name, a step method), asked directly: the
    # runtime Protocol check costs ~16 us, paid at every env reset for every bot.
    has_name = isinstance(getattr(agent, "name", None), str)
    has_step = callable(getattr(agent, "step", None))
    if not (has_name and has_step):
        missing = [
            what
            for what, ok in (
                ("a name attribute (a str)", has_name),
                ("a step(observation, legal_actions) method", has_step),
            )
            if not ok
        ]
        raise GameOptionError(
            f"agent {spec!r} ({type(agent).__name__}) lacks {' and '.join(missing)}; an "
            "agent has a name and a step method (ninetynine.core.agent.Agent)"
        )
    return cast(Agent, agent)


def _takes_options(factory: Callable[..., object], *args: object) -> bool:
    """Whether ``factory`` accepts an options string after (game, seat, seed)."""
    try:
        inspect.signature(factory).bind(*args)
    except TypeError:
        return False
    except ValueError:  # no signature to read (a builtin): let the call decide
        return True
    return True


def parse_agent_list(text: str, num_players: int) -> list[str]:
    """``"greedy,random"`` -> one spec per seat, cycling the list if it is shorter.

    :raises GameOptionError: no agent, or more agents than seats (none is dropped silently).
    """
    return fill_seats([s.strip() for s in text.split(",") if s.strip()], num_players)


def fill_seats(
    specs: Sequence[str], seats: int, what: str = "agents", where: str = "seats"
) -> list[str]:
    """``specs`` repeated in order to fill ``seats`` seats, one spec a seat (``what`` and
    ``where`` name them in the errors).

    :raises GameOptionError: no spec, or more specs than seats (none is dropped silently).
    """
    if not specs:
        raise GameOptionError(f"no {what} given")
    if len(specs) > seats:
        raise GameOptionError(
            f"{len(specs)} {what} for {seats} {where}: {', '.join(specs)} "
            f"(give at most {seats}; a shorter list is repeated)"
        )
    return [specs[i % len(specs)] for i in range(seats)]


__all__ = [
    "Agent",
    "ISMCTSAgent",
    "LearnedAgent",
    "RandomAgent",
    "Rng",
    "SearchAgent",
    "SearchView",
    "choose_action",
    "fill_seats",
    "list_agents",
    "make_agent",
    "parse_agent_list",
]
