"""Declaring and validating game options.

A game declares its options once, as :class:`OptionSpec` values; :func:`validate_options` turns
what a caller passed (Python values, or strings from a command line) into a frozen, JSON-able
mapping, raising :class:`GameOptionError` with the option's name and the accepted values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .errors import GameOptionError, NotationError


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game.

    ``parse`` takes the raw value (possibly a string from the command line) and returns the
    normalised JSON-able value, or raises ``ValueError`` with a message saying what is accepted.
    ``reads_files``: the value names files or directories of the machine that loads the game
    (99 Heroes' ``heroes``): a server takes only its default from a visitor, since reading
    them would let the visitor probe the server's files through the errors.
    """

    name: str
    default: Any
    doc: str
    parse: Callable[[Any], Any]
    choices: tuple[str, ...] | None = None
    reads_files: bool = False


def parse_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in {"1", "true", "yes", "on"}:
        return True
    if isinstance(value, str) and value.strip().lower() in {"0", "false", "no", "off"}:
        return False
    raise ValueError(f"expected true or false, got {value!r}")


def int_parser(lo: int, hi: int) -> Callable[[Any], int]:
    def parse(value: Any) -> int:
        if isinstance(value, bool):
            raise ValueError(f"expected an integer from {lo} to {hi}, got {value!r}")
        try:
            v = int(value)
        except (TypeError, ValueError):
            raise ValueError(f"expected an integer from {lo} to {hi}, got {value!r}") from None
        if not lo <= v <= hi:
            raise ValueError(f"expected an integer from {lo} to {hi}, got {v}")
        return v

    return parse


def auto_or_int_parser(lo: int, hi: int) -> Callable[[Any], int | str]:
    """A parser of ``"auto"`` (any case; the game works the number out) or a whole number from
    ``lo`` to ``hi``.

    >>> parse = auto_or_int_parser(0, 9)
    >>> parse(" Auto "), parse("4")
    ('auto', 4)
    >>> parse(10)
    Traceback (most recent call last):
    ValueError: expected auto or an integer from 0 to 9, got 10
    """
    parse_int = int_parser(lo, hi)

    def parse(value: Any) -> int | str:
        if isinstance(value, str) and value.strip().lower() == "auto":
            return "auto"
        try:
            return parse_int(value)
        except ValueError:
            expected = f"expected auto or an integer from {lo} to {hi}"
            raise ValueError(f"{expected}, got {value!r}") from None

    return parse


def choice_parser(*choices: str) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        v = str(value).strip().lower()
        if v not in choices:
            raise ValueError(f"expected one of {', '.join(choices)}; got {value!r}")
        return v

    return parse


_COUNT_ITEM = re.compile(r"^\s*([^=:\s][^=:]*?)\s*[=:]\s*(\d+)\s*$")


def parse_counts(
    value: Any,
    standard: Sequence[int],
    parse_kind: Callable[[str], int],
    example: str,
    check: Callable[[int, int], None] | None = None,
) -> list[int]:
    """Counts per kind from an option that changes a standard composition (a deck):
    ``standard`` (or empty) keeps ``standard``; ``kind=count`` (or ``kind:count``) pairs
    separated by commas each set one kind's count. ``parse_kind`` reads a kind in the game's
    notation; ``check(kind, count)`` may refuse a pair before it is applied.

    :raises ValueError: a pair that is not ``kind=count`` (the message shows ``example``), an
        unknown kind (the notation error's message), or a pair ``check`` refuses.

    >>> parse_counts("b=3, a:0", [1, 2], "ab".index, "a=2")
    [0, 3]
    >>> parse_counts("a", [1, 2], "ab".index, "a=2")
    Traceback (most recent call last):
    ValueError: expected standard or kind=count pairs like a=2; got 'a'
    """
    text = str(value).strip()
    counts = list(standard)
    if text.lower() in ("", "standard"):
        return counts
    for item in text.split(","):
        m = _COUNT_ITEM.match(item)
        if not m:
            raise ValueError(f"expected standard or kind=count pairs like {example}; got {item!r}")
        try:
            kind = parse_kind(m.group(1))
        except NotationError as e:
            raise ValueError(str(e)) from None
        n = int(m.group(2))
        if check is not None:
            check(kind, n)
        counts[kind] = n
    return counts


def format_counts(
    counts: Sequence[int], standard: Sequence[int], names: Sequence[str], kinds: Iterable[int]
) -> str:
    """The normal form of a counts option (what :func:`parse_counts` reads back): the kinds of
    ``kinds`` whose count differs from ``standard``, as ``name=count`` pairs in that order
    separated by commas, or ``standard``.

    >>> format_counts([0, 3], [1, 3], ["a", "b"], range(2)), format_counts([1], [1], ["a"], [0])
    ('a=0', 'standard')
    """
    diff = [f"{names[k]}={counts[k]}" for k in kinds if counts[k] != standard[k]]
    return ",".join(diff) if diff else "standard"


def check_deal(
    game_id: str, counts: Sequence[int], hand_size: int, num_players: int
) -> tuple[int, ...]:
    """``counts`` (copies per kind of a ``deck`` option), checked to deal ``hand_size`` cards to
    each of ``num_players`` seats.

    :raises GameOptionError: too few cards.

    >>> check_deal("ono99", [2, 3], 2, 2)
    (2, 3)
    >>> try:
    ...     check_deal("ono99", [2, 1], 2, 2)
    ... except GameOptionError as e:
    ...     print(e)
    ono99 option deck: 3 cards cannot deal 2 to each of 2 players
    """
    total = sum(counts)
    if total < hand_size * num_players:
        raise GameOptionError(
            f"{game_id} option deck: {total} cards cannot deal {hand_size} to each of "
            f"{num_players} players"
        )
    return tuple(counts)


def validate_options(
    game_id: str, specs: Mapping[str, OptionSpec], given: Mapping[str, Any]
) -> Mapping[str, Any]:
    """Check ``given`` against ``specs``; return every option (defaults filled), frozen.

    :raises GameOptionError: an unknown option name, or a value its spec rejects.
    """
    unknown = sorted(set(given) - set(specs))
    if unknown:
        known = ", ".join(sorted(specs)) or "none"
        raise GameOptionError(
            f"{game_id} has no option {', '.join(map(repr, unknown))}; its options are: {known}"
        )
    out: dict[str, Any] = {}
    for name, spec in specs.items():
        raw = given.get(name, spec.default)
        try:
            out[name] = spec.parse(raw)
        except ValueError as e:
            raise GameOptionError(f"{game_id} option {name}: {e}") from None
    return MappingProxyType(out)
