"""The single-game fast state every game with a C core shares: the Python half.

A game's fast state is a :class:`~ninetynine.core.game.State` whose RL step is compiled:
``current_player``, ``is_terminal``, ``legal_actions``, ``legal_actions_mask``,
``observation_tensor(p)``, ``apply_action`` (of a legal id), ``returns``, ``scores``,
``winner``, ``history``, ``clone`` run in C, a few hundred nanoseconds a call. The tensor of
seat ``p`` holds only what ``p`` may see: it is
``game.encode_observation(state.observation(p))`` (each game's differential test compares
them after every step of random games, every seat). The C half is ``core/csrc/faststate.h``
(the Python object) around the game's own ``_fast.c`` (its rules and its tensor writer).
Everything else comes from the reference state, materialised from the seed and the history
(exact: both engines deal with the same SplitMix64 draws, ``core/rng.py``) and kept, brought
up to date at the next such call by applying only the actions played since:
``observation(p)``, ``resample``, ``to_dict`` / ``to_json``, ``stats``, ``str``, the error of an
illegal action, pickling. Worth it for a learner that reads tensors, not for a bot that reads
the observation dict at every move (use ``new_initial_state`` for those). Every game that has
one deals the game ``new_initial_state`` deals and plays it alike:

>>> import ninetynine
>>> for game_id in ("warp99", "ono99", "tripwire", "sixto"):
...     game = ninetynine.load_game(game_id, num_players=4)
...     state, ref = game.new_fast_state(seed=1), game.new_initial_state(seed=1)
...     while not state.is_terminal():
...         assert state.legal_actions() == ref.legal_actions()
...         a = state.legal_actions()[-1]
...         state.apply_action(a)
...         ref.apply_action(a)
...     assert state.returns() == ref.returns() and state.history() == ref.history()

``observation_tensor(p, out=buf)`` and ``legal_actions_mask(out=buf)`` write into the
caller's buffer instead of a new array and return it: a writable, C-contiguous buffer of the
tensor's ``float32`` items (the mask's ``int8``; ``uint8`` and ``bool`` are taken too) and of
exactly its length in bytes, else ``ValueError`` saying what it needs.

A game wires it in a few lines of its ``fast.py``::

    PATH = FastPath("ninetynine.games.ono99._fast", version=1, title="ONO 99", params=params)
    if TYPE_CHECKING:
        from ninetynine.core.fastpath import CompiledFastState as _Base
    else:
        _Base = PATH.base

    class Ono99FastState(_Base, FastStateMixin):
        path = PATH
        reference_class = Ono99State

    new_fast_state = Ono99FastState.deal

and its ``Game`` names the module (``fast_state_module``): ``game.new_fast_state(seed)`` is
then ``Ono99FastState.deal(game, seed)``. Without the compiled module (no C compiler at
install, numpy missing, or a stale build) that returns the reference state and says why once
(a ``RuntimeWarning``).

The seed is a secret while the game is live (DESIGN): no attribute, ``repr`` or ``str`` of a
fast state holds it; ``state.seed`` is readable once the game is over (for its record), and
raises ``AttributeError`` before. ``reference()`` hands out the full reference state, seed
included, as ``new_initial_state`` would.
"""

from __future__ import annotations

import importlib
import threading
import warnings
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

from .errors import IllegalActionError
from .game import Game, State
from .rng import Rng, as_rng
from .util import as_action_id, check_seed

F = TypeVar("F", bound="FastStateMixin")

_REBUILD = "`pip install -e .` builds it (in a checkout: python setup.py build_ext --inplace)"


