"""The Tripwire opponent model (``inference.py``): the public record replayed from the moves
alone, the constraints of forced moves, and determinizations re-dealt by them that stay fair."""

from __future__ import annotations

import pytest

import ninetynine
from inference_checks import reweighed_hands
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.errors import GameOptionError
from ninetynine.core.rng import Rng
from ninetynine.games.tripwire import inference
from ninetynine.games.tripwire.actions import DRAW, NULL_ACTION, PLAY_MAX, TAKE
from ninetynine.games.tripwire.cards import NULL
from ninetynine.games.tripwire.heuristics import GreedyAgent
from ninetynine.games.tripwire.rules import SLOTS, slot_card
from ninetynine.games.tripwire.turn import WAVE


def _mostly_greedy_move(state, greedy, rng: Rng, p_random: float) -> int:
    """A uniformly random legal move with probability ``p_random``, else ``greedy``'s."""
    q, legal = state.current_player(), state.legal_actions()
    if rng.random() < p_random:
        return legal[rng.randbelow(len(legal))]
    return int(greedy[q].step(state.observation(q), legal))


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
        a = _mostly_greedy_move(state, greedy, rng, p_random)
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
                for spec in (
                    "ismcts:24:infer=1",
                    "ismcts:48:random:infer=1",
                    "ismcts:48:random:infer=16",
                ):
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
    assert make_agent("ismcts:50:random:infer=64", game, 0, 1).infer == 64
    for bad in ("ismcts:50:infer=-1", "ismcts:50:infer=x", "ismcts:50:infer=1.5"):
        with pytest.raises(GameOptionError):
            make_agent(bad, game, 0, 1)
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


def _with_turns(game, seed: int, p_random: float):
    """A game of greedy and random moves; after every move, the state and per seat its latest
    turn with a play as the true state saw it (the planner's view at the turn's start, the
    plays, whether the turn is over, and whether the seat drew or was hit since)."""
    n = game.num_players
    state = game.new_initial_state(seed)
    greedy = [GreedyAgent(game, s) for s in range(n)]
    rng = Rng(seed)
    truth: list[dict | None] = [None] * n
    out = []
    while not state.is_terminal():
        q = state.current_player()
        a = _mostly_greedy_move(state, greedy, rng, p_random)
        if state.phase != WAVE and a < PLAY_MAX and state.t_played == 0:
            obs = state.observation(q)
            truth[q] = {
                "turn": state.turn,
                "hand": obs["hand"][:],
                "hand_sizes": obs["hand_sizes"][:],
                "side_pile": sorted(obs["side_pile"]),
                "docks": [(d["color"], d["value"], len(d["stack"])) for d in obs["docks"]],
                "this_turn": obs["this_turn"],
                "plays": [],
                "gained": False,
            }
        t = truth[q]
        if t is not None and state.phase != WAVE and a < PLAY_MAX:
            t["plays"].append(a)
        before = len(state.hands[q])
        state.apply_action(a)
        if t is not None and len(state.hands[q]) > before:
            t["gained"] = True
        out.append(
            (state.clone(), [None if x is None else {**x, "plays": x["plays"][:]} for x in truth])
        )
    return out


@pytest.mark.parametrize(("n", "options"), [(2, {}), (3, {}), (2, {"penalty_timing": "turn"})])
def test_play_turns_rebuild_each_seats_latest_turn_with_a_play(n, options):
    """The replay's view of a seat's latest turn with a play is the true one: the turn, the
    true hand sizes, the side pile (after reshuffles, D22), the docks, the turn so far, the
    plays in order, whether it is over."""
    game = ninetynine.load_game("tripwire", num_players=n, **options)
    for seed in (1, 4):
        for k, (state, truth) in enumerate(_with_turns(game, seed, 0.3)):
            if k % 7:
                continue
            got = inference.play_turns(state)
            for q in range(n):
                t = truth[q]
                if t is None:
                    assert got[q] == []
                    continue
                g = got[q][-1]
                assert all(x.done for x in got[q][:-1])
                v = g.view
                assert v["turn"] == t["turn"] and v["player"] == q
                assert v["hand_sizes"] == t["hand_sizes"]
                assert sorted(v["side_pile"]) == t["side_pile"]
                assert [(d["color"], d["value"], len(d["stack"])) for d in v["docks"]] == t["docks"]
                assert v["this_turn"] == t["this_turn"]
                assert list(g.plays) == t["plays"]
                assert g.done == (
                    state.is_terminal() or not (state.player == q and state.turn == t["turn"])
                )


