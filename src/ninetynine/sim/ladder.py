"""A rated ladder: every agent against every other, seats rotated, with ratings and timings.

:func:`run_ladder` plays a round robin. With two seats each pair of agents plays heads-up;
with more, each agent takes one seat against a field of the other (and the other way round),
so ``matrix[a][b]`` is always "the share of games ``a``'s seat wins against ``b``". Deals are
played in duplicate: with ``n`` seats, games ``k`` with the same ``k // n`` share one deal
(seeded ``derive_seed(seed, k // n)``) and rotate the agents through the seats, so each agent
sits in every seat of every deal; and every match uses the same deals. No agent profits from a
lucky deal or a better seat, which makes a ladder's comparisons sharper for the same games.
Win rates carry Wilson 95% intervals; the OpenSkill (Plackett-Luce) ratings are fitted from
every game in a fixed order, so a ladder is reproducible for a seed whatever ``jobs`` is. Each
agent's thinking time per decision (only decisions with a choice) is measured on the wall
clock, which depends on the machine and its load, and on this process's CPU clock
(``time.process_time``: the time the decision took on one core, whatever else the machine
runs; the game engine is single-threaded).

Generic over games: only the core protocol, :func:`~ninetynine.agents.make_agent` and
:func:`~ninetynine.core.agent.choose_action` (search agents get their ``SearchView``).

>>> lad = run_ladder("warp99", ["random", "greedy"], games=4, seed=1)
>>> lad.matrix["greedy"]["random"]["wins"] + lad.matrix["random"]["greedy"]["wins"]
4
>>> [r["agent"] for r in lad.ratings]
['greedy', 'random']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.errors import GameOptionError
from ninetynine.core.game import Game
from ninetynine.core.registry import load_game, resolve_level

from .match import agent_seeds, apply_agent_action, seat_assignment
from .parallel import Executor, LocalExecutor, game_seed
from .stats import percentile, wilson_interval

T = TypeVar("T")
R = TypeVar("R")

#: ``progress(n)``: ``n`` more games have finished.
Progress = Callable[[int], None]


# ----------------------------------------------------------------------------- parallel map
def parallel_map(
    func: Callable[[T], list[R]],
    tasks: Sequence[T],
    jobs: int = 1,
    progress: Callable[[T, list[R]], None] | None = None,
) -> list[list[R]]:
    """``[func(t) for t in tasks]`` over ``jobs`` local worker processes: a shorthand for
    :meth:`LocalExecutor(jobs).map <ninetynine.sim.parallel.LocalExecutor>` (results in task
    order, ``progress(task, result)`` as each task finishes)."""
    return LocalExecutor(jobs).map(func, tasks, progress)


def chunks(total: int, jobs: int, most: int = 25) -> list[tuple[int, int]]:
    """``[(start, stop), ...]`` covering ``range(total)``: about 8 chunks per job, at most
    ``most`` items each (small chunks keep a progress bar moving and the cores busy)."""
    size = max(1, min(most, -(-total // max(1, jobs * 8))))
    return [(a, min(a + size, total)) for a in range(0, total, size)]


# ----------------------------------------------------------------------------- one game
@dataclass
class TimedGame:
    """One ladder game: ``agents`` per seat, the ``winner`` seat (``None``: a draw), and per
    seat the wall-clock ``times`` and the CPU times ``cpu`` (seconds) of its decisions that had
    a choice."""

    index: int
    agents: list[str]
    winner: int | None
    actions: int
    times: list[list[float]] = field(default_factory=list)
    cpu: list[list[float]] = field(default_factory=list)


def play_timed(game: Game, specs: Sequence[str], seed: int, index: int = 0) -> TimedGame:
    """Play one game as :func:`ninetynine.sim.play_game` does (same seeds, same agents) and
    time every decision that had more than one legal action.

    :raises NinetyNineError: an agent chose an illegal action or the game ran too long.
    """
    n = game.num_players
    seeds = agent_seeds(seed, n)
    agents = [make_agent(spec, game, seat, seeds[seat]) for seat, spec in enumerate(specs)]
    state = game.new_initial_state(seed)
    times: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    actions = 0
    limit = game.max_game_length
    clock, cpu_clock = time.perf_counter, time.process_time
    while not state.is_terminal():
        p = state.current_player()
        t0, c0 = clock(), cpu_clock()
        a = choose_action(agents[p], state, p)
        dt, dc = clock() - t0, cpu_clock() - c0
        if len(state.legal_actions()) > 1:
            times[p].append(dt)
            cpu[p].append(dc)
        actions = apply_agent_action(state, a, specs[p], p, seed, actions, limit)
    return TimedGame(index, list(specs), state.winner(), actions, times, cpu)


# ----------------------------------------------------------------------------- the ladder
@dataclass
class Ladder:
    """A finished ladder (plain data; :meth:`to_dict` is its JSON).

    ``matrix[a][b]``: ``{"games", "wins", "draws", "win_rate", "ci95"}`` for agent ``a``'s
    seat against ``b`` (heads-up, or ``a`` in one seat against a field of ``b``);
    ``ratings``: OpenSkill ``{"agent", "mu", "sigma", "ordinal"}`` best first (ordinal =
    mu - 3 sigma); ``timing[a]``: ``{"decisions", "mean_s", "median_s", "p95_s", "max_s",
    "cpu_mean_s", "cpu_p95_s", "cpu_max_s"}`` (seconds per decision with a choice; ``cpu_``:
    this process's CPU time, i.e. one core's work whatever the machine's load).
    """

    game: str
    num_players: int
    options: dict[str, Any]
    agents: list[str]
    games: int
    seed: int
    jobs: int
    matrix: dict[str, dict[str, dict[str, Any]]]
    ratings: list[dict[str, Any]]
    timing: dict[str, dict[str, float]]
    elapsed_seconds: float
    backend: str = "local"
    #: Per match ``"a vs b"``: each game's result for ``a``'s seat, in game order: ``W`` won,
    #: ``L`` lost, ``D`` drawn (what the ratings are fitted from, and what lets
    #: :func:`add_agent` rate a newcomer without replaying the old matches).
    results: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "num_players": self.num_players,
            "options": self.options,
            "agents": self.agents,
            "games_per_match": self.games,
            "seed": self.seed,
            "jobs": self.jobs,
            "backend": self.backend,
            "elapsed_seconds": round(self.elapsed_seconds, 2),
            "matrix": self.matrix,
            "ratings": self.ratings,
            "timing": self.timing,
            "results": self.results,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Ladder:
        """A ladder from :meth:`to_dict`'s JSON. A file written before per-game results were
        kept gets them back from its matrix (:func:`results_from_matrix`).

        :raises GameOptionError: not a ladder (a missing or malformed field).
        """
        try:
            lad = cls(
                game=str(d["game"]),
                num_players=int(d["num_players"]),
                options=dict(d["options"]),
                agents=list(d["agents"]),
                games=int(d["games_per_match"]),
                seed=int(d["seed"]),
                jobs=int(d.get("jobs", 1)),
                matrix=dict(d["matrix"]),
                ratings=list(d["ratings"]),
                timing=dict(d["timing"]),
                elapsed_seconds=float(d.get("elapsed_seconds", 0.0)),
                backend=str(d.get("backend", "local")),
                results=dict(d.get("results") or {}),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise GameOptionError(f"not a ladder's JSON: {e!r}") from None
        if not lad.results:
            lad.results = results_from_matrix(lad.matrix, lad.agents, lad.num_players)
        return lad


def matches(
    agents: Sequence[str], num_players: int, against: Sequence[str] | None = None
) -> list[tuple[str, str]]:
    """The (seat agent, opponent) matches of a round robin: each unordered pair once
    heads-up; both ways round (one seat against a field) with more players. With
    ``against``, only the pairs that include one of those agents (a gauntlet)."""
    out = []
    for i, a in enumerate(agents):
        for b in agents[i + 1 :]:
            if against and a not in against and b not in against:
                continue
            out.append((a, b))
            if num_players > 2:
                out.append((b, a))
    return out


def _lineup(a: str, b: str, n: int) -> list[str]:
    return [a] + [b] * (n - 1)


def _play_chunk(task: tuple[str, int, dict[str, Any], str, str, int, int, int]) -> list[TimedGame]:
    game_id, n, options, a, b, seed, start, stop = task
    game = load_game(game_id, num_players=n, **options)
    base = _lineup(a, b, n)
    return [
        play_timed(game, seat_assignment(base, k), game_seed(seed, k // n), index=k)
        for k in range(start, stop)
    ]


def run_ladder(
    game_id: str,
    agents: Sequence[str],
    games: int,
    num_players: int | None = 2,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
    against: Sequence[str] | None = None,
    executor: Executor | None = None,
) -> Ladder:
    """Play the round robin and rate it (see the module docstring).

    :param agents: at least two distinct specs (``random``, ``greedy``, ``ismcts:200``...).
    :param games: games per match (a multiple of the player count plays whole duplicates).
    :param num_players: seats per game (``None``: the game's default).
    :param against: play only the matches against these agents (a gauntlet: cheaper when
        the question is each agent's strength against fixed references).
    :param executor: where to play the shards (e.g. a :class:`~ninetynine.sim.RayExecutor`;
        default: ``jobs`` local processes); its ``jobs`` sets the shard size. The matrix and
        the ratings do not depend on it (the timings do: they are wall-clock).
    :raises GameOptionError: fewer than two agents, a repeated or unknown agent, bad game,
        options or counts.
    """
    specs = [s.strip().lower() for s in agents if s.strip()]
    if len(specs) < 2:
        raise GameOptionError("a ladder needs at least two agents")
    if len(set(specs)) != len(specs):
        raise GameOptionError(f"an agent is listed twice: {', '.join(specs)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise GameOptionError(f"the number of games must be at least 1, got {games!r}")
    if jobs < 1:
        raise GameOptionError(f"the number of jobs must be at least 1, got {jobs!r}")
    ex = executor if executor is not None else LocalExecutor(jobs)
    opts = dict(options or {})
    game = load_game(game_id, num_players=num_players, **opts)
    n = game.num_players
    for spec in specs:  # fail fast on a bad agent, in this process
        make_agent(spec, game, 0, 0)
    t0 = time.perf_counter()
    refs = [a.strip().lower() for a in against or [] if a.strip()]
    if any(a not in specs for a in refs):
        raise GameOptionError(f"--vs agents must be in the ladder: {', '.join(refs)}")
    pairs = matches(specs, n, refs)
    tasks = [
        (game_id, n, opts, a, b, seed, start, stop)
        for a, b in pairs
        for start, stop in chunks(games, ex.jobs)
    ]

    def tick(task: Any, result: list[TimedGame]) -> None:
        if progress is not None:
            progress(len(result))

    results = ex.map(_play_chunk, tasks, tick)
    by_match: dict[tuple[str, str], list[TimedGame]] = {}
    for task, res in zip(tasks, results, strict=True):
        by_match.setdefault((task[3], task[4]), []).extend(res)
    return Ladder(
        game=game_id,
        num_players=n,
        options=dict(game.to_dict()["options"]),
        agents=specs,
        games=games,
        seed=seed,
        jobs=ex.jobs,
        matrix=_matrix(specs, by_match, n),
        ratings=fit_ratings(specs, _results(by_match)),
        timing=_timing(specs, (g for res in results for g in res)),
        elapsed_seconds=time.perf_counter() - t0,
        backend=ex.name,
        results=_results(by_match),
    )


def add_agent(
    ladder: Ladder,
    spec: str,
    jobs: int = 1,
    progress: Progress | None = None,
    executor: Executor | None = None,
) -> Ladder:
    """``ladder`` with one more agent: only the newcomer's matches are played (against every
    agent already there, on the same deals: same game, options, seed and games per match), and
    the ratings are refitted from every game, old and new.

    :raises GameOptionError: the agent is already in the ladder, or unknown.
    """
    new = spec.strip().lower()
    if new in ladder.agents:
        raise GameOptionError(f"{new} is already in this ladder ({', '.join(ladder.agents)})")
    # a level names a spec: the same bot under a second name would be rated twice
    same = resolve_level(new, ladder.game)
    for old in ladder.agents:
        if resolve_level(old, ladder.game) == same:
            named = f"{new} is {same}, already" if same != new else f"{new} is already"
            raise GameOptionError(f"{named} in this ladder as {old} ({', '.join(ladder.agents)})")
    part = run_ladder(
        ladder.game,
        [*ladder.agents, new],
        ladder.games,
        ladder.num_players,
        ladder.options,
        ladder.seed,
        jobs,
        progress,
        against=[new],
        executor=executor,
    )
    agents = [*ladder.agents, new]
    matrix = {a: dict(ladder.matrix.get(a, {})) for a in agents}
    for a, row in part.matrix.items():
        matrix[a].update(row)
    results = {**ladder.results, **part.results}
    return Ladder(
        game=ladder.game,
        num_players=ladder.num_players,
        options=ladder.options,
        agents=agents,
        games=ladder.games,
        seed=ladder.seed,
        jobs=part.jobs,
        matrix=matrix,
        ratings=fit_ratings(agents, results),
        timing={**ladder.timing, new: part.timing[new]},
        elapsed_seconds=ladder.elapsed_seconds + part.elapsed_seconds,
        backend=part.backend,
        results=results,
    )


def _matrix(
    specs: list[str], by_match: dict[tuple[str, str], list[TimedGame]], n: int
) -> dict[str, dict[str, dict[str, Any]]]:
    out: dict[str, dict[str, dict[str, Any]]] = {a: {} for a in specs}

    def cell(wins: int, draws: int, total: int) -> dict[str, Any]:
        lo, hi = wilson_interval(wins, total)
        return {
            "games": total,
            "wins": wins,
            "draws": draws,
            "win_rate": wins / total if total else 0.0,
            "ci95": [lo, hi],
        }

    for (a, b), played in by_match.items():
        a_wins = sum(1 for g in played if g.winner is not None and g.agents[g.winner] == a)
        b_wins = sum(1 for g in played if g.winner is not None and g.agents[g.winner] == b)
        draws = sum(1 for g in played if g.winner is None)
        out[a][b] = cell(a_wins, draws, len(played))
        if n == 2:
            out[b][a] = cell(b_wins, draws, len(played))
    return out


def match_key(a: str, b: str) -> str:
    """The key of the match of ``a``'s seat against ``b`` in :attr:`Ladder.results`."""
    return f"{a} vs {b}"


def _results(by_match: dict[tuple[str, str], list[TimedGame]]) -> dict[str, str]:
    out = {}
    for (a, _b), played in by_match.items():
        out[match_key(a, _b)] = "".join(
            "D" if g.winner is None else "W" if g.agents[g.winner] == a else "L"
            for g in sorted(played, key=lambda g: g.index)
        )
    return out


def results_from_matrix(
    matrix: Mapping[str, Mapping[str, Mapping[str, Any]]], agents: Sequence[str], n: int
) -> dict[str, str]:
    """Per-game results for a ladder file that kept only its counts: each match's wins,
    draws and losses spread evenly over its games (the ratings fitted from them are then
    close to, not exactly, the ones the original order gave)."""
    out = {}
    for a, b in matches(agents, n):
        c = matrix.get(a, {}).get(b)
        if c is None:
            continue
        total, wins, draws = int(c["games"]), int(c["wins"]), int(c["draws"])
        counts = {"W": wins, "D": draws, "L": total - wins - draws}
        slots = sorted(
            ((i + 0.5) / k, mark) for mark, k in counts.items() if k > 0 for i in range(k)
        )
        out[match_key(a, b)] = "".join(mark for _, mark in slots)
    return out


def fit_ratings(agents: Sequence[str], results: Mapping[str, str]) -> list[dict[str, Any]]:
    """OpenSkill Plackett-Luce ratings from every game of ``results`` (:attr:`Ladder.results`),
    game index first, then match order (so no match is rated entirely before another)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating = {a: model.rating(name=a) for a in agents}
    keyed = [(key.split(" vs ", 1), played) for key, played in results.items()]
    longest = max((len(p) for _, p in keyed), default=0)
    for k in range(longest):
        for (a, b), played in keyed:
            if k >= len(played):
                continue
            mark = played[k]
            ranks = [0.0, 0.0] if mark == "D" else [0.0, 1.0] if mark == "W" else [1.0, 0.0]
            [[ra], [rb]] = model.rate([[rating[a]], [rating[b]]], ranks=ranks)
            rating[a], rating[b] = ra, rb
    rows: list[dict[str, Any]] = [
        {
            "agent": a,
            "mu": round(r.mu, 3),
            "sigma": round(r.sigma, 3),
            "ordinal": round(r.ordinal(), 3),
        }
        for a, r in rating.items()
    ]
    rows.sort(key=lambda d: (-d["ordinal"], d["agent"]))
    return rows


def _timing(specs: list[str], played: Iterable[TimedGame]) -> dict[str, dict[str, float]]:
    per: dict[str, list[float]] = {a: [] for a in specs}
    per_cpu: dict[str, list[float]] = {a: [] for a in specs}
    for g in played:
        for seat, ts in enumerate(g.times):
            per[g.agents[seat]].extend(ts)
        for seat, ts in enumerate(g.cpu):
            per_cpu[g.agents[seat]].extend(ts)
    out = {}
    for a, ts in per.items():
        ts.sort()
        cs = sorted(per_cpu[a])
        out[a] = {
            "decisions": len(ts),
            "mean_s": sum(ts) / len(ts) if ts else 0.0,
            "median_s": percentile(ts, 0.5) if ts else 0.0,
            "p95_s": percentile(ts, 0.95) if ts else 0.0,
            "max_s": ts[-1] if ts else 0.0,
            "cpu_mean_s": sum(cs) / len(cs) if cs else 0.0,
            "cpu_p95_s": percentile(cs, 0.95) if cs else 0.0,
            "cpu_max_s": cs[-1] if cs else 0.0,
        }
    return out


__all__ = [
    "Ladder",
    "TimedGame",
    "add_agent",
    "chunks",
    "fit_ratings",
    "match_key",
    "matches",
    "parallel_map",
    "play_timed",
    "results_from_matrix",
    "run_ladder",
]
