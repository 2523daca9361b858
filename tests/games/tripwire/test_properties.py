"""Property tests: random (and greedy) playouts of every size and every option keep the
invariants.

* card conservation: every card of the deck is in exactly one place, and with the 3 Sector
  Markers all 65 components are accounted for, after every step;
* hand sizes: each hand is 7 + cards drawn - cards shed; the places add up to the deck;
* penalty units are conserved through the chain: every unit dealt is cancelled by a Null,
  absorbed by a hit or at the wall, stopped by the wall, still travelling, or dropped because
  the game ended;
* a dock's value is 2-9 (0 only when it is empty); skips are never negative;
* the player to act always has a move; every game ends, within ``max_game_length``.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import ninetynine
from helpers import play_random
from ninetynine.agents import make_agent
from ninetynine.core.rng import Rng

from .positions import check_conservation


def check_invariants(s) -> None:
    check_conservation(s)
    o = s.observation(None)
    stats = s.stats()
    g = s.game
    places = o["draw_size"] + len(o["side_pile"]) + sum(len(d["stack"]) for d in o["docks"])
    assert sum(o["hand_sizes"]) + places == sum(g.counts)
    for i, h in enumerate(o["hand_sizes"]):
        assert h == 7 + stats["cards_drawn"][i] - stats["cards_shed"][i]
    for d in o["docks"]:
        assert (d["value"] == 0) == (not d["stack"])
        assert d["value"] == 0 or 2 <= d["value"] <= 9
    assert all(x >= 0 for x in o["skips"])
    # penalty units
    cancelled = sum(stats["penalties_deflected"]) if g.chain == "protocol" else 0
    absorbed = sum(stats["hits_taken"]) + sum(stats["wall_hits"])
    wave = o["wave"]
    flying = wave["remaining"] if wave else 0
    pending = o["this_turn"]["units"] if o["phase"] == "play" and g.turn_waves else 0
    dealt = sum(stats["penalties_dealt"])
    assert dealt == (
        cancelled + absorbed + stats["units_stopped"] + flying + pending + stats["units_dropped"]
    )
    if s.is_terminal() and o["ended_by"] == "clear" and o["last_wave"] is not None:
        assert stats["units_dropped"] >= o["last_wave"]["remaining"]
    if wave is not None:
        spent = sum(x["units"] for x in wave["steps"])
        assert wave["units"] - spent == wave["remaining"] > 0
        assert o["phase"] == "wave" and s.current_player() == wave["target"]
    if s.is_terminal():
        assert s.legal_actions() == [] and o["ended_by"]
    else:
        assert s.legal_actions()
    assert len(s.history()) <= g.max_game_length


@given(n=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_random_playouts_keep_the_invariants(n, seed):
    g = ninetynine.load_game("tripwire", num_players=n, max_turns=400)
    s = play_random(g.new_initial_state(seed), seed + 1, check_invariants)
    assert s.is_terminal()


@given(
    n=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    per_dock=st.sampled_from(["one", "any"]),
    priming=st.sampled_from(["marker", "any"]),
    stop_early=st.booleans(),
    volt_bonus=st.sampled_from(["defuse", "always"]),
    stasis=st.sampled_from(["literal", "sequence"]),
    chain=st.sampled_from(["protocol", "deflect"]),
    wall=st.sampled_from(["all", "one"]),
    must_null=st.booleans(),
    timing=st.sampled_from(["turn", "immediate"]),
    counts=st.tuples(*[st.integers(0, 8) for _ in range(6)]),
)
def test_every_option_keeps_the_invariants(
    n,
    seed,
    per_dock,
    priming,
    stop_early,
    volt_bonus,
    stasis,
    chain,
    wall,
    must_null,
    timing,
    counts,
):
    deck = ",".join(
        f"{k}={c}"
        for k, c in zip(["vec", "volt", "stasis", "plus", "minus", "null"], counts, strict=True)
    )
    if 38 + sum(counts) < 7 * n:
        deck = "standard"
    g = ninetynine.load_game(
        "tripwire",
        num_players=n,
        per_dock=per_dock,
        priming=priming,
        stop_early=stop_early,
        volt_bonus=volt_bonus,
        stasis=stasis,
        chain=chain,
        wall=wall,
        must_null=must_null,
        penalty_timing=timing,
        deck=deck,
        max_turns=300,
    )
    s = play_random(g.new_initial_state(seed), seed, check_invariants)
    assert s.is_terminal()


def test_waves_with_every_chain_rule_conserve_units():
    """Many waves, long ones too: random play in the per_dock=any game (more penalties a
    turn), under every chain and wall rule."""
    waves = 0
    for chain, timing in (("protocol", "turn"), ("deflect", "turn"), ("protocol", "immediate")):
        for wall in ("all", "one"):
            g = ninetynine.load_game(
                "tripwire",
                num_players=3,
                per_dock="any",
                chain=chain,
                wall=wall,
                penalty_timing=timing,
                max_turns=300,
            )
            for seed in range(12):
                s = play_random(g.new_initial_state(seed), seed, check_invariants)
                waves += s.stats()["waves"]
    assert waves > 100


def test_greedy_playouts_keep_the_invariants_and_end():
    for n in range(2, 7):
        g = ninetynine.load_game("tripwire", num_players=n)
        for seed in range(6):
            agents = [make_agent("greedy", g, i) for i in range(n)]
            s = g.new_initial_state(seed)
            check_invariants(s)
            while not s.is_terminal():
                p = s.current_player()
                s.apply_action(agents[p].step(s.observation(p), s.legal_actions()))
                check_invariants(s)
            assert s.is_terminal()


def test_resampled_states_keep_the_invariants():
    g = ninetynine.load_game("tripwire", num_players=4)
    s = g.new_initial_state(9)
    rng = Rng(3)
    while not s.is_terminal():
        p = s.current_player()
        r = s.resample(p, rng.randbelow(1000))
        check_invariants(r)
        assert r.observation(p) == s.observation(p)
        assert r.legal_actions() == s.legal_actions()
        la = s.legal_actions()
        s.apply_action(la[rng.randbelow(len(la))])
