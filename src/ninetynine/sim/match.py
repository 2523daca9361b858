"""One simulated game between agents: :func:`play_game` and its :class:`GameResult`.

Generic over games: only the core protocol (``new_initial_state``, ``current_player``,
``legal_actions``, ``apply_action``, ``observation``, ``returns``, ``scores``, ``winner``,
``history``, ``stats``) and agents built by :func:`ninetynine.agents.make_agent`. An agent sees
``state.observation(seat)`` and the legal action ids, nothing else; a search agent also gets a
``SearchView`` of determinizations (:func:`ninetynine.core.agent.choose_action`).

Reproducibility: a game is fixed by ``(game id, options, seed, agents per seat)``. Agents are
constructed with seeds derived from the game seed (or from ``agent_seed``), so bots that use
randomness replay identically too.

>>> import ninetynine
>>> game = ninetynine.load_game("warp99", num_players=2)
>>> r = play_game(game, ["random", "random"], seed=3)
>>> r == play_game(game, ["random", "random"], seed=3)
True
>>> r.actions == r.stats["actions"]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.errors import GameOptionError, NinetyNineError
from ninetynine.core.game import Game
from ninetynine.core.records import GameRecord
from ninetynine.core.rng import derive_seed

#: Key mixed into an agent's seed so it never equals the game's own seed.
_AGENT_SALT = 0xA6E7


@dataclass
class GameResult:
    """What one simulated game produced (plain data: picklable and JSON-able via
    :meth:`to_dict`).

    ``agents[s]`` is the spec that played seat ``s``; ``winner`` is a seat or ``None`` for a
    draw; ``returns`` and ``scores`` are per seat; ``actions`` is the number of actions applied;
    ``stats`` is ``state.stats()`` of the final state; ``record`` is the game record text when
    it was asked for.
    """

    index: int
    seed: int
    agents: list[str]
    winner: int | None
    returns: list[float]
    scores: list[float]
    actions: int
    stats: dict[str, Any] = field(default_factory=dict)
    record: str | None = None

    @property
    def is_draw(self) -> bool:
        """True if no seat won."""
        return self.winner is None

    @property
    def winner_agent(self) -> str | None:
        """The spec of the winning seat, ``None`` for a draw."""
        return None if self.winner is None else self.agents[self.winner]

    def to_dict(self) -> dict[str, Any]:
        """JSON-able copy (``record`` omitted when absent)."""
        d = asdict(self)
        if d["record"] is None:
            del d["record"]
        return d


def agent_seeds(seed: int, num_players: int) -> list[int]:
    """The seed of each seat's agent for a game whose (agent) seed is ``seed``."""
    return [derive_seed(seed, _AGENT_SALT, seat) for seat in range(num_players)]


def seat_assignment(base: Sequence[str], index: int, rotate: bool = True) -> list[str]:
    """The agent spec of each seat in game ``index``.

    ``base`` has one spec per seat. With ``rotate``, game ``i`` shifts it by ``i``: seat ``s``
    is played by ``base[(s + i) % n]``, so over any ``n`` consecutive games every entry of
    ``base`` plays every seat exactly once.

    >>> [seat_assignment(["a", "b", "c"], i) for i in range(3)]
    [['a', 'b', 'c'], ['b', 'c', 'a'], ['c', 'a', 'b']]
    """
    n = len(base)
    if not rotate or n == 0:
        return list(base)
    return [base[(s + index) % n] for s in range(n)]


def play_game(
    game: Game,
    agent_specs: Sequence[str],
    seed: int,
    agent_seed: int | None = None,
    *,
    index: int = 0,
    record: bool = False,
) -> GameResult:
    """Play one game of ``game`` from ``new_initial_state(seed)`` to the end.

    :param agent_specs: one agent spec per seat (``"greedy"``, ``"random"``, ...).
    :param seed: the game's seed (all chance comes from it).
    :param agent_seed: seed the agents' seeds are derived from; default ``seed``.
    :param index: the game's index in a run (stored in the result).
    :param record: also store the game record text (:class:`GameRecord`).
    :raises GameOptionError: wrong number of specs or an unknown agent.
    :raises NinetyNineError: an agent chose an illegal action, or the game exceeded
        ``game.max_game_length`` actions.
    """
    n = game.num_players
    specs = [s.strip().lower() for s in agent_specs]
    if len(specs) != n:
        raise GameOptionError(f"{len(specs)} agents given for {n} seats")
    seeds = agent_seeds(seed if agent_seed is None else agent_seed, n)
    agents = [make_agent(spec, game, seat, seeds[seat]) for seat, spec in enumerate(specs)]
    state = game.new_initial_state(seed)
    limit = game.max_game_length
    actions = 0
    while not state.is_terminal():
        p = state.current_player()
        action = choose_action(agents[p], state, p)  # a search agent also gets a SearchView
        actions = apply_agent_action(state, action, specs[p], p, seed, actions, limit)
    return _result(state, specs, seed, index, actions, record)


def apply_agent_action(
    state: Any, action: int, spec: str, seat: int, seed: int, played: int, limit: int
) -> int:
    """Apply the ``action`` that agent ``spec`` in ``seat`` chose; returns ``played + 1``, the
    actions played so far in the game of seed ``seed``.

    :raises NinetyNineError: the action is illegal (said with the agent, its seat and the game
        seed), or the game has now run past ``limit`` actions (``max_game_length``).
    """
    try:
        state.apply_action(action)
    except NinetyNineError as e:
        raise NinetyNineError(
            f"agent {spec!r} in seat {seat} (game seed {seed}) chose an illegal action: {e}"
        ) from e
    played += 1
    if played > limit:
        raise NinetyNineError(
            f"game seed {seed} did not end within {limit} actions (max_game_length)"
        )
    return played


def _result(
    state: Any, specs: list[str], seed: int, index: int, actions: int, record: bool
) -> GameResult:
    """The :class:`GameResult` of the finished ``state`` (and its record, if asked)."""
    text = None
    if record:
        text = GameRecord.from_state(state, seats=specs, extra={"Index": index}).to_text()
    return GameResult(
        index=index,
        seed=seed,
        agents=specs,
        winner=state.winner(),
        returns=list(state.returns()),
        scores=list(state.scores()),
        actions=actions,
        stats=state.stats(),
        record=text,
    )


def replay_game(
    game: Game,
    agent_specs: Sequence[str],
    seed: int,
    history: Sequence[int],
    *,
    index: int = 0,
    record: bool = False,
) -> GameResult:
    """The :class:`GameResult` of the game ``new_initial_state(seed)`` whose moves were
    ``history`` (played by ``agent_specs``, e.g. on a game's fast path, ``Game.fast_playouts``):
    the same result :func:`play_game` gives when those bots play it.

    :raises NinetyNineError: an illegal move, or a history that does not end the game.
    """
    specs = [s.strip().lower() for s in agent_specs]
    state = game.new_initial_state(seed)
    for action in history:
        state.apply_action(action)
    if not state.is_terminal():
        raise NinetyNineError(f"game seed {seed}: the fast path's moves do not end the game")
    return _result(state, specs, seed, index, len(history), record)


__all__ = [
    "GameResult",
    "agent_seeds",
    "apply_agent_action",
    "play_game",
    "replay_game",
    "seat_assignment",
]
