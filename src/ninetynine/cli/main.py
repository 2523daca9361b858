"""Entry point of the ``ninetynine`` command.

Each sub-command lives in its own module; this file only declares the command line. Library
errors (``NinetyNineError``, a ``ValueError``) become one friendly red line and exit code 2, in
one place (:func:`main`), never a traceback.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from ninetynine.core.errors import GameOptionError, NinetyNineError
from ninetynine.core.util import check_seed

app = typer.Typer(
    name="ninetynine",
    help="Play, simulate and analyse the '99' family of games (Warp 99, Ninety Nine, ...).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err_console = Console(stderr=True)

#: ``--progress/--no-progress`` of the long commands (see :mod:`ninetynine.cli.progress`).
PROGRESS_HELP = (
    "Show progress on stderr: a bar on a terminal, else a plain line at each tenth of the "
    "work and at least every 30 s."
)

ProgressOption = Annotated[bool, typer.Option(help=PROGRESS_HELP)]
GameArgument = Annotated[str, typer.Argument(help="Game id.")]
VariantOption = Annotated[str | None, typer.Option(help="standard or random-rule-start.")]
OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
]
JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        help="Worker processes (default 1; with --backend ray: the cluster's CPUs). "
        "Results do not depend on it.",
    ),
]
BackendOption = Annotated[
    str,
    typer.Option(
        help="Where the games run: local (this machine, --jobs processes) or ray (a Ray "
        "cluster; pip install 'ninetynine\\[ray]'). Same results either way."
    ),
]
RayAddressOption = Annotated[
    str | None,
    typer.Option(
        help="Ray cluster to join with --backend ray (e.g. auto, ray://head:10001; default: "
        "RAY_ADDRESS, else a new local instance).",
    ),
]


def _show_version(value: bool) -> None:
    if value:
        from ninetynine import __version__

        typer.echo(f"ninetynine {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Play, simulate and analyse the '99' family of games (Warp 99, Ninety Nine, ...)."""


def _valid_seed(value: int | None) -> int | None:
    """The one check of every ``--seed`` (the game's own, :func:`check_seed`): a whole number
    from 0 to 2**64 - 1, or none given."""
    try:
        return check_seed(value)
    except GameOptionError as e:
        raise typer.BadParameter(str(e)) from None


def _seed_option(help_text: str) -> Any:
    return typer.Option(
        help=help_text + " A whole number from 0 to 2**64 - 1.", callback=_valid_seed
    )


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id (see `ninetynine games`).")] = "warp99",
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Number of seats (default: the number of --seat values, else the game's).",
        ),
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            "-s",
            help="Who plays each seat, in order: human, a level (easy, medium, hard, strongest: "
            "see `ninetynine rules GAME`) or a bot (greedy, random, ismcts:200; see "
            "`ninetynine games`). Repeatable or comma-separated; seats left out are greedy. "
            "Default: you in seat 0, greedy bots elsewhere.",
        ),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(
            help="standard or random-rule-start (sets the rules option of games that have "
            "one, like Warp 99)."
        ),
    ] = None,
    option: OptionList = None,
    seed: Annotated[
        int | None, _seed_option("Seed for the shuffle (replayable; default: a fresh one).")
    ] = None,
    record: Annotated[
        str | None,
        typer.Option(
            help="Where to save the game record: a file, or a directory to save it in "
            "(default: the data directory). An existing file is never overwritten.",
        ),
    ] = None,
    delay: Annotated[
        float, typer.Option(help="Seconds to pause after each bot move (0 to 3600).")
    ] = 0.0,
) -> None:
    """Play a game in the terminal against bots or friends (several humans: hot seat).

    Type a move's number or its notation; hint, help, rules, board and quit also work. The
    game record is saved when the game ends, on quit and on Ctrl-D.
    """
    from .play import PlayCommand, run_play

    run_play(PlayCommand(game, players, seat, variant, option, seed, record, delay))


