"""Type stubs of the compiled single-game fast state (``_fast.c``); see ``warp99/fast.py``."""

from typing import Any

from ninetynine.core.fastpath import CompiledFastState

GAME_SIZE: int
PARAMS_SIZE: int
VERSION: int
NUM_ACTIONS: int

def init(match: bytes, potential: bytes, tie: bytes) -> None: ...
def numpy(empty: Any, float32: Any, int8: Any) -> None: ...

class FastState(CompiledFastState):
    def _fields(self) -> dict[str, Any]: ...
