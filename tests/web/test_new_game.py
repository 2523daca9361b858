"""A game that lands later works in the browser at once: the generic table drawing (its text
board and its legal moves), bots, records, with nothing written for it in the web app."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

from ninetynine.core import registry
from ninetynine.core.errors import IllegalActionError, NotationError
from ninetynine.core.game import TERMINAL, Game, State
from ninetynine.core.rng import Rng

from .conftest import my_turn_or_over, new_table, receive_until


class RaceGame(Game):
    """Add 1 or 2 in turn; whoever reaches 7 wins. Nothing hidden."""

    game_id = "web-test-race"
    title = "Race to 7 (a test game)"
    min_players = max_players = default_players = 2
    option_specs: ClassVar[dict[str, Any]] = {}

    @property
    def num_distinct_actions(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 7

    def new_initial_state(self, seed: int | None = None) -> RaceState:
        return RaceState(self, seed or 0, [])

    def state_from_dict(self, data: Any) -> RaceState:
        return RaceState(self, data["seed"], list(data["history"]))


class RaceState(State):
    def __init__(self, game: RaceGame, seed: int, history: list[int]) -> None:
        self.game, self.seed, self.rng, self._h = game, seed, Rng(seed), list(history)

    def _total(self) -> int:
        return sum(a + 1 for a in self._h)

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else len(self._h) % 2

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [a for a in (0, 1) if self._total() + a + 1 <= 7]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not legal")
        self._h.append(action)

    def action_to_string(self, action: int) -> str:
        return f"+{action + 1}"

    def string_to_action(self, text: str) -> int:
        if text not in ("+1", "+2"):
            raise NotationError(f"not a move: {text!r}")
        return int(text[1]) - 1

    def is_terminal(self) -> bool:
        return self._total() >= 7

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        w = (len(self._h) - 1) % 2
        return [1.0 if p == w else -1.0 for p in range(2)]

    def scores(self) -> list[float]:
        return [float(r) for r in self.returns()]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"total": self._total(), "current_player": self.current_player()}

    def clone(self) -> RaceState:
        return RaceState(self.game, self.seed, self._h)

    def resample(self, player: int | None, rng: Any) -> RaceState:
        return RaceState(self.game, 0, self._h)

    def history(self) -> list[int]:
        return list(self._h)

    def to_dict(self) -> dict[str, Any]:
        return {**self.game.to_dict(), "seed": self.seed, "history": self._h}


@pytest.fixture
def race_registered(monkeypatch):
    monkeypatch.setitem(registry._GAMES, RaceGame.game_id, RaceGame)


def test_a_new_game_is_playable_with_the_generic_drawing(race_registered, client) -> None:
    info = {g["id"]: g for g in client.get("/api/games").json()}[RaceGame.game_id]
    assert info["renderer"] == "/static/games/generic.js"
    t = new_table(client, game=RaceGame.game_id, seats=["human", "random"], seed=3)
    summary = client.get(f"/api/tables/{t['id']}").json()
    assert summary["renderer"] == "/static/games/generic.js"
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={t['seats'][0]['token']}") as ws:
        view = receive_until(ws, my_turn_or_over)[-1]
        assert view["board_text"] == "total: 0\ncurrent_player: 0"  # render_observation
        while not view["terminal"]:
            assert view["legal"][0]["text"] == "+1"
            ws.send_json({"type": "move", "notation": "+1", "version": view["version"]})
            view = receive_until(ws, my_turn_or_over)[-1]
    assert view["observation"]["total"] == 7
    record = client.get(f"/api/tables/{t['id']}/record")
    assert record.status_code == 200 and '[Game "web-test-race"]' in record.text
