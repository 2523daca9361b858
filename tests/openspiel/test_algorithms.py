"""OpenSpiel's algorithms on every game: ISMCTSBot and MCTSBot play whole games (small budgets),
the RL environment runs episodes, outcome-sampling MCCFR iterates."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'ninetynine[openspiel]'"
)
np = pytest.importorskip("numpy")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import ninetynine.openspiel as nos  # noqa: E402

from .conftest import default_cases  # noqa: E402


def _play(game, bot, seat: int, seed: int) -> tuple[object, int]:
    """A whole game: ``bot`` at ``seat``, uniform random moves elsewhere; returns the final
    state and the number of moves the bot chose."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    chosen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        elif state.current_player() == seat:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            chosen += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state, chosen


def _check_end(game, state) -> None:
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    assert len(state.history()) - nos.SEED_BYTES <= game.max_game_length()


@pytest.mark.parametrize("gid", default_cases())
def test_ismcts_bot_plays_whole_games(gid):
    game = pyspiel.load_game(nos.short_name(gid))
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rs)
    bot.set_resampler(nos.seeded_resampler(0))
    state, chosen = _play(game, bot, seat=0, seed=1)
    assert chosen > 0
    _check_end(game, state)


def test_ismcts_bot_with_its_default_sampler():
    """Without ``set_resampler`` the bot calls ``state.resample_from_infostate(player,
    pyspiel.UniformProbabilitySampler(0, 1))`` itself."""
    game = pyspiel.load_game("ninetynine_ono99", {"players": 2})
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rs)
    state, chosen = _play(game, bot, seat=1, seed=2)
    assert chosen > 0
    _check_end(game, state)


@pytest.mark.parametrize("gid", default_cases())
def test_mcts_bot_plays_whole_games(gid):
    game = pyspiel.load_game(nos.short_name(gid))
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rs)
    state, chosen = _play(game, bot, seat=0, seed=1)
    assert chosen > 0
    _check_end(game, state)


class _CppMcts:
    """OpenSpiel's C++ ``pyspiel.MCTSBot`` stepped through :func:`nos.cpp_mcts_step`."""

    def __init__(self, game, seed: int) -> None:
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.MCTSBot(game, evaluator, 2.0, 4, 64, False, seed, False)

    def step(self, state) -> int:
        return nos.cpp_mcts_step(self.bot, state)


@pytest.mark.parametrize("gid", default_cases())
def test_cpp_mcts_bot_plays_whole_games(gid):
    """OpenSpiel's C++ MCTSBot searches the Python game (C++ calling the game's Python
    methods: clone, legal actions, apply, returns) through ``mcts_search``."""
    game = pyspiel.load_game(nos.short_name(gid))
    state, chosen = _play(game, _CppMcts(game, seed=3), seat=0, seed=4)
    assert chosen > 0
    _check_end(game, state)


def test_cpp_mcts_step_is_the_bots_choice():
    """``cpp_mcts_step`` is the C++ ``Step``: on a C++ game (where ``step`` does not crash)
    two bots with the same seed choose the same move either way, all game long."""
    game = pyspiel.load_game("kuhn_poker")
    rng = random.Random(0)
    for _ in range(5):
        state = game.new_initial_state()
        stepped = pyspiel.MCTSBot(
            game, pyspiel.RandomRolloutEvaluator(1, 7), 2.0, 20, 64, False, 7, False
        )
        searched = pyspiel.MCTSBot(
            game, pyspiel.RandomRolloutEvaluator(1, 7), 2.0, 20, 64, False, 7, False
        )
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            action = stepped.step(state)
            assert nos.cpp_mcts_step(searched, state) == action
            state.apply_action(action)


