"""The agent protocol.

An agent plays one seat. It sees exactly what that seat may see: the observation dict and the
legal action ids (never the state). Search agents additionally receive a ``resampler``
(later; see the ISMCTS issue).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Agent(Protocol):
    """One seat's decision maker.

    ``step(observation, legal_actions)`` returns one of ``legal_actions``; ``observation`` is
    ``state.observation(seat)``.
    """

    name: str

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int: ...
