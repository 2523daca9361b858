"""# Warp 99 (and Ninety Nine, the classic, on the same engine)

Source: Warp 99 rulebook (Warp 99), Ninety Nine and Sixto overviews (Ninety Nine).
Rules decisions: `docs/rules/warp99.md`, `docs/rules/ninetynine.md`.

| property | value |
| --- | --- |
| game ids | `warp99`, `ninetynine` |
| players | 2-4 (default 3) |
| cards | 110: values 0-10 in ten colours (letters R Y G A L P O B T K) |
| card id | `color * 11 + value` |
| distinct actions | 337 |
| chance | inside the state (shuffle at setup, reserve rebuilds), from the seed |
| returns | +1 the first seat to reach the target (99), -1 every other seat |

## A turn
Action A puts exactly one hand card into the personal row (higher than the last, a colour not
yet in the row); the row may be scored first (length squared) and must be if no card fits.
Action B plays any number of cards on the two discard piles, each matching at least one active
rule against the pile's top. Action C draws back to 6. Emptying the hand in Action B refills it
and repeats A-B-C; a play matching two rules earns an optional extra card; a player who cannot
discard right after Action A may reveal the hand and flip one rule card (once per turn). An
emptied personal deck scores 15 and is replaced by 15 reserve cards. 99 points win at once.

## Actions
Cards are written as a colour letter and a value: `R` red, `Y` yellow, `G` green, `A` gray,
`L` light blue, `P` purple, `O` orange, `B` blue, `T` tan, `K` pink (`R7` is red 7).

| ids | notation | move |
| --- | --- | --- |
| 0-109 | `R7` | Action A: card into the personal row |
| 110-219 | `R7>1` | Action B: card onto discard pile 1 |
| 220-329 | `R7>2` | Action B: card onto discard pile 2 |
| 330 | `score` | score and clear the row (Action A, before the card) |
| 331 | `end` | end Action B; Action C; next player |
| 332 / 333 | `take` / `decline` | the extra card for a double match |
| 334-336 | `flip1`-`flip3` | stuck after Action A: reveal the hand, flip rule card 1-3 |

## Observation
`game, num_players, player, current_player, phase (row | discard | extra_card | over), turn,
rule_sides, rules, piles, rows, scores, deck_sizes, hand_sizes, reserve_size, reserve_discard,
revealed, flip_used, plays, target, winner` and `hand` (own seat only).

## Version history
- 1: first release.
- 2 (warp99 only): a double match offers the extra card even when the personal deck is empty;
  the deck is topped up from the reserve first, as for any draw (W6, W9).
"""

from typing import Any

from ninetynine.core.agent import SearchHooks, register_search_hooks
from ninetynine.core.registry import Level, register_agent, register_levels

from .game import NinetyNineGame, Warp99Game
from .heuristics import (
    _EVAL_WEIGHTS,
    GreedyAgent,
    LookPolicy,
    evaluate,
    rollout_policy,
    search_candidates,
    solve_discards,
)
from .state import Warp99State
from .value import FEATURES as VALUE_FEATURES
from .value import features as value_features


def _fast_rollout(*args: Any, **kwargs: Any) -> tuple[list[float], int] | None:
    """``batched.rollout.fast_rollout(*args, **kwargs)``: the search rollouts on the compiled core,
    imported at the first call (it needs numpy; ``None`` without numpy or the core). The
    arguments are that function's: its signature is written there only."""
    try:
        from .batched.rollout import fast_rollout
    except ImportError:
        return None
    return fast_rollout(*args, **kwargs)


def _value_positions(game: Any, games: int, seed: int, every: int) -> tuple[Any, Any, Any]:
    from .value import positions

    return positions(game, games, seed, every)


def _value_baseline(game: Any, X: Any) -> Any:
    """``heuristics.evaluate``'s seat scores from value features ``X`` [m, n, F] (its terms are
    features 0-8; the seat positions 18-20)."""
    import numpy as np

    w, pos_w = _EVAL_WEIGHTS[bool(game.bonus_rule)][game.num_players]
    pos = np.zeros(3)
    pos[: len(pos_w)] = pos_w
    return X[:, :, :9] @ np.array(w) + X[:, :, 18:21] @ pos


for _gid in (Warp99Game.game_id, NinetyNineGame.game_id):
    register_agent(
        "greedy",
        GreedyAgent,
        game_id=_gid,
        doc="exact discard solver + row-value heuristic (games/warp99/heuristics.py)",
    )
    register_search_hooks(
        _gid,
        SearchHooks(
            rollout=rollout_policy,
            candidates=search_candidates,
            evaluate=evaluate,
            depth=1,
            doc="greedy rollouts cut after the turn and scored by a fitted win-chance model; "
            "Action B as a macro move (the discard solver's plan, or end)",
            fast_rollout=_fast_rollout,
            value_features=value_features,
            value_feature_names=VALUE_FEATURES,
            value_positions=_value_positions,
            value_baseline=_value_baseline,
            look=LookPolicy,
        ),
    )

# Named strengths for people (``play --seat hard``, the web lobby); (wins, games) heads-up,
# seats rotated, pooled from the ladder files of docs/reports (a test checks them). Both games
# climb the same ladder of bots but the last: Warp 99's strongest is the search with the learned
# value model (agents/value.py) whose rollouts choose the rest of the bot's turn by that model
# (``look``), 0.28 s CPU for its slowest decision; Ninety Nine's the search at 5000 rollouts with
# a cap on the moves they play (docs/reports/ladder.md). Every level won all its 200 games
# against random.
#: game id: (the strongest bot, and medium's, hard's and strongest's wins against greedy)
_LEVELS = {
    Warp99Game.game_id: ("ismcts:1000:value:look", (114, 200), (115, 200), (201, 300)),
    NinetyNineGame.game_id: ("ismcts:5000:steps=20000", (119, 200), (129, 200), (134, 200)),
}
for _gid, (_strongest, _medium, _hard, _top) in _LEVELS.items():
    register_levels(
        _gid,
        [
            Level("easy", "greedy", vs_random=(200, 200)),
            Level("medium", "ismcts:200", vs_greedy=_medium, vs_random=(200, 200)),
            Level("hard", "ismcts:1000", vs_greedy=_hard, vs_random=(200, 200)),
            Level("strongest", _strongest, vs_greedy=_top, vs_random=(200, 200)),
        ],
    )

__all__ = ["GreedyAgent", "NinetyNineGame", "Warp99Game", "Warp99State", "solve_discards"]
