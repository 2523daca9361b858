"""Hand-made 99 Heroes positions for rule tests.

:func:`position` places the named heroes through the real pick phase (so the reveal runs), then
overwrites the hands, the active cards, the bolsters and the decks, and starts the turn of
``player`` at its play step (``start="play"``) or at its upkeep (``start="turn"``). Every card
of a seat that is not named goes to the bottom of its deck, so each seat's 52 cards are always
accounted for. Cards are written in notation (``"7H QS AC"``); ``decks`` lists the top first.

>>> s = position([["bastion", "regent", "jester"], ["hoarder", "warden", "stalwart"]],
...              hands=["7S", "2C"])
>>> legal(s)
['7S>1', '7S>2', '7S>3']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ninetynine
from helpers import legal as legal  # re-exported with play: rule tests import them from here
from helpers import play as play
from ninetynine.games.heroes99 import turn
from ninetynine.games.heroes99.cards import NUM_CARDS, owned, parse_card
from ninetynine.games.heroes99.effects import TURN_STEPS, PlayPending
from ninetynine.games.heroes99.state import HeroesState


def cards(spec: str) -> list[int]:
    return [parse_card(w) for w in spec.split()]


def position(
    heroes: Sequence[Sequence[str]],
    hands: Sequence[str],
    active: Sequence[Sequence[str]] | None = None,
    bolsters: Sequence[Sequence[int]] | None = None,
    decks: Sequence[str] | None = None,
    player: int = 0,
    start: str = "play",
    options: dict[str, Any] | None = None,
    seed: int = 1,
) -> HeroesState:
    n, lanes = len(heroes), len(heroes[0])
    game = ninetynine.load_game("heroes99", num_players=n, team=lanes, **(options or {}))
    s = game.new_initial_state(seed)
    s.first = player
    for row in heroes:
        for ln, hid in enumerate(row):
            s.apply_action(s.string_to_action(f"{hid}@{ln + 1}"))
    used: list[set[int]] = [set() for _ in range(n)]
    for q in range(n):
        s.hands[q] = sorted(cards(hands[q])) if q < len(hands) else []
        used[q].update(s.hands[q])
        for ln in range(lanes):
            spec = active[q][ln] if active else ""
            s.active[q][ln] = [owned(q, c) for c in cards(spec)]
            used[q].update(cards(spec))
        s.discards[q] = []
        s.removed[q] = []
    top = [cards(decks[q]) if decks and q < len(decks) else [] for q in range(n)]
    for q in range(n):
        used[q].update(top[q])
    for q in range(n):
        rest = [c for c in range(NUM_CARDS) if c not in used[q]]
        for ln in range(lanes):
            k = bolsters[q][ln] if bolsters else 0
            s.bolsters[q][ln] = [owned(q, rest.pop()) for _ in range(k)]
            s.bknown[q][ln] = [False] * k
        s.decks[q] = rest + list(reversed(top[q]))
    s.player = player
    s.bonus_turn = False
    s.bonus_earned = False
    s.events = []
    s._legal = None
    if start == "play":
        s.queue = list(TURN_STEPS[3:])  # end, finish
        s.pending = PlayPending(kind="play", seat=player)
    else:
        s.queue = []
        s.pending = None
        turn.begin_turn(s, player, False)
        turn.run(s)
    return s


def check_cards(s: HeroesState) -> None:
    """Every seat's 52 cards, each once."""
    for cards_ in s.card_counts_by_owner():
        assert sorted(cards_) == list(range(NUM_CARDS))
