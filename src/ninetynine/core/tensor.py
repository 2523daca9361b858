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

from collections import Counter
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


class Fractions(dict[int, float]):
    """:func:`fraction` ``(m, scale)`` of any whole count ``m`` as one lookup, ``table[m]``:
    what a writer that reads the state uses instead of calling :func:`fraction`. The counts
    ``0 .. count - 1`` are looked up (the same floats, so the same ``float32`` values as the
    encoder's); any other is computed, so a count past the scale gives 1.0 and none 0.0, and
    a writer needs no test around the lookup.

    ``count`` defaults to ``scale + 1``: the counts ``0 .. scale``, all the scale tells apart.

    >>> f = Fractions(4, 6)
    >>> f[3], f[9], f[0], f[-1]
    (0.75, 1.0, 0.0, 0.0)
    >>> len(Fractions(4)), Fractions(4)[5]
    (5, 1.0)
    """

    __slots__ = ("scale",)

    def __init__(self, scale: float, count: int | None = None) -> None:
        if count is None:
            count = int(scale) + 1
        super().__init__((v, fraction(v, scale)) for v in range(count))
        self.scale = scale

    def __missing__(self, value: int) -> float:
        return fraction(value, self.scale)


class SliceStarts:
    """Where each slice of a layout starts, as an attribute named like the slice
    (``at.hand``, ``at.turn``), and the tensor's ``size``: what a writer that reads the state
    indexes (:meth:`GameLayout.at`). Made with a slot per slice, so reading one is nearly as
    quick as reading a local name, and each line says which slice it writes.

    >>> at = SliceStarts.of(*slice_starts(build_layout([("hand", 110, "cards"), ("turn", 1, "")])))
    >>> at.size, at.hand, at.turn
    (111, 0, 110)
    """

    __slots__ = ()
    size: int

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> int: ...

    @classmethod
    def of(cls, size: int, starts: Mapping[str, int]) -> SliceStarts:
        """The starts ``starts`` (by slice name) of a tensor of ``size``."""
        made: SliceStarts = type(cls.__name__, (cls,), {"__slots__": ("size", *starts)})()
        for name, value in {"size": size, **starts}.items():
            setattr(made, name, value)
        return made

    def outcome_writer(
        self, num_players: int, endings: Sequence[str]
    ) -> Callable[[Any, int | None, str | None, int], None]:
        """What a state writer's ``fill`` does last, as :meth:`Encoding.outcome` does for the
        encoder: a function ``(x, winner, ended_by, me)`` that sets, in vector ``x``, the
        ``winner`` slice at that seat's place counted from ``me`` (nothing for ``None`` or a
        number that is no seat) and the ``ended_by`` slice at ``ended_by``'s place in
        ``endings`` (nothing while the game is on).

        >>> at = SliceStarts.of(4, {"winner": 0, "ended_by": 2})
        >>> done = at.outcome_writer(2, ("out", "limit"))
        >>> x = [0.0] * 4
        >>> done(x, 0, "limit", 1); x
        [0.0, 1.0, 0.0, 1.0]
        """
        ended = {e: self.ended_by + i for i, e in enumerate(endings)}
        n, start = num_players, self.winner

        def done(x: Any, winner: int | None, ended_by: str | None, me: int) -> None:
            if winner is not None and 0 <= winner < n:
                x[start + (winner - me) % n] = 1.0
            e = ended.get(ended_by) if ended_by is not None else None
            if e is not None:
                x[e] = 1.0

        return done


def state_writer(
    size: int,
    fill: Callable[[Any, Any, int | None, int], None],
    constant: Mapping[int, float] | None = None,
) -> Callable[[Any, int | None], npt.NDArray[np.float32]]:
    """A tensor writer ``(state, player) -> float32 vector`` (what a tensor module's
    ``writer(game)`` returns) around ``fill(x, state, player, me)``, which sets the entries of
    one state's vector ``x``: an ``array("f")`` of ``size`` zeros but for the ``constant``
    entries (index -> value: the slices that are the same in every state of the game, e.g. its
    deck). ``me`` is the seat the relative seats count from: ``player``, or 0 for the
    spectator (``player`` is ``None``). Needs numpy.

    >>> def fill(x, state, player, me):
    ...     x[1 + me] = state
    >>> write = state_writer(4, fill, {0: 0.5})
    >>> write(0.25, 2).tolist(), write(1.0, None).tolist()
    ([0.5, 0.0, 0.0, 0.25], [0.5, 1.0, 0.0, 0.0])
    """
    from array import array

    import numpy as np

    blank = array("f", bytes(4 * size))
    for i, value in (constant or {}).items():
        blank[i] = value
    view, f32 = np.frombuffer, np.dtype(np.float32)

    def write(state: Any, player: int | None) -> npt.NDArray[np.float32]:
        x = blank[:]
        fill(x, state, player, 0 if player is None else player)
        return view(x, f32)

    return write


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


