"""The flow of a 99 Heroes game: placing the heroes, the steps of a turn, abilities, the end.

99 Heroes rulebook § Setup (the heroes placed face-down, then revealed together: H3, H4) and
§ Gameplay: a turn is "Upkeep (Character abilities) / Draw a card from their deck. / Play a
card. / Activate a skill. / End (Character abilities)", then a Bonus Turn if one was earned
(H17). The turn is a queue of tasks (``effects.py``) that :func:`run` works through until one
needs a decision (the state's ``pending``) or the game ends (§ Game End, H6, H7). What an
effect does is ``interpreter.py``. :func:`why_illegal` words the refusal of a move that is not
one of the decision's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ninetynine.core.util import as_action_id, not_an_action_id

from . import rules as R
from .actions import MAX_ORDER
from .cards import RANK, SUIT, format_card, owned
from .effects import (
    NO_DRAW,
    NO_PLAY,
    OVER,
    PLAY,
    SECRET_PICK,
    STEP_WORDS,
    TURN_STEPS,
    OrderPending,
    SkillStep,
    Task,
    TriggerRef,
    Triggers,
    UsePending,
    When,
)
from .interpreter import push_effects, run_effect

if TYPE_CHECKING:
    from .state import HeroesState


# ----------------------------------------------------------------------------- setup
def pick(s: HeroesState, seat: int, hero: int, lane: int) -> None:
    """``§ Setup``: a hero placed face-down (H3); the last placement reveals them all and the
    first player (drawn at setup, H4) begins."""
    s.heroes[seat][lane] = hero
    n, L = s.game.num_players, s.game.lanes
    s.events.append({"type": "placed", "seat": seat})
    if any(h < 0 for h in s.heroes[seat]):
        s.pending = {"kind": "pick", "seat": seat}
        return
    if seat + 1 < n:
        s.pending = {"kind": "pick", "seat": seat + 1}
        return
    s.revealed = True
    s.secret = [x for x in s.secret if x[2] != SECRET_PICK]
    s.phase = PLAY
    s.events.append(
        {
            "type": "reveal",
            "heroes": [[s._hid(s.heroes[q][ln]) for ln in range(L)] for q in range(n)],
        }
    )
    s.events.append({"type": "first", "seat": s.first})
    begin_turn(s, s.first, False)
    run(s)


# ----------------------------------------------------------------------------- turn steps
def begin_turn(s: HeroesState, q: int, bonus: bool) -> None:
    """``§ Gameplay``: seat ``q``'s turn (``bonus``: a Bonus Turn) begins: upkeep, draw,
    play, end, finish."""
    s.turn += 1
    s.player = q
    s.bonus_turn = bonus
    s.bonus_earned = False
    s.st["turns_taken"][q] += 1
    if bonus:
        s.st["bonus_turns"][q] += 1
    s.events.append({"type": "turn", "seat": q, "bonus": bonus, "turn": s.turn})
    s.queue = list(TURN_STEPS)


#: The tasks that move cards (an effect, a draw): only after one of them (or a move) can an
#: end condition have become true.
MOVES_CARDS = frozenset(("fx", "draw"))


def run(s: HeroesState) -> None:
    """Run tasks until one needs a decision or the game ends (with ``end=immediate``, an
    end condition reached by the move or the last step ends it first: :func:`end_now`,
    asked on entry and after each task that moves cards, as nothing else can change it)."""
    check = s.game.end_immediately
    while s.phase == PLAY:
        if check and end_now(s):
            return
        if s.pending is not None:
            return
        if not s.queue:
            begin_turn(s, (s.player + 1) % s.game.num_players, False)
            check = False
            continue
        task = s.queue.pop(0)
        do(s, task)
        check = s.game.end_immediately and task.kind in MOVES_CARDS


def do(s: HeroesState, task: Task) -> None:
    """Run one task of the turn player's turn."""
    p = s.player
    if task.kind == "fx":
        run_effect(s, task)
    elif task.kind == "triggers":
        triggers(s, task.items, task.when)
    elif task.kind == "skill":
        skill_step(s, p, task.lane, task.card)
    elif task.kind == "upkeep" or task.kind == "end":
        items = triggers_of(s, p, task.kind, -1)
        if items:
            s.queue.insert(0, Triggers("triggers", items, task.kind))
    elif task.kind == "draw":
        draw_step(s, p)
    elif task.kind == "play":
        if not s.hands[p] or not can_play(s, p):
            finish(s, NO_PLAY, p)
            return
        s.pending = {"kind": "play", "seat": p}
    elif s.bonus_earned:  # finish
        s.pending = {"kind": "bonus", "seat": p}
    else:
        begin_turn(s, (p + 1) % s.game.num_players, False)


