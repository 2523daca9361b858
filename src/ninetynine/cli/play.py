"""``ninetynine play``: set up a game from the command line and run a :class:`PlaySession`.

Game-agnostic: the game comes from :func:`ninetynine.load_game`, the bots from
:func:`ninetynine.agents.make_agent`; the only game-shaped thing here is ``--variant``, which
sets the ``rules`` option of games that have one (Warp 99's Random Rule Start).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import typer
from rich.console import Console

from ninetynine.core.errors import GameOptionError
from ninetynine.core.game import Game
from ninetynine.core.registry import did_you_mean, game_class, list_agents, load_game

from .common import (
    HUMAN,
    apply_variant,
    check_pause,
    friendly_errors,
    make_console,
    parse_name_list,
    parse_option_pairs,
    record_path,
)
from .outputs import check_output_dir
from .session import PlayResult, PlaySession, ReadLine


def seat_specs(seats: Sequence[str] | None, num_players: int) -> list[str]:
    """One spec per seat: the ``--seat`` values (comma lists allowed) in order, the rest
    ``greedy``; with no ``--seat`` at all, a person in seat 0.

    :raises GameOptionError: more specs than seats, an empty spec (``human,,greedy``).
    """
    given = [s for item in seats or [] for s in parse_name_list(item, "seat")]
    if not given:
        given = [HUMAN]
    if len(given) > num_players:
        raise GameOptionError(f"{len(given)} --seat values for {num_players} players")
    return given + ["greedy"] * (num_players - len(given))


@dataclass(frozen=True)
class PlayCommand:
    """What ``ninetynine play`` takes from the command line: the game id, ``--players``
    (``None``: from the ``--seat`` values, else the game's default), the ``--seat`` values,
    ``--variant``, the ``--option`` key=value pairs, ``--seed`` (``None``: a fresh one),
    ``--record`` (a file or a directory; ``None``: the data directory) and ``--delay``
    (seconds after each bot move)."""

    game_id: str
    players: int | None = None
    seats: Sequence[str] | None = None
    variant: str | None = None
    option_pairs: Sequence[str] | None = None
    seed: int | None = None
    record: str | Path | None = None
    delay: float = 0.0


def build_game(command: PlayCommand) -> tuple[Game, list[str]]:
    """The game and the seat specs a ``play`` command line asks for.

    Without ``--players``, several ``--seat`` values set the number of seats (at least the
    game's minimum); otherwise the game's default applies.

    :raises GameOptionError: unknown game, bad option, bad player count, too many seats.
    """
    game_id, players, seats = command.game_id, command.players, command.seats
    options = apply_variant(game_id, command.variant, parse_option_pairs(command.option_pairs))
    n_given = len([s for item in seats or [] for s in parse_name_list(item, "seat")])
    if players is None and n_given:
        cls = game_class(game_id)
        players = max(n_given, cls.min_players) if n_given > 1 else None
    game = load_game(game_id, num_players=players, **options)
    specs = seat_specs(seats, game.num_players)
    names = [HUMAN, *list_agents(game.game_id)]
    for spec in specs:
        name = spec.partition(":")[0]
        if name not in names:
            raise GameOptionError(
                f"no agent {name!r} for {game.game_id}; a seat takes human (a person at this "
                f"terminal) or an agent: {', '.join(names[1:])}{did_you_mean(name, names)}"
            )
    return game, specs


def run_play(
    command: PlayCommand, console: Console | None = None, read_line: ReadLine | None = None
) -> PlayResult:
    """Run ``ninetynine play``; bad arguments exit with code 2 and one red line.

    Exits with code 130 when interrupted (Ctrl-C); the record is saved in every case, as
    :func:`~ninetynine.cli.common.record_path` reads ``command.record`` (a directory: inside
    it), never over an existing file.
    """
    record, delay = command.record, command.delay
    with friendly_errors():
        game, specs = build_game(command)
        check_pause(delay, "--delay")
        state = game.new_initial_state(seed=command.seed)
        path = record_path(record, game.game_id, state.seed)
        check_output_dir(path.parent, "--record" if record is not None else "the records folder")
        session = PlaySession(
            game,
            state,
            specs,
            console or make_console(),
            record_path=path,
            read_line=read_line,
            delay=delay,
        )
    with _stop_signals_interrupt() as received:
        result = session.run()
    if received:  # SIGHUP (terminal closed) or SIGTERM: saved like Ctrl-C, then 128 + signal
        raise typer.Exit(128 + received[0])
    if result.reason == "interrupted":
        raise typer.Exit(130)
    return result


@contextmanager
def _stop_signals_interrupt() -> Iterator[list[int]]:
    """While the block runs, SIGHUP (the terminal was closed) and SIGTERM stop the game as
    Ctrl-C does, so that the session saves the record; yields the signals received. Only in
    the main thread (where Python runs signal handlers); elsewhere, nothing changes."""
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def stop(signum: int, frame: object) -> None:
        received.append(signum)
        if signum == getattr(signal, "SIGHUP", None):  # no terminal to print to any more:
            sys.stdout = sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
        raise KeyboardInterrupt

    wanted = [getattr(signal, n) for n in ("SIGHUP", "SIGTERM") if hasattr(signal, n)]
    old = {s: signal.signal(s, stop) for s in wanted}
    try:
        yield received
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
