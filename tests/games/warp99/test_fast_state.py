"""The single-game fast state (``fast.py``, ``batched/_fast.c``) against the reference engine.

The differential test deals the same seeds in both (``game.new_fast_state(seed)``,
``game.new_initial_state(seed)``), plays the same random legal actions, and after every action
compares everything of the State protocol's RL subset: the legal actions and the mask, the
observation tensor of every seat and of the spectator, the seat to act, the end, the returns,
the scores and the history. Every rule the options switch, both games, every player count.
``python tests/games/warp99/test_fast_state.py 1000000`` runs the long version (a million
actions).
"""

from __future__ import annotations

import copy
import os
import pickle
import random
import shutil
import sys
import time
import warnings

import numpy as np
import pytest

import ninetynine
from ninetynine.core.errors import GameOptionError, IllegalActionError
from ninetynine.core.game import State
from ninetynine.games.warp99 import fast as F
from ninetynine.games.warp99.state import Warp99State

#: (game id, players, options, share of the actions): every rule the options switch.
CONFIGS: list[tuple[str, int, dict[str, object], float]] = [
    ("warp99", 3, {}, 0.22),
    ("warp99", 2, {}, 0.12),
    ("warp99", 4, {}, 0.12),
    ("warp99", 3, {"rules": "random", "flip_limit": "cycle"}, 0.1),
    ("warp99", 2, {"extra_card": False, "allow_flip": False, "bonus_rule": False}, 0.06),
    ("warp99", 4, {"rules": "212", "handicap": "0,5,10,20", "target": 60}, 0.06),
    ("warp99", 3, {"max_turns": 12, "handicap": "none"}, 0.04),  # the turn limit, draws
    ("ninetynine", 3, {}, 0.12),
    ("ninetynine", 2, {"deal": "15", "bonus_rule": True}, 0.08),
    ("ninetynine", 4, {"handicap": "standard"}, 0.08),
]
#: Actions of the CI test (the long run: see the module docstring).
CI_ACTIONS = 300_000


def require_fast() -> None:
    """Skip without the compiled module only where no C compiler could have built it; with a
    compiler present its absence is a failure (CI must run the differential test)."""
    if F.has_fast_state():
        return
    if shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc"):
        pytest.fail(f"a C compiler is present, but {F.fast_state_missing_reason()}")
    pytest.skip(F.fast_state_missing_reason())


def compare(fast: State, ref: Warp99State, seats: list[int | None]) -> int:
    """Assert that ``fast`` shows what ``ref`` shows; -> the number of legal actions."""
    legal = fast.legal_actions()
    assert legal == ref.legal_actions()
    assert np.array_equal(fast.legal_actions_mask(), ref.legal_actions_mask())
    assert fast.current_player() == ref.current_player()
    assert fast.is_terminal() == ref.is_terminal()
    assert fast.returns() == ref.returns()
    assert fast.scores() == ref.scores()
    for p in seats:
        x = fast.observation_tensor(p)
        assert x.dtype == np.float32
        assert np.array_equal(x, ref.observation_tensor(p)), f"seat {p}"
    return len(legal)


def play_differential(actions: int, seed: int = 0) -> tuple[int, int]:
    """Random games of every configuration, ``actions`` in all, fast against reference after
    every action. -> (actions, games)."""
    total = games = 0
    rng = random.Random(seed)
    for k, (gid, n, options, share) in enumerate(CONFIGS):
        game = ninetynine.load_game(gid, num_players=n, **options)
        seats: list[int | None] = [None, *range(n)]
        budget = int(actions * share)
        done = 0
        g = 0
        while done < budget:
            s = (k << 40) + (seed << 20) + g
            g += 1
            fast, ref = game.new_fast_state(s), game.new_initial_state(s)
            assert isinstance(fast, F.Warp99FastState)
            assert isinstance(ref, Warp99State)
            while True:
                nlegal = compare(fast, ref, seats)
                if ref.is_terminal():
                    break
                a = fast.legal_actions()[rng.randrange(nlegal)]
                fast.apply_action(a)
                ref.apply_action(a)
                done += 1
            assert fast.history() == ref.history()
            assert fast.winner() == ref.winner()
            assert fast.seed == ref.seed == s  # over: the seed may be read
            games += 1
        total += done
    return total, games


def test_random_play_agrees_with_the_reference_after_every_action() -> None:
    require_fast()
    total, games = play_differential(CI_ACTIONS)
    assert total >= CI_ACTIONS * 0.99 and games > 100


