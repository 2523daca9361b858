"""The batched engine against the reference engine (``state.py``), step by step.

The differential tests deal the same seeds in both, play the same actions (random ones, then
the greedy agent's), and after every step compare what an RL loop sees: the legal set (the
mask), the observation tensor (``state.observation_tensor`` of the seat to act; of the seat
that moved last once the game is over), the rewards (``state.returns()`` at the end) and the
ends, and the auto-reset deal that follows each end; every 16th step also every other seat's
tensor and the spectator's. A million random actions and a million of the greedy agent's, over
both games, every player count and the options that change the rules.
"""

from __future__ import annotations

import os
import random
import shutil

import numpy as np
import pytest

import ninetynine
from ninetynine.core.errors import GameOptionError, IllegalActionError
from ninetynine.core.rng import Rng
from ninetynine.games.warp99 import batched as B
from ninetynine.games.warp99.batched import (
    ENV_SALT,
    BatchedGame,
    ReferenceBatch,
    VectorBatch,
)
from ninetynine.games.warp99.heuristics import GreedyAgent, rollout_policy
from ninetynine.games.warp99.state import Warp99State


def require_core() -> None:
    """Skip without the compiled core only where no C compiler could have built it; with a
    compiler present its absence is a failure (CI must run the differential tests)."""
    if B.has_core():
        return
    if shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc"):
        pytest.fail(f"a C compiler is present, but {B.core_missing_reason()}")
    pytest.skip(B.core_missing_reason())


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
RANDOM_ACTIONS = 1_000_000
NUM_GAMES = 128


def play_both(
    game_id: str, n: int, options: dict[str, object], steps: int, policy: str, seed: int
) -> int:
    """``steps`` batch steps of ``NUM_GAMES`` games through both engines, compared after
    every step; returns the actions applied (resets excluded)."""
    game = ninetynine.load_game(game_id, num_players=n, **options)
    batch = BatchedGame(game, NUM_GAMES, backend="c")
    seeds = [seed * 1_000_003 + i for i in range(NUM_GAMES)]
    out = batch.reset(seeds)
    refs = [game.new_initial_state(s) for s in seeds]
    rngs = [Rng(s ^ ENV_SALT) for s in seeds]  # each slot's next seeds (NEXT_STEP auto-reset)
    ended = [False] * NUM_GAMES
    last = [0] * NUM_GAMES
    pick = random.Random(seed).randrange
    greedy = [GreedyAgent(game, p) for p in range(n)]
    applied = 0
    obs = np.empty_like(out.observations)
    masks = np.empty_like(out.action_masks)
    rewards = np.zeros_like(out.rewards)
    for step in range(steps + 1):
        if step:
            actions = np.zeros(NUM_GAMES, dtype=np.int64)
            if policy == "greedy":
                chosen = batch.greedy_actions()
            for i, st in enumerate(refs):
                if ended[i]:
                    continue
                assert isinstance(st, Warp99State)
                if policy == "greedy":
                    # the reference greedy: the registered agent on the seat's observation
                    # every 8th step (slow), its state-reading twin (tested equal) otherwise
                    p = st.player
                    want = (
                        greedy[p].step(st.observation(p), st.legal_actions())
                        if step % 8 == 0
                        else rollout_policy(st)
                    )
                    assert chosen[i] == want, (game_id, n, options, step, i)
                    actions[i] = want
                else:
                    legal = st.legal_actions()
                    actions[i] = legal[pick(len(legal))]
            out = batch.step(actions)
            rewards[:] = 0
            for i in range(NUM_GAMES):
                if ended[i]:
                    refs[i] = game.new_initial_state(rngs[i].next_u64() >> 1)
                    ended[i] = False
                    continue
                st = refs[i]
                last[i] = st.player
                st.apply_action(int(actions[i]))
                applied += 1
                if st.is_terminal():
                    ended[i] = True
                    rewards[i] = st.returns()
        # the reference's view, as the batch reports it: the seat to act, or the last mover
        cur = np.empty(NUM_GAMES, dtype=np.int64)
        masks[:] = 0
        for i, st in enumerate(refs):
            assert isinstance(st, Warp99State)
            over = st.is_terminal()
            cur[i] = st.current_player()
            obs[i] = st.observation_tensor(last[i] if over else st.player)
            if not over:
                masks[i, st.legal_actions()] = 1
        where = f"{game_id} {n}p {options} step {step}"
        if not np.array_equal(out.action_masks, masks):
            bad = np.nonzero((out.action_masks != masks).any(axis=1))[0]
            pytest.fail(f"{where}: legal sets differ in games {bad[:10]}")
        if not np.array_equal(out.observations, obs):
            bad = np.nonzero((out.observations != obs).any(axis=1))[0]
            pytest.fail(f"{where}: observations differ in games {bad[:10]}")
        assert np.array_equal(out.current_player, cur), where
        assert out.terminals.tolist() == ended, where
        assert np.array_equal(out.rewards, rewards), where
        if step % 16 == 5:  # every seat's view now and then, the spectator's too
            seats = np.array([(i + step) % (n + 1) - 1 for i in range(NUM_GAMES)])
            views, view_masks = batch.observe(seats)
            for i, st in enumerate(refs):
                seat = int(seats[i])
                assert np.array_equal(views[i], st.observation_tensor(None if seat < 0 else seat))
                to_act = not st.is_terminal() and st.player == seat
                assert view_masks[i].any() == to_act, where
    return applied


