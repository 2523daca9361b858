"""The typed records of a 99 Heroes turn (``effects.py``): their JSON is the observation's, they
read back to equal records, and a state's JSON naming a task or decision no game has is refused."""

from __future__ import annotations

import json
import re

import pytest

import ninetynine
from ninetynine import GameOptionError, NotationError
from ninetynine.core.rng import Rng
from ninetynine.games.heroes99.effects import (
    copy_pending,
    copy_task,
    pending_from_json,
    pending_to_json,
    task_from_json,
    task_to_json,
)


def _states(n: int, seed: int):
    game = ninetynine.load_game("heroes99", num_players=n)
    s = game.new_initial_state(seed)
    rng = Rng(seed)
    while not s.is_terminal():
        yield s
        legal = s.legal_actions()
        s.apply_action(legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_tasks_and_decisions_read_back_from_their_json(n: int, seed: int) -> None:
    kinds = set()
    for s in _states(n, seed):
        for t in s.queue:
            text = json.loads(json.dumps(task_to_json(t)))
            assert task_from_json(text) == t
            assert copy_task(t) == t
            kinds.add(t.kind)
        p = s.pending
        assert p is not None
        back = pending_from_json(json.loads(json.dumps(pending_to_json(p))))
        assert back == p and copy_pending(p) == p
        kinds.add(p["kind"])
    assert {"end", "finish", "pick", "play", "choose"} <= kinds, kinds


def test_a_copied_effect_keeps_its_own_progress() -> None:
    for s in _states(2, 5):
        p = s.pending
        if p is not None and p["kind"] == "choose":
            c = s.clone()
            assert c.pending is not None and c.pending["kind"] == "choose"
            c.pending["task"].progress["left"] = 99
            assert p["task"].progress.get("left") != 99
            return
    pytest.fail("no effect choice in the game")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("queue", [["nap"]]),
        ("queue", [["upkeep", 1]]),
        ("queue", [["triggers", [[0, 1, 0]], "midnight"]]),
        ("queue", [["fx", 0, 0, 0, 0, {"mood": 1}]]),
        ("pending", {"kind": "dance", "seat": 0}),
        (
            "pending",
            {"kind": "choose", "seat": 0, "step": "juggle", "task": ["fx", 0, 0, 0, 0, {}]},
        ),
        ("pending", {"kind": "choose", "seat": 0, "step": "clash", "task": ["upkeep"]}),
    ],
)
def test_a_state_with_a_task_or_decision_no_game_has_is_refused(field: str, value: object) -> None:
    game = ninetynine.load_game("heroes99")
    state = next(s for s in _states(2, 4) if s.queue)
    d = json.loads(state.to_json())
    d[field] = value
    with pytest.raises(GameOptionError, match="not a valid heroes99 state"):
        game.state_from_json(json.dumps(d))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("7Z>1", "'7z' is not a card: write a rank"),
        ("7Z>1", "nor a hero: no hero '7z'"),
        ("nobody@1", "'nobody@1': no hero 'nobody'"),
    ],
)
def test_a_move_naming_no_card_and_no_hero_is_a_notation_error(text: str, says: str) -> None:
    """``string_to_action`` raises NotationError for what is not a move; ``7Z>1`` (a card that
    does not exist) raised the roster's GameOptionError "no hero '7z'"."""
    state = ninetynine.load_game("heroes99").new_initial_state(7)
    with pytest.raises(NotationError, match=re.escape(says)):
        state.string_to_action(text)
