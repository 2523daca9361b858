"""OpenSpiel interop: every ninetynine game as an OpenSpiel (``pyspiel``) Python game.

Needs the ``openspiel`` extra (``pip install 'ninetynine[openspiel]'``). Importing this module
registers each game under ``ninetynine_<game id>``::

    import pyspiel
    import ninetynine.openspiel  # registers the games

    game = pyspiel.load_game("ninetynine_warp99", {"players": 3, "target": 50})
    state = game.new_initial_state()   # a chance node: the first of the deal's 8
    ninetynine.openspiel.deal(state, 42)   # or sample each chance node's outcomes
    state.legal_actions(), state.information_state_string(), state.observation_tensor()

- **short name**: ``ninetynine_<game id>`` (``ninetynine_warp99``, ``ninetynine_sixto``, ...).
- **parameters**: ``players`` and every option of the game, with its default. A list value
  such as ``handicap=0,2,4`` is written with ``;`` (``handicap=0;2;4``): OpenSpiel's game
  strings split on commas; a text value OpenSpiel would read as a number (Ninety Nine's
  ``deal=6+15``) is written in single quotes (``deal='6+15'``).
- **dynamics**: sequential (Sixto's simultaneous marks are taken one seat after another,
  hidden until all are in, as the library does).
- **chance**: ``EXPLICIT_STOCHASTIC``. In the library every random event of a game (the
  shuffle and deal, later draws, reshuffles, rolls) comes from one uniformly random 64-bit
  seed. Here the seed is drawn by chance, explicitly: the first :data:`SEED_BYTES` (8) nodes
  are chance nodes, each a byte of the seed with the outcomes ``0 .. 255`` at probability
  1/256 (most significant byte first); after the eighth the game is
  ``new_initial_state(seed)``. Nothing random happens after that that the seed has not fixed,
  so the chance outcomes and their probabilities are exactly the library's.
- **information**: imperfect.
- **utility**: 2 players ``ZERO_SUM`` (+1/-1, or 0/0 for a draw); 3 or more ``GENERAL_SUM``
  (+1 the winner, -1 every other seat, all 0 for a draw), utilities in [-1, 1]; 1 player
  (Sixto) ``GENERAL_SUM``, the return is the score, within the game's ``score_bounds``.
- **rewards**: terminal: ``rewards()`` is ``returns()`` at the end, 0 before.
- **actions**: the library's stable action ids ``0 .. num_distinct_actions - 1``, its
  notation; ``max_game_length`` is the library's bound.
- **information state**: string: perfect recall, every move as the seat saw it and what
  changed in its observation after it (JSON), in order; tensor: the observation tensor and
  the seat's known history of action ids (see :class:`Observer`).
- **observation**: string: the game's text rendering of the seat's view; tensor: the game's
  observation tensor.
- **resample_from_infostate**: the library's ``State.resample`` (every hidden card re-dealt
  consistently with what the seat knows, the RNG re-seeded).
- **serialization**: OpenSpiel's own (``pyspiel.serialize_game_and_state``,
  ``state.serialize()``, pickling); import this module before reading one in a new process.

What a seat may not see never reaches its observation or information state (they are built
from ``State.observation(seat)`` and ``State.known_history(seat)`` only), nor ``str(state)``
(the public view). A pyspiel state itself is the full state, as in OpenSpiel: an algorithm
that reads it whole (``MCTSBot``, ``serialize``, ``history()``, whose first 8 actions are the
seed's bytes) sees every hand and the cards to come. See ``docs/openspiel.md`` for what
OpenSpiel's algorithms can and cannot do here (and :func:`cpp_mcts_step` for its C++ MCTS).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the extra is missing
    raise ImportError(
        "ninetynine.openspiel needs OpenSpiel: pip install 'ninetynine[openspiel]'"
    ) from e

from ninetynine.core.game import TERMINAL, Game, State
from ninetynine.core.registry import game_class, list_games, load_game

#: Every OpenSpiel short name is this prefix and the game id.
PREFIX = "ninetynine_"
#: The deal's chance nodes: one a byte of the 64-bit seed, most significant first.
SEED_BYTES = 8
#: The outcomes of each of them: ``0 .. SEED_OUTCOMES - 1``, each at probability 1/256.
SEED_OUTCOMES = 256
#: In the history of a resampled state, a move the seat did not see and the library's sample
#: does not carry either (99 Heroes keeps such moves as -1; OpenSpiel reserves -1), and each
#: seed byte (a sampled world has no seed).
UNSEEN = -2
_SEED_CHANCE = [(b, 1.0 / SEED_OUTCOMES) for b in range(SEED_OUTCOMES)]
#: The characters of a value OpenSpiel's game-string parser reads as a number.
_NUMERIC = frozenset("+-0123456789.")
_UNSET = object()
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game_id: str) -> str:
    """The OpenSpiel short name of ``game_id``: ``"warp99"`` -> ``"ninetynine_warp99"``."""
    return PREFIX + game_id


def _param_default(value: Any) -> bool | int | float | str:
    """An option's default as an OpenSpiel parameter (bool, int, float or string)."""
    if isinstance(value, str):
        return _quote(value)
    if isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return ";".join(str(v) for v in value)
    return str(value)


