"""``ninetynine replay FILE``: step through a game record.

Step ``k`` is the position after ``k`` moves (step 0: the deal). Interactively: Enter shows the
next move, ``b`` goes back, a number jumps to that move, ``q`` quits. ``--auto SECONDS`` steps on
a timer without asking; when standard input is not a terminal (and without ``--auto``) every
step is printed once. The board is the public view by default, or one seat's view with
``--seat``. Game-agnostic: only the record, the core protocol and ``render_observation``.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ninetynine.core.errors import GameOptionError, NinetyNineError
from ninetynine.core.game import Game
from ninetynine.core.records import GameRecord, read_move, read_record

from .common import check_pause, friendly_errors, make_console
from .session import SECRET_MOVE, ReadLine


@dataclass
class Step:
    """The position after ``index`` moves: the move that led here (``None`` for the deal), who
    made it, the observation to draw, and the events of that move."""

    index: int
    mover: int | None
    move: str | None
    observation: Mapping[str, Any]
    events: list[str]


@dataclass
class Replay:
    """A record turned into steps, ready to show."""

    record: GameRecord
    game: Game
    names: list[str]
    steps: list[Step]

    @property
    def num_moves(self) -> int:
        return len(self.steps) - 1


def load_replay(record: GameRecord, seat: int | None = None) -> Replay:
    """Replay ``record`` once and keep every position as ``seat`` saw it (``None``: public).

    :raises RecordError: a bad header or a move that cannot be replayed.
    :raises GameOptionError: ``seat`` is not a seat of this game.
    """
    state = record.initial_state()
    game = state.game
    n = game.num_players
    if seat is not None and not 0 <= seat < n:
        raise GameOptionError(f"--seat must be a seat of this {n}-player game: 0-{n - 1}")
    names = [f"Seat {i} ({record.headers.get(f'Seat{i}', '?')})" for i in range(n)]
    steps: list[Step] = []
    prev_public: Mapping[str, Any] | None = None
    prev_scores: list[float] = []
    mover: int | None = None
    last_move: str | None = None
    last_public = ""
    for st, move in record.replay():
        if last_move is not None and st.known_history(seat)[-1] is None:
            # a move this viewer had not seen when it was made: not named (as in play)
            last_move = last_public if last_public != last_move else SECRET_MOVE
        public = st.observation(None)
        scores = st.scores()
        events = (
            game.describe_events(prev_public, public, prev_scores, scores, mover, names)
            if prev_public is not None and mover is not None
            else []
        )
        view = public if seat is None else st.observation(seat)
        steps.append(Step(len(steps), mover, last_move, view, events))
        prev_public, prev_scores = public, scores
        mover, last_move = (st.current_player(), move) if move is not None else (None, None)
        if move is not None:
            try:
                last_public = st.public_action_string(read_move(st, move))
            except NinetyNineError:  # record.replay() reports the bad move next
                last_public = move
    return Replay(record, game, names, steps)


def _options_text(raw: str) -> str:
    """``{"a":true,"b":3}`` -> ``a=true, b=3`` (the raw text if it is not a JSON object)."""
    try:
        options = json.loads(raw)
    except ValueError:
        return raw
    if not isinstance(options, dict):
        return raw
    parts = [f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in options.items()]
    return ", ".join(parts) or "-"


def header_table(replay: Replay) -> Table:
    """Game, seats, result, scores, seed and options from the record's header."""
    h = replay.record.headers
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold")
    table.add_column(overflow="fold")
    table.add_row("Game", escape(f"{replay.game.title or h.get('Game', '?')}"))
    table.add_row("Seats", escape(", ".join(replay.names)))
    result = h.get("Result", "?")
    final = replay.record.final_state()
    if result not in ("?", "*") and not final.is_terminal():
        # a file cut short (or edited): its moves do not reach the result it claims
        result += f" (the moves stop before the game's end, after {replay.num_moves} moves)"
    table.add_row("Result", escape(result))
    if "Scores" in h:
        table.add_row("Scores", escape(h["Scores"]))
    table.add_row("Seed", escape(h.get("Seed", "?")))
    table.add_row("Options", escape(_options_text(h.get("Options", "{}"))))
    table.add_row("Moves", str(replay.num_moves))
    return table