def observer_slices(num_players: int, hand: tuple[int, str] | None) -> list[tuple[str, int, str]]:
    """The rows every layout opens with (:class:`GameLayout` puts them first): the observer's
    ``hand`` (``(length, meaning)``; ``None`` for a game without hands, which then has no
    ``hand`` nor ``has_hand``), ``has_hand``, its ``seat`` and the ``current_player``, as
    :meth:`Encoding.observer` writes them.

    >>> [name for name, _, _ in observer_slices(3, (15, "own cards"))]
    ['hand', 'has_hand', 'seat', 'current_player']
    >>> observer_slices(2, None)[0]
    ('seat', 2, "the observer's seat (absolute), one-hot; all 0 for a spectator")
    """
    n = num_players
    rows = [
        ("seat", n, "the observer's seat (absolute), one-hot; all 0 for a spectator"),
        ("current_player", n, "the seat to act, one-hot by relative seat; 0 at the end"),
    ]
    if hand is None:
        return rows
    length, meaning = hand
    return [
        ("hand", length, f"{meaning}; all 0 for a spectator"),
        ("has_hand", 1, "1 for a seat's view, 0 for the spectator's"),
        *rows,
    ]


class Encoding:
    """An ``encode`` under way (:meth:`GameLayout.start_encoding`): the zero vector ``x``
    (``float32``), each slice's start ``at`` by name, the ``seats`` in the observer's order
    (:func:`relative_seats`), ``rel[seat]``, a seat's place in that order, and ``ones``, the
    indices :meth:`vector` sets to 1. Its methods write one slice each, named as in the layout.

    >>> e = Encoding(4, {"phase": 0, "who": 2}, [1, 0])
    >>> e.one_of("phase", ("play", "over"), "over"); e.seat("who", 0); e.seat("who", None)
    >>> e.vector().tolist()
    [0.0, 1.0, 0.0, 1.0]
    """

    __slots__ = ("at", "ones", "rel", "seats", "x")

    def __init__(self, size: int, at: dict[str, int], seats: list[int]) -> None:
        import numpy as np

        self.x: npt.NDArray[np.float32] = np.zeros(size, dtype=np.float32)
        self.at = at
        self.seats = seats
        self.rel = {s: k for k, s in enumerate(seats)}
        self.ones: list[int] = []

    def one(self, name: str, index: int = 0) -> None:
        """Entry ``index`` of slice ``name`` is 1."""
        self.ones.append(self.at[name] + index)

    def flag(self, name: str, value: Any) -> None:
        """The one-entry slice ``name`` is 1 if ``value`` is true."""
        if value:
            self.ones.append(self.at[name])

    def one_of(self, name: str, choices: Sequence[Any], value: Any) -> None:
        """Slice ``name`` one-hot over ``choices``: 1 at ``value``'s place; all 0 if it is
        none of them."""
        if value in choices:
            self.ones.append(self.at[name] + choices.index(value))

    def seat(self, name: str, seat: int | None) -> None:
        """Slice ``name`` one-hot by relative seat: 1 at ``seat``'s place in the observer's
        order; all 0 for ``None`` or a number that is no seat (-1: none)."""
        if seat is not None and 0 <= seat < len(self.seats):
            self.ones.append(self.at[name] + self.rel[seat])

    def items(self, name: str, indices: Iterable[int], block: int = 0) -> None:
        """Slice ``name`` from ``block`` on: 1 at each of ``indices`` (the cards of a set)."""
        start = self.at[name] + block
        self.ones.extend(start + i for i in indices)

    def value(self, name: str, value: float, scale: float, index: int = 0) -> None:
        """Entry ``index`` of slice ``name`` is :func:`fraction` ``(value, scale)``."""
        self.x[self.at[name] + index] = fraction(value, scale)

    def counts(
        self, name: str, kinds: Iterable[int], scale: float | Sequence[float], block: int = 0
    ) -> None:
        """Slice ``name`` from ``block`` on, one entry per kind: how many of ``kinds`` are of
        that kind, as a :func:`fraction` of ``scale`` (one number, or one per kind: the copies
        in the deck)."""
        start, x = self.at[name] + block, self.x
        for kind, m in Counter(kinds).items():
            x[start + kind] = fraction(m, scale if isinstance(scale, int | float) else scale[kind])

    def seat_view(self, player: int) -> None:
        """The slices that show a seat's view (a spectator's leaves them 0, see
        :func:`observer_slices`): ``has_hand`` (in a game with hands) and ``seat``."""
        if "has_hand" in self.at:
            self.ones.append(self.at["has_hand"])
        self.ones.append(self.at["seat"] + player)

    def observer(
        self, observation: Mapping[str, Any], per_kind: float | Sequence[float] | None = None
    ) -> None:
        """The slices every layout opens with (:func:`observer_slices`): for a seat's view,
        its own ``hand`` (in a game with hands: its cards one-hot, or with ``per_kind``, the
        cards of each kind as a fraction of ``per_kind``, see :meth:`counts`) and
        :meth:`seat_view`; for any view, ``current_player``."""
        player = observation["player"]
        if player is not None:
            hand = observation.get("hand")
            if hand is not None:
                if per_kind is None:
                    self.items("hand", hand)
                else:
                    self.counts("hand", hand, per_kind)
            self.seat_view(player)
        self.seat("current_player", observation["current_player"])

    def outcome(
        self, observation: Mapping[str, Any], endings: Sequence[str]
    ) -> npt.NDArray[np.float32]:
        """The slices that close a layout, then the finished :meth:`vector`: ``winner`` by
        relative seat (all 0 while the game is on, and for a game nobody won) and ``ended_by``
        one-hot over ``endings``, the game's ways to end (all 0 while it is on)."""
        self.seat("winner", observation["winner"])
        self.one_of("ended_by", endings, observation["ended_by"])
        return self.vector()

    def vector(self) -> npt.NDArray[np.float32]:
        """The finished vector: ``x`` with every entry of ``ones`` set to 1."""
        if self.ones:
            self.x[self.ones] = 1.0
        return self.x


