"""The shared conformance suite: every registered game, at every player count, must pass it
before it gets its own tests (``docs/architecture.md`` § The protocol).

Only the core protocol is used here (no game's internals), so a new game is covered as soon as
it is registered. Each check runs on seeded random playouts, so a failure replays exactly.
"""

from __future__ import annotations

import copy
import json
import math

import pytest

import ninetynine
from ninetynine import TERMINAL, GameOptionError, IllegalActionError
from ninetynine.agents import make_agent
from ninetynine.core.registry import game_class, list_agents
from ninetynine.core.rng import Rng

CASES = [
    (gid, n)
    for gid in ninetynine.list_games()
    for n in range(game_class(gid).min_players, game_class(gid).max_players + 1)
]
IDS = [f"{gid}-{n}p" for gid, n in CASES]

pytestmark = pytest.mark.parametrize(("game_id", "n"), CASES, ids=IDS)


def _seed(game_id: str, n: int, k: int = 0) -> int:
    return sum(map(ord, game_id)) * 100 + n * 10 + k


def _trajectory(game_id: str, n: int, k: int = 0):
    """Yield ``(state, action)`` along a seeded random playout, the state before the action;
    finally ``(terminal state, None)``."""
    game = ninetynine.load_game(game_id, num_players=n)
    seed = _seed(game_id, n, k)
    state = game.new_initial_state(seed)
    rng = Rng(seed + 1)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        a = legal[rng.randbelow(len(legal))]
        yield state, a
        state.apply_action(a)
        steps += 1
        assert steps <= game.max_game_length, "the game outran max_game_length"
    yield state, None


def _proper_returns(state, n: int) -> bool:
    """Finished-game returns: +1 one winner and -1 the others, or all 0 (a draw); a one-player
    game returns its own finite measure (e.g. the score) and has no winner."""
    r = state.returns()
    if len(r) != n or not all(isinstance(x, float) for x in r):
        return False
    if n == 1:
        return math.isfinite(r[0]) and state.winner() is None
    return r == [0.0] * n or sorted(r) == [-1.0] * (n - 1) + [1.0]


def _private(obs: dict, public: dict) -> dict:
    """The parts of a seat's observation the public view lacks (its hand, a secret choice),
    left out when empty (no card, nothing chosen yet)."""
    return {
        k: v
        for k, v in obs.items()
        if k not in public and k != "player" and v not in (None, [], {})
    }


def _every(k: int, pairs):
    """Every k-th pair of a trajectory, and the last one."""
    for i, (state, a) in enumerate(pairs):
        if i % k == 0 or a is None:
            yield state, a


