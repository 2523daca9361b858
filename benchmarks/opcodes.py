"""Engine work per action in Python bytecode instructions: a figure machine load cannot move.

``throughput.py`` times the engine on the wall clock, which a busy machine makes swing by tens of
percent between two runs of the same code. This script runs the same engine loop
(``legal_actions()``, a ``random.Random`` choice, ``apply_action(a)``, games from
``derive_seed(seed, i)``) and counts the bytecode instructions executed (``sys.settrace`` opcode
events), so two trees (a change and its base) compare exactly on any machine. What it does not
see: work done inside C (building a list or dict, ``sorted``, the RNG), so a change that moves
work into or out of C needs ``throughput.py`` on an idle machine as well.

    .venv/bin/python benchmarks/opcodes.py --game heroes99 tripwire
"""

from __future__ import annotations

import argparse
import random
import sys
from types import FrameType
from typing import Any

import ninetynine
from ninetynine.core.registry import game_class
from ninetynine.core.rng import derive_seed


def count_opcodes(game_id: str, players: int, games: int, seed: int = 0) -> tuple[int, int]:
    """``(actions, bytecode instructions)`` of ``games`` engine-only random games."""
    game = ninetynine.load_game(game_id, num_players=players)
    choose = random.Random(seed).choice
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return tracer

    actions = 0
    for i in range(games):
        state = game.new_initial_state(derive_seed(seed, i))
        sys.settrace(tracer)
        try:
            while not state.is_terminal():
                state.apply_action(choose(state.legal_actions()))
                actions += 1
        finally:
            sys.settrace(None)
    return actions, count


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="+", default=None, help="game ids (default: every game)")
    parser.add_argument("--players", nargs="+", type=int, default=None, help="seat counts")
    parser.add_argument("--games", type=int, default=20, help="games per cell (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    args = parser.parse_args(argv)
    print("| game | players | games | actions | bytecodes/action |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for game_id in args.game or ninetynine.list_games():
        cls = game_class(game_id)
        counts = args.players or sorted({cls.min_players, cls.default_players, cls.max_players})
        for n in counts:
            actions, ops = count_opcodes(game_id, n, args.games, args.seed)
            print(f"| {game_id} | {n} | {args.games} | {actions} | {ops / actions:,.1f} |")


if __name__ == "__main__":
    main()
