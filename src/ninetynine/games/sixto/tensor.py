"""Sixto observation tensors (for reinforcement learning; needs numpy).

:func:`encode` turns ``state.observation(player)`` into a fixed-length ``float32`` vector built
from that dict alone (with the printed sheet designs, which are public), so another player's
secret choice never reaches it. Every value lies in ``[0, 1]``. Seats are *relative* to the
observer: sheet ``k`` is seat ``(player + k) % n`` (a spectator starts at seat 0). A sheet has
``6 x W`` spaces (``W`` = option ``width``), row by row (Red ... Orange), left to right.

Layout for ``n`` players on the twelve-space sheet (``6 x 12 = 72`` spaces; 36 with
``width=6``; ``game.observation_tensor_layout()`` has the offsets):

| name | length | meaning |
| --- | --- | --- |
| seat | n | the observer's seat (absolute), one-hot; all 0 for a spectator |
| current_player | n | the seat to act, one-hot by relative seat; all 0 at the end |
| active | n | the seat that rolled, one-hot by relative seat |
| phase | 3 | one-hot: roll, choose, over |
| rerolled | 1 | 1 if this roll is a re-roll |
| dice | 42 | per die (Red ... Orange) one-hot: removed, 1-6 |
| chosen | n | 1 for each seat (relative) that has chosen its marks for this roll |
| my_choice | 48 | own secret choice: per die its option one-hot (7 slots), then the 6 locks |
| has_choice | 1 | 1 if the observer has chosen for this roll |
| cells | n 72 6 | per sheet and space, its code one-hot (open, mark, lost, hit, void, unlocked) |
| numbers | n 72 6 | per sheet and space, its printed number one-hot |
| colors | n 72 6 | per sheet and space, the colour of the die that may mark it |
| specials | n 72 2 | per sheet and space: a hit space, a lock |
| scores | n | (score + 100) / 500, clipped to [0, 1] |
| removed | 4 | dice removed one-hot: 0, 1, 2, 3 or more |
| turn | 1 | rolls so far / max_turns |
| winner | n | the winner, one-hot by relative seat; all 0 before the end or for none |
| ended_by | 3 | one-hot: dice, stalled, turn_limit |

>>> import ninetynine
>>> game = ninetynine.load_game("sixto", num_players=2)
>>> x = game.new_initial_state(seed=1).observation_tensor(0)
>>> x.shape == game.observation_tensor_shape == (2995,), str(x.dtype)
(True, 'float32')
>>> x[10:52].reshape(6, 7).argmax(axis=1).tolist()  # the dice slice: the rolled values
[5, 3, 5, 5, 6, 4]
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ninetynine.core.tensor import GameLayout, state_writer

from .rules import NUM_DICE, layout_for
from .sheets import NUM_ROWS
from .state import CHOOSE

if TYPE_CHECKING:
    from ninetynine.core.game import State

    from .state import SixtoState

PHASES = ("roll", "choose", "over")
ENDINGS = ("dice", "stalled", "turn_limit")
SLOTS = 7
SCORE_LOW, SCORE_SPAN = -100.0, 500.0


def _rows(n: int, width: int) -> list[tuple[str, int, str]]:
    cells = NUM_ROWS * width
    return [
        ("active", n, "the seat that rolled, one-hot by relative seat"),
        ("phase", len(PHASES), "one-hot: roll, choose, over"),
        ("rerolled", 1, "1 if this roll is a re-roll"),
        ("dice", NUM_DICE * 7, "per die one-hot: removed, 1-6"),
        ("chosen", n, "1 for each seat (relative) that has chosen for this roll"),
        ("my_choice", NUM_DICE * SLOTS + NUM_ROWS, "own choice: per die its option, locks"),
        ("has_choice", 1, "1 if the observer has chosen for this roll"),
        ("cells", n * cells * 6, "per sheet and space, its code one-hot"),
        ("numbers", n * cells * 6, "per sheet and space, its number one-hot"),
        ("colors", n * cells * 6, "per sheet and space, the colour that may mark it"),
        ("specials", n * cells * 2, "per sheet and space: a hit space, a lock"),
        ("scores", n, "(score + 100) / 500, clipped"),
        ("removed", 4, "dice removed one-hot: 0, 1, 2, 3+"),
        ("turn", 1, "rolls so far / max_turns"),
        ("winner", n, "the winner, one-hot by relative seat; 0 before the end or none"),
        ("ended_by", len(ENDINGS), "one-hot: dice, stalled, turn_limit"),
    ]


#: The slices of :func:`encode`'s vector for a game (its player count and width):
#: ``layout(game)``.
layout = GameLayout(_rows, lambda game: (game.num_players, game.width))


def encode(game: Any, observation: Mapping[str, Any]) -> npt.NDArray[np.float32]:
    """``observation`` as a ``float32`` vector laid out as :func:`layout` says.

    :raises ValueError: an observation of another player count or sheet width."""
    obs = observation
    n = int(obs["num_players"])
    if n != game.num_players or obs["width"] != game.width:
        raise ValueError(
            f"an observation of a {n}-player game on {obs['width']} spaces, not of this game"
        )
    e = layout.start_encoding(game, obs)
    e.observer(obs)
    e.seat("active", obs["active"])
    e.one_of("phase", PHASES, obs["phase"])
    e.flag("rerolled", obs["rerolled"])
    for d, v in enumerate(obs["dice"]):
        e.one("dice", d * 7 + int(v))
    for k, s in enumerate(e.seats):
        if obs["chosen"][s]:
            e.one("chosen", k)
    mine = obs.get("my_choice")
    if mine is not None:
        e.one("has_choice")
        nt = game.notation
        if nt.is_unlock(mine):
            e.one("my_choice", NUM_DICE * SLOTS + mine - nt.unlock0)
        else:
            e.items("my_choice", (d * SLOTS + o for d, o in enumerate(nt.options_of(mine - 2))))
    size = NUM_ROWS * game.width
    for k, s in enumerate(e.seats):
        sheet = obs["sheets"][s]
        lay = layout_for(sheet["design"] - 1, game.width, game.pad)
        flat = [c for row in sheet["cells"] for c in row]
        base = k * size
        for i in range(size):
            e.one("cells", (base + i) * 6 + flat[i])
            e.one("numbers", (base + i) * 6 + lay.numbers[i] - 1)
            e.one("colors", (base + i) * 6 + lay.colors[i])
            if lay.hits[i]:
                e.one("specials", (base + i) * 2)
            r, c = divmod(i, game.width)
            if c in lay.locks[r]:
                e.one("specials", (base + i) * 2 + 1)
        sc = (obs["scores"][s] - SCORE_LOW) / SCORE_SPAN
        e.x[e.at["scores"] + k] = min(1.0, max(0.0, sc))
    e.one("removed", min(len(obs["removed"]), 3))
    e.x[e.at["turn"]] = min(1.0, obs["turn"] / game.max_turns)
    return e.outcome(obs, ENDINGS)


def writer(game: Any) -> Callable[[State, int | None], npt.NDArray[np.float32]]:
    """Sixto's ``Presentation.observation_tensor_writer`` (the encoding without the dict). Of
    the pending choices it reads only ``player``'s own.

    The printed sheets (numbers, colours, hit spaces, locks) are the same in every state of a
    seat, so each design's blocks are made once and copied in.
    """
    n, width = game.num_players, game.width
    at = layout.at(n, width)
    cells = NUM_ROWS * width
    outcome = at.outcome_writer(n, ENDINGS)
    max_turns, nt = game.max_turns, game.notation

    @cache
    def printed(design: int) -> tuple[array[float], array[float], array[float]]:
        """The numbers, colours and specials blocks of one sheet of ``design`` (0-11)."""
        lay = layout_for(design, width, game.pad)
        numbers, colors, specials = (
            array("f", bytes(4 * cells * 6)),
            array("f", bytes(4 * cells * 6)),
            array("f", bytes(4 * cells * 2)),
        )
        for i in range(cells):
            numbers[i * 6 + lay.numbers[i] - 1] = 1.0
            colors[i * 6 + lay.colors[i]] = 1.0
            if lay.hits[i]:
                specials[i * 2] = 1.0
            r, c = divmod(i, width)
            if c in lay.locks[r]:
                specials[i * 2 + 1] = 1.0
        return numbers, colors, specials

    @cache
    def choice_slots(mine: int) -> tuple[int, ...]:
        """The ``my_choice`` entries set for the pending choice ``mine`` (an action id)."""
        if nt.is_unlock(mine):
            return (at.my_choice + NUM_DICE * SLOTS + mine - nt.unlock0,)
        return tuple(at.my_choice + d * SLOTS + o for d, o in enumerate(nt.options_of(mine - 2)))

    # per observer: (relative block k, absolute seat s, where its cells start) for every seat
    rotations = [[(k, (me + k) % n, at.cells + k * cells * 6) for k in range(n)] for me in range(n)]
    six = list(range(0, cells * 6, 6))

    def fill(x: array[float], st: SixtoState, player: int | None, me: int) -> None:
        phase = st.phase
        if player is not None:
            x[at.seat + player] = 1.0
        cur = st.current_player()
        if 0 <= cur < n:
            x[at.current_player + (cur - me) % n] = 1.0
        s = st.active
        if 0 <= s < n:
            x[at.active + (s - me) % n] = 1.0
        x[at.phase + phase] = 1.0
        if st.rerolled:
            x[at.rerolled] = 1.0
        for d, v in enumerate(st.dice):
            x[at.dice + d * 7 + v] = 1.0
        pending = st.pending
        if player is not None and phase == CHOOSE and pending[player] >= 0:
            x[at.has_choice] = 1.0
            for i in choice_slots(pending[player]):
                x[i] = 1.0
        scores = st.scores()
        designs, sheets = st.designs, st.cells
        for k, s, o in rotations[me]:
            if phase == CHOOSE and pending[s] >= 0:
                x[at.chosen + k] = 1.0
            for i, code in zip(six, sheets[s], strict=True):
                x[o + i + code] = 1.0
            numbers, colors, specials = printed(designs[s])
            start = at.numbers + k * cells * 6
            x[start : start + cells * 6] = numbers
            start = at.colors + k * cells * 6
            x[start : start + cells * 6] = colors
            start = at.specials + k * cells * 2
            x[start : start + cells * 2] = specials
            sc = (scores[s] - SCORE_LOW) / SCORE_SPAN
            x[at.scores + k] = min(1.0, max(0.0, sc))
        x[at.removed + min(len(st.removed), 3)] = 1.0
        x[at.turn] = min(1.0, st.turn / max_turns)
        outcome(x, st.winner_, st.ended_by, me)

    return state_writer(at.size, fill)
