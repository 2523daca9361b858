"""One test (or a few) per rules decision D1-D28 in ``docs/rules/tripwire.md``.

Test names start with ``test_d<N>_`` so that ``pytest -k d18`` finds a decision's tests.
"""

from __future__ import annotations

import pytest

import ninetynine
from helpers import random_playout
from ninetynine import GameOptionError, IllegalActionError, NotationError
from ninetynine.core.rng import Rng
from ninetynine.games.tripwire import actions as A
from ninetynine.games.tripwire import turn
from ninetynine.games.tripwire.cards import (
    MINUS,
    NULL,
    PLUS,
    STANDARD_COUNTS,
    STASIS,
    VECTOR,
    VOLT,
    deck_counts,
    parse_deck,
)

from .positions import cards, check_conservation, legal, play, position


def tripwire(n: int = 4, **options):
    return ninetynine.load_game("tripwire", num_players=n, **options)


#: The old default (version 2): a turn's units stack into one wave when it ends (D17). The wave
#: protocol tests that need a wave of several units from several cards use it.
TURN = {"penalty_timing": "turn"}


def pub(s):
    return s.observation(None)


def dock(s, d):
    x = pub(s)["docks"][d - 1]
    return x["color"], x["value"]


def moves_with(s, prefix: str) -> list[str]:
    return [m for m in legal(s) if m.startswith(prefix)]


# --------------------------------------------------------------------------- D1 components
def test_d1_the_deck_is_62_cards_and_three_sector_markers():
    c = STANDARD_COUNTS
    assert sum(c[:30]) == 30 and all(x == 1 for x in c[:30])  # Teal, Purple, Orange 1-10
    assert sum(c[30:38]) == 8  # Grey 2-9
    assert c[VECTOR] == c[VOLT] == c[STASIS] == 3  # 9 wilds
    assert c[PLUS] == c[MINUS] == c[NULL] == 5  # 23 neutrals with the Greys
    assert sum(c[30:38]) + c[PLUS] + c[MINUS] + c[NULL] == 23
    assert sum(c) == 62
    s = tripwire(4).new_initial_state(1)
    assert s.components() == 65


def test_d1_the_deck_option_sets_the_multi_copy_kinds():
    g = tripwire(4, deck="null=7, plus=4,minus=4")
    assert g.options["deck"] == "Plus=4,Minus=4,Null=7"
    assert g.counts[NULL] == 7 and g.counts[PLUS] == 4 and sum(g.counts) == 62
    assert tripwire(2, deck="Null=5").options["deck"] == "standard"
    assert deck_counts(parse_deck("vec=0"))[VECTOR] == 0
    s = g.new_initial_state(3)
    assert s.observation(None)["deck"] == list(g.counts)
    check_conservation(random_playout(s, 1))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("T7=2", "single card"),
        ("null=16", "0 to 15"),
        ("joker=2", "not a Tripwire card"),
        ("null", "kind=count"),
    ],
)
def test_d1_bad_deck_options_are_refused(value, message):
    with pytest.raises(GameOptionError, match=message):
        tripwire(2, deck=value)


def test_d1_the_deck_must_deal_seven_cards_to_everyone():
    small = "vec=0,volt=0,stasis=0,plus=0,minus=0,null=0"  # 38 cards
    assert tripwire(5, deck=small).num_players == 5
    with pytest.raises(GameOptionError, match="cannot deal 7"):
        tripwire(6, deck=small)


# --------------------------------------------------------------------------- D2 setup
def test_d2_seven_cards_each_seat_zero_begins_play_goes_to_increasing_seats():
    g = tripwire(5)
    s = g.new_initial_state(8)
    assert pub(s)["hand_sizes"] == [7] * 5 and pub(s)["draw_size"] == 62 - 35
    assert s.current_player() == 0
    s = position(5, hands=["T5 G2", "P5 G9", "O5 G3", "G4 G7", "T9"])
    order = []
    for move in ["T5>1", "end", "P5>2", "end", "O5>3", "end", "G4>1", "end", "draw"]:
        if pub(s)["this_turn"]["played"] == 0:
            order.append(s.current_player())
        play(s, move)
    assert order == [0, 1, 2, 3, 4] and s.current_player() == 0
    with pytest.raises(GameOptionError):
        tripwire(7)
    with pytest.raises(GameOptionError):
        tripwire(1)


# --------------------------------------------------------------------------- D3 docks
def test_d3_a_docks_value_is_shown_apart_from_its_top_card_and_stays_2_to_9():
    s = position(2, hands=["Plus G8", None], docks=["T4 T5", "", ""])
    play(s, "Plus>1")
    d = pub(s)["docks"][0]
    assert d["stack"][-1] == PLUS and (d["color"], d["value"]) == (0, 6)
    for n in (2, 4, 6):
        g = tripwire(n)
        st = g.new_initial_state(n)
        rng = Rng(n)
        while not st.is_terminal():
            for x in pub(st)["docks"]:
                assert x["value"] == 0 or 2 <= x["value"] <= 9
                assert (x["value"] == 0) == (not x["stack"])
            la = st.legal_actions()
            st.apply_action(la[rng.randbelow(len(la))])


