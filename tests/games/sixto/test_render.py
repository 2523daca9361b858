"""The Sixto sheet drawing and event lines: snapshots of fixed positions, colour markup with
its non-colour cues, secret choices.

Snapshots live in ``tests/games/sixto/snapshots/``. To regenerate them after a deliberate
change to the drawing, run ``UPDATE_SNAPSHOTS=1 pytest tests/games/sixto/test_render.py`` and
say why in the commit message.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

import ninetynine
from helpers import after_bots, check_snapshot
from ninetynine.agents import make_agent
from ninetynine.games.sixto.render import render_text

from .positions import act, position

SNAPSHOTS = Path(__file__).parent / "snapshots"


@pytest.mark.parametrize(
    ("players", "seed", "actions", "seat", "pad"),
    [
        (3, 7, 31, 1, "none"),
        (2, 5, 400, None, "none"),
        (2, 3, 25, 0, "hits"),
        (2, 4, 22, 1, "kriskras"),
        (1, 2, 17, 0, "locked"),
        (2, 6, 30, 0, "cross-blocks"),
        (2, 6, 30, 0, "cross-diagonals"),
    ],
)
def test_sheet_snapshots(players, seed, actions, seat, pad):
    state = after_bots("sixto", players, seed, actions, "greedy", pad=pad)
    text = state.game.render_observation(state.observation(seat))
    who = "public" if seat is None else f"seat{seat}"
    check_snapshot(SNAPSHOTS, f"sixto_{pad}_{players}p_seed{seed}_move{actions}_{who}.txt", text)


def test_colour_markup_keeps_a_non_colour_cue():
    state = after_bots("sixto", 2, 7, 9, "greedy")
    obs = state.observation(0)
    plain = render_text(obs, game=state.game)
    marked = render_text(obs, markup=True, game=state.game)
    assert "[bold white on red3]" in marked and "[bold black on yellow3]" in marked
    console = Console(width=120, record=True, color_system=None)
    console.print(marked)
    assert console.export_text().rstrip() == plain.rstrip()  # the same text without colour
    for letter, name in zip(
        "RYGBPO", ("Red", "Yellow", "Green", "Blue", "Purple", "Orange"), strict=True
    ):
        assert f"{letter} {name}" in plain  # every row names its colour
    assert "X" in plain  # marks are letters, not colours only


def test_kriskras_sheets_number_their_rows_as_its_moves_do():
    """A Kris-Kras move names a row by number (``R@3``, D22), so every sheet, the player's
    own and the others' compact ones, numbers its rows 1-6; other pads do not."""
    state = after_bots("sixto", 2, 4, 22, "greedy", pad="kriskras")
    lines = render_text(state.observation(1), game=state.game).splitlines()
    for r, (letter, name) in enumerate(
        zip("RYGBPO", ("Red", "Yellow", "Green", "Blue", "Purple", "Orange"), strict=True)
    ):
        assert any(ln.startswith(f"  {r + 1} {letter} {name}") for ln in lines)
        assert any(ln.startswith(f"  {r + 1} {letter} ") and "|" in ln for ln in lines)
    plain = after_bots("sixto", 2, 4, 22, "greedy")
    assert "  1 R Red" not in render_text(plain.observation(1), game=plain.game)


def test_the_drawing_never_shows_another_players_secret_choice():
    s = position(2, dice=[1, 6, 5, 3, 4, 2])
    act(s, "keep", "RYGBPO")
    other = render_text(s.observation(1), game=s.game)
    mine = render_text(s.observation(0), game=s.game)
    assert "your marks this roll: RYGBPO" in mine
    assert "RYGBPO" not in other and "Seat 0 chosen" in other


def test_the_drawing_says_where_each_die_would_mark():
    s = position(1, dice=[6, 1, 1, 1, 1, 1])
    act(s, "keep")
    text = render_text(s.observation(0), game=s.game)
    assert "R6: col 5 (4 lost)" in text


