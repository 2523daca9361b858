"""A game in another package, found through its entry point (issue 14, item 3).

``tests/plugins/ninetynine_tinygame`` (Race to 15, the worked example of ``docs/new-game.md``)
is pip-installed once per session into a temporary directory, as a user's
``pip install ninetynine-tinygame`` would, and everything below runs in subprocesses whose
``PYTHONPATH`` starts with that directory: this process never imports the plug-in. Then the
game must be in ``list_games()``, the CLI, the web lobby and the PettingZoo environment, and
pass the whole conformance suite (``tests/conformance``, run with ``-k tinygame``); a broken
plug-in must be skipped with a ``PluginWarning`` that names it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
TESTS = HERE.parent
PACKAGE = HERE / "ninetynine_tinygame"

#: One subprocess for the in-process checks: each runs in its own try, so one failure does not
#: hide the others; it prints ``{check: "ok" | "skip: ..." | error text}`` as JSON.
CHECKS = r"""
import json, traceback, warnings
results = {}

def check(name):
    def run(fn):
        try:
            out = fn()
            results[name] = out if isinstance(out, str) else "ok"
        except Exception:
            results[name] = traceback.format_exc()
    return run

@check("list_games")
def _():
    import ninetynine
    games = ninetynine.list_games()
    assert "tinygame" in games and "warp99" in games, games
    assert ninetynine.load_game("tinygame").num_players == 2

@check("agents")
def _():
    from ninetynine.core.registry import list_agents
    assert "greedy" in list_agents("tinygame"), list_agents("tinygame")

@check("web")
def _():
    try:
        from fastapi.testclient import TestClient
    except ImportError as e:
        return f"skip: {e}"
    from ninetynine.web.app import create_app
    games = TestClient(create_app()).get("/api/games").json()
    tiny = [g for g in games if g["id"] == "tinygame"]
    assert tiny and tiny[0]["max_players"] == 3, games
    assert "greedy" in [a["name"] for a in tiny[0]["agents"]]

@check("web_drawing")
def _():
    try:
        from fastapi.testclient import TestClient
    except ImportError as e:
        return f"skip: {e}"
    from ninetynine.web.app import create_app
    client = TestClient(create_app())
    tiny = [g for g in client.get("/api/games").json() if g["id"] == "tinygame"][0]
    # the drawing the plug-in ships (its presentation's web_drawing), not the generic table
    assert tiny["renderer"] == "/games/tinygame/tinygame.js", tiny["renderer"]
    js = client.get(tiny["renderer"])
    assert js.status_code == 200 and "export default" in js.text, js.status_code
    assert "javascript" in js.headers["content-type"], js.headers["content-type"]
    # only web files beside the drawing: not the package's source, nor another game's
    for url in ("/games/tinygame/__init__.py", "/games/tinygame/nothing.js",
                "/games/warp99/tinygame.js", "/games/nosuchgame/tinygame.js"):
        assert client.get(url).status_code == 404, url
    warp = [g for g in client.get("/api/games").json() if g["id"] == "warp99"][0]
    assert warp["renderer"] == "/static/games/warp99.js", warp["renderer"]

@check("pettingzoo")
def _():
    try:
        from pettingzoo.test import api_test
    except ImportError as e:
        return f"skip: {e}"
    from ninetynine.envs import aec_env
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns about Dict observations
        for n in (2, 3):
            api_test(aec_env("tinygame", num_players=n, render_mode="ansi"), num_cycles=60)

