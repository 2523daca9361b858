"""The ONO 99 board drawing: snapshots of fixed positions, markup, hidden cards.

Snapshots live in ``tests/games/ono99/snapshots/``. To regenerate them after a deliberate change
to the drawing, run ``UPDATE_SNAPSHOTS=1 pytest tests/games/ono99/test_render.py`` and say why
in the commit message.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

import ninetynine
from helpers import after_bots, check_snapshot
from ninetynine.games.ono99.render import big_number, danger_style, direction_text, render_text

from .positions import play, position

SNAPSHOTS = Path(__file__).parent / "snapshots"


@pytest.mark.parametrize(
    ("players", "seed", "actions", "seat"),
    [(4, 7, 30, 0), (3, 2, 500, None), (5, 11, 45, 3)],
)
def test_board_snapshots(players, seed, actions, seat):
    state = after_bots("ono99", players, seed, actions)
    text = render_text(state.observation(seat))
    who = "public" if seat is None else f"seat{seat}"
    check_snapshot(SNAPSHOTS, f"ono99_{players}p_seed{seed}_move{actions}_{who}.txt", text)


def test_board_with_a_pending_play2_and_a_player_who_left():
    s = position(4, hands=["P2 1 1 1", "9 9 9 9", "0 2 3 -10", None], total=92, draw="4 5")
    play(s, "P2")  # seat 1 leaves; seat 2 does not take the Play 2 over
    text = render_text(s.observation(2), names=["Ann", "Bob", "Cy", "Di"])
    check_snapshot(SNAPSHOTS, "ono99_4p_play2_left.txt", text)
    assert "Bob left the game at 92" in text
    assert "left the game in round 1 at 92 (4 cards face down)" in text
    s = position(3, hands=["P2 1 1 1", "2 3 4 5", None], total=50, draw="6 7")
    play(s, "P2")
    text = render_text(s.observation(1))
    assert "Play 2: Seat 1 (you) plays twice, turn 1 of 2" in text
    assert "Your turn (Play 2: turn 1 of 2)" in text


def test_board_shows_the_hand_with_each_cards_effect():
    s = position(2, hands=["5 3 -10 ONO", None], total=94)
    text = render_text(s.observation(0))
    assert "RUNNING TOTAL 94" in text
    assert re.search(r"x\s+5\s+cannot be played: 94 \+ 5 = 99", text)
    assert re.search(r"3\s+adds 3: declares 97", text)
    assert re.search(r"-10\s+Minus 10\s+subtracts 10: declares 84", text)
    assert re.search(r"x\s+ONO\s+ONO 99\s+can never be played", text)


def test_board_never_shows_more_than_the_seat_may_see():
    s = position(3, hands=["1 2 3 4", "5 6 7 8", "9 9 10 10"], total=10)
    public = render_text(s.observation(None))
    assert "Your hand" not in public
    mine = render_text(s.observation(1))
    assert "adds 5" in mine and "adds 9" not in mine and "adds 1:" not in mine


def test_markup_renders_with_rich_and_colours_the_danger():
    s = position(3, hands=["1 -10 Rev P2", None, None], total=95)
    text = render_text(s.observation(0), markup=True)
    assert "[bold red]" in text  # the total at 95 is red
    console = Console(width=100, record=True, color_system=None)
    console.print(text)
    plain = console.export_text()
    assert "RUNNING TOTAL 95" in plain and "[" not in plain.replace("[bold", "")
    assert danger_style(10) == "bold green" and danger_style(80) == "bold yellow"


def test_big_digits_and_direction():
    assert big_number(98)[0] == "███ ███"
    assert len(big_number(5)) == 5
    assert direction_text(1, [True, False, True, True], 2) == "clockwise (2 → 3 → 0)"
    assert direction_text(-1, [True, True, True], 0) == "counterclockwise (0 → 2 → 1)"


# --------------------------------------------------------------------------- events
def _events(s, moves, names=("A", "B", "C", "D")):
    """The event lines of each move (as the terminal shows them)."""
    out = []
    for m in moves:
        before, sb, mover = s.observation(None), s.scores(), s.current_player()
        play(s, m)
        out.append(
            s.game.describe_events(
                before, s.observation(None), sb, s.scores(), mover, list(names)[: len(sb)]
            )
        )
    return out


def test_events_say_reversed_before_who_left():
    s = position(3, hands=["Rev 1 1 1", "0 0 0 0", "9 9 9 9"], total=95, draw="2 2 2")
    [lines] = _events(s, ["Rev"])
    assert lines[0] == "A reversed the direction: play now goes counterclockwise"
    assert lines[1].startswith("C cannot stay below 99 (total 95) and leaves the game")


def test_events_with_two_players_a_reverse_plays_again_or_passes():
    s = position(2, options={"two_player_reverse": "again"}, hands=["Rev 1 1 1", None], total=9)
    [lines] = _events(s, ["Rev"])
    assert lines == ["A played a Reverse: with two players in the game, A plays again"]
    assert not any("direction" in line for line in lines)
    s = position(2, hands=["Rev 1 1 1", None], total=9)
    [lines] = _events(s, ["Rev"])
    assert lines == ["a Reverse with two players in the game: the turn passes as usual"]


def test_events_strike_back_play2_owed_and_the_play2_dying_with_a_leaver():
    s = position(3, hands=["P2 1 1 1", "Rev 2 2 2", "0 0 0 0"], total=20, draw="3 3 3")
    p2, strike = _events(s, ["P2", "Rev"])
    assert p2 == ["B must play two turns in a row (Play 2)"]
    assert strike[0] == "B strikes the Play 2 back with a Reverse: play now goes counterclockwise"
    assert strike[1] == "A must play two turns in a row (Play 2)"
    s = position(3, hands=["P2 1 1 1", "9 9 9 9", "0 0 0 0"], total=92, draw="3 3 3")
    [lines] = _events(s, ["P2"])
    assert lines == [
        "B cannot stay below 99 (total 92) and leaves the game in round 1; "
        "the Play 2 is not passed on"
    ]


def test_events_exchange_and_rebuild():
    s = position(2, hands=["ONO ONO ONO ONO", "1 2 3 4"], total=30, draw="5 6")
    s.played, s.draw = s.draw[:-2] + s.played, s.draw[-2:]
    [lines] = _events(s, ["exchange"])
    assert lines[0] == "A exchanged the four ONO 99 cards for new cards"
    assert lines[1].startswith("the draw pile ran out and was rebuilt")


def test_a_seat_that_left_sees_it_is_out_and_the_end_explains_the_scores():
    s = position(3, hands=["1 1 1 1", "9 9 9 10", "0 0 0 0"], total=93, draw="2")
    play(s, "+1")  # seat 1 leaves at 94
    text = render_text(s.observation(1))
    assert "You are out of the game  (4 cards face down, out of play)" in text
    assert "Your hand" not in text
    s2 = position(2, hands=["2 7 7 7", "8 8 8 8"], total=89, draw="9")
    play(s2, "2")
    assert s2.is_terminal()
    end = render_text(s2.observation(None), names=["Ann", "Bob"])
    assert "places: 1. Ann, 2. Bob (score = seats outlasted: 1, 0)" in end
    assert s2.scores() == [1.0, 0.0]


def test_the_places_line_of_a_draw_shares_the_first_place():
    g = ninetynine.load_game("ono99", num_players=3, max_turns=5)
    s = g.new_initial_state(1)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    text = render_text(s.observation(None))
    assert "game over: a draw (safety stop)" in text
    assert "places: 1. Seat 0, 1. Seat 1, 1. Seat 2 (score = seats outlasted: 0, 0, 0)" in text
    assert s.scores() == [0.0, 0.0, 0.0]
