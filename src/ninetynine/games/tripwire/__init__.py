"""# Tripwire

Source: Tripwire System Manual v3.0. Rules decisions: `docs/rules/tripwire.md` (D1-D28).

| property | value |
| --- | --- |
| game id | `tripwire` |
| players | 2-6 (default 4) |
| components | 65: 62 cards and 3 Sector Markers (the docks: 1 Teal, 2 Purple, 3 Orange) |
| cards | Teal/Purple/Orange 1-10, Grey 2-9, 3 Vector, 3 Volt, 3 Stasis, 5 [+], 5 [-], 5 Null |
| card | its kind 0-43: colour x 10 + value - 1, Grey 30-37, Vec 38 ... Null 43 (`cards.py`) |
| distinct actions | 154 |
| max game length | `max_turns` x (cards + 1 + players) (`auto`: 500 turns heads-up, else 1000) |
| chance | inside the state (the shuffle at setup, side-pile reshuffles), from the seed |
| returns | +1 the first to empty their hand, -1 every other seat (blocked, turn limit: D24) |
| version | 3 (records of version 2 replay with `penalty_timing=turn`, `bonus_no_play=lose`) |

## A turn
Play cards on the three docks, one at a time: on an empty dock a standard 2-9 of the dock's
marker colour; on a dock of colour C and value V a standard card of colour C and value V±1
(Standard Play), a standard card of value V in any colour (Number Match: the dock takes its
colour), a Vector as V±1, a Volt on a 2 or a 9, a Stasis (a 5) on a 3, 4 or 6, a Grey V±1, a
[+] or [-] (the value stays 2-9). One standard card or wild per dock a turn; Grey and [+]/[-]
chain without limit, all on one dock. A player who can play must play one card, then may
`end`; one who cannot must `draw` (a bonus turn too). A 1 (or a Volt on a 2) is a
**Defuse**: the stack goes to the side pile and the player earns a bonus turn. A 10 (or a Volt
on a 9) is a **Tripwire**: the stack goes to the side pile and one penalty unit is triggered;
so is one by each Stasis and by a **Triple Play** (a card on every dock in one turn, all three
docks filled when it began). A Volt earns the bonus turn either way.

## Attack Waves
The penalty units a card triggers leave at once as an Attack Wave to the next players in turn
(the two of a Tripwire or Stasis that completes a Triple Play travel together); the turn goes
on when the wave is over. Each target plays `null` (a Null card: safe, one unit cancelled) or,
only without a Null, `take` (draw one card, skip a turn, one unit absorbed); the rest passes
on. Units that come back
to the player who launched the wave are all taken by that player (the Wall Rule). The first
player to play their last card wins at once, before any penalty still pending: System Clear!

## Actions
Cards: `T7` Teal 7, `P10` Purple 10, `O1` Orange 1, `G5` Grey 5, `Vec`, `Volt`, `Stasis`,
`Plus` [+], `Minus` [-], `Null`. A play is `50 x (dock - 1) + j`:

| j / ids | notation | move |
| --- | --- | --- |
| 0-29 | `T7>1` | a standard card on dock 1-3 (j = 10 x colour + value - 1; colours T, P, O) |
| 30-37 | `G5>2` | a Grey 2-9 |
| 38-45 | `Vec6>3` | a Vector played as 2-9 |
| 46 / 47 | `Volt>1` / `Stasis>2` | a Volt / a Stasis |
| 48 / 49 | `Plus>3` / `Minus>3` | a [+] / a [-] |
| 150 | `null` | answer an Attack Wave with a Null |
| 151 | `take` | take the hit (the only answer at the wall or without a Null) |
| 152 | `draw` | no valid play: draw one card, the turn ends |
| 153 | `end` | end the turn |

## Observation
`game, num_players, player, current_player, phase (play | wave | over), turn, turn_player,
bonus_turn, docks ([{dock, marker, color, value (0 empty), stack}]), side_pile, draw_size,
hand_sizes, skips, this_turn ({played, docks, full, neutral_dock, units, bonus, triple_possible,
triple}), wave ({initiator, units, remaining, target, steps: [{seat, result, units}]} or null),
last_wave, last ({seat, action}), events (what the last action caused), deck (copies per kind),
reshuffles, winner, ended_by (clear | blocked | turn_limit)` and `hand` (own seat only, sorted
kinds).

## Options
`per_dock` (one / any), `priming` (marker / any), `stop_early` (true / false), `volt_bonus`
(always / defuse), `stasis` (literal / sequence), `chain` (protocol / deflect), `must_null`
(true / false), `penalty_timing` (immediate / turn: a turn's units leave as one wave when it
ends), `bonus_no_play` (draw / lose: a bonus turn without a play is lost), `wall` (all / one),
`deck` (copies of Vec, Volt, Stasis, Plus, Minus, Null), `max_turns` (safety stop).

## Search hooks
For search bots (`ismcts`): `search.py` gives the greedy agent's moves straight from a
determinization (the rollout policy; its plans are memoised by what the seat sees) and a
fitted win-chance evaluation (hand size, Nulls, skips, playable, flexible and rigid cards per
seat, cards held late in the safety stop); rollouts are cut after 4 turns (`DEPTH`). Random
rollouts (`ismcts:N:random`) and the evaluation also run in C (`fast_rollout`: the same values,
moves and draws, a differential test checks them; about 4x less CPU a decision). An opponent
model (`inference.py`, `ismcts:N:infer=1`): a seat that drew held no card that fitted a dock,
one that took a hit outside the wall held no Null, so each determinization re-deals the other
hands to obey that, read from the public record alone; heads-up, `ismcts:N:infer=M` (M >= 2)
also weighs M such re-deals by whether `greedy` would have played the other seat's latest
three turns with a play as it did (a soft likelihood of its own choices).

## Fast state
`game.new_fast_state(seed)` deals the game `new_initial_state(seed)` deals, with the RL step
(legal actions, mask, observation tensor, apply, the Gymnasium env's random bots) in C
(`fast.py`, `_fast.c`; every option), equal to the reference after every action; the rest
(observation dict, resample, JSON) comes from the reference state replayed from the seed.

## Bots
`greedy` plans its whole turn (`heuristics.py`): the most cards shed, its Tripwires and Triple
Plays timed, up to two cards that still fit kept for the next turn. `greedy1` is version 1 of
it (no value for kept cards), kept for comparison.

## Version history
- 1: first release.
- 2: review fixes. Any valid Volt earns the bonus turn (D14; `volt_bonus=defuse` the old
  reading); a wave's target holding a Null must play it (D18; `must_null=false` the old free
  choice); option `penalty_timing=immediate` (D17); a win with the last card ends the game before
  the turn's penalties and the dropped units are counted (`units_dropped`, D23, D27); a
  same-colour Number Match is no hijack (event effect `match`; stat `hijacks` replaces
  `number_matches`, D6); loaded states are validated; `T7>4` says there is no dock 4 (D28);
  `max_turns=auto` (D25): 500 turns heads-up, 1000 with more players.
- 3: the rulebook's readings. "4. Penalty Interrupt: Resolve penalties immediately": each
  card's units leave at once and the turn goes on (D17; `penalty_timing=turn` the old reading);
  "2. If No Plays: Draw exactly 1 card" holds in a bonus turn too (D14; `bonus_no_play=lose`
  the old reading). Records of version 2 replay with those two options.
"""

