"""The flow of a Tripwire game: plays, the end of a turn, the Attack Wave, the next turn, the end.

Tripwire System Manual v3.0 § 04-08 with the readings of ``docs/rules/tripwire.md``: a turn is
a run of plays ended by ``end`` (or one ``draw`` when no play is valid, D13); the penalty units a
card triggers leave at once as an Attack Wave, one ``null`` or ``take`` per target, and the turn
then goes on (D17-D21; ``penalty_timing=turn``: the turn's units leave as one wave after
``end``); then the bonus turn (D14) or the next player. Skipped turns, the blocked game and the
safety stop need no decision and happen in :func:`begin_turn`. What a card does to a dock is
``rules.py``; the state calls these functions from ``apply_action``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import actions as A
from .cards import NULL, VOLT, is_neutral_chain
from .rules import (
    DEFUSE,
    EFFECT_NAMES,
    NUMBER,
    SLOTS,
    STASIS_PLAY,
    TRIPWIRE,
    outcome_table,
    slot_card,
)

if TYPE_CHECKING:
    from .state import TripwireState

#: ``phase`` values.
PLAY, WAVE, OVER = 0, 1, 2
PHASE_NAMES = ("play", "wave", "over")
#: ``ended_by`` values.
CLEAR, BLOCKED, TURN_LIMIT = "clear", "blocked", "turn_limit"
#: Results of a wave step (``wave["steps"]``).
NULLED, HIT, WALL = "null", "hit", "wall"

_ALL_DOCKS = 0b111


def reset_turn(s: TripwireState) -> None:
    """A turn begins with nothing played (``this_turn``)."""
    s.t_played = 0
    s.t_docks = 0
    s.t_full = 0
    s.t_neutral = -1
    s.t_units = 0
    s.t_bonus = False
    s.t_triple_ok = False
    s.t_triple = False


def clear_wave(s: TripwireState) -> None:
    """No Attack Wave in progress."""
    s.w_init = -1
    s.w_units = 0
    s.w_left = 0
    s.w_target = -1
    s.w_steps = []


def play(s: TripwireState, p: int, action: int) -> None:
    """One card on a dock (D4-D12), its immediate effects (D14, D16, D20) and a possible
    System Clear (D23)."""
    d, j = divmod(action, SLOTS)
    k = slot_card(j)
    s.hands[p].remove(k)
    st = s.st
    units_before = s.t_units
    st["cards_shed"][p] += 1
    res = outcome_table(s.game.rules)[s.colors[d] * 10 + s.values[d]][j]
    assert res is not None  # checked by legal_actions
    color, value, effect = res
    stack = s.docks[d]
    stack.append(k)
    s.t_played += 1
    s.t_docks |= 1 << d
    if is_neutral_chain(k):
        s.t_neutral = d
    elif s.game.one_per_dock:
        s.t_full |= 1 << d
    ev: dict[str, Any] = {
        "type": "play",
        "seat": p,
        "card": k,
        "dock": d + 1,
        "effect": EFFECT_NAMES[effect],
    }
    s.events.append(ev)
    if effect in (DEFUSE, TRIPWIRE):
        ev["cards"] = len(stack)
        s.side.extend(stack)
        stack.clear()
        s.colors[d] = d  # the marker's colour again (D4)
        s.values[d] = 0
        if effect == DEFUSE:
            s.t_bonus = True
            st["defuses"][p] += 1
        else:
            s.t_units += 1
            st["tripwires"][p] += 1
            if k == VOLT and s.game.volt_bonus == "always":
                s.t_bonus = True  # D14: "or valid Volt"
    else:
        ev["value"] = value
        s.colors[d] = color
        s.values[d] = value
        if effect == STASIS_PLAY:
            s.t_units += 1
        elif effect == NUMBER:  # a colour change: a hijack (D6); MATCH is none
            st["hijacks"][p] += 1
    if s.t_triple_ok and not s.t_triple and s.t_docks == _ALL_DOCKS:
        s.t_triple = True
        s.t_units += 1
        st["triple_plays"][p] += 1
        s.events.append({"type": "triple", "seat": p})
    new_units = s.t_units - units_before
    st["penalties_dealt"][p] += new_units  # counted when triggered (D27)
    if not s.hands[p]:
        # D23: the game ends at once; units not yet launched are dropped (and counted).
        win(s, p, s.t_units if s.game.turn_waves else new_units)
    elif new_units and not s.game.turn_waves:
        launch(s, p, new_units)  # penalty_timing=immediate (D17)


def end_turn(s: TripwireState, p: int) -> None:
    """The turn is over: launch its Attack Wave (D17), else go on (D14)."""
    units = s.t_units if s.game.turn_waves else 0
    if not units:
        after_turn(s, p)
        return
    launch(s, p, units)


def launch(s: TripwireState, p: int, units: int) -> None:
    """An Attack Wave of ``units`` from ``p``; its first target is the next player."""
    s.waves += 1
    s.longest_wave = max(s.longest_wave, units)
    s.w_init = p
    s.w_units = s.w_left = units
    s.w_steps = []
    s.phase = WAVE
    s.w_target = (p + 1) % s.game.num_players
    s.events.append({"type": "wave", "seat": p, "units": units, "target": s.w_target})


def answer(s: TripwireState, action: int) -> None:
    """A target's answer to the Attack Wave (D18-D21)."""
    t = s.w_target
    st = s.st
    s.last = [t, action]
    left = s.w_left
    if action == A.NULL_ACTION:
        s.hands[t].remove(NULL)
        s.side.append(NULL)
        st["cards_shed"][t] += 1
        st["penalties_deflected"][t] += 1
        cancelled = 1 if s.game.chain == "protocol" else 0
        s.w_left = left - cancelled
        s.w_steps.append([t, NULLED, cancelled])
        s.events.append({"type": "null", "seat": t, "remaining": s.w_left})
        if not s.hands[t]:
            win(s, t, s.w_left)
            return
    else:
        wall = t == s.w_init
        if wall:
            absorb = left if s.game.wall == "all" else 1
        else:
            absorb = 1 if s.game.chain == "protocol" else left
        got = draw_cards(s, t, absorb)
        s.skips[t] += absorb
        st["wall_hits" if wall else "hits_taken"][t] += absorb
        s.w_left = left - absorb
        s.w_steps.append([t, WALL if wall else HIT, absorb])
        s.events.append(
            {
                "type": "wall" if wall else "hit",
                "seat": t,
                "units": absorb,
                "cards": got,
                "remaining": s.w_left,
            }
        )
        if wall and s.w_left:
            s.units_stopped += s.w_left
            s.events.append({"type": "stopped", "units": s.w_left})
            s.w_left = 0
    if s.w_left:
        s.w_target = (t + 1) % s.game.num_players
        return
    init = s.w_init
    s.last_wave = wave_view(s)
    s.events.append({"type": "wave_end", "seat": init})
    clear_wave(s)
    s.phase = PLAY
    if s.game.turn_waves:
        after_turn(s, init)
    # else (penalty_timing=immediate): the initiator's turn goes on where it stopped


