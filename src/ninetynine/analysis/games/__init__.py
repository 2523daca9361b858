"""Per-game report sections; importing this package registers them (and the generic ones).

A game's own questions live in a module named after it; a game without one still gets the
generic sections."""

from .. import generic  # noqa: F401
from . import heroes99, ono99, sixto, tripwire, warp99  # noqa: F401
