"""Checks on the files a command will write, made before it plays a single game.

A run of many games that ends in ``error: [Errno 2]`` when it writes its results has lost
them; the commands call these first (``simulate --json``, ``ladder --json/--plot``,
``play --record``), so that a bad path is one red line at once.
"""

from __future__ import annotations

import os
from pathlib import Path

from ninetynine.core.errors import GameOptionError


def check_output_file(path: Path, option: str) -> None:
    """Make sure ``path`` can be written later: its directory is created, and a file there
    can be created (a probe file, removed at once; an existing file is opened for appending
    and left as it was).

    :param option: the option that named the path (``--json``), for the message.
    :raises GameOptionError: ``path`` is a directory, or cannot be created or written.
    """
    if path.is_dir():
        raise GameOptionError(f"{option} {path} is a directory, not a file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("a", encoding="utf-8"):
                pass
        else:
            with path.open("x", encoding="utf-8"):
                pass
            path.unlink()
    except OSError as e:
        raise GameOptionError(f"{option} {path}: cannot write there ({e.strerror or e})") from None


def check_output_dir(directory: Path, option: str) -> None:
    """Make sure a file can be created in ``directory`` (created if missing).

    :param option: what named the directory (``--record``), for the message.
    :raises GameOptionError: it is a file, or nothing can be created in it.
    """
    if directory.exists() and not directory.is_dir():
        raise GameOptionError(f"{option} {directory} is a file, not a directory")
    probe = directory / f".ninetynine-write-test-{os.getpid()}"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with probe.open("x", encoding="utf-8"):
            pass
        probe.unlink()
    except OSError as e:
        raise GameOptionError(
            f"{option}: cannot create a file in {directory} ({e.strerror or e})"
        ) from None


def check_plot_format(path: Path, option: str = "--plot") -> None:
    """The plot's file name ends with a format Matplotlib writes (``.png``, ``.svg``,
    ``.pdf``, ...; no suffix means PNG).

    :raises GameOptionError: an unknown suffix, with the formats there are.
    """
    suffix = path.suffix.lstrip(".").lower()
    if not suffix:
        return
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()
    if suffix not in formats:
        raise GameOptionError(
            f"{option} {path}: Matplotlib cannot write .{suffix} files; give one of "
            + ", ".join(f".{f}" for f in sorted(formats))
        )