from ninetynine.core.agent import SearchHooks, register_search_hooks
from ninetynine.core.registry import Level, register_agent, register_levels

from .game import TripwireGame
from .heuristics import GreedyAgent, GreedyV1Agent, explain_choice, plan_turn
from .inference import reweigh
from .search import DEPTH, evaluate, fast_rollout, rollout_policy
from .state import TripwireState

register_agent(
    "greedy",
    GreedyAgent,
    game_id=TripwireGame.game_id,
    doc="plans the whole turn: sheds the most cards, keeps Nulls for defence, times Tripwires "
    "and Triple Plays against the leader (games/tripwire/heuristics.py)",
)

register_agent(
    "greedy1",
    GreedyV1Agent,
    game_id=TripwireGame.game_id,
    doc="version 1 of greedy (no value for the playable cards it keeps), for comparison",
)

register_search_hooks(
    TripwireGame.game_id,
    SearchHooks(
        rollout=rollout_policy,
        evaluate=evaluate,
        depth=DEPTH,
        doc="greedy rollouts on the state, cut after a few turns and scored by a fitted "
        "win-chance model (hand sizes, Nulls, skips, playable cards); random rollouts in C",
        fast_rollout=fast_rollout,
        reweigh=reweigh,
    ),
)

# Named strengths for people (``play --seat hard``, the web lobby); (wins, games) heads-up,
# seats rotated, pooled from the ladder files of docs/reports (a test checks them).
register_levels(
    "tripwire",
    [
        Level("easy", "greedy1", vs_greedy=(89, 200), vs_random=(120, 200)),
        Level("medium", "greedy", vs_random=(122, 200)),
        Level("hard", "ismcts:200", vs_greedy=(248, 400), vs_random=(183, 250)),
        Level(
            "strongest",
            "ismcts:1000:random:infer=128",
            vs_greedy=(141, 200),
            vs_random=(140, 200),
        ),
    ],
)

__all__ = ["GreedyAgent", "TripwireGame", "TripwireState", "explain_choice", "plan_turn"]
