"""Every example printed in the ONO 99 rulebook as a test."""

from __future__ import annotations

import pytest

from ninetynine import IllegalActionError
from ninetynine.games.ono99.cards import MINUS10, PLAY2, REVERSE
from ninetynine.games.ono99.rules import declared

from .positions import legal, play, position


def test_playing_a_card_7_then_3_declares_10_then_6_declares_16():
    """§ Playing a Card: "If the previous player played a "7" and you play a "3" on top of it,
    you declare "10." If the next player then plays a "6" on top of that, they declare "16."
    """
    s = position(3, hands=["7 1 1 1", "3 2 2 2", "6 4 4 4"], draw="8 8 8")
    assert s.action_to_string(7) == "+7=7"
    play(s, "7")
    assert s.observation(None)["total"] == 7
    assert s.action_to_string(3) == "+3=10"
    play(s, "3")
    assert s.observation(None)["total"] == 10
    assert s.action_to_string(6) == "+6=16"
    play(s, "+6=16")
    assert s.observation(None)["total"] == 16
    assert s.observation(None)["last"] == {"seat": 2, "action": 6, "total": 16}


def test_how_to_play_5_plus_10_declares_15():
    """§ How to Play, 1: "With a "5" on the table, a player plays a "10" and declares
    "5 + 10 = 15!"
    """
    s = position(2, hands=["10 1 1 1", None], played="5", total=5)
    assert s.action_to_string(10) == "+10=15"
    play(s, "10")
    assert s.observation(None)["total"] == 15
    assert declared(5, 10) == 15


def test_how_to_play_at_94_a_5_cannot_be_played():
    """§ How to Play, 2: "With a running total of 94, a player holding a "5" cannot play it,
    because 94 + 5 = 99. They must play a different card."
    """
    s = position(2, hands=["5 3 9 10", None], total=94)
    assert legal(s) == ["+3=97"]
    before = s.to_json()
    with pytest.raises(IllegalActionError, match=r"5 cannot be played: 94 \+ 5 = 99, the total"):
        s.apply_action(5)
    assert s.to_json() == before
    play(s, "3")
    assert s.observation(None)["total"] == 97


def test_how_to_play_a_player_with_no_card_below_99_leaves():
    """§ How to Play: "A player who has no card in hand that can be played without the total
    reaching 99 or more leaves the game. The last player remaining is the winner."
    """
    s = position(3, hands=["1 1 1 1", "5 6 7 8", "0 2 2 2"], total=93, draw="9 9 9")
    play(s, "1")  # seat 0 declares 94; seat 1 holds nothing below 5: it leaves
    obs = s.observation(None)
    assert obs["in_game"] == [True, False, True]
    assert s.current_player() == 2
    assert obs["eliminations"] == [{"seat": 1, "round": 1, "turn": 1, "total": 94}]


def test_hints_7_minus_10_declares_0_not_minus_3():
    """§ Hints: "if the total is 7 and a "-10" card is played on top of it, do not declare
    "-3." Declare "0."
    """
    s = position(2, hands=["-10 1 1 1", None], played="7", total=7)
    assert s.action_to_string(MINUS10) == "-10=0"
    play(s, "-10")
    assert s.observation(None)["total"] == 0


@pytest.mark.parametrize(
    ("card", "kind", "move"), [("Rev", REVERSE, "Rev"), ("P2", PLAY2, "P2"), ("0", 0, "+0")]
)
def test_hints_the_total_is_declared_even_when_it_does_not_change(card, kind, move):
    """§ Hints: "Even when the total does not change, you must always declare the total";
    § Reverse Card / § Play 2 Card: "does not change the total, but you must still declare
    the total."
    """
    s = position(3, hands=[f"{card} 1 1 1", None, None], played="9 4", total=41)
    assert s.action_to_string(kind) == f"{move}=41"
    play(s, f"{move}=41")
    assert s.observation(None)["total"] == 41


def test_hints_a_player_who_leaves_places_the_hand_face_down_and_is_skipped():
    """§ Hints: "When a player leaves the game, they place all of their hand cards face down.
    The other players skip that player and continue the game."
    """
    s = position(3, hands=["2 2 2 2", "9 9 10 10", "1 1 1 1"], total=90, draw="3 3 3 3 3 3")
    play(s, "2")  # 92: seat 1 cannot play and leaves
    obs = s.observation(0)
    assert obs["out_sizes"] == [0, 4, 0] and obs["hand_sizes"][1] == 0
    assert s.current_player() == 2
    play(s, "1")  # 93: seat 0 next, seat 1 skipped
    assert s.current_player() == 0
