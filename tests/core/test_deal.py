"""``core.util.deal_hands``: the shuffle-and-deal of a shedding game's setup (Tripwire, ONO 99)."""

from __future__ import annotations

import pytest

from ninetynine.core.rng import Rng
from ninetynine.core.util import deal_hands


@pytest.mark.parametrize(("n", "k"), [(2, 7), (4, 4), (6, 3)])
def test_deal_hands_deals_one_card_at_a_time_off_the_top(n: int, k: int) -> None:
    counts = [3, 0, 2, 5, 1, 4, 2, 6]
    hands, rest = deal_hands(counts, n, k, Rng(11))
    deck = [c for c, m in enumerate(counts) for _ in range(m)]
    Rng(11).shuffle(deck)  # the same shuffle
    top_first = deck[::-1]
    for seat in range(n):
        assert hands[seat] == sorted(top_first[seat : n * k : n])
    assert rest == deck[: len(deck) - n * k]


def test_deal_hands_keeps_every_card() -> None:
    hands, rest = deal_hands([2, 2, 2], 3, 1, Rng(0))
    assert sorted([c for h in hands for c in h] + rest) == [0, 0, 1, 1, 2, 2]
