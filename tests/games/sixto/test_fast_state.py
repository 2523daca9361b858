"""The single-game fast state (``fast.py``, ``_fast.c``) against the reference engine.

The differential test deals the same seeds in both (``game.new_fast_state(seed)``,
``game.new_initial_state(seed)``), plays the same random legal actions, and after every action
compares everything of the State protocol's RL subset: the legal actions and the mask, the
observation tensor of every seat and of the spectator, the seat to act, the end, the returns,
the scores and the history. Every rule the options switch (but ``pad=kriskras``, which stays
with the reference state), every player count. ``python tests/games/sixto/test_fast_state.py
1000000`` runs the long version (a million actions).
"""

from __future__ import annotations

import random
import sys
import time
import warnings

import numpy as np
import pytest

import fast_state_checks as checks
import ninetynine
from ninetynine.games.sixto import fast as F
from ninetynine.games.sixto.state import SixtoState

#: (game id, players, options, share of the actions): every rule the options switch.
CONFIGS: list[tuple[str, int, dict[str, object], float]] = [
    ("sixto", 3, {}, 0.2),
    ("sixto", 1, {}, 0.04),  # alone: the returns are the score
    ("sixto", 2, {"tiebreak": "marks"}, 0.08),
    ("sixto", 6, {}, 0.1),
    ("sixto", 4, {"pad": "cross-blocks", "points": "triangle"}, 0.08),
    ("sixto", 2, {"pad": "cross-diagonals"}, 0.06),
    ("sixto", 3, {"pad": "hits"}, 0.12),
    ("sixto", 3, {"pad": "locked"}, 0.1),
    ("sixto", 2, {"pad": "locked", "unlock": "mark", "open_after": 0}, 0.06),
    ("sixto", 3, {"width": 6}, 0.06),  # open_after auto: 0 on the six-space sheet
    ("sixto", 2, {"width": 6, "open_after": 2, "sheets": "3,7"}, 0.04),
    ("sixto", 5, {"open_after": 6, "max_turns": 9, "tiebreak": "marks"}, 0.06),  # stalls, limits
]
#: Actions of the CI test (the long run: see the module docstring).
CI_ACTIONS = 250_000


def require_fast() -> None:
    checks.require_fast(F.PATH)


def play_differential(actions: int, seed: int = 0) -> tuple[int, int]:
    return checks.play_differential(CONFIGS, F.SixtoFastState, actions, seed, seats_per_action=1)


def test_random_play_agrees_with_the_reference_after_every_action() -> None:
    require_fast()
    total, games = play_differential(CI_ACTIONS)
    assert total >= CI_ACTIONS * 0.99 and games > 100


def test_the_tensor_is_the_encoded_observation_and_the_dict_is_the_reference() -> None:
    """The definition itself: ``encode_observation(observation(p))`` for every seat."""
    require_fast()
    for n, options in ((3, {}), (2, {"pad": "hits"}), (4, {"pad": "locked"}), (1, {"width": 6})):
        game = ninetynine.load_game("sixto", num_players=n, **options)
        checks.check_tensor_is_the_encoded_observation(game, games=2, every=3)


def test_clone_pickle_and_copy_play_on_independently() -> None:
    require_fast()
    checks.check_clone_pickle_and_copy(
        ninetynine.load_game("sixto", num_players=3), F.SixtoFastState
    )


def test_actions_read_and_parse_as_on_the_reference_state() -> None:
    require_fast()
    checks.check_notation(ninetynine.load_game("sixto", num_players=3))


def test_illegal_actions_are_refused_in_the_references_words() -> None:
    require_fast()
    checks.check_illegal_actions(ninetynine.load_game("sixto", num_players=3))
    checks.check_illegal_actions(ninetynine.load_game("sixto", num_players=2, pad="locked"), 9)


def test_bad_seats_and_out_buffers_are_refused() -> None:
    require_fast()
    checks.check_bad_seats_and_out_buffers(ninetynine.load_game("sixto", num_players=3))
    checks.check_bad_seats_and_out_buffers(ninetynine.load_game("sixto", num_players=2, pad="hits"))


def test_a_live_fast_state_hides_its_seed() -> None:
    require_fast()
    checks.check_live_state_hides_its_seed(ninetynine.load_game("sixto", num_players=3))


