"""The vector env (``envs/vector.py``): its two backends agree step by step (the Python one is
the reference engine, so the compiled one's observations are ``state.observation_tensor`` of
the learner), the Gymnasium conventions (spaces, NEXT_STEP auto-reset, seeding), illegal
actions, refused arguments and the fallback when the core is not built."""

from __future__ import annotations

import os
import shutil

import gymnasium
import numpy as np
import pytest

import ninetynine
import ninetynine.envs
from ninetynine.core.errors import GameOptionError, IllegalActionError
from ninetynine.envs import NinetyNineVectorEnv, vector_env
from ninetynine.games.warp99 import batched as B


def require_core() -> None:
    """Skip without the compiled core only where no C compiler could have built it; with a
    compiler present its absence is a failure (CI must run the differential tests)."""
    if B.has_core():
        return
    if shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc"):
        pytest.fail(f"a C compiler is present, but {B.core_missing_reason()}")
    pytest.skip(B.core_missing_reason())


def _random_actions(obs: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    masks = obs["action_mask"]
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


@pytest.mark.parametrize(
    ("game_id", "kwargs", "steps"),
    [
        ("warp99", {"num_players": 3, "opponents": "random"}, 600),
        ("warp99", {"num_players": 2, "opponents": "greedy"}, 200),
        ("warp99", {"num_players": 4, "opponents": "greedy,random", "seat": 2}, 150),
        ("ninetynine", {"num_players": 3, "opponents": "greedy"}, 150),
        ("warp99", {"num_players": 3, "opponents": "random", "max_turns": 8}, 200),
    ],
)
def test_the_compiled_backend_plays_as_the_reference(
    game_id: str, kwargs: dict[str, object], steps: int
) -> None:
    require_core()
    c = vector_env(game_id, num_envs=12, backend="c", **kwargs)
    py = vector_env(game_id, num_envs=12, backend="python", **kwargs)
    a, ia = c.reset(seed=11)
    b, ib = py.reset(seed=11)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(steps):
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
        assert np.array_equal(ia["seat"], ib["seat"])
        actions = _random_actions(a, rng)
        a, ra, ta, ua, ia = c.step(actions)
        b, rb, tb, ub, ib = py.step(actions)
        assert np.array_equal(ra, rb) and np.array_equal(ta, tb) and np.array_equal(ua, ub)
        ends += int(ta.sum())
    assert ends > 0  # the runs crossed game ends and auto-resets


def test_spaces_are_the_single_envs() -> None:
    envs = vector_env("warp99", num_envs=4, num_players=3, backend="python")
    single = gymnasium.make("ninetynine/Warp99-v0", num_players=3, opponents="random")
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    obs, info = envs.reset(seed=3)
    assert obs in envs.observation_space
    assert envs.action_space.shape == (4,)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    assert set(info) == {"seat", "_seat"}  # no game seed in the info


@pytest.mark.parametrize("backend", ["c", "python"])
def test_next_step_auto_reset(backend: str) -> None:
    if backend == "c":
        require_core()
    envs = vector_env(
        "warp99", num_envs=8, num_players=2, opponents="random", backend=backend, target=20
    )
    obs, _ = envs.reset(seed=5)
    rng = np.random.default_rng(1)
    for _ in range(2000):
        obs, rewards, term, _, _ = envs.step(_random_actions(obs, rng))
        if term.any():
            break
    else:
        pytest.fail("no game ended")
    i = int(np.flatnonzero(term)[0])
    assert rewards[i] in (-1.0, 1.0)
    assert not obs["action_mask"][i].any()  # the final observation: nothing to do
    obs, rewards, term2, _, _ = envs.step(_random_actions(obs, rng))
    assert rewards[i] == 0.0 and not term2[i]
    assert obs["action_mask"][i].any()  # a new game, the learner to move


@pytest.mark.parametrize("backend", ["c", "python"])
def test_seeds_replay(backend: str) -> None:
    if backend == "c":
        require_core()

    def run(seed: int) -> list[np.ndarray]:
        envs = vector_env("warp99", num_envs=4, opponents="greedy", backend=backend)
        obs, _ = envs.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = [obs["observation"]]
        for _ in range(30):
            obs, *_ = envs.step(_random_actions(obs, rng))
            out.append(obs["observation"])
        return out

    same = run(4)
    assert all(np.array_equal(x, y) for x, y in zip(same, run(4), strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(same, run(5), strict=True))


@pytest.mark.parametrize("backend", ["c", "python"])
def test_illegal_actions_lose_or_raise(backend: str) -> None:
    if backend == "c":
        require_core()
    envs = vector_env("warp99", num_envs=3, backend=backend, seat=0)
    obs, _ = envs.reset(seed=1)
    actions = _random_actions(obs, np.random.default_rng(0))
    actions[1] = 331  # end: illegal in Action A
    obs, rewards, term, _, info = envs.step(actions)
    assert rewards[1] == -1.0 and term[1] and info["illegal_action"].tolist() == [0, 1, 0]

    strict = vector_env("warp99", num_envs=3, backend=backend, seat=0, illegal_action="raise")
    obs, _ = strict.reset(seed=1)
    before = obs["observation"].copy()
    actions = _random_actions(obs, np.random.default_rng(0))
    actions[2] = 331
    with pytest.raises(IllegalActionError, match="game 2: action 331 is illegal"):
        strict.step(actions)
    actions[2] = 999
    with pytest.raises(IllegalActionError, match="game 2"):
        strict.step(actions)
    legal = _random_actions({"action_mask": strict.action_masks()}, np.random.default_rng(0))
    obs, *_ = strict.step(legal)
    assert not np.array_equal(obs["observation"], before)  # the strict env still plays


def test_refused_arguments_say_why() -> None:
    with pytest.raises(GameOptionError, match="random or greedy bots, not 'ismcts:50'"):
        vector_env("warp99", num_envs=2, opponents="ismcts:50")
    with pytest.raises(GameOptionError, match=r"'ono99': it has no batched engine .these games"):
        vector_env("ono99", num_envs=2)
    with pytest.raises(GameOptionError, match="num_envs"):
        vector_env("warp99", num_envs=0)
    with pytest.raises(GameOptionError, match="seat"):
        vector_env("warp99", num_envs=2, num_players=2, seat=2)
    with pytest.raises(GameOptionError, match="option"):
        vector_env("warp99", num_envs=2, colour="blue")
    envs = vector_env("warp99", num_envs=2, backend="python")
    with pytest.raises(RuntimeError, match="reset"):
        envs.step([0, 0])


def test_without_the_core_the_reference_engine_plays_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(B, "_CORE", None)
    missing = "the compiled Warp 99 core (ninetynine.games.warp99.batched._core) is not built"
    monkeypatch.setattr(B, "_CORE_MISSING", missing)
    with pytest.warns(RuntimeWarning, match="using the reference engine .slow.: the compiled"):
        envs = vector_env("warp99", num_envs=2)
    assert envs.backend == "python"
    with pytest.raises(GameOptionError, match="backend 'c' is unavailable"):
        vector_env("warp99", num_envs=2, backend="c")
    obs, _ = envs.reset(seed=2)
    assert obs["observation"].shape == (2, 1354)


def test_exported() -> None:
    assert ninetynine.envs.vector_env is vector_env
    assert isinstance(vector_env("ninetynine", 2, backend="python"), NinetyNineVectorEnv)


@pytest.mark.parametrize("backend", ["c", "python"])
def test_random_actions_are_legal_and_seeded(backend: str) -> None:
    if backend == "c":
        require_core()
    envs = vector_env("warp99", num_envs=6, backend=backend, opponents="random")
    obs, _ = envs.reset(seed=9)
    states = np.arange(6, dtype=np.uint64)
    first = envs.random_actions(states.copy())
    assert np.array_equal(first, envs.random_actions(np.arange(6, dtype=np.uint64)))
    for _ in range(50):
        a = envs.random_actions(states)
        live = obs["action_mask"].any(axis=1)
        assert obs["action_mask"][np.flatnonzero(live), a[live]].all()
        obs, *_ = envs.step(a)


def test_random_actions_are_the_same_in_both_backends() -> None:
    require_core()
    c = vector_env("warp99", num_envs=8, backend="c", opponents="random")
    py = vector_env("warp99", num_envs=8, backend="python", opponents="random")
    c.reset(seed=2)
    py.reset(seed=2)
    sc, sp = np.arange(8, dtype=np.uint64), np.arange(8, dtype=np.uint64)
    for _ in range(40):
        a = c.random_actions(sc)
        assert np.array_equal(a, py.random_actions(sp))
        c.step(a)
        py.step(a)


@pytest.mark.parametrize("backend", ["c", "python"])
def test_copy_false_hands_out_read_only_buffers(backend: str) -> None:
    if backend == "c":
        require_core()
    envs = vector_env("warp99", num_envs=2, backend=backend, copy=False)
    obs, _ = envs.reset(seed=1)
    with pytest.raises(ValueError, match="read-only"):
        obs["observation"][0, 0] = 1.0
    copied = vector_env("warp99", num_envs=2, backend=backend)
    obs2, _ = copied.reset(seed=1)
    obs2["observation"][0, 0] = 1.0  # a copy is the caller's
    assert np.array_equal(obs["observation"][1], obs2["observation"][1])


@pytest.mark.parametrize("backend", ["c", "python"])
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_copy_plays_on_identically(backend: str, how: str) -> None:
    import copy
    import pickle

    if backend == "c":
        require_core()
    envs = vector_env("warp99", num_envs=4, backend=backend, opponents="greedy", copy=False)
    obs, _ = envs.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(20):
        obs, *_ = envs.step(_random_actions(obs, rng))
    twin = pickle.loads(pickle.dumps(envs)) if how == "pickle" else copy.deepcopy(envs)
    states = np.arange(4, dtype=np.uint64)
    for _ in range(30):
        a = envs.random_actions(states.copy())
        assert np.array_equal(a, twin.random_actions(states))
        x, *rest_x = envs.step(a)
        y, *rest_y = twin.step(a)
        assert np.array_equal(x["observation"], y["observation"])
        assert np.array_equal(x["action_mask"], y["action_mask"])
        assert all(np.array_equal(p, q) for p, q in zip(rest_x[:3], rest_y[:3], strict=True))


@pytest.mark.parametrize("backend", ["c", "python"])
def test_the_seed_is_not_a_game_and_ended_games_name_theirs(backend: str) -> None:
    if backend == "c":
        require_core()
    game = ninetynine.load_game("warp99", num_players=2, target=25)
    envs = vector_env("warp99", num_envs=3, num_players=2, seat=0, backend=backend, target=25)
    obs, info = envs.reset(seed=40)
    first = [game.new_initial_state(40 + i).observation_tensor(0) for i in range(3)]
    assert not any(np.array_equal(obs["observation"][i], first[i]) for i in range(3))
    assert "game_seed" not in info
    obs, _ = envs.reset(seed=1, options={"game_seed": 40})
    assert all(np.array_equal(obs["observation"][i], first[i]) for i in range(3))
    rng = np.random.default_rng(0)
    for _ in range(3000):
        obs, _, term, trunc, info = envs.step(_random_actions(obs, rng))
        assert ("game_seed" in info) == bool((term | trunc).any())
        if term[0]:
            assert info["_game_seed"][0] and info["game_seed"][0] == 40
            break
    else:
        pytest.fail("slot 0's game did not end")


@pytest.mark.parametrize("backend", ["c", "python"])
def test_no_live_game_seed_is_exposed(backend: str) -> None:
    """The adversarial scan of ``test_seed_secrecy.py`` over the vector env, its outputs and
    every public attribute: no live game's seed, nor an integer that deals a live game."""
    from .test_seed_secrecy import RESET_SEED, Exposure, _deals

    if backend == "c":
        require_core()
    game = ninetynine.load_game("warp99", num_players=3)
    envs = vector_env("warp99", num_envs=4, num_players=3, opponents="random", backend=backend)
    for reset in ({"seed": RESET_SEED}, {}):
        obs, info = envs.reset(**reset)  # type: ignore[arg-type]
        exposure = Exposure()
        exposure.scan((obs, info), "reset()", depth=3)
        exposure.scan(envs, "env")
        states = np.arange(99, 103, dtype=np.uint64)
        for i in range(60):
            obs, rewards, term, trunc, info = envs.step(envs.random_actions(states))
            live_info = {k: v for k, v in info.items() if "game_seed" not in k}  # ended: named
            exposure.scan((obs, rewards, term, trunc, live_info), f"step@{i}", depth=3)
            if i % 20 == 0:
                exposure.scan(envs, "env")
        for seed in envs._engine.game_seeds().tolist():
            assert seed not in exposure.where, exposure.where[seed]
            deal = _deals(game, seed)
            for value, path in exposure.where.items():
                assert not (0 <= value < 2**64 and _deals(game, value) == deal), path


def test_the_other_bots_message_names_the_game_once_quoted() -> None:
    with pytest.raises(GameOptionError) as info:
        vector_env("warp99", num_envs=2, opponents="ismcts:50")
    said = str(info.value)
    assert "''" not in said
    assert said.endswith(
        "(for other bots, use gymnasium.vector.SyncVectorEnv over the single env of 'warp99')"
    )