class ReplayViewer:
    """Shows the steps of a :class:`Replay` on ``console``; input from ``read_line``."""

    def __init__(
        self,
        replay: Replay,
        console: Console,
        read_line: ReadLine | None = None,
        sleep: Callable[[float], Any] = time.sleep,
    ) -> None:
        self.replay = replay
        self.console = console
        self.read_line: ReadLine = read_line or (lambda prompt: console.input(prompt))
        self.sleep = sleep

    def show_header(self) -> None:
        self.console.print(header_table(self.replay))

    def show(self, k: int) -> None:
        """Draw step ``k``: the move line, its events, then the board."""
        r = self.replay
        step = r.steps[k]
        self.console.rule(style="dim")
        if step.move is None or step.mover is None:
            self.console.print(f"[bold]Start[/] (0/{r.num_moves})")
        else:
            who = escape(r.names[step.mover])
            self.console.print(
                f"[bold]Move {k}/{r.num_moves}[/]  {who}: [bold]{escape(step.move)}[/]"
            )
        for line in step.events:
            self.console.print(f"  [yellow]* {escape(line)}[/]")
        names = [escape(n) for n in r.names]
        self.console.print(r.game.render_observation(step.observation, markup=True, names=names))

    def show_all(self, delay: float = 0.0) -> None:
        """Every step in order, pausing ``delay`` seconds between them."""
        self.show_header()
        for k in range(len(self.replay.steps)):
            if k and delay > 0:
                self.sleep(delay)
            self.show(k)

    def interactive(self) -> None:
        """Enter: next; ``b``: back; a number: jump to that move; ``q``: quit."""
        last = self.replay.num_moves
        k = 0
        self.show_header()
        self.show(k)
        prompt = "\n[dim]Enter next, b back, a number to jump, q quit[/] > "
        while True:
            try:
                word = self.read_line(prompt).strip().lower()
            except EOFError:
                self.console.print()
                return
            if word in ("q", "quit", "exit"):
                return
            if word in ("", "n", "next"):
                if k >= last:
                    self.console.print("[dim]That was the last move (b: back, q: quit).[/]")
                    continue
                k += 1
            elif word in ("b", "back", "p"):
                if k == 0:
                    self.console.print("[dim]This is the start.[/]")
                    continue
                k -= 1
            elif word.isdigit():
                k = min(int(word), last)
            else:
                self.console.print(
                    f"[red]'{escape(word)}' is not a command: Enter, b, q or a move number "
                    f"0-{last}[/]"
                )
                continue
            self.console.clear()
            self.show(k)


def run_replay(
    file: Path,
    seat: int | None,
    auto: float | None,
    console: Console | None = None,
    read_line: ReadLine | None = None,
    interactive: bool | None = None,
    sleep: Callable[[float], Any] = time.sleep,
) -> None:
    """Run ``ninetynine replay``: a malformed record exits with code 2 and one red line.

    ``interactive`` defaults to whether standard input is a terminal.
    """
    console = console or make_console()
    with friendly_errors():
        if auto is not None:
            check_pause(auto, "--auto")
        replay = load_replay(read_record(str(file)), seat)
    viewer = ReplayViewer(replay, console, read_line, sleep)
    if interactive is None:
        interactive = sys.stdin.isatty()
    try:
        if auto is not None:
            viewer.show_all(auto)
        elif interactive:
            viewer.interactive()
        else:
            viewer.show_all()
    except KeyboardInterrupt:
        console.print()


__all__: Sequence[str] = ["Replay", "ReplayViewer", "Step", "load_replay", "run_replay"]
