"""Traced games for balance reports: each game's result plus the scores along the way.

:func:`run_traced` plays game ``k`` of a configuration from ``derive_seed(seed, k)`` with the
agents rotated through the seats (as :func:`ninetynine.sim.run_games` does), in parallel over
``jobs`` processes; the results are identical for any ``jobs``. Besides what
:class:`~ninetynine.sim.GameResult` holds, a :class:`Traced` game keeps the scores at a quarter,
a half and three quarters of its actions (for "does the leader at mid-game win?"), and per
seat how many decisions it made. Generic over games (core protocol only).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ninetynine.agents import make_agent
from ninetynine.core.agent import Agent, choose_action
from ninetynine.core.errors import NinetyNineError
from ninetynine.core.game import Game
from ninetynine.core.registry import load_game
from ninetynine.sim.ladder import chunks
from ninetynine.sim.match import agent_seeds, seat_assignment
from ninetynine.sim.parallel import Executor, LocalExecutor, game_seed

#: An agent given as a spec (``"greedy"``) or as a factory ``(game, seat, seed) -> Agent``
#: (a module-level function, so that worker processes can use it).
AgentSpec = str | Callable[[Game, int, int], Agent]


@dataclass
class Traced:
    """One game of a report. ``agents`` names each seat's agent; ``winner`` is a seat or
    ``None``; ``scores`` the final ``scores()``; ``actions`` the number of actions; ``stats``
    the final ``stats()``; ``marks`` the scores at 25%, 50% and 75% of the actions (each taken
    when a turn begins, i.e. when the seat to move changes); ``decisions`` per seat."""

    index: int
    seed: int
    agents: list[str]
    winner: int | None
    scores: list[float]
    actions: int
    stats: dict[str, Any]
    marks: list[list[float]] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)

    @property
    def mid_scores(self) -> list[float]:
        """The scores at mid-game (half of the actions played)."""
        return self.marks[1]


def _name(spec: AgentSpec) -> str:
    return spec if isinstance(spec, str) else getattr(spec, "label", spec.__name__)


def trace_game(game: Game, specs: Sequence[AgentSpec], seed: int, index: int = 0) -> Traced:
    """Play one game (agents seeded as in :func:`ninetynine.sim.play_game`) and trace it.

    :raises NinetyNineError: an agent chose an illegal action or the game ran too long.
    """
    n = game.num_players
    seeds = agent_seeds(seed, n)
    agents: list[Agent] = [
        make_agent(s, game, seat, seeds[seat]) if isinstance(s, str) else s(game, seat, seeds[seat])
        for seat, s in enumerate(specs)
    ]
    state = game.new_initial_state(seed)
    trail: list[tuple[int, list[float]]] = [(0, state.scores())]
    decisions = [0] * n
    limit = game.max_game_length
    actions = 0
    mover = state.current_player()
    while not state.is_terminal():
        p = state.current_player()
        if p != mover:
            trail.append((actions, state.scores()))
            mover = p
        if len(state.legal_actions()) > 1:
            decisions[p] += 1
        state.apply_action(choose_action(agents[p], state, p))
        actions += 1
        if actions > limit:
            raise NinetyNineError(f"game seed {seed} did not end within {limit} actions")
    trail.append((actions, state.scores()))
    marks = []
    for q in (0.25, 0.5, 0.75):
        goal = q * actions
        marks.append(min(trail, key=lambda t: (abs(t[0] - goal), t[0]))[1])
    return Traced(
        index=index,
        seed=seed,
        agents=[_name(s) for s in specs],
        winner=state.winner(),
        scores=state.scores(),
        actions=actions,
        stats=state.stats(),
        marks=marks,
        decisions=decisions,
    )


def _chunk(
    task: tuple[str, int, dict[str, Any], tuple[AgentSpec, ...], int, int, int, bool],
) -> list[Traced]:
    game_id, n, options, base, seed, start, stop, rotate = task
    game = load_game(game_id, num_players=n, **options)
    return [
        trace_game(game, seat_assignment(base, k, rotate), game_seed(seed, k), k)  # type: ignore[arg-type]
        for k in range(start, stop)
    ]


def run_traced(
    game_id: str,
    num_players: int,
    options: Mapping[str, Any],
    agents: Sequence[AgentSpec],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    rotate: bool = True,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> list[Traced]:
    """``games`` traced games of one configuration, ordered by index (see the module
    docstring). ``agents`` has one entry per seat (cycled if shorter). ``executor``: where
    to play the shards (default: ``jobs`` local processes); results do not depend on it.

    :raises GameOptionError: bad game, options or agent.
    """
    game = load_game(game_id, num_players=num_players, **dict(options))
    n = game.num_players
    base = tuple(agents[i % len(agents)] for i in range(n))
    for seat, s in enumerate(base):  # fail fast on a bad spec
        if isinstance(s, str):
            make_agent(s, game, seat, 0)
    ex = executor if executor is not None else LocalExecutor(jobs)
    tasks = [
        (game_id, n, dict(options), base, seed, a, b, rotate) for a, b in chunks(games, ex.jobs)
    ]

    def tick(task: Any, result: list[Traced]) -> None:
        if progress is not None:
            progress(len(result))

    return [g for part in ex.map(_chunk, tasks, tick) for g in part]


__all__ = ["AgentSpec", "Traced", "run_traced", "trace_game"]
