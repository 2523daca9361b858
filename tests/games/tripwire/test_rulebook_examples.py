"""Every example and rule line printed in the Tripwire text (Tripwire System Manual v3.0) as a
test; the simulation log of § 06 step by step."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine import IllegalActionError
from ninetynine.games.tripwire.cards import NULL, STANDARD_COUNTS

from .positions import check_conservation, legal, play, position

A, B, C, D = 0, 1, 2, 3
#: The log's wave of 3 units from 3 cards exists only when a turn's units stack into one wave
#: (option ``penalty_timing=turn``); by default each card's units leave at once (D17).
TURN = {"penalty_timing": "turn"}


def pub(s):
    return s.observation(None)


def dock(s, d):
    x = pub(s)["docks"][d - 1]
    return x["color"], x["value"]


# --------------------------------------------------------------------------- § 06 the log
def test_simulation_log_step_by_step():
    """§ 06 SIMULATION LOG: "[EVENT] A triggers 3 Penalties. >> TARGET: B (3 Incoming) Action:
    B plays Null. SAFE. (2 Remain) >> TARGET: C (2 Incoming) Action: C has no Null. Hits. (1
    Remains) >> TARGET: D (1 Incoming) Action: D takes hit. End."

    Played with ``penalty_timing=turn``: one card triggers at most two units, so three units
    in one wave need a turn's units to stack (D17).
    """
    s = position(
        4,
        options=TURN,
        hands=["Stasis P10 O6 O2 O3", "Null T1 T2 G2", "P1 P2 O1", "T9 O9 G3"],
        docks=["T3 T4", "P8 P9", "O5"],
        draw="G4 G5 G6 G7",
    )
    assert pub(s)["this_turn"]["triple_possible"]
    # [EVENT] A triggers 3 Penalties: a Stasis, a Tripwire and the Triple Play they complete
    play(s, "Stasis>1")
    assert pub(s)["this_turn"]["units"] == 1
    play(s, "P10>2")
    assert pub(s)["this_turn"]["units"] == 2
    play(s, "O6>3")
    assert pub(s)["this_turn"]["units"] == 3 and pub(s)["this_turn"]["triple"]
    play(s, "end")
    # >> TARGET: B (3 Incoming)
    w = pub(s)["wave"]
    assert (w["initiator"], w["units"], w["remaining"], w["target"]) == (A, 3, 3, B)
    assert s.current_player() == B
    assert legal(s) == ["null"]  # B holds a Null: "Take Hit: If you cannot Null" (D18)
    # Action: B plays Null. SAFE. (2 Remain)
    sizes = pub(s)["hand_sizes"]
    play(s, "null")
    assert pub(s)["hand_sizes"][B] == sizes[B] - 1 and pub(s)["skips"][B] == 0
    assert pub(s)["side_pile"][-1] == NULL
    # >> TARGET: C (2 Incoming)
    w = pub(s)["wave"]
    assert (w["remaining"], w["target"]) == (2, C)
    # Action: C has no Null. Hits. (1 Remains)
    assert legal(s) == ["take"]
    play(s, "take")
    assert pub(s)["hand_sizes"][C] == sizes[C] + 1 and pub(s)["skips"][C] == 1
    # >> TARGET: D (1 Incoming)
    w = pub(s)["wave"]
    assert (w["remaining"], w["target"]) == (1, D)
    # Action: D takes hit. End.
    play(s, "take")
    assert pub(s)["hand_sizes"][D] == sizes[D] + 1 and pub(s)["skips"][D] == 1
    assert pub(s)["wave"] is None
    last = pub(s)["last_wave"]
    assert [(x["seat"], x["result"], x["units"]) for x in last["steps"]] == [
        (B, "null", 1),
        (C, "hit", 1),
        (D, "hit", 1),
    ]
    assert last["remaining"] == 0
    # B, who was safe, plays next; C and D lose their turns; then A again
    assert s.current_player() == B
    check_conservation(s)
    play(s, "T2>1" if "T2>1" in legal(s) else legal(s)[0])
    while s.current_player() == B:
        play(s, "end" if "end" in legal(s) else legal(s)[0])
    assert s.current_player() == A
    assert pub(s)["skips"] == [0, 0, 0, 0]
    assert s.stats()["turns_skipped"] == [0, 0, 1, 1]


def test_simulation_log_events_read_like_the_log():
    s = position(
        4,
        options=TURN,
        hands=["Stasis P10 O6 O2 O3", "Null T1 T2 G2", "P1 P2 O1", "T9 O9 G3"],
        docks=["T3 T4", "P8 P9", "O5"],
    )
    g = s.game
    names = ["A", "B", "C", "D"]
    lines = []
    for mv in ["Stasis>1", "P10>2", "O6>3", "end", "null", "take", "take"]:
        before = pub(s)
        mover = s.current_player()
        play(s, mv)
        lines += g.describe_events(before, pub(s), [], [], mover, names)
    text = "\n".join(lines)
    assert "ATTACK WAVE: A triggers 3 units; target B (3 incoming)" in text
    assert "B plays Null: SAFE (2 remain)" in text
    assert "C takes the hit: draws 1, skips 1 (1 remains)" in text
    assert "D takes the hit: draws 1, skips 1 (the wave is spent)" in text
    assert "C skips a turn" not in text  # the skips come when their turns would begin


# --------------------------------------------------------------------------- § 01, § 08
def test_system_clear_playing_the_last_card_wins_at_once():
    """§ 01: "Be the first player to play all cards from your hand, reaching exactly 0 cards.
    Declare "System Clear!" ... The game ends instantly." § 08: "Play your last card. Shout the
    command. Win immediately." """
    s = position(3, hands=["T6", None, None], docks=["T4 T5", "", ""])
    play(s, "T6>1")
    assert s.is_terminal() and s.winner() == 0
    assert s.returns() == [1.0, -1.0, -1.0]
    assert pub(s)["ended_by"] == "clear"
    assert s.scores()[0] == 0


