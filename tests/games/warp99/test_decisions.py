"""One test (or a few) per rules decision W1-W21 in ``docs/rules/warp99.md``.

Test names start with ``test_w<N>_`` so that ``pytest -k w9`` finds a decision's tests.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import ninetynine
from helpers import play_random, random_playout
from ninetynine import GameOptionError, IllegalActionError, NotationError
from ninetynine.core.rng import Rng
from ninetynine.games.warp99 import actions as A
from ninetynine.games.warp99.cards import (
    COLORS,
    LETTERS,
    NUM_CARDS,
    card,
    card_name,
    format_card,
    parse_card,
)
from ninetynine.games.warp99.game import ACTIONS_PER_TURN_BOUND
from ninetynine.games.warp99.rules import NUM_CONFIGS, config_from_sides, matches, side_of

from .positions import (
    cards,
    deck_top_first,
    hand,
    legal,
    names,
    play,
    position,
    reserve_top_first,
)

P0, P1 = 0, 1
#: Four disjoint rows of ten cards (every colour once, increasing): nothing fits after them.
FULL_ROWS = [
    "R1 Y2 G3 A4 L5 P6 O7 B8 T9 K10",
    "Y1 G2 A3 L4 P5 O6 B7 T8 K9 R10",
    "G1 A2 L3 P4 O5 B6 T7 K8 R9 Y10",
    "A1 L2 P3 O4 B5 T6 K7 R8 Y9 G10",
]


def cards_named(text: str) -> list[str]:
    return text.split()


def phase(s) -> str:
    return s.observation(None)["phase"]


def warp99(n: int = 3, **options):
    return ninetynine.load_game("warp99", num_players=n, **options)


# --------------------------------------------------------------------------- W1
def test_w1_ten_colours_the_tenth_is_pink():
    named = {"red", "yellow", "green", "gray", "light blue", "purple", "orange", "blue", "tan"}
    assert len(COLORS) == 10 and len(set(COLORS)) == 10
    assert set(COLORS) - named == {"pink"}
    assert len(set(LETTERS)) == 10
    assert dict(zip(LETTERS, COLORS, strict=True))["K"] == "pink"
    assert dict(zip(LETTERS, COLORS, strict=True))["A"] == "gray"
    assert dict(zip(LETTERS, COLORS, strict=True))["L"] == "light blue"


def test_w1_notation_round_trips_for_all_110_cards():
    seen = set()
    for c in range(NUM_CARDS):
        short = format_card(c)
        assert parse_card(short) == c
        assert parse_card(short.lower()) == c
        assert parse_card(card_name(c)) == c  # "light blue 10"
        seen.add((short[0], int(short[1:])))
    assert len(seen) == 110
    assert {v for _, v in seen} == set(range(11))
    assert format_card(card(3, 0)) == "A0" and format_card(card(4, 10)) == "L10"
    assert parse_card("grey 3") == parse_card("A3")


@pytest.mark.parametrize("bad", ["", "R11", "X5", "R-1", "red", "7", "R 7 8"])
def test_w1_bad_cards_are_rejected(bad):
    with pytest.raises(NotationError, match="not a card"):
        parse_card(bad)


# --------------------------------------------------------------------------- W2
@pytest.mark.parametrize("n", [2, 3, 4])
def test_w2_setup_one_table_15_each_6_in_hand(n):
    seed = 1234 + n
    s = warp99(n).new_initial_state(seed)
    assert [len(h) for h in s.hands] == [6] * n
    assert [len(d) for d in s.decks] == [9] * n
    assert [len(p) for p in s.piles] == [1, 1]  # two shared discard piles
    assert len(s.reserve) == 110 - 15 * n - 2
    assert s.rows == [[]] * n and s.reserve_discard == []
    # The shuffle, then 15 to each seat in order, the rest the reserve, which starts the piles
    order = list(range(NUM_CARDS))
    Rng(seed).shuffle(order)
    for i in range(n):
        assert set(s.hands[i]) | set(s.decks[i]) == set(order[15 * i : 15 * (i + 1)])
        # the hand is the top 6 of the personal deck: the deck's remaining order is intact
        assert s.decks[i] == [c for c in order[15 * i : 15 * (i + 1)] if c not in s.hands[i]]
    rest = order[15 * n :]
    assert rest[:-2] == s.reserve
    assert [s.piles[0][0], s.piles[1][0]] == [rest[-1], rest[-2]]


# --------------------------------------------------------------------------- W3
@pytest.mark.parametrize("n", [2, 3, 4])
def test_w3_seat_0_first_starting_scores_and_clockwise(n):
    s = warp99(n).new_initial_state(7)
    assert s.current_player() == 0
    assert s.scores() == [float(i) for i in range(n)]
    order = []

    def check(st):
        obs = st.observation(None)
        if obs["phase"] == "row" and (not order or order[-1][0] != obs["turn"]):
            order.append((obs["turn"], st.current_player()))

    play_random(s, 99, check)
    assert len(order) > 2 * n
    for turn, p in order:
        assert p == (turn - 1) % n


def test_w3_handicap_none_and_explicit():
    assert warp99(3, handicap="none").new_initial_state(0).scores() == [0.0] * 3
    assert warp99(3, handicap="0,2,4").new_initial_state(0).scores() == [0.0, 2.0, 4.0]
    with pytest.raises(GameOptionError, match="handicap"):
        warp99(2, handicap="0,99")
    with pytest.raises(GameOptionError, match="handicap"):
        warp99(2, handicap="zero")


# --------------------------------------------------------------------------- W4
def test_w4_more_than_five_plays_in_one_action_b():
    """An extra card replaces a played card, so Action B can hold more than five plays."""
    s = position(
        hands=["R4 G1 G2 G3 G4", None],
        decks=["G5 Y1 Y2 Y3 Y4 Y5 Y6", None],
        piles=["R6", "A0"],
        phase="discard",
    )
    play(s, "R4>1", "take")  # Same Color + Total 10: the extra card is G5
    play(s, "G1>2")  # Plus 1 on gray 0
    for c in ("G2", "G3", "G4"):  # Same Color + Plus 1 each
        play(s, f"{c}>2", "decline")
    assert s.observation(P0)["plays"] == 5
    assert legal(s) == ["G5>1", "G5>2", "end"]  # G5 on R4: Plus 1; on G4: Same Color, +1
    play(s, "G5>2", "decline")
    assert s.stats()["cards_discarded"] == [6, 0]
    assert phase(s) == "row" and s.current_player() == P0  # the emptied hand repeats (W7)


def test_w4_end_is_allowed_before_any_play():
    s = position(hands=["R4 G1 G2 G3 G4", None], piles=["R6", "A0"], phase="discard")
    assert "R4>1" in legal(s) and "end" in legal(s)
    play(s, "end")
    assert s.current_player() == P1


# --------------------------------------------------------------------------- W5
def test_w5_score_only_in_action_a_before_the_card():
    s = position(hands=["B6 K7 T2 T3 A0 A1", None], rows=["R1 Y5", None], piles=["G0", "G1"])
    assert "score" in legal(s)
    play(s, "B6")
    with pytest.raises(IllegalActionError):
        play(s, "score")


def test_w5_score_once_per_action_a_and_never_an_empty_row():
    s = position(hands=["B6 K7 T2 T3 A0 A1", None], rows=["R1 Y5", None])
    play(s, "score")
    assert "score" not in legal(s)
    t = position(hands=["B6 K7 T2 T3 A0 A1", None])
    assert "score" not in legal(t)


def test_w5_forced_score_is_an_explicit_action_in_the_record():
    s = position(hands=["R0 Y0 B1 B2 K0 K3", None], rows=["R1 Y5 G8", None], scores=[0, 1])
    assert legal(s) == ["score"]
    play(s, "score", "B1")
    assert [s.action_to_string(a) for a in s.history()] == ["score", "B1"]


def test_w5_a_full_row_of_ten_colours_scores_100():
    s = position(
        num_players=4,
        hands=["R0 Y0 G0 A0 L0 P0", None, None, None],
        rows=[FULL_ROWS[0], None, None, None],
        scores=[0, 1, 2, 3],
        options={"target": 1000},
    )
    assert legal(s) == ["score"]  # ten colours used and a 10 on the end: nothing fits
    play(s, "score")
    assert s.scores()[0] == 100.0


def test_w5_higher_means_strictly_higher_and_colours_never_repeat():
    s = position(hands=["B5 K5 K6 R7 Y9 T4", None], rows=["R1 Y5", None])
    assert sorted(legal(s)) == ["K6", "score"]


# --------------------------------------------------------------------------- W6
def test_w6_extra_card_is_a_choice():
    s = position(hands=["R4 K9", None], decks=["Y5", None], piles=["R6", "B2"], phase="discard")
    play(s, "R4>1")
    assert legal(s) == ["take", "decline"]


def test_w6_three_matched_rules_still_give_one_card():
    # Same Color, Plus 1, Times or Divided by 2: red 2 on red 1 matches all three.
    s = position(
        hands=["R2 K9", None],
        decks=["Y5 Y6", None],
        piles=["R1", "B2"],
        phase="discard",
        rules="112",
    )
    assert matches(config_from_sides("112"), parse_card("R1"), parse_card("R2")) == 3
    play(s, "R2>1", "take")
    assert hand(s) == ["Y5", "K9"] and deck_top_first(s, P0) == ["Y6"]
    assert phase(s) == "discard"


def test_w6_times_or_divided_by_2_counts_once_for_0_on_0():
    # yellow 0 on red 0: doubles and halves, but it is one rule card: no extra card
    s = position(hands=["Y0 K9", None], piles=["R0", "B2"], phase="discard", rules="112")
    play(s, "Y0>1")
    assert phase(s) == "discard"
    assert s.stats()["double_matches"] == [0, 0]
    # with Same Number up too, it is two rules: an extra card
    t = position(hands=["Y0 K9", None], piles=["R0", "B2"], phase="discard", rules="212")
    play(t, "Y0>1")
    assert phase(t) == "extra_card"


def test_w6_an_empty_deck_still_gives_the_extra_card():
    """W9 tops up an empty personal deck when a draw needs a card, and the extra card is such
    a draw; with the reserve empty too, the rebuild (W11) finds at least the card just
    covered, so there is always a card to take."""
    s = position(
        hands=["R4 K9", None],
        decks=["", None],
        piles=["B5 R6", "B2"],
        reserve=(),
        rest="deck1",
        phase="discard",
    )
    play(s, "R4>1")
    assert legal(s) == ["take", "decline"]
    play(s, "take")  # the rebuild gathers B5 and R6 (under pile 1's new top R4)
    assert names(s.piles[0]) == ["R4"] and s.reserve == []
    taken = set(hand(s)) - {"K9"}
    assert len(taken) == 1 and taken | set(deck_top_first(s, P0)) == {"B5", "R6"}
    assert s.scores()[0] == 0.0  # a top-up scores nothing; one card is left in the deck


def test_w6_the_covered_card_alone_can_be_the_extra_card():
    s = position(
        hands=["R4 K9", None],
        decks=["", None],
        piles=["R6", "B2"],
        reserve=(),
        rest="deck1",
        phase="discard",
    )
    play(s, "R4>1", "take")
    assert hand(s) == ["R6", "K9"]
    assert s.scores()[0] == 15.0  # the topped-up deck held one card: drawn out, it scores


def test_w6_the_extra_card_can_empty_the_deck_for_15():
    s = position(hands=["R4 K9", None], decks=["Y5", None], piles=["R6", "B2"], phase="discard")
    top15 = set(reserve_top_first(s)[:15])
    play(s, "R4>1", "take")
    assert s.scores() == [15.0, 1.0]
    assert set(deck_top_first(s, P0)) == top15
    assert s.stats()["decks_emptied"] == [1, 0]


def test_w6_when_the_double_match_empties_the_hand_the_decision_comes_first():
    def pos():
        return position(
            hands=["R4", None],
            decks=["Y5 Y6 Y7 Y8 Y9 Y10 T0", None],
            piles=["R6", "B2"],
            phase="discard",
        )

    s = pos()
    play(s, "R4>1")
    assert phase(s) == "extra_card" and s.hands[P0] == []
    t = s.clone()
    play(s, "decline")  # then W7: refill to 6, Action A again
    assert phase(s) == "row" and hand(s) == ["Y5", "Y6", "Y7", "Y8", "Y9", "Y10"]
    assert s.stats()["repeats"] == [1, 0]
    play(t, "take")  # one card, and Action B goes on
    assert phase(t) == "discard" and hand(t) == ["Y5"]
    assert t.stats()["repeats"] == [0, 0]


def test_w6_option_extra_card_false():
    s = position(
        hands=["R4 K9", None],
        piles=["R6", "B2"],
        phase="discard",
        options={"extra_card": False},
    )
    play(s, "R4>1")
    assert phase(s) == "discard"


# --------------------------------------------------------------------------- W7
def test_w7_emptying_the_hand_in_action_b_repeats_a_b_c():
    s = position(
        hands=["R3 R5", None],
        decks=["Y1 Y2 Y3 Y4 Y5 Y6 Y7", None],
        piles=["R8", "B9"],
        rows=["K0", None],
        phase="discard",
    )
    play(s, "R3>1", "R5>1")  # Same Color only (3+8, 5+3 are not 10)
    assert s.current_player() == P0 and phase(s) == "row"
    assert hand(s) == ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]
    assert s.stats()["repeats"] == [1, 0]
    play(s, "Y1", "end")  # Actions A, B (nothing) and C again
    assert hand(s, P0) == ["Y2", "Y3", "Y4", "Y5", "Y6", "Y7"]
    assert s.current_player() == P1


def test_w7_a_hand_emptied_by_action_a_is_no_repeat():
    s = position(hands=["R3", None], decks=["", None], reserve=(), rest="deck1")
    play(s, "R3")
    assert s.hands[P0] == [] and phase(s) == "discard"
    assert legal(s) == ["end"]  # nothing to play, nothing to show for a flip (W10)
    play(s, "end")
    assert s.stats()["repeats"] == [0, 0]
    assert s.current_player() == P1


def test_w7_bonus_rule_false_ends_the_turn():
    s = position(
        hands=["R3 R5", None],
        decks=["Y1 Y2 Y3 Y4 Y5 Y6 Y7", None],
        piles=["R8", "B9"],
        phase="discard",
        options={"bonus_rule": False},
    )
    play(s, "R3>1", "R5>1")
    assert s.current_player() == P1 and phase(s) == "row"
    assert hand(s, P0) == ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]
    assert s.stats()["repeats"] == [0, 0]


# --------------------------------------------------------------------------- W8
def test_w8_the_deck_runs_out_when_its_last_card_is_drawn():
    """Emptied by the very last draw Action C needs: +15 and a new deck at once."""
    s = position(
        hands=["A1 A2 A3 A4 A5 A6", None],
        decks=["Y1", None],
        piles=["K9", "K10"],
    )
    play(s, "A1", "end")
    assert s.scores() == [15.0, 1.0]
    assert len(s.decks[P0]) == 15


def test_w8_15_points_before_the_new_cards():
    """The deck's 15 points win at once: no new deck is dealt (W13)."""
    s = position(
        hands=["A1 A2 A3 A4", None],
        decks=["Y1 Y2", None],
        piles=["K9", "K10"],
        scores=[90, 1],
        phase="discard",
    )
    reserve = s.reserve[:]
    play(s, "end")  # needs 2: Y1, Y2 -> +15 = 105
    assert s.is_terminal() and s.scores()[0] == 105.0
    assert s.decks[P0] == [] and s.reserve == reserve


