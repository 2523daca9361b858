"""A Warp 99 state as a JSON-able dict and back (``state.to_json`` / ``game.state_from_json``):
every field, exact round-trip, and every card found in exactly one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import COLOR, NUM_CARDS, VALUE

if TYPE_CHECKING:
    from .state import Warp99State

#: The per-seat counters of ``stats()``.
STAT_KEYS = (
    "row_points",
    "deck_points",
    "rows_scored",
    "longest_row",
    "decks_emptied",
    "flips",
    "repeats",
    "double_matches",
    "extra_cards",
    "cards_discarded",
)


def _deep_copy(v: Any) -> Any:
    if isinstance(v, list):
        return [_deep_copy(x) for x in v]
    if isinstance(v, dict):
        return {k: _deep_copy(x) for k, x in v.items()}
    return v


def to_dict(s: Warp99State) -> dict[str, Any]:
    """Every field of ``s`` as JSON-able data (``state.to_dict``), copied."""
    d = s.game.to_dict()
    d.update(
        seed=s.seed,
        rng=s.rng.getstate(),
        config=s.config,
        start_config=s.start_config,
        decks=s.decks,
        hands=s.hands,
        rows=s.rows,
        scores=s.scores_,
        reserve=s.reserve,
        reserve_discard=s.reserve_discard,
        piles=s.piles,
        revealed=[sorted(r) for r in s.revealed],
        gen=s.gen,
        stats=s.st,
        rebuilds=s.rebuilds,
        history=s.hist,
        winner=s.winner_,
        ended_by=s.ended_by,
        turn=s.turn,
        player=s.player,
        phase=s.phase,
        flip_used=s.flip_used,
        plays=s.plays,
    )
    return {k: _deep_copy(v) for k, v in d.items()}


def load(s: Warp99State, d: Any) -> None:
    """Make the bare state ``s`` (game, seed and RNG set) the state :func:`to_dict` wrote as
    ``d``.

    :raises ValueError: not a Warp 99 position (cards missing or twice, a ``gen`` of the wrong
        length; ``KeyError``, ``TypeError``: a missing or malformed field)."""
    s.config = int(d["config"])
    s.start_config = int(d["start_config"])
    s.decks = [list(x) for x in d["decks"]]
    s.hands = [list(x) for x in d["hands"]]
    s.rows = [list(x) for x in d["rows"]]
    s.row_last = [VALUE[r[-1]] if r else -1 for r in s.rows]
    s.row_colors = [sum(1 << COLOR[c] for c in r) for r in s.rows]
    s.scores_ = list(d["scores"])
    s.reserve = list(d["reserve"])
    s.reserve_discard = list(d["reserve_discard"])
    s.piles = [list(x) for x in d["piles"]]
    s.revealed = [set(x) for x in d["revealed"]]
    s.st = {k: list(d["stats"][k]) for k in STAT_KEYS}
    s.rebuilds = int(d["rebuilds"])
    s.gen = [int(x) for x in d["gen"]]
    if len(s.gen) != NUM_CARDS:
        raise ValueError(f"gen lists {len(s.gen)} cards, not {NUM_CARDS}")
    s.hist = list(d["history"])
    s.winner_ = int(d["winner"])
    s.ended_by = str(d["ended_by"])
    s.turn = int(d["turn"])
    s.player = int(d["player"])
    s.phase = int(d["phase"])
    s.flip_used = bool(d["flip_used"])
    s.plays = int(d["plays"])
    s._legal = None
    try:
        where = s.card_locations()
    except AssertionError as e:
        raise ValueError(f"not a Warp 99 position: {e}") from None
    if len(where) != NUM_CARDS or set(where) != set(range(NUM_CARDS)):
        raise ValueError(f"not a Warp 99 position: {len(where)} distinct cards, not 110")


__all__ = ["STAT_KEYS", "load", "to_dict"]