# --------------------------------------------------------------------------- D4 priming
def test_d4_an_empty_dock_takes_a_standard_2_to_9_of_its_markers_colour():
    s = position(2, hands=["T5 T1 T10 P5 O5 P1 G5 Vec Volt Stasis Plus Minus", None])
    assert legal(s) == ["T5>1", "P5>2", "O5>3"]
    with pytest.raises(IllegalActionError, match="Dock Priming takes a Teal 2-9"):
        s.apply_action(s.string_to_action("P5>1"))
    with pytest.raises(IllegalActionError, match="resets a stack"):
        s.apply_action(s.string_to_action("T1>1"))
    with pytest.raises(IllegalActionError, match="Dock Priming takes a standard 2-9"):
        s.apply_action(s.string_to_action("Vec5>1"))


def test_d4_option_priming_any_takes_any_standard_2_to_9():
    s = position(2, options={"priming": "any"}, hands=["P5 T1", None])
    assert legal(s) == ["P5>1", "P5>2", "P5>3"]
    play(s, "P5>1")
    assert dock(s, 1) == (1, 5)


def test_d4_a_reset_dock_is_primed_again_by_its_marker():
    s = position(2, hands=["P10 O3 T4", None], docks=["", "", "O8 P8 P9"])
    assert dock(s, 3) == (1, 9)  # hijacked to Purple
    play(s, "P10>3")
    assert dock(s, 3) == (2, 0)  # empty, Orange again


# --------------------------------------------------------------------------- D5 standard
def test_d5_standard_play_and_the_reset_cards():
    s = position(3, hands=["T6 T4 T8", None, None], docks=["T5", "", ""])
    assert moves_with(s, "T") == ["T4>1", "T6>1"]
    s = position(3, hands=["T1 T10", None, None], docks=["T3 T2", "", ""])
    assert moves_with(s, "T") == ["T1>1"]  # no 10 on a 2: the values do not wrap


# --------------------------------------------------------------------------- D6 number match
def test_d6_number_match_any_colour_even_its_own_after_a_modifier():
    s = position(2, hands=["T6 O6", None], docks=["T4 T5 Plus", "", ""])
    assert dock(s, 1) == (0, 6)
    assert {"T6>1", "O6>1"} <= set(legal(s))
    play(s, "T6>1")
    assert dock(s, 1) == (0, 6)
    s = position(2, hands=["G5", None], docks=["T5", "", ""])
    assert legal(s) == ["draw"]  # a Grey never matches a number


def test_d6_only_a_colour_change_is_a_hijack():
    s = position(2, hands=["T6 O6 P2", None], docks=["T4 T5 Plus", "", ""])
    play(s, "T6>1")  # same colour: a Number Match, not a hijack
    ev = pub(s)["events"][0]
    assert ev["effect"] == "match" and dock(s, 1) == (0, 6)
    assert s.stats()["hijacks"] == [0, 0]
    g = s.game
    lines = g.describe_events({}, pub(s), [0, 0], [0, 0], 0, ["A", "B"])
    assert not any("hijack" in x for x in lines)
    s = position(2, hands=["T6 O6 P2", None], docks=["T4 T5 Plus", "", ""])
    play(s, "O6>1")  # another colour: the dock turns Orange
    assert pub(s)["events"][0]["effect"] == "number" and dock(s, 1) == (2, 6)
    assert s.stats()["hijacks"] == [1, 0]
    lines = g.describe_events({}, pub(s), [0, 0], [0, 0], 0, ["A", "B"])
    assert lines == ["A hijacks dock 1 with Orange 6 (Number Match)"]


# --------------------------------------------------------------------------- D7 vector
def test_d7_vector_edges_colour_and_notation():
    s = position(2, hands=["Vec Vec", None], docks=["T8 T9", "P3 P2", ""])
    assert legal(s) == ["Vec8>1", "Vec3>2"]
    play(s, "Vec8>1")
    assert dock(s, 1) == (0, 8)
    with pytest.raises(NotationError, match="say the number"):
        s.string_to_action("Vec>2")


# --------------------------------------------------------------------------- D8 volt
def test_d8_volt_only_on_a_2_or_a_9_whatever_the_colour():
    s = position(2, hands=["Volt", None], docks=["T3 T2 O2", "P8", "O8 O9"])
    assert dock(s, 1) == (2, 2)
    assert legal(s) == ["Volt>1", "Volt>3"]
    with pytest.raises(IllegalActionError, match="on a 2 or a 9"):
        s.apply_action(s.string_to_action("Volt>2"))


