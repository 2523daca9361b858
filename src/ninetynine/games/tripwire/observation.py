"""What a Tripwire seat may see (D26), and a state re-dealt from it for search.

:func:`observe` is ``state.observation(player)``: the docks, the side pile, every count and the
seat's own hand, never another hand, the draw pile's order or the RNG. :func:`resample` is
``state.resample``: the cards the seat cannot see re-dealt at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core import fields as F
from ninetynine.core.rng import Rng
from ninetynine.core.util import check_seat, observation_header, with_own_hand

from .turn import PHASE_NAMES, WAVE, wave_view

if TYPE_CHECKING:
    from .state import TripwireState


def copy_wave(w: Any) -> dict[str, Any]:
    """A copy of a finished wave's record (``last_wave``), or of its JSON."""
    return {
        "initiator": F.whole_number(w["initiator"], "last_wave initiator"),
        "units": F.whole_number(w["units"], "last_wave units"),
        "remaining": F.whole_number(w["remaining"], "last_wave remaining"),
        "target": F.whole_number(w["target"], "last_wave target"),
        "steps": [
            {
                "seat": F.whole_number(x["seat"], "last_wave step seat"),
                "result": F.text(x["result"], "last_wave step result"),
                "units": F.whole_number(x["units"], "last_wave step units"),
            }
            for x in w["steps"]
        ],
    }


def observe(s: TripwireState, player: int | None) -> dict[str, Any]:
    """``state.observation(player)`` (its docstring lists the fields).

    :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
    n = s.game.num_players
    player = check_seat(player, n)
    last = s.last
    obs: dict[str, Any] = {
        **observation_header(s, player),
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "turn_player": s.player,
        "bonus_turn": s.bonus_turn,
        "docks": [
            {
                "dock": d + 1,
                "marker": d,
                "color": s.colors[d],
                "value": s.values[d],
                "stack": s.docks[d][:],
            }
            for d in range(3)
        ],
        "side_pile": s.side[:],
        "draw_size": len(s.draw),
        "hand_sizes": [len(h) for h in s.hands],
        "skips": s.skips[:],
        "this_turn": this_turn_view(s),
        "wave": wave_view(s) if s.phase == WAVE else None,
        "last_wave": None if s.last_wave is None else copy_wave(s.last_wave),
        "last": None if last is None else {"seat": last[0], "action": last[1]},
        "events": [dict(e) for e in s.events],
        "deck": list(s.game.counts),
        "reshuffles": s.reshuffles,
        "winner": s.winner_,
        "ended_by": s.ended_by,
    }
    return with_own_hand(obs, s.hands, player)


def this_turn_view(s: TripwireState) -> dict[str, Any]:
    """The observation's ``this_turn`` field (public: what the turn so far has done)."""
    return {
        "played": s.t_played,
        "docks": [d + 1 for d in range(3) if s.t_docks >> d & 1],
        "full": [d + 1 for d in range(3) if s.t_full >> d & 1],
        "neutral_dock": s.t_neutral + 1,
        "units": s.t_units,
        "bonus": s.t_bonus,
        "triple_possible": s.t_triple_ok,
        "triple": s.t_triple,
    }


def resample(state: TripwireState, player: int | None, rng: Rng | int | None) -> TripwireState:
    """A clone in which every card ``player`` cannot see is re-dealt at random: the other
    seats' hands and the draw pile (sizes kept). ``player``'s hand, the docks and the side
    pile are kept. The clone gets a new RNG and a new ``seed`` drawn from ``rng`` (keeping
    the true seed would let its holder rebuild the true deal). The result depends only on
    ``player``'s observation and ``rng`` (D26).

    :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
    s, r = state._resample_start(player, rng)
    n = s.game.num_players
    others = [i for i in range(n) if i != player]
    pool: list[int] = list(s.draw)
    for i in others:
        pool.extend(s.hands[i])
    pool.sort()  # the re-deal must not depend on where the hidden cards really are
    r.shuffle(pool)
    k = 0
    for i in others:
        h = len(s.hands[i])
        s.hands[i] = sorted(pool[k : k + h])
        k += h
    s.draw = pool[k:]
    s._reseed(r)
    return s


__all__ = ["copy_wave", "observe", "resample", "this_turn_view"]
