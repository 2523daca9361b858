"""The ``greedy`` bot: it plays legal moves, follows its heuristic, and beats ``random``.

Measured (issue 3 closing note; ``ninetynine simulate`` style, 2000 games, seats rotated):
greedy wins 77% heads-up against random and 61% of the games in its seat against three
random players (a fair share is 25%). The thresholds below are far below those figures.
"""

from __future__ import annotations

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.registry import list_agents
from ninetynine.games.ono99.cards import MINUS10, PLAY2
from ninetynine.games.ono99.heuristics import GreedyAgent, evaluate, explain_choice
from ninetynine.sim import run_games, summarize

from .positions import position


def choose(s) -> int:
    p = s.current_player()
    return GreedyAgent().step(s.observation(p), s.legal_actions())


def win_rate(n: int, agents: str, games: int = 200) -> float:
    results = run_games("ono99", n, {}, agents, games=games, seed=3)
    return next(a for a in summarize(results)["agents"] if a["agent"] == "greedy")["win_rate"]


def test_greedy_is_registered_for_ono99():
    assert {"greedy", "random"} <= set(list_agents("ono99"))
    g = ninetynine.load_game("ono99", num_players=3)
    assert make_agent("greedy", g, 0).name == "greedy"


def test_greedy_beats_random_heads_up():
    assert win_rate(2, "greedy,random") > 0.6  # measured 0.76


def test_greedy_beats_random_with_four_players():
    assert win_rate(4, "greedy,random,random,random") > 0.4  # measured 0.61; fair 0.25


def test_greedy_pushes_the_total_to_98_for_the_next_player():
    s = position(3, hands=["8 3 0 Rev", None, None], total=90)
    assert choose(s) == 8  # 98: the next player needs a 0 or a special


def test_greedy_plays_its_highest_number_card_first():
    s = position(2, hands=["2 9 5 -10", None], total=30)
    assert choose(s) == 9


def test_greedy_saves_its_escapes_while_a_number_fits():
    s = position(2, hands=["4 -10 Rev P2", None], total=60)
    assert choose(s) == 4


def test_greedy_spends_the_cheapest_escape_and_keeps_reverse_and_minus_10():
    s = position(4, hands=["0 -10 Rev 9", None, None, None], total=95)
    assert choose(s) == 0
    s = position(2, hands=["-10 Rev 9 9", None], total=92)
    assert choose(s) == MINUS10  # keeps Reverse, the answer to a Play 2


def test_greedy_answers_98_with_play_2():
    s = position(2, hands=["0 -10 Rev P2", None], total=98)
    assert choose(s) == PLAY2  # the next player needs two escapes


def test_evaluate_lists_every_candidate_with_probabilities():
    s = position(2, hands=["7 3 -10 P2", None], total=50)
    opts = evaluate(s.observation(0), s.legal_actions())
    assert {o.action for o in opts} == {7, MINUS10, PLAY2}  # the 3 is not a candidate
    assert opts == sorted(opts, key=lambda o: (-o.score, o.action))
    for o in opts:
        assert 0.0 <= o.p_out <= 1.0 and 0.0 <= o.p_self <= 1.0


def test_hint_says_what_and_why_in_one_line():
    g = ninetynine.load_game("ono99", num_players=3)
    s = position(3, hands=["8 3 0 Rev", None, None], total=90)
    hint = g.hint(s.observation(0))
    assert hint is not None and "\n" not in hint
    assert hint.startswith("+8=98: seat 1 then needs 0 or a special")
    assert "you keep 0 and Rev as escapes" in hint
    assert g.hint(s.observation(None)) is None  # a spectator gets no hint
    assert g.hint(s.observation(1)) is None  # nor a seat that is not to play


def test_hint_for_the_exchange_and_a_strike_back():
    s = position(2, hands=["ONO ONO ONO ONO", None], total=40)
    assert explain_choice(s.observation(0)).startswith("exchange")
    s = position(3, hands=["P2 1 1 1", "Rev 9 9 10", None], total=92, draw="3 3 3")
    s.apply_action(PLAY2)
    text = explain_choice(s.observation(1))
    assert text.startswith("Rev=92: the only card you can play; strikes the Play 2 back")
    assert "seat 0 must take two turns" in text


def test_hint_follows_the_games_options_like_the_greedy_bot():
    # at 98 with two players a Reverse passes the turn (pass) or makes you play again on 98
    # (again): the hint and the bot both keep the Reverse under "again"
    for option, best in (("pass", "Rev=98"), ("again", "-10=88")):
        g = ninetynine.load_game("ono99", num_players=2, two_player_reverse=option)
        s = position(2, options={"two_player_reverse": option}, hands=["4 10 -10 Rev", None])
        s.total = 98
        s._legal = None
        obs = s.observation(0)
        assert make_agent("greedy", g, 0).step(obs, s.legal_actions()) == s.string_to_action(best)
        assert g.hint(obs).startswith(best + ":")
        assert explain_choice(obs, g.options).startswith(best + ":")


def test_hint_is_always_the_greedy_bots_move():
    for options in ({"two_player_reverse": "again"}, {"leave": "now"}, {}):
        for n in (2, 3):
            g = ninetynine.load_game("ono99", num_players=n, **options)
            for seed in range(15):
                s = g.new_initial_state(seed)
                bots = [make_agent("greedy", g, i) for i in range(n)]
                while not s.is_terminal():
                    p = s.current_player()
                    obs, legal_ = s.observation(p), s.legal_actions()
                    a = bots[p].step(obs, legal_)
                    assert g.hint(obs).startswith(s.action_to_string(a))
                    s.apply_action(a)