# --------------------------------------------------------------------------- D9 stasis
def test_d9_stasis_literal_and_sequence():
    docks = ["T3", "P4", "O6"]
    s = position(2, hands=["Stasis", None], docks=docks)
    assert legal(s) == ["Stasis>1", "Stasis>2", "Stasis>3"]
    s = position(2, options={"stasis": "sequence"}, hands=["Stasis", None], docks=docks)
    assert legal(s) == ["Stasis>2", "Stasis>3"]
    with pytest.raises(IllegalActionError, match="on a 4 or 6"):
        s.apply_action(s.string_to_action("Stasis>1"))
    s = position(2, hands=["Stasis", None], docks=["T5", "P7", ""])
    assert legal(s) == ["draw"]  # not on a 5, not on a 7


# --------------------------------------------------------------------------- D10 grey
def test_d10_grey_follows_the_sequence_on_any_colour_and_keeps_it():
    s = position(2, hands=["G6 G4 G5", None], docks=["T5", "P4 P5 O5", ""])
    assert legal(s) == ["G4>1", "G6>1", "G4>2", "G6>2"]
    play(s, "G6>2")
    assert dock(s, 2) == (2, 6)  # still Orange


# --------------------------------------------------------------------------- D11 modifiers
def test_d11_modifiers_keep_the_value_in_2_to_9():
    s = position(2, hands=["Plus Minus", None], docks=["T8 T9", "P3 P2", "O5"])
    assert legal(s) == ["Minus>1", "Plus>2", "Plus>3", "Minus>3"]
    with pytest.raises(IllegalActionError, match="no \\[\\+\\] on a 9"):
        s.apply_action(s.string_to_action("Plus>1"))


# --------------------------------------------------------------------------- D12 chain
def test_d12_all_neutrals_of_a_turn_go_on_one_dock_and_a_new_turn_starts_a_new_chain():
    s = position(2, hands=["G6 G3 Plus T1", "P9"], docks=["T3 T2", "P4", "O5"])
    play(s, "G6>3")
    assert pub(s)["this_turn"]["neutral_dock"] == 3
    assert "G3>2" not in legal(s) and "Plus>2" not in legal(s) and "Plus>3" in legal(s)
    play(s, "T1>1", "end")  # a Defuse: a bonus turn
    assert pub(s)["bonus_turn"] and "G3>2" in legal(s) and "Plus>2" in legal(s)


# --------------------------------------------------------------------------- D13 the turn
def test_d13_a_player_who_can_play_must_play_one_card_then_may_end():
    s = position(2, hands=["T6 T7", None], docks=["T5", "", ""])
    with pytest.raises(IllegalActionError, match="you have a valid play"):
        s.apply_action(A.DRAW)
    with pytest.raises(IllegalActionError, match="play at least one card first"):
        s.apply_action(A.END)
    play(s, "T6>1")
    assert legal(s) == ["end"]  # T7 would fit, but dock 1 took its card this turn


def test_d13_one_standard_card_or_wild_per_dock_a_turn():
    s = position(2, hands=["T6 T7 Vec Plus", None], docks=["T5", "", ""])
    play(s, "T6>1")
    assert "T7>1" not in legal(s) and not moves_with(s, "Vec")
    assert "Plus>1" in legal(s)  # neutrals chain
    with pytest.raises(IllegalActionError, match="already took a card this turn"):
        s.apply_action(s.string_to_action("Vec7>1"))
    s = position(2, options={"per_dock": "any"}, hands=["T6 T7 Vec", None], docks=["T5", "", ""])
    play(s, "T6>1", "T7>1", "Vec8>1")
    assert dock(s, 1) == (0, 8)


def test_d13_option_stop_early_false_plays_on_while_a_play_is_valid():
    s = position(2, options={"stop_early": False}, hands=["T6 P5 G9", None], docks=["T5", "", ""])
    play(s, "T6>1")
    assert "end" not in legal(s)
    play(s, "P5>2")
    assert legal(s) == ["end"]  # the G9 fits nowhere


# --------------------------------------------------------------------------- D14 bonus
def test_d14_one_bonus_turn_however_many_defuses():
    s = position(3, hands=["T1 P1 O5 G2", None, None], docks=["T3 T2", "P3 P2", ""])
    play(s, "T1>1", "P1>2", "end")
    assert s.current_player() == 0 and pub(s)["bonus_turn"]
    play(s, "O5>3", "end")
    assert s.current_player() == 1 and not pub(s)["bonus_turn"]


def test_d14_a_bonus_turn_without_a_play_draws_exactly_one_card():
    # "2. If No Plays: Draw exactly 1 card. Turn ends." (§ 04): a bonus turn is a turn
    s = position(3, hands=["T1 G9", None, None], docks=["T3 T2", "", ""], draw="T5 O7")
    draw = pub(s)["draw_size"]
    play(s, "T1>1", "end")
    assert s.current_player() == 0 and pub(s)["bonus_turn"] and legal(s) == ["draw"]
    play(s, "draw")
    assert s.current_player() == 1 and s.observation(0)["hand"] == cards("T5 G9")
    assert pub(s)["draw_size"] == draw - 1 and s.stats()["turns_taken"][0] == 2