def test_w8_the_remaining_draws_come_from_the_new_deck():
    s = position(
        hands=["A1", None],
        decks=["Y1 Y2", None],
        piles=["K9", "K10"],
        reserve="T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 O0 O1 O2 O3 O4",
        phase="discard",
    )
    play(s, "end")  # needs 5: Y1, Y2 (+15), 3 of the 15 new cards
    assert s.scores()[0] == 15.0
    assert len(s.hands[P0]) == 6 and len(s.decks[P0]) == 12
    new = set(hand(s, P0)) - {"A1", "Y1", "Y2"}
    assert len(new) == 3
    assert new | set(deck_top_first(s, P0)) == set(
        cards_named("T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 O0 O1 O2 O3")
    )
    assert reserve_top_first(s)[0] == "O4"


# --------------------------------------------------------------------------- W9
def _w9_position(deck: str, reserve: str, piles, reserve_discard: str, scores=(0, 1, 2, 3)):
    """Four players with full rows of ten (40 cards on the table for good); seat 0 in Action
    B with three cards in hand; every other card sits in the other seats' hands and decks."""
    return position(
        num_players=4,
        hands=["R0 Y0 G0", None, None, None],
        decks=[deck, None, None, None],
        rows=FULL_ROWS,
        piles=piles,
        reserve=reserve,
        reserve_discard=reserve_discard,
        rest="deck1",
        scores=list(scores),
        phase="discard",
    )


