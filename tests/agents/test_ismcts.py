"""The ISMCTS agent: specs, reproducibility, both modes, the plain-step fallback, and the
Warp 99 search hooks (tiny budgets: these tests check behaviour, not strength)."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.agents.ismcts import ISMCTSAgent, parse_spec
from ninetynine.core.agent import SearchHooks, SearchView, choose_action, search_hooks
from ninetynine.core.errors import GameOptionError
from ninetynine.core.rng import Rng
from ninetynine.games.warp99.heuristics import (
    GreedyAgent,
    _discard_solver,
    discard_count,
    evaluate,
    rollout_policy,
    search_candidates,
    solve_discards,
)
from ninetynine.sim import play_game


def test_parse_spec():
    assert parse_spec(None) == {}
    assert parse_spec("200") == {"iterations": 200}
    assert parse_spec("0.5s") == {"seconds": 0.5}
    assert parse_spec("250ms:ucb:random") == {"seconds": 0.25, "mode": "ucb", "rollout": "random"}
    assert parse_spec("50:depth=2:c=1.5:z=0:flat") == {
        "iterations": 50, "depth": 2, "c": 1.5, "z": 0.0, "macro": False,
    }  # fmt: skip
    assert parse_spec("5000:1s") == {"iterations": 5000, "seconds": 1.0}
    assert parse_spec("5000:steps=40000") == {"iterations": 5000, "steps": 40000}
    assert parse_spec("200:infer=8") == {"iterations": 200, "infer": 8}
    assert parse_spec("200:opp=greedy") == {"iterations": 200, "opponents": "greedy"}


def test_budget_defaults():
    game = ninetynine.load_game("warp99", num_players=2)
    assert make_agent("ismcts", game, 0, 1).iterations == 1000
    timed = make_agent("ismcts:0.5s", game, 0, 1)
    assert timed.iterations is None and timed.seconds == 0.5
    both = make_agent("ismcts:5000:1s", game, 0, 1)
    assert (both.iterations, both.seconds) == (5000, 1.0)


@pytest.mark.parametrize(
    "bad",
    [
        "abc",
        "0",
        "-1s",
        "depth=x",
        "c=",
        "200:fast",
        "steps=0",
        "steps=x",
        "infer=-1",
        "infer=x",
        "opp=x",
    ],
)
def test_bad_specs_are_game_option_errors(bad):
    game = ninetynine.load_game("warp99", num_players=2)
    with pytest.raises(GameOptionError, match="ismcts"):
        make_agent(f"ismcts:{bad}", game, 0, 1)


def test_opp_plays_the_other_seats_by_their_model_in_rollouts():
    """``opp=random``: every rollout move of another seat is uniformly random; ``opp=greedy``:
    the greedy agent's; the bot's own are its rollout policy's (ONO 99's rule-based hook)."""
    from ninetynine.core.registry import agent_factory
    from ninetynine.core.rng import Rng
    from ninetynine.games.ono99.search import rollout_policy

    game = ninetynine.load_game("ono99", num_players=3)
    bot = make_agent("ismcts:20:opp=random", game, 1, 1)
    greedy = make_agent("ismcts:20:opp=greedy", game, 1, 1)
    plain = make_agent("ismcts:20", game, 1, 1)
    assert plain.policy is rollout_policy
    state = game.new_initial_state(4)
    rng = Rng(2)
    others = own = 0
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        if p == 1:
            assert bot.policy(state, Rng(0)) == rollout_policy(state)
            assert greedy.policy(state, Rng(0)) == rollout_policy(state)
            own += 1
        elif len(legal) > 1:
            seen = {bot.policy(state, Rng(k)) for k in range(40)}
            assert seen == set(legal)
            move = agent_factory("greedy", "ono99")(game, p, 0).step(state.observation(p), legal)
            assert greedy.policy(state, Rng(0)) == move
            others += 1
        state.apply_action(legal[rng.randbelow(len(legal))])
    assert own and others


def test_the_agent_is_listed_for_every_game():
    for gid in ninetynine.list_games():
        assert "ismcts" in ninetynine.list_agents(gid)


@pytest.mark.parametrize("spec", ["ismcts:6", "ismcts:6:ucb"])
def test_same_seed_same_game(spec):
    game = ninetynine.load_game("warp99", num_players=2)
    a = play_game(game, [spec, "greedy"], seed=4)
    b = play_game(game, [spec, "greedy"], seed=4)
    assert a == b


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_search_moves_are_legal_in_every_game(game_id):
    game = ninetynine.load_game(game_id, num_players=3)
    state = game.new_initial_state(5)
    bots = [make_agent(s, game, i, i) for i, s in enumerate(["ismcts:4", "ismcts:4:ucb", "greedy"])]
    for _ in range(40):
        if state.is_terminal():
            break
        p = state.current_player()
        a = choose_action(bots[p], state, p)
        assert a in state.legal_actions()
        state.apply_action(a)


def test_search_statistics_and_the_policy_default():
    game = ninetynine.load_game("warp99", num_players=2)
    state = game.new_initial_state(11)
    bot = make_agent("ismcts:40", game, 0, 3)
    a = choose_action(bot, state, 0)
    last = bot.last
    assert last["default"] == GreedyAgent(game).step(state.observation(0), state.legal_actions())
    assert a in last["values"] and all(0.0 <= v <= 1.0 for v in last["values"].values())
    # sequential halving: the policy's move is never dropped, so it has the most rollouts
    visits = last["visits"]
    assert visits[last["default"]] == max(visits.values())
    assert last["iterations"] == sum(visits.values()) <= 40 + len(visits)


def test_leaving_the_policy_move_needs_a_better_value():
    game = ninetynine.load_game("warp99", num_players=2)
    state = game.new_initial_state(11)
    for z in ("0", "1", "1000"):
        bot = make_agent(f"ismcts:30:z={z}", game, 0, 3)
        a = choose_action(bot, state, 0)
        values = bot.last["values"]
        assert values[a] >= values[bot.last["default"]]
        if z == "0":  # the best of the moves that survived every halving
            most = max(bot.last["visits"].values())
            finalists = [m for m, v in bot.last["visits"].items() if v == most]
            assert values[a] == max(values[m] for m in finalists)


@pytest.mark.parametrize("mode", ["paired", "ucb"])
def test_a_steps_cap_bounds_the_rollout_moves_reproducibly(mode):
    game = ninetynine.load_game("warp99", num_players=2)
    state = game.new_initial_state(11)
    free = make_agent(f"ismcts:200:{mode}", game, 0, 3)
    choose_action(free, state, 0)
    assert free.capped == 0 and free.last["steps"] == free.steps > 200
    runs = []
    for _ in range(2):
        bot = make_agent(f"ismcts:200:{mode}:steps=60", game, 0, 3)
        runs.append((choose_action(bot, state, 0), bot.last["iterations"], bot.last["steps"]))
        assert bot.capped == 1
        # each phase stops at its share of the cap: past it by at most one round's moves
        assert 60 <= bot.last["steps"] < free.last["steps"]
        assert bot.last["iterations"] < 200
    assert runs[0] == runs[1]


def test_a_time_cap_that_is_not_hit_changes_nothing():
    game = ninetynine.load_game("warp99", num_players=2)
    state = game.new_initial_state(11)
    plain = make_agent("ismcts:40", game, 0, 3)
    capped = make_agent("ismcts:40:600s", game, 0, 3)
    assert choose_action(plain, state, 0) == choose_action(capped, state, 0)
    assert plain.last["values"] == capped.last["values"] and capped.capped == 0
    hit = make_agent("ismcts:100000:1ms", game, 0, 3)
    choose_action(hit, state, 0)
    assert hit.capped == 1 and hit.last["iterations"] < 100000


def test_time_budget_runs_at_least_one_round():
    game = ninetynine.load_game("warp99", num_players=2)
    state = game.new_initial_state(2)
    for spec in ("ismcts:1ms", "ismcts:1ms:ucb"):
        bot = make_agent(spec, game, 0, 1)
        assert choose_action(bot, state, 0) in state.legal_actions()
        assert bot.last["iterations"] >= 1


def test_plain_step_falls_back_to_the_greedy_policy():
    game = ninetynine.load_game("warp99", num_players=2)
    state = game.new_initial_state(8)
    bot = make_agent("ismcts:50", game, 0, 1)
    obs, legal = state.observation(0), state.legal_actions()
    assert bot.step(obs, legal) == GreedyAgent(game).step(obs, legal)
    assert bot.unsearched == 1


def test_a_game_without_hooks_uses_its_greedy_agent_and_full_rollouts():
    game = ninetynine.load_game("ono99", num_players=2)
    bot = ISMCTSAgent(game, 0, 1, iterations=4)
    assert search_hooks("ono99") == SearchHooks() or search_hooks("ono99").rollout is not None
    assert bot.depth is None or search_hooks("ono99").evaluate is not None
    state = game.new_initial_state(1)
    assert choose_action(bot, state, 0) in state.legal_actions()


# --------------------------------------------------------------------------- Warp 99 hooks
def _positions(game_id: str, n: int, seeds=range(4)):
    game = ninetynine.load_game(game_id, num_players=n)
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            yield state
            legal = state.legal_actions()
            # mostly greedy play, some random moves for odd positions
            a = rollout_policy(state) if rng.random() < 0.8 else legal[rng.randbelow(len(legal))]
            state.apply_action(a)


@pytest.mark.parametrize(("game_id", "n"), [("warp99", 2), ("warp99", 4), ("ninetynine", 3)])
def test_rollout_policy_is_the_greedy_agent(game_id, n):
    greedy = None
    for state in _positions(game_id, n):
        greedy = greedy or GreedyAgent(state.game)
        p = state.current_player()
        assert rollout_policy(state) == greedy.step(state.observation(p), state.legal_actions())


def test_the_rollout_solver_is_the_exact_solver():
    """``_discard_solver`` (bit masks, for rollouts) gives ``solve_discards``'s count, doubles
    and first play, and ``discard_count`` its count, for random hands (0-9 cards), tops, rule
    sides and used cards."""
    rng = Rng(5)
    for _ in range(400):
        k = rng.randbelow(10)
        cards = list(range(110))
        rng.shuffle(cards)
        hand, top0, top1 = tuple(sorted(cards[:k])), cards[k], cards[k + 1]
        config = rng.randbelow(8)
        solve = _discard_solver(hand, config)
        for _ in range(3):
            mask = sum(1 << i for i in range(k) if rng.randbelow(4) == 0)
            rest = tuple(c for i, c in enumerate(hand) if not mask >> i & 1)
            plan = solve_discards(rest, top0, top1, config)
            first = plan.plays[0] if plan.plays else -1
            assert solve(mask, top0, top1) == (plan.count, plan.doubles, first)
            assert discard_count(rest, config, top0, top1) == plan.count


def test_candidates_are_a_macro_move_in_the_discard_phase():
    seen_macro = False
    for state in _positions("warp99", 3, seeds=range(2)):
        legal = state.legal_actions()
        cands = search_candidates(state, legal)
        assert cands and set(cands) <= set(legal)
        if state.observation(None)["phase"] == "discard" and len(cands) < len(legal):
            seen_macro = True
            p = state.current_player()
            assert cands == [GreedyAgent(state.game).step(state.observation(p), legal)]
    assert seen_macro


def test_evaluate_is_an_expected_return():
    for state in _positions("warp99", 3, seeds=range(1)):
        if state.is_terminal():
            continue
        v = evaluate(state)
        assert len(v) == 3 and all(-1.0 <= x <= 1.0 for x in v)
        assert sum(v) == pytest.approx(2.0 - 3)  # sum of 2 P - 1 over three seats


def test_the_view_samples_agree_with_the_seat():
    game = ninetynine.load_game("warp99", num_players=3)
    state = game.new_initial_state(6)
    view = SearchView(state, 0)
    for r in range(3):
        assert view.sample(r).observation(0) == state.observation(0)


def test_the_greedy_fallback_policy_pickles(monkeypatch):
    """A game with a ``greedy`` agent but no rollout hook: the search agent builds its
    rollout policy from the greedy agents, and still pickles and deep-copies (issue 19)."""
    import copy
    import pickle

    from ninetynine.core import agent as core_agent

    monkeypatch.setitem(core_agent._HOOKS, "ono99", SearchHooks())
    game = ninetynine.load_game("ono99", num_players=3)
    bot = ISMCTSAgent(game, 0, 5, iterations=8)
    assert bot.policy is not None and bot.rollout_kind == "greedy"
    state = game.new_initial_state(4)
    twins = [pickle.loads(pickle.dumps(bot)), copy.deepcopy(bot)]
    moves = {choose_action(b, state.clone(), state.current_player()) for b in [bot, *twins]}
    assert len(moves) == 1


def _finished_sixto_game(seed):
    """A 2-player Sixto game played to the end by ``greedy`` (seed 3 is drawn, 190-190; seed
    0 won by seat 0)."""
    game = ninetynine.load_game("sixto", num_players=2)
    state = game.new_initial_state(seed)
    bots = [make_agent("greedy", game, i, i) for i in range(2)]
    while not state.is_terminal():
        state.apply_action(choose_action(bots[state.current_player()], state))
    return game, state


def test_draw_scores_a_drawn_end_for_the_search_only():
    """``draw=X``: a rollout that ends in a draw (every seat's returns equal) is worth ``X``
    on the [0, 1] scale (``2X - 1`` in returns); wins and losses keep their returns."""
    assert parse_spec("200:draw=0.25") == {"iterations": 200, "draw": 0.25}
    assert parse_spec("200:eval=calibrated:draw=0") == {
        "iterations": 200, "evaluation": "calibrated", "draw": 0.0,
    }  # fmt: skip
    game, drawn = _finished_sixto_game(3)
    assert drawn.returns() == [0.0, 0.0]
    _, won = _finished_sixto_game(0)
    assert won.returns() == [1.0, -1.0]
    for spec, value in (("ismcts:5:draw=0.25", -0.5), ("ismcts:5:draw=0", -1.0)):
        bot = make_agent(spec, game, 0, 1)
        assert bot._rollout(drawn.clone(), Rng(0)) == [value, value]
        assert bot._rollout(won.clone(), Rng(0)) == [1.0, -1.0]
    plain = make_agent("ismcts:5", game, 0, 1)
    assert plain.draw is None and plain._rollout(drawn.clone(), Rng(0)) == [0.0, 0.0]
    # draw=0.5 is the returns' own value of a draw: the same search, move for move
    state = game.new_initial_state(9)
    half = make_agent("ismcts:12:draw=0.5", game, 0, 4)
    default = make_agent("ismcts:12", game, 0, 4)
    other = make_agent("greedy", game, 1, 1)
    for _ in range(30):
        if state.is_terminal():
            break
        if state.current_player() == 0:
            a = choose_action(half, state, 0)
            assert a == choose_action(default, state, 0)
            assert half.last["values"] == default.last["values"]
        else:
            a = choose_action(other, state, 1)
        state.apply_action(a)


@pytest.mark.parametrize("bad", ["draw=1.5", "draw=-0.1", "draw=x"])
def test_a_draw_value_outside_0_1_is_refused(bad):
    game = ninetynine.load_game("sixto", num_players=2)
    with pytest.raises(GameOptionError, match="ismcts"):
        make_agent(f"ismcts:{bad}", game, 0, 1)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:50:look:random", "one rollout"),
        ("ismcts:50:random:greedy", "one rollout"),
        ("ismcts:50:ucb:paired", "one mode"),
        # a budget, c, a model given twice: the later one was taken without a word
        ("ismcts:200:300", "one iteration budget"),
        ("ismcts:1s:500ms", "one time budget"),
        ("ismcts:50:c=1:c=2", "one c"),
        ("ismcts:50:steps=10:steps=20", "one steps cap"),
        ("ismcts:50:value:value=other.npz", "one value model"),
    ],
)
def test_contradicting_parts_are_one_clear_error_not_the_last_one_silently(spec, message):
    """``look:random`` used to run random rollouts without a word (the later part won)."""
    game = ninetynine.load_game("warp99", num_players=2)
    with pytest.raises(GameOptionError, match=message):
        make_agent(spec, game, 0, 1)
    assert parse_spec("50:random:random") == {"iterations": 50, "rollout": "random"}
    assert parse_spec("50:50:c=1:c=1") == {"iterations": 50, "c": 1.0}


@pytest.mark.parametrize("game_id", ["warp99", "sixto"])
def test_infer_on_a_game_without_an_opponent_model_is_an_error(game_id):
    """``infer=8`` on a game with no ``reweigh`` hook used to be dropped silently (a ladder
    then showed a plain search under the opponent model's name)."""
    game = ninetynine.load_game(game_id, num_players=2)
    with pytest.raises(GameOptionError, match="no opponent model"):
        make_agent("ismcts:50:infer=8", game, 0, 1)
    assert make_agent("ismcts:50:infer=0", game, 0, 1).infer == 0


@pytest.mark.parametrize("bad", ["nans", "infs", "50:c=nan", "50:z=inf", "50:c=-inf"])
def test_a_budget_or_constant_that_is_not_a_finite_number_is_an_error(bad):
    """``ismcts:nans`` used to search forever (no time is more than NaN seconds)."""
    with pytest.raises(GameOptionError, match="finite"):
        parse_spec(bad)


@pytest.mark.parametrize("bad", ["50:c=-1", "50:z=-0.5", "50:ucb:c=-0.1"])
def test_a_negative_exploration_constant_or_margin_is_an_error(bad):
    """``c=-1`` used to be taken: a negative UCB bonus steers the search away from the moves it
    has tried least, the opposite of exploring."""
    with pytest.raises(GameOptionError, match="c and z >= 0"):
        parse_spec(bad)
    assert parse_spec("50:c=0:z=0") == {"iterations": 50, "c": 0.0, "z": 0.0}
