"""``ninetynine serve`` without the web extra names the install command."""

from __future__ import annotations

from typer.testing import CliRunner

from ninetynine.cli import serve as serve_module
from ninetynine.cli.main import app


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch) -> None:
    monkeypatch.setattr(serve_module, "missing_web_packages", lambda: ["fastapi", "uvicorn"])
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2
    out = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert "pip install 'ninetynine[web]'" in out.replace("\n", "")


def test_serve_help_mentions_the_database_url() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--db" in result.output and "postgresql" in result.output


def test_serve_with_several_workers_needs_postgresql(tmp_path) -> None:
    result = CliRunner().invoke(
        app, ["serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}"]
    )
    assert result.exit_code == 2
    out = " ".join((result.output + (result.stderr if result.stderr_bytes else "")).split())
    assert "--workers 2 needs a PostgreSQL database" in out


def test_serve_help_explains_workers() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--workers" in result.output and "PostgreSQL" in " ".join(result.output.split())


def test_the_start_up_line_hides_a_database_password() -> None:
    from ninetynine.cli.serve import shown_url

    shown = shown_url("postgresql+psycopg://ann:s3cret@db.example/tables")
    assert "s3cret" not in shown
    assert shown == "postgresql+psycopg://ann:***@db.example/tables"
    assert shown_url("sqlite:///tables.db") == "sqlite:///tables.db"
    assert shown_url("not a url") == "not a url"
