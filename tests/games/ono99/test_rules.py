"""Cards, the total arithmetic, notation, options and the protocol details of ONO 99."""

from __future__ import annotations

import json

import pytest

import ninetynine
from ninetynine import GameOptionError, IllegalActionError, NotationError
from ninetynine.games.ono99 import actions as A
from ninetynine.games.ono99.cards import (
    MINUS10,
    NAMES,
    NUM_KINDS,
    ONO,
    PLAY2,
    REVERSE,
    SHORT,
    card_name,
    format_card,
    format_cards,
    parse_card,
)
from ninetynine.games.ono99.rules import NEXT, declared, effect, is_playable, why_unplayable

from .positions import legal, play, position


def test_card_notation_round_trips_and_reads_long_names():
    for k in range(NUM_KINDS):
        assert parse_card(format_card(k)) == k
        assert parse_card(card_name(k)) == k
    assert parse_card(" minus 10 ") == MINUS10 and parse_card("REV") == REVERSE
    assert parse_card("Play 2") == PLAY2 and parse_card("99") == ONO
    assert format_cards([3, 7, MINUS10, REVERSE]) == "3 7 -10 Rev" and format_cards([]) == "-"
    with pytest.raises(NotationError, match="not an ONO 99 card"):
        parse_card("11")
    assert NAMES[ONO] == "ONO 99" and SHORT[PLAY2] == "P2"


def test_the_total_table_matches_declared():
    for t in range(99):
        for k in range(NUM_KINDS):
            assert NEXT[t * NUM_KINDS + k] == declared(t, k)
    assert declared(50, REVERSE) == declared(50, PLAY2) == declared(50, ONO) == 50


def test_effects_and_reasons_in_the_games_words():
    assert effect(7) == "adds 7"
    assert effect(PLAY2, 40) == "the next player plays twice: declares 40"
    assert effect(REVERSE, 40) == "reverses the direction: declares 40"
    assert "never be played" in effect(ONO, 40)
    assert why_unplayable(94, 5) == "5 cannot be played: 94 + 5 = 99, the total must stay below 99"
    assert why_unplayable(0, ONO).startswith("ONO cannot be played")
    assert is_playable(88, 10) and not is_playable(89, 10)


def test_every_action_id_has_notation_and_parses_back():
    s = position(2, hands=["1 2 3 4", None], total=40)
    for a in range(A.NUM_ACTIONS):
        text = s.action_to_string(a)
        assert " " not in text
        assert s.string_to_action(text) == a


def test_illegal_moves_raise_and_change_nothing():
    s = position(3, hands=["1 2 3 4", None, None], total=40)
    before = s.to_json()
    for bad, message in [
        (A.EXCHANGE, "hold 0 of the 4 ONO 99 cards"),
        (MINUS10, "you hold no Minus 10 card"),
        (15, "not an ONO 99 action id"),
        (-1, "not an ONO 99 action id"),
        ("3", "not an ONO 99 action id"),
        (3.0, "not an ONO 99 action id"),
        (True, "not an ONO 99 action id"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            s.apply_action(bad)
        assert s.to_json() == before


def test_numpy_style_integers_are_action_ids():
    class Index:  # behaves like numpy.int64: an integer by __index__, not an int
        def __index__(self) -> int:
            return 3

    s = position(2, hands=["1 2 3 4", None], total=40)
    s.apply_action(Index())
    assert s.history() == [3]


def test_moves_after_the_end_are_illegal():
    s = position(2, hands=["1 0 0 0", "9 9 9 9"], total=90)
    play(s, "1")
    assert s.is_terminal() and s.current_player() == ninetynine.TERMINAL
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply_action(0)


@pytest.mark.parametrize(
    ("option", "value"),
    [("two_player_reverse", "twice"), ("rebuild", "none"), ("max_turns", 0), ("deck", "x=1")],
)
def test_bad_options_name_the_option(option, value):
    with pytest.raises(GameOptionError, match=f"ono99 option {option}"):
        ninetynine.load_game("ono99", num_players=3, **{option: value})


def test_options_from_the_command_line_are_normalised():
    g = ninetynine.load_game(
        "ono99", num_players=3, two_player_reverse="AGAIN", max_turns="50", deck="Rev=8"
    )
    assert dict(g.options) == {
        "deck": "Rev=8",
        "two_player_reverse": "again",
        "rebuild": "top",
        "leave": "turn",
        "max_turns": 50,
    }
    assert json.loads(json.dumps(dict(g.options))) == dict(g.options)


def test_state_json_round_trip_mid_game_and_other_options_rejected():
    g = ninetynine.load_game("ono99", num_players=4)
    s = g.new_initial_state(5)
    for _ in range(20):
        s.apply_action(s.legal_actions()[0])
    copy = g.state_from_json(s.to_json())
    assert copy.to_json() == s.to_json() and repr(copy) == repr(s)
    other = ninetynine.load_game("ono99", num_players=4, rebuild="all")
    with pytest.raises(GameOptionError):
        other.state_from_json(s.to_json())


def test_rules_summary_is_the_package_spec():
    text = ninetynine.load_game("ono99").rules_summary()
    assert text.startswith("# ONO 99")
    for needle in ("| distinct actions | 15 |", "`exchange`", "## Version history"):
        assert needle in text


def test_str_draws_the_board_for_the_player_to_act():
    s = position(2, hands=["1 2 3 4", None], total=40)
    assert "RUNNING TOTAL 40" in str(s) and "Your hand" in str(s)
    assert legal(s) == ["+1=41", "+2=42", "+3=43", "+4=44"]
