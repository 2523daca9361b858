"""A batched Warp 99 / Ninety Nine engine: N games in lockstep (needs numpy).

:class:`BatchedGame` plays ``num_envs`` games of one :class:`~ninetynine.Warp99Game` at once,
every seat's decision coming from the caller (self-play), in the style of Pgx and EnvPool:

>>> import numpy as np, ninetynine
>>> from ninetynine.games.warp99.batched import BatchedGame
>>> batch = BatchedGame(ninetynine.load_game("warp99", num_players=3), num_envs=4)
>>> out = batch.reset(seeds=[1, 2, 3, 4])
>>> out.observations.shape, out.action_masks.shape, out.current_player.tolist()
((4, 1354), (4, 337), [0, 0, 0, 0])
>>> first = out.action_masks.argmax(axis=1)           # the lowest legal action of each game
>>> out = batch.step(first)
>>> out.rewards.shape, out.terminals.tolist()
((4, 3), [False, False, False, False])

| call / field | meaning |
| --- | --- |
| ``reset(seeds[N])`` | game ``i`` is ``game.new_initial_state(seeds[i])`` |
| ``step(actions[N])`` | ``actions[i]`` in game ``i``; an illegal one raises, nothing changed |
| ``observations[N, D]`` | ``state.observation_tensor(p)``, ``p`` the seat to act (see below) |
| ``action_masks[N, A]`` | ``state.legal_actions_mask()`` (int8; all 0 once over) |
| ``rewards[N, n]`` | ``state.returns()`` at the step that ends a game, else 0 |
| ``terminals[N]`` | the step ended the game |
| ``current_player[N]`` | the seat to act, -1 once over |

Once a game is over its observation is that of the seat that moved last.

Auto-reset is Gymnasium's ``NEXT_STEP``: the ``step`` after a game's end ignores its action
for that game and deals the next game there, from a seed drawn from the game's own SplitMix64
(seeded at ``reset`` by ``seeds[i] ^ ENV_SALT``), and reports rewards 0, terminal false.

Two backends give the same results for the same seeds and actions (a test plays a million
actions through both): ``"c"``, the compiled core ``_core.c`` (built by ``pip install -e .``
when a C compiler is present), and ``"python"``, the reference engine (``state.py``) one game
after another, the fallback. ``backend="auto"`` (the default) takes the compiled core when it
was built and says so once (a warning) when it falls back. The compiled core deals and
reshuffles with the reference's own RNG (``core/rng.py``'s SplitMix64, the same draws in the
same order), takes the rule table (``rules.MATCH``), the greedy agent's values and the tensor
layout from the Python modules, and supports every option of both games.

Outputs are read-only views of the engine's own buffers, overwritten by the next call: copy
what you keep. (The compiled core updates each tensor in place where cards moved, so the
buffers must hold what it wrote last.)
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ninetynine.core.errors import GameOptionError, IllegalActionError
from ninetynine.core.rng import Rng
from ninetynine.core.util import check_seat

from ..actions import NUM_ACTIONS, action_to_string
from ..cards import NUM_CARDS
from ..heuristics import _POTENTIAL, _TIE, GreedyAgent
from ..rules import MATCH
from ..state import Warp99State
from ..tensor import layout

if TYPE_CHECKING:
    from types import ModuleType

    from ..game import Warp99Game

#: XORed into a game's seed to seed that slot's own RNG (its next seeds, seats, random bots).
ENV_SALT = 0x6A09E667F3BCC909
_MASK64 = (1 << 64) - 1
#: Bot kinds the engine plays itself (the vector env's opponents).
POLICIES = {"caller": 0, "random": 1, "greedy": 2, "look": 3}
#: The tensor slices in the order ``_core.c``'s ``OFF_*`` reads them.
_SLICES = (
    *("hand", "has_hand", "seat", "current_player", "phase", "rule_sides", "pile1_top"),
    *("pile2_top", "pile1_cards", "pile2_cards", "rows", "row_lengths", "scores"),
    *("deck_sizes", "hand_sizes", "revealed", "reserve_discard", "reserve_size"),
    *("flip_used", "has_played", "plays", "turn", "winner"),
)
_PARAMS_SIZE = 12 + 4 + 4 + 24
#: The ``VERSION`` of ``_core.c`` this module drives.
CORE_VERSION = 9


def _load_core() -> tuple[ModuleType | None, str]:
    name = f"{__name__}._core"
    try:
        _core = importlib.import_module(name)
    except ImportError as e:
        why = "" if isinstance(e, ModuleNotFoundError) and e.name == name else f" ({e})"
        return None, (
            f"the compiled Warp 99 core ({name}) is not built{why}; `pip install -e .` builds "
            "it when a C compiler is present (in a checkout: python setup.py build_ext --inplace)"
        )
    potential = np.array(_POTENTIAL[:13], dtype=np.float64)
    tie = np.array(_TIE, dtype=np.float64)
    _core.init(b"".join(MATCH), potential.tobytes(), tie.tobytes())
    if getattr(_core, "VERSION", 0) != CORE_VERSION or _core.PARAMS_SIZE != _PARAMS_SIZE:
        return None, (
            f"the compiled Warp 99 core ({name}) is out of date (version "
            f"{getattr(_core, 'VERSION', 0)}, not {CORE_VERSION}): rebuild it with "
            "`pip install -e .` (in a checkout: python setup.py build_ext --inplace)"
        )
    return _core, ""


_CORE, _CORE_MISSING = _load_core()


def has_core() -> bool:
    """Whether the compiled core was built and imports."""
    return _CORE is not None


def core_missing_reason() -> str:
    """Why the compiled core is unavailable (``""`` when it is available)."""
    return _CORE_MISSING


def resolve_backend(backend: str) -> str:
    """``"c"`` or ``"python"`` for ``backend`` (``"auto"``, ``"c"`` or ``"python"``).

    :raises GameOptionError: an unknown backend, or ``"c"`` without the compiled core.
    """
    if backend not in ("auto", "c", "python"):
        raise GameOptionError(f"backend must be 'auto', 'c' or 'python', not {backend!r}")
    if backend == "c" and _CORE is None:
        raise GameOptionError(f"backend 'c' is unavailable: {_CORE_MISSING}")
    if backend == "auto":
        if _CORE is None:
            warnings.warn(
                f"using the reference engine (slow): {_CORE_MISSING}", RuntimeWarning, stacklevel=3
            )
            return "python"
        return "c"
    return backend


def check_game(game: Any) -> Warp99Game:
    """``game`` if the batched engine plays it (Warp 99 or Ninety Nine, any options).

    :raises GameOptionError: another game.
    """
    from ..game import Warp99Game

    if not isinstance(game, Warp99Game):
        gid = getattr(game, "game_id", game)
        raise GameOptionError(f"the batched engine plays warp99 and ninetynine, not {gid!r}")
    return game


def make_params(
    game: Warp99Game, policies: Sequence[str] = (), fixed_seat: int | None = None
) -> npt.NDArray[np.int64]:
    """The int64 parameter block ``_core.c`` reads: the game's options, the opponents (one
    policy per other seat of the learner, in seat order) and the tensor's offsets."""
    n = game.num_players
    size, off = layout.starts(n)
    v = [
        n,
        15 + (6 if game.deal == "6+15" else 0),
        int(game.rules_mode == "random"),
        game.rule_config,
        int(game.extra_card),
        int(game.allow_flip),
        int(game.flip_limit == "cycle"),
        int(game.bonus_rule),
        game.target,
        game.max_turns,
        game.max_game_length,
        -1 if fixed_seat is None else fixed_seat,
        *list(game.handicap) + [0] * (4 - n),
        *[POLICIES[p] for p in policies] + [0] * (4 - len(policies)),
        *[off[name] for name in _SLICES],
        size,
    ]
    assert len(v) == _PARAMS_SIZE
    return np.array(v, dtype=np.int64)


