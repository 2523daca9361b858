"""The learned bot: the network's file format and checks, its gradients, reproducible and
resumable training, the agent and its hidden-information discipline, ISMCTS with a model, the
shipped weights and the ``train`` command (tiny models and a few games: behaviour, not
strength)."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.agents.ismcts import ISMCTSAgent, parse_spec
from ninetynine.agents.learned import (
    PARAM_NAMES,
    LearnedAgent,
    PolicyValueNet,
    layout_hash,
    load_model,
    shipped_models,
)
from ninetynine.agents.training import Positions, TrainConfig, _losses, checkpoint_path, train
from ninetynine.cli.main import app
from ninetynine.core.agent import choose_action
from ninetynine.core.errors import GameOptionError
from ninetynine.sim import play_game

TINY = TrainConfig(
    game="warp99", num_players=2, seed=3, rounds=2, games=3, epochs=2, hidden=8, batch=32,
    keep=0.5, mix=0.5, explore=0.1,
)  # fmt: skip


def _game(n: int = 2) -> ninetynine.Game:
    return ninetynine.load_game("warp99", num_players=n)


def _weights(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as data:
        return {k: np.array(data[k]) for k in PARAM_NAMES}


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return all(np.array_equal(a[k], b[k]) for k in PARAM_NAMES)


def _mid_game(game: ninetynine.Game, seed: int, moves: int) -> ninetynine.State:
    state = game.new_initial_state(seed=seed)
    greedy = [make_agent("greedy", game, s, 0) for s in range(game.num_players)]
    for _ in range(moves):
        state.apply_action(choose_action(greedy[state.current_player()], state))
    return state


# ---------------------------------------------------------------------------- the file
def test_save_and_load_round_trip(tmp_path: Path) -> None:
    game = _game()
    net = PolicyValueNet.initial(game, 16, seed=1, meta={"command": "x"})
    net.save(tmp_path / "m.npz")
    back = PolicyValueNet.load(tmp_path / "m.npz", game)
    assert _same(back.params, net.params)
    assert back.meta["layout_hash"] == layout_hash(game)
    assert back.meta["game"] == "warp99" and back.meta["num_players"] == 2
    assert back.meta["command"] == "x"


def test_a_model_of_another_player_count_or_layout_is_refused(tmp_path: Path) -> None:
    net = PolicyValueNet.initial(_game(2), 8, seed=1)
    net.save(tmp_path / "m.npz")
    with pytest.raises(GameOptionError, match="plays warp99 with 2 players, not warp99 with 3"):
        PolicyValueNet.load(tmp_path / "m.npz", _game(3))
    net.meta["layout_hash"] = "0123456789abcdef"
    net.save(tmp_path / "old.npz")
    with pytest.raises(GameOptionError, match="another observation layout"):
        LearnedAgent(_game(2), 0, 0, str(tmp_path / "old.npz"))


def test_missing_or_foreign_files_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(GameOptionError, match="no model file"):
        PolicyValueNet.load(tmp_path / "none.npz")
    np.savez(tmp_path / "other.npz", a=np.zeros(3))
    with pytest.raises(GameOptionError, match="not a ninetynine model file"):
        PolicyValueNet.load(tmp_path / "other.npz")


def test_a_model_with_weights_that_are_not_numbers_is_refused(tmp_path: Path) -> None:
    """A model of NaN weights (`train --lr nan` wrote one) loaded and played without a word."""
    net = PolicyValueNet.initial(_game(2), 8, seed=1)
    for bad in (np.nan, np.inf):
        net.params["Wp"][0, 0] = bad
        net.save(tmp_path / "m.npz")
        with pytest.raises(GameOptionError, match="not finite numbers"):
            LearnedAgent(_game(2), 0, 0, str(tmp_path / "m.npz"))


def test_no_shipped_model_for_a_game_says_how_to_train_one() -> None:
    game = ninetynine.load_game("ninetynine", num_players=2)
    with pytest.raises(GameOptionError, match=r"no learned model ships for ninetynine with 2 p"):
        LearnedAgent(game, 0, 1)
    with pytest.raises(GameOptionError, match=r"train one with `ninetynine train ninetynine"):
        LearnedAgent(game, 0, 1)
    with pytest.raises(GameOptionError, match="no shipped model 'nosuch'"):
        LearnedAgent(game, 0, 1, "nosuch")


def test_values_are_expected_returns_by_absolute_seat() -> None:
    game = _game(3)
    net = PolicyValueNet.initial(game, 8, seed=2)
    net.params["bv"][:] = [3.0, 0.0, 0.0, -50.0]  # the observer (relative seat 0) wins
    net.params["Wv"][:] = 0.0
    x = _mid_game(game, 5, 10).observation_tensor(1)
    v = net.values(x, player=1)
    assert v[1] > 0.5 and v[0] < -0.5 and v[2] < -0.5
    assert all(-1.0 <= t <= 1.0 for t in v)


# ---------------------------------------------------------------------------- training
def test_gradients_match_finite_differences() -> None:
    """The hand-written backpropagation against central differences (float64): the heads'
    arrays against the whole loss, the trunk's against the policy loss alone (the value loss
    does not train the trunk)."""
    game = _game()
    net = PolicyValueNet.initial(game, 6, seed=4)
    net.params = {k: v.astype(np.float64) for k, v in net.params.items()}  # type: ignore[misc]
    net.params["bv"] += np.array([0.1, -0.2, 0.3])
    rng = np.random.default_rng(0)
    x = rng.random((5, game.observation_tensor_shape[0]))
    mask = rng.random((5, game.num_distinct_actions)) < 0.05
    y = np.array([int(np.flatnonzero(m)[0]) for m in mask])
    z = np.array([0, 1, 2, 1, 0])

    def loss(name: str) -> float:
        pol, val, _, _ = _losses(net, x, mask, y, z, 0.7, False)
        return pol + 0.7 * val if name in ("Wp", "bp", "Wv", "bv") else pol

    _, _, _, grads = _losses(net, x, mask, y, z, 0.7, True)
    for name in PARAM_NAMES:
        w = net.params[name].reshape(-1)
        for i in rng.choice(w.size, size=min(6, w.size), replace=False):
            old = w[i]
            w[i] = old + 1e-6
            up = loss(name)
            w[i] = old - 1e-6
            down = loss(name)
            w[i] = old
            num = (up - down) / 2e-6
            assert grads[name].reshape(-1)[i] == pytest.approx(num, rel=1e-4, abs=1e-7), name


def test_training_learns_the_teacher_on_its_own_positions(tmp_path: Path) -> None:
    """Agreement with the teacher, measured on new positions before each round trains, grows
    from the untrained network's to well above it."""
    cfg = replace(TINY, rounds=3, imitation=3, games=8, hidden=32, epochs=4)
    net = train(cfg, tmp_path / "m.npz")
    first, last = net.meta["rounds"][0], net.meta["rounds"][-1]
    assert last["agreement"] > first["agreement"] + 0.2
    assert last["policy_loss"] < first["policy_loss"]


