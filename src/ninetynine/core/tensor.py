"""Observation tensors: the layout vocabulary shared by every game's encoder.

A game that supports reinforcement learning encodes ``state.observation(player)`` as a
fixed-length ``float32`` vector (``Game.encode_observation``), and documents what each slice
means with :meth:`Game.observation_tensor_layout`: a list of :class:`TensorSlice` rows, in
order and without gaps, like OpenSpiel's observation tensors and Pgx's index tables. The
encoder reads the observation dict and nothing else, so no hidden card can reach the tensor.

Every value lies in ``[0, 1]`` (one-hot and 0/1 slices; counts divided by a documented scale
and capped at 1), so one ``Box(0, 1)`` space covers every game.

>>> layout = build_layout([("hand", 110, "own cards"), ("scores", 3, "score / target")])
>>> layout[1]
TensorSlice(name='scores', start=110, length=3, description='score / target')
>>> layout_size(layout)
113
>>> print(format_layout(layout))
| slice | name | length | meaning |
| --- | --- | --- | --- |
| 0-109 | hand | 110 | own cards |
| 110-112 | scores | 3 | score / target |
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

#: Bounds of every tensor value.
TENSOR_LOW, TENSOR_HIGH = 0.0, 1.0


class TensorSlice(NamedTuple):
    """One named slice ``[start, start + length)`` of an observation tensor."""

    name: str
    start: int
    length: int
    description: str

    @property
    def stop(self) -> int:
        return self.start + self.length


def build_layout(items: Iterable[tuple[str, int, str]]) -> list[TensorSlice]:
    """Consecutive slices from ``(name, length, description)`` rows.

    :raises ValueError: a repeated name or a length below 1.
    """
    out: list[TensorSlice] = []
    seen: set[str] = set()
    start = 0
    for name, length, description in items:
        if name in seen:
            raise ValueError(f"tensor slice {name!r} appears twice")
        if length < 1:
            raise ValueError(f"tensor slice {name!r} has length {length}")
        seen.add(name)
        out.append(TensorSlice(name, start, length, description))
        start += length
    return out


def layout_size(layout: Sequence[TensorSlice]) -> int:
    """The tensor length a layout describes."""
    return layout[-1].stop if layout else 0


def format_layout(layout: Sequence[TensorSlice]) -> str:
    """The layout as a Markdown table (for docs and ``rules`` pages)."""
    lines = ["| slice | name | length | meaning |", "| --- | --- | --- | --- |"]
    for s in layout:
        lines.append(f"| {s.start}-{s.stop - 1} | {s.name} | {s.length} | {s.description} |")
    return "\n".join(lines)


def relative_seats(player: int | None, num_players: int) -> list[int]:
    """Seats in the order an observer sees them: ``player`` first, then the seats after it in
    seat order (``player + 1``, ...); seat 0 first for a spectator (``None``).

    >>> relative_seats(2, 4), relative_seats(None, 3)
    ([2, 3, 0, 1], [0, 1, 2])
    """
    me = 0 if player is None else player
    return [(me + k) % num_players for k in range(num_players)]


def slice_starts(layout: Sequence[TensorSlice]) -> tuple[int, dict[str, int]]:
    """The tensor's length and each slice's start by name, for an encoder's writes.

    >>> slice_starts(build_layout([("hand", 110, "own cards"), ("scores", 3, "score")]))
    (113, {'hand': 0, 'scores': 110})
    """
    return layout_size(layout), {s.name: s.start for s in layout}


def fraction(value: float, scale: float) -> float:
    """A count as a tensor value: ``value / scale``, capped at 1; 0 for no count (or a scale
    of 0).

    >>> fraction(3, 4), fraction(9, 4), fraction(0, 4), fraction(2, 0)
    (0.75, 1.0, 0.0, 0.0)
    """
    return min(value / scale, 1.0) if value > 0 and scale > 0 else 0.0


def fraction_table(scale: float, count: int) -> list[float]:
    """``[fraction(v, scale) for v in range(count)]``: what a writer that reads the state
    directly looks up instead of calling :func:`fraction` (the same floats, so the same
    ``float32`` values as the encoder's).

    >>> fraction_table(4, 6)
    [0.0, 0.25, 0.5, 0.75, 1.0, 1.0]
    """
    return [fraction(v, scale) for v in range(count)]


def check_num_players(observation: Mapping[str, Any], num_players: int) -> int:
    """``observation["num_players"]``, which must be the encoder's ``num_players``.

    :raises ValueError: an observation of a game with another player count.

    >>> check_num_players({"num_players": 3}, 3)
    3
    >>> check_num_players({"num_players": 2}, 3)
    Traceback (most recent call last):
    ValueError: an observation of a 2-player game, not of 3 players
    """
    n = int(observation["num_players"])
    if n != num_players:
        raise ValueError(f"an observation of a {n}-player game, not of {num_players} players")
    return n


class Encoding(NamedTuple):
    """What an ``encode`` starts from (:func:`start_encoding`): the zero vector ``x``
    (``float32``), each slice's start ``at`` by name, the ``seats`` in the observer's order
    (:func:`relative_seats`) and ``rel[seat]``, a seat's place in that order."""

    x: npt.NDArray[np.float32]
    at: dict[str, int]
    seats: list[int]
    rel: dict[int, int]


def start_encoding(
    observation: Mapping[str, Any],
    num_players: int,
    starts: Callable[[int], tuple[int, dict[str, int]]],
) -> Encoding:
    """The start of an encoder for ``num_players`` seats whose ``starts(n)`` gives the
    tensor's length and slice starts (:func:`slice_starts` of its layout). Needs numpy.

    :raises ValueError: an observation of a game with another player count.

    >>> e = start_encoding({"num_players": 3, "player": 1}, 3, lambda n: (4, {"a": 0}))
    >>> e.x.tolist(), e.at, e.seats, e.rel
    ([0.0, 0.0, 0.0, 0.0], {'a': 0}, [1, 2, 0], {1: 0, 2: 1, 0: 2})
    """
    import numpy as np

    n = check_num_players(observation, num_players)
    size, at = starts(n)
    seats = relative_seats(observation["player"], n)
    return Encoding(
        np.zeros(size, dtype=np.float32), at, seats, {s: k for k, s in enumerate(seats)}
    )