def test_d14_option_bonus_no_play_lose_loses_it_without_drawing():
    o = {"bonus_no_play": "lose"}
    s = position(3, options=o, hands=["T1 G9", None, None], docks=["T3 T2", "", ""])
    draw = pub(s)["draw_size"]
    play(s, "T1>1", "end")
    assert s.current_player() == 1
    assert pub(s)["draw_size"] == draw and pub(s)["hand_sizes"][0] == 1
    assert {"type": "bonus_lost", "seat": 0} in pub(s)["events"]


def test_d14_any_valid_volt_earns_the_bonus_turn_unless_volt_bonus_defuse():
    # "If you played a DEFUSE (1) or valid Volt": a Volt as a 10 is a Tripwire and a bonus
    docks = ["", "", "O8 O9"]
    s = position(3, hands=["Volt O5", "P5", None], docks=docks)
    play(s, "Volt>3")
    assert pub(s)["this_turn"]["bonus"] and pub(s)["this_turn"]["units"] == 1
    play(s, "take", "end")  # the wave at once (D17), the bonus turn after the end
    assert s.current_player() == 0 and pub(s)["bonus_turn"]
    s = position(3, options={"volt_bonus": "defuse"}, hands=["Volt O5", "P5", None], docks=docks)
    play(s, "Volt>3")
    assert not pub(s)["this_turn"]["bonus"] and pub(s)["this_turn"]["units"] == 1
    # a 10 that is not a Volt earns no bonus under either option
    s = position(3, hands=["O10 O5", "P5", None], docks=docks)
    play(s, "O10>3")
    assert not pub(s)["this_turn"]["bonus"]


def test_d14_a_volt_as_a_one_is_a_defuse_under_both_options():
    for vb in ("always", "defuse"):
        s = position(
            3, options={"volt_bonus": vb}, hands=["Volt O5", None, None], docks=["T3 T2", "", ""]
        )
        play(s, "Volt>1")
        assert pub(s)["this_turn"]["bonus"] and s.stats()["defuses"][0] == 1


def test_d14_an_owed_skip_consumes_the_bonus_turn():
    s = position(3, hands=["T1 O5", None, None], docks=["T3 T2", "", ""], skips=[0, 0, 0])
    s.skips[0] = 1
    play(s, "T1>1", "end")
    assert s.current_player() == 1
    assert {"type": "skip", "seat": 0, "bonus": True} in pub(s)["events"]


# --------------------------------------------------------------------------- D15 order
def test_d15_a_wave_leaves_in_the_middle_of_the_turn_and_the_turn_goes_on():
    s = position(3, hands=["T1 Stasis O5", "Null T9", "G2"], docks=["T3 T2", "P4", ""])
    play(s, "T1>1", "Stasis>2")
    assert pub(s)["phase"] == "wave" and s.current_player() == 1
    play(s, "null")
    assert s.current_player() == 0 and not pub(s)["bonus_turn"] and "O5>3" in legal(s)
    play(s, "end")
    assert s.current_player() == 0 and pub(s)["bonus_turn"]


def test_d15_with_penalty_timing_turn_the_wave_comes_after_end_before_the_bonus_turn():
    s = position(
        3, options=TURN, hands=["T1 Stasis O5", "Null T9", "G2"], docks=["T3 T2", "P4", ""]
    )
    play(s, "T1>1", "Stasis>2", "end")
    assert pub(s)["phase"] == "wave" and s.current_player() == 1
    play(s, "null")
    assert s.current_player() == 0 and pub(s)["bonus_turn"]


# --------------------------------------------------------------------------- D16 tripwire
def test_d16_a_tripwire_is_one_penalty_unit_and_a_null_stops_it():
    s = position(3, hands=["P10 O5", "Null T9", None], docks=["", "P8 P9", ""])
    play(s, "P10>2")
    assert pub(s)["side_pile"][-3:] == [17, 18, 19]  # P8 P9 P10
    play(s, "null", "end")
    assert s.current_player() == 1 and pub(s)["skips"] == [0, 0, 0]


# --------------------------------------------------------------------------- D17 the wave
def test_d17_option_penalty_timing_turn_stacks_a_turns_units_and_sends_them_at_its_end():
    s = position(
        4, options=TURN, hands=["Stasis O10 G2", None, None, None], docks=["T4", "", "O8 O9"]
    )
    play(s, "Stasis>1")
    assert pub(s)["phase"] == "play" and pub(s)["wave"] is None  # nothing resolves yet
    play(s, "O10>3", "end")
    w = pub(s)["wave"]
    assert (w["units"], w["remaining"], w["target"]) == (2, 2, 1)
    assert s.stats()["penalties_dealt"] == [2, 0, 0, 0]


