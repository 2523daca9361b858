"""The seed is a secret while a game is live (issue 19, item 2), adversarially, for every game.

The seed (and the state's RNG) rebuild the true deal: every hidden hand, every future draw. So
while a game runs, nothing an agent or a seat can reach may hold it, nor any value from which
``new_initial_state`` reproduces the deal. This test plays whole games with the registered
agents, built as the runners build them, and gathers everything they could reach at each
decision:

* every seat's observation and the spectator's (``observation(p)``, ``observation(None)``),
  the legal actions and ``known_history``;
* what a search agent gets: the :class:`SearchView` (its base determinization, which it keeps)
  and the determinizations it draws, whole (``to_dict``, seeds and RNG states included);
* the agents themselves (their attributes, their own RNG's state);
* ``repr`` and ``str`` of the live state, the game, the agents and the view.

Every integer in all of that (numbers inside strings too) is then tried as a seed: none may be
the true seed or RNG state, and none may deal the true game. The record of a finished game
still names the seed (that is how it replays).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.agent import SearchView, choose_action
from ninetynine.core.game import Game, State
from ninetynine.core.records import GameRecord
from ninetynine.core.registry import game_class, levels, list_agents
from ninetynine.core.rng import Rng, derive_seed
from ninetynine.sim.match import agent_seeds

CASES = [
    (gid, n)
    for gid in ninetynine.list_games()
    for n in sorted({game_class(gid).min_players, game_class(gid).max_players})
]
IDS = [f"{g}-{n}p" for g, n in CASES]
_NUMBER = re.compile(r"0x[0-9a-fA-F]+|\d+")
_MASK = (1 << 64) - 1


def _true_seed(game_id: str, n: int) -> int:
    """A full 64-bit seed: a small one would be among the card numbers of any observation."""
    return derive_seed(sum(map(ord, game_id)), n, 19)


def _ints(obj: Any, out: set[int], depth: int = 0) -> None:
    """Every integer inside ``obj`` (containers, strings, objects' attributes), into ``out``."""
    if depth > 12 or obj is None or isinstance(obj, bool | float):
        return
    if isinstance(obj, int):
        out.add(obj)
    elif isinstance(obj, str):
        for m in _NUMBER.findall(obj):
            out.add(int(m, 16) if m.startswith("0x") else int(m))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _ints(k, out, depth + 1)
            _ints(v, out, depth + 1)
    elif isinstance(obj, list | tuple | set | frozenset):
        for v in obj:
            _ints(v, out, depth + 1)
    elif isinstance(obj, Rng):
        out.add(obj.getstate())
    elif isinstance(obj, State | Game):
        _ints(obj.to_dict(), out, depth + 1)
    elif isinstance(obj, SearchView):
        _ints(obj._base, out, depth + 1)
        _ints(obj.seat, out, depth + 1)
    elif hasattr(obj, "__dict__") or hasattr(obj, "__slots__"):
        attrs = dict(getattr(obj, "__dict__", {}))
        for name in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, name):
                attrs[name] = getattr(obj, name)
        for v in attrs.values():
            if not callable(v) or isinstance(v, Rng):
                _ints(v, out, depth + 1)


def _deal(state: State) -> dict[str, Any]:
    """An initial state's deal: its full dict without the seed and the RNG state."""
    d = state.to_dict()
    d.pop("seed", None)
    d.pop("rng", None)
    return d


def _reachable(state: State, agents: list[Any], seat: int) -> Iterator[Any]:
    """What the agents and seats can reach at this decision (see the module docstring)."""
    n = state.game.num_players
    for p in [None, *range(n)]:
        yield state.observation(p)
        yield state.known_history(p)
    yield state.legal_actions()
    view = SearchView(state, seat)
    yield view
    for k in range(2):
        yield view.sample(k)
    yield agents
    for obj in (state, state.game, view, *agents):
        yield repr(obj)
        yield str(obj)


#: The games whose ``new_fast_state`` is a state of its own (not the reference state).
FAST_CASES = [
    (g, n)
    for g, n in CASES
    if type(ninetynine.load_game(g, num_players=n).new_fast_state(1))
    is not type(ninetynine.load_game(g, num_players=n).new_initial_state(1))
]


@pytest.mark.parametrize(("game_id", "n"), CASES, ids=IDS)
def test_nothing_reachable_during_a_game_rebuilds_the_deal(game_id: str, n: int) -> None:
    _scan_a_game(game_id, n, fast=False)


@pytest.mark.parametrize(("game_id", "n"), FAST_CASES, ids=[f"{g}-{n}p" for g, n in FAST_CASES])
def test_nothing_reachable_during_a_game_on_the_fast_state_rebuilds_the_deal(
    game_id: str, n: int
) -> None:
    """The same scan, the game played on ``game.new_fast_state(seed)`` (the envs' state)."""
    _scan_a_game(game_id, n, fast=True)


