"""One test (or a few) per rules decision D1-D20 in ``docs/rules/ono99.md``.

Test names start with ``test_d<N>_`` so that ``pytest -k d11`` finds a decision's tests.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import ninetynine
from helpers import play_random, random_playout
from ninetynine import GameOptionError, IllegalActionError, NotationError
from ninetynine.core.rng import Rng
from ninetynine.games.ono99 import actions as A
from ninetynine.games.ono99 import turn
from ninetynine.games.ono99.cards import (
    MINUS10,
    NUM_KINDS,
    ONO,
    PLAY2,
    REVERSE,
    STANDARD_COUNTS,
    deck_counts,
    parse_deck,
)
from ninetynine.games.ono99.rules import ALWAYS_PLAYABLE, LIMIT, PLAYABLE

from .positions import check_conservation, legal, play, position


def ono99(n: int = 4, **options):
    return ninetynine.load_game("ono99", num_players=n, **options)


def total(s) -> int:
    return s.observation(None)["total"]


# --------------------------------------------------------------------------- D1 the deck
def test_d1_standard_deck_has_112_cards_with_the_published_number_counts():
    c = STANDARD_COUNTS
    assert sum(c) == 112
    assert c[0] == 8 and all(c[v] == 6 for v in range(1, 10)) and c[10] == 10
    assert sum(c[:11]) == 72
    assert c[ONO] == 4
    assert c[MINUS10] == c[REVERSE] == c[PLAY2] == 12  # our even split of the other 36


def test_d1_the_deck_option_changes_counts_and_is_normalised():
    g = ono99(4, deck="minus10=16, rev=8")
    assert g.options["deck"] == "-10=16,Rev=8"
    assert g.counts[MINUS10] == 16 and g.counts[REVERSE] == 8 and sum(g.counts) == 112
    assert ono99(4, deck="-10=12").options["deck"] == "standard"
    assert deck_counts(parse_deck("ONO=0"))[ONO] == 0
    s = g.new_initial_state(3)
    assert s.observation(None)["deck"] == list(g.counts)
    check_conservation(random_playout(s, 1))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("ONO=3", "0 or 4 ONO"),
        ("rev=41", "0 to 40"),
        ("joker=2", "not an ONO 99 card"),
        ("rev", "kind=count"),
        (
            ",".join(f"{k}=0" for k in ["0", *map(str, range(1, 11)), "-10", "Rev", "P2"]),
            "playable",
        ),
    ],
)
def test_d1_bad_deck_options_are_refused(value, message):
    with pytest.raises(GameOptionError, match=message):
        ono99(2, deck=value)


def test_d1_the_deck_must_deal_four_cards_to_everyone():
    small = ",".join(f"{k}=0" for k in ["0", *map(str, range(1, 10)), "-10", "Rev", "P2", "ONO"])
    small += ",10=20"  # twenty 10s only
    assert ono99(5, deck=small).counts[10] == 20
    with pytest.raises(GameOptionError, match="cannot deal 4 to each of 6 players"):
        ono99(6, deck=small)


# --------------------------------------------------------------------------- D2 setup
def test_d2_two_to_six_players_four_cards_each_seat_0_begins_clockwise():
    with pytest.raises(GameOptionError):
        ono99(1)
    with pytest.raises(GameOptionError):
        ono99(7)
    assert ono99().num_players == 4
    for n in range(2, 7):
        s = ono99(n).new_initial_state(11)
        obs = s.observation(None)
        assert obs["hand_sizes"] == [4] * n
        assert obs["draw_size"] == 112 - 4 * n
        assert obs["played"] == [] and obs["total"] == 0 and obs["direction"] == 1
        assert s.current_player() == 0
        check_conservation(s)


def test_d2_play_goes_to_increasing_seats_and_any_card_may_start():
    s = position(3, hands=["Rev 1 1 1", None, None])
    assert "Rev=0" in legal(s)
    s = position(3, hands=["5 1 1 1", None, None])
    play(s, "5")
    assert s.current_player() == 1
    play(s, s.action_to_string(s.legal_actions()[0]))
    assert s.current_player() == 2


# --------------------------------------------------------------------------- D3 below 99
def test_d3_a_card_is_playable_exactly_when_the_total_stays_below_99():
    for t in range(LIMIT):
        for k in range(11):
            assert PLAYABLE[t][k] == (t + k <= 98)
        for k in ALWAYS_PLAYABLE:
            assert PLAYABLE[t][k]
        assert not PLAYABLE[t][ONO]
    assert {0, MINUS10, REVERSE, PLAY2} == ALWAYS_PLAYABLE


def test_d3_reaching_exactly_99_is_refused_in_the_games_words():
    s = position(2, hands=["1 2 3 4", None], total=96)
    assert legal(s) == ["+1=97", "+2=98"]
    with pytest.raises(IllegalActionError, match=r"^3 cannot be played: 96 \+ 3 = 99"):
        s.apply_action(3)
    with pytest.raises(IllegalActionError, match="you hold no 9 card"):
        s.apply_action(9)
    play(s, "2")
    assert total(s) == 98


def test_d3_zero_and_the_specials_fit_on_98():
    s = position(2, hands=["0 -10 Rev P2", None], total=98)
    assert legal(s) == ["+0=98", "-10=88", "Rev=98", "P2=98"]


# --------------------------------------------------------------------------- D4 declaring
def test_d4_the_notation_carries_the_declared_total_and_checks_a_typed_one():
    s = position(2, hands=["3 Rev 1 1", None], played="7", total=7)
    assert s.action_to_string(3) == "+3=10"
    assert s.action_to_string(REVERSE) == "Rev=7"
    assert s.string_to_action("3") == s.string_to_action("+3=10") == 3
    assert s.string_to_action("play 3 = 10") == 3
    with pytest.raises(NotationError, match="declares 11, but 3 on 7 declares 10"):
        s.string_to_action("+3=11")
    with pytest.raises(NotationError, match="not an ONO 99 move"):
        s.string_to_action("draw")
    with pytest.raises(NotationError, match="never played"):
        s.string_to_action("play ONO")
    assert s.string_to_action("ONO") == A.EXCHANGE  # "ONO" alone: the exchange
    assert A.action_to_string(3) == "+3"  # without a state: the card alone


# --------------------------------------------------------------------------- D5 leaving
def test_d5_leaving_is_automatic_and_several_can_leave_in_a_row():
    s = position(4, hands=["2 1 1 1", "9 9 9 9", "10 10 10 10", "0 10 10 9"], total=88)
    play(s, "2")  # 90: seats 1 and 2 cannot play
    obs = s.observation(None)
    assert obs["in_game"] == [True, False, False, True]
    assert [e["seat"] for e in obs["eliminations"]] == [1, 2]
    assert s.current_player() == 3 and s.history() == [2]
    assert s.legal_actions() == [0]


def test_d5_a_player_leaves_at_the_start_of_the_second_play2_turn():
    s = position(3, hands=["P2 1 1 1", "8 10 10 10", "0 0 0 0"], total=85, draw="9 9 9")
    play(s, "P2")  # seat 1 owes two turns
    play(s, "8")  # 93, draws a 9: nothing fits any more
    obs = s.observation(None)
    assert obs["in_game"] == [True, False, True]
    assert s.current_player() == 2 and obs["play2"] == 0


def _probe2(leave: str):
    """Seat 2 raises the total to 95; seat 1 (5 6 7 8) holds nothing that fits 95; seat 0 then
    reverses and seat 2 brings the total down to 85 before seat 1's turn comes."""
    s = position(
        3,
        options={"leave": leave},
        hands=["Rev 1 1 1", "5 6 7 8", "5 -10 2 2"],
        total=90,
        player=2,
        draw="3 3 3 3",
    )
    play(s, "+5")
    return s


