"""What a Sixto seat may see (D9, D21), and a state with what it cannot see drawn afresh.

:func:`observe` is ``state.observation(player)``: the dice, every sheet and score, who has
chosen for the roll but not what; :func:`resample` is ``state.resample``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninetynine.core import fields as F
from ninetynine.core.rng import Rng
from ninetynine.core.util import check_seat, observation_header

from .sheets import NUM_ROWS
from .turn import CHOOSE, PHASE_NAMES

if TYPE_CHECKING:
    from .state import SixtoState


def copy_roll(r: Any) -> dict[str, Any] | None:
    """A copy of a resolved roll's record (``last_roll``), or of its JSON."""
    if r is None:
        return None
    return {
        "turn": F.whole_number(r["turn"], "last_roll turn"),
        "active": F.whole_number(r["active"], "last_roll active"),
        "dice": F.whole_numbers(r["dice"], "last_roll dice"),
        "choices": F.whole_numbers(r["choices"], "last_roll choices"),
        "removed": F.whole_numbers(r["removed"], "last_roll removed"),
    }


def copy_event(e: Any) -> dict[str, Any]:
    """A copy of an event (its lists and the lists in them copied)."""
    out = dict(e)
    for k, v in out.items():
        if isinstance(v, list):
            out[k] = [x[:] if isinstance(x, list) else x for x in v]
    return out


def observe(s: SixtoState, player: int | None) -> dict[str, Any]:
    """``state.observation(player)`` (its docstring lists the fields).

    :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
    g = s.game
    n = g.num_players
    player = check_seat(player, n)
    w = g.width
    last = s.last
    obs: dict[str, Any] = {
        **observation_header(s, player),
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "active": s.active,
        "rerolled": s.rerolled,
        "dice": s.dice[:],
        "removed": s.removed[:],
        "removed_at": s.removed_at[:],
        "chosen": [s.phase == CHOOSE and s.pending[q] >= 0 for q in range(n)],
        "sheets": [
            {
                "design": s.designs[q] + 1,
                "cells": [s.cells[q][r * w : (r + 1) * w] for r in range(NUM_ROWS)],
            }
            for q in range(n)
        ],
        "scores": s.scores(),
        "last_roll": copy_roll(s.last_roll),
        "last": None
        if last is None
        else {"seat": last[0], "action": None if last[1] < 0 else last[1]},
        "events": [copy_event(e) for e in s.events],
        "pad": g.pad,
        "width": w,
        "open_after": g.open_after,
        "points": g.options["points"],
        "winner": s.winner_,
        "ended_by": s.ended_by,
    }
    if player is not None:
        mine = s.pending[player] if s.phase == CHOOSE else -1
        obs["my_choice"] = mine if mine >= 0 else None
    return obs


def resample(state: SixtoState, player: int | None, rng: Rng | int | None) -> SixtoState:
    """``state.resample`` (its docstring says what is drawn afresh)."""
    s, r = state._resample_start(player, rng)
    n = s.game.num_players
    if s.phase == CHOOSE and s.chosen:
        start = len(s.hist) - s.chosen
        for i in range(s.chosen):
            q = (s.active + i) % n
            if q == player:
                continue
            options = s.legal_for(q)
            a = options[r.randbelow(len(options))]
            s.pending[q] = a
            s.hist[start + i] = a
    s._reseed(r)
    return s


__all__ = ["copy_event", "copy_roll", "observe", "resample"]