class FastPath:
    """One game's compiled fast state: its module, loaded once, or why it is missing.

    :param module: the extension module's dotted name (``ninetynine.games.<game>._fast``).
    :param version: the ``FS_VERSION`` of the C file this Python side drives; another build
        is refused as out of date.
    :param title: the game's name, for messages.
    :param params: the game's options as its C side reads them (``get_params`` in its
        ``_fast.c``), made once per game object and kept on it.
    :param setup: called with the module once it is imported (hands over the rules' tables),
        before numpy's ``empty`` and dtypes are given to it.
    :param supports: whether the C side runs a game's options (default: every game); a game
        it does not run is dealt as the reference state, without a warning.
    """

    def __init__(
        self,
        module: str,
        version: int,
        title: str,
        params: Callable[[Any], Any],
        setup: Callable[[ModuleType], None] | None = None,
        supports: Callable[[Any], bool] | None = None,
    ) -> None:
        self.title = title
        self._params = params
        self.supports = supports or (lambda game: True)
        self.module, self.missing_reason = self._load(module, version, setup)
        self._warned = False

    def _load(
        self, name: str, version: int, setup: Callable[[ModuleType], None] | None
    ) -> tuple[ModuleType | None, str]:
        what = f"the compiled {self.title} fast state ({name})"
        try:
            import numpy as np

            mod = importlib.import_module(name)
        except ImportError as e:
            why = "" if isinstance(e, ModuleNotFoundError) and e.name == name else f" ({e})"
            return None, f"{what} is not built{why}; {_REBUILD}"
        if getattr(mod, "VERSION", 0) != version:
            return None, f"{what} is out of date: {_REBUILD}"
        if setup is not None:
            try:
                setup(mod)
            except ImportError as e:  # what it checks of the build disagrees
                return None, f"{what} is out of date ({e}): {_REBUILD}"
        mod.numpy(np.empty, np.dtype(np.float32), np.dtype(np.int8))
        return mod, ""

    @property
    def available(self) -> bool:
        """Whether the compiled module was built and imports."""
        return self.module is not None

    @property
    def base(self) -> type:
        """The compiled ``FastState`` type to subclass (with :class:`FastStateMixin`); without
        the module, a stand-in whose construction raises ``RuntimeError`` saying why."""
        if self.module is not None:
            return self.module.FastState  # type: ignore[no-any-return]
        why = self.missing_reason

        class Missing:
            def __new__(cls, *args: Any) -> Any:
                raise RuntimeError(why)

        return Missing

    def params(self, game: Game) -> Any:
        """The game's options for the C side (made once, kept on the game object)."""
        params = game.__dict__.get("_fast_params")
        if params is None:
            params = game.__dict__["_fast_params"] = self._params(game)
        return params

    def warn_missing(self) -> None:
        """Say once (a ``RuntimeWarning``) that the reference engine stands in, and why."""
        if not self._warned:
            self._warned = True
            warnings.warn(
                f"using the reference engine (slow): {self.missing_reason}",
                RuntimeWarning,
                # at the caller of game.new_fast_state (-> deal -> here)
                stacklevel=4,
            )


if TYPE_CHECKING:

    class CompiledFastState:
        """What ``core/csrc/faststate.h`` (and ``faststate_random.h``) define: the base of
        every game's ``_fast.pyi`` stub (for the type checker only)."""

        def __init__(self, game: Any, params: Any, seed: int) -> None: ...
        def current_player(self) -> int: ...
        def is_terminal(self) -> bool: ...
        def legal_actions(self) -> list[int]: ...
        def legal_actions_mask(
            self, out: npt.NDArray[np.int8] | None = None
        ) -> npt.NDArray[np.int8]: ...
        def observation_tensor(
            self, player: int | None, out: npt.NDArray[np.float32] | None = None
        ) -> npt.NDArray[np.float32]: ...
        def apply_action(self, action: int) -> None: ...
        def returns(self) -> list[float]: ...
        def scores(self) -> list[float]: ...
        def winner(self) -> int | None: ...
        def history(self) -> list[int]: ...
        def num_actions(self) -> int: ...
        def clone(self) -> Self: ...
        def play_random_agents(self, seat: int, budget: int, rngs: Sequence[Any]) -> int: ...
        def _history_from(self, start: int) -> list[int]: ...
        def _deal_seed(self) -> int: ...


def _rebuild(cls: type[F], game: Game, seed: int, history: list[int]) -> F:
    """The inverse of :meth:`FastStateMixin.__reduce__`: the game replayed."""
    state = cls(game, cls.path.params(game), seed)  # type: ignore[call-arg]
    for a in history:
        state.apply_action(a)
    return state


