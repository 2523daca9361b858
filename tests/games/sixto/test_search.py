"""Sixto's search hooks (``games/sixto/heuristics.py``): the rollout policy is the greedy
agent read from the state, the moves searched include the greedy choice, and the cut-off
evaluation follows the sheets' prospects."""

from __future__ import annotations

import pytest

from ninetynine.agents.ismcts import ISMCTSAgent
from ninetynine.core.agent import SearchView, search_hooks
from ninetynine.core.errors import GameOptionError
from ninetynine.core.rng import Rng
from ninetynine.games.sixto.actions import KEEP, REROLL
from ninetynine.games.sixto.heuristics import (
    SEARCH_CHOICES,
    GreedyAgent,
    Planner,
    evaluate,
    expected_scores,
    rollout_policy,
    search_candidates,
)

from .positions import act, position, set_row, sixto


def _states(pad: str, n: int, games: int = 2):
    """States along greedy-ish random playouts (decisions with a choice only)."""
    game = sixto(n, pad=pad)
    rng = Rng(7)
    for g in range(games):
        s = game.new_initial_state(g)
        while not s.is_terminal():
            legal = s.legal_actions()
            if len(legal) > 1:
                yield s
            a = rollout_policy(s) if rng.random() < 0.7 else legal[rng.randbelow(len(legal))]
            s.apply_action(a)


@pytest.mark.parametrize(("pad", "n"), [("none", 2), ("hits", 3), ("kriskras", 2), ("locked", 2)])
def test_rollout_policy_is_the_greedy_agent(pad, n):
    greedy = GreedyAgent(sixto(n, pad=pad))
    seen = 0
    for s in _states(pad, n, games=1):
        p = s.current_player()
        assert rollout_policy(s) == greedy.step(s.observation(p), s.legal_actions())
        seen += 1
    assert seen > 10


@pytest.mark.parametrize("pad", ["none", "hits", "kriskras", "locked"])
def test_candidates_are_the_greedy_choice_and_its_best_alternatives(pad):
    checked = 0
    for s in _states(pad, 2, games=1):
        legal = s.legal_actions()
        cands = search_candidates(s, legal)
        assert set(cands) <= set(legal) and len(set(cands)) == len(cands)
        if s.phase == 0:  # the roll: keep and reroll are both searched
            assert cands == [KEEP, REROLL]
            continue
        if len(legal) <= SEARCH_CHOICES:
            assert cands == legal
            continue
        assert 1 < len(cands) <= SEARCH_CHOICES
        assert cands[0] == rollout_policy(s)  # the greedy choice comes first
        checked += 1
    assert checked > 3


def test_ranked_choices_are_sorted_by_value_and_start_with_the_best_choice():
    s = position(2, dice=[1, 2, 6, 6, 6, 6])
    act(s, "keep")
    plan = Planner.from_state(s, 0)
    ranked = plan.ranked_choices(s.legal_actions())
    assert ranked[0] == plan.best_choice(s.legal_actions())
    values = [v for _, v in ranked[1:]]
    assert values == sorted(values, reverse=True) and ranked[0][1] >= values[0]
    assert len(ranked) > 3


def test_evaluation_prefers_the_sheet_with_better_prospects():
    s = position(2, dice=[1, 2, 3, 4, 5, 6])
    assert evaluate(s) == pytest.approx([0.0, 0.0], abs=0.5)  # two fresh sheets, alike
    before = expected_scores(s)
    for r in range(3):  # seat 0: three rows with their first four spaces marked
        set_row(s, 0, r, [1, 1, 1, 1] + [0] * 8)
    after = expected_scores(s)
    assert after[0] > before[0] + 10 and after[1] == before[1]
    e = evaluate(s)
    assert e[0] > 0.5 and e[1] == pytest.approx(-e[0])
    assert all(-1 <= x <= 1 for x in e)


def test_evaluation_of_a_finished_game_is_its_returns():
    s = next(iter(_states("none", 2, games=1)))
    while not s.is_terminal():
        s.apply_action(rollout_policy(s))
    assert evaluate(s) == s.returns()