# --------------------------------------------------------------------------- game facts
def test_game_facts(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    assert game.game_id == game_id and game.num_players == n
    assert isinstance(game.num_distinct_actions, int) and game.num_distinct_actions > 0
    assert isinstance(game.max_game_length, int) and game.max_game_length > 0
    json.dumps(dict(game.options))  # JSON-able
    assert ninetynine.load_game(game_id, num_players=n) == game
    for bad in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(GameOptionError):
            ninetynine.load_game(game_id, num_players=bad)
    with pytest.raises(GameOptionError, match="no_such_option"):
        ninetynine.load_game(game_id, num_players=n, no_such_option=1)


# --------------------------------------------------------------------------- playouts
def test_random_playouts_end_with_proper_returns(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    for k in range(3):
        for state, a in _trajectory(game_id, n, k):
            if a is not None:
                assert state.current_player() in range(n)
                assert state.returns() == [0.0] * n
                assert not state.is_terminal()
        assert state.is_terminal()
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == []
        r = state.returns()
        assert len(r) == n
        assert _proper_returns(state, n), r
        if n > 1 and r != [0.0] * n:
            assert state.winner() == r.index(1.0)
        assert len(state.history()) <= game.max_game_length
        assert len(state.scores()) == n


def test_legal_actions_sorted_unique_in_range(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    for state, _ in _trajectory(game_id, n):
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        assert all(isinstance(x, int) and 0 <= x < game.num_distinct_actions for x in legal)
        assert bool(legal) == (not state.is_terminal())
        legal.append(-99)  # a copy: mutating it changes nothing
        assert -99 not in state.legal_actions()


def test_every_legal_action_applies(game_id, n):
    for state, _ in _every(3, _trajectory(game_id, n)):
        for a in state.legal_actions():
            child = state.clone()
            child.apply_action(a)
            assert child.history() == [*state.history(), a]


def test_illegal_actions_raise_and_change_nothing(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    N = game.num_distinct_actions
    for state, _ in _every(5, _trajectory(game_id, n)):
        legal = set(state.legal_actions())
        illegal_ids = [x for x in range(N) if x not in legal]
        candidates = [-1, N, N + 1000, "0", None, 0.0, 1.5, True, *illegal_ids[:3]]
        candidates += illegal_ids[-2:]
        before = state.to_json()
        for bad in candidates:
            with pytest.raises(IllegalActionError) as info:
                state.apply_action(bad)
            assert isinstance(info.value, ValueError)
            assert str(info.value)
            assert state.to_json() == before, f"{bad!r} changed the state"
        assert set(state.legal_actions()) == legal


def test_same_seed_same_game(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    twin = game.new_initial_state(_seed(game_id, n))
    for state, a in _trajectory(game_id, n):
        assert twin.to_json() == state.to_json()
        assert twin.legal_actions() == state.legal_actions()
        if a is not None:
            twin.apply_action(a)
    other = game.new_initial_state(_seed(game_id, n) + 1)
    assert other.to_json() != game.new_initial_state(_seed(game_id, n)).to_json()


def test_unseeded_states_record_their_seed(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    s = game.new_initial_state()
    assert game.new_initial_state(s.seed).to_json() == s.to_json()


def test_json_round_trip_is_exact_and_plays_on_identically(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    saved = []
    for state, a in _every(7, _trajectory(game_id, n)):
        text = state.to_json()
        copy = game.state_from_json(text)
        assert copy.to_json() == text
        assert json.loads(text) == state.to_dict()
        assert copy.legal_actions() == state.legal_actions()
        assert copy.history() == state.history()
        for seat in [None, *range(n)]:
            assert copy.observation(seat) == state.observation(seat)
        saved.append(copy)
        if a is None:
            final = state
    # every restored copy, played on with the same actions, reaches the same final state
    actions = final.history()
    for copy in saved[:: max(1, len(saved) // 6)]:
        for a in actions[len(copy.history()) :]:
            copy.apply_action(a)
        assert copy.to_json() == final.to_json()


def test_json_of_another_game_is_rejected(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    text = game.new_initial_state(1).to_json()
    others = [g for g in ninetynine.list_games() if g != game_id]
    for other in others:
        with pytest.raises(GameOptionError):
            ninetynine.load_game(other, num_players=n).state_from_json(text)
    alt = n + 1 if n < game.max_players else n - 1
    if alt >= game.min_players and alt != n:
        with pytest.raises(GameOptionError):
            ninetynine.load_game(game_id, num_players=alt).state_from_json(text)


def test_clone_is_independent(game_id, n):
    for state, a in _every(9, _trajectory(game_id, n)):
        if a is None:
            continue
        before = state.to_json()
        c = state.clone()
        assert c.to_json() == before
        c.apply_action(a)
        assert state.to_json() == before
        # and the other way round: a clone does not see the moves of what it was cloned from
        original = state.clone()
        frozen = original.clone()
        original.apply_action(a)
        assert frozen.to_json() == before
        assert frozen.legal_actions() == state.legal_actions()


def test_copy_copy_is_an_independent_clone(game_id, n):
    # copy.copy shared the hands, piles and history lists of a reference state (its slots
    # copied shallowly): a move on the copy changed the original; the fast states cloned.
    for state, _ in _every(9, _trajectory(game_id, n)):
        if state.is_terminal():
            continue
        before = state.to_json()
        twin = copy.copy(state)
        assert type(twin) is type(state) and twin.to_json() == before
        twin.apply_action(twin.legal_actions()[0])
        assert state.to_json() == before


def test_engine_states_keep_no_stray_attributes(game_id, n):
    # Every field is a declared slot: an attribute an engine sets but forgot to declare (and so
    # to clone, pickle or hide) is an AttributeError at once, not a silent extra in __dict__.
    for state, _ in _every(9, _trajectory(game_id, n)):
        for s in (state, state.clone()):
            assert not hasattr(s, "__dict__"), (type(s).__name__, vars(s))
        with pytest.raises(AttributeError):
            state.not_a_field = 1


def test_notation_round_trips_for_every_legal_action(game_id, n):
    for state, _ in _every(2, _trajectory(game_id, n)):
        for a in state.legal_actions():
            text = state.action_to_string(a)
            assert isinstance(text, str) and text and " " not in text
            assert state.string_to_action(text) == a


def test_history_is_the_applied_actions(game_id, n):
    applied = []
    for state, a in _trajectory(game_id, n):
        assert state.history() == applied
        for p in [None, *range(n)]:
            # what a seat may know of the history: the moves, a secret one as None
            known = state.known_history(p)
            assert len(known) == len(applied)
            assert all(x is None or x == y for x, y in zip(known, applied, strict=True))
        if a is not None:
            applied.append(a)


def test_secret_moves_are_revealed_by_the_time_the_game_ends(game_id, n):
    for state, a in _trajectory(game_id, n):
        if a is None:
            assert state.known_history(None) == state.history()


# --------------------------------------------------------------------------- observations
def test_observations_are_json_and_share_the_public_view(game_id, n):
    for state, _ in _every(4, _trajectory(game_id, n)):
        public = state.observation(None)
        json.dumps(public)
        for p in range(n):
            obs = state.observation(p)
            assert json.loads(json.dumps(obs)) == obs
            # what differs between seats is only the seat's own, private part
            for key, value in public.items():
                if key != "player":
                    assert obs[key] == value, (p, key)
            assert obs.get("player", p) == p


@pytest.mark.parametrize("bad", [True, False, -1, 99, 1.0, "0"], ids=repr)
def test_observation_refuses_what_is_not_a_seat(game_id, n, bad):
    """``observation(player)`` takes a seat or ``None``: a bool is not a seat (``True`` is not
    seat 1), nor a float, a string or a number out of range."""
    state = ninetynine.load_game(game_id, num_players=n).new_initial_state(_seed(game_id, n))
    with pytest.raises(ValueError, match="no seat"):
        state.observation(bad)


def test_a_seat_of_any_integer_type_is_that_seat(game_id, n):
    """Reinforcement-learning code holds seats as NumPy integers: ``numpy.int64(p)`` is seat
    ``p`` to ``observation`` and ``observation_tensor`` (the same answers, JSON-able)."""
    np = pytest.importorskip("numpy")
    state = ninetynine.load_game(game_id, num_players=n).new_initial_state(_seed(game_id, n))
    for p in range(n):
        obs = state.observation(np.int64(p))
        assert obs == state.observation(p) and json.dumps(obs) == json.dumps(state.observation(p))
        if state.game.has_observation_tensor():
            assert (state.observation_tensor(np.int64(p)) == state.observation_tensor(p)).all()


def test_resample_keeps_what_the_seat_knows(game_id, n):
    """The hidden-information test: re-dealing every card seat p cannot see leaves p's
    observation unchanged, so nothing hidden from p is in it."""
    for state, _ in _every(6, _trajectory(game_id, n)):
        before = state.to_json()
        for p in [None, *range(n)]:
            obs = state.observation(p)
            for k in range(3):
                r = state.resample(p, Rng(1000 * k + 7))
                assert r.observation(p) == obs, (p, k)
                assert r.known_history(p) == state.known_history(p)
                assert len(r.history()) == len(state.history())
                assert r.legal_actions() == state.legal_actions() or p != state.current_player()
        assert state.to_json() == before, "resample changed the original"


def test_resample_actually_redeals_hidden_cards(game_id, n):
    """At the first position (along a seeded playout) where another seat holds something
    private (a hand; a secret choice), resample(p) must re-deal it."""
    if n == 1:
        pytest.skip("one seat: there is no other seat whose cards could be hidden")
    for p in range(n):
        others = [q for q in range(n) if q != p]
        for state, _ in _trajectory(game_id, n):
            public = state.observation(None)
            if any(_private(state.observation(q), public) for q in others):
                break
        else:
            pytest.fail(f"no seat other than {p} ever holds anything private")
        views = {json.dumps([state.observation(q) for q in others], sort_keys=True)}
        for k in range(6):
            r = state.resample(p, k)
            views.add(json.dumps([r.observation(q) for q in others], sort_keys=True))
        assert len(views) > 2, f"resample({p}) never changed another seat's cards"


def test_resampled_states_play_on_legally(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    for state, a in _every(25, _trajectory(game_id, n)):
        if a is None:
            continue
        p = state.current_player()
        r = state.resample(p, Rng(a + 1))
        rng = Rng(a + 2)
        steps = 0
        while not r.is_terminal():
            legal = r.legal_actions()
            assert legal == sorted(set(legal))
            r.apply_action(legal[rng.randbelow(len(legal))])
            steps += 1
            assert steps <= game.max_game_length
        assert _proper_returns(r, n)


# --------------------------------------------------------------------------- agents
def test_registered_agents_choose_legal_actions(game_id, n):
    game = ninetynine.load_game(game_id, num_players=n)
    for name in list_agents(game_id):
        agents = [make_agent(name, game, seat, seed=seat + 1) for seat in range(n)]
        state = game.new_initial_state(_seed(game_id, n, 5))
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            a = agents[p].step(state.observation(p), legal)
            assert a in legal, (name, a)
            state.apply_action(a)
        assert state.is_terminal()
