"""One package per game; importing this package registers every game."""

from . import warp99  # noqa: F401  (registers warp99 and ninetynine)
