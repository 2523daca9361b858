"""Ninety Nine, the classic (Ninety Nine and Sixto overviews): decisions N1-N7 of
``docs/rules/ninetynine.md`` and the overview's example."""

from __future__ import annotations

import pytest

import ninetynine
from helpers import play_random
from ninetynine import GameOptionError
from ninetynine.games.warp99 import actions as A
from ninetynine.games.warp99.cards import NUM_CARDS

from .positions import deck_top_first, hand, legal, names, pile_legal, play, position

P0, P1 = 0, 1


def classic(n: int = 3, **options):
    return ninetynine.load_game("ninetynine", num_players=n, **options)


def phase(s) -> str:
    return s.observation(None)["phase"]


# --------------------------------------------------------------------------- the example
def test_example_green_10_on_yellow_9_red_0_on_the_10_red_8_on_the_0():
    """ "you can play a green 10 on a yellow 9, then a red 0 on the 10, then a red 8 on the
    0." """
    s = position("ninetynine", hands=["K5 G10 R0 R8 T3", None], piles=["Y9", "B5"], phase="discard")
    for move in ("G10>1", "R0>1", "R8>1"):
        assert move in legal(s)
        play(s, move)
        assert phase(s) == "discard"
    assert names(s.piles[0]) == ["Y9", "G10", "R0", "R8"]
    assert sorted(hand(s)) == ["K5", "T3"]


@pytest.mark.parametrize(
    ("card", "top", "rule_off"),
    [
        ("G10", "Y9", "121"),  # one higher: illegal when Plus 1 is turned off
        ("R0", "G10", "112"),  # adds to 10
        ("R8", "R0", "211"),  # same colour
    ],
)
def test_example_each_play_uses_its_rule(card, top, rule_off):
    assert pile_legal("111", top, [card], game="ninetynine") == [card]
    assert pile_legal(rule_off, top, [card]) == []  # (a Warp 99 table with that rule off)


# --------------------------------------------------------------------------- N1
def test_n1_the_same_110_cards_and_notation():
    s = classic(2).new_initial_state(3)
    assert len(s.card_locations()) == NUM_CARDS
    w = ninetynine.load_game("warp99", num_players=2).new_initial_state(3)
    for a in range(A.NUM_ACTIONS):
        assert s.action_to_string(a) == w.action_to_string(a)
    assert s.game.num_distinct_actions == w.game.num_distinct_actions


# --------------------------------------------------------------------------- N2
@pytest.mark.parametrize("n", [2, 3, 4])
def test_n2_a_hand_of_six_and_fifteen_cards_in_a_reserve_pile(n):
    """ "each player starting with a hand of six cards and fifteen cards in a reserve pile"."""
    s = classic(n).new_initial_state(n)
    assert [len(h) for h in s.hands] == [6] * n
    assert [len(d) for d in s.decks] == [15] * n
    assert len(s.reserve) == 110 - 21 * n - 2


@pytest.mark.parametrize("n", [2, 3, 4])
def test_n2_option_deal_15_reads_it_as_warp_99_does(n):
    s = ninetynine.load_game("ninetynine", num_players=n, deal="15").new_initial_state(n)
    assert [len(h) for h in s.hands] == [6] * n
    assert [len(d) for d in s.decks] == [9] * n
    assert len(s.reserve) == 110 - 15 * n - 2


def test_n2_warp99_has_no_deal_option():
    with pytest.raises(GameOptionError):
        ninetynine.load_game("warp99", deal="6+15")


def test_n2_emptying_the_reserve_pile_scores_15_and_creates_a_new_one():
    s = position(
        "ninetynine",
        hands=["A1 A2 A3 A4", None],
        decks=["Y1 Y2", None],
        piles=["K9", "K10"],
        phase="discard",
    )
    top15 = set(names(list(reversed(s.reserve)))[:15])
    play(s, "end")
    assert s.scores() == [15.0, 0.0]
    assert set(deck_top_first(s, P0)) == top15
    assert len(s.card_locations()) == 110


# --------------------------------------------------------------------------- N3
def test_n3_the_three_rules_are_fixed():
    g = classic(3)
    assert "rules" not in g.options
    s = g.new_initial_state(1)
    assert s.observation(0)["rules"] == ["Same Color", "Plus 1", "Total 10"]
    with pytest.raises(GameOptionError):
        classic(3, rules="random")


def test_n3_nothing_is_one_higher_than_a_10_and_a_stuck_player_plays_nothing():
    s = position("ninetynine", hands=["A2 A3 A4 A5 A6", None], piles=["K9", "K10"], phase="discard")
    assert legal(s) == ["end"]  # no flip in the classic


