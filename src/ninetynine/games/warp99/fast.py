"""The single-game fast state of Warp 99 / Ninety Nine (the RL hot path; needs numpy).

``game.new_fast_state(seed)`` deals the game ``game.new_initial_state(seed)`` deals, as a
:class:`Warp99FastState`: the same :class:`~ninetynine.core.game.State`, with the RL step in C
(``batched/_fast.c``, on the batched engine's rule steps and tensor writer):

>>> import ninetynine
>>> game = ninetynine.load_game("warp99", num_players=3)
>>> state = game.new_fast_state(seed=1)
>>> ref = game.new_initial_state(seed=1)
>>> while not state.is_terminal():
...     assert state.legal_actions() == ref.legal_actions()
...     a = state.legal_actions()[-1]
...     state.apply_action(a)
...     ref.apply_action(a)
>>> state.returns() == ref.returns(), state.history() == ref.history()
(True, True)

In C, each call a few hundred nanoseconds: ``current_player``, ``is_terminal``,
``legal_actions``, ``legal_actions_mask``, ``observation_tensor(p)``, ``apply_action`` (of a
legal id), ``returns``, ``scores``, ``winner``, ``history``, ``clone``. From the reference
state: ``observation(p)``, ``resample``, ``to_dict`` / ``to_json``, ``stats``, ``str``, the
error of an illegal action, pickling.

The reference side materialises the reference :class:`~ninetynine.games.warp99.Warp99State`
from the seed and the history (exact: both engines deal and reshuffle with the same SplitMix64
draws) and keeps it, bringing it up to date at the next such call by applying only the actions
played since: worth it for a learner that reads tensors, not for a bot that reads the
observation dict at every move (use ``new_initial_state`` for those).

``observation_tensor(p)`` and ``legal_actions_mask()`` return a new array each call, as the
reference does; ``out=`` writes into an array of yours instead (no allocation):
``state.observation_tensor(p, out=buf)``. The tensor of seat ``p`` holds only what ``p`` may
see: it is ``game.encode_observation(state.observation(p))`` (a differential test compares
them after every step of random games, every seat).

The seed is a secret while the game is live (DESIGN): no attribute, ``repr`` or ``str`` of a
fast state holds it; ``state.seed`` is readable once the game is over (for its record), and
raises ``AttributeError`` before. ``reference()`` hands out the full reference state, seed
included, as ``new_initial_state`` would.

Without the compiled module (no C compiler at install, or numpy missing)
``game.new_fast_state`` returns the reference state and says why once (a ``RuntimeWarning``).
"""

from __future__ import annotations

import importlib
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from ninetynine.core.errors import IllegalActionError
from ninetynine.core.game import State
from ninetynine.core.rng import Rng, as_rng
from ninetynine.core.util import as_action_id, check_seed

from . import actions as A
from .state import Warp99State

if TYPE_CHECKING:
    from types import ModuleType

    from .batched._fast import FastState as _Base
    from .game import Warp99Game

#: The ``VERSION`` of ``_fast.c`` this module drives.
FAST_VERSION = 2


def _load() -> tuple[ModuleType | None, str]:
    from . import batched

    name = "ninetynine.games.warp99.batched._fast"
    rebuild = "`pip install -e .` builds it (in a checkout: python setup.py build_ext --inplace)"
    try:
        mod = importlib.import_module(name)
    except ImportError as e:
        why = "" if isinstance(e, ModuleNotFoundError) and e.name == name else f" ({e})"
        return None, f"the compiled Warp 99 fast state ({name}) is not built{why}; {rebuild}"
    core = batched._CORE
    if (
        getattr(mod, "VERSION", 0) != FAST_VERSION
        or mod.PARAMS_SIZE != batched._PARAMS_SIZE
        or (core is not None and mod.GAME_SIZE != core.GAME_SIZE)
    ):
        return None, f"the compiled Warp 99 fast state ({name}) is out of date: {rebuild}"
    from .heuristics import _POTENTIAL, _TIE
    from .rules import MATCH

    potential = np.array(_POTENTIAL[:13], dtype=np.float64)
    tie = np.array(_TIE, dtype=np.float64)
    mod.init(b"".join(MATCH), potential.tobytes(), tie.tobytes())
    mod.numpy(np.empty, np.dtype(np.float32), np.dtype(np.int8))
    return mod, ""


_FAST, _FAST_MISSING = _load()
_warned = False

if not TYPE_CHECKING:
    if _FAST is not None:
        _Base = _FAST.FastState
    else:

        class _Base:  # pragma: no cover - the module is not built
            def __new__(cls, *args: Any) -> Any:
                raise RuntimeError(_FAST_MISSING)


