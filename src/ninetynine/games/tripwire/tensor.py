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

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ninetynine.core.tensor import (
    TensorSlice,
    build_layout,
    check_num_players,
    fraction,
    relative_seats,
    slice_starts,
)

from .actions import NUM_ACTIONS
from .cards import MAX_COPIES, NUM_KINDS

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


@cache
def layout(num_players: int) -> list[TensorSlice]:
    """The slices of :func:`encode`'s vector for ``num_players`` seats (the table above)."""
    n, k = num_players, NUM_KINDS
    return build_layout(
        [
            ("hand", k, "own cards per kind / copies in the deck; all 0 for a spectator"),
            ("has_hand", 1, "1 for a seat's view, 0 for the spectator's"),
            ("seat", n, "the observer's seat (absolute), one-hot; all 0 for a spectator"),
            ("current_player", n, "the seat to act, one-hot by relative seat; 0 at the end"),
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
    )


@cache
def _offsets(num_players: int) -> tuple[int, dict[str, int]]:
    return slice_starts(layout(num_players))


def _kinds(
    x: npt.NDArray[np.float32], start: int, cards: Sequence[int], deck: Sequence[int]
) -> None:
    counts = [0] * NUM_KINDS
    for kind in cards:
        counts[kind] += 1
    for kind, m in enumerate(counts):
        if m:
            x[start + kind] = fraction(m, deck[kind])


def encode(observation: Mapping[str, Any], num_players: int) -> npt.NDArray[np.float32]:
    """``observation`` (from ``state.observation(player)``) as a ``float32`` vector laid out
    as :func:`layout` says.

    :raises ValueError: the observation is of a game with another player count.
    """
    obs = observation
    n = check_num_players(obs, num_players)
    size, off = _offsets(n)
    x = np.zeros(size, dtype=np.float32)
    ones: list[int] = []
    player = obs["player"]
    seats = relative_seats(player, n)
    rel = {s: k for k, s in enumerate(seats)}
    deck: list[int] = obs["deck"]

    def seat_one_hot(name: str, seat: Any) -> None:
        if seat is not None and 0 <= seat < n:
            ones.append(off[name] + rel[seat])

    hand = obs.get("hand")
    if hand is not None:
        _kinds(x, off["hand"], hand, deck)
        ones.append(off["has_hand"])
        ones.append(off["seat"] + player)
    seat_one_hot("current_player", obs["current_player"])
    seat_one_hot("turn_player", obs["turn_player"])
    ones.append(off["phase"] + PHASES.index(obs["phase"]))
    if obs["bonus_turn"]:
        ones.append(off["bonus_turn"])
    for d, dock in enumerate(obs["docks"]):
        ones.append(off["dock_color"] + d * COLORS + int(dock["color"]))
        ones.append(off["dock_value"] + d * VALUES + int(dock["value"]))
        _kinds(x, off["dock_stack"] + d * NUM_KINDS, dock["stack"], deck)
        x[off["dock_stack_size"] + d] = fraction(len(dock["stack"]), STACK_SCALE)
    _kinds(x, off["side_pile"], obs["side_pile"], deck)
    x[off["draw_size"]] = fraction(obs["draw_size"], sum(deck))
    for k, s in enumerate(seats):
        x[off["hand_sizes"] + k] = fraction(obs["hand_sizes"][s], HAND_SCALE)
        x[off["skips"] + k] = fraction(obs["skips"][s], SKIP_SCALE)
    t = obs["this_turn"]
    x[off["turn_played"]] = fraction(t["played"], PLAYED_SCALE)
    ones.extend(off["turn_docks"] + d - 1 for d in t["docks"])
    ones.extend(off["turn_full"] + d - 1 for d in t["full"])
    ones.append(off["turn_neutral_dock"] + max(0, min(int(t["neutral_dock"]), DOCKS)))
    x[off["turn_units"]] = fraction(t["units"], UNIT_SCALE)
    for name in ("bonus", "triple_possible", "triple"):
        if t[name]:
            ones.append(off[f"turn_{name}"])
    wave = obs["wave"]
    if wave is not None:
        ones.append(off["wave_active"])
        seat_one_hot("wave_initiator", wave["initiator"])
        x[off["wave_units"]] = fraction(wave["units"], UNIT_SCALE)
        x[off["wave_remaining"]] = fraction(wave["remaining"], UNIT_SCALE)
        seat_one_hot("wave_target", wave["target"])
    last = obs["last"]
    if last is not None:
        seat_one_hot("last_seat", last["seat"])
        ones.append(off["last_action"] + int(last["action"]))
    for kind, m in enumerate(deck):
        x[off["deck"] + kind] = fraction(m, MAX_COPIES)
    x[off["reshuffles"]] = fraction(obs["reshuffles"], RESHUFFLE_SCALE)
    x[off["turn"]] = fraction(obs["turn"], TURN_SCALE)
    seat_one_hot("winner", obs["winner"])
    if obs["ended_by"] in ENDINGS:
        ones.append(off["ended_by"] + ENDINGS.index(obs["ended_by"]))
    if ones:
        x[ones] = 1.0
    return x