def after_turn(s: TripwireState, p: int) -> None:
    """``p``'s turn is over: its bonus turn (D14) or the next player's."""
    if s.t_bonus:
        begin_turn(s, p, True)
    else:
        begin_turn(s, (p + 1) % s.game.num_players, False)


def begin_turn(s: TripwireState, q: int, bonus: bool) -> None:
    """Give the turn to ``q``: the safety stop (D25), the blocked game (D24), owed skips
    (D19) and, with ``bonus_no_play=lose``, a bonus turn without a play (D14) are settled
    here, without an action."""
    n = s.game.num_players
    while True:
        if s.turn >= s.game.max_turns:
            w = fewest(s)
            s.events.append({"type": "turn_limit", "winner": w})
            finish(s, w, TURN_LIMIT)
            return
        if not s.draw and not s.side and not any(s.has_play(i) for i in range(n)):
            block(s)
            return
        if s.skips[q]:
            s.skips[q] -= 1
            s.st["turns_skipped"][q] += 1
            s.events.append({"type": "skip", "seat": q, "bonus": bonus})
        elif bonus and loses_bonus(s, q):
            s.events.append({"type": "bonus_lost", "seat": q})
        else:
            break
        q = (q + 1) % n
        bonus = False
    s.turn += 1
    s.player = q
    s.phase = PLAY
    s.bonus_turn = bonus
    reset_turn(s)
    s.t_triple_ok = all(s.values)  # D20: all three docks filled when it begins
    s.st["turns_taken"][q] += 1
    if bonus:
        s.events.append({"type": "bonus", "seat": q})


