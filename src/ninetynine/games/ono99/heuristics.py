"""ONO 99 heuristics: a one-turn risk model and the ``greedy`` agent.

The greedy agent sees only its observation. Its candidates are the highest number card it can
play (a number card only gets harder to play as the total rises, so the highest goes first;
measured: playing the lowest instead loses clearly) and every *escape* it holds: a card
playable on any total (0, Minus 10, Reverse, Play 2). For each candidate it estimates, from the
cards it has not seen (the deck minus its hand and the played pile), with ``safe(t)`` the share
of them playable on total ``t``:

* ``p_out``: the next player leaves at once: none of their ``h`` cards fits the new total,
  ``(1 - safe)^h``; owing two turns (a Play 2 or a strike back) they also leave when their one
  fitting card is not an answer and the card they draw does not fit;
* ``p_self``: the agent itself is stuck when play comes back: it keeps no escape, the total
  rises past what its lowest number card allows while the others play (a rise distribution
  from the deck's composition) and the card it draws does not fit either; owing a second Play 2
  turn, "comes back" is now; after its own Play 2, the answer may come straight back.

The score is ``gain * p_out - loss * p_self``, with the equity a player gains by removing one of
``n`` players (``1 / (n (n - 1))``) and loses by leaving (``1 / n``), plus a small value for the
escapes it keeps (Reverse, the answer to a Play 2, most; then Play 2, Minus 10, 0). So it keeps
the total away from the danger zone for itself, pushes it there for the next player, and saves
its escapes (ONO 99 rulebook § Special Cards). The weights were set by matches
against simpler bots (``docs/rules/ono99.md``, closing note of issue 3).

When the move makes the agent play again at once (the first of two Play 2 turns, or a Reverse
with two players under ``two_player_reverse=again``), the move is scored by the best move the
agent then has with the cards it keeps (a one-move look-ahead): owing two turns at 98, a
Minus 10 first (so that the second turn can push the total back up) beats a 0 that leaves the
second turn on 98. Under option ``leave=now`` the agent also counts the chance of leaving right
after its own move (its cards and the card it draws do not fit the new total). The agent plays
by the game's options (:func:`rule_options`), and so does the hint.

Measured against a bot that plays its highest number that fits, else 0, Play 2, Minus 10,
Reverse (2,000 games from ``derive_seed(42, i)``, greedy in alternate seats, rotated each
game): heads-up greedy wins 53.3% (52.9% before the look-ahead), with four players and two
seats each 55.2% (52.0%); 10,000 games with one greedy seat among simple bots: 26.9% of
four-player games (26.1% before; fair share 25%). The game is mostly luck between sensible
players: one-move rollout estimates found no other choice that gains more than a few points,
and only in rare positions (owing a Play 2 high up; which escape to spend at 98).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from .actions import EXCHANGE, action_to_string
from .cards import MINUS10, NUM_KINDS, ONO, PLAY2, REVERSE, SHORT
from .rules import ALWAYS_PLAYABLE, LIMIT, MAX_TOTAL, NEXT

#: Value of keeping an escape card (a share of the loss weight).
ESCAPE_VALUE = 0.06
#: Relative value of keeping each escape (kept longest: Reverse, the answer to a Play 2).
KEEP = {0: 1.0, MINUS10: 1.1, PLAY2: 1.2, REVERSE: 1.3}
#: Each further escape kept is worth this share of the one before.
DECAY = 0.6


class Option(NamedTuple):
    """One candidate move and its evaluation."""

    action: int
    score: float
    total: int  # the total it declares
    next_seat: int  # who plays next (may be the agent itself)
    next_turns: int  # turns the next player must take (1 or 2)
    p_out: float  # chance the next player leaves at once
    p_self: float  # chance the agent is stuck when play comes back
    escapes_left: int  # escape cards kept in hand


def unseen_counts(obs: dict[str, Any]) -> list[int]:
    """Cards per kind the observing seat has not seen: the deck minus its hand and the
    played pile (hands, the draw pile and the cards of seats that left)."""
    u = list(obs["deck"])
    for k in obs["hand"]:
        u[k] -= 1
    for k in obs["played"]:
        u[k] -= 1
    return [max(0, x) for x in u]


class SafeTable:
    """``safe(t)``: the share of unseen cards that can be played on total ``t``."""

    __slots__ = ("always", "cum", "size")

    def __init__(self, unseen: list[int]) -> None:
        cum, acc = [], 0
        for v in range(11):
            acc += unseen[v]
            cum.append(acc)
        self.cum = cum
        self.always = unseen[MINUS10] + unseen[REVERSE] + unseen[PLAY2]
        self.size = sum(unseen)

    def __call__(self, t: int) -> float:
        if self.size <= 0:
            return 1.0
        room = MAX_TOTAL - t
        nums = self.cum[room if room < 10 else 10] if room >= 0 else 0
        return (nums + self.always) / self.size


@lru_cache(maxsize=64)
def rise_survival(counts: tuple[int, ...], plays: int) -> tuple[float, ...]:
    """``sf[x]`` = P(the total rises by at least ``x``) over ``plays`` cards drawn from the
    deck's playable cards (number ``k`` adds ``k``, Minus 10 subtracts 10, the rest add 0);
    index ``x`` from 0 to 100 (``sf[0]`` counts rises of 0 or more)."""
    inc: dict[int, float] = {}
    total = sum(counts[:ONO]) or 1
    for k in range(ONO):
        if counts[k]:
            d = k if k <= 10 else (-10 if k == MINUS10 else 0)
            inc[d] = inc.get(d, 0.0) + counts[k] / total
    dist = {0: 1.0}
    for _ in range(plays):
        nxt: dict[int, float] = {}
        for a, pa in dist.items():
            for b, pb in inc.items():
                nxt[a + b] = nxt.get(a + b, 0.0) + pa * pb
        dist = nxt
    sf = []
    for x in range(101):
        sf.append(sum(p for r, p in dist.items() if r >= x))
    return tuple(sf)


def _next_alive(obs: dict[str, Any], p: int, direction: int) -> int:
    alive = obs["in_game"]
    n = len(alive)
    q = (p + direction) % n
    while not alive[q] and q != p:
        q = (q + direction) % n
    return q


def _stuck_later(rest: list[int], total: int, sf: tuple[float, ...], safe: SafeTable) -> float:
    """P(stuck when play comes back) for a seat keeping ``rest`` after declaring ``total``."""
    if any(k in ALWAYS_PLAYABLE for k in rest):
        return 0.0
    nums = [k for k in rest if k <= 10]
    if not nums:  # only ONO cards (or none): the draw alone must help
        return 1.0 - safe(min(MAX_TOTAL, total + 5))
    room = MAX_TOTAL - min(nums) - total  # the rise the lowest card still survives
    if room < 0:
        p_rise = 1.0
    else:
        p_rise = sf[room + 1] if room + 1 < len(sf) else 0.0
    return p_rise * (1.0 - safe(min(MAX_TOTAL, LIMIT - min(nums))))


def _stuck_now(rest: list[int], total: int, safe: SafeTable) -> float:
    """P(stuck at once on ``total``) keeping ``rest`` and drawing one unseen card."""
    room = MAX_TOTAL - total
    for k in rest:
        if k in ALWAYS_PLAYABLE or (k <= 10 and k <= room):
            return 0.0
    return 1.0 - safe(total)


def _fails_two_turns(rest: list[int], total: int, safe: SafeTable) -> float:
    """P(a seat keeping ``rest`` fails one of two turns in a row on ``total``)."""
    room = MAX_TOTAL - total
    if any(k in (REVERSE, PLAY2) for k in rest):
        return 0.0  # it answers (strike back / pass on)
    c = sum(1 for k in rest if k in ALWAYS_PLAYABLE or (k <= 10 and k <= room))
    s = safe(total)
    if c >= 2:
        return 0.0
    if c == 1:
        return 1.0 - s
    return 1.0 - s * s


def _follow_up(
    obs: dict[str, Any],
    rest: list[int],
    a: int,
    t2: int,
    direction: int,
    owed: int,
    options: Mapping[str, Any] | None,
) -> float | None:
    """The score of the best move the seat has on ``t2`` with the cards ``rest`` when it plays
    again right after ``a``; ``None`` if none of them fits (the card it draws must)."""
    legal = sorted({k for k in rest if k != ONO and NEXT[t2 * NUM_KINDS + k] < LIMIT})
    if not legal:
        return None
    me = obs["player"]
    sizes = list(obs["hand_sizes"])
    sizes[me] = len(rest)
    after = {
        **obs,
        "hand": rest,
        "total": t2,
        "direction": direction,
        "play2": 1 if owed == 2 else 0,
        "played": [*obs["played"], a],
        "hand_sizes": sizes,
    }
    return evaluate(after, legal, options, 1)[0].score


def rule_options(options: Mapping[str, Any] | None, obs: Mapping[str, Any]) -> tuple[bool, bool]:
    """``(two_player_again, leave_now)`` from the game's options (``game.options``); without
    them, from keys ``two_player_reverse`` / ``leave`` in ``obs`` if present, else the
    defaults (an observation does not carry the options)."""
    src = options if options is not None else obs
    return src.get("two_player_reverse") == "again", src.get("leave") == "now"


def evaluate(
    obs: dict[str, Any],
    legal: list[int] | None = None,
    options: Mapping[str, Any] | None = None,
    _depth: int = 0,
) -> list[Option]:
    """The candidate moves of the observing seat, evaluated (best first), under the game's
    ``options`` (``two_player_reverse``, ``leave``; see :func:`rule_options`).

    Candidates: the highest number card that can be played (number cards only get harder to
    play as the total rises, so the highest is played first) and every escape card.
    """
    me = obs["player"]
    hand: list[int] = obs["hand"]
    total: int = obs["total"]
    alive = obs["in_game"]
    n_alive = sum(alive)
    direction: int = obs["direction"]
    owed: int = obs["play2"]
    counts = tuple(obs["deck"])
    if legal is None:
        legal = sorted({k for k in hand if k != ONO and NEXT[total * NUM_KINDS + k] < LIMIT})
    if EXCHANGE in legal:
        return [Option(EXCHANGE, 0.0, total, me, 1, 0.0, 0.0, 0)]
    nums = [a for a in legal if 0 < a <= 10]
    cands = [max(nums)] if nums else []
    cands += [a for a in legal if a in ALWAYS_PLAYABLE]
    unseen = unseen_counts(obs)
    safe = SafeTable(unseen)
    size = safe.size or 1
    answers = (unseen[REVERSE] + (unseen[PLAY2] if n_alive == 2 else 0)) / size
    gain = 1.0 / (n_alive * (n_alive - 1)) if n_alive > 1 else 0.0
    loss = 1.0 / n_alive if n_alive else 1.0
    two_again, leave_now = rule_options(options, obs)
    out: list[Option] = []
    for a in cands:
        t2 = NEXT[total * NUM_KINDS + a]
        rest = hand[:]
        rest.remove(a)
        d = direction
        turns = 1
        if a == PLAY2:
            turns = 2
            nxt = _next_alive(obs, me, d)
        elif a == REVERSE:
            d = -d
            if owed == 2:
                turns = 2  # strike back
                nxt = _next_alive(obs, me, d)
            elif n_alive == 2 and two_again:
                nxt = me
            else:
                nxt = _next_alive(obs, me, d)
        elif owed == 2:
            nxt = me  # the second Play 2 turn
        else:
            nxt = _next_alive(obs, me, d)
        # option leave=now: this seat leaves right after its own move if neither the cards it
        # keeps nor the card it draws fit ``t2`` (the others are scored as under leave=turn:
        # measured, modelling their immediate leaving by its exact chance played worse)
        p_now = _stuck_now(rest, t2, safe) if leave_now else 0.0
        follow: float | None = None
        if nxt == me:
            p_out = 0.0
            p_self = _stuck_now(rest, t2, safe)
            if not _depth:
                # this seat plays again (its second Play 2 turn, or a Reverse under "again"):
                # the move is worth the best move it then has with the cards it keeps (the
                # card it draws can only add one)
                follow = _follow_up(obs, rest, a, t2, d, owed, options)
        else:
            h = obs["hand_sizes"][nxt]
            s = safe(t2)
            miss_h = (1.0 - s) ** h
            p_self = 0.0
            if turns == 2:
                p_out = miss_h + h * max(0.0, s - answers) * miss_h
                # the answer comes back to this seat (a strike back; with two players, also
                # a Play 2 passed on)
                p_back = 1.0 - (1.0 - answers) ** h
                p_self = p_back * _fails_two_turns(rest, t2, safe)
            else:
                p_out = miss_h
            plays = (n_alive - 1) + (turns - 1)
            p_self += (1.0 - p_self) * _stuck_later(rest, t2, rise_survival(counts, plays), safe)
            if leave_now:
                p_self = p_now + (1.0 - p_now) * p_self
        keep = sorted((KEEP[k] for k in rest if k in KEEP), reverse=True)
        if follow is not None:
            score = gain * p_out + follow
        else:
            score = gain * p_out - loss * p_self
            score += loss * ESCAPE_VALUE * sum(v * DECAY**i for i, v in enumerate(keep))
        out.append(Option(a, score, t2, nxt, turns, p_out, p_self, len(keep)))
    out.sort(key=lambda o: (-o.score, o.action))
    return out


class GreedyAgent:
    """The heuristic player described in the module docstring."""

    name = "greedy"

    def __init__(self, game: Any = None, seat: int = 0, seed: int | None = None) -> None:
        self.seat = seat
        self.options: dict[str, Any] = dict(getattr(game, "options", None) or {})

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        return evaluate(observation, legal_actions, self.options)[0].action


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _listing(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def explain_choice(obs: dict[str, Any], options: Mapping[str, Any] | None = None) -> str:
    """One line: what the greedy agent would play here and why, under the game's ``options``
    (as :class:`GreedyAgent` plays them), e.g. ``"P2=98: seat 1 must take two turns and then
    needs 0 or a special, about 26% to leave; you keep 0, -10 and Rev as escapes"``."""
    hand = obs["hand"]
    total = obs["total"]
    if obs["deck"][ONO] and hand.count(ONO) == obs["deck"][ONO]:
        return "exchange: you hold all four ONO 99 cards, the only move"
    legal = sorted({k for k in hand if k != ONO and NEXT[total * NUM_KINDS + k] < LIMIT})
    if not legal:
        return "no card in your hand keeps the total below 99"
    best = evaluate(obs, legal, options)[0]
    why = []
    if len(legal) == 1:
        why.append("the only card you can play")
    if best.action == REVERSE and obs["play2"] == 2:
        why.append("strikes the Play 2 back")
    elif best.action == PLAY2 and obs["play2"] == 2:
        why.append("passes the Play 2 on")
    if best.next_seat == obs["player"]:
        why.append("you play again right away")
    else:
        room = MAX_TOTAL - best.total
        needs = (
            "any card" if room >= 10 else (f"0-{room} or a special" if room else "0 or a special")
        )
        who = f"seat {best.next_seat}"
        if best.next_turns == 2:
            who += " must take two turns and"
        why.append(f"{who} then needs {needs}, about {_pct(best.p_out)} to leave")
    rest = hand[:]
    rest.remove(best.action)
    kept = [SHORT[k] for k in sorted(set(rest)) if k in ALWAYS_PLAYABLE]
    if kept:
        why.append(f"you keep {_listing(kept)} as {'an escape' if len(kept) == 1 else 'escapes'}")
    elif best.p_self > 0:
        why.append(f"no escape left: about {_pct(best.p_self)} risk when play comes back")
    return f"{action_to_string(best.action, obs['total'])}: " + "; ".join(why)
