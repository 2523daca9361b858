"""Helpers shared by the interactive commands (``play``, ``replay``, ``rules``, ``games``).

Everything here is game-agnostic: it knows the core protocol and nothing about a particular
game.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from ninetynine.core.errors import GameOptionError, NinetyNineError
from ninetynine.core.game import Game, State
from ninetynine.core.records import GameRecord

#: The seat spec that means "a person at this terminal" rather than an agent.
HUMAN = "human"


def make_console() -> Console:
    """The standard-output console the commands print to (no automatic highlighting: numbers
    and notation keep the colours the game gives them)."""
    return Console(highlight=False)


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Turn a library error (``NinetyNineError``, a ``ValueError``) into one red line on
    standard error and exit code 2, like :func:`ninetynine.cli.main.main` does, but inside the
    command so that ``typer.testing.CliRunner`` sees the same exit code as a shell."""
    try:
        yield
    except NinetyNineError as e:
        Console(stderr=True, highlight=False).print(f"[bold red]error:[/] {escape(str(e))}")
        raise typer.Exit(2) from None


def terminal_read_line(console: Console) -> Callable[[str], str]:
    """A ``read_line`` for people at a terminal: drops keys typed while the bots were moving
    (so a stray Enter or digit never becomes a move nobody saw), then prompts with
    ``console.input``."""

    def read_line(prompt: str) -> str:
        if sys.stdin.isatty():
            try:
                import termios

                termios.tcflush(sys.stdin, termios.TCIFLUSH)
            except (ImportError, OSError):  # not POSIX, or not a real terminal
                pass
        return console.input(prompt)

    return read_line


def parse_option_pairs(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["bonus_rule=true", "target=50"]`` -> ``{"bonus_rule": "true", "target": "50"}``.

    Values stay strings (each option's parser reads strings); dashes in names become
    underscores. :raises GameOptionError: an item without ``=``.
    """
    out: dict[str, str] = {}
    for item in pairs or []:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise GameOptionError(f"-o expects key=value, got {item!r}")
        out[key] = value.strip()
    return out


def parse_name_list(text: str, what: str = "agent") -> list[str]:
    """``"greedy, random"`` -> ``["greedy", "random"]`` (stripped, lower-cased).

    :raises GameOptionError: an empty name (``"greedy,,"``, ``",random"``, ``""``): a stray
        comma is a typo, not a request for a default.

    >>> parse_name_list("Greedy, random")
    ['greedy', 'random']
    """
    names = [s.strip().lower() for s in text.split(",")]
    if not text.strip() or any(not n for n in names):
        raise GameOptionError(
            f"empty {what} name in {text!r}: give names separated by single commas "
            "(e.g. greedy,random)"
        )
    return names


def seat_label(seat: int, spec: str, humans: int) -> str:
    """How a seat is named on the board and in move lines: ``Seat 1 (greedy)``; a lone human
    is ``Seat 0 (you)``."""
    who = "you" if spec == HUMAN and humans == 1 else spec
    return f"Seat {seat} ({who})"


def default_record_dir() -> Path:
    """``platformdirs.user_data_dir("ninetynine")/records``."""
    import platformdirs

    return Path(platformdirs.user_data_dir("ninetynine")) / "records"


def default_record_path(game_id: str, seed: int, now: float | None = None) -> Path:
    """``<data dir>/records/<game>-<seed>-<YYYYmmdd-HHMMSS>.txt``."""
    stamp = datetime.fromtimestamp(time.time() if now is None else now).strftime("%Y%m%d-%H%M%S")
    return default_record_dir() / f"{game_id}-{seed}-{stamp}.txt"


def save_record(state: State, seats: Sequence[str], path: Path) -> Path:
    """Write ``state``'s game record to ``path`` (parent directories created).

    :raises OSError: the file cannot be written.
    """
    record = GameRecord.from_state(state, seats=list(seats))
    path = Path(path).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(record.to_text(), encoding="utf-8")
    return path


def notation_help(game: Game) -> str:
    """The part of ``game.rules_summary()`` that explains the moves (the first section whose
    heading mentions actions, moves or notation), as Markdown; the whole summary if there is
    no such section."""
    summary = game.rules_summary()
    lines = summary.splitlines()
    start = level = None
    for i, line in enumerate(lines):
        m = re.match(r"^(#+)\s+(.*)$", line)
        if not m:
            continue
        if start is not None and len(m.group(1)) <= level:  # type: ignore[operator]
            return "\n".join(lines[start:i]).strip()
        if start is None and re.search(r"\b(actions?|moves?|notation)\b", m.group(2), re.I):
            start, level = i, len(m.group(1))
    if start is not None:
        return "\n".join(lines[start:]).strip()
    return summary


def format_number(x: Any) -> str:
    """``12.0`` -> ``12``; other numbers as they are."""
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)
