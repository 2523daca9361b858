"""The Tripwire opponent model (``inference.py``): the public record replayed from the moves
alone, the constraints of forced moves, and determinizations re-dealt by them that stay fair."""

from __future__ import annotations

import pytest

import ninetynine
from inference_checks import reweighed_hands
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.rng import Rng
from ninetynine.games.tripwire import inference
from ninetynine.games.tripwire.actions import DRAW, NULL_ACTION, PLAY_MAX, TAKE
from ninetynine.games.tripwire.cards import NULL
from ninetynine.games.tripwire.heuristics import GreedyAgent
from ninetynine.games.tripwire.rules import SLOTS, slot_card
from ninetynine.games.tripwire.turn import WAVE


def _play_out(game, seed: int, p_random: float):
    """A game of greedy and random moves; per seat, the events read from the true state,
    checked against the true hands (a forced move's constraint holds for the hand then)."""
    n = game.num_players
    state = game.new_initial_state(seed)
    greedy = [GreedyAgent(game, s) for s in range(n)]
    rng = Rng(seed)
    events: list[list[tuple[int, object]]] = [[] for _ in range(n)]
    states = []
    while not state.is_terminal():
        q = state.current_player()
        legal = state.legal_actions()
        if rng.random() < p_random:
            a = legal[rng.randbelow(len(legal))]
        else:
            a = greedy[q].step(state.observation(q), legal)
        hand = state.hands[q][:]
        before = len(hand)
        if state.phase == WAVE:
            if a == TAKE and game.must_null and q != state.w_init:
                assert NULL not in hand  # the rule the constraint reads
                events[q].append((inference.FORBID, frozenset({NULL})))
            elif a == NULL_ACTION:
                events[q].append((inference.LOSE, NULL))
        elif a < PLAY_MAX:
            events[q].append((inference.LOSE, slot_card(a % SLOTS)))
        elif a == DRAW:
            assert not state.has_play(q)
            fits = {k for k in range(NULL + 1) if _fits(state, k)}
            assert not fits & set(hand)
            events[q].append((inference.FORBID, frozenset(fits)))
        state.apply_action(a)
        if a in (TAKE, DRAW):
            events[q].append((inference.GAIN, len(state.hands[q]) - before))
        states.append(([e[:] for e in events], state.clone()))
    return states


def _fits(state, k: int) -> bool:
    """Whether a card of kind ``k`` fits some dock now (the state's own rule, on a probe)."""
    probe = state.clone()
    p = probe.player
    probe.hands[p] = [k]
    return probe.has_play(p)


@pytest.mark.parametrize(
    ("n", "options"),
    [
        (2, {}),
        (3, {}),
        (4, {"penalty_timing": "turn"}),
        (2, {"chain": "deflect", "wall": "one"}),
        (3, {"must_null": False}),
        (2, {"per_dock": "any", "stasis": "sequence", "priming": "any"}),
    ],
)
def test_public_record_rebuilds_each_seats_events_from_the_moves_alone(n, options):
    game = ninetynine.load_game("tripwire", num_players=n, **options)
    walls = 0
    for seed in (0, 3, 6):
        states = _play_out(game, seed, 0.3)
        for k, (events, state) in enumerate(states):
            if k % 9 and k != len(states) - 1:
                continue
            got = inference.public_record(state)
            assert got == events, (seed, k)
        walls += sum(states[-1][1].st["wall_hits"])
    if options.get("chain") == "deflect":
        assert walls, "no hit at the wall (a forced take that says nothing) was replayed"


def _drew_on(seed: int):
    """A heads-up greedy position, seat 0 to play, just after seat 1 drew (no card fitted)."""
    game = ninetynine.load_game("tripwire", num_players=2)
    for s in range(seed, seed + 50):
        state = game.new_initial_state(s)
        greedy = [GreedyAgent(game, q) for q in range(2)]
        while not state.is_terminal():
            q = state.current_player()
            legal = state.legal_actions()
            a = greedy[q].step(state.observation(q), legal)
            state.apply_action(a)
            if (
                a == DRAW
                and q == 1
                and state.current_player() == 0
                and len(state.hist) > 20
                and len(state.hands[1]) >= 5
            ):
                return state
    raise AssertionError("no such position")