def test_a_solo_evaluation_is_an_expected_score():
    s = sixto(1).new_initial_state(3)
    (e,) = evaluate(s)
    assert e == pytest.approx(expected_scores(s)[0]) and e > 0


def test_the_hooks_are_registered_and_the_search_plays_from_them():
    hooks = search_hooks("sixto")
    assert hooks.rollout is rollout_policy and hooks.candidates is search_candidates
    assert hooks.evaluate is evaluate and hooks.depth == 2
    s = position(2, dice=[1, 2, 6, 6, 6, 6])
    act(s, "keep")
    bot = ISMCTSAgent(s.game, 0, seed=1, iterations=24)
    a = bot.step_with_search(s.observation(0), s.legal_actions(), SearchView(s, 0))
    assert a in search_candidates(s, s.legal_actions())
    assert set(bot.last["visits"]) <= set(search_candidates(s, s.legal_actions()))


@pytest.mark.parametrize(("pad", "n"), [("none", 2), ("hits", 3), ("locked", 2)])
def test_remembered_moves_and_prospects_are_the_ones_worked_out_afresh(pad, n):
    """The search hooks remember moves and expected scores by sheet, dice and options
    (``heuristics._MEMO``): a remembered answer is the fresh one, and a state that differs in
    anything they read (another seat's sheet, the dice) is not answered from memory."""
    from ninetynine.games.sixto import heuristics

    seen = 0
    for s in _states(pad, n, games=1):
        heuristics._MEMO.clear()
        fresh = (rollout_policy(s), expected_scores(s))
        assert (rollout_policy(s), expected_scores(s)) == fresh  # now from memory
        other = s.clone()
        q = (s.current_player() + 1) % n
        cells = other.cells[q]
        i = cells.index(0) if 0 in cells else 0
        cells[i] = 1 - cells[i] if cells[i] in (0, 1) else cells[i]
        heuristics._MEMO.clear()
        want = (rollout_policy(other), expected_scores(other))
        heuristics._MEMO.clear()
        rollout_policy(s), expected_scores(s)
        assert (rollout_policy(other), expected_scores(other)) == want
        seen += 1
    assert seen > 10


def test_the_calibrated_evaluation_widens_the_scale_by_the_stage():
    """``eval=calibrated``: ``tanh`` of the same expected margin over a scale that shrinks as
    dice leave the game (34, 28, 20 points), not :data:`EVAL_SCALE`'s 10 throughout."""
    import math

    from ninetynine.agents import make_agent
    from ninetynine.games.sixto.heuristics import (
        CALIBRATED_SCALES,
        EVAL_SCALE,
        evaluate_calibrated,
    )

    s = position(2, dice=[1, 2, 3, 4, 5, 6])
    for r in range(3):
        set_row(s, 0, r, [1, 1, 1, 1] + [0] * 8)
    e = expected_scores(s)
    margin = e[0] - e[1]
    assert margin > 10
    assert evaluate(s)[0] == pytest.approx(math.tanh(margin / EVAL_SCALE))
    for removed, scale in ((0, 34.0), (1, 28.0), (2, 20.0), (3, 20.0)):
        s.removed = list(range(removed))
        e = expected_scores(s)
        got = evaluate_calibrated(s)
        want = math.tanh((e[0] - e[1]) / scale)
        assert got == pytest.approx([want, -want])
        assert got[0] < evaluate(s)[0]  # a wider scale: less sure of the lead
    assert CALIBRATED_SCALES == (34.0, 28.0, 20.0)
    assert search_hooks("sixto").evaluations == {"calibrated": evaluate_calibrated}
    bot = make_agent("ismcts:10:eval=calibrated", s.game, 0, 1)
    assert bot.evaluate is evaluate_calibrated and bot.depth == 2
    with pytest.raises(GameOptionError, match="has no evaluation 'wide'; it has: calibrated"):
        make_agent("ismcts:10:eval=wide", s.game, 0, 1)
