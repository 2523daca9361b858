"""Hidden information over the wire: every message a seat's connection receives, scanned.

A whole game is played between bots with a person's seat connected (the test plays that seat
from the messages alone), and a spectator connected. Afterwards the game is replayed from its
record, and every message is checked against the true state at its version:

- a view holds only the known fields, and its observation is exactly ``observation(seat)``
  (the spectator's: ``observation(None)``); its legal moves, text board and drawing facts are
  built from it;
- the seed (which replays every hand) appears in no message before the game is over;
- the replay (``/api/tables/{id}/replay``, every hand open) and its analysis are refused while
  the game is played;
- Warp 99 / Ninety Nine: no card the seat has not seen (another hand, a personal deck, the
  reserve) appears anywhere in the text of any message, in notation (``R7``);
- Sixto / 99 Heroes (moves made in secret): while ``known_history`` hides another seat's move
  from the seat, the move log shows it in its public wording (a hero placed face-down:
  ``hero-placed``) or as ``(chosen in secret)`` (Sixto's marks for a roll), and in notation
  once revealed; no face-down hero of another seat is named anywhere before the reveal.
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

SECRET_MOVE = "(chosen in secret)"

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
    "drawing",
    "legal",
    "log",
    "terminal",
    "has_hint",
    "fixed_deal",  # a bool: the creator chose the seed (told to all, never the seed)
    "rematch",  # the id of the rematch table once a seat started one (else null)
    "turn_seconds",  # the table's turn timer (null: none)
    "turn_left",  # seconds left for the person to move (null: no timer runs)
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
                if acted < 0:  # while the game is played, its replay shows nothing
                    for path in ("replay", "replay/0", "replay/0?seat=1"):
                        r = client.get(f"/api/tables/{tid}/{path}")
                        assert r.status_code == 409 and str(SEED) not in r.text, path
                        assert "observation" not in r.text and "boards" not in r.text
                    r = client.post(f"/api/tables/{tid}/analysis", json={"step": 0})
                    assert r.status_code == 409 and "candidates" not in r.text
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
        ids = [m["id"] for m in msg["legal"]]
        assert msg["drawing"] == json.loads(json.dumps(game.drawing_facts(msg["observation"], ids)))
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


@pytest.mark.parametrize(("game_id", "n"), [("sixto", 3), ("heroes99", 2), ("heroes99", 3)])
def test_secret_moves_stay_secret_in_the_move_log(client, game_id: str, n: int) -> None:
    t, mine, public = _play(client, game_id, n)
    states = _states(client, t["id"])
    final = states[-1]
    assert final.is_terminal()
    hidden_mine = _check_log(mine, states, 0)
    hidden_public = _check_log(public, states, None)
    # the check saw secrets: other seats' moves sent before they were revealed
    assert hidden_mine > 0 and hidden_public > hidden_mine
    if game_id == "heroes99":
        assert _scan_heroes(mine, states, 0) > 0
        assert _scan_heroes(public, states, None) > 0


def _check_log(messages, states, seat) -> int:
    """Every log entry of every state message, worded as ``seat`` may know it at that
    version; returns how many entries hid the move's notation."""
    history = states[-1].history()
    hidden = 0
    for text in messages:
        msg = json.loads(text)
        if msg["type"] != "state":
            continue
        now = states[msg["version"]]
        known = now.known_history(seat)
        assert [e["n"] for e in msg["log"]] == list(
            range(max(1, msg["version"] - len(msg["log"]) + 1), msg["version"] + 1)
        )
        for e in msg["log"]:
            i = e["n"] - 1
            before, action = states[i], history[i]
            assert set(e) == {"n", "seat", "move", "events"}
            assert e["seat"] == before.current_player()
            full = before.action_to_string(action)
            if e["seat"] == seat or known[i] is not None:  # its own, or revealed to it
                assert e["move"] == full
                continue
            public = before.public_action_string(action)
            expected = public if public != full else SECRET_MOVE
            assert e["move"] == expected, (seat, msg["version"], e, full)
            hidden += 1
    return hidden


def _scan_heroes(messages, states, seat) -> int:
    """Before the reveal no message (but its legal moves and the roster in the text board and
    the drawing facts) names a hero another seat placed face-down (unless the seat placed the same
    hero itself); returns how many messages were scanned
    with such heroes on the table."""
    roster = states[0].game.roster
    scanned = 0
    for text in messages:
        msg = json.loads(text)
        if msg["type"] != "state":
            continue
        full = json.loads(states[msg["version"]].to_json())
        if full["revealed"]:
            continue
        own = set(full["heroes"][seat]) if seat is not None else set()
        theirs = {
            h for q, row in enumerate(full["heroes"]) if q != seat for h in row if h >= 0
        } - own
        if not theirs:
            continue
        scanned += 1
        # the legal placements and the roster (text board, drawing facts) name every hero
        drawing = {k: v for k, v in msg["drawing"].items() if k != "heroes"}
        assert set(msg["drawing"]["heroes"]) == set(roster.ids)
        rest = {k: v for k, v in msg.items() if k not in ("legal", "board_text", "drawing")}
        body = json.dumps([rest, drawing]).lower()
        for h in theirs:
            hero = roster.heroes[h]
            for word in (hero.id, hero.name):
                assert word.lower() not in body, f"{word} (face-down) sent to seat {seat}"
    return scanned
