"""Tripwire search hooks: a fast greedy rollout policy and a fitted win-chance evaluation.

For search bots (:mod:`ninetynine.agents.ismcts`), registered with the game
(:class:`~ninetynine.core.agent.SearchHooks`). Search bots call these on their own
determinizations only, never on the true state, so reading the state here is fair.

* :func:`rollout_policy`: the ``greedy`` agent's move (:func:`~.heuristics.plan_turn`), read
  from the state through a slim observation with only the fields the planner uses, and the
  turn's plan reused while the turn goes as planned: the same moves as
  ``GreedyAgent(game).step(state.observation(p), legal)`` (a test checks it), faster.
* :func:`evaluate`: per seat, ``2 P(win) - 1`` from a conditional logit (a softmax over the
  seats) on :func:`features`; its weights were fitted on the turn-start positions of greedy
  self-play (``benchmarks/fit_evaluation.py tripwire``). A heads-up Tripwire rollout played to
  the end is about 160 turns (``ninetynine simulate tripwire --players 2``); cut after a few
  turns and scored by the model it costs a few per cent of that, so a search bot can afford
  many more of them in its time.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from ninetynine.core.util import softmax_returns

from .actions import DRAW, END, NULL_ACTION, TAKE
from .cards import MINUS, NULL, NUM_KINDS, PLUS, VECTOR, VOLT, is_standard, value_of
from .heuristics import game_plan
from .rules import slot_card, valid_slots
from .turn import OVER

if TYPE_CHECKING:
    from ninetynine.core.rng import Rng

#: Turns a search bot's rollout plays before the evaluation scores it.
DEPTH = 4

#: The cards that fit almost any dock (a Vector is any value, [+] / [-] move any value).
FLEXIBLE = (VECTOR, VOLT, PLUS, MINUS)

#: The standard 1s and 10s (each fits only a 2 or a 9 of its own colour).
RIGID = frozenset(k for k in range(NUM_KINDS) if is_standard(k) and value_of(k) in (1, 10))

#: The feature names of :func:`features` (one value each, per seat).
FEATURES = (
    "cards",
    "one_card",
    "two_cards",
    "nulls",
    "skips",
    "playable",
    "flexible",
    "rigid",
    "cards_late",
    "any_play",
)

#: Fitted weights per player count: (feature weights in :data:`FEATURES` order, the utility
#: of being 1, 2, ... seats after the seat to move). Fitted (conditional logit) on every third
#: turn-start position of 1,500 seeded self-play games per player count of version 2 of
#: ``greedy``, default options (``PYTHONPATH=src python benchmarks/fit_evaluation.py tripwire
#: --players N``). Held-out log-loss against the uniform guess: 0.654 / 0.693 (2 players;
#: 0.671 with version 1's seven features on the same games), 0.994 / 1.099 (3), 1.279 /
#: 1.386 (4), 1.320 / 1.609 (5), 1.438 / 1.792 (6): between greedy players the position says
#: little about the winner until a hand runs low (a luck-heavy game). A rigid card (a 1 or a
#: 10) weighs more than a card (it can take dozens of turns to fit), a Null nearly as much
#: (it leaves a hand only in an Attack Wave).
_WEIGHTS: dict[int, tuple[tuple[float, ...], tuple[float, ...]]] = {
    2: (
        (-0.0133, 0.3165, 0.1319, -0.1900, 0.1057, 0.0374, -0.0671, -0.3108, -0.1456, 0.1096),
        (-0.0025,),
    ),
    3: (
        (-0.0522, 0.2346, 0.0944, -0.4643, 0.0325, 0.1271, -0.0929, -0.4235, -0.3370, 0.0848),
        (-0.1489, 0.0259),
    ),
    4: (
        (-0.1168, 0.2397, 0.0604, -0.5133, -0.1817, 0.2466, -0.0363, -0.8537, 0.0000, 0.0265),
        (-0.0335, -0.0364, -0.0422),
    ),
    5: (
        (-0.2523, 0.2848, 0.1462, -0.6733, -0.1924, 0.2847, 0.1728, -1.0393, -0.2624, 0.1587),
        (-0.0348, -0.0746, -0.1128, -0.1353),
    ),
    6: (
        (-0.2766, 0.6370, 0.2898, -0.7773, -0.2309, 0.2944, 0.1994, -1.2778, 0.0000, 0.2848),
        (0.0028, -0.0675, -0.1475, -0.1422, -0.2049),
    ),
}


def features(state: Any, q: int) -> tuple[float, ...]:
    """Seat ``q``'s features in ``state`` (see :data:`FEATURES`): cards in hand, holding one
    card, holding two, Nulls held (at most 2), turns it will lose, hand cards that fit a dock
    now (at most 4), flexible cards held (Vector, Volt, [+], [-]; at most 3), rigid cards held
    (standard 1s and 10s: each fits only a 2 or a 9 of its colour), cards in hand times how
    far the game is into the second half of its safety stop (0 before half-way, 1 at the stop,
    where the fewest cards wins: D25), and whether any card fits a dock now."""
    hand = state.hands[q]
    cards = len(hand)
    table = valid_slots(state.game.rules)
    rows = [table[state.colors[d] * 10 + state.values[d]] for d in range(3)]
    playable = 0
    flexible = 0
    nulls = 0
    rigid = 0
    for k in hand:
        if k == NULL:
            nulls += 1
            continue
        if k in FLEXIBLE:
            flexible += 1
        elif k in RIGID:
            rigid += 1
        if rows[0][k] or rows[1][k] or rows[2][k]:
            playable += 1
    half = state.game.max_turns / 2
    late = max(0.0, (state.turn - half) / half)
    return (
        float(cards),
        1.0 if cards == 1 else 0.0,
        1.0 if cards == 2 else 0.0,
        float(min(nulls, 2)),
        float(state.skips[q]),
        float(min(playable, 4)),
        float(min(flexible, 3)),
        float(rigid),
        cards * late,
        1.0 if playable else 0.0,
    )


def evaluate(state: Any) -> list[float]:
    """Per seat, the expected return (``2 P(win) - 1``) of a non-terminal Tripwire state under
    the fitted model (a search bot's cut-off evaluation)."""
    n = state.game.num_players
    w, pos = _WEIGHTS[n]
    mover = state.current_player()
    utils = []
    for q in range(n):
        f = features(state, q)
        u = sum(a * b for a, b in zip(w, f, strict=True))
        k = (q - mover) % n
        if 0 < k <= len(pos):
            u += pos[k - 1]
        utils.append(u)
    return softmax_returns(utils)


def _plan_view(state: Any, p: int) -> dict[str, Any]:
    """The fields of ``state.observation(p)`` that :func:`plan_turn` reads, and no others."""
    return {
        "player": p,
        "num_players": state.game.num_players,
        "turn": state.turn,
        "hand": state.hands[p][:],
        "hand_sizes": [len(h) for h in state.hands],
        "deck": state.game.counts,
        "side_pile": state.side,
        "docks": [
            {"color": state.colors[d], "value": state.values[d], "stack": state.docks[d]}
            for d in range(3)
        ],
        "this_turn": state.this_turn_view(),
    }


#: The rest of the turn's plan: ``(key of the state it expects next, the moves left)``.
_PLAN: list[Any] = [None, ()]

#: Plans already made, by everything :func:`plan_turn` reads from its view (see
#: :func:`_view_key`): a search bot replays the same position on many determinizations, and
#: the plan of the seat it searches for depends only on what that seat sees, so the plan of
#: the rest of the root turn (and often more) is made once per decision instead of once per
#: rollout. Cleared when it holds :data:`MEMO_SIZE` plans.
_MEMO: dict[tuple[Any, ...], tuple[int, ...]] = {}
MEMO_SIZE = 20_000


def _view_key(state: Any, p: int) -> tuple[Any, ...]:
    """Everything of :func:`_plan_view` that :func:`plan_turn` reads (the seat, its hand,
    the hand sizes, the Nulls seen and the cards out of sight, the docks, the turn so far)
    and the game's options."""
    g = state.game
    side = state.side
    return (
        p,
        tuple(state.hands[p]),
        tuple(len(h) for h in state.hands),
        side.count(NULL),
        len(side) + sum(len(st) for st in state.docks),
        tuple(state.colors),
        tuple(state.values),
        state.t_played,
        state.t_docks,
        state.t_full,
        state.t_neutral,
        state.t_units,
        state.t_bonus,
        state.t_triple_ok,
        state.t_triple,
        g.rules,
        g.chain,
        g.one_per_dock,
        g.volt_bonus,
        g.turn_waves,
        tuple(g.counts),
    )


def _key(state: Any, played: int, hand: tuple[int, ...]) -> tuple[Any, ...]:
    return (state.player, state.turn, played, hand, len(state.hist))


def rollout_policy(state: Any, rng: Any = None) -> int:
    """The ``greedy`` agent's move in ``state`` (a Tripwire state); ``rng`` is unused (the
    greedy agent is deterministic).

    As the greedy agent does, the rest of a turn's plan is reused for the turn's next moves:
    it is kept with the key of the state it expects next (seat, turn, cards played, hand,
    actions so far), which only the next move of the same turn can match (a plan depends only
    on what the seat sees, so a plan made on another determinization of the same position is
    the same plan)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return int(legal[0])
    if NULL_ACTION in legal:  # an Attack Wave: a held Null is always played
        return NULL_ACTION
    if TAKE in legal:
        return TAKE
    p = state.player
    hand = tuple(state.hands[p])
    rest: tuple[int, ...]
    if _PLAN[0] == _key(state, state.t_played, hand):
        rest = _PLAN[1]  # may be empty: the plan ends the turn here
    else:
        key = _view_key(state, p)
        memo = _MEMO.get(key)
        if memo is None:
            memo = game_plan(_plan_view(state, p), state.game)
            if len(_MEMO) >= MEMO_SIZE:
                _MEMO.clear()
            _MEMO[key] = memo
        rest = memo
    _PLAN[0] = None
    if rest and rest[0] in legal:
        a = rest[0]
        i = hand.index(slot_card(a % 50))
        after = hand[:i] + hand[i + 1 :]
        _PLAN[0] = (p, state.turn, state.t_played + 1, after, len(state.hist) + 1)
        _PLAN[1] = rest[1:]
        return int(a)
    if END in legal:
        return END
    if DRAW in legal:
        return DRAW
    return int(legal[0])


# ----------------------------------------------------------------------------- fast rollouts
#: Per kind, its class in :func:`features` for the C side: 0 plain, 1 flexible, 2 rigid, 3 Null.
_CLASSES = bytes(
    3 if k == NULL else 1 if k in FLEXIBLE else 2 if k in RIGID else 0 for k in range(NUM_KINDS)
)


def pack_state(state: Any) -> array[int]:
    """``state`` (a live :class:`~.state.TripwireState`) as the int64s ``_fast.c``'s
    ``load_position`` reads: the turn, the turn so far and the wave, the last move, the docks'
    colours and values, per seat its skips and hand, then the draw pile, the side pile and
    the three dock stacks (each its length, then its cards)."""
    last = state.last
    v = [
        *(state.phase, state.player, int(state.bonus_turn), state.turn, state.t_played),
        *(state.t_docks, state.t_full, state.t_neutral, state.t_units, int(state.t_bonus)),
        *(int(state.t_triple_ok), int(state.t_triple), state.w_init, state.w_units),
        *(state.w_left, state.w_target, state.reshuffles),
        *((-1, 0) if last is None else (last[0], last[1])),
        *state.colors,
        *state.values,
    ]
    for q, hand in enumerate(state.hands):
        v += (state.skips[q], len(hand), *hand)
    for pile in (state.draw, state.side, *state.docks):
        v.append(len(pile))
        v += pile
    return array("q", v)


def fast_rollout(
    state: Any, policy: str, rng: Rng, depth: int | None, first: int | None = None
) -> tuple[list[float], int] | None:
    """The ``fast_rollout`` search hook: ``(values, moves)`` of the search bot's random
    rollout from ``state`` (after the move ``first``, not counted) played in C (``_fast.c``'s
    ``rollout``), cut after ``depth`` turns and scored by :func:`evaluate` as the Python
    rollout is: the same values, moves and draws of ``rng`` (advanced as the Python rollout
    advances it; a test checks them). ``None`` (the Python rollout plays) for the greedy
    policy, a finished game, a state that is not a reference :class:`~.state.TripwireState`,
    or without the compiled module.

    :raises ValueError: ``first`` is not legal in ``state``.
    """
    if policy != "random" or not hasattr(state, "hands") or state.phase == OVER:
        return None
    from .fast import PATH

    mod = PATH.module
    if mod is None:
        return None
    game = state.game
    weights = game.__dict__.get("_rollout_weights")
    if weights is None:
        w, pos = _WEIGHTS[game.num_players]
        weights = game.__dict__["_rollout_weights"] = array("d", [*w, *pos]).tobytes()
    values, steps, r = mod.rollout(
        PATH.params(game),
        pack_state(state),
        state.rng.getstate(),
        rng.getstate(),
        depth or 0,
        -1 if first is None else first,
        weights,
        _CLASSES,
    )
    rng.setstate(r)
    return values, steps


__all__ = [
    "DEPTH",
    "FEATURES",
    "evaluate",
    "fast_rollout",
    "features",
    "pack_state",
    "rollout_policy",
]
