"""A state's plain fields as JSON-able data and back, by kind: what an engine's ``to_dict``
writes and its ``from_dict`` reads, from one list of fields (``games/*/serialize.py``).

Import it as a namespace (``from ninetynine.core import fields as F``):

>>> from ninetynine.core import fields as F
>>> BOARD = [*F.int_rows("hands"), *F.numbers("turn"), *F.flags("over")]
>>> class S: hands, turn, over = [[3, 1], [2]], 7, False
>>> d = F.dump(S(), BOARD); d
{'hands': [[3, 1], [2]], 'turn': 7, 'over': False}
>>> t = S(); F.load(t, {"hands": [[5], []], "turn": 8, "over": True}, BOARD); t.hands, t.over
([[5], []], True)
>>> F.load(t, {"hands": [[5], []], "turn": 8, "over": "false"}, BOARD)
Traceback (most recent call last):
ValueError: over must be true or false, not 'false'

"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, NamedTuple


def whole_number(
    value: Any, what: str = "value", lo: int | None = None, hi: int | None = None
) -> int:
    """``value`` if it is a JSON whole number (an ``int``, not a ``bool``, a float or a
    string) within ``lo`` .. ``hi`` (either bound ``None``: open): how a ``from_dict`` reads a
    number, so that ``1.5``, ``"7"`` or ``true`` in a hand-edited state is refused, never
    truncated or converted into another position.

    :raises ValueError: naming ``what``, the value and the range.

    >>> whole_number(7, "turn", 0)
    7
    >>> whole_number(1.5, "turn")
    Traceback (most recent call last):
    ValueError: turn must be a whole number, not 1.5
    """
    if value.__class__ is not int:
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        lo_s = "" if lo is None else lo
        hi_s = "" if hi is None else hi
        raise ValueError(f"{what} must be within {lo_s}..{hi_s}, not {value}")
    return int(value)


def flag(value: Any, what: str = "value") -> bool:
    """``value`` if it is a JSON ``true`` or ``false`` (not ``0``, ``1`` or ``"false"``, which
    ``bool()`` would turn into ``True``).

    :raises ValueError: naming ``what`` and the value.
    """
    if value.__class__ is not bool:
        raise ValueError(f"{what} must be true or false, not {value!r}")
    return bool(value)


def whole_numbers(value: Any, what: str = "value") -> list[int]:
    """``value`` if it is a JSON list of whole numbers (:func:`whole_number`), copied.

    :raises ValueError: not a list, or an item that is not a whole number.
    """
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of whole numbers, not {value!r}")
    return [whole_number(x, f"{what} item") for x in value]


def whole_number_rows(value: Any, what: str = "value") -> list[list[int]]:
    """``value`` if it is a JSON list of lists of whole numbers, copied.

    :raises ValueError: not a list of lists, or an item that is not a whole number.
    """
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of lists, not {value!r}")
    return [whole_numbers(r, f"{what} row") for r in value]


def text(value: Any, what: str = "value") -> str:
    """``value`` if it is a JSON string.

    :raises ValueError: naming ``what`` and the value.
    """
    if value.__class__ is not str:
        raise ValueError(f"{what} must be a string, not {value!r}")
    return str(value)


def stats_from_json(value: Any, keys: Sequence[str]) -> dict[str, list[int]]:
    """The per-seat counters a ``to_dict`` wrote as ``stats`` (``{key: [count per seat]}``),
    read back for ``keys`` (a ``from_dict`` step).

    :raises ValueError: ``value`` is not an object, a counter not a list of whole numbers
        (``KeyError``: a counter is missing).

    >>> stats_from_json({"hits": [1, 0], "misses": [0, 2]}, ("hits",))
    {'hits': [1, 0]}
    """
    if not isinstance(value, dict):
        raise ValueError("stats is not an object")
    return {k: whole_numbers(value[k], f"stats {k}") for k in keys}


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


def _copy_rows(v: list[list[Any]]) -> list[list[Any]]:
    return [r[:] for r in v]


def numbers(*names: str) -> list[Field]:
    """Whole-number fields (read back by :func:`whole_number`: ``1.5`` or ``"7"`` refused)."""
    return [Field(name, name, _same, partial(whole_number, what=name)) for name in names]


def flags(*names: str) -> list[Field]:
    """True/false fields (read back by :func:`flag`: only ``true`` or ``false``)."""
    return [Field(name, name, _same, partial(flag, what=name)) for name in names]


def int_lists(*names: str) -> list[Field]:
    """Lists of whole numbers (a pile, a per-seat count), copied."""
    return [Field(name, name, _copy, partial(whole_numbers, what=name)) for name in names]


def int_rows(*names: str) -> list[Field]:
    """Lists of lists of whole numbers (the hands, one per seat), copied."""
    return [Field(name, name, _copy_rows, partial(whole_number_rows, what=name)) for name in names]


def outcome() -> list[Field]:
    """How the game ended: ``winner`` (``winner_``, -1 for none yet) and ``ended_by``."""
    return [
        Field("winner", "winner_", _same, partial(whole_number, what="winner")),
        Field("ended_by", "ended_by", _same, partial(text, what="ended_by")),
    ]


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
        Field("history", "hist", _copy, partial(whole_numbers, what="history")),
        *outcome(),
    ]


def dump(state: Any, fields: Iterable[Field]) -> dict[str, Any]:
    """``fields`` of ``state`` as JSON-able data, in order (for ``to_dict``)."""
    return {f.key: f.dump(getattr(state, f.attr)) for f in fields}


def load(state: Any, d: Mapping[str, Any], fields: Iterable[Field]) -> None:
    """Set ``fields`` of ``state`` from the dict :func:`dump` wrote (for ``from_dict``).

    :raises ValueError: a field of the wrong kind, named (``KeyError``: a missing field).
    """
    for f in fields:
        setattr(state, f.attr, f.load(d[f.key]))


__all__ = [
    "Field",
    "dump",
    "engine_fields",
    "flag",
    "flags",
    "int_lists",
    "int_rows",
    "load",
    "numbers",
    "outcome",
    "stats_from_json",
    "text",
    "whole_number",
    "whole_number_rows",
    "whole_numbers",
]
