"""A state's plain fields as JSON-able data and back, by kind: what an engine's ``to_dict``
writes and its ``from_dict`` reads, from one list of fields (``games/*/serialize.py``).

Import it as a namespace (``from ninetynine.core import fields as F``):

>>> from ninetynine.core import fields as F
>>> BOARD = [*F.int_rows("hands"), *F.numbers("turn"), *F.flags("over")]
>>> class S: hands, turn, over = [[3, 1], [2]], 7, False
>>> d = F.dump(S(), BOARD); d
{'hands': [[3, 1], [2]], 'turn': 7, 'over': False}
>>> t = S(); F.load(t, {"hands": [[5], []], "turn": 8, "over": 1}, BOARD); t.hands, t.over
([[5], []], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple


def stats_from_json(value: Any, keys: Sequence[str]) -> dict[str, list[int]]:
    """The per-seat counters a ``to_dict`` wrote as ``stats`` (``{key: [count per seat]}``),
    read back for ``keys`` (a ``from_dict`` step).

    :raises ValueError: ``value`` is not an object (``KeyError``: a counter is missing).

    >>> stats_from_json({"hits": [1, 0], "misses": [0, 2]}, ("hits",))
    {'hits': [1, 0]}
    """
    if not isinstance(value, dict):
        raise ValueError("stats is not an object")
    return {k: [int(x) for x in value[k]] for k in keys}


class Field(NamedTuple):
    """One plain field of a state's ``to_dict``: ``key`` in the dict, ``attr`` on the state,
    ``dump`` (the value as JSON-able data, copied) and ``load`` (a JSON value read back)."""

    key: str
    attr: str
    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def _same(v: Any) -> Any:
    return v


def _copy(v: list[Any]) -> list[Any]:
    return v[:]


def _ints(v: Any) -> list[int]:
    return [int(x) for x in v]


def _copy_rows(v: list[list[Any]]) -> list[list[Any]]:
    return [r[:] for r in v]


def _int_rows(v: Any) -> list[list[int]]:
    return [[int(x) for x in r] for r in v]


def numbers(*names: str) -> list[Field]:
    """Whole-number fields (``int`` when read back)."""
    return [Field(name, name, _same, int) for name in names]


def flags(*names: str) -> list[Field]:
    """True/false fields (``bool`` when read back)."""
    return [Field(name, name, _same, bool) for name in names]


def int_lists(*names: str) -> list[Field]:
    """Lists of whole numbers (a pile, a per-seat count), copied."""
    return [Field(name, name, _copy, _ints) for name in names]


def int_rows(*names: str) -> list[Field]:
    """Lists of lists of whole numbers (the hands, one per seat), copied."""
    return [Field(name, name, _copy_rows, _int_rows) for name in names]


def outcome() -> list[Field]:
    """How the game ended: ``winner`` (``winner_``, -1 for none yet) and ``ended_by``."""
    return [Field("winner", "winner_", _same, int), Field("ended_by", "ended_by", _same, str)]


def engine_fields(stat_keys: Sequence[str]) -> list[Field]:
    """The fields every engine keeps (``EngineState``), in the order most ``to_dict`` end
    with: its per-seat counters ``stats`` (``st``, for ``stat_keys``), ``history``
    (``hist``) and the :func:`outcome`."""
    return [
        Field(
            "stats",
            "st",
            lambda v: {k: x[:] for k, x in v.items()},
            lambda v: stats_from_json(v, stat_keys),
        ),
        Field("history", "hist", _copy, _ints),
        *outcome(),
    ]


def dump(state: Any, fields: Iterable[Field]) -> dict[str, Any]:
    """``fields`` of ``state`` as JSON-able data, in order (for ``to_dict``)."""
    return {f.key: f.dump(getattr(state, f.attr)) for f in fields}


def load(state: Any, d: Mapping[str, Any], fields: Iterable[Field]) -> None:
    """Set ``fields`` of ``state`` from the dict :func:`dump` wrote (for
    ``from_dict``; ``KeyError``, ``TypeError``, ``ValueError``: a missing or malformed
    field)."""
    for f in fields:
        setattr(state, f.attr, f.load(d[f.key]))


__all__ = [
    "Field",
    "dump",
    "engine_fields",
    "flags",
    "int_lists",
    "int_rows",
    "load",
    "numbers",
    "outcome",
    "stats_from_json",
]