def test_d5_the_total_changes_on_other_turns_so_the_moment_of_leaving_matters():
    s = _probe2("turn")  # default: a player leaves only when their own turn begins
    assert s.observation(None)["in_game"] == [True, True, True]
    play(s, "Rev", "-10")  # 95 -> 95 -> 85: now seat 1's cards fit again
    assert s.current_player() == 1 and total(s) == 85
    assert legal(s) == ["+5=90", "+6=91", "+7=92", "+8=93"]


def test_d5_option_leave_now_a_player_leaves_as_soon_as_no_card_fits():
    s = _probe2("now")
    obs = s.observation(None)
    assert obs["in_game"] == [True, False, True]  # at 95, right after seat 2's card
    assert obs["eliminations"][0] == {"seat": 1, "round": 1, "turn": 1, "total": 95}
    assert s.current_player() == 0
    assert s.stats()["knockouts"] == [0, 0, 1]  # credited to the player of that card (D18)


def test_d5_leave_now_the_mover_can_leave_after_their_own_move():
    # seat 0 plays its 10 (98) and draws a 9: nothing it holds fits 98 any more
    for leave, left_after in (("now", 1), ("turn", 2)):
        s = position(
            2, options={"leave": leave}, hands=["10 9 9 9", "0 0 1 1"], total=88, draw="9 3"
        )
        play(s, "+10")
        if leave == "turn":
            assert not s.is_terminal()  # seat 0 only finds out at its next turn
            play(s, "+0")
        assert s.is_terminal() and s.winner() == 1 and len(s.history()) == left_after
        assert s.stats()["knockouts"] == [0, 0] if leave == "now" else [0, 1]