def loses_bonus(s: TripwireState, q: int) -> bool:
    """Option ``bonus_no_play=lose`` (D14): a bonus turn that begins with no valid play is
    lost without drawing. By default it is a turn like any other: "2. If No Plays: Draw
    exactly 1 card. Turn ends." (§ 04)."""
    return s.game.lose_idle_bonus and not s.has_play(q)


def draw_cards(s: TripwireState, p: int, k: int) -> int:
    """Draw ``k`` cards for ``p``; an empty draw pile is first rebuilt from the side pile
    (D22). Returns how many were drawn (fewer only if both piles ran out)."""
    hand = s.hands[p]
    got = 0
    for _ in range(k):
        if not s.draw:
            if not s.side:
                break
            s.draw = s.side
            s.side = []
            s.rng.shuffle(s.draw)
            s.reshuffles += 1
            s.events.append({"type": "reshuffle", "cards": len(s.draw)})
        hand.append(s.draw.pop())
        got += 1
    if got:
        hand.sort()
        s.st["cards_drawn"][p] += got
    return got


def win(s: TripwireState, p: int, dropped: int) -> None:
    """System Clear (D23): the game ends at once; ``dropped`` penalty units (triggered but
    not yet resolved: this turn's units not launched, or a wave's remainder) and a bonus
    turn are dropped; the units are counted in ``units_dropped`` (D27)."""
    s.units_dropped += dropped
    s.events.append({"type": "clear", "seat": p, "dropped": dropped})
    finish(s, p, CLEAR)


def fewest(s: TripwireState) -> int:
    """The seat with the fewest cards, or -1 if several share the fewest (D24, D25)."""
    sizes = [len(h) for h in s.hands]
    low = min(sizes)
    return sizes.index(low) if sizes.count(low) == 1 else -1


def block(s: TripwireState) -> None:
    """D24: nothing can change any more; the fewest cards wins, a tie is a draw."""
    w = fewest(s)
    s.events.append({"type": "blocked", "winner": w})
    finish(s, w, BLOCKED)


def finish(s: TripwireState, w: int, how: str) -> None:
    """The game is over: ``w`` wins (-1: a draw), ``how`` is ``ended_by``."""
    s.winner_ = w
    s.ended_by = how
    s.phase = OVER
    if s.w_init >= 0:
        s.last_wave = wave_view(s)
        clear_wave(s)


def wave_view(s: TripwireState) -> dict[str, Any]:
    return {
        "initiator": s.w_init,
        "units": s.w_units,
        "remaining": s.w_left,
        "target": s.w_target if s.phase == WAVE else -1,
        "steps": [{"seat": q, "result": r, "units": u} for q, r, u in s.w_steps],
    }


__all__ = [
    "BLOCKED",
    "CLEAR",
    "HIT",
    "NULLED",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "TURN_LIMIT",
    "WALL",
    "WAVE",
    "after_turn",
    "answer",
    "begin_turn",
    "block",
    "clear_wave",
    "draw_cards",
    "end_turn",
    "fewest",
    "finish",
    "launch",
    "loses_bonus",
    "play",
    "reset_turn",
    "wave_view",
    "win",
]