def test_w9_a_short_reserve_gives_a_short_deck_that_still_scores():
    s = _w9_position("Y4", "L0 P0", ["A0 K0", "O0"], "B0")
    play(s, "end")  # needs 3: Y4 empties the deck: +15; new deck: L0 P0, then the rebuild
    assert s.scores()[0] == 15.0
    # the new deck got the 2 reserve cards and the 2 rebuilt ones (A0 under pile 1's top,
    # B0 from the reserve discard pile): 4 cards instead of 15; 2 of them were drawn
    assert names(s.piles[0]) == ["K0"] and names(s.piles[1]) == ["O0"]
    assert s.reserve == [] and s.reserve_discard == []
    new = set(deck_top_first(s, P0)) | (set(hand(s, P0)) - {"R0", "Y0", "G0", "Y4"})
    assert new == {"L0", "P0", "A0", "B0"}
    assert len(s.decks[P0]) == 2 and len(s.hands[P0]) == 6
    assert s.stats()["decks_emptied"] == [1, 0, 0, 0]
    assert len(s.card_locations()) == 110


def test_w9_an_empty_deck_is_topped_up_without_points():
    s = _w9_position("", "L0 P0 O0", ["A0", "K0"], "")
    play(s, "end")  # needs 3: the deck is empty (scored earlier): top up from the reserve
    # 3 reserve cards, nothing to rebuild: the 3 are drawn; the last one empties the
    # topped-up deck, which scores as any deck whose last card is drawn
    assert set(hand(s, P0)) == {"R0", "Y0", "G0", "L0", "P0", "O0"}
    assert s.scores()[0] == 15.0
    assert s.decks[P0] == [] and s.reserve == []


