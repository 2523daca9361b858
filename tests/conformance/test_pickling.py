"""Pickling and deep copies, over every registered game (issue 19, item 1).

Multiprocessing, Ray actors, vector environments and OpenSpiel's Python machinery all move
games, states and bots by pickling them. So every ``Game``, every ``State`` (mid-game and
finished) and every registered agent must pickle and deep-copy, and the copy must be equal to
the original and *play on identically*: the same legal actions, observations, JSON and future
after the same actions; an agent's copy chooses the same moves as the original from then on.
Only the core protocol and the registry are used, so a game registered later is covered.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.game import State
from ninetynine.core.registry import game_class, levels, list_agents
from ninetynine.core.rng import Rng

CASES = [
    (gid, n)
    for gid in ninetynine.list_games()
    for n in range(game_class(gid).min_players, game_class(gid).max_players + 1)
]
IDS = [f"{gid}-{n}p" for gid, n in CASES]

#: The ways to copy: every pickle protocol Python offers, and ``copy.deepcopy``.
COPIERS: dict[str, Callable[[Any], Any]] = {
    **{
        f"pickle{proto}": (lambda obj, proto=proto: pickle.loads(pickle.dumps(obj, proto)))
        for proto in range(pickle.HIGHEST_PROTOCOL + 1)
    },
    "deepcopy": copy.deepcopy,
}
#: The copiers the slow checks use: the oldest and the default pickle protocol, deep copy.
AGENT_COPIERS = ("pickle0", f"pickle{pickle.DEFAULT_PROTOCOL}", "deepcopy")

#: Search-agent options beyond the registered names: each keeps other state or another policy.
ISMCTS_VARIANTS = (
    "ismcts:6:ucb",
    "ismcts:6:random",
    "ismcts:6:flat",
    "ismcts:6:depth=1",
    "ismcts:6:steps=40",
    "ismcts:6:ucb:c=0.3:z=0.5",
    "ismcts:6:100s",  # a time cap that is never hit: still reproducible
)


def _seed(game_id: str, n: int, k: int = 0) -> int:
    return sum(map(ord, game_id)) * 1000 + n * 10 + k


def _views(state: State) -> dict[str, Any]:
    """Everything the protocol shows of a state, to compare a copy with its original."""
    n = state.game.num_players
    return {
        "json": state.to_json(),
        "current_player": state.current_player(),
        "legal": state.legal_actions(),
        "terminal": state.is_terminal(),
        "returns": state.returns(),
        "scores": state.scores(),
        "history": state.history(),
        "observations": [state.observation(p) for p in [None, *range(n)]],
        "known_history": [state.known_history(p) for p in [None, *range(n)]],
        "notation": [state.action_to_string(a) for a in state.legal_actions()],
    }


def _play_on_alike(a: State, b: State, seed: int) -> None:
    """Play ``a`` and ``b`` on with the same random actions to the end, checking at every step
    that they look the same (chance included: both draw from their own copied RNG)."""
    rng = Rng(seed)
    assert _views(a) == _views(b)
    while not a.is_terminal():
        legal = a.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        a.apply_action(action)
        b.apply_action(action)
        assert _views(a) == _views(b)
    assert b.is_terminal()


def _mid_game_states(game_id: str, n: int, k: int = 0, every: int = 9) -> list[State]:
    """Clones of the initial state, every ``every``-th state of a random playout, and the
    final state."""
    game = ninetynine.load_game(game_id, num_players=n)
    state = game.new_initial_state(_seed(game_id, n, k))
    rng = Rng(_seed(game_id, n, k) + 1)
    out = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            out.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
        step += 1
    out.append(state)
    return out


# --------------------------------------------------------------------------- games
@pytest.mark.parametrize(("game_id", "n"), CASES, ids=IDS)
@pytest.mark.parametrize("how", list(COPIERS))
def test_games_copy_equal_and_deal_the_same(game_id: str, n: int, how: str) -> None:
    game = ninetynine.load_game(game_id, num_players=n)
    twin = COPIERS[how](game)
    assert twin == game and twin is not game and type(twin) is type(game)
    assert twin.num_players == n and dict(twin.options) == dict(game.options)
    assert twin.max_game_length == game.max_game_length
    assert twin.num_distinct_actions == game.num_distinct_actions
    seed = _seed(game_id, n)
    assert twin.new_initial_state(seed).to_json() == game.new_initial_state(seed).to_json()


# --------------------------------------------------------------------------- states
@pytest.mark.parametrize(("game_id", "n"), CASES, ids=IDS)
def test_states_copy_equal_and_play_on_identically(game_id: str, n: int) -> None:
    """Initial, mid-game and final states, every copier: the copy shows exactly what the
    original shows and the two play on alike to the end; the original is untouched."""
    states = _mid_game_states(game_id, n)
    for i, state in enumerate(states):
        before = state.to_json()
        for how, copier in COPIERS.items():
            twin = copier(state)
            assert twin is not state and type(twin) is type(state), how
            assert twin.game == state.game, how
            assert twin.seed == state.seed and twin.rng.getstate() == state.rng.getstate(), how
            if (i % 4 == 0 or state.is_terminal()) and how in AGENT_COPIERS:  # the slow part
                _play_on_alike(state.clone(), twin, seed=i)
            else:
                assert _views(twin) == _views(state), how
        assert state.to_json() == before


@pytest.mark.parametrize(("game_id", "n"), CASES, ids=IDS)
def test_a_copy_is_independent_of_its_original(game_id: str, n: int) -> None:
    live = [s for s in _mid_game_states(game_id, n, every=5) if not s.is_terminal()]
    state = live[1] if len(live) > 1 else live[0]  # a mid-game state (a short game: the first)
    before = state.to_json()
    for copier in COPIERS.values():
        twin = copier(state)
        twin.apply_action(twin.legal_actions()[-1])
        assert state.to_json() == before


@pytest.mark.parametrize("game_id", ninetynine.list_games())
@given(
    seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 400), how=st.sampled_from(list(COPIERS))
)
def test_any_reachable_state_copies_exactly(game_id: str, seed: int, steps: int, how: str) -> None:
    """Hypothesis: any seed, any number of random moves, any copier; the copy's JSON, views
    and the next moves agree with the original's."""
    game = ninetynine.load_game(game_id)
    state = game.new_initial_state(seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
    twin = COPIERS[how](state)
    assert _views(twin) == _views(state)
    for _ in range(20):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        a = legal[rng.randbelow(len(legal))]
        state.apply_action(a)
        twin.apply_action(a)
    assert _views(twin) == _views(state)


# --------------------------------------------------------------------------- agents
#: Registered agents at every game's smallest and default player counts (the search agent
#: with a small budget); its options at the default count (a search is the slow part).
AGENT_CASES = [
    (gid, n, spec)
    for gid in ninetynine.list_games()
    for n in sorted({game_class(gid).min_players, game_class(gid).default_players})
    for spec in (
        ("ismcts:6" if a == "ismcts" else a)
        for a in list_agents(gid)
        if a not in {lv.name for lv in levels(gid)}  # levels: other names of these agents
    )
] + [
    (gid, game_class(gid).default_players, spec)
    for gid in ninetynine.list_games()
    for spec in ISMCTS_VARIANTS
]


@pytest.mark.parametrize(
    ("game_id", "n", "spec"), AGENT_CASES, ids=[f"{g}-{n}p-{s}" for g, n, s in AGENT_CASES]
)
def test_agents_copy_and_choose_the_same_moves(game_id: str, n: int, spec: str) -> None:
    """Every registered agent (and the search agent's options), after it has played a few
    moves: its pickled and deep-copied twins choose exactly what it chooses from then on,
    each on its own copy of the game."""
    game = ninetynine.load_game(game_id, num_players=n)
    seed = _seed(game_id, n, 3)
    agents = [make_agent(spec, game, seat, seed + seat) for seat in range(n)]
    state = game.new_initial_state(seed)
    for _ in range(7):  # the agents' RNGs and counters move on before the copy
        if state.is_terminal():
            break
        state.apply_action(choose_action(agents[state.current_player()], state))
    runs = [(agents, state)]
    for how in AGENT_COPIERS:
        runs.append((COPIERS[how](agents), COPIERS[how](state)))
    for twins, _ in runs[1:]:
        assert [type(t) for t in twins] == [type(a) for a in agents]
    for _ in range(6 if spec.startswith("ismcts") else 12):  # a search is the slow part
        if state.is_terminal():
            break
        p = state.current_player()
        moves = [choose_action(ags[p], st_, p) for ags, st_ in runs]
        assert len(set(moves)) == 1, (spec, moves)
        for _, st_ in runs:
            st_.apply_action(moves[0])
    assert len({st_.to_json() for _, st_ in runs}) == 1