def test_reweighed_determinizations_follow_the_forced_draws():
    """Seat 1 just drew: none of the cards it held fitted a dock. Re-dealt determinizations
    give it such cards far less often than plain ones; every one keeps what seat 0 sees and
    the hidden cards."""
    s = _drew_on(1)
    fits = {k for k in range(NULL + 1) if _fits(s, k)}

    def fitting(infer: int) -> float:
        hands = reweighed_hands(s, inference.reweigh, infer, 200)
        return sum(sum(1 for k in h if k in fits) for h in hands) / 200

    plain, model = fitting(0), fitting(1)
    # at most the card drawn last (and cards drawn before earlier plays) may fit
    assert model < 0.5 * plain, (model, plain)
    assert model <= 1.5


def _twins(state, p: int):
    """States that look the same to ``p``: resampled ones, and one whose other hands were
    swapped with the top of the draw pile by hand (the adversary's choice)."""
    twins = [state.resample(p, 100 + k) for k in range(2)]
    t = state.clone()
    for q in range(state.game.num_players):
        k = len(t.hands[q])
        if q != p and t.hands[q] and len(t.draw) >= k:
            t.hands[q], t.draw[-k:] = sorted(t.draw[-k:]), t.hands[q][:]
            t._legal = None
    twins.append(t)
    return twins


def _constrained(state, p: int) -> bool:
    """Whether another seat's record holds a forced move (so the model re-deals its hand)."""
    record = inference.public_record(state)
    n = state.game.num_players
    return any(e[0] == inference.FORBID for q in range(n) if q != p for e in record[q])


@pytest.mark.parametrize("n", [2, 3])
def test_states_that_look_alike_get_the_same_decision_with_the_model(n):
    """Two states that look the same to the seat (its observation), the hidden cards dealt
    otherwise (resampled, or another hand swapped with the draw pile's top): the same move
    and the same values from the search with the model."""
    game = ninetynine.load_game("tripwire", num_players=n)
    rng = Rng(n)
    checked = 0
    seed = 11 + n
    while checked < 3:
        state = game.new_initial_state(seed)
        seed += 100
        while not state.is_terminal() and checked < 3:
            legal = state.legal_actions()
            p = state.current_player()
            if len(legal) > 1 and _constrained(state, p) and rng.random() < 0.3:
                twins = _twins(state, p)
                assert all(t.observation(p) == state.observation(p) for t in twins)
                assert any(t.to_json() != state.to_json() for t in twins)
                for spec in ("ismcts:24:infer=1", "ismcts:48:random:infer=1"):
                    bot = make_agent(spec, game, p, seed=7)
                    choice = choose_action(bot, state, p)
                    for twin in twins:
                        other = make_agent(spec, game, p, seed=7)
                        assert choose_action(other, twin, p) == choice, spec
                        assert other.last["values"] == bot.last["values"], spec
                checked += 1
            state.apply_action(legal[rng.randbelow(len(legal))])


def test_infer_is_an_ismcts_option():
    game = ninetynine.load_game("tripwire", num_players=2)
    assert make_agent("ismcts:50:infer=1", game, 0, 1).infer == 1
    assert make_agent("ismcts:50", game, 0, 1).infer == 0


def test_the_remembered_record_is_the_games_own_even_when_an_id_is_reused(monkeypatch):
    """The record was remembered under ``id(game)``: a game freed and another made at the same
    address (other options) with the same moves got the first one's record. Simulated here by
    an ``id`` that gives every object the same number."""
    strict = ninetynine.load_game("tripwire", num_players=2)
    loose = ninetynine.load_game("tripwire", num_players=2, must_null=False)
    rng = Rng(5)
    for seed in range(40):
        s = strict.new_initial_state(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[rng.randbelow(len(legal))])
            t = loose.new_initial_state(seed)
            for a in s.hist:
                if t.is_terminal() or a not in t.legal_actions():
                    break
                t.apply_action(a)
            else:
                inference._CACHE.clear()
                want = inference.public_record(t)
                if want == inference.public_record(s):
                    continue
                monkeypatch.setattr(inference, "id", lambda obj: 1, raising=False)
                inference._CACHE.clear()
                inference.public_record(s)
                assert inference.public_record(t) == want
                return
    pytest.fail("no game where must_null changes the record")