def draw_step(s: HeroesState, p: int) -> None:
    """``§ Gameplay``: "Draw a card" (``draw`` rule: more); an empty deck ends the game
    here (``§ Game End``, H6: with ``end=immediate`` it has ended when the deck emptied)."""
    deck = s.decks[p]
    if not deck:
        finish(s, NO_DRAW, p)
        return
    k = min(R.rule_max(s, p, "draw", 1), len(deck))
    s._draw(p, k)
    s.events.append({"type": "draw", "seat": p, "cards": k})


def playable(s: HeroesState, q: int) -> list[int]:
    """The lanes where ``q`` may play a card (``§ Playing Cards``)."""
    return [ln for ln in range(s.game.lanes) if R.can_play_on(s, q, ln)]


def can_play(s: HeroesState, q: int) -> bool:
    """Whether ``q`` has a hero with room for a card (``§ Playing Cards``): ``playable``
    is not empty, asked lane by lane until one has room (the end test runs before every
    task, so it stops at the first)."""
    least, heroes, active = s.game.least_capacity, s.heroes[q], s.active[q]
    for ln in range(s.game.lanes):
        if heroes[ln] >= 0 and (len(active[ln]) < least or R.can_play_on(s, q, ln)):
            return True
    return False


def play(s: HeroesState, p: int, c: int, ln: int) -> None:
    """``§ Playing Cards``: the card goes face-up on the hero; the enemy abilities it
    triggers resolve, then the skill step (H8, H9)."""
    s.hands[p].remove(c)
    s.active[p][ln].append(owned(p, c))
    s.st["cards_played"][p] += 1
    s.events.append(
        {"type": "play", "seat": p, "card": c, "lane": ln, "hero": s._hid(s.heroes[p][ln])}
    )
    s.queue.insert(0, SkillStep("skill", ln, c))
    items: tuple[TriggerRef, ...] = ()
    for q in range(s.game.num_players):
        if q != p:
            items += triggers_of(s, q, "enemy_play", ln)
    if items:
        s.queue.insert(0, Triggers("triggers", items, "enemy_play"))


def skill_step(s: HeroesState, p: int, ln: int, c: int) -> None:
    """``§ Activating Skills``: a skill whose rank or suit matches the played card may be
    activated (one skill a turn, H9); ``any_skill`` heroes match every card."""
    h = s.heroes[p][ln]
    if h < 0:
        return
    hero = s.game.roster.heroes[h]
    every = bool(s.rules[h].get("any_skill"))
    opts = tuple(
        k
        for k, sk in enumerate(hero.skills)
        if (every or sk.matches(SUIT[c], RANK[c])) and holds(s, sk.cond.tests, p, ln)
    )
    if opts:
        s.pending = {"kind": "skill", "seat": p, "lane": ln, "skills": opts}


def activate(s: HeroesState, p: int, ln: int, k: int) -> None:
    """Seat ``p`` activates skill ``k`` of its hero in lane ``ln``: its effects run next."""
    h = s.heroes[p][ln]
    s.st["skills_used"][p] += 1
    s.events.append({"type": "skill", "seat": p, "lane": ln, "hero": s._hid(h), "skill": k})
    push_effects(s, s.game.skill_lists[h][k], p, h)


# ----------------------------------------------------------------------------- abilities
def triggers_of(s: HeroesState, q: int, when: When, lane: int) -> tuple[TriggerRef, ...]:
    """``q``'s heroes' abilities that trigger ``when`` (``enemy_play``: only the hero in
    ``lane``)."""
    out = []
    for ln in range(s.game.lanes):
        h = s.heroes[q][ln]
        if h < 0 or (lane >= 0 and ln != lane):
            continue
        for i, tr in enumerate(s.game.roster.heroes[h].triggers):
            if tr.when == when:
                out.append(TriggerRef(q, h, i))
    return tuple(out)