def test_d17_each_cards_units_leave_at_once_and_the_turn_goes_on():
    # "4. Penalty Interrupt: Resolve penalties immediately." (§ 04)
    hands = ["Stasis O10 G2", "P2", "P3", "P4"]
    s = position(4, hands=hands, docks=["T4", "", "O8 O9"], draw="G4 G5 G6")
    play(s, "Stasis>1")
    w = pub(s)["wave"]
    assert pub(s)["phase"] == "wave" and (w["units"], w["target"]) == (1, 1)
    play(s, "take")
    # the wave is over: the initiator's turn goes on where it stopped
    assert s.current_player() == 0 and pub(s)["phase"] == "play"
    assert pub(s)["this_turn"]["played"] == 1 and "end" in legal(s)
    play(s, "O10>3")
    assert pub(s)["wave"]["units"] == 1 and s.current_player() == 1
    play(s, "take", "end")  # seat 1 was hit twice: two skips; seat 2 plays
    assert s.current_player() == 2 and pub(s)["skips"][1] == 1
    assert s.stats()["waves"] == 2 and s.stats()["penalties_dealt"] == [2, 0, 0, 0]


def test_d17_the_units_of_one_card_stack_into_one_wave():
    # a Tripwire that completes a Triple Play: 2 units from one card, one wave
    hands = ["T6 P6 O10 G2", "P2", "P3", "P4"]
    s = position(4, hands=hands, docks=["T5", "P5", "O8 O9"])
    play(s, "T6>1", "P6>2", "O10>3")
    assert pub(s)["wave"]["units"] == 2


# --------------------------------------------------------------------------- D18 protocol
def test_d18_a_target_holding_a_null_must_play_it():
    # "Take Hit: If you cannot Null, you Draw 1 + Skip."
    s = position(3, hands=["Stasis G2", "Null T9", "Null"], docks=["T4", "", ""])
    play(s, "Stasis>1")
    assert legal(s) == ["null"]
    with pytest.raises(IllegalActionError, match="you hold a Null, so you must play it"):
        s.apply_action(A.TAKE)
    play(s, "null")
    assert pub(s)["wave"] is None and NULL not in s.observation(1)["hand"]


def test_d18_option_must_null_false_lets_a_target_take_the_hit_and_keep_the_null():
    o = {"must_null": False}
    s = position(3, options=o, hands=["Stasis G2", "Null T9", "Null"], docks=["T4", "", ""])
    play(s, "Stasis>1")
    assert legal(s) == ["null", "take"]
    play(s, "take")
    assert pub(s)["wave"] is None and NULL in s.observation(1)["hand"]


def test_d18_a_forced_answer_reveals_nothing_by_its_choices():
    # with or without a Null the target has exactly one legal answer (must_null=true)
    for hand in ("Null T9", "T9 P9"):
        s = position(3, hands=["Stasis G2", hand, None], docks=["T4", "", ""])
        play(s, "Stasis>1")
        assert len(s.legal_actions()) == 1


def test_d18_one_null_per_target_the_rest_passes_on():
    s = position(
        3, options=TURN, hands=["Stasis O10 G2", "Null Null T9", "P2"], docks=["T4", "", "O8 O9"]
    )
    play(s, "Stasis>1", "O10>3", "end", "null")
    assert s.current_player() == 2 and pub(s)["wave"]["remaining"] == 1
    assert s.observation(1)["hand"].count(NULL) == 1


def test_d18_chain_deflect_passes_the_whole_wave_and_a_hit_takes_it_all():
    o = {"chain": "deflect", **TURN}
    s = position(
        4, options=o, hands=["Stasis O10 G2", "Null T9", "P2 P3", "G3"], docks=["T4", "", "O8 O9"]
    )
    play(s, "Stasis>1", "O10>3", "end", "null")
    assert s.current_player() == 2 and pub(s)["wave"]["remaining"] == 2
    play(s, "take")
    assert pub(s)["hand_sizes"][2] == 4
    assert pub(s)["wave"] is None and s.stats()["hits_taken"] == [0, 0, 2, 0]


def test_d18_a_null_is_never_played_on_a_dock():
    s = position(2, hands=["Null T6", None], docks=["T5", "", ""])
    assert "null" not in legal(s)
    with pytest.raises(NotationError, match="never played on a dock"):
        s.string_to_action("Null>1")
    with pytest.raises(IllegalActionError, match="no Attack Wave targets you"):
        s.apply_action(A.NULL_ACTION)


# --------------------------------------------------------------------------- D19 skips
def test_d19_skips_accumulate_and_a_skipped_player_may_still_null():
    s = position(
        2, options=TURN, hands=["Stasis O10 Vec G2", "Null T9 P2"], docks=["T4", "", "O8 O9"]
    )
    s.skips[1] = 1
    play(s, "Stasis>1", "O10>3", "end")  # 2 units: seat 1 (1), then the wall (seat 0)
    assert legal(s) == ["null"]
    play(s, "null", "take")
    assert s.stats()["turns_skipped"] == [1, 1]
    assert s.current_player() == 1 and pub(s)["skips"] == [0, 0]


# --------------------------------------------------------------------------- D20 triple
def test_d20_triple_play_once_a_turn_only_if_all_docks_were_filled_at_its_start():
    s = position(3, options=TURN, hands=["T6 P6 O6 G7 Plus", None, None], docks=["T5", "P5", "O5"])
    play(s, "T6>1", "P6>2", "O6>3", "G7>3", "Plus>3")
    assert pub(s)["this_turn"]["units"] == 1 and s.stats()["triple_plays"][0] == 1
    s = position(3, hands=["T6 P6 O6", None, None], docks=["T5", "P5", ""])
    play(s, "T6>1", "P6>2", "O6>3" if "O6>3" in legal(s) else "end")
    assert pub(s)["this_turn"]["units"] == 0


