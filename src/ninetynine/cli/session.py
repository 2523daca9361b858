"""The interactive game loop behind ``ninetynine play``, testable without a terminal.

:class:`PlaySession` drives one game: bots move through :func:`ninetynine.agents.make_agent`
agents, people type moves. Input comes from a callable ``read_line(prompt) -> str`` (raising
``EOFError`` at the end of input) and output goes to a Rich :class:`~rich.console.Console`, so a
test can script a whole game with ``Console(file=io.StringIO())`` and a list of answers.

Only the core protocol and the game's presentation hooks are used (``render_observation``,
``hint``, ``rules_summary``): every registered game plays here unchanged. A person only ever
sees ``state.observation(their seat)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from ninetynine.agents import make_agent
from ninetynine.core.agent import Agent, choose_action
from ninetynine.core.errors import NinetyNineError, NotationError
from ninetynine.core.game import Game, State
from ninetynine.core.rng import derive_seed

from .common import (
    HUMAN,
    format_number,
    notation_help,
    replay_command,
    save_record,
    seat_label,
    terminal_read_line,
)

#: ``read_line(prompt)``: one line of input (without the newline); ``EOFError`` at the end.
ReadLine = Callable[[str], str]

#: How a secret move the game does not word itself is shown to the others (Sixto's marks).
SECRET_MOVE = "(chosen in secret)"

#: Longer lists of legal moves are not numbered on the board: type the move (``help`` lists them).
MAX_LISTED = 40

QUIT_WORDS = ("quit", "exit", "q")  # no game writes a move "q" (tests/cli/test_play_session.py)

COMMANDS_HELP = """\
## Commands
- **a number** from the numbered list of legal moves (shown when there are at most 40), or
  **the move's notation** (any case)
