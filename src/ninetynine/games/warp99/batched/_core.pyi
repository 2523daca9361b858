"""Type stubs of the compiled core (``_core.c``); see ``batched/__init__.py``."""

from typing import Any

GAME_SIZE: int
PARAMS_SIZE: int
RESULT_SIZE: int
VERSION: int
#: The value model's inputs per seat (``features`` writes this many doubles a seat).
VALUE_FEATURES: int

def init(match: bytes, potential: bytes, tie: bytes) -> None: ...
def deal(params: Any, games: Any, indices: Any, seeds: Any, threads: int) -> None: ...
def vreset(
    params: Any, games: Any, indices: Any, seeds: Any, threads: int, game_seeds: Any = None
) -> None: ...
def game_seeds(params: Any, games: Any, out: Any) -> None: ...
def step(
    params: Any,
    games: Any,
    actions: Any,
    obs: Any,
    mask: Any,
    rewards: Any,
    terminals: Any,
    current: Any,
    threads: int,
) -> int: ...
def vstep(
    params: Any,
    games: Any,
    actions: Any,
    obs: Any,
    mask: Any,
    rewards: Any,
    terminated: Any,
    truncated: Any,
    illegal: Any,
    seats: Any,
    threads: int,
    obs_copy: Any = None,
    mask_copy: Any = None,
) -> None: ...
def observe(
    params: Any, games: Any, seats: Any, obs: Any, mask: Any, threads: int, foreign: bool = False
) -> None: ...
def sample(params: Any, games: Any, rng_states: Any, out: Any, threads: int) -> None: ...
def greedy(params: Any, games: Any, out: Any, threads: int) -> None: ...
def features(params: Any, games: Any, out: Any, threads: int) -> None: ...
def info(params: Any, games: Any, i: int) -> dict[str, Any]: ...
def random_results(params: Any, seeds: Any, agent_seeds: Any, out: Any) -> None: ...
def rollout(
    params: Any,
    packed: Any,
    policy: int,
    rng: int,
    depth: int,
    weights: bytes,
    first: int = -1,
    hidden: int = 0,
) -> tuple[list[float], int, int]: ...