def test_d20_a_reset_counts_as_a_card_on_its_dock():
    s = position(3, hands=["T1 P6 O6 G2", None, None], docks=["T3 T2", "P5", "O5"])
    play(s, "T1>1", "P6>2", "O6>3")
    assert pub(s)["this_turn"]["triple"] and pub(s)["this_turn"]["units"] == 1


# --------------------------------------------------------------------------- D21 wall
def test_d21_the_wave_goes_round_once_and_stops_at_its_initiator():
    hands = ["Stasis O10 P10 G2 G3", "P2", "P3"]
    docks = ["T4", "P8 P9", "O8 O9"]
    s = position(3, options=TURN, hands=hands, docks=docks)
    # a Stasis, two Tripwires and the Triple Play: 4 units for 2 other players
    play(s, "Stasis>1", "O10>3", "P10>2", "end", "take", "take")
    assert s.current_player() == 0 and legal(s) == ["take"]
    play(s, "take")
    st = s.stats()
    assert st["wall_hits"] == [2, 0, 0] and st["hits_taken"] == [0, 1, 1]
    assert st["penalties_dealt"] == [4, 0, 0] and pub(s)["wave"] is None


def test_d21_every_returning_unit_or_one_with_wall_one():
    hands = ["Stasis Stasis O10 G2 G3", "P2 P3"]
    docks = ["T4", "P6", "O8 O9"]
    s = position(2, options=TURN, hands=hands, docks=docks)
    # two Stasis, a Tripwire, the Triple Play: 4 units; 1 to seat 1, 3 come back
    play(s, "Stasis>1", "Stasis>2", "O10>3", "end", "take")
    before = pub(s)["hand_sizes"][0]
    play(s, "take")
    assert pub(s)["hand_sizes"][0] == before + 3 and s.stats()["wall_hits"] == [3, 0]
    assert s.stats()["turns_skipped"] == [1, 1] and pub(s)["skips"] == [2, 0]  # 2 still owed
    s = position(2, options={"wall": "one", **TURN}, hands=hands, docks=docks)
    play(s, "Stasis>1", "Stasis>2", "O10>3", "end", "take")
    before = pub(s)["hand_sizes"][0]
    play(s, "take")
    assert pub(s)["hand_sizes"][0] == before + 1
    assert s.stats()["wall_hits"] == [1, 0] and s.stats()["units_stopped"] == 2
    assert {"type": "stopped", "units": 2} in pub(s)["events"]


# --------------------------------------------------------------------------- D22 piles
def test_d22_reshuffle_only_when_a_draw_needs_it_and_nothing_when_both_are_empty():
    s = position(2, hands=["G9", "O2 O3"], docks=["T5", "P3", "O5"], rest="side")
    assert pub(s)["draw_size"] == 0 and pub(s)["reshuffles"] == 0
    play(s, "draw")
    assert pub(s)["reshuffles"] == 1
    s = position(2, hands=["G9", "O2 O3"], docks=["T5", "P3", "O5"], draw="T1")
    play(s, "draw")
    assert pub(s)["reshuffles"] == 0  # the draw pile still had cards


def test_d22_a_hit_with_both_piles_empty_draws_nothing_but_skips():
    s = position(2, hands=["Stasis G2", "P2"], docks=["T4", "", ""])
    # move every pile card into seat 1's hand (it holds no Null: sorted out first)
    pile = s.draw + s.side
    nulls = [k for k in pile if k == NULL]
    s.hands[0].extend(nulls)
    s.hands[1].extend(k for k in pile if k != NULL)
    s.hands[0].sort()
    s.hands[1].sort()
    s.draw, s.side = [], []
    s._legal = None
    check_conservation(s)
    play(s, "Stasis>1")
    size = pub(s)["hand_sizes"][1]
    play(s, "take", "end")
    assert pub(s)["hand_sizes"][1] == size and s.stats()["turns_skipped"][1] == 1


# --------------------------------------------------------------------------- D23 clear
def test_d23_a_null_that_is_the_last_card_wins_mid_wave():
    # a Tripwire completing a Triple Play: one wave of 2 units; seat 1's last card is a Null
    s = position(3, hands=["T6 P6 O10 G2", "Null", "P2"], docks=["T5", "P5", "O8 O9"])
    play(s, "T6>1", "P6>2", "O10>3", "null")
    assert s.is_terminal() and s.winner() == 1 and pub(s)["ended_by"] == "clear"
    assert pub(s)["last_wave"]["remaining"] == 1  # the rest of the wave is dropped
    assert s.stats()["units_dropped"] == 1  # and counted
    s = position(3, options=TURN, hands=["Stasis O10 G2", "Null", "P2"], docks=["T4", "", "O8 O9"])
    play(s, "Stasis>1", "O10>3", "end", "null")
    assert s.is_terminal() and s.winner() == 1 and s.stats()["units_dropped"] == 1


