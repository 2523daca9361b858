"""One package per game; importing this package registers every game."""

from . import (
    heroes99,  # noqa: F401  (registers heroes99)
    ono99,  # noqa: F401  (registers ono99)
    sixto,  # noqa: F401  (registers sixto)
    tripwire,  # noqa: F401  (registers tripwire)
    warp99,  # noqa: F401  (registers warp99 and ninetynine)
)
