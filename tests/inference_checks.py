"""Checks an opponent model (a game's ``SearchHooks.reweigh``, ``ismcts:N:infer=M``) passes:
its determinizations keep what the searching seat sees and the hidden cards as they are, and
only move the hidden cards between the other hand and the draw pile. ONO 99's and Tripwire's
``test_inference.py`` use them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ninetynine.core.agent import SearchView
from ninetynine.core.rng import Rng


def reweighed_hands(
    state: Any, reweigh: Callable[..., Any], infer: int, n: int, seat: int = 0, other: int = 1
) -> list[list[int]]:
    """``other``'s hand in ``n`` determinizations of ``state`` as ``seat`` samples them
    (re-dealt by ``reweigh`` with ``infer`` re-deals; ``infer=0``: plain), each checked to keep
    ``seat``'s observation and the other hand and draw pile's cards together."""
    view = SearchView(state, seat)
    rng = Rng(3)
    hands = []
    for _ in range(n):
        d = view.sample(rng.next_u64())
        if infer:
            d = reweigh(d, seat, rng, infer)
        assert d.observation(seat) == state.observation(seat)
        assert sorted(d.hands[other] + d.draw) == sorted(state.hands[other] + state.draw)
        hands.append(d.hands[other])
    return hands
