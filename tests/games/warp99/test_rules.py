"""Every rule of a Warp 99 turn, on hand-made positions (``positions.py``).

Source: Warp 99 rulebook; readings: ``docs/rules/warp99.md``.
"""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine import TERMINAL, IllegalActionError
from ninetynine.games.warp99.rules import config_from_sides

from .positions import (
    deck_top_first,
    hand,
    legal,
    names,
    play,
    position,
    reserve_top_first,
)

P0, P1 = 0, 1


def phase(s) -> str:
    return s.observation(None)["phase"]


# --------------------------------------------------------------------------- Action A
def test_action_a_row_card_must_be_strictly_higher():
    s = position(hands=["B5 B6 B4 K7 T2 T3", None], rows=["R1 Y5", None])
    assert sorted(legal(s)) == sorted(["B6", "K7", "score"])  # 5 is not higher than 5


def test_action_a_row_card_must_be_a_new_colour():
    s = position(hands=["R9 Y10 G9 A1 A2 A3", None], rows=["R1 Y5", None])
    assert sorted(legal(s)) == sorted(["G9", "score"])


def test_action_a_empty_row_takes_any_card_and_cannot_be_scored():
    s = position(hands=["R0 B5 B6 K7 T2 T3", None])
    assert sorted(legal(s)) == sorted(["R0", "B5", "B6", "K7", "T2", "T3"])
    with pytest.raises(IllegalActionError, match="row is empty"):
        play(s, "score")


def test_action_a_optional_score_then_a_new_row():
    """§ Action A: "You may score your row before you place a card" ... "even if you have a
    card that may be played on the row"."""
    s = position(hands=["B6 K7 T2 T3 A0 A1", None], rows=["R1 Y5", None], scores=[3, 1])
    assert "score" in legal(s) and "B6" in legal(s)
    play(s, "score")
    assert s.scores() == [7.0, 1.0]
    assert s.rows[P0] == []
    assert phase(s) == "row"  # still Action A: the new row's first card comes next
    assert sorted(legal(s)) == sorted(["B6", "K7", "T2", "T3", "A0", "A1"])
    play(s, "T2")
    assert names(s.rows[P0]) == ["T2"]
    assert phase(s) == "discard"


def test_action_a_forced_score_is_the_only_legal_action():
    """§ Action A: "If you cannot legally place a card in your row, you must immediately
    score and clear your entire row ... Start a new row by playing one card"."""
    s = position(hands=["R9 Y10 B1 B2 K0 K3", None], rows=["R1 Y5 G8", None], scores=[0, 1])
    assert legal(s) == ["score"]
    for mv in ("R9", "B1", "end", "R9>1"):
        with pytest.raises(IllegalActionError):
            play(s, mv)
    play(s, "score")
    assert s.scores() == [9.0, 1.0]
    play(s, "B1")
    assert names(s.rows[P0]) == ["B1"]


def test_scored_cards_go_face_up_to_the_reserve_discard_pile():
    s = position(
        hands=["R9 Y10 B1 B2 K0 K3", "T0 T1 T2 T3 T4 T5"],
        rows=["R1 Y5 G8", "A2 L3"],
        reserve_discard="P0 P1",
    )
    play(s, "score")
    assert names(s.reserve_discard) == ["P0", "P1", "R1", "Y5", "G8"]
    assert s.observation(P1)["reserve_discard"] == s.reserve_discard  # public
    assert len(s.card_locations()) == 110


def test_score_is_only_possible_before_the_row_card():
    s = position(hands=["B6 K7 T2 T3 A0 A1", None], rows=["R1 Y5", None], piles=["G0", "G1"])
    play(s, "B6")
    assert "score" not in legal(s)
    with pytest.raises(IllegalActionError, match="only in Action A"):
        play(s, "score")


# --------------------------------------------------------------------------- Action B
def test_action_b_legality_per_pile():
    """Each pile is judged against its own top card."""
    s = position(
        hands=["R3 B2 G9 K5 O8", None],
        piles=["R7", "B8"],
        phase="discard",
    )
    # pile 1 (R7): red (R3), 8 (O8), 3 (R3). pile 2 (B8): blue (B2), 9 (G9), 2 (B2).
    # (listed in action-id order: pile 1 first, then by colour)
    assert legal(s) == ["R3>1", "O8>1", "G9>2", "B2>2", "end"]
    with pytest.raises(IllegalActionError):
        play(s, "G9>1")
    play(s, "G9>2")
    # pile 2 now shows G9: green, 10 and 1 are wanted; pile 1 unchanged
    assert legal(s) == ["R3>1", "O8>1", "end"]


