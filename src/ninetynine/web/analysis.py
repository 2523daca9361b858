"""Analysis of one position of a finished game (the replay's "what would a bot have played").

For the seat to move at a step: the game's hint for that seat's observation (if the game has
one), the move ``greedy`` and the strongest bot (``ismcts`` with a small budget, never above the
server's :data:`~ninetynine.web.tables.MAX_BOT_ITERATIONS`) would have played, and the move
actually played; then, for each of these moves, how often it wins against greedy play from
there: ``games`` short games, each from a determinization of the position for that seat
(``state.resample(seat, rng)``: the hidden cards re-dealt consistently with what the seat knew
then, as a search bot sees it), the move applied, and every seat (the analysed one too) played
by ``greedy`` to the end. The games of the moves are interleaved, so a run cut short by its time
cap still compares like with like.

Pure computation (:func:`run`), meant for a worker thread; :class:`Analysis` holds its progress
and results for the page to poll.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.game import State
from ninetynine.core.registry import list_agents
from ninetynine.core.rng import Rng, derive_seed

#: Most games played per candidate move.
MAX_GAMES = 200
#: Games per move when the request names none.
DEFAULT_GAMES = 40
#: Wall-clock cap of one analysis, in seconds (then it stops and says so).
MAX_SECONDS = 20.0
#: The search budget of the strongest bot's suggestion (capped by the server's limit).
SEARCH_ITERATIONS = 200


@dataclass
class Candidate:
    """One move to try: its id, notation, who suggested it, and its games so far."""

    action: int
    move: str
    by: list[str]
    games: int = 0
    wins: int = 0
    draws: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "move": self.move,
            "by": list(self.by),
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "win_rate": self.wins / self.games if self.games else None,
        }


@dataclass
class Analysis:
    """One analysis job: position, suggestions and progress (read while it runs)."""

    id: str
    table: str
    step: int
    seat: int
    games: int
    hint: str | None = None
    candidates: list[Candidate] = field(default_factory=list)
    played: int = 0  # games finished, all moves together
    done: bool = False
    stopped: str | None = None  # why it ended early (the time cap)
    error: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    #: Set to stop the run at its next game (the server is shutting down).
    cancel: threading.Event = field(default_factory=threading.Event, repr=False)

    @property
    def total(self) -> int:
        return self.games * max(1, len(self.candidates))

    def to_json(self) -> dict[str, Any]:
        with self.lock:
            return {
                "id": self.id,
                "table": self.table,
                "step": self.step,
                "seat": self.seat,
                "games": self.games,
                "hint": self.hint,
                "candidates": [c.to_json() for c in self.candidates],
                "played": self.played,
                "total": self.total if self.candidates else None,
                "done": self.done,
                "stopped": self.stopped,
                "error": self.error,
            }


def _greedy_spec(game_id: str) -> str:
    agents = list_agents(game_id)
    return "greedy" if "greedy" in agents else agents[0]


def suggestions(
    job: Analysis, state: State, played: int | None, iterations: int
) -> list[Candidate]:
    """The candidate moves at ``state`` for ``job.seat``: the move played in the game, greedy's
    and ``ismcts:<iterations>``'s (each one once, with every source named), and the hint text.
    """
    game = state.game
    seat = job.seat
    found: dict[int, Candidate] = {}

    def add(action: int, by: str) -> None:
        if action in found:
            found[action].by.append(by)
        else:
            found[action] = Candidate(action, state.action_to_string(action), [by])

    if played is not None:
        add(played, "played")
    greedy = make_agent(_greedy_spec(game.game_id), game, seat, seed=derive_seed(job.step, 1))
    add(choose_action(greedy, state, seat), "greedy")
    if "ismcts" in list_agents(game.game_id):
        spec = f"ismcts:{iterations}"
        search = make_agent(spec, game, seat, seed=derive_seed(job.step, 2))
        add(choose_action(search, state, seat), spec)
    if game.has_hint():  # the game has its own hint
        job.hint = game.hint(state.observation(seat))
    return list(found.values())


def run(
    job: Analysis,
    state: State,
    played: int | None,
    iterations: int = SEARCH_ITERATIONS,
    max_seconds: float = MAX_SECONDS,
    seed: int = 0,
) -> Analysis:
    """Fill ``job`` (meant for a worker thread): the suggestions, then ``job.games`` greedy
    playouts per candidate from determinizations for ``job.seat``. Stops after ``max_seconds``
    (``job.stopped`` says so); an exception is kept in ``job.error``. Returns ``job``."""
    try:
        deadline = time.monotonic() + max_seconds
        cands = suggestions(job, state, played, iterations)
        with job.lock:
            job.candidates = cands
        game = state.game
        spec = _greedy_spec(game.game_id)
        rng = Rng(derive_seed(seed, job.step))
        for g in range(job.games):
            for c in cands:
                if time.monotonic() > deadline:
                    job.stopped = f"stopped after {max_seconds:g} s (the server's cap)"
                    return job
                if job.cancel.is_set():
                    job.stopped = "stopped: the server is shutting down"
                    return job
                sim = state.resample(job.seat, rng.randbelow(2**63))
                sim.apply_action(c.action)
                bots = [
                    make_agent(spec, game, i, seed=derive_seed(seed, g * 31 + i))
                    for i in range(game.num_players)
                ]
                limit = game.max_game_length
                moves = 0
                while not sim.is_terminal() and moves < limit:
                    p = sim.current_player()
                    sim.apply_action(choose_action(bots[p], sim, p))
                    moves += 1
                w = sim.winner() if sim.is_terminal() else None
                with job.lock:
                    c.games += 1
                    c.wins += w == job.seat
                    c.draws += sim.is_terminal() and w is None
                    job.played += 1
    except Exception as e:  # reported to the page, logged by the caller
        job.error = f"the analysis failed: {e}"
        raise
    finally:
        job.done = True
    return job


__all__ = ["DEFAULT_GAMES", "MAX_GAMES", "MAX_SECONDS", "Analysis", "Candidate", "run"]