def test_w9_top_up_without_points_when_cards_remain():
    s = _w9_position("", "L0 P0 O0 B0", ["A0", "K0"], "")
    play(s, "end")
    assert s.scores()[0] == 0.0  # topped up with 4, drew 3: no points
    assert len(s.decks[P0]) == 1


def test_w9_top_up_takes_15_when_the_reserve_has_them():
    s = position(hands=["A1 A2 A3", None], decks=["", None], phase="discard")
    top15 = set(reserve_top_first(s)[:15])
    play(s, "end")
    assert s.scores()[0] == 0.0
    assert len(s.decks[P0]) == 12
    assert set(names(s.decks[P0] + s.hands[P0])) == top15 | {"A1", "A2", "A3"}


def test_w9_nothing_anywhere_stops_the_draw_without_looping():
    s = _w9_position("", "", ["A0", "K0"], "")
    before = s.scores()
    play(s, "end")
    assert s.scores() == before
    assert hand(s, P0) == ["R0", "Y0", "G0"]
    assert s.current_player() == 1
    assert len(s.card_locations()) == 110


def test_w9_a_short_deck_drawn_out_with_nothing_left():
    s = _w9_position("L0 P0", "", ["A0", "K0"], "")
    play(s, "end")  # needs 3: 2 cards (+15), then nothing at all
    assert s.scores()[0] == 15.0
    assert len(s.hands[P0]) == 5 and s.decks[P0] == []
    assert s.current_player() == 1


