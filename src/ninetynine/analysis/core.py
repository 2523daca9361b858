"""The report machinery: a :class:`Context` that runs (and caches) simulations, the section
registry, and :func:`build_report`.

A section is a function ``section(ctx)`` that runs what it needs through ``ctx.run(...)`` and
writes headings, tables and figures into ``ctx.report``. Generic sections (win rate by seat
and player count, game length, the mid-game leader) apply to every game; a game's own
questions are registered for its id with :func:`register_section`, so a game added later gets
the generic report at once and its own sections when someone writes them.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist
from typing import Any

from ninetynine.core.errors import GameOptionError
from ninetynine.core.registry import game_class, load_game
from ninetynine.sim.parallel import Executor
from ninetynine.sim.stats import Z95, wilson_interval

from .outcomes import game_name
from .report import Report
from .runner import AgentSpec, Traced, run_traced

#: ``start(label, games) -> tick(n)``: a run of ``games`` games is starting.
RunListener = Callable[[str, int], Callable[[int], None]]


@dataclass
class Context:
    """What a section needs: the game, the budget, the agents, a cache of runs, the report.

    ``games`` is the number of games per configuration; ``options`` the options given on
    the command line (every run starts from them); ``max_players`` caps the player counts the
    generic sections sweep; ``executor`` where the runs play (default: ``jobs`` local
    processes).
    """

    game_id: str
    games: int
    report: Report
    agents: Sequence[AgentSpec] = ("greedy",)
    seed: int = 0
    jobs: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    max_players: int = 6
    listener: RunListener | None = None
    executor: Executor | None = None
    _cache: dict[str, list[Traced]] = field(default_factory=dict)

    def player_counts(self) -> list[int]:
        cls = game_class(self.game_id)
        return list(range(cls.min_players, min(cls.max_players, self.max_players) + 1))

    def run(
        self,
        num_players: int,
        options: Mapping[str, Any] | None = None,
        agents: Sequence[AgentSpec] | None = None,
        games: int | None = None,
        game_id: str | None = None,
        label: str = "",
        seed: int | None = None,
    ) -> list[Traced]:
        """Traced games of one configuration (cached: the same configuration runs once).
        Game ``k`` of every configuration is seeded ``derive_seed(seed, k)`` (``seed``: the
        report's own unless given, e.g. for fresh deals to check a searched result), so
        configurations are compared on the same deals."""
        gid = game_id or self.game_id
        opts = {**self.options, **(options or {})}
        ags = list(agents or self.agents)
        count = games or self.games
        seed = self.seed if seed is None else seed
        game = load_game(gid, num_players=num_players, **opts)  # validated, all options
        key = json.dumps([game.to_dict(), [str(a) for a in ags], count, seed], default=str)
        if key not in self._cache:
            tick = None
            if self.listener is not None:
                desc = ", ".join(f"{k}={v}" for k, v in (options or {}).items())
                tick = self.listener(label or f"{gid} {num_players}p {desc}".strip(), count)
            self._cache[key] = run_traced(
                gid,
                num_players,
                opts,
                ags,
                count,
                seed,
                self.jobs,
                progress=tick,
                executor=self.executor,
            )
        return self._cache[key]


Section = Callable[[Context], None]
#: game id or None (every game) -> [(name, section)]
_SECTIONS: dict[str | None, list[tuple[str, Section]]] = {}


def register_section(name: str, section: Section, game_id: str | None = None) -> None:
    """Add ``section`` to the reports of ``game_id`` (``None``: every game)."""
    _SECTIONS.setdefault(game_id, []).append((name, section))


def sections_for(game_id: str) -> list[tuple[str, Section]]:
    """The generic sections, then the game's own, in registration order."""
    from . import games as _games  # noqa: F401  (registers the per-game sections)

    return [*_SECTIONS.get(None, []), *_SECTIONS.get(game_id, [])]


def build_report(
    game_id: str,
    out: Path,
    games: int = 1000,
    agents: Sequence[AgentSpec] = ("greedy",),
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    only: Sequence[str] | None = None,
    html: bool = False,
    listener: RunListener | None = None,
    executor: Executor | None = None,
) -> list[Path]:
    """Run the sections for ``game_id`` and write the report into ``out``.

    :param only: names of the sections to run (default: all of them).
    :param executor: where the runs play (e.g. a :class:`~ninetynine.sim.RayExecutor`;
        default: ``jobs`` local processes). The report's numbers do not depend on it.
    :raises GameOptionError: unknown game, bad options or agent, unknown section name.
    """
    load_game(game_id, **dict(options or {}))  # validates the game and its options
    if games < 1:
        raise GameOptionError(f"the number of games must be at least 1, got {games}")
    available = sections_for(game_id)
    names = [n for n, _ in available]
    if only:
        unknown = [s for s in only if s not in names]
        if unknown:
            raise GameOptionError(
                f"no section {', '.join(unknown)} for {game_id}; sections: {', '.join(names)}"
            )
    cls = game_class(game_id)
    report = Report(f"{game_name(game_id)}: balance report", out)
    agent_names = ", ".join(a if isinstance(a, str) else a.__name__ for a in agents)
    given = ", ".join(f"{k}={v}" for k, v in (options or {}).items()) or "the defaults"
    report.text(
        f"{cls.title or game_id}. Game `{game_id}` (version {cls.version}), options: "
        f"{given}. Every seat played by "
        f"`{agent_names}` unless a section says otherwise; {games:,} games per configuration, "
        f"master seed {seed} (game k of every configuration uses the same deal, so "
        "configurations are compared on the same cards). Rates carry 95% confidence intervals "
        "(Wilson score intervals; means: normal approximation). "
        + (
            "Reproduce with: "
            f"`ninetynine analyze {game_id} --games {games} --seed {seed}"
            + "".join(f" -o {k}={v}" for k, v in (options or {}).items())
            + (f" --agents {agent_names}" if agent_names != "greedy" else "")
            + (f" --sections {','.join(only)}" if only else "")
            + " --out DIR` (any `--jobs`: the numbers do not depend on it)."
            if len(agents) == 1 and isinstance(agents[0], str)  # the command takes one agent
            else "Reproduce with `ninetynine.analysis.build_report` and these arguments (the "
            "command line takes one agent, a string)."
        )
    )
    report.data["run"] = {
        "game": game_id,
        "version": cls.version,
        "games": games,
        "seed": seed,
        "agents": [str(a) for a in agents],
        "options": dict(options or {}),
    }
    ctx = Context(
        game_id,
        games,
        report,
        agents,
        seed,
        jobs,
        dict(options or {}),
        listener=listener,
        executor=executor,
    )
    for name, section in available:
        if only and name not in only:
            continue
        section(ctx)
    return report.write(html)


# ----------------------------------------------------------------------------- statistics
def rate(successes: int, trials: int) -> tuple[float, list[float]]:
    """A proportion and its Wilson 95% interval."""
    lo, hi = wilson_interval(successes, trials)
    return (successes / trials if trials else 0.0), [lo, hi]


def mean_ci(values: Sequence[float]) -> tuple[float, list[float]]:
    """A mean and its normal-approximation 95% interval."""
    if not values:
        return 0.0, [0.0, 0.0]
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, [m, m]
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5
    return m, [m - half, m + half]


def ratio_ci(
    numerators: Sequence[float], denominators: Sequence[float]
) -> tuple[float | None, list[float]]:
    """``sum(numerators) / sum(denominators)`` over games and its 95% interval (the ratio
    estimator's delta-method standard error, which treats games, not units, as the independent
    draws); ``None`` when the denominators sum to 0.

    >>> r, ci = ratio_ci([1, 2, 3, 2], [2, 4, 5, 4])
    >>> round(r, 3), [round(x, 3) for x in ci]
    (0.533, [0.475, 0.592])
    """
    n = len(numerators)
    total = sum(denominators)
    if not n or not total:
        return None, [0.0, 0.0]
    r = sum(numerators) / total
    if n < 2:
        return r, [r, r]
    mean_d = total / n
    resid = [a - r * b for a, b in zip(numerators, denominators, strict=True)]
    half = Z95 * statistics.stdev(resid) / (mean_d * n**0.5)
    return r, [r - half, r + half]


def score_test_p(successes: int, trials: int, p0: float) -> float:
    """Two-sided p-value of the score test of "the true rate is ``p0``" (the test the Wilson
    interval inverts: the 95% interval excludes ``p0`` exactly when p < 0.05); 1.0 when there
    is nothing to test (no trials, ``p0`` 0 or 1).

    >>> round(score_test_p(60, 100, 0.5), 4)
    0.0455
    """
    if trials <= 0 or not 0.0 < p0 < 1.0:
        return 1.0
    z = (successes / trials - p0) / math.sqrt(p0 * (1 - p0) / trials)
    return 2 * (1 - NormalDist().cdf(abs(z)))


def holm(pvalues: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Which of several tests reject at family-wise error ``alpha`` (Holm-Bonferroni: the
    k-th smallest p-value is compared with alpha / (m - k + 1), stopping at the first that
    fails). With 20 tests at 5% each, about one would reject by chance alone; Holm keeps the
    chance of any false alarm among the 20 at 5%.

    >>> holm([0.01, 0.04, 0.03, 0.5])
    [True, False, False, False]
    >>> holm([0.001, 0.012, 0.02])
    [True, True, True]
    """
    m = len(pvalues)
    reject = [False] * m
    for k, i in enumerate(sorted(range(m), key=lambda i: pvalues[i])):
        if pvalues[i] > alpha / (m - k):
            break
        reject[i] = True
    return reject


def seat_rates(games: Sequence[Traced]) -> list[tuple[float, list[float]]]:
    """Per seat: its win rate and interval."""
    n = len(games[0].agents)
    wins = [0] * n
    for g in games:
        if g.winner is not None:
            wins[g.winner] += 1
    return [rate(w, len(games)) for w in wins]


def length_of(g: Traced) -> float:
    """A game's length in turns when the game counts them (``stats()["turns"]``), else in
    actions."""
    t = g.stats.get("turns")
    return float(t) if isinstance(t, int | float) and not isinstance(t, bool) else g.actions


def length_unit(games: Sequence[Traced]) -> str:
    return "turns" if games and "turns" in games[0].stats else "actions"


__all__ = [
    "Context",
    "RunListener",
    "Section",
    "build_report",
    "holm",
    "length_of",
    "length_unit",
    "mean_ci",
    "rate",
    "ratio_ci",
    "register_section",
    "score_test_p",
    "seat_rates",
    "sections_for",
]
