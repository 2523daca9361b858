"""A Tripwire state as a JSON-able dict and back (``state.to_json`` / ``game.state_from_json``):
every field, exact round-trip, and a check that a loaded state has a shape a game can reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core import fields as F

from . import actions as A
from .cards import NULL, NUM_KINDS
from .observation import copy_wave
from .turn import BLOCKED, CLEAR, HIT, NULLED, OVER, PLAY, TURN_LIMIT, WALL, WAVE

if TYPE_CHECKING:
    from .state import TripwireState

#: The per-seat counters of ``stats()``.
STAT_KEYS = (
    "cards_shed",
    "turns_taken",
    "cards_drawn",
    "penalties_dealt",
    "penalties_deflected",
    "hits_taken",
    "wall_hits",
    "turns_skipped",
    "tripwires",
    "defuses",
    "triple_plays",
    "hijacks",
)


#: The board's fields (before ``this_turn``) and the counters (after ``events``) of
#: :func:`to_dict`, in its order.
BOARD = [
    *F.int_rows("hands"),
    *F.int_lists("draw", "side"),
    *F.int_rows("docks"),
    *F.int_lists("colors", "values", "skips"),
    *F.numbers("phase", "player", "turn"),
    *F.flags("bonus_turn"),
]
COUNTERS = [
    *F.numbers("waves", "longest_wave", "units_stopped", "units_dropped", "reshuffles"),
    *F.engine_fields(STAT_KEYS),
]


def to_dict(s: TripwireState) -> dict[str, Any]:
    """Every field of ``s`` as JSON-able data (``state.to_dict``)."""
    return s._dict_with(
        **F.dump(s, BOARD),
        this_turn=[
            s.t_played,
            s.t_docks,
            s.t_full,
            s.t_neutral,
            s.t_units,
            s.t_bonus,
            s.t_triple_ok,
            s.t_triple,
        ],
        wave=[s.w_init, s.w_units, s.w_left, s.w_target],
        wave_steps=[x[:] for x in s.w_steps],
        last_wave=None if s.last_wave is None else copy_wave(s.last_wave),
        last=None if s.last is None else s.last[:],
        events=[dict(e) for e in s.events],
        **F.dump(s, COUNTERS),
    )


def load(s: TripwireState, d: Any) -> None:
    """Make the bare state ``s`` (game, seed and RNG set) the state :func:`to_dict` wrote as
    ``d``.

    :raises ValueError: a shape no game can reach (:func:`check`; ``KeyError``,
        ``TypeError``, ``IndexError``: a missing or malformed field)."""
    F.load(s, d, BOARD)
    t = d["this_turn"]
    s.t_played, s.t_docks, s.t_full, s.t_neutral, s.t_units = F.whole_numbers(t[:5], "this_turn")
    s.t_bonus, s.t_triple_ok, s.t_triple = (F.flag(x, "this_turn flag") for x in t[5:8])
    w = d["wave"]
    s.w_init, s.w_units, s.w_left, s.w_target = F.whole_numbers(w[:4], "wave")
    s.w_steps = [[int(x[0]), str(x[1]), int(x[2])] for x in d["wave_steps"]]
    s.last_wave = None if d["last_wave"] is None else copy_wave(d["last_wave"])
    s.last = None if d["last"] is None else F.whole_numbers(d["last"], "last")
    s.events = [dict(e) for e in d["events"]]
    F.load(s, d, COUNTERS)
    s._legal = None
    check(s)


def check(s: TripwireState) -> None:
    """Reject a loaded state that no game could reach in its shape (D3, D17-D21, D27):
    values out of range, a dock's value without cards or cards without a value, a wave
    that does not fit its phase, lists of the wrong length, cards that do not add up.

    :raises ValueError: what is wrong (``state_from_json`` makes it a GameOptionError)."""
    game = s.game
    n = game.num_players

    def bad(what: str) -> ValueError:
        return ValueError(f"not a Tripwire position: {what}")

    def seat(x: int, what: str, none_ok: bool = False) -> None:
        if not (0 <= x < n or (none_ok and x == -1)):
            raise bad(f"{what} {x} is not a seat of a {n}-player game")

    if len(s.hands) != n or len(s.skips) != n or len(s.docks) != 3:
        raise ValueError(f"the state does not have {n} hands and 3 docks")
    if len(s.colors) != 3 or len(s.values) != 3:
        raise bad("colors and values need 3 entries each")
    for i in range(3):
        c, v, stack = s.colors[i], s.values[i], s.docks[i]
        if not 0 <= c <= 2:
            raise bad(f"dock {i + 1} has colour {c} (0 Teal, 1 Purple, 2 Orange)")
        if v != 0 and not 2 <= v <= 9:
            raise bad(f"dock {i + 1} has value {v} (2-9, or 0 when empty)")
        if (v == 0) != (not stack):
            raise bad(
                f"dock {i + 1} has value {v} and {len(stack)} cards: an empty dock has no "
                "value and a stack always has one"
            )
        if v == 0 and c != i:
            raise bad(f"empty dock {i + 1} has colour {c}, not its marker's ({i})")
        if NULL in stack:
            raise bad(f"dock {i + 1} holds a Null (a Null is never played on a dock)")
    if any(x < 0 for x in s.skips):
        raise bad(f"negative skips {s.skips}")
    if s.phase not in (PLAY, WAVE, OVER):
        raise bad(f"phase {s.phase} (0 play, 1 wave, 2 over)")
    seat(s.player, "player")
    if s.turn < 0:
        raise bad(f"turn {s.turn}")
    if not -1 <= s.t_neutral <= 2 or not 0 <= s.t_docks <= 7 or not 0 <= s.t_full <= 7:
        raise bad(f"this_turn {[s.t_played, s.t_docks, s.t_full, s.t_neutral]} out of range")
    if s.t_played < 0 or s.t_units < 0:
        raise bad("this_turn counts are negative")
    if s.phase == WAVE:
        seat(s.w_init, "wave initiator")
        seat(s.w_target, "wave target")
        if s.w_init != s.player:
            raise bad("the wave's initiator is not the player whose turn it is")
        if not 0 < s.w_left <= s.w_units:
            raise bad(f"a wave of {s.w_units} units with {s.w_left} remaining")
    elif (s.w_init, s.w_units, s.w_left, s.w_target) != (-1, 0, 0, -1) or s.w_steps:
        raise bad("a wave is recorded outside the wave phase")
    for step in s.w_steps:
        seat(step[0], "wave step seat")
        if step[1] not in (NULLED, HIT, WALL) or step[2] < 0:
            raise bad(f"wave step {step}")
    for key in ("waves", "longest_wave", "units_stopped", "units_dropped", "reshuffles"):
        if getattr(s, key) < 0:
            raise bad(f"{key} is negative")
    for key, counts in s.st.items():
        if len(counts) != n or any(x < 0 for x in counts):
            raise bad(f"stats {key} needs {n} counts of 0 or more, not {counts}")
    for a in s.hist:
        if not 0 <= a < A.NUM_ACTIONS:
            raise bad(f"history holds {a}, not an action id")
    if s.last is not None:
        if len(s.last) != 2 or not 0 <= s.last[1] < A.NUM_ACTIONS:
            raise bad(f"last {s.last}")
        seat(s.last[0], "last seat")
    if s.phase == OVER:
        seat(s.winner_, "winner", none_ok=True)
        if s.ended_by not in (CLEAR, BLOCKED, TURN_LIMIT):
            raise bad(f"ended_by {s.ended_by!r} (clear, blocked, turn_limit)")
        if s.ended_by == CLEAR and (s.winner_ < 0 or s.hands[s.winner_]):
            raise bad("a System Clear's winner must hold no card")
    elif s.winner_ != -1 or s.ended_by:
        raise bad("a winner or an ending in a game that is not over")
    else:
        if any(not h for h in s.hands):
            raise bad("an empty hand in a game that is not over (D23)")
    seen = [0] * NUM_KINDS
    for cards in s.card_counts().values():
        for k in cards:
            if not 0 <= k < NUM_KINDS:
                raise ValueError(f"{k} is not a Tripwire card")
            seen[k] += 1
    if tuple(seen) != game.counts:
        raise ValueError("the cards do not add up to the game's deck")


__all__ = ["STAT_KEYS", "check", "load", "to_dict"]
