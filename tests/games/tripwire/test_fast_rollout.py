"""Tripwire's ``fast_rollout`` search hook (``search.fast_rollout``, ``_fast.c``'s
``rollout``): the search bot's random rollouts played in C give the same values, moves and RNG
draws as the Python rollout, and so the same decisions."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine.agents.ismcts import ISMCTSAgent
from ninetynine.core.agent import search_hooks
from ninetynine.core.rng import Rng

pytest.importorskip("numpy")

import fast_state_checks as checks
from ninetynine.games.tripwire.fast import PATH
from ninetynine.games.tripwire.search import fast_rollout, pack_state

CONFIGS: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (3, {}),
    (2, {"penalty_timing": "turn", "bonus_no_play": "lose", "max_turns": 30}),
    (4, {"per_dock": "any", "stop_early": False, "must_null": False, "wall": "one"}),
    (5, {"chain": "deflect", "stasis": "sequence", "priming": "any", "volt_bonus": "defuse"}),
]


def _require() -> None:
    if not PATH.available:
        pytest.skip(PATH.missing_reason)


def _positions(game, count: int):
    """Determinizations of live positions from the start to deep into random games (waves,
    bonus turns, reshuffles and the safety stop's late turns among them)."""
    for seed in range(count):
        st = game.new_initial_state(seed)
        r = Rng(seed)
        for _ in range(r.randbelow(400)):
            legal = st.legal_actions()
            after = st.clone()
            after.apply_action(legal[r.randbelow(len(legal))])
            if after.is_terminal():  # stay on the last live position
                break
            st = after
        yield st.resample(st.current_player(), seed + 1000)


@pytest.mark.parametrize(("n", "options"), CONFIGS)
def test_a_fast_rollout_is_the_python_rollout(n, options) -> None:
    _require()
    game = ninetynine.load_game("tripwire", num_players=n, **options)
    checked = cut = ended = 0
    for det in _positions(game, 30):
        before = det.to_dict()
        for depth in (0, 1, 4, 12):
            agent = ISMCTSAgent(game, 0, 1, rollout="random", depth=depth)
            agent._fast_rollout = None  # the Python rollout
            r1, r2 = Rng(7 + depth), Rng(7 + depth)
            want = agent._rollout(det.clone(), r1)
            got = fast_rollout(det, "random", r2, agent.depth)
            assert got == (want, agent.steps), (det.seed, depth)
            assert r1.getstate() == r2.getstate()
            for first in det.legal_actions():  # as the search tries each root move
                after = det.clone()
                after.apply_action(first)
                steps0 = agent.steps
                want = agent._rollout(after, Rng(first))
                got = fast_rollout(det, "random", Rng(first), agent.depth, first)
                assert got == (want, agent.steps - steps0), (det.seed, depth, first)
                checked += 1
                cut += depth > 0 and want not in ([1.0] + [-1.0] * (n - 1),)
                ended += depth == 0
        assert det.to_dict() == before  # the state given is left as it was
    assert checked >= 60 and cut >= 20 and ended >= 10


def test_the_search_decides_the_same_with_and_without_it() -> None:
    _require()
    game = ninetynine.load_game("tripwire", num_players=2)
    assert search_hooks("tripwire").fast_rollout is fast_rollout
    for spec in ({"iterations": 80, "rollout": "random"},
                 {"iterations": 40, "mode": "ucb", "rollout": "random", "depth": 2},
                 {"iterations": 30, "rollout": "greedy"}):  # fmt: skip
        checks.check_search_decides_alike_with_fast_rollouts(game, spec, seed=4, moves=30)


def test_it_declines_what_it_does_not_play() -> None:
    game = ninetynine.load_game("tripwire", num_players=2)
    st = game.new_initial_state(1)
    assert fast_rollout(st, "greedy", Rng(1), 4) is None  # greedy rollouts stay in Python
    assert fast_rollout(game.new_fast_state(1), "random", Rng(1), 4) is None
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert fast_rollout(st, "random", Rng(1), 4) is None


def test_a_malformed_position_or_an_illegal_first_move_is_refused() -> None:
    _require()
    game = ninetynine.load_game("tripwire", num_players=2)
    st = game.new_initial_state(3)
    mod = PATH.module
    params = PATH.params(game)
    words = pack_state(st)
    w = bytes(8 * 11)
    classes = bytes(44)
    with pytest.raises(ValueError, match="malformed"):
        mod.rollout(params, words[:-1], 1, 2, 0, -1, w, classes)
    with pytest.raises(ValueError, match="not legal"):
        mod.rollout(params, words, 1, 2, 0, 153, w, classes)  # no end before a play
    with pytest.raises(ValueError, match="weights"):
        mod.rollout(params, words, 1, 2, 0, -1, bytes(8), classes)
    with pytest.raises(ValueError, match="not legal"):
        fast_rollout(st, "random", Rng(1), 4, 153)