def test_the_tensor_is_the_encoded_observation_and_the_dict_is_the_reference() -> None:
    """The definition itself: ``encode_observation(observation(p))`` for every seat."""
    require_fast()
    for gid, n in (("warp99", 3), ("ninetynine", 4), ("warp99", 2)):
        game = ninetynine.load_game(gid, num_players=n)
        rng = random.Random(n)
        for s in range(4):
            fast, ref = game.new_fast_state(s), game.new_initial_state(s)
            step = 0
            while not fast.is_terminal():
                if step % 7 == 0:
                    for p in [None, *range(n)]:
                        obs = fast.observation(p)
                        assert obs == ref.observation(p)
                        x = game.encode_observation(obs)
                        assert np.array_equal(fast.observation_tensor(p), x)
                a = rng.choice(fast.legal_actions())
                fast.apply_action(a)
                ref.apply_action(a)
                step += 1
            assert fast.to_json() == ref.to_json()
            assert fast.stats() == ref.stats()
            assert str(fast) == str(ref)


def _midgame(game_id: str = "warp99", n: int = 3, seed: int = 7, steps: int = 60) -> State:
    game = ninetynine.load_game(game_id, num_players=n)
    state = game.new_fast_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _play_out(state: State, seed: int) -> list[int]:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.history()


def test_clone_pickle_and_copy_play_on_independently() -> None:
    require_fast()
    state = _midgame()
    before = state.history()
    copies = [
        state.clone(),
        pickle.loads(pickle.dumps(state)),
        copy.copy(state),
        copy.deepcopy(state),
    ]
    ends = {tuple(_play_out(c, 3)) for c in copies}
    assert len(ends) == 1 and state.history() == before
    for c in copies:
        assert type(c) is F.Warp99FastState
    assert tuple(_play_out(state, 3)) in ends
    # the clone's reference side is its own
    state = _midgame(seed=8)
    state.observation(0)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert state.observation(0) == state.reference().observation(0)
    assert twin.observation(0) == twin.reference().observation(0)
    assert twin.history()[:-1] == state.history()


def test_illegal_actions_are_refused_in_the_references_words() -> None:
    require_fast()
    state = _midgame()
    ref = state.reference()
    legal = state.legal_actions()
    bad = next(a for a in range(337) if a not in legal)
    for action in (bad, 337, -1, True, 5.0, "5", np.int64(bad)):
        with pytest.raises(IllegalActionError) as got:
            state.apply_action(action)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError) as want:
            ref.clone().apply_action(action)  # type: ignore[arg-type]
        assert str(got.value) == str(want.value)
        assert state.history() == ref.history() and state.legal_actions() == legal
    state.apply_action(np.int64(legal[0]))  # type: ignore[arg-type]
    assert state.history()[-1] == legal[0]


def test_bad_seats_and_out_buffers_are_refused() -> None:
    require_fast()
    state = _midgame()
    for p in (3, -1, True, 1.0, "0", np.int64(0)):
        with pytest.raises(ValueError, match="no seat"):
            state.observation_tensor(p)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="no seat"):
            state.reference().observation_tensor(p)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="out: the tensor"):
        state.observation_tensor(0, out=np.zeros(5, dtype=np.float32))
    with pytest.raises(ValueError, match="out: the mask"):
        state.legal_actions_mask(out=np.zeros(5, dtype=np.int8))
    buf = np.full(1354, 7.0, dtype=np.float32)
    assert state.observation_tensor(1, out=buf) is buf
    assert np.array_equal(buf, state.reference().observation_tensor(1))
    mask = np.full(337, 3, dtype=np.int8)
    assert state.legal_actions_mask(out=mask) is mask
    assert np.array_equal(mask, state.legal_actions_mask())
    # each call without out= is a new array of the caller's
    a, b = state.observation_tensor(0), state.observation_tensor(0)
    a[:] = 0
    assert b.any() and a.flags.writeable


def test_a_live_fast_state_hides_its_seed() -> None:
    """The seed deals every hidden card: no attribute, repr or str of a live fast state holds
    it; ``seed`` is readable once the game is over (as the record needs)."""
    require_fast()
    seed = 0x5EED_D0C5_1234_77
    game = ninetynine.load_game("warp99", num_players=3)
    state = game.new_fast_state(seed)
    rng = random.Random(1)
    while not state.is_terminal():
        assert not hasattr(state, "seed")
        texts = [repr(state), str(state)]
        for name in dir(state):
            if name.startswith("_"):
                continue
            try:
                value = getattr(state, name)
            except AttributeError:  # seed, while live
                continue
            if not callable(value):
                texts.append(repr(value))
        for text in texts:
            assert str(seed) not in text and f"{seed:x}" not in text.lower()
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.seed == seed


