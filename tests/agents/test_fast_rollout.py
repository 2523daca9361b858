"""ISMCTS rollouts on the compiled core (Warp 99's ``fast_rollout`` search hook): the same
values, moves and RNG draws as the Python rollout, and so the same decisions."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine.agents.ismcts import ISMCTSAgent
from ninetynine.core.agent import search_hooks
from ninetynine.core.rng import Rng

pytest.importorskip("numpy")

import fast_state_checks as checks
from ninetynine.games.warp99.batched.rollout import (
    fast_rollout,
    has_fast_rollout,
    pack_state,
)

CONFIGS: list[tuple[str, int, dict[str, object]]] = [
    ("warp99", 3, {}),
    ("warp99", 2, {"bonus_rule": True}),
    ("warp99", 4, {"rules": "random", "flip_limit": "cycle", "max_turns": 60}),
    ("warp99", 2, {"extra_card": False, "allow_flip": False}),
    ("ninetynine", 3, {}),
    ("ninetynine", 2, {"deal": "15", "bonus_rule": True, "handicap": "standard"}),
]


def _require() -> None:
    if not has_fast_rollout():
        pytest.skip("the compiled Warp 99 core is not built (pip install -e . builds it)")


def _positions(game, count: int):
    """Determinizations of live positions a few moves to many moves into random games."""
    for seed in range(count):
        st = game.new_initial_state(seed)
        r = Rng(seed)
        for _ in range(r.randbelow(160)):
            if st.is_terminal():
                break
            legal = st.legal_actions()
            st.apply_action(legal[r.randbelow(len(legal))])
        if not st.is_terminal():
            yield st.resample(st.current_player(), seed + 1000)


@pytest.mark.parametrize(("game_id", "n", "options"), CONFIGS)
def test_a_fast_rollout_is_the_python_rollout(game_id, n, options) -> None:
    _require()
    game = ninetynine.load_game(game_id, num_players=n, **options)
    checked = cut = 0
    for det in _positions(game, 40):
        before = det.to_dict()
        for policy in ("greedy", "random"):
            for depth in (0, 1, 2):
                agent = ISMCTSAgent(game, 0, 1, rollout=policy, depth=depth)
                agent._fast_rollout = None  # the Python rollout
                r1, r2 = Rng(7), Rng(7)
                want = agent._rollout(det.clone(), r1)
                got = fast_rollout(det, policy, r2, agent.depth)
                assert got == (want, agent.steps), (det.seed, policy, depth)
                assert r1.getstate() == r2.getstate()
                # after a move of the seat to act, as the search tries each of its moves
                first = det.legal_actions()[-1]
                after = det.clone()
                after.apply_action(first)
                steps0 = agent.steps
                want = agent._rollout(after, Rng(8))
                got = fast_rollout(det, policy, Rng(8), agent.depth, first)
                assert got == (want, agent.steps - steps0), (det.seed, policy, depth, first)
                checked += 1
                cut += depth > 0 and want != det.returns()
        assert det.to_dict() == before  # the state given is left as it was
    assert checked >= 120 and cut >= 40


def test_the_search_decides_the_same_with_and_without_it() -> None:
    _require()
    game = ninetynine.load_game("warp99", num_players=3)
    assert search_hooks("warp99").fast_rollout is not None
    for spec in ({"iterations": 60}, {"iterations": 40, "mode": "ucb", "rollout": "random"},
                 {"iterations": 30, "depth": 0}):  # fmt: skip
        checks.check_search_decides_alike_with_fast_rollouts(game, spec, seed=4, moves=40)


def test_the_switch_and_other_policies_keep_the_python_rollout(monkeypatch) -> None:
    game = ninetynine.load_game("warp99", num_players=2)
    monkeypatch.setenv("NINETYNINE_REFERENCE_ONLY", "1")
    assert ISMCTSAgent(game, 0, 1)._fast_rollout is None
    monkeypatch.delenv("NINETYNINE_REFERENCE_ONLY")
    agent = ISMCTSAgent(game, 0, 1)
    calls = []
    agent._fast_rollout = lambda *a: calls.append(a)  # type: ignore[assignment]
    st = game.new_initial_state(1)
    agent.evaluate = lambda s: [0.5, -0.5]  # another evaluation (a model): not the hook's
    assert agent._rollout(st.clone(), Rng(1)) == [0.5, -0.5] or st.is_terminal()
    assert not calls
    assert fast_rollout(st, "ismcts", Rng(1), None) is None


def test_a_packed_state_is_refused_when_it_is_not_one() -> None:
    _require()
    from ninetynine.games.warp99.batched import _CORE, make_params

    game = ninetynine.load_game("warp99", num_players=2)
    words = pack_state(game.new_initial_state(3))
    w = bytes(8 * 10)
    with pytest.raises(ValueError, match="not a packed"):
        _CORE.rollout(make_params(game), words[:-1], 2, 0, 0, w)
    with pytest.raises(ValueError, match="illegal"):
        _CORE.rollout(make_params(game), words, 2, 0, 0, w, 334)  # no flip at the start
    with pytest.raises(ValueError, match="weights"):
        _CORE.rollout(make_params(game), words, 2, 0, 0, bytes(8))
