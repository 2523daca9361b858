"""The single-game fast state (``fast.py``, ``batched/_fast.c``) against the reference engine.

The differential test deals the same seeds in both (``game.new_fast_state(seed)``,
``game.new_initial_state(seed)``), plays the same random legal actions, and after every action
compares everything of the State protocol's RL subset: the legal actions and the mask, the
observation tensor of every seat and of the spectator, the seat to act, the end, the returns,
the scores and the history. Every rule the options switch, both games, every player count.
``python tests/games/warp99/test_fast_state.py 1000000`` runs the long version (a million
actions).
"""

from __future__ import annotations

import sys
import time

import pytest

import fast_state_checks as checks
import ninetynine
from ninetynine.games.warp99 import fast as F

#: (game id, players, options, share of the actions): every rule the options switch.
CONFIGS: list[tuple[str, int, dict[str, object], float]] = [
    ("warp99", 3, {}, 0.22),
    ("warp99", 2, {}, 0.12),
    ("warp99", 4, {}, 0.12),
    ("warp99", 3, {"rules": "random", "flip_limit": "cycle"}, 0.1),
    ("warp99", 2, {"extra_card": False, "allow_flip": False, "bonus_rule": False}, 0.06),
    ("warp99", 4, {"rules": "212", "handicap": "0,5,10,20", "target": 60}, 0.06),
    ("warp99", 3, {"max_turns": 12, "handicap": "none"}, 0.04),  # the turn limit, draws
    ("ninetynine", 3, {}, 0.12),
    ("ninetynine", 2, {"deal": "15", "bonus_rule": True}, 0.08),
    ("ninetynine", 4, {"handicap": "standard"}, 0.08),
]
#: Actions of the CI test (the long run: see the module docstring).
CI_ACTIONS = 300_000


def require_fast() -> None:
    checks.require_fast(F.PATH)


def play_differential(actions: int, seed: int = 0) -> tuple[int, int]:
    return checks.play_differential(CONFIGS, F.Warp99FastState, actions, seed)


def test_random_play_agrees_with_the_reference_after_every_action() -> None:
    require_fast()
    total, games = play_differential(CI_ACTIONS)
    assert total >= CI_ACTIONS * 0.99 and games > 100


def test_the_tensor_is_the_encoded_observation_and_the_dict_is_the_reference() -> None:
    """The definition itself: ``encode_observation(observation(p))`` for every seat."""
    require_fast()
    for gid, n in (("warp99", 3), ("ninetynine", 4), ("warp99", 2)):
        checks.check_tensor_is_the_encoded_observation(ninetynine.load_game(gid, num_players=n))


def test_clone_pickle_and_copy_play_on_independently() -> None:
    require_fast()
    checks.check_clone_pickle_and_copy(
        ninetynine.load_game("warp99", num_players=3), F.Warp99FastState
    )


def test_actions_read_and_parse_as_on_the_reference_state() -> None:
    require_fast()
    checks.check_notation(ninetynine.load_game("warp99", num_players=3))


def test_illegal_actions_are_refused_in_the_references_words() -> None:
    require_fast()
    checks.check_illegal_actions(ninetynine.load_game("warp99", num_players=3))


def test_bad_seats_and_out_buffers_are_refused() -> None:
    require_fast()
    checks.check_bad_seats_and_out_buffers(ninetynine.load_game("warp99", num_players=3))


def test_a_live_fast_state_hides_its_seed() -> None:
    require_fast()
    checks.check_live_state_hides_its_seed(ninetynine.load_game("warp99", num_players=3))


def test_without_the_compiled_module_the_reference_state_is_dealt_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = ninetynine.load_game("warp99", num_players=3)
    checks.check_fallback_without_the_module(game, F.Warp99FastState, monkeypatch)


def test_random_agents_played_inside_the_fast_state_make_random_agents_moves() -> None:
    """``play_random_agents`` (the Gymnasium env's random bots): the moves ``RandomAgent.step``
    makes with the same RNGs, stopping at the learner, at a seat without an RNG, at the end
    or after ``budget`` actions."""
    require_fast()
    checks.check_random_agents(ninetynine.load_game("warp99", num_players=4), (1, 2))


def test_a_stale_or_missing_build_is_refused_with_the_way_to_rebuild(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    from ninetynine.core import fastpath

    name = "ninetynine.games.warp99.batched._fast"
    stale = types.SimpleNamespace(VERSION=0, PARAMS_SIZE=0, GAME_SIZE=0)
    monkeypatch.setattr(fastpath.importlib, "import_module", lambda name: stale)
    path = fastpath.FastPath(name, version=3, title="Warp 99", params=F._params)
    assert path.module is None and not path.available
    assert "is out of date" in path.missing_reason
    assert "build_ext --inplace" in path.missing_reason
    stale.VERSION = 3  # the right version, but an engine of another size
    path = fastpath.FastPath(name, version=3, title="Warp 99", params=F._params, setup=F._setup)
    assert path.module is None and "is out of date (its engine differs" in path.missing_reason

    def missing(name: str) -> None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setattr(fastpath.importlib, "import_module", missing)
    path = fastpath.FastPath(name, version=3, title="Warp 99", params=F._params)
    assert path.missing_reason.startswith(
        "the compiled Warp 99 fast state (ninetynine.games.warp99.batched._fast) is not built; "
    )
    with pytest.raises(RuntimeError, match="is not built"):
        path.base(None, None, 0)


def test_seeds_are_checked_and_none_draws_one() -> None:
    require_fast()
    checks.check_seeds(ninetynine.load_game("ninetynine", num_players=2))


def test_games_without_a_fast_state_deal_their_reference_state() -> None:
    for gid in ninetynine.list_games():
        game = ninetynine.load_game(gid)
        state = game.new_fast_state(5)
        assert state.to_json() == game.new_initial_state(5).to_json()


if __name__ == "__main__":  # the long run: python tests/games/warp99/test_fast_state.py N
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    t0 = time.perf_counter()
    total, games = play_differential(n, seed=1)
    print(
        f"{total:,} random actions in {games:,} games: the fast state equals the reference "
        f"after every action ({time.perf_counter() - t0:.0f} s)"
    )