# --------------------------------------------------------------------------- W10
def test_w10_no_hand_cards_at_action_a():
    s = position(hands=["", None], decks=["", None], rows=["R1 Y5", None], reserve=(), rest="deck1")
    assert legal(s) == ["score"]  # a non-empty row with no card to place: score
    play(s, "score")
    assert s.scores()[0] == 4.0
    assert legal(s) == ["end"]
    with pytest.raises(IllegalActionError):
        play(s, "flip1")
    play(s, "end")
    # Action C draws what it can: the empty deck is topped up (W9) from the reserve, rebuilt
    # (W11) from the two cards just scored; drawing the last of them scores 15 (W8)
    assert s.current_player() == P1
    assert sorted(hand(s, P0)) == ["R1", "Y5"]
    assert s.scores()[0] == 19.0


def test_w10_empty_hand_in_action_b_only_end_no_flip():
    s = position(hands=["", None], decks=["", None], reserve=(), rest="deck1", phase="discard")
    assert legal(s) == ["end"]


def test_w10_a_short_hand_plays_on():
    s = position(
        hands=["B3 B9", None], decks=["", None], reserve=(), rest="deck1", piles=["B0", "K10"]
    )
    play(s, "B3", "B9>1")  # B9 on B0: Same Color; the hand is empty: refill, repeat (W7)
    # The only card the refill can find is B0, freed from under pile 1's new top by the
    # rebuild (W11); it is the whole topped-up deck, so drawing it scores 15 (W9)
    assert s.current_player() == P0 and phase(s) == "row"
    assert hand(s) == ["B0"] and s.stats()["repeats"] == [1, 0]
    assert s.scores()[0] == 15.0
    assert legal(s) == ["score"]  # B0 does not fit after B3: score the row
    play(s, "score", "B0")
    assert legal(s) == ["end"] and s.hands[P0] == []
    play(s, "end")
    assert s.current_player() == P1


# --------------------------------------------------------------------------- W11
def test_w11_reserve_discard_pile_is_public():
    s = position(hands=["R9 Y10 B1 B2 K0 K3", None], rows=["R1 Y5 G8", None])
    play(s, "score")
    for seat in (None, P0, P1):
        assert names(s.observation(seat)["reserve_discard"]) == ["R1", "Y5", "G8"]


def _reshuffle_position(seed=0):
    return position(
        seed=seed,
        hands=["A1 A2 A3", None],
        decks=["Y1", None],
        piles=["R0 R1 R2 R3 R4 R5", "B0 B1 B2 B3"],
        reserve=(),
        reserve_discard="T3 T4 T5 T6",
        rest="deck1",
        phase="discard",
    )


def test_w11_the_reshuffle_happens_when_a_card_is_needed_from_an_empty_reserve():
    s = _reshuffle_position()
    assert s.reserve == []
    play(s, "end")  # needs 3: Y1 empties the deck: 15 points and 15 new cards
    assert names(s.piles[0]) == ["R5"] and names(s.piles[1]) == ["B3"]
    assert s.reserve_discard == []
    rebuilt = set(cards("R0 R1 R2 R3 R4 B0 B1 B2 T3 T4 T5 T6"))
    assert set(s.decks[P0]) | (set(s.hands[P0]) - set(cards("A1 A2 A3 Y1"))) == rebuilt
    assert s.stats()["reserve_rebuilds"] == 1


