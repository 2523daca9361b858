"""``ninetynine heroes``: the 99 Heroes roster (list, one card, check a designer's files)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ninetynine.core.errors import GameOptionError, NinetyNineError

from .common import friendly_errors, make_console


def run_heroes(
    what: str | None,
    name: str | None,
    dirs: list[str] | None,
    console: Console | None = None,
) -> None:
    """``heroes`` lists the roster; ``heroes show NAME`` prints one hero's card; ``heroes check
    DIR`` validates every hero file in ``DIR``. ``dirs``: extra hero directories (as the game's
    ``heroes`` option).

    Exits with code 2 and one red line for an unknown hero or a malformed file.
    """
    from ninetynine.games.heroes99.render import hero_card
    from ninetynine.games.heroes99.roster import (
        HeroFileError,
        hero_files,
        load_hero_file,
        load_roster,
    )

    console = console or make_console()
    with friendly_errors():
        if what == "check":
            if not name:
                raise GameOptionError("heroes check needs a directory of hero files")
            files = hero_files(name)  # no such directory / not a directory / no hero files
            bad: list[str] = []
            good: list[tuple[Path, str]] = []
            for f in files:
                try:
                    h = load_hero_file(f)
                except NinetyNineError as e:  # name every bad file, not only the first
                    bad.append(str(e))
                    continue
                good.append((f, f"{escape(h.name)} ({h.id})"))
            if not bad:
                try:
                    load_roster([name])  # also checks ids and names across the files
                except HeroFileError as e:
                    bad.append(str(e))
            for f, what in good:  # not "ok" for the file the roster check rejects
                if not any(line.startswith(f"{f}:") for line in bad):
                    console.print(f"[green]ok[/] {escape(str(f))}: {what}")
            if bad:
                err = Console(stderr=True, highlight=False)
                for line in bad[:-1]:
                    err.print(f"[bold red]error:[/] {escape(line)}", soft_wrap=True)
                raise HeroFileError(bad[-1])  # the last one, and exit code 2
            return
        roster = load_roster(tuple(dirs or ()))
        if what == "show":
            if not name:
                raise GameOptionError("heroes show needs a hero's name, e.g. heroes show bastion")
            console.print(hero_card(roster.heroes[roster.find(name)], markup=True))
            return
        if what is not None:
            raise GameOptionError(f"unknown heroes command {what!r}: use show NAME or check DIR")
        table = Table(title=f"99 Heroes: {len(roster)} heroes", title_justify="left")
        table.add_column("Hero", style="bold", no_wrap=True)
        table.add_column("Role", no_wrap=True)
        table.add_column("Unique Ability")
        table.add_column("Skills on", no_wrap=True)
        for h in roster.heroes:
            table.add_row(
                f"{escape(h.name)}\n[dim]{h.id}[/]",
                escape(h.role),
                f"[bold]{escape(h.ability_name)}[/]: {escape(h.ability())}",
                ", ".join(s.label for s in h.skills),
            )
        console.print(table)
        console.print("[dim]ninetynine heroes show NAME: one hero's card and skills.[/]")


__all__ = ["run_heroes"]
