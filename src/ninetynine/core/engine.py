"""The bookkeeping every engine in ``games/`` keeps the same way, written once.

:class:`EngineState` is a :class:`~ninetynine.core.game.State` for engines that store

* ``hist``: the actions applied so far (``history()`` hands out a copy);
* ``winner_``: the winning seat, ``-1`` while there is none (a game still going, or a draw);
* ``_legal``: the sorted legal actions, cached until the state changes (``None``: not worked
  out yet), which ``_compute_legal()`` works out;

and build their states field by field (``object.__new__``, no ``__init__``), each game's
``new``, ``clone`` and ``from_dict`` setting every field (``clone`` written from the engine's
``clone_fields`` when it declares them: :mod:`ninetynine.core.cloning`). Engines define
``__slots__``; this class adds none. Nothing here knows a game: the fields are the engines'
own, named alike.

An engine whose ``serialization`` names its serialize module (``to_dict(state)``,
``load(bare_state, d)``) gets ``to_dict`` and ``from_dict`` from here.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Self, cast

from .cloning import CloneFields
from .game import State
from .rng import Rng, as_rng
from .util import check_seat


class EngineState(State):
    """A :class:`State` with the shared fields above and the protocol methods they decide
    (``tests/core/test_engine.py`` shows a toy engine built on it)."""

    __slots__ = ()

    hist: list[int]
    winner_: int
    _legal: list[int] | None
    #: The engine's serialize module: ``to_dict(state)`` (JSON-able fields) and
    #: ``load(state, d)`` (fills a :meth:`_bare` state from such a dict, checking it).
    serialization: Any
    #: What :meth:`clone` copies beyond the fields above, and how deep: an engine that
    #: declares it gets its ``clone`` written from it when its class is made
    #: (:mod:`ninetynine.core.cloning`); one that does not writes its own.
    clone_fields: ClassVar[CloneFields | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("clone_fields")
        if declared is None and "clone" not in cls.__dict__:
            # a subclass of a declaring engine: the inherited list is checked against its
            # own slots (a slot it adds unnamed is an error now, not a clone that lacks it)
            declared = getattr(cls, "clone_fields", None)
        if declared is not None:
            setattr(cls, "clone", declared.method_for(cls))  # noqa: B010 (mypy: a method)

    @abstractmethod
    def clone(self) -> Self:
        """A copy that plays on independently (its own RNG, lists and counters)."""

    @classmethod
    def _bare(cls, game: Any, seed: int, rng: Rng) -> Self:
        """A state of this class with only ``game``, ``seed`` and ``rng`` set: how ``new``
        (``seed=rng.getstate()`` of a fresh ``Rng(seed)``) and ``from_dict`` begin."""
        s = object.__new__(cls)
        s.game = game
        s.seed = seed
        s.rng = rng
        return s

    def _clone_base(self) -> Self:
        """How every ``clone`` begins: a :meth:`_bare` state with this one's game, seed and a
        copy of its RNG (the clone draws the same chance from here on), and the fields above
        (``hist`` copied; the cached legal list shared, as it is never changed in place)."""
        s = object.__new__(type(self))  # as _bare does, without its call (clone is hot)
        s.game = self.game
        s.seed = self.seed
        s.rng = Rng(self.rng.getstate())
        s.hist = self.hist[:]
        s.winner_ = self.winner_
        s._legal = self._legal
        return s

    def _resample_start(self, player: int | None, rng: Rng | int | None) -> tuple[Self, Rng]:
        """How every ``resample`` begins: ``player`` checked, a :meth:`clone` to re-deal and
        ``rng`` as an :class:`Rng` (:func:`~ninetynine.core.rng.as_rng`).

        :raises ValueError: ``player`` is not a seat of this game nor ``None``."""
        check_seat(player, self.game.num_players)
        r = as_rng(rng)
        return self.clone(), r

    @abstractmethod
    def _compute_legal(self) -> list[int]:
        """The sorted legal actions of this position (``[]`` when it is over)."""

    def legal_actions(self) -> list[int]:
        """Sorted legal action ids (a copy of the cached list); empty only when terminal."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]

    def history(self) -> list[int]:
        """Actions applied since the initial state (a copy of ``hist``)."""
        return self.hist[:]

    def returns(self) -> list[float]:
        """+1 for ``winner_``, -1 for every other seat; all 0 while there is no winner (a
        game still going, or a draw)."""
        n = self.game.num_players
        if self.winner_ < 0:
            return [0.0] * n
        return [1.0 if i == self.winner_ else -1.0 for i in range(n)]

    def winner(self) -> int | None:
        """``winner_``, or ``None`` while there is none (a draw, a game still going)."""
        return self.winner_ if self.winner_ >= 0 else None

    def _reseed(self, rng: Rng) -> None:
        """The end of ``resample``: a fresh seed and RNG for this clone, drawn from ``rng``
        (so no future chance follows the real game's), and no cached legal list."""
        self.seed = rng.next_u64()
        self.rng = rng.spawn()
        self._legal = None

    def to_dict(self) -> dict[str, Any]:
        """Every field as JSON-able data (the engine's ``serialization.to_dict``)."""
        return cast("dict[str, Any]", self.serialization.to_dict(self))

    @classmethod
    def from_dict(cls, game: Any, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict` output: ``seed`` and ``rng``, then the engine's
        ``serialization.load``, which checks the rest.

        :raises ValueError: a shape no game can reach (``KeyError``, ``TypeError``,
            ``IndexError``: a missing or malformed field)."""
        s = cls._bare(game, int(data["seed"]), Rng(int(data["rng"])))
        cls.serialization.load(s, data)
        return s

    def _dict_with(self, **fields: Any) -> dict[str, Any]:
        """How every ``to_dict`` begins: the game (``game.to_dict()``: id, players, options),
        ``seed`` and ``rng`` (the RNG's state), then ``fields`` in the order given."""
        d = self.game.to_dict()
        d["seed"] = self.seed
        d["rng"] = self.rng.getstate()
        d.update(fields)
        return d


__all__ = ["EngineState"]
