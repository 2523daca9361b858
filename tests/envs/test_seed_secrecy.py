"""The seed is a secret while a game is live (DESIGN; issue 19): an adversarial scan, per game,
of everything the environments expose during an episode.

The scan plays episodes (a seeded reset, then unseeded ones, as trainers do) and gathers every
integer a learner can reach: in the observations, rewards, infos and renders it is handed; in
every public attribute (names without a leading ``_``) of the environment and of each wrapper
``gymnasium.make`` puts around it, followed recursively (``unwrapped``, ``spec``, spaces, the
game, ``np_random``...); in the ``repr`` and ``str`` of every object met; and, for any public
random generator (Gymnasium's ``np_random``), the values it gave before (PCG64 can be stepped
back: ``bit_generator.advance(-k)``). No such integer may be the live game's seed, nor, used as a
seed, deal the same game (every seat's initial observation equal), nor give the game seed
through the envs' derivation ``deal_rng`` (so ``np_random_seed`` may not hold the reset seed).
The episode's end may name the seed (for replay): the scan stops before the terminal step.
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import re
import types
import warnings

import gymnasium
import numpy as np
import pytest

from ninetynine.envs import aec_env, gym_env_id, parallel_env
from ninetynine.envs.common import SEED_BOUND, deal_rng, draw_seed

from .conftest import game_params

DEFAULT = game_params("default")
#: How deep the scan follows public attributes from the outermost object.
DEPTH = 7
#: Draws a public generator is stepped back over.
REWIND = 64
#: The seed of the seeded reset: one that no small number met by chance (a count, a dtype
#: code, a board's figures) equals, so that finding it, or what it derives, means a leak.
RESET_SEED = 0x5EED_D0C5_1234_77
_INT = re.compile(r"-?\d+")


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


class Exposure:
    """The integers found so far, and where (for the failure message)."""

    def __init__(self) -> None:
        self.where: dict[int, str] = {}
        self.generators = 0

    def add(self, value: int, path: str) -> None:
        if not isinstance(value, bool):
            self.where.setdefault(int(value), path)

    def text(self, text: str, path: str) -> None:
        for m in _INT.finditer(text):
            self.add(int(m.group()), f"{path} text {m.group()!r}")

    def scan(self, obj: object, path: str, depth: int = DEPTH, seen: set[int] | None = None):
        seen = set() if seen is None else seen
        if id(obj) in seen or depth < 0:
            return
        seen.add(id(obj))
        if obj is None or isinstance(obj, bool):
            return
        if isinstance(obj, int | np.integer):
            self.add(int(obj), path)
            return
        if isinstance(obj, float | np.floating):
            if float(obj).is_integer():
                self.add(int(obj), path)
            return
        if isinstance(obj, str):
            self.text(obj, path)
            return
        if isinstance(obj, bytes | bytearray):
            return
        if isinstance(obj, np.ndarray):
            values = np.unique(obj.ravel())
            for v in values[:10_000]:
                if float(v).is_integer():
                    self.add(int(v), f"{path}[value]")
            return
        if isinstance(obj, dict | types.MappingProxyType):
            for k, v in list(obj.items()):
                self.scan(k, f"{path}.key", depth - 1, seen)
                self.scan(v, f"{path}[{k!r}]", depth - 1, seen)
            return
        if isinstance(obj, list | tuple | set | frozenset):
            for i, v in enumerate(list(obj)[:10_000]):
                self.scan(v, f"{path}[{i}]", depth - 1, seen)
            return
        if inspect.ismodule(obj) or inspect.isclass(obj) or inspect.isroutine(obj):
            return
        if isinstance(obj, np.random.Generator):
            self.generator(obj, path)
        for show in (repr, str):
            with contextlib.suppress(Exception):
                self.text(show(obj), f"{show.__name__}({path})")
        for name in dir(obj):
            if name.startswith("_"):
                continue
            try:
                value = getattr(obj, name)
            except Exception:
                continue
            if inspect.isroutine(value):
                continue
            self.scan(value, f"{path}.{name}", depth - 1, seen)

    def generator(self, g: np.random.Generator, path: str) -> None:
        """What ``g`` drew before now, as seeds (stepped back ``1..REWIND`` draws)."""
        self.generators += 1
        for k in range(1, REWIND + 1):
            back = copy.deepcopy(g)
            back.bit_generator.advance(-k)
            self.add(int(back.integers(0, SEED_BOUND)), f"{path} rewound {k}")


def _deals(game, seed: int) -> list[dict]:
    state = game.new_initial_state(seed)
    return [state.observation(p) for p in range(game.num_players)]


def assert_secret(exposure: Exposure, game, seed: int) -> None:
    assert seed in range(SEED_BOUND)
    assert seed not in exposure.where, f"the game seed {seed} is exposed at {exposure.where[seed]}"
    deal = _deals(game, seed)
    for value, path in exposure.where.items():
        if not 0 <= value < 2**64:
            continue
        if _deals(game, value) == deal:
            pytest.fail(f"{value} (at {path}) deals the live game {seed}")
        # nor through the envs' own derivation: the first games deal_rng(value) deals
        derived = deal_rng(value)
        if seed in [draw_seed(derived) for _ in range(3)]:
            pytest.fail(f"{value} (at {path}) gives the live game {seed} through deal_rng")


def _play_aec(make, game_id, n):
    env = make(game_id, n)
    exposure = Exposure()
    rng = np.random.default_rng(0)
    checked = 0
    for reset in ({"seed": RESET_SEED}, {}, {}):
        env.reset(**reset)
        seed = env._game_seed
        exposure.where.clear()
        for i, _agent in enumerate(env.agent_iter()):
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                break
            exposure.scan((obs, reward, info, env.render()), f"last()@{i}", depth=3)
            for other in env.possible_agents:
                exposure.scan(env.observe(other), f"observe({other})@{i}", depth=3)
            if i % 40 == 0:
                exposure.scan(env, "env")
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if i > 100:
                break
        assert_secret(exposure, env.game, seed)
        checked += 1
    return checked


def _play_gym(game_id, n):
    env = gymnasium.make(gym_env_id(game_id), num_players=n, opponents="random", render_mode="ansi")
    exposure = Exposure()
    checked = 0
    for reset in ({"seed": RESET_SEED}, {}, {}):
        obs, info = env.reset(**reset)
        seed = env.unwrapped._game_seed
        exposure.where.clear()
        exposure.scan((obs, info, env.render()), "reset()", depth=3)
        exposure.scan(env, "env")
        for i in range(100):
            action = env.action_space.sample(mask=obs["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                assert info["game_seed"] == seed  # over: named for replay
                break
            exposure.scan((obs, reward, info, env.render()), f"step@{i}", depth=3)
            if i % 40 == 0:
                exposure.scan(env, "env")
        assert_secret(exposure, env.unwrapped.game, seed)
        checked += 1
    return checked


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_aec_env_exposes_no_seed(game_id, n):
    make = lambda g, k: aec_env(g, num_players=k, render_mode="ansi")  # noqa: E731
    assert _play_aec(make, game_id, n) == 3


@pytest.mark.parametrize(("game_id", "n"), DEFAULT)
def test_gymnasium_env_exposes_no_seed(game_id, n):
    assert _play_gym(game_id, n) == 3


def test_parallel_env_exposes_no_seed():
    env = parallel_env("sixto", num_players=3, render_mode="ansi")
    exposure = Exposure()
    for reset in ({"seed": RESET_SEED}, {}, {}):
        obs, infos = env.reset(**reset)
        seed = env._game_seed
        exposure.where.clear()
        for i in range(60):
            exposure.scan((obs, infos, env.render()), f"step@{i}", depth=4)
            if i % 10 == 0:
                exposure.scan(env, "env")
            actions = {
                a: env.action_space(a).sample(mask=obs[a]["action_mask"]) for a in env.agents
            }
            obs, rewards, _terms, _truncs, infos = env.step(actions)
            if not env.agents:
                assert {info["game_seed"] for info in infos.values()} == {seed}
                break
            exposure.scan(rewards, f"rewards@{i}")
        assert_secret(exposure, env.game, seed)


def test_the_scan_finds_a_planted_seed_and_a_rewindable_generator():
    """The scan is not blind: a seed left on an attribute, in a repr or in a public generator's
    past draws is caught."""
    env = aec_env("warp99", num_players=3)
    env.reset(seed=1)
    seed = env._game_seed

    class Leaky:
        def __init__(self, **kw):
            self.__dict__.update(kw)

        def __repr__(self):
            return f"<Leaky {self.__dict__.get('text', '')}>"

    for planted in (
        Leaky(env=Leaky(game_seed=seed)),
        Leaky(info={"deal": [str(seed)]}),
        Leaky(text=f"seed={seed}"),
    ):
        exposure = Exposure()
        exposure.scan(planted, "planted")
        with pytest.raises((AssertionError, pytest.fail.Exception)):
            assert_secret(exposure, env.game, seed)
    g = np.random.default_rng(5)
    drawn = int(g.integers(0, SEED_BOUND))
    g.integers(0, 10, size=3)
    exposure = Exposure()
    exposure.scan(Leaky(np_random=g), "planted")
    assert drawn in exposure.where and exposure.generators == 1


@pytest.mark.parametrize(
    ("game_id", "module", "name"),
    [
        ("warp99", "warp99", "Warp99FastState"),
        ("ninetynine", "warp99", "Warp99FastState"),
        ("ono99", "ono99", "Ono99FastState"),
        ("tripwire", "tripwire", "TripwireFastState"),
        ("sixto", "sixto", "SixtoFastState"),
    ],
)
def test_the_scanned_envs_play_on_the_games_fast_state(game_id, module, name):
    """The scans above cover the fast states (``game.new_fast_state``): the envs play on them."""
    import importlib

    fast = importlib.import_module(f"ninetynine.games.{module}.fast")
    if not fast.PATH.available:
        pytest.skip("the compiled fast state is not built")
    fast_class = getattr(fast, name)
    aec = aec_env(game_id, num_players=3)
    aec.reset(seed=RESET_SEED)
    gym = gymnasium.make(gym_env_id(game_id), num_players=3, opponents="random")
    gym.reset(seed=RESET_SEED)
    par = parallel_env(game_id, num_players=3)
    par.reset(seed=RESET_SEED)
    for env in (aec, gym.unwrapped, par):
        assert type(env._state) is fast_class
