"""Declaring and validating game options.

A game declares its options once, as :class:`OptionSpec` values; :func:`validate_options` turns
what a caller passed (Python values, or strings from a command line) into a frozen, JSON-able
mapping, raising :class:`GameOptionError` with the option's name and the accepted values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .errors import GameOptionError


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game.

    ``parse`` takes the raw value (possibly a string from the command line) and returns the
    normalised JSON-able value, or raises ``ValueError`` with a message saying what is accepted.
    """

    name: str
    default: Any
    doc: str
    parse: Callable[[Any], Any]
    choices: tuple[str, ...] | None = None


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


def choice_parser(*choices: str) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        v = str(value).strip().lower()
        if v not in choices:
            raise ValueError(f"expected one of {', '.join(choices)}; got {value!r}")
        return v

    return parse


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
