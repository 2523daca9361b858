"""The Ray back end against a local Ray instance: ``simulate``, ``ladder`` and ``analyze`` give
exactly what the local back end gives for the same seed.

One Ray instance for the whole module (``ray_instance``): starting Ray costs seconds, a task
milliseconds. Without Ray installed these tests are skipped, except in CI (``CI`` set), which
installs the ``ray`` extra (``scripts/setup``) and must run them.
"""

from __future__ import annotations

import csv
import json
import logging
import os
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from ninetynine.cli.main import app
from ninetynine.core.errors import GameOptionError
from ninetynine.sim import RayExecutor, make_executor, run_games
from ninetynine.sim.parallel import _play_shard

runner = CliRunner()


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[Any]:
    if os.environ.get("CI"):
        import ray  # CI installs the ray extra: a missing Ray fails here, never skips
    else:
        ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    started = not ray.is_initialized()
    if started:
        ray.init(
            address="local", num_cpus=2, include_dashboard=False, logging_level=logging.WARNING
        )
    yield ray
    if started:
        ray.shutdown()


def _invoke(args: list[str]) -> str:
    result = runner.invoke(app, [*args, "--no-progress"])
    assert result.exit_code == 0, result.output
    return result.stdout


def _rows(path: Any) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_executor_uses_the_running_instance_and_leaves_it_running(ray_instance):
    with make_executor("ray") as ex:
        assert isinstance(ex, RayExecutor)
        assert ex.jobs == ex.cpus == 2 and ex.describe() == "ray, 2 CPUs"
        seen: list[int] = []
        assert ex.map(abs, [-3, 2, -1], lambda t, r: seen.append(r)) == [3, 2, 1]
        assert sorted(seen) == [1, 2, 3]
        assert ex.map(abs, []) == []
    assert ray_instance.is_initialized()
    assert RayExecutor(jobs=5).jobs == 5  # the shard plan, not the cluster's size


def test_run_games_on_ray_equals_local_with_progress(ray_instance):
    args = ("warp99", 3, {"rules": "random"}, "greedy,random")
    local = run_games(*args, games=30, seed=11, jobs=2, records=True)
    seen: list[int] = []
    with RayExecutor() as ex:
        remote = run_games(
            *args, games=30, seed=11, records=True, progress_callback=seen.append, executor=ex
        )
    assert remote == local
    assert sum(seen) == 30 and len(seen) > 1  # progress shard by shard, not once at the end


def test_an_error_in_a_ray_task_comes_back_as_itself(ray_instance):
    shard = ("warp99", 2, {}, ["bogus", "random"], 0, 0, 1, True, False)
    with RayExecutor() as ex, pytest.raises(GameOptionError, match="no agent 'bogus'") as info:
        ex.map(_play_shard, [shard])
    assert type(info.value) is GameOptionError  # not Ray's wrapper with the worker's traceback


def test_simulate_ray_matches_local(ray_instance, tmp_path):
    base = ["simulate", "warp99", "--games", "40", "--players", "3", "--agents",
            "greedy,random", "--seed", "5", "--variant", "random-rule-start"]  # fmt: skip
    runs = {
        "local": ["--backend", "local", "--jobs", "2"],
        "ray": ["--backend", "ray"],
        "ray3": ["--backend", "ray", "--jobs", "3"],  # another shard layout, same games
    }
    out = {}
    for name, extra in runs.items():
        js, cs = tmp_path / f"{name}.json", tmp_path / f"{name}.csv"
        stdout = _invoke([*base, *extra, "--json", str(js), "--csv", str(cs)])
        out[name] = (json.loads(js.read_text()), _rows(cs), stdout)
    local_json, local_rows, _ = out["local"]
    assert len(local_rows) == 40
    for name in ("ray", "ray3"):
        summary, rows, stdout = out[name]
        assert rows == local_rows  # every game, row by row
        assert summary["backend"] == "ray" and "ray, 2 CPUs" in stdout
        timing = ("elapsed_seconds", "games_per_second", "backend", "workers", "jobs")
        assert {k: v for k, v in summary.items() if k not in timing} == {
            k: v for k, v in local_json.items() if k not in timing
        }
    assert out["ray3"][0]["jobs"] == 3 and local_json["backend"] == "local"


def test_ladder_ray_matches_local(ray_instance, tmp_path):
    base = ["ladder", "ono99", "--agents", "random,greedy,ismcts:3", "--games", "4",
            "--seed", "2"]  # fmt: skip
    local, remote = tmp_path / "local.json", tmp_path / "ray.json"
    _invoke([*base, "--jobs", "2", "--json", str(local)])
    _invoke([*base, "--backend", "ray", "--json", str(remote)])
    a, b = json.loads(local.read_text()), json.loads(remote.read_text())
    assert a["matrix"] == b["matrix"] and a["ratings"] == b["ratings"]
    assert {r["decisions"] for r in a["timing"].values()} == {
        r["decisions"] for r in b["timing"].values()
    }
    assert (a["backend"], b["backend"]) == ("local", "ray")


def test_analyze_ray_matches_local(ray_instance, tmp_path):
    base = ["analyze", "warp99", "--games", "6", "--seed", "3", "--sections",
            "seats,length,midgame"]  # fmt: skip
    _invoke([*base, "--jobs", "2", "--out", str(tmp_path / "local")])
    _invoke([*base, "--backend", "ray", "--out", str(tmp_path / "ray")])
    for name in ("data.json", "report.md"):
        local = (tmp_path / "local" / name).read_text()
        remote = (tmp_path / "ray" / name).read_text()
        assert remote == local, name
    assert json.loads((tmp_path / "ray" / "data.json").read_text())["seats"]
