"""ONO 99 search hooks: ``greedy_policy`` is the greedy agent, ``rollout_policy`` follows its
rules, and the hooks are registered and used by ``ismcts``."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action, search_hooks
from ninetynine.core.rng import Rng
from ninetynine.games.ono99 import search
from ninetynine.games.ono99.cards import MINUS10, PLAY2, REVERSE
from ninetynine.games.ono99.heuristics import GreedyAgent

from .positions import position


@pytest.mark.parametrize(
    ("n", "options"),
    [(2, {}), (4, {}), (2, {"two_player_reverse": "again"}), (3, {"leave": "now"})],
)
def test_greedy_policy_is_the_greedy_agent(n, options):
    game = ninetynine.load_game("ono99", num_players=n, **options)
    for seed in range(4):
        state = game.new_initial_state(seed)
        agents = [GreedyAgent(game, s) for s in range(n)]
        rng = Rng(seed)
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            a = agents[p].step(state.observation(p), legal)
            before = state.to_dict()
            assert search.greedy_policy(state) == a
            assert state.to_dict() == before  # it reads the state, never changes it
            if rng.random() < 0.2:  # leave the greedy path now and then: other positions
                a = legal[rng.randbelow(len(legal))]
            state.apply_action(a)


def test_rollout_policy_plays_the_highest_number_that_fits():
    s = position(hands=["3 9 10 0", None], total=85)
    assert s.action_to_string(search.rollout_policy(s)) == "+10=95"
    s = position(hands=["3 9 10 0", None], total=90)
    assert s.action_to_string(search.rollout_policy(s)) == "+3=93"


def test_rollout_policy_spends_escapes_in_order():
    hand = ["0", "-10", "P2", "Rev"]
    for spent in (0, MINUS10, PLAY2, REVERSE):
        s = position(hands=[" ".join(hand) + " 10", None], total=95)
        assert search.rollout_policy(s) == spent
        hand = hand[1:]
    assert search.SPEND == (0, MINUS10, PLAY2, REVERSE)


def test_rollout_policy_answers_a_play2_high_up_only():
    high = position(hands=["0 2 Rev P2", None], total=90, play2=2)
    assert search.rollout_policy(high) == PLAY2
    rev = position(hands=["0 2 Rev 5", None], total=90, play2=2)
    assert search.rollout_policy(rev) == REVERSE
    low = position(hands=["0 2 Rev P2", None], total=50, play2=2)
    assert low.action_to_string(search.rollout_policy(low)) == "+2=52"


def test_rollout_policy_plays_legal_moves_to_the_end():
    for n in (2, 5):
        game = ninetynine.load_game("ono99", num_players=n)
        for seed in range(3):
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                a = search.rollout_policy(state)
                assert a in state.legal_actions()
                state.apply_action(a)


def test_hooks_are_registered_and_used_by_ismcts():
    hooks = search_hooks("ono99")
    assert hooks.rollout is search.rollout_policy
    game = ninetynine.load_game("ono99", num_players=2)
    state = game.new_initial_state(4)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    bot = make_agent("ismcts:40", game, p, 1)
    a = choose_action(bot, state, p)
    assert a in state.legal_actions() and bot.last["iterations"] > 0
    again = make_agent("ismcts:40", game, p, 1)
    assert choose_action(again, state, p) == a  # reproducible for a seed
