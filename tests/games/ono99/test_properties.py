"""Property tests: random (and greedy) playouts of every size keep the invariants.

* card conservation: every card of the deck is in exactly one place after every step;
* the running total stays in 0..98;
* a player who left never acts again (and never gets cards back);
* a hand never holds more than four cards; the player to act always has a move;
* every game ends, within ``max_game_length``.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import ninetynine
from helpers import play_random
from ninetynine.agents import make_agent
from ninetynine.games.ono99.cards import NUM_KINDS, SHORT, STANDARD_COUNTS
from ninetynine.games.ono99.rules import MAX_TOTAL

from .positions import check_conservation


def check_invariants(s) -> None:
    check_conservation(s)
    obs = s.observation(None)
    assert 0 <= obs["total"] <= MAX_TOTAL
    assert all(h <= 4 for h in obs["hand_sizes"])
    gone = {e["seat"] for e in obs["eliminations"]}
    assert gone == {i for i, alive in enumerate(obs["in_game"]) if not alive}
    for i in gone:
        assert obs["hand_sizes"][i] == 0
    if s.is_terminal():
        assert s.legal_actions() == []
    else:
        p = s.current_player()
        assert p not in gone and s.legal_actions()
        assert obs["play2"] in (0, 1, 2)
    assert len(s.history()) <= s.game.max_game_length


@given(n=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_random_playouts_keep_the_invariants(n, seed):
    g = ninetynine.load_game("ono99", num_players=n)
    s = play_random(g.new_initial_state(seed), seed + 1, check_invariants)
    assert s.is_terminal() and s.winner() is not None


deck_strategy = st.builds(
    lambda counts: ",".join(f"{SHORT[k]}={c}" for k, c in enumerate(counts)),
    st.tuples(*[st.integers(0, 12) for _ in range(NUM_KINDS - 1)], st.sampled_from([0, 4])).filter(
        lambda c: sum(c) >= 24 and sum(c[:-1]) > 0
    ),
)


@given(
    n=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    deck=deck_strategy,
    two_player_reverse=st.sampled_from(["pass", "again"]),
    rebuild=st.sampled_from(["top", "all"]),
)
def test_every_option_keeps_the_invariants(n, seed, deck, two_player_reverse, rebuild):
    g = ninetynine.load_game(
        "ono99",
        num_players=n,
        deck=deck,
        two_player_reverse=two_player_reverse,
        rebuild=rebuild,
        max_turns=400,
    )
    s = play_random(g.new_initial_state(seed), seed, check_invariants)
    assert s.is_terminal()


def test_a_seat_that_left_never_acts_again():
    for n in range(2, 7):
        g = ninetynine.load_game("ono99", num_players=n)
        for seed in range(25):
            s = g.new_initial_state(seed)
            acted_after_leaving: list[int] = []
            gone: set[int] = set()

            def check(state, gone=gone, bad=acted_after_leaving):
                if not state.is_terminal() and state.current_player() in gone:
                    bad.append(state.current_player())
                gone.update(e["seat"] for e in state.observation(None)["eliminations"])

            play_random(s, seed, check)
            assert not acted_after_leaving


def test_greedy_playouts_keep_the_invariants_and_end():
    lengths = []
    for n in range(2, 7):
        g = ninetynine.load_game("ono99", num_players=n)
        for seed in range(15):
            agents = [make_agent("greedy", g, i) for i in range(n)]
            s = g.new_initial_state(seed)
            check_invariants(s)
            while not s.is_terminal():
                p = s.current_player()
                s.apply_action(agents[p].step(s.observation(p), s.legal_actions()))
                check_invariants(s)
            lengths.append(len(s.history()))
    assert max(lengths) < 200


def test_cards_by_kind_over_a_whole_game():
    g = ninetynine.load_game("ono99", num_players=4)
    s = g.new_initial_state(77)
    seen: list[Counter] = []

    def count(state):
        c: Counter = Counter()
        for kinds in state.card_counts().values():
            c.update(kinds)
        seen.append(c)

    play_random(s, 3, count)
    want = Counter(dict(enumerate(STANDARD_COUNTS)))
    assert all(c == want for c in seen) and sum(want.values()) == 112