def triggers(s: HeroesState, items: tuple[TriggerRef, ...], when: When) -> None:
    """``§ Timing``: "When there are multiple effects with the same timing, the turn player
    chooses which order to resolve them" (H18); abilities of heroes gone meanwhile do not."""
    live = tuple(it for it in items if s._lane_of(it.seat, it.hero) >= 0)
    if not live:
        return
    if len(live) == 1:
        run_trigger(s, live[0], when)
        return
    if len(live) > MAX_ORDER:  # more than the order actions: the rest are ordered next
        s.queue.insert(0, Triggers("triggers", live[MAX_ORDER:], when))
    s.pending = {"kind": "order", "seat": s.player, "items": live[:MAX_ORDER], "when": when}


def order(s: HeroesState, p: OrderPending, k: int) -> None:
    """The turn player chose ability ``k`` of ``p`` to resolve first; the rest wait."""
    rest = tuple(it for i, it in enumerate(p["items"]) if i != k)
    s.queue.insert(0, Triggers("triggers", rest, p["when"]))
    run_trigger(s, p["items"][k], p["when"])


def run_trigger(s: HeroesState, item: TriggerRef, when: When) -> None:
    """One ability: if its condition holds, its effects run next (an optional one asks its
    owner first: ``use`` or ``pass``)."""
    q, h, i = item
    ln = s._lane_of(q, h)
    if ln < 0:
        return
    tr = s.game.roster.heroes[h].triggers[i]
    if not holds(s, tr.cond.tests, q, ln):
        return
    if tr.optional:
        s.pending = {"kind": "use", "seat": q, "item": item, "when": when}
        return
    s.events.append({"type": "ability", "seat": q, "hero": s._hid(h), "when": when})
    push_effects(s, s.game.trigger_lists[h][i], q, h)


def use(s: HeroesState, p: UsePending, used: bool) -> None:
    """The owner of an optional ability uses it (its effects run next) or declines it."""
    q, h, i = p["item"]
    if used:
        s.events.append({"type": "ability", "seat": q, "hero": s._hid(h), "when": p["when"]})
        push_effects(s, s.game.trigger_lists[h][i], q, h)
    else:
        s.events.append({"type": "ability_declined", "seat": q, "hero": s._hid(h)})


#: The conditions that compare a number or a flag (``roster.CONDITIONS``).
_COUNT_TESTS: dict[str, Callable[[HeroesState, int, int, Any], bool]] = {
    "hand_at_least": lambda s, q, ln, v: len(s.hands[q]) >= v,
    "hand_at_most": lambda s, q, ln, v: len(s.hands[q]) <= v,
    "active_at_most": lambda s, q, ln, v: len(s.active[q][ln]) <= v,
    "bonus_turn": lambda s, q, ln, v: s.bonus_turn == v,
}


def holds(s: HeroesState, tests: tuple[tuple[str, Any], ...], q: int, ln: int) -> bool:
    """Whether a skill's or trigger's condition holds for ``q``'s hero in lane ``ln``
    (``roster.CONDITIONS``)."""
    for name, v in tests:
        if name in ("losing", "winning"):
            mine = R.strength(s, q, ln)
            others = [r for r in range(s.game.num_players) if r != q and s.heroes[r][ln] >= 0]
            if name == "losing":
                got = any(R.exceeds(s, ln, r, q, R.strength(s, r, ln), mine) for r in others)
            else:
                got = all(R.exceeds(s, ln, q, r, mine, R.strength(s, r, ln)) for r in others)
            if got != v:
                return False
        elif not _COUNT_TESTS[name](s, q, ln, v):
            return False
    return True


# ----------------------------------------------------------------------------- the end
def end_now(s: HeroesState) -> bool:
    """``§ Game End`` read as written (``end=immediate``, H6): "Once either condition
    happens, the game ends immediately": as soon as any player has an empty deck (unable
    to draw) or no hero with room (unable to play), the turn player first, then in seat
    order. An empty hand counts only at its owner's play step (it draws first, H23).
    Ends the game and returns ``True``, else ``False``."""
    n = s.game.num_players
    for k in range(n):
        q = (s.player + k) % n
        how = NO_DRAW if not s.decks[q] else NO_PLAY if not can_play(s, q) else ""
        if how:
            finish(s, how, q)
            return True
    return False


