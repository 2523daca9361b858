"""The single-game fast state of Sixto (the RL hot path; needs numpy).

``game.new_fast_state(seed)`` deals the game ``game.new_initial_state(seed)`` deals, as a
:class:`SixtoFastState`: the same :class:`~ninetynine.core.game.State`, with the RL step in C
(``_fast.c``: the rules of ``state.py``, ``turn.py`` and ``rules.py`` and the tensor writer of
``tensor.py``, inside the Python object every game's fast state shares,
``core/csrc/faststate.h``).

Every option runs in C but ``pad=kriskras`` (117,651 action ids; a roll can offer thousands
of choices): a Kris-Kras game's ``new_fast_state`` is the reference state
(:func:`supports`). What runs in C and what comes from the reference state, the seed's
secrecy, ``out=`` buffers and the fallback without a compiler: :mod:`ninetynine.core.fastpath`.
"""

from __future__ import annotations

from array import array
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ninetynine.core.fastpath import FastPath, FastStateMixin

from .rules import NUM_DICE, PADS, layout_for
from .sheets import NUM_DESIGNS, NUM_ROWS, WIDTH
from .state import SixtoState
from .tensor import layout

if TYPE_CHECKING:
    from ._fast import FastState as _Base
    from .game import SixtoGame

#: The params' int32 fields, in ``_fast.c``'s order (its ``PR_*``): the scalars, then the
#: designs per seat (-1: drawn), the points table, the scoring areas, the tensor's offsets.
_SCALARS = (
    "n",
    "width",
    "pad",
    "open_after",
    "tiebreak",
    "unlock",
    "max_turns",
    "nact",
    "radix",
    "unlock0",
)
_MAXP, _TABLE, _MAXAREAS, _MAXAREACELLS = 6, 13, 32, 224
_OFFSETS = (
    "seat",
    "current_player",
    "active",
    "phase",
    "rerolled",
    "dice",
    "chosen",
    "my_choice",
    "has_choice",
    "cells",
    "numbers",
    "colors",
    "specials",
    "scores",
    "removed",
    "turn",
    "winner",
    "ended_by",
)
PARAMS_SIZE = len(_SCALARS) + _MAXP + _TABLE + 1 + _MAXAREAS + 1 + _MAXAREACELLS + len(_OFFSETS) + 1


def supports(game: SixtoGame) -> bool:
    """Whether ``game``'s options run in C (every option but ``pad=kriskras``)."""
    return game.pad != "kriskras"


def _params(game: SixtoGame) -> bytes:
    """The game's options, scoring areas and tensor offsets as ``_fast.c`` reads them."""
    n, w, nt = game.num_players, game.width, game.notation
    scalars = {
        "n": n,
        "width": w,
        "pad": PADS.index(game.pad),
        "open_after": game.open_after,
        "tiebreak": int(game.tiebreak == "marks"),
        "unlock": int(game.unlock == "mark"),
        "max_turns": game.max_turns,
        "nact": nt.num_actions,
        "radix": nt.radix,
        "unlock0": nt.unlock0,
    }
    out = array("i", [scalars[k] for k in _SCALARS])
    designs = [-1] * _MAXP if game.sheets is None else list(game.sheets)
    out.extend(designs + [-1] * (_MAXP - len(designs)))
    out.extend(game.table[:_TABLE])
    # the scoring areas (the same on every design: rows, columns, the Cross pad's areas)
    areas = layout_for(0, w, game.pad).areas
    starts: list[int] = [0]
    cells: list[int] = []
    for a in areas:
        cells.extend(a)
        starts.append(len(cells))
    out.append(len(areas))
    out.extend(starts + [len(cells)] * (_MAXAREAS + 1 - len(starts)))
    out.extend(cells + [0] * (_MAXAREACELLS - len(cells)))
    size, off = layout.starts(n, w)
    out.extend(off[k] for k in _OFFSETS)
    out.append(size)
    assert len(out) == PARAMS_SIZE
    return out.tobytes()


def _setup(mod: ModuleType) -> None:
    """Hand the printed sheets over: per design, its numbers on either width, its hit spaces
    and its lock spaces (``rules.layout_for``)."""
    if mod.PARAMS_SIZE != PARAMS_SIZE:
        raise ImportError("its params differ from fast.py's")
    numbers12, numbers6, hits, locks = bytearray(), bytearray(), bytearray(), bytearray()
    for d in range(NUM_DESIGNS):
        numbers12 += bytes(layout_for(d, WIDTH, "none").numbers)
        numbers6 += bytes(layout_for(d, 6, "none").numbers)
        hits += bytes(layout_for(d, WIDTH, "hits").hits)
        lay = layout_for(d, WIDTH, "locked")
        locks += bytes(int(c in lay.locks[r]) for r in range(NUM_ROWS) for c in range(WIDTH))
    assert len(numbers12) == NUM_DESIGNS * NUM_ROWS * WIDTH and NUM_DICE == NUM_ROWS
    mod.init(bytes(numbers12), bytes(numbers6), bytes(hits), bytes(locks))


#: The compiled module, ``FS_VERSION`` 3 of ``_fast.c``.
PATH = FastPath(
    "ninetynine.games.sixto._fast",
    version=3,
    title="Sixto",
    params=_params,
    setup=_setup,
    supports=supports,
)

if not TYPE_CHECKING:
    _Base = PATH.base


class SixtoFastState(_Base, FastStateMixin):
    """A Sixto position with the RL step in C (see the module docstring). Build one with
    ``game.new_fast_state(seed)``."""

    path = PATH
    reference_class = SixtoState
    game: SixtoGame

    def action_to_string(self, action: int) -> str:
        return self.game.notation.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return self.game.notation.string_to_action(text)

    def read_recorded_move(self, text: str) -> int:
        return self.game.notation.string_to_action(text, legacy=True)

    # SixtoState's own questions (simultaneous_players and legal_for run in C: the parallel
    # env asks them at every step)
    def chooser(self) -> int:
        return self._synced().chooser()  # type: ignore[no-any-return]

    def in_play(self) -> list[bool]:
        return self._synced().in_play()  # type: ignore[no-any-return]

    def sheet_score(self, seat: int) -> Any:
        return self._synced().sheet_score(seat)


#: ``game.new_fast_state(seed)`` (:meth:`~ninetynine.core.fastpath.FastStateMixin.deal`)
new_fast_state = SixtoFastState.deal


__all__ = [
    "SixtoFastState",
    "new_fast_state",
    "supports",
]
