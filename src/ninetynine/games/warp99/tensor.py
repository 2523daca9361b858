"""Warp 99 / Ninety Nine observation tensors (for reinforcement learning; needs numpy).

:func:`encode` turns ``state.observation(player)`` into a fixed-length ``float32`` vector; it
reads that dict and nothing else, so no card the seat cannot see reaches the tensor. Every
value lies in ``[0, 1]``. Card slices have 110 entries, indexed by card id
(``color * 11 + value``, ``cards.py``). Seats are *relative* to the observer: block ``k`` of a
per-seat slice is seat ``(player + k) % n`` (``k = 0`` is the observer itself, ``k = 1`` the
next seat to play); a spectator's view (``player=None``) starts at seat 0.

Layout for ``n`` players, ``673 + 227 n`` values (1,354 for 3 players), in this order
(``game.observation_tensor_layout()`` gives the offsets):

| name | length | meaning |
| --- | --- | --- |
| hand | 110 | own hand cards (1 = held); all 0 for a spectator |
| has_hand | 1 | 1 for a seat's view, 0 for the spectator's |
| seat | n | the observer's seat (absolute), one-hot; all 0 for a spectator |
| current_player | n | the seat to act, one-hot by relative seat; all 0 once the game is over |
| phase | 4 | one-hot: row, discard, extra_card, over |
| rule_sides | 3 | 1 where rule card 1, 2, 3 shows side 2 (Same Number, Minus 1, Times/Div 2) |
| pile1_top | 110 | the top card of discard pile 1, one-hot |
| pile2_top | 110 | the top card of discard pile 2, one-hot |
| pile1_cards | 110 | every card in discard pile 1, top included |
| pile2_cards | 110 | every card in discard pile 2, top included |
| rows | 110 n | personal row cards, one block per relative seat (the set gives the order) |
| row_lengths | n | cards in each personal row / 10 (a row holds at most ten colours) |
| scores | n | score / target, capped at 1 |
| deck_sizes | n | cards in each personal deck / 15, capped at 1 |
| hand_sizes | n | cards in each hand / 6, capped at 1 |
| revealed | 110 n | hand cards shown by a flip and still held, per relative seat |
| reserve_discard | 110 | cleared-row cards lying face up beside the reserve |
| reserve_size | 1 | cards in the reserve / 110 |
| flip_used | 1 | 1 if the seat to act has used its flip |
| has_played | 1 | 1 once a card was played in this Action B |
| plays | 1 | cards played in this Action B / 6, capped at 1 |
| turn | 1 | turns begun / 100, capped at 1 |
| winner | n | the winner, one-hot by relative seat; all 0 before the end or for no winner |

Not encoded: ``game``, ``num_players`` (fixed by the tensor's length), ``player`` (in ``seat``),
``rules`` (the names of ``rule_sides``) and ``target`` (scores are divided by it).

>>> import ninetynine
>>> game = ninetynine.load_game("warp99", num_players=3)
>>> state = game.new_initial_state(seed=1)
>>> x = state.observation_tensor(0)
>>> x.shape == game.observation_tensor_shape == (1354,), str(x.dtype)
(True, 'float32')
>>> int(x[:110].sum())  # six hand cards
6
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ninetynine.core.tensor import Fractions, GameLayout, fraction_table, state_writer

from .cards import NUM_CARDS
from .state import OVER

if TYPE_CHECKING:
    from ninetynine.core.game import State

    from .game import Warp99Game
    from .state import Warp99State

PHASES = ("row", "discard", "extra_card", "over")
ROW_SCALE = 10
DECK_SCALE = 15
HAND_SCALE = 6
PLAYS_SCALE = 6
TURN_SCALE = 100


def _rows(n: int) -> list[tuple[str, int, str]]:
    c = NUM_CARDS
    return [
        ("phase", len(PHASES), "one-hot: row, discard, extra_card, over"),
        ("rule_sides", 3, "1 where rule card 1, 2, 3 shows side 2"),
        ("pile1_top", c, "the top card of discard pile 1, one-hot"),
        ("pile2_top", c, "the top card of discard pile 2, one-hot"),
        ("pile1_cards", c, "every card in discard pile 1, top included"),
        ("pile2_cards", c, "every card in discard pile 2, top included"),
        ("rows", c * n, "personal row cards, one block of 110 per relative seat"),
        ("row_lengths", n, f"cards in each personal row / {ROW_SCALE}"),
        ("scores", n, "score / target, capped at 1"),
        ("deck_sizes", n, f"cards in each personal deck / {DECK_SCALE}, capped at 1"),
        ("hand_sizes", n, f"cards in each hand / {HAND_SCALE}, capped at 1"),
        ("revealed", c * n, "revealed hand cards still held, per relative seat"),
        ("reserve_discard", c, "cleared-row cards face up beside the reserve"),
        ("reserve_size", 1, f"cards in the reserve / {NUM_CARDS}"),
        ("flip_used", 1, "1 if the seat to act has used its flip"),
        ("has_played", 1, "1 once a card was played in this Action B"),
        ("plays", 1, f"cards played in this Action B / {PLAYS_SCALE}, capped at 1"),
        ("turn", 1, f"turns begun / {TURN_SCALE}, capped at 1"),
        ("winner", n, "the winner, one-hot by relative seat; 0 before the end"),
    ]


#: The slices of :func:`encode`'s vector for a game (the table above): ``layout(game)``.
layout = GameLayout(_rows, hand=(NUM_CARDS, "own hand cards (1 = held)"))


def encode(game: Any, observation: Mapping[str, Any]) -> npt.NDArray[np.float32]:
    """``observation`` as the vector :func:`layout` lays out (``encode_observation``).

    :raises ValueError: an observation of another player count.
    """
    obs = observation
    e = layout.start_encoding(game, obs)
    e.observer(obs)
    e.one_of("phase", PHASES, obs["phase"])
    e.items("rule_sides", (i for i, side in enumerate(obs["rule_sides"]) if side == 2))
    for i, pile in enumerate(obs["piles"]):
        if pile:
            e.one(f"pile{i + 1}_top", pile[-1])
            e.items(f"pile{i + 1}_cards", pile)
    rows, revealed = obs["rows"], obs["revealed"]
    target = obs["target"]
    for k, s in enumerate(e.seats):
        e.items("rows", rows[s], block=k * NUM_CARDS)
        e.items("revealed", revealed[s], block=k * NUM_CARDS)
        e.value("row_lengths", len(rows[s]), ROW_SCALE, k)
        e.value("scores", obs["scores"][s], target, k)
        e.value("deck_sizes", obs["deck_sizes"][s], DECK_SCALE, k)
        e.value("hand_sizes", obs["hand_sizes"][s], HAND_SCALE, k)
    e.items("reserve_discard", obs["reserve_discard"])
    e.value("reserve_size", obs["reserve_size"], NUM_CARDS)
    e.flag("flip_used", obs["flip_used"])
    plays = obs["plays"]
    if plays:
        e.one("has_played")
        e.value("plays", plays, PLAYS_SCALE)
    e.value("turn", obs["turn"], TURN_SCALE)
    e.seat("winner", obs["winner"])
    return e.vector()


def writer(game: Warp99Game) -> Callable[[State, int | None], npt.NDArray[np.float32]]:
    """Warp 99's ``Presentation.observation_tensor_writer`` (the encoding without the dict):
    what a seat sees and no more, its own hand and not another's, nor the order of a deck."""
    n, c = game.num_players, NUM_CARDS
    at = layout.at(n)
    # a count of cards never exceeds the 110 cards: a list covers every one
    row_f, deck_f = fraction_table(ROW_SCALE, c + 1), fraction_table(DECK_SCALE, c + 1)
    hand_f, reserve_f = fraction_table(HAND_SCALE, c + 1), fraction_table(c, c + 1)
    plays_f = fraction_table(PLAYS_SCALE, c + 1)
    score_f, turn_f = Fractions(game.target), Fractions(TURN_SCALE)
    # per observer: (block offsets, absolute seat s) for the seat k places after it
    seat_blocks = [
        [
            (at.rows + k * c, at.revealed + k * c, at.row_lengths + k, at.scores + k, (me + k) % n)
            for k in range(n)
        ]
        for me in range(n)
    ]
    deck_at, hand_at = at.deck_sizes - at.row_lengths, at.hand_sizes - at.row_lengths

    def fill(x: array[float], st: Warp99State, player: int | None, me: int) -> None:
        if player is not None:
            for card in st.hands[player]:
                x[at.hand + card] = 1.0
            x[at.has_hand] = 1.0
            x[at.seat + player] = 1.0
        phase = st.phase
        if phase != OVER:
            x[at.current_player + (st.player - me) % n] = 1.0
        x[at.phase + phase] = 1.0
        config = st.config
        if config:
            for i in range(3):
                if config >> i & 1:
                    x[at.rule_sides + i] = 1.0
        pile1, pile2 = st.piles
        if pile1:
            x[at.pile1_top + pile1[-1]] = 1.0
            for card in pile1:
                x[at.pile1_cards + card] = 1.0
        if pile2:
            x[at.pile2_top + pile2[-1]] = 1.0
            for card in pile2:
                x[at.pile2_cards + card] = 1.0
        rows, revealed = st.rows, st.revealed
        scores, decks, hands = st.scores_, st.decks, st.hands
        for o_row, o_rev, o_len, o_score, s in seat_blocks[me]:
            row = rows[s]
            if row:
                for card in row:
                    x[o_row + card] = 1.0
                x[o_len] = row_f[len(row)]
            shown = revealed[s]
            if shown:
                for card in shown:
                    x[o_rev + card] = 1.0
            x[o_score] = score_f[scores[s]]
            x[o_len + deck_at] = deck_f[len(decks[s])]
            x[o_len + hand_at] = hand_f[len(hands[s])]
        for card in st.reserve_discard:
            x[at.reserve_discard + card] = 1.0
        x[at.reserve_size] = reserve_f[len(st.reserve)]
        if st.flip_used:
            x[at.flip_used] = 1.0
        if st.plays:
            x[at.has_played] = 1.0
            x[at.plays] = plays_f[st.plays]
        x[at.turn] = turn_f[st.turn]
        if st.winner_ >= 0:
            x[at.winner + (st.winner_ - me) % n] = 1.0

    return state_writer(at.size, fill)
