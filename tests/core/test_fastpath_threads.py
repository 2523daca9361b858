"""A fast state read from two threads at once (core/fastpath.py): the reference state it keeps
for ``observation``, ``str`` and the rest is brought up to date by one thread at a time."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import fast_state_checks as checks
import ninetynine


@pytest.mark.parametrize("game_id", ["warp99", "ono99", "tripwire", "sixto"])
def test_two_threads_reading_one_fast_state_both_see_its_position(game_id: str) -> None:
    game = ninetynine.load_game(game_id)
    state = checks.midgame(game, steps=20)
    checks.require_fast(type(state).path)  # type: ignore[attr-defined]
    state.observation(0)  # the kept reference state, now at this position
    done = len(state.history())
    for a in checks.play_out(state.clone(), seed=3)[done : done + 6]:
        state.apply_action(a)  # ... and now six actions behind
    kept = state.__dict__["_ref"]
    apply = kept.apply_action
    other: list[Any] = []

    def read_from_another_thread() -> None:
        try:
            other.append(state.observation(1))
        except Exception as e:  # the assert below shows it
            other.append(e)

    def apply_and_let_another_thread_read(action: int) -> None:
        # the first catching-up step lets a second reader in (as a thread switch would)
        if not other:
            other.append(None)
            reader = threading.Thread(target=read_from_another_thread)
            reader.start()
            reader.join(0.5)  # it waits for this one (fixed), or catches up itself (the bug)
            other.append(reader)
        apply(action)

    class Hooked(type(kept)):  # type: ignore[misc]
        __slots__ = ()  # the engines keep no __dict__: hook the method through the class

        def apply_action(self, action: int) -> None:
            apply_and_let_another_thread_read(action)

    kept.__class__ = Hooked
    mine = state.observation(0)
    other[1].join()
    truth = game.new_initial_state(7)  # midgame's seed, replayed on the reference engine
    for a in state.history():
        truth.apply_action(a)
    assert mine == truth.observation(0)
    assert other[2] == truth.observation(1)
