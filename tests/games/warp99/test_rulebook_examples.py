"""Every example printed in the Warp 99 rulebook,
each checked on the engine through hand-made positions.

The Ninety Nine overview's example is in ``test_ninetynine.py``.
"""

from __future__ import annotations

import pytest

from ninetynine import IllegalActionError

from .positions import cards, deck_top_first, hand, legal, names, pile_legal, play, position

SARAH, TIM = 0, 1


# --------------------------------------------------------------------------- § Action A
def test_sarah_places_purple_1_as_her_first_row_card():
    """§ Action A: "Sarah starts the game. She places the purple 1 as the first card in her
    personal row ... That's it for Action A; she now continues to Action B." """
    s = position(hands=["P1 R4 O6 B9 T10 K3", None], piles=["R7", "B2"])
    assert s.current_player() == SARAH
    # An empty row takes any card; there is nothing to score yet.
    assert sorted(legal(s)) == sorted(["P1", "R4", "O6", "B9", "T10", "K3"])
    play(s, "P1")
    assert names(s.rows[SARAH]) == ["P1"]
    assert s.observation(SARAH)["phase"] == "discard"
    assert len(s.hands[SARAH]) == 5
    # Exactly one card per Action A: a second row card is refused.
    with pytest.raises(IllegalActionError):
        play(s, "K3")


# --------------------------------------------------------------------------- § Action B
SARAH_PLAYS = [
    ("R4>1", "R7", "Same Color", "211"),  # red 4 on red 7
    ("O6>1", "R4", "Total 10", "112"),  # orange 6 on red 4
    ("B9>2", "B2", "Same Color", "211"),  # blue 9 on blue 2
    ("T10>2", "B9", "Plus 1", "121"),  # tan 10 on blue 9
]


def test_sarah_plays_four_cards_in_sequence():
    """§ Action B example: red 4 on red 7 (Same Color), orange 6 on red 4 (Total 10), blue 9
    on blue 2 (Same Color), tan 10 on blue 9 (Plus 1)."""
    s = position(hands=["P1 R4 O6 B9 T10 K3", None], piles=["R7", "B2"])
    play(s, "P1")
    for move, _top, _rule, _ in SARAH_PLAYS:
        assert move in legal(s), move
        play(s, move)
        # each play matches one rule only: no extra-card decision, Action B goes on
        assert s.observation(SARAH)["phase"] == "discard"
    assert names(s.piles[0]) == ["R7", "R4", "O6"]
    assert names(s.piles[1]) == ["B2", "B9", "T10"]
    assert hand(s) == ["K3"]
    assert s.observation(SARAH)["plays"] == 4


@pytest.mark.parametrize(("move", "top", "rule", "flipped"), SARAH_PLAYS)
def test_sarah_each_play_uses_the_named_rule(move, top, rule, flipped):
    """The play is legal with the three gold sides, and illegal once the rule card that
    carries the named rule shows its other side: it is that rule which allows it."""
    card = move.split(">")[0]
    assert pile_legal("111", top, [card]) == [card]
    assert pile_legal(flipped, top, [card]) == []


def test_sarah_draws_5_back_to_6_in_action_c():
    """§ Action C: "Sarah draws 5 cards from her Personal Draw Deck, bringing her hand back
    up to 6 cards. Now it is Tim's turn." """
    s = position(
        hands=["P1 R4 O6 B9 T10 K3", None],
        decks=["Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9", None],
        piles=["R7", "B2"],
    )
    play(s, "P1", "R4>1", "O6>1", "B9>2", "T10>2")
    assert len(s.hands[SARAH]) == 1
    play(s, "end")
    assert hand(s, SARAH) == ["Y1", "Y2", "Y3", "Y4", "Y5", "K3"]
    assert deck_top_first(s, SARAH) == ["Y6", "Y7", "Y8", "Y9"]
    assert s.current_player() == TIM
    assert s.observation(None)["phase"] == "row"


# --------------------------------------------------------------------------- § Core Concept
TIM_ROW = "R1 Y3 G5 A6 L8"  # red, yellow, green, gray, light blue; last card 8


def test_tim_row_of_five_scores_25():
    """§ Core Concept: "Tim has 5 cards in his personal row for 25 points (5x5)." """
    s = position(
        hands=[None, "R9 B9 B7 T10 K8 L10"],
        rows=[None, TIM_ROW],
        player=TIM,
        scores=[0, 1],
    )
    play(s, "score")
    assert s.scores() == [0.0, 26.0]
    assert s.rows[TIM] == []
    assert names(s.reserve_discard) == TIM_ROW.split()
    # a fresh row takes any card again
    assert sorted(legal(s)) == sorted(["R9", "B9", "B7", "T10", "K8", "L10"])