print(json.dumps(results))
"""


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plug-in installed into a fresh directory (from a copy of its source, so the build
    leaves nothing in the tree): ``pip install --target``, no network, no build isolation."""
    root = tmp_path_factory.mktemp("plugin")
    source = shutil.copytree(PACKAGE, root / "source")
    target = root / "site"
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation"]
    done = subprocess.run(
        [*cmd, "--disable-pip-version-check", "--target", str(target), str(source)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return target


def run(site: Path, *args: str, extra: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python *args`` with ``site`` (and ``extra``) first on ``PYTHONPATH``."""
    paths = [str(p) for p in (extra, site) if p is not None]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*paths, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=TESTS.parent
    )


@pytest.fixture(scope="session")
def checks(site: Path) -> dict[str, str]:
    done = run(site, "-c", CHECKS)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def outcome(checks: dict[str, str], name: str) -> None:
    result = checks[name]
    if result.startswith("skip: "):
        pytest.skip(result)
    assert result == "ok", result


def test_the_installed_game_is_in_list_games(checks: dict[str, str]) -> None:
    outcome(checks, "list_games")


def test_its_agent_is_registered_with_it(checks: dict[str, str]) -> None:
    outcome(checks, "agents")


def test_the_web_lobby_lists_it(checks: dict[str, str]) -> None:
    outcome(checks, "web")


def test_the_web_table_loads_the_drawing_it_ships(checks: dict[str, str]) -> None:
    outcome(checks, "web_drawing")


def test_its_pettingzoo_environment_passes_api_test(checks: dict[str, str]) -> None:
    outcome(checks, "pettingzoo")


def test_the_cli_lists_it_and_simulates_it(site: Path) -> None:
    games = run(site, "-m", "ninetynine", "games")
    assert games.returncode == 0, games.stderr
    assert "tinygame" in games.stdout and "Race to 15" in games.stdout
    sim = run(site, "-m", "ninetynine", "simulate", "tinygame", "--games", "20", "--agents",
              "greedy,random")  # fmt: skip
    assert sim.returncode == 0, sim.stderr
    assert "20 games" in sim.stdout and "greedy" in sim.stdout


def test_it_passes_the_conformance_suite(site: Path) -> None:
    """``tests/conformance`` collects every game ``list_games()`` finds, so in a process that
    sees the plug-in it checks Race to 15 like any of ours. Our own checks that every game has
    a golden game and tensor option sets stay green with a foreign game installed (they are
    about the games we ship)."""
    ours = [
        "tests/golden/test_golden.py::test_every_registered_game_has_a_golden_game",
        "tests/envs/test_fast_tensor.py::test_every_game_has_option_sets",
    ]
    select = "tinygame or every_registered or every_game_has"
    done = run(site, "-m", "pytest", "-q", "-o", "addopts=", "-p", "no:cacheprovider",
               "-k", select, "tests/conformance", *ours)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary, summary
    assert int(summary.split(" passed")[0].split()[-1]) >= 60, summary


def test_a_broken_plugin_warns_by_name_and_the_others_still_load(
    site: Path, tmp_path: Path
) -> None:
    """An installed package whose entry point names a module that raises on import."""
    (tmp_path / "broken_plugin.py").write_text("raise RuntimeError('broken on purpose')\n")
    meta = tmp_path / "ninetynine_broken-0.1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: ninetynine-broken\nVersion: 0.1\n")
    (meta / "entry_points.txt").write_text("[ninetynine.games]\nbrokengame = broken_plugin\n")
    script = (
        "import warnings, ninetynine\n"
        "from ninetynine.core.plugins import PluginWarning\n"
        "with warnings.catch_warnings(record=True) as seen:\n"
        "    warnings.simplefilter('always')\n"
        "    games = ninetynine.list_games()\n"
        "print([str(w.message) for w in seen if w.category is PluginWarning])\n"
        "print(games)\n"
    )
    done = run(site, "-c", script, extra=tmp_path)
    assert done.returncode == 0, done.stderr
    warned, games = done.stdout.strip().splitlines()[-2:]
    assert "brokengame" in warned and "broken on purpose" in warned, warned
    assert "'tinygame'" in games and "'warp99'" in games, games
    assert "brokengame" not in games


def test_the_guide_quotes_the_example_as_it_is() -> None:
    """``docs/new-game.md`` is written against Race to 15: every line of its code quotes
    (Python, TOML, the spec's Markdown) is in the example's source, so the guide cannot drift
    from the code the tests run."""
    guide = (TESTS.parent / "docs" / "new-game.md").read_text(encoding="utf-8")
    source = "".join(
        p.read_text(encoding="utf-8")
        for p in (
            PACKAGE / "pyproject.toml",
            PACKAGE / "src" / "ninetynine_tinygame" / "__init__.py",
        )
    )
    blocks = re.findall(r"```(?:python|toml|markdown)\n(.*?)```", guide, re.S)
    assert len(blocks) >= 8
    missing = [
        line.strip()
        for block in blocks
        for line in block.splitlines()
        if line.strip() not in ("", "...")
        and not line.strip().startswith("#")
        and line.strip() not in source
    ]
    assert not missing, missing
