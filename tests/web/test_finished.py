"""Finished tables are cheap: a finished game nobody watches leaves the server's memory, the
lobby lists it from the store, and opening it again replays it wording only the moves its log
shows; what a viewer sees is the same as before."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from ninetynine.web import tables as tables_module

from .conftest import my_turn_or_over, new_table, play_first_moves, receive_until


def _wait_finished(client, tid: str) -> dict:
    for _ in range(600):
        summary = client.get(f"/api/tables/{tid}").json()
        if summary["status"] == "finished":
            return summary
        time.sleep(0.02)
    raise AssertionError("the bots did not finish")


def test_a_finished_bot_game_leaves_memory_and_stays_listed(client) -> None:
    manager = client.app.state.manager
    t = new_table(client, game="sixto", players=2, seats=["greedy", "greedy"], seed=5)
    summary = _wait_finished(client, t["id"])
    assert summary["result"].endswith("wins") or summary["result"] == "draw"
    assert t["id"] not in manager.tables
    listed = client.get("/api/tables", params={"status": "finished"}).json()
    row = next(r for r in listed if r["id"] == t["id"])
    assert row["status"] == "finished" and row["result"] == summary["result"]
    assert client.get(f"/api/tables/{t['id']}/record").status_code == 200
    assert client.get(f"/api/tables/{t['id']}/view").json()["terminal"]
    assert t["id"] not in manager.tables  # reading it did not keep it


def test_a_reopened_finished_game_shows_what_it_showed_live(client, monkeypatch) -> None:
    manager = client.app.state.manager
    t = new_table(client, game="sixto", players=2, seats=["human", "greedy"], seed=6)
    tid, token = t["id"], t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        live = play_first_moves(ws)
        assert tid in manager.tables  # watched: kept
    for _ in range(100):  # the socket closes on the server's side shortly after
        if tid not in manager.tables:
            break
        time.sleep(0.02)
    assert tid not in manager.tables
    assert live["version"] > tables_module.LOG_TAIL
    worded = []
    game_class = type(manager.get(tid).game)
    original = game_class.describe_events

    def counting(self, *args, **kwargs):
        worded.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(game_class, "describe_events", counting)
    again = client.get(f"/api/tables/{tid}/view", params={"token": token}).json()
    assert len(worded) == tables_module.LOG_TAIL
    assert again["log"] == live["log"] and again["observation"] == live["observation"]
    assert again["board_text"] == live["board_text"] and again["result"] == live["result"]


def test_a_failing_bot_plays_random_legal_moves_and_the_game_ends(client, monkeypatch) -> None:
    """A bot bug must not freeze a table: each failed move is logged and replaced by a random
    legal move, and the game goes on to its end."""
    calls = {"n": 0}

    def broken(self, observation, legal_actions):  # a greedy bot that raises every third move
        calls["n"] += 1
        if calls["n"] % 3 == 0:
            raise RuntimeError("bot bug")
        return legal_actions[0]

    from ninetynine.games.warp99.heuristics import GreedyAgent

    monkeypatch.setattr(GreedyAgent, "step", broken)
    failures_seen = []
    original = tables_module.LiveTable._commit

    def spy(self, seat, action):
        failures_seen.append(self.bot_failures)
        return original(self, seat, action)

    monkeypatch.setattr(tables_module.LiveTable, "_commit", spy)
    manager = client.app.state.manager
    t = new_table(client, game="warp99", players=2, seats=["greedy", "greedy"], seed=8)
    summary = _wait_finished(client, t["id"])
    assert summary["status"] == "finished"
    assert calls["n"] >= 3 and max(failures_seen) >= 1
    assert t["id"] not in manager.tables


def test_a_failure_after_a_bot_move_went_in_plays_no_second_move(client, monkeypatch) -> None:
    """The random stand-in move is for a bot that did not move: when what fails comes after
    the bot's move was made (here the table's change hook, as the turn passes to the human),
    no move is played for the seat that is now to act."""
    commits: list[tuple[int, int]] = []
    original = tables_module.LiveTable._commit

    def spy(self, seat, action):
        commits.append((seat, self.state.current_player()))
        return original(self, seat, action)

    def settle(self, table):  # fails once, when the turn passes to the human
        if table.state.current_player() == 1 and not failed:
            failed.append(True)
            raise RuntimeError("hook bug")

    failed: list[bool] = []
    monkeypatch.setattr(tables_module.LiveTable, "_commit", spy)
    monkeypatch.setattr(tables_module.TableManager, "_settle", settle)
    t = new_table(client, game="warp99", players=2, seats=["greedy", "human"], seed=3)
    tid, token = t["id"], t["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        msg = receive_until(ws, my_turn_or_over)[-1]
    assert failed and not msg["terminal"]
    assert commits and all(seat == to_move for seat, to_move in commits), commits
    table = client.app.state.manager.tables[tid]
    assert table.state.current_player() == 1 and table.bot_failures == 0
