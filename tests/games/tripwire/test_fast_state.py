"""The single-game fast state (``fast.py``, ``_fast.c``) against the reference engine.

The differential test deals the same seeds in both (``game.new_fast_state(seed)``,
``game.new_initial_state(seed)``), plays the same random legal actions, and after every action
compares everything of the State protocol's RL subset: the legal actions and the mask, the
observation tensor of every seat and of the spectator, the seat to act, the end, the returns,
the scores and the history. Every option of the game, both of its values, every player count;
the three endings (System Clear, the blocked game, the safety stop).
``python tests/games/tripwire/test_fast_state.py 1000000`` runs the long version (a million
actions).
"""

from __future__ import annotations

import sys
import time

import pytest

import fast_state_checks as checks
import ninetynine
from ninetynine.games.tripwire import fast as F

#: (game id, players, options, share of the actions): every option the game has.
CONFIGS: list[tuple[str, int, dict[str, object], float]] = [
    ("tripwire", 4, {}, 0.18),
    ("tripwire", 2, {}, 0.1),
    ("tripwire", 3, {}, 0.06),
    ("tripwire", 6, {}, 0.08),
    ("tripwire", 5, {}, 0.04),
    ("tripwire", 3, {"priming": "any", "stasis": "sequence", "volt_bonus": "defuse"}, 0.08),
    ("tripwire", 4, {"per_dock": "any", "stop_early": False}, 0.08),
    ("tripwire", 2, {"per_dock": "any", "priming": "any"}, 0.04),
    ("tripwire", 4, {"chain": "deflect", "must_null": False, "wall": "one"}, 0.08),
    ("tripwire", 3, {"penalty_timing": "turn", "bonus_no_play": "lose"}, 0.08),
    ("tripwire", 4, {"penalty_timing": "turn", "chain": "deflect", "wall": "one"}, 0.04),
    # waves of several units that come back to the wall: wall=one stops the rest
    (
        "tripwire",
        3,
        {
            "penalty_timing": "turn",
            "chain": "deflect",
            "wall": "one",
            "stop_early": False,
            "deck": "null=15,stasis=10",
        },
        0.04,
    ),
    # the largest deck, and the smallest (no multi-copy card: games end blocked)
    ("tripwire", 6, {"deck": "vec=15,volt=15,stasis=15,plus=15,minus=15,null=15"}, 0.04),
    ("tripwire", 5, {"deck": "vec=0,volt=0,stasis=0,plus=0,minus=0,null=0"}, 0.02),
    ("tripwire", 2, {"deck": "null=0,volt=9", "stop_early": False}, 0.02),
    ("tripwire", 4, {"max_turns": 15}, 0.02),  # the safety stop, draws
]
#: Actions of the CI test (the long run: see the module docstring).
CI_ACTIONS = 300_000


def require_fast() -> None:
    checks.require_fast(F.PATH)


def play_differential(actions: int, seed: int = 0) -> tuple[int, int]:
    return checks.play_differential(CONFIGS, F.TripwireFastState, actions, seed)


def test_random_play_agrees_with_the_reference_after_every_action() -> None:
    require_fast()
    total, games = play_differential(CI_ACTIONS)
    assert total >= CI_ACTIONS * 0.99 and games > 100


def test_the_configurations_reach_every_ending_and_every_option() -> None:
    """The differential's configurations cover what they claim: every option's other value,
    and games ended by a System Clear, blocked and by the safety stop."""
    require_fast()
    changed = {k for _, _, options, _ in CONFIGS for k in options}
    assert changed == set(ninetynine.load_game("tripwire").options)
    endings = set()
    for gid, n, options, _ in CONFIGS:
        game = ninetynine.load_game(gid, num_players=n, **options)
        for s in range(6):
            state = game.new_fast_state(s)
            checks.play_out(state, s)
            endings.add(state.stats()["ended_by"])
    assert endings == {"clear", "blocked", "turn_limit"}


