"""Game-agnostic core: the Game / State protocol, errors, registry, seeded RNG, records.

A new game subclasses :class:`Game` (setting ``state_class``) and, for its state,
:class:`~ninetynine.core.engine.EngineState` (``core/engine.py``: history, cached legal
actions, winner and returns, written once; ``tests/core/test_engine.py`` builds a toy engine
on it); shared helpers live in ``core/util.py``, ``core/options.py``, ``core/text.py`` and
``core/tensor.py``.
"""

from .agent import Agent
from .errors import (
    BackendError,
    GameOptionError,
    IllegalActionError,
    NinetyNineError,
    NotationError,
    RecordError,
)
from .game import TERMINAL, Game, State
from .options import OptionSpec
from .records import GameRecord, parse_record, read_record
from .registry import (
    agent_factory,
    game_class,
    list_agents,
    list_games,
    load_game,
    register_agent,
    register_game,
)
from .rng import Rng, derive_seed
from .tensor import TensorSlice

__all__ = [
    "TERMINAL",
    "Agent",
    "BackendError",
    "Game",
    "GameOptionError",
    "GameRecord",
    "IllegalActionError",
    "NinetyNineError",
    "NotationError",
    "OptionSpec",
    "RecordError",
    "Rng",
    "State",
    "TensorSlice",
    "agent_factory",
    "derive_seed",
    "game_class",
    "list_agents",
    "list_games",
    "load_game",
    "parse_record",
    "read_record",
    "register_agent",
    "register_game",
]
