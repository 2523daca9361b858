"""The checks every game's single-game fast state (``core/fastpath.py``) passes against its
reference engine; each game's ``test_fast_state.py`` runs them with its own configurations.

The differential check deals the same seeds in both (``game.new_fast_state(seed)``,
``game.new_initial_state(seed)``), plays the same random legal actions, and after every action
compares everything of the State protocol's RL subset: the legal actions and the mask, the
observation tensor of every seat and of the spectator, the seat to act, the end, the returns,
the scores and the history.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
import shutil
import warnings
from typing import Any

import numpy as np
import pytest

import ninetynine
from ninetynine.core.errors import GameOptionError, IllegalActionError
from ninetynine.core.fastpath import FastPath
from ninetynine.core.game import Game, State

#: (game id, players, options, share of the actions)
Config = tuple[str, int, dict[str, Any], float]


def require_fast(path: FastPath) -> None:
    """Skip without the compiled module only where no C compiler could have built it; with a
    compiler present its absence is a failure (CI must run the differential tests)."""
    if path.available:
        return
    if shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc"):
        pytest.fail(f"a C compiler is present, but {path.missing_reason}")
    pytest.skip(path.missing_reason)


def compare(fast: State, ref: State, seats: list[int | None]) -> int:
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


def play_differential(
    configs: list[Config],
    fast_class: type,
    actions: int,
    seed: int = 0,
    seats_per_action: int | None = None,
) -> tuple[int, int]:
    """Random games of every configuration, ``actions`` in all, fast against reference after
    every action. -> (actions, games). ``seats_per_action``: the tensors of the spectator and
    of that many seats after each action (the seats taken in turn, so every seat is seen), for
    a game whose reference tensors are slow; all seats by default."""
    total = games = 0
    rng = random.Random(seed)
    for k, (gid, n, options, share) in enumerate(configs):
        game = ninetynine.load_game(gid, num_players=n, **options)
        every: list[int | None] = [None, *range(n)]
        step = 0
        budget = int(actions * share)
        done = g = 0
        while done < budget:
            s = (k << 40) + (seed << 20) + g
            g += 1
            fast, ref = game.new_fast_state(s), game.new_initial_state(s)
            assert isinstance(fast, fast_class)
            assert isinstance(ref, fast_class.reference_class)
            while True:
                seats = every
                if seats_per_action is not None and seats_per_action < n:
                    seats = [None, *((step + i) % n for i in range(seats_per_action))]
                    step += seats_per_action
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


def check_tensor_is_the_encoded_observation(game: Game, games: int = 4, every: int = 7) -> None:
    """The definition itself: ``encode_observation(observation(p))`` for every seat, and the
    dict, JSON, stats and text of the reference."""
    rng = random.Random(game.num_players)
    for s in range(games):
        fast, ref = game.new_fast_state(s), game.new_initial_state(s)
        step = 0
        while not fast.is_terminal():
            if step % every == 0:
                for p in [None, *range(game.num_players)]:
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


def midgame(game: Game, seed: int = 7, steps: int = 60) -> State:
    """A fast state ``steps`` random actions in (fewer if the game ends first)."""
    state = game.new_fast_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def play_out(state: State, seed: int) -> list[int]:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.history()


def check_clone_pickle_and_copy(game: Game, fast_class: type, steps: int = 60) -> None:
    """Clones, pickles and copies play on independently of the original and of each other."""
    state = midgame(game, steps=steps)
    before = state.history()
    copies = [
        state.clone(),
        pickle.loads(pickle.dumps(state)),
        copy.copy(state),
        copy.deepcopy(state),
    ]
    ends = {tuple(play_out(c, 3)) for c in copies}
    assert len(ends) == 1 and state.history() == before
    for c in copies:
        assert type(c) is fast_class
    assert tuple(play_out(state, 3)) in ends
    # the clone's reference side is its own
    state = midgame(game, seed=8, steps=steps)
    state.observation(0)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert state.observation(0) == state.reference().observation(0)
    assert twin.observation(0) == twin.reference().observation(0)
    assert twin.history()[:-1] == state.history()


def check_random_agents(game: Game, bot_seats: tuple[int, ...], seeds: int = 6) -> None:
    """``play_random_agents`` (the Gymnasium env's random bots): the moves ``RandomAgent.step``
    makes with the same RNGs, stopping at the learner (seat 0), at a seat without an RNG (one
    not in ``bot_seats``), at the end or after ``budget`` actions."""
    from ninetynine.agents.random_agent import RandomAgent

    n = game.num_players
    for seed in range(seeds):
        fast, ref = game.new_fast_state(seed), game.new_initial_state(seed)
        bots = {q: RandomAgent(game, q, seed * 10 + q) for q in bot_seats}
        twins = {q: RandomAgent(game, q, seed * 10 + q) for q in bot_seats}
        rngs = [bots[q].rng if q in bots else None for q in range(n)]
        rng = random.Random(seed)
        budget = 3 if seed % 2 else 10**6
        while not fast.is_terminal():
            if fast.current_player() in bots:
                played = fast.play_random_agents(0, budget, rngs)  # type: ignore[attr-defined]
                assert 1 <= played <= budget
                for _ in range(played):
                    q = ref.current_player()
                    ref.apply_action(twins[q].step({}, ref.legal_actions()))
                assert fast.is_terminal() or fast.current_player() not in bots or played == budget
            else:
                a = rng.choice(fast.legal_actions())
                fast.apply_action(a)
                ref.apply_action(a)
            assert fast.history() == ref.history()
            assert [bots[q].rng.getstate() for q in bots] == [twins[q].rng.getstate() for q in bots]
        assert fast.returns() == ref.returns()
    with pytest.raises(ValueError, match=rf"one Rng \(or None\) per seat, {n} of them"):
        game.new_fast_state(1).play_random_agents(0, 10, [None])  # type: ignore[attr-defined]


def check_illegal_actions(game: Game, steps: int = 60) -> None:
    """Anything illegal is refused in the reference's words, and nothing changes."""
    state = midgame(game, steps=steps)
    ref = state.reference()
    legal = state.legal_actions()
    nact = game.num_distinct_actions
    bad = next(a for a in range(nact) if a not in legal)
    for action in (bad, nact, -1, True, 5.0, "5", np.int64(bad)):
        with pytest.raises(IllegalActionError) as got:
            state.apply_action(action)
        with pytest.raises(IllegalActionError) as want:
            ref.clone().apply_action(action)
        assert str(got.value) == str(want.value)
        assert state.history() == ref.history() and state.legal_actions() == legal
    state.apply_action(np.int64(legal[0]))  # type: ignore[arg-type]
    assert state.history()[-1] == legal[0]


def check_notation(game: Game, steps: int = 60) -> None:
    """Every legal action reads (``action_to_string``, ``public_action_string``) and parses
    back (``string_to_action``) as on the reference state."""
    state = midgame(game, steps=steps)
    ref = state.reference()
    for a in state.legal_actions():
        text = ref.action_to_string(a)
        assert state.action_to_string(a) == text
        assert state.public_action_string(a) == ref.public_action_string(a)
        assert state.string_to_action(text) == a


def check_bad_seats_and_out_buffers(game: Game, steps: int = 60) -> None:
    state = midgame(game, steps=steps)
    n = game.num_players
    for p in (n, -1, True, np.True_, 1.0, np.float32(0), "0", np.int64(n), 1 << 70):
        with pytest.raises(ValueError, match="no seat"):
            state.observation_tensor(p)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="no seat"):
            state.reference().observation_tensor(p)  # type: ignore[arg-type]
    # any integer type is a seat (RL code holds NumPy ints), in both engines alike
    for p in range(n):
        for seat in (np.int64(p), np.int8(p), np.uint64(p)):
            want = state.observation_tensor(p)
            assert np.array_equal(state.observation_tensor(seat), want)  # type: ignore[arg-type]
            ref = state.reference().observation_tensor(seat)  # type: ignore[arg-type]
            assert np.array_equal(ref, want)
    with pytest.raises(ValueError, match="out: the tensor"):
        state.observation_tensor(0, out=np.zeros(5, dtype=np.float32))  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="out: the mask"):
        state.legal_actions_mask(out=np.zeros(5, dtype=np.int8))  # type: ignore[call-arg]
    (size,) = game.observation_tensor_shape
    # a buffer of the right length in bytes but of another item type would get float32 bits
    # (or 0/1 bytes) written into it as if they were its own: refused, saying what it needs
    for wrong in (np.zeros(size, np.int32), np.zeros(4 * size, np.uint8), bytearray(4 * size)):
        with pytest.raises(ValueError, match="out: the tensor needs float32 items, not"):
            state.observation_tensor(0, out=wrong)  # type: ignore[call-arg]
    nact = game.num_distinct_actions
    for wrong_mask in (np.zeros(nact, "S1"), memoryview(bytearray(nact)).cast("c")):
        with pytest.raises(ValueError, match=r"out: the mask needs int8 \(or uint8, bool\)"):
            state.legal_actions_mask(out=wrong_mask)  # type: ignore[call-arg]
    for ok in (np.zeros(nact, np.uint8), np.zeros(nact, np.bool_), bytearray(nact)):
        assert list(np.frombuffer(state.legal_actions_mask(out=ok), np.uint8)) == list(  # type: ignore[call-arg]
            state.legal_actions_mask()
        )
    buf = np.full(size, 7.0, dtype=np.float32)
    assert state.observation_tensor(1, out=buf) is buf  # type: ignore[call-arg]
    assert np.array_equal(buf, state.reference().observation_tensor(1))
    mask = np.full(game.num_distinct_actions, 3, dtype=np.int8)
    assert state.legal_actions_mask(out=mask) is mask  # type: ignore[call-arg]
    assert np.array_equal(mask, state.legal_actions_mask())
    # each call without out= is a new array of the caller's
    a, b = state.observation_tensor(0), state.observation_tensor(0)
    a[:] = 0
    assert b.any() and a.flags.writeable


