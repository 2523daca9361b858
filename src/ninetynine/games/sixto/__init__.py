"""# Sixto

Source: Ninety Nine and Sixto overviews (the second game on the page). Rules decisions:
`docs/rules/sixto.md` (D1-D24).

| property | value |
| --- | --- |
| game id | `sixto` |
| players | 1-6 (default 3) |
| components | six coloured dice (Red, Yellow, Green, Blue, Purple, Orange), twelve sheets |
| sheet | six rows (a colour each) of 12 numbers, every digit twice; target area: last 3 |
| distinct actions | 66 (hits 731, kriskras 117,651, locked 72) |
| max game length | `max_turns` x (1 + players) |
| chance | inside the state (the sheets dealt, every roll and re-roll), from the seed |
| returns | 2-6 players: +1 the best score, -1 the others, all 0 a tie (D13); alone: the score |

## A turn
The active player rolls the dice still in play and plays `keep` or `reroll` (all of them, once).
Then every player, the active one first and then to the left, chooses in secret which dice they
mark with: each die marks, in the row of its colour, the leftmost open space showing its number;
every open space skipped on the way is lost. A target area opens once its row has 4 marks
(`open_after`). When the marks are made, a die whose row a player has marked twice in the
target area is removed; the third die removed ends the game. The dice pass left.

## Scoring
Every row and every column (and the Cross pad's blocks or diagonals) scores by its marks:
0 or 2 marks 0, 1 mark -5, 3 marks 5, 4 marks 10, ... (5 a mark beyond two; `points=triangle`:
5, 15, 30, ...). The highest score wins.

## Pads (option `pad`)
- `cross-blocks` (`cross`): twelve blocks of 2 x 3 spaces score as well.
- `cross-diagonals`: two crosses of diagonals (four lines of six spaces) score as well.
- `hits`: two hit spaces (`*`) a row: a die may mark its row's next open space when it is a hit
  space, whatever it shows (a *hit*, `R*`); a hit space marked the regular way scores +5.
- `kriskras`: every space has its own colour; a die marks the space of its colour and number in
  any row (`R@3`: the Red die in row 3), so one roll may mark several spaces in one row.
- `locked`: three locks a row (`#`): nothing right of a standing lock may be marked; a player who
  marks nothing else may cross off a row's next lock (`unlockR`).

## Actions
`keep`, `reroll`; a choice of marks: `pass`, `RGB` (the dice that mark), `RG*` (hits: a `*`
after a die that hits), `R@1G@1B@4` (Kris-Kras: each die, `@`, the row it marks in), `unlockR`
(locked). Ids: 0 keep, 1 reroll, 2 + choice (choice = sum of option x radix**die, radix 2, 3
with hits, 7 with Kris-Kras), then 6 unlock ids with the Locked pad.

## Observation
`game, num_players, player, current_player, phase (roll | choose | over), turn, active, rerolled,
dice (0 once removed), removed, removed_at, chosen (who has chosen this roll), sheets ({design,
cells: 6 rows of codes 0 open, 1 mark, 2 lost, 3 hit, 4 void lock, 5 crossed-off lock}),
scores, last_roll, last, events, pad, width, open_after, winner, ended_by` and `my_choice` (own
seat only). Another player's choice stays secret until every player has chosen.

## Options
`pad`, `width` (12 / 6), `open_after` (auto / 0-9), `points` (linear / triangle), `sheets`
(random / designs per seat), `tiebreak` (draw / marks), `unlock` (void / mark), `max_turns`.

## Fast state
`game.new_fast_state(seed)` deals the game `new_initial_state(seed)` deals, with the RL step
(legal actions, mask, observation tensor, apply; `simultaneous_players` and `legal_for` for the
parallel env) in C (`fast.py`, `_fast.c`), equal to the reference state after every action; the
environments deal it. Every option but `pad=kriskras`, whose fast state is the reference state.

## Version history
- 1: first release.
"""

from ninetynine.core.agent import SearchHooks, register_search_hooks
from ninetynine.core.registry import Level, register_agent, register_levels

from .game import SixtoGame
from .heuristics import (
    GreedyAgent,
    evaluate,
    evaluate_calibrated,
    explain_choice,
    rollout_policy,
    search_candidates,
)
from .state import SixtoState

register_agent(
    "greedy",
    GreedyAgent,
    game_id=SixtoGame.game_id,
    doc="values each mark by the row, column (and area) points it moves towards, minus the "
    "spaces it burns; re-rolls when a sample of rolls promises more (games/sixto/heuristics.py)",
)

register_search_hooks(
    SixtoGame.game_id,
    SearchHooks(
        rollout=rollout_policy,
        candidates=search_candidates,
        evaluate=evaluate,
        depth=2,
        doc="greedy rollouts read from the state, cut after two turns and scored by the "
        "sheets' expected scores; the greedy choice of marks and its best one-die changes as "
        "the moves searched",
        evaluations={"calibrated": evaluate_calibrated},
    ),
)

# Named strengths for people (``play --seat hard``, the web lobby); (wins, games) heads-up,
# seats rotated, pooled from the ladder files of docs/reports (a test checks them).
register_levels(
    "sixto",
    [
        Level("easy", "greedy"),
        # random rollouts: about the strongest's wins at 0.4x its CPU (0.10 s a decision)
        Level("hard", "ismcts:200:random", vs_greedy=(119, 200), vs_random=(50, 50)),
        # the cut-off evaluation's scale by the dice removed (fitted on greedy self-play) and
        # a draw worth a quarter of a win to its own search: 0.37 s a decision, 0.64 s max
        Level(
            "strongest",
            "ismcts:200:eval=calibrated:draw=0.25",
            vs_greedy=(140, 200),
            vs_random=(200, 200),
        ),
    ],
)

__all__ = ["GreedyAgent", "SixtoGame", "SixtoState", "explain_choice"]
