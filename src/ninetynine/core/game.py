"""The core protocol: :class:`Game` and :class:`State`.

Modelled on OpenSpiel's ``pyspiel.Game`` / ``pyspiel.State`` (see ``docs/architecture.md``). Every
game subclasses both; every tool (bots, simulation, CLI, web, RL environments) uses only what
is declared here.

Chance never appears as a player: a state draws its shuffles from its own seeded
:class:`~ninetynine.core.rng.Rng`, so ``(game id, options, seed, actions)`` replays a game
exactly.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import GameOptionError
from .options import OptionSpec, validate_options
from .presentation import Presentation, TensorWriter, Transition, presentation_class
from .rng import Rng
from .tensor import TensorSlice, layout_size
from .util import check_seat, check_seed

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

#: ``current_player()`` of a finished game (OpenSpiel's ``pyspiel.PlayerId.TERMINAL``).
TERMINAL = -1


def _int8_view(buffer: bytearray) -> npt.NDArray[np.int8]:
    """``buffer`` as a writable ``int8`` array (no copy). numpy is imported at the first call,
    so importing the core never loads it."""
    global _int8_view
    import numpy as np

    frombuffer, int8 = np.frombuffer, np.dtype(np.int8)

    def view(buffer: bytearray) -> npt.NDArray[np.int8]:
        return frombuffer(buffer, int8)

    _int8_view = view
    return view(buffer)


class Game(ABC):
    """A game with fixed options: a factory of states and the game's static facts.

    Subclasses set the class attributes below, and either ``state_class`` or their own
    :meth:`new_initial_state` and :meth:`state_from_dict`.
    """

    game_id: ClassVar[str]
    #: One line naming the game, for ``ninetynine games``.
    title: ClassVar[str] = ""
    #: The rulebook the game implements, by title (e.g. ``"Warp 99 rulebook"``).
    source: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    #: Bumped whenever a rule change would change how a recorded game replays.
    version: ClassVar[int] = 1
    #: Older versions whose records still replay, each with the options that give back its
    #: rules (an option added since, or whose default changed): a record's own options win.
    replay_options: ClassVar[Mapping[int, Mapping[str, Any]]] = {}
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {}
    #: :meth:`observation_tensor_writer`'s result, made at the first
    #: :meth:`State.observation_tensor` call.
    _tensor_writer: TensorWriter | None = None
    #: The game's :class:`State` class: its class methods ``new(game, seed)`` (setup, for a
    #: checked seed) and ``from_dict(game, data)`` serve :meth:`new_initial_state` and
    #: :meth:`state_from_dict`, which then need no code of the game's own.
    state_class: ClassVar[type[State]]
    #: the module of the game's compiled fast state (``new_fast_state(game, seed)`` in it), if
    #: it has one: see :meth:`new_fast_state`
    fast_state_module: ClassVar[str | None] = None
    #: the class of the game's batched engine (``"module:Class"``), if it has one: see
    #: :meth:`batched_engine`
    batched_engine_class: ClassVar[str | None] = None

    def __init__(self, num_players: int | None = None, **options: Any) -> None:
        n = self.default_players if num_players is None else num_players
        if isinstance(n, bool) or not isinstance(n, int):
            raise GameOptionError(f"{self.game_id}: num_players must be an integer, got {n!r}")
        if not self.min_players <= n <= self.max_players:
            raise GameOptionError(
                f"{self.game_id} is for {self.min_players}-{self.max_players} players, not {n}"
            )
        self.num_players: int = n
        self.options: Mapping[str, Any] = validate_options(self.game_id, self.option_specs, options)

    # -- static facts ---------------------------------------------------------------------
    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action space: action ids are ``0 .. num_distinct_actions - 1``."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions in one game."""

    # -- states ---------------------------------------------------------------------------
    def new_initial_state(self, seed: int | None = None) -> State:
        """The state after setup (shuffle and deal) for ``seed``; ``None`` draws a fresh seed,
        which the state still records (``state.seed``) so the game can be replayed.

        :raises GameOptionError: a seed that is not a whole number in 0 .. 2**64 - 1.
        """
        return self.state_class.new(self, check_seed(seed))

    def new_fast_state(self, seed: int | None = None) -> State:
        """The game :meth:`new_initial_state` deals for ``seed``, as the game's fast state when
        it has one: a state of the same protocol whose RL step (``current_player``,
        ``legal_actions``, ``legal_actions_mask``, ``observation_tensor``, ``apply_action``,
        ``is_terminal``, ``returns``) is compiled, equal to the reference after every action
        (:mod:`ninetynine.core.fastpath`). The environments take their states from here.

        A game with one names its module in :attr:`fast_state_module`, whose
        ``new_fast_state(game, seed)`` deals it; without one, or without numpy, or when the
        compiled module is not built (then with a ``RuntimeWarning``, once), this is
        ``new_initial_state(seed)``.

        :raises GameOptionError: a seed that is not a whole number in 0 .. 2**64 - 1.
        """
        if self.fast_state_module is None:
            return self.new_initial_state(seed)
        try:
            module = importlib.import_module(self.fast_state_module)
        except ImportError:  # no numpy: no tensors either
            return self.new_initial_state(seed)
        return module.new_fast_state(self, seed)  # type: ignore[no-any-return]

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_dict` output (``state_class.from_dict``).

        :raises ValueError: a field out of range or of the wrong type (``seed`` and ``rng``:
            a whole number in 0 .. 2**64 - 1, never wrapped or truncated, as
            :meth:`new_initial_state` takes); :raises KeyError: a missing field
            (:meth:`state_from_json` turns both into a ``GameOptionError``).
        """
        for key in ("seed", "rng"):
            if data.get(key) is not None:
                check_seed(data[key])
        return self.state_class.from_dict(self, data)

    def state_from_json(self, text: str) -> State:
        """Rebuild a state from :meth:`State.to_json`; exact round-trip.

        :raises GameOptionError: not JSON, a missing or malformed field, cards that do not add
            up, or a state of another game, player count or options.
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:
            raise GameOptionError(f"not a state's JSON: {e}") from None
        if not isinstance(data, dict):
            raise GameOptionError("not a state's JSON: expected an object")
        if data.get("game") != self.game_id:
            raise GameOptionError(f"state is for game {data.get('game')!r}, not {self.game_id}")
        if data.get("num_players") != self.num_players:
            raise GameOptionError(
                f"state is for {data.get('num_players')} players, not {self.num_players}"
            )
        if data.get("options") != json.loads(json.dumps(dict(self.options))):
            raise GameOptionError("state was made with other options than this game's")
        try:
            return self.state_from_dict(data)
        except KeyError as e:
            raise GameOptionError(f"state JSON has no field {e.args[0]!r}") from None
        except (TypeError, ValueError, IndexError) as e:
            raise GameOptionError(f"state JSON is not a valid {self.game_id} state: {e}") from None

    # -- presentation: found by one convention (core/presentation.py) ------------------------
    #: The game's :class:`~ninetynine.core.presentation.Presentation`: the class, or
    #: ``"package.module:Class"`` (imported at first use); ``None``: the defaults.
    presentation_class: ClassVar[type[Presentation] | str | None] = None

    @property
    def presentation(self) -> Presentation:
        """What draws, narrates and advises for this game (:attr:`presentation_class`, made
        once per game). The methods below forward to it."""
        found: Presentation | None = self.__dict__.get("_presentation")
        if found is None:
            found = presentation_class(type(self).presentation_class)(self)
            self.__dict__["_presentation"] = found
        return found

    def rules_summary(self) -> str:
        """Markdown summary of the rules (:meth:`Presentation.rules_summary`), shown by
        ``ninetynine rules``."""
        return self.presentation.rules_summary()

    def render_observation(
        self,
        observation: Mapping[str, Any],
        markup: bool = False,
        names: Sequence[str] | None = None,
    ) -> str:
        """An observation drawn as text (:meth:`Presentation.render_observation`)."""
        return self.presentation.render_observation(observation, markup=markup, names=names)

    def describe_events(
        self,
        before: Mapping[str, Any],
        after: Mapping[str, Any],
        scores_before: Sequence[float],
        scores_after: Sequence[float],
        mover: int,
        names: Sequence[str],
    ) -> list[str]:
        """The lines saying what was notable about one move by seat ``mover``, from the public
        observations and ``scores()`` around it (:meth:`Presentation.describe_events`)."""
        move = Transition(before, after, scores_before, scores_after, mover, names)
        return self.presentation.describe_events(move)

    def hint(self, observation: Mapping[str, Any]) -> str | None:
        """Advice for the observing seat, or ``None`` (:meth:`Presentation.hint`)."""
        return self.presentation.hint(observation)

    def has_hint(self) -> bool:
        """Whether :meth:`hint` ever advises (:meth:`Presentation.has_hint`)."""
        return self.presentation.has_hint()

    def drawing_facts(
        self, observation: Mapping[str, Any], legal_actions: Sequence[int]
    ) -> dict[str, Any]:
        """What a graphical table needs beyond the observation
        (:meth:`Presentation.drawing_facts`)."""
        return self.presentation.drawing_facts(observation, legal_actions)

    # -- observation tensors (reinforcement learning; needs numpy) ---------------------------
    def observation_tensor_layout(self) -> list[TensorSlice]:
        """What each slice of :meth:`encode_observation`'s vector means
        (:meth:`Presentation.observation_tensor_layout`).

        :raises NotImplementedError: the game has no observation tensor.
        """
        return self.presentation.observation_tensor_layout()

    @property
    def observation_tensor_shape(self) -> tuple[int, ...]:
        """Shape of :meth:`encode_observation`'s result: ``(length,)``, the same for every
        state and seat of this game (options and player count fixed).

        :raises NotImplementedError: the game has no observation tensor.
        """
        return (layout_size(self.observation_tensor_layout()),)

    def encode_observation(self, observation: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        """``observation`` as the game's ``float32`` vector in ``[0, 1]``
        (:meth:`Presentation.encode_observation`).

        :raises NotImplementedError: the game has no observation tensor.
        """
        return self.presentation.encode_observation(observation)

    def observation_tensor_writer(self) -> TensorWriter:
        """``(state, player) -> tensor``, what :meth:`State.observation_tensor` calls
        (:meth:`Presentation.observation_tensor_writer`).

        :raises NotImplementedError: the game has no observation tensor.
        """
        return self.presentation.observation_tensor_writer()

    def has_observation_tensor(self) -> bool:
        """Whether the game has an observation tensor (RL environments need it)."""
        return self.presentation.has_observation_tensor()

    # -- a batched engine (optional; envs.vector_env drives it) ------------------------------
    def batched_engine(
        self,
        num_envs: int,
        opponents: Sequence[str] = (),
        seat: int | None = None,
        backend: str = "auto",
        num_threads: int | None = None,
    ) -> Any:
        """``num_envs`` games of this game in lockstep, one learning seat in each and bots
        (agent specs ``opponents``, one per other seat in seat order) played by the engine, as
        ``ninetynine.envs.vector_env`` drives it: ``Engine(game, num_envs, opponents, seat,
        backend, num_threads)``, the class :attr:`batched_engine_class` names (its docstring
        says which bots and backends it takes).

        :raises NotImplementedError: the game has no batched engine.
        """
        if self.batched_engine_class is None:
            raise NotImplementedError(f"game {self.game_id!r} has no batched engine")
        module, _, name = self.batched_engine_class.partition(":")
        engine = getattr(importlib.import_module(module), name)
        return engine(self, num_envs, opponents, seat, backend, num_threads)

    def fast_playouts(
        self, seeds: Sequence[int], lineups: Sequence[Sequence[str]]
    ) -> list[list[int]] | None:
        """The action histories of the games ``new_initial_state(seeds[i])`` played by the
        bots ``lineups[i]`` (one agent spec per seat), from a fast path of the game's own (a
        batched engine), or ``None`` when it has none for these bots. Only for bots whose
        moves it reproduces exactly: ``ninetynine.sim`` replays the histories through this
        engine for the results, so a run gives the same games with or without it. The
        default: ``None``."""
        return None

    def fast_results(
        self,
        seeds: Sequence[int],
        lineups: Sequence[Sequence[str]],
        agent_seeds: Sequence[Sequence[int]],
    ) -> dict[str, Any] | None:
        """The results of the games ``new_initial_state(seeds[i])`` played by the bots
        ``lineups[i]``, seat ``s``'s agent seeded ``agent_seeds[i][s]``, computed on a fast path
        of the game's own without the moves, as columns over the ``G`` games (NumPy arrays):
        ``winner`` int64[G] (-1: none), ``returns`` and ``scores`` float64[G, n], ``actions``
        int64[G], ``stats``: ``state.stats()``'s keys in its order, each int64[G, n] (per
        seat), int64[G], or ``(codes int64[G], labels)`` for a string; or ``None`` when it has
        none for these bots. Only for bots whose games it reproduces exactly: ``ninetynine.sim``
        takes the columns for the results of ``play_game``. The default: ``None``."""
        return None

    def has_batched_engine(self) -> bool:
        """Whether the game has a :meth:`batched_engine` (names its class, or defines the
        method)."""
        return (
            self.batched_engine_class is not None
            or type(self).batched_engine is not Game.batched_engine
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "num_players": self.num_players,
            "options": json.loads(json.dumps(dict(self.options))),
        }

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and deep-copy as ``(class, num_players, options)``: a game is nothing more,
        and rebuilding it re-runs the option checks (its read-only ``options`` view cannot be
        pickled itself)."""
        return (_rebuild_game, (type(self), self.num_players, dict(self.options)))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.game_id!r}, num_players={self.num_players}, {opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_dict(), sort_keys=True))


def _rebuild_game(cls: type[Game], num_players: int, options: dict[str, Any]) -> Game:
    """The inverse of :meth:`Game.__reduce__`."""
    return cls(num_players, **options)


class State(ABC):
    """One position of a game, with its own RNG for chance.

    Mutable, like OpenSpiel's states: :meth:`apply_action` changes it in place;
    :meth:`clone` gives an independent copy.
    """

    #: None of its own: an engine that lists its fields in ``__slots__`` has no ``__dict__``
    #: (a field it forgot to list is an ``AttributeError``, not a silent extra attribute).
    #: Hidden from mypy, which would otherwise read this empty tuple as all of a state's
    #: fields and reject every ``state.seed = ...`` (the fields below are annotations only;
    #: each engine's own ``__slots__`` holds them).
    if not TYPE_CHECKING:
        __slots__ = ()

    game: Game
    seed: int
    rng: Rng

    @classmethod
    def new(cls, game: Any, seed: int | None) -> State:
        """The state of ``game`` after setup for a checked ``seed`` (``None``: draw one), as
        :meth:`Game.new_initial_state` returns it when the game names this ``state_class``.

        :raises NotImplementedError: the game builds its states in its own
            ``new_initial_state``.
        """
        raise NotImplementedError(f"{cls.__name__} has no new(game, seed)")

    @classmethod
    def from_dict(cls, game: Any, data: Mapping[str, Any]) -> State:
        """The inverse of :meth:`to_dict`, for :meth:`Game.state_from_dict`.

        :raises NotImplementedError: the game rebuilds its states in its own
            ``state_from_dict``.
        """
        raise NotImplementedError(f"{cls.__name__} has no from_dict(game, data)")

    def __copy__(self) -> State:
        """``copy.copy(state)`` is :meth:`clone`: a shallow copy would share the hands, piles
        and history lists, so a move on the copy changed the original (the fast states
        already answered with a clone)."""
        return self.clone()

    def __getstate__(self) -> object:
        """What pickle and ``copy.deepcopy`` save: the instance's ``__dict__`` and slots, as
        ``object.__getstate__`` gives them. Defined here so that every pickle protocol works,
        0 and 1 included (the engines' ``__slots__`` would refuse those otherwise); the
        ``game`` pickles as itself (:meth:`Game.__reduce__`) and the RNG as its state."""
        return object.__getstate__(self)

    @abstractmethod
    def current_player(self) -> int:
        """Seat ``0 .. n-1`` to act, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Sorted legal action ids; empty only when terminal."""

    @abstractmethod
    def apply_action(self, action: int) -> None:
        """Apply ``action`` for the current player.

        :raises IllegalActionError: the action is not legal here; the state is unchanged.
        """

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The action in the game's notation (no spaces)."""

    def public_action_string(self, action: int) -> str:
        """The move ``action`` (about to be applied here) as the *other* seats see it. The
        same as :meth:`action_to_string` unless the game has hidden choices (e.g. a hero placed
        face-down until every seat has chosen), which it words without saying which."""
        return self.action_to_string(action)

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """Parse the game's notation; inverse of :meth:`action_to_string`.

        :raises NotationError: the text is not a move in this game's notation.
        """

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Per seat: +1 the winner, -1 every other seat; all 0 for a draw and before the end.

        A one-player game has nobody to beat: its single return is the game's own measure of
        the result (Sixto: the score), 0 before the end, and :meth:`winner` is ``None``."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own score per seat."""

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """JSON-able dict of what ``player`` may know; ``None`` is the public (spectator) view."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def resample(self, player: int | None, rng: Rng | int | None) -> State:
        """A clone whose hidden information is re-dealt at random, consistently with what
        ``player`` knows, and whose RNG is re-seeded from ``rng`` (for search bots)."""

    @abstractmethod
    def history(self) -> list[int]:
        """Actions applied since the initial state (all of them: for replay, never for a
        seat's eyes; see :meth:`known_history`)."""

    def known_history(self, player: int | None) -> list[int | None]:
        """:meth:`history` as ``player`` may know it (``None``: a spectator): a move another
        seat made in secret and that is not revealed yet (Sixto's marks for the current roll,
        chosen by every player before any is shown) is ``None``. Runners print such a move as a
        secret; ``resample(player, ...)`` keeps this list and may change the hidden entries.
        The default: every move is public, so this is :meth:`history`.

        :raises ValueError: ``player`` is not a seat nor ``None``.
        """
        check_seat(player, self.game.num_players)
        return list(self.history())

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The full state (including hidden cards and the RNG) as JSON-able data."""

    def to_json(self) -> str:
        """The full state as JSON; ``game.state_from_json`` restores it exactly."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def observation_tensor(self, player: int | None) -> npt.NDArray[np.float32]:
        """``observation(player)`` as the game's fixed-length ``float32`` vector
        (``game.encode_observation``; layout: ``game.observation_tensor_layout()``).

        Written straight from the state by the game's own writer
        (``game.observation_tensor_writer()``), equal to
        ``game.encode_observation(self.observation(player))``, which stays the definition.

        :raises NotImplementedError: the game has no observation tensor.
        :raises ValueError: ``player`` is not a seat nor ``None``.
        """
        game = self.game
        write = game._tensor_writer
        if write is None:
            write = game._tensor_writer = game.observation_tensor_writer()
        if player.__class__ is not int or not 0 <= player < game.num_players:
            player = check_seat(player, game.num_players)
        return write(self, player)

    def legal_actions_mask(self) -> npt.NDArray[np.int8]:
        """An ``int8`` vector over ``game.num_distinct_actions``: 1 where the action is legal
        (all 0 once the game is over); a new, writable array each call. Needs numpy."""
        mask = bytearray(self.game.num_distinct_actions)
        for a in self.legal_actions():
            mask[a] = 1
        return _int8_view(mask)

    def stats(self) -> dict[str, Any]:
        """Game-specific counters for simulation summaries (JSON-able); empty by default."""
        return {}

    def winner(self) -> int | None:
        """The winning seat of a finished game, ``None`` for a draw, an unfinished game or a
        one-player game."""
        r = self.returns()
        if self.is_terminal() and r.count(1.0) == 1 and len(r) > 1:
            return r.index(1.0)
        return None
