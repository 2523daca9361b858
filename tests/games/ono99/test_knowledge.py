"""``resample`` keeps what the table saw (D16): reshuffle classes, the move the seat to act
holds, the cards of a seat that left; and ``knowledge.redeal``, the deal behind it."""

from __future__ import annotations

from collections import Counter

import pytest

import ninetynine
from helpers import random_steps
from ninetynine.core.rng import Rng
from ninetynine.games.ono99.actions import EXCHANGE
from ninetynine.games.ono99.cards import NUM_KINDS, ONO
from ninetynine.games.ono99.knowledge import FREE, MOVE, STUCK, Unit, _complete, redeal
from ninetynine.games.ono99.rules import PLAYABLE

from .positions import check_conservation, play, position


def _fits(cards, total) -> bool:
    return any(PLAYABLE[total][k] for k in cards)


def _has_move(cards, total, n_ono=4) -> bool:
    return _fits(cards, total) or (n_ono > 0 and cards.count(ONO) == n_ono)


# --------------------------------------------------------------------------- reshuffle classes
def _rebuilt_position():
    """The reviewer's scenario: the draw pile is down to one card, everything else that is not
    in a hand is in the played pile (public); seat 0 draws the last card, seat 1's draw
    rebuilds the draw pile from the played pile."""
    s = position(2, hands=["3 3 3 3", "10 10 10 10"], played="1 1 1 1 1 1 2 2 2 2 2 2")
    s.played = s.draw[:-1] + s.played
    s.draw = s.draw[-1:]
    check_conservation(s)
    play(s, "+3")  # seat 0 draws the last card of the deal
    rebuilt = Counter(s.played[:-1]) + Counter([3])  # the played pile under the new 3
    play(s, "+10")  # seat 1 needs a card: the played pile but its top becomes the draw pile
    assert s.observation(None)["rebuilds"] == 1
    assert s.observation(None)["draw_size"] == sum(rebuilt.values()) - 1
    return s, rebuilt


def test_resample_keeps_cards_from_before_a_rebuild_out_of_the_rebuilt_draw_pile():
    s, rebuilt = _rebuilt_position()
    for seed in range(100):
        r = s.resample(0, seed)
        assert Counter(r.draw) <= rebuilt, "a card that was never in the rebuilt pile"
        # seat 1 kept three cards of the deal and drew one from the rebuilt pile; every other
        # card of the deal was seen, so those three are its three 10s
        assert sorted(r.hgen[1]) == [0, 0, 0, 1]
        deal = [k for k, g in zip(r.hands[1], r.hgen[1], strict=True) if g == 0]
        assert deal == [10, 10, 10]
        check_conservation(r)
        assert r.observation(0) == s.observation(0)


def test_resample_never_moves_a_card_across_reshuffles_in_long_games():
    g = ninetynine.load_game("ono99", num_players=3, deck="-10=30")  # long games, rebuilds
    s = g.new_initial_state(5)
    seen_rebuild = False
    for k, _ in enumerate(random_steps(s, 2)):
        if s.rebuilds and k % 5 == 0:
            seen_rebuild = True
            for p in range(3):
                r = s.resample(p, k)
                for i in range(3):
                    if i == p:
                        continue
                    # per seat, how many hidden cards of each reshuffle: kept
                    assert Counter(r.hgen[i]) == Counter(s.hgen[i])
                    assert Counter(r.ogen[i]) == Counter(s.ogen[i])
                # per reshuffle, which hidden cards: kept
                assert _by_class(r, p) == _by_class(s, p)
                twin = s.resample(p, 1000 + k)
                assert twin.resample(p, 7).to_json() == s.resample(p, 7).to_json()
    assert seen_rebuild


def _by_class(s, p) -> Counter:
    c: Counter = Counter((k, s.rebuilds) for k in s.draw)
    for i in range(s.game.num_players):
        if i != p:
            c.update(zip(s.hands[i], s.hgen[i], strict=True))
        c.update(zip(s.out[i], s.ogen[i], strict=True))
    return c