def test_d23_a_win_with_the_last_card_ends_the_game_before_the_turns_penalties():
    # the last card is a Tripwire: its unit (and, penalty_timing=turn, the Stasis' before it)
    # never travel
    s = position(3, options=TURN, hands=["Stasis O10", "P2", "P3"], docks=["T4", "", "O8 O9"])
    play(s, "Stasis>1", "O10>3")
    assert s.is_terminal() and s.winner() == 0 and pub(s)["ended_by"] == "clear"
    st = s.stats()
    assert st["penalties_dealt"] == [2, 0, 0] and st["units_dropped"] == 2
    assert {"type": "clear", "seat": 0, "dropped": 2} in pub(s)["events"]
    lines = s.game.describe_events({}, pub(s), [0] * 3, [0] * 3, 0, ["A", "B", "C"])
    assert lines[-1] == "the game ends at once: 2 units of penalty never travel"
    # by default (penalty_timing=immediate) the Stasis' unit left at once, the last one drops
    s = position(3, hands=["Stasis O10", "P2", "P3"], docks=["T4", "", "O8 O9"])
    play(s, "Stasis>1", "take", "O10>3")
    assert s.is_terminal() and s.stats()["units_dropped"] == 1
    assert s.stats()["hits_taken"] == [0, 1, 0]


# --------------------------------------------------------------------------- D24 blocked
def frozen(hands: list[list[int]]):
    """A 2-player position where nothing can change: the docks at 5, both piles empty, the
    hands only 1s, 10s and Nulls; every other card on the docks."""
    g = tripwire(2)
    s = g.new_initial_state(0)
    s.hands = [sorted(h) for h in hands]
    s.colors, s.values = [0, 1, 2], [5, 5, 5]
    rest = [k for k in range(44) for _ in range(g.counts[k])]
    for h in hands:
        for k in h:
            rest.remove(k)
    s.docks = [rest[:20], rest[20:40], rest[40:]]
    s.draw, s.side = [], []
    s._legal = None
    check_conservation(s)
    turn.begin_turn(s, 0, False)
    return s


def test_d24_blocked_game_fewest_cards_wins():
    s = frozen([[0, 9], [10, 19, 20, 29, 43]])
    assert s.is_terminal() and pub(s)["ended_by"] == "blocked"
    assert s.winner() == 0 and s.returns() == [1.0, -1.0]
    assert {"type": "blocked", "winner": 0} in pub(s)["events"]


def test_d24_a_blocked_tie_is_a_draw():
    s = frozen([[0, 9, 10, 19], [20, 29, 43, 43]])
    assert not s.has_play(0) and not s.has_play(1)
    assert s.is_terminal() and pub(s)["ended_by"] == "blocked" and s.winner() is None
    assert s.returns() == [0.0, 0.0]


def test_d24_not_blocked_while_a_pile_has_cards():
    s = frozen([[0, 9], [10, 19, 20, 29, 43]])
    s2 = tripwire(2).new_initial_state(0)
    assert not s2.is_terminal()
    assert s.is_terminal()


# --------------------------------------------------------------------------- D25 the end
def test_d25_safety_stop_and_the_bound_on_actions():
    # with penalties at the end of the turn (version 2's reading): one standard card or wild a
    # dock (3) + a Neutral Chain of every Grey, [+] and [-] (18)
    g = tripwire(3, max_turns=5, penalty_timing="turn")
    assert g.max_game_length == 5 * (3 + 18 + 1 + 3)
    assert tripwire(3, max_turns=5, per_dock="any").max_game_length == 5 * (62 + 1 + 3)
    # immediate penalties (the default since version 3): a wave in mid-turn can hand cards back,
    # so the bound counts a play per card of the deck
    g = tripwire(3, max_turns=5)
    assert g.max_game_length == 5 * (62 + 1 + 3)
    s = random_playout(g.new_initial_state(4), 4)
    assert s.is_terminal() and len(s.history()) <= g.max_game_length
    if pub(s)["ended_by"] == "turn_limit":
        sizes = pub(s)["hand_sizes"]
        low = min(sizes)
        assert s.winner() == (sizes.index(low) if sizes.count(low) == 1 else None)
    for n in range(2, 7):
        g = tripwire(n)
        for seed in range(5):
            s = random_playout(g.new_initial_state(seed), seed)
            assert len(s.history()) <= g.max_game_length and s.turn <= g.max_turns


def test_d25_the_turn_limit_ends_the_game_with_the_fewest_cards_winning():
    g = tripwire(2, max_turns=3)
    s = g.new_initial_state(11)
    random_playout(s, 2)
    assert s.is_terminal()
    if pub(s)["ended_by"] == "turn_limit":
        assert s.turn == 3
        assert {"type": "turn_limit", "winner": pub(s)["winner"]} in pub(s)["events"]