def test_the_tensor_is_the_encoded_observation_and_the_dict_is_the_reference() -> None:
    """The definition itself: ``encode_observation(observation(p))`` for every seat."""
    require_fast()
    for n, options in ((4, {}), (2, {"penalty_timing": "turn"}), (6, {"chain": "deflect"})):
        game = ninetynine.load_game("tripwire", num_players=n, **options)
        checks.check_tensor_is_the_encoded_observation(game)


def test_clone_pickle_and_copy_play_on_independently() -> None:
    require_fast()
    checks.check_clone_pickle_and_copy(
        ninetynine.load_game("tripwire", num_players=4), F.TripwireFastState
    )


def test_random_agents_played_inside_the_fast_state_make_random_agents_moves() -> None:
    require_fast()
    checks.check_random_agents(ninetynine.load_game("tripwire", num_players=4), (1, 3))
    checks.check_random_agents(ninetynine.load_game("tripwire", num_players=2), (1,))


def test_actions_read_and_parse_as_on_the_reference_state() -> None:
    require_fast()
    checks.check_notation(ninetynine.load_game("tripwire", num_players=4))


def test_illegal_actions_are_refused_in_the_references_words() -> None:
    require_fast()
    checks.check_illegal_actions(ninetynine.load_game("tripwire", num_players=4))
    checks.check_illegal_actions(ninetynine.load_game("tripwire", num_players=3), steps=7)


def test_bad_seats_and_out_buffers_are_refused() -> None:
    require_fast()
    checks.check_bad_seats_and_out_buffers(ninetynine.load_game("tripwire", num_players=4))


def test_a_live_fast_state_hides_its_seed() -> None:
    require_fast()
    checks.check_live_state_hides_its_seed(ninetynine.load_game("tripwire", num_players=4))


def test_without_the_compiled_module_the_reference_state_is_dealt_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = ninetynine.load_game("tripwire", num_players=3)
    checks.check_fallback_without_the_module(game, F.TripwireFastState, monkeypatch)


def test_a_stale_build_is_refused_with_the_way_to_rebuild(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    from ninetynine.core import fastpath

    name = "ninetynine.games.tripwire._fast"
    real = F.PATH.module
    stale = types.SimpleNamespace(VERSION=0)
    monkeypatch.setattr(fastpath.importlib, "import_module", lambda name: stale)
    path = fastpath.FastPath(name, version=F.VERSION, title="Tripwire", params=F._params)
    assert path.module is None and "is out of date" in path.missing_reason
    assert "build_ext --inplace" in path.missing_reason
    # the right version, but a constant that disagrees with the Python modules
    if real is not None:
        wrong = types.SimpleNamespace(**{k: getattr(real, k) for k in dir(real)})
        wrong.END = 999
        monkeypatch.setattr(fastpath.importlib, "import_module", lambda name: wrong)
        path = fastpath.FastPath(
            name, version=F.VERSION, title="Tripwire", params=F._params, setup=F._setup
        )
        assert path.module is None and "out of date (its END is not 153)" in path.missing_reason


def test_params_outside_the_c_sides_range_are_refused() -> None:
    require_fast()
    mod = F.PATH.module
    game = ninetynine.load_game("tripwire", num_players=4)
    with pytest.raises(ValueError, match=r"params: \d+ int64 values expected"):
        mod.FastState(game, b"", 0)
    with pytest.raises(ValueError, match="rules: "):
        mod.rules(b"", b"")


def test_seeds_are_checked_and_none_draws_one() -> None:
    require_fast()
    checks.check_seeds(ninetynine.load_game("tripwire", num_players=2))


if __name__ == "__main__":  # the long run: python tests/games/tripwire/test_fast_state.py N
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    t0 = time.perf_counter()
    total, games = play_differential(n, seed=1)
    print(
        f"{total:,} random actions in {games:,} games: the fast state equals the reference "
        f"after every action ({time.perf_counter() - t0:.0f} s)"
    )
