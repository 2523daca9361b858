"""The Tripwire board drawing and event lines: snapshots of fixed positions, markup, hidden
cards.

Snapshots live in ``tests/games/tripwire/snapshots/``. To regenerate them after a deliberate
change to the drawing, run ``UPDATE_SNAPSHOTS=1 pytest tests/games/tripwire/test_render.py`` and
say why in the commit message.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

import ninetynine
from helpers import after_bots, check_snapshot
from ninetynine.games.tripwire.render import render_text, turn_text, wave_text

from .positions import play, position

SNAPSHOTS = Path(__file__).parent / "snapshots"


@pytest.mark.parametrize(
    ("players", "seed", "actions", "seat"),
    [(4, 7, 30, 0), (3, 2, 2000, None), (5, 11, 45, 3)],
)
def test_board_snapshots(players, seed, actions, seat):
    state = after_bots("tripwire", players, seed, actions)
    text = render_text(state.observation(seat))
    who = "public" if seat is None else f"seat{seat}"
    check_snapshot(SNAPSHOTS, f"tripwire_{players}p_seed{seed}_move{actions}_{who}.txt", text)


def test_board_during_an_attack_wave():
    s = position(
        4,
        hands=["Stasis P10 O6 O2 O3", "Null T1 T2 G2", "P1 P2 O1", "T9 O9 G3"],
        docks=["T3 T4", "P8 P9", "O5"],
        options={"penalty_timing": "turn"},  # the log's wave of 3 units (D17)
    )
    play(s, "Stasis>1", "P10>2", "O6>3", "end", "null")
    text = render_text(s.observation(2), names=["Ann", "Bob", "Cy", "Di"])
    check_snapshot(SNAPSHOTS, "tripwire_4p_wave_seat2.txt", text)
    assert "Attack Wave: you must answer" in text
    assert "Attack Wave from Ann: 3 units; Bob null (2 left); Cy is next (2 incoming)" in text


def test_board_shows_the_hand_with_each_cards_moves():
    s = position(2, hands=["T6 P5 Vec Null O1", None], docks=["T5", "", ""])
    text = render_text(s.observation(0))
    assert re.search(r"T6\s+Teal 6\s+T6>1 \(Standard Play\)", text)
    assert re.search(r"P5\s+Purple 5\s+P5>1 \(Number Match\)  P5>2 \(primes\)", text)
    assert re.search(r"Vec\s+Vector\s+Vec4>1  Vec6>1", text)
    assert re.search(r"Null\s+Null\s+defence", text)
    assert re.search(r"x O1\s+Orange 1\s+fits no dock", text)
    assert "next: T4/T6, any 5" in text and "next: a Purple 2-9" in text


def test_board_never_shows_more_than_the_seat_may_see():
    s = position(3, hands=["T6 T7", "P5 P6", "O5 O6"], docks=["T5", "", ""])
    public = render_text(s.observation(None))
    assert "Your hand" not in public
    mine = render_text(s.observation(1))
    assert "Purple 5" in mine and "Teal 6" not in mine and "Orange 5" not in mine


def test_markup_renders_with_rich():
    s = position(3, hands=["T6 Vec Null Plus", None, None], docks=["T5", "P5", ""])
    text = render_text(s.observation(0), markup=True)
    assert "[bold black on dark_cyan]" in text and "[bold white on green4]Vec[/]" in text
    console = Console(width=100, record=True, color_system=None)
    console.print(text)
    plain = console.export_text()
    assert "DOCK 1 [TEAL]" in plain and "Teal 5" in plain and "[/" not in plain


def test_wave_and_turn_lines():
    names = ["A", "B", "C"]
    w = {
        "initiator": 0,
        "units": 3,
        "remaining": 0,
        "target": -1,
        "steps": [
            {"seat": 1, "result": "null", "units": 1},
            {"seat": 2, "result": "hit", "units": 1},
            {"seat": 0, "result": "wall", "units": 1},
        ],
    }
    assert wave_text(w, names) == (
        "Attack Wave from A: 3 units; B null (2 left); C hit (1 left); A takes 1 at the wall"
    )
    s = position(3, hands=["T6 G6 P7", None, None], docks=["T5", "P6", "O5"])
    play(s, "T6>1", "G6>3")
    assert turn_text(s.observation(0)) == (
        "this turn: 2 cards; dock 1 took its card; Neutral Chain on dock 3; "
        "Triple Play possible (docks used: 2 of 3)"
    )


def test_events_name_resets_hijacks_skips_bonus_and_the_end():
    g = ninetynine.load_game("tripwire", num_players=3)
    names = ["A", "B", "C"]

    def step(s, move):
        before = s.observation(None)
        mover = s.current_player()
        play(s, move)
        return g.describe_events(before, s.observation(None), [], [], mover, names)

    s = position(3, hands=["T1 O10 P5 G2", "G3", "G4"], docks=["T3 P3 P2 T2", "", "O8 O9"])
    assert step(s, "T1>1") == [
        "A DEFUSES dock 1 with Teal 1: 5 cards to the side pile; a bonus turn when this turn ends"
    ]
    assert step(s, "O10>3") == [
        "A trips a TRIPWIRE on dock 3 with Orange 10: 3 cards to the side pile; 1 penalty unit",
        "ATTACK WAVE: A triggers 1 unit; target B (1 incoming)",
    ]
    lines = step(s, "take")
    assert lines[0] == "B takes the hit: draws 1, skips 1 (the wave is spent)"
    assert "A takes a bonus turn (Defuse or Volt)" in step(s, "end")
    s = position(
        3,
        hands=["T1 O10 P5 G2", "G3", "G4"],
        docks=["T3 P3 P2 T2", "", "O8 O9"],
        options={"penalty_timing": "turn"},
    )
    step(s, "T1>1")
    step(s, "O10>3")
    assert step(s, "end") == ["ATTACK WAVE: A triggers 1 unit; target B (1 incoming)"]
    assert "A takes a bonus turn (Defuse or Volt)" in step(s, "take")
    s = position(2, hands=["P5 G2", "G3"], docks=["T5", "", ""])
    assert step(s, "P5>1") == ["A hijacks dock 1 with Purple 5 (Number Match)"]
    s = position(2, hands=["T6", "G3"], docks=["T5", "", ""])
    assert step(s, "T6>1") == ["A: SYSTEM CLEAR! (last card played)"]


def test_a_blocked_ending_says_the_fewest_cards_decided_it():
    """Issue 18: a blocked 4-player game "is a draw" over -5 -5 -6 -6 without saying why. The
    end names the rule (the fewest cards wins, D24) with every seat's count, and a tie for the
    fewest as such."""
    from ninetynine.core.presentation import Transition
    from ninetynine.games.tripwire.events import describe_events

    names = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    tie = {"events": [{"type": "blocked", "winner": -1}], "hand_sizes": [5, 5, 6, 6]}
    assert describe_events(Transition({}, tie, [], [], 0, names)) == [
        "nobody can play and both piles are empty: the game is blocked; a draw: Seat 0 and "
        "Seat 1 tie for the fewest cards, 5 each (Seat 0 5, Seat 1 5, Seat 2 6, Seat 3 6)"
    ]
    won = {"events": [{"type": "turn_limit", "winner": 2}], "hand_sizes": [5, 7, 4, 6]}
    assert describe_events(Transition({}, won, [], [], 0, names)) == [
        "the safety stop (turn limit) ends the game; Seat 2 wins with the fewest cards "
        "(Seat 0 5, Seat 1 7, Seat 2 4, Seat 3 6)"
    ]
    # the board's status line of a real blocked game says the same
    game = ninetynine.load_game("tripwire", num_players=4)
    from ninetynine.agents import make_agent

    for seed in range(300):
        state = game.new_initial_state(seed)
        bots = [make_agent("greedy", game, i, seed=i) for i in range(4)]
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(bots[p].step(state.observation(p), state.legal_actions()))
        obs = state.observation(None)
        if obs["ended_by"] == "blocked":
            break
    else:
        pytest.skip("no blocked game in 300 greedy games")
    counts = ", ".join(f"Seat {q} {k}" for q, k in enumerate(obs["hand_sizes"]))
    head = render_text(obs, game=game).splitlines()[0]
    assert "fewest cards" in head and head.endswith(f"({counts})")
