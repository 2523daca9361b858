"""Option declaration and validation (``core/options.py``) and how games use it."""

from __future__ import annotations

import json

import pytest

import ninetynine
from ninetynine import GameOptionError
from ninetynine.core.errors import NotationError
from ninetynine.core.options import (
    OptionSpec,
    choice_parser,
    format_counts,
    int_parser,
    parse_bool,
    parse_counts,
    validate_options,
)

SPECS = {
    "size": OptionSpec("size", 3, "how big", int_parser(1, 5)),
    "mode": OptionSpec("mode", "a", "which", choice_parser("a", "b"), ("a", "b")),
    "fast": OptionSpec("fast", False, "go fast", parse_bool),
}


def test_defaults_are_filled_and_frozen():
    opts = validate_options("toy", SPECS, {})
    assert dict(opts) == {"size": 3, "mode": "a", "fast": False}
    with pytest.raises(TypeError):
        opts["size"] = 4  # type: ignore[index]
    assert json.loads(json.dumps(dict(opts))) == dict(opts)


def test_unknown_option_lists_the_known_ones():
    with pytest.raises(GameOptionError) as info:
        validate_options("toy", SPECS, {"colour": 1, "speed": 2})
    msg = str(info.value)
    assert "toy has no option 'colour', 'speed'" in msg
    assert "fast, mode, size" in msg


def test_no_options_at_all():
    with pytest.raises(GameOptionError, match="its options are: none"):
        validate_options("toy", {}, {"x": 1})


@pytest.mark.parametrize(
    ("given", "option", "fragment"),
    [
        ({"size": 9}, "size", "from 1 to 5"),
        ({"size": "big"}, "size", "from 1 to 5"),
        ({"size": True}, "size", "integer"),
        ({"mode": "c"}, "mode", "one of a, b"),
        ({"fast": "sometimes"}, "fast", "true or false"),
        ({"fast": 1}, "fast", "true or false"),
    ],
)
def test_bad_values_name_the_option(given, option, fragment):
    with pytest.raises(GameOptionError) as info:
        validate_options("toy", SPECS, given)
    msg = str(info.value)
    assert msg.startswith(f"toy option {option}:")
    assert fragment in msg
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        (True, True),
        ("true", True),
        (" YES ", True),
        ("on", True),
        ("1", True),
        (False, False),
        ("false", False),
        ("no", False),
        ("OFF", False),
        ("0", False),
    ],
)
def test_parse_bool_accepts_command_line_words(raw, value):
    assert parse_bool(raw) is value


def test_strings_from_a_command_line_are_normalised():
    opts = validate_options("toy", SPECS, {"size": "4", "mode": " B ", "fast": "yes"})
    assert dict(opts) == {"size": 4, "mode": "b", "fast": True}


def test_game_options_from_strings():
    g = ninetynine.load_game(
        "warp99", num_players=2, bonus_rule="false", target="50", rules="Random-Rule-Start"
    )
    assert g.options["bonus_rule"] is False
    assert g.options["target"] == 50
    assert g.options["rules"] == "random"


def test_game_rejects_bad_player_counts():
    with pytest.raises(GameOptionError, match="2-4 players, not 5"):
        ninetynine.load_game("warp99", num_players=5)
    with pytest.raises(GameOptionError, match="must be an integer"):
        ninetynine.load_game("warp99", num_players=True)
    with pytest.raises(GameOptionError, match="must be an integer"):
        ninetynine.load_game("warp99", num_players="3")


def test_game_option_errors_name_the_option():
    with pytest.raises(GameOptionError, match="warp99 option target"):
        ninetynine.load_game("warp99", target=0)
    with pytest.raises(GameOptionError, match="warp99 option flip_limit: expected one of turn"):
        ninetynine.load_game("warp99", flip_limit="game")
    with pytest.raises(GameOptionError, match=r"has no option 'bonus'.*bonus_rule"):
        ninetynine.load_game("warp99", bonus=True)


def test_games_compare_by_id_players_and_options():
    a = ninetynine.load_game("warp99", num_players=3, target="60")
    b = ninetynine.load_game("warp99", num_players=3, target=60)
    c = ninetynine.load_game("warp99", num_players=3)
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert "target=60" in repr(a)


def test_parse_counts_reads_kind_count_pairs_over_a_standard_composition():
    def kind(name: str) -> int:
        if name.lower() not in ("a", "b", "c"):
            raise NotationError(f"{name!r} is not a kind")
        return "abc".index(name.lower())

    std = [1, 2, 3]
    assert parse_counts(" Standard ", std, kind, "a=1") == std
    assert parse_counts("C = 0, a:4", std, kind, "a=1") == [4, 2, 0]
    with pytest.raises(ValueError, match="'z' is not a kind") as info:
        parse_counts("z=1", std, kind, "a=1")
    assert type(info.value) is ValueError  # the notation error, as an option error's cause
    with pytest.raises(ValueError, match="pairs like a=1; got ' b'"):
        parse_counts("a=1, b", std, kind, "a=1")

    def at_most_5(k: int, n: int) -> None:
        if n > 5:
            raise ValueError(f"kind {k}: {n} > 5")

    with pytest.raises(ValueError, match="kind 1: 6 > 5"):
        parse_counts("b=6", std, kind, "a=1", at_most_5)
    counts = parse_counts("c=0,a=4", std, kind, "a=1")
    assert format_counts(counts, std, "ABC", range(3)) == "A=4,C=0"
    assert format_counts(counts, std, "ABC", [2]) == "C=0"  # only the kinds named
    assert format_counts(std, std, "ABC", range(3)) == "standard"
    assert parse_counts(format_counts(counts, std, "ABC", range(3)), std, kind, "") == counts
