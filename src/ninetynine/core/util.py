"""Small helpers shared by game packages (a game never imports another game).

>>> as_action_id(5), as_action_id(True), as_action_id(5.0), as_action_id("5")
(5, None, None, None)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

from .errors import GameOptionError, IllegalActionError
from .rng import Rng


def as_action_id(action: Any) -> int | None:
    """``action`` as a plain ``int`` if it is an integer (Python's or NumPy's), else ``None``.

    ``5.0 in [5]`` and ``True in [1]`` both hold in Python, so a state must not test a raw
    ``action`` against its legal list: a float, a bool or a string is never an action id.
    """
    if action.__class__ is int:
        return action
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        return None
    return operator.index(action)


def not_an_action_id(action: Any, game_name: str, num_actions: int) -> str:
    """Why ``action`` is refused when it is no action id of the game (not an integer, or
    outside ``0..num_actions - 1``), for an ``IllegalActionError``.

    >>> not_an_action_id(2.0, "Tripwire", 154)
    '2.0 is not a Tripwire action id (an integer 0-153, e.g. from legal_actions())'
    """
    return (
        f"{action!r} is not a {game_name} action id (an integer 0-{num_actions - 1}, e.g. "
        "from legal_actions())"
    )


def redeal_hidden(
    slots: Sequence[Sequence[int]], klass: Sequence[int], rng: Rng
) -> list[list[int]]:
    """Re-deal hidden cards for ``resample``: permute the cards of ``slots`` at random among the
    positions whose cards share a class (``klass[card]``, e.g. the reshuffle a card came from).

    The caller passes only hidden places (other hands' unrevealed cards, decks, the reserve)
    and a class that is public knowledge, so every position keeps what an observer knows about
    it. Each class's cards are sorted before the shuffle: the result depends only on which
    cards are hidden in each class and on ``rng``, never on where they really are, so two
    states a seat cannot tell apart re-deal identically.

    >>> a = redeal_hidden([[3, 1], [2]], [0, 0, 0, 0], Rng(1))
    >>> a == redeal_hidden([[1, 2], [3]], [0, 0, 0, 0], Rng(1))
    True
    """
    flat = [c for slot in slots for c in slot]
    if flat and len({klass[c] for c in flat}) == 1:
        # one class (no reshuffle yet, the common case): the same deal, without the
        # bookkeeping of positions per class
        flat.sort()
        rng.shuffle(flat)
        dealt = []
        i = 0
        for slot in slots:
            dealt.append(flat[i : i + len(slot)])
            i += len(slot)
        return dealt
    positions: dict[int, list[tuple[int, int]]] = {}
    cards: dict[int, list[int]] = {}
    for si, slot in enumerate(slots):
        for j, c in enumerate(slot):
            k = klass[c]
            positions.setdefault(k, []).append((si, j))
            cards.setdefault(k, []).append(c)
    out = [list(slot) for slot in slots]
    for k in sorted(cards):
        pool = sorted(cards[k])
        rng.shuffle(pool)
        for (si, j), c in zip(positions[k], pool, strict=True):
            out[si][j] = c
    return out


def deal_hands(
    counts: Sequence[int], num_players: int, hand_size: int, rng: Rng
) -> tuple[list[list[int]], list[int]]:
    """Shuffle a deck of ``counts[k]`` copies of each card kind ``k`` with ``rng`` and deal
    ``hand_size`` cards to each of ``num_players`` seats, one card at a time from seat 0, off
    the top of the deck (the list's end): the setup of a shedding game.

    :returns: the hands (each sorted) and the rest of the deck (the draw pile, top last).

    >>> hands, rest = deal_hands([3, 2, 1], 2, 2, Rng(5))
    >>> [len(h) for h in hands], len(rest), sorted(hands[0] + hands[1] + rest)
    ([2, 2], 2, [0, 0, 0, 1, 1, 2])
    """
    deck = [k for k, c in enumerate(counts) for _ in range(c)]
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(num_players)]
    for _ in range(hand_size):
        for hand in hands:
            hand.append(deck.pop())
    return [sorted(h) for h in hands], deck


def check_seed(seed: Any) -> int | None:
    """Validate a game seed: ``None`` or an integer in ``0 .. 2**64 - 1``.

    :raises GameOptionError: a bool, a float, a string, a negative or too large number (they
        would otherwise be silently wrapped or truncated into another game).
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or as_action_id(seed) is None or not 0 <= int(seed) < 1 << 64:
        raise GameOptionError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
    return int(seed)


def check_seat(player: Any, num_players: int) -> int | None:
    """Check a ``player`` argument (``observation``, ``resample``, ``known_history``): a seat
    ``0 .. num_players - 1`` or ``None`` (a spectator); the seat as a plain ``int``. Any
    integer type is a seat (``numpy.int64(1)``, as reinforcement-learning code holds them).

    :raises ValueError: anything else, a bool included (``True`` is not seat 1).

    >>> check_seat(2, 3), check_seat(None, 3)
    (2, None)
    >>> check_seat(3, 3)
    Traceback (most recent call last):
    ValueError: no seat 3 in a 3-player game
    """
    if player is None:
        return None
    seat = -1
    if not isinstance(player, bool) and hasattr(type(player), "__index__"):
        seat = operator.index(player)
    if not 0 <= seat < num_players:
        raise ValueError(f"no seat {player!r} in a {num_players}-player game")
    return seat


def softmax_returns(utilities: Sequence[float]) -> list[float]:
    """Expected returns ``2 P(win) - 1`` per seat when ``P(seat q wins)`` is the softmax of
    the seats' ``utilities`` (a conditional logit, as the games' fitted search evaluations
    use). The values lie in ``[-1, 1]`` and sum to ``2 - n``.

    >>> [round(v, 3) for v in softmax_returns([0.0, 0.0])]
    [0.0, 0.0]
    >>> [round(v, 3) for v in softmax_returns([1.0, 0.0, 0.0])]
    [0.152, -0.576, -0.576]
    """
    top = max(utilities)
    exps = [math.exp(u - top) for u in utilities]
    total = sum(exps)
    return [2.0 * e / total - 1.0 for e in exps]


def accept_action(state: Any, action: Any) -> int:
    """``action`` as a legal action id of ``state``, for the start of ``apply_action``.

    ``state`` caches its legal list in ``_legal`` (``None``: not computed yet), computes it
    with ``_compute_legal()`` and words a refusal with ``_why_illegal(action)``.

    :raises IllegalActionError: not an integer id (``5.0`` and ``True`` are not), or not legal
        here; the state is unchanged.
    """
    if action.__class__ is not int:
        a = as_action_id(action)
        if a is None:
            raise IllegalActionError(state._why_illegal(action))
        action = a
    legal = state._legal
    if legal is None:
        legal = state._legal = state._compute_legal()
    if action not in legal:
        raise IllegalActionError(state._why_illegal(action))
    return int(action)


def observation_header(state: Any, player: int | None) -> dict[str, Any]:
    """The four keys every game's ``observation(player)`` dict starts with, in this order:
    ``game`` (the game id), ``num_players``, ``player`` (the observing seat, ``None`` for a
    spectator) and ``current_player`` (``state.current_player()``). ``player`` is not checked
    here: games call :func:`check_seat` first."""
    game = state.game
    return {
        "game": game.game_id,
        "num_players": game.num_players,
        "player": player,
        "current_player": state.current_player(),
    }


def with_own_hand(
    obs: dict[str, Any], hands: Sequence[list[int]], player: int | None
) -> dict[str, Any]:
    """``obs``, an ``observation(player)`` dict, with the seat's own hand added last as
    ``hand`` (a copy of ``hands[player]``): the one thing in a card game's observation that
    only that seat may see. A spectator (``player`` ``None``) gets no ``hand``. Returns
    ``obs`` itself.

    >>> with_own_hand({"total": 7}, [[3, 9], [4]], 1), with_own_hand({"total": 7}, [[3]], None)
    ({'total': 7, 'hand': [4]}, {'total': 7})
    """
    if player is not None:
        obs["hand"] = hands[player][:]
    return obs
