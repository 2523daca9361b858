"""Builds the optional C cores of Warp 99 (everything else is in pyproject.toml):
``_core``, the batched engine, and ``_fast``, the single-game fast state (it includes
``_core.c``: one engine, two modules). ``optional=True``: without a working C compiler the
install still succeeds, and the game falls back to the reference engine, saying why."""

import sys

from setuptools import Extension, setup

unix = sys.platform != "win32"
# -ffp-contract=off: the greedy agent's row values must round exactly as Python's
compile_args = ["-O2", "-ffp-contract=off"] if unix else []
link_args = ["-pthread"] if unix else []
core_c = "src/ninetynine/games/warp99/batched/_core.c"
setup(
    ext_modules=[
        Extension(
            "ninetynine.games.warp99.batched._core",
            [core_c],
            extra_compile_args=compile_args,
            extra_link_args=link_args,
            optional=True,
        ),
        Extension(
            "ninetynine.games.warp99.batched._fast",
            ["src/ninetynine/games/warp99/batched/_fast.c"],
            depends=[core_c],
            extra_compile_args=compile_args,
            extra_link_args=link_args,
            optional=True,
        ),
    ]
)
