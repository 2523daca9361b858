"""Tripwire observation tensors (for reinforcement learning; needs numpy).

:func:`encode` turns ``state.observation(player)`` into a fixed-length ``float32`` vector; it
reads that dict and nothing else, so no card the seat cannot see reaches the tensor. Every
value lies in ``[0, 1]``. Kind slices have 44 entries, indexed by card kind (``cards.py``:
0-29 Teal/Purple/Orange 1-10, 30-37 Grey 2-9, 38 Vector, 39 Volt, 40 Stasis, 41 [+], 42 [-],
43 Null) and hold the copies of each kind divided by the copies in the game's deck. Seats are
*relative* to the observer: entry ``k`` of a per-seat slice is seat ``(player + k) % n``
(``k = 0`` is the observer, ``k = 1`` the next seat in turn); a spectator's view
(``player=None``) starts at seat 0. Docks are 1, 2, 3 in order.

Layout for ``n`` players, ``492 + 9 n`` values (528 for 4 players), in this order
(``game.observation_tensor_layout()`` gives the offsets):

| name | length | meaning |
| --- | --- | --- |
| hand | 44 | own cards per kind / copies in the deck; all 0 for a spectator |
| has_hand | 1 | 1 for a seat's view, 0 for the spectator's |
| seat | n | the observer's seat (absolute), one-hot; all 0 for a spectator |
| current_player | n | the seat to act, one-hot by relative seat; all 0 once the game is over |
| turn_player | n | whose turn it is (also during its Attack Wave), one-hot by relative seat |
| phase | 3 | one-hot: play, wave, over |
| bonus_turn | 1 | 1 if this turn is a bonus turn |
| dock_color | 9 | per dock, its colour one-hot (Teal, Purple, Orange) |
| dock_value | 33 | per dock, its value one-hot (0 empty, 1-10) |
| dock_stack | 132 | per dock, the cards in its stack per kind / copies in the deck |
| dock_stack_size | 3 | per dock, cards in its stack / 20, capped at 1 |
| side_pile | 44 | cards in the side pile per kind / copies in the deck |
| draw_size | 1 | cards in the draw pile / cards in the deck |
| hand_sizes | n | cards in each hand / 20, capped at 1 |
| skips | n | turns each seat will lose / 3, capped at 1 |
| turn_played | 1 | cards played this turn / 10, capped at 1 |
| turn_docks | 3 | 1 for each dock played on this turn |
| turn_full | 3 | 1 for each dock that already took its one standard card or wild this turn |
| turn_neutral_dock | 4 | one-hot: the dock of this turn's neutral chain (none, 1, 2, 3) |
| turn_units | 1 | penalty units triggered this turn / 5, capped at 1 |
| turn_bonus | 1 | 1 if a bonus turn was earned this turn |
| turn_triple_possible | 1 | 1 if a Triple Play is still possible this turn |
| turn_triple | 1 | 1 if this turn made a Triple Play |
| wave_active | 1 | 1 while an Attack Wave travels |
| wave_initiator | n | who launched it, one-hot by relative seat |
| wave_units | 1 | its units / 5, capped at 1 |
| wave_remaining | 1 | its units still travelling / 5, capped at 1 |
| wave_target | n | the seat it now reaches, one-hot by relative seat |
| last_seat | n | who made the last move, one-hot by relative seat |
| last_action | 154 | the last move's action id, one-hot |
| deck | 44 | copies of each kind in the game's deck / 15 (the most option `deck` allows) |
| reshuffles | 1 | side-pile reshuffles / 10, capped at 1 |
| turn | 1 | turns begun / 200, capped at 1 |
| winner | n | the winner, one-hot by relative seat; all 0 before the end or for none |
| ended_by | 3 | one-hot: clear, blocked, turn_limit |

Not encoded: ``game``, ``num_players`` (fixed by the tensor's length), ``player`` (in
``seat``), the stack order on the docks and in the side pile (the dock's colour and value are
encoded), a wave's ``steps``, ``last_wave`` and ``events`` (the past the state has already
absorbed).

>>> import ninetynine
>>> game = ninetynine.load_game("tripwire", num_players=4)
>>> x = game.new_initial_state(seed=1).observation_tensor(0)
>>> x.shape == game.observation_tensor_shape == (528,), str(x.dtype)
(True, 'float32')
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ninetynine.core.tensor import Fractions, GameLayout, fraction, fraction_table, state_writer

from .actions import NUM_ACTIONS
from .cards import MAX_COPIES, NUM_KINDS
from .state import OVER, WAVE

if TYPE_CHECKING:
    from ninetynine.core.game import State

    from .game import TripwireGame
    from .state import TripwireState

PHASES = ("play", "wave", "over")
ENDINGS = ("clear", "blocked", "turn_limit")
DOCKS = 3
COLORS = 3
VALUES = 11  # 0 empty, 1-10
STACK_SCALE = 20
HAND_SCALE = 20
SKIP_SCALE = 3
PLAYED_SCALE = 10
UNIT_SCALE = 5
RESHUFFLE_SCALE = 10
TURN_SCALE = 200


def _rows(n: int) -> list[tuple[str, int, str]]:
    k = NUM_KINDS
    return [
        ("turn_player", n, "whose turn it is, one-hot by relative seat"),
        ("phase", len(PHASES), "one-hot: play, wave, over"),
        ("bonus_turn", 1, "1 if this turn is a bonus turn"),
        ("dock_color", DOCKS * COLORS, "per dock, its colour one-hot"),
        ("dock_value", DOCKS * VALUES, "per dock, its value one-hot (0 empty, 1-10)"),
        ("dock_stack", DOCKS * k, "per dock, stack cards per kind / copies in the deck"),
        ("dock_stack_size", DOCKS, f"per dock, cards in its stack / {STACK_SCALE}, capped"),
        ("side_pile", k, "cards in the side pile per kind / copies in the deck"),
        ("draw_size", 1, "cards in the draw pile / cards in the deck"),
        ("hand_sizes", n, f"cards in each hand / {HAND_SCALE}, capped at 1"),
        ("skips", n, f"turns each seat will lose / {SKIP_SCALE}, capped at 1"),
        ("turn_played", 1, f"cards played this turn / {PLAYED_SCALE}, capped at 1"),
        ("turn_docks", DOCKS, "1 for each dock played on this turn"),
        (
            "turn_full",
            DOCKS,
            "1 for each dock that already took its one standard card or wild this turn",
        ),
        ("turn_neutral_dock", DOCKS + 1, "one-hot: this turn's neutral-chain dock or none"),
        ("turn_units", 1, f"penalty units triggered this turn / {UNIT_SCALE}, capped"),
        ("turn_bonus", 1, "1 if a bonus turn was earned this turn"),
        ("turn_triple_possible", 1, "1 if a Triple Play is still possible this turn"),
        ("turn_triple", 1, "1 if this turn made a Triple Play"),
        ("wave_active", 1, "1 while an Attack Wave travels"),
        ("wave_initiator", n, "who launched the wave, one-hot by relative seat"),
        ("wave_units", 1, f"the wave's units / {UNIT_SCALE}, capped at 1"),
        ("wave_remaining", 1, f"its units still travelling / {UNIT_SCALE}, capped at 1"),
        ("wave_target", n, "the seat the wave now reaches, one-hot by relative seat"),
        ("last_seat", n, "who made the last move, one-hot by relative seat"),
        ("last_action", NUM_ACTIONS, "the last move's action id, one-hot"),
        ("deck", k, f"copies of each kind in the game's deck / {MAX_COPIES}"),
        ("reshuffles", 1, f"side-pile reshuffles / {RESHUFFLE_SCALE}, capped at 1"),
        ("turn", 1, f"turns begun / {TURN_SCALE}, capped at 1"),
        ("winner", n, "the winner, one-hot by relative seat; 0 before the end or none"),
        ("ended_by", len(ENDINGS), "one-hot: clear, blocked, turn_limit"),
    ]


#: The slices of :func:`encode`'s vector for a game (the table above): ``layout(game)``.
layout = GameLayout(_rows, hand=(NUM_KINDS, "own cards per kind / copies in the deck"))


def encode(game: Any, observation: Mapping[str, Any]) -> npt.NDArray[np.float32]:
    """``observation`` as the vector :func:`layout` lays out (``encode_observation``).

    :raises ValueError: an observation of another player count.
    """
    obs = observation
    e = layout.start_encoding(game, obs)
    deck: list[int] = obs["deck"]
    e.observer(obs, deck)
    e.seat("turn_player", obs["turn_player"])
    e.one_of("phase", PHASES, obs["phase"])
    e.flag("bonus_turn", obs["bonus_turn"])
    for d, dock in enumerate(obs["docks"]):
        e.one("dock_color", d * COLORS + int(dock["color"]))
        e.one("dock_value", d * VALUES + int(dock["value"]))
        e.counts("dock_stack", dock["stack"], deck, block=d * NUM_KINDS)
        e.value("dock_stack_size", len(dock["stack"]), STACK_SCALE, d)
    e.counts("side_pile", obs["side_pile"], deck)
    e.value("draw_size", obs["draw_size"], sum(deck))
    for k, s in enumerate(e.seats):
        e.value("hand_sizes", obs["hand_sizes"][s], HAND_SCALE, k)
        e.value("skips", obs["skips"][s], SKIP_SCALE, k)
    t = obs["this_turn"]
    e.value("turn_played", t["played"], PLAYED_SCALE)
    e.items("turn_docks", (d - 1 for d in t["docks"]))
    e.items("turn_full", (d - 1 for d in t["full"]))
    e.one("turn_neutral_dock", max(0, min(int(t["neutral_dock"]), DOCKS)))
    e.value("turn_units", t["units"], UNIT_SCALE)
    for name in ("bonus", "triple_possible", "triple"):
        e.flag(f"turn_{name}", t[name])
    wave = obs["wave"]
    if wave is not None:
        e.one("wave_active")
        e.seat("wave_initiator", wave["initiator"])
        e.value("wave_units", wave["units"], UNIT_SCALE)
        e.value("wave_remaining", wave["remaining"], UNIT_SCALE)
        e.seat("wave_target", wave["target"])
    last = obs["last"]
    if last is not None:
        e.seat("last_seat", last["seat"])
        e.one("last_action", int(last["action"]))
    for kind, m in enumerate(deck):
        e.value("deck", m, MAX_COPIES, kind)
    e.value("reshuffles", obs["reshuffles"], RESHUFFLE_SCALE)
    e.value("turn", obs["turn"], TURN_SCALE)
    return e.outcome(obs, ENDINGS)


def writer(game: TripwireGame) -> Callable[[State, int | None], npt.NDArray[np.float32]]:
    """Tripwire's ``Presentation.observation_tensor_writer`` (the encoding without the dict):
    no more than ``observation`` shows, ``player``'s own hand and not another's, nor the draw
    pile's order."""
    n, nk = game.num_players, NUM_KINDS
    at = layout.at(n)
    deck = list(game.counts)
    total_cards = sum(deck)
    # a count of cards never exceeds the cards in the game: a list covers every one
    cards = total_cards + 1
    kind_f = [fraction_table(m, cards) for m in deck]
    stack_f, hand_f = fraction_table(STACK_SCALE, cards), fraction_table(HAND_SCALE, cards)
    played_f, draw_f = fraction_table(PLAYED_SCALE, cards), fraction_table(total_cards, cards)
    skip_f, unit_f, reshuffle_f, turn_f = (
        Fractions(scale) for scale in (SKIP_SCALE, UNIT_SCALE, RESHUFFLE_SCALE, TURN_SCALE)
    )
    outcome = at.outcome_writer(n, ENDINGS)
    rotations = [[(k, (me + k) % n) for k in range(n)] for me in range(n)]

    def kinds(x: array[float], start: int, cards: list[int]) -> None:
        counts = [0] * nk
        for kind in cards:
            counts[kind] += 1
        for kind in set(cards):
            x[start + kind] = kind_f[kind][counts[kind]]

    def fill(x: array[float], st: TripwireState, player: int | None, me: int) -> None:
        if player is not None:
            kinds(x, at.hand, st.hands[player])
            x[at.has_hand] = 1.0
            x[at.seat + player] = 1.0
        phase = st.phase
        turn_player = st.player
        if phase != OVER:
            cur = st.w_target if phase == WAVE else turn_player
            if 0 <= cur < n:
                x[at.current_player + (cur - me) % n] = 1.0
        if 0 <= turn_player < n:
            x[at.turn_player + (turn_player - me) % n] = 1.0
        x[at.phase + phase] = 1.0
        if st.bonus_turn:
            x[at.bonus_turn] = 1.0
        colors, values, docks = st.colors, st.values, st.docks
        for d in range(DOCKS):
            x[at.dock_color + d * COLORS + colors[d]] = 1.0
            x[at.dock_value + d * VALUES + values[d]] = 1.0
            stack = docks[d]
            if stack:
                kinds(x, at.dock_stack + d * nk, stack)
                x[at.dock_stack_size + d] = stack_f[len(stack)]
        if st.side:
            kinds(x, at.side_pile, st.side)
        x[at.draw_size] = draw_f[len(st.draw)]
        hands, skips = st.hands, st.skips
        for k, s in rotations[me]:
            x[at.hand_sizes + k] = hand_f[len(hands[s])]
            if skips[s]:
                x[at.skips + k] = skip_f[skips[s]]
        x[at.turn_played] = played_f[st.t_played]
        for d in range(DOCKS):
            if st.t_docks >> d & 1:
                x[at.turn_docks + d] = 1.0
            if st.t_full >> d & 1:
                x[at.turn_full + d] = 1.0
        x[at.turn_neutral_dock + max(0, min(st.t_neutral + 1, DOCKS))] = 1.0
        x[at.turn_units] = unit_f[st.t_units]
        if st.t_bonus:
            x[at.turn_bonus] = 1.0
        if st.t_triple_ok:
            x[at.turn_triple_possible] = 1.0
        if st.t_triple:
            x[at.turn_triple] = 1.0
        if phase == WAVE:
            x[at.wave_active] = 1.0
            x[at.wave_units] = unit_f[st.w_units]
            x[at.wave_remaining] = unit_f[st.w_left]
            for start, s in ((at.wave_initiator, st.w_init), (at.wave_target, st.w_target)):
                if 0 <= s < n:
                    x[start + (s - me) % n] = 1.0
        last = st.last
        if last is not None:
            s = last[0]
            if 0 <= s < n:
                x[at.last_seat + (s - me) % n] = 1.0
            x[at.last_action + last[1]] = 1.0
        x[at.reshuffles] = reshuffle_f[st.reshuffles]
        x[at.turn] = turn_f[st.turn]
        outcome(x, st.winner_, st.ended_by, me)

    # the deck slice is the same in every state of the game
    deck_f = {at.deck + kind: fraction(m, MAX_COPIES) for kind, m in enumerate(deck)}
    return state_writer(at.size, fill, deck_f)
