"""Sixto invariants on random playouts, for the base game and every pad: marks go left to right
(never left of a skipped space), a mark or a lost space never comes back, scores recompute from
the sheet alone, every game ends, secret choices stay secret, states round-trip."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.rng import Rng
from ninetynine.games.sixto.rules import MARKED, OPEN, PADS, VOID, layout_for, score_sheet

OPTIONS = [{"pad": p} for p in PADS] + [
    {"width": 6},
    {"points": "triangle", "tiebreak": "marks"},
    {"pad": "locked", "unlock": "mark"},
    {"open_after": 0},
]
IDS = [",".join(f"{k}={v}" for k, v in o.items()) for o in OPTIONS]


def check_sheets(state) -> None:
    """Every row: no open space left of the rightmost mark (a skipped space is lost), no lost
    space right of it, the cursor just right of it."""
    w = state.game.width
    for q, cells in enumerate(state.cells):
        for r in range(6):
            row = cells[r * w : (r + 1) * w]
            marks = [c for c, x in enumerate(row) if MARKED[x]]
            last = max(marks) if marks else -1
            assert state.cursor[q][r] == last + 1
            for c, x in enumerate(row):
                if c < last:
                    assert x != OPEN, (q, r, c)
                elif c > last:
                    assert x in (OPEN, VOID), (q, r, c)


def check_scores_from_the_sheet(state) -> None:
    """The public view's sheets alone give every score."""
    obs = state.observation(None)
    table = state.game.table
    for q, sheet in enumerate(obs["sheets"]):
        lay = layout_for(sheet["design"] - 1, obs["width"], obs["pad"])
        cells = [x for row in sheet["cells"] for x in row]
        assert score_sheet(lay, cells, table).total == obs["scores"][q]


def check_secrets(state) -> None:
    """Nobody sees another's choice for the current roll; the sheets show none of them yet."""
    n = state.game.num_players
    obs_pub = state.observation(None)
    for p in range(n):
        obs = state.observation(p)
        mine = state.pending[p] if obs["phase"] == "choose" else -1
        assert obs["my_choice"] == (mine if mine >= 0 else None)
        assert obs["sheets"] == obs_pub["sheets"]
        known = state.known_history(p)
        hidden = [i for i, x in enumerate(known) if x is None]
        assert len(hidden) == sum(1 for q in range(n) if q != p and obs["chosen"][q])


def _playout(options, n, seed, check_every=1):
    game = ninetynine.load_game("sixto", num_players=n, **options)
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    before = None
    steps = 0
    while not state.is_terminal():
        if steps % check_every == 0:
            check_sheets(state)
            check_scores_from_the_sheet(state)
            check_secrets(state)
        if before is not None:  # nothing marked or lost ever opens again
            for old, new in zip(before, state.cells, strict=True):
                assert all(a in (OPEN, b) for a, b in zip(old, new, strict=True))
        before = [c[:] for c in state.cells]
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
        steps += 1
        assert steps <= game.max_game_length
    check_sheets(state)
    check_scores_from_the_sheet(state)
    assert state.ended_by in ("dice", "stalled", "turn_limit")
    return state


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
@given(seed=st.integers(0, 2**32), n=st.integers(1, 4))
def test_random_playouts_keep_the_invariants(options, seed, n):
    _playout(options, n, seed, check_every=3)


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_greedy_games_end_by_removing_dice(options):
    game = ninetynine.load_game("sixto", num_players=3, **options)
    for seed in range(2):
        agents = [make_agent("greedy", game, p, seed) for p in range(3)]
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(agents[p].step(s.observation(p), s.legal_actions()))
        check_sheets(s)
        assert s.ended_by == "dice" and len(s.removed) >= 3


def test_a_table_that_never_marks_still_ends():
    game = ninetynine.load_game("sixto", num_players=2, max_turns=40)
    s = game.new_initial_state(3)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])  # keep, then pass
    assert s.ended_by == "turn_limit" and s.turn == 40 and s.scores() == [0.0, 0.0]


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_states_round_trip_and_resample_keeps_the_view(options):
    game = ninetynine.load_game("sixto", num_players=3, **options)
    s = game.new_initial_state(11)
    rng = Rng(12)
    step = 0
    while not s.is_terminal():
        if step % 5 == 0:
            text = s.to_json()
            assert game.state_from_json(text).to_json() == text
            p = s.current_player()
            r = s.resample(p, step)
            assert r.observation(p) == s.observation(p)
            assert r.known_history(p) == s.known_history(p)
            assert r.legal_actions() == s.legal_actions()
        legal = s.legal_actions()
        s.apply_action(legal[rng.randbelow(len(legal))])
        step += 1
    json.dumps(s.stats())


def test_a_loaded_state_that_breaks_the_left_to_right_rule_is_rejected():
    game = ninetynine.load_game("sixto", num_players=2)
    d = json.loads(game.new_initial_state(1).to_json())
    d["cells"][0][3] = 2  # a lost space with no mark right of it
    d["cursor"][0][0] = 4
    with pytest.raises(ninetynine.GameOptionError, match="lost space"):
        game.state_from_json(json.dumps(d))
    d = json.loads(game.new_initial_state(1).to_json())
    d["cells"][0][3] = 1  # a mark without its cursor
    with pytest.raises(ninetynine.GameOptionError, match="cursor"):
        game.state_from_json(json.dumps(d))
