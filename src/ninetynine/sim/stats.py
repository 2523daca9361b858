"""Summaries of simulated games, computed from :class:`~ninetynine.sim.match.GameResult` only.

Generic over games. :func:`summarize` counts wins per seat and per agent (with Wilson score
95% confidence intervals), draws, game length (actions, and ``turns`` when the game's
``stats()`` has it) and aggregates the game's own ``state.stats()``:

* a per-seat list (one number per seat): mean per seat, mean per agent, overall mean and max;
* a numeric scalar: mean, min and max;
* a per-seat list of label lists (what each seat chose, e.g. its heroes): per label the pick
  rate and the win rate of the seats that chose it;
* anything else (a string such as ``ended_by``, a boolean): counts of each value.

Labels come from :func:`prettify`, a small generic rule set (``row_points`` -> "points from
rows"), never a per-game table.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeGuard

from .match import GameResult

if TYPE_CHECKING:
    from .table import ResultTable  # it imports this module; numpy only at run time

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054

#: ``stats()`` keys that :func:`summarize` reports under game length instead.
LENGTH_KEYS = ("actions", "turns")


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    Returns ``(low, high)`` within ``[0, 1]``; ``(0.0, 1.0)`` when ``trials`` is 0.

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 10)[0]
    0.0
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be within 0..{trials}, got {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q``-th quantile (``0 <= q <= 1``) of sorted values, interpolating linearly
    between the closest ranks (NumPy's default method).

    >>> percentile([1, 2, 3, 4, 5], 0.95)
    4.8
    """
    if not sorted_values:
        raise ValueError("percentile of no values")
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    frac = pos - lo
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * frac


def describe(values: Iterable[float]) -> dict[str, float | int | None]:
    """``count``, ``mean``, ``median``, ``min``, ``max`` and ``p95`` of numbers (``None``
    for each statistic of an empty input).

    >>> describe([3, 1, 2])
    {'count': 3, 'mean': 2.0, 'median': 2, 'min': 1, 'max': 3, 'p95': 2.9}
    """
    vals = sorted(values)
    if not vals:
        return {"count": 0, "mean": None, "median": None, "min": None, "max": None, "p95": None}
    return {
        "count": len(vals),
        "mean": statistics.fmean(vals),
        "median": statistics.median(vals),
        "min": vals[0],
        "max": vals[-1],
        "p95": percentile(vals, 0.95),
    }


