"""The single-game fast state of Warp 99 / Ninety Nine (the RL hot path; needs numpy).

``game.new_fast_state(seed)`` deals the game ``game.new_initial_state(seed)`` deals, as a
:class:`Warp99FastState`: the same :class:`~ninetynine.core.game.State`, with the RL step in C
(``batched/_fast.c``, on the batched engine's rule steps and tensor writer, inside the Python
object every game's fast state shares, ``core/csrc/faststate.h``).

What runs in C and what comes from the reference state, the seed's secrecy, ``out=`` buffers
and the fallback without a compiler: :mod:`ninetynine.core.fastpath`.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from ninetynine.core.fastpath import FastPath, FastStateMixin

from . import actions as A
from .state import Warp99State

if TYPE_CHECKING:
    from .batched._fast import FastState as _Base
    from .game import Warp99Game


def _params(game: Warp99Game) -> Any:
    from .batched import make_params

    return make_params(game)


def _setup(mod: ModuleType) -> None:
    """Hand the rules' tables over (the MATCH table, the greedy agent's row values)."""
    import numpy as np

    from . import batched
    from .heuristics import _POTENTIAL, _TIE
    from .rules import MATCH

    core = batched._CORE
    if mod.PARAMS_SIZE != batched._PARAMS_SIZE or (
        core is not None and mod.GAME_SIZE != core.GAME_SIZE
    ):
        raise ImportError("its engine differs from the batched engine's")
    potential = np.array(_POTENTIAL[:13], dtype=np.float64)
    tie = np.array(_TIE, dtype=np.float64)
    mod.init(b"".join(MATCH), potential.tobytes(), tie.tobytes())


#: The compiled module, ``FS_VERSION`` 4 of ``batched/_fast.c``.
PATH = FastPath(
    "ninetynine.games.warp99.batched._fast",
    version=4,
    title="Warp 99",
    params=_params,
    setup=_setup,
)

if not TYPE_CHECKING:
    _Base = PATH.base


class Warp99FastState(_Base, FastStateMixin):
    """A Warp 99 / Ninety Nine position with the RL step in C (see the module docstring).
    Build one with ``game.new_fast_state(seed)``."""

    path = PATH
    _actions_module: ClassVar[ModuleType | None] = A
    reference_class = Warp99State
    game: Warp99Game


#: ``game.new_fast_state(seed)`` (:meth:`~ninetynine.core.fastpath.FastStateMixin.deal`)
new_fast_state = Warp99FastState.deal


__all__ = ["Warp99FastState", "new_fast_state"]