def test_tim_next_row_card_must_be_higher_than_8_and_a_new_colour():
    """§ Core Concept: "His next card must be higher than 8 and not red, yellow, green, gray,
    or light blue." Red 9 and light blue 10 repeat a colour, blue 7 is lower, pink 8 is not
    higher; blue 9 and tan 10 fit. He may also score first."""
    s = position(hands=[None, "R9 B9 B7 T10 K8 L10"], rows=[None, TIM_ROW], player=TIM)
    assert sorted(legal(s)) == sorted(["B9", "T10", "score"])
    for bad in ("R9", "B7", "K8", "L10"):
        with pytest.raises(IllegalActionError):
            play(s, bad)
    play(s, "B9")
    assert names(s.rows[TIM]) == [*TIM_ROW.split(), "B9"]


def test_tim_plays_7_on_6_8_on_7_blue_5_on_blue_1_then_draws_4():
    """§ Core Concept: "Tim plays a 7 on the 6 (+1), and an 8 on the 7 (+1). Then he plays a
    Blue 5 on the Blue 1 (Same Color)." and "Tim draws 4 cards so that his hand size is back
    to 6 cards." """
    s = position(
        hands=[None, "K2 O7 T8 B5 R10 Y0"],
        decks=[None, "G0 G1 G2 G3 G4 G7 G8 G9 G10"],
        piles=["A6", "B1"],
        player=TIM,
    )
    play(s, "K2")  # Action A
    for move in ("O7>1", "T8>1", "B5>2"):
        assert move in legal(s)
        play(s, move)
        assert s.observation(TIM)["phase"] == "discard"  # single matches only
    assert len(s.hands[TIM]) == 2
    play(s, "end")
    assert len(s.hands[TIM]) == 6
    assert hand(s, TIM) == ["R10", "Y0", "G0", "G1", "G2", "G3"]
    assert len(s.decks[TIM]) == 5
    assert s.current_player() == SARAH


@pytest.mark.parametrize(
    ("card", "top", "flipped"),
    [("O7", "A6", "121"), ("T8", "O7", "121"), ("B5", "B1", "211")],
)
def test_tim_plays_use_plus_1_and_same_color(card, top, flipped):
    assert pile_legal("111", top, [card]) == [card]
    assert pile_legal(flipped, top, [card]) == []


# ----------------------------------------------- § What If I Match 2 or 3 Rules?
def _double_match_position():
    return position(
        hands=["R4 K9 K0 A3 A7", None],
        decks=["Y5 Y6 Y7", None],
        piles=["R6", "B2"],
        phase="discard",
    )


def test_red_4_on_red_6_is_a_double_match_offering_the_extra_card():
    """§ What If I Match 2 or 3 Rules?: "playing a red 4 on a red 6, which uses both the
    Total 10 and Same Color rules, you may take 1 extra card"."""
    s = _double_match_position()
    play(s, "R4>1")
    assert s.observation(SARAH)["phase"] == "extra_card"
    assert legal(s) == ["take", "decline"]
    # nothing else may happen before the decision
    with pytest.raises(IllegalActionError, match="take or decline"):
        play(s, "K9>2")


def test_red_4_on_red_6_take_draws_one_card_from_the_personal_deck():
    s = _double_match_position()
    play(s, "R4>1", "take")
    assert hand(s) == ["Y5", "A3", "A7", "K0", "K9"]
    assert deck_top_first(s, SARAH) == ["Y6", "Y7"]
    assert s.observation(SARAH)["phase"] == "discard"  # "and continue with Action B!"
    assert s.current_player() == SARAH
    assert s.stats()["extra_cards"] == [1, 0]


def test_red_4_on_red_6_decline_draws_nothing():
    s = _double_match_position()
    play(s, "R4>1", "decline")
    assert sorted(hand(s)) == sorted(["K9", "K0", "A3", "A7"])
    assert deck_top_first(s, SARAH) == ["Y5", "Y6", "Y7"]
    assert s.observation(SARAH)["phase"] == "discard"
    assert s.stats()["double_matches"] == [1, 0]


# --------------------------------------------------------------------------- § Action A, § Scoring
@pytest.mark.parametrize(
    ("row", "points"),
    [("R0 Y1 G2 A3", 16), ("R0 Y1 G2 A3 L4 P5 O6", 49)],
)
def test_row_scores_the_square_of_its_length(row, points):
    """§ Action A: "So for 4 cards, you would score 16." § Scoring: "the 49 points he earned
    from scoring a 7 card personal row"."""
    s = position(hands=["T9 T10 K9 K10 B9 B10", None], rows=[row, None], scores=[10, 1])
    play(s, "score")
    assert s.scores() == [10.0 + points, 1.0]


