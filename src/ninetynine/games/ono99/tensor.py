"""ONO 99 observation tensors (for reinforcement learning; needs numpy).

:func:`encode` turns ``state.observation(player)`` into a fixed-length ``float32`` vector; it
reads that dict and nothing else, so no card the seat cannot see reaches the tensor. Every
value lies in ``[0, 1]``. Kind slices have 15 entries, indexed by card kind (0-10 the numbers,
11 Minus 10, 12 Reverse, 13 Play 2, 14 ONO 99; ``cards.py``). Seats are *relative* to the
observer: entry ``k`` of a per-seat slice is seat ``(player + k) % n`` (``k = 0`` is the
observer, ``k = 1`` the next seat clockwise); a spectator's view (``player=None``) starts at
seat 0.

Layout for ``n`` players, ``98 + 8 n`` values (130 for 4 players), in this order
(``game.observation_tensor_layout()`` gives the offsets):

| name | length | meaning |
| --- | --- | --- |
| hand | 15 | own cards per kind / 4 (a hand holds four cards); all 0 for a spectator |
| has_hand | 1 | 1 for a seat's view, 0 for the spectator's |
| seat | n | the observer's seat (absolute), one-hot; all 0 for a spectator |
| current_player | n | the seat to act, one-hot by relative seat; all 0 once the game is over |
| total | 1 | the running total / 98 |
| headroom | 11 | one-hot of min(98 - total, 10): how much the total may still grow |
| direction | 1 | 1 while play goes clockwise (to increasing seats), 0 reversed |
| play2 | 3 | one-hot: Play 2 turns the seat to act still owes (0, 1, 2) |
| in_game | n | 1 for each relative seat still in the game |
| hand_sizes | n | cards in each hand / 4, capped at 1 |
| out_sizes | n | face-down cards of each seat that left / 4, capped at 1 |
| out_order | n | for a seat that left, (its place in the order of leaving + 1) / n; else 0 |
| played_top | 15 | the top card of the played pile, one-hot; all 0 if the pile is empty |
| played_counts | 15 | cards of each kind in the played pile / copies of that kind in the deck |
| draw_size | 1 | cards in the draw pile / cards in the deck |
| deck | 15 | copies of each kind in the game's deck / 40 (the most option `deck` allows) |
| last_seat | n | who made the last move, one-hot by relative seat; 0 before the first |
| last_action | 15 | the last move's action id (kinds 0-13, 14 exchange), one-hot |
| turn | 1 | turns taken / 200, capped at 1 |
| round | 1 | round / 50, capped at 1 |
| rebuilds | 1 | draw-pile rebuilds / 10, capped at 1 |
| winner | n | the winner, one-hot by relative seat; all 0 before the end or for a draw |
| ended_by | 2 | one-hot: the last player left, the safety stop (turn limit) |

Not encoded: ``game``, ``num_players`` (fixed by the tensor's length), ``player`` (in
``seat``), the rounds, turns and totals in ``eliminations`` (their order is in ``out_order``)
and the total in ``last`` (the running total is in ``total``).

>>> import ninetynine
>>> game = ninetynine.load_game("ono99", num_players=4)
>>> x = game.new_initial_state(seed=1).observation_tensor(2)
>>> x.shape == game.observation_tensor_shape == (130,), str(x.dtype)
(True, 'float32')
>>> float(x[:15].sum() * 4)  # four hand cards
4.0
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ninetynine.core.tensor import Fractions, GameLayout, fraction, fraction_table, state_writer

from .cards import MAX_COPIES, NUM_KINDS

if TYPE_CHECKING:
    from ninetynine.core.game import State

    from .game import Ono99Game
    from .state import Ono99State

HAND_SCALE = 4
MAX_TOTAL = 98
HEADROOM = 10
TURN_SCALE = 200
ROUND_SCALE = 50
REBUILD_SCALE = 10
ENDINGS = ("last_player", "turn_limit")
NUM_ACTIONS = NUM_KINDS  # 0-13 play a kind, 14 exchange


def _rows(n: int) -> list[tuple[str, int, str]]:
    k = NUM_KINDS
    return [
        ("total", 1, f"the running total / {MAX_TOTAL}"),
        ("headroom", HEADROOM + 1, f"one-hot of min({MAX_TOTAL} - total, {HEADROOM})"),
        ("direction", 1, "1 while play goes clockwise (to increasing seats), 0 reversed"),
        ("play2", 3, "one-hot: Play 2 turns the seat to act still owes (0, 1, 2)"),
        ("in_game", n, "1 for each relative seat still in the game"),
        ("hand_sizes", n, f"cards in each hand / {HAND_SCALE}, capped at 1"),
        ("out_sizes", n, f"face-down cards of each seat that left / {HAND_SCALE}, capped"),
        ("out_order", n, "for a seat that left, (its place in the order of leaving + 1) / n"),
        ("played_top", k, "the top card of the played pile, one-hot"),
        ("played_counts", k, "cards of each kind in the played pile / copies in the deck"),
        ("draw_size", 1, "cards in the draw pile / cards in the deck"),
        ("deck", k, f"copies of each kind in the game's deck / {MAX_COPIES}"),
        ("last_seat", n, "who made the last move, one-hot by relative seat"),
        ("last_action", NUM_ACTIONS, "the last move's action id, one-hot"),
        ("turn", 1, f"turns taken / {TURN_SCALE}, capped at 1"),
        ("round", 1, f"round / {ROUND_SCALE}, capped at 1"),
        ("rebuilds", 1, f"draw-pile rebuilds / {REBUILD_SCALE}, capped at 1"),
        ("winner", n, "the winner, one-hot by relative seat; 0 before the end or a draw"),
        ("ended_by", len(ENDINGS), "one-hot: the last player left, the turn limit"),
    ]


#: The slices of :func:`encode`'s vector for a game (the table above): ``layout(game)``.
layout = GameLayout(_rows, hand=(NUM_KINDS, f"own cards per kind / {HAND_SCALE}"))


def encode(game: Any, observation: Mapping[str, Any]) -> npt.NDArray[np.float32]:
    """``observation`` as the vector :func:`layout` lays out (``encode_observation``).

    :raises ValueError: an observation of another player count.
    """
    obs = observation
    e = layout.start_encoding(game, obs)
    n = len(e.seats)
    e.observer(obs, HAND_SCALE)
    total = int(obs["total"])
    e.value("total", total, MAX_TOTAL)
    e.one("headroom", max(0, min(MAX_TOTAL - total, HEADROOM)))
    e.flag("direction", obs["direction"] == 1)
    e.one("play2", max(0, min(int(obs["play2"]), 2)))
    out_place = {el["seat"]: i for i, el in enumerate(obs["eliminations"])}
    for k, s in enumerate(e.seats):
        if obs["in_game"][s]:
            e.one("in_game", k)
        e.value("hand_sizes", obs["hand_sizes"][s], HAND_SCALE, k)
        e.value("out_sizes", obs["out_sizes"][s], HAND_SCALE, k)
        if s in out_place:
            e.value("out_order", out_place[s] + 1, n, k)
    deck = obs["deck"]
    played = obs["played"]
    if played:
        e.one("played_top", played[-1])
        e.counts("played_counts", played, deck)
    e.value("draw_size", obs["draw_size"], sum(deck))
    for kind, m in enumerate(deck):
        e.value("deck", m, MAX_COPIES, kind)
    last = obs["last"]
    if last is not None:
        e.seat("last_seat", last["seat"])
        e.one("last_action", last["action"])
    e.value("turn", obs["turn"], TURN_SCALE)
    e.value("round", obs["round"], ROUND_SCALE)
    e.value("rebuilds", obs["rebuilds"], REBUILD_SCALE)
    return e.outcome(obs, ENDINGS)


def writer(game: Ono99Game) -> Callable[[State, int | None], npt.NDArray[np.float32]]:
    """ONO 99's ``Presentation.observation_tensor_writer`` (the encoding without the dict).
    Like ``observation`` it reads ``player``'s own hand and not another's, the draw pile's
    order or the cards taken out."""
    n = game.num_players
    at = layout.at(n)
    deck = list(game.counts)
    total_cards = sum(deck)
    # a count of cards never exceeds the cards in the game: a list covers every one
    cards = total_cards + 1
    hand_f, draw_f = fraction_table(HAND_SCALE, cards), fraction_table(total_cards, cards)
    played_f = [fraction_table(m, cards) for m in deck]
    total_f, turn_f, round_f, rebuild_f = (
        Fractions(scale) for scale in (MAX_TOTAL, TURN_SCALE, ROUND_SCALE, REBUILD_SCALE)
    )
    outcome = at.outcome_writer(n, ENDINGS)
    rotations = [[(k, (me + k) % n) for k in range(n)] for me in range(n)]

    def fill(x: array[float], st: Ono99State, player: int | None, me: int) -> None:
        if player is not None:
            hand = st.hands[player]
            for kind in set(hand):
                x[at.hand + kind] = hand_f[hand.count(kind)]
            x[at.has_hand] = 1.0
            x[at.seat + player] = 1.0
        if not st.ended_by:
            x[at.current_player + (st.player - me) % n] = 1.0
        total = st.total
        x[at.total] = total_f[total]
        x[at.headroom + max(0, min(MAX_TOTAL - total, HEADROOM))] = 1.0
        if st.direction == 1:
            x[at.direction] = 1.0
        x[at.play2 + max(0, min(st.play2, 2))] = 1.0
        alive, hands, out = st.alive, st.hands, st.out
        for k, s in rotations[me]:
            if alive[s]:
                x[at.in_game + k] = 1.0
            x[at.hand_sizes + k] = hand_f[len(hands[s])]
            x[at.out_sizes + k] = hand_f[len(out[s])]
        for place, s in enumerate(st.out_order):
            if 0 <= s < n:
                x[at.out_order + (s - me) % n] = (place + 1) / n
        played = st.played
        if played:
            x[at.played_top + played[-1]] = 1.0
            counts = [0] * NUM_KINDS
            for kind in played:
                counts[kind] += 1
            for kind in set(played):
                x[at.played_counts + kind] = played_f[kind][counts[kind]]
        x[at.draw_size] = draw_f[len(st.draw)]
        last = st.last
        if last is not None:
            x[at.last_seat + (last[0] - me) % n] = 1.0
            x[at.last_action + last[1]] = 1.0
        x[at.turn] = turn_f[st.turn]
        x[at.round] = round_f[st.round]
        x[at.rebuilds] = rebuild_f[st.rebuilds]
        outcome(x, st.winner_, st.ended_by, me)

    # the deck slice is the same in every state of the game
    deck_f = {at.deck + kind: fraction(m, MAX_COPIES) for kind, m in enumerate(deck)}
    return state_writer(at.size, fill, deck_f)