def test_end_is_always_allowed_in_action_b():
    s = position(hands=["R3 B2 G9 K5 O8", None], piles=["R7", "B8"], phase="discard")
    assert "end" in legal(s)
    play(s, "O8>1")
    assert "end" in legal(s)
    play(s, "end")
    assert s.current_player() == P1
    assert phase(s) == "row"


def test_action_c_refills_to_6_from_the_top_of_the_personal_deck():
    s = position(
        hands=["R3 B2 G9 K5 O8", None],
        decks=["Y1 Y2 Y3 Y4", None],
        piles=["R7", "B8"],
        phase="discard",
    )
    play(s, "O8>1", "G9>2", "end")
    assert hand(s, P0) == ["R3", "Y1", "Y2", "Y3", "B2", "K5"]
    assert deck_top_first(s, P0) == ["Y4"]


def test_action_c_draws_one_card_after_a_turn_without_discards():
    """A hand of 5 after Action A with no discard draws exactly one card."""
    s = position(hands=["A1 A2 A3 A4 A5 A6", None], decks=["Y1 Y2", None], piles=["K9", "K10"])
    play(s, "A1")
    assert legal(s) == ["end", "flip1", "flip2", "flip3"]  # stuck: nothing fits K9 or K10
    play(s, "end")
    assert hand(s, P0) == ["Y1", "A2", "A3", "A4", "A5", "A6"]