@app.command()
def simulate(
    game: GameArgument = "warp99",
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 1000,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of seats (default: the game's)."),
    ] = None,
    agents: Annotated[
        str, typer.Option(help="Comma-separated agents, one per seat (cycled): greedy,random")
    ] = "greedy",
    seed: Annotated[int, _seed_option("Master seed: game i gets its own derived seed.")] = 0,
    jobs: JobsOption = None,
    variant: VariantOption = None,
    option: OptionList = None,
    rotate: Annotated[
        bool, typer.Option(help="Rotate agents through the seats game by game.")
    ] = True,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the summary as JSON.")
    ] = None,
    csv_out: Annotated[
        Path | None, typer.Option("--csv", help="Write one row per game as CSV.")
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Save every game's record into this directory.")
    ] = None,
    progress: ProgressOption = True,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
) -> None:
    """Simulate many games between bots and summarise them."""
    from .simulate import run_simulate

    run_simulate(
        game,
        games,
        players,
        agents,
        seed,
        jobs,
        variant,
        option,
        rotate,
        json_out,
        csv_out,
        records,
        progress,
        backend,
        ray_address,
    )


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record file.")],
    seat: Annotated[
        int | None,
        typer.Option(help="Show the game as this seat saw it, hand included (default: public)."),
    ] = None,
    auto: Annotated[
        float | None,
        typer.Option(help="Step automatically every N seconds (0 to 3600), without asking."),
    ] = None,
) -> None:
    """Step through a recorded game (Enter: next, b: back, a number: jump, q: quit).

    Without a terminal on standard input (and without --auto), every step is printed.
    """
    from .replay import run_replay

    run_replay(file, seat, auto)


@app.command()
def rules(game: Annotated[str, typer.Argument(help="Game id.")] = "warp99") -> None:
    """Show a game's rules summary and its options."""
    from .info import run_rules

    run_rules(game)


@app.command("games")
def games_cmd() -> None:
    """List the games and their agents."""
    from .info import run_games

    run_games()


@app.command()
def ladder(
    ctx: typer.Context,
    game: GameArgument = "warp99",
    agents: Annotated[
        str,
        typer.Option(
            help="Comma-separated agents, at least two: random,greedy,ismcts:200,ismcts:1s "
            "(ismcts options, each after a ':', in any order: a budget of iterations (200) "
            "or time (0.5s, 500ms), steps=N (cap on rollout moves), ucb (tree search; "
            "default paired), random (random rollouts), flat, depth=N, c=X, z=X, infer=M "
            "(ONO 99, Tripwire: determinizations re-drawn by an opponent model; Tripwire "
            "heads-up: infer=1 its forced moves, infer=64 also greedy's own plays), opp=greedy "
            "(the other seats' rollout moves by greedy), value (a learned value model: "
            "ismcts:1000:value), look (Warp 99: the rest of the own turn in a rollout chosen "
            "by the evaluation: ismcts:1000:value:look), eval=NAME (another of the game's "
            "cut-off evaluations: Sixto's calibrated), draw=X (the search's value of a draw, "
            "0 loss to 1 win); e.g. ismcts:5000:steps=20000)."
        ),
    ] = "random,greedy,ismcts:200",
    games: Annotated[int, typer.Option("--games", "-n", help="Games per match.")] = 100,
    players: Annotated[
        int, typer.Option("--players", "-p", help="Seats (2: heads-up; more: one vs a field).")
    ] = 2,
    seed: Annotated[int, _seed_option("Master seed: every match plays the same deals.")] = 0,
    jobs: JobsOption = None,
    variant: VariantOption = None,
    option: OptionList = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the ladder as JSON.")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(help="Draw strength against thinking time into this PNG file."),
    ] = None,
    against: Annotated[
        str | None,
        typer.Option(
            "--vs", help="Play only the matches against these agents (e.g. random,greedy)."
        ),
    ] = None,
    progress: ProgressOption = True,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    add: Annotated[
        str | None,
        typer.Option(
            help="Add this bot to the ladder in --to: play only its matches, refit the ratings."
        ),
    ] = None,
    to: Annotated[
        Path | None,
        typer.Option(help="The ladder JSON that --add extends (written back unless --json)."),
    ] = None,
) -> None:
    """Round-robin matches between bots: win-rate matrix, OpenSkill ratings, time per move.

    With --add SPEC --to FILE: one more bot in an existing ladder, without replaying the old
    matches (the file's game, options, seed and games per match are used)."""
    from .ladder import run_add_command, run_ladder_command

    if add is not None or to is not None:
        if add is None or to is None:
            err_console.print("[bold red]error:[/] --add and --to go together", soft_wrap=True)
            raise typer.Exit(2)
        given = {  # the arguments typed (Typer's own Click: compare the source by name)
            name: value
            for name, value in ctx.params.items()
            if getattr(ctx.get_parameter_source(name), "name", None) == "COMMANDLINE"
        }
        run_add_command(add, to, json_out, jobs, progress, given)
        return
    run_ladder_command(
        game,
        agents,
        games,
        players,
        seed,
        jobs,
        variant,
        option,
        json_out,
        plot,
        progress,
        against,
        backend,
        ray_address,
    )


