"""State JSON: exact round trips, and corrupt states refused (``from_dict`` validates)."""

from __future__ import annotations

import json

import pytest

import ninetynine
from helpers import random_steps
from ninetynine import GameOptionError

from .positions import position


def _game(n: int = 3, **options):
    return ninetynine.load_game("ono99", num_players=n, **options)


def _mid_game(n: int = 3, **options) -> dict:
    g = _game(n, **options)
    s = g.new_initial_state(4)
    for _ in random_steps(s, 1, limit=12):
        pass
    return json.loads(s.to_json())


def _load(data: dict, n: int = 3, **options):
    return _game(n, **options).state_from_json(json.dumps(data))


def test_round_trips_with_rebuilds_and_both_leave_readings():
    for options in ({"deck": "-10=30"}, {"deck": "-10=30", "leave": "now", "rebuild": "all"}):
        g = _game(4, **options)
        s = g.new_initial_state(5)
        for k, _ in enumerate(random_steps(s, 3)):
            if k % 7 == 0:
                copy = g.state_from_json(s.to_json())
                assert copy.to_json() == s.to_json()
        assert s.rebuilds >= 1 and json.loads(s.to_json())["gens"] is not None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(total=150), "total must be within 0..98"),
        (lambda d: d.update(total=-1), "total must be within 0..98"),
        (lambda d: d.update(player=7), "player must be within 0..2"),
        (lambda d: d.update(player=True), "player must be a whole number"),
        (lambda d: d.update(direction=0), "direction must be 1 or -1"),
        (lambda d: d.update(play2=3), "play2 must be within 0..2"),
        (lambda d: d["hands"][0].append(15), "15 is not an ONO 99 card kind"),
        (lambda d: d["hands"][0].__setitem__(0, "7"), "'7' is not an ONO 99 card kind"),
        (lambda d: d["draw"].append(-1), "-1 is not an ONO 99 card kind"),
        (lambda d: d["draw"].extend(d["draw"][:50]), "do not add up"),
        (lambda d: d["draw"].pop(), "missing"),
        (lambda d: d.update(hands=d["hands"][:2]), "list of 3 lists"),
        (lambda d: d.update(alive=[1, 1, 1]), "true/false"),
        (lambda d: d.update(winner=5), "winner must be within"),
        (lambda d: d.update(ended_by="boredom"), "ended_by"),
        (lambda d: d.update(winner=1), "a game still going has no winner"),
        (lambda d: d.update(turn=d["turn"] + 1), "the history has"),
        (lambda d: d["history"].append(99), "history"),
        (lambda d: d.update(last=[0, 1]), "last must be"),
        (lambda d: d.update(gens={"hands": [[0], [], []], "out": [[], [], []]}), "gens"),
    ],
)
def test_corrupt_states_are_refused(change, message):
    data = _mid_game()
    change(data)
    with pytest.raises(GameOptionError, match=message):
        _load(data)
    g = _game()
    with pytest.raises(ValueError, match=message):
        g.state_from_dict(data)


def test_a_hand_of_five_and_seats_that_left_holding_cards_are_refused():
    data = _mid_game()
    data["hands"][0].append(data["draw"].pop())
    with pytest.raises(GameOptionError, match="holds 5 cards"):
        _load(data)
    data = _mid_game()
    data["alive"][1] = False
    with pytest.raises(GameOptionError, match="left the game but holds cards"):
        _load(data)


def test_the_seat_to_act_must_be_in_the_game_and_hold_a_move():
    s = position(3, hands=["9 9 9 9", "1 1 1 1", "2 2 2 2"], total=20)
    data = json.loads(s.to_json())
    data["total"] = 95
    data["peak"] = [95] * 3
    with pytest.raises(GameOptionError, match="seat 0 is to play but holds no move"):
        _load(data)


def test_a_deck_with_162_cards_is_refused():
    data = _mid_game()
    data["draw"] += [0] * 50
    with pytest.raises(GameOptionError, match=r"112 cards, found 162"):
        _load(data)


def test_other_deck_compositions_are_checked_against_their_own_counts():
    data = _mid_game(3, deck="rev=8")
    assert _load(data, 3, deck="rev=8").to_json() == json.dumps(data, separators=(",", ":"))
    with pytest.raises(ValueError, match="do not add up"):
        _game(3).state_from_dict(data)  # the standard deck: four more Reverse cards