def _steps_for(share: float, n: int, total: int) -> int:
    return max(1, round(total * share / NUM_GAMES))


def test_a_million_random_actions_agree_with_the_reference() -> None:
    require_core()
    applied = 0
    for k, (gid, n, options, share) in enumerate(CONFIGS):
        # resets take a step without an action: ask for a few more steps than the share
        steps = _steps_for(share * 1.01, n, RANDOM_ACTIONS)
        applied += play_both(gid, n, options, steps, "random", seed=k + 1)
    assert applied >= RANDOM_ACTIONS


#: A million greedy actions in all, one test per configuration (the reference greedy agent
#: costs ~0.2 CPU ms a move: each test stays under a minute, and pytest-xdist spreads them).
GREEDY_ACTIONS = 1_000_000


@pytest.mark.slow
@pytest.mark.parametrize(
    "k", range(len(CONFIGS)), ids=[f"{c[0]}-{c[1]}p-{i}" for i, c in enumerate(CONFIGS)]
)
def test_greedy_play_agrees_with_the_reference(k: int) -> None:
    require_core()
    gid, n, options, share = CONFIGS[k]
    # resets take a step without an action (more of them in the short games of max_turns=12)
    steps = _steps_for(share * 1.04, n, GREEDY_ACTIONS)
    applied = play_both(gid, n, options, steps, "greedy", seed=100 + k)
    assert applied >= share * GREEDY_ACTIONS


@pytest.mark.parametrize(("game_id", "n"), [("warp99", 3), ("ninetynine", 2)])
def test_the_python_backend_gives_the_same_batches(game_id: str, n: int) -> None:
    require_core()
    game = ninetynine.load_game(game_id, num_players=n)
    c = BatchedGame(game, 16, backend="c")
    py = BatchedGame(game, 16, backend="python")
    a, b = c.reset(range(16)), py.reset(range(16))
    pick = np.random.default_rng(3)
    for _ in range(400):
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y)
        legal = [np.flatnonzero(m) for m in a.action_masks]
        actions = [int(pick.choice(m)) if m.size else 0 for m in legal]
        a, b = c.step(actions), py.step(actions)
    assert c.debug_info(5) == py.debug_info(5)
    seats = [i % (n + 1) - 1 for i in range(16)]
    for x, y in zip(c.observe(seats), py.observe(seats), strict=True):
        assert np.array_equal(x, y)
    with pytest.raises(ValueError, match="seats are -1"):
        c.observe([n] * 16)


