"""A Warp 99 state as a JSON-able dict and back (``state.to_json`` / ``game.state_from_json``):
every field, exact round-trip, and every card found in exactly one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core import fields as F

from .cards import COLOR, NUM_CARDS, VALUE
from .observation import PHASE_NAMES
from .rules import NUM_CONFIGS

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
    n = s.game.num_players
    s.config = F.whole_number(d["config"], "config", 0, NUM_CONFIGS - 1)
    s.start_config = F.whole_number(d["start_config"], "start_config", 0, NUM_CONFIGS - 1)
    s.decks = _cards(d["decks"], "decks", n)
    s.hands = _cards(d["hands"], "hands", n)
    s.rows = _cards(d["rows"], "rows", n)
    s.row_last = [VALUE[r[-1]] if r else -1 for r in s.rows]
    s.row_colors = [sum(1 << COLOR[c] for c in r) for r in s.rows]
    s.scores_ = F.whole_numbers(d["scores"], "scores")
    if len(s.scores_) != n:
        raise ValueError(f"scores needs {n} whole numbers, not {len(s.scores_)}")
    s.reserve = _cards([d["reserve"]], "reserve", 1)[0]
    s.reserve_discard = _cards([d["reserve_discard"]], "reserve_discard", 1)[0]
    s.piles = F.whole_number_rows(d["piles"], "piles")
    if any(not 0 <= c < NUM_CARDS for p in s.piles for c in p):
        raise ValueError(f"piles holds a number that is not a card (0-{NUM_CARDS - 1})")
    s.revealed = [set(x) for x in _cards(d["revealed"], "revealed", n)]
    s.st = F.stats_from_json(d["stats"], STAT_KEYS)
    if any(len(v) != n for v in s.st.values()):
        raise ValueError(f"stats: each counter needs {n} whole numbers")
    s.rebuilds = F.whole_number(d["rebuilds"], "rebuilds", 0)
    s.gen = F.whole_numbers(d["gen"], "gen")
    if len(s.gen) != NUM_CARDS:
        raise ValueError(f"gen lists {len(s.gen)} cards, not {NUM_CARDS}")
    s.hist = F.whole_numbers(d["history"], "history")
    if any(not 0 <= a < s.game.num_distinct_actions for a in s.hist):
        raise ValueError("history holds a number that is not an action id")
    s.winner_ = F.whole_number(d["winner"], "winner", -1, n - 1)
    s.ended_by = F.text(d["ended_by"], "ended_by")
    s.turn = F.whole_number(d["turn"], "turn", 0)
    s.player = F.whole_number(d["player"], "player", 0, n - 1)
    s.phase = F.whole_number(d["phase"], "phase", 0, len(PHASE_NAMES) - 1)
    s.flip_used = F.flag(d["flip_used"], "flip_used")
    s.plays = F.whole_number(d["plays"], "plays", 0)
    s._legal = None
    try:
        where = s.card_locations()
    except AssertionError as e:
        raise ValueError(f"not a Warp 99 position: {e}") from None
    if len(where) != NUM_CARDS or set(where) != set(range(NUM_CARDS)):
        raise ValueError(f"not a Warp 99 position: {len(where)} distinct cards, not 110")


def _cards(value: Any, what: str, count: int) -> list[list[int]]:
    """``count`` lists of card ids (0 .. 109), checked: a hand-edited ``"x"`` or ``1.5`` was
    kept and failed later deep in the rules."""
    rows = F.whole_number_rows(value, what)
    if len(rows) != count:
        raise ValueError(f"{what} needs {count} lists of cards, not {len(rows)}")
    if any(not 0 <= c < NUM_CARDS for r in rows for c in r):
        raise ValueError(f"{what} holds a number that is not a card (0-{NUM_CARDS - 1})")
    return rows


__all__ = ["STAT_KEYS", "load", "to_dict"]
