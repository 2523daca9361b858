"""Warp 99's value features: what a learned win-chance model reads of a position.

A value model (:class:`ninetynine.agents.value.ValueNet`) scores each seat of a position from
:data:`FEATURES` (below) with one small network shared by the seats and turns the scores into
win chances with a softmax over the seats, as the fitted evaluation of ``heuristics.evaluate``
does with a linear score. The search bot calls it where it cuts a rollout: on its own
determinization (a full state with the hidden cards re-dealt), never on the true state, so the
features may read every seat's hand and deck size of the state they are given.

``features(state)`` is the reference; the compiled core computes the same numbers in C
(``batched/_core.c``'s ``value_features``: the same operations in the same order; a test
compares them), both for the search's rollouts and for :func:`positions`, which draws training
positions from greedy self-play on the batched engine (millions of games an hour).

Per seat ``q`` (``L`` its row's length, ``h = min(10 - L, (10 - last value) / 2)`` the cards
the row may still take, as in ``heuristics.row_potential``; "fits": hand cards that could
extend the row; discards and doubles: the exact discard solver's best sequence on the current
piles, Warp 99 rulebook § Strategy Tip: Spotting the Sequence):

| # | feature | # | feature |
| --- | --- | --- | --- |
| 0 | score - cards left in the personal deck | 11 | double matches of that sequence |
| 1 | L^2 (the row's points if scored) | 12 | the sequence empties the hand |
| 2 | L | 13 | fits (0 for an empty row) |
| 3 | (L + h)^2 | 14 | the row's last value (-1: empty) |
| 4 | h | 15 | (target - score - L^2) / 10 when positive, else 0 |
| 5 | scoring the row now reaches the target | 16 | hand size |
| 6 | min(fits, 3) (0 for an empty row) | 17 | the seat is to move |
| 7 | cards the discard solver plays | 18-20 | the seat is 1, 2, 3 seats after the seat to move |
| 8 | a row no hand card fits | | |
| 9 | score / 10 | | |
| 10 | cards left in the personal deck | | |
"""

from __future__ import annotations

from typing import Any

from .cards import COLOR, VALUE
from .heuristics import solve_discards

#: The names of the per-seat features, in order.
FEATURES: tuple[str, ...] = (
    "score_minus_deck", "row_len_sq", "row_len", "row_grown_sq", "row_room", "can_reach",
    "fits_3", "discards", "row_stuck", "score_10", "deck", "doubles", "can_empty", "fits",
    "row_last", "left_10", "hand", "to_move", "after_1", "after_2", "after_3",
)  # fmt: skip
#: Hands longer than this get no discard count (the compiled solver's limit; a turn-start
#: hand holds 6 cards).
MAX_SOLVED = 7


def seat_features(state: Any, q: int) -> list[float]:
    """The :data:`FEATURES` of seat ``q`` in ``state`` (a Warp 99 / Ninety Nine state, e.g. a
    search bot's determinization)."""
    game = state.game
    n = game.num_players
    score = state.scores_[q]
    hand = state.hands[q]
    hn = len(hand)
    length = len(state.rows[q])
    deck = len(state.decks[q])
    last = -1
    if length:
        last = state.row_last[q]
        colors = state.row_colors[q]
        half = (10 - last) / 2.0
        h = float(10 - length) if 10 - length <= half else half
        if not h > 0.0:
            h = 0.0
        grown = (length + h) * (length + h)
        fits = sum(1 for c in hand if VALUE[c] > last and not colors >> COLOR[c] & 1)
    else:
        h = grown = 0.0
        fits = hn
    discards = doubles = 0
    if hn and hn <= MAX_SOLVED:
        plan = solve_discards(
            tuple(sorted(hand)), state.piles[0][-1], state.piles[1][-1], state.config
        )
        discards, doubles = plan.count, plan.doubles
    left = game.target - score - length * length
    k = (q - state.player) % n
    return [
        float(score - deck),
        float(length) * float(length),
        float(length),
        grown,
        h,
        1.0 if score + length * length >= game.target else 0.0,
        float(min(fits, 3)) if length else 0.0,
        float(discards),
        1.0 if length and not fits else 0.0,
        score / 10.0,
        float(deck),
        float(doubles),
        1.0 if hn and discards == hn else 0.0,
        float(fits) if length else 0.0,
        float(last),
        left / 10.0 if left > 0 else 0.0,
        float(hn),
        *(1.0 if k == j else 0.0 for j in range(4)),
    ]


