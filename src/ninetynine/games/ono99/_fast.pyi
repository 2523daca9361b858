"""Type stubs of the compiled single-game fast state (``_fast.c``); see ``ono99/fast.py``."""

from typing import Any

from ninetynine.core.fastpath import CompiledFastState

VERSION: int
NUM_ACTIONS: int
KINDS: int
MINUS10: int
REVERSE: int
PLAY2: int
ONO: int
EXCHANGE: int
MAX_COPIES: int
HAND_SIZE: int
LIMIT: int
MAX_PLAYERS: int
NUM_SLICES: int
NUM_SCALES: int
PARAMS_SIZE: int

def init(next: bytes, playable: bytes, scales: bytes) -> None: ...
def numpy(empty: Any, float32: Any, int8: Any) -> None: ...

class FastState(CompiledFastState):
    """The protocol of ``core/csrc/faststate.h``, nothing more."""