def test_d5_leave_now_ends_the_game_when_only_one_is_left():
    g = ono99(4, leave="now")
    for seed in range(20):
        s = random_playout(g.new_initial_state(seed), seed)
        assert s.is_terminal() and s.winner() is not None
        check_conservation(s)


# --------------------------------------------------------------------------- D6 the hint
def test_d6_nobody_can_play_then_the_player_of_the_last_card_wins():
    s = position(3, hands=["1 0 0 0", "5 6 7 8", "9 9 10 10"], total=97, draw="2 3")
    play(s, "1")  # 98: every card of seats 1 and 2 would reach 99 or more
    assert s.is_terminal()
    assert s.winner() == 0 and s.returns() == [1.0, -1.0, -1.0]
    assert s.observation(None)["ended_by"] == "last_player"
    assert s.scores() == [2.0, 0.0, 1.0]


def test_d6_the_last_player_wins_even_when_they_could_not_play_either():
    s = position(2, hands=["2 7 7 7", "8 8 8 8"], total=89, draw="9")
    play(s, "2")  # 91: seat 1 leaves; seat 0 (now 7 7 7 9) could not play either
    assert s.is_terminal() and s.winner() == 0


def test_d6_leave_now_the_player_of_the_last_card_wins_when_nobody_can_play():
    # seat 0's 10 makes 98; it then holds only 9s, and nothing the others hold fits 98 either:
    # the others leave first (in the order of play), so the player of the last card is the
    # one left (§ Hints)
    s = position(
        3, options={"leave": "now"}, hands=["10 9 9 9", "5 6 7 8", "9 9 10 10"], total=88, draw="9"
    )
    play(s, "+10")
    assert s.is_terminal() and s.winner() == 0
    assert [e["seat"] for e in s.observation(None)["eliminations"]] == [1, 2]


# --------------------------------------------------------------------------- D7 out of play
def test_d7_the_hand_of_a_player_who_left_stays_out_of_play_and_hidden():
    s = position(3, hands=["1 1 1 1", "9 9 9 9", "0 0 0 0"], total=93, draw="2")
    play(s, "1")
    out = s.card_counts()["out1"]
    assert sorted(out) == [9, 9, 9, 9]
    for p in (None, 0, 1, 2):
        obs = s.observation(p)
        assert obs["out_sizes"] == [0, 4, 0]
        assert not any(isinstance(v, list) and v == out for v in obs.values())
        # the cards never show: the view is the same whatever they are
        r = s.resample(p, 5)
        assert r.observation(p) == obs
    assert s.observation(1)["hand"] == []  # the seat's own cards are gone too
    # a rebuild never brings them back
    s.draw = []
    s.played = [3, 3, 3, 4]
    turn.rebuild(s)
    assert sorted(s.draw) == [3, 3, 3] and s.card_counts()["out1"] == out


def test_d7_a_seat_that_left_never_acts_again_in_either_direction():
    g = ono99(5)
    for seed in range(30):
        s = g.new_initial_state(seed)
        gone: set[int] = set()

        def check(st, gone=gone):
            gone.update(e["seat"] for e in st.observation(None)["eliminations"])
            assert st.current_player() not in gone

        play_random(s, seed, check)


# --------------------------------------------------------------------------- D8 rebuilding
def test_d8_an_empty_draw_pile_is_rebuilt_from_the_played_pile_except_its_top():
    s = position(2, hands=["5 1 1 1", "2 2 2 2"], played="3 4 6 7", total=20)
    s.played = s.draw + s.played  # every other card is in the played pile, 7 on top
    s.draw = []
    check_conservation(s)
    size = len(s.played)
    play(s, "5")  # 5 is the new top; the draw needs a card: rebuild from all but the 5
    obs = s.observation(None)
    assert obs["played"] == [5] and obs["rebuilds"] == 1
    assert obs["draw_size"] == size - 1 and obs["hand_sizes"] == [4, 4]
    assert obs["total"] == 25  # the total does not change with a rebuild
    check_conservation(s)