@app.command()
def standings(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="Ladder JSON files or directories of ladder-*.json files."),
    ] = None,
    write: Annotated[
        Path | None,
        typer.Option(
            help="Write the table between the standings markers of this Markdown file "
            "(e.g. docs/reports/ladder.md) instead of printing it."
        ),
    ] = None,
    plots: Annotated[
        Path | None,
        typer.Option(
            help="Also draw each game's strength against thinking time (win rate against "
            "random and greedy at CPU seconds per decision) as DIR/strength-GAME.png."
        ),
    ] = None,
) -> None:
    """Every ladder file of each game pooled: win rates against random and greedy, OpenSkill
    ratings across all of the game's bots, CPU per decision (Markdown)."""
    from .ladder import run_standings_command

    run_standings_command(paths or [Path("docs/reports")], write, plots)


@app.command()
def analyze(
    game: GameArgument = "warp99",
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games per measured configuration.")
    ] = 1000,
    out: Annotated[
        Path, typer.Option(help="Directory for the report (report.md, PNG plots, data.json).")
    ] = Path("report"),
    agents: Annotated[str, typer.Option(help="The agent in every seat.")] = "greedy",
    seed: Annotated[int, _seed_option("Master seed (the same deals in every run).")] = 0,
    jobs: JobsOption = None,
    option: OptionList = None,
    sections: Annotated[
        str | None,
        typer.Option(help="Comma-separated sections to run (default: all for the game)."),
    ] = None,
    html: Annotated[bool, typer.Option(help="Also write report.html.")] = False,
    progress: ProgressOption = True,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
) -> None:
    """Balance report: win rates by seat and player count, game length, how games end.

    Also the mid-game leader and each game's own questions (Warp 99 handicap, Random Rule
    Start, ...), with plots."""
    from .analyze import run_analyze_command

    run_analyze_command(
        game, games, out, agents, seed, jobs, option, sections, html, progress, backend, ray_address
    )


@app.command()
def heroes(
    what: Annotated[
        str | None,
        typer.Argument(help="show NAME: one hero's card; check DIR: validate hero files."),
    ] = None,
    name: Annotated[
        str | None, typer.Argument(help="A hero (show) or a directory (check).")
    ] = None,
    dirs: Annotated[
        list[str] | None,
        typer.Option("--heroes", help="A directory of extra hero files (repeatable)."),
    ] = None,
) -> None:
    """99 Heroes: list the heroes, show one, or check a directory of hero files."""
    from .heroes import run_heroes

    run_heroes(what, name, dirs)