def test_the_same_seed_gives_the_same_weights_and_another_seed_others(tmp_path: Path) -> None:
    train(TINY, tmp_path / "a.npz")
    train(TINY, tmp_path / "b.npz")
    train(replace(TINY, seed=4), tmp_path / "c.npz")
    a, b, c = (_weights(tmp_path / f"{k}.npz") for k in "abc")
    assert _same(a, b)
    assert not _same(a, c)


def test_resume_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    train(TINY, tmp_path / "full.npz")
    train(replace(TINY, rounds=1), tmp_path / "part.npz")
    assert checkpoint_path(tmp_path / "part.npz").exists()
    net = train(TINY, tmp_path / "part.npz", resume=True)
    assert [r["round"] for r in net.meta["rounds"]] == [0, 1]
    assert _same(_weights(tmp_path / "full.npz"), _weights(tmp_path / "part.npz"))


def test_a_stopped_run_is_closed_by_resuming_at_its_rounds(tmp_path: Path) -> None:
    """A run meant for 3 rounds and stopped after 2, resumed with --rounds 2: nothing is
    trained, and the file says the 2-round command that makes these very weights."""
    path = tmp_path / "m.npz"
    train(TINY, tmp_path / "short.npz")
    net = train(TINY, path)
    net.meta["config"]["rounds"] = 3  # as if started with --rounds 3 and stopped
    net.meta["command"] = replace(TINY, rounds=3).command()
    net.save(path)
    closed = train(TINY, path, resume=True)
    assert closed.meta["command"] == TINY.command()
    assert PolicyValueNet.load(path).meta["config"]["rounds"] == 2
    assert _same(_weights(path), _weights(tmp_path / "short.npz"))
    with pytest.raises(GameOptionError, match="already holds 2 rounds"):
        train(replace(TINY, rounds=1), path, resume=True)


