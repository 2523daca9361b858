"""Without a game's compiled fast state, ``game.new_fast_state`` deals the reference state and
says why once: the ``RuntimeWarning`` names the caller's line (as ``warnings`` means a library
to), not a line inside ninetynine."""

from __future__ import annotations

import importlib

import pytest

import ninetynine


@pytest.mark.parametrize("game_id", ["warp99", "ono99", "tripwire", "sixto"])
def test_the_fallback_warning_points_at_the_callers_line(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = importlib.import_module(f"ninetynine.games.{game_id}.fast")
    monkeypatch.setattr(fast.PATH, "module", None)
    monkeypatch.setattr(fast.PATH, "missing_reason", "the compiled fast state (x) is not built")
    monkeypatch.setattr(fast.PATH, "_warned", False)
    game = ninetynine.load_game(game_id)
    with pytest.warns(RuntimeWarning, match="using the reference engine") as caught:
        game.new_fast_state(1)
    assert [w.filename for w in caught] == [__file__]
