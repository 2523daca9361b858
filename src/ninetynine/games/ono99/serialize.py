"""An ONO 99 state as a JSON-able dict and back (``state.to_json`` / ``game.state_from_json``):
every field, exact round-trip, each field checked as it is read, and the invariants of a
position checked at the end.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ninetynine.core.rng import Rng

from .cards import NUM_KINDS, SHORT
from .rules import MAX_TOTAL
from .turn import HAND_SIZE, LAST_PLAYER, TURN_LIMIT

if TYPE_CHECKING:
    from .state import Ono99State

#: The per-seat counters of ``stats()``.
STAT_KEYS = (
    "cards_played",
    "minus10s",
    "reverses",
    "play2s",
    "strike_backs",
    "passes",
    "exchanges",
    "knockouts",
)


def to_dict(s: Ono99State) -> dict[str, Any]:
    """Every field of ``s`` as JSON-able data (``state.to_dict``)."""
    return s._dict_with(
        hands=[h[:] for h in s.hands],
        draw=s.draw[:],
        played=s.played[:],
        out=[o[:] for o in s.out],
        alive=s.alive[:],
        out_order=s.out_order[:],
        out_round=s.out_round[:],
        out_total=s.out_total[:],
        out_turn=s.out_turn[:],
        total=s.total,
        direction=s.direction,
        player=s.player,
        play2=s.play2,
        turn=s.turn,
        round=s.round,
        round_left=s.round_left,
        last=None if s.last is None else s.last[:],
        last_player=s.last_player,
        handed=s.handed,
        peak=s.peak[:],
        gens=None
        if s.hgen is None or s.ogen is None
        else {"hands": [g[:] for g in s.hgen], "out": [g[:] for g in s.ogen]},
        rebuilds=s.rebuilds,
        stats={k: v[:] for k, v in s.st.items()},
        history=s.hist[:],
        winner=s.winner_,
        ended_by=s.ended_by,
    )


def seed_and_rng(d: Any) -> tuple[int, Rng]:
    """The ``seed`` and the RNG a :func:`to_dict` dict records, checked.

    :raises ValueError: not a 64-bit whole number."""
    return _int(d["seed"], "seed", 0, (1 << 64) - 1), Rng(_int(d["rng"], "rng", 0, (1 << 64) - 1))


def load(s: Ono99State, d: Any) -> None:
    """Make the bare state ``s`` (game, seed and RNG set: ``seed_and_rng``) the state
    :func:`to_dict` wrote as ``d``, checking that it is a position of this game: every card of
    the deck in exactly one place, seats, totals and counters in range, the seat to act in the
    game and holding a move.

    :raises ValueError: a field out of range or of the wrong type, or cards that do not add
        up (the core turns it into a ``GameOptionError``).
    :raises KeyError: a missing field."""
    game = s.game
    n = game.num_players
    s.hands = _rows(d["hands"], "hands", n, _card)
    s.draw = _list(d["draw"], "draw", _card)
    s.played = _list(d["played"], "played", _card)
    s.out = _rows(d["out"], "out", n, _card)
    s.alive = _flags(d["alive"], "alive", n)
    s.n_alive = sum(s.alive)
    s.out_order = _list(d["out_order"], "out_order", lambda v, w: _int(v, w, 0, n - 1))
    s.out_round = _seats(d["out_round"], "out_round", n, 0, 1 << 31)
    s.out_total = _seats(d["out_total"], "out_total", n, -1, MAX_TOTAL)
    s.out_turn = _seats(d["out_turn"], "out_turn", n, 0, 1 << 31)
    s.total = _int(d["total"], "total", 0, MAX_TOTAL)
    s.direction = _int(d["direction"], "direction", -1, 1)
    s.player = _int(d["player"], "player", 0, n - 1)
    s.play2 = _int(d["play2"], "play2", 0, 2)
    s.turn = _int(d["turn"], "turn", 0, game.max_turns)
    s.round = _int(d["round"], "round", 1, 1 << 31)
    s.round_left = _int(d["round_left"], "round_left", 0, n)
    last = d["last"]
    if last is None:
        s.last = None
    else:
        if not isinstance(last, list) or len(last) != 3:
            raise ValueError("last must be null or [seat, action, total]")
        s.last = [
            _int(last[0], "last seat", 0, n - 1),
            _int(last[1], "last action", 0, NUM_KINDS - 1),
            _int(last[2], "last total", 0, MAX_TOTAL),
        ]
    s.last_player = _int(d["last_player"], "last_player", -1, n - 1)
    # fields added in version 2 (older states: no knockout credit known, one reshuffle class)
    s.handed = _int(d.get("handed", s.last_player), "handed", -1, n - 1)
    s.peak = _seats(d.get("peak", [s.total] * n), "peak", n, 0, MAX_TOTAL)
    s.rebuilds = _int(d["rebuilds"], "rebuilds", 0, 1 << 31)
    gens = d.get("gens")
    if gens is None:
        s.hgen = s.ogen = None
        if s.rebuilds:
            s.hgen = [[0] * len(h) for h in s.hands]
            s.ogen = [[0] * len(o) for o in s.out]
    else:
        if not isinstance(gens, dict):
            raise ValueError("gens must be null or {hands, out}")

        def gen(v: Any, what: str) -> int:
            return _int(v, what, 0, s.rebuilds)

        s.hgen = _rows(gens["hands"], "gens hands", n, gen)
        s.ogen = _rows(gens["out"], "gens out", n, gen)
        for name, cards, gs in (("hands", s.hands, s.hgen), ("out", s.out, s.ogen)):
            for i in range(n):
                if len(gs[i]) != len(cards[i]):
                    raise ValueError(f"gens {name}[{i}] does not match {name}[{i}]")
                pairs = sorted(zip(cards[i], gs[i], strict=True))
                cards[i] = [k for k, _ in pairs]
                gs[i] = [g for _, g in pairs]
    stats = d["stats"]
    if not isinstance(stats, dict):
        raise ValueError("stats must be an object")
    s.st = {k: _seats(stats[k], f"stats {k}", n, 0, 1 << 31) for k in STAT_KEYS}
    s.hist = _list(d["history"], "history", lambda v, w: _int(v, w, 0, NUM_KINDS - 1))
    s.winner_ = _int(d["winner"], "winner", -1, n - 1)
    s.ended_by = d["ended_by"]
    if s.ended_by not in ("", LAST_PLAYER, TURN_LIMIT):
        raise ValueError(f"ended_by {s.ended_by!r} is not '', {LAST_PLAYER} or {TURN_LIMIT}")
    s._legal = None
    check(s)


def check(s: Ono99State) -> None:
    """The invariants of a position (for :meth:`from_dict`). :raises ValueError:"""
    n = s.game.num_players
    every: Counter[int] = Counter(s.draw)
    every.update(s.played)
    for i in range(n):
        every.update(s.hands[i])
        every.update(s.out[i])
    want = Counter({k: c for k, c in enumerate(s.game.counts) if c})
    if every != want:
        extra, missing = every - want, want - every
        parts = []
        if extra:
            parts.append("extra " + " ".join(f"{SHORT[k]} x{c}" for k, c in extra.items()))
        if missing:
            parts.append("missing " + " ".join(f"{SHORT[k]} x{c}" for k, c in missing.items()))
        raise ValueError(
            f"the cards do not add up to this game's deck ({sum(want.values())} cards, "
            f"found {sum(every.values())}): {'; '.join(parts)}"
        )
    if s.direction not in (1, -1):
        raise ValueError(f"direction must be 1 or -1, not {s.direction}")
    for i in range(n):
        if len(s.hands[i]) > HAND_SIZE:
            raise ValueError(f"seat {i} holds {len(s.hands[i])} cards (at most 4)")
        if s.alive[i] and s.out[i]:
            raise ValueError(f"seat {i} is in the game but has cards out of play")
        if not s.alive[i] and s.hands[i]:
            raise ValueError(f"seat {i} left the game but holds cards")
    if sorted(s.out_order) != [i for i in range(n) if not s.alive[i]]:
        raise ValueError("out_order must list exactly the seats that left, once each")
    for i in s.out_order:
        if not 0 <= s.out_total[i] <= MAX_TOTAL:
            raise ValueError(f"seat {i} left the game at no total (out_total)")
    if s.n_alive < 1:
        raise ValueError("no seat is in the game")
    if len(s.hist) != s.turn:
        raise ValueError(f"turn is {s.turn} but the history has {len(s.hist)} moves")
    if s.ended_by == LAST_PLAYER:
        if s.n_alive != 1 or not 0 <= s.winner_ < n or not s.alive[s.winner_]:
            raise ValueError("a game won by the last player left needs that one winner")
    elif s.ended_by == TURN_LIMIT:
        if s.winner_ != -1:
            raise ValueError("a game stopped by the turn limit has no winner")
    else:
        if s.winner_ != -1:
            raise ValueError("a game still going has no winner")
        if s.n_alive < 2:
            raise ValueError("a game still going needs two seats in it")
        if not s.alive[s.player]:
            raise ValueError(f"seat {s.player} is to play but left the game")
        if not s._can_move(s.player):
            raise ValueError(f"seat {s.player} is to play but holds no move")


# --------------------------------------------------------------------------- from_dict checks
def _int(v: Any, what: str, lo: int, hi: int) -> int:
    if v.__class__ is not int:
        raise ValueError(f"{what} must be a whole number, not {v!r}")
    if not lo <= v <= hi:
        raise ValueError(f"{what} must be within {lo}..{hi}, not {v}")
    return int(v)


def _card(v: Any, what: str) -> int:
    if v.__class__ is not int or not 0 <= v < NUM_KINDS:
        raise ValueError(f"{what}: {v!r} is not an ONO 99 card kind (0-{NUM_KINDS - 1})")
    return int(v)


def _list(v: Any, what: str, item: Any) -> list[int]:
    if not isinstance(v, list):
        raise ValueError(f"{what} must be a list")
    return [item(x, what) for x in v]


def _rows(v: Any, what: str, n: int, item: Any) -> list[list[int]]:
    if not isinstance(v, list) or len(v) != n:
        raise ValueError(f"{what} must be a list of {n} lists, one per seat")
    return [_list(x, f"{what}[{i}]", item) for i, x in enumerate(v)]


def _seats(v: Any, what: str, n: int, lo: int, hi: int) -> list[int]:
    if not isinstance(v, list) or len(v) != n:
        raise ValueError(f"{what} must be a list of {n} numbers, one per seat")
    return [_int(x, what, lo, hi) for x in v]


def _flags(v: Any, what: str, n: int) -> list[bool]:
    if not isinstance(v, list) or len(v) != n or any(x.__class__ is not bool for x in v):
        raise ValueError(f"{what} must be a list of {n} true/false values")
    return list(v)


__all__ = ["STAT_KEYS", "check", "load", "seed_and_rng", "to_dict"]
