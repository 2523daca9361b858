"""What a 99 Heroes seat may see, and a full position rebuilt from it (a determinization).

:func:`observe` is ``state.observation(player)``: everything public plus the seat's own
secrets (H3, H12, H16, H19). :func:`fill_from_observation` is the way back: a position
consistent with one observation, every card and choice the seat cannot see drawn at random,
which is how ``state.resample`` and the greedy bot build the positions they search.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ninetynine.core.rng import Rng
from ninetynine.core.util import check_seat, observation_header, redeal_hidden

from . import rules as R
from .cards import NUM_CARDS, owned
from .effects import (
    PHASE_NAMES,
    Clash,
    copy_result,
    pending_from_json,
    pending_to_json,
    task_from_json,
    task_to_json,
)

if TYPE_CHECKING:
    from .state import HeroesState


def copy_event(e: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of an event (its lists copied)."""
    return {k: (list(v) if isinstance(v, list) else v) for k, v in e.items()}


def observe(s: HeroesState, player: int | None) -> dict[str, Any]:
    """``state.observation(player)`` (its docstring lists the fields).

    :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
    n, L = s.game.num_players, s.game.lanes
    player = check_seat(player, n)
    rev = s.revealed
    last = s.last
    clash = s.clash
    obs: dict[str, Any] = {
        **observation_header(s, player),
        "phase": PHASE_NAMES[s.phase],
        "lanes": L,
        "turn": s.turn,
        "turn_player": s.player,
        "first_player": s.first if rev else -1,
        "bonus_turn": s.bonus_turn,
        "bonus_earned": s.bonus_earned,
        "picks_made": [sum(1 for h in row if h >= 0) for row in s.heroes] if not rev else [L] * n,
        "heroes": [[s._hid(h) if rev else None for h in row] for row in s.heroes],
        "active": [[x[:] for x in row] for row in s.active],
        "bolsters": [
            [
                [
                    [code // NUM_CARDS, k]
                    for code, k in zip(s.bolsters[q][ln], s.bknown[q][ln], strict=True)
                ]
                for ln in range(L)
            ]
            for q in range(n)
        ],
        "strength": [[R.strength(s, q, ln) if rev else 0 for ln in range(L)] for q in range(n)],
        "lane_points": [s._lane_points(ln) if rev else [0] * n for ln in range(L)],
        "lane_result": [copy_result(r) for r in s.lane_result],
        "points": s.points(),
        "hand_sizes": [len(h) for h in s.hands],
        "deck_sizes": [len(d) for d in s.decks],
        "discards": [d[:] for d in s.discards],
        "removed": [d[:] for d in s.removed],
        "pending": pending_to_json(s.pending),
        "queue": [task_to_json(t) for t in s.queue],
        "clash": None
        if clash is None
        else {
            "actor": clash["actor"],
            "seats": clash["seats"][:],
            "chosen": [r for r in clash["seats"] if _is_card(clash["cards"][r])],
            "empty": [r for r in clash["seats"] if clash["cards"][r] == -1],
        },
        "last": None if last is None else {"seat": last[0], "action": last[1]},
        "events": [copy_event(e) for e in s.events],
        "winner": s.winner_,
        "ended_by": s.ended_by,
        "end_seat": s.end_seat,
    }
    if player is not None:
        obs["hand"] = s.hands[player][:]
        if not rev:
            obs["my_heroes"] = [s._hid(h) for h in s.heroes[player]]
        mine = []
        for q in range(n):
            for ln in range(L):
                for i, (code, k) in enumerate(zip(s.bolsters[q][ln], s.bknown[q][ln], strict=True)):
                    if k and code // NUM_CARDS == player:
                        mine.append([q, ln, i, code % NUM_CARDS])
        obs["my_bolsters"] = mine
        if clash is not None:
            c = clash["cards"][player]
            obs["my_clash"] = c if _is_card(c) else None
    return obs


def _is_card(c: int | None) -> bool:
    return c is not None and c >= 0


def fill_from_observation(s: HeroesState, obs: Mapping[str, Any], rng: Rng) -> None:
    """Make the blank state ``s`` a full position consistent with ``obs`` (a
    ``state.observation(p)``), every card and choice the seat cannot see drawn from ``rng``:
    the other hands, every deck's order, bolsters from a deck, another seat's bolsters from
    hand and Clash choice, heroes placed face-down by others, the first player before the
    reveal. The history is empty and the counters are zero; ``seed`` and the RNG come from
    ``rng``. The result depends only on ``obs`` and ``rng``."""
    game = s.game
    n, L = game.num_players, game.lanes
    me = obs["player"]
    ids = game.roster.ids
    s.phase = PHASE_NAMES.index(obs["phase"])
    s.turn = obs["turn"]
    s.player = obs["turn_player"]
    s.bonus_turn = obs["bonus_turn"]
    s.bonus_earned = obs["bonus_earned"]
    s.revealed = obs["first_player"] >= 0
    s.heroes = [[ids.index(h) if h is not None else -1 for h in row] for row in obs["heroes"]]
    s.active = [[list(x) for x in row] for row in obs["active"]]
    s.discards = [list(d) for d in obs["discards"]]
    s.removed = [list(d) for d in obs["removed"]]
    s.lane_result = [copy_result(r) for r in obs["lane_result"]]
    s.pending = pending_from_json(obs["pending"])
    s.queue = [task_from_json(t) for t in obs["queue"]]
    last = obs["last"]
    s.last = None if last is None else [last["seat"], last["action"]]
    s.events = [copy_event(e) for e in obs["events"]]
    s.winner_ = obs["winner"]
    s.ended_by = obs["ended_by"]
    s.end_seat = obs["end_seat"]
    # the hidden placements: own ones known, the others drawn
    if not s.revealed:
        if me is not None:
            s.heroes[me] = [ids.index(h) if h is not None else -1 for h in obs["my_heroes"]]
        for q in range(n):
            if q == me:
                continue
            k = obs["picks_made"][q]
            heroes = list(range(len(ids)))
            lanes = list(range(L))
            rng.shuffle(heroes)
            rng.shuffle(lanes)
            for i in range(k):
                s.heroes[q][lanes[i]] = heroes[i]
        s.first = rng.randbelow(n)
    else:
        s.first = obs["first_player"]
    # which cards each seat has where; the unseen ones are re-dealt per owner
    known_b = {(q, ln, i): c for q, ln, i, c in obs.get("my_bolsters", [])}
    seen: list[set[int]] = [set() for _ in range(n)]
    for q in range(n):
        seen[q].update(s.discards[q])
        seen[q].update(s.removed[q])
    for row in s.active:
        for cards in row:
            for code in cards:
                seen[code // NUM_CARDS].add(code % NUM_CARDS)
    if me is not None:
        seen[me].update(obs["hand"])
        seen[me].update(known_b.values())
        if obs.get("my_clash") is not None:
            seen[me].add(obs["my_clash"])
    # hidden positions per owner, in a fixed order: hands, Clash choices, decks, bolsters
    slots: list[list[int]] = []
    holes: list[tuple[str, int, int]] = []  # kind, seat, lane
    for q in range(n):
        if q == me:
            s.hands[q] = list(obs["hand"])
        else:
            s.hands[q] = [owned(q, 0)] * obs["hand_sizes"][q]
            holes.append(("hand", q, 0))
            slots.append(s.hands[q])
    clash = obs["clash"]
    chosen_hidden: list[int] = []
    if clash is not None:
        cl = Clash(actor=clash["actor"], seats=list(clash["seats"]), cards=[None] * n)
        s.clash = cl
        for r in clash["empty"]:
            cl["cards"][r] = -1
        for r in clash["chosen"]:
            if r == me:
                cl["cards"][r] = obs["my_clash"]
            else:
                chosen_hidden.append(r)
        if chosen_hidden:
            slots.append([owned(r, 0) for r in chosen_hidden])
            holes.append(("clash", 0, 0))
    for q in range(n):
        s.decks[q] = [owned(q, 0)] * obs["deck_sizes"][q]
        slots.append(s.decks[q])
        holes.append(("deck", q, 0))
    for q in range(n):
        for ln in range(L):
            b = obs["bolsters"][q][ln]
            s.bknown[q][ln] = [bool(k) for _, k in b]
            s.bolsters[q][ln] = [
                owned(o, known_b[(q, ln, i)]) if (q, ln, i) in known_b else owned(o, 0)
                for i, (o, _) in enumerate(b)
            ]
            hidden = [i for i in range(len(b)) if (q, ln, i) not in known_b]
            if hidden:
                slots.append([s.bolsters[q][ln][i] for i in hidden])
                holes.append(("bolster", q, ln))
    # fill every hidden position with the owner's unseen cards, then shuffle per owner
    pools = [sorted(set(range(NUM_CARDS)) - seen[q]) for q in range(n)]
    used = [0] * n
    filled: list[list[int]] = []
    for slot in slots:
        dealt_row: list[int] = []
        for placeholder in slot:
            o = placeholder // NUM_CARDS
            dealt_row.append(owned(o, pools[o][used[o]]))
            used[o] += 1
        filled.append(dealt_row)
    klass = [c // NUM_CARDS for c in range(n * NUM_CARDS)]
    dealt = redeal_hidden(filled, klass, rng)
    for (kind, q, ln), got in zip(holes, dealt, strict=True):
        if kind == "hand":
            s.hands[q] = sorted(c % NUM_CARDS for c in got)
        elif kind == "clash":
            assert s.clash is not None
            for r, c in zip(chosen_hidden, got, strict=True):
                s.clash["cards"][r] = c % NUM_CARDS
        elif kind == "deck":
            s.decks[q] = [c % NUM_CARDS for c in got]
        else:
            hidden = [i for i in range(len(s.bolsters[q][ln])) if (q, ln, i) not in known_b]
            for i, c in zip(hidden, got, strict=True):
                s.bolsters[q][ln][i] = c
    s._reseed(rng)


__all__ = ["copy_event", "fill_from_observation", "observe"]
