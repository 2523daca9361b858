"""# 99 Heroes

Source: 99 Heroes rulebook. Rules decisions: `docs/rules/heroes99.md` (H1-H24). Heroes
are data: `games/heroes99/heroes/*.toml`, format in `docs/rules/heroes99-heroes.md`
(`ninetynine heroes` lists them, `-o heroes=DIR` adds a designer's files).

| property | value |
| --- | --- |
| game id | `heroes99` |
| players | 2-4 (default 2) |
| components | a 52-card deck per player (no jokers); 19 heroes (data files) |
| card | id `suit x 13 + rank - 1` (clubs, diamonds, hearts, spades; ace 1 .. king 13) |
| distinct actions | `H L + 52 L + 6 + n L + 52 + 5 n L + L + 8` (318: 19 heroes, 3 lanes, 2 seats)|
| max game length | the placements + 47 turns per player, each bounded by the roster's effects |
| chance | inside the state (each seat's shuffle, the first player), from the seed |
| returns | +1 the most points (equal: the most Strength), -1 every other seat; a draw 0 |
| version | 2 (records of version 1 replay with `end=turn`) |

## A game
Each player places 3 heroes (option `team`) face-down, one per lane; they are revealed when
everyone has placed them and a random player starts. A turn: **upkeep** (abilities), **draw**
a card, **play** a card on one of your heroes with room (2 or fewer active cards), **activate a
skill** of that hero whose rank or suit matches the card (optional, one), **end** (abilities),
then a **Bonus Turn** if earned. Effects: Bolster X, bolster from hand, draw, discard, Shift,
Swap, Clash, Resolve a Lane, Bonus Turn. The game ends at once, right after the step that did
it, when any player cannot draw (an empty deck) or cannot play (no hero with room; an empty
hand at its own play step). A hero's Strength is its active cards (face cards 5, ace 1) plus 1
per bolster; each hero scores 1 point per other hero in its lane it exceeds; most points wins
(equal: the most Strength over all lanes).

## Actions
| ids | notation | move |
| --- | --- | --- |
| pick | `bastion@2` | place a hero face-down in lane 2 (others see `hero-placed`) |
| play | `7H>2` | play the seven of hearts on your hero in lane 2 |
| skill | `skill1` .. `skill3` | activate that skill of the hero just played on |
| pass / use / bonus | `pass`, `use`, `bonus` | decline; use an optional ability; take a Bonus Turn|
| hero | `s1L2` | choose seat 1's hero in lane 2 (bolster, shift, swap, discard targets) |
| card | `7H` | choose a card of your hand (discard, bolster from hand, Clash) |
| active | `7H@s1L2` | choose an active card of a hero (`#2@s1L2`: the second) |
| lane / order | `lane2`, `order1` | a lane to resolve; which waiting ability resolves first |

## Observation
`phase` (pick / play / over), `turn`, `turn_player`, `first_player`, `bonus_turn`,
`bonus_earned`, `picks_made`, `heroes`, `active`, `bolsters` (owner and origin only),
`strength`, `lane_points`, `lane_result`, `points`, `hand_sizes`, `deck_sizes`, `discards`,
`removed`, `pending` (the decision asked now), `queue`, `clash`, `last`, `events`, `winner`,
`ended_by`, `end_seat`; own only: `hand`, `my_heroes` (before the reveal), `my_bolsters`,
`my_clash`.

## Options
`team` (heroes per player, 1-5), `heroes` (directories of extra hero files), `ace` (1 or 11),
`tiebreak` (strength / draw), `winner` (points / lanes: the most lanes won, § Overview),
`end` (immediate / turn: only at the turn player's own draw or play step).

## Version history
- 1: first release.
- 2: the game ends the moment any player cannot draw or cannot play ("Once either condition
  happens, the game ends immediately", H6; `end=turn` the old reading: at the turn player's
  own step); option `winner=lanes` (H7).
"""

from ninetynine.core.agent import SearchHooks, register_search_hooks
from ninetynine.core.registry import Level, register_agent, register_levels

from .game import HeroesGame
from .heuristics import GreedyAgent, evaluate_for_search, explain_choice, rollout_policy
from .state import HeroesState

register_agent(
    "greedy",
    GreedyAgent,
    game_id=HeroesGame.game_id,
    doc="plays each turn on a rebuilt position: wins lanes by small margins, uses skills and "
    "their targets where they swing a lane; places heroes at random (games/heroes99/heuristics.py)",
)

register_search_hooks(
    HeroesGame.game_id,
    SearchHooks(
        rollout=rollout_policy,  # type: ignore[arg-type]
        evaluate=evaluate_for_search,  # type: ignore[arg-type]
        depth=0,
        doc="rollouts put each card where it raises its lane's value most and use every skill",
    ),
)

# Named strengths for people (``play --seat hard``, the web lobby); (wins, games) heads-up,
# seats rotated, pooled from the ladder files of docs/reports (a test checks them).
register_levels(
    "heroes99",
    [
        Level("easy", "greedy"),
        Level("medium", "ismcts:50", vs_greedy=(34, 60)),
        Level("hard", "ismcts:100", vs_greedy=(37, 60)),
        Level("strongest", "ismcts:200:steps=5000", vs_greedy=(152, 200), vs_random=(198, 200)),
    ],
)

__all__ = ["GreedyAgent", "HeroesGame", "HeroesState", "explain_choice"]
