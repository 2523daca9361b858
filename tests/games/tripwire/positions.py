"""Hand-made Tripwire positions for rule tests.

:func:`position` starts from ``game.new_initial_state(seed)`` and overwrites the hands, the
docks, the draw pile, the side pile, the skips and the player to act; every card nobody named
goes to the bottom of the draw pile (or, with ``rest="side"``, to the side pile), so all the
deck's cards are always accounted for (:func:`check_conservation`).

Cards are written in the game's notation as a string (``"T7 G5 Vec Null"``). A dock is written
as its stack, bottom first (``"T4 T5 Plus"``); its colour and value come from playing those
cards in order by the rules (so the stack must be a legal one), unless ``values`` /
``colors`` override them. Orders: ``draw`` is **top first**; ``side`` bottom first.

>>> s = position(2, hands=["T6 G9", "P3"], docks=["T4 T5", "", ""])
>>> legal(s)
['T6>1']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ninetynine
from helpers import CardPool, check_conserved
from helpers import legal as legal  # re-exported with play: rule tests import them from here
from helpers import play as play
from ninetynine.games.tripwire import turn
from ninetynine.games.tripwire.cards import SHORT, parse_card
from ninetynine.games.tripwire.rules import DEFUSE, SLOTS, TRIPWIRE, outcome, slot_card
from ninetynine.games.tripwire.state import TripwireState

Cards = str | Sequence[str] | None


def cards(spec: str | Sequence[str]) -> list[int]:
    """``"T7 Vec Null"`` -> card kinds, in the order written."""
    words = spec.split() if isinstance(spec, str) else list(spec)
    return [parse_card(w) for w in words]


def names(kinds: Sequence[int]) -> list[str]:
    """Kinds -> notation."""
    return [SHORT[k] for k in kinds]


def dock_state(stack: list[int], dock: int, rules: Any) -> tuple[int, int]:
    """(colour, value) of a dock after playing ``stack`` (bottom first) on it by the rules."""
    color, value = dock, 0
    for k in stack:
        j = k
        res = None
        if k >= 38:  # a wild or a modifier: the first slot that fits (a Vector: the lowest)
            for jj in range(SLOTS):
                if slot_card(jj) == k and outcome(jj, color, value, rules) is not None:
                    res = outcome(jj, color, value, rules)
                    break
        else:
            res = outcome(j, color, value, rules)
        if res is None:
            raise AssertionError(f"{SHORT[k]} is not a valid play on dock {dock + 1} here")
        if res[2] in (DEFUSE, TRIPWIRE):
            raise AssertionError("a stack cannot hold a 1 or a 10")
        color, value = res[0], res[1]
    return color, value


def position(
    num_players: int = 2,
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    hands: Sequence[Cards] | None = None,
    docks: Sequence[str] = ("", "", ""),
    values: Sequence[int | None] | None = None,
    colors: Sequence[int | None] | None = None,
    draw: Cards = None,
    side: Cards = (),
    rest: str = "draw",
    skips: Sequence[int] | None = None,
    player: int = 0,
    bonus: bool = False,
) -> TripwireState:
    """A position with the given cards (see the module docstring), at the start of
    ``player``'s turn (``bonus``: a bonus turn).

    ``hands``: one entry per seat (``None``: seven filler cards, the highest kinds left, from
    the pool); ``draw``: the top of the draw pile, top first, over the rest of the pool
    (``rest="side"`` puts the rest on the side pile instead, under ``side``'s cards).
    """
    g = ninetynine.load_game("tripwire", num_players=num_players, **(options or {}))
    s = g.new_initial_state(seed)
    n = num_players
    pool = CardPool(g.counts, SHORT)

    def claim(spec: Cards) -> list[int]:
        return pool.claim(cards(spec) if spec else [])

    hand_specs = list(hands) if hands is not None else [None] * n
    assert len(hand_specs) == n
    named = [claim(h) if h is not None else None for h in hand_specs]
    stacks = [claim(d) for d in docks]
    top = claim(draw)
    side_cards = claim(side)
    filler = pool.rest()
    out_hands = []
    for h in named:
        if h is None:
            out_hands.append(sorted(filler[-7:]))
            del filler[-7:]
        else:
            out_hands.append(sorted(h))
    s.hands = out_hands
    s.docks = [list(x) for x in stacks]
    for d in range(3):
        c, v = dock_state(stacks[d], d, g.rules)
        if colors is not None and colors[d] is not None:
            c = colors[d]  # type: ignore[assignment]
        if values is not None and values[d] is not None:
            v = values[d]  # type: ignore[assignment]
        s.colors[d], s.values[d] = c, v
    if rest == "side":
        s.side = filler + side_cards
        s.draw = top[::-1]
    else:
        s.side = side_cards
        s.draw = filler + top[::-1]
    s.skips = list(skips) if skips is not None else [0] * n
    s.turn = 0
    s.st = {k: [0] * n for k in s.st}
    s._legal = None
    s.events = []
    turn.begin_turn(s, player, bonus)
    check_conservation(s)
    return s


def check_conservation(s: TripwireState) -> None:
    """Every card of the deck is in exactly one place; with the 3 Sector Markers, all the
    components (65 with the standard deck)."""
    check_conserved(s.card_counts().values(), s.game.counts)
    assert s.components() == sum(s.game.counts) + 3