def check_live_state_hides_its_seed(game: Game) -> None:
    """The seed deals every hidden card: no attribute, repr or str of a live fast state holds
    it; ``seed`` is readable once the game is over (as the record needs)."""
    seed = 0x5EED_D0C5_1234_77
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


def check_fallback_without_the_module(
    game: Game, fast_class: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the compiled module the game deals its reference state, with a
    ``RuntimeWarning`` said once."""
    path = fast_class.path
    monkeypatch.setattr(path, "module", None)
    monkeypatch.setattr(
        path, "missing_reason", f"the compiled {path.title} fast state (x) is not built"
    )
    monkeypatch.setattr(path, "_warned", False)
    with pytest.warns(
        RuntimeWarning, match=r"using the reference engine \(slow\): the compiled"
    ) as said:
        state = game.new_fast_state(3)
    assert said[0].filename == __file__  # it points at the caller of game.new_fast_state
    assert type(state) is fast_class.reference_class
    assert state.to_json() == game.new_initial_state(3).to_json()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game.new_fast_state(4)  # said once


def check_seeds(game: Game) -> None:
    """Seeds are checked as ``new_initial_state`` checks them; ``None`` draws a fresh deal."""
    for bad in (-1, 2**64, 1.5, "3", True):
        with pytest.raises(GameOptionError):
            game.new_fast_state(bad)  # type: ignore[arg-type]
    big = 2**64 - 1
    assert game.new_fast_state(big).to_json() == game.new_initial_state(big).to_json()
    a, b = game.new_fast_state(), game.new_fast_state()
    assert a.to_json() != b.to_json()  # fresh deals


def check_search_decides_alike_with_fast_rollouts(
    game: Game, spec: dict[str, Any], seed: int, moves: int, same_steps: bool = True
) -> None:
    """Along one game of ``seed``, an ISMCTS bot of ``spec`` with the game's ``fast_rollout``
    and one without it choose the same move with the same values (and rollout steps) at every
    decision: the compiled rollouts are the Python ones, draw for draw."""
    from ninetynine.agents.ismcts import ISMCTSAgent
    from ninetynine.core.agent import choose_action

    st = game.new_initial_state(seed)
    for _ in range(moves):
        if st.is_terminal():
            break
        p = st.current_player()
        fast = ISMCTSAgent(game, p, 9, **spec)
        slow = ISMCTSAgent(game, p, 9, **spec)
        slow._fast_rollout = None
        a = choose_action(fast, st.clone(), p)
        assert a == choose_action(slow, st.clone(), p)
        assert fast.last.get("values") == slow.last.get("values")
        if same_steps:
            assert fast.steps == slow.steps
        st.apply_action(a)
