"""A 99 Heroes state as a JSON-able dict and back (``state.to_json`` / ``game.state_from_json``):
every field, exact round-trip, and a check that a loaded state has a shape a game can reach.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ninetynine.core import fields as F
from ninetynine.core.rng import Rng

from .cards import NUM_CARDS
from .effects import (
    OVER,
    PICK,
    PLAY,
    copy_clash,
    copy_result,
    pending_from_json,
    pending_to_json,
    task_from_json,
    task_to_json,
)
from .observation import copy_event

if TYPE_CHECKING:
    from .state import HeroesState

#: The per-seat counters of ``stats()``.
STAT_KEYS = (
    "cards_played",
    "skills_used",
    "bolsters",
    "shifts",
    "swaps",
    "discards",
    "clashes_won",
    "clashes_lost",
    "lanes_resolved",
    "bonus_turns",
    "turns_taken",
)


#: The plain fields of :func:`to_dict`, in its order: the cards and heroes, the turn, the
#: end.
PLACES = [*F.numbers("phase"), *F.int_rows("hands", "decks", "discards", "removed", "heroes")]
TURN = [
    *F.flags("revealed"),
    *F.numbers("first", "player", "turn"),
    *F.flags("bonus_turn", "bonus_earned"),
]
END = [*F.outcome(), *F.numbers("end_seat")]


def to_dict(s: HeroesState) -> dict[str, Any]:
    """Every field of ``s`` as JSON-able data (``state.to_dict``)."""
    return s._dict_with(
        **F.dump(s, PLACES),
        active=[[x[:] for x in row] for row in s.active],
        bolsters=[[x[:] for x in row] for row in s.bolsters],
        bknown=[[x[:] for x in row] for row in s.bknown],
        lane_result=[copy_result(r) for r in s.lane_result],
        **F.dump(s, TURN),
        queue=[task_to_json(t) for t in s.queue],
        pending=pending_to_json(s.pending),
        clash=copy_clash(s.clash),
        history=s.hist[:],
        secret=[x[:] for x in s.secret],
        last=None if s.last is None else list(s.last),
        events=[copy_event(e) for e in s.events],
        stats={k: v[:] for k, v in s.st.items()},
        **F.dump(s, END),
    )


def load(s: HeroesState, d: Mapping[str, Any]) -> None:
    """Make the blank state ``s`` the state :func:`to_dict` wrote as ``d``.

    :raises ValueError: a field of the wrong kind or a shape no game can reach (``KeyError``,
        ``TypeError``, ``IndexError``: a missing or malformed field)."""
    s.seed = int(d["seed"])
    s.rng = Rng(int(d["rng"]))
    F.load(s, d, PLACES)
    s.active = [F.whole_number_rows(row, "active") for row in _rows(d["active"], "active")]
    s.bolsters = [F.whole_number_rows(row, "bolsters") for row in _rows(d["bolsters"], "bolsters")]
    s.bknown = [
        [[F.flag(k, "bknown") for k in _rows(x, "bknown")] for x in _rows(row, "bknown")]
        for row in _rows(d["bknown"], "bknown")
    ]
    s.lane_result = [copy_result(r) for r in d["lane_result"]]
    F.load(s, d, TURN)
    s.queue = [task_from_json(t) for t in d["queue"]]
    s.pending = pending_from_json(d["pending"])
    s.clash = copy_clash(d["clash"])
    s.hist = F.whole_numbers(d["history"], "history")
    s.secret = [F.whole_numbers(x, "secret") for x in _rows(d["secret"], "secret")]
    if any(len(x) != 3 for x in s.secret):
        raise ValueError("secret holds [move, seat, card] triples")
    if any(not 0 <= i < len(s.hist) for i, _, _ in s.secret):
        raise ValueError("secret names a move beyond the history")
    last = d["last"]
    if last is not None:  # [seat, action or null for a hidden move]
        if not isinstance(last, list) or len(last) != 2:
            raise ValueError("last must be null or [seat, action]")
        seat = F.whole_number(last[0], "last seat", 0, s.game.num_players - 1)
        action = None if last[1] is None else F.whole_number(last[1], "last action", 0)
        last = [seat, action]
    s.last = last
    events = d["events"]
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise ValueError("events is not a list of objects")
    s.events = [copy_event(e) for e in events]
    s.st = F.stats_from_json(d["stats"], STAT_KEYS)
    F.load(s, d, END)
    check(s)


def _rows(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {value!r}")
    return value


def check(s: HeroesState) -> None:
    """Reject a loaded state no game could reach in its shape: lists of the wrong size,
    heroes out of range, cards that do not add up to 52 per seat.

    :raises ValueError: what is wrong (``state_from_json`` makes it a GameOptionError)."""
    n, L, H = s.game.num_players, s.game.lanes, len(s.game.roster)
    if not (len(s.hands) == len(s.decks) == len(s.discards) == len(s.removed) == n):
        raise ValueError(f"the state does not have {n} hands, decks and piles")
    if len(s.heroes) != n or any(len(r) != L for r in s.heroes) or len(s.lane_result) != L:
        raise ValueError(f"the state does not have {n} x {L} hero places")
    if any(not -1 <= h < H for row in s.heroes for h in row):
        raise ValueError("a hero index out of range")
    if s.phase not in (PICK, PLAY, OVER):
        raise ValueError(f"phase {s.phase}")
    if not (0 <= s.player < n and 0 <= s.first < n and -1 <= s.winner_ < n):
        raise ValueError("player, first or winner is not a seat")
    for name, rows in (("active", s.active), ("bolsters", s.bolsters), ("bknown", s.bknown)):
        if len(rows) != n or any(len(r) != L for r in rows):
            raise ValueError(f"{name} needs {n} x {L} lists")
    if any(
        len(k) != len(b)
        for kr, br in zip(s.bknown, s.bolsters, strict=True)
        for k, b in zip(kr, br, strict=True)
    ):
        raise ValueError("bknown does not match bolsters")
    if any(len(v) != n or min(v, default=0) < 0 for v in s.st.values()):
        raise ValueError(f"stats: each counter needs {n} counts of 0 or more")
    if s.pending is not None and not 0 <= s.pending["seat"] < n:
        raise ValueError("pending names no seat")
    for q, cards in enumerate(s.card_counts_by_owner()):
        if sorted(cards) != list(range(NUM_CARDS)):
            raise ValueError(f"seat {q}'s 52 cards do not add up")


__all__ = ["STAT_KEYS", "check", "load", "to_dict"]