def test_w11_the_reshuffle_is_seeded_by_the_state():
    a, b = _reshuffle_position(), _reshuffle_position()
    play(a, "end")
    play(b, "end")
    assert a.to_json() == b.to_json()
    orders = set()
    for k in range(8):
        c = _reshuffle_position()
        c.rng.setstate(1000 + k)
        play(c, "end")
        orders.add(tuple(c.decks[P0]))
    assert len(orders) > 1


# --------------------------------------------------------------------------- W12
def _stuck(**kw):
    base = dict(hands=["A2 A3 A4 A5 A6", None], piles=["K9", "K10"], phase="discard")
    base.update(kw)
    return position(**base)


def test_w12_flip_right_after_action_a_when_stuck():
    s = _stuck()
    assert legal(s) == ["end", "flip1", "flip2", "flip3"]
    play(s, "flip3")
    assert s.observation(P1)["rule_sides"] == [1, 1, 2]
    assert s.observation(P1)["flip_used"] is True
    assert names(s.observation(P1)["revealed"][P0]) == ["A2", "A3", "A4", "A5", "A6"]


def test_w12_decline_the_flip_with_end():
    s = _stuck()
    play(s, "end")
    assert s.current_player() == P1
    assert s.observation(P1)["rule_sides"] == [1, 1, 1]


def test_w12_flip_is_permanent_until_flipped_again():
    s = _stuck(hands=["A2 A3 A4 A5 A6", "T2 T3 T4 T5 T6 T7"])
    play(s, "flip2", "end")  # Plus 1 -> Minus 1; still nothing to play; end
    assert s.current_player() == P1
    assert s.observation(P1)["rule_sides"] == [1, 2, 1]
    play(s, "T2")  # T3-T7 fit neither K9 (pink, 8, 1) nor K10 (pink, 9, 0): stuck
    assert s.observation(P0)["rule_sides"] == [1, 2, 1]
    assert legal(s) == ["end", "flip1", "flip2", "flip3"]
    play(s, "flip2")
    assert s.observation(P0)["rule_sides"] == [1, 1, 1]


def test_w12_allow_flip_false():
    s = _stuck(options={"allow_flip": False})
    assert legal(s) == ["end"]
    with pytest.raises(IllegalActionError, match="no rule flips"):
        play(s, "flip1")


# --------------------------------------------------------------------------- W13
def test_w13_the_first_to_reach_the_target_wins_and_nobody_else_moves():
    s = position(hands=["B6 K7 T2 T3 A0 A1", None], rows=["R1 Y5 G8", None], scores=[90, 98])
    play(s, "score")
    assert s.returns() == [1.0, -1.0] and s.legal_actions() == []


@pytest.mark.parametrize("seed", range(6))
def test_w13_target_option_and_exactly_one_seat_at_the_target(seed):
    g = warp99(3, target=40)
    s = random_playout(g.new_initial_state(seed), seed)
    sc = s.scores()
    assert sum(x >= 40 for x in sc) == 1
    assert s.winner() == max(range(3), key=lambda i: sc[i])
    assert s.stats()["ended_by"] == "target"


