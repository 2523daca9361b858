"""``ninetynine rules GAME`` and ``ninetynine games``: what a game is and what can play it."""

from __future__ import annotations

import json

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from ninetynine.core.registry import game_class, levels, list_agents, list_games, load_game

from .common import friendly_errors, make_console


def _default_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return str(value)
    return json.dumps(value)


def options_table(game_id: str) -> Table:
    """A table of the game's options: name, default, description."""
    table = Table(title=f"Options of {game_id} (set with -o name=value)", title_justify="left")
    table.add_column("Option", style="bold", no_wrap=True)
    table.add_column("Default", no_wrap=True)
    table.add_column("Description")
    for name, spec in game_class(game_id).option_specs.items():
        table.add_row(escape(name), escape(_default_text(spec.default)), escape(spec.doc))
    return table


def run_rules(game_id: str, console: Console | None = None) -> None:
    """Print the game's rules summary (Markdown) and its options table.

    Exits with code 2 and one red line for an unknown game.
    """
    console = console or make_console()
    with friendly_errors():
        game = load_game(game_id)
        cls = type(game)
        console.print(Markdown(game.rules_summary()))
        console.print()
        console.print(
            f"Players: {cls.min_players}-{cls.max_players} (default {cls.default_players}).  "
            f"Bots: {', '.join(list_agents(game_id))}."
        )
        named = levels(game_id)
        if named:
            console.print("Levels (heads-up, seats rotated; docs/reports/ladder.md):")
            for lv in named:
                console.print(f"  {escape(lv.describe())}", soft_wrap=True)
        if cls.source:
            console.print(
                f"Rulebook: {escape(cls.source)}; the readings of its unclear passages: "
                f"docs/rules/{escape(game_id)}.md.",
                soft_wrap=True,
            )
        if cls.option_specs:
            console.print(options_table(game_id))
        else:
            console.print(f"{game_id} has no options.")


def run_games(console: Console | None = None) -> None:
    """Print a table of the registered games: id, title, player counts, agents."""
    console = console or make_console()
    table = Table(title="Games", title_justify="left")
    table.add_column("Game", style="bold", no_wrap=True)
    table.add_column("Title")
    table.add_column("Players", no_wrap=True)
    table.add_column("Bots")
    for gid in list_games():
        cls = game_class(gid)
        players = f"{cls.min_players}-{cls.max_players} (default {cls.default_players})"
        table.add_row(
            escape(gid), escape(cls.title or gid), players, escape(", ".join(list_agents(gid)))
        )
    console.print(table)
    console.print("[dim]Bots besides `human` go in --seat; `ninetynine rules GAME` for more.[/]")
