"""Builds the optional C cores (everything else is in pyproject.toml).

- Warp 99 / Ninety Nine: ``_core``, the batched engine, and ``_fast``, the single-game fast
  state (it includes ``_core.c``: one engine, two modules).
- Every other game with a C core: ``games/<game>/_fast.c``, its single-game fast state, found
  by that name (a new game's core needs no line here).

Each ``_fast.c`` builds its Python object from ``core/csrc/faststate.h`` and deals with
``core/csrc/splitmix64.h``. ``optional=True``: without a working C compiler the install still
succeeds, and each game falls back to its reference engine, saying why."""

import glob
import os
import sys

from setuptools import Extension, setup

unix = sys.platform != "win32"
# -ffp-contract=off: the greedy agent's row values must round exactly as Python's
compile_args = ["-O2", "-ffp-contract=off"] if unix else []
link_args = ["-pthread"] if unix else []
csrc = "src/ninetynine/core/csrc"
headers = sorted(glob.glob(f"{csrc}/*.h"))
core_c = "src/ninetynine/games/warp99/batched/_core.c"


def extension(module: str, source: str, depends: list[str]) -> Extension:
    return Extension(
        module,
        [source],
        depends=depends + headers,
        include_dirs=[csrc],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        optional=True,
    )


games = [
    extension(
        "ninetynine.games." + os.path.basename(os.path.dirname(path)) + "._fast", path, []
    )
    for path in sorted(glob.glob("src/ninetynine/games/*/_fast.c"))
]
setup(
    ext_modules=[
        extension("ninetynine.games.warp99.batched._core", core_c, []),
        extension(
            "ninetynine.games.warp99.batched._fast",
            "src/ninetynine/games/warp99/batched/_fast.c",
            [core_c],
        ),
        *games,
    ]
)
