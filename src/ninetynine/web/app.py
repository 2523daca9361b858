"""The FastAPI application: pages, the JSON API and the table WebSocket.

Errors become one JSON body ``{"error": message, "code": code}`` (HTTP) or one message
``{"type": "error", "code": code, "message": message}`` (WebSocket), in one place each; an
unexpected failure is logged on the server and the client gets ``internal error``, never a
traceback.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader
from starlette.exceptions import HTTPException as StarletteHTTPException

from ninetynine.core.errors import NinetyNineError
from ninetynine.core.presentation import presentation_class
from ninetynine.core.registry import agent_doc, game_class, levels, list_agents, list_games

from .sheet import MAX_ROW
from .store import Store
from .tables import LimitError, Limits, LiveTable, MoveError, SheetError, TableManager

log = logging.getLogger("ninetynine.web")

STATIC = Path(__file__).parent / "static"
#: The pages' templates: ``base.html`` (the head and the header bar every page shares) and
#: one per page (its title, subtitle and main; its script is ``static/<page>.js``).
PAGES = Path(__file__).parent / "pages"
#: Largest WebSocket / JSON body accepted (a move is a few dozen bytes).
MAX_MESSAGE = 16_384

_STATUS = {
    "bad_token": 403,
    "spectator": 403,
    "not_your_turn": 409,
    "stale": 409,
    "finished": 409,
    "illegal": 400,
    "bad_message": 400,
    "not_found": 404,
    "not_finished": 409,
}


#: What a game's own web folder (beside its presentation's ``web_drawing``) may serve.
WEB_ASSETS = frozenset({".js", ".css", ".svg", ".png", ".webp", ".jpg", ".json"})


def renderer_url(game_id: str) -> str:
    """The table drawing module for a game: ``static/games/<game id>.js`` if ninetynine has
    one; else the drawing the game's presentation ships (``Presentation.web_drawing``, a game
    from another package), served at ``/games/<game id>/<file>``; else the generic drawing
    (the game's own text board and its legal moves)."""
    if (STATIC / "games" / f"{game_id}.js").is_file():
        return f"/static/games/{game_id}.js"
    own = game_drawing(game_id)
    return f"/games/{game_id}/{own.name}" if own else "/static/games/generic.js"


def game_drawing(game_id: str) -> Path | None:
    """The browser drawing a game's presentation ships, if any (``None`` for an unknown
    game)."""
    if game_id not in list_games():
        return None
    return presentation_class(game_class(game_id).presentation_class).web_drawing_file()


def game_info(game_id: str) -> dict[str, Any]:
    """A game's facts for the lobby form: players, options (kind, default, choices), bots."""
    cls = game_class(game_id)
    options = []
    for spec in cls.option_specs.values():
        if spec.reads_files:  # the server takes only its default (tables.check_served_options)
            continue
        d = spec.default
        kind = "bool" if isinstance(d, bool) else "int" if isinstance(d, int) else "text"
        options.append(
            {
                "name": spec.name,
                "default": d if isinstance(d, bool | int | str) else json.dumps(d),
                "doc": spec.doc,
                "kind": kind,
                "choices": list(spec.choices) if spec.choices else None,
            }
        )
    return {
        "id": game_id,
        "title": cls.title or game_id,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "default_players": cls.default_players,
        "options": options,
        "agents": [{"name": a, "doc": agent_doc(a, game_id)} for a in list_agents(game_id)],
        "levels": [
            {"name": lv.name, "spec": lv.spec, "text": lv.describe()} for lv in levels(game_id)
        ],
        "renderer": renderer_url(game_id),
    }


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def parse_json(text: str | bytes, what: str) -> Any:
    """``json.loads(text)``, or a ``ValueError`` saying what is wrong with ``what`` (e.g.
    "the request body"): not JSON, or nested so deeply that the parser gives up (a
    ``RecursionError`` inside ``json``; 16 KB of brackets is enough)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(f"{what} is nested too deeply") from None
    except ValueError:
        raise ValueError(f"{what} is not valid JSON") from None


async def _json_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_MESSAGE:
        raise ApiError(413, "bad_message", "the request body is too large")
    try:
        data = parse_json(raw or b"{}", "the request body")
    except ValueError as e:
        raise ApiError(400, "bad_message", str(e)) from None
    if not isinstance(data, dict):
        raise ApiError(400, "bad_message", "the request body must be a JSON object")
    return data


def settle_heap() -> None:
    """Load every game, then hide every object that exists now from Python's cyclic garbage
    collector for good (``gc.freeze``): the modules, the games' tables, the app. They are
    never garbage, but every full collection walked all of them (85,000 objects: 130 ms on
    the 2 loaded cores of ``benchmarks/web_load.py``), in the middle of someone's move; now a
    full collection walks only what was made since. Objects made before that become garbage
    later are not reclaimed (there are next to none: start-up is done)."""
    for game_id in list_games():
        game_class(game_id)
    gc.collect()
    gc.freeze()


def create_app(
    database_url: str | None = None,
    bot_delay: float = 0.0,
    resume: bool = True,
    limits: Limits | None = None,
    freeze_heap: bool = False,
) -> FastAPI:
    """The web application.

    :param database_url: SQLAlchemy URL; ``None``: the SQLite file in the user data directory.
    :param bot_delay: seconds a bot waits before each move (so people can follow).
    :param resume: on start-up, let unfinished all-bot tables play on.
    :param limits: what the server allows (:class:`~ninetynine.web.tables.Limits`).
    :param freeze_heap: once started, :func:`settle_heap` (``ninetynine serve`` does: a
        process that serves only this app; not for an app among others, as in tests).
    """
    store = Store(database_url)
    manager = TableManager(store, bot_delay=bot_delay, limits=limits)

    async def close_idle_hourly() -> None:
        while True:
            await asyncio.sleep(3600)
            manager.close_idle()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> Any:
        manager.start_fanout()  # PostgreSQL: other server processes may share the tables
        if resume:
            manager.resume()
        else:
            manager.close_idle()
        janitor = asyncio.get_running_loop().create_task(close_idle_hourly())
        if freeze_heap:
            settle_heap()
        yield
        janitor.cancel()
        await manager.close()
        store.close()

    app = FastAPI(title="ninetynine", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.manager = manager
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- errors in one place ------------------------------------------------------------
    @app.exception_handler(ApiError)
    async def _api_error(_r: Request, e: ApiError) -> JSONResponse:
        return JSONResponse({"error": e.message, "code": e.code}, status_code=e.status)

    @app.exception_handler(MoveError)
    async def _move_error(_r: Request, e: MoveError) -> JSONResponse:
        return JSONResponse({"error": str(e), "code": e.code}, status_code=_STATUS.get(e.code, 400))

    @app.exception_handler(LimitError)
    async def _limit_error(_r: Request, e: LimitError) -> JSONResponse:
        return JSONResponse({"error": str(e), "code": "limit"}, status_code=429)

    @app.exception_handler(NinetyNineError)
    async def _lib_error(_r: Request, e: NinetyNineError) -> JSONResponse:
        return JSONResponse({"error": str(e), "code": "bad_request"}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def _validation(_r: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()))
        msg = f"{where}: {first.get('msg', 'invalid request')}"
        return JSONResponse({"error": msg, "code": "bad_request"}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_r: Request, e: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(e.detail), "code": "http"}, status_code=e.status_code)

    @app.exception_handler(Exception)
    async def _internal(_r: Request, e: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=e)
        return JSONResponse({"error": "internal error", "code": "internal"}, status_code=500)

    @app.middleware("http")
    async def _headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        # Invite links carry the seat token in the path: never send it on as a Referer.
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Cache-Control"] = "no-store"
        return response

    # -- pages --------------------------------------------------------------------------
    templates = Environment(
        loader=FileSystemLoader(PAGES),
        autoescape=True,
        trim_blocks=True,
        keep_trailing_newline=True,
    )
    pages = {
        name: templates.get_template(f"{name}.html").render(page=name)
        for name in ("lobby", "table", "replay", "sheet")
    }

    def page(name: str) -> HTMLResponse:
        return HTMLResponse(pages[name])

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return page("lobby")

    @app.get("/play/{table_id}/{token}", include_in_schema=False)
    async def play_page(table_id: str, token: str) -> HTMLResponse:
        return page("table")

    @app.get("/watch/{table_id}", include_in_schema=False)
    async def watch_page(table_id: str) -> HTMLResponse:
        return page("table")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> HTMLResponse:
        return page("replay")

    @app.get("/sheet/{sheet_id}", include_in_schema=False)
    async def sheet_page(sheet_id: str) -> HTMLResponse:
        return page("sheet")

    @app.get("/sheet/{sheet_id}/{token}", include_in_schema=False)
    async def sheet_edit_page(sheet_id: str, token: str) -> HTMLResponse:
        return page("sheet")

    # -- games --------------------------------------------------------------------------
    @app.get("/games/{game_id}/{name}", include_in_schema=False)
    async def game_asset(game_id: str, name: str) -> FileResponse:
        """A file beside a game's own browser drawing (``Presentation.web_drawing``): the
        drawing itself and what it loads (styles, images)."""
        drawing = game_drawing(game_id)
        path = drawing.parent / name if drawing else None
        if (
            path is None
            or name.startswith(".")
            or path.suffix not in WEB_ASSETS
            or not path.is_file()
        ):
            raise ApiError(404, "not_found", f"no file {name!r} for game {game_id!r}")
        return FileResponse(path)

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [game_info(g) for g in list_games()]

    @app.get("/api/games/{game_id}/rules")
    async def rules(game_id: str) -> PlainTextResponse:
        from ninetynine.core.registry import load_game

        return PlainTextResponse(load_game(game_id).rules_summary())

    # -- tables -------------------------------------------------------------------------
    def table_or_404(table_id: str) -> LiveTable:
        table = manager.get(table_id)
        if table is None:
            raise ApiError(404, "not_found", f"there is no table {table_id!r}")
        return table

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        """Body: ``{"game": id, "players": n, "options": {...}, "seats": ["human", "greedy"],
        "names": [...], "seed": n, "spectator_chat": false, "turn_seconds": n}`` (all but
        ``game`` optional)."""
        body = await _json_body(request)
        game_id = body.get("game")
        if not isinstance(game_id, str):
            raise ApiError(400, "bad_request", 'choose a game: "game": "warp99"')
        players = body.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise ApiError(400, "bad_request", "players must be a whole number")
        seats = body.get("seats")
        if seats is not None and not (
            isinstance(seats, list) and all(isinstance(s, str) for s in seats)
        ):
            raise ApiError(400, "bad_request", 'seats must be a list like ["human", "greedy"]')
        names = body.get("names")
        if names is not None and not isinstance(names, list):
            raise ApiError(400, "bad_request", "names must be a list of texts")
        seed = body.get("seed")
        settings: dict[str, Any] = {}
        for key in ("spectator_chat", "turn_seconds"):
            if key in body:
                settings[key] = body[key]
        created = manager.create(
            game_id, players, body.get("options") or {}, seats, names, seed, settings
        )
        table = table_or_404(created.id)
        table.schedule_bots()
        return {
            "id": created.id,
            "watch": f"/watch/{created.id}",
            "seats": [
                {
                    "seat": i,
                    "name": table.names[i],
                    "kind": "human" if tok else "bot",
                    "invite": f"/play/{created.id}/{tok}" if tok else None,
                    "token": tok,
                }
                for i, tok in enumerate(created.tokens)
            ],
        }

    @app.get("/api/tables")
    async def tables(status: str | None = None) -> list[dict[str, Any]]:
        if status not in (None, "open", "finished"):
            raise ApiError(400, "bad_request", "status is open or finished")
        return manager.summaries(status)

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str) -> dict[str, Any]:
        table = table_or_404(table_id)
        return {**table.summary(), "renderer": renderer_url(table.game.game_id)}

    @app.get("/api/tables/{table_id}/view")
    async def table_view(table_id: str, token: str | None = None) -> dict[str, Any]:
        table = table_or_404(table_id)
        return table.view(table.seat_of(token))

    @app.post("/api/tables/{table_id}/moves")
    async def table_move(table_id: str, request: Request) -> dict[str, Any]:
        """Body: ``{"token": seat token, "action": id | "notation": text, "version": n}``;
        returns the seat's new view."""
        table = table_or_404(table_id)
        body = await _json_body(request)
        if not body.get("token"):
            raise ApiError(
                400, "bad_request", "a move needs your seat's token (from its invite link)"
            )
        seat = table.seat_of(body.get("token"))
        await table.play(seat, body)
        return table.view(seat)

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str) -> PlainTextResponse:
        table = table_or_404(table_id)
        if not table.finished:
            # The record names the seed, which replays every hidden card.
            raise ApiError(409, "not_finished", "the record is available when the game is over")
        name = f"{table.game.game_id}-{table.id}.txt"
        return PlainTextResponse(
            table.record().to_text(),
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    def replay_or_error(table_id: str) -> Any:
        try:
            return manager.replay(table_id)
        except KeyError:
            raise ApiError(404, "not_found", f"there is no table {table_id!r}") from None

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str) -> dict[str, Any]:
        """A finished game's moves (notation, seat, events) and facts; 404 unknown table,
        409 ``not_finished`` while it is played (the replay shows every hand)."""
        replay = replay_or_error(table_id)
        return {
            "table": table_id,
            **replay.outline(),
            "renderer": renderer_url(replay.game.game_id),
        }

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def table_replay_step(
        table_id: str, step: int, seat: str | None = None
    ) -> dict[str, Any]:
        """Step ``step`` (0: the deal) of a finished game, drawn for ``seat`` (a seat number;
        none or ``spectator``: the public view), with every seat's text board."""
        replay = replay_or_error(table_id)
        if seat in (None, "", "spectator"):
            who: int | None = None
        else:
            try:
                who = int(str(seat))
            except ValueError:
                raise ApiError(400, "bad_request", "seat is a seat number or spectator") from None
        try:
            return {"table": table_id, **replay.step(step, who)}
        except (IndexError, ValueError) as e:
            raise ApiError(400, "bad_request", str(e)) from None

    @app.post("/api/tables/{table_id}/rematch")
    async def table_rematch(table_id: str, request: Request) -> dict[str, Any]:
        """Body: ``{"token": seat token}``: the rematch of a finished table (same seats, the
        same invite tokens, a new deal drawn by the server); the same one for every seat that
        asks. 400 without a token, 403 a bad one, 404 unknown, 409 a game still played."""
        table_or_404(table_id)
        body = await _json_body(request)
        token = body.get("token")
        if not token:
            raise ApiError(400, "bad_request", "a rematch needs your seat's token")
        seat = table_or_404(table_id).seat_of(token)
        try:
            new_id = await manager.start_rematch(table_id, seat)
        except KeyError:
            raise ApiError(404, "not_found", f"there is no table {table_id!r}") from None
        return {"id": new_id, "play": f"/play/{new_id}/{token}", "watch": f"/watch/{new_id}"}

    @app.post("/api/tables/{table_id}/analysis", status_code=202)
    async def table_analysis(table_id: str, request: Request) -> dict[str, Any]:
        """Body: ``{"step": k, "games": n}``: analyse step ``k`` of a finished game for its
        seat to move (suggestions, then ``n`` greedy games per move); poll
        ``GET /api/analysis/{id}``. 404 unknown table, 409 a live game, 429 too many running."""
        body = await _json_body(request)
        try:
            job = manager.start_analysis(table_id, body.get("step"), body.get("games"))
        except KeyError:
            raise ApiError(404, "not_found", f"there is no table {table_id!r}") from None
        return job.to_json()

    @app.get("/api/analysis/{job_id}")
    async def analysis_progress(job_id: str) -> dict[str, Any]:
        job = manager.analysis(job_id)
        if job is None:
            raise ApiError(404, "not_found", f"there is no analysis {job_id!r}")
        return job

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            table = manager.get(table_id)
        except NinetyNineError as e:  # made with a version of the game that no longer replays
            await _ws_error(websocket, "bad_request", str(e))
            await websocket.close(code=4409)
            return
        if table is None:
            await _ws_error(websocket, "not_found", f"there is no table {table_id!r}")
            await websocket.close(code=4404)
            return
        try:
            seat = table.seat_of(websocket.query_params.get("token"))
        except MoveError as e:
            await _ws_error(websocket, e.code, str(e))
            await websocket.close(code=4403)
            return
        conn = await table.join(websocket, seat)
        try:
            while True:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                await _ws_message(websocket, table, seat, msg.get("text"))
        except Exception as e:  # the socket broke: the seat is away, nothing else changes
            log.debug("table %s: connection closed: %r", table_id, e)
        finally:
            await table.leave(conn)

    # -- score sheets -------------------------------------------------------------------
    def sheet_or_404(sheet_id: str) -> Any:
        found = manager.load_sheet(sheet_id)
        if found is None:
            raise ApiError(404, "not_found", f"there is no score sheet {sheet_id!r}")
        return found[0]

    @app.post("/api/sheets", status_code=201)
    async def create_sheet(request: Request) -> dict[str, Any]:
        """Body: ``{"game": "warp99", "names": ["Ann", "Bo"], "handicap": "standard"}``."""
        body = await _json_body(request)
        created = manager.create_sheet(
            str(body.get("game", "warp99")), body.get("names") or [], body.get("handicap")
        )
        token = created.tokens[0]
        return {
            "id": created.id,
            "token": token,
            "edit": f"/sheet/{created.id}/{token}",
            "view": f"/sheet/{created.id}",
        }

    @app.get("/api/sheets/{sheet_id}")
    async def get_sheet(sheet_id: str) -> dict[str, Any]:
        return {"id": sheet_id, **sheet_or_404(sheet_id).to_view()}

    @app.post("/api/sheets/{sheet_id}/entries")
    async def sheet_entry(sheet_id: str, request: Request) -> dict[str, Any]:
        """Body: ``{"token", "player": i, "row": n}`` or ``{"token", "player", "deck": true}``."""
        body = await _json_body(request)
        if body.get("deck") is True:
            action: Any = 0
        elif "row" in body:
            action = body["row"]
            # a row is a whole number of cards 1..10; 0 would read as DECK_EMPTIED
            if isinstance(action, bool) or not isinstance(action, int) or action < 1:
                raise ApiError(400, "bad_entry", f"a row has 1 to {MAX_ROW} cards, not {action!r}")
        else:
            raise ApiError(400, "bad_request", 'an entry is {"row": n} or {"deck": true}')
        try:
            sheet = manager.sheet_entry(sheet_id, body.get("token", ""), body.get("player"), action)
        except KeyError:
            raise ApiError(404, "not_found", f"there is no score sheet {sheet_id!r}") from None
        except SheetError as e:
            raise ApiError(400, "bad_entry", str(e)) from None
        return {"id": sheet_id, **sheet.to_view()}

    @app.post("/api/sheets/{sheet_id}/undo")
    async def sheet_undo(sheet_id: str, request: Request) -> dict[str, Any]:
        body = await _json_body(request)
        try:
            sheet = manager.sheet_undo(sheet_id, body.get("token", ""))
        except KeyError:
            raise ApiError(404, "not_found", f"there is no score sheet {sheet_id!r}") from None
        except SheetError as e:
            raise ApiError(400, "bad_entry", str(e)) from None
        return {"id": sheet_id, **sheet.to_view()}

    return app


