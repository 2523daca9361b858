"""The flow of an ONO 99 game: a turn's card and what it does, the next turn, leaving, the end.

ONO 99 rulebook § How to Play, § Special Cards and § Hints with the readings of
``docs/rules/ono99.md``: a turn is one action (:func:`take_turn`); the player then draws; a
player who cannot play leaves at the start of their turn or (option ``leave=now``) as soon as
no card fits (D5) in :func:`begin_turn`; the draw pile is rebuilt from the played cards (D8).
The total arithmetic is ``rules.py``.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from . import actions as A
from .cards import MINUS10, NUM_KINDS, ONO, PLAY2, REVERSE
from .rules import NEXT

if TYPE_CHECKING:
    from .state import Ono99State

#: Cards in a hand (``§ Setup``: "The dealer deals 4 cards face down to each player"; a
#: player draws a new card after each card played, § How to Play).
HAND_SIZE = 4
#: ``ended_by`` values.
LAST_PLAYER, TURN_LIMIT = "last_player", "turn_limit"

_EXCHANGE = A.EXCHANGE


def take_turn(s: Ono99State, action: int) -> None:
    """The turn player plays ``action`` (a card, or the exchange of the ONO cards) and the
    turn passes on (``§ How to Play``, ``§ Special Cards``, D9-D13)."""
    p = s.player
    owed = s.play2
    st = s.st
    if action == _EXCHANGE:
        # § 99 Card (Ono Card): all four at once for new cards; the turn passes (D9). The
        # four are set aside while the player draws, then go under the played pile, so a
        # rebuild during this draw cannot hand them back.
        k = s.game.counts[ONO]
        hand = s.hands[p]
        del hand[len(hand) - k :]  # sorted: the ONO cards (kind 14) are last
        if s.hgen is not None:
            del s.hgen[p][len(hand) :]
        st["exchanges"][p] += 1
        s.last = [p, action, s.total]
        draw(s, p, k)
        s.played[0:0] = [ONO] * k  # under the played pile, face up (D9)
        nxt, owe = (p, 1) if owed == 2 else (next_alive(s, p), 0)
    else:
        take(s, p, action)
        s.played.append(action)
        s.total = NEXT[s.total * NUM_KINDS + action]
        s.last = [p, action, s.total]
        s.last_player = p
        st["cards_played"][p] += 1
        draw(s, p, 1)
        if action == PLAY2:
            # § Play 2 Card: the next player takes two turns; played as the answer to a
            # Play 2 it passes the effect on, never stacking to four (D12).
            st["play2s"][p] += 1
            if owed == 2:
                st["passes"][p] += 1
            nxt, owe = next_alive(s, p), 2
        elif action == REVERSE:
            # § Reverse Card, § Play 2 Card ("strike back"), D10, D11.
            st["reverses"][p] += 1
            s.direction = -s.direction
            if owed == 2:
                st["strike_backs"][p] += 1
                nxt, owe = next_alive(s, p), 2
            elif s.n_alive == 2 and s.game.two_player_reverse == "again":
                nxt, owe = p, 0
            else:
                nxt, owe = next_alive(s, p), 0
        else:
            if action == MINUS10:
                st["minus10s"][p] += 1
            nxt, owe = (p, 1) if owed == 2 else (next_alive(s, p), 0)
    if nxt != p:
        s.handed = p  # the knockout credit of D18
    if s.game.leave == "now":
        t = s.total
        peak = s.peak
        for i, alive in enumerate(s.alive):
            if alive and peak[i] < t:
                peak[i] = t
        peak[p] = t  # the mover's hand is new
    use_slot(s)
    begin_turn(s, nxt, owe)


def next_alive(s: Ono99State, p: int) -> int:
    n = s.game.num_players
    d = s.direction
    alive = s.alive
    q = (p + d) % n
    while not alive[q]:
        q = (q + d) % n
    return q


def use_slot(s: Ono99State) -> None:
    """Round bookkeeping (D17): a round is as many turn slots as there are players in
    the game when it begins; each turn and each player leaving uses one."""
    s.round_left -= 1
    if s.round_left <= 0:
        s.round += 1
        s.round_left = s.n_alive


def begin_turn(s: Ono99State, q: int, owe: int) -> None:
    """Give the turn to ``q`` (owing ``owe`` Play 2 turns). A player who cannot play leaves
    the game at once and the next player takes a normal turn (D5, D13); under option
    ``leave=now`` every seat without a move leaves first (D5)."""
    if s.turn >= s.game.max_turns:
        finish(s, -1, TURN_LIMIT)
        return
    if s.game.leave == "now":
        if not leave_now(s):
            return
        if not s.alive[q]:
            q, owe = next_alive(s, q), 0
    by = s.handed
    while not s._can_move(q):
        eliminate(s, q, by)
        if s.n_alive == 1:
            finish(s, next_alive(s, q), LAST_PLAYER)
            return
        q = next_alive(s, q)
        owe = 0  # § Play 2 Card: the next player does not take it over
    s.player = q
    s.play2 = owe
    s._legal = None


def leave_now(s: Ono99State) -> bool:
    """Option ``leave=now`` (D5): every seat in the game holding no move leaves, in the
    order of play from the seat after the last mover, the mover last (so the player of the
    last card wins when nobody can play, § Hints). Knocked out by the mover (D18). False
    if the game ended."""
    n = s.game.num_players
    d = s.direction
    mover = s.last[0] if s.last is not None else -1
    start = mover if mover >= 0 else (s.player - d) % n
    for step in range(1, n + 1):
        i = (start + d * step) % n
        if s.alive[i] and not s._can_move(i):
            eliminate(s, i, mover)
            if s.n_alive == 1:
                finish(s, next_alive(s, i), LAST_PLAYER)
                return False
    return True


def eliminate(s: Ono99State, q: int, by: int) -> None:
    """§ How to Play / § Hints: the player leaves; their hand goes face down, out of play
    for the rest of the game (D7). ``by``: the seat credited with the knockout (D18)."""
    s.out[q] = s.hands[q]
    s.hands[q] = []
    if s.hgen is not None and s.ogen is not None:
        s.ogen[q] = s.hgen[q]
        s.hgen[q] = []
    s.alive[q] = False
    s.n_alive -= 1
    s.out_order.append(q)
    s.out_round[q] = s.round
    s.out_total[q] = s.total
    s.out_turn[q] = s.turn
    if by >= 0 and by != q:
        s.st["knockouts"][by] += 1
    if s.n_alive > 1:  # the game goes on: the round counts the slot
        use_slot(s)


def finish(s: Ono99State, winner: int, why: str) -> None:
    s.winner_ = winner
    s.ended_by = why
    s.play2 = 0
    s._legal = None


def take(s: Ono99State, p: int, kind: int) -> None:
    """Remove one card of ``kind`` from ``p``'s hand: the copy from the oldest reshuffle
    (copies are identical; which one left matters only to ``resample``, D16)."""
    hand = s.hands[p]
    j = hand.index(kind)
    del hand[j]
    if s.hgen is not None:
        del s.hgen[p][j]


def draw(s: Ono99State, p: int, k: int) -> None:
    """Draw ``k`` cards, rebuilding an empty draw pile from the played cards (D8); with
    nothing left to draw the hand stays short (D14). A hand is kept sorted by kind, and
    copies of a kind by the reshuffle they came from (``hgen``)."""
    hand = s.hands[p]
    for _ in range(k):
        if not s.draw:
            rebuild(s)
            if not s.draw:
                return
        c = s.draw.pop()
        j = bisect_right(hand, c)
        hand.insert(j, c)
        if s.hgen is not None:
            s.hgen[p].insert(j, s.rebuilds)


def rebuild(s: Ono99State) -> None:
    """§ Hints: "shuffle the played-card pile and turn it into a new draw pile"; the top
    card stays on the table unless option ``rebuild=all`` (D8). Everyone sees which cards
    go in: the cards drawn from it are of reshuffle ``rebuilds`` (``hgen``, D16)."""
    played = s.played
    if s.game.rebuild == "all":
        cards, keep = played, []
    else:
        cards, keep = played[:-1], played[-1:]
    if not cards:
        return
    s.rng.shuffle(cards)
    s.draw = cards
    s.played = keep
    s.rebuilds += 1
    if s.hgen is None or s.ogen is None:
        s.hgen = [[0] * len(h) for h in s.hands]
        s.ogen = [[0] * len(o) for o in s.out]


__all__ = [
    "HAND_SIZE",
    "LAST_PLAYER",
    "TURN_LIMIT",
    "begin_turn",
    "draw",
    "eliminate",
    "finish",
    "leave_now",
    "next_alive",
    "rebuild",
    "take",
    "take_turn",
    "use_slot",
]
