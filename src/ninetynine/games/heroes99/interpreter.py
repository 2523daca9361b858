"""What each 99 Heroes effect word does: the interpreter of hero effects.

A hero's skill or triggered ability is a list of effects (``roster.Effect``: a word of
:data:`~.effects.Verb` and its fields). Activating one queues an :class:`~.effects.Fx` task
per effect (:func:`push_effects`); running the task (:func:`run_effect`) carries the effect
out "as completely as you are able" (99 Heroes rulebook § Activating Skills, decision H11):

* a choice with one option is made at once;
* a choice with none makes the effect (or what is left of it) do nothing, and a
  ``no_effect`` event says why (:func:`idle`);
* a real choice pauses the turn as a ``choose`` decision (:func:`ask`): its legal actions are
  :func:`options`, and its action (:func:`apply_choice`) resumes the effect, whose
  :class:`~.effects.Progress` remembers the choices made so far.

An effect of a hero that has left the game (its lane resolved) does nothing (H15). Enemy
heroes with ``ward`` cannot be shifted from or to, discarded from or swapped (``rules.warded``).

Below, one section per word: what it does (its runner's docstring), the choices it asks for
and what each does; the tables :data:`RUN`, :data:`OPTIONS` and :data:`APPLY` index them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import rules as R
from .actions import MAX_ACTIVE_POS
from .cards import NUM_CARDS, clash_rank, owned
from .effects import SECRET_CLASH, STEP_WORDS, ChoiceStep, ChoosePending, Fx, LaneResult, Verb

if TYPE_CHECKING:
    from .hero import Effect
    from .state import HeroesState


# ----------------------------------------------------------------------------- the machinery
def push_effects(s: HeroesState, lid: int, owner: int, hero: int) -> None:
    """Queue effect list ``lid`` of seat ``owner``'s hero ``hero`` to run next, in order."""
    n = len(s.game.lists[lid])
    s.queue[0:0] = [Fx("fx", lid, i, owner, hero, {}) for i in range(n)]


def run_effect(s: HeroesState, task: Fx) -> None:
    """Carry out (or resume) one effect: the runner of its word (:data:`RUN`)."""
    eff = s.game.lists[task.lid][task.pos]
    ln = s._lane_of(task.owner, task.hero)
    if ln < 0:
        return  # the hero was removed with its lane: its effects stop (H15)
    RUN[eff.verb](s, task, eff, ln)


def ask(s: HeroesState, seat: int, step: ChoiceStep, task: Fx) -> None:
    """Pause for ``seat``'s choice ``step`` inside ``task``; the choice resumes it. A choice
    with one option is made at once; with none, the effect does nothing more (H11)."""
    p: ChoosePending = {"kind": "choose", "seat": seat, "step": step, "task": task}
    s.pending = p
    opts = options(s, p)
    if not opts:
        s.pending = None
        idle(s, task.owner, task.hero, STEP_WORDS[step].removeprefix("a ").removeprefix("an "))
        return
    if len(opts) == 1:
        s.pending = None
        apply_choice(s, p, s.game.layout.decode(opts[0])[1])


def options(s: HeroesState, p: ChoosePending) -> list[int]:
    """The legal action ids of choice ``p`` (:data:`OPTIONS`)."""
    task = p["task"]
    eff = s.game.lists[task.lid][task.pos]
    return OPTIONS[p["step"]](s, p, eff, s._lane_of(task.owner, task.hero))


