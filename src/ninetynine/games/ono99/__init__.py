"""# ONO 99

Source: ONO 99 rulebook. Rules decisions: `docs/rules/ono99.md` (D1-D20).

| property | value |
| --- | --- |
| game id | `ono99` |
| players | 2-6 (default 4) |
| cards | 112: 0 x8, 1-9 x6, 10 x10, Minus 10 / Reverse / Play 2 x12, ONO 99 x4 (`deck`) |
| card | its kind: 0-10 the number, 11 Minus 10, 12 Reverse, 13 Play 2, 14 ONO 99 |
| distinct actions | 15 |
| max game length | `max_turns` (default 1000; one action per turn) |
| chance | inside the state (the shuffle at setup, draw-pile rebuilds), from the seed |
| returns | +1 the last player left, -1 every other seat; all 0 if the safety stop ends the game |

## A turn
Play one card from the hand and declare the new running total, then draw a card. A number card
adds its number, Minus 10 subtracts 10 (never below 0), Reverse turns the direction of play,
Play 2 makes the next player take two turns in a row (they may strike back with a Reverse or
pass it on with a Play 2 on the first of them; it never stacks to four). The total must stay
below 99. A player holding all four ONO 99 cards exchanges them for four new cards instead.
A player with no card that keeps the total below 99 leaves the game at the start of their turn
(automatically: there is nothing to decide; option `leave=now`: as soon as a move leaves them
without one); their cards go face down out of play, and a pending Play 2 is not passed on.
The last player left wins. An empty draw pile is rebuilt from the played cards, the top card
staying on the table. With two players in the game a Reverse passes the turn as usual (option
`two_player_reverse=again`: its player plays again).

## Scores and results
`scores()` count, per seat, the seats it outlasted: the winner n-1, the first to leave 0 (the
final board lists the places). Returns: +1 the winner, -1 the others. A game stopped by the
safety stop (`max_turns`) is a draw: returns all 0, the seats still in share the first place,
and `stats()` gives no places. Knockouts go to the seat that handed the leaving seat its turn
(decision D18).

## Actions
| ids | notation | move |
| --- | --- | --- |
| 0-10 | `+7=47` | play a number card (`=47`: the total declared; optional when typing) |
| 11 | `-10=37` | play a Minus 10 |
| 12 | `Rev=47` | play a Reverse |
| 13 | `P2=47` | play a Play 2 |
| 14 | `exchange` | exchange all four ONO 99 cards (the only move when holding them) |

## Observation
`game, num_players, player, current_player, total, direction (1 clockwise / -1), play2 (Play 2
turns the current player still owes: 0-2), turn, round, draw_size, played (the played pile,
kinds, top last), hand_sizes, in_game, out_sizes, eliminations ({seat, round, turn, total}),
last ({seat, action, total}), deck (cards per kind), rebuilds, winner, ended_by` and `hand`
(own seat only, sorted kinds).

## Options
`deck` (standard, or counts like `m10=16,rev=8`), `two_player_reverse` (pass / again),
`rebuild` (top / all), `leave` (turn / now: when a player who cannot play leaves), `max_turns`
(safety stop).

## Search hooks
For search bots (`ismcts`): `search.py` gives a fast rule-based rollout policy read straight
from a determinization (the highest number card that fits, else the escape least worth
keeping: 0, Minus 10, Play 2, Reverse; owing two turns at 89 or more, pass the Play 2 on or
strike it back first): about as strong as `greedy` (49% against it heads-up) at a fifth of the
cost. `greedy_policy` is the greedy agent's own move from a state. Rollouts play to the end
(a heads-up game is about 45 turns; no cut-off evaluation). `inference.py` is an opponent model
for the determinizations (`ismcts:N:infer=M`): each other hand re-dealt `M` times, one kept in
proportion to how likely that seat's last two moves were under a softened `greedy`; it reads
only the determinization and the public record of the moves.

## Fast state
`game.new_fast_state(seed)` deals the game `new_initial_state(seed)` deals, with the RL step
(legal actions, mask, observation tensor, apply) in C (`fast.py`, `_fast.c`; every option), equal
to the reference state after every action; the environments deal it.

## Version history
- 1: first release.
- 2: an exchange draws its four new cards before the four ONO cards go under the played pile
  (a rebuild during that draw could hand them back); option `leave`; knockouts credited to the
  seat that handed over the turn; `resample` keeps what the table saw (reshuffles, the move
  the seat to act holds, the cards of seats that left); the state JSON carries `handed`,
  `peak` and `gens` and is validated. Records of version 1 replay the same unless an exchange
  met an empty draw pile.
"""

from ninetynine.core.agent import SearchHooks, register_search_hooks
from ninetynine.core.registry import Level, register_agent, register_levels

from .game import Ono99Game
from .heuristics import GreedyAgent, evaluate, explain_choice
from .inference import reweigh
from .search import rollout_policy
from .state import Ono99State

register_agent(
    "greedy",
    GreedyAgent,
    game_id=Ono99Game.game_id,
    doc="one-turn risk model: push the next player toward 99, keep escapes "
    "(games/ono99/heuristics.py)",
)

register_search_hooks(
    Ono99Game.game_id,
    SearchHooks(
        rollout=rollout_policy,
        reweigh=reweigh,
        doc="fast rule-based rollouts (highest number, escapes kept in greedy's order) read "
        "straight from the state (games/ono99/search.py)",
    ),
)

# Named strengths for people (``play --seat hard``, the web lobby); (wins, games) heads-up,
# seats rotated, pooled from the ladder files of docs/reports (a test checks them). The search
# barely beats greedy here (docs/reports/ladder.md says why).
register_levels(
    "ono99",
    [
        Level("easy", "random", vs_greedy=(85, 400)),
        Level("medium", "greedy", vs_random=(315, 400)),
        Level("strongest", "ismcts:1000", vs_greedy=(104, 200), vs_random=(152, 200)),
    ],
)

__all__ = ["GreedyAgent", "Ono99Game", "Ono99State", "evaluate", "explain_choice"]