class FastStateMixin(State):
    """What a fast state takes from its reference state (see the module docstring). Subclass
    it after the compiled base: ``class XFastState(PATH.base, FastStateMixin)``, and set
    :attr:`path` and :attr:`reference_class`."""

    #: the game's compiled module
    path: ClassVar[FastPath]
    #: the game's reference State class (for ``repr``)
    reference_class: ClassVar[type[State]]
    #: the game's actions module, when its ``action_to_string`` and ``string_to_action`` do
    #: not depend on the position (they then skip the reference state)
    _actions_module: ClassVar[ModuleType | None] = None
    game: Any

    if TYPE_CHECKING:  # provided by the compiled base (core/csrc/faststate.h)

        def num_actions(self) -> int: ...
        def _history_from(self, start: int) -> list[int]: ...
        def _deal_seed(self) -> int: ...

    @classmethod
    def deal(cls, game: Game, seed: int | None) -> State:
        """``game.new_fast_state(seed)`` (the game's ``fast.new_fast_state``): the position
        ``game.new_initial_state(seed)`` deals, as a ``cls``; or the reference state itself
        for options the C side does not run (``path.supports``), or (with a
        ``RuntimeWarning`` the first time) when the compiled module is missing.

        :raises GameOptionError: a seed that is not a whole number in 0 .. 2**64 - 1.
        """
        seed = check_seed(seed)
        if not cls.path.supports(game):
            return game.new_initial_state(seed)
        if cls.path.module is None:
            cls.path.warn_missing()
            return game.new_initial_state(seed)
        return cls(game, cls.path.params(game), Rng(seed).getstate())  # type: ignore[call-arg]

    # -- the reference state, materialised from the seed and the history ---------------------
    def _synced(self) -> Any:
        """The reference state of this position (kept, and brought up to date on each call,
        by one thread at a time: two threads reading one state would otherwise both apply the
        actions since, the second onto a reference state already past them)."""
        d = self.__dict__
        lock = d.get("_ref_lock") or d.setdefault("_ref_lock", threading.Lock())
        with lock:
            ref = d.get("_ref")
            done = d.get("_ref_n", 0)
            if ref is None:
                ref, done = self.game.new_initial_state(self._deal_seed()), 0
            n = self.num_actions()
            if done < n:
                for a in self._history_from(done):
                    ref.apply_action(a)
            d["_ref"] = ref
            d["_ref_n"] = n
            return ref

    def reference(self) -> Any:
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
        if self._actions_module is not None:
            return str(self._actions_module.action_to_string(action))
        return str(self._synced().action_to_string(action))

    def public_action_string(self, action: int) -> str:
        return str(self._synced().public_action_string(action))

    def string_to_action(self, text: str) -> int:
        if self._actions_module is not None:
            return int(self._actions_module.string_to_action(text))
        return int(self._synced().string_to_action(text))

    def known_history(self, player: int | None) -> list[int | None]:
        return list(self._synced().known_history(player))

    def observation(self, player: int | None) -> dict[str, Any]:
        """The reference state's ``observation`` of this position."""
        return dict(self._synced().observation(player))

    def resample(self, player: int | None, rng: Rng | int | None) -> State:
        """The reference state's ``resample`` of this position (a reference state: a
        determinization for search, with a new seed)."""
        return self._synced().resample(player, as_rng(rng))  # type: ignore[no-any-return]

    def to_dict(self) -> dict[str, Any]:
        """The reference state's ``to_dict`` of this position (``game.state_from_dict`` gives
        back a reference state)."""
        return dict(self._synced().to_dict())

    def stats(self) -> dict[str, Any]:
        return dict(self._synced().stats())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and deep-copy as the game, the seed and the history (replayed)."""
        return (_rebuild, (type(self), self.game, self._deal_seed(), self.history()))

    def __copy__(self: F) -> F:
        return self.clone()  # type: ignore[return-value]

    def __deepcopy__(self: F, memo: dict[int, Any]) -> F:
        return self.clone()  # type: ignore[return-value]

    def __str__(self) -> str:
        return str(self._synced())

    def __repr__(self) -> str:
        name = self.reference_class.__name__
        return repr(self._synced()).replace(f"<{name}", f"<{type(self).__name__}", 1)


__all__ = ["FastPath", "FastStateMixin"]