def test_resample_depends_only_on_the_seats_knowledge():
    """Two states that differ only in where hidden cards of the same reshuffle lie resample
    identically."""
    a = position(3, hands=["1 2 3 4", "5 6 7 8", "9 9 10 10"], total=20, player=0)
    b = position(3, hands=["1 2 3 4", "5 6 7 9", "8 9 10 10"], total=20, player=0)
    assert a.observation(0) == b.observation(0)
    assert a.to_json() != b.to_json()
    for seed in range(5):
        assert a.resample(0, seed).to_json() == b.resample(0, seed).to_json()


# --------------------------------------------------------------------------- the move held
def test_the_seat_to_act_keeps_a_move_when_the_real_move_was_the_exchange():
    # a deck without escapes: at 98 the only move there can be is the exchange
    s = position(
        2, options={"deck": "0=0,m10=0,rev=0,p2=0"}, hands=["ONO ONO ONO ONO", "1 2 3 4"], total=98
    )
    assert s.current_player() == 0 and s.legal_actions() == [EXCHANGE]
    for seed in range(100):
        r = s.resample(1, seed)
        assert r.legal_actions() == [EXCHANGE]
        check_conservation(r)


def test_the_exchange_is_dealt_with_its_chance_not_forced_nor_excluded():
    # eleven cards: six 10s, one Play 2, four ONO. Seat 0 holds the four ONO cards at 98; to
    # seat 1 (four 10s) the seat to act holds a move: the Play 2 (20 of the 35 deals of its
    # hand) or the four ONO cards (1 of 35): the exchange in 1 of 21 resamples
    deck = ",".join(f"{v}=0" for v in range(10)) + ",10=6,m10=0,rev=0,p2=1"
    s = position(2, options={"deck": deck}, hands=["ONO ONO ONO ONO", "10 10 10 10"], total=98)
    assert s.legal_actions() == [EXCHANGE]
    kinds = Counter(
        "exchange" if s.resample(1, k).legal_actions() == [EXCHANGE] else "card" for k in range(840)
    )
    assert 15 <= kinds["exchange"] <= 70 and kinds["card"] > 700  # expected 40
    for k in range(50):
        r = s.resample(1, k)
        assert r.legal_actions() and _has_move(r.hands[0], 98)


def test_the_seat_to_act_holds_a_move_and_the_others_may_not():
    s = position(3, hands=["9 9 9 9", "1 10 10 10", "8 8 8 8"], total=97, player=1)
    held_none = 0
    for k in range(200):
        r = s.resample(0, k)
        assert _has_move(r.hands[1], 97) and r.legal_actions()
        held_none += not _has_move(r.hands[2], 97)
        check_conservation(r)
    assert held_none >= 3  # seat 2 is not known to hold anything (about 1 in 16 deals)


def test_the_cards_of_a_seat_that_left_never_fit_the_total_it_left_at():
    g = ninetynine.load_game("ono99", num_players=5)
    s = g.new_initial_state(8)
    checked = 0
    for _ in random_steps(s, 3):
        gone = s.observation(None)["eliminations"]
        for e in gone:
            for p in (None, 0, 4):
                r = s.resample(p, checked)
                cards = r.out[e["seat"]]
                assert not _has_move(cards, e["total"]), (cards, e["total"])
                checked += 1
    assert checked > 20


def test_a_seats_own_out_of_play_cards_are_redealt_too():
    s = position(3, hands=["1 1 1 1", "9 9 9 10", "0 0 0 0"], total=93, draw="2")
    play(s, "+1")  # seat 1 leaves at 94
    assert not s.alive[1]
    outs = {tuple(s.resample(1, k).out[1]) for k in range(40)}
    assert len(outs) > 1  # its view does not show them (D7, D16)


def test_leave_now_every_seat_in_holds_a_move_on_the_highest_total_it_faced():
    g = ninetynine.load_game("ono99", num_players=4, leave="now")
    for seed in range(6):
        s = g.new_initial_state(seed)
        for k, _ in enumerate(random_steps(s, seed)):
            if k % 3:
                continue
            for p in (None, 1):
                r = s.resample(p, k)
                if r.is_terminal():
                    continue
                for i in range(4):
                    if r.alive[i]:
                        assert _has_move(r.hands[i], r.peak[i])
                        assert r.peak[i] >= r.total
                if p is not None:
                    twin = s.resample(p, 500 + k)
                    assert twin.resample(p, 3).to_json() == s.resample(p, 3).to_json()


