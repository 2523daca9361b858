"""The ONO 99 opponent model (``inference.py``): the public replay, the likelihood of a seat's
moves, and determinizations re-drawn by it that stay fair."""

from __future__ import annotations

import pytest

import ninetynine
from inference_checks import reweighed_hands
from ninetynine.agents import make_agent
from ninetynine.core.agent import choose_action
from ninetynine.core.rng import Rng
from ninetynine.games.ono99 import inference
from ninetynine.games.ono99.heuristics import GreedyAgent

from .positions import position


@pytest.mark.parametrize(
    ("n", "options"),
    [
        (2, {}),
        (4, {}),
        (3, {"two_player_reverse": "again"}),
        (2, {"two_player_reverse": "again"}),
        (4, {"leave": "now"}),
        (5, {"deck": "m10=4,rev=20,p2=20"}),
    ],
)
def test_public_moves_replays_who_moved_on_what_from_the_record_alone(n, options):
    game = ninetynine.load_game("ono99", num_players=n, **options)
    for seed in range(6):
        state = game.new_initial_state(seed)
        greedy = [GreedyAgent(game, s) for s in range(n)]
        rng = Rng(seed)
        seen = []
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            seen.append((p, state.total, state.direction, state.play2, tuple(state.alive)))
            if rng.random() < 0.5:
                a = legal[rng.randbelow(len(legal))]
            else:
                a = greedy[p].step(state.observation(p), legal)
            state.apply_action(a)
            replayed = inference.public_moves(state)
            got = [(m.seat, m.total, m.direction, m.play2, m.in_game) for m in replayed]
            assert got == seen, (seed, len(seen))
            assert [m.action for m in replayed] == state.history()


def _at(total: int, hands: list[str]):
    """A position on ``total`` (80-90) with seat 1 to act, and a public record that reaches it
    (nine number cards: seat 0 first)."""
    s = position(hands=hands, total=total, player=1)
    s.hist = [10] * 8 + [total - 80]
    s.turn = len(s.hist)
    assert [m.total for m in inference.public_moves(s)][-1] == 80
    return s


def test_a_greedy_seat_that_played_low_probably_held_nothing_higher():
    # seat 1 played a 2 on 80 although greedy plays its highest number that fits: under the
    # model a hand that held a 9 then is unlikely
    s = _at(80, ["5 6 7 Rev", "0 1 2 3"])
    s.apply_action(2)
    assert s.current_player() == 0
    moves = inference.public_moves(s)
    assert moves[-1].seat == 1 and moves[-1].total == 80
    low = inference.seat_likelihood(s, 1, [0, 1, 11, 12], moves, Rng(1))
    high = inference.seat_likelihood(s, 1, [9, 9, 9, 9], moves, Rng(1))
    assert high < 0.3 * low
    assert high > 0.0  # a random move now and then: never ruled out


def test_reweighed_determinizations_follow_the_seats_moves():
    """Seat 1 played a 1 on 85: a greedy seat holding a 2-9 would have played it. Re-drawn
    determinizations hold such a card (among the three kept) far less often than plain ones."""
    game = ninetynine.load_game("ono99", num_players=2)
    s = _at(85, ["5 6 Rev P2", "0 1 -10 Rev"])
    s.apply_action(1)

    def high_share(infer: int) -> float:
        hands = reweighed_hands(s, inference.reweigh, infer, 300)
        return sum(sum(1 for k in h if 2 <= k <= 9) >= 2 for h in hands) / 300

    assert game.num_players == 2
    assert high_share(8) < 0.75 * high_share(0)


def _twins(state, p: int):
    """States that look the same to ``p``: resampled ones, and one whose other hands were
    swapped with the top of the draw pile by hand (the adversary's choice)."""
    twins = [state.resample(p, 100 + k) for k in range(2)]
    t = state.clone()
    for q in range(state.game.num_players):
        if q != p and t.alive[q] and t.hands[q] and len(t.draw) >= len(t.hands[q]):
            gens = t.hgen[q] if t.hgen is not None else None
            if gens is not None and any(g != t.rebuilds for g in gens):
                continue
            k = len(t.hands[q])
            t.hands[q], t.draw[-k:] = sorted(t.draw[-k:]), t.hands[q][:]
            t._legal = None
    twins.append(t)
    return twins


@pytest.mark.parametrize("n", [2, 3])
def test_states_that_look_alike_get_the_same_decision_with_the_model(n):
    game = ninetynine.load_game("ono99", num_players=n)
    state = game.new_initial_state(11 + n)
    rng = Rng(n)
    checked = 0
    step = 0
    while not state.is_terminal() and checked < 3:
        legal = state.legal_actions()
        p = state.current_player()
        if len(legal) > 1 and step >= 6 and step % 5 == 1:
            twins = _twins(state, p)
            assert all(t.observation(p) == state.observation(p) for t in twins)
            assert any(t.to_json() != state.to_json() for t in twins)
            bot = make_agent("ismcts:24:infer=6", game, p, seed=7)
            choice = choose_action(bot, state, p)
            for twin in twins:
                other = make_agent("ismcts:24:infer=6", game, p, seed=7)
                assert choose_action(other, twin, p) == choice
                assert other.last["values"] == bot.last["values"]
            checked += 1
        state.apply_action(legal[rng.randbelow(len(legal))])
        step += 1
    assert checked == 3


def test_infer_is_an_ismcts_option():
    game = ninetynine.load_game("ono99", num_players=2)
    assert make_agent("ismcts:50:infer=8", game, 0, 1).infer == 8
    assert make_agent("ismcts:50", game, 0, 1).infer == 0
    with pytest.raises(ninetynine.GameOptionError):
        make_agent("ismcts:50:infer=-1", game, 0, 1)
