"""Property tests: Hypothesis drives whole games of Warp 99 and Ninety Nine across player
counts and options, and every invariant is checked after every action."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ninetynine
from helpers import random_playout
from ninetynine.core.rng import Rng
from ninetynine.games.warp99 import actions as A
from ninetynine.games.warp99.cards import COLOR, NUM_CARDS, VALUE
from ninetynine.games.warp99.state import Warp99State

SQUARES = {k * k for k in range(1, 11)}

warp99_options = st.fixed_dictionaries(
    {
        "rules": st.sampled_from(["standard", "random", "212"]),
        "flip_limit": st.sampled_from(["turn", "cycle"]),
        "bonus_rule": st.booleans(),
        "extra_card": st.booleans(),
        "allow_flip": st.booleans(),
    }
)
ninetynine_options = st.fixed_dictionaries({"bonus_rule": st.booleans()})
games = st.one_of(
    st.tuples(st.just("warp99"), warp99_options),
    st.tuples(st.just("ninetynine"), ninetynine_options),
)


def _public_cards(obs: dict) -> set[int]:
    seen: set[int] = set()
    for key in ("piles", "rows", "revealed"):
        for lst in obs[key]:
            seen.update(lst)
    seen.update(obs["reserve_discard"])
    seen.update(obs.get("hand", ()))
    return seen


def _fits_pile(sides: list[int], top: int, c: int) -> bool:
    """§ The Rule Cards, written again from the text (an oracle for the engine's table)."""
    tc, tv, cc, cv = COLOR[top], VALUE[top], COLOR[c], VALUE[c]
    same = cc == tc if sides[0] == 1 else cv == tv
    step = cv == tv + 1 if sides[1] == 1 else cv == tv - 1
    if sides[2] == 1:
        third = cv + tv == 10
    else:
        third = cv == 2 * tv or (tv % 2 == 0 and cv == tv // 2)
    return same or step or third


def expected_legal(s: Warp99State) -> set[int]:
    """The legal actions, from the rules and the decision record, not from the engine."""
    obs = s.observation(None)
    p, hand_ = s.player, s.hands[s.player]
    if obs["phase"] == "over":
        return set()
    if obs["phase"] == "extra_card":
        return {A.TAKE, A.DECLINE}
    if obs["phase"] == "row":
        row = s.rows[p]
        if not row:
            return set(hand_) if hand_ else {A.END}
        used = {COLOR[c] for c in row}
        return {c for c in hand_ if VALUE[c] > VALUE[row[-1]] and COLOR[c] not in used} | {A.SCORE}
    sides = obs["rule_sides"]
    plays = {
        A.PILE_BASE[i] + c for i in (0, 1) for c in hand_ if _fits_pile(sides, s.piles[i][-1], c)
    }
    stuck = not plays and hand_ and not obs["plays"] and not obs["flip_used"]
    if stuck and s.game.allow_flip:
        return {A.END, A.FLIP_BASE, A.FLIP_BASE + 1, A.FLIP_BASE + 2}
    return plays | {A.END}


def check_invariants(s: Warp99State, prev_scores: list[int]) -> None:
    n = s.game.num_players
    assert set(s.legal_actions()) == expected_legal(s)
    # every card in exactly one place (card_locations raises on a card in two places)
    where = s.card_locations()
    assert len(where) == NUM_CARDS
    # scores never fall; only the player who acted scores; by a row square or 15s
    for i in range(n):
        gain = s.scores_[i] - prev_scores[i]
        assert gain >= 0
        if gain:
            assert gain in SQUARES or gain % 15 == 0, gain
    assert sum(a != b for a, b in zip(s.scores_, prev_scores, strict=True)) <= 1
    for i in range(n):
        assert len(s.hands[i]) <= 6
        assert s.hands[i] == sorted(s.hands[i])
        row = s.rows[i]
        assert all(VALUE[a] < VALUE[b] for a, b in pairwise(row))
        assert len({COLOR[c] for c in row}) == len(row)
        assert s.revealed[i] <= set(s.hands[i])
    assert s.piles[0] and s.piles[1]
    # no observation shows a deck card or another seat's unrevealed hand card
    deck_cards = {c for d in s.decks for c in d} | set(s.reserve)
    for p in [None, *range(n)]:
        obs = s.observation(p)
        shown = _public_cards(obs)
        assert not shown & deck_cards
        for q in range(n):
            if q != p:
                assert not shown & (set(s.hands[q]) - s.revealed[q])
        assert obs["deck_sizes"] == [len(d) for d in s.decks]
        assert obs["hand_sizes"] == [len(h) for h in s.hands]
        assert obs["reserve_size"] == len(s.reserve)
        assert obs["revealed"] == [sorted(r) for r in s.revealed]


def drive(game_id: str, n: int, options: dict, seed: int, choices: list[int]) -> Warp99State:
    game = ninetynine.load_game(game_id, num_players=n, **options)
    s = game.new_initial_state(seed)
    rng = Rng(seed ^ 0x5EED)
    prev = list(s.scores_)
    check_invariants(s, prev)
    i = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        k = choices[i] if i < len(choices) else rng.randbelow(1 << 30)
        s.apply_action(legal[k % len(legal)])
        check_invariants(s, prev)
        prev = list(s.scores_)
        i += 1
    return s


@given(
    game=games,
    n=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 10_000), max_size=120),
)
def test_invariants_hold_along_whole_games(game, n, seed, choices):
    game_id, options = game
    s = drive(game_id, n, options, seed, choices)
    st_ = s.stats()
    assert st_["ended_by"] == "target"
    assert st_["turns"] < s.game.max_turns
    assert max(s.scores()) >= 99
    assert sum(x >= 99 for x in s.scores()) == 1
    assert s.returns().count(1.0) == 1
    if game_id == "ninetynine" or not options["allow_flip"]:
        assert st_["flips"] == [0] * n
    if game_id == "ninetynine" or not options["extra_card"]:
        assert st_["extra_cards"] == [0] * n
    if not options["bonus_rule"]:
        assert st_["repeats"] == [0] * n


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 4), cut=st.integers(0, 400))
def test_json_round_trip_mid_game(seed, n, cut):
    game = ninetynine.load_game("warp99", num_players=n, rules="random")
    s = random_playout(game.new_initial_state(seed), seed, limit=cut)
    copy = game.state_from_json(s.to_json())
    assert copy.to_json() == s.to_json()
    assert copy.card_locations() == s.card_locations()
    assert copy.row_last == s.row_last and copy.row_colors == s.row_colors


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 4), cut=st.integers(0, 300))
def test_resample_keeps_public_cards_and_sizes(seed, n, cut):
    game = ninetynine.load_game("warp99", num_players=n)
    s = random_playout(game.new_initial_state(seed), seed, limit=cut)
    rng = Rng(seed + 1)
    for p in [None, *range(n)]:
        r = s.resample(p, rng.spawn())
        assert len(r.card_locations()) == NUM_CARDS
        assert r.observation(p) == s.observation(p)
        if p is not None:
            assert r.hands[p] == s.hands[p]
        for q in range(n):
            assert s.revealed[q] <= set(r.hands[q])


OPTION_GRID = [
    ("warp99", {}),
    ("warp99", {"rules": "random"}),
    ("warp99", {"flip_limit": "cycle", "rules": "222"}),
    ("warp99", {"bonus_rule": False}),
    ("warp99", {"extra_card": False, "allow_flip": False}),
    ("ninetynine", {}),
    ("ninetynine", {"bonus_rule": True}),
]


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize(("game_id", "options"), OPTION_GRID)
def test_random_games_across_options(game_id, options, n):
    """A fixed grid next to Hypothesis' sampling: every option set, every player count."""
    for seed in (n, 100 + n):
        s = drive(game_id, n, options, seed, [])
        assert s.stats()["ended_by"] == "target"