def features(state: Any) -> list[list[float]]:
    """Every seat's :data:`FEATURES` (seat order), for a value model."""
    return [seat_features(state, q) for q in range(state.game.num_players)]


def positions(
    game: Any, games: int, seed: int, every: int = 2, num_envs: int = 2048
) -> tuple[Any, Any, Any]:
    """Training positions from greedy self-play on the compiled batched engine.

    Plays ``games`` games (slot ``i`` of the batch is dealt ``derive_seed(seed, i)`` and deals
    its later games from its own seeded RNG), the ``greedy`` agent in every seat, and keeps
    every ``every``-th turn start (where a search cuts its rollouts) of each game, with the
    game's winner.

    :returns: ``(X, winner, game_index)``: ``X`` float32 ``[m, n, len(FEATURES)]``, ``winner``
        int64 ``[m]`` (the seat that won; games without a winner are dropped), ``game_index``
        int64 ``[m]`` (which game, for held-out splits by game).
    :raises GameOptionError: the compiled core is not built.
    """
    import numpy as np

    from ninetynine.core.errors import GameOptionError
    from ninetynine.core.rng import derive_seed

    from .batched import _CORE, BatchedGame, core_missing_reason

    if _CORE is None or not hasattr(_CORE, "features"):
        raise GameOptionError(core_missing_reason() or "the compiled core has no features()")
    n = game.num_players
    nf = len(FEATURES)
    envs = max(1, min(num_envs, games))
    batch = BatchedGame(game, envs, backend="c", num_threads=1)
    feats = np.zeros((envs, n, nf), dtype=np.float64)
    xs: list[Any] = []
    owners: list[Any] = []
    winners = np.full(games, -1, dtype=np.int64)
    # each slot plays its games one after another (the engine deals the next game of a slot
    # from the slot's own seeded RNG at the step after one ends)
    out = batch.reset([derive_seed(seed, i) for i in range(envs)])
    slot_game = np.arange(envs, dtype=np.int64)
    started = envs
    pending = np.zeros(envs, dtype=bool)  # the slot's game ended: the next step deals
    mover = np.full(envs, -1, dtype=np.int64)
    turns = np.zeros(envs, dtype=np.int64)
    steps = 0
    bound = (game.max_game_length + 2) * (games // envs + 2)
    while (slot_game >= 0).any():
        cur = out.current_player
        new_turn = (slot_game >= 0) & ~pending & (cur >= 0) & (cur != mover)
        mover = np.where(new_turn, cur, mover)
        turns += new_turn
        keep = new_turn & (turns % every == 0)
        if keep.any():
            _CORE.features(batch._params, batch._games, feats, 1)
            xs.append(feats[keep].astype(np.float32))
            owners.append(slot_game[keep].copy())
        actions = batch.greedy_actions()
        actions[actions < 0] = 0  # ignored: those slots deal their next game
        dealt = pending.copy()
        out = batch.step(actions)
        for i in np.flatnonzero(dealt).tolist():
            pending[i] = False
            if slot_game[i] >= 0 and started < games:
                slot_game[i] = started
                started += 1
            else:
                slot_game[i] = -1
        for i in np.flatnonzero(out.terminals).tolist():
            if slot_game[i] >= 0:
                r = out.rewards[i]
                winners[slot_game[i]] = int(np.argmax(r)) if r.max() > 0 else -1
            pending[i] = True
            mover[i] = -1
            turns[i] = 0
        steps += 1
        if steps > bound:
            raise RuntimeError("greedy self-play ran past its bound")
    X = np.concatenate(xs) if xs else np.zeros((0, n, nf), np.float32)
    owner = np.concatenate(owners) if owners else np.zeros(0, np.int64)
    y = winners[owner]
    ok = y >= 0
    return X[ok], y[ok], owner[ok]


__all__ = ["FEATURES", "MAX_SOLVED", "features", "positions", "seat_features"]
