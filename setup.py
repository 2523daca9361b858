"""Builds the optional C core of the batched Warp 99 engine (everything else is in
pyproject.toml). ``optional=True``: without a working C compiler the install still succeeds,
and the batched engine falls back to the reference engine, saying why."""

import sys

from setuptools import Extension, setup

unix = sys.platform != "win32"
setup(
    ext_modules=[
        Extension(
            "ninetynine.games.warp99.batched._core",
            ["src/ninetynine/games/warp99/batched/_core.c"],
            # -ffp-contract=off: the greedy agent's row values must round exactly as Python's
            extra_compile_args=["-O2", "-ffp-contract=off"] if unix else [],
            extra_link_args=["-pthread"] if unix else [],
            optional=True,
        )
    ]
)