class GameLayout:
    """A game's tensor layout, made once per shape: the rows every layout opens with
    (:func:`observer_slices` for the player count and the observer's ``hand``: ``(length,
    meaning)``, or ``None`` in a game without hands), then ``rows(*shape)``, the game's own
    ``(name, length, description)`` rows (:func:`build_layout`) for a shape: the tuple of what
    the layout depends on that ``shape(game)`` reads, the player count first (by default
    ``(game.num_players,)``). Called with a game it is the tensor module's ``layout(game)``.

    >>> layout = GameLayout(lambda n: [("turn", 1, "turns / 9")])
    >>> class G: num_players = 3
    >>> layout(G())[2]
    TensorSlice(name='turn', start=6, length=1, description='turns / 9')
    >>> layout.starts(3)
    (7, {'seat': 0, 'current_player': 3, 'turn': 6})
    """

    def __init__(
        self,
        rows: Callable[..., Iterable[tuple[str, int, str]]],
        shape: Callable[[Any], tuple[Any, ...]] = lambda game: (game.num_players,),
        hand: tuple[int, str] | None = None,
    ) -> None:
        self._rows = rows
        self._shape = shape
        self._hand = hand
        self._made: dict[tuple[Any, ...], tuple[list[TensorSlice], int, dict[str, int]]] = {}

    def _get(self, shape: tuple[Any, ...]) -> tuple[list[TensorSlice], int, dict[str, int]]:
        made = self._made.get(shape)
        if made is None:
            slices = build_layout([*observer_slices(shape[0], self._hand), *self._rows(*shape)])
            made = self._made[shape] = (slices, *slice_starts(slices))
        return made

    def __call__(self, game: Any) -> list[TensorSlice]:
        """The slices for ``game``."""
        return self._get(self._shape(game))[0]

    def slices(self, *shape: Any) -> list[TensorSlice]:
        """The slices for a shape (``slices(4)``: four players)."""
        return self._get(shape)[0]

    def starts(self, *shape: Any) -> tuple[int, dict[str, int]]:
        """The tensor's length and each slice's start by name (:func:`slice_starts`) for a
        shape, what a writer indexes."""
        _, size, at = self._get(shape)
        return size, at

    def at(self, *shape: Any) -> SliceStarts:
        """The tensor's size and each slice's start, as attributes (:class:`SliceStarts`),
        for a shape: what a writer that reads the state indexes."""
        _, size, at = self._get(shape)
        return SliceStarts.of(size, at)

    def start_encoding(self, game: Any, observation: Mapping[str, Any]) -> Encoding:
        """The start of ``encode(game, observation)``: a zero vector of ``game``'s layout in an
        :class:`Encoding` (a game whose shape holds more than the player count checks the
        rest itself). Needs numpy.

        :raises ValueError: an observation of a game with another player count.
        """
        n = check_num_players(observation, game.num_players)
        _, size, at = self._get(self._shape(game))
        return Encoding(size, at, relative_seats(observation["player"], n))