@pytest.mark.parametrize(("n", "seed", "bonus"), [(2, 1, False), (3, 2, True), (4, 3, False)])
def test_n3_n4_no_flip_and_no_extra_card_ever(n, seed, bonus):
    never = {A.TAKE, A.DECLINE, *range(A.FLIP_BASE, A.NUM_ACTIONS)}

    def check(st):
        assert not never & set(st.legal_actions())
        assert st.observation(None)["rule_sides"] == [1, 1, 1]

    s = play_random(classic(n, bonus_rule=bonus).new_initial_state(seed), seed, check)
    assert s.stats()["ended_by"] == "target"
    assert s.stats()["flips"] == [0] * n and s.stats()["extra_cards"] == [0] * n


# --------------------------------------------------------------------------- N4
def test_n4_a_double_match_is_an_ordinary_play():
    s = position(
        "ninetynine", hands=["R4 K9", None], decks=["Y5", None], piles=["R6", "B2"], phase="discard"
    )
    play(s, "R4>1")  # Same Color and Total 10
    assert phase(s) == "discard"
    assert "take" not in legal(s)
    assert deck_top_first(s, P0) == ["Y5"]


# --------------------------------------------------------------------------- N5
def test_n5_no_handicap_by_default():
    assert classic(4).new_initial_state(0).scores() == [0.0] * 4


@pytest.mark.parametrize(
    ("handicap", "expected"), [("standard", [0, 1, 2]), ("0,2,4", [0, 2, 4]), ("none", [0, 0, 0])]
)
def test_n5_handicap_option(handicap, expected):
    assert classic(3, handicap=handicap).new_initial_state(0).scores() == expected


# --------------------------------------------------------------------------- N6
def _five_to_discard(**options):
    """After the row card, five cards that can all be discarded (Same Color only)."""
    return position(
        "ninetynine",
        hands=["K0 R1 R3 R5 R8 R10", None],
        decks=["Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8", None],
        piles=["A0", "B9"],
        options=options,
    )


def test_n6_without_the_bonus_rule_an_emptied_hand_ends_the_turn():
    s = _five_to_discard()
    assert s.game.options["bonus_rule"] is False
    play(s, "K0", "R1>1", "R3>1", "R5>1", "R8>1", "R10>1")
    assert s.current_player() == P1 and phase(s) == "row"
    assert hand(s, P0) == ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]
    assert s.stats()["repeats"] == [0, 0]


def test_n6_with_the_bonus_rule_refill_and_play_again():
    s = _five_to_discard(bonus_rule=True)
    play(s, "K0", "R1>1", "R3>1", "R5>1", "R8>1", "R10>1")
    assert s.current_player() == P0 and phase(s) == "row"
    assert hand(s, P0) == ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]
    assert s.stats()["repeats"] == [1, 0]
    play(s, "Y1")  # "take another turn": a row card, discards, refill
    assert phase(s) == "discard"


# --------------------------------------------------------------------------- N7
def test_n7_optional_score_before_the_row_card_and_forced_score():
    s = position("ninetynine", hands=["B6 K7 T2 T3 A0 A1", None], rows=["R1 Y5", None])
    assert "score" in legal(s) and "B6" in legal(s)
    t = position("ninetynine", hands=["R9 Y10 B1 B2 K0 K3", None], rows=["R1 Y5 G8", None])
    assert legal(t) == ["score"]
    play(t, "score")
    assert t.scores() == [9.0, 0.0]


def test_n7_win_at_99_at_once():
    s = position(
        "ninetynine", hands=["B6 K7 T2 T3 A0 A1", None], rows=["R1 Y5 G8", None], scores=[95, 0]
    )
    play(s, "score")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_n7_turn_order(n):
    s = classic(n).new_initial_state(5)
    seen = []

    def check(st):
        obs = st.observation(None)
        if obs["phase"] == "row" and (not seen or seen[-1][0] != obs["turn"]):
            seen.append((obs["turn"], st.current_player()))

    play_random(s, 5, check)
    assert all(p == (t - 1) % n for t, p in seen)


# --------------------------------------------------------------------------- options
@pytest.mark.parametrize(
    "option",
    [{"allow_flip": True}, {"extra_card": True}, {"flip_limit": "cycle"}, {"rules": "111"}],
)
def test_warp99_only_options_are_rejected(option):
    with pytest.raises(GameOptionError) as info:
        classic(3, **option)
    msg = str(info.value)
    assert next(iter(option)) in msg
    for known in ("bonus_rule", "handicap", "max_turns", "target"):
        assert known in msg


def test_bad_bonus_rule_value_names_the_option():
    with pytest.raises(GameOptionError, match="bonus_rule"):
        classic(3, bonus_rule="maybe")