# --------------------------------------------------------------------------- knowledge.redeal
def _pool(**kinds: int) -> list[int]:
    c = [0] * NUM_KINDS
    for name, count in kinds.items():
        c[int(name[1:])] = count
    return c


def test_redeal_one_hand_with_a_move_is_the_uniform_deal_conditioned_on_it():
    # hidden: one 3 and five 9s; a hand of two on 90 must hold the 3 (a 9 makes 99)
    pools = {0: _pool(k3=1, k9=5)}
    units = [Unit([0, 0], MOVE, 90), Unit([0, 0, 0, 0], FREE, 0)]
    rng = Rng(5)
    for _ in range(50):
        hand, rest = redeal(units, pools, 0, rng)
        assert sorted(hand) == [3, 9] and sorted(rest) == [9, 9, 9, 9]
    # two classes: the hand's deal card is a 3 or a 9, its drawn card one of class 1's
    pools = {0: _pool(k3=2, k9=2), 1: _pool(k9=3, k1=1)}
    units = [Unit([0, 1], MOVE, 90), Unit([0, 0, 0], FREE, 0), Unit([1, 1, 1], FREE, 0)]
    counts: Counter = Counter()
    for _ in range(4000):
        hand, a, b = redeal(units, pools, 0, rng)
        assert hand[0] in (3, 9) and hand[1] in (1, 9) and _fits(hand, 90)
        assert sorted([*a, hand[0]]) == [3, 3, 9, 9] and sorted([*b, hand[1]]) == [1, 9, 9, 9]
        counts[tuple(hand)] += 1
    # exact conditional probabilities: (3,1) 1/8, (3,9) 3/8, (9,1) 1/8 over P(fits) = 5/8
    assert counts[(9, 9)] == 0
    for hand, p in {(3, 1): 0.2, (3, 9): 0.6, (9, 1): 0.2}.items():
        assert abs(counts[hand] / 4000 - p) < 0.03, (hand, counts)


def test_redeal_stuck_cards_and_the_exchange_alternative():
    # class 0: the four cards of a seat that left at 95 (a 0 would have fitted); class 1: a
    # hand that holds a move on 98 (the 0, or all four ONO cards: 1 deal of 5) and one more
    pools = {0: _pool(k0=1, k5=4), 1: _pool(k0=1, k14=4)}
    units = [
        Unit([0] * 4, STUCK, 95),
        Unit([1] * 4, MOVE, 98),
        Unit([1], FREE, 0),
        Unit([0], FREE, 0),
    ]
    seen: Counter = Counter()
    rng = Rng(2)
    for _ in range(1000):
        out, hand, rest, more = redeal(units, pools, 4, rng)
        assert out == [5, 5, 5, 5] and more == [0] and _has_move(hand, 98)
        seen["exchange" if hand == [ONO] * 4 else "zero"] += 1
    assert 150 <= seen["exchange"] <= 250  # 1 in 5
    # four ONO cards are never the cards of a seat that left (they are exchanged instead)
    pools = {0: _pool(k14=4, k9=1)}
    for seed in range(30):
        out, rest = redeal([Unit([0] * 4, STUCK, 95), Unit([0], FREE, 0)], pools, 4, Rng(seed))
        assert sorted(out) == [9, ONO, ONO, ONO] and rest == [ONO]


def test_redeal_fallback_search_finds_a_deal_when_random_tries_keep_failing():
    # one 5 fits on 93; thirty 9s and the 5 all fail on 95: the stuck cards must leave the 5
    pools = {0: _pool(k5=1, k9=30)}
    units = [Unit([0] * 30, STUCK, 95), Unit([0], MOVE, 93)]
    for seed in range(5):
        got = _complete(units, pools, 0, Rng(seed))
        assert got is not None and got[1] == [5] and sorted(got[0]) == [9] * 30
        _out, hand = redeal(units, pools, 0, Rng(seed))
        assert hand == [5]
    with pytest.raises(ValueError, match="no deal"):
        redeal([Unit([0], MOVE, 95)], {0: _pool(k9=1)}, 0, Rng(1))
