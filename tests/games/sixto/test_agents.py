"""The Sixto ``greedy`` bot: it beats ``random``, values marks by the areas they move towards
minus the spaces they burn, re-rolls a poor roll, and gives the ``hint``."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine.games.sixto.actions import KEEP, REROLL
from ninetynine.games.sixto.heuristics import GreedyAgent, Planner, explain_choice
from ninetynine.sim import play_game

from .positions import act, position, set_row


@pytest.mark.parametrize("pad", ["none", "hits", "kriskras", "locked", "cross-blocks"])
def test_greedy_beats_random(pad):
    game = ninetynine.load_game("sixto", num_players=2, pad=pad)
    wins = 0
    for k in range(10):
        seats = ["greedy", "random"] if k % 2 == 0 else ["random", "greedy"]
        r = play_game(game, seats, seed=100 + k)
        wins += r.winner is not None and seats[r.winner] == "greedy"
    assert wins >= 9


def test_greedy_marks_without_burning_and_skips_a_costly_die():
    # Design 1, Red 1 3 2 3 6 2 6 5 4 | 5 4 1; Yellow 6 4 5 2 1 3 5 1 3 | 4 6 2
    s = position(1, dice=[1, 2, 6, 6, 6, 6])
    act(s, "keep")
    bot = GreedyAgent(s.game, 0)
    choice = s.action_to_string(bot.step(s.observation(0), s.legal_actions()))
    assert "R" in choice  # Red 1: column 1, nothing lost
    assert "Y" not in choice  # Yellow 2: column 4, three spaces burnt


def test_greedy_rerolls_a_roll_that_fits_nowhere_and_keeps_a_good_one():
    s = position(1, dice=[1, 6, 5, 3, 4, 2])  # every die marks column 1 of its row
    bot = GreedyAgent(s.game, 0)
    assert bot.step(s.observation(0), s.legal_actions()) == KEEP
    t = position(1, dice=[4, 4, 4, 4, 4, 4])
    for r in range(6):
        set_row(t, 0, r, [1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0])  # only target spaces left
    row_has_4 = [4 in [t.layouts[0].numbers[r * 12 + c] for c in range(9, 12)] for r in range(6)]
    for r, has in enumerate(row_has_4):
        if has:
            t.dice[r] = next(
                v
                for v in range(1, 7)
                if v not in [t.layouts[0].numbers[r * 12 + c] for c in range(9, 12)]
            )
    t._legal = None
    plan = Planner(t.game, t.observation(0), 0)
    now, expected = plan.roll_values()
    assert now == 0 and expected > 1
    assert GreedyAgent(t.game, 0).step(t.observation(0), t.legal_actions()) == REROLL


def test_greedy_crosses_off_a_lock_when_nothing_else_is_worth_it():
    s = position(1, pad="locked", dice=[6, 6, 6, 6, 6, 6])
    for r in range(6):
        first = s.layouts[0].locks[r][0]
        set_row(s, 0, r, [1] * first + [0] * (12 - first))
    s.dice = [s.layouts[0].numbers[r * 12 + 11] for r in range(6)]  # only far right numbers
    s._legal = None
    act(s, "keep")
    marks = [m for m in (s.action_to_string(x) for x in s.legal_actions()) if m != "pass"]
    assert all(m.startswith("unlock") for m in marks)  # no die can mark: only locks
    a = GreedyAgent(s.game, 0).step(s.observation(0), s.legal_actions())
    assert s.action_to_string(a).startswith("unlock")


def test_hint_explains_the_greedy_choice_to_the_seat_that_decides():
    s = position(2, dice=[1, 6, 5, 3, 4, 2])
    assert explain_choice(s.game, s.observation(0)).startswith("keep: the roll is worth")
    assert s.game.hint(s.observation(1)) is None  # not its decision
    assert s.game.hint(s.observation(None)) is None  # a spectator
    act(s, "keep")
    hint = s.game.hint(s.observation(0))
    assert hint is not None and ": worth " in hint
    move = hint.split(":")[0]
    assert s.string_to_action(move) in s.legal_actions()