def test_resume_with_other_settings_is_refused(tmp_path: Path) -> None:
    train(replace(TINY, rounds=1), tmp_path / "m.npz")
    with pytest.raises(GameOptionError, match=r"other settings \(lr\)"):
        train(replace(TINY, lr=0.01), tmp_path / "m.npz", resume=True)


def test_the_fast_path_and_the_protocol_give_the_same_positions() -> None:
    """Round 0 replays the game's fast playouts when it has them; the plain loop must keep the
    very same positions (else a model would depend on whether the C core is built)."""
    from ninetynine.agents.training import play_round

    game = _game()
    if game.fast_playouts([1], [["greedy", "greedy"]]) is None:
        pytest.skip("the compiled Warp 99 core is not built")
    net = PolicyValueNet.initial(game, 8, seed=1)
    fast = play_round(game, net, TINY, 0)

    class Slow(type(game)):  # type: ignore[misc]
        def fast_playouts(self, seeds, lineups):  # type: ignore[no-untyped-def]
            return None

    slow_game = Slow(2)
    slow = play_round(slow_game, net, TINY, 0)
    assert fast.y == slow.y and fast.z == slow.z
    assert all(np.array_equal(a, b) for a, b in zip(fast.x, slow.x, strict=True))


def test_config_checks_and_command(tmp_path: Path) -> None:
    with pytest.raises(GameOptionError, match="keep"):
        train(replace(TINY, keep=0.0), tmp_path / "m.npz")
    assert TINY.command().startswith("ninetynine train warp99 --players 2 --seed 3 --rounds 2")
    assert "-o target=50" in replace(TINY, options={"target": "50"}).command()


def test_training_a_game_without_a_tensor_says_so(tmp_path: Path, monkeypatch) -> None:
    """The error names the game and what its presentation lacks (it was an AttributeError)."""
    from ninetynine.games.warp99.game import Warp99Game

    monkeypatch.setattr(Warp99Game, "has_observation_tensor", lambda self: False)
    with pytest.raises(GameOptionError, match="'warp99' has no observation tensor"):
        train(TINY, tmp_path / "m.npz")


def test_positions_label_the_winner_relative_to_the_acting_seat() -> None:
    game = _game(3)
    state = _mid_game(game, 2, 5)
    data = Positions(game)
    p = state.current_player()
    data.add(state, p, state.legal_actions()[0])
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    data.finish_game(state)
    w = state.winner()
    assert data.z == [3 if w is None else (w - p) % 3]


# ---------------------------------------------------------------------------- the agent
@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("model") / "tiny.npz"
    train(TINY, path)
    return path


def test_the_agent_sees_only_its_own_observation(tiny_model: Path) -> None:
    """Two states that look the same to the seat (hidden cards re-dealt) get the same move,
    from the agent and from the search's prior and evaluation, which read the tensor of the
    seat to act on the search's own determinizations."""
    game = _game()
    agent = LearnedAgent(game, 0, 0, str(tiny_model))
    for seed in range(4):
        state = _mid_game(game, seed, 7 + seed)
        p = state.current_player()
        other = state.resample(p, 99)
        assert other.observation(p) == state.observation(p)
        assert other.to_json() != state.to_json()
        agent.seat = p
        assert choose_action(agent, state) == choose_action(agent, other)
        search = ISMCTSAgent(game, p, 1, iterations=2, model=str(tiny_model))
        assert search.prior is not None and search.evaluate is not None
        legal = state.legal_actions()
        assert search.prior(state, legal) == search.prior(other, legal)
        assert search.evaluate(state) == search.evaluate(other)


def test_ismcts_with_a_model_plays_and_is_reproducible(tiny_model: Path) -> None:
    assert parse_spec("200:model=warp99-2p") == {"iterations": 200, "model": "warp99-2p"}
    assert parse_spec("200:model=warp99-2p:prior=0")["prior"] is False
    value_only = ISMCTSAgent(_game(), 0, 1, iterations=2, model=str(tiny_model), prior=False)
    assert value_only.prior is None and value_only.evaluate is not None
    game = _game()
    spec = f"ismcts:8:model={tiny_model}"
    a = play_game(game, [spec, "greedy"], seed=2)
    b = play_game(game, [spec, "greedy"], seed=2)
    assert a.returns == b.returns and a.actions == b.actions
    with pytest.raises(GameOptionError, match="not warp99 with 3"):
        make_agent(spec, _game(3), 0, 1)