@app.command()
def train(
    game: GameArgument = "warp99",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 2,
    seed: Annotated[
        int,
        _seed_option(
            "Seed of every random draw: the same seed and settings give the same weights."
        ),
    ] = 0,
    out: Annotated[Path, typer.Option("--out", help="The model file to write (.npz).")] = Path(
        "model.npz"
    ),
    rounds: Annotated[
        int, typer.Option(help="Rounds, each: play --games games, then train on them.")
    ] = 4,
    games: Annotated[int, typer.Option("--games", "-n", help="Games played per round.")] = 1000,
    epochs: Annotated[int, typer.Option(help="Passes over each round's positions.")] = 3,
    hidden: Annotated[int, typer.Option(help="Units in each of the two hidden layers.")] = 128,
    batch: Annotated[int, typer.Option(help="Positions per minibatch.")] = 256,
    lr: Annotated[float, typer.Option(help="Adam's learning rate.")] = 1e-3,
    keep: Annotated[float, typer.Option(help="Share of the decisions kept as positions.")] = 0.25,
    imitation: Annotated[
        int, typer.Option(help="Rounds of the teacher's own games before DAgger begins.")
    ] = 1,
    mix: Annotated[float, typer.Option(help="DAgger: chance a seat is the network.")] = 0.5,
    explore: Annotated[float, typer.Option(help="DAgger: chance a move is random.")] = 0.05,
    value_weight: Annotated[float, typer.Option(help="Weight of the value loss.")] = 1.0,
    teacher: Annotated[str, typer.Option(help="The bot whose moves are imitated.")] = "greedy",
    option: OptionList = None,
    resume: Annotated[
        bool, typer.Option(help="Continue the run that wrote --out after its last round.")
    ] = False,
    progress: ProgressOption = True,
    value: Annotated[
        bool,
        typer.Option(
            "--value",
            help="Train a value model for the search instead (ismcts:...:value=FILE): "
            "--games self-play games in all, --epochs passes, --hidden units, --lr.",
        ),
    ] = False,
    every: Annotated[
        int, typer.Option(help="--value: keep every k-th turn start of each game.")
    ] = 2,
) -> None:
    """Train a learned bot (a small policy/value network, NumPy only) by imitating a teacher
    bot, then DAgger; the model is written after every round and --resume continues a run.
    With --value: a win-chance model for the search's cut-off rollouts, from greedy
    self-play on the game's fast engine (--resume continues after the last epoch).

    Play it with --seat learned:FILE, or use it in search as ismcts:1000:model=FILE
    (a --value model: ismcts:1000:value=FILE). See docs/learned.md."""
    from .train import TrainCommand, run_train, run_train_value

    command = TrainCommand(game, players, seed, out, resume, option, progress)
    if value:
        run_train_value(command, games=games, epochs=epochs, hidden=hidden, lr=lr, every=every)
        return
    run_train(
        command,
        rounds=rounds, games=games, epochs=epochs, hidden=hidden, batch=batch, lr=lr,
        keep=keep, imitation=imitation, mix=mix, explore=explore, value_weight=value_weight,
        teacher=teacher,
    )  # fmt: skip


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8099,
    database: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="NINETYNINE_DATABASE_URL",
            help="SQLAlchemy URL (default: an SQLite file in the user data directory; "
            "postgresql+psycopg://user:password@host/db for a real deployment).",
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before each move (people can follow).")
    ] = 0.6,
    max_open_tables: Annotated[
        int, typer.Option(min=1, help="Unfinished tables the server holds at most.")
    ] = 1000,
    max_bot_tables: Annotated[
        int,
        typer.Option(min=0, help="Unfinished tables of bots alone (they use the server's cores)."),
    ] = 4,
    max_bot_moves: Annotated[
        int, typer.Option(min=1, help="Moves after which a table of bots alone is stopped.")
    ] = 10_000,
    idle_hours: Annotated[
        float, typer.Option(min=0.01, help="Hours without a move after which a table closes.")
    ] = 168.0,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            help="Server processes sharing the address (needs a PostgreSQL --db; any "
            "process serves any table, the database holds every move).",
        ),
    ] = 1,
) -> None:
    """Play in the browser: lobby, tables for every game, bots, invite links, score sheets.

    Needs the web extra: pip install 'ninetynine\\[web]'.
    """
    from .serve import run_serve

    limits = {
        "max_open_tables": max_open_tables,
        "max_bot_tables": max_bot_tables,
        "max_bot_moves": max_bot_moves,
        "idle_hours": idle_hours,
    }
    run_serve(host, port, database, bot_delay, limits, workers)


def _reflow_help(doc: str) -> str:
    """``doc`` with each paragraph on one line: Typer's Rich help keeps the single line breaks
    of every paragraph after the first, so the source's wrapping showed on the screen."""
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(p if p.startswith("\b") else " ".join(p.split()) for p in paragraphs)


for _command in app.registered_commands:
    _doc = _command.help or (_command.callback.__doc__ if _command.callback else None)
    if _doc:
        _command.help = _reflow_help(_doc)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except NinetyNineError as e:
        err_console.print(f"[bold red]error:[/] {escape(str(e))}", soft_wrap=True)
        sys.exit(2)
    except KeyboardInterrupt:
        err_console.print("\ninterrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
