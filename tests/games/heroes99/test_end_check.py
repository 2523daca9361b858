"""The end test of ``end=immediate`` (99 Heroes rulebook § Game End, decision H6) is asked
by ``turn.run`` only on entry and after a task that moves cards (an effect, a draw). Here it
is proven equal to the plain reading, asking it before every task, over random games of
every player count and team size, half of them with short decks so that decks run out: the
two states agree after every action."""

from __future__ import annotations

import random

import pytest

import ninetynine
from ninetynine.games.heroes99 import turn
from ninetynine.games.heroes99.effects import PLAY


def _ask_before_every_task(s) -> None:
    while s.phase == PLAY:
        if s.game.end_immediately and turn.end_now(s):
            return
        if s.pending is not None:
            return
        if not s.queue:
            turn.begin_turn(s, (s.player + 1) % s.game.num_players, False)
            continue
        turn.do(s, s.queue.pop(0))


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_narrowed_end_check_equals_asking_before_every_task(monkeypatch, first):
    fast = turn.run
    rng = random.Random(first)
    ended = set()
    for _ in range(60):
        n, team = rng.choice([2, 2, 3, 4]), rng.choice([1, 2, 3, 3, 4, 5])
        game = ninetynine.load_game("heroes99", num_players=n, team=team)
        seed = rng.randrange(2**32)
        monkeypatch.setattr(turn, "run", fast)
        a = game.new_initial_state(seed)
        monkeypatch.setattr(turn, "run", _ask_before_every_task)
        b = game.new_initial_state(seed)
        short = rng.random() < 0.5
        while True:
            if short and a.phase == PLAY:  # cards set aside: the decks run out
                short = False
                a.decks = [deck[: rng.randrange(6)] for deck in a.decks]
                b.decks = [deck[:] for deck in a.decks]
            assert a.to_dict() == b.to_dict(), (n, team, seed)
            if a.is_terminal():
                break
            x = rng.choice(a.legal_actions())
            monkeypatch.setattr(turn, "run", fast)
            a.apply_action(x)
            monkeypatch.setattr(turn, "run", _ask_before_every_task)
            b.apply_action(x)
        ended.add(a.ended_by)
    assert ended == {"no_draw", "no_play"}  # both end conditions were reached
