"""Hand-made ONO 99 positions for rule tests.

:func:`position` starts from ``game.new_initial_state(seed)`` and overwrites the hands, the
played pile, the draw pile, the out-of-play cards, the total, the direction, the player to act
and a pending Play 2; every card nobody named goes to the bottom of the draw pile, so all the
deck's cards are always accounted for (:func:`check_conservation`).

Cards are written in the game's notation as a string (``"7 3 -10 Rev"``). Orders: ``draw`` is
**top first** (the first card listed is drawn first); ``played`` bottom first (top last);
hands in any order (a hand is kept sorted).

>>> s = position(hands=["5 9", "1 2 3 4"], total=94)
>>> [s.action_to_string(a) for a in s.legal_actions()]
[]
>>> s.current_player()   # seat 0 could not play: it left, seat 1 is the last one left
-1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ninetynine
from helpers import CardPool, check_conserved
from helpers import legal as legal  # re-exported with play: rule tests import them from here
from helpers import play as play
from ninetynine.games.ono99 import turn
from ninetynine.games.ono99.cards import SHORT, parse_card
from ninetynine.games.ono99.state import Ono99State

Cards = str | Sequence[str] | None


def cards(spec: str | Sequence[str]) -> list[int]:
    """``"7 -10 Rev"`` -> card kinds, in the order written."""
    words = spec.split() if isinstance(spec, str) else list(spec)
    return [parse_card(w) for w in words]


def names(kinds: Sequence[int]) -> list[str]:
    """Kinds -> notation."""
    return [SHORT[k] for k in kinds]


def position(
    num_players: int = 2,
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    hands: Sequence[Cards] | None = None,
    draw: Cards = None,
    played: Cards = (),
    out: Sequence[Cards] | None = None,
    total: int = 0,
    direction: int = 1,
    player: int = 0,
    play2: int = 0,
    begin: bool = True,
) -> Ono99State:
    """A position with the given cards (see the module docstring).

    ``hands``: one entry per seat (``None``: four filler cards from the draw pile's top);
    ``out``: per seat, cards of a seat that left (the seat is then out of the game); ``draw``:
    the top of the draw pile, top first, over the filler. ``begin``: start ``player``'s turn as
    the engine would (a player who cannot play leaves at once).
    """
    g = ninetynine.load_game("ono99", num_players=num_players, **(options or {}))
    s = g.new_initial_state(seed)
    n = num_players
    pool = CardPool(g.counts, SHORT)

    def claim(spec: Cards) -> list[int]:
        return pool.claim(cards(spec) if spec else [])

    hand_specs = list(hands) if hands is not None else [None] * n
    out_specs = list(out) if out is not None else [None] * n
    assert len(hand_specs) == n and len(out_specs) == n
    named_hands = [claim(h) if h is not None else None for h in hand_specs]
    outs = [claim(o) for o in out_specs]
    top = claim(draw)
    pile = claim(played)
    rest = pool.rest()
    fill_hands = []
    for h, o in zip(named_hands, outs, strict=True):
        if o:
            fill_hands.append([])
        elif h is None:
            fill_hands.append(sorted(rest[-4:]))
            del rest[-4:]
        else:
            fill_hands.append(sorted(h))
    s.hands = fill_hands
    s.out = [o[:] for o in outs]
    s.alive = [not o for o in outs]
    s.n_alive = sum(s.alive)
    s.out_order = [i for i in range(n) if outs[i]]
    for i in s.out_order:
        s.out_round[i] = 1
        s.out_total[i] = 98  # a seat that left is taken to have left at 98 (its cards fail it)
    s.draw = rest + top[::-1]
    s.played = pile
    s.total = total
    s.peak = [total] * n
    s.direction = direction
    s.round_left = s.n_alive
    s._legal = None
    if begin:
        turn.begin_turn(s, player, play2)
    else:
        s.player, s.play2 = player, play2
    check_conservation(s)
    return s


def check_conservation(s: Ono99State) -> None:
    """Every card of the deck is in exactly one place."""
    check_conserved(s.card_counts().values(), s.game.counts)