def as_seeds(seeds: Any, count: int) -> npt.NDArray[np.uint64]:
    """``count`` game seeds as uint64 (Python ints are taken modulo 2**64, as ``Rng`` does).

    :raises ValueError: not ``count`` of them.
    """
    vals = [int(s) & _MASK64 for s in seeds]
    if len(vals) != count:
        raise ValueError(f"{len(vals)} seeds given for {count} games")
    return np.array(vals, dtype=np.uint64)


def default_threads() -> int:
    """Worker threads for the compiled core: 1. More (``num_threads=``, at most one per CPU)
    pay only on an otherwise idle machine: each step waits for its slowest thread, and on a
    busy machine that is a thread waiting for a core (measured: 2 threads ran 4x slower than 1
    on 2 cores shared with other work)."""
    return 1


class BatchStep(NamedTuple):
    """What :meth:`BatchedGame.reset` and :meth:`BatchedGame.step` return (shapes in the
    module docstring)."""

    observations: npt.NDArray[np.float32]
    action_masks: npt.NDArray[np.int8]
    rewards: npt.NDArray[np.float32]
    terminals: npt.NDArray[np.bool_]
    current_player: npt.NDArray[np.int64]


class BatchedGame:
    """``num_envs`` games of ``game`` in lockstep (see the module docstring).

    :raises GameOptionError: not a Warp 99 / Ninety Nine game, a bad ``num_envs`` or backend.
    """

    def __init__(
        self,
        game: Any,
        num_envs: int,
        *,
        backend: str = "auto",
        num_threads: int | None = None,
    ) -> None:
        self.game = check_game(game)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise GameOptionError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.num_envs = num_envs
        self.backend = resolve_backend(backend)
        self.num_threads = default_threads() if num_threads is None else max(1, num_threads)
        n = self.game.num_players
        self.observation_size = int(layout.starts(n)[0])
        self._params = make_params(self.game)
        self._obs = np.zeros((num_envs, self.observation_size), dtype=np.float32)
        self._mask = np.zeros((num_envs, NUM_ACTIONS), dtype=np.int8)
        self._rewards = np.zeros((num_envs, n), dtype=np.float32)
        self._terms = np.zeros(num_envs, dtype=np.uint8)
        self._cur = np.zeros(num_envs, dtype=np.int64)
        self._make_views()
        self._games: npt.NDArray[np.uint8] | None = None
        self._ref: ReferenceBatch | None = None
        if self.backend == "c":
            assert _CORE is not None
            self._games = np.zeros(num_envs * int(_CORE.GAME_SIZE), dtype=np.uint8)
        else:
            self._ref = ReferenceBatch(self.game, num_envs)
        self._dealt = False

    def _make_views(self) -> None:
        # read-only views: the core updates the tensors in place, only where cards moved
        self._views = BatchStep(
            self._obs.view(),
            self._mask.view(),
            self._rewards.view(),
            self._terms.view(np.bool_),
            self._cur.view(),
        )
        for v in self._views:
            v.flags.writeable = False

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["_views"]  # rebuilt on the copy's buffers
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._make_views()

    def _out(self) -> BatchStep:
        return self._views

    def reset(self, seeds: Sequence[int] | npt.ArrayLike) -> BatchStep:
        """Deal game ``i`` from ``seeds[i]`` (``game.new_initial_state(seeds[i])``).

        :raises ValueError: not ``num_envs`` seeds.
        """
        # not np.asarray(seeds) first: a list mixing seeds above and below 2**63 becomes
        # float64 there, and the seeds lose their low bits (other games are dealt)
        items: list[Any] = (
            seeds.ravel().tolist() if isinstance(seeds, np.ndarray) else list(seeds)  # type: ignore[arg-type]
        )
        s = as_seeds(items, self.num_envs)
        idx = np.arange(self.num_envs, dtype=np.int64)
        self._rewards[:] = 0
        self._terms[:] = 0
        if self._games is not None:
            assert _CORE is not None
            _CORE.deal(self._params, self._games, idx, s, self.num_threads)
            self._cur[:] = 0  # seat 0 starts every game (state.py's new)
            _CORE.observe(
                self._params, self._games, self._cur, self._obs, self._mask, self.num_threads
            )
        else:
            assert self._ref is not None
            self._ref.deal(s.tolist())
            self._ref.observe_current(self._obs, self._mask, self._cur)
        self._dealt = True
        return self._out()

    def step(self, actions: Sequence[int] | npt.ArrayLike) -> BatchStep:
        """Apply ``actions[i]`` in game ``i`` (ignored where the game ended at the last step:
        the next game is dealt there instead).

        :raises IllegalActionError: an action is illegal (nothing changed in any game).
        :raises ValueError: not ``num_envs`` actions.
        """
        if not self._dealt:
            raise RuntimeError("call reset(seeds) first")
        a = np.ascontiguousarray(np.asarray(actions).ravel(), dtype=np.int64)
        if a.shape != (self.num_envs,):
            raise ValueError(f"{a.size} actions given for {self.num_envs} games")
        if self._games is not None:
            assert _CORE is not None
            bad = _CORE.step(
                self._params, self._games, a, self._obs, self._mask, self._rewards,
                self._terms, self._cur, self.num_threads,
            )  # fmt: skip
        else:
            assert self._ref is not None
            bad = self._ref.step(a.tolist(), self._obs, self._mask, self._rewards, self._terms,
                                 self._cur)  # fmt: skip
        if bad >= 0:
            act = int(a[bad])
            name = action_to_string(act) if 0 <= act < NUM_ACTIONS else repr(act)
            raise IllegalActionError(
                f"game {bad}: {name} is illegal there (nothing was applied in any game)"
            )
        return self._out()

    def observe(
        self, seats: Sequence[int] | npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """New arrays: ``state.observation_tensor(seats[i])`` of every game (``-1``: the
        spectator's view) and the legal-action mask of that seat (all 0 when it is not its
        turn): any seat's view, e.g. for every seat's value target in self-play.

        :raises ValueError: not ``num_envs`` seats, or a seat that is not one.
        """
        if not self._dealt:
            raise RuntimeError("call reset(seeds) first")
        s = np.array(np.asarray(seats).ravel(), dtype=np.int64)
        if s.shape != (self.num_envs,):
            raise ValueError(f"{s.size} seats given for {self.num_envs} games")
        if ((s < -1) | (s >= self.game.num_players)).any():
            raise ValueError(f"seats are -1 (spectator) or 0-{self.game.num_players - 1}")
        obs = np.zeros_like(self._obs)
        mask = np.zeros_like(self._mask)
        if self._games is not None:
            assert _CORE is not None
            _CORE.observe(self._params, self._games, s, obs, mask, self.num_threads, True)
        else:
            assert self._ref is not None
            for i, st in enumerate(self._ref.states):
                seat = int(s[i])
                obs[i] = st.observation_tensor(None if seat < 0 else seat)
                if not st.is_terminal() and st.player == seat:
                    mask[i, st.legal_actions()] = 1
        return obs, mask

    def greedy_actions(self) -> npt.NDArray[np.int64]:
        """The ``greedy`` agent's move in every game (``GreedyAgent.step`` on the seat to
        act's observation), -1 where a game is over."""
        out = np.zeros(self.num_envs, dtype=np.int64)
        if self._games is not None:
            assert _CORE is not None
            _CORE.greedy(self._params, self._games, out, self.num_threads)
        else:
            assert self._ref is not None
            out[:] = self._ref.greedy_actions()
        return out

    def random_actions(self, rng_states: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
        """A uniformly random legal move in every game (-1 where a game is over), drawn with
        ``legal[Rng.randbelow(len(legal))]`` from the caller's SplitMix64 states, one per game
        (``Rng.getstate()`` values; advanced in place): a random baseline at the engine's
        speed."""
        out = np.zeros(self.num_envs, dtype=np.int64)
        if rng_states.shape != (self.num_envs,) or rng_states.dtype != np.uint64:
            raise ValueError(f"rng_states must be {self.num_envs} uint64 values")
        if self._games is not None:
            assert _CORE is not None
            _CORE.sample(self._params, self._games, rng_states, out, self.num_threads)
        else:
            assert self._ref is not None
            for i, st in enumerate(self._ref.states):
                legal = st.legal_actions()
                if legal:
                    r = Rng(int(rng_states[i]))
                    out[i] = legal[r.randbelow(len(legal))]
                    rng_states[i] = r.getstate()
                else:
                    out[i] = -1
        return out

    def debug_info(self, i: int) -> dict[str, Any]:
        """Every field of game ``i`` (hidden cards and deck orders too: for tests and
        debugging, never for a player)."""
        if self._games is not None:
            assert _CORE is not None
            return dict(_CORE.info(self._params, self._games, i))
        assert self._ref is not None
        return self._ref.debug_info(i)


def _core() -> ModuleType:
    if _CORE is None:  # pragma: no cover - unpickled where the core is not built
        raise RuntimeError(f"backend 'c' is unavailable: {_CORE_MISSING}")
    return _CORE


class VectorBatch:
    """The engine of a vector env (``Warp99Game.batched_engine``): ``num_envs`` games, one
    learning seat in each (``seat``, or drawn per episode), the other seats played by the
    engine's bots (``opponents``: ``"random"`` or ``"greedy"`` per other seat, in seat order),
    ``NEXT_STEP`` auto-reset. ``envs/vector.py`` documents the semantics and seeds.

    After :meth:`reset` and :meth:`step`: ``obs`` ``(N, D)`` float32 and ``mask`` ``(N, A)``
    int8 (the learners' tensors and legal actions: the engine's buffers, which the compiled
    core updates in place), ``rewards`` float32, ``terminated``, ``truncated``, ``illegal``
    (uint8 flags) and ``seats`` (int64, each game's learning seat).

    :raises GameOptionError: a bot the engine does not play, a bad seat, ``num_envs`` or
        backend.
    """

    def __init__(
        self,
        game: Warp99Game,
        num_envs: int,
        opponents: Sequence[str] = (),
        seat: int | None = None,
        backend: str = "auto",
        num_threads: int | None = None,
    ) -> None:
        self.game = check_game(game)
        n = game.num_players
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise GameOptionError(f"num_envs must be a positive integer, not {num_envs!r}")
        if seat is not None:  # any integer type is a seat (numpy.int64 too), a bool is not
            try:
                seat = check_seat(seat, n)
            except ValueError:
                raise GameOptionError(f"seat must be None or 0-{n - 1}, not {seat!r}") from None
        specs = [str(x).strip().lower() for x in opponents] or ["random"]
        specs = [specs[i % len(specs)] for i in range(n - 1)]
        for spec in specs:
            if spec not in ("random", "greedy"):
                raise GameOptionError(
                    f"the batched engine plays random or greedy bots, not {spec!r}"
                )
        self.opponents = specs
        self.num_envs = num_envs
        self.backend = resolve_backend(backend)
        self.num_threads = default_threads() if num_threads is None else max(1, num_threads)
        size = int(layout.starts(n)[0])
        self._params = make_params(self.game, specs, seat)
        self.obs = np.zeros((num_envs, size), dtype=np.float32)
        self.mask = np.zeros((num_envs, NUM_ACTIONS), dtype=np.int8)
        self.rewards = np.zeros(num_envs, dtype=np.float32)
        self.terminated = np.zeros(num_envs, dtype=np.uint8)
        self.truncated = np.zeros(num_envs, dtype=np.uint8)
        self.illegal = np.zeros(num_envs, dtype=np.uint8)
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self._games: npt.NDArray[np.uint8] | None = None
        self._ref: ReferenceBatch | None = None
        if self.backend == "c":
            self._games = np.zeros(num_envs * int(_core().GAME_SIZE), dtype=np.uint8)
        else:
            self._ref = ReferenceBatch(self.game, num_envs, specs, seat)

    def reset(self, seeds: Sequence[int], game_seeds: Sequence[int] | None = None) -> None:
        """Seed slot ``i``'s RNG from ``seeds[i]``; it draws the learning seat (unless fixed)
        and then the game's seed, unless ``game_seeds`` gives the games to deal
        (``game.new_initial_state(game_seeds[i])``); the bots play until each learner is to
        move.

        :raises ValueError: not ``num_envs`` seeds.
        """
        s = as_seeds(seeds, self.num_envs)
        g = None if game_seeds is None else as_seeds(game_seeds, self.num_envs)
        if self._games is not None:
            core = _core()
            idx = np.arange(self.num_envs, dtype=np.int64)
            core.vreset(self._params, self._games, idx, s, self.num_threads, g)
            self.seats[:] = -2  # each game's learning seat
            core.observe(
                self._params, self._games, self.seats, self.obs, self.mask, self.num_threads
            )
        else:
            assert self._ref is not None
            self._ref.vreset(s.tolist(), None if g is None else g.tolist())
            self._ref.observe_learners(self.obs, self.mask, self.seats)
        self.terminated[:] = 0
        self.truncated[:] = 0

    def step(
        self, actions: npt.NDArray[np.int64], copy: bool
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """The learners' ``actions`` (an illegal one loses: ``illegal`` set, reward -1, the
        game unchanged), the bots' replies; games that ended at the last step are dealt anew
        instead. -> the tensors and masks: new arrays if ``copy``, else the engine's buffers."""
        a = np.ascontiguousarray(actions, dtype=np.int64)
        if self._games is not None:
            copies: tuple[np.ndarray, ...] = ()
            if copy:  # the core fills the new arrays while each row is in cache
                copies = (np.empty_like(self.obs), np.empty_like(self.mask))
            _core().vstep(
                self._params, self._games, a, self.obs, self.mask, self.rewards,
                self.terminated, self.truncated, self.illegal, self.seats, self.num_threads,
                *copies,
            )  # fmt: skip
            if copy:
                return copies[0], copies[1]
            return self.obs, self.mask
        assert self._ref is not None
        self._ref.vstep(a.tolist(), self.obs, self.mask, self.rewards, self.terminated,
                        self.truncated, self.illegal, self.seats)  # fmt: skip
        if copy:
            return self.obs.copy(), self.mask.copy()
        return self.obs, self.mask

    def game_seeds(self) -> npt.NDArray[np.uint64]:
        """Each slot's game seed (a secret while the game is live: the vector env hands out
        only those of games that ended)."""
        out = np.zeros(self.num_envs, dtype=np.uint64)
        if self._games is not None:
            _core().game_seeds(self._params, self._games, out)
        else:
            assert self._ref is not None
            out[:] = [st.seed for st in self._ref.states]
        return out

    def random_actions(self, rng_states: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every learner (0 where a game is being dealt
        anew), ``legal[randbelow(len(legal))]`` from the caller's SplitMix64 states (one per
        game, advanced in place)."""
        if rng_states.shape != (self.num_envs,) or rng_states.dtype != np.uint64:
            raise ValueError(f"rng_states must be {self.num_envs} uint64 values")
        out = np.zeros(self.num_envs, dtype=np.int64)
        if self._games is not None:
            _core().sample(self._params, self._games, rng_states, out, self.num_threads)
        else:
            for i in range(self.num_envs):
                legal = np.flatnonzero(self.mask[i]).tolist()
                if legal:
                    r = Rng(int(rng_states[i]))
                    out[i] = legal[r.randbelow(len(legal))]
                    rng_states[i] = r.getstate()
        return np.maximum(out, 0)


class ReferenceBatch:
    """The reference engine (``state.py``), one game after another, with the compiled core's
    batch semantics: the fallback backend, and the other side of the differential tests."""

    def __init__(
        self,
        game: Warp99Game,
        num_envs: int,
        policies: Sequence[str] = (),
        fixed_seat: int | None = None,
    ) -> None:
        self.game = game
        self.num_envs = num_envs
        self.policies = list(policies)
        self.fixed_seat = fixed_seat
        self.states: list[Warp99State] = []
        self.rngs: list[Rng] = [Rng(0) for _ in range(num_envs)]
        self.learner = [0] * num_envs
        self.needs_reset = [False] * num_envs
        self.steps = [0] * num_envs
        self.last_mover = [0] * num_envs
        n = game.num_players
        self._greedy = [GreedyAgent(game, p) for p in range(n)]

    def _new(self, seed: int) -> Warp99State:
        state = self.game.new_initial_state(seed)
        assert isinstance(state, Warp99State)
        return state

    # -- self-play
    def deal(self, seeds: list[int]) -> None:
        self.states = [self._new(s) for s in seeds]
        self.rngs = [Rng(s ^ ENV_SALT) for s in seeds]
        self.needs_reset = [False] * self.num_envs
        self.steps = [0] * self.num_envs

    def observe_current(
        self, obs: np.ndarray, mask: np.ndarray, cur: np.ndarray, seats: list[int] | None = None
    ) -> None:
        for i, st in enumerate(self.states):
            over = st.is_terminal()
            cur[i] = -1 if over else st.player
            seat = seats[i] if seats is not None else (self.last_mover[i] if over else st.player)
            obs[i] = st.observation_tensor(seat)
            mask[i] = 0
            if not over and st.player == seat:
                mask[i, st.legal_actions()] = 1

    def _apply(self, i: int, action: int) -> None:
        st = self.states[i]
        self.last_mover[i] = st.player
        st.apply_action(action)
        self.steps[i] += 1

    def step(
        self,
        actions: list[int],
        obs: np.ndarray,
        mask: np.ndarray,
        rewards: np.ndarray,
        terms: np.ndarray,
        cur: np.ndarray,
    ) -> int:
        for i, st in enumerate(self.states):
            if not self.needs_reset[i] and actions[i] not in st.legal_actions():
                return i
        rewards[:] = 0
        terms[:] = 0
        for i in range(self.num_envs):
            if self.needs_reset[i]:
                self.states[i] = self._new(self.rngs[i].next_u64() >> 1)
                self.steps[i] = 0
                self.needs_reset[i] = False
            else:
                self._apply(i, actions[i])
                st = self.states[i]
                if st.is_terminal():
                    terms[i] = 1
                    self.needs_reset[i] = True
                    rewards[i] = st.returns()
        self.observe_current(obs, mask, cur)
        return -1

    def greedy_actions(self) -> list[int]:
        out = []
        for st in self.states:
            legal = st.legal_actions()
            if not legal:
                out.append(-1)
                continue
            p = st.player
            out.append(self._greedy[p].step(st.observation(p), legal))
        return out

    # -- the vector env: a learner and bots
    def _bot_action(self, i: int) -> int:
        st = self.states[i]
        p = st.player
        learner = self.learner[i]
        policy = self.policies[p if p < learner else p - 1]
        legal = st.legal_actions()
        if policy == "greedy":
            return self._greedy[p].step(st.observation(p), legal) if len(legal) > 1 else legal[0]
        return legal[self.rngs[i].randbelow(len(legal))]

    def _play_bots(self, i: int) -> None:
        limit = self.game.max_game_length
        while True:
            st = self.states[i]
            if st.is_terminal() or st.player == self.learner[i] or self.steps[i] >= limit:
                return
            self._apply(i, self._bot_action(i))

    def _env_reset(self, i: int, seed: int | None, game_seed: int | None = None) -> None:
        if seed is not None:
            self.rngs[i] = Rng(seed ^ ENV_SALT)
        rng = self.rngs[i]
        n = self.game.num_players
        self.learner[i] = self.fixed_seat if self.fixed_seat is not None else rng.randbelow(n)
        if game_seed is None:
            game_seed = rng.next_u64() >> 1
        for _ in range(100):
            if len(self.states) <= i:
                self.states.append(self._new(game_seed))
            else:
                self.states[i] = self._new(game_seed)
            self.steps[i] = 0
            self._play_bots(i)
            if not self.states[i].is_terminal():
                break
            game_seed = rng.next_u64() >> 1
        self.needs_reset[i] = False

    def vreset(self, seeds: list[int], game_seeds: list[int] | None = None) -> None:
        self.states = []
        for i, s in enumerate(seeds):
            self._env_reset(i, s, None if game_seeds is None else game_seeds[i])

    def vstep(
        self,
        actions: list[int],
        obs: np.ndarray,
        mask: np.ndarray,
        rewards: np.ndarray,
        term: np.ndarray,
        trunc: np.ndarray,
        illegal: np.ndarray,
        seats: np.ndarray,
    ) -> None:
        rewards[:] = 0
        term[:] = 0
        trunc[:] = 0
        illegal[:] = 0
        limit = self.game.max_game_length
        for i in range(self.num_envs):
            if self.needs_reset[i]:
                self._env_reset(i, None)
                continue
            st = self.states[i]
            if actions[i] not in st.legal_actions():
                illegal[i] = term[i] = 1
                rewards[i] = -1.0
                self.needs_reset[i] = True
                continue
            self._apply(i, actions[i])
            self._play_bots(i)
            if st.is_terminal():
                term[i] = 1
                rewards[i] = st.returns()[self.learner[i]]
            elif self.steps[i] >= limit:
                trunc[i] = 1
            self.needs_reset[i] = bool(term[i] or trunc[i])
        self.observe_learners(obs, mask, seats)

    def observe_learners(self, obs: np.ndarray, mask: np.ndarray, seats: np.ndarray) -> None:
        """Each game's tensor and mask for its learning seat (``seats`` receives them)."""
        seats[:] = self.learner
        self.observe_current(obs, mask, np.zeros(self.num_envs, dtype=np.int64), self.learner)

    def debug_info(self, i: int) -> dict[str, Any]:
        st = self.states[i]
        return {
            "hands": [h[:] for h in st.hands],
            "decks": [d[:] for d in st.decks],
            "rows": [r[:] for r in st.rows],
            "revealed": [sorted(r) for r in st.revealed],
            "scores": st.scores_[:],
            "piles": [p[:] for p in st.piles],
            "reserve": st.reserve[:],
            "reserve_discard": st.reserve_discard[:],
            "config": st.config,
            "player": st.player,
            "phase": st.phase,
            "flip_used": int(st.flip_used),
            "plays": st.plays,
            "winner": st.winner_,
            "turn": st.turn,
            "learner": self.learner[i],
            "steps": self.steps[i],
        }


def greedy_playouts(game: Any, seeds: Sequence[int]) -> list[list[int]]:
    """The action history of each game ``game.new_initial_state(seeds[i])`` played to its end
    by the ``greedy`` agent in every seat, on the compiled core: the same moves as
    ``GreedyAgent`` (the differential tests check the core's greedy move against it), so
    ``sim`` replays them through the reference engine for the games' results. Games that end
    early wait (their slot's later deals are ignored).

    :raises GameOptionError: the compiled core is not built, or not a Warp 99 game.
    """
    n = len(seeds)
    batch = BatchedGame(game, max(1, n), backend="c")
    out = batch.reset(list(seeds))
    histories: list[list[int]] = [[] for _ in range(n)]
    live = np.ones(n, dtype=bool)
    limit = game.max_game_length
    steps = 0
    while live.any():
        actions = batch.greedy_actions()
        for i in np.flatnonzero(live).tolist():
            histories[i].append(int(actions[i]))
        actions[~live] = np.maximum(actions[~live], 0)  # ignored: those slots re-deal
        out = batch.step(actions)
        live &= ~out.terminals
        steps += 1
        if steps > limit:
            raise IllegalActionError(f"a greedy game ran past max_game_length ({limit})")
    return histories


__all__ = [
    "ENV_SALT",
    "NUM_CARDS",
    "BatchStep",
    "BatchedGame",
    "ReferenceBatch",
    "VectorBatch",
    "core_missing_reason",
    "greedy_playouts",
    "has_core",
    "make_params",
]