def apply_choice(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> None:
    """Make choice ``p`` (``x``: the decoded action) and resume its effect (:data:`APPLY`)."""
    if APPLY[p["step"]](s, p, x):
        run_effect(s, p["task"])


Heroes = Sequence[Sequence[int]]


def idle(s: HeroesState, q: int, h: int, what: str, cands: Heroes = (), full: Heroes = ()) -> None:
    """An effect of ``q``'s hero ``h`` that can do nothing says why (H11): the ``what`` it
    found none of, the enemy heroes among ``cands`` whose ward kept it out, and the heroes
    ``full`` already holding the most active cards a shift may bring them to (H10)."""
    warded = [[a, b] for a, b in cands if R.warded(s, q, a, b)]
    event: dict[str, Any] = {"type": "no_effect", "seat": q, "hero": s._hid(h), "what": what}
    event["warded"] = warded
    if full:
        event["full"] = [list(x) for x in full if list(x) not in warded]
    s.events.append(event)


def _hand_cards(s: HeroesState, p: ChoosePending, eff: Effect, ln: int) -> list[int]:
    """A choice of a card of the deciding seat's hand."""
    lay = s.game.layout
    return sorted({lay.card_id(c) for c in s.hands[p["seat"]]})


# ----------------------------------------------------------------------------- bolster
def _bolster_target(
    s: HeroesState, task: Fx, eff: Effect, ln: int, step: ChoiceStep
) -> tuple[int, int] | None:
    """The hero a bolster goes on (asked for when ``to`` names several); ``None`` while it is
    being asked, when there is none, or when it has left the game."""
    data = task.progress
    if "target" not in data:
        opts = R.select(s, eff.to, task.owner, ln)
        if not opts:
            idle(s, task.owner, task.hero, "hero it may bolster")
            return None
        if len(opts) > 1:
            ask(s, task.owner, step, task)
            return None
        data["target"] = list(opts[0])
    tq, tl = data["target"]
    return None if s.heroes[tq][tl] < 0 else (tq, tl)


def bolster(s: HeroesState, task: Fx, eff: Effect, ln: int) -> None:
    """``bolster`` (99 Heroes rulebook § Bolster X): "take that many cards from the top of
    your deck and place them face-down on a single hero of your choice without looking at
    them": ``amount`` cards (fewer if the deck runs short) on one hero ``to`` names. Each
    bolster is +1 Strength (``rules.strength``); nobody sees the card."""
    target = _bolster_target(s, task, eff, ln, "bolster")
    if target is None:
        return
    q, (tq, tl) = task.owner, target
    k = min(eff.amount, len(s.decks[q]))
    for _ in range(k):
        s.bolsters[tq][tl].append(owned(q, s.decks[q].pop()))
        s.bknown[tq][tl].append(False)
    s.st["bolsters"][q] += k
    s.events.append({"type": "bolster", "seat": q, "target": [tq, tl], "cards": k, "from": "deck"})


def bolster_hand(s: HeroesState, task: Fx, eff: Effect, ln: int) -> None:
    """``bolster_hand`` (§ Bolster X): "Some effects instruct you to bolster from your hand.
    In this case, you may select which cards to use": ``amount`` cards of your hand (fewer if
    you hold fewer), chosen one at a time, face-down on one hero ``to`` names. Their owner
    knows them (``my_bolsters``) until the game ends."""
    if _bolster_target(s, task, eff, ln, "bolster_target") is None:
        return
    data, q = task.progress, task.owner
    if "left" not in data:
        data["left"] = min(eff.amount, len(s.hands[q]))
        if not data["left"]:
            idle(s, q, task.hero, "card in hand to bolster with")
    if data["left"] > 0:
        ask(s, q, "bolster_hand", task)


def _bolster_options(s: HeroesState, p: ChoosePending, eff: Effect, ln: int) -> list[int]:
    lay = s.game.layout
    return [lay.slot_id(a, b) for a, b in R.select(s, eff.to, p["task"].owner, ln)]


def _bolster_choose_target(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    p["task"].progress["target"] = [x[0], x[1]]
    return True


def _bolster_choose_card(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    data, q = p["task"].progress, p["task"].owner
    tq, tl = data["target"]
    c = x[0]
    s.hands[q].remove(c)
    s.bolsters[tq][tl].append(owned(q, c))
    s.bknown[tq][tl].append(True)
    s.st["bolsters"][q] += 1
    data["left"] -= 1
    s.events.append({"type": "bolster", "seat": q, "target": [tq, tl], "cards": 1, "from": "hand"})
    return True


# ----------------------------------------------------------------------------- draw
def draw(s: HeroesState, task: Fx, eff: Effect, ln: int) -> None:
    """``draw`` (ours; the rulebook's turn has "Draw a card"): ``amount`` cards, or up to a
    hand of ``until``, fewer if the deck runs short. An empty deck here ends nothing: only
    the draw step's does (H6)."""
    q = task.owner
    k = max(0, eff.until - len(s.hands[q])) if eff.until else eff.amount
    got = s._draw(q, k)
    s.events.append({"type": "drew", "seat": q, "cards": got})


# ----------------------------------------------------------------------------- discard
def discard(s: HeroesState, task: Fx, eff: Effect, ln: int) -> None:
    """``discard`` (§ Discard): "the discarded card is moved from play or from a hand to the
    discard pile of its owner". ``from``: ``hand`` (``amount`` cards of your hand, you choose),
    ``enemy_hand`` (each opponent in turn order discards ``amount`` of their choice), ``active``
    (``amount`` active cards of heroes ``target`` names) or ``bolster`` (``amount`` bolsters,
    the top one of a chosen hero; it goes face-up to its owner's pile, H21)."""
    src, q, h, data = eff.source, task.owner, task.hero, task.progress
    if src == "hand":
        if "left" not in data:
            data["left"] = min(eff.amount, len(s.hands[q]))
            if not data["left"]:
                idle(s, q, h, "card in hand to discard")
        if data["left"] > 0:
            ask(s, q, "discard_hand", task)
        return
    if src == "enemy_hand":
        if "who" not in data:
            n = s.game.num_players
            data["who"] = [(q + k) % n for k in range(1, n)]
            data["left"] = -1
        while data["who"]:
            r = data["who"][0]
            if data["left"] < 0:
                data["left"] = min(eff.amount, len(s.hands[r]))
            if data["left"] > 0:
                ask(s, r, "discard_enemy", task)
                return
            data["who"].pop(0)
            data["left"] = -1
        return
    if "left" not in data:
        data["left"] = eff.amount
    if data["left"] <= 0:
        return
    step: ChoiceStep = "discard_active" if src == "active" else "discard_bolster"
    if R.discard_targets(s, eff, q, ln, src):
        ask(s, q, step, task)
    elif data["left"] == eff.amount:  # nothing discarded yet: say why
        pile = s.active if src == "active" else s.bolsters
        with_cards = [(a, b) for a, b in R.select(s, eff.target, q, ln) if pile[a][b]]
        what = "active card" if src == "active" else "bolster"
        idle(s, q, h, f"{what} it may discard", with_cards)


def _discard_from_options(s: HeroesState, p: ChoosePending, eff: Effect, ln: int) -> list[int]:
    lay = s.game.layout
    src = "active" if p["step"] == "discard_active" else "bolster"
    out = []
    for a, b in R.discard_targets(s, eff, p["task"].owner, ln, src):
        if src == "active":
            out += [lay.active_id(a, b, k) for k in range(min(len(s.active[a][b]), MAX_ACTIVE_POS))]
        else:
            out.append(lay.slot_id(a, b))
    return sorted(out)


def _discard_from_hand(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    seat, task = p["seat"], p["task"]
    data = task.progress
    c = x[0]
    s.hands[seat].remove(c)
    s.discards[seat].append(c)
    s.st["discards"][task.owner] += 1
    data["left"] -= 1
    s.events.append({"type": "discard", "seat": seat, "card": c, "from": "hand"})
    if p["step"] == "discard_enemy" and data["left"] <= 0:
        data["who"].pop(0)
        data["left"] = -1
    return True


def _discard_from_pile(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    """The active card ``x`` (``discard_active``) or the top bolster of hero ``x``."""
    a, b = x[0], x[1]
    if p["step"] == "discard_active":
        discard_from_hero(s, p["task"].owner, a, b, s.active[a][b].pop(x[2]), "active")
    else:
        s.bknown[a][b].pop()
        discard_from_hero(s, p["task"].owner, a, b, s.bolsters[a][b].pop(), "bolster")
    p["task"].progress["left"] -= 1
    return True


def discard_from_hero(s: HeroesState, q: int, a: int, b: int, code: int, src: str) -> None:
    """A card taken off seat ``a``'s hero in lane ``b`` by ``q``'s effect goes to its
    owner's discard pile, face-up (H21)."""
    s.discards[code // NUM_CARDS].append(code % NUM_CARDS)
    s.st["discards"][q] += 1
    owner, card = divmod(code, NUM_CARDS)
    event = {"type": "discard", "seat": q, "card": card, "owner": owner, "from": src}
    s.events.append({**event, "target": [a, b]})


# ----------------------------------------------------------------------------- shift
def shift(s: HeroesState, task: Fx, eff: Effect, ln: int) -> None:
    """``shift`` (§ Shift): "Shifting moves an active card from one hero to another": you
    choose an active card of a hero ``from`` names, then a hero ``to`` names to put it on.
    "You cannot shift a face-up card onto a hero if it would cause them to have more than 3
    active cards" (H10), so a card with nowhere to go cannot be chosen."""
    q = task.owner
    if "source" not in task.progress:
        if not R.shift_sources(s, eff, q, ln):
            _idle_shift(s, eff, q, task.hero, ln)
            return
        ask(s, q, "shift_from", task)
        return
    ask(s, q, "shift_to", task)


def _idle_shift(s: HeroesState, eff: Effect, q: int, h: int, ln: int) -> None:
    """Why a shift found no card to move: none to take, or nowhere to put it."""
    sources = [(a, b) for a, b in R.select(s, eff.source, q, ln) if s.active[a][b]]
    if not [x for x in sources if not R.warded(s, q, *x)]:
        idle(s, q, h, "active card it may shift", sources)
        return
    dests = R.select(s, eff.to, q, ln)
    full = [[a, b] for a, b in dests if len(s.active[a][b]) >= R.SHIFT_LIMIT]
    idle(s, q, h, "hero it may shift a card to", dests, full)


def _shift_from_options(s: HeroesState, p: ChoosePending, eff: Effect, ln: int) -> list[int]:
    lay = s.game.layout
    return sorted(
        lay.active_id(a, b, k)
        for a, b in R.shift_sources(s, eff, p["task"].owner, ln)
        for k in range(min(len(s.active[a][b]), MAX_ACTIVE_POS))
    )


def _shift_to_options(s: HeroesState, p: ChoosePending, eff: Effect, ln: int) -> list[int]:
    lay = s.game.layout
    sa, sb, _ = p["task"].progress["source"]
    dests = R.shift_dests(s, eff, p["task"].owner, ln, sa, sb)
    return sorted(lay.slot_id(a, b) for a, b in dests)


def _shift_choose_card(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    p["task"].progress["source"] = [x[0], x[1], x[2]]
    return True


def _shift_choose_hero(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    q = p["task"].owner
    sa, sb, k = p["task"].progress["source"]
    code = s.active[sa][sb].pop(k)
    s.active[x[0]][x[1]].append(code)
    s.st["shifts"][q] += 1
    s.events.append(
        {"type": "shift", "seat": q, "card": code % NUM_CARDS, "from": [sa, sb], "to": [x[0], x[1]]}
    )
    return False


# ----------------------------------------------------------------------------- swap
def swap(s: HeroesState, task: Fx, eff: Effect, ln: int) -> None:
    """``swap`` (§ Swap): "Swapping changes the positions of two heroes. All cards and
    bolsters remain where they are" (``swap_carries``: they move with the heroes, H14). Two
    heroes of one seat: ``who`` ``own`` (yours), ``enemy`` (one opponent's) or ``this`` (this
    hero and another of yours); you choose the first, then the second."""
    q, data = task.owner, task.progress
    if "a" not in data:
        if eff.who == "this":
            data["a"] = [q, ln]
        elif not R.swap_firsts(s, eff, q):
            idle(s, q, task.hero, "two heroes it may swap", R.swap_candidates(s, eff, q))
            return
        else:
            ask(s, q, "swap_a", task)
            return
    if not R.swap_seconds(s, eff, q, data["a"]):
        idle(s, q, task.hero, "hero it may swap with", R.swap_candidates(s, eff, q))
        return
    ask(s, q, "swap_b", task)


def _swap_a_options(s: HeroesState, p: ChoosePending, eff: Effect, ln: int) -> list[int]:
    lay = s.game.layout
    return sorted(lay.slot_id(a, b) for a, b in R.swap_firsts(s, eff, p["task"].owner))


def _swap_b_options(s: HeroesState, p: ChoosePending, eff: Effect, ln: int) -> list[int]:
    lay = s.game.layout
    task = p["task"]
    return sorted(
        lay.slot_id(a, b) for a, b in R.swap_seconds(s, eff, task.owner, task.progress["a"])
    )


def _swap_choose_first(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    p["task"].progress["a"] = [x[0], x[1]]
    return True


def _swap_choose_second(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    swap_heroes(s, p["task"].owner, p["task"].progress["a"], [x[0], x[1]])
    return False


def swap_heroes(s: HeroesState, q: int, a: list[int], b: list[int]) -> None:
    """``q``'s swap of the heroes at ``a`` and ``b`` (``[seat, lane]``, one seat): the heroes
    change lanes; their cards and bolsters stay (``swap_carries``: they move with them)."""
    r, la, lb = a[0], a[1], b[1]
    hs = s.heroes[r]
    hs[la], hs[lb] = hs[lb], hs[la]
    carries = R.has_rule(s, q, "swap_carries")
    if carries:
        for piles in (s.active, s.bolsters):
            piles[r][la], piles[r][lb] = piles[r][lb], piles[r][la]
        kn = s.bknown[r]
        kn[la], kn[lb] = kn[lb], kn[la]
    s.st["swaps"][q] += 1
    s.events.append({"type": "swap", "seat": q, "owner": r, "lanes": [la, lb], "carried": carries})


# ----------------------------------------------------------------------------- clash
def clash(s: HeroesState, task: Fx, eff: Effect, ln: int) -> None:
    """``clash`` (§ Clash): "All players in the clash draw a card, then discard a card from
    their hands. The player who discards the highest card wins the clash, and all other
    players lose. In a tie, the tied players neither win nor lose." Every seat draws, then
    chooses its card in turn from the activating seat, hidden until all have chosen (H16); a
    seat with no card takes no part. Aces are low unless option ``ace=11``; a ``clash_low``
    hero in play makes the lowest card win. The activating seat's ``win`` or ``lose`` effects
    follow."""
    q = task.owner
    n = s.game.num_players
    if s.clash is None:
        seats = [(q + k) % n for k in range(n)]
        for r in seats:
            s._draw(r, 1)
        s.clash = {"actor": q, "seats": seats, "cards": [None] * n}
        s.events.append({"type": "clash", "seat": q, "seats": seats})
    cl = s.clash
    for r in cl["seats"]:
        if cl["cards"][r] is None:
            if not s.hands[r]:
                cl["cards"][r] = -1
                continue
            ask(s, r, "clash", task)
            return
    # everyone has chosen: reveal
    cards = [-1 if c is None else c for c in cl["cards"]]
    for r in cl["seats"]:
        if cards[r] >= 0:
            s.discards[r].append(cards[r])
    low = any(h >= 0 and s.rules[h].get("clash_low") for row in s.heroes for h in row)
    high = s.game.ace >= 11
    vals = {r: clash_rank(cards[r], high) for r in cl["seats"] if cards[r] >= 0}
    winner, losers = -1, list(cl["seats"])
    if vals:
        best = min(vals.values()) if low else max(vals.values())
        top = [r for r in vals if vals[r] == best]
        losers = [r for r in cl["seats"] if r not in top]
        if len(top) == 1:
            winner = top[0]
    s.clash = None
    s.secret = [x for x in s.secret if x[2] != SECRET_CLASH]
    actor = cl["actor"]
    result = {"type": "clash_result", "seat": actor, "cards": list(cl["cards"])}
    s.events.append({**result, "winner": winner, "losers": losers, "low": low})
    wl, ll = s.game.clash_lists[(task.lid, task.pos)]
    if winner == actor:
        s.st["clashes_won"][actor] += 1
        if wl >= 0:
            push_effects(s, wl, actor, task.hero)
    elif actor in losers:
        s.st["clashes_lost"][actor] += 1
        if ll >= 0:
            push_effects(s, ll, actor, task.hero)


def _clash_choose(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    seat = p["seat"]
    s.hands[seat].remove(x[0])
    assert s.clash is not None
    s.clash["cards"][seat] = x[0]
    return True


# ----------------------------------------------------------------------------- resolve
def resolve(s: HeroesState, task: Fx, eff: Effect, ln: int) -> None:
    """``resolve`` (§ Resolve a Lane): ``lane`` ``this`` (this hero's lane) or ``choose``
    (a lane not yet resolved, your choice): :func:`resolve_lane`."""
    if eff.lane == "this":
        resolve_lane(s, ln, task.owner)
        return
    ask(s, task.owner, "resolve_lane", task)


def resolve_lane(s: HeroesState, ln: int, q: int) -> None:
    """``q`` resolves lane ``ln`` (§ Resolve a Lane): "Immediately tally Strength for all
    heroes in this lane, and assign points based on the victor. Then, all heroes and cards in
    this lane are removed from the game. Their Unique Abilities also stop working once
    removed" (H15); bolsters are turned face-up as they go. A resolved lane stays so."""
    if s.lane_result[ln] is not None:
        return
    n = s.game.num_players
    pts = R.lane_points(s, ln)
    strength = [R.strength(s, r, ln) for r in range(n)]
    heroes = [s._hid(s.heroes[r][ln]) for r in range(n)]
    tally = LaneResult(points=pts, strength=strength, heroes=heroes)
    s.lane_result[ln] = tally
    for r in range(n):
        for code in s.active[r][ln] + s.bolsters[r][ln]:
            s.removed[code // NUM_CARDS].append(code % NUM_CARDS)
        s.active[r][ln] = []
        s.bolsters[r][ln] = []
        s.bknown[r][ln] = []
        s.heroes[r][ln] = -1
    s.st["lanes_resolved"][q] += 1
    s.events.append({"type": "resolve", "seat": q, "lane": ln, **tally})


def _lane_options(s: HeroesState, p: ChoosePending, eff: Effect, ln: int) -> list[int]:
    lay = s.game.layout
    return [lay.lane + x for x in range(s.game.lanes) if s.lane_result[x] is None]


def _resolve_choose(s: HeroesState, p: ChoosePending, x: tuple[int, ...]) -> bool:
    resolve_lane(s, x[0], p["task"].owner)
    return False


# ----------------------------------------------------------------------------- bonus turn
def bonus_turn(s: HeroesState, task: Fx, eff: Effect, ln: int) -> None:
    """``bonus_turn`` (§ Bonus Turn): "After the end of the current turn, you may take another
    turn. You cannot gain an additional bonus turn during a bonus turn" (``chain_bonus``: you
    can). Only the turn player gains one (H17); it is offered at the turn's ``finish``."""
    q = task.owner
    if q != s.player:
        return
    if s.bonus_turn and not R.has_rule(s, q, "chain_bonus"):
        s.events.append({"type": "bonus_denied", "seat": q})
        return
    s.bonus_earned = True
    s.events.append({"type": "bonus_earned", "seat": q})


# ----------------------------------------------------------------------------- the tables
Runner = Callable[["HeroesState", Fx, "Effect", int], None]
Options = Callable[["HeroesState", ChoosePending, "Effect", int], list[int]]
Apply = Callable[["HeroesState", ChoosePending, tuple[int, ...]], bool]

#: Each effect word's runner.
RUN: dict[Verb, Runner] = {
    "bolster": bolster,
    "bolster_hand": bolster_hand,
    "draw": draw,
    "discard": discard,
    "shift": shift,
    "swap": swap,
    "clash": clash,
    "resolve": resolve,
    "bonus_turn": bonus_turn,
}
#: Each choice step's legal actions.
OPTIONS: dict[ChoiceStep, Options] = {
    "bolster": _bolster_options,
    "bolster_target": _bolster_options,
    "bolster_hand": _hand_cards,
    "discard_hand": _hand_cards,
    "discard_enemy": _hand_cards,
    "discard_active": _discard_from_options,
    "discard_bolster": _discard_from_options,
    "shift_from": _shift_from_options,
    "shift_to": _shift_to_options,
    "swap_a": _swap_a_options,
    "swap_b": _swap_b_options,
    "clash": _hand_cards,
    "resolve_lane": _lane_options,
}
#: What each choice step's action does; ``True``: the effect goes on.
APPLY: dict[ChoiceStep, Apply] = {
    "bolster": _bolster_choose_target,
    "bolster_target": _bolster_choose_target,
    "bolster_hand": _bolster_choose_card,
    "discard_hand": _discard_from_hand,
    "discard_enemy": _discard_from_hand,
    "discard_active": _discard_from_pile,
    "discard_bolster": _discard_from_pile,
    "shift_from": _shift_choose_card,
    "shift_to": _shift_choose_hero,
    "swap_a": _swap_choose_first,
    "swap_b": _swap_choose_second,
    "clash": _clash_choose,
    "resolve_lane": _resolve_choose,
}

__all__ = [
    "APPLY",
    "OPTIONS",
    "RUN",
    "apply_choice",
    "ask",
    "discard_from_hero",
    "idle",
    "options",
    "push_effects",
    "resolve_lane",
    "run_effect",
    "swap_heroes",
]