def test_the_game_ends_instantly_even_with_a_penalty_pending():
    s = position(3, hands=["Stasis", None, None], docks=["T3 T4", "", ""])
    play(s, "Stasis>1")  # a penalty unit, but the game is over
    assert s.is_terminal() and s.winner() == 0 and pub(s)["wave"] is None


# --------------------------------------------------------------------------- § 02, § 03
def test_components_and_setup():
    """§ 02 "Components (Total: 65)", § 03 "Shuffle ... Deal exactly 7 cards face-down. Place
    remaining cards as the Draw Pile. Initialize Docks: Place the 3 Sector Markers.";
    "TEAL PURP ORNG"."""
    assert sum(STANDARD_COUNTS) + 3 == 65
    for n in range(2, 7):
        s = ninetynine.load_game("tripwire", num_players=n).new_initial_state(n)
        o = pub(s)
        assert o["hand_sizes"] == [7] * n
        assert o["draw_size"] == 62 - 7 * n
        assert o["side_pile"] == []
        assert [(x["marker"], x["value"], x["stack"]) for x in o["docks"]] == [
            (0, 0, []),
            (1, 0, []),
            (2, 0, []),
        ]
        assert s.components() == 65
        assert s.current_player() == 0


# --------------------------------------------------------------------------- § 04
def test_if_no_plays_draw_exactly_one_card_and_the_turn_ends():
    """§ 04, 2: "If No Plays: Draw exactly 1 card. Turn ends." """
    s = position(2, hands=["O1 T9", "G2"], docks=["T4 T5", "", ""], draw="T6 T8")
    assert legal(s) == ["draw"]
    play(s, "draw")
    assert pub(s)["hand_sizes"] == [3, 1]
    assert s.current_player() == 1  # the T6 just drawn would fit, but the turn is over
    assert s.observation(0)["hand"] == [5, 8, 20]  # T6 T9 O1


def test_attempt_to_play_several_cards_in_a_turn():
    """§ 04, 1: "Attempt to Play: Play as many valid cards as you can." """
    s = position(2, hands=["T6 P5 O7 G8 G9", None], docks=["T4 T5", "", ""])
    play(s, "T6>1", "P5>2", "O7>3")
    assert s.current_player() == 0
    play(s, "G8>3", "G9>3")  # the Neutral Chain on dock 3
    assert dock(s, 3) == (2, 9)


def test_bonus_a_defuse_gives_another_turn():
    """§ 04, 3: "Bonus: If you played a DEFUSE (1) ..., take another turn." """
    s = position(3, hands=["T1 P5 O4", None, None], docks=["T3 T2", "", ""])
    play(s, "T1>1")
    assert dock(s, 1) == (0, 0) and pub(s)["this_turn"]["bonus"]
    play(s, "end")
    assert s.current_player() == 0 and pub(s)["bonus_turn"]


