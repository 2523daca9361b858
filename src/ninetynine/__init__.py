"""ninetynine: play, simulate and analyse the "99" family of tabletop games.

>>> import ninetynine
>>> "warp99" in ninetynine.list_games()
True
>>> game = ninetynine.load_game("warp99", num_players=3)
>>> state = game.new_initial_state(seed=42)
>>> state.current_player()
0
"""

from .core import (
    TERMINAL,
    Agent,
    Game,
    GameOptionError,
    GameRecord,
    IllegalActionError,
    NinetyNineError,
    NotationError,
    RecordError,
    Rng,
    State,
    list_agents,
    list_games,
    load_game,
    parse_record,
    read_record,
)

__version__ = "0.1.0"

__all__ = [
    "TERMINAL",
    "Agent",
    "Game",
    "GameOptionError",
    "GameRecord",
    "IllegalActionError",
    "NinetyNineError",
    "NotationError",
    "RecordError",
    "Rng",
    "State",
    "__version__",
    "list_agents",
    "list_games",
    "load_game",
    "parse_record",
    "read_record",
]
