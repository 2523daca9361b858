"""Invariants on random playouts (Hypothesis chooses the seeds, the player count and the team):
every seat's 52 cards are accounted for after every action, a shift never leaves a hero with
more than 3 active cards, and every game ends within ``max_game_length``."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.games.heroes99.rules import SHIFT_LIMIT

from .positions import check_cards


def _check(s) -> None:
    check_cards(s)
    for e in s.events:
        if e["type"] == "shift":
            q, ln = e["to"]
            assert len(s.active[q][ln]) <= SHIFT_LIMIT
    for q in range(s.game.num_players):
        assert all(h < 0 or len(s.active[q][ln]) <= 5 for ln, h in enumerate(s.heroes[q]))


@given(
    seed=st.integers(0, 2**32),
    n=st.integers(2, 4),
    team=st.integers(1, 5),
    bots=st.sampled_from(["random", "greedy"]),
)
def test_random_games_keep_every_card_and_end(seed, n, team, bots):
    game = ninetynine.load_game("heroes99", num_players=n, team=team)
    agents = [make_agent(bots if q == 0 else "random", game, q, seed + q) for q in range(n)]
    s = game.new_initial_state(seed)
    steps = 0
    _check(s)
    while not s.is_terminal():
        p = s.current_player()
        s.apply_action(agents[p].step(s.observation(p), s.legal_actions()))
        steps += 1
        assert steps <= game.max_game_length
        _check(s)
    assert s.ended_by in ("no_draw", "no_play")
    assert s.scores() == [float(x) for x in s.points()]
    r = s.returns()
    assert r == [0.0] * n or sorted(r) == [-1.0] * (n - 1) + [1.0]
    pts = s.points()
    if s.winner() is not None:
        assert pts[s.winner()] == max(pts)


@given(seed=st.integers(0, 2**32))
def test_resampled_states_keep_every_card(seed):
    game = ninetynine.load_game("heroes99")
    s = game.new_initial_state(seed)
    from ninetynine.core.rng import Rng

    rng = Rng(seed)
    while not s.is_terminal():
        for p in (None, 0, 1):
            r = s.resample(p, rng.next_u64())
            check_cards(r)
            if p is not None:
                assert r.observation(p) == s.observation(p)
        legal = s.legal_actions()
        s.apply_action(legal[rng.randbelow(len(legal))])
