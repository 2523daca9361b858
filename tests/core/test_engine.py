"""The shared engine bookkeeping (``core/engine.py``) and the ``Game.state_class`` defaults, on
a toy engine: add 1 or 2 to a running total; whoever reaches 5 wins."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

from ninetynine.core.engine import EngineState
from ninetynine.core.errors import GameOptionError, IllegalActionError
from ninetynine.core.game import TERMINAL, Game, State
from ninetynine.core.rng import Rng, as_rng
from ninetynine.core.util import accept_action, check_seat


class RaceGame(Game):
    game_id = "core-test-race"
    option_specs: ClassVar[dict[str, Any]] = {}

    @property
    def num_distinct_actions(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 5


class RaceState(EngineState):
    __slots__ = ("_legal", "game", "hist", "rng", "seed", "total", "winner_")

    @classmethod
    def new(cls, game: RaceGame, seed: int | None) -> RaceState:
        rng = Rng(seed)
        s = cls._bare(game, rng.getstate(), rng)
        s.total, s.hist, s.winner_, s._legal = 0, [], -1, None
        return s

    @classmethod
    def from_dict(cls, game: RaceGame, d: Any) -> RaceState:
        s = cls._bare(game, int(d["seed"]), Rng(int(d["rng"])))
        s.total, s.hist, s.winner_, s._legal = d["total"], d["history"], d["winner"], None
        return s

    def _compute_legal(self) -> list[int]:
        return [] if self.winner_ >= 0 else [a for a in (0, 1) if self.total + a + 1 <= 5]

    def _why_illegal(self, action: Any) -> str:
        return f"{action!r} is not a move here"

    def apply_action(self, action: int) -> None:
        a = accept_action(self, action)
        self.hist.append(a)
        self.total += a + 1
        if self.total == 5:
            self.winner_ = (len(self.hist) - 1) % 2
        self._legal = None

    def current_player(self) -> int:
        return TERMINAL if self.winner_ >= 0 else len(self.hist) % 2

    def is_terminal(self) -> bool:
        return self.winner_ >= 0

    def action_to_string(self, action: int) -> str:
        return f"+{action + 1}"

    def string_to_action(self, text: str) -> int:
        return int(text) - 1

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def observation(self, player: int | None) -> dict[str, Any]:
        check_seat(player, 2)
        return {"total": self.total}

    def clone(self) -> RaceState:
        return RaceState.from_dict(self.game, json.loads(self.to_json()))

    def resample(self, player: int | None, rng: Rng | int | None) -> RaceState:
        check_seat(player, 2)
        s = self.clone()
        s._reseed(as_rng(rng))
        return s

    def to_dict(self) -> dict[str, Any]:
        return self._dict_with(total=self.total, history=self.hist[:], winner=self.winner_)


RaceGame.state_class = RaceState


def test_state_class_builds_new_states_and_checks_the_seed():
    game = RaceGame()
    s = game.new_initial_state(seed=9)
    assert isinstance(s, RaceState) and s.game is game and s.seed == 9
    assert s.rng.getstate() == Rng(9).getstate()
    with pytest.raises(GameOptionError, match="a seed is a whole number"):
        game.new_initial_state(seed=-1)


def test_bookkeeping_history_cached_legal_returns_and_winner():
    s = RaceGame().new_initial_state(seed=1)
    assert s.legal_actions() == [0, 1] and s.returns() == [0.0, 0.0] and s.winner() is None
    legal = s.legal_actions()
    legal.append(7)  # a copy: the cache is not changed through it
    assert s.legal_actions() == [0, 1]
    for a in (1, 1):
        s.apply_action(a)
    assert s.legal_actions() == [0]  # the cache was dropped by the move
    with pytest.raises(IllegalActionError):
        s.apply_action(1)
    s.apply_action(0)
    h = s.history()
    h.append(0)
    assert s.history() == [1, 1, 0] and s.is_terminal()
    assert s.legal_actions() == [] and s.winner() == 0 and s.returns() == [1.0, -1.0]


def test_to_dict_starts_with_the_game_seed_and_rng_and_round_trips():
    game = RaceGame()
    s = game.new_initial_state(seed=3)
    s.apply_action(1)
    d = s.to_dict()
    head = ["game", "num_players", "options", "seed", "rng"]
    assert list(d) == [*head, "total", "history", "winner"]
    assert d["rng"] == s.rng.getstate()
    back = game.state_from_json(s.to_json())
    assert back.to_json() == s.to_json() and back.legal_actions() == s.legal_actions()


def test_reseed_gives_the_resampled_clone_its_own_future():
    s = RaceGame().new_initial_state(seed=3)
    s.legal_actions()
    r = s.resample(0, 5)
    assert r._legal is None and r.seed != s.seed
    assert r.rng.getstate() != s.rng.getstate()
    assert s.resample(1, 5).to_json() == r.to_json()  # from rng alone


def test_a_state_class_without_new_or_from_dict_says_so():
    class Bare(State):  # only what the protocol needs to exist
        pass

    with pytest.raises(NotImplementedError, match="Bare has no new"):
        Bare.new(None, 1)
    with pytest.raises(NotImplementedError, match="Bare has no from_dict"):
        Bare.from_dict(None, {})


@pytest.mark.parametrize("bad", [True, 2, -1, 1.0, "0"])
def test_check_seat_refuses_what_is_not_a_seat(bad):
    with pytest.raises(ValueError, match=f"no seat {bad!r} in a 2-player game"):
        check_seat(bad, 2)
    for ok in (None, 0, 1):
        assert check_seat(ok, 2) == ok
    assert type(check_seat(IntLike(1), 2)) is int  # any integer type, as a plain int


class IntLike:
    """An integer type of another library (NumPy's ``int64`` is one)."""

    def __init__(self, v: int) -> None:
        self.v = v

    def __index__(self) -> int:
        return self.v
