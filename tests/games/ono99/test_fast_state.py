"""The ONO 99 single-game fast state (``fast.py``, ``_fast.c``) against the reference engine.

The differential test deals the same seeds in both (``game.new_fast_state(seed)``,
``game.new_initial_state(seed)``), plays the same random legal actions, and after every action
compares everything of the State protocol's RL subset: the legal actions and the mask, the
observation tensor of every seat and of the spectator, the seat to act, the end, the returns,
the scores and the history. Every rule the options switch (``deck``, ``two_player_reverse``,
``rebuild``, ``leave``, ``max_turns``), every player count 2-6.
``python tests/games/ono99/test_fast_state.py 1000000`` runs the long version (a million
actions).
"""

from __future__ import annotations

import random
import sys
import time

import pytest

import fast_state_checks as checks
import ninetynine
from ninetynine.games.ono99 import fast as F
from ninetynine.games.ono99.state import Ono99State

#: (game id, players, options, share of the actions): every rule the options switch, every
#: player count. Random play with the standard deck rarely empties the draw pile or gathers
#: the four ONO cards, so small decks make the draw pile rebuild often (D8, both ``rebuild``
#: readings), exchanges happen (D9), some of them on an empty draw pile and with a hand left
#: short (D14); a short ``max_turns`` ends games in a draw.
TINY = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 4]  # 0 x2, 10 x2, -10, Rev, P2, ONO x4
TINY_ALL = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 1, 1, 1, 4]
ONES = [1] * 14 + [4]
SMALL3 = [2, *[1] * 9, 2, 1, 1, 1, 4]
SMALL4 = [2] * 10 + [3, 1, 1, 1, 4]
SMALL6 = [3, *[2] * 9, 4, 2, 2, 2, 4]
CONFIGS: list[tuple[str, int, dict[str, object], float]] = [
    ("ono99", 4, {}, 0.12),
    ("ono99", 2, {}, 0.08),
    ("ono99", 3, {}, 0.06),
    ("ono99", 5, {}, 0.06),
    ("ono99", 6, {}, 0.06),
    ("ono99", 2, {"two_player_reverse": "again"}, 0.05),
    ("ono99", 3, {"two_player_reverse": "again", "leave": "now"}, 0.05),
    ("ono99", 4, {"leave": "now"}, 0.07),
    ("ono99", 3, {"deck": "ONO=0"}, 0.04),
    ("ono99", 2, {"deck": TINY}, 0.08),
    ("ono99", 2, {"deck": TINY_ALL, "rebuild": "all"}, 0.08),
    ("ono99", 2, {"deck": ONES, "two_player_reverse": "again", "leave": "now"}, 0.06),
    ("ono99", 3, {"deck": SMALL3, "rebuild": "all"}, 0.06),
    ("ono99", 4, {"deck": SMALL4, "leave": "now"}, 0.05),
    (
        "ono99",
        6,
        {"deck": SMALL6, "leave": "now", "rebuild": "all", "two_player_reverse": "again"},
        0.05,
    ),
    ("ono99", 3, {"max_turns": 15}, 0.03),
]
#: Actions of the CI test (the long run: see the module docstring).
CI_ACTIONS = 300_000


def require_fast() -> None:
    checks.require_fast(F.PATH)


def play_differential(actions: int, seed: int = 0) -> tuple[int, int]:
    return checks.play_differential(CONFIGS, F.Ono99FastState, actions, seed)


def test_random_play_agrees_with_the_reference_after_every_action() -> None:
    require_fast()
    total, games = play_differential(CI_ACTIONS)
    assert total >= CI_ACTIONS * 0.99 and games > 100


def test_the_tensor_is_the_encoded_observation_and_the_dict_is_the_reference() -> None:
    """The definition itself: ``encode_observation(observation(p))`` for every seat."""
    require_fast()
    for n, options in ((4, {}), (2, {"deck": TINY}), (6, {"leave": "now"})):
        game = ninetynine.load_game("ono99", num_players=n, **options)
        checks.check_tensor_is_the_encoded_observation(game)


def _exchange_games(game: ninetynine.Game, want: int) -> list[tuple[int, list[int]]]:
    """(seed, actions) of random games of the reference in which an exchange met an empty or
    nearly empty draw pile (the rebuild during the exchange's draw, D9) or a pending Play 2:
    ``want`` of each kind, found by playing seeds in order."""
    found: dict[str, list[tuple[int, list[int]]]] = {"short draw": [], "play2": []}
    rng = random.Random(5)
    seed = 0
    while any(len(v) < want for v in found.values()):
        assert seed < 20_000, {k: len(v) for k, v in found.items()}
        state = game.new_initial_state(seed)
        kinds = set()
        while not state.is_terminal():
            a = rng.choice(state.legal_actions())
            if a == 14:
                assert isinstance(state, Ono99State)
                if len(state.draw) < 4:
                    kinds.add("short draw")
                if state.play2 == 2:
                    kinds.add("play2")
            state.apply_action(a)
        for kind in kinds:
            if len(found[kind]) < want:
                found[kind].append((seed, state.history()))
        seed += 1
    return [g for v in found.values() for g in v]


def test_exchanges_on_an_empty_draw_pile_and_under_a_play_2_agree_with_the_reference() -> None:
    """The rare paths of the exchange (D9, D14), replayed on both engines step by step."""
    require_fast()
    for options in ({"deck": TINY}, {"deck": TINY_ALL, "rebuild": "all", "leave": "now"}):
        game = ninetynine.load_game("ono99", num_players=2, **options)
        seats: list[int | None] = [None, 0, 1]
        games = _exchange_games(game, 4)
        assert len(games) == 8
        for seed, actions in games:
            fast, ref = game.new_fast_state(seed), game.new_initial_state(seed)
            for a in actions:
                checks.compare(fast, ref, seats)
                fast.apply_action(a)
                ref.apply_action(a)
            checks.compare(fast, ref, seats)
            assert fast.is_terminal() and fast.history() == actions
            assert fast.to_json() == ref.to_json()