def test_emptied_hand_in_action_b_refills_and_repeats_actions_a_to_c():
    """§ What If I Run Out of Hand Cards in Action B?: draw back to 6, then Actions A, B
    and C again, by the same player."""
    s = position(
        hands=["K0 R1 R3 R5 R8 R10", None],
        decks=["Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8", None],
        piles=["A0", "B9"],
    )
    # R1 on A0 (Plus 1), then Same Color only (no +1, no total of 10): no extra cards
    play(s, "K0", "R1>1", "R3>1", "R5>1", "R8>1", "R10>1")
    assert s.current_player() == P0
    assert phase(s) == "row"
    assert hand(s) == ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]
    assert s.stats()["repeats"] == [1, 0]
    assert names(s.rows[P0]) == ["K0"]
    # Action A again: the row goes on (higher than 0, not pink)
    assert sorted(legal(s)) == sorted(["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "score"])
    play(s, "Y1", "end")
    assert s.current_player() == P1


RESERVE16 = [f"{c}{v}" for c in "GT" for v in range(8)]


def test_drawing_that_leaves_cards_in_the_deck_scores_nothing():
    s = position(
        hands=["A1 A2 A3 A4 A5 A6", None],
        decks=["Y1 Y2", None],
        piles=["K9", "K10"],
        reserve=RESERVE16,
        scores=[10, 1],
    )
    play(s, "A1", "end")  # draws 1 of 2: the deck still holds a card
    assert s.scores() == [10.0, 1.0]
    assert deck_top_first(s, P0) == ["Y2"]


def test_deck_running_out_scores_15_at_once_and_the_draw_goes_on_from_15_new_cards():
    """§ Personal Pile Empty?: "that player immediately receives: 15 new cards from the
    reserve deck ... 15 points to their score." (W8: the moment its last card is drawn)."""
    s = position(
        hands=["A1 A2 A3", None],
        decks=["Y1 Y2", None],
        piles=["K9", "K10"],
        reserve=RESERVE16,
        scores=[10, 1],
        phase="discard",
    )
    play(s, "end")  # needs 3: Y1, Y2 (the deck runs out: +15), then one of 15 new cards
    assert s.scores() == [25.0, 1.0]
    new_hand = set(hand(s, P0))
    assert {"A1", "A2", "A3", "Y1", "Y2"} < new_hand and len(new_hand) == 6
    third = (new_hand - {"A1", "A2", "A3", "Y1", "Y2"}).pop()
    top15 = set(RESERVE16[:15])
    assert third in top15
    assert set(deck_top_first(s, P0)) == top15 - {third}
    assert reserve_top_first(s)[0] == RESERVE16[15]
    assert s.stats()["decks_emptied"] == [1, 0]
    assert len(s.card_locations()) == 110


def test_a_deck_emptied_by_the_last_draw_is_replaced_at_once():
    s = position(
        hands=["A1 A2 A3 A4 A5 A6", None],
        decks=["Y1", None],
        piles=["K9", "K10"],
        scores=[10, 1],
    )
    top15 = set(reserve_top_first(s)[:15])
    play(s, "A1", "end")
    assert s.scores() == [25.0, 1.0]
    assert set(deck_top_first(s, P0)) == top15
    assert len(s.card_locations()) == 110


def _rebuild_position(**kw):
    """Seat 0 must draw 3 cards, its deck holds 1, the reserve holds 2: the reserve runs out
    while the new deck is dealt and is rebuilt from the piles and the reserve discard pile."""
    return position(
        hands=["A1 A2 A3", None],
        decks=["Y1", None],
        piles=["R0 R1 R2 R3", "B0 B1 B2"],
        reserve="G1 G2",
        reserve_discard="T3 T4",
        rest="deck1",
        phase="discard",
        **kw,
    )


def test_reserve_rebuilt_from_both_piles_minus_tops_and_the_cleared_rows():
    """§ Personal Pile Empty?, note: "Take all cards from both discard piles – except for the
    top card of each pile – and any cards in the Reserve Deck Discard Pile. Shuffle them"."""
    s = _rebuild_position(scores=[0, 1])
    assert s.reserve and len(s.decks[1]) > 15  # the rest went to seat 1's deck
    play(s, "end")
    assert s.scores() == [15.0, 1.0]
    assert names(s.piles[0]) == ["R3"] and names(s.piles[1]) == ["B2"]
    assert s.reserve_discard == []
    rebuilt = {"R0", "R1", "R2", "B0", "B1", "T3", "T4"}
    # Y1 was drawn and emptied the deck; the new deck took G1, G2 (the old reserve), then
    # the whole rebuilt reserve (7 cards < 13 still wanted); two more cards were drawn.
    assert s.reserve == []
    new_deck = set(deck_top_first(s, P0))
    drawn = set(hand(s, P0)) - {"A1", "A2", "A3", "Y1"}
    assert len(drawn) == 2 and len(new_deck) == 7
    assert new_deck | drawn == rebuilt | {"G1", "G2"}
    assert s.stats()["reserve_rebuilds"] == 1
    assert len(s.card_locations()) == 110


def test_reserve_is_not_rebuilt_before_it_is_needed():
    s = position(
        hands=["A1 A2 A3", None],
        decks=["Y1 Y2 Y3 Y4", None],
        piles=["R0 R1 R2 R3", "B0 B1 B2"],
        reserve=(),
        rest="deck1",
        phase="discard",
    )
    play(s, "end")
    assert s.reserve == [] and len(s.piles[0]) == 4
    assert s.stats()["reserve_rebuilds"] == 0


# --------------------------------------------------------------------------- the end
def test_win_at_99_by_scoring_a_row_ends_the_game_at_once():
    s = position(hands=["B6 K7 T2 T3 A0 A1", None], rows=["R1 Y5 G8", None], scores=[90, 1])
    play(s, "score")
    assert s.is_terminal()
    assert s.current_player() == TERMINAL
    assert s.legal_actions() == []
    assert s.returns() == [1.0, -1.0]
    assert s.scores() == [99.0, 1.0]
    assert s.winner() == 0
    assert s.stats()["ended_by"] == "target"
    with pytest.raises(IllegalActionError, match="game is over"):
        play(s, "B6")


def test_win_mid_draw_stops_the_draw():
    """W13: the 15 points of an emptied deck win at once; no new deck is dealt and the next
    player never moves."""
    s = position(
        hands=[None, "B1 B2 B3 B4 B5 B6"],
        decks=[None, "Y1"],
        piles=["K9", "K10"],
        scores=[1, 88],
        player=P1,
    )
    reserve_before = s.reserve[:]
    play(s, "B1", "end")  # needs 1 card: the last one: +15 -> 103
    assert s.scores() == [1.0, 103.0]
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    assert s.decks[P1] == [] and s.reserve == reserve_before
    assert len(s.hands[P1]) == 6


def test_win_mid_draw_with_draws_left():
    s = position(
        hands=["A1 A2 A4 A5 A6 A7", None],
        decks=["Y1 Y2", None],
        piles=["A0", "K10"],
        scores=[84, 1],
    )
    reserve_before = s.reserve[:]
    play(s, "A1", "A2>1", "A4>1", "end")  # needs 3: Y1, Y2 (+15 = 99): stop
    assert s.is_terminal()
    assert s.scores() == [99.0, 1.0]
    assert hand(s, P0) == ["Y1", "Y2", "A5", "A6", "A7"]
    assert s.reserve == reserve_before


def test_win_by_the_extra_card_ends_the_game_in_action_b():
    s = position(
        hands=["R4 K9", None],
        decks=["Y5", None],
        piles=["R6", "B2"],
        phase="discard",
        scores=[85, 1],
    )
    play(s, "R4>1", "take")
    assert s.is_terminal() and s.winner() == 0 and s.scores()[0] == 100.0


# --------------------------------------------------------------------------- setup options
@pytest.mark.parametrize(
    ("n", "handicap", "expected"),
    [
        (2, "standard", [0, 1]),
        (3, "standard", [0, 1, 2]),
        (4, "standard", [0, 1, 2, 3]),
        (4, "none", [0, 0, 0, 0]),
        (3, "0,2,4", [0, 2, 4]),
        (2, [5, 0], [5, 0]),
    ],
)
def test_handicap_starting_scores(n, handicap, expected):
    """§ Scoring Setup: "Player 1 starts with 0 points. Player 2 starts with 1 point. Player 3
    starts with 2 points. Player 4 starts with 3 points." """
    s = ninetynine.load_game("warp99", num_players=n, handicap=handicap).new_initial_state(1)
    assert s.scores() == [float(x) for x in expected]
    assert s.observation(0)["scores"] == expected


def test_handicap_default_is_standard():
    s = ninetynine.load_game("warp99", num_players=4).new_initial_state(3)
    assert s.scores() == [0.0, 1.0, 2.0, 3.0]


def test_handicap_with_the_wrong_number_of_scores_is_rejected():
    with pytest.raises(ninetynine.GameOptionError, match="handicap"):
        ninetynine.load_game("warp99", num_players=3, handicap="0,1")


def test_random_rule_start_gives_all_8_configurations():
    game = ninetynine.load_game("warp99", num_players=2, rules="random")
    seen = {tuple(game.new_initial_state(seed).observation(0)["rule_sides"]) for seed in range(64)}
    assert len(seen) == 8
    # and standard is all gold side
    std = ninetynine.load_game("warp99", num_players=2).new_initial_state(5)
    assert std.observation(0)["rule_sides"] == [1, 1, 1]


def test_rules_option_gives_the_named_sides():
    s = ninetynine.load_game("warp99", num_players=2, rules="121").new_initial_state(0)
    obs = s.observation(0)
    assert obs["rule_sides"] == [1, 2, 1]
    assert obs["rules"] == ["Same Color", "Minus 1", "Total 10"]
    assert s.config == config_from_sides("121")


# --------------------------------------------------------------------------- the stuck flip
def _stuck(**kw):
    """Seat 0, right after Action A, holds nothing that fits K9 (pink, 10, 1) or K10 (pink,
    nothing, 0) under the gold sides."""
    base = dict(
        hands=["A2 A3 A4 A5 A6", None],
        piles=["K9", "K10"],
        phase="discard",
    )
    base.update(kw)
    return position(**base)


def test_flip_is_legal_only_when_stuck_right_after_action_a():
    s = _stuck()
    assert legal(s) == ["end", "flip1", "flip2", "flip3"]
    # not stuck: no flip
    t = _stuck(hands=["A2 A3 A4 A5 K5", None])
    assert "flip1" not in legal(t)
    with pytest.raises(IllegalActionError, match="only if no card"):
        play(t, "flip1")
    # stuck after a play: no flip either ("before you play any cards to the center")
    u = _stuck(hands=["A2 A3 A4 A7 K5", None])
    play(u, "K5>1")  # pink 5 on pink 9; now nothing else fits K5 / K10
    assert legal(u) == ["end"]


def test_flip_flips_the_rule_card_for_everyone_and_play_goes_on():
    s = _stuck()
    play(s, "flip1")  # Same Color -> Same Number
    for seat in (None, P0, P1):
        assert s.observation(seat)["rule_sides"] == [2, 1, 1]
    assert legal(s) == ["end"]  # still nothing (no 9 or 10 in hand)
    s = _stuck()
    play(s, "flip3")  # Total 10 -> Times or Divided by 2: A5 halves K10
    assert legal(s) == ["A5>2", "end"]
    play(s, "A5>2", "end")
    # permanent: still flipped on the next player's turn
    assert s.current_player() == P1
    assert s.observation(P1)["rule_sides"] == [1, 1, 2]
    assert s.stats()["flips"] == [1, 0]


def test_flip_reveals_the_hand_to_the_other_seats_while_held():
    s = _stuck(decks=["Y1 Y2 Y3", None])
    assert s.observation(P1)["revealed"][P0] == []
    play(s, "flip3")
    shown = s.observation(P1)["revealed"][P0]
    assert names(shown) == ["A2", "A3", "A4", "A5", "A6"]
    assert s.observation(None)["revealed"][P0] == shown
    play(s, "A5>2")  # a revealed card leaves the hand: no longer listed
    assert names(s.observation(P1)["revealed"][P0]) == ["A2", "A3", "A4", "A6"]
    play(s, "end")  # draws Y1, Y2: never revealed
    obs = s.observation(P1)
    assert names(obs["revealed"][P0]) == ["A2", "A3", "A4", "A6"]
    assert hand(s, P0) == ["Y1", "Y2", "A2", "A3", "A4", "A6"]
    y1, y2 = s.hands[P0][:2]
    assert y1 not in _flatten(obs) and y2 not in _flatten(obs)


def _flatten(obs) -> list[int]:
    out: list[int] = []
    for key in ("piles", "rows", "revealed"):
        for lst in obs[key]:
            out.extend(lst)
    out.extend(obs["reserve_discard"])
    out.extend(obs.get("hand", []))
    return out


def _flip_then_empty(**options):
    """Stuck with A5 alone: flip3 lets A5 halve K10, which empties the hand; the refill
    (T1 T3 T7 T8 T9 T4) starts a new cycle; T1 goes in the row and T3 T4 T7 T8 T9 fit
    neither K9 nor A5 under Same Color, Plus 1, Times or Divided by 2: stuck again."""
    s = _stuck(hands=["A5", None], decks=["T1 T3 T7 T8 T9 T4 T0", None], options=options)
    play(s, "flip3", "A5>2")
    assert phase(s) == "row" and s.current_player() == P0
    assert s.stats()["repeats"] == [1, 0]
    play(s, "T1")
    return s


def test_flip_once_per_turn():
    s = _flip_then_empty()
    assert legal(s) == ["end"]
    with pytest.raises(IllegalActionError, match="already flipped"):
        play(s, "flip1")


def test_flip_once_per_cycle_with_flip_limit_cycle():
    s = _flip_then_empty(flip_limit="cycle")
    assert legal(s) == ["end", "flip1", "flip2", "flip3"]


def test_flip_is_available_in_a_repeated_cycle_if_not_used_earlier():
    """§ What If I Can't Play: "You may do this ... even if you started Action A again on your
    turn because you ran out of Hand Cards." """
    s = position(
        hands=["K0 G6", None],
        decks=["T0 T2 T3 T5 T6 T8 T9", None],
        piles=["B5", "K9"],
        phase="discard",
    )
    play(s, "G6>1")  # Plus 1 on B5
    play(s, "K0>2")  # Same Color on K9; the hand is empty: refill, Action A again
    play(s, "T0")  # T2 T3 T5 T6 T8 fit neither G6 (green, 7, 4) nor K0 (pink, 1, 10)
    assert legal(s) == ["end", "flip1", "flip2", "flip3"]


# --------------------------------------------------------------------------- the extra card
def test_extra_card_take_and_decline():
    s = position(hands=["R4 K9", None], decks=["Y5 Y6", None], piles=["R6", "B2"], phase="discard")
    play(s, "R4>1")
    assert legal(s) == ["take", "decline"]
    t = s.clone()
    play(s, "take")
    assert hand(s) == ["Y5", "K9"] and deck_top_first(s, P0) == ["Y6"]
    play(t, "decline")
    assert hand(t) == ["K9"] and deck_top_first(t, P0) == ["Y5", "Y6"]


def test_extra_card_option_off():
    s = position(
        hands=["R4 K9", None],
        decks=["Y5 Y6", None],
        piles=["R6", "B2"],
        phase="discard",
        options={"extra_card": False},
    )
    play(s, "R4>1")
    assert phase(s) == "discard" and "take" not in legal(s)
    assert s.stats()["double_matches"] == [1, 0]


# --------------------------------------------------------------------------- illegal actions
def _assert_illegal(s, move, *fragments):
    """``move`` in notation; see :func:`_assert_illegal_id` for raw values."""
    return _assert_illegal_id(s, s.string_to_action(move), *fragments)


def _assert_illegal_id(s, action, *fragments):
    before = s.to_json()
    with pytest.raises(IllegalActionError) as info:
        s.apply_action(action)
    assert isinstance(info.value, ValueError)
    for f in fragments:
        assert f in str(info.value), (str(info.value), f)
    assert s.to_json() == before
    return str(info.value)


def test_illegal_pile_play_names_the_pile_its_top_and_each_rules_need():
    s = position(hands=["R7 B2 G9 K5 O8", None], piles=["A3", "B8"], phase="discard")
    msg = _assert_illegal(s, "B2>1", "B2 cannot go on pile 1 (top A3)")
    assert "Same Color needs gray" in msg
    assert "Plus 1 needs 4" in msg
    assert "Total 10 needs 7" in msg
    msg = _assert_illegal(s, "K5>2", "pile 2", "B8", "Same Color needs blue")
    assert "Plus 1 needs 9" in msg and "Total 10 needs 2" in msg


def test_illegal_pile_play_message_on_side_2():
    s = position(hands=["R7 B2 G9 K5 O8", None], piles=["A3", "B10"], phase="discard", rules="222")
    msg = _assert_illegal(s, "R7>2", "pile 2", "B10")
    assert "Same Number needs a 10" in msg
    assert "Minus 1 needs 9" in msg
    assert "Times or Divided by 2 needs 5" in msg


def test_illegal_row_card_names_the_constraint():
    s = position(hands=["R9 B3 B1 K0 K3 T8", None], rows=["R1 Y5", None])
    _assert_illegal(s, "R9", "higher than 5", "red, yellow")
    _assert_illegal(s, "B1", "higher than 5")
    _assert_illegal(s, "G7", "do not hold")


def test_illegal_moves_out_of_phase():
    s = position(hands=["R9 B3 B1 K0 K3 T8", None], rows=["R1 Y5", None])
    _assert_illegal(s, "R9>1", "first put one card into your row")
    _assert_illegal(s, "end", "first put one card")
    _assert_illegal(s, "take", "extra card")
    _assert_illegal(s, "flip1")
    play(s, "T8")
    _assert_illegal(s, "B3", "already has its card")
    _assert_illegal(s, "score", "only in Action A")


def test_illegal_non_actions_leave_the_state_unchanged():
    s = position(hands=["R1 R9 B3 B1 K0 K3", None])
    assert s.string_to_action("R1") == 1 and s.string_to_action("R9") == 9
    assert {1, 9} <= set(s.legal_actions())
    _assert_illegal_id(s, -1, "not a Warp 99 action id")
    _assert_illegal_id(s, 337, "not a Warp 99 action id")
    _assert_illegal_id(s, "R9", "not a Warp 99 action id")  # notation is not an action id
    _assert_illegal_id(s, 9.0, "not a Warp 99 action id")  # equal to a legal id, not an id
    _assert_illegal_id(s, True, "not a Warp 99 action id")  # True == 1, still not an id
    _assert_illegal_id(s, None, "not a Warp 99 action id")


def test_illegal_after_the_game_is_over():
    s = position(hands=["B6 K7 T2 T3 A0 A1", None], rows=["R1 Y5 G8", None], scores=[95, 1])
    play(s, "score")
    _assert_illegal(s, "B6", "game is over")
    _assert_illegal(s, "end", "game is over")


def test_the_match_table_is_every_configurations_three_rules_added_up() -> None:
    """``MATCH`` (built from each rule side once) against its definition: for each rule
    configuration, top card and card, how many of the three active rules the play satisfies."""
    from ninetynine.games.warp99.cards import NUM_CARDS
    from ninetynine.games.warp99.rules import MATCH, NUM_CONFIGS, _rule_matches, side_of

    assert len(MATCH) == NUM_CONFIGS * NUM_CARDS
    for config in range(NUM_CONFIGS):
        sides = [side_of(config, i) for i in range(3)]
        for top in range(NUM_CARDS):
            expected = [
                sum(_rule_matches(i, sides[i], top, c) for i in range(3)) for c in range(NUM_CARDS)
            ]
            assert list(MATCH[config * NUM_CARDS + top]) == expected, (config, top)