def test_dock_priming_and_the_triple_play_restriction():
    """§ 04, 5: "Dock Priming: Turns are taken as normal to fill or add to Docks. You cannot
    initiate a Triple Play until all 3 Docks have at least one card." """
    s = position(2, hands=["T5 P5 O5 G2", None])
    assert not pub(s)["this_turn"]["triple_possible"]
    play(s, "T5>1", "P5>2", "O5>3")  # a card on every dock, but they were empty: no penalty
    assert pub(s)["this_turn"]["units"] == 0 and not pub(s)["this_turn"]["triple"]


# --------------------------------------------------------------------------- § 05 A
def test_standard_play_match_colour_and_plus_or_minus_one():
    """§ 05 A: "Standard Play: Match Color AND be +/- 1 value." """
    s = position(2, hands=["T4 T6 T7 P6", None], docks=["T5", "", ""])
    assert {"T4>1", "T6>1"} <= set(legal(s))
    assert "T7>1" not in legal(s) and "P6>1" not in legal(s)
    play(s, "T6>1")
    assert dock(s, 1) == (0, 6)


def test_number_match_hijacks_the_dock_colour():
    """§ 05 A: "Number Match: Match Number (any color) to Hijack the dock color." """
    s = position(2, hands=["P5 O5 P6", None], docks=["T5", "", ""])
    assert {"P5>1", "O5>1"} <= set(legal(s))
    play(s, "P5>1")
    assert dock(s, 1) == (1, 5)  # now a Purple dock
    s2 = position(2, hands=["P6 O5", None], docks=["T5", "", ""])
    play(s2, "O5>1")
    assert "P6>1" not in legal(s2)  # an Orange 5 now: Purple 6 does not follow


# --------------------------------------------------------------------------- § 05 B
def test_vector_is_any_number_one_away_from_the_card_below():
    """§ 05 B: "VECTOR (Wild 2–9) Flexible number. Can be played as any number. Must be an
    increase or decrease (+/- 1) of the card below." """
    s = position(2, hands=["Vec Vec T2", None], docks=["T4 T5", "P8 P9", "O3 O2"])
    assert [m for m in legal(s) if m.startswith("Vec")] == ["Vec4>1", "Vec6>1", "Vec8>2", "Vec3>3"]
    play(s, "Vec6>1")
    assert dock(s, 1) == (0, 6)  # the dock keeps its colour
    with pytest.raises(IllegalActionError, match="one more or one less"):
        s.apply_action(s.string_to_action("Vec9>2"))


def test_volt_plays_as_one_on_a_two_or_ten_on_a_nine():
    """§ 05 B: "VOLT (Reset) Can play as a 1 or 10 (i.e., on a 2 or 9). Triggers Defuse or
    Tripwire effects." """
    s = position(3, hands=["Volt Volt T5", None, None], docks=["T3 T2", "P8 P9", "O5"])
    assert [m for m in legal(s) if m.startswith("Volt")] == ["Volt>1", "Volt>2"]
    play(s, "Volt>1")  # a Defuse
    assert dock(s, 1) == (0, 0) and pub(s)["this_turn"]["bonus"]
    play(s, "Volt>2")  # a Tripwire
    assert dock(s, 2) == (1, 0) and pub(s)["this_turn"]["units"] == 1
    assert pub(s)["side_pile"][-1] == 39  # the Volt went with its stack


def test_stasis_is_a_five_on_a_three_four_or_six_and_attacks():
    """§ 05 B: "STASIS (Lock) Is the midpoint (5). Can be played on a 3, 4, or 6. Triggers
    penalty for next player." """
    s = position(2, hands=["Stasis Stasis Stasis O9", None], docks=["T3", "P6", "O8 O7"])
    assert [m for m in legal(s) if m.startswith("Stasis")] == ["Stasis>1", "Stasis>2"]
    play(s, "Stasis>1")
    assert dock(s, 1) == (0, 5) and pub(s)["this_turn"]["units"] == 1
    assert pub(s)["wave"]["target"] == 1  # the penalty leaves at once (D17)
    play(s, legal(s)[0])  # seat 1 answers; seat 0's turn goes on
    play(s, "Stasis>2")
    assert dock(s, 2) == (1, 5) and pub(s)["this_turn"]["units"] == 2


