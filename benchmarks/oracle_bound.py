"""How much better than `random` or `greedy` can *any* bot be? A clairvoyant search bot.

Issue 7 asks the best bot to win 95% heads-up against `random` and 65% against `greedy`. In a
game with much luck no fair bot can, and this script estimates how far a bot could get if it
knew everything: the **oracle** is the ordinary ``ismcts`` agent, same budget and hooks, but
every determinization it draws is a copy of the *true* state (the other hands, the deck
order and, for games that keep their dice generator in the state, the future dice), instead
of ``state.resample(seat, rng)``. It still does not know the opponent's future choices (its
rollouts play the game's greedy policy for everybody).

``--kinds hands`` (ONO 99, Tripwire) plays a third bot between the two: it sees the other
hands as they are but not the draw pile's order (each determinization re-shuffles it), the
ceiling of any inference of the hands from the opponents' own moves (``ismcts:N:infer=M``).

This cheats by construction, so it lives here, in a benchmark, and is reachable from no
agent spec, runner, environment or web table. Its figure is an *estimate* of the ceiling,
not a proof: a cleverer clairvoyant could do a little better; the fair bot of the same
budget is measured in the same run, on the same deals and seats, so the two rows differ by
the information alone.

Method: ``--games`` heads-up games per opponent, seats alternating (game ``i``: the bot in
seat ``i % 2``), game seed ``derive_seed(--seed, i)``, the agents seeded as in the ladder.
Wins counted as in the ladder (a draw is not a win); 95% Wilson intervals. CPU seconds per
decision from ``time.process_time``.

    PYTHONPATH=src python benchmarks/oracle_bound.py ono99 --agent ismcts:200 \
        --vs random,greedy --games 200
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.game import State
from ninetynine.core.rng import derive_seed
from ninetynine.sim.match import agent_seeds
from ninetynine.sim.stats import wilson_interval


class OracleView:
    """A SearchView look-alike whose every sample is a copy of the true state (cheating)."""

    def __init__(self, state: State, seat: int) -> None:
        self._state = state.clone()
        self.seat = seat
        self.num_players = state.game.num_players

    def sample(self, rng: object) -> State:
        return self._state.clone()


class HandsOracleView(OracleView):
    """The other seats' hands seen, the draw pile's order not (ONO 99, Tripwire: a perfect
    model of the opponents' hands, the ceiling of any inference from their moves). Cheats
    too."""

    def sample(self, rng: object) -> State:
        from ninetynine.core.rng import as_rng

        r = as_rng(rng)  # type: ignore[arg-type]
        s = self._state.clone()
        r.shuffle(s.draw)  # type: ignore[attr-defined]
        s._reseed(r)  # type: ignore[attr-defined]
        return s


def play(game, bot_spec: str, opponent: str, seed: int, bot_seat: int, oracle: bool | str):
    """One heads-up game; (bot won, draw, CPU seconds of the bot's decisions with a choice)."""
    seeds = agent_seeds(seed, 2)
    specs = [opponent, opponent]
    specs[bot_seat] = bot_spec
    agents = [make_agent(s, game, seat, seeds[seat]) for seat, s in enumerate(specs)]
    state = game.new_initial_state(seed)
    cpu: list[float] = []
    steps = 0
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        c0 = time.process_time()
        if p == bot_seat and oracle and len(legal) > 1:
            obs = state.observation(p)
            view = HandsOracleView if oracle == "hands" else OracleView
            a = agents[p].step_with_search(obs, legal, view(state, p))
        else:
            a = choose_action(agents[p], state, p)
        if p == bot_seat and len(legal) > 1:
            cpu.append(time.process_time() - c0)
        state.apply_action(a)
        steps += 1
        if steps > game.max_game_length:
            raise RuntimeError(f"game seed {seed} did not end")
    w = state.winner()
    return w == bot_seat, w is None, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("game")
    ap.add_argument(
        "--agent", default="ismcts:200", help="the search bot's spec (default ismcts:200)"
    )
    ap.add_argument("--vs", default="random,greedy", help="opponents, comma-separated")
    ap.add_argument("--games", type=int, default=100, help="games per opponent and kind")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--fair",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also play the fair bot on the same deals (default on)",
    )
    ap.add_argument(
        "--kinds",
        default=None,
        help="rows to play: oracle, hands (ONO 99, Tripwire: hands seen, deck order not), fair",
    )
    ap.add_argument("-o", "--option", action="append", default=[], help="game option KEY=VALUE")
    args = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    game = ninetynine.load_game(args.game, num_players=2, **options)
    if not hasattr(make_agent(args.agent, game, 0, 0), "step_with_search"):
        ap.error(f"{args.agent!r} is not a search agent")
    print(f"# {args.game} heads-up, {args.games} games per row, seed {args.seed}, bot {args.agent}")
    print("# oracle = the same bot, every determinization a copy of the true state (cheats)")
    print("| bot | vs | wins | draws | win rate | 95% CI | CPU s/decision mean / max | wall s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    kinds = ["oracle", "fair"] if args.fair else ["oracle"]
    if args.kinds:
        kinds = args.kinds.split(",")
    for opp in args.vs.split(","):
        for kind in kinds:
            t0 = time.perf_counter()
            wins = draws = 0
            cpu: list[float] = []
            for i in range(args.games):
                seed = derive_seed(args.seed, i)
                oracle = {"oracle": True, "hands": "hands"}.get(kind, False)
                won, draw, c = play(game, args.agent, opp, seed, i % 2, oracle)
                wins += won
                draws += draw
                cpu += c
                done = f"\r{kind} vs {opp}: {i + 1}/{args.games}"
                print(done, end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
            lo, hi = wilson_interval(wins, args.games)
            mean = statistics.fmean(cpu) if cpu else 0.0
            print(
                f"| {kind} {args.agent} | {opp} | {wins} | {draws} | {wins / args.games:.1%} "
                f"| {lo:.1%}-{hi:.1%} | {mean:.3f} / {max(cpu, default=0):.3f} "
                f"| {time.perf_counter() - t0:.0f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