def test_d8_option_rebuild_all_shuffles_the_whole_played_pile():
    s = position(2, options={"rebuild": "all"}, hands=["5 1 1 1", "2 2 2 2"], total=20)
    s.played, s.draw = s.draw, []
    play(s, "5")
    obs = s.observation(None)
    assert obs["played"] == [] and obs["rebuilds"] == 1
    check_conservation(s)


def test_d8_rebuilds_happen_in_long_games_and_replay_from_the_seed():
    g = ono99(2, **{"deck": "-10=30"})  # many Minus 10s: long games
    s = g.new_initial_state(5)
    random_playout(s, 2)
    assert s.stats()["rebuilds"] >= 1
    again = g.new_initial_state(5)
    for a in s.history():
        again.apply_action(a)
    assert again.to_json() == s.to_json()


# --------------------------------------------------------------------------- D9 exchange
def test_d9_four_ono_cards_must_be_exchanged_and_the_turn_passes():
    s = position(3, hands=["ONO ONO ONO ONO", None, None], played="9", total=30, draw="1 2 3 4")
    assert legal(s) == ["exchange"]
    with pytest.raises(IllegalActionError, match="hold all 4 ONO 99 cards and must exchange"):
        s.apply_action(1)
    play(s, "exchange")
    obs = s.observation(0)
    assert obs["hand"] == [1, 2, 3, 4]
    assert obs["played"] == [ONO, ONO, ONO, ONO, 9]  # under the pile, top unchanged
    assert obs["total"] == 30 and s.current_player() == 1
    assert s.stats()["exchanges"] == [1, 0, 0]
    check_conservation(s)


def test_d9_exchange_is_illegal_without_all_four_and_a_hand_of_some_ono_cannot_play():
    s = position(2, hands=["ONO ONO 5 6", None], total=10)
    assert legal(s) == ["+5=15", "+6=16"]
    with pytest.raises(IllegalActionError, match="you hold 2 of the 4 ONO 99 cards"):
        s.apply_action(A.EXCHANGE)
    s = position(2, hands=["ONO ONO 9 9", "1 1 1 1"], total=92, player=1)
    play(s, "1")  # 93: seat 0 holds two ONO cards and two 9s: it leaves
    assert s.is_terminal() and s.winner() == 1


def test_d9_a_player_dealt_all_four_exchanges_on_the_first_turn():
    small = ",".join(f"{k}=0" for k in ["0", *map(str, range(1, 10)), "-10", "Rev", "P2"])
    g = ono99(2, deck=small + ",10=8")  # eight 10s and the four ONO cards
    seeds = [x for x in range(5000) if g.new_initial_state(x).observation(0)["hand"] == [ONO] * 4]
    assert seeds, "some seed deals the four ONO cards to seat 0"
    s = g.new_initial_state(seeds[0])
    assert s.legal_actions() == [A.EXCHANGE]
    play(s, "exchange")
    assert ONO not in s.observation(0)["hand"] and s.current_player() == 1


def test_d9_under_a_play2_the_exchange_is_one_of_the_two_turns():
    s = position(2, hands=["P2 1 1 1", "ONO ONO ONO ONO"], total=20, draw="1 3 4 5 6")
    play(s, "P2")
    assert s.current_player() == 1 and s.observation(None)["play2"] == 2
    play(s, "exchange")
    assert s.current_player() == 1 and s.observation(None)["play2"] == 1


@pytest.mark.parametrize("rebuild", ["top", "all"])
def test_d9_the_exchanged_ono_cards_never_come_back_in_the_same_draw(rebuild):
    # two cards left to draw, every other card in the played pile: the exchange's draw
    # rebuilds the draw pile; the four ONO cards are set aside until the draw is done
    for seed in range(20):
        s = position(
            2,
            seed=seed,
            options={"rebuild": rebuild},
            hands=["ONO ONO ONO ONO", "1 2 3 4"],
            total=30,
            draw="5 6",
        )
        s.played, s.draw = s.draw[:-2] + s.played, s.draw[-2:]
        top = s.played[-1:] if rebuild == "top" else []
        play(s, "exchange")
        obs = s.observation(0)
        assert ONO not in obs["hand"] and len(obs["hand"]) == 4 and obs["rebuilds"] == 1
        assert obs["played"] == [ONO] * 4 + top
        check_conservation(s)


