"""The 99 Heroes board drawing, event lines, hero cards and hints: snapshots of fixed positions,
markup, and what each seat may see.

Snapshots live in ``tests/games/heroes99/snapshots/``. To regenerate them after a deliberate
change to the drawing, run ``UPDATE_SNAPSHOTS=1 pytest tests/games/heroes99/test_render.py`` and
say why in the commit message.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

import ninetynine
from helpers import after_bots, check_snapshot
from ninetynine.games.heroes99.render import hero_card, render_text

from .positions import legal, play, position

SNAPSHOTS = Path(__file__).parent / "snapshots"


@pytest.mark.parametrize(
    ("players", "seed", "actions", "seat"),
    [(2, 7, 2, 0), (2, 7, 30, 1), (3, 5, 40, 0), (2, 3, 500, None)],
)
def test_board_snapshots(players, seed, actions, seat):
    state = after_bots("heroes99", players, seed, actions)
    text = render_text(state.observation(seat), game=state.game)
    who = "public" if seat is None else f"seat{seat}"
    check_snapshot(SNAPSHOTS, f"heroes99_{players}p_seed{seed}_move{actions}_{who}.txt", text)


def test_hidden_placements_are_not_drawn():
    s = after_bots("heroes99", 2, 7, 2)  # seat 0 placed two heroes, nobody else has seen them
    mine = s.observation(0)["my_heroes"]
    names = [s.game.roster.heroes[s.game.roster.index(h)].name for h in mine if h]
    theirs = render_text(s.observation(1), game=s.game)
    ours = render_text(s.observation(0), game=s.game)
    for name in names:
        assert name in ours.split("Heroes")[0]
        assert name not in theirs.split("Heroes")[0]


def test_markup_renders_in_rich():
    s = after_bots("heroes99", 2, 7, 30)
    text = render_text(s.observation(0), markup=True, game=s.game)
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(text)
    assert "LANE 1" in out.getvalue() and "[bold]" not in out.getvalue()


def test_event_lines_say_what_happened_without_hidden_cards():
    game = ninetynine.load_game("heroes99")
    s = position(
        [["hoarder", "bastion", "regent"], ["duelist", "warden", "stalwart"]],
        hands=["10S 3C 8H", "2D"],
    )
    lines = []
    for move in ("10S>1", "skill2", "3C"):
        before = s.observation(None)
        play(s, move)
        lines += game.describe_events(
            before, s.observation(None), [0, 0], [0, 0], 0, ["Seat 0", "Seat 1"]
        )
    text = " ".join(lines)
    assert "plays 10S on Hoarder (lane 1)" in text and "Hoarder's skill2 [10]" in text
    assert "bolsters Seat 0's Hoarder (lane 1) with 1 card from the hand" in text
    assert "3C" not in text


def test_hero_card():
    game = ninetynine.load_game("heroes99")
    text = hero_card(game.roster.heroes[game.roster.index("jester")])
    assert text.splitlines()[0] == "Jester (jester)  trickster"
    assert (
        "skill1 [hearts]: Shift an active card from this hero to an enemy hero in this lane."
        in text
    )


def test_hint_speaks_for_the_seat_to_move_only():
    game = ninetynine.load_game("heroes99")
    s = position(
        [["bastion", "regent", "jester"], ["hoarder", "warden", "stalwart"]], hands=["7S KH", "2D"]
    )
    hint = game.hint(s.observation(0))
    assert hint and hint.split(":")[0].split()[0] in {
        s.action_to_string(a) for a in s.legal_actions()
    }
    assert game.hint(s.observation(1)) is None and game.hint(s.observation(None)) is None
    pick = game.new_initial_state(3)
    assert "@<lane>" in game.hint(pick.observation(0))


def _rich_text(markup: str) -> str:
    console = Console(width=200, record=True, color_system=None, file=io.StringIO())
    console.print(markup)
    return console.export_text()


def test_a_suit_skill_keeps_its_label_in_the_coloured_prompt():
    """Rich read ``[hearts]`` in "skill1 [hearts]" as a style tag and dropped it: the prompt
    said "skill1 , or pass"."""
    s = position(
        [["jester", "regent", "bastion"], ["warden", "hoarder", "stalwart"]],
        hands=["7H 2C", "2D"],
    )
    play(s, "7H>1")
    shown = _rich_text(render_text(s.observation(0), markup=True, game=s.game))
    assert "may activate a skill of Jester: skill1 [hearts], or pass" in shown


def test_the_hand_lists_no_skill_on_a_full_hero():
    """Jester in lane 1 holds 3 active cards (full): a heart in hand cannot go there, so the
    hand does not list ">1 Jester skill1" for it."""
    s = position(
        [["jester", "regent", "bastion"], ["warden", "hoarder", "stalwart"]],
        hands=["7H 2C", "2D"],
        active=[["3C 4C 5C", "", ""], ["", "", ""]],
    )
    assert "7H>1" not in legal(s) and "7H>3" in legal(s)
    text = render_text(s.observation(0), game=s.game)
    line = next(ln for ln in text.splitlines() if ln.startswith("  7H"))
    assert line.strip() == "7H"  # it was "7H   >1 Jester skill1"


def test_a_skill_that_can_do_nothing_says_why():
    """Jester's skill1 shifts a card to the enemy hero in its lane; the Warden there is warded
    (Sanctuary), so nothing moves: the log now says so instead of going silent."""
    s = position(
        [["jester", "regent", "bastion"], ["warden", "hoarder", "stalwart"]],
        hands=["7H 2C", "2D"],
        active=[["3C", "", ""], ["4S", "", ""]],
    )
    play(s, "7H>1")
    before = s.observation(None)
    play(s, "skill1")
    lines = s.game.describe_events(before, s.observation(None), [0, 0], [0, 0], 0, ["A", "B"])
    assert lines == [
        "A activates Jester's skill1 [hearts]: Shift an active card from this hero to an enemy "
        "hero in this lane.",
        "Jester's effect does nothing: no hero it may shift a card to (B's Warden in lane 1 is "
        "warded by Sanctuary: enemy effects cannot shift, discard or swap anything of it)",
    ]


def test_an_end_on_equal_points_gives_the_strength_tie_break_figures():
    """Issue 18: "2 points, 2 points, Seat 0 wins" did not say the Strength tie-break (H7)
    decided it. The end now gives each tied seat's total Strength over every lane (a resolved
    lane as tallied, the others as they stand)."""
    from ninetynine.games.heroes99.events import result_text

    game = ninetynine.load_game("heroes99", num_players=3)
    names = ["A", "B", "C"]
    obs = {
        "num_players": 3,
        "lane_result": [{"points": [2, 0, 0], "strength": [12, 9, 4]}, None, None],
        "strength": [[0, 5, 6], [0, 11, 8], [0, 1, 1]],
    }
    assert result_text(obs, [2, 2, 1], 1, names, game) == (
        "A and B tie at 2 points; the tie-break, total Strength over every lane: A 23, B 28: B wins"
    )
    assert result_text(obs, [3, 2, 1], 0, names, game) == "A wins"  # no tie: nothing to add
    obs["strength"][1] = [0, 6, 6]  # B 21 ... A 23: still A and B tie on points
    obs["strength"][0] = [0, 4, 5]  # A 21: a tie again on Strength
    assert result_text(obs, [2, 2, 1], -1, names, game) == (
        "A and B tie at 2 points; the tie-break, total Strength over every lane: A 21, B 21, "
        "tied again: a draw"
    )
    plain = ninetynine.load_game("heroes99", num_players=3, tiebreak="draw")
    assert result_text(obs, [1, 1, 0], -1, names, plain) == (
        "A and B tie at 1 point, and the tie-break is off (tiebreak=draw): a draw"
    )
    end = {"type": "end", "how": "no_play", "seat": 1, "points": [2, 2, 1], "winner": 1}
    obs["strength"][1] = [0, 11, 8]
    lines = game.describe_events({}, {**obs, "events": [end]}, [], [], 1, names)
    assert lines == [
        "GAME END: B cannot play a card. Points: A 2, B 2, C 1. A and B tie at 2 points; the "
        "tie-break, total Strength over every lane: A 21, B 28: B wins"
    ]


def test_a_shift_with_nowhere_to_go_names_the_full_hero():
    """Seen in a terminal game: Jester's shift did nothing against an enemy hero already
    holding 3 active cards (H10), and said only "no hero it may shift a card to"."""
    s = position(
        [["jester", "regent", "bastion"], ["hoarder", "warden", "stalwart"]],
        hands=["7H 2C", "2D"],
        active=[["3C", "", ""], ["4S 5S 6S", "", ""]],
    )
    play(s, "7H>1")
    before = s.observation(None)
    play(s, "skill1")
    lines = s.game.describe_events(before, s.observation(None), [0, 0], [0, 0], 0, ["A", "B"])
    assert lines[-1] == (
        "Jester's effect does nothing: no hero it may shift a card to (B's Hoarder in lane 1 "
        "has 3 active cards: a shift never leaves a hero with more than 3)"
    )
