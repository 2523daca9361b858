"""Helpers shared by the interactive commands (``play``, ``replay``, ``rules``, ``games``).

Everything here is game-agnostic: it knows the core protocol and nothing about a particular
game.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import IO, Any, TextIO, cast

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ninetynine.core.errors import GameOptionError, NinetyNineError
from ninetynine.core.game import Game, State
from ninetynine.core.records import GameRecord
from ninetynine.core.registry import game_class

#: The seat spec that means "a person at this terminal" rather than an agent.
HUMAN = "human"


#: The longest pause a command takes (``play --delay``, ``replay --auto``): an hour.
MAX_PAUSE = 3600.0


def check_pause(seconds: float, flag: str) -> None:
    """``seconds`` as a pause ``flag`` may ask for: a number from 0 to :data:`MAX_PAUSE`.

    :raises GameOptionError: below 0, above the hour, or NaN (``time.sleep`` raised an
        ``OverflowError`` for ``inf`` or ``1e300``, a traceback after the game began)."""
    if not 0 <= seconds <= MAX_PAUSE:
        raise GameOptionError(f"{flag} must be from 0 to {MAX_PAUSE:g} seconds, got {seconds}")


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
        Console(stderr=True, highlight=False).print(
            f"[bold red]error:[/] {escape(str(e))}", soft_wrap=True
        )
        raise typer.Exit(2) from None


def discard_typeahead(stream: IO[str] | None = None) -> bool:
    """Drop the keys typed into a terminal but not read yet (termios ``tcflush``), so a digit
    or an Enter typed while the bots moved (or while an only move was played for you) never
    answers a question nobody saw. A no-op for anything that is not a terminal (a pipe, a
    file, a test's input): scripted input is never lost.

    :param stream: the input stream (default ``sys.stdin``).
    :returns: whether pending input was discarded (``False``: not a terminal, not POSIX).
    """
    stream = sys.stdin if stream is None else stream
    try:
        if stream is None or not stream.isatty():
            return False
        import termios

        termios.tcflush(stream, termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # not POSIX, not a real terminal, closed
        return False
    return True


def terminal_read_line(console: Console, stream: IO[str] | None = None) -> Callable[[str], str]:
    """A ``read_line`` for people at a terminal: every question is a new decision, so the
    type-ahead is dropped first (:func:`discard_typeahead`), then the prompt is shown with
    ``console.input`` (reading ``stream``, default standard input).

    :raises EOFError: (from ``read_line``) at the end of the input."""

    def read_line(prompt: str) -> str:
        discard_typeahead(stream)
        if stream is None:
            return console.input(prompt)  # input(): line editing on a terminal
        line = console.input(prompt, stream=cast(TextIO, stream))  # any text stream reads
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    return read_line


def parse_option_pairs(pairs: Sequence[str] | None) -> dict[str, str]:
    """``-o`` values: ``["target=50", "bonus-rule=false"]`` -> ``{"target": "50",
    "bonus_rule": "false"}`` (keys with ``-`` as ``_``; values are validated by the game).

    :raises GameOptionError: an item without ``=`` or with an empty key.
    """
    out: dict[str, str] = {}
    for item in pairs or []:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise GameOptionError(f"option {item!r} is not key=value (e.g. -o target=50)")
        out[key] = value.strip()
    return out


#: ``--variant`` name -> value of the game's ``rules`` option.
VARIANTS = {"standard": "standard", "random-rule-start": "random", "random": "random"}


def apply_variant(game_id: str, variant: str | None, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with ``--variant`` applied as the game's ``rules`` option.

    :raises GameOptionError: an unknown variant, a game without a ``rules`` option, or both
        ``--variant`` and ``-o rules=...``.
    """
    if variant is None:
        return options
    v = variant.strip().lower()
    if v not in VARIANTS:
        raise GameOptionError(f"unknown variant {variant!r}: choose standard or random-rule-start")
    if "rules" not in game_class(game_id).option_specs:
        raise GameOptionError(
            f"{game_id} has no variants (--variant sets the rules option, which {game_id} "
            "does not have); see `ninetynine rules " + game_id + "`"
        )
    if "rules" in options:
        raise GameOptionError("give either --variant or -o rules=..., not both")
    return {**options, "rules": VARIANTS[v]}


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


def default_record_name(game_id: str, seed: int, now: float | None = None) -> str:
    """``<game>-<seed>-<YYYYmmdd-HHMMSS>.txt`` (local time of ``now``, default: now)."""
    stamp = datetime.fromtimestamp(time.time() if now is None else now).strftime("%Y%m%d-%H%M%S")
    return f"{game_id}-{seed}-{stamp}.txt"


def default_record_path(game_id: str, seed: int, now: float | None = None) -> Path:
    """``<data dir>/records/<game>-<seed>-<YYYYmmdd-HHMMSS>.txt``."""
    return default_record_dir() / default_record_name(game_id, seed, now)


def record_path(
    record: str | Path | None, game_id: str, seed: int, now: float | None = None
) -> Path:
    """Where ``--record`` asks the record of a game to go.

    ``None``: :func:`default_record_path`. A directory (one that exists, or any path written
    with a trailing slash, ``/tmp/games/``): the default file name inside it. Anything else:
    that file (``~`` expanded). :func:`save_record` never overwrites: a taken name gets a
    suffix.
    """
    if record is None:
        return default_record_path(game_id, seed, now)
    text = os.fspath(record)
    path = Path(text).expanduser()
    if text.endswith(("/", os.sep)) or path.is_dir():
        return path / default_record_name(game_id, seed, now)
    return path


def write_new_file(path: Path, text: str) -> Path:
    """Write ``text`` to ``path``, or to ``<stem>-2<ext>``, ``<stem>-3<ext>``, ..., the first
    name not taken (exclusive create: an existing file is never overwritten, and two processes
    cannot both take one name); parent directories are created. Returns the path written.

    :raises OSError: the file cannot be written (``IsADirectoryError`` for a directory).
    """
    path = Path(path).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    for k in range(1, 10_000):
        candidate = path if k == 1 else path.with_name(f"{path.stem}-{k}{path.suffix}")
        try:
            with candidate.open("x", encoding="utf-8") as f:
                f.write(text)
        except FileExistsError:
            continue
        return candidate
    raise FileExistsError(f"no free name for a file next to {path}")


def save_record(state: State, seats: Sequence[str], path: Path) -> Path:
    """Write ``state``'s game record to ``path`` and return the path written: a new file
    (:func:`write_new_file`), since two games started in the same second with the same seed
    get the same default name.

    :raises OSError: the file cannot be written.
    """
    return write_new_file(path, GameRecord.from_state(state, seats=list(seats)).to_text())


def program_command() -> list[str]:
    """The command that runs this very program again, as a person can type it in any
    directory: ``ninetynine`` when that name on the ``PATH`` is this program; else the
    script's absolute path (a virtual environment's ``.venv/bin/ninetynine`` that is not on
    the ``PATH``); else this interpreter with ``-m ninetynine`` (``python -m ninetynine``,
    tests).
    """
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else ""
    script = Path(argv0).resolve() if argv0 else None
    if script is not None and script.is_file() and script.name.startswith("ninetynine"):
        on_path = shutil.which("ninetynine")
        if on_path is not None and Path(on_path).resolve() == script:
            return ["ninetynine"]
        return [str(script)]
    return [sys.executable or "python3", "-m", "ninetynine"]


def replay_command(path: Path) -> str:
    """The shell command that replays the record at ``path``, quoted (``shlex``) so that it
    works when copied as printed: ``/x/.venv/bin/python -m ninetynine replay '/a b/r.txt'``."""
    return shlex.join([*program_command(), "replay", str(Path(path).resolve())])


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


def results_table(title: str) -> Table:
    """An empty table of results (``simulate``, ``ladder``): its bold title on the left, a
    rule under the header, no frame."""
    return Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD)