# --------------------------------------------------------------------------- W14
def _oracle(sides: str, top: int, c: int) -> int:
    """How many rule cards allow ``c`` on ``top``, written from § The Rule Cards."""
    tc, tv, cc, cv = top // 11, top % 11, c // 11, c % 11
    n = 0
    n += (cc == tc) if sides[0] == "1" else (cv == tv)
    n += (cv == tv + 1) if sides[1] == "1" else (cv == tv - 1)
    if sides[2] == "1":
        n += cv + tv == 10
    else:
        n += (cv == 2 * tv) or (tv % 2 == 0 and cv == tv // 2)
    return n


@pytest.mark.parametrize("sides", ["111", "211", "121", "112", "221", "212", "122", "222"])
def test_w14_every_rule_side_on_every_pair_of_cards(sides):
    config = config_from_sides(sides)
    assert [side_of(config, i) for i in range(3)] == [int(x) for x in sides]
    for top in range(NUM_CARDS):
        for c in range(NUM_CARDS):
            assert matches(config, top, c) == _oracle(sides, top, c), (
                sides,
                format_card(top),
                format_card(c),
            )


def test_w14_edges_named_in_the_decision():
    std = config_from_sides("111")
    assert matches(std, parse_card("B5"), parse_card("R5")) == 1  # 5 on 5 totals 10
    assert matches(std, parse_card("B0"), parse_card("R10")) == 1  # 10 on 0
    assert matches(std, parse_card("B10"), parse_card("R0")) == 1  # 0 on 10
    td = config_from_sides("112")
    assert matches(td, parse_card("B0"), parse_card("R0")) == 1  # 0 on 0: one rule card
    assert matches(td, parse_card("B7"), parse_card("R3")) == 0  # no halving 7
    assert matches(td, parse_card("B6"), parse_card("R1")) == 0  # no wrap: 12 is not 1
    assert NUM_CONFIGS == 8


# --------------------------------------------------------------------------- W15
def test_w15_random_rule_start_is_uniform_and_seeded():
    g = warp99(2, rules="random")
    counts = Counter(g.new_initial_state(seed).config for seed in range(400))
    assert set(counts) == set(range(8))
    assert all(25 <= k <= 75 for k in counts.values()), counts  # expected 50 each
    assert g.new_initial_state(17).config == g.new_initial_state(17).config


@pytest.mark.parametrize("sides", ["111", "212", "222", "121"])
def test_w15_chosen_start(sides):
    s = warp99(2, rules=sides).new_initial_state(3)
    assert "".join(map(str, s.observation(0)["rule_sides"])) == sides


@pytest.mark.parametrize("alias", ["random-rule-start", "pro", "RANDOM"])
def test_w15_variant_aliases(alias):
    assert warp99(2, rules=alias).options["rules"] == "random"


@pytest.mark.parametrize("bad", ["123", "11", "x", "1111"])
def test_w15_bad_rules_rejected(bad):
    with pytest.raises(GameOptionError, match="rules"):
        warp99(2, rules=bad)


# --------------------------------------------------------------------------- W16
def test_w16_action_c_draws_up_to_6_never_discards():
    s = position(hands=["A1 A2 A3 A4 A5 A6", None], decks=["Y1 Y2", None], piles=["K9", "K10"])
    play(s, "A1", "end")
    assert len(s.hands[P0]) == 6 and deck_top_first(s, P0) == ["Y2"]


@pytest.mark.parametrize("seed", range(4))
def test_w16_hand_never_exceeds_6(seed):
    def check(st):
        assert max(len(h) for h in st.hands) <= 6

    play_random(warp99(3).new_initial_state(seed), seed, check)


# --------------------------------------------------------------------------- W17
def test_w17_any_one_rule_suffices_and_a_move_is_a_card_and_a_pile():
    s = position(hands=["R3 O8 K5", None], piles=["R7", "B2"], phase="discard")
    # R3 on R7: Same Color and Total 10; O8 on R7: Plus 1; both allowed, no rule named
    assert "R3>1" in legal(s) and "O8>1" in legal(s)
    assert s.string_to_action("R3>1") == A.PILE_BASE[0] + parse_card("R3")
    assert s.string_to_action("R3>2") == A.PILE_BASE[1] + parse_card("R3")
    assert s.string_to_action("O8>1") != s.string_to_action("O8>2")


# --------------------------------------------------------------------------- W18
OBS_KEYS = {
    "game",
    "num_players",
    "player",
    "current_player",
    "phase",
    "turn",
    "rule_sides",
    "rules",
    "piles",
    "rows",
    "scores",
    "deck_sizes",
    "hand_sizes",
    "reserve_size",
    "reserve_discard",
    "revealed",
    "flip_used",
    "plays",
    "target",
    "winner",
}


def test_w18_observation_fields_and_no_hidden_cards():
    s = warp99(3).new_initial_state(5)
    for seat in range(3):
        obs = s.observation(seat)
        assert set(obs) == OBS_KEYS | {"hand"}
        assert obs["hand"] == s.hands[seat]
        assert obs["deck_sizes"] == [9, 9, 9] and obs["hand_sizes"] == [6, 6, 6]
        assert obs["reserve_size"] == 110 - 45 - 2
        text = json.dumps(obs)
        assert "rng" not in text and "seed" not in text and 'deck"' not in text
    spectator = s.observation(None)
    assert set(spectator) == OBS_KEYS
    with pytest.raises(ValueError, match="no seat"):
        s.observation(3)


def test_w18_own_deck_is_hidden_too():
    s = warp99(2).new_initial_state(11)
    obs = s.observation(0)
    visible = set(obs["hand"]) | {c for p in obs["piles"] for c in p}
    assert not visible & set(s.decks[0])
    assert not visible & set(s.hands[1])


# --------------------------------------------------------------------------- W19
@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_w19_every_game_ends_by_reaching_the_target(n, seed):
    s = random_playout(warp99(n).new_initial_state(seed), seed)
    st = s.stats()
    assert st["ended_by"] == "target"
    assert st["turns"] < 300
    assert max(s.scores()) >= 99


def _one_turn_game(scores):
    s = position(
        hands=["A1 A2 A3 A4 A5 A6", None],
        piles=["K9", "K10"],
        scores=scores,
        options={"max_turns": 1},
    )
    play(s, "A1", "end")  # turn 2 would exceed max_turns
    assert s.is_terminal() and s.stats()["ended_by"] == "turn_limit"
    return s


def test_w19_safety_stop_highest_score_wins():
    assert _one_turn_game([5, 6]).returns() == [-1.0, 1.0]
    assert _one_turn_game([7, 6]).winner() == 0


def test_w19_safety_stop_tie_is_a_draw():
    s = _one_turn_game([5, 5])
    assert s.returns() == [0.0, 0.0] and s.winner() is None


# --------------------------------------------------------------------------- W20
@pytest.mark.parametrize("n", [2, 4])
def test_w20_the_bound_holds_in_random_games(n):
    g = warp99(n)
    # the whole-game count (W20): 420 actions a seat, below the safety stop's 2000 x 640
    assert g.max_game_length == 420 * n < g.options["max_turns"] * ACTIONS_PER_TURN_BOUND
    worst = 0
    for seed in range(6):
        s = g.new_initial_state(seed)
        per_turn: Counter[int] = Counter()

        def check(st, per_turn=per_turn):
            if st.history():
                per_turn[st.observation(None)["turn"]] += 1

        play_random(s, seed, check)
        assert len(s.history()) <= g.max_game_length
        worst = max(worst, *per_turn.values())
    assert worst <= ACTIONS_PER_TURN_BOUND


def test_w20_the_per_turn_arithmetic():
    # 6 first cards + at most 8 decks of 15 (the first holds 9 after the deal): 126 cards
    cards_through_hand = 6 + 9 + 7 * 15
    assert 7 * 15 >= 99  # seven emptied decks already win
    cycles = cards_through_hand  # every cycle but the first needs an emptied hand
    bound = cards_through_hand * 2 + cycles * 2 + 1
    assert bound <= ACTIONS_PER_TURN_BOUND


# --------------------------------------------------------------------------- W21
def test_w21_action_id_layout():
    s = warp99(2).new_initial_state(0)
    assert s.game.num_distinct_actions == 337
    expected = {
        "R0": 0,
        "K10": 109,
        "R0>1": 110,
        "K10>1": 219,
        "R0>2": 220,
        "K10>2": 329,
        "score": 330,
        "end": 331,
        "take": 332,
        "decline": 333,
        "flip1": 334,
        "flip2": 335,
        "flip3": 336,
    }
    for text, a in expected.items():
        assert s.string_to_action(text) == a
        assert s.action_to_string(a) == text


def test_w21_every_id_round_trips():
    for a in range(A.NUM_ACTIONS):
        text = A.action_to_string(a)
        assert " " not in text
        assert A.string_to_action(text) == a
    for bad in (-1, A.NUM_ACTIONS):
        with pytest.raises(ValueError):
            A.action_to_string(bad)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("red 7", "R7"),
        ("row R7", "R7"),
        ("R7 on 2", "R7>2"),
        ("red 7 > pile 2", "R7>2"),
        ("light blue 10>1", "L10>1"),
        ("pass", "end"),
        ("  SCORE ", "score"),
        ("flip 3", "flip3"),
    ],
)
def test_w21_long_forms(text, canonical):
    assert A.string_to_action(text) == A.string_to_action(canonical)