# --------------------------------------------------------------------------- D10 reverse
def test_d10_reverse_turns_the_direction():
    s = position(4, hands=["Rev 1 1 1", None, None, None], total=10)
    play(s, "Rev")
    assert s.observation(None)["direction"] == -1 and s.current_player() == 3
    play(s, s.action_to_string(s.legal_actions()[0]))
    assert s.current_player() == 2


def test_d10_reverse_with_two_players_passes_the_turn():
    s = position(2, hands=["Rev 1 1 1", None], total=10)
    play(s, "Rev")
    assert s.current_player() == 1 and total(s) == 10


def test_d10_option_again_the_same_player_plays_again_with_two_players_left():
    s = position(
        3, options={"two_player_reverse": "again"}, hands=["Rev 1 1 1", None, None], total=10
    )
    play(s, "Rev")  # three players: an ordinary Reverse
    assert s.current_player() == 2
    s = position(
        3,
        options={"two_player_reverse": "again"},
        hands=["Rev 1 1 1", None, None],
        out=[None, "9", None],
        total=10,
    )
    play(s, "Rev")  # two left: play again
    assert s.current_player() == 0 and s.observation(None)["play2"] == 0


# --------------------------------------------------------------------------- D11 strike back
def test_d11_a_reverse_on_the_first_play2_turn_strikes_back():
    s = position(3, hands=["P2 1 1 1", "Rev 2 2 2", None], total=20, draw="3 3 3 3 3")
    play(s, "P2")
    assert s.current_player() == 1 and s.observation(None)["play2"] == 2
    play(s, "Rev")
    obs = s.observation(None)
    assert s.current_player() == 0 and obs["play2"] == 2 and obs["direction"] == -1
    assert s.stats()["strike_backs"] == [0, 1, 0]


def test_d11_a_reverse_on_the_second_play2_turn_is_ordinary():
    s = position(3, hands=["P2 1 1 1", "Rev 2 2 2", None], total=20, draw="3 3 3 3 3")
    play(s, "P2", "2")  # seat 1's first turn: a 2
    assert s.current_player() == 1 and s.observation(None)["play2"] == 1
    play(s, "Rev")
    assert s.current_player() == 0 and s.observation(None)["play2"] == 0
    assert s.stats()["strike_backs"] == [0, 0, 0]


def test_d11_strike_back_with_two_players():
    s = position(2, hands=["P2 1 1 1", "Rev 2 2 2"], total=20, draw="3 3 3")
    play(s, "P2", "Rev")
    assert s.current_player() == 0 and s.observation(None)["play2"] == 2


# --------------------------------------------------------------------------- D12 pass on
def test_d12_a_play2_on_a_play2_passes_it_on_never_four():
    s = position(3, hands=["P2 1 1 1", "P2 2 2 2", "3 3 3 3"], total=20, draw="4 4 4 4 4 4")
    play(s, "P2", "P2")
    assert s.current_player() == 2 and s.observation(None)["play2"] == 2
    play(s, "3", "3")
    assert s.current_player() == 0 and s.observation(None)["play2"] == 0
    assert s.stats()["passes"] == [0, 1, 0]


def test_d12_two_normal_turns_the_second_uses_the_card_just_drawn():
    s = position(2, hands=["P2 1 1 1", "10 10 10 10"], total=70, draw="5 0")
    play(s, "P2", "10")  # 80; seat 1 draws a 0
    assert s.observation(1)["hand"] == [0, 10, 10, 10]
    play(s, "10")  # 90; the second turn
    assert s.current_player() == 0


# --------------------------------------------------------------------------- D13 leave
def test_d13_the_next_player_does_not_take_over_a_pending_play2():
    s = position(3, hands=["P2 1 1 1", "9 9 9 9", "2 2 2 2"], total=92, draw="3 3 3")
    play(s, "P2")  # seat 1 owes two turns but cannot play: leaves
    obs = s.observation(None)
    assert obs["in_game"] == [True, False, True]
    assert s.current_player() == 2 and obs["play2"] == 0
    play(s, "2")
    assert s.current_player() == 0


