"""The single-game fast state of Tripwire (the RL hot path; needs numpy).

``game.new_fast_state(seed)`` deals the game ``game.new_initial_state(seed)`` deals, as a
:class:`TripwireFastState`: the same :class:`~ninetynine.core.game.State`, with the RL step in
C (``_fast.c``: a transcription of ``state.py``, ``turn.py`` and ``tensor.py``'s writer, inside
the Python object every game's fast state shares, ``core/csrc/faststate.h``). Every option of
the game runs in C; the rules' tables (``rules.outcome_table``, ``rules.valid_slots``), the
deck and the tensor's offsets and scales are handed over from the Python modules, which stay
their one definition. The Gymnasium env's random bots play inside it
(``play_random_agents``, ``core/csrc/faststate_random.h``).

What runs in C and what comes from the reference state, the seed's secrecy, ``out=`` buffers
and the fallback without a compiler: :mod:`ninetynine.core.fastpath`.
"""

from __future__ import annotations

from array import array
from types import ModuleType
from typing import TYPE_CHECKING, ClassVar

from ninetynine.core.fastpath import FastPath, FastStateMixin

from . import actions as A
from .state import TripwireState

if TYPE_CHECKING:
    from ._fast import FastState as _Base
    from .game import TripwireGame

#: Bumped with ``FS_VERSION`` in ``_fast.c``.
VERSION = 3


def _rules_index(mod: ModuleType, game: TripwireGame) -> int:
    """The game's RuleSet handed to the C side: ``rules.outcome_table`` as
    ``[30][50][effect (255: not valid), colour, value]`` and ``rules.valid_slots`` as
    ``[30][44][count, slot, slot]`` (a Vector has two slots at most)."""
    from .cards import NUM_KINDS
    from .rules import SLOTS, outcome_table, valid_slots

    outcome = bytearray()
    for row in outcome_table(game.rules):
        for j in range(SLOTS):
            res = row[j]
            outcome += bytes((255, 0, 0) if res is None else (res[2], res[0], res[1]))
    valid = bytearray()
    for vrow in valid_slots(game.rules):
        for k in range(NUM_KINDS):
            slots = vrow[k]
            if len(slots) > 2:
                raise ValueError(f"kind {k} has {len(slots)} slots on one dock: the C side takes 2")
            valid += bytes((len(slots), *slots, *([0] * (2 - len(slots)))))
    return int(mod.rules(bytes(outcome), bytes(valid)))


def _params(game: TripwireGame) -> bytes:
    """The game's options, deck and tensor layout, as ``_fast.c``'s ``get_params`` reads
    them (its ``PARAM_FIELDS``, by name)."""
    from . import tensor

    mod = PATH.module
    assert mod is not None
    size, off = tensor.layout.starts(game.num_players)
    fields: dict[str, list[int]] = {
        "num_players": [game.num_players],
        "one_per_dock": [int(game.one_per_dock)],
        "stop_early": [int(game.stop_early)],
        "volt_always": [int(game.volt_bonus == "always")],
        "chain_protocol": [int(game.chain == "protocol")],
        "must_null": [int(game.must_null)],
        "turn_waves": [int(game.turn_waves)],
        "lose_idle_bonus": [int(game.lose_idle_bonus)],
        "wall_all": [int(game.wall == "all")],
        "max_turns": [game.max_turns],
        "rules": [_rules_index(mod, game)],
        "counts": list(game.counts),
        "scales": [int(getattr(tensor, name)) for name in mod.SCALES],
        "offsets": [*(off[name] for name in mod.TENSOR_SLICES), size],
    }
    values: list[int] = []
    for name, length in mod.PARAM_FIELDS:
        if len(fields[name]) != length:
            raise ValueError(f"params: {name} has {len(fields[name])} values, not {length}")
        values += fields[name]
    return array("q", values).tobytes()


def _setup(mod: ModuleType) -> None:
    """Check the C side's constants against the Python modules and hand the card tables over
    (``rules.slot_card`` per dock slot, ``cards.is_neutral_chain`` per kind)."""
    from . import cards, rules, state, tensor
    from .game import TripwireGame

    want = {
        "NUM_KINDS": cards.NUM_KINDS,
        "VOLT": cards.VOLT,
        "NULL": cards.NULL,
        "SLOTS": rules.SLOTS,
        "NULL_ACTION": A.NULL_ACTION,
        "TAKE": A.TAKE,
        "DRAW": A.DRAW,
        "END": A.END,
        "NUM_ACTIONS": A.NUM_ACTIONS,
        "HAND_SIZE": state.HAND_SIZE,
        "NUMBER": rules.NUMBER,
        "STASIS_PLAY": rules.STASIS_PLAY,
        "DEFUSE": rules.DEFUSE,
        "TRIPWIRE": rules.TRIPWIRE,
        "MAX_PLAYERS": TripwireGame.max_players,
    }
    for name, value in want.items():
        if getattr(mod, name, None) != value:
            raise ImportError(f"its {name} is not {value}")
    largest = cards.NUM_KINDS - len(cards.MULTI) + len(cards.MULTI) * cards.MAX_COPIES
    if largest > mod.MAX_CARDS:
        raise ImportError("its MAX_CARDS is below the largest deck")
    missing = set(mod.TENSOR_SLICES) ^ {s.name for s in tensor.layout.slices(2)}
    if missing:
        raise ImportError(f"its tensor slices differ: {sorted(missing)}")
    mod.init(
        bytes(rules.slot_card(j) for j in range(rules.SLOTS)),
        bytes(int(cards.is_neutral_chain(k)) for k in range(cards.NUM_KINDS)),
    )


#: The compiled module, ``FS_VERSION`` 3 of ``_fast.c``.
PATH = FastPath(
    "ninetynine.games.tripwire._fast",
    version=VERSION,
    title="Tripwire",
    params=_params,
    setup=_setup,
)

if not TYPE_CHECKING:
    _Base = PATH.base


class TripwireFastState(_Base, FastStateMixin):
    """A Tripwire position with the RL step in C (see the module docstring). Build one with
    ``game.new_fast_state(seed)``."""

    path = PATH
    _actions_module: ClassVar[ModuleType | None] = A
    reference_class = TripwireState
    game: TripwireGame


#: ``game.new_fast_state(seed)`` (:meth:`~ninetynine.core.fastpath.FastStateMixin.deal`)
new_fast_state = TripwireFastState.deal


__all__ = ["TripwireFastState", "new_fast_state"]
