"""Errors shared by every game.

All of them subclass :class:`ValueError`, so callers that only care that an input was bad can
catch that; callers that care which input can catch the specific class.
"""

from __future__ import annotations


class NinetyNineError(ValueError):
    """Base class of every error this library raises on bad input."""


class IllegalActionError(NinetyNineError):
    """An action that is not legal in the current state.

    The state is left unchanged. The message names the action and the reason in the game's
    words, e.g. ``"R7>2 is illegal: R7 cannot go on pile 2 (top B3): Plus 1 needs 4, ..."``.
    """


class NotationError(NinetyNineError):
    """A move or card in a game's notation that cannot be parsed."""


class GameOptionError(NinetyNineError):
    """An unknown game, an unknown option, or an option value out of range."""


class RecordError(NinetyNineError):
    """A game record that cannot be read or replayed."""


class BackendError(NinetyNineError):
    """A simulation back end that is unknown or cannot start: ``--backend ray`` without Ray
    installed (the message names ``pip install 'ninetynine[ray]'``), or a Ray cluster that
    cannot be reached."""