@pytest.mark.parametrize("bad", ["", "R7>3", "flip4", "hello", "R11", "R7>>1"])
def test_w21_bad_notation(bad):
    with pytest.raises(NotationError, match="not a Warp 99 move"):
        A.string_to_action(bad)


def test_w18_resample_keeps_what_the_table_saw_at_each_reshuffle():
    """After a reserve rebuild everyone knows which cards went into the new reserve (W11): a
    resample may only swap a hidden card with hidden cards of the same reshuffle."""
    game = ninetynine.load_game("warp99", num_players=4)
    checked = 0
    for seed in range(40):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal() and state.rebuilds < 2:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randbelow(len(legal))])
        if state.is_terminal():
            continue
        assert set(state.gen) != {0}
        p = state.current_player()
        for k in range(5):
            fake = state.resample(p, k)
            places = [
                (fake.reserve, state.reserve),
                *list(zip(fake.decks, state.decks, strict=True)),
            ]
            for new, old in places:
                assert [state.gen[c] for c in new] == [state.gen[c] for c in old]
            for i in range(4):
                assert sorted(state.gen[c] for c in fake.hands[i]) == sorted(
                    state.gen[c] for c in state.hands[i]
                )
            assert fake.observation(p) == state.observation(p)
        checked += 1
    assert checked >= 5
