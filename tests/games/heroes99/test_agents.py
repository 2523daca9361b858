"""The greedy bot: it beats random, decides from its observation only, and wins lanes by small
margins."""

from __future__ import annotations

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.games.heroes99.heuristics import evaluate
from ninetynine.sim import run_games, summarize

from .positions import position


def test_greedy_beats_random():
    results = run_games("heroes99", 2, {}, ["greedy", "random"], games=30, seed=11)
    s = summarize(results)
    greedy = next(a for a in s["agents"] if a["agent"] == "greedy")
    assert greedy["win_rate"] >= 0.8


def test_greedy_decides_from_what_it_sees():
    game = ninetynine.load_game("heroes99")
    s = game.new_initial_state(21)
    bots = [make_agent("random", game, q, q) for q in range(2)]
    for _ in range(12):
        p = s.current_player()
        s.apply_action(bots[p].step(s.observation(p), s.legal_actions()))
    p = s.current_player()
    twin = s.resample(p, 77)  # other hidden cards, the same view
    a = make_agent("greedy", game, p, 5).step(s.observation(p), s.legal_actions())
    b = make_agent("greedy", game, p, 5).step(twin.observation(p), twin.legal_actions())
    assert a == b


def test_greedy_puts_a_card_where_it_swings_a_lane():
    # lane 1 is won by a mile, lane 2 is lost by 2, lane 3 is lost by a mile: the 6 goes to 2
    s = position(
        [["regent", "bastion", "warden"], ["hoarder", "sentinel", "stalwart"]],
        hands=["6C", "2D"],
        active=[["10C 9C", "5H 5D", "2H 2D"], ["2S", "4S 8S", "10S 10H"]],
    )
    game = s.game
    a = make_agent("greedy", game, 0, 1).step(s.observation(0), s.legal_actions())
    assert s.action_to_string(a) == "6C>2"
    assert evaluate(s, 0) < 0.5