@pytest.mark.parametrize("backend", ["c", "python"])
def test_an_illegal_action_raises_and_changes_nothing(backend: str) -> None:
    if backend == "c":
        require_core()
    game = ninetynine.load_game("warp99", num_players=3)
    batch = BatchedGame(game, 3, backend=backend)
    out = batch.reset([1, 2, 3])
    before = [batch.debug_info(i) for i in range(3)]
    legal = [int(np.flatnonzero(m)[0]) for m in out.action_masks]
    with pytest.raises(IllegalActionError, match=r"game 1: score is illegal"):
        batch.step([legal[0], 330, legal[2]])
    assert [batch.debug_info(i) for i in range(3)] == before


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(GameOptionError, match="plays warp99 and ninetynine, not 'ono99'"):
        BatchedGame(ninetynine.load_game("ono99"), 4)
    game = ninetynine.load_game("warp99")
    with pytest.raises(GameOptionError, match="num_envs"):
        BatchedGame(game, 0)
    with pytest.raises(GameOptionError, match="backend"):
        BatchedGame(game, 2, backend="gpu")
    batch = BatchedGame(game, 2, backend="python")
    with pytest.raises(ValueError, match="3 seeds given for 2 games"):
        batch.reset([1, 2, 3])
    with pytest.raises(RuntimeError, match="reset"):
        batch.step([0, 0])
    # any integer type is a seat (core.util.check_seat), a bool is not
    fixed = VectorBatch(game, 2, seat=np.int64(2), backend="python")
    fixed.reset([1, 2])
    assert fixed.seats.tolist() == [2, 2]
    for bad in (True, 3, -1, 1.0):
        with pytest.raises(GameOptionError, match="seat must be None or 0-2"):
            VectorBatch(game, 2, seat=bad, backend="python")  # type: ignore[arg-type]


def test_the_reference_batch_deals_like_new_initial_state() -> None:
    game = ninetynine.load_game("warp99", num_players=2)
    ref = ReferenceBatch(game, 2)
    ref.deal([7, 8])
    assert ref.states[1].to_json() == game.new_initial_state(8).to_json()


def test_a_stale_or_missing_build_is_refused_with_the_way_to_rebuild(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    stale = types.SimpleNamespace(VERSION=0, PARAMS_SIZE=0, init=lambda *a: None)
    monkeypatch.setattr(B.importlib, "import_module", lambda name: stale)
    core, why = B._load_core()
    assert core is None
    assert "is out of date (version 0, not" in why and "build_ext --inplace" in why

    def missing(name: str) -> None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setattr(B.importlib, "import_module", missing)
    assert B._load_core()[1].startswith(
        "the compiled Warp 99 core (ninetynine.games.warp99.batched._core) is not built; "
    )


@pytest.mark.parametrize("backend", ["c", "python"])
def test_a_pickled_batch_plays_on_identically(backend: str) -> None:
    import pickle

    if backend == "c":
        require_core()
    batch = BatchedGame(ninetynine.load_game("ninetynine", num_players=2), 4, backend=backend)
    batch.reset([5, 6, 7, 8])
    for _ in range(15):
        batch.step(np.maximum(batch.greedy_actions(), 0))
    twin = pickle.loads(pickle.dumps(batch))
    for _ in range(40):
        a = np.maximum(batch.greedy_actions(), 0)
        x, y = batch.step(a), twin.step(a)
        assert all(np.array_equal(p, q) for p, q in zip(x, y, strict=True))


def test_seeds_above_and_below_2_63_deal_the_reference_games() -> None:
    """A list of seeds that mixes values above and below 2**63 became float64 in
    ``np.asarray`` and dealt other games (found by the simulation fast path)."""
    import ninetynine
    from ninetynine.games.warp99.batched import BatchedGame, has_core

    if not has_core():
        pytest.skip("the compiled core is not built")
    game = ninetynine.load_game("warp99", num_players=3)
    seeds = [5921990005605815308, 233291953689362381, 17802527704875487643]
    batch = BatchedGame(game, 3, backend="c")
    batch.reset(seeds)
    for i, seed in enumerate(seeds):
        dealt = [sorted(h) for h in batch.debug_info(i)["hands"]]
        assert dealt == [sorted(h) for h in game.new_initial_state(seed).hands]
