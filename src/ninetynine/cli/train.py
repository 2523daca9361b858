"""``ninetynine train``: train a learned bot (``agents/training.py``) with a progress bar."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .common import friendly_errors, make_console, parse_option_pairs
from .progress import LineProgress


@dataclass(frozen=True)
class TrainCommand:
    """The settings both kinds of ``ninetynine train`` take from the command line: the game
    and seat count, the seed of every draw, the model file ``out`` (``resume``: continue the
    run that wrote it), the ``--option key=value`` pairs, and whether to show progress."""

    game: str
    players: int
    seed: int
    out: Path
    resume: bool
    option: list[str] | None
    progress: bool


def run_train(args: TrainCommand, **settings: Any) -> None:
    """Train, show each round's progress and figures, and say where the model went
    (``settings``: the rest of :class:`~ninetynine.agents.training.TrainConfig`)."""
    game, players, seed, out = args.game, args.players, args.seed, args.out
    resume, option, progress = args.resume, args.option, args.progress
    with friendly_errors():
        from ninetynine.agents.training import TrainConfig, checkpoint_path, train

        config = TrainConfig(
            game=game,
            num_players=players,
            options=parse_option_pairs(option),
            seed=seed,
            **settings,
        )
        console = make_console()
        err = Console(stderr=True, highlight=False)
        # the bar goes to stderr (stdout carries the figures); plain lines off a terminal
        bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[figures]}"),
            TimeElapsedColumn(),
            console=err,
            auto_refresh=False,
            disable=not progress or not err.is_terminal,
        )
        tasks: dict[tuple[int, str], Any] = {}
        lines: dict[tuple[int, str], LineProgress] = {}
        as_lines = progress and not err.is_terminal

        def report(phase: str, done: int, total: int, info: dict[str, Any]) -> None:
            rnd = int(info["round"])
            key = (rnd, phase)
            what = "games" if phase == "play" else "batches"
            figures = ""
            if phase == "train":
                figures = (
                    f"agree {info['agreement']:.2f}  policy {info['policy_loss']:.3f}  "
                    f"value {info['value_loss']:.3f}"
                )
            if as_lines:
                if key not in lines:
                    for other in lines.values():
                        other.close()
                    lines[key] = LineProgress(
                        err.file, f"round {rnd + 1}/{config.rounds} {phase}", total, what
                    )
                lines[key].extra = figures
                lines[key].update(done)
                return
            if key not in tasks:
                tasks[key] = bar.add_task(
                    f"round {rnd + 1}/{config.rounds} {phase} ({what})", total=total, figures=""
                )
            bar.update(tasks[key], completed=done, figures=figures)
            if done == total or done % 20 == 0:
                bar.refresh()

        with bar:
            net = train(config, out, resume=resume, progress=report)
        for line in lines.values():
            line.close()
        console.print(
            "round  positions  agreement  policy loss  value loss   (measured on each round's "
            "new positions before it trained on them)"
        )
        for r in net.meta["rounds"]:
            console.print(
                f"{r['round'] + 1:>5}  {r['positions']:>9,}  {r['agreement']:>9.3f}  "
                f"{r['policy_loss']:>11.3f}  {r['value_loss']:>10.3f}"
            )
        console.print(
            f"model written to {out} ({net.meta['cpu_seconds']:.0f} CPU seconds in all; "
            f"optimiser state for --resume in {checkpoint_path(Path(out))})"
        )
        console.print(
            f"play it: ninetynine play {game} --players {players} --seat human,learned:{out}"
        )


def run_train_value(
    args: TrainCommand, *, games: int, epochs: int, hidden: int, lr: float, every: int
) -> None:
    """``train --value``: a value model (``agents/value.py``), each epoch's held-out log-loss
    shown as it finishes."""
    game, players, seed, out = args.game, args.players, args.seed, args.out
    resume, option, progress = args.resume, args.option, args.progress
    with friendly_errors():
        import ninetynine
        from ninetynine.agents.value import train_value

        g = ninetynine.load_game(game, num_players=players, **parse_option_pairs(option))
        console = make_console()
        err = Console(stderr=True, highlight=False)
        opts = "".join(f" --option {o}" for o in option or [])
        command = (
            f"ninetynine train {game} --value --players {players} --seed {seed} "
            f"--games {games} --epochs {epochs} --hidden {hidden} --lr {lr} --every {every}"
            f"{opts} --out {out}"
        )
        from ninetynine.core.agent import search_hooks

        if progress and search_hooks(g.game_id).value_positions is not None:
            err.print(f"playing {games:,} greedy self-play games for positions ...")
        line: LineProgress | None = None

        def report(epoch: int, total: int, info: dict[str, Any]) -> None:
            nonlocal line
            if not progress:
                return
            if line is None:  # the positions are played: the epochs begin
                line = LineProgress(err.file, "training", total, "epochs", every=0.0)
            if info:
                line.extra = (
                    f"train loss {info['train_loss']:.4f}  "
                    f"held-out loss {info['held_out_loss']:.4f}"
                )
            line.update(epoch)

        net = train_value(
            g, out, games=games, seed=seed, hidden=hidden, epochs=epochs, every=every, lr=lr,
            command=command, resume=resume, progress=report,
        )  # fmt: skip
        if line is not None:
            line.close()
        m = net.meta
        base = m.get("baseline_held_out_loss")
        console.print(
            f"{m['positions']:,} positions ({m['held_out_positions']:,} held out, every fifth "
            f"game); held-out log-loss {m['held_out_loss']:.4f}"
            + (f" (the game's fitted evaluation: {base:.4f}" if base is not None else " (")
            + f"; uniform guess {m['uniform_loss']:.4f})"
        )
        console.print(
            f"model written to {out} ({m['cpu_seconds']:.0f} CPU seconds in all); "
            f"use it: ismcts:1000:value={out}"
        )