def test_event_lines_tell_every_players_marks_once_revealed():
    s = position(2, dice=[1, 6, 5, 3, 4, 2])
    game = s.game
    act(s, "keep")
    before = s.observation(None)
    act(s, "R")
    names = ["Ann", "Bob"]
    assert game.describe_events(before, s.observation(None), [0, 0], [0, 0], 0, names) == []
    act(s, "pass")
    lines = game.describe_events(before, s.observation(None), [0, 0], s.scores(), 1, names)
    assert lines[0] == "Ann marks Red 1 (column 1); score -10"
    assert lines[1] == "Bob marks nothing; score 0"
    assert lines[2].startswith("Bob rolls ")


def test_event_lines_for_removal_and_the_end():
    s = position(1, dice=[4, 1, 1, 1, 1, 1])
    for d in (1, 2):
        s.dice[d] = 0
        s.removed.append(d)
        s.removed_at[d] = 1
    from .positions import set_row

    set_row(s, 0, 0, [1, 1, 1, 1, 2, 2, 2, 2, 2, 1, 0, 0])
    act(s, "keep", "R")
    lines = s.game.describe_events({}, s.observation(None), [0], s.scores(), 0, ["You"])
    assert "the Red die is removed: You marked two spaces of the Red row's target area" in lines
    assert lines[-1].startswith("game over, the third die is out: final score ")


@pytest.mark.parametrize("pad", ["none", "hits", "kriskras", "locked"])
def test_where_each_die_would_mark_lists_only_marks_some_legal_choice_makes(pad):
    """The help under the sheet ("Where each die would mark") must not offer a mark no legal
    choice can make: in Kris-Kras a die's space in a closed target area is only reachable if
    other dice of the same roll can first mark enough spaces of that row (D6, D18)."""
    from ninetynine.games.sixto.render import moves_for_dice
    from ninetynine.games.sixto.rules import choice_marks, layout_for

    game = ninetynine.load_game("sixto", num_players=2, pad=pad)
    checked = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        bots = [make_agent("greedy", game, i, seed=i) for i in range(2)]
        while not state.is_terminal() and checked < 60 * (seed + 1):
            p = state.current_player()
            obs = state.observation(p)
            if obs["phase"] == "choose":
                checked += 1
                lay = layout_for(state.designs[p], game.width, pad)
                made = set()
                for a in state.legal_actions():
                    if game.notation.is_unlock(a):
                        continue
                    marks = choice_marks(
                        lay, state.cells[p], state.cursor[p], state.dice, a - 2, game.open_after
                    )
                    made |= {(m.die, m.row, m.col) for m in marks}
                offered = set()
                for line in moves_for_dice(obs, p):
                    if line.startswith("next locks"):
                        continue
                    d = "RYGBPO".index(line[0])
                    for part in line.split(": ", 1)[1].split("; "):
                        words = part.removeprefix("hit: ").split()
                        if words[0] == "row":
                            offered.add((d, int(words[1]) - 1, int(words[3]) - 1))
                        elif words[0] == "col":
                            offered.add((d, d, int(words[1]) - 1))
                assert offered == made, (pad, seed, offered - made, made - offered)
            state.apply_action(bots[p].step(obs, state.legal_actions()))
    assert checked > 50


def _numbers(line: str) -> list[int]:
    import re

    return [int(x) for x in re.findall(r"-?\d+", line)]


