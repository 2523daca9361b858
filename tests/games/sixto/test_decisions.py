"""One test (or a few) per rules decision D1-D24 in ``docs/rules/sixto.md``.

Test names start with ``test_d<N>_`` so that ``pytest -k d10`` finds a decision's tests.
Design 1's Red row (seat 0 in :func:`position`) reads ``1 3 2 3 6 2 6 5 4 | 5 4 1``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import ninetynine
from helpers import random_playout
from ninetynine import GameOptionError, IllegalActionError, NotationError
from ninetynine.core.rng import Rng
from ninetynine.games.sixto import sheets as S
from ninetynine.games.sixto import turn
from ninetynine.games.sixto.actions import CHOICE0, KEEP, REROLL, Notation
from ninetynine.games.sixto.rules import (
    HIT,
    HIT_BONUS,
    LOST,
    MARK,
    OPEN,
    UNLOCKED,
    VOID,
    layout_for,
    points_table,
    score_sheet,
)
from ninetynine.sim import play_game, summarize

from .positions import act, legal, marks_in, numbers, position, row_codes, set_row, sixto

R, Y, G, B, P, _O = range(6)  # Orange is not used
X, L, _ = MARK, LOST, OPEN


def choose_all(s, *moves):
    """keep, then one choice per seat in choosing order."""
    act(s, "keep", *moves)
    return s


# --------------------------------------------------------------------------- D1 components
def test_d1_six_dice_one_per_row_colour():
    assert S.COLORS == ("Red", "Yellow", "Green", "Blue", "Purple", "Orange")
    assert S.LETTERS == "RYGBPO"
    s = sixto(3).new_initial_state(4)
    obs = s.observation(None)
    assert len(obs["dice"]) == 6 and all(1 <= v <= 6 for v in obs["dice"])
    assert len(obs["sheets"]) == 3 and all(len(x["cells"]) == 6 for x in obs["sheets"])


# --------------------------------------------------------------------------- D2 width
def test_d2_the_published_sheet_has_every_digit_twice_a_row():
    for design in S.DESIGNS:
        for row in design:
            assert len(row) == 12 and sorted(row) == sorted("112233445566")


def test_d2_the_texts_sheet_has_the_digits_1_to_6_once_a_row():
    g = sixto(2, width=6)
    s = g.new_initial_state(1)
    for r in range(6):
        row = numbers(s, 0, r)
        assert sorted(row) == [1, 2, 3, 4, 5, 6]
        assert "".join(map(str, row)) == S.narrow_row(S.DESIGNS[s.designs[0]][r])
    assert len(s.observation(0)["sheets"][0]["cells"][0]) == 6
    random_playout(s, 3)
    assert s.is_terminal()


def test_d2_narrow_rows_keep_the_order_of_first_appearance():
    assert S.narrow_row("132362654541") == "132654"


# --------------------------------------------------------------------------- D3 designs
def test_d3_twelve_designs_are_checked_in_and_regenerate_from_the_seed():
    g = S.generate_designs()
    assert g["designs"] == S.DESIGNS and len(S.DESIGNS) == 12
    assert g["hits"] == S.HIT_COLUMNS
    assert g["locks"] == S.LOCK_COLUMNS
    assert g["kriskras"] == S.KRISKRAS_COLORS
    assert len(set(S.DESIGNS)) == 12


def test_d3_design_constraints():
    for design in S.DESIGNS:
        for c in range(12):
            assert sorted(row[c] for row in design) == list("123456")  # columns: 1-6 once
        for row in design:
            assert all(row[c] != row[c + 1] for c in range(11))  # no digit twice side by side
            assert len(set(row[9:])) == 3  # three different target numbers


def test_d3_every_player_gets_a_different_design_drawn_from_the_seed():
    g = sixto(6)
    seen = set()
    for seed in range(20):
        d = g.new_initial_state(seed).designs
        assert len(set(d)) == 6 and all(0 <= x < 12 for x in d)
        seen.add(tuple(d))
    assert len(seen) > 10
    assert g.new_initial_state(5).designs == g.new_initial_state(5).designs


def test_d3_option_sheets_names_the_designs_seat_by_seat():
    s = sixto(3, sheets="7,2,12").new_initial_state(1)
    assert [x["design"] for x in s.observation(None)["sheets"]] == [7, 2, 12]
    for bad in ("1,1,2", "1,2", "0,1,2", "13,1,2", "a,b,c"):
        with pytest.raises(GameOptionError, match="sheets"):
            sixto(3, sheets=bad)


# --------------------------------------------------------------------------- D4 target area
def test_d4_the_target_area_is_the_last_three_columns():
    s = position(1, dice=[5, 1, 1, 1, 1, 1], open_after=0)
    # Red row 1 3 2 3 6 2 6 5 4 | 5 4 1: the first 5 is column 8, outside the target area
    set_row(s, 0, R, [X, X, X, X, X, X, X, X, L, _, _, _])
    choose_all(s, "R")
    assert row_codes(s, 0, R)[9] == MARK
    assert s.removed == [] and s.dice[R] > 0  # one target mark: the die stays


# --------------------------------------------------------------------------- D5 scoring
def test_d5_the_points_of_an_area_by_its_marks():
    assert points_table("linear") == (0, -5, 0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50)
    assert points_table("triangle")[:7] == (0, -5, 0, 5, 15, 30, 50)


def test_d5_rows_and_columns_score_from_the_sheet():
    lay = layout_for(0, 12, "none")
    cells = [OPEN] * 72
    for c in (0, 1, 2):  # three marks in the Red row: 5; columns 1-3 get one mark each: -15
        cells[c] = MARK
    cells[12] = MARK  # Yellow column 1: the first column now has two marks (0), Yellow -5
    sc = score_sheet(lay, cells, points_table("linear"))
    assert (sc.rows, sc.columns) == (5 - 5, 0 - 5 - 5)
    assert sc.total == -10 and sc.marks == 4 and sc.lone == 3


def test_d5_the_texts_scoring_sentence():
    # "losing 5 points if only one mark is present, scoring 0 points for zero or two marks,
    # and scoring 5+ points for 3+ marks"
    t = points_table("linear")
    assert t[1] == -5 and t[0] == t[2] == 0 and all(t[k] >= 5 for k in range(3, 13))


def test_d5_points_option_triangle_changes_the_score():
    s = position(1, dice=[1, 6, 5, 3, 4, 2], points="triangle")
    for r in range(6):
        set_row(s, 0, r, [X, X, X, X] + [_] * 8)
    # six rows of 4 marks: 6 x 15; four columns of 6 marks: 4 x 50
    assert s.scores() == [6 * 15 + 4 * 50]
    assert position(1, points="linear").game.table[4] == 10


# --------------------------------------------------------------------------- D6 opening
def test_d6_the_target_area_opens_after_four_marks_in_the_row():
    s = position(1, dice=[5, 1, 1, 1, 1, 1])
    # Red: marks on 1 3 2, lost the rest up to column 9: the next 5 is column 10 (target)
    set_row(s, 0, R, [X, X, X, L, L, L, L, L, L, _, _, _])
    assert "R" not in legal(act(s.clone(), "keep"))
    set_row(s, 0, R, [X, X, X, X, L, L, L, L, L, _, _, _])
    assert "R" in legal(act(s, "keep"))


def test_d6_open_after_zero_opens_at_once_and_auto_follows_the_width():
    s = position(1, dice=[5, 1, 1, 1, 1, 1], open_after=0)
    set_row(s, 0, R, [L, L, L, L, L, L, L, L, L, _, _, _])
    assert "R" in legal(act(s, "keep"))
    assert sixto(2).open_after == 4 and sixto(2, width=6).open_after == 0
    with pytest.raises(GameOptionError, match="never open"):
        sixto(2, width=6, open_after=4)


# --------------------------------------------------------------------------- D7 order
def test_d7_seat_zero_rolls_first_and_the_dice_pass_left():
    s = position(3)
    assert s.current_player() == 0 and s.observation(None)["active"] == 0
    act(s, "keep", "pass", "pass", "pass")
    assert s.observation(None)["active"] == 1 and s.current_player() == 1
    act(s, "keep", "pass", "pass", "pass")
    assert s.observation(None)["active"] == 2


def test_d7_alone_the_player_always_rolls():
    s = position(1)
    act(s, "keep", "pass", "reroll", "pass")
    assert s.current_player() == 0 and s.turn == 3


# --------------------------------------------------------------------------- D8 re-roll
def test_d8_the_active_player_keeps_or_rerolls_all_dice_once():
    s = position(2, seed=3)
    assert s.legal_actions() == [KEEP, REROLL]
    before = s.dice[:]
    s.apply_action(REROLL)
    assert s.observation(None)["rerolled"] is True
    assert s.observation(None)["phase"] == "choose"  # no second re-roll
    assert KEEP not in s.legal_actions() and REROLL not in s.legal_actions()
    rerolled = [position(2, seed=k) for k in range(8)]
    for x in rerolled:
        x.apply_action(REROLL)
    assert any(x.dice != before for x in rerolled)


def test_d8_a_removed_die_is_not_rolled():
    s = position(2)
    s.dice[G] = 0
    s.removed, s.removed_at[G] = [G], 1
    s.apply_action(REROLL)
    assert s.dice[G] == 0 and all(s.dice[d] for d in range(6) if d != G)


# --------------------------------------------------------------------------- D9 marks
def test_d9_a_die_marks_the_leftmost_open_space_of_its_number_skipping_the_rest():
    s = position(1, dice=[6, 1, 1, 1, 1, 1])
    choose_all(s, "R")  # Red 1 3 2 3 6 ...: the first 6 is column 5
    assert row_codes(s, 0, R)[:6] == [L, L, L, L, X, _]
    assert s.cursor[0][R] == 5


def test_d9_a_skipped_space_can_never_be_marked():
    s = position(1, dice=[6, 1, 1, 1, 1, 1])
    choose_all(s, "R")
    s.dice = [1, 1, 1, 1, 1, 1]  # Red 1 is column 1, lost: the next 1 is column 12 (target)
    s._legal = None
    act(s, "keep")
    assert "R" not in legal(s)


def test_d9_every_player_marks_not_only_the_active_one():
    s = position(3, dice=[1, 6, 5, 3, 4, 2])
    act(s, "keep", "R", "RY", "RYGBPO")
    assert [marks_in(s, q, R) for q in range(3)] == [1, 1, 1]
    assert sum(x == MARK for x in s.cells[2]) == 6  # up to six marks a roll


def test_d9_choices_are_secret_until_everyone_has_chosen():
    s = position(3, dice=[1, 6, 5, 3, 4, 2])
    act(s, "keep", "RY")
    for q in (None, 1, 2):
        obs = s.observation(q)
        assert "RY" not in json.dumps(obs)
        assert obs["last"] == {"seat": 0, "action": None}
        assert obs["chosen"] == [True, False, False]
        assert obs["sheets"][0]["cells"][R][0] == OPEN  # not marked yet
    assert s.observation(0)["my_choice"] == s.string_to_action("RY")
    assert s.known_history(1)[-1] is None and s.known_history(0)[-1] is not None
    act(s, "G")
    assert s.known_history(0)[-1] is None and s.known_history(1)[-1] is not None
    act(s, "pass")  # the last choice: every choice is revealed and made
    assert s.known_history(None) == s.history()
    assert s.observation(None)["last_roll"]["choices"] == [
        s.string_to_action(m) for m in ("RY", "G", "pass")
    ]
    assert s.observation(0)["sheets"][0]["cells"][R][0] == MARK


def test_d9_the_active_player_chooses_first_then_to_the_left():
    s = position(3)
    act(s, "keep", "pass", "pass", "pass", "keep")
    assert [s.current_player()] == [1]
    act(s, "pass")
    assert s.current_player() == 2
    act(s, "pass")
    assert s.current_player() == 0


# --------------------------------------------------------------------------- D10 removal
def _nearly_closed(s, seat):
    # Red: 4 marks, then the target area 5 4 1 with the 5 marked: the next 4 closes the row
    set_row(s, seat, R, [X, X, X, X, L, L, L, L, L, X, _, _])


def test_d10_two_target_marks_remove_the_die_at_the_end_of_the_turn():
    s = position(2, dice=[4, 1, 1, 1, 1, 1])
    _nearly_closed(s, 0)
    act(s, "keep", "R")
    assert s.dice[R] == 4  # the turn is not over: the other player still marks with it
    assert "R" in legal(s) or True
    act(s, "pass")
    assert s.dice[R] == 0 and s.removed == [R]
    assert s.observation(None)["removed_at"][R] == 1


def test_d10_several_players_closing_one_row_remove_its_die_once_and_share_the_credit():
    s = position(2, dice=[4, 1, 1, 1, 1, 1], sheets="1,1".replace("1,1", "1,2"))
    _nearly_closed(s, 0)
    # seat 1 (design 2): Red 3 2 6 5 6 2 5 1 4 | 1 4 3: 4 marks, target 1 marked, next 4 at 11
    set_row(s, 1, R, [X, X, X, X, L, L, L, L, L, X, _, _])
    assert numbers(s, 1, R)[10] == 4
    act(s, "keep", "R", "R")
    assert s.removed == [R]
    ev = [e for e in s.observation(None)["events"] if e["type"] == "removed"]
    assert ev == [{"type": "removed", "die": R, "by": [0, 1]}]
    assert s.stats()["dice_closed"] == [1, 1]


def test_d10_the_third_die_ends_the_game_even_when_a_turn_removes_more():
    s = position(1, dice=[4, 1, 1, 1, 1, 1])
    s.dice[Y] = s.dice[G] = 0
    s.removed, s.removed_at[Y], s.removed_at[G] = [Y, G], 1, 1
    _nearly_closed(s, 0)
    act(s, "keep", "R")
    assert s.is_terminal() and s.ended_by == "dice" and len(s.removed) == 3
    t = position(1, dice=[4, 1, 1, 1, 1, 1])
    t.dice[Y] = 0
    t.removed, t.removed_at[Y] = [Y], 1
    _nearly_closed(t, 0)
    # Purple 4 2 3 6 2 6 1 4 5 | 1 3 5: close it with the 3 on the same roll
    set_row(t, 0, P, [X, X, X, X, L, L, L, L, L, X, _, _])
    t.dice[P] = 3
    act(t, "keep", "RP")
    assert t.is_terminal() and t.stats()["dice_removed"] == 3
    assert [e["die"] for e in t.observation(None)["events"] if e["type"] == "removed"] == [R, P]


def test_d10_a_row_is_closed_only_while_its_die_is_in_play():
    s = position(1, dice=[4, 1, 1, 1, 1, 1])
    assert not s.is_terminal() and s.stats()["dice_removed"] == 0


# --------------------------------------------------------------------------- D11 stalled
def test_d11_a_game_no_sheet_can_take_a_mark_in_ends():
    s = position(1, dice=[1, 1, 1, 1, 1, 1])
    for r in range(6):
        set_row(s, 0, r, [X, X, X] + [L] * 8 + [_])  # only one target space left, closed
    act(s, "keep", "pass")
    assert s.is_terminal() and s.ended_by == "stalled"


# --------------------------------------------------------------------------- D12 safety stop
def test_d12_the_safety_stop_ends_the_game_after_max_turns_rolls():
    s = position(2, max_turns=2)
    act(s, "keep", "pass", "pass", "keep", "pass", "pass")
    assert s.is_terminal() and s.ended_by == "turn_limit"
    assert s.game.max_game_length == 2 * 3


# --------------------------------------------------------------------------- D13 returns
def _finish(s):
    turn.finish(s, "dice")
    return s


def test_d13_the_highest_score_wins():
    s = position(3)
    set_row(s, 1, R, [X, X, X] + [_] * 9)
    set_row(s, 1, Y, [X, X, X] + [_] * 9)  # rows 5 + 5, three columns of two marks: 10
    assert s.scores() == [0.0, 10.0, 0.0]
    _finish(s)
    assert s.returns() == [-1.0, 1.0, -1.0] and s.winner() == 1


def test_d13_a_tie_at_the_top_is_a_draw_or_goes_to_the_most_marks():
    s = _finish(position(2))
    assert s.scores() == [0.0, 0.0] and s.returns() == [0.0, 0.0] and s.winner() is None
    t = position(2, tiebreak="marks")
    set_row(t, 0, R, [X, X] + [_] * 10)  # two marks in a row: 0; two columns of one: -10
    set_row(t, 0, Y, [X, X] + [_] * 10)  # now two columns of two: 0 + 0; rows 0 + 0
    assert t.scores() == [0.0, 0.0]
    _finish(t)
    assert t.winner() == 0


def test_d13_alone_the_return_is_the_score_and_nobody_wins():
    s = position(1, dice=[1, 6, 5, 3, 4, 2])
    act(s, "keep", "RYGBPO")
    assert s.returns() == [0.0]  # before the end
    _finish(s)
    assert s.returns() == s.scores() and s.winner() is None


def test_d13_simulations_count_wins_as_returns_do():
    g = sixto(2)
    results = [play_game(g, ["greedy", "random"], seed=k) for k in range(6)]
    for r in results:
        assert r.winner == (r.returns.index(1.0) if 1.0 in r.returns else None)
    solo = summarize([play_game(sixto(1), ["greedy"], seed=k) for k in range(3)])
    assert solo["draws"] == 0 and solo["seats"][0]["wins"] == 0
    assert solo["solo_returns"]["count"] == 3


# --------------------------------------------------------------------------- D14 pads
def test_d14_pads_need_the_twelve_space_sheet_and_cross_means_blocks():
    with pytest.raises(GameOptionError, match="width=12"):
        sixto(2, pad="hits", width=6)
    assert sixto(2, pad="cross").pad == "cross-blocks"
    with pytest.raises(GameOptionError, match="pad"):
        sixto(2, pad="bingo")


# --------------------------------------------------------------------------- D15 cross
def test_d15_cross_blocks_score_twelve_blocks_of_two_by_three():
    lay = layout_for(0, 12, "cross-blocks")
    blocks = [a for a, k in zip(lay.areas, lay.area_kind, strict=True) if k == "block"]
    assert len(blocks) == 12 and all(len(b) == 6 for b in blocks)
    assert sorted(i for b in blocks for i in b) == list(range(72))
    s = position(1, pad="cross-blocks")
    for r in (0, 1):
        set_row(s, 0, r, [X, X, X] + [_] * 9)
    sc = s.sheet_score(0)
    assert sc.areas == 20 - 5 * 0  # the first block: six marks, 20
    assert sc.total == sc.rows + sc.columns + 20 and s.stats()["area_points"] == [20]


def test_d15_cross_diagonals_score_two_crosses():
    lay = layout_for(0, 12, "cross-diagonals")
    diags = [a for a, k in zip(lay.areas, lay.area_kind, strict=True) if k == "diagonal"]
    assert [len(d) for d in diags] == [6, 6, 6, 6]
    assert diags[0] == tuple(r * 12 + r for r in range(6))
    assert diags[1] == tuple(r * 12 + 5 - r for r in range(6))
    s = position(1, pad="cross-diagonals")
    for r in range(3):
        row = [_] * 12
        row[r] = X
        set_row(s, 0, r, row)
    assert s.sheet_score(0).areas == 5  # three marks on the first diagonal
    set_row(s, 0, 5, [X] + [_] * 11)  # (5, 0): the second diagonal's last space
    assert s.sheet_score(0).areas == 5 - 5


# --------------------------------------------------------------------------- D16 hits
def test_d16_a_die_may_hit_its_rows_next_space_when_it_is_a_hit_space():
    s = position(1, pad="hits")
    a, _b = S.HIT_COLUMNS[0][R]  # design 1, Red
    set_row(s, 0, R, [X] * a + [_] * (12 - a))
    n = numbers(s, 0, R)[a]
    s.dice = [n % 6 + 1, 1, 1, 1, 1, 1]
    s._legal = None
    act(s, "keep")
    assert "R*" in legal(s)
    act(s, "R*")
    assert row_codes(s, 0, R)[a] == HIT
    assert s.stats()["hits"] == [1] and s.stats()["bonus_points"] == [0]


def test_d16_no_hit_on_a_plain_space_or_with_the_spaces_own_number():
    s = position(1, pad="hits")
    a, _b = S.HIT_COLUMNS[0][R]
    set_row(s, 0, R, [X] * a + [_] * (12 - a))
    s.dice = [numbers(s, 0, R)[a], 1, 1, 1, 1, 1]
    s._legal = None
    act(s, "keep")
    assert "R*" not in legal(s) and "R" in legal(s)
    act(s, "R")  # the regular way: a mark and the bonus
    assert row_codes(s, 0, R)[a] == MARK
    assert s.sheet_score(0).bonus == HIT_BONUS
    t = position(1, pad="hits", dice=[1, 1, 1, 1, 1, 1])
    t._legal = None
    if 0 not in S.HIT_COLUMNS[0][R]:
        with pytest.raises(IllegalActionError, match="cannot hit"):
            act(t, "keep", "R*")


# --------------------------------------------------------------------------- D17 kris-kras sheet
def test_d17_kriskras_scatters_the_colours():
    for design in S.KRISKRAS_COLORS:
        for c in range(12):
            assert sorted(row[c] for row in design) == sorted(S.LETTERS)
        for row in design:
            assert sorted(row) == sorted(S.LETTERS * 2)
    for d in range(12):
        lay = layout_for(d, 12, "kriskras")
        for r in range(6):
            pairs = [(lay.colors[r * 12 + c], lay.numbers[r * 12 + c]) for c in range(12)]
            assert len(set(pairs)) == 12


def test_d17_kriskras_a_closed_row_removes_the_die_of_the_rows_own_colour():
    s = position(1, pad="kriskras", open_after=0)
    lay = s.layouts[0]
    # close the Yellow row (row 2) with whatever dice fit its two last spaces
    cols = (10, 11)
    dice = [1] * 6
    for c in cols:
        i = 12 + c
        dice[lay.colors[i]] = lay.numbers[i]
    if lay.colors[12 + 10] == lay.colors[12 + 11]:
        pytest.skip("both target spaces share a colour in this design")
    set_row(s, 0, Y, [L] * 10 + [_, _])
    s.dice = dice
    s._legal = None
    move = "".join(f"{S.LETTERS[lay.colors[12 + c]]}@2" for c in cols)
    act(s, "keep", move)
    assert s.removed == [Y]


# --------------------------------------------------------------------------- D18 kris-kras marks
def test_d18_kriskras_one_roll_may_mark_several_spaces_in_one_row():
    s = position(1, pad="kriskras", dice=[1, 1, 1, 1, 1, 1])
    lay = s.layouts[0]
    # the Red row's first two spaces: mark both with their dice
    c0, c1 = lay.colors[0], lay.colors[1]
    s.dice[c0], s.dice[c1] = lay.numbers[0], lay.numbers[1]
    s._legal = None
    move = f"{S.LETTERS[c0]}@1{S.LETTERS[c1]}@1"
    act(s, "keep", move)
    assert row_codes(s, 0, R)[:2] == [MARK, MARK]


def test_d18_kriskras_marks_of_one_choice_count_towards_opening_the_target_area():
    s = position(1, pad="kriskras")
    lay = s.layouts[0]
    set_row(s, 0, R, [X, X, X] + [_] * 9)
    # a die for column 4 (the fourth mark) and one for column 10 (target)
    i4, i10 = 3, 9
    if lay.colors[i4] == lay.colors[i10]:
        pytest.skip("same colour")
    dice = [0] * 6
    dice[lay.colors[i4]] = lay.numbers[i4]
    dice[lay.colors[i10]] = lay.numbers[i10]
    s.dice = [v or 1 for v in dice]
    s._legal = None
    act(s, "keep")
    alone = f"{S.LETTERS[lay.colors[i10]]}@1"
    both = "".join(f"{S.LETTERS[d]}@1" for d in sorted((lay.colors[i4], lay.colors[i10])))
    assert alone not in legal(s) and both in legal(s)
    act(s, both)
    assert row_codes(s, 0, R)[3] == MARK and row_codes(s, 0, R)[9] == MARK


# --------------------------------------------------------------------------- D19 locks
def test_d19_nothing_right_of_a_standing_lock_may_be_marked():
    s = position(1, pad="locked")
    first = S.LOCK_COLUMNS[0][R][0]
    row = numbers(s, 0, R)
    beyond = next(v for c, v in enumerate(row) if c > first and v not in row[: first + 1])
    s.dice = [beyond, 1, 1, 1, 1, 1]
    s._legal = None
    act(s, "keep")
    assert "R" not in legal(s)
    t = position(1, pad="locked", dice=[row[first], 1, 1, 1, 1, 1])
    if row[first] not in row[:first]:
        act(t, "keep", "R")  # the lock itself may be marked with its number
        assert row_codes(t, 0, R)[first] == MARK


# --------------------------------------------------------------------------- D20 unlock
def test_d20_crossing_off_a_lock_void_keeps_the_spaces_before_it():
    s = position(1, pad="locked", dice=[1, 1, 1, 1, 1, 1])
    first = S.LOCK_COLUMNS[0][R][0]
    act(s, "keep", "unlockR")
    codes = row_codes(s, 0, R)
    assert codes[first] == VOID and codes[:first] == [OPEN] * first
    assert s.cursor[0][R] == 0 and s.stats()["unlocks"] == [1]
    assert marks_in(s, 0, R) == 0


def test_d20_crossing_off_a_lock_mark_counts_it_and_loses_the_spaces_before():
    s = position(1, pad="locked", unlock="mark", dice=[1, 1, 1, 1, 1, 1])
    first = S.LOCK_COLUMNS[0][R][0]
    act(s, "keep", "unlockR")
    codes = row_codes(s, 0, R)
    assert codes[first] == UNLOCKED and codes[:first] == [LOST] * first
    assert marks_in(s, 0, R) == 1


def test_d20_unlocking_is_a_whole_choice_and_needs_a_die_in_play():
    s = position(1, pad="locked", dice=[1, 1, 1, 1, 1, 1])
    act(s, "keep")
    assert {f"unlock{x}" for x in S.LETTERS} <= set(legal(s))
    with pytest.raises(NotationError):
        s.string_to_action("unlockR G")
    t = position(1, pad="locked", dice=[1, 1, 1, 1, 1, 1])
    t.dice[R] = 0
    t.removed, t.removed_at[R] = [R], 1
    act(t, "keep")
    assert "unlockR" not in legal(t)
    with pytest.raises(NotationError, match="Locked"):
        position(1).string_to_action("unlockR")


# --------------------------------------------------------------------------- D21 resample
def test_d21_resample_redraws_the_other_players_secret_choices():
    s = position(3, dice=[1, 6, 5, 3, 4, 2])
    act(s, "keep", "RYGBPO", "RY")
    seen = set()
    for k in range(12):
        r = s.resample(2, Rng(k))
        assert r.observation(2) == s.observation(2)
        assert r.known_history(2) == s.known_history(2)
        assert r.legal_actions() == s.legal_actions()
        seen.add(tuple(r.pending))
        r.apply_action(r.string_to_action("pass"))  # the resampled roll resolves legally
    assert len(seen) > 3
    mine = s.resample(1, Rng(3))
    assert mine.pending[1] == s.pending[1]


# --------------------------------------------------------------------------- D22 notation
def test_d22_notation():
    n = Notation("none")
    assert n.string_to_action("keep") == KEEP and n.string_to_action("re-roll") == REROLL
    assert n.string_to_action("pass") == CHOICE0 == n.string_to_action("-")
    assert n.string_to_action("b, r") == n.string_to_action("RB") == CHOICE0 + 0b1001
    assert n.string_to_action("red blue") == n.string_to_action("RB")
    assert n.action_to_string(CHOICE0 + 63) == "RYGBPO"
    h = Notation("hits")
    assert h.action_to_string(h.string_to_action("g* r")) == "RG*"
    k = Notation("kriskras")
    assert k.action_to_string(k.string_to_action("R>3 b@1")) == "R@3B@1"
    with pytest.raises(NotationError, match="twice"):
        n.string_to_action("RR")
    with pytest.raises(NotationError, match="not a Sixto move"):
        n.string_to_action("RZ")
    with pytest.raises(NotationError):
        k.string_to_action("R7")
    with pytest.raises(NotationError, match="R@1G@1B@4"):
        k.string_to_action("R@")
    assert sixto(2).num_distinct_actions == 66
    assert sixto(2, pad="hits").num_distinct_actions == 731
    assert sixto(2, pad="kriskras").num_distinct_actions == 2 + 7**6
    assert sixto(2, pad="locked").num_distinct_actions == 72


def test_d22_the_rules_write_kriskras_marks_as_the_notation_does():
    # every Kris-Kras mark the rules summary (``ninetynine rules sixto``) and D18 print is
    # written as the game writes it (R@3), not in the older form (R3) D22 keeps only for reading
    k = Notation("kriskras")
    root = Path(ninetynine.__file__).resolve().parents[2]
    docs = (root / "docs" / "rules" / "sixto.md").read_text(encoding="utf-8")
    d18 = docs[docs.index("### D18") : docs.index("### D19")]
    summary = sixto(2, pad="kriskras").rules_summary()
    marks = re.findall(r"`((?:[RYGBPO]@?[1-6])+)`", summary + d18)
    assert len(marks) >= 3
    for mark in marks:
        assert k.action_to_string(k.string_to_action(mark)) == mark


def test_d22_errors_say_why_a_move_is_illegal():
    s = position(2, dice=[1, 1, 1, 1, 1, 1])
    with pytest.raises(IllegalActionError, match="keep or reroll"):
        act(s, "R")
    act(s, "keep")
    set_row(s, 0, R, [L] * 11 + [_])
    with pytest.raises(IllegalActionError, match="Red 1 has no space"):
        act(s, "R")
    with pytest.raises(IllegalActionError, match="dice are rolled"):
        act(s, "reroll")


# --------------------------------------------------------------------------- D23 length
def test_d23_max_game_length_bounds_every_game():
    for pad in ("none", "locked"):
        g = sixto(4, pad=pad, max_turns=30)
        for seed in range(3):
            s = random_playout(g.new_initial_state(seed), seed)
            assert len(s.history()) <= g.max_game_length == 30 * 5


# --------------------------------------------------------------------------- D24 stats
def test_d24_stats():
    s = random_playout(position(2, pad="hits"), 4)
    st = s.stats()
    assert st["score"] == [int(x) for x in s.scores()]
    assert st["turns"] == s.turn and st["actions"] == len(s.history())
    assert st["ended_by"] in ("dice", "stalled", "turn_limit")
    assert {"bonus_points", "hits"} <= set(st) and "unlocks" not in st
    assert st["best_sheet"] == max(st["score"]) and st["worst_sheet"] == min(st["score"])
    assert st["lost"] == [sum(x == LOST for x in c) for c in s.cells]
    json.dumps(st)
    assert (
        ninetynine.load_game("sixto", num_players=1).new_initial_state(1).stats()["first_removal"]
        is None
    )


def test_d22_kriskras_writes_the_row_after_an_at_sign_and_still_reads_old_records():
    """``Y@3``: the Yellow die marks in row 3 (``Y3`` reads like a die showing 3, as the board
    prints dice). Records written as ``Y3`` before still replay to the same game."""
    from ninetynine.core.records import GameRecord, parse_record

    k = Notation("kriskras")
    a = CHOICE0 + 3 * 7 + 1 * 7**3  # Yellow (die 1) in row 3, Blue (die 3) in row 1
    assert k.action_to_string(a) == "Y@3B@1"
    assert k.string_to_action("Y@3B@1") == k.string_to_action("Y3B1", legacy=True) == a
    assert k.string_to_action("y @3, b>1") == k.string_to_action("yellow@3 blue@1") == a
    with pytest.raises(NotationError):
        k.string_to_action("Y@@3")
    # Typed, the old form is refused (issue 18: G2 read as G@2 where a newcomer meant the die
    # showing 2); only a record's reader takes it.
    with pytest.raises(NotationError, match=r"write the die, @ and the row it marks in \(Y@3"):
        k.string_to_action("Y3B1")
    game = sixto(2, pad="kriskras")
    state = random_playout(game.new_initial_state(seed=5), 5)
    text = GameRecord.from_state(state, ["random", "random"]).to_text()
    assert "@" in text
    old = parse_record(text.replace("@", ""))
    assert old.final_state().to_json() == state.to_json()


def test_a_no_space_error_gives_only_the_reason_that_holds():
    """Issue 18: every "no space" error listed "beyond a lock or in a target area still closed",
    even without the Locked pad. Now it names the one reason, in the sheet's terms."""
    from ninetynine.agents import make_agent

    said: dict[str, set[str]] = {}
    for pad in ("none", "locked", "kriskras", "hits"):
        game = ninetynine.load_game("sixto", num_players=1, pad=pad)
        state = game.new_initial_state(2)
        bot = make_agent("greedy", game, 0, seed=0)
        while not state.is_terminal():
            legal = set(state.legal_actions())
            if state.observation(0)["phase"] == "choose":
                for a in range(CHOICE0, CHOICE0 + game.notation.choices):
                    opts = game.notation.options_of(a - CHOICE0)
                    if a in legal or sum(1 for o in opts if o) != 1:
                        continue
                    with pytest.raises(ninetynine.IllegalActionError) as e:
                        state.apply_action(a)
                    if "has no space" in str(e.value):
                        said.setdefault(pad, set()).add(str(e.value).split("has no space in ")[1])
            state.apply_action(bot.step(state.observation(0), sorted(legal)))
    for pad, texts in said.items():
        assert all(("lock" in t) == ("beyond the standing lock" in t) for t in texts)
        assert any("lock" in t for t in texts) == (pad == "locked"), pad
        assert any("right of the row's last mark" in t for t in texts), pad
    assert any("is in the target area, which opens after 4 marks" in t for t in said["none"])
