"""The search bot must not cheat (issue 7), for every registered game.

Two states that look the same to the bot's seat (the same ``observation(seat)``) but differ in
hidden cards (other hands, deck order, future draws) must get the same decision from a bot
with the same seed, and even the same search statistics; and ``resample`` must keep
everything the seat knows and vary what it does not. Only the core protocol is used, so a game
registered later is covered at once.
"""

from __future__ import annotations

import json

import pytest

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.agent import SearchView, choose_action
from ninetynine.core.registry import game_class
from ninetynine.core.rng import Rng

GAMES = ninetynine.list_games()
SPECS = ("ismcts:12", "ismcts:12:ucb", "ismcts:12:random")


def _private(obs: dict, public: dict) -> dict:
    """What a seat's observation holds beyond the public view (a hand, a secret choice), left
    out when empty."""
    return {
        k: v
        for k, v in obs.items()
        if k not in public and k != "player" and v not in (None, [], {})
    }


def _hides_something(state, p: int) -> bool:
    """Whether another seat holds something private that ``p`` cannot see."""
    public = state.observation(None)
    n = state.game.num_players
    return any(_private(state.observation(q), public) for q in range(n) if q != p)


def _positions(game_id: str, n: int, count: int = 3, hidden: bool = False):
    """Seeded random positions where the seat to act has a choice, taken along a playout
    (``hidden``: only those where another seat holds something the seat to act cannot see;
    in a card game, every position)."""
    game = ninetynine.load_game(game_id, num_players=n)
    state = game.new_initial_state(sum(map(ord, game_id)) + n)
    rng = Rng(n)
    found = 0
    step = 0
    while not state.is_terminal() and found < count:
        legal = state.legal_actions()
        if (
            len(legal) > 1
            and step % 7 == 3
            and (not hidden or _hides_something(state, state.current_player()))
        ):
            found += 1
            yield state.clone()
        state.apply_action(legal[rng.randbelow(len(legal))])
        step += 1


def _hidden_differs(a, b) -> bool:
    return json.loads(a.to_json()) != json.loads(b.to_json())


def _counts(game_id: str) -> list[int]:
    cls = game_class(game_id)
    return sorted({cls.min_players, cls.max_players})


@pytest.mark.parametrize("game_id", GAMES)
def test_same_view_same_decision(game_id):
    """A twin made by ``resample`` looks the same to the seat; the bot decides alike."""
    for n in _counts(game_id):
        for state in _positions(game_id, n):
            p = state.current_player()
            twins = [state.resample(p, 100 + k) for k in range(3)]
            assert all(t.observation(p) == state.observation(p) for t in twins)
            assert any(_hidden_differs(state, t) for t in twins), "no hidden card changed"
            for spec in SPECS:
                game = state.game
                bot = make_agent(spec, game, p, seed=7)
                choice = choose_action(bot, state, p)
                stats = bot.last
                for twin in twins:
                    other = make_agent(spec, game, p, seed=7)
                    assert choose_action(other, twin, p) == choice, (spec, n)
                    assert other.last.get("values") == stats.get("values"), (spec, n)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_gives_identical_samples_for_states_that_look_alike(game_id):
    """What a search agent gets from its view depends only on the seat's view and the rng."""
    for n in _counts(game_id):
        for state in _positions(game_id, n, count=2):
            p = state.current_player()
            twin = state.resample(p, 99)
            a, b = SearchView(state, p), SearchView(twin, p)
            for r in (1, 2, 3):
                assert a.sample(r).to_json() == b.sample(r).to_json()
            # the view's samples never carry the true game seed
            assert a.sample(1).seed != state.seed or state.seed == 0


@pytest.mark.parametrize("game_id", GAMES)
def test_resample_keeps_what_the_seat_knows_and_varies_the_rest(game_id):
    for n in _counts(game_id):
        # Alone, nothing is hidden but the future chance (the RNG); with company, positions
        # where another seat holds something private (its hand, a secret choice).
        positions = list(_positions(game_id, n, count=2, hidden=n > 1))
        assert len(positions) == 2, "no position hides anything"
        for state in positions:
            p = state.current_player()
            mine = state.observation(p)
            public = state.observation(None)
            others_seen = set()
            decks_seen = set()
            for k in range(8):
                r = state.resample(p, k)
                # everything p knows: its hand, the public cards and piles, every count
                assert r.observation(p) == mine
                assert r.observation(None) == public
                assert r.known_history(p) == state.known_history(p)
                assert r.legal_actions() == state.legal_actions()
                others_seen.add(
                    json.dumps([r.observation(q) for q in range(n) if q != p], sort_keys=True)
                )
                # what p does not know: the rest of the full state (hands, deck order, RNG)
                decks_seen.add(r.to_json())
            if n > 1:
                assert len(others_seen) > 1, "resample never changed another seat's hidden cards"
            assert len(decks_seen) > 1


def test_choose_action_never_hands_over_the_state():
    """A search agent receives a SearchView, whose only door is sample()."""
    seen = []

    class Spy:
        name = "spy"

        def step(self, observation, legal_actions):  # pragma: no cover - not called
            raise AssertionError("a search agent gets step_with_search")

        def step_with_search(self, observation, legal_actions, view):
            seen.append(view)
            return legal_actions[0]

    game = ninetynine.load_game("warp99", num_players=2)
    state = game.new_initial_state(3)
    choose_action(Spy(), state)
    (view,) = seen
    assert isinstance(view, SearchView)
    assert not any(isinstance(getattr(view, k, None), type(state)) for k in ("seat", "num_players"))
    assert [k for k in dir(view) if not k.startswith("_")] == ["num_players", "sample", "seat"]