def _quote(text: str) -> str:
    """A text parameter as written in the game string: commas as ``;``, and in single quotes
    if OpenSpiel's parser would take it for a number (``6+15`` -> ``'6+15'``)."""
    text = text.replace(",", ";")
    return f"'{text}'" if text and set(text) <= _NUMERIC else text


def _unquote(text: str) -> str:
    """The inverse of :func:`_quote`: the option's value in the library's syntax."""
    if len(text) >= 2 and text[0] == text[-1] == "'":
        text = text[1:-1]
    return text.replace(";", ",")


def _game_type(game_id: str, num_players: int | None = None) -> pyspiel.GameType:
    """The ``GameType`` of ``game_id``; ``num_players`` given: the type of a game with that many
    players (its utility: zero-sum with two players, general-sum otherwise)."""
    cls = game_class(game_id)
    spec: dict[str, Any] = {"players": cls.default_players}
    for name, option in cls.option_specs.items():
        spec[name] = _param_default(option.default)
    zero_sum = num_players == 2 or (num_players is None and cls.max_players == 2)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"ninetynine {cls.title or game_id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def _utility_bounds(core: Game) -> tuple[float, float]:
    if core.num_players > 1:
        return -1.0, 1.0
    bounds = getattr(core, "score_bounds", None)
    if bounds is None:
        raise ValueError(
            f"{core.game_id} with one player returns its score, but the game declares no "
            "score_bounds to give OpenSpiel its utility bounds"
        )
    lo, hi = bounds
    return float(lo), float(hi)


class NinetyNineGame(pyspiel.Game):  # type: ignore[misc]
    """A ninetynine game as a ``pyspiel.Game``; ``pyspiel.load_game`` builds it.

    :ivar core: the library's :class:`~ninetynine.core.game.Game` (fixed options).
    :raises GameOptionError: a bad player count or option (a ``ValueError``), in the game's
        words.
    """

    #: The library's game id (each registered game is a subclass that sets it).
    game_id: str = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id = self.game_id
        cls = game_class(game_id)
        players = int(params.pop("players", cls.default_players))
        options = {k: _unquote(v) if isinstance(v, str) else v for k, v in params.items()}
        self.core: Game = load_game(game_id, players, **options)
        lo, hi = _utility_bounds(self.core)
        game_type = _game_type(game_id, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.core.num_distinct_actions,
            max_chance_outcomes=SEED_OUTCOMES,
            num_players=players,
            min_utility=lo,
            max_utility=hi,
            utility_sum=0.0 if game_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=self.core.max_game_length,
        )
        full: dict[str, Any] = {"players": players}
        # written so that pyspiel.load_game(str(game)) reads it back (see _quote)
        full.update(
            {k: _quote(_unquote(v)) if isinstance(v, str) else v for k, v in params.items()}
        )
        super().__init__(game_type, info, full)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and deep-copy as the game string (the game holds nothing else)."""
        return (_rebuild_game, (str(self),))

    def new_initial_state(self) -> NinetyNineState:
        """The state before the deal: the first of its :data:`SEED_BYTES` chance nodes."""
        return NinetyNineState(self)

    def max_chance_nodes_in_history(self) -> int:
        """:data:`SEED_BYTES`: the deal's chance nodes are the only ones."""
        return SEED_BYTES

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        """An :class:`Observer` (OpenSpiel's Python observer protocol)."""
        if isinstance(iig_obs_type, Mapping):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        return Observer(self, iig_obs_type, params)


def _rebuild_game(text: str) -> NinetyNineGame:
    """The inverse of :meth:`NinetyNineGame.__reduce__`."""
    game = pyspiel.load_game(text)
    assert isinstance(game, NinetyNineGame)
    return game