# --------------------------------------------------------------------------- § The Rule Cards
# (sides written card 1, 2, 3; "1" = gold side)
RULE_EXAMPLES = [
    # Same Color: "purple on purple or yellow on yellow"
    ("Same Color", "111", "211", "P7", "P2"),
    ("Same Color", "111", "211", "Y7", "Y2"),
    # Same Number: "9 on 9 or 2 on 2" (printed "9 or 9")
    ("Same Number", "211", "111", "B9", "R9"),
    ("Same Number", "211", "111", "B2", "R2"),
    # Plus 1: "8 on a 7, or a 2 on a 1"
    ("Plus 1", "111", "121", "B7", "R8"),
    ("Plus 1", "111", "121", "B1", "R2"),
    # Minus 1: "8 on a 9, or a 0 on a 1"
    ("Minus 1", "121", "111", "B9", "R8"),
    ("Minus 1", "121", "111", "B1", "R0"),
    # Total 10: "an 8 on a 2, or a 0 on a 10"
    ("Total 10", "111", "112", "B2", "R8"),
    ("Total 10", "111", "112", "B10", "R0"),
    # Times or Divided by 2, double: "a 10 on a 5, a 2 on a 1, or a 0 on a 0"
    ("Times or Divided by 2", "112", "111", "B5", "R10"),
    ("Times or Divided by 2", "122", "121", "B1", "R2"),  # Minus 1 up: Plus 1 would match too
    ("Times or Divided by 2", "112", "111", "B0", "R0"),
    # halve: "a 3 on a 6, a 2 on a 4, or a 0 on a 0"
    ("Times or Divided by 2", "112", "111", "B6", "R3"),
    ("Times or Divided by 2", "112", "111", "B4", "R2"),
]


@pytest.mark.parametrize(("rule", "sides", "other", "top", "card"), RULE_EXAMPLES)
def test_rule_card_example(rule, sides, other, top, card):
    """The example is legal with the rule's side up (and the play matches that rule only: no
    extra card is offered); it is illegal when that rule card shows its other side."""
    s = position(hands=[[card], None], piles=[top, None], rules=sides, phase="discard")
    assert rule in s.observation(SARAH)["rules"]
    assert f"{card}>1" in legal(s)
    play(s, f"{card}>1")
    assert s.observation(SARAH)["phase"] != "extra_card"
    assert pile_legal(other, top, [card]) == []


EVERY_VALUE = [f"{'RYGALPOBTK'[v % 10]}{v}" for v in range(11)]  # one card of each value


def test_nothing_plus_1_on_a_10():
    """Plus 1: "If the top card is a 10, this option is not available" (no wrap to 0)."""
    hand_cards = [c for c in EVERY_VALUE if c[0] != "B"]
    # Same Color (no blue in hand), Plus 1, Times or Divided by 2 (halves 10 into 5): a
    # Plus 1 that wrapped around would also allow the 0.
    assert pile_legal("112", "B10", hand_cards) == ["P5"]


def test_nothing_minus_1_on_a_0():
    """Minus 1: "If the top card is a 0, this option is not available" (no wrap to 10)."""
    hand_cards = [c for c in EVERY_VALUE if c[0] != "B"]
    # Same Color (no blue in hand), Minus 1, Times or Divided by 2 (0 on 0).
    assert pile_legal("122", "B0", hand_cards) == ["R0"]


def test_no_doubling_above_10():
    """Times or Divided by 2 on a 6 or more can only halve: nothing doubles a 6."""
    hand_cards = [c for c in EVERY_VALUE if c[0] != "B"]
    # Same Color (no blue in hand), Minus 1 (5), Times or Divided by 2 (3 only).
    assert sorted(pile_legal("122", "B6", hand_cards)) == ["A3", "P5"]
    assert pile_legal("122", "B7", hand_cards) == ["O6"]  # odd: no halving, 14 too big


def test_no_halving_an_odd_number():
    hand_cards = [c for c in EVERY_VALUE if c[0] != "B"]
    # On a 5: double is 10, no half (2.5); Minus 1 gives 4.
    assert sorted(pile_legal("122", "B5", hand_cards)) == ["L4", "R10"]
    # On a 1: double is 2, no half; Minus 1 gives 0.
    assert sorted(pile_legal("122", "B1", hand_cards)) == ["G2", "R0"]


def test_the_cards_in_the_examples_exist():
    """Every card named above is one of the 110 (guards the notation used in this file)."""
    assert len(cards(" ".join(EVERY_VALUE))) == 11
