"""OpenSpiel's ISMCTS against ninetynine's own ISMCTS and the greedy bot, on Warp 99.

Three seats play through the OpenSpiel interface (``ninetynine.openspiel``):

- ``openspiel-ismcts``: ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with uniformly random
  rollouts (``RandomRolloutEvaluator``), determinizations from ``resample_from_infostate``
  (the library's ``State.resample``), keyed by ``information_state_string``;
- ``ismcts:N:random``: the library's ISMCTS agent with the same budget, random rollout moves
  and Warp 99's search hooks (Action B as a macro move, rollouts cut after the turn and scored
  by the game's evaluation), asked through ``choose_action`` on the library state;
- ``greedy``: Warp 99's greedy heuristic.

Each seat order is played equally often (Warp 99's handicap favours later seats), with one
deal per game from a seeded sequence of game seeds (dealt through the game's explicit chance
nodes with ``ninetynine.openspiel.deal``), so a run is reproducible::

    python examples/openspiel_ismcts.py                      # 24 games, 20 simulations
    python examples/openspiel_ismcts.py --games 6 --simulations 10   # a quick look

Needs ``pip install 'ninetynine[openspiel]'``.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import ninetynine.openspiel as nos
from ninetynine.agents import choose_action, make_agent
from ninetynine.core.rng import Rng


def run(games: int, simulations: int, seed: int) -> dict[str, dict[str, float]]:
    """Play ``games`` games of 3-player Warp 99; per player name: games, wins, draws, returns
    and CPU seconds per decision."""
    game = pyspiel.load_game("ninetynine_warp99", {"players": 3})
    deals = Rng(seed)  # the seed of game g is the g-th draw
    names = ["openspiel-ismcts", f"ismcts:{simulations}:random", "greedy"]
    orders = list(itertools.permutations(range(3)))
    table = {
        n: {"games": 0, "wins": 0, "draws": 0, "return": 0.0, "moves": 0, "secs": 0.0}
        for n in names
    }
    for g in range(games):
        order = orders[g % len(orders)]  # order[seat] = index into names
        state = nos.deal(game.new_initial_state(), deals.next_u64())
        rs = np.random.RandomState(seed + g)
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
            uct_c=2.0,
            max_simulations=simulations,
            random_state=rs,
        )
        bot.set_resampler(nos.seeded_resampler(seed + g))
        agents = {
            seat: make_agent(names[i], game.core, seat, seed=seed * 1000 + g * 10 + seat)
            for seat, i in enumerate(order)
            if names[i] != "openspiel-ismcts"
        }
        while not state.is_terminal():
            seat = state.current_player()
            name = names[order[seat]]
            start = time.process_time()
            if seat in agents:
                action = choose_action(agents[seat], state.core_state(), seat)
            else:
                action = bot.step(state)
            table[name]["secs"] += time.process_time() - start
            table[name]["moves"] += 1
            state.apply_action(action)
        returns = state.returns()
        for seat, i in enumerate(order):
            row = table[names[i]]
            row["games"] += 1
            row["return"] += returns[seat]
            row["wins"] += returns[seat] == 1.0
            row["draws"] += all(r == 0.0 for r in returns)
        print(
            f"game {g + 1:2d}/{games}: seats {[names[i] for i in order]} returns {returns}",
            flush=True,
        )
    return table


def at_least(low: int) -> Callable[[str], int]:
    """An argparse ``type``: an integer of at least ``low`` (argparse prints the error)."""

    def parse(text: str) -> int:
        value = int(text)  # a ValueError: argparse's "invalid int value"
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    parse.__name__ = "int"
    return parse


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    """Parse ``argv`` (``sys.argv`` when ``None``), play, print the table and return it."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=at_least(1), default=24)
    parser.add_argument("--simulations", type=at_least(1), default=20)
    parser.add_argument("--seed", type=at_least(0), default=1)
    args = parser.parse_args(argv)
    table = run(args.games, args.simulations, args.seed)
    print()
    print(f"Warp 99, 3 players, {args.games} games, {args.simulations} simulations a decision")
    print(
        f"{'player':24s} {'games':>5s} {'wins':>5s} {'win %':>6s} {'mean return':>11s} "
        f"{'CPU ms/dec':>11s}"
    )
    for name, row in table.items():
        games = max(row["games"], 1)
        ms = 1000 * row["secs"] / max(row["moves"], 1)
        print(
            f"{name:24s} {row['games']:5.0f} {row['wins']:5.0f} "
            f"{100 * row['wins'] / games:6.1f} {row['return'] / games:11.2f} {ms:11.1f}"
        )
    return table


if __name__ == "__main__":
    main()
