"""A clone of the repository is all a reader has: no path outside it is cited, rulebooks are
cited by title (issue 18, item 19), and the README's quick start says what a newcomer needs."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ninetynine
from ninetynine.cli.main import app
from ninetynine.core.registry import game_class
from ninetynine.games.warp99.cards import COLORS, LETTERS

ROOT = Path(__file__).resolve().parents[2]
#: A path a clone does not contain (the design notes and rulebook texts the project began from).
OUTSIDE = re.compile(r"shared/|\b\d{3}_[0-9a-f]{16}\.txt\b")


def _tracked_text_files() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "src", "docs", "README.md", "tests", "benchmarks", "examples"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    keep = (".py", ".md", ".txt", ".toml", ".js", ".html")
    return [ROOT / f for f in out if f.endswith(keep) and not f.startswith("docs/reports/")]


def test_nothing_cites_a_path_a_clone_does_not_have() -> None:
    me = Path(__file__).resolve()
    hits = []
    for path in _tracked_text_files():
        if path.resolve() == me or not path.exists():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert hits == []


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_every_game_names_its_rulebook_by_title(game_id: str) -> None:
    source = game_class(game_id).source
    assert source and not OUTSIDE.search(source) and not source.endswith(".txt")
    result = CliRunner().invoke(app, ["rules", game_id])
    assert f"Rulebook: {source};" in result.output
    assert (ROOT / "docs" / "rules" / f"{game_id}.md").exists()


def test_the_architecture_page_exists_and_names_every_package() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for heading in ("## The house", "## The protocol", "## Data flow"):
        assert heading in page
    for package in sorted(p.name for p in (ROOT / "src" / "ninetynine").iterdir()):
        if (ROOT / "src" / "ninetynine" / package / "__init__.py").exists():
            assert f"{package}/" in page, package
    for game_id in ninetynine.list_games():
        assert f"`{game_id}`" in page and game_class(game_id).source.split(" §")[0] in page


def test_the_quick_start_gives_the_colour_letters_and_how_to_quit() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    for letter, colour in zip(LETTERS, COLORS, strict=True):
        assert f"`{letter}` {colour}" in quick, colour
    assert "`quit`" in quick