def _plural(noun: str) -> str:
    """Naive English plural: row -> rows, box -> boxes, entry -> entries, points -> points."""
    if noun.endswith("s"):
        return noun
    if noun.endswith(("x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


#: Suffixes read as "<suffix> from <prefix>s": ``row_points`` -> "points from rows".
_FROM_SUFFIXES = ("points", "score", "bonus")


def prettify(key: str) -> str:
    """A human-readable label for a ``stats()`` key.

    ``<thing>_points`` reads "points from <things>", a leading ``num_`` / ``n_`` reads
    "number of", underscores become spaces.

    >>> prettify("row_points"), prettify("deck_points"), prettify("longest_row")
    ('points from rows', 'points from decks', 'longest row')
    >>> prettify("num_cards_drawn"), prettify("ended_by")
    ('number of cards drawn', 'ended by')
    """
    words = [w for w in key.strip("_").split("_") if w]
    if not words:
        return key
    if len(words) >= 2 and words[-1] in _FROM_SUFFIXES:
        thing = " ".join([*words[:-2], _plural(words[-2])])
        return f"{words[-1]} from {thing}"
    if words[0] in ("num", "n") and len(words) > 1:
        return "number of " + " ".join(words[1:])
    return " ".join(words)


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _agent_order(results: Sequence[GameResult]) -> list[str]:
    seen: dict[str, None] = {}
    for r in results:
        for a in r.agents:
            seen.setdefault(a, None)
    return list(seen)


def _is_picks(value: Any, num_players: int) -> TypeGuard[Sequence[Sequence[str]]]:
    """A per-seat list of label lists, e.g. ``[["bastion", "jester"], ["regent", "hoarder"]]``:
    what each seat chose (heroes, factions, decks)."""
    return (
        isinstance(value, list | tuple)
        and len(value) == num_players
        and all(isinstance(x, list | tuple) and all(isinstance(y, str) for y in x) for x in value)
    )


def _kind(value: Any, num_players: int) -> str:
    if _is_picks(value, num_players):
        return "picks"
    if isinstance(value, list | tuple):
        if (
            len(value) == num_players
            and all(x is None or _is_number(x) for x in value)
            and any(_is_number(x) for x in value)
        ):
            return "per_seat"  # None: no value for that seat in this game (skipped)
        return "category"
    return "number" if _is_number(value) else "category"


def _category(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return " ".join(str(x) for x in value)
    return str(value)


def summarize(results: Sequence[GameResult]) -> dict[str, Any]:
    """A JSON-able summary of ``results`` (all from one game with one player count).

    Shape::

        games, num_players, draws, draw_rate, fair_share (1 / num_players),
        seats:  [{seat, games, wins, win_rate, ci95: [low, high]}]
        agents: [{agent, seats_played, games, wins, win_rate, ci95}]
                 (win_rate = wins / seats_played: the chance that one seat it plays wins)
        length: {actions: describe(...), turns: describe(...) if stats() has "turns"}
        solo_returns: describe(returns) (one-player games only: no wins, no draws)
        stats:  {key: {kind: "per_seat", label, mean, max, by_seat: [...], by_agent: {...}}
                      | {kind: "number", label, mean, min, max}
                      | {kind: "picks", label, seats, items: [{item, picked, pick_rate,
                                                              wins, win_rate, ci95}]}
                      | {kind: "category", label, counts: {value: games}}}

    A :class:`~ninetynine.sim.table.ResultTable` (a columnar fast path's results) is
    summarised from its arrays, to the same dict.

    :raises ValueError: no results, or results with different player counts.
    """
    table = _as_table(results)
    if table is not None:
        return table.summarize()
    if not results:
        raise ValueError("no games to summarise")
    n = len(results[0].agents)
    if any(len(r.agents) != n for r in results):
        raise ValueError("results mix different numbers of players")
    games = len(results)
    agents = _agent_order(results)

    seat_wins = [0] * n
    agent_wins = dict.fromkeys(agents, 0)
    agent_seats = dict.fromkeys(agents, 0)
    agent_games = dict.fromkeys(agents, 0)
    draws = 0
    for r in results:
        for a in r.agents:
            agent_seats[a] += 1
        for a in set(r.agents):
            agent_games[a] += 1
        if r.winner is None:
            draws += n > 1  # a one-player game has no winner and is no draw
        else:
            seat_wins[r.winner] += 1
            agent_wins[r.agents[r.winner]] += 1

    length: dict[str, Any] = {"actions": describe(r.actions for r in results)}
    turns = [r.stats["turns"] for r in results if _is_number(r.stats.get("turns"))]
    if turns:
        length["turns"] = describe(turns)

    out = win_summary(games, draws, seat_wins, agents, agent_seats, agent_games, agent_wins)
    out["length"] = length
    out["stats"] = _aggregate_stats(results, n, agents)
    if n == 1:  # the game's own measure of a solo result (e.g. the score)
        out["solo_returns"] = describe(r.returns[0] for r in results)
    return out


def _as_table(results: Sequence[GameResult]) -> ResultTable | None:
    try:
        from .table import ResultTable
    except ImportError:  # no numpy: then no table either
        return None
    return results if isinstance(results, ResultTable) else None


def _aggregate_stats(
    results: Sequence[GameResult], n: int, agents: list[str]
) -> dict[str, dict[str, Any]]:
    # Keys in the games' own order: a key first seen in a later game goes right after the key
    # that precedes it there (not at the end).
    order: list[str] = []
    for r in results:
        prev = None
        for k in r.stats:
            if k not in order:
                order.insert(order.index(prev) + 1 if prev is not None else 0, k)
            prev = k
    kinds: dict[str, str] = {}
    for k in order:
        if k in LENGTH_KEYS:
            continue
        values = [r.stats[k] for r in results if k in r.stats and r.stats[k] is not None]
        kinds[k] = _kind(values[0], n) if values else "category"
    out: dict[str, dict[str, Any]] = {}
    for key, kind in kinds.items():
        label = prettify(key)
        if kind == "per_seat":
            seat_vals: list[list[float]] = [[] for _ in range(n)]
            agent_vals: dict[str, list[float]] = {a: [] for a in agents}
            for r in results:
                v = r.stats.get(key)
                if v is None or _kind(v, n) != "per_seat":
                    continue
                for s, x in enumerate(v):
                    if x is None:
                        continue
                    seat_vals[s].append(x)
                    agent_vals[r.agents[s]].append(x)
            every = [x for vals in seat_vals for x in vals]
            out[key] = {
                "kind": kind,
                "label": label,
                "mean": statistics.fmean(every) if every else None,
                "max": max(every) if every else None,
                "by_seat": [statistics.fmean(v) if v else None for v in seat_vals],
                "by_agent": {a: statistics.fmean(v) if v else None for a, v in agent_vals.items()},
            }
        elif kind == "number":
            vals = [r.stats[key] for r in results if _is_number(r.stats.get(key))]
            out[key] = {
                "kind": kind,
                "label": label,
                "mean": statistics.fmean(vals) if vals else None,
                "min": min(vals) if vals else None,
                "max": max(vals) if vals else None,
            }
        elif kind == "picks":
            out[key] = _picks(results, key, n, label)
        else:
            counts: dict[str, int] = {}
            for r in results:
                if key in r.stats:
                    c = _category(r.stats[key])
                    counts[c] = counts.get(c, 0) + 1
            out[key] = {
                "kind": kind,
                "label": label,
                "counts": dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))),
            }
    return out