def winner_now(s: HeroesState) -> int:
    """The winner if the game ended now (H7): the most points (``winner=lanes``: the most
    lanes won); equal: the most Strength over all lanes (``tiebreak=strength``), still
    equal, or ``tiebreak=draw``: -1, a draw."""
    key = s.lanes_won() if s.game.by_lanes else s.points()
    best = max(key)
    top = [q for q in range(len(key)) if key[q] == best]
    if len(top) > 1 and s.game.tiebreak == "strength":
        ts = s.total_strength()
        b2 = max(ts[q] for q in top)
        top = [q for q in top if ts[q] == b2]
    return top[0] if len(top) == 1 else -1


def finish(s: HeroesState, how: str, seat: int) -> None:
    """``§ Game End``: the game is over (``how``: ``no_draw`` or ``no_play`` of ``seat``);
    the winner by :func:`winner_now` (H7)."""
    s.phase = OVER
    s.pending = None
    s.queue = []
    s.clash = None
    s.secret = []  # the game is over: every move is public (H19)
    s.ended_by = how
    s.end_seat = seat
    s.winner_ = winner_now(s)
    end: dict[str, Any] = {
        "type": "end",
        "how": how,
        "seat": seat,
        "points": s.points(),
        "winner": s.winner_,
    }
    if s.game.by_lanes:
        end["lanes_won"] = s.lanes_won()
    s.events.append(end)


# ----------------------------------------------------------------------------- refusals
def why_illegal(s: HeroesState, action: Any) -> str:
    """Why ``action`` is not legal now, in the words of the decision asked (the message of
    ``IllegalActionError``)."""
    lay = s.game.layout
    a = as_action_id(action)
    if a is None or not 0 <= a < lay.size:
        return not_an_action_id(action, "99 Heroes", lay.size)
    name = s.action_to_string(a)
    p = s.pending
    if s.phase == OVER or p is None:
        return f"{name} is illegal: the game is over"
    kind, x = lay.decode(a)
    want = {
        "pick": "place a hero (e.g. bastion@1)",
        "play": "play a card on one of your heroes (e.g. 7H>1)",
        "skill": "activate a matching skill or pass",
        "use": "use the ability or pass",
        "bonus": "take the Bonus Turn (bonus) or pass",
        "order": "choose which ability resolves first (order1 ...)",
    }.get(p["kind"], "")
    if p["kind"] == "choose":
        want = f"choose for the effect ({STEP_WORDS[p['step']]})"
    if kind == "pick" and p["kind"] == "pick":
        q = p["seat"]
        if x[0] in s.heroes[q]:
            hero = s.game.roster.heroes[x[0]].name
            return f"{name} is illegal: you have already placed {hero}"
        return f"{name} is illegal: you already have a hero in lane {x[1] + 1}"
    if kind == "play" and p["kind"] == "play":
        q = p["seat"]
        if x[0] not in s.hands[q]:
            return f"{name} is illegal: you hold no {format_card(x[0])}"
        if s.heroes[q][x[1]] < 0:
            return f"{name} is illegal: you have no hero in lane {x[1] + 1} any more"
        cap = R.capacity(s, q, x[1])
        return (
            f"{name} is illegal: your hero in lane {x[1] + 1} has "
            f"{len(s.active[q][x[1]])} active "
            f"cards; a card goes on a hero with at most {cap - 1}"
        )
    if kind == "skill" and p["kind"] == "skill":
        return f"{name} is illegal: the card played does not match that skill"
    return f"{name} is illegal: now seat {p['seat']} must {want}"


__all__ = [
    "activate",
    "begin_turn",
    "do",
    "draw_step",
    "end_now",
    "finish",
    "holds",
    "order",
    "pick",
    "play",
    "playable",
    "run",
    "run_trigger",
    "skill_step",
    "triggers",
    "triggers_of",
    "use",
    "why_illegal",
    "winner_now",
]
