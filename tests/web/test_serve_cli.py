"""``ninetynine serve`` without the web extra names the install command."""

from __future__ import annotations

import pytest
import typer
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


def _served(monkeypatch) -> list[dict]:
    """uvicorn.run replaced by a recorder: a test sees whether serving would have begun."""
    runs: list[dict] = []
    monkeypatch.setattr("uvicorn.run", lambda *a, **kw: runs.append(kw))
    return runs


def _error(result) -> str:
    return " ".join((result.output + (result.stderr if result.stderr_bytes else "")).split())


def test_serve_refuses_a_port_out_of_range(monkeypatch, tmp_path) -> None:
    # 99999 was taken: the socket layer listened on 99999 % 65536 = 34463, the line said 99999
    runs = _served(monkeypatch)
    db = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    for port in ("99999", "65536", "-1", "0"):
        result = CliRunner().invoke(app, ["serve", "--port", port, "--db", db])
        assert result.exit_code == 2, (port, result.output)
        assert "--port" in _error(result)
    assert runs == []
    with pytest.raises(typer.Exit):
        serve_module.run_serve("127.0.0.1", 70000, db, 0.0)
    assert runs == []


def test_serve_refuses_a_bot_delay_that_is_not_a_number(monkeypatch, tmp_path) -> None:
    runs = _served(monkeypatch)
    db = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    for delay in ("nan", "inf", "-1"):
        result = CliRunner().invoke(app, ["serve", "--bot-delay", delay, "--db", db])
        assert result.exit_code == 2, (delay, result.output)
        assert "--bot-delay must be 0 or more" in _error(result)
    assert runs == []


@pytest.mark.parametrize(
    "url", ["not a url", "nonsense://x", "postgresql+psycopg://u:s3cret@127.0.0.1:1/db"]
)
def test_serve_with_a_database_it_cannot_open_says_so_in_one_line(monkeypatch, url) -> None:
    runs = _served(monkeypatch)
    result = CliRunner().invoke(app, ["serve", "--db", url])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    out = _error(result)
    assert "error: cannot open the database" in out and "Traceback" not in out
    assert "s3cret" not in out
    assert runs == []
