"""Every game through OpenSpiel: registration and GameType, OpenSpiel's own random_sim_test,
serialization, the deal sequence, hidden information, perfect recall and resampling."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'ninetynine[openspiel]'"
)

import ninetynine  # noqa: E402
import ninetynine.openspiel as nos  # noqa: E402

from .conftest import default_cases, game_cases, play_randomly  # noqa: E402

GameType = pyspiel.GameType


def _load(gid: str, n: int, **params: object) -> object:
    return pyspiel.load_game(nos.short_name(gid), {"players": n, **params})


# -- registration and GameType ----------------------------------------------------------------
def test_every_game_is_registered():
    assert [nos.short_name(g) for g in ninetynine.list_games()] == nos.GAMES
    registered = set(pyspiel.registered_names())
    assert set(nos.GAMES) <= registered


@pytest.mark.parametrize(("gid", "n"), game_cases())
def test_game_type_and_info(gid, n):
    game = _load(gid, n)
    core = ninetynine.load_game(gid, n)
    t = game.get_type()
    assert t.short_name == f"ninetynine_{gid}"
    assert t.dynamics == GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == GameType.Information.IMPERFECT_INFORMATION
    assert t.reward_model == GameType.RewardModel.TERMINAL
    assert t.provides_information_state_string and t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    assert game.num_players() == n
    assert game.num_distinct_actions() == core.num_distinct_actions
    assert game.max_game_length() == core.max_game_length
    assert game.max_chance_outcomes() == 256
    assert game.max_chance_nodes_in_history() == nos.SEED_BYTES
    assert game.observation_tensor_shape() == list(core.observation_tensor_shape)
    if n == 2:
        assert t.utility == GameType.Utility.ZERO_SUM and game.utility_sum() == 0.0
    else:
        assert t.utility == GameType.Utility.GENERAL_SUM and game.utility_sum() is None
    if n == 1:
        assert (game.min_utility(), game.max_utility()) == core.score_bounds
    else:
        assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


def test_options_pass_through_as_parameters():
    game = pyspiel.load_game("ninetynine_warp99", {"players": 4, "target": 50, "bonus_rule": False})
    assert game.core.num_players == 4
    assert game.core.options["target"] == 50 and game.core.options["bonus_rule"] is False
    # a list option is written with ";" (OpenSpiel's game strings split on commas)
    game = pyspiel.load_game("ninetynine_warp99", {"handicap": "0;2;4"})
    assert game.core.options["handicap"] == (0, 2, 4)
    assert "handicap=0;2;4" in str(game)


def test_a_bad_option_says_what_is_wrong():
    with pytest.raises(ValueError, match="target"):
        pyspiel.load_game("ninetynine_warp99", {"target": -3})
    with pytest.raises(ValueError, match="2-4 players"):
        pyspiel.load_game("ninetynine_warp99", {"players": 7})


# -- OpenSpiel's own checks ---------------------------------------------------------------------
@pytest.mark.parametrize(("gid", "n"), game_cases())
def test_random_sim_test(gid, n):
    """OpenSpiel's C++ random simulation checks, with serialization: legal actions sorted and
    empty for the other seats, action strings unique, chance outcomes, clones equal, masks,
    observations and information states of the right size and finite, rewards summing to
    returns, returns within the utility bounds and summing as the utility type says, game
    length within max_game_length, and ``SerializeGameAndState`` / ``DeserializeGameAndState``
    giving back the same game and state (game string and ``ToString``) along the way."""
    pyspiel.random_sim_test(_load(gid, n), num_sims=3, serialize=True, verbose=False)


# -- serialization ------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", default_cases())
def test_pyspiel_serialization_round_trips(gid):
    """``pyspiel.serialize_game_and_state`` and ``pyspiel.deserialize_game_and_state`` (which
    need no game RNG: chance is explicit), mid-deal and at several points of a game; the copy
    has the same views and plays on identically."""
    game = pyspiel.load_game(nos.short_name(gid))
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(rng.choice(state.legal_actions()))  # part of the deal
    for stop in (None, 0, 1, 2, 9, 40, None):
        if stop is not None:
            state = play_randomly(state, rng, moves=stop)
        text = pyspiel.serialize_game_and_state(game, state)
        assert "[GameRNGState]" not in text
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert isinstance(game2, nos.NinetyNineGame) and str(game2) == str(game)
        assert game2.core == game.core
        assert str(state2) == str(state)
        assert state2.history() == state.history()
        assert state2.returns() == state.returns()
        if not state.is_chance_node():
            for p in range(game.num_players()):
                assert state2.information_state_string(p) == state.information_state_string(p)
                assert state2.observation_tensor(p) == state.observation_tensor(p)
        # state.serialize() / game.deserialize_state() on their own, and playing on
        again = game.deserialize_state(state.serialize())
        play_randomly(state2, random.Random(5))
        play_randomly(again, random.Random(5))
        assert state2.returns() == again.returns() and state2.history() == again.history()


@pytest.mark.parametrize("gid", default_cases())
def test_games_and_states_pickle_and_deep_copy(gid):
    game = pyspiel.load_game(nos.short_name(gid))
    state = play_randomly(game.new_initial_state(), random.Random(1), moves=12)
    for copy_of in (lambda x: pickle.loads(pickle.dumps(x)), copy.deepcopy):
        game2, state2 = copy_of(game), copy_of(state)
        assert str(game2) == str(game) and state2.history() == state.history()
        assert state2.information_state_string(0) == state.information_state_string(0)
        play_randomly(state2, random.Random(2))
        play_randomly(twin := state.clone(), random.Random(2))
        assert state2.returns() == twin.returns() and state2.history() == twin.history()


def test_pyspiel_reads_back_every_game_string():
    """OpenSpiel's game-string parser takes a value made of ``+-0123456789.`` for a number:
    Ninety Nine's ``deal=6+15`` is written ``deal='6+15'`` and reads back. (``deal=15``
    unquoted is a number, which OpenSpiel refuses for a text parameter before the game sees
    it.)"""
    for name in nos.GAMES:
        game = pyspiel.load_game(name)
        again = pyspiel.load_game(str(game))
        assert str(again) == str(game) and again.core == game.core
    game = pyspiel.load_game("ninetynine_ninetynine")
    assert "deal='6+15'" in str(game) and game.core.options["deal"] == "6+15"
    for given in ("15", "'15'"):
        fifteen = pyspiel.load_game("ninetynine_ninetynine", {"deal": given})
        assert fifteen.core.options["deal"] == "15" and "deal='15'" in str(fifteen)
    assert pyspiel.load_game("ninetynine_ninetynine(deal='15')").core.options["deal"] == "15"
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter deal"):
        pyspiel.load_game("ninetynine_ninetynine(deal=15)")
    assert pyspiel.load_game("ninetynine_ninetynine", {"deal": "6+15"}).core == game.core


# -- the deal -----------------------------------------------------------------------------------
def test_the_deal_is_eight_explicit_chance_nodes_of_seed_bytes():
    game = pyspiel.load_game("ninetynine_warp99")
    state = game.new_initial_state()
    for k in range(nos.SEED_BYTES):
        assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(256)) == state.legal_actions()
        assert all(p == 1 / 256 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "seed byte 7"
        assert str(state) == f"before the deal ({k} of 8 seed bytes drawn)"
        assert state.core_state() is None
        state.apply_action(k)
    assert not state.is_chance_node() and state.current_player() == 0
    assert state.history() == list(range(8))
    seed = int.from_bytes(bytes(range(8)), "big")
    assert state.core_state().to_json() == game.core.new_initial_state(seed).to_json()
    with pytest.raises(Exception, match="seed byte"):
        game.new_initial_state().apply_action(256)


@pytest.mark.parametrize("gid", default_cases())
def test_deal_gives_the_librarys_game_for_a_seed(gid):
    game = pyspiel.load_game(nos.short_name(gid))
    for seed in (0, 1, 77, 2**64 - 1):
        state = nos.deal(game.new_initial_state(), seed)
        assert state.history() == nos.seed_outcomes(seed)
        assert state.core_state().to_json() == game.core.new_initial_state(seed).to_json()
    assert nos.seed_outcomes(258) == [0, 0, 0, 0, 0, 0, 1, 2]
    for bad in (-1, 2**64, 1.5, True):
        with pytest.raises(ValueError, match="seed"):
            nos.seed_outcomes(bad)
    started = game.new_initial_state()
    started.apply_action(3)
    with pytest.raises(ValueError, match="new initial state"):
        nos.deal(started, 5)


def test_chance_outcomes_are_the_librarys_seed_distribution():
    """Sampling the eight bytes uniformly is drawing the seed uniformly from 0 .. 2**64 - 1,
    as the library does for a fresh game: different samples deal different games."""
    game = pyspiel.load_game("ninetynine_warp99")
    rng = random.Random(0)
    deals = {
        play_randomly(game.new_initial_state(), rng, moves=0).core_state().to_json()
        for _ in range(5)
    }
    assert len(deals) == 5


def test_there_is_no_rng_seed_parameter():
    """The game holds no RNG (chance is explicit): whoever samples the chance nodes seeds."""
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'rng_seed'"):
        pyspiel.load_game("ninetynine_warp99", {"rng_seed": 4})


def test_clone_is_independent_and_plays_on_identically():
    game = pyspiel.load_game("ninetynine_ono99")
    state = play_randomly(game.new_initial_state(), random.Random(1), moves=10)
    copy = state.clone()
    play_randomly(state, random.Random(9))
    assert len(copy.history()) == nos.SEED_BYTES + 10 and not copy.is_terminal()
    play_randomly(copy, random.Random(9))
    assert copy.history() == state.history() and copy.returns() == state.returns()


# -- hidden information ---------------------------------------------------------------------------
@pytest.mark.parametrize("gid", default_cases())
def test_str_and_the_seat_views_hold_no_hidden_information(gid):
    """``str(state)`` is the public view: a resample for any seat (other hidden cards, other
    RNG) prints the same, and holds no seed; a seat's observation and information state are
    the same in every state it cannot tell apart."""
    game = pyspiel.load_game(nos.short_name(gid))
    state = play_randomly(game.new_initial_state(), random.Random(2), moves=25)
    seed = state.core_state().seed
    assert str(seed) not in str(state)
    sampler = random.Random(6).random
    for p in range(game.num_players()):
        other = state.resample_from_infostate(p, sampler)
        assert str(other) == str(state)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.information_state_tensor(p) == state.information_state_tensor(p)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.observation_tensor(p) == state.observation_tensor(p)
        assert other.current_player() == state.current_player()
        if p == state.current_player():
            assert other.legal_actions() == state.legal_actions()
        assert other.core_state().seed == 0  # the true seed does not travel with a sample


def test_resampling_changes_what_the_seat_cannot_see():
    game = pyspiel.load_game("ninetynine_warp99")
    state = play_randomly(game.new_initial_state(), random.Random(2), moves=6)
    sampler = random.Random(0).random
    hands = {
        tuple(state.resample_from_infostate(0, sampler).core_state().observation(1)["hand"])
        for _ in range(5)
    }
    assert len(hands) > 1
    sample = state.resample_from_infostate(0, sampler)
    assert len(sample.history()) == len(state.history())
    assert [pa.player for pa in sample.full_history()] == [pa.player for pa in state.full_history()]


# -- perfect recall --------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", default_cases())
def test_information_state_is_perfect_recall(gid):
    """Each seat's information state only grows: the one after a move starts with the one
    before it (what a seat has seen stays seen), one line a move."""
    game = pyspiel.load_game(nos.short_name(gid))
    state = play_randomly(game.new_initial_state(), random.Random(4), moves=1)
    rng = random.Random(7)
    before = [state.information_state_string(p) for p in range(game.num_players())]
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        for p in range(game.num_players()):
            now = state.information_state_string(p)
            assert now.startswith(before[p] + "\n")
            assert now.count("\n") == before[p].count("\n") + 1
            before[p] = now


@pytest.mark.parametrize("gid", default_cases())
def test_information_state_fixes_the_legal_actions_in_sampled_worlds(gid):
    """ISMCTS keys its tree by (seat, information state): states with the same key must have
    the same legal actions, also in worlds resampled for another seat and played on (a
    sampled world's recall must come from that world, not from the true one)."""
    game = pyspiel.load_game(nos.short_name(gid))
    rng = random.Random(gid)
    sampler = random.Random(1).random
    seen: dict[tuple[int, str], list[int]] = {}

    def check(state) -> None:
        if state.is_terminal():
            return
        key = (state.current_player(), state.information_state_string(state.current_player()))
        assert seen.setdefault(key, state.legal_actions()) == state.legal_actions()

    state = play_randomly(game.new_initial_state(), rng, moves=1)
    for _ in range(8):
        if state.is_terminal():
            break
        check(state)
        for _ in range(4):
            world = state.resample_from_infostate(state.current_player(), sampler)
            for _ in range(6):
                check(world)
                if world.is_terminal():
                    break
                world.apply_action(rng.choice(world.legal_actions()))
        play_randomly(state, rng, moves=3)
    assert seen


def test_one_player_sixto_returns_its_score_within_the_bounds():
    game = pyspiel.load_game("ninetynine_sixto", {"players": 1})
    for seed in range(5):
        state = play_randomly(game.new_initial_state(), random.Random(seed))
        score = state.core_state().scores()[0]
        assert state.returns() == [score] == state.rewards()
        assert game.min_utility() <= score <= game.max_utility()


def test_observers_through_openspiel_observation_api():
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("ninetynine_ono99", {"players": 3})
    state = play_randomly(game.new_initial_state(), random.Random(0), moves=4)
    core = state.core_state()
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    assert public.string_from(state, 0) == public.string_from(state, 2)
    public.set_from(state, 1)
    assert public.tensor.tolist() == core.observation_tensor(None).tolist()
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert sorted(info.dict) == ["history", "observation"]
    info.set_from(state, 2)
    assert info.dict["observation"].tolist() == core.observation_tensor(2).tolist()
    scale = 1 / (game.num_distinct_actions() + 2)
    expected = [(a + 2) * scale for a in core.known_history(2)]
    assert info.dict["history"][: len(expected)].tolist() == pytest.approx(expected)
    assert not info.dict["history"][len(expected) :].any()
    assert info.string_from(state, 2) == state.information_state_string(2)
    with pytest.raises(ValueError, match="every seat"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


def test_a_list_written_with_commas_is_kept_with_semicolons():
    """``{"handicap": "0,2,4"}`` (the game's own option syntax) loads; the game string then must
    read back (pickling, serialization): a comma inside it would split the value."""
    game = pyspiel.load_game("ninetynine_warp99", {"players": 3, "handicap": "0,2,4"})
    assert "handicap=0;2;4" in str(game)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.core == game.core
    state = nos.deal(game.new_initial_state(), 9)
    game2, state2 = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert game2.core == game.core and state2.history() == state.history()


def test_resampling_during_the_deal_redraws_the_seed_bytes_drawn_so_far():
    """No seat has seen a seed byte: a world sampled mid-deal has as many bytes, drawn anew,
    and every seat's views are the same as in the true state."""
    game = pyspiel.load_game("ninetynine_ono99", {"players": 2})
    state = game.new_initial_state()
    for b in (200, 17, 3):
        state.apply_action(b)
    draws = iter([0.5, 0.0, 0.999])
    world = state.resample_from_infostate(1, lambda: next(draws))
    assert world.history() == [128, 0, 255] and world.is_chance_node()
    assert str(world) == str(state) == "before the deal (3 of 8 seed bytes drawn)"
    for p in range(2):
        assert world.information_state_string(p) == state.information_state_string(p)
    dealt = nos.deal(game.new_initial_state(), 9)
    sample = dealt.resample_from_infostate(0, random.Random(0).random)
    assert sample.history()[: nos.SEED_BYTES] == [nos.UNSEEN] * nos.SEED_BYTES


@pytest.mark.parametrize("gid", default_cases())
def test_chance_outcomes_off_a_chance_node_is_a_spiel_error(gid):
    """As pyspiel's own games (kuhn_poker: SpielError ``CHECK_TRUE(IsChanceNode())``), not a
    bare AssertionError, and not seed-byte outcomes under ``python -O``."""
    state = pyspiel.load_game(nos.short_name(gid)).new_initial_state()
    assert len(state.chance_outcomes()) == nos.SEED_OUTCOMES
    while state.is_chance_node():
        state.apply_action(0)
    with pytest.raises(pyspiel.SpielError, match="non-chance node"):
        state.chance_outcomes()