# ---------------------------------------------------------------------------- the command
def test_the_train_command_writes_a_model_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "cli.npz"
    args = ["train", "warp99", "-p", "2", "--rounds", "1", "-n", "2", "--hidden", "8",
            "--epochs", "1", "--keep", "0.5", "--out", str(out), "--no-progress"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "model written to" in result.output
    meta = json.loads(str(np.load(out)["meta"]))
    assert meta["command"].startswith("ninetynine train warp99 --players 2 --seed 0 --rounds 1")
    args[args.index("--rounds") + 1] = "2"
    result = CliRunner().invoke(app, [*args, "--resume"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(str(np.load(out)["meta"]))["rounds"]) == 2
    result = CliRunner().invoke(app, [*args, "--resume", "--lr", "0.5"])
    assert result.exit_code == 2
    assert "other settings (lr)" in result.output


# ---------------------------------------------------------------------------- shipped models
@pytest.mark.parametrize("n", [2, 3, 4])
def test_shipped_warp99_models_load_and_say_how_they_were_made(n: int) -> None:
    assert f"warp99-{n}p" in shipped_models()
    game = _game(n)
    net = load_model(None, game)
    config = net.meta["config"]
    assert net.meta["command"] == TrainConfig(**config).command()
    assert net.meta["command"].startswith(f"ninetynine train warp99 --players {n} --seed ")
    assert net.meta["seed"] == config["seed"]
    assert len(net.meta["rounds"]) == config["rounds"]
    # docs/learned.md gives the command that made each shipped model
    docs = Path(__file__).parents[2].joinpath("docs", "learned.md").read_text()
    assert net.meta["command"] in docs
    agent = make_agent("learned", game, 0, 1)
    assert isinstance(agent, LearnedAgent)
    state = _mid_game(game, 1, 3)
    assert choose_action(agent, state) in state.legal_actions()


def test_shipped_models_are_package_data() -> None:
    text = Path(__file__).parents[2].joinpath("pyproject.toml").read_text()
    assert "agents/models/*.npz" in text


def test_learned_is_listed_only_for_games_that_ship_a_model() -> None:
    assert "learned" in ninetynine.list_agents("warp99")
    assert "learned" not in ninetynine.list_agents("ninetynine")


def test_the_learned_agent_plays_whole_games(tiny_model: Path) -> None:
    game = _game()
    result = play_game(game, [f"learned:{tiny_model}", "greedy"], seed=5)
    assert result.returns and sum(result.returns) == 0
    result = play_game(game, ["learned", "random"], seed=6)
    assert result.returns and sum(result.returns) == 0


@pytest.mark.parametrize(
    "spec", ["learned:/etc/passwd", "learned:x.npz", "ismcts:50:model=../m.npz", "learned:a\\b"]
)
def test_the_web_server_refuses_models_from_files(spec: str) -> None:
    """A visitor naming a file as a model could probe the server's files (``no model file``
    against ``not a model file``): the web app plays only shipped models."""
    from ninetynine.web.tables import normalise_seats

    game = _game()
    with pytest.raises(GameOptionError, match="names a file; this server plays only the models"):
        normalise_seats(game, ["human", spec])
    assert normalise_seats(game, ["human", "learned:warp99-2p"]) == ["human", "learned:warp99-2p"]


@pytest.mark.parametrize("field,value", [("lr", math.nan), ("lr", math.inf), ("lr", -1e-3),
                                         ("value_weight", math.nan)])  # fmt: skip
def test_a_learning_rate_that_is_not_a_positive_number_is_refused(
    tmp_path: Path, field: str, value: float
) -> None:
    """--lr nan trained four rounds and wrote a model of NaN weights (NaN <= 0 is false)."""
    with pytest.raises(GameOptionError, match="lr must be positive"):
        train(replace(TINY, **{field: value}), tmp_path / "m.npz")
    assert not (tmp_path / "m.npz").exists()
