"""``SixtoGame.drawing_facts``: the printed sheets, the points of every area and what each
legal choice marks, checked against the engine on random games of every pad."""

from __future__ import annotations

import json

import pytest

import ninetynine
from ninetynine.core.rng import Rng
from ninetynine.games.sixto.rules import HIT, LOST, MARK, OPEN, UNLOCKED, VOID, layout_for
from ninetynine.games.sixto.sheets import NUM_ROWS


def _cells(state, seat):
    return [row[:] for row in state.observation(seat)["sheets"][seat]["cells"]]


@pytest.mark.parametrize(
    "pad", ["none", "hits", "kriskras", "locked", "cross-blocks", "cross-diagonals"]
)
def test_each_legal_choice_marks_what_the_facts_say(pad: str) -> None:
    """Alone at the table a choice is made at once: the spaces it marks are the facts'
    marks, the spaces it loses lie left of them in their rows, an unlock crosses off the
    facts' lock; the printed numbers are the layout's and the points add up to the score."""
    game = ninetynine.load_game("sixto", num_players=1, pad=pad)
    rng = Rng(11)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            obs = state.observation(0)
            legal = state.legal_actions()
            facts = game.drawing_facts(obs, legal)
            assert json.loads(json.dumps(facts)) == facts  # JSON-able as it is
            sheet = facts["sheets"][0]
            lay = layout_for(obs["sheets"][0]["design"] - 1, obs["width"], pad)
            assert [x for row in sheet["numbers"] for x in row] == list(lay.numbers)
            points = sum(sheet["row_points"]) + sum(sheet["column_points"])
            points += sum(a["points"] for a in sheet["areas"]) + sheet["hit_bonus"]
            assert points == obs["scores"][0]
            if obs["phase"] == "choose":
                choices = facts["choices"]
                assert sorted(int(a) for a in choices) == legal
                for a in [legal[rng.randbelow(len(legal))] for _ in range(4)]:
                    before = _cells(state, 0)
                    after_state = state.clone()
                    after_state.apply_action(a)
                    after = _cells(after_state, 0)
                    changed = {
                        (r, c)
                        for r in range(NUM_ROWS)
                        for c in range(len(before[r]))
                        if before[r][c] != after[r][c]
                    }
                    fact = choices[str(a)]
                    if "unlock" in fact:
                        r, c = fact["unlock"]
                        assert after[r][c] in (VOID, UNLOCKED) and before[r][c] == OPEN
                        assert all(after[r][j] in (OPEN, LOST) for r, j in changed - {(r, c)})
                    else:
                        marked = {(r, c) for _, r, c, _ in fact["marks"]}
                        for _, r, c, hit in fact["marks"]:
                            assert after[r][c] == (HIT if hit else MARK)
                        lost = changed - marked
                        assert all(after[r][c] == LOST for r, c in lost)
                        assert all(any(r == mr and c < mc for mr, mc in marked) for r, c in lost)
                    checked += 1
            state.apply_action(legal[rng.randbelow(len(legal))])
    assert checked > 20


def test_no_choices_for_a_spectator_or_another_seat_or_the_roll() -> None:
    game = ninetynine.load_game("sixto", num_players=2)
    state = game.new_initial_state(4)
    assert game.drawing_facts(state.observation(0), state.legal_actions())["choices"] == {}
    state.apply_action(0)  # keep: seat 0 chooses
    assert game.drawing_facts(state.observation(None), [])["choices"] == {}
    facts = game.drawing_facts(state.observation(0), state.legal_actions())
    assert len(facts["choices"]) == len(state.legal_actions())
    assert len(facts["sheets"]) == 2 and facts["target_start"] == 9