@pytest.mark.parametrize("pad", ["none", "cross-blocks", "cross-diagonals", "hits", "locked"])
def test_every_point_of_a_score_is_on_the_board(pad):
    """Issue 18: the Cross areas and the Hits bonus scored points the board did not show.
    Now the row points, the column points, each Cross area's points and the Hits bonus are
    printed, and they add up to the score the sheet's title gives, at every roll of a game."""
    game = ninetynine.load_game("sixto", num_players=2, pad=pad)
    state = game.new_initial_state(6)
    bots = [make_agent("greedy", game, i, seed=i) for i in range(2)]
    checked = 0
    while not state.is_terminal():
        obs = state.observation(0)
        if obs["phase"] == "roll":
            lines = render_text(obs, game=game).splitlines()
            top = lines.index(next(ln for ln in lines if ln.startswith("  columns")))
            rows = [_numbers(ln)[-1] for ln in lines[top - 6 : top]]
            columns = sum(_numbers(lines[top]))
            total_line = next(ln for ln in lines if ln.startswith("  score "))
            total, *parts = _numbers(total_line.split("(")[0])
            assert total == obs["scores"][0] == sum(parts)
            assert parts[:2] == [sum(rows), columns]
            if pad == "cross-blocks":
                blocks = [ln for ln in lines if ln.startswith("  blocks ")]
                assert len(blocks) == 3
                assert parts[2] == sum(sum(_numbers(ln)[2:]) for ln in blocks)
            if pad == "cross-diagonals":
                line = next(ln for ln in lines if ln.startswith("  diagonals "))
                assert parts[2] == sum(
                    _numbers(line.replace("columns 1-6", "").replace("columns 7-12", ""))
                )
            if pad == "hits":
                bonus = sum(ln.count("X+") for ln in lines[top - 6 : top]) * 5
                assert parts[2] == bonus
            checked += 1
        p = state.current_player()
        state.apply_action(bots[p].step(state.observation(p), state.legal_actions()))
    assert checked > 8


def test_a_hit_space_marked_the_regular_way_is_told_from_one_marked_by_a_hit():
    """Both showed ``X*``; the regular mark earns the +5 (D16), so it shows ``X+``."""
    from ninetynine.games.sixto.render import cell_text
    from ninetynine.games.sixto.rules import HIT, MARK, OPEN, layout_for

    lay = layout_for(0, 12, "hits")
    i = next(k for k, h in enumerate(lay.hits) if h)
    cells = [OPEN] * len(lay.hits)
    assert cell_text(lay, cells, i).endswith("*")
    cells[i] = HIT
    assert cell_text(lay, cells, i) == " X*"
    cells[i] = MARK
    assert cell_text(lay, cells, i) == " X+"


def test_the_hits_log_names_the_die_as_it_showed():
    """A hit marks a space whatever the die shows: the log said "Green 3 (column 2, a hit)",
    the space's number, where the Green die showed 6."""
    game = ninetynine.load_game("sixto", num_players=2, pad="hits")
    state = game.new_initial_state(3)
    bots = [make_agent("greedy", game, i, seed=i) for i in range(2)]
    seen = 0
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(bots[p].step(state.observation(p), state.legal_actions()))
        after = state.observation(None)
        for e in after["events"]:
            if e["type"] != "marks":
                continue
            line = next(
                ln
                for ln in game.describe_events({}, after, [], [], p, ["A", "B"])
                if ln.startswith(("A marks", "B marks")) and ln[0] == "AB"[e["seat"]]
            )
            for d, r, c, hit in e["marks"]:
                shown = after["last_roll"]["dice"][d]
                name = ("Red", "Yellow", "Green", "Blue", "Purple", "Orange")[d]
                if hit:
                    lay_number = game.new_initial_state(3).layouts[e["seat"]].numbers
                    space = lay_number[r * after["width"] + c]
                    assert (
                        f"{name} {shown} as a hit on the {space} in column {c + 1} (no bonus)"
                        in line
                    )
                    seen += 1
    assert seen > 3


def test_kriskras_mini_sheets_keep_their_colours():
    """The others' compact sheets showed numbers only; each space's colour is its letter, and
    its colour with markup."""
    state = after_bots("sixto", 2, 4, 22, "greedy", pad="kriskras")
    plain = render_text(state.observation(1), game=state.game)
    marked = render_text(state.observation(1), markup=True, game=state.game)
    mini = [ln for ln in plain.splitlines() if ln.startswith("  1 R ") and "|" in ln]
    assert mini[-1] == "  1 R y.pXb.gXp1b5g2r1y3|o5r3o2"  # the other seat's, after the own
    assert "[bold white on purple4]p1[/]" in marked