def test_some_games_have_a_fast_state() -> None:
    assert {"warp99", "ninetynine", "tripwire"} <= {g for g, _ in FAST_CASES}


def _scan_a_game(game_id: str, n: int, fast: bool) -> None:
    game = ninetynine.load_game(game_id, num_players=n)
    seed = _true_seed(game_id, n)
    state = game.new_fast_state(seed) if fast else game.new_initial_state(seed)
    true_deal = _deal(state)
    secrets = {seed}
    seen: set[int] = set()
    # Every registered agent takes a seat in turn; the search agent with a tiny budget.
    # (levels are other names of these agents, some with a large search budget: left out)
    named = {lv.name for lv in levels(game_id)}
    names = [("ismcts:4" if a == "ismcts" else a) for a in list_agents(game_id) if a not in named]
    specs = [names[i % len(names)] for i in range(n)]
    seeds = agent_seeds(seed, n)  # as the runners seed them (one-way from the game's seed)
    agents = [make_agent(s, game, i, seeds[i]) for i, s in enumerate(specs)]
    step = 0
    while not state.is_terminal():
        rng = state.reference().rng if fast else state.rng  # type: ignore[attr-defined]
        secrets.add(rng.getstate())
        p = state.current_player()
        if step % 5 == 0:
            for obj in _reachable(state, agents, p):
                _ints(obj, seen)
        state.apply_action(choose_action(agents[p], state, p))
        step += 1
        assert step <= game.max_game_length
    leaked = secrets & seen
    assert not leaked, f"{game_id}: the seed or the RNG state is reachable: {leaked}"
    candidates = sorted(x for x in seen if 0 <= x <= _MASK)
    rebuilt = [x for x in candidates if _deal(game.new_initial_state(x)) == true_deal]
    assert not rebuilt, f"{game_id}: {rebuilt} as a seed deals the true game"
    assert len(seen) > 10  # the scan did look at something (a tiny game shows few numbers)
    # After the end the record names the seed, so the game replays.
    record = GameRecord.from_state(state)
    assert record.headers["Seed"] == str(seed)
    assert record.final_state().to_json() == state.to_json()


@pytest.mark.parametrize(("game_id", "n"), CASES, ids=IDS)
def test_repr_of_a_live_state_hides_the_seed_and_the_rng(game_id: str, n: int) -> None:
    game = ninetynine.load_game(game_id, num_players=n)
    seed = _true_seed(game_id, n)
    state = game.new_initial_state(seed)
    texts = [repr(state), str(state), repr(state.rng), repr(game), str(game)]
    for text in texts:
        assert str(seed) not in text and f"{seed:x}" not in text.lower()
        assert str(state.rng.getstate()) not in text
        assert "seed" not in text.lower()
        assert f"{state.rng.getstate():x}" not in text.lower()


@pytest.mark.parametrize(("game_id", "n"), FAST_CASES, ids=[f"{g}-{n}p" for g, n in FAST_CASES])
def test_repr_and_attributes_of_a_live_fast_state_hide_the_seed(game_id: str, n: int) -> None:
    game = ninetynine.load_game(game_id, num_players=n)
    seed = _true_seed(game_id, n)
    state = game.new_fast_state(seed)
    secret = state.reference().rng.getstate()  # type: ignore[attr-defined]
    assert not hasattr(state, "seed") and not hasattr(state, "rng")
    seen: set[int] = set()
    for name in dir(state):
        value = getattr(state, name, None)  # None: seed, unreadable while live
        if not name.startswith("_") and not callable(value):
            _ints(value, seen)
    texts = [repr(state), str(state)]
    for text in texts:
        _ints(text, seen)
        assert "seed" not in text.lower()
        assert f"{seed:x}" not in text.lower() and f"{secret:x}" not in text.lower()
    assert not {seed, secret} & seen


@pytest.mark.parametrize(("game_id", "n"), CASES, ids=IDS)
def test_a_determinization_draws_no_future_of_the_true_game(game_id: str, n: int) -> None:
    """``resample`` re-seeds: a determinization's RNG is not the true state's, so the chance
    it draws on (rebuilt decks, dice, refills) does not follow the real game's."""
    game = ninetynine.load_game(game_id, num_players=n)
    state = game.new_initial_state(_true_seed(game_id, n))
    rng = Rng(3)
    for step in range(60):
        if state.is_terminal():
            break
        p = state.current_player()
        for who in (p, None):
            fake = state.resample(who, step)
            assert fake.seed != state.seed
            assert fake.rng.getstate() != state.rng.getstate()
            draws = [state.clone().rng.next_u64() for _ in range(1)]
            assert fake.clone().rng.next_u64() not in draws
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
