"""``ninetynine serve``: run the browser app (FastAPI + uvicorn, the ``web`` extra)."""

from __future__ import annotations

import importlib.util
import math
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

WEB_PACKAGES = ("fastapi", "uvicorn", "sqlalchemy")
INSTALL_HINT = "pip install 'ninetynine[web]'"


def missing_web_packages() -> list[str]:
    """The packages of the ``web`` extra that cannot be imported."""
    return [p for p in WEB_PACKAGES if importlib.util.find_spec(p) is None]


def run_serve(
    host: str,
    port: int,
    database: str | None,
    bot_delay: float,
    limits: dict[str, Any] | None = None,
    workers: int = 1,
) -> None:
    """Serve until interrupted; exits with code 2 and the install command if the web extra
    is missing, and with code 2 and one line for a port outside 0-65535, a ``bot_delay`` that
    is negative or not finite, or a database the store cannot open. ``limits``: the fields
    of :class:`ninetynine.web.tables.Limits` to set. ``workers`` > 1: that many server
    processes on one address (uvicorn's workers share the listening socket), which needs a
    PostgreSQL database (exit code 2 otherwise)."""
    console = Console(stderr=True, highlight=False)
    missing = missing_web_packages()
    if missing:
        console.print(
            f"[bold red]error:[/] `ninetynine serve` needs {', '.join(missing)}; "
            f"install the web extra: {escape(INSTALL_HINT)}",
            soft_wrap=True,
        )
        raise typer.Exit(2)
    if not 0 <= bot_delay < math.inf:  # NaN too
        console.print(f"[bold red]error:[/] --bot-delay must be 0 or more, got {bot_delay}")
        raise typer.Exit(2)
    if not 0 <= port <= 65535:  # the socket layer would take 99999 as 99999 % 65536
        console.print(f"[bold red]error:[/] --port must be from 1 to 65535, got {port}")
        raise typer.Exit(2)
    import uvicorn

    from ninetynine.web.app import create_app
    from ninetynine.web.store import default_database_url

    url = database or default_database_url()
    from ninetynine.web.tables import Limits

    if workers > 1 and not url.startswith(("postgresql", "postgres")):
        console.print(
            f"[bold red]error:[/] --workers {workers} needs a PostgreSQL database (--db "
            "postgresql+psycopg://user:password@host/db): with SQLite one process holds "
            "every table",
            soft_wrap=True,
        )
        raise typer.Exit(2)
    problem = database_problem(url)
    if problem is not None:
        console.print(
            f"[bold red]error:[/] cannot open the database {escape(shown_url(url))}: "
            f"{escape(problem)}",
            soft_wrap=True,
        )
        raise typer.Exit(2)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    processes = f", {workers} server processes" if workers > 1 else ""
    console.print(
        f"ninetynine: open http://{shown}:{port}/  "
        f"(tables stored in {escape(shown_url(url))}{processes})",
        soft_wrap=True,
    )
    if workers > 1:
        import json
        import os

        from ninetynine.web.app import CONFIG_ENV

        os.environ[CONFIG_ENV] = json.dumps(
            {"database_url": url, "bot_delay": bot_delay, "limits": limits or {}}
        )
        uvicorn.run(
            "ninetynine.web.app:app_from_environment",
            factory=True,
            workers=workers,
            host=host,
            port=port,
            log_level="warning",
            access_log=False,
        )
        return
    app = create_app(url, bot_delay=bot_delay, limits=Limits(**(limits or {})), freeze_heap=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)


def shown_url(url: str) -> str:
    """``url`` as the start-up line prints it: a password in it replaced by ``***`` (a console
    is often shared, logged or screenshotted)."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy reads: create_app will say so
        return url


def database_problem(url: str) -> str | None:
    """Why the store cannot open ``url`` (its error's first line: not a URL, no such dialect
    or driver, no server there, ...), or ``None`` when it opens; checked once before serving,
    so a mistyped ``--db`` is one line and exit code 2 rather than a traceback."""
    from sqlalchemy.exc import SQLAlchemyError

    from ninetynine.web.store import Store

    try:
        Store(url).close()
    except (SQLAlchemyError, ImportError, OSError) as e:  # no driver module; a folder denied
        return (str(e).strip().splitlines() or [type(e).__name__])[0]
    return None