#: The environment variable through which ``ninetynine serve --workers N`` hands its settings
#: to each worker process (JSON: ``database_url``, ``bot_delay``, ``limits``).
CONFIG_ENV = "NINETYNINE_SERVE_CONFIG"


def app_from_environment() -> FastAPI:
    """The application of one worker process of ``ninetynine serve --workers N`` (uvicorn's
    app factory): :func:`create_app` with the settings in :data:`CONFIG_ENV`."""
    config = json.loads(os.environ.get(CONFIG_ENV) or "{}")
    return create_app(
        config.get("database_url"),
        bot_delay=float(config.get("bot_delay", 0.0)),
        limits=Limits(**config.get("limits", {})),
        freeze_heap=True,
    )


async def _ws_error(websocket: WebSocket, code: str, message: str) -> None:
    await websocket.send_json({"type": "error", "code": code, "message": message})


async def _ws_message(websocket: WebSocket, table: Any, seat: int | None, text: Any) -> None:
    """Handle one client message; every failure is answered with an error message."""
    try:
        if not isinstance(text, str):
            raise MoveError("bad_message", "send JSON text messages")
        if len(text) > MAX_MESSAGE:
            raise MoveError("bad_message", "message too large")
        try:
            msg = parse_json(text, "the message")
        except ValueError as e:
            raise MoveError("bad_message", str(e)) from None
        if not isinstance(msg, dict):
            raise MoveError("bad_message", 'a message is a JSON object with a "type"')
        kind = msg.get("type")
        if kind == "move":
            await table.play(seat, msg)
        elif kind == "hint":
            await websocket.send_json({"type": "hint", "text": await table.hint(seat)})
        elif kind == "refresh":
            await websocket.send_json(table.view(seat))
        elif kind == "chat":
            await table.say(seat, msg.get("text"))
        else:
            raise MoveError(
                "bad_message", f"unknown message type {kind!r} (move, hint, refresh, chat)"
            )
    except MoveError as e:
        await _ws_error(websocket, e.code, str(e))
        if e.code == "stale":
            await websocket.send_json(table.view(seat))
    except Exception:
        log.exception("table %s: internal error", table.id)
        await _ws_error(websocket, "internal", "internal error")