# --------------------------------------------------------------------------- D14 short
def test_d14_nothing_to_draw_leaves_a_short_hand():
    small = ",".join(f"{k}=0" for k in ["0", *map(str, range(1, 10)), "-10", "Rev", "P2", "ONO"])
    s = ono99(2, deck=small + ",10=8").new_initial_state(1)  # eight 10s: all dealt
    play(s, "10")  # nothing to draw; the played pile is only its top card
    assert s.observation(None)["hand_sizes"] == [3, 4]
    play(s, "10")  # the rebuild gives back seat 0's 10
    assert s.observation(None)["hand_sizes"] == [3, 4]
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.winner() == 0 and s.observation(None)["eliminations"][0]["total"] == 90
    check_conservation(s)


def test_d14_an_empty_hand_cannot_play():
    s = position(3, hands=["", "1 1 1 1", "2 2 2 2"], total=10)
    assert s.observation(None)["in_game"] == [False, True, True]
    assert s.current_player() == 1


# --------------------------------------------------------------------------- D15 minus 10
@pytest.mark.parametrize(("before", "after"), [(7, 0), (10, 0), (11, 1), (98, 88), (0, 0)])
def test_d15_minus_10_never_goes_below_zero(before, after):
    s = position(2, hands=["-10 1 1 1", None], total=before)
    play(s, "-10")
    assert total(s) == after


# --------------------------------------------------------------------------- D16 knowledge
def test_d16_observations_hide_hands_out_cards_draw_order_and_rng():
    s = position(3, hands=["1 2 3 4", "5 6 7 8", "9 9 10 10"], out=None, total=5)
    for p in (None, 0, 1, 2):
        obs = s.observation(p)
        assert set(obs) >= {"total", "direction", "play2", "played", "hand_sizes", "out_sizes"}
        text = json.dumps(obs)
        assert "rng" not in text and '"draw"' not in text
        if p is None:
            assert "hand" not in obs
        else:
            assert obs["hand"] == s.card_counts()[f"hand{p}"]


def test_d16_resample_redeals_only_what_the_seat_cannot_see():
    g = ono99(4)
    s = g.new_initial_state(9)
    random_playout_steps = 25
    rng = Rng(3)
    for _ in range(random_playout_steps):
        legal_ = s.legal_actions()
        s.apply_action(legal_[rng.randbelow(len(legal_))])
    for p in range(4):
        r = s.resample(p, Rng(p))
        assert r.observation(p) == s.observation(p)
        assert r.card_counts()[f"hand{p}"] == s.card_counts()[f"hand{p}"]
        assert r.card_counts()["played"] == s.card_counts()["played"]
        check_conservation(r)
        assert r.rng.getstate() != s.rng.getstate()


def test_d16_resample_gives_the_seat_to_act_a_move():
    # seat 1 is to act at 97 with one card that fits; seat 0 re-deals seat 1's hand
    s = position(2, hands=["9 9 9 9", "1 10 10 10"], total=97, player=1)
    assert s.current_player() == 1
    for k in range(50):
        r = s.resample(0, k)
        assert r.legal_actions(), "the seat to act must have a move"
        check_conservation(r)


# --------------------------------------------------------------------------- D17 rounds
def test_d17_a_round_is_one_slot_per_player_in_the_game():
    s = position(3, hands=["1 1 1 1", "2 2 2 2", "3 3 3 3"], draw="4 4 4 5 5 5")
    for _ in range(3):
        assert s.observation(None)["round"] == 1
        s.apply_action(s.legal_actions()[0])
    assert s.observation(None)["round"] == 2


def test_d17_a_player_leaving_uses_a_slot():
    s = position(3, hands=["2 1 1 1", "9 9 9 9", "0 0 0 0"], total=88, draw="3 3 3 3")
    play(s, "2")  # slot 1: seat 0's turn; slot 2: seat 1 leaves; seat 2 plays slot 3
    assert s.observation(None)["eliminations"][0]["round"] == 1
    play(s, "0")
    assert s.observation(None)["round"] == 2


