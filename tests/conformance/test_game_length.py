"""``max_game_length`` is a true bound (issue 19, item 5): no game outruns it.

Each game derives its bound in the docstring of its ``max_game_length`` (from the cards, the
rows, the safety stop); here a few hundred seeded random games per game and player count, and
some greedy ones, must stay within it. ``benchmarks/game_length.py`` runs the 100,000-game
measurement and prints how far above the longest game each bound is.
"""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.registry import game_class
from ninetynine.core.rng import Rng, derive_seed

CASES = [
    (gid, n)
    for gid in ninetynine.list_games()
    for n in range(game_class(gid).min_players, game_class(gid).max_players + 1)
]
IDS = [f"{g}-{n}p" for g, n in CASES]


def _longest(game, games: int, seed: int, agent: str = "random") -> int:
    best = 0
    n = game.num_players
    for i in range(games):
        state = game.new_initial_state(derive_seed(seed, i))
        rng = Rng(derive_seed(seed, i, 1))
        bots = [make_agent(agent, game, s, derive_seed(seed, i, 2, s)) for s in range(n)]
        while not state.is_terminal():
            if agent == "random":
                legal = state.legal_actions()
                state.apply_action(legal[rng.randbelow(len(legal))])
            else:
                state.apply_action(choose_action(bots[state.current_player()], state))
            assert len(state.history()) <= game.max_game_length, (game, i)
        best = max(best, len(state.history()))
    return best


@pytest.mark.parametrize(("game_id", "n"), CASES, ids=IDS)
def test_random_and_greedy_games_stay_within_the_bound(game_id: str, n: int) -> None:
    game = ninetynine.load_game(game_id, num_players=n)
    longest = max(_longest(game, 200, 1919), _longest(game, 20, 1920, "greedy"))
    assert 0 < longest <= game.max_game_length


@pytest.mark.parametrize(
    ("game_id", "n", "options"),
    [
        ("warp99", 2, {"target": 10}),
        ("warp99", 4, {"target": 300, "handicap": "none"}),
        ("warp99", 3, {"bonus_rule": False, "flip_limit": "cycle", "rules": "random"}),
        ("warp99", 2, {"extra_card": False, "allow_flip": False, "max_turns": 20}),
        ("ninetynine", 4, {"deal": "15", "bonus_rule": True}),
        ("ninetynine", 2, {"handicap": "standard", "target": 40}),
        ("tripwire", 3, {"per_dock": "any"}),
        ("tripwire", 2, {"deck": "null=7,plus=4,minus=4", "max_turns": 60}),
    ],
)
def test_the_bound_follows_the_options(game_id: str, n: int, options: dict) -> None:
    """The bounds that depend on options (Warp 99: target, handicap, deal, flips, extra
    cards; Tripwire: cards per dock, the deck) hold under them too."""
    game = ninetynine.load_game(game_id, num_players=n, **options)
    assert 0 < _longest(game, 60, 1921) <= game.max_game_length


def test_warp99_bound_is_the_documented_count() -> None:
    """The W20 count: 105 cards through each hand (the first 15 and six refills of 15 before
    99), 105 row cards, hence 2 x 105 + 2 x 105 actions a seat with flips and extra cards."""
    assert ninetynine.load_game("warp99", num_players=3).max_game_length == 3 * 420
    # Ninety Nine: 21 + 90 = 111 cards, 108 row cards at most (98 points + a row of 10),
    # no flips and no extra card: 111 + 2 x 108 = 327 a seat.
    assert ninetynine.load_game("ninetynine", num_players=3).max_game_length == 3 * 327
    # The safety stop's own bound wins when it is smaller.
    assert ninetynine.load_game("warp99", num_players=2, max_turns=1).max_game_length == 640