def test_the_parallel_envs_questions_are_the_references() -> None:
    """``simultaneous_players`` and ``legal_for`` (in C: the parallel env asks them at every
    step), ``chooser``, ``in_play`` and ``sheet_score`` answer as the reference does."""
    require_fast()
    rng = random.Random(2)
    for n, options in ((3, {}), (2, {"pad": "locked"}), (4, {"pad": "hits"})):
        game = ninetynine.load_game("sixto", num_players=n, **options)
        for seed in range(3):
            fast, ref = game.new_fast_state(seed), game.new_initial_state(seed)
            while True:
                assert fast.simultaneous_players() == ref.simultaneous_players()
                assert [fast.legal_for(q) for q in range(n)] == [ref.legal_for(q) for q in range(n)]
                assert fast.in_play() == ref.in_play() and fast.chooser() == ref.chooser()
                assert fast.sheet_score(n - 1) == ref.sheet_score(n - 1)
                if ref.is_terminal():
                    break
                a = rng.choice(ref.legal_actions())
                fast.apply_action(a)
                ref.apply_action(a)
        for bad in (n, -1, True, "0", None):
            with pytest.raises(ValueError, match="no seat"):
                fast.legal_for(bad)  # type: ignore[arg-type]
            # the reference alike: -1 gave the last seat's choices, n an IndexError
            with pytest.raises(ValueError, match="no seat"):
                ref.legal_for(bad)  # type: ignore[arg-type]
        # a numpy integer is a seat in both (check_seat's rule)
        assert fast.legal_for(np.int64(n - 1)) == ref.legal_for(n - 1)
        assert ref.legal_for(np.int64(n - 1)) == ref.legal_for(n - 1)


def test_random_agents_played_inside_the_fast_state_make_random_agents_moves() -> None:
    require_fast()
    checks.check_random_agents(ninetynine.load_game("sixto", num_players=4), (1, 2))
    checks.check_random_agents(
        ninetynine.load_game("sixto", num_players=3, pad="hits"), (1,), seeds=3
    )


def test_the_compiled_type_refuses_params_that_are_not_a_sixto_configuration() -> None:
    """``FastState(game, params, seed)`` checks the block ``_params`` writes (its size, the
    pad, the player count, the areas) rather than reading past it; Kris-Kras is not in C."""
    require_fast()
    from array import array

    game = ninetynine.load_game("sixto", num_players=3)
    good = F._params(game)
    F.SixtoFastState(game, good, 1)
    with pytest.raises(ValueError, match="params: "):
        F.SixtoFastState(game, good[:-4], 1)
    for field, value in ((0, 7), (0, 0), (2, 4), (1, 9), (10, 12)):  # n, pad kriskras, width
        bad = array("i", good)
        bad[field] = value
        with pytest.raises(ValueError, match="not a Sixto configuration"):
            F.SixtoFastState(game, bad.tobytes(), 1)


def test_kriskras_deals_the_reference_state_without_a_warning() -> None:
    """``pad=kriskras`` stays with the reference engine (``fast.supports``): on purpose, so no
    warning."""
    require_fast()
    game = ninetynine.load_game("sixto", num_players=3, pad="kriskras")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        state = game.new_fast_state(3)
    assert type(state) is SixtoState
    assert state.to_json() == game.new_initial_state(3).to_json()
    for pad in ("none", "cross-blocks", "cross-diagonals", "hits", "locked"):
        game = ninetynine.load_game("sixto", pad=pad)
        assert type(game.new_fast_state(1)) is F.SixtoFastState
        assert game.new_fast_state(1).legal_actions_mask().shape == (game.num_distinct_actions,)


def test_without_the_compiled_module_the_reference_state_is_dealt_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = ninetynine.load_game("sixto", num_players=3)
    checks.check_fallback_without_the_module(game, F.SixtoFastState, monkeypatch)


def test_a_stale_build_is_refused_with_the_way_to_rebuild(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    from ninetynine.core import fastpath

    name = "ninetynine.games.sixto._fast"
    stale = types.SimpleNamespace(VERSION=0, PARAMS_SIZE=0)
    monkeypatch.setattr(fastpath.importlib, "import_module", lambda name: stale)
    path = fastpath.FastPath(name, version=3, title="Sixto", params=F._params, setup=F._setup)
    assert path.module is None and "is out of date" in path.missing_reason
    stale.VERSION = 3  # the right version, params of another size
    path = fastpath.FastPath(name, version=3, title="Sixto", params=F._params, setup=F._setup)
    assert path.module is None and "is out of date (its params differ" in path.missing_reason


def test_seeds_are_checked_and_none_draws_one() -> None:
    require_fast()
    checks.check_seeds(ninetynine.load_game("sixto", num_players=2))


if __name__ == "__main__":  # the long run: python tests/games/sixto/test_fast_state.py N
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    t0 = time.perf_counter()
    total, games = play_differential(n, seed=1)
    print(
        f"{total:,} random actions in {games:,} games: the fast state equals the reference "
        f"after every action ({time.perf_counter() - t0:.0f} s)"
    )