def test_cpp_mcts_bot_step_crashes_on_python_games():
    """Why ``cpp_mcts_step`` exists: ``pyspiel.MCTSBot.step`` releases the GIL and then calls
    the Python game, a segmentation fault, on OpenSpiel's own ``python_kuhn_poker`` too. If
    this fails, OpenSpiel has fixed it: ``step`` can be used directly."""
    import signal
    import subprocess
    import sys

    code = (
        "import pyspiel\n"
        "from open_spiel.python.games import kuhn_poker\n"
        "game = pyspiel.load_game('python_kuhn_poker')\n"
        "evaluator = pyspiel.RandomRolloutEvaluator(1, 0)\n"
        "bot = pyspiel.MCTSBot(game, evaluator, 2.0, 10, 64, False, 0, False)\n"
        "state = game.new_initial_state()\n"
        "while state.is_chance_node():\n"
        "    state.apply_action(state.legal_actions()[0])\n"
        "print(bot.step(state))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    assert done.returncode == -signal.SIGSEGV, (done.returncode, done.stderr[-500:])


def test_cpp_ismcts_bot_cannot_resample_a_python_game():
    """OpenSpiel's C++ ISMCTSBot draws its worlds with the C++ ``State::ResampleFromInfostate``,
    which a Python game cannot override (``PyState`` in ``python_games.h`` has no trampoline
    for it; a Python ``resample_from_infostate`` serves Python callers only), and its
    ``SetResampler`` has no Python binding. ``step_with_policy`` (which keeps the GIL) says so;
    ``step`` would crash as ``MCTSBot.step`` does. If this fails, OpenSpiel added the hook."""
    game = pyspiel.load_game("ninetynine_ono99", {"players": 2})
    state = nos.deal(game.new_initial_state(), 5)
    while len(state.legal_actions()) < 2:  # a forced move is returned without a search
        state.apply_action(state.legal_actions()[0])
    bot = pyspiel.ISMCTSBot(0, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 4)
    with pytest.raises(pyspiel.SpielError, match=r"ResampleFromInfostate\(\) not implemented"):
        bot.step_with_policy(state)


def test_rl_environment_runs_episodes():
    game = pyspiel.load_game("ninetynine_ono99", {"players": 2})
    env = rl_environment.Environment(game, seed=0)
    spec = env.observation_spec()
    assert spec["info_state"] == (game.information_state_tensor_size(),)
    rng = random.Random(0)
    for _ in range(3):
        step = env.reset()
        while not step.last():
            p = step.observations["current_player"]
            legal = step.observations["legal_actions"][p]
            assert legal
            step = env.step([rng.choice(legal)])
        assert sorted(step.rewards) == [-1.0, 1.0]


def test_rl_environment_on_observation_tensors():
    """Warp 99's information-state tensor is large (one slot a move of max_game_length): the
    environment runs on the observation tensor instead."""
    game = pyspiel.load_game("ninetynine_warp99")
    env = rl_environment.Environment(
        game, observation_type=rl_environment.ObservationType.OBSERVATION, seed=0
    )
    assert env.observation_spec()["info_state"] == tuple(game.observation_tensor_shape())
    rng = random.Random(1)
    step = env.reset()
    while not step.last():
        p = step.observations["current_player"]
        step = env.step([rng.choice(step.observations["legal_actions"][p])])
    assert sorted(step.rewards) == [-1.0, -1.0, 1.0]


def test_outcome_sampling_mccfr_iterates():
    """It runs (chance is sampled on its own distribution, so the sampled chance probability
    cancels); it learns little: almost every information state it meets is new."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("ninetynine_ono99", {"players": 2})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(5):
        solver.iteration()
    assert solver._infostates  # tables were filled from sampled games


def test_the_recipe_in_docs_openspiel_runs(capsys):
    """The first Python block of docs/openspiel.md, as printed there."""
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "openspiel.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/openspiel.md", "exec"), {})
    returns = eval(capsys.readouterr().out.strip())
    assert sorted(returns) in ([-1.0, -1.0, 1.0], [0.0, 0.0, 0.0])


def test_the_openspiel_ismcts_example_prints_its_table(capsys):
    """``examples/openspiel_ismcts.py`` on a tiny budget: every seat plays, the table prints."""
    import importlib.util
    from pathlib import Path

    script = Path(__file__).parents[2] / "examples" / "openspiel_ismcts.py"
    spec = importlib.util.spec_from_file_location("openspiel_ismcts", script)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    table = module.main(["--games", "1", "--simulations", "2", "--seed", "3"])
    assert set(table) == {"openspiel-ismcts", "ismcts:2:random", "greedy"}
    assert all(row["games"] == 1 and row["moves"] > 0 for row in table.values())
    assert sum(row["wins"] for row in table.values()) + table["greedy"]["draws"] == 1
    out = capsys.readouterr().out
    assert "Warp 99, 3 players, 1 games, 2 simulations a decision" in out
    assert "openspiel-ismcts" in out.splitlines()[-3]