def _picks(results: Sequence[GameResult], key: str, n: int, label: str) -> dict[str, Any]:
    """Per label: how many seats chose it (``picked``, ``pick_rate`` of all seats played) and
    how often those seats won (``win_rate`` with its Wilson 95% interval), best first."""
    picked: dict[str, int] = {}
    wins: dict[str, int] = {}
    seats = 0
    for r in results:
        v = r.stats.get(key)
        if not _is_picks(v, n):
            continue
        seats += n
        for s, labels in enumerate(v):
            for lab in set(labels):
                picked[lab] = picked.get(lab, 0) + 1
                if r.winner == s:
                    wins[lab] = wins.get(lab, 0) + 1
    items: list[dict[str, Any]] = []
    for lab, k in picked.items():
        w = wins.get(lab, 0)
        items.append(
            {
                "item": lab,
                "picked": k,
                "pick_rate": k / seats if seats else 0.0,
                "wins": w,
                "win_rate": w / k,
                "ci95": list(wilson_interval(w, k)),
            }
        )
    items.sort(key=lambda d: (-d["win_rate"], d["item"]))
    return {"kind": "picks", "label": label, "seats": seats, "items": items}


def csv_rows(results: Sequence[GameResult]) -> tuple[list[str], list[dict[str, Any]]]:
    """One flat row per game for CSV: ``(header, rows)``.

    Columns: ``game``, ``seed``, ``agent_<s>`` per seat, ``winner`` (seat, empty for a draw),
    ``winner_agent``, ``score_<s>`` per seat, ``actions``, then each ``stats()`` key flattened:
    a per-seat list as ``<key>_<s>``, anything else as ``<key>``.
    """
    if not results:
        return (["game", "seed", "winner", "winner_agent", "actions"], [])
    n = len(results[0].agents)
    stat_cols: dict[str, None] = {}
    for r in results:
        for k, v in r.stats.items():
            if isinstance(v, list | tuple) and len(v) == n:
                for s in range(n):
                    stat_cols.setdefault(f"{k}_{s}", None)
            else:
                stat_cols.setdefault(k, None)
    header = [
        "game",
        "seed",
        *(f"agent_{s}" for s in range(n)),
        "winner",
        "winner_agent",
        *(f"score_{s}" for s in range(n)),
        "actions",
    ]
    header += [c for c in stat_cols if c not in header]
    rows = []
    for r in results:
        row: dict[str, Any] = {
            "game": r.index,
            "seed": r.seed,
            "winner": "" if r.winner is None else r.winner,
            "winner_agent": r.winner_agent or "",
            "actions": r.actions,
        }
        for s in range(n):
            row[f"agent_{s}"] = r.agents[s]
            sc = r.scores[s]
            row[f"score_{s}"] = int(sc) if float(sc).is_integer() else sc
        for k, v in r.stats.items():
            if isinstance(v, list | tuple) and len(v) == n:
                for s in range(n):
                    x = v[s]
                    row.setdefault(f"{k}_{s}", " ".join(map(str, x)) if isinstance(x, list) else x)
            else:
                row.setdefault(k, _category(v) if not _is_number(v) else v)
        rows.append(row)
    return header, rows


__all__ = [
    "Z95",
    "csv_rows",
    "describe",
    "percentile",
    "prettify",
    "summarize",
    "wilson_interval",
]


def win_summary(
    games: int,
    draws: int,
    seat_wins: Sequence[int],
    agents: Sequence[str],
    agent_seats: Mapping[str, int],
    agent_games: Mapping[str, int],
    agent_wins: Mapping[str, int],
) -> dict[str, Any]:
    """The first keys of :func:`summarize` from the win counts (of a list of results or of a
    table's columns): ``games``, ``num_players`` (``len(seat_wins)``), ``draws``,
    ``draw_rate``, ``fair_share`` (1/n), and the ``seats`` and ``agents`` rows: per seat
    (seat, games, wins, win rate, 95% Wilson interval) and per agent (agent, seats played,
    games, wins, win rate per seat played, interval)."""
    n = len(seat_wins)
    seats = []
    for s, wins in enumerate(seat_wins):
        lo, hi = wilson_interval(wins, games)
        seats.append(
            {"seat": s, "games": games, "wins": wins, "win_rate": wins / games, "ci95": [lo, hi]}
        )
    agent_rows = []
    for a in agents:
        lo, hi = wilson_interval(agent_wins[a], agent_seats[a])
        agent_rows.append(
            {
                "agent": a,
                "seats_played": agent_seats[a],
                "games": agent_games[a],
                "wins": agent_wins[a],
                "win_rate": agent_wins[a] / agent_seats[a],
                "ci95": [lo, hi],
            }
        )
    return {
        "games": games,
        "num_players": n,
        "draws": draws,
        "draw_rate": draws / games,
        "fair_share": 1 / n,
        "seats": seats,
        "agents": agent_rows,
    }
