"""Loaded states are checked (``TripwireState.from_dict``): every reachable state round-trips,
and a corrupt one is refused with a GameOptionError naming what is wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest

import ninetynine
from helpers import play_random
from ninetynine import GameOptionError

from .positions import play, position


def load(g: Any, d: dict[str, Any]):
    return g.state_from_json(json.dumps(d))


def test_every_state_of_random_games_round_trips():
    for n, opts in ((2, {}), (4, {"penalty_timing": "immediate"}), (3, {"must_null": False})):
        g = ninetynine.load_game("tripwire", num_players=n, max_turns=200, **opts)
        for seed in range(4):

            def check(s: Any, g: Any = g) -> None:
                r = g.state_from_json(s.to_json())
                assert r.to_dict() == s.to_dict()
                assert r.legal_actions() == s.legal_actions()

            play_random(g.new_initial_state(seed), seed, check)


def play_state():
    return position(3, hands=["T6", "P2", "P3"], docks=["T5", "", ""])


#: A wave of 2 units from 2 cards: a turn's units in one wave (D17).
TURN = {"penalty_timing": "turn"}


def wave_state():
    s = position(
        3, options=TURN, hands=["Stasis O10 G2", "Null T9", "P2"], docks=["T4", "", "O8 O9"]
    )
    play(s, "Stasis>1", "O10>3", "end")
    return s


def over_state():
    s = position(3, options=TURN, hands=["Stasis O10", "P2", "P3"], docks=["T4", "", "O8 O9"])
    play(s, "Stasis>1", "O10>3")
    assert s.is_terminal()
    return s


def _set(d: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    x = d
    for k in path[:-1]:
        x = x[k]
    x[path[-1]] = value


CORRUPT = [
    ("play", ("values", 0), 10, "value 10"),
    ("play", ("values", 0), 1, "value 1"),
    ("play", ("values", 1), 5, "empty dock has no value|value 5 and 0 cards"),
    ("play", ("values", 0), 0, "value 0 and 1 cards"),
    ("play", ("colors", 0), 3, "colour 3"),
    ("play", ("colors", 1), 0, "empty dock 2 has colour 0"),
    ("play", ("phase",), 7, "phase 7"),
    ("play", ("player",), 3, "player 3"),
    ("play", ("player",), -1, "player -1"),
    ("play", ("skips", 1), -1, "negative skips"),
    ("play", ("winner",), 1, "not over"),
    ("play", ("ended_by",), "clear", "not over"),
    ("play", ("stats", "hijacks"), [0, 0], "stats hijacks needs 3"),
    ("play", ("stats", "cards_shed"), [0, -1, 0], "stats cards_shed"),
    ("play", ("this_turn", 3), 5, "this_turn"),
    # the turn's flags are true or false: "x" and "false" both read as True before
    ("play", ("this_turn", 5), "false", "this_turn flag must be true or false"),
    ("play", ("this_turn", 7), 1, "this_turn flag must be true or false"),
    ("play", ("this_turn", 0), 1.5, "this_turn item must be a whole number, not 1.5"),
    ("play", ("history",), [999], "not an action id"),
    ("wave", ("wave", 3), 5, "wave target 5"),
    ("wave", ("wave", 2), 0, "0 remaining"),
    ("wave", ("wave", 2), 9, "9 remaining"),
    ("wave", ("wave", 0), 2, "initiator"),
    ("wave", ("phase",), 0, "outside the wave phase"),
    ("over", ("winner",), 5, "winner 5"),
    ("over", ("ended_by",), "gave_up", "ended_by"),
]


@pytest.mark.parametrize(("which", "path", "value", "message"), CORRUPT)
def test_a_corrupt_state_is_refused(which, path, value, message):
    s = {"play": play_state, "wave": wave_state, "over": over_state}[which]()
    d = s.to_dict()
    load(s.game, d)  # the untouched state loads
    _set(d, path, value)
    with pytest.raises(GameOptionError, match=message):
        load(s.game, d)


@pytest.mark.parametrize(
    "key", ["hands", "values", "colors", "wave", "stats", "units_dropped", "this_turn"]
)
def test_a_missing_key_is_refused(key):
    s = wave_state()
    d = s.to_dict()
    del d[key]
    with pytest.raises(GameOptionError, match=key):
        load(s.game, d)


def test_a_missing_stat_is_refused():
    s = wave_state()
    d = s.to_dict()
    del d["stats"]["tripwires"]
    with pytest.raises(GameOptionError, match="tripwires"):
        load(s.game, d)


def test_cards_that_do_not_add_up_and_a_null_on_a_dock_are_refused():
    s = position(3, hands=["T6", "P2", "P3"], docks=["T5", "", ""])
    d = s.to_dict()
    d["hands"][0].append(6)
    with pytest.raises(GameOptionError, match="do not add up"):
        load(s.game, d)
    d = s.to_dict()
    d["docks"][0].append(d["draw"].pop(d["draw"].index(43)))
    with pytest.raises(GameOptionError, match="Null"):
        load(s.game, d)