def test_greedy_would_play_its_own_turns_with_its_true_hand():
    """Under the model, ``greedy`` holding its true hand plays its latest turn as it did
    whenever it drew nothing since (then the walk back is exact); with another hand, often
    not."""
    game = ninetynine.load_game("tripwire", num_players=2)
    exact = other = checked = 0
    for seed in (2, 5, 8, 11, 14):
        for k, (state, truth) in enumerate(_with_turns(game, seed, 0.0)):
            if state.is_terminal() or k % 3:
                continue
            record = inference.public_record(state)
            turns = inference.play_turns(state)
            for q in range(2):
                t = truth[q]
                if t is None or t["gained"]:
                    continue
                checked += 1
                turn = turns[q][-1]
                assert inference.greedy_would(game, state.hands[q], record[q], turn, Rng(k))
                exact += 1
                wrong = sorted(state.hands[1 - q])[: len(state.hands[q])]
                other += not inference.greedy_would(game, wrong, record[q], turn, Rng(k))
    assert checked >= 40 and exact == checked
    assert other >= checked // 4, (other, checked)


def _played_on(seed: int):
    """A heads-up greedy position, seat 0 to play, just after seat 1 ended a turn in which it
    played two cards or more, holding five or more."""
    game = ninetynine.load_game("tripwire", num_players=2)
    for s in range(seed, seed + 50):
        state = game.new_initial_state(s)
        greedy = [GreedyAgent(game, q) for q in range(2)]
        while not state.is_terminal():
            q = state.current_player()
            legal = state.legal_actions()
            a = greedy[q].step(state.observation(q), legal)
            played = state.t_played
            state.apply_action(a)
            if (
                q == 1
                and played >= 2
                and state.current_player() == 0
                and state.phase != WAVE
                and len(state.hands[1]) >= 5
                and len(state.legal_actions()) > 1
            ):
                return state
    raise AssertionError("no such position")


def test_the_soft_likelihood_deals_hands_greedy_would_have_played_so():
    """``infer=N`` (N >= 2): the other seat's re-dealt hands are ones under which ``greedy``
    would have played its latest turn as it did far more often than with ``infer=1``, and
    each keeps what seat 0 sees and the hidden cards (made a no-op, e.g. every weight 1, the
    two rates are the same and this fails)."""
    rates = {1: 0.0, 32: 0.0}
    for seed in (3, 60, 120):
        s = _played_on(seed)
        record = inference.public_record(s)
        turn = inference.play_turns(s)[1][-1]
        assert turn.done
        for infer in rates:
            hands = reweighed_hands(s, inference.reweigh, infer, 40)
            rates[infer] += (
                sum(
                    inference.greedy_would(s.game, h, record[1], turn, Rng(i))
                    for i, h in enumerate(hands)
                )
                / 120
            )
    assert rates[32] >= rates[1] + 0.15, rates
    assert rates[32] >= 0.8, rates


def test_the_bank_is_a_function_of_what_the_seat_sees():
    """The bank of weighted hands is the same for every determinization of seat 0's view (and
    its twins), whatever the search's own random draws."""
    s = _played_on(3)
    record = inference.public_record(s)
    turns = inference.play_turns(s)[1][-inference.TURNS :]
    banks = set()
    for t in [s, *_twins(s, 0)]:
        for k in range(3):
            d = t.resample(0, 50 + k)
            inference._BANK.clear()
            hands, weights = inference.greedy_bank(d, 1, record[1], turns, 16)
            banks.add((tuple(hands), tuple(weights)))
    assert len(banks) == 1
    assert len(set(weights)) > 1
