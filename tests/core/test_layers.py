"""The house's one-way data flow: ``core`` imports nothing above it (games and agents reach
it as plug-ins, ``core/plugins.py``), and a game never imports another game or a tool."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "ninetynine"
ABOVE_CORE = ("games", "agents", "sim", "analysis", "cli", "web", "envs", "openspiel")


def _imports(path: Path) -> set[str]:
    """Absolute module names ``path`` imports (relative imports resolved)."""
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                out.add(f"{base}.{node.module}" if node.module else base)
            elif node.module:
                out.add(node.module)
    return out


def test_core_imports_nothing_above_it() -> None:
    for path in sorted((SRC / "core").glob("*.py")):
        bad = {
            m
            for m in _imports(path)
            if m.split(".")[:2][-1] in ABOVE_CORE and m.startswith("ninetynine.")
        }
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_a_game_imports_only_core_and_itself() -> None:
    for game in sorted(p for p in (SRC / "games").iterdir() if (p / "__init__.py").exists()):
        for path in sorted(game.rglob("*.py")):
            for m in _imports(path):
                if not m.startswith("ninetynine."):
                    continue
                ok = m.startswith(("ninetynine.core", f"ninetynine.games.{game.name}"))
                assert ok, f"{path.relative_to(SRC)} imports {m}"
