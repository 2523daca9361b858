"""A game's fast path for simulation (``Game.fast_playouts``: Warp 99's compiled batched engine
for greedy bots) gives the same games as the reference engine for the same seeds."""

from __future__ import annotations

import pytest

import ninetynine
import ninetynine.sim.parallel as parallel
from ninetynine.sim.parallel import game_seed, run_games

pytest.importorskip("numpy")


def _core_built() -> bool:
    from ninetynine.games.warp99.batched import has_core

    return has_core()


def _results(monkeypatch, fast: bool, *args, **kwargs):
    monkeypatch.setattr(parallel, "FAST_PATH", fast)
    return [r.to_dict() for r in run_games(*args, **kwargs)]


@pytest.mark.parametrize(
    ("game_id", "players", "games"),
    [("warp99", 3, 1000), ("ninetynine", 2, 200), ("warp99", 4, 100)],
)
def test_greedy_games_are_the_same_games_on_the_fast_path(monkeypatch, game_id, players, games):
    if not _core_built():
        pytest.skip("the compiled Warp 99 core is not built (pip install -e . builds it)")
    game = ninetynine.load_game(game_id, num_players=players)
    seeds = [game_seed(5, i) for i in range(3)]
    assert game.fast_playouts(seeds, [["greedy"] * players] * 3) is not None  # it is taken
    fast = _results(monkeypatch, True, game_id, players, {}, "greedy", games, seed=5)
    slow = _results(monkeypatch, False, game_id, players, {}, "greedy", games, seed=5)
    assert fast == slow


def test_other_bots_and_games_have_no_fast_path() -> None:
    warp = ninetynine.load_game("warp99", num_players=2)
    assert warp.fast_playouts([1], [["greedy", "random"]]) is None
    assert warp.fast_playouts([], []) is None
    ono = ninetynine.load_game("ono99")
    assert ono.fast_playouts([1], [["greedy"] * ono.num_players]) is None
