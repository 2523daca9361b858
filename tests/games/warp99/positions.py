"""Hand-made Warp 99 / Ninety Nine positions for rule tests.

:func:`position` starts from ``game.new_initial_state(seed)`` and overwrites the card places,
scores, rule sides, player and phase, then checks that each of the 110 cards is in exactly
one place (``state.card_locations()``). Cards not placed explicitly ("filler") are taken in a
fixed order from the cards nobody named, so a position is fully determined by its arguments.

Card lists are written in the game's notation, as a string (``"R7 B2"``) or a list of strings.
Orders:

* ``decks`` and ``reserve``: **top first** (the first card listed is drawn first);
* ``piles``, ``rows``, ``reserve_discard``: bottom / left first, the top (last card) last;
* ``hands``: any order (a hand is kept sorted).

>>> s = position(hands=["R1 R2", "B3"], decks=["Y1 Y2", ""], piles=["G5", "G6"])
>>> [s.action_to_string(a) for a in s.legal_actions()]
['R1', 'R2']
>>> len(s.card_locations())
110
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import ninetynine
from helpers import legal as legal  # re-exported with play: rule tests import them from here
from helpers import play as play
from ninetynine.games.warp99.cards import COLOR, NUM_CARDS, VALUE, format_card, parse_card
from ninetynine.games.warp99.rules import config_from_sides
from ninetynine.games.warp99.state import PHASE_NAMES, Warp99State

Cards = str | Sequence[str] | None

#: Filler sizes for seats whose hand or deck is not given.
FILL_HAND = 6
FILL_DECK = 9


def cards(spec: str | Sequence[str]) -> list[int]:
    """``"R7 B2"`` or ``["R7", "B2"]`` -> card ids, in the order written."""
    words = spec.split() if isinstance(spec, str) else list(spec)
    return [parse_card(w) for w in words]


def names(ids: Sequence[int]) -> list[str]:
    """Card ids -> notation, e.g. ``["R7", "B2"]``."""
    return [format_card(c) for c in ids]


def position(
    game: str = "warp99",
    num_players: int = 2,
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    hands: Sequence[Cards] | None = None,
    decks: Sequence[Cards] | None = None,
    rows: Sequence[Cards] | None = None,
    piles: Sequence[Cards] | None = None,
    reserve: Cards = None,
    reserve_discard: Cards = (),
    rest: str = "reserve",
    scores: Sequence[int] | None = None,
    rules: str | None = None,
    player: int = 0,
    phase: str = "row",
    plays: int = 0,
    flip_used: bool = False,
    revealed: Sequence[Cards] | None = None,
) -> Warp99State:
    """A position with exactly the given card places (see the module docstring).

    ``hands`` / ``decks`` / ``rows``: one entry per seat (``None``: filler hand of 6, filler
    deck of 9, empty row). ``piles``: two entries (``None``: one filler card). ``reserve``:
    ``None`` means only the left-over cards. ``rest``: where every card nobody named goes
    (``"reserve"`` under the named reserve cards, ``"reserve_discard"``, ``"pile1"`` /
    ``"pile2"`` under the named pile cards, or ``"deck<i>"`` under seat *i*'s deck).
    ``rules``: three digits 1/2 (card 1, 2, 3), default: the game's start.
    """
    g = ninetynine.load_game(game, num_players=num_players, **(options or {}))
    s = g.new_initial_state(seed)
    n = num_players
    used: set[int] = set()

    def claim(spec: Cards) -> list[int] | None:
        if spec is None:
            return None
        ids = cards(spec)
        for c in ids:
            if c in used:
                raise AssertionError(f"{format_card(c)} is placed twice")
            used.add(c)
        return ids

    def per_seat(specs: Sequence[Cards] | None) -> list[list[int] | None]:
        specs = list(specs) if specs is not None else [None] * n
        if len(specs) != n:
            raise AssertionError(f"need one entry per seat ({n}), got {len(specs)}")
        return [claim(x) for x in specs]

    hand_l = per_seat(hands)
    deck_l = per_seat(decks)
    row_l = per_seat(rows)
    pile_l = [claim(x) for x in (piles if piles is not None else [None, None])]
    reserve_l = claim(reserve)
    rdiscard_l = claim(reserve_discard) or []
    rev_l = [cards(x) if x else [] for x in (revealed or [None] * n)]

    left = [c for c in range(NUM_CARDS) if c not in used]

    def fill(k: int) -> list[int]:
        if len(left) < k:
            raise AssertionError("not enough cards left for the filler")
        out = left[:k]
        del left[:k]
        return out

    s.hands = [sorted(h if h is not None else fill(FILL_HAND)) for h in hand_l]
    # Decks and the reserve are written top first; the engine draws with list.pop() (last).
    s.decks = [list(reversed(d if d is not None else fill(FILL_DECK))) for d in deck_l]
    s.rows = [r if r is not None else [] for r in row_l]
    s.piles = [p if p is not None else fill(1) for p in pile_l]
    s.reserve = list(reversed(reserve_l or []))
    s.reserve_discard = rdiscard_l
    if rest == "reserve":
        s.reserve[:0] = left  # under the named reserve cards: drawn last
    elif rest == "reserve_discard":
        s.reserve_discard[:0] = left
    elif rest in ("pile1", "pile2"):
        s.piles[int(rest[-1]) - 1][:0] = left
    elif rest.startswith("deck"):
        s.decks[int(rest[4:])][:0] = left
    else:
        raise AssertionError(f"unknown place for the rest: {rest!r}")

    s.row_last = [VALUE[r[-1]] if r else -1 for r in s.rows]
    s.row_colors = [sum(1 << COLOR[c] for c in r) for r in s.rows]
    s.scores_ = list(scores) if scores is not None else list(g.handicap)
    if rules is not None:
        s.config = config_from_sides(rules)
    s.player = player
    s.phase = PHASE_NAMES.index(phase)
    s.plays = plays
    s.flip_used = flip_used
    s.revealed = [set(r) for r in rev_l]
    s._legal = None

    where = s.card_locations()
    assert sorted(where) == list(range(NUM_CARDS)), "every card must be in exactly one place"
    for i, r in enumerate(s.rows):
        assert all(VALUE[a] < VALUE[b] for a, b in pairwise(r)), f"row {i} order"
        assert len({COLOR[c] for c in r}) == len(r), f"row {i} repeats a colour"
    for i, rv in enumerate(s.revealed):
        assert rv <= set(s.hands[i]), f"seat {i}: revealed cards must be in the hand"
    return s


# --------------------------------------------------------------------------- playing helpers
def hand(state: Warp99State, seat: int | None = None) -> list[str]:
    """A seat's hand (default: the player to act) in notation, sorted by card id."""
    return names(state.hands[state.player if seat is None else seat])


def deck_top_first(state: Warp99State, seat: int) -> list[str]:
    """A seat's personal deck in notation, top (next to draw) first."""
    return names(list(reversed(state.decks[seat])))


def reserve_top_first(state: Warp99State) -> list[str]:
    return names(list(reversed(state.reserve)))


def pile_legal(config_sides: str, top: str, hand_cards: Cards, game: str = "warp99") -> list[str]:
    """Which of ``hand_cards`` the engine lets the player put on pile 1 (top ``top``) under
    rule sides ``config_sides`` (pile 2's top is a card none of them can go on in the
    tests that use this; only pile-1 moves are returned)."""
    s = position(
        game,
        2,
        hands=[hand_cards, None],
        piles=[top, None],
        rules=config_sides if game == "warp99" else None,
        phase="discard",
    )
    return [m[:-2] for m in legal(s) if m.endswith(">1")]