def has_fast_state() -> bool:
    """Whether the compiled fast state was built and imports."""
    return _FAST is not None


def fast_state_missing_reason() -> str:
    """Why the compiled fast state is unavailable (``""`` when it is available)."""
    return _FAST_MISSING


def _params(game: Warp99Game) -> Any:
    params = game.__dict__.get("_fast_params")
    if params is None:
        from .batched import make_params

        params = game.__dict__["_fast_params"] = make_params(game)
    return params


def new_fast_state(game: Warp99Game, seed: int | None) -> State:
    """``game.new_fast_state(seed)``: a :class:`Warp99FastState`, or the reference state (with
    a ``RuntimeWarning`` the first time) when the compiled module is missing.

    :raises GameOptionError: a seed that is not a whole number in 0 .. 2**64 - 1.
    """
    global _warned
    seed = check_seed(seed)
    if _FAST is None:
        if not _warned:
            _warned = True
            warnings.warn(
                f"using the reference engine (slow): {_FAST_MISSING}", RuntimeWarning, stacklevel=3
            )
        return game.new_initial_state(seed)
    return Warp99FastState(game, _params(game), Rng(seed).getstate())


def _rebuild(game: Warp99Game, seed: int, history: list[int]) -> Warp99FastState:
    """The inverse of :meth:`Warp99FastState.__reduce__`: the game replayed."""
    state = Warp99FastState(game, _params(game), seed)
    for a in history:
        state.apply_action(a)
    return state


class Warp99FastState(_Base, State):
    """A Warp 99 / Ninety Nine position with the RL step in C (see the module docstring).
    Build one with ``game.new_fast_state(seed)``."""

    game: Warp99Game

    # -- the reference state, materialised from the seed and the history ---------------------
    def _synced(self) -> Warp99State:
        """The reference state of this position (kept, and brought up to date on each call)."""
        ref: Warp99State | None = self.__dict__.get("_ref")
        done = self.__dict__.get("_ref_n", 0)
        if ref is None:
            new = self.game.new_initial_state(self._deal_seed())
            assert isinstance(new, Warp99State)
            ref, done = new, 0
        n = self.num_actions()
        if done < n:
            for a in self._history_from(done):
                ref.apply_action(a)
        self.__dict__["_ref"] = ref
        self.__dict__["_ref_n"] = n
        return ref

    def reference(self) -> Warp99State:
        """This position as the reference engine's state (a new, independent object; it
        holds the seed, as every reference state does)."""
        return self._synced().clone()

    @property
    def seed(self) -> int:  # type: ignore[override]
        """The game's seed, once the game is over (for its record).

        :raises AttributeError: the game is live: its seed is a secret (DESIGN).
        """
        if not self.is_terminal():
            raise AttributeError(
                "a live game's seed is a secret (it deals every hidden card): it is readable "
                "once the game is over"
            )
        return self._deal_seed()

    # -- the rest of the protocol ---------------------------------------------------------
    def _apply_slow(self, action: Any) -> None:
        """``apply_action`` for what the C fast path does not take: a NumPy integer is
        applied as its ``int``; anything illegal is refused in the reference's words."""
        a = as_action_id(action)
        if a is not None and a.__class__ is int and a in self.legal_actions():
            self.apply_action(a)
            return
        probe = self._synced().clone()
        probe.apply_action(action)  # raises IllegalActionError: the reference refuses it too
        raise IllegalActionError(f"{action!r}: the fast state and the reference disagree")

    def action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return A.string_to_action(text)

    def observation(self, player: int | None) -> dict[str, Any]:
        """``Warp99State.observation`` of this position."""
        return self._synced().observation(player)

    def resample(self, player: int | None, rng: Rng | int | None) -> State:
        """``Warp99State.resample`` of this position (a reference state: a determinization
        for search, with a new seed)."""
        return self._synced().resample(player, as_rng(rng))

    def to_dict(self) -> dict[str, Any]:
        """``Warp99State.to_dict`` of this position (``game.state_from_dict`` gives back a
        reference state)."""
        return self._synced().to_dict()

    def stats(self) -> dict[str, Any]:
        return self._synced().stats()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and deep-copy as the game, the seed and the history (replayed)."""
        return (_rebuild, (self.game, self._deal_seed(), self.history()))

    def __copy__(self) -> Warp99FastState:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Warp99FastState:
        return self.clone()

    def __str__(self) -> str:
        return str(self._synced())

    def __repr__(self) -> str:
        return repr(self._synced()).replace("<Warp99State", "<Warp99FastState", 1)


__all__ = ["Warp99FastState", "fast_state_missing_reason", "has_fast_state", "new_fast_state"]