def _rebuild_state(game: NinetyNineGame, text: str) -> NinetyNineState:
    """The inverse of :meth:`NinetyNineState.__reduce__`."""
    state = game.deserialize_state(text)
    assert isinstance(state, NinetyNineState)
    return state


class _Recall(NamedTuple):
    """A seat's perfect-recall log, extended lazily: ``entries`` up to move ``pos`` of the
    state's history, ``base`` a snapshot of the (never mutated) state after move ``pos``,
    ``last`` the seat's observation there."""

    entries: tuple[str, ...]
    base: State
    pos: int
    last: dict[str, Any]


class _Live:
    """What a dealt state holds: the library state and each seat's recall (shared, immutable
    records: a copy clones the state and shares them)."""

    __slots__ = ("recall", "state")

    def __init__(self, state: State, recall: list[_Recall]) -> None:
        self.state = state
        self.recall = recall

    @classmethod
    def dealt(cls, state: State) -> _Live:
        base = state.clone()
        recall = []
        for p in range(state.game.num_players):
            obs = state.observation(p)
            recall.append(_Recall((f"deal {_dump(obs)}",), base, 0, obs))
        return cls(state, recall)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Live:
        return _Live(self.state.clone(), list(self.recall))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Live, (self.state, self.recall))

    def extend(self, p: int) -> _Recall:
        """Seat ``p``'s recall brought up to the present (replayed from its snapshot)."""
        rec = self.recall[p]
        history = self.state.history()
        if rec.pos == len(history):
            return rec
        s = rec.base.clone()
        entries = list(rec.entries)
        last = rec.last
        custom_public = type(s).public_action_string is not State.public_action_string
        for t in range(rec.pos, len(history)):
            a = history[t]
            mover = s.current_player()
            own = s.action_to_string(a)
            public = s.public_action_string(a) if custom_public else "secret"
            s.apply_action(a)
            known = s.known_history(p)[t] is not None
            move = own if mover == p or known else public
            obs = s.observation(p)
            changed = {k: v for k, v in obs.items() if last.get(k, _UNSET) != v}
            gone = sorted(k for k in last if k not in obs)
            extra = f" gone {gone}" if gone else ""
            entries.append(f"{t + 1} p{mover} {move} {_dump(changed)}{extra}")
            last = obs
        rec = _Recall(tuple(entries), s, len(history), last)
        self.recall[p] = rec
        return rec


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class NinetyNineState(pyspiel.State):  # type: ignore[misc]
    """A ninetynine state as a ``pyspiel.State``: first the deal's :data:`SEED_BYTES` chance
    nodes (the seed's bytes), then the library's :class:`~ninetynine.core.game.State`
    (``core_state``) move for move."""

    def __init__(self, game: NinetyNineGame) -> None:
        super().__init__(game)
        self._live: _Live | None = None
        self._replay: list[int] | None = None
        self._seed_bytes: list[int] = []

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and deep-copy as the game and ``serialize()``."""
        return (_rebuild_state, (self.get_game(), self.serialize()))

    # -- the library state --------------------------------------------------------------
    def core_state(self) -> State | None:
        """The library state (the full state, hidden cards and RNG included), ``None`` before
        the deal. For runners that pass it to the library's agents (``choose_action``)."""
        return None if self._live is None else self._live.state

    # -- pyspiel.State hooks ------------------------------------------------------------
    def current_player(self) -> int:
        if self._replay:
            return self._replay[0]
        if self._live is None:
            return _CHANCE
        p = self._live.state.current_player()
        return _TERMINAL if p == TERMINAL else p

    def _legal_actions(self, player: int) -> list[int]:
        assert self._live is not None and player == self._live.state.current_player()
        return self._live.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Before the deal: the next seed byte, ``(b, 1/256)`` for ``b`` in ``0 .. 255``.

        :raises pyspiel.SpielError: not a chance node (after the deal), as pyspiel's own
            games do.
        """
        player = self.current_player()
        if player != _CHANCE:
            raise pyspiel.SpielError(
                f"chance_outcomes() called on a non-chance node (current player {player})"
            )
        return list(_SEED_CHANCE)

    def _apply_action(self, action: int) -> None:
        if self._replay:  # rebuilding pyspiel's history of a resampled state
            self._replay.pop(0)
            return
        if self._live is not None:
            self._live.state.apply_action(action)
            return
        if not 0 <= action < SEED_OUTCOMES:
            raise ValueError(f"a seed byte is 0 .. {SEED_OUTCOMES - 1}, not {action}")
        self._seed_bytes.append(action)
        if len(self._seed_bytes) == SEED_BYTES:
            seed = int.from_bytes(bytes(self._seed_bytes), "big")
            self._seed_bytes = []
            game: NinetyNineGame = self.get_game()
            self._live = _Live.dealt(game.core.new_initial_state(seed))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self._live is None:
            return f"seed byte {action}"
        return self._live.state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._live is not None and self._live.state.is_terminal()

    def returns(self) -> list[float]:
        if self._live is None:
            return [0.0] * self.num_players()
        return [float(r) for r in self._live.state.returns()]

    def rewards(self) -> list[float]:
        """Terminal rewards: ``returns()`` once the game is over, 0 before."""
        if self.is_terminal():
            return self.returns()
        return [0.0] * self.num_players()

    def __str__(self) -> str:
        """The public (spectator) view and the move count; no hidden card, no seed."""
        if self._live is None:
            return f"before the deal ({len(self._seed_bytes)} of {SEED_BYTES} seed bytes drawn)"
        s = self._live.state
        view = s.game.render_observation(s.observation(None))
        return f"{view}\nmoves: {len(s.history())}"

    # -- search -------------------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> NinetyNineState:
        """A new state that ``player_id`` cannot tell from this one: the library's
        ``State.resample`` re-deals every hidden card (and re-seeds the RNG, so the coming
        draws are new) from a seed drawn with ``probability_sampler`` (a callable returning
        uniform floats in [0, 1), e.g. ``pyspiel.UniformProbabilitySampler``).

        The seat's information state is the same in both; every other seat's recall starts
        at this move (its past in the sampled world is not known). ``history()`` is the
        sampled world's, with :data:`UNSEEN` for each seed byte and for a move the sample
        does not carry. During the deal: as many seed bytes, drawn with the sampler.
        """
        game: NinetyNineGame = self.get_game()
        out = game.new_initial_state()
        if self._live is None:
            for _ in self._seed_bytes:
                out.apply_action(int(probability_sampler() * SEED_OUTCOMES) % SEED_OUTCOMES)
            return out
        hi = int(probability_sampler() * 2**32) & 0xFFFFFFFF
        lo = int(probability_sampler() * 2**32) & 0xFFFFFFFF
        sample = self._live.state.resample(player_id, (hi << 32) | lo)
        sample.seed = 0  # the true deal could be replayed from the true seed
        base = sample.clone()
        recall = []
        moves = len(sample.history())
        for q in range(self.num_players()):
            obs = sample.observation(q)
            if q == player_id:  # the seat's own past, then what it sees in the sampled world
                recall.append(_Recall(self._live.extend(q).entries, base, moves, obs))
                continue
            known = _dump(sample.known_history(q))
            head = f"sampled for p{player_id} at move {moves} {known} {_dump(obs)}"
            recall.append(_Recall((head,), base, moves, obs))
        players = [pa.player for pa in self.full_history()]
        actions = [UNSEEN] * SEED_BYTES + [a if a >= 0 else UNSEEN for a in sample.history()]
        out._replay = players
        for a in actions:
            out.apply_action(a)
        out._replay = None
        out._live = _Live(sample, recall)
        return out

    # -- observation helpers (used by Observer) -----------------------------------------
    def _information_state_string(self, player: int) -> str:
        if self._live is None:
            return f"p{player} before the deal"
        return f"p{player}\n" + "\n".join(self._live.extend(player).entries)


class Observer:
    """OpenSpiel's Python observer for a ninetynine game (see ``open_spiel/python/
    observation.py``): ``tensor`` (float32) with the named views ``dict``, ``set_from(state,
    player)`` and ``string_from(state, player)``.

    Supported ``IIGObservationType``: public information with the seat's private information
    (OpenSpiel's observation, ``perfect_recall=False``, and information state,
    ``perfect_recall=True``), and public information only (``private_info=NONE``,
    ``perfect_recall=False``: the spectator view, ``State.observation(None)``).

    Tensor pieces: ``observation`` (the game's observation tensor, see the game's
    ``observation_tensor_layout()``); with perfect recall also ``history``
    (``max_game_length`` slots, one per move in order: 0 no move yet, 1/(A+2) a move the seat
    has not seen, (id+2)/(A+2) move ``id``, A = ``num_distinct_actions``).

    :raises ValueError: observation parameters, or a type not listed above.
    """

    def __init__(
        self,
        game: NinetyNineGame,
        iig_obs_type: Any = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                "ninetynine observers give public information with the seat's own "
                "(or none): no observation without public information or with every seat's"
            )
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.public_only and self.perfect_recall:
            raise ValueError("no perfect-recall public observation: use perfect_recall=False")
        self._core = game.core
        pieces = [("observation", int(self._core.observation_tensor_shape[0]))]
        if self.perfect_recall:
            pieces.append(("history", int(self._core.max_game_length)))
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: NinetyNineState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state`` (zeros before the deal)."""
        self.tensor.fill(0)
        live = state.core_state()
        if live is None:
            return
        self.dict["observation"][:] = live.observation_tensor(self._seat(player))
        if self.perfect_recall:
            scale = 1.0 / (self._core.num_distinct_actions + 2)
            known = live.known_history(player)
            self.dict["history"][: len(known)] = [
                scale if a is None else (a + 2) * scale for a in known
            ]

    def string_from(self, state: NinetyNineState, player: int) -> str:
        """``player``'s view as text: with perfect recall its information state (every move
        as the seat saw it and what changed in its observation), else the game's rendering
        of its observation."""
        if self.perfect_recall:
            return state._information_state_string(player)
        live = state.core_state()
        if live is None:
            return "before the deal"
        return self._core.render_observation(live.observation(self._seat(player)))


