"""``Warp99Game.hint``: the advice the ``hint`` command shows, phase by phase."""

from __future__ import annotations

import re

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.games.warp99.heuristics import GreedyAgent


def _states(seed: int, moves: int = 4000) -> list[ninetynine.State]:
    """Every state of a greedy game (clones), in order."""
    game = ninetynine.load_game("warp99", num_players=3)
    state = game.new_initial_state(seed=seed)
    bots = [make_agent("greedy", game, i, seed=i) for i in range(3)]
    out = []
    while not state.is_terminal() and len(out) < moves:
        out.append(state.clone())
        p = state.current_player()
        state.apply_action(bots[p].step(state.observation(p), state.legal_actions()))
    return out


def test_row_phase_names_the_greedy_row_card_then_the_discards() -> None:
    seen = 0
    for state in _states(3):
        obs = state.observation(state.current_player())
        if obs["phase"] != "row":
            continue
        hint = state.game.hint(obs)
        assert hint is not None
        choice = GreedyAgent(state.game, obs["player"]).step(obs, state.legal_actions())
        first = state.action_to_string(choice)
        assert hint.startswith(
            f"score (+{len(obs['rows'][obs['player']]) ** 2})"
            if first == "score"
            else f"row {first}, then "
        )
        if "and wins" not in hint:
            assert re.search(r"then (no card can be discarded|(\S+>[12] )+\(\d+ cards?)", hint)
        seen += 1
    assert seen > 10


def test_other_phases() -> None:
    phases = set()
    for seed in range(6):
        for state in _states(seed):
            obs = state.observation(state.current_player())
            hint = state.game.hint(obs)
            assert hint
            legal = {state.action_to_string(a) for a in state.legal_actions()}
            if obs["phase"] == "extra_card":
                assert hint.split(":")[0] in ("take", "decline")
                phases.add("extra")
            elif "flip1" in legal:
                assert hint.startswith(("flip", "no card can be played"))
                phases.add("stuck")
            elif obs["phase"] == "discard" and legal != {"end"}:
                assert hint.split()[0] in legal
                phases.add("discard")
    assert phases == {"extra", "stuck", "discard"}


def test_no_hint_for_a_spectator_or_a_finished_game() -> None:
    state = _states(1)[0]
    assert state.game.hint(state.observation(None)) is None


def test_hint_for_a_seat_that_is_not_to_move_says_so() -> None:
    game = ninetynine.load_game("warp99", num_players=3)
    state = game.new_initial_state(3)
    assert game.hint(state.observation(1)) == "it is seat 0's turn, not yours"


def test_hint_never_fails_on_any_position_of_random_games() -> None:
    """Including the W10 corner (an empty hand with a row to score) and empty-hand decisions."""
    for seed in range(6):
        game = ninetynine.load_game("warp99", num_players=4)
        state = game.new_initial_state(seed)
        rng = ninetynine.Rng(seed)
        while not state.is_terminal():
            p = state.current_player()
            text = game.hint(state.observation(p))
            assert text and "  " not in text
            legal = state.legal_actions()
            state.apply_action(legal[rng.randbelow(len(legal))])
    obs = state.observation(0)
    obs.update(phase="row", current_player=0, hand=[], rows=[[5], *obs["rows"][1:]])
    obs["scores"] = [0, *obs["scores"][1:]]
    assert "end" in (game.hint(obs) or "")


def test_a_plan_with_double_matches_says_take_or_decline_comes_between() -> None:
    """Following a hint's discards literally must not meet "first take or decline" unwarned:
    a plan with double matches says a take/decline answer follows each one."""
    seen = 0
    for seed in range(6):
        for state in _states(seed):
            obs = state.observation(state.current_player())
            hint = state.game.hint(obs)
            if hint and "double match" in hint:
                assert re.search(r"double match(es)?: answer take or decline after (each|it)", hint)
                seen += 1
    assert seen > 0


def test_ninetynine_hint_never_asks_take_or_decline() -> None:
    """Ninety Nine has no extra card (Ninety Nine rulebook; `docs/rules/ninetynine.md`), so a
    plan with double matches says nothing of take or decline; Warp 99 with the same hand does."""
    from ninetynine.games.warp99.heuristics import plan_for

    seen = 0
    for game_id, options in (
        ("ninetynine", {"bonus_rule": True}),
        ("warp99", {"extra_card": False}),
    ):
        game = ninetynine.load_game(game_id, num_players=3, **options)
        for seed in range(40):
            state = game.new_initial_state(seed)
            obs = state.observation(state.current_player())
            rest = obs["hand"][1:]
            if plan_for(obs, hand=rest).doubles == 0:
                continue
            hint = game.hint(obs)
            assert hint and "double match" not in hint and "take" not in hint, hint
            seen += 1
    assert seen > 0
    warp = ninetynine.load_game("warp99", num_players=3)
    hints = [warp.hint(warp.new_initial_state(seed).observation(0)) or "" for seed in range(40)]
    assert any("answer take or decline" in h for h in hints)


def test_a_flip_hint_says_when_its_plan_empties_the_hand() -> None:
    """Warp 99 seed 0, seat 0 puts A9 into its row: no card fits, and the best flip lets all five
    cards go, which the hint says as the other discard hints do."""
    game = ninetynine.load_game("warp99", num_players=3)
    state = game.new_initial_state(0)
    state.apply_action(state.string_to_action("A9"))
    assert game.hint(state.observation(0)) == (
        "flip3 (Total 10 -> Times or Divided by 2), then T5>2 R6>2 A3>2 G4>2 G6>2 "
        "(5 cards, empties the hand)"
    )
