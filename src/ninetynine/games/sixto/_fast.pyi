"""Type stubs of the compiled single-game fast state (``_fast.c``); see ``sixto/fast.py``."""

from typing import Any

from ninetynine.core.fastpath import CompiledFastState

GAME_SIZE: int
PARAMS_SIZE: int
VERSION: int
NUM_ACTIONS: int

def init(numbers12: bytes, numbers6: bytes, hits: bytes, locks: bytes) -> None: ...
def numpy(empty: Any, float32: Any, int8: Any) -> None: ...

class FastState(CompiledFastState):
    def simultaneous_players(self) -> list[int]: ...
    def legal_for(self, seat: int) -> list[int]: ...
