"""Hidden information over the wire: every message a seat's connection receives, scanned.

A whole game is played between bots with a person's seat connected (the test plays that seat
from the messages alone), and a spectator connected. Afterwards the game is replayed from its
record, and every message is checked against the true state at its version:

- a view holds only the known fields, and its observation is exactly ``observation(seat)``
  (the spectator's: ``observation(None)``); its legal moves and text board are built from it;
- the seed (which replays every hand) appears in no message before the game is over;
- Warp 99 / Ninety Nine: no card the seat has not seen (another hand, a personal deck, the
  reserve) appears anywhere in the text of any message, in notation (``R7``).
"""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

import ninetynine
from ninetynine.core.rng import Rng
from ninetynine.games.warp99.cards import format_card

from .conftest import new_table

VIEW_KEYS = {
    "type",
    "table",
    "game",
    "seat",
    "version",
    "current_player",
    "names",
    "bots",
    "present",
    "observation",
    "board_text",
    "legal",
    "log",
    "terminal",
    "has_hint",
}
END_KEYS = {"result", "returns", "scores"}
SEED = 9_876_543_210_123
CARD = re.compile(r"(?<![A-Za-z0-9])([RYGALPOBTK](?:10|[0-9]))(?![0-9])")


def _play(client, game_id: str, n: int) -> tuple[dict, list[str], list[str]]:
    t = new_table(
        client, game=game_id, players=n, seats=["human"] + ["greedy"] * (n - 1), seed=SEED
    )
    tid, token = t["id"], t["seats"][0]["token"]
    rng = Rng(5)
    mine: list[str] = []
    public: list[str] = []
    acted = -1
    with (
        client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws,
        client.websocket_connect(f"/ws/tables/{tid}") as spectator,
    ):
        while True:
            text = ws.receive_text()
            mine.append(text)
            msg = json.loads(text)
            if msg["type"] == "state" and msg["terminal"]:
                break
            if msg["type"] == "state" and msg["legal"] and msg["version"] > acted:
                acted = msg["version"]
                if msg["has_hint"] and rng.randbelow(4) == 0:
                    ws.send_json({"type": "hint"})
                pick = msg["legal"][rng.randbelow(len(msg["legal"]))]
                ws.send_json({"type": "move", "action": pick["id"], "version": msg["version"]})
        while True:
            text = spectator.receive_text()
            public.append(text)
            if json.loads(text)["terminal"]:
                break
    return t, mine, public


def _states(client, tid: str):
    record = ninetynine.parse_record(client.get(f"/api/tables/{tid}/record").text)
    return [st.clone() for st, _ in record.replay()]


def _check_views(messages, states, seat, tid) -> None:
    game = states[0].game
    for text in messages:
        msg = json.loads(text)
        if msg["type"] == "hint":
            continue
        assert msg["type"] == "state", msg
        st = states[msg["version"]]
        keys = VIEW_KEYS | (END_KEYS if msg["terminal"] else set())
        assert set(msg) == keys
        assert msg["seat"] == seat and msg["table"] == tid
        assert msg["observation"] == st.observation(seat)
        assert msg["board_text"] == game.render_observation(
            msg["observation"], markup=False, names=msg["names"]
        )
        if seat is not None and st.current_player() == seat and not st.is_terminal():
            assert [m["id"] for m in msg["legal"]] == st.legal_actions()
        else:
            assert msg["legal"] == []
        if not msg["terminal"]:
            assert str(SEED) not in text


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_no_message_holds_what_its_seat_may_not_see(client, game_id: str) -> None:
    n = 3 if game_id in ("warp99", "ninetynine", "tripwire") else 4
    t, mine, public = _play(client, game_id, n)
    states = _states(client, t["id"])
    assert states[-1].is_terminal()
    _check_views(mine, states, 0, t["id"])
    _check_views(public, states, None, t["id"])
    if game_id in ("warp99", "ninetynine"):
        _scan_cards(mine, states, 0, t["id"])
        _scan_cards(public, states, None, t["id"])


def _seen(obs: dict) -> set[str]:
    cards = set(obs.get("hand", []))
    for group in ("piles", "rows", "revealed"):
        for part in obs[group]:
            cards.update(part)
    cards.update(obs["reserve_discard"])
    return {format_card(c) for c in cards}


def _scan_cards(messages, states, seat, tid) -> None:
    """Every card named in a message was visible to the seat at that point or before."""
    seen: set[str] = set()
    version_seen = -1
    hidden_checked = 0
    for text in messages:
        msg = json.loads(text)
        if msg["type"] == "state":
            for v in range(version_seen + 1, msg["version"] + 1):
                seen |= _seen(states[v].observation(seat))
            version_seen = max(version_seen, msg["version"])
        st = states[max(version_seen, 0)]
        full = json.loads(st.to_json())
        others = {format_card(c) for p, h in enumerate(full["hands"]) if p != seat for c in h}
        others |= {format_card(c) for d in full["decks"] for c in d}
        others |= {format_card(c) for c in full["reserve"]}
        named = set(CARD.findall(text.replace(tid, "")))
        leaked = (named & others) - seen
        assert not leaked, f"seat {seat} was sent hidden cards {sorted(leaked)}: {text[:300]}"
        assert named <= seen, sorted(named - seen)
        hidden_checked += len(others)
    assert hidden_checked > 0
