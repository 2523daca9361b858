"""ninetynine: play, simulate and analyse the "99" family of tabletop games.

>>> import ninetynine
>>> "warp99" in ninetynine.list_games()
True
>>> game = ninetynine.load_game("warp99", num_players=3)
>>> state = game.new_initial_state(seed=42)
>>> state.current_player()
0
"""

from .core import *  # noqa: F403 (the public names, listed once: core.__all__)
from .core import __all__ as _core_names

__version__ = "0.1.0"

__all__ = [*_core_names, "__version__"]
