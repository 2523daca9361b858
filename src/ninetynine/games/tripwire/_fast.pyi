"""Type stubs of the compiled single-game fast state (``_fast.c``); see ``tripwire/fast.py``."""

from typing import Any

from ninetynine.core.fastpath import CompiledFastState

VERSION: int
NUM_ACTIONS: int
NUM_KINDS: int
VOLT: int
NULL: int
SLOTS: int
NULL_ACTION: int
TAKE: int
DRAW: int
END: int
HAND_SIZE: int
NUMBER: int
STASIS_PLAY: int
DEFUSE: int
TRIPWIRE: int
MAX_PLAYERS: int
MAX_CARDS: int
PARAM_FIELDS: tuple[tuple[str, int], ...]
SCALES: tuple[str, ...]
TENSOR_SLICES: tuple[str, ...]

def init(slot_card: bytes, neutral: bytes) -> None: ...
def rollout(
    params: Any,
    position: Any,
    state_rng: int,
    rng: int,
    depth: int,
    first: int,
    weights: bytes,
    classes: bytes,
) -> tuple[list[float], int, int]: ...
def rules(outcome: bytes, valid: bytes) -> int: ...
def numpy(empty: Any, float32: Any, int8: Any) -> None: ...

class FastState(CompiledFastState):
    """The protocol of ``core/csrc/faststate.h``, nothing more."""