# --------------------------------------------------------------------------- D18 stats
def test_d18_scores_and_stats():
    g = ono99(4)
    s = random_playout(g.new_initial_state(21), 4)
    st = s.stats()
    w = s.winner()
    assert st["place"][w] == 1 and sorted(st["place"]) == [1, 2, 3, 4]
    assert s.scores()[w] == 3.0 and sorted(s.scores()) == [0.0, 1.0, 2.0, 3.0]
    assert "turns" not in st and "actions" not in st  # one action a turn: the summary's actions
    assert st["ended_by"] == "last_player"
    rounds = [st[f"round_of_elimination_{k}"] for k in (1, 2, 3)]
    assert rounds == sorted(rounds) and rounds[-1] == st["rounds_survived"][w]
    assert sum(st["cards_played"]) + sum(st["exchanges"]) == len(s.history())
    for key in ("knockouts", "minus10s", "reverses", "play2s", "strike_backs", "passes"):
        assert len(st[key]) == 4
    json.dumps(st)


def test_d18_knockouts_go_to_the_seat_that_handed_over_the_turn():
    # a card: every seat that leaves before the next turn is credited to its player
    s = position(4, hands=["2 1 1 1", "9 9 9 9", "10 10 10 10", "0 10 10 9"], total=88)
    play(s, "2")
    assert s.stats()["knockouts"] == [2, 0, 0, 0]
    # an exchange hands over the turn too: the exchanger is credited
    s = position(3, hands=["ONO ONO ONO ONO", "5 6 7 8", "0 0 0 0"], total=95, draw="1 1 1 1")
    play(s, "exchange")
    assert not s.alive[1] and s.stats()["knockouts"] == [1, 0, 0]
    # leaving at the start of the second Play 2 turn: the seat that imposed the two turns
    s = position(3, hands=["P2 1 1 1", "8 10 10 10", "0 0 0 0"], total=85, draw="9 9 9")
    play(s, "P2", "8")
    assert not s.alive[1] and s.stats()["knockouts"] == [1, 0, 0]
    # ... or struck them back
    s = position(3, hands=["P2 9 9 9", "Rev 2 2 2", "0 0 0 0"], total=95, draw="9 3 3 3")
    play(s, "P2", "Rev")  # seat 0 now owes two turns and holds only 9s
    assert not s.alive[0] and s.stats()["knockouts"] == [0, 1, 0]


def test_d18_every_knockout_is_credited_under_the_default_reading():
    # under leave=turn a seat always leaves on a turn another seat handed over: n - 1 credits
    for n in (2, 4, 6):
        g = ono99(n)
        for seed in range(30):
            st = random_playout(g.new_initial_state(seed), seed).stats()
            assert sum(st["knockouts"]) == n - 1


def test_d18_scores_never_fall():
    g = ono99(5)
    for seed in range(10):
        prev = [0.0] * 5

        def check(st, prev=prev):
            now = st.scores()
            assert all(a >= b for a, b in zip(now, prev, strict=True))
            prev[:] = now

        play_random(g.new_initial_state(seed), seed, check)


# --------------------------------------------------------------------------- D19 end
def test_d19_max_game_length_is_max_turns_and_the_safety_stop_is_a_draw():
    g = ono99(3, max_turns=10)
    assert g.max_game_length == 10 and ono99().max_game_length == 1000
    s = random_playout(g.new_initial_state(1), 1)
    assert s.is_terminal() and len(s.history()) == 10
    assert s.returns() == [0.0, 0.0, 0.0] and s.winner() is None
    assert s.stats()["ended_by"] == "turn_limit"
    assert "place" not in s.stats()  # a draw has no places (D18): mean places count games won


def test_d19_random_games_end_well_within_the_safety_stop():
    for n in range(2, 7):
        g = ono99(n)
        longest = max(
            len(random_playout(g.new_initial_state(seed), seed).history()) for seed in range(40)
        )
        assert longest < g.max_game_length / 5


# --------------------------------------------------------------------------- D20 ids
def test_d20_action_ids_and_notation():
    assert ono99().num_distinct_actions == A.NUM_ACTIONS == 15
    assert [A.action_to_string(a) for a in range(15)] == [
        *(f"+{v}" for v in range(11)),
        "-10",
        "Rev",
        "P2",
        "exchange",
    ]
    for text, a in [
        ("minus 10", MINUS10),
        ("m10", MINUS10),
        ("reverse", REVERSE),
        ("R", REVERSE),
        ("play 2", PLAY2),
        ("p2=40", PLAY2),
        ("x", A.EXCHANGE),
        ("swap", A.EXCHANGE),
        (" Play 7 ", 7),
        ("+7", 7),
        ("play +7 = 47", 7),
    ]:
        assert A.string_to_action(text) == a, text
    with pytest.raises(ValueError):
        A.action_to_string(15)
    assert Counter(range(NUM_KINDS))  # kinds 0..14
