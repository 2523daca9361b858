"""The single-game fast state of ONO 99 (the RL hot path; needs numpy).

``game.new_fast_state(seed)`` deals the game ``game.new_initial_state(seed)`` deals, as an
:class:`Ono99FastState`: the same :class:`~ninetynine.core.game.State`, with the RL step in C
(``_fast.c``, a transcription of ``turn.py``, ``rules.py`` and ``tensor.py``'s writer, inside
the Python object every game's fast state shares, ``core/csrc/faststate.h``). Every option is
supported in C (``deck``, ``two_player_reverse``, ``rebuild``, ``leave``, ``max_turns``).

What runs in C and what comes from the reference state, the seed's secrecy, ``out=`` buffers
and the fallback without a compiler: :mod:`ninetynine.core.fastpath`. The rules' tables
(``rules.NEXT``, ``rules.PLAYABLE``), the tensor's scales and its layout's offsets are handed
to C from here, so the Python modules stay their one definition.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from ninetynine.core.fastpath import FastPath, FastStateMixin

from .state import Ono99State

if TYPE_CHECKING:
    from ._fast import FastState as _Base
    from .game import Ono99Game

#: ``tensor.py``'s slices in the order ``_fast.c`` reads their starts (then the size).
SLICES = (
    "hand",
    "has_hand",
    "seat",
    "current_player",
    "total",
    "headroom",
    "direction",
    "play2",
    "in_game",
    "hand_sizes",
    "out_sizes",
    "out_order",
    "played_top",
    "played_counts",
    "draw_size",
    "deck",
    "last_seat",
    "last_action",
    "turn",
    "round",
    "rebuilds",
    "winner",
    "ended_by",
)


def _params(game: Ono99Game) -> bytes:
    """The int64 block ``_fast.c``'s ``get_params`` reads: the options, the deck and the
    tensor's slice starts and size for this player count."""
    from array import array

    from . import tensor

    size, off = tensor.layout.starts(game.num_players)
    v = [
        game.num_players,
        int(game.two_player_reverse == "again"),
        int(game.rebuild == "all"),
        int(game.leave == "now"),
        game.max_turns,
        *game.counts,
        *[off[name] for name in SLICES],
        size,
    ]
    return array("q", v).tobytes()


def _setup(mod: ModuleType) -> None:
    """Check the build's card constants and tensor slices against the Python modules, and hand
    over the rules' tables and the tensor's scales.

    :raises ImportError: the build disagrees with the Python modules (an old build)."""
    from array import array

    from . import actions, cards, rules, tensor, turn

    want = {
        "KINDS": cards.NUM_KINDS,
        "MINUS10": cards.MINUS10,
        "REVERSE": cards.REVERSE,
        "PLAY2": cards.PLAY2,
        "ONO": cards.ONO,
        "EXCHANGE": actions.EXCHANGE,
        "NUM_ACTIONS": actions.NUM_ACTIONS,
        "MAX_COPIES": cards.MAX_COPIES,
        "HAND_SIZE": turn.HAND_SIZE,
        "LIMIT": rules.LIMIT,
        "NUM_SLICES": len(SLICES),
        "PARAMS_SIZE": 5 + cards.NUM_KINDS + len(SLICES) + 1,
    }
    got = {k: getattr(mod, k, None) for k in want}
    names = tuple(s.name for s in tensor.layout.slices(2))
    if got != want or names != SLICES or tensor.ENDINGS != ("last_player", "turn_limit"):
        raise ImportError("its rules or tensor differ from the Python modules'")
    scales = array(
        "d",
        [
            tensor.HAND_SCALE,
            tensor.MAX_TOTAL,
            tensor.HEADROOM,
            tensor.TURN_SCALE,
            tensor.ROUND_SCALE,
            tensor.REBUILD_SCALE,
            cards.MAX_COPIES,
        ],
    )
    playable = bytes(int(ok) for row in rules.PLAYABLE for ok in row)
    mod.init(bytes(rules.NEXT), playable, scales.tobytes())


#: The compiled module, ``FS_VERSION`` 1 of ``_fast.c``.
PATH = FastPath(
    "ninetynine.games.ono99._fast", version=1, title="ONO 99", params=_params, setup=_setup
)

if not TYPE_CHECKING:
    _Base = PATH.base


class Ono99FastState(_Base, FastStateMixin):
    """An ONO 99 position with the RL step in C (see the module docstring). Build one with
    ``game.new_fast_state(seed)``."""

    path = PATH
    reference_class = Ono99State
    game: Ono99Game


#: ``game.new_fast_state(seed)`` (:meth:`~ninetynine.core.fastpath.FastStateMixin.deal`)
new_fast_state = Ono99FastState.deal


__all__ = ["Ono99FastState", "new_fast_state"]
