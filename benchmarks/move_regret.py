"""How much a better move could gain: the regret of the greedy move, measured by rollouts.

For any registered game with a ``greedy`` agent. It plays seeded greedy self-play games and
stops at every ``--every``-th decision with two or more legal moves. There, as a search bot
sees it (:class:`~ninetynine.core.agent.SearchView`: determinizations of the seat's
information set, never the true deal), it values every legal move by ``--rollouts`` paired
rollouts (each round: one determinization, one rollout seed, every move) with the game's
rollout policy (its search hook, else the greedy agent), and reports, in points of win chance
(``returns`` scaled to [0, 1], times 100), averaged over the positions:

* ``regret``: value of the best move minus the value of the greedy move, of the rollout
  policy's move and of a uniformly random legal move. The best of several noisy values is
  biased upwards, so these overstate the regret a little (more rollouts: less).
* ``held-out gain``: the rounds split in two halves; the move best on one half, valued on the
  other, minus the greedy move on that half: an unbiased estimate of what a search with half
  the rollouts would gain per decision over greedy (with its standard error).

    PYTHONPATH=src python benchmarks/move_regret.py ono99 --positions 80 --rollouts 4000 --seed 1000
"""

from __future__ import annotations

import argparse
import math
from typing import Any

import ninetynine
from ninetynine.core.agent import SearchView, search_hooks
from ninetynine.core.registry import agent_factory
from ninetynine.core.rng import Rng, derive_seed


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--rollouts", type=int, default=2000, help="paired rounds per position")
    ap.add_argument("--every", type=int, default=7, help="use every k-th decision")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    game = ninetynine.load_game(args.game, num_players=args.players)
    n = game.num_players
    greedy = [agent_factory("greedy", args.game)(game, s, 0) for s in range(n)]

    def greedy_move(state: Any) -> int:
        p = state.current_player()
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else int(greedy[p].step(state.observation(p), legal))

    hook = search_hooks(args.game).rollout
    policy = hook if hook is not None else (lambda state, rng: greedy_move(state))
    rng = Rng(derive_seed(args.seed, 1 << 20))
    reg = {"greedy": [], "policy": [], "random": []}
    gains: list[float] = []
    g = 0
    while len(gains) < args.positions:
        state = game.new_initial_state(derive_seed(args.seed, g))
        g += 1
        k = 0
        while not state.is_terminal() and len(gains) < args.positions:
            legal = state.legal_actions()
            if len(legal) > 1:
                k += 1
            if len(legal) > 1 and k % args.every == 0:
                p = state.current_player()
                view = SearchView(state, p)
                halves = [dict.fromkeys(legal, 0.0), dict.fromkeys(legal, 0.0)]
                for i in range(args.rollouts):
                    sample = view.sample(rng.next_u64())
                    seed = rng.next_u64()
                    for a in legal:
                        s = sample.clone()
                        s.apply_action(a)
                        r = Rng(seed)
                        while not s.is_terminal():
                            s.apply_action(policy(s, r))
                        halves[i % 2][a] += (s.returns()[p] + 1.0) / 2.0
                m = args.rollouts / 2
                a_half = {a: halves[0][a] / m for a in legal}
                b_half = {a: halves[1][a] / m for a in legal}
                value = {a: (a_half[a] + b_half[a]) / 2 for a in legal}
                best = max(value.values())
                mine = greedy_move(state)
                reg["greedy"].append(best - value[mine])
                reg["policy"].append(best - value[policy(view.sample(0), Rng(0))])
                reg["random"].append(best - _mean(list(value.values())))
                pick = max(legal, key=lambda a: a_half[a])
                gains.append(b_half[pick] - b_half[mine])
            state.apply_action(greedy_move(state))
    se = math.sqrt(sum((x - _mean(gains)) ** 2 for x in gains) / (len(gains) - 1) / len(gains))
    print(
        f"{args.game}, {n} players: {len(gains)} positions (every {args.every}th decision of "
        f"greedy self-play from seed {args.seed}), {args.rollouts} paired rollouts per move"
    )
    for name, xs in reg.items():
        print(f"  regret of the {name} move: {100 * _mean(xs):.2f} points of win chance")
    print(
        f"  held-out gain of the best move on {args.rollouts // 2} rollouts over greedy: "
        f"{100 * _mean(gains):.2f} points (SE {100 * se:.2f})"
    )


if __name__ == "__main__":
    main()
