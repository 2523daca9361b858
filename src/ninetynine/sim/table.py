"""A run's results as columns: :class:`ResultTable` (needs numpy).

A game's columnar fast path (``Game.fast_results``: Warp 99's compiled core for ``random``
bots) gives the results of many games as arrays, not one :class:`GameResult` each: a million
games' objects and their summary would cost more than the games. A table is still a
``Sequence[GameResult]`` (item ``i`` is the same :class:`GameResult` that ``play_game`` gives
for that game, built on access), and :func:`ninetynine.sim.summarize` summarises it from the
arrays: the same summary, to the last digit, as for the list of its results (a test compares
them).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from .match import GameResult
from .stats import LENGTH_KEYS, describe, prettify, win_summary

_Array = npt.NDArray[Any]


def _mean(total: int, count: int) -> float | None:
    # statistics.fmean of integers is fsum / count, and fsum of integers is their exact sum
    # rounded once: float(total) / count, the same float
    return float(total) / count if count else None


class ResultTable(Sequence[GameResult]):
    """The results of ``G`` games of one game and player count ``n`` as columns.

    :param index: int64[G], each game's index in its run (attribute ``game_index``).
    :param seed: uint64[G] (or ints), each game's seed.
    :param lineups: the distinct seat lineups (one agent spec per seat).
    :param lineup: int64[G], each game's lineup (an index into ``lineups``).
    :param columns: what ``Game.fast_results`` returns: ``winner`` int64[G] (-1: none),
        ``returns`` and ``scores`` float64[G, n], ``actions`` int64[G], ``stats`` (``{key:
        int64[G, n] per seat | int64[G] | (codes int64[G], labels)}`` in ``stats()``'s order).
    """

    def __init__(
        self,
        index: _Array,
        seed: _Array,
        lineups: Sequence[Sequence[str]],
        lineup: _Array,
        columns: dict[str, Any],
    ) -> None:
        # not ``index``: that is the Sequence method (the position of a value), kept working
        self.game_index = np.asarray(index, dtype=np.int64)
        self.seed = np.asarray(seed, dtype=np.uint64)
        self.lineups = [list(x) for x in lineups]
        self.lineup = np.asarray(lineup, dtype=np.int64)
        self.winner: _Array = columns["winner"]
        self.returns: _Array = columns["returns"]
        self.scores: _Array = columns["scores"]
        self.actions: _Array = columns["actions"]
        self.stats: dict[str, Any] = columns["stats"]

    # ------------------------------------------------------------------ a sequence
    def __len__(self) -> int:
        return len(self.game_index)

    @overload
    def __getitem__(self, i: int) -> GameResult: ...
    @overload
    def __getitem__(self, i: slice) -> list[GameResult]: ...
    def __getitem__(self, i: int | slice) -> GameResult | list[GameResult]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("result index out of range")
        stats: dict[str, Any] = {}
        for key, col in self.stats.items():
            if isinstance(col, tuple):
                stats[key] = col[1][int(col[0][i])]
            else:
                stats[key] = col[i].tolist()
        w = int(self.winner[i])
        return GameResult(
            index=int(self.game_index[i]),
            seed=int(self.seed[i]),
            agents=list(self.lineups[int(self.lineup[i])]),
            winner=None if w < 0 else w,
            returns=self.returns[i].tolist(),
            scores=self.scores[i].tolist(),
            actions=int(self.actions[i]),
            stats=stats,
        )

    def __iter__(self) -> Iterator[GameResult]:
        for i in range(len(self)):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<ResultTable of {len(self)} games>"

    @classmethod
    def concat(cls, parts: Sequence[ResultTable]) -> ResultTable:
        """The tables one after another (their lineups merged)."""
        lineups: list[list[str]] = []
        codes = []
        for t in parts:
            remap = []
            for lu in t.lineups:
                if lu not in lineups:
                    lineups.append(lu)
                remap.append(lineups.index(lu))
            codes.append(np.asarray(remap, dtype=np.int64)[t.lineup])
        first = parts[0]
        stats: dict[str, Any] = {}
        for key, col in first.stats.items():
            if isinstance(col, tuple):  # the labels are the game's own: the same in every part
                stats[key] = (np.concatenate([t.stats[key][0] for t in parts]), col[1])
            else:
                stats[key] = np.concatenate([t.stats[key] for t in parts])
        columns: dict[str, Any] = {
            name: np.concatenate([getattr(t, name) for t in parts])
            for name in ("winner", "returns", "scores", "actions")
        }
        columns["stats"] = stats
        return cls(
            np.concatenate([t.game_index for t in parts]),
            np.concatenate([t.seed for t in parts]),
            lineups,
            np.concatenate(codes),
            columns,
        )

    # ------------------------------------------------------------------ the summary
    def summarize(self) -> dict[str, Any]:
        """:func:`ninetynine.sim.summarize` of these results, from the arrays.

        :raises ValueError: no results.
        """
        games = len(self)
        if not games:
            raise ValueError("no games to summarise")
        n = self.returns.shape[1]
        # agents in the order the games first name them
        firsts = sorted(set(self.lineup.tolist()), key=lambda c: int(np.argmax(self.lineup == c)))
        agents: list[str] = []
        for c in firsts:
            for a in self.lineups[c]:
                if a not in agents:
                    agents.append(a)
        uses = {c: int((self.lineup == c).sum()) for c in firsts}
        seat_wins = [int((self.winner == s).sum()) for s in range(n)]
        agent_wins = dict.fromkeys(agents, 0)
        agent_seats = dict.fromkeys(agents, 0)
        agent_games = dict.fromkeys(agents, 0)
        for c in firsts:
            lu = self.lineups[c]
            mine = self.lineup == c
            for a in lu:
                agent_seats[a] += uses[c]
            for a in set(lu):
                agent_games[a] += uses[c]
            for s, a in enumerate(lu):
                agent_wins[a] += int((mine & (self.winner == s)).sum())
        draws = int((self.winner < 0).sum()) if n > 1 else 0
        length: dict[str, Any] = {"actions": describe(self.actions.tolist())}
        turns = self.stats.get("turns")
        if isinstance(turns, np.ndarray) and turns.ndim == 1:
            length["turns"] = describe(turns.tolist())
        out = win_summary(games, draws, seat_wins, agents, agent_seats, agent_games, agent_wins)
        out["length"] = length
        out["stats"] = self._aggregate(n, agents, firsts)
        if n == 1:
            out["solo_returns"] = describe(self.returns[:, 0].tolist())
        return out

    def _aggregate(self, n: int, agents: list[str], firsts: list[int]) -> dict[str, Any]:
        out: dict[str, dict[str, Any]] = {}
        for key, col in self.stats.items():
            if key in LENGTH_KEYS:
                continue
            label = prettify(key)
            if isinstance(col, tuple):
                codes, labels = col
                counts = np.bincount(codes, minlength=len(labels))
                found = {labels[i]: int(k) for i, k in enumerate(counts.tolist()) if k}
                out[key] = {
                    "kind": "category",
                    "label": label,
                    "counts": dict(sorted(found.items(), key=lambda kv: (-kv[1], kv[0]))),
                }
            elif col.ndim == 1:
                out[key] = {
                    "kind": "number",
                    "label": label,
                    "mean": _mean(int(col.sum()), col.size),
                    "min": int(col.min()),
                    "max": int(col.max()),
                }
            else:
                sums: dict[str, int] = dict.fromkeys(agents, 0)
                counts_: dict[str, int] = dict.fromkeys(agents, 0)
                for c in firsts:
                    mine = self.lineup == c
                    k = int(mine.sum())
                    for s, a in enumerate(self.lineups[c]):
                        sums[a] += int(col[mine, s].sum())
                        counts_[a] += k
                out[key] = {
                    "kind": "per_seat",
                    "label": label,
                    "mean": _mean(int(col.sum()), col.size),
                    "max": int(col.max()),
                    "by_seat": [_mean(int(col[:, s].sum()), col.shape[0]) for s in range(n)],
                    "by_agent": {a: _mean(sums[a], counts_[a]) for a in agents},
                }
        return out


__all__ = ["ResultTable"]
