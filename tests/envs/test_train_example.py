"""examples/train_warp99.py runs end to end on a tiny budget (learning itself is measured by
running the script, not asserted here: a threshold on so few games would be flaky)."""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path

import numpy as np

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_warp99.py"


def _load():
    spec = importlib.util.spec_from_file_location("train_warp99", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_script_runs(capsys):
    train = _load()
    args = train.parse_args(
        ["--episodes", "24", "--eval-games", "6", "--batch", "8", "--report", "12"]
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = train.train(args)
    out = capsys.readouterr().out
    assert "win rate before training" in out and "win rate after training" in out
    assert 0.0 <= result["before"] <= 1.0 and 0.0 <= result["after"] <= 1.0


def test_policy_gradient_moves_towards_the_action_taken():
    train = _load()
    policy = train.LinearPolicy(num_actions=4, num_features=3)
    x = np.array([1.0, 0.0, 0.5])
    mask = np.array([1, 1, 0, 1], dtype=np.int8)
    p = policy.probabilities(x, mask)
    assert p[2] == 0 and np.isclose(p.sum(), 1) and np.allclose(p[[0, 1, 3]], 1 / 3)
    # one ascent step on log pi(action 1) raises its probability
    g = -p
    g[1] += 1
    opt = train.Adam([policy.W.shape, policy.b.shape], lr=0.1)
    opt.step([policy.W, policy.b], [np.outer(g, x), g])
    assert policy.probabilities(x, mask)[1] > p[1]
