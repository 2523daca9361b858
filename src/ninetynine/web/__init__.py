"""The browser app: ``ninetynine serve`` (the ``web`` extra: ``pip install 'ninetynine[web]'``).

| piece | where |
| --- | --- |
| pages, JSON API, WebSocket | :mod:`ninetynine.web.app` (:func:`create_app`) |
| live tables, seats, bots, views | :mod:`ninetynine.web.tables` |
| persistence (SQLAlchemy: an SQLite file, or PostgreSQL by URL) | :mod:`ninetynine.web.store` |
| processes sharing PostgreSQL (``NOTIFY``, bot leases) | :mod:`ninetynine.web.fanout` |
| the paper score sheet companion | :mod:`ninetynine.web.sheet` |
| front end (plain HTML/CSS/ES modules, no build step) | ``web/static/`` |
| one table drawing per game id | ``web/static/games/<game id>.js``, else ``generic.js`` |

The server is authoritative: every move is checked by the engine; a connection only ever
receives views built from ``state.observation(its seat)`` (spectators: ``observation(None)``).

## HTTP
- ``GET /`` lobby; ``GET /play/{table}/{token}`` a seat; ``GET /watch/{table}`` spectators;
  ``GET /sheet/{id}[/{token}]`` a score sheet (read-only without the token).
- ``GET /api/games``; ``POST /api/tables`` ``{game, players, options, seats, names, seed}``
  -> ``{id, watch, seats: [{seat, invite, token}]}``; ``GET /api/tables[?status=open|finished]``;
  ``GET /api/tables/{id}``; ``GET /api/tables/{id}/view?token=``; ``POST /api/tables/{id}/moves``
  ``{token, action | notation, version}``; ``GET /api/tables/{id}/record`` (finished games).
- ``POST /api/sheets`` ``{game, names, handicap}``; ``GET /api/sheets/{id}``;
  ``POST /api/sheets/{id}/entries`` ``{token, player, row | deck}``; ``POST /api/sheets/{id}/undo``.

Errors: ``{"error": message, "code": code}`` with a 4xx status.

## WebSocket ``/ws/tables/{table}?token=...``
Server -> client: ``{"type": "state", seat, version, current_player, names, bots, present,
observation, board_text, drawing, legal: [{id, text}], log: [{n, seat, move, events}],
terminal, has_hint}`` (plus ``result, returns, scores`` once over) on every change; ``drawing``
is ``Game.drawing_facts(observation, legal ids)``; a log ``move`` another seat made in secret
reads as its public wording or ``(chosen in secret)`` until revealed; ``{"type": "hint",
text}``; ``{"type": "error", code, message}``. Client -> server: ``{"type": "move", "action": id
| "notation": text, "version": n}``, ``{"type": "hint"}``, ``{"type": "refresh"}``.
"""

from __future__ import annotations

from typing import Any


def create_app(*args: Any, **kwargs: Any) -> Any:
    """:func:`ninetynine.web.app.create_app` (imported lazily: it needs the web extra)."""
    from .app import create_app as _create_app

    return _create_app(*args, **kwargs)