def test_without_the_compiled_module_the_reference_state_is_dealt_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(F, "_FAST", None)
    monkeypatch.setattr(F, "_FAST_MISSING", "the compiled Warp 99 fast state (x) is not built")
    monkeypatch.setattr(F, "_warned", False)
    game = ninetynine.load_game("warp99", num_players=3)
    with pytest.warns(RuntimeWarning, match=r"using the reference engine \(slow\): the compiled"):
        state = game.new_fast_state(3)
    assert type(state) is Warp99State
    assert state.to_json() == game.new_initial_state(3).to_json()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game.new_fast_state(4)  # said once


def test_random_agents_played_inside_the_fast_state_make_random_agents_moves() -> None:
    """``play_random_agents`` (the Gymnasium env's random bots): the moves ``RandomAgent.step``
    makes with the same RNGs, stopping at the learner, at a seat without an RNG, at the end
    or after ``budget`` actions."""
    require_fast()
    from ninetynine.agents.random_agent import RandomAgent

    game = ninetynine.load_game("warp99", num_players=4)
    for seed in range(6):
        fast, ref = game.new_fast_state(seed), game.new_initial_state(seed)
        bots = {q: RandomAgent(game, q, seed * 10 + q) for q in (1, 2)}  # seat 3: no RNG
        twins = {q: RandomAgent(game, q, seed * 10 + q) for q in (1, 2)}
        rngs = [None, bots[1].rng, bots[2].rng, None]
        rng = random.Random(seed)
        budget = 3 if seed % 2 else 10**6
        while not fast.is_terminal():
            p = fast.current_player()
            if p in bots:
                played = fast.play_random_agents(0, budget, rngs)
                assert 1 <= played <= budget
                for _ in range(played):
                    q = ref.current_player()
                    ref.apply_action(twins[q].step({}, ref.legal_actions()))
                assert fast.is_terminal() or fast.current_player() in (0, 3) or played == budget
            else:
                a = rng.choice(fast.legal_actions())
                fast.apply_action(a)
                ref.apply_action(a)
            assert fast.history() == ref.history()
            assert [r.getstate() for r in rngs[1:3]] == [
                twins[1].rng.getstate(),
                twins[2].rng.getstate(),
            ]
        assert fast.returns() == ref.returns()


def test_a_stale_or_missing_build_is_refused_with_the_way_to_rebuild(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    stale = types.SimpleNamespace(VERSION=0, PARAMS_SIZE=0, GAME_SIZE=0)
    monkeypatch.setattr(F.importlib, "import_module", lambda name: stale)
    mod, why = F._load()
    assert mod is None
    assert "is out of date" in why and "build_ext --inplace" in why

    def missing(name: str) -> None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setattr(F.importlib, "import_module", missing)
    assert F._load()[1].startswith(
        "the compiled Warp 99 fast state (ninetynine.games.warp99.batched._fast) is not built; "
    )


def test_seeds_are_checked_and_none_draws_one() -> None:
    require_fast()
    game = ninetynine.load_game("ninetynine", num_players=2)
    for bad in (-1, 2**64, 1.5, "3", True):
        with pytest.raises(GameOptionError):
            game.new_fast_state(bad)  # type: ignore[arg-type]
    big = 2**64 - 1
    assert game.new_fast_state(big).to_json() == game.new_initial_state(big).to_json()
    a, b = game.new_fast_state(), game.new_fast_state()
    assert a.to_json() != b.to_json()  # fresh deals


def test_games_without_a_fast_state_deal_their_reference_state() -> None:
    for gid in ninetynine.list_games():
        game = ninetynine.load_game(gid)
        state = game.new_fast_state(5)
        assert state.to_json() == game.new_initial_state(5).to_json()


if __name__ == "__main__":  # the long run: python tests/games/warp99/test_fast_state.py N
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    t0 = time.perf_counter()
    total, games = play_differential(n, seed=1)
    print(
        f"{total:,} random actions in {games:,} games: the fast state equals the reference "
        f"after every action ({time.perf_counter() - t0:.0f} s)"
    )
