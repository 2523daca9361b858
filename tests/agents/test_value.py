"""Learned value models (``agents/value.py``) and Warp 99's value features
(``games/warp99/value.py``): the compiled features and rollouts equal the Python ones, files
round-trip, training is reproducible and resumable, and the search reads only its own
determinizations."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine.agents.ismcts import ISMCTSAgent, parse_spec
from ninetynine.core.agent import SearchView, choose_action, search_hooks
from ninetynine.core.errors import GameOptionError
from ninetynine.core.rng import Rng

np = pytest.importorskip("numpy")

import fast_state_checks as checks  # noqa: E402
from ninetynine.agents.value import (  # noqa: E402
    KIND,
    ValueEvaluate,
    ValueNet,
    fit_value,
    folded,
    load_value_model,
    log_loss,
    train_value,
)
from ninetynine.games.warp99 import value as wv  # noqa: E402
from ninetynine.games.warp99.batched import _CORE  # noqa: E402
from ninetynine.games.warp99.batched.rollout import fast_rollout, has_fast_rollout  # noqa: E402


def _require() -> None:
    if not has_fast_rollout() or not hasattr(_CORE, "features"):
        pytest.skip("the compiled Warp 99 core is not built (pip install -e . builds it)")


def _net(game, hidden: int = 8, seed: int = 3) -> ValueNet:
    """A model with random weights (big enough that the hidden units switch on and off)."""
    r = np.random.default_rng(seed)
    f = len(wv.FEATURES)
    params = {
        "W1": r.standard_normal((f, hidden)) * 0.3,
        "b1": r.standard_normal(hidden) * 0.3,
        "w2": r.standard_normal(hidden),
        "b2": np.array([0.1]),
    }
    meta = {
        "kind": KIND,
        "game": game.game_id,
        "num_players": game.num_players,
        "features": list(wv.FEATURES),
    }
    return ValueNet(params, meta)


@pytest.mark.parametrize(
    ("game_id", "n", "options"),
    [("warp99", 2, {}), ("warp99", 4, {"rules": "random"}), ("ninetynine", 3, {})],
)
def test_the_compiled_features_are_the_python_features(game_id, n, options) -> None:
    _require()
    from ninetynine.games.warp99.batched import BatchedGame
    from ninetynine.games.warp99.heuristics import rollout_policy

    game = ninetynine.load_game(game_id, num_players=n, **options)
    seeds = list(range(6))
    batch = BatchedGame(game, len(seeds), backend="c", num_threads=1)
    batch.reset(seeds)
    states = [game.new_initial_state(s) for s in seeds]
    out = np.zeros((len(seeds), n, len(wv.FEATURES)))
    checked = 0
    for _ in range(150):
        _CORE.features(batch._params, batch._games, out, 1)
        live = [i for i, st in enumerate(states) if not st.is_terminal()]
        if not live:
            break
        for i in live:
            assert out[i].tolist() == wv.features(states[i]), (i, states[i].history())
            checked += 1
        greedy = batch.greedy_actions()
        actions = []
        for i, st in enumerate(states):
            if st.is_terminal():
                actions.append(max(0, int(greedy[i])))
            else:
                a = rollout_policy(st)
                actions.append(a)
                st.apply_action(a)
        batch.step(actions)
    assert checked >= 300


def test_a_fast_rollout_scored_by_a_model_is_the_python_one() -> None:
    _require()
    for n in (2, 3):
        game = ninetynine.load_game("warp99", num_players=n)
        net = _net(game)
        evaluate = ValueEvaluate(net, wv.features)
        cut = 0
        for seed in range(12):
            st = game.new_initial_state(seed)
            r = Rng(seed)
            for _ in range(r.randbelow(120)):
                if st.is_terminal():
                    break
                legal = st.legal_actions()
                st.apply_action(legal[r.randbelow(len(legal))])
            if st.is_terminal():
                continue
            det = st.resample(st.current_player(), seed + 7)
            for depth in (1, 2):
                agent = ISMCTSAgent(game, 0, 1, depth=depth)
                agent._fast_rollout = None
                agent.evaluate = evaluate
                r1, r2 = Rng(5), Rng(5)
                want = agent._rollout(det.clone(), r1)
                got = fast_rollout(det, "greedy", r2, depth, None, net)
                assert got == (want, agent.steps), (seed, depth)
                assert r1.getstate() == r2.getstate()
                cut += want != det.returns() and abs(want[0]) < 1
        assert cut >= 10


def test_the_search_with_a_model_decides_the_same_fast_and_slow(tmp_path) -> None:
    _require()
    game = ninetynine.load_game("warp99", num_players=2)
    path = tmp_path / "v.npz"
    _net(game).save(path)
    spec = parse_spec(f"40:value={path}")
    checks.check_search_decides_alike_with_fast_rollouts(game, spec, 5, 30, same_steps=False)


def test_the_model_reads_only_the_determinization_it_is_given(tmp_path) -> None:
    """Hidden information: two true states that look the same to the seat get the same
    search (the model sees only the bot's own samples), and a determinization's value does
    not change when the true state behind it does."""
    game = ninetynine.load_game("warp99", num_players=2)
    path = tmp_path / "v.npz"
    _net(game).save(path)
    net = ValueNet.load(path)
    evaluate = ValueEvaluate(net, wv.features)
    st = game.new_initial_state(11)
    for _ in range(9):
        st.apply_action(st.legal_actions()[0])
    p = st.current_player()
    twin, twin2 = st.resample(p, 123), st.resample(p, 9)
    assert twin.to_json() != st.to_json() != twin2.to_json()
    det = st.resample(p, 5)
    frozen = det.to_json()
    value = evaluate(det)
    st.apply_action(st.legal_actions()[0])  # the true state moves on; det is its own state
    assert evaluate(det) == value and det.to_json() == frozen
    for seed in (1, 2):
        a = ISMCTSAgent(game, p, seed, iterations=30, value=str(path))
        b = ISMCTSAgent(game, p, seed, iterations=30, value=str(path))
        assert choose_action(a, twin.clone(), p) == choose_action(b, twin2.clone(), p)
        assert a.last.get("values") == b.last.get("values")


def test_a_model_file_round_trips_and_is_checked(tmp_path) -> None:
    game = ninetynine.load_game("warp99", num_players=2)
    net = _net(game)
    path = tmp_path / "m.npz"
    net.save(path)
    back = ValueNet.load(path)
    assert back.meta == net.meta and back.as_bytes() == net.as_bytes()
    st = game.new_initial_state(2)
    assert back.values(wv.features(st)) == net.values(wv.features(st))
    assert load_value_model(str(path), game).hidden == 8
    with pytest.raises(GameOptionError, match="with 2 players, not of warp99 with 3"):
        load_value_model(str(path), ninetynine.load_game("warp99", num_players=3))
    net.meta["features"] = ["something", "else"]
    net.save(path)
    with pytest.raises(GameOptionError, match="other value features"):
        load_value_model(str(path), game)
    with pytest.raises(GameOptionError, match="no value model"):
        load_value_model("no-such-model", game)
    net.params["w2"][0] = float("nan")  # a training that diverged
    net.save(path)
    with pytest.raises(GameOptionError, match="not finite numbers"):
        ValueNet.load(path)
    with pytest.raises(GameOptionError, match="no value features"):
        load_value_model(None, ninetynine.load_game("ono99", num_players=2))
    assert parse_spec("200:value") == {"iterations": 200, "value": ""}
    assert parse_spec("200:value=warp99-2p-value") == {
        "iterations": 200,
        "value": "warp99-2p-value",
    }


def test_folding_the_standardisation_keeps_the_outputs() -> None:
    r = np.random.default_rng(0)
    X = r.standard_normal((300, 2, 5)) * 3 + 1
    y = r.integers(0, 2, 300)
    state = fit_value(X, y, hidden=6, seed=1, epochs=2, batch=64)
    from ninetynine.agents.value import _forward

    _, _, u = _forward(state["params"], (X - state["mean"]) / state["std"])
    W = folded(state)
    raw = np.maximum(X @ W["W1"] + W["b1"], 0.0) @ W["w2"] + W["b2"][0]
    assert np.allclose(u, raw)
    assert log_loss(u, y) == pytest.approx(log_loss(raw, y))


def test_training_is_seeded_and_resumes_to_the_same_weights(tmp_path) -> None:
    _require()
    game = ninetynine.load_game("warp99", num_players=2)
    a, b, c = tmp_path / "a.npz", tmp_path / "b.npz", tmp_path / "c.npz"
    seen: list[int] = []
    kw = {"games": 60, "seed": 4, "hidden": 8, "every": 3}
    net_a = train_value(game, a, epochs=3, progress=lambda e, t, i: seen.append(e), **kw)
    net_b = train_value(game, b, epochs=3, **kw)
    assert seen == [0, 1, 2, 3]
    assert net_a.as_bytes() == net_b.as_bytes()
    # interrupted after one epoch, then resumed: the weights of the uninterrupted run
    train_value(game, c, epochs=1, **kw)
    net_c = train_value(game, c, epochs=3, resume=True, **kw)
    assert net_c.as_bytes() == net_a.as_bytes()
    assert net_c.meta["figures"] == net_a.meta["figures"] and len(net_a.meta["figures"]) == 3
    assert net_a.meta["held_out_loss"] < 0.75 and "baseline_held_out_loss" in net_a.meta
    assert net_a.meta["seed"] == 4 and net_a.meta["kind"] == KIND
    other = train_value(game, tmp_path / "d.npz", epochs=3, **{**kw, "seed": 5})
    assert other.as_bytes() != net_a.as_bytes()


def test_the_positions_are_greedy_games_with_their_winners() -> None:
    _require()
    game = ninetynine.load_game("warp99", num_players=3)
    X, y, owner = wv.positions(game, 20, seed=2, every=1, num_envs=8)
    assert X.shape[1:] == (3, len(wv.FEATURES)) and len(X) == len(y) == len(owner)
    assert set(owner.tolist()) <= set(range(20)) and len(set(owner.tolist())) >= 15
    assert set(y.tolist()) <= {0, 1, 2}
    # the first position of a game is its deal: seat 0 to move, scores 0, 1, 2 (handicap)
    first = X[np.flatnonzero(owner == owner[0])[0]]
    assert first[:, 17].tolist() == [1.0, 0.0, 0.0]
    # the same seed, the same positions
    X2, y2, _ = wv.positions(game, 20, seed=2, every=1, num_envs=8)
    assert np.array_equal(X, X2) and np.array_equal(y, y2)


def test_the_shipped_model_loads_and_beats_the_fitted_evaluation_on_paper() -> None:
    game = ninetynine.load_game("warp99", num_players=2)
    net = load_value_model(None, game)
    m = net.meta
    assert m["held_out_loss"] < m["baseline_held_out_loss"] < m["uniform_loss"]
    assert m["command"].startswith("ninetynine train warp99 --value") and "seed" in m
    assert search_hooks("warp99").value_feature_names == wv.FEATURES


def test_the_train_command_trains_a_value_model_and_resumes(tmp_path) -> None:
    _require()
    import json

    from typer.testing import CliRunner

    from ninetynine.cli.main import app

    out = tmp_path / "v.npz"
    args = ["train", "warp99", "--value", "-p", "2", "-n", "40", "--hidden", "4", "--epochs",
            "1", "--out", str(out), "--no-progress"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "held-out log-loss" in result.output and "model written to" in result.output
    meta = json.loads(str(np.load(out)["meta"]))
    assert meta["command"].startswith("ninetynine train warp99 --value --players 2 --seed 0")
    args[args.index("--epochs") + 1] = "2"
    result = CliRunner().invoke(app, [*args, "--resume"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(str(np.load(out)["meta"]))["figures"]) == 2
    result = CliRunner().invoke(app, [*args, "--resume", "--hidden", "5"])
    assert result.exit_code != 0
    assert "other settings (hidden)" in result.output


def _turn_positions(game, count: int):
    """(determinization, its seat to move) at row and extra-card choices of random games."""
    out = []
    for seed in range(count):
        st = game.new_initial_state(seed)
        r = Rng(seed)
        for _ in range(r.randbelow(150)):
            if st.is_terminal():
                break
            legal = st.legal_actions()
            st.apply_action(legal[r.randbelow(len(legal))])
        while not st.is_terminal() and (st.phase not in (0, 2) or len(st.legal_actions()) < 2):
            legal = st.legal_actions()
            st.apply_action(legal[r.randbelow(len(legal))])
        if not st.is_terminal():
            out.append(st.resample(st.current_player(), seed + 11))
    return out


@pytest.mark.parametrize("with_model", [True, False])
def test_a_fast_look_rollout_is_the_python_one(with_model) -> None:
    """``ismcts:…:look``: the compiled core's ``look_move`` makes the same choices, values,
    move counts and draws as ``heuristics.LookPolicy``, after every root move, scored by a
    value model or by the fitted evaluation; and its choices do differ from greedy's."""
    _require()
    from ninetynine.games.warp99.heuristics import rollout_policy

    checked = differs = 0
    for n in (2, 3):
        game = ninetynine.load_game("warp99", num_players=n)
        net = _net(game, hidden=16) if with_model else None
        for det in _turn_positions(game, 14):
            seat = det.current_player()
            agent = ISMCTSAgent(game, seat, 1, rollout="look", value=None, depth=1)
            if net is not None:
                agent.value_net = net
                agent.evaluate = ValueEvaluate(net, wv.features)
                agent.policy = agent._make_policy("look", search_hooks(game.game_id))
            agent._fast_rollout = None
            for first in det.legal_actions():
                r1, r2 = Rng(first), Rng(first)
                steps0 = agent.steps
                want = agent._rollout_after(det, first, r1)
                got = fast_rollout(det, "look", r2, 1, first, net)
                assert got == (want, agent.steps - steps0), (det.history(), first)
                assert r1.getstate() == r2.getstate()
                greedy_agent = ISMCTSAgent(game, seat, 1, depth=1)
                greedy_agent._fast_rollout = None
                if net is not None:
                    greedy_agent.evaluate = agent.evaluate
                differs += greedy_agent._rollout_after(det, first, Rng(first)) != want
                checked += 1
    assert checked >= 60 and differs >= 5, (checked, differs)
    assert rollout_policy  # the greedy policy is the look policy's default move


def test_look_rollouts_are_refused_where_they_do_not_apply() -> None:
    assert parse_spec("1000:value:look") == {"iterations": 1000, "value": "", "rollout": "look"}
    game = ninetynine.load_game("warp99", num_players=2)
    with pytest.raises(GameOptionError, match="depth=1 and paired"):
        ISMCTSAgent(game, 0, 1, rollout="look", depth=2)
    with pytest.raises(GameOptionError, match="depth=1 and paired"):
        ISMCTSAgent(game, 0, 1, rollout="look", mode="ucb")
    with pytest.raises(GameOptionError, match="no look rollouts"):
        ISMCTSAgent(ninetynine.load_game("ono99", num_players=2), 0, 1, rollout="look")


def test_a_look_search_keeps_greedys_move_as_the_one_to_beat() -> None:
    """The look policy picks the rest of the turn inside rollouts only: the move the search
    must beat is still greedy's, and the search decides the same on the compiled core."""
    _require()
    from ninetynine.games.warp99.heuristics import rollout_policy

    game = ninetynine.load_game("warp99", num_players=2)
    for det in _turn_positions(game, 6):
        agent = ISMCTSAgent(game, det.current_player(), 3, iterations=20, rollout="look")
        agent.search(SearchView(det, det.current_player()), det.legal_actions())
        assert agent.last["default"] == rollout_policy(det.clone())
    checks.check_search_decides_alike_with_fast_rollouts(game, parse_spec("30:value:look"), 4, 20)


@pytest.mark.parametrize("spec", ["12:value:look", "12:look"])
def test_a_look_search_decides_alike_on_states_that_look_alike(spec) -> None:
    """Hidden information: a twin made by ``resample`` (other hands, decks and reserve
    re-dealt) looks the same to the seat, and the look search decides alike with the same
    values (its look-ahead reads only the bot's own determinizations)."""
    for n in (2, 3):
        game = ninetynine.load_game("warp99", num_players=n)
        for st in _turn_positions(game, 5):
            p = st.current_player()
            bot = ISMCTSAgent(game, p, 7, **parse_spec(spec))
            choice = choose_action(bot, st, p)
            for k in range(3):
                twin = st.resample(p, 100 + k)
                assert twin.observation(p) == st.observation(p)
                other = ISMCTSAgent(game, p, 7, **parse_spec(spec))
                assert choose_action(other, twin, p) == choice, (spec, n)
                assert other.last.get("values") == bot.last.get("values"), (spec, n)


@pytest.mark.parametrize(
    "settings",
    [{"games": 0}, {"games": 1}, {"hidden": 0}, {"epochs": 0}, {"every": 0},
     {"lr": -1.0}, {"lr": float("nan")}],
)  # fmt: skip
def test_training_settings_out_of_range_are_refused(tmp_path, settings) -> None:
    """`train --value` checked none of them: --games 0 ended in an IndexError, --hidden 0 in a
    ZeroDivisionError, --epochs 0 and --lr -1 wrote a model that never trained."""
    game = ninetynine.load_game("warp99", num_players=2)
    kwargs = {"games": 20, "seed": 0, "hidden": 4, "epochs": 1, "every": 2, "lr": 3e-3}
    with pytest.raises(GameOptionError, match=r"at least 2 games|lr must be a positive"):
        train_value(game, tmp_path / "v.npz", **{**kwargs, **settings})
    assert not (tmp_path / "v.npz").exists()
