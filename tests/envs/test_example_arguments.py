"""The examples' command lines: a bad value is argparse's one-line error (exit code 2), not a
traceback, a division by zero or a run that trains anyway; ``--help`` says what the script
does in whole sentences."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _error(parse: object, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as info:
        parse(argv)  # type: ignore[operator]
    assert info.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--eval-games", "0"], "argument --eval-games: must be at least 1, got 0"),
        (["--timesteps", "-5"], "argument --timesteps: must be at least 1, got -5"),
        (["--seed", "-1"], "argument --seed: must be at least 0, got -1"),
        (["--game", "nope"], "unknown game 'nope'"),
        (["--players", "9"], "ono99 is for 2-6 players, not 9"),
    ],
)
def test_maskable_ppo_refuses_bad_values(argv, said, capsys) -> None:
    assert said in _error(_load("maskable_ppo").parse_args, argv, capsys)


def test_maskable_ppo_help_is_a_whole_sentence(capsys) -> None:
    with pytest.raises(SystemExit):
        _load("maskable_ppo").parse_args(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "against bots, then measure it against random and greedy bots beside the random " in out
    assert "and greedy policies in the same seat." in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--eval-games", "0"], "argument --eval-games: must be at least 1, got 0"),
        (["--episodes", "0"], "argument --episodes: must be at least 1, got 0"),
        (["--players", "9"], "warp99 is for 2-4 players, not 9"),
    ],
)
def test_train_warp99_refuses_bad_values(argv, said, capsys) -> None:
    assert said in _error(_load("train_warp99").parse_args, argv, capsys)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--seed", "-1"], "argument --seed: must be at least 0, got -1"),
        (["--games", "-2"], "argument --games: must be at least 1, got -2"),
        (["--simulations", "0"], "argument --simulations: must be at least 1, got 0"),
    ],
)
def test_openspiel_ismcts_refuses_bad_values(argv, said, capsys) -> None:
    pytest.importorskip("pyspiel")
    assert said in _error(_load("openspiel_ismcts").main, argv, capsys)