def seed_outcomes(seed: int) -> list[int]:
    """The deal's chance outcomes for the library seed ``seed``: its :data:`SEED_BYTES` bytes,
    most significant first.

    :raises ValueError: ``seed`` not a whole number in ``0 .. 2**64 - 1``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError(f"a seed is a whole number in 0 .. 2**64 - 1, not {seed!r}")
    return list(seed.to_bytes(SEED_BYTES, "big"))


def deal(state: NinetyNineState, seed: int) -> NinetyNineState:
    """Apply the deal's chance outcomes for ``seed`` to a new initial ``state`` (in place) and
    return it: afterwards ``state.core_state()`` is ``game.core.new_initial_state(seed)``, the
    library's game for that seed (reproducible games, replays, comparisons with the library).

    :raises ValueError: ``state`` is past its first chance node, or a bad ``seed``.
    """
    if state.history():
        raise ValueError("deal() needs a new initial state (no seed byte drawn yet)")
    for b in seed_outcomes(seed):
        state.apply_action(b)
    return state


def seeded_resampler(seed: int | None = None) -> Callable[[NinetyNineState, int], Any]:
    """A resampler for OpenSpiel's ``ISMCTSBot.set_resampler``: its determinizations come from
    one seeded sampler, so a search is reproducible (the bot's default sampler is seeded from
    the clock)."""
    sampler = np.random.default_rng(seed)

    def resample(state: NinetyNineState, player: int) -> Any:
        return state.resample_from_infostate(player, sampler.random)

    return resample


def cpp_mcts_step(bot: Any, state: NinetyNineState) -> int:
    """The action OpenSpiel's C++ ``pyspiel.MCTSBot`` chooses in ``state`` (its ``Step`` with
    ``max_simulations`` of 2 or more: the most visited child of the root of ``mcts_search``).

    ``bot.step(state)`` itself crashes the interpreter (segmentation fault) on any Python
    game, OpenSpiel's own included: pybind11 binds ``MCTSBot.step`` with
    ``py::call_guard<py::gil_scoped_release>`` (``open_spiel/python/pybind11/bots.cc``), and
    the search then calls the Python game (``PyState::Clone`` in ``python_games.cc``) without
    holding the GIL. ``mcts_search`` keeps the GIL.
    """
    return int(bot.mcts_search(state).best_child().action)


_CLASSES: dict[str, type[NinetyNineGame]] = {}


def _register() -> list[str]:
    """Register every game with pyspiel (once); returns the short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in list_games():
        name = short_name(game_id)
        names.append(name)
        if name in registered:
            continue

        # A class per game, as OpenSpiel's own Python games register theirs (a closure held
        # only by pyspiel's registry would be freed without the GIL at interpreter exit).
        title = "".join(part.capitalize() for part in game_id.split("_"))
        cls = type(f"{title}Game", (NinetyNineGame,), {"game_id": game_id})
        _CLASSES[game_id] = cls
        pyspiel.register_game(_game_type(game_id), cls)
    return names


#: The OpenSpiel short names of every ninetynine game (registered on import).
GAMES: list[str] = _register()

__all__ = [
    "GAMES",
    "PREFIX",
    "SEED_BYTES",
    "SEED_OUTCOMES",
    "UNSEEN",
    "NinetyNineGame",
    "NinetyNineState",
    "Observer",
    "cpp_mcts_step",
    "deal",
    "seed_outcomes",
    "seeded_resampler",
    "short_name",
]