- `hint`: the game's advice for this position
- `board`: draw the board and the legal moves again
- `rules`: the rules summary
- `help`: this text
- `quit` (or `q`): stop now; the game so far is saved as a record (so is Ctrl-D)
"""


@dataclass
class PlayResult:
    """How a session ended: ``reason`` is ``finished``, ``quit``, ``eof`` or
    ``interrupted``; ``record_path`` is where the record was saved (``None`` if it could not
    be written)."""

    state: State
    reason: str
    record_path: Path | None


class PlaySession:
    """One game in the terminal.

    :param game: the loaded game; ``state`` its initial (or any) state.
    :param seats: one spec per seat: ``human`` or an agent spec (``greedy``, ``random``, ...).
    :param console: where everything is printed.
    :param read_line: where human input comes from (default ``console.input``).
    :param record_path: where the record is saved when the session ends.
    :param delay: seconds to pause after each bot move (through ``sleep``).
    :raises GameOptionError: a seat spec that is not ``human`` nor an agent of this game.
    """

    def __init__(
        self,
        game: Game,
        state: State,
        seats: Sequence[str],
        console: Console,
        record_path: Path,
        read_line: ReadLine | None = None,
        delay: float = 0.0,
        sleep: Callable[[float], Any] = time.sleep,
    ) -> None:
        if len(seats) != game.num_players:
            raise ValueError(f"{len(seats)} seat specs for {game.num_players} players")
        self.game = game
        self.state = state
        self.seats = [s.strip().lower() for s in seats]
        self.console = console
        self.read_line: ReadLine = read_line or terminal_read_line(console)
        self.record_path = record_path
        self.delay = delay
        self.sleep = sleep
        self.humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        self.names = [seat_label(i, s, len(self.humans)) for i, s in enumerate(self.seats)]
        self.agents: dict[int, Agent] = {
            i: make_agent(s, game, i, derive_seed(state.seed, i))
            for i, s in enumerate(self.seats)
            if s != HUMAN
        }
        self._last_human: int | None = None

    # ------------------------------------------------------------------ the loop
    def run(self) -> PlayResult:
        """Play until the game ends or a person quits; save the record; return the outcome."""
        self._intro()
        reason = "finished"
        try:
            while not self.state.is_terminal():
                p = self.state.current_player()
                if p in self.agents:
                    self._bot_move(p)
                else:
                    stop = self._human_decision(p)
                    if stop:
                        reason = stop
                        break
        except KeyboardInterrupt:
            self.console.print()
            reason = "interrupted"
        if reason == "finished":
            self._show_result()
        else:
            if reason == "eof":
                self.console.print()
            why = {"eof": "End of input", "quit": "Quit", "interrupted": "Interrupted"}[reason]
            self.console.print(f"[yellow]{why}: the game stops here, unfinished.[/]")
        return PlayResult(self.state, reason, self._save())

    def _intro(self) -> None:
        g = self.game
        title = escape(g.title or g.game_id)
        self.console.print(f"[bold]{title}[/]")
        who = ", ".join(escape(n) for n in self.names)
        # The seed is not shown: with the library it rebuilds every hand and deck order. It is
        # in the record saved at the end.
        self.console.print(f"{g.num_players} players: {who}.")
        if self.humans:
            self.console.print(
                "[dim]Type a move's number or its notation; hint, help, rules, board, quit.[/]"
            )

    def _apply(self, p: int, action: int, forced: bool = False) -> None:
        """Apply ``action`` for seat ``p``; print the move line (``forced``: noted as the only
        move) and any events.

        :raises IllegalActionError: (from the engine) the state is unchanged.
        """
        before = self.state.observation(None)
        scores_before = self.state.scores()
        own = p in self.humans and len(self.humans) == 1
        full = self.state.action_to_string(action)
        text = full if own else self.state.public_action_string(action)
        self.state.apply_action(action)
        note = "[dim]only move:[/] " if forced else ""
        if not own and text == full and self.state.known_history(None)[-1] is None:
            # A move made in secret that the game does not word for the others (Sixto's marks
            # for a roll), by a bot or by a person at a shared terminal: shown when revealed.
            self.console.print(f"{escape(self.names[p])}: [dim]{SECRET_MOVE}[/]")
        else:
            self.console.print(f"{escape(self.names[p])}: {note}[bold]{escape(text)}[/]")
        for line in self.state.game.describe_events(
            before,
            self.state.observation(None),
            scores_before,
            self.state.scores(),
            p,
            self.names,
        ):
            self.console.print(f"  [yellow]* {escape(line)}[/]")

    def _bot_move(self, p: int) -> None:
        action = choose_action(self.agents[p], self.state, p)  # search bots get a SearchView
        self._apply(p, action)
        if self.delay > 0:
            self.sleep(self.delay)

    # ------------------------------------------------------------------ people
    def _human_decision(self, p: int) -> str | None:
        """One decision of the person in seat ``p``; returns a stop reason or ``None``."""
        if len(self.humans) > 1 and p != self._last_human:
            stop = self._hand_over(p)
            if stop:
                return stop
        self._last_human = p
        legal = self.state.legal_actions()
        if len(legal) == 1:
            self._apply(p, legal[0], forced=True)
            self._after_human_move(p)
            return None
        self._draw(p, legal)
        prompt = (
            "[bold cyan]Your move[/] > "
            if len(self.humans) == 1
            else f"[bold cyan]{escape(self.names[p])}, your move[/] > "
        )
        while True:
            try:
                line = self.read_line(prompt)
            except EOFError:
                return "eof"
            text = line.strip()
            word = text.lower()
            if not word:
                self.console.print(
                    f"[dim]Type {'' if len(legal) > MAX_LISTED else f'1-{len(legal)} or '}"
                    "a move, or help.[/]",
                )
                continue
            if word in QUIT_WORDS:
                return "quit"
            if word == "hint":
                self._hint(p)
                continue
            if word == "help":
                self._help(legal)
                continue
            if word == "rules":
                self.console.print(Markdown(self.game.rules_summary()))
                self.console.print("[dim]Type board to see the board and your moves again.[/]")
                continue
            if word == "board":
                self._draw(p, legal)
                continue
            try:
                action = self._parse(text, legal)
                self._apply(p, action)
            except NotationError as e:
                self.console.print(f"[red]{escape(str(e))}[/] [dim](help; q or quit: stop)[/]")
                continue
            except NinetyNineError as e:
                self.console.print(f"[red]{escape(str(e))}[/]")
                continue
            self._after_human_move(p)
            return None

    def _parse(self, text: str, legal: list[int]) -> int:
        """A move number from the list, or the move in notation.

        :raises NotationError: neither.
        """
        if len(text) > 60:
            raise NotationError(f"{text[:40]!r}... is not a move: choose 1-{len(legal)}")
        if text.isascii() and text.isdigit() and len(legal) > MAX_LISTED:
            try:  # no numbered list is shown (see _draw): a number is only notation here
                return self.state.string_to_action(text)
            except NotationError:
                raise NotationError(
                    f"the {len(legal)} moves here are not numbered: type one in notation "
                    "(help lists them)"
                ) from None
        if text.isascii() and text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            hint = ""
            try:
                a = self.state.string_to_action(text)
                if a in legal:
                    notation = self.state.action_to_string(a)
                    hint = f" (for the move {text} in notation, type {notation})"
            except NinetyNineError:
                pass
            raise NotationError(f"there is no move {k}: choose 1-{len(legal)} or type a move{hint}")
        return self.state.string_to_action(text)

    def _after_human_move(self, p: int) -> None:
        """With several people at one terminal, hide a hand once its turn is over."""
        if len(self.humans) > 1 and self.state.current_player() != p:
            self.console.clear()
            if self.console.is_terminal:
                # Clear the scrollback too, or the next person can scroll up to this hand.
                self.console.file.write("\x1b[3J")
                self.console.file.flush()
            self.console.print(f"[dim]{escape(self.names[p])}'s turn is over.[/]")

    def _hand_over(self, p: int) -> str | None:
        """Between two people at one terminal: wait for Enter before showing ``p``'s hand;
        ``quit`` (or ``exit``) stops the game here, as at any prompt."""
        self.console.print(f"[bold]Next: {escape(self.names[p])}[/]")
        try:
            answer = self.read_line(
                f"Pass the keyboard to {escape(self.names[p])}, then press Enter (or type quit) > "
            )
        except EOFError:
            return "eof"
        if answer.strip().lower() in QUIT_WORDS:
            return "quit"
        return None

    def _draw(self, p: int, legal: list[int]) -> None:
        """The board as seat ``p`` sees it, then the numbered legal moves."""
        # With several people at the terminal, the rule names whose view follows.
        title = f"[bold]{escape(self.names[p])}[/]" if len(self.humans) > 1 else ""
        self.console.rule(title, style="dim")
        obs = self.state.observation(p)
        self.console.print(
            self.game.render_observation(obs, markup=True, names=[escape(n) for n in self.names])
        )
        self.console.print()
        if len(legal) > MAX_LISTED:
            self.console.print(
                f"[dim]{len(legal)} legal moves: type one in notation (help lists them all).[/]"
            )
            return
        items = [
            f"[bold]{k})[/] {escape(self.state.action_to_string(a))}"
            for k, a in enumerate(legal, 1)
        ]
        self.console.print(Columns(items, padding=(0, 3)))

    def _hint(self, p: int) -> None:
        hint = self.game.hint(self.state.observation(p))
        if hint:
            self.console.print(f"[green]hint:[/] {escape(hint)}")
        else:
            self.console.print("[dim]No hint for this game.[/]")

    def _help(self, legal: list[int]) -> None:
        self.console.print(Markdown(COMMANDS_HELP))
        self.console.print(Markdown(notation_help(self.game)))
        moves = "  ".join(
            f"{f'{k}) ' if len(legal) <= MAX_LISTED else ''}{self.state.action_to_string(a)}"
            for k, a in enumerate(legal, 1)
        )
        self.console.print(f"[bold]Your moves now:[/] {escape(moves)}")

    # ------------------------------------------------------------------ the end
    def _show_result(self) -> None:
        st = self.state
        view = self.humans[0] if len(self.humans) == 1 else None
        self.console.rule("[bold]Game over[/]")
        names = [escape(n) for n in self.names]
        self.console.print(
            self.game.render_observation(st.observation(view), markup=True, names=names)
        )
        self.console.print()
        w = st.winner()
        scores = st.scores()
        if w is None:
            self.console.print("[bold]The game is a draw.[/]")
        else:
            you = w in self.humans and len(self.humans) == 1
            line = "You win!" if you else f"{escape(self.names[w])} wins."
            self.console.print(f"[bold green]{line}[/]")
        table = Table(show_header=True, header_style="bold", box=None)
        table.add_column("Final scores")
        table.add_column("", justify="right")
        for i in sorted(range(len(scores)), key=lambda i: -scores[i]):
            table.add_row(escape(self.names[i]), format_number(scores[i]))
        self.console.print(table)

    def _save(self) -> Path | None:
        try:
            path = save_record(self.state, self.seats, self.record_path)
        except OSError as e:
            self.console.print(
                f"[red]Could not save the record to {escape(str(self.record_path))}: "
                f"{escape(str(e))}[/]",
                soft_wrap=True,
            )
            return None
        # Never wrapped (soft_wrap): a path or a command cut in two cannot be copied.
        self.console.print(f"Record saved: {escape(str(path))}", soft_wrap=True)
        self.console.print("Replay it with:", soft_wrap=True)
        self.console.print(f"  {escape(replay_command(path))}", soft_wrap=True)
        return path
