"""Executors without Ray: the local back end, choosing a back end, and the errors of
``--backend`` / ``--ray-address`` (Ray itself is exercised in ``test_ray.py``)."""

from __future__ import annotations

import socket
import sys

import pytest
from typer.testing import CliRunner

from ninetynine.cli.main import app
from ninetynine.core.errors import BackendError, GameOptionError
from ninetynine.sim import LocalExecutor, make_executor, run_games
from ninetynine.sim.parallel import _check_reachable

runner = CliRunner()


def _double(x: int) -> list[int]:
    return [x, x]


@pytest.mark.parametrize("jobs", [1, 2])
def test_local_executor_keeps_task_order_and_reports_each_task(jobs):
    seen: list[tuple[int, list[int]]] = []
    with make_executor("local", jobs) as ex:
        assert isinstance(ex, LocalExecutor) and ex.jobs == jobs
        out = ex.map(_double, [3, 1, 2, 5], lambda t, r: seen.append((t, r)))
    assert out == [[3, 3], [1, 1], [2, 2], [5, 5]]
    assert sorted(seen) == [(1, [1, 1]), (2, [2, 2]), (3, [3, 3]), (5, [5, 5])]


def test_an_executor_replaces_jobs_and_gives_the_same_games():
    plain = run_games("warp99", 3, {}, "greedy,random", games=10, seed=6)
    with LocalExecutor(2) as ex:
        pooled = run_games("warp99", 3, {}, "greedy,random", games=10, seed=6, executor=ex)
    assert pooled == plain


def test_default_back_end_is_one_local_job():
    ex = make_executor()
    assert ex.name == "local" and ex.jobs == 1 and ex.describe() == "1 job"
    assert make_executor("LOCAL", 3).describe() == "3 jobs"


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (dict(backend="dask"), BackendError, "unknown back end 'dask'; back ends: local, ray"),
        (dict(backend="local", address="auto"), BackendError, "needs the ray back end"),
        (dict(backend="local", jobs=0), GameOptionError, "at least 1"),
    ],
)
def test_bad_back_end_choices(kwargs, error, message):
    with pytest.raises(error, match=message):
        make_executor(**kwargs)


def test_missing_ray_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    with pytest.raises(BackendError, match=r"pip install 'ninetynine\[ray\]'"):
        make_executor("ray")
    for command in (
        ["simulate", "warp99", "--games", "2"],
        ["ladder", "warp99", "--agents", "random,greedy", "--games", "2"],
        ["analyze", "warp99", "--games", "2", "--sections", "seats"],
    ):
        result = runner.invoke(app, [*command, "--backend", "ray", "--no-progress"])
        assert result.exit_code == 2, result.output
        assert "ninetynine[ray]" in result.output and "Traceback" not in result.output


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_address_nobody_answers_fails_fast():
    port = _closed_port()
    with pytest.raises(BackendError, match=f"no Ray cluster answers at ray://127.0.0.1:{port}"):
        _check_reachable(f"ray://127.0.0.1:{port}", timeout=2)
    _check_reachable("auto")  # not a host:port: left to Ray


def test_cli_rejects_a_ray_address_without_the_ray_back_end(tmp_path):
    result = runner.invoke(
        app, ["simulate", "warp99", "--games", "2", "--ray-address", "auto", "--no-progress"]
    )
    assert result.exit_code == 2 and "needs the ray back end" in result.output
    bad = runner.invoke(app, ["simulate", "warp99", "--games", "2", "--backend", "nope"])
    assert bad.exit_code == 2 and "unknown back end 'nope'" in bad.output


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["simulate", "warp99", "--agents", "bogus"], "no agent 'bogus'"),
        (["ladder", "warp99", "--agents", "random"], "at least two agents"),
        (["analyze", "nogame"], "unknown game 'nogame'"),
        (["analyze", "warp99", "--sections", "nope"], "no section nope"),
    ],
)
def test_bad_input_fails_before_ray_starts(command, message, tmp_path):
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    if ray.is_initialized():
        pytest.skip("a Ray instance is already running in this process")
    out = ["--out", str(tmp_path / "r")] if command[0] == "analyze" else []
    result = runner.invoke(
        app, [*command, "--games", "2", "--backend", "ray", "--no-progress", *out]
    )
    assert result.exit_code == 2 and message in result.output, result.output
    assert not ray.is_initialized()  # the error came first; no Ray start-up was paid
