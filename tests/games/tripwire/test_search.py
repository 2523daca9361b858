"""Tripwire search hooks: the rollout policy is the greedy agent, the evaluation is an expected
return that favours the seat nearer to emptying its hand, and the hooks are registered."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action, search_hooks
from ninetynine.core.rng import Rng
from ninetynine.games.tripwire import search
from ninetynine.games.tripwire.heuristics import GreedyAgent, plan_turn


def _positions(n: int, seeds=range(3)):
    game = ninetynine.load_game("tripwire", num_players=n)
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            yield state
            legal = state.legal_actions()
            greedy = rng.random() < 0.8
            a = search.rollout_policy(state) if greedy else legal[rng.randbelow(len(legal))]
            state.apply_action(a)


@pytest.mark.parametrize("n", [2, 4])
def test_rollout_policy_is_the_greedy_agent(n):
    game = ninetynine.load_game("tripwire", num_players=n)
    for seed in range(3):
        state = game.new_initial_state(seed)
        agents = [GreedyAgent(game, s) for s in range(n)]
        while not state.is_terminal():
            p = state.current_player()
            a = agents[p].step(state.observation(p), state.legal_actions())
            assert search.rollout_policy(state.clone()) == a
            state.apply_action(a)


@pytest.mark.parametrize("n", [2, 4])
def test_memoised_plans_are_the_plans_of_what_the_seat_sees(n):
    # The memo's key holds what plan_turn reads; a determinization (other hands, draw pile and
    # seed re-dealt) has the same key, and its plan made afresh is the memoised one.
    game = ninetynine.load_game("tripwire", num_players=n)
    rng = Rng(5)
    checked = 0
    for i, state in enumerate(_positions(n, seeds=range(2))):
        if state.is_terminal() or state.phase != 0 or i % 3:
            continue
        p = state.current_player()
        other = state.resample(p, rng)
        assert search._view_key(other, p) == search._view_key(state, p)

        def fresh(s, p=p):
            view = search._plan_view(s, p)
            return plan_turn(view, game.rules, game.chain, game.one_per_dock).actions

        assert fresh(other) == fresh(state)
        search.rollout_policy(state.clone())  # fills the memo for this view
        memo = search._MEMO.get(search._view_key(state, p))
        assert memo is None or memo == fresh(state)  # None: the move was forced
        checked += 1
    assert checked > 20


def test_rollout_policy_plays_legal_moves_from_odd_positions():
    for state in _positions(3):
        if not state.is_terminal():
            assert search.rollout_policy(state.clone()) in state.legal_actions()


@pytest.mark.parametrize("n", [2, 3, 6])
def test_evaluate_is_an_expected_return(n):
    for i, state in enumerate(_positions(n, seeds=range(1))):
        if state.is_terminal() or i % 5:
            continue
        v = search.evaluate(state)
        assert len(v) == n and all(-1.0 <= x <= 1.0 for x in v)
        assert sum(v) == pytest.approx(2.0 - n)  # sum of 2 P - 1 over the seats


def test_fewer_cards_is_a_better_position():
    game = ninetynine.load_game("tripwire", num_players=2)
    state = game.new_initial_state(3)
    base = search.evaluate(state)
    extra = state.clone()
    extra.hands[1].extend(extra.draw[-3:])  # seat 1 holds three more cards
    del extra.draw[-3:]
    worse = search.evaluate(extra)
    assert worse[1] < base[1] and worse[0] > base[0]
    assert search.features(extra, 1)[0] == search.features(state, 1)[0] + 3


def test_hooks_are_registered_and_cut_rollouts():
    hooks = search_hooks("tripwire")
    assert hooks.rollout is search.rollout_policy and hooks.evaluate is search.evaluate
    assert hooks.depth == search.DEPTH > 0
    game = ninetynine.load_game("tripwire", num_players=2)
    bot = make_agent("ismcts:12", game, 0, 1)
    assert bot.depth == search.DEPTH
    state = game.new_initial_state(4)
    a = choose_action(bot, state, 0)
    assert a in state.legal_actions()
    again = make_agent("ismcts:12", game, 0, 1)
    assert choose_action(again, state, 0) == a  # reproducible for a seed