# --------------------------------------------------------------------------- D26 views
def test_d26_observations_hide_other_hands_and_resample_keeps_what_a_seat_knows():
    g = tripwire(4)
    s = g.new_initial_state(21)
    rng = Rng(2)
    for _ in range(15):
        la = s.legal_actions()
        s.apply_action(la[rng.randbelow(len(la))])
    o1 = s.observation(1)
    assert o1["hand"] == s.hands[1] and "hand" not in pub(s)
    assert set(o1) - set(pub(s)) == {"hand"}  # the seat's own hand is all it adds
    for key in ("draw", "hands", "rng", "seed"):
        assert key not in o1
    r = s.resample(1, 5)
    assert r.observation(1) == o1
    assert r.hands[1] == s.hands[1] and r.docks == s.docks and r.side == s.side
    hidden = sorted(s.draw + [k for i in (0, 2, 3) for k in s.hands[i]])
    assert sorted(r.draw + [k for i in (0, 2, 3) for k in r.hands[i]]) == hidden
    assert [len(h) for h in r.hands] == [len(h) for h in s.hands]
    assert r.seed != s.seed
    with pytest.raises(ValueError):
        s.resample(4, 1)


# --------------------------------------------------------------------------- D27 stats
def test_d27_scores_are_minus_the_cards_in_hand_and_stats_add_up():
    g = tripwire(4)
    s = random_playout(g.new_initial_state(5), 5)
    assert s.scores() == [-float(len(h)) for h in s.hands]
    st = s.stats()
    for key in (
        "cards_shed",
        "turns_taken",
        "shed_per_turn",
        "cards_drawn",
        "penalties_dealt",
        "penalties_deflected",
        "hits_taken",
        "wall_hits",
        "turns_skipped",
        "tripwires",
        "defuses",
        "triple_plays",
        "hijacks",
        "cards_left",
    ):
        assert len(st[key]) == 4, key
    assert st["turns"] == s.turn and st["actions"] == len(s.history())
    assert st["ended_by"] in ("clear", "blocked", "turn_limit")
    dealt = sum(st["penalties_dealt"])
    settled = sum(st["penalties_deflected"]) + sum(st["hits_taken"]) + sum(st["wall_hits"])
    assert dealt == settled + st["units_stopped"] + st["units_dropped"]
    assert sum(st["cards_shed"]) == 7 * 4 + sum(st["cards_drawn"]) - sum(st["cards_left"])


# --------------------------------------------------------------------------- D28 notation
def test_d28_every_action_id_round_trips_and_the_layout_is_stable():
    for a in range(A.NUM_ACTIONS):
        text = A.action_to_string(a)
        assert " " not in text and A.string_to_action(text) == a
    assert A.action_to_string(0) == "T1>1" and A.action_to_string(49) == "Minus>1"
    assert A.action_to_string(50 + 29) == "O10>2" and A.action_to_string(100 + 46) == "Volt>3"
    assert [A.action_to_string(a) for a in range(150, 154)] == ["null", "take", "draw", "end"]
    assert tripwire(2).num_distinct_actions == 154


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("teal 7 on 1", "T7>1"),
        ("P10 > 2", "P10>2"),
        ("orange1@3", "O1>3"),
        ("grey 5 > 2", "G5>2"),
        ("gray5>2", "G5>2"),
        ("vector 6 > 3", "Vec6>3"),
        ("v2>1", "Vec2>1"),
        ("[+]>2", "Plus>2"),
        ("+>2", "Plus>2"),
        ("[-]>1", "Minus>1"),
        ("stasis on 2", "Stasis>2"),
        ("VOLT>3", "Volt>3"),
        ("hit", "take"),
        ("pass", "end"),
        ("NULL", "null"),
    ],
)
def test_d28_the_parser_is_forgiving(text, move):
    assert A.action_to_string(A.string_to_action(text)) == move


@pytest.mark.parametrize("text", ["T11>1", "T7>4", "G1>2", "Vec10>1", "joker>1", "", "T7"])
def test_d28_bad_notation_is_refused(text):
    with pytest.raises(NotationError):
        A.string_to_action(text)


@pytest.mark.parametrize("text", ["T7 > 4", "T7>0", "Vec6>4", "volt on 9", "G5 > 12"])
def test_d28_a_dock_other_than_1_to_3_is_named_as_such(text):
    with pytest.raises(NotationError, match=r"there is no dock \d+ \(the docks are 1-3\)"):
        A.string_to_action(text)


def test_d25_max_turns_auto_is_500_heads_up_and_1000_with_more_players():
    assert tripwire(2).max_turns == 500 and tripwire(2).options["max_turns"] == "auto"
    assert tripwire(3).max_turns == 1000 and tripwire(6).max_turns == 1000
    assert tripwire(2, max_turns=1000).max_turns == 1000
    assert tripwire(2, penalty_timing="turn").max_game_length == 500 * (3 + 18 + 1 + 2)
    assert tripwire(2).max_game_length == 500 * (62 + 1 + 2)  # immediate penalties: D25
    with pytest.raises(GameOptionError, match="auto or an integer"):
        tripwire(2, max_turns="soon")