# --------------------------------------------------------------------------- § 05 C
def test_neutral_chain_unlimited_grey_and_modifiers_on_one_dock():
    """§ 05 C: "Neutral Chain: Play unlimited Grey/Modifiers on ONE dock. Modifiers ([+] /
    [-]) adjust value." """
    s = position(2, hands=["Plus Plus Minus G8 G3 T9", None], docks=["T5", "P4", ""])
    play(s, "Plus>1")
    assert dock(s, 1) == (0, 6)
    assert all(not m.endswith(">2") for m in legal(s) if m[0] in "GPM")  # chain is on dock 1
    play(s, "Plus>1", "G8>1", "Minus>1")
    assert dock(s, 1) == (0, 7)
    with pytest.raises(IllegalActionError, match="Neutral Chain is on dock 1"):
        s.apply_action(s.string_to_action("G3>2"))


# --------------------------------------------------------------------------- § 06
def test_wall_rule_the_initiator_must_take_the_hit():
    """§ 06: "Wall Rule: If Chain returns to Initiator, they MUST take the hit." """
    s = position(
        2,
        hands=["T6 P6 O10 Null Null G2", "P2"],
        docks=["T5", "P5", "O8 O9"],
        draw="O2 O3 O4",
    )
    # a Tripwire that completes a Triple Play: 2 units, one more than the other players
    play(s, "T6>1", "P6>2", "O10>3")
    play(s, "take")  # seat 1: 1 unit
    assert s.current_player() == 0 and pub(s)["wave"]["remaining"] == 1
    assert legal(s) == ["take"]  # seat 0 holds Nulls, but the wall allows none
    with pytest.raises(IllegalActionError, match="Wall Rule"):
        s.apply_action(s.string_to_action("null"))
    sizes = pub(s)["hand_sizes"]
    play(s, "take")
    assert pub(s)["hand_sizes"][0] == sizes[0] + 1
    assert s.stats()["wall_hits"] == [1, 0] and s.current_player() == 0  # the turn goes on
    play(s, "end")
    assert s.stats()["turns_skipped"] == [1, 1]
    assert s.current_player() == 1  # both skips served: seat 1, then seat 0


# --------------------------------------------------------------------------- § 07
def test_tripwire_resets_the_stack_next_player_draws_and_skips():
    """§ 07: "Tripwire (10): Resets stack. Next player Draws 1 + Skips. Move stack to Side
    Pile." """
    s = position(3, hands=["O10 T5", "P3", "P4"], docks=["", "", "O7 O8 O9"], draw="G2 G3")
    play(s, "O10>3")
    assert dock(s, 3) == (2, 0)
    assert pub(s)["side_pile"] == [27, 28, 29] or pub(s)["side_pile"][-4:] == [26, 27, 28, 29]
    assert s.current_player() == 1 and legal(s) == ["take"]  # at once (D17)
    play(s, "take", "end")
    assert pub(s)["hand_sizes"][1] == 2 and pub(s)["skips"][1] == 0
    assert s.current_player() == 2  # seat 1 was skipped


def test_defuse_resets_the_stack_and_you_play_again():
    """§ 07: "Defuse (1): Resets stack. You play again (Bonus). Move stack to Side Pile." """
    s = position(2, hands=["P1 P5 T5", "O3"], docks=["", "P3 P2", ""])
    play(s, "P1>2")
    assert dock(s, 2) == (1, 0)
    assert pub(s)["side_pile"][-3:] == [12, 11, 10]
    assert "P5>2" not in legal(s)  # dock 2 took its card this turn
    play(s, "end")
    assert s.current_player() == 0 and pub(s)["bonus_turn"]
    assert "P5>2" in legal(s)  # the bonus turn primes it again


def test_empty_draw_pile_shuffle_side_pile_to_form_new_draw_pile():
    """§ 07: "Empty Draw Pile: Shuffle Side Pile to form new Draw Pile." """
    s = position(2, hands=["P9", "O2"], docks=["T5", "P3", "O4"], rest="side")
    assert pub(s)["draw_size"] == 0
    side = len(pub(s)["side_pile"])
    play(s, "draw")
    o = pub(s)
    assert o["reshuffles"] == 1 and o["side_pile"] == [] and o["draw_size"] == side - 1
    check_conservation(s)


def test_triple_play_one_valid_card_on_all_three_docks_attacks():
    """§ 07: "Triple Play: Playing 1 valid card on ALL 3 Docks in a single turn triggers a
    penalty on the next player." """
    s = position(3, hands=["T6 P6 O6 G2", "Null", None], docks=["T5", "P5", "O5"])
    play(s, "T6>1", "P6>2")
    assert pub(s)["this_turn"]["units"] == 0
    play(s, "O6>3")
    assert pub(s)["this_turn"]["triple"] and pub(s)["this_turn"]["units"] == 1
    assert s.current_player() == 1 and legal(s) == ["null"]  # at once; a Null must be played