def test_clone_pickle_and_copy_play_on_independently() -> None:
    require_fast()
    checks.check_clone_pickle_and_copy(
        ninetynine.load_game("ono99", num_players=4), F.Ono99FastState, steps=30
    )


def test_actions_read_and_parse_as_on_the_reference_state() -> None:
    require_fast()
    checks.check_notation(ninetynine.load_game("ono99", num_players=4), steps=30)


def test_illegal_actions_are_refused_in_the_references_words() -> None:
    require_fast()
    checks.check_illegal_actions(ninetynine.load_game("ono99", num_players=4), steps=30)


def test_an_illegal_exchange_and_a_card_held_back_by_the_exchange_are_refused_alike() -> None:
    """The exchange's own words (D9): a seat holding all four ONO cards may play nothing else;
    a seat without them may not exchange."""
    require_fast()
    game = ninetynine.load_game("ono99", num_players=2, deck=TINY)
    seed, actions = _exchange_games(game, 1)[0]
    state = game.new_fast_state(seed)
    i = actions.index(14)
    for a in actions[: i - 1]:
        state.apply_action(a)
    ref = state.reference()
    assert 14 not in state.legal_actions()
    for action in (14, 3):
        with pytest.raises(ninetynine.IllegalActionError) as got:
            state.apply_action(action)
        with pytest.raises(ninetynine.IllegalActionError) as want:
            ref.clone().apply_action(action)
        assert str(got.value) == str(want.value)
    state.apply_action(actions[i - 1])
    assert state.legal_actions() == [14]
    with pytest.raises(ninetynine.IllegalActionError, match="must exchange them"):
        state.apply_action(10)
    assert state.num_actions() == i


def test_bad_seats_and_out_buffers_are_refused() -> None:
    require_fast()
    checks.check_bad_seats_and_out_buffers(ninetynine.load_game("ono99", num_players=4), steps=30)


def test_a_live_fast_state_hides_its_seed() -> None:
    require_fast()
    checks.check_live_state_hides_its_seed(ninetynine.load_game("ono99", num_players=4))


def test_without_the_compiled_module_the_reference_state_is_dealt_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = ninetynine.load_game("ono99", num_players=4)
    checks.check_fallback_without_the_module(game, F.Ono99FastState, monkeypatch)


def test_a_build_whose_rules_differ_from_the_python_modules_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``_setup`` checks the build's card constants and tensor slices against the Python
    modules: an old build is refused, with the way to rebuild, rather than trusted."""
    require_fast()
    import types

    from ninetynine.core import fastpath

    real = F.PATH.module
    assert real is not None
    fields = {k: getattr(real, k) for k in dir(real) if not k.startswith("__")}
    for key, value in (("PLAY2", 12), ("NUM_SLICES", 22), ("PARAMS_SIZE", 0)):
        stale = types.SimpleNamespace(**{**fields, key: value})
        monkeypatch.setattr(fastpath.importlib, "import_module", lambda name, m=stale: m)
        path = fastpath.FastPath(F.PATH.module.__name__, 1, "ONO 99", F._params, F._setup)
        assert path.module is None and "is out of date (its rules or tensor differ" in (
            path.missing_reason
        )
        assert "build_ext --inplace" in path.missing_reason


def test_random_agents_played_inside_the_fast_state_make_random_agents_moves() -> None:
    """``play_random_agents`` (the Gymnasium env's random bots): the moves ``RandomAgent.step``
    makes with the same RNGs, stopping at the learner, at a seat without an RNG, at the end
    or after ``budget`` actions."""
    require_fast()
    checks.check_random_agents(ninetynine.load_game("ono99", num_players=5), (1, 2, 4))


def test_the_compiled_type_refuses_params_that_are_not_an_ono99_configuration() -> None:
    """``FastState(game, params, seed)`` checks the block ``_params`` writes (its size, the
    player count, the deck) rather than reading past it."""
    require_fast()
    from array import array

    game = ninetynine.load_game("ono99", num_players=4)
    good = F._params(game)
    state = F.Ono99FastState(game, good, 5)
    assert state.legal_actions() == game.new_initial_state(5).legal_actions()
    values = array("q", good)
    for i, bad in ((0, 7), (0, 1), (5 + 14, 3), (5, 41)):  # players, ONO cards, a count
        changed = array("q", values)
        changed[i] = bad
        with pytest.raises(ValueError, match="not an ONO 99 configuration"):
            F.Ono99FastState(game, changed.tobytes(), 5)
    with pytest.raises(ValueError, match="int64 values expected"):
        F.Ono99FastState(game, good[:-8], 5)


def test_every_option_makes_a_fast_state() -> None:
    """No option falls back to the reference state: every rule is in C."""
    require_fast()
    for _gid, n, options, _share in CONFIGS:
        game = ninetynine.load_game("ono99", num_players=n, **options)
        assert type(game.new_fast_state(1)) is F.Ono99FastState


if __name__ == "__main__":  # the long run: python tests/games/ono99/test_fast_state.py N
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    t0 = time.perf_counter()
    total, games = play_differential(n, seed=1)
    print(
        f"{total:,} random actions in {games:,} games: the fast state equals the reference "
        f"after every action ({time.perf_counter() - t0:.0f} s)"
    )
