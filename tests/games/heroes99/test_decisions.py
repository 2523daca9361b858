"""One test per rules decision in ``docs/rules/heroes99.md`` (``test_h<N>_...``)."""

from __future__ import annotations

import ninetynine
from ninetynine.games.heroes99 import interpreter, turn
from ninetynine.games.heroes99 import rules as R
from ninetynine.games.heroes99.cards import NUM_CARDS, owned, parse_card
from ninetynine.games.heroes99.roster import load_roster

from .positions import check_cards, legal, play, position

OTHERS = ["hoarder", "warden", "stalwart"]
NO_TIES = ["hoarder", "warden", "sentinel"]
MINE = ["bastion", "regent", "jester"]

EXTRA = """
name = "Herald"
[ability]
name = "Fanfare"
[[ability.trigger]]
when = "upkeep"
effects = [{ verb = "draw", amount = 1 }]
[[skill]]
on = "hearts"
effects = [{ verb = "resolve", lane = "this" }, { verb = "bolster", amount = 1, to = "this" }]
"""


def _extra(tmp_path):
    (tmp_path / "herald.toml").write_text(EXTRA, encoding="utf-8")
    return {"heroes": str(tmp_path)}


def test_h1_two_players_by_default_lanes_follow_the_team_option():
    g = ninetynine.load_game("heroes99")
    assert g.num_players == 2 and g.lanes == 3
    assert ninetynine.load_game("heroes99", team=4).lanes == 4
    s = position(
        [["bastion"], ["regent"], ["jester"]],
        hands=["2C", "2D", "2H"],
        active=[["9C"], ["5C"], ["2C"]],
    )
    assert R.lane_points(s, 0) == [0, 1, 2]  # Jester in the lane: the lowest wins (H13)
    s = position(
        [["bastion"], ["regent"], ["hoarder"]],
        hands=["2C", "2D", "2H"],
        active=[["9C"], ["5C"], ["2C"]],
    )
    assert R.lane_points(s, 0) == [2, 1, 0]


def test_h2_each_seat_owns_52_cards_and_draws_six():
    s = ninetynine.load_game("heroes99", num_players=3).new_initial_state(4)
    assert [len(h) for h in s.hands] == [6, 6, 6] and [len(d) for d in s.decks] == [46, 46, 46]
    check_cards(s)


def test_h3_placements_are_hidden_until_everyone_has_placed():
    g = ninetynine.load_game("heroes99")
    s = g.new_initial_state(2)
    a = s.string_to_action("jester@2")
    assert s.public_action_string(a) == "hero-placed"
    s.apply_action(a)
    seen = s.observation(1)
    assert seen["heroes"] == [[None] * 3, [None] * 3] and seen["picks_made"] == [1, 0]
    assert "my_heroes" in seen and seen["my_heroes"] == [None, None, None]
    assert s.observation(0)["my_heroes"] == [None, "jester", None]
    assert seen["last"] == {"seat": 0, "action": None}
    assert "jester@1" not in legal(s) and "bastion@2" not in legal(s)
    play(s, "bastion@1", "regent@3", "jester@1", "bastion@2")  # seat 1 may take the same heroes
    assert s.observation(0)["heroes"][0] == [None] * 3
    play(s, "hoarder@3")
    assert s.observation(1)["heroes"] == [
        ["bastion", "jester", "regent"],
        ["jester", "bastion", "hoarder"],
    ]


def test_h4_the_first_player_is_told_after_the_reveal_and_resampled_before():
    g = ninetynine.load_game("heroes99")
    s = g.new_initial_state(7)
    assert s.observation(None)["first_player"] == -1
    firsts = {s.resample(0, k).first for k in range(12)}
    assert firsts == {0, 1}
    play(s, "bastion@1", "regent@2", "jester@3", "hoarder@1", "warden@2", "stalwart@3")
    assert s.observation(None)["first_player"] == s.first == s.player


def test_h5_ace_is_one_unless_option_ace_11():
    s = position([MINE, OTHERS], hands=["2C", "2D"], active=[["AS KS", "", ""], ["", "", ""]])
    assert R.strength(s, 0, 0) == 6
    s = position(
        [MINE, OTHERS],
        hands=["2C", "2D"],
        active=[["AS KS", "", ""], ["", "", ""]],
        options={"ace": 11},
    )
    assert R.strength(s, 0, 0) == 16


PLAIN = ["regent", "hoarder", "warden"]  # capacity 3 each
FULL_BUT_ONE = [["2C 3C", "4C 5C 6C", "7C 8C 9C"], ["", "", ""]]


def test_h6_filling_the_last_hero_ends_the_game_at_once():
    s = position([PLAIN, OTHERS], hands=["QD 2H", "2D"], active=FULL_BUT_ONE)
    play(s, "QD>1")  # 3/3/3: the game ends before the skill step (Regent's skill1 matches QD)
    assert s.is_terminal() and s.ended_by == "no_play" and s.end_seat == 0
    assert s.hands[0] == [parse_card("2H")] and s.hands[1] == [parse_card("2D")]
    assert s.observation(None)["events"][-1]["type"] == "end"


def test_h6_an_opponents_full_band_ends_the_game_at_once():
    act = [["2D", "", ""], ["2C 3C 4C", "5C 6C 7C", "8C 9C"]]  # seat 1 (Stalwart) has room 1
    s = position([PLAIN, OTHERS], hands=["2H", "10C"], active=act)
    play(s, "2H>2")
    assert not s.is_terminal() and s.player == 1
    play(s, "10C>3")  # seat 1 fills its last hero: over at once, seat 0 never gets its turn
    assert s.is_terminal() and s.end_seat == 1 and s.turn == 2


def test_h6_an_emptied_deck_ends_the_game_at_once():
    s = position([PLAIN, OTHERS], hands=["2H", "2D"], active=[["", "", ""], ["", "", ""]])
    s.decks[1] = [parse_card("3D")]  # seat 1's last card
    play(s, "2H>2")  # seat 1's draw step takes it: the game ends before seat 1 plays
    assert s.is_terminal() and s.ended_by == "no_draw" and s.end_seat == 1
    assert sorted(s.hands[1]) == sorted([parse_card("2D"), parse_card("3D")])
    assert s.winner() == 0  # seat 0's 2 in lane 2 against nothing


def test_h6_option_end_turn_waits_for_the_turn_players_own_step():
    opts = {"end": "turn"}
    s = position([PLAIN, OTHERS], hands=["QD 2H", "2D"], active=FULL_BUT_ONE, options=opts)
    play(s, "QD>1", "skill1")  # 3/3/3, but the skill step comes, then seat 1's whole turn
    assert not s.is_terminal() and s.player == 1
    play(s, "2D>1", "pass")  # seat 0's turn: upkeep, draw, then it cannot play
    assert s.is_terminal() and s.ended_by == "no_play" and s.end_seat == 0
    s = position(
        [MINE, OTHERS], hands=["2C", "2D"], active=[["9C", "", ""], ["", "", ""]], options=opts
    )
    s.decks[1] = []
    play(s, "2C>2")  # seat 1's turn: it cannot draw
    assert s.is_terminal() and s.ended_by == "no_draw" and s.end_seat == 1
    assert s.winner() == 0
    s = position([["regent", "bastion", "jester"], OTHERS], hands=["4D", "2D"], options=opts)
    s.decks[0] = []
    play(s, "4D>1", "skill1")  # Regent's draw from an empty deck draws nothing, the game goes on
    assert not s.is_terminal() and s.hands[0] == []


def test_h6_an_empty_deck_at_the_start_of_an_effect_ends_the_game_by_default():
    s = position([["regent", "bastion", "jester"], OTHERS], hands=["4D", "2D"])
    s.decks[0] = []
    play(s, "4D>1")  # seat 0 cannot draw any more: over before Regent's skill step
    assert s.is_terminal() and s.ended_by == "no_draw" and s.end_seat == 0


def test_h7_equal_points_go_to_the_most_strength_or_are_a_draw():
    act = [["9C", "2C", ""], ["3C", "8C", ""]]
    s = position([["bastion", "regent", "warden"], NO_TIES], hands=["", "2D"], active=act)
    turn.finish(s, "no_play", 0)
    assert s.points() == [1, 1] and s.total_strength() == [11, 11 + 0]
    assert s.winner() is None  # equal Strength too: a draw
    act = [["9C", "2C", ""], ["3C", "7C", ""]]
    s = position([["bastion", "regent", "warden"], NO_TIES], hands=["", "2D"], active=act)
    turn.finish(s, "no_play", 0)
    assert s.winner() == 0
    s = position(
        [["bastion", "regent", "warden"], NO_TIES],
        hands=["", "2D"],
        active=act,
        options={"tiebreak": "draw"},
    )
    turn.finish(s, "no_play", 0)
    assert s.winner() is None and s.returns() == [0.0, 0.0]


def _four_bands(options=None):
    """The issue's example: Strength per seat and lane [[10,9,9],[2,10,10],[4,3,3],[3,2,2]]
    with heroes whose abilities leave Strength and points alone."""
    plain = ["arbiter", "quartermaster", "tactician"]
    act = [["10C", "9C", "9D"], ["2C", "10C", "10D"], ["4C", "3C", "3D"], ["3C", "2C", "2D"]]
    return position([plain] * 4, hands=["5H"] * 4, active=act, options=options)


def test_h7_most_points_wins_not_most_lanes():
    s = _four_bands()
    assert [[R.strength(s, q, ln) for ln in range(3)] for q in range(4)] == [
        [10, 9, 9],
        [2, 10, 10],
        [4, 3, 3],
        [3, 2, 2],
    ]
    assert s.points() == [7, 6, 4, 1] and s.lanes_won() == [1, 2, 0, 0]
    turn.finish(s, "no_play", 0)
    assert s.winner() == 0
    assert s.observation(None)["events"][-1] == {
        "type": "end",
        "how": "no_play",
        "seat": 0,
        "points": [7, 6, 4, 1],
        "winner": 0,
    }


def test_h7_option_winner_lanes_counts_lanes_won():
    s = _four_bands({"winner": "lanes"})
    turn.finish(s, "no_play", 0)
    assert s.winner() == 1 and s.returns() == [-1.0, 1.0, -1.0, -1.0]
    assert s.observation(None)["events"][-1]["lanes_won"] == [1, 2, 0, 0]
    # a lane whose top is shared is nobody's; equal lanes go to the tie-break (H7)
    act = [["9C", "2C", ""], ["9D", "3C", ""]]
    s = position([PLAIN, NO_TIES], hands=["", "2D"], active=act, options={"winner": "lanes"})
    assert s.lanes_won() == [0, 1]
    act = [["9C", "2C", ""], ["3C", "7C", ""]]
    s = position([PLAIN, NO_TIES], hands=["", "2D"], active=act, options={"winner": "lanes"})
    turn.finish(s, "no_play", 0)
    assert s.lanes_won() == [1, 1] and s.winner() == 0  # Strength 11 against 10


def test_h8_room_on_a_hero_and_enemy_abilities_before_the_skill():
    s = position(
        [["regent", "bastion", "jester"], OTHERS],
        hands=["2C", "2D"],
        active=[["3C 4C 5C", "3D 4D", ""], ["", "", ""]],
    )
    assert legal(s) == ["2C>2", "2C>3"]
    s = position(
        [["bastion", "regent", "jester"], ["sentinel", "warden", "stalwart"]], hands=["7S", "2D"]
    )
    play(s, "7S>1")
    assert len(s.bolsters[1][0]) == 1 and s.pending["kind"] == "skill"


def test_h9_one_skill_a_turn_chosen_among_the_matches_or_none():
    s = position([MINE, OTHERS], hands=["KS", "2D"])
    play(s, "KS>1")
    assert legal(s) == ["skill1", "skill2", "pass"]
    play(s, "pass")
    assert s.bolsters[0] == [[], [], []] and s.player == 1


def test_h10_a_shift_never_gives_a_hero_more_than_3_active_cards():
    s = position(
        [["tactician", "bastion", "regent"], OTHERS],
        hands=["4H", "2D"],
        active=[["", "2C 3C 4C", "9C"], ["", "", ""]],
    )
    play(s, "4H>1", "skill1")
    assert "9C@s0L3" in legal(s) and "2C@s0L2" in legal(s)
    play(s, "9C@s0L3")  # not onto Bastion (3 active cards, though it holds 4): Tactician it is
    assert [c % 52 for c in s.active[0][0]] == [parse_card("4H"), parse_card("9C")]
    assert len(s.active[0][1]) == 3


def test_h11_effects_do_what_they_can():
    s = position([MINE, OTHERS], hands=["KH", "2D"])
    s.decks[0] = s.decks[0][-1:]
    play(s, "KH>1", "skill2", "s0L2")  # Bolster 2 with one card in the deck
    assert len(s.bolsters[0][1]) == 1
    s = position([["regent", "bastion", "jester"], OTHERS], hands=["QC", "2D"])
    play(s, "QC>1", "skill2")  # nothing to shift: the skill does nothing
    assert s.player == 1


def test_h12_bolsters_from_a_deck_are_hidden_even_from_their_owner():
    s = position([MINE, OTHERS], hands=["7S 3C", "2D"])
    play(s, "7S>1", "skill1")
    code = s.bolsters[0][0][0]
    for p in (0, 1, None):
        obs = s.observation(p)
        assert obs["bolsters"][0][0] == [[0, False]]
        assert obs.get("my_bolsters", []) == []
    assert code // NUM_CARDS == 0


def test_h13_exceeding_is_strict_with_ability_exceptions():
    s = position(
        [MINE, OTHERS], hands=["2C", "2D"], active=[["7C", "8C", "3C"], ["7D", "2D", "9D"]]
    )
    assert R.lane_points(s, 0) == [0, 0]  # equal: nobody
    assert R.lane_points(s, 1) == [1, 0]
    assert R.lane_points(s, 2) == [1, 0]  # Jester: the lower wins


def test_h14_a_swap_moves_heroes_not_cards():
    s = position(
        [["tactician", "bastion", "regent"], OTHERS],
        hands=["2C", "2D"],
        active=[["9C", "8C", ""], ["", "", ""]],
        bolsters=[[0, 2, 0], [0, 0, 0]],
        start="turn",
    )
    play(s, "use", "s0L1", "s0L2")
    ids = s.game.roster.ids
    assert [ids[h] for h in s.heroes[0]] == ["bastion", "tactician", "regent"]
    assert [c % 52 for c in s.active[0][0]] == [parse_card("9C")] and len(s.bolsters[0][1]) == 2


def test_h15_a_resolved_lane_leaves_the_game_and_stops_its_heroes(tmp_path):
    opts = _extra(tmp_path)
    s = position(
        [["herald", "bastion", "regent"], OTHERS],
        hands=["4H", "2D"],
        active=[["9C", "", ""], ["3C", "", ""]],
        bolsters=[[1, 0, 0], [0, 0, 0]],
        options=opts,
    )
    play(s, "4H>1", "skill1")  # resolve this lane, then bolster this hero: skipped
    assert s.lane_result[0] == {
        "points": [1, 0],
        "strength": [14, 3],
        "heroes": ["herald", "hoarder"],
    }
    assert s.bolsters[0] == [[], [], []] and len(s.removed[0]) == 3 and len(s.removed[1]) == 1
    assert "4H>1" not in legal(s) or True
    assert s.player == 1 and all("1" not in m.split(">")[-1] for m in legal(s))
    check_cards(s)


def test_h16_clash_ties_and_secret_choices():
    s = position(
        [["duelist", "bastion", "regent"], OTHERS], hands=["AC 3D", "4C"], decks=["KS", "KH"]
    )
    play(s, "AC>1", "skill1", "KS")
    assert s.public_action_string(s.string_to_action("KH")) == "card-chosen"
    play(s, "KH")
    ev = next(e for e in s.events if e["type"] == "clash_result")
    assert ev["winner"] == -1 and ev["losers"] == [] and s.bolsters[0][0] == []
    assert parse_card("KS") in s.discards[0] and parse_card("KH") in s.discards[1]


def test_h17_bonus_turns_are_optional_and_end_the_game_when_nothing_fits():
    s = position(
        [["chronomancer", "bastion", "regent"], OTHERS],
        hands=["7C 2C", "2D"],
        active=[["", "2D 3D 4D", "2H 3H 4H"], ["", "", ""]],
    )
    play(s, "7C>1", "skill2")
    play(s, "pass")
    assert s.player == 1 and not s.bonus_turn
    s = position(
        [["chronomancer", "regent", "jester"], OTHERS],
        hands=["7C", "2D"],
        active=[["2C 3C", "2D 3D 4D", "2H 3H 4H"], ["", "", ""]],
        options={"end": "turn"},
    )
    play(s, "7C>1", "skill2", "bonus")
    assert s.is_terminal() and s.ended_by == "no_play" and s.end_seat == 0
    s = position(
        [["chronomancer", "regent", "jester"], OTHERS],
        hands=["7C", "2D"],
        active=[["2C 3C", "2D 3D 4D", "2H 3H 4H"], ["", "", ""]],
    )
    play(s, "7C>1")  # the last room filled: the game ends before the skill (H6)
    assert s.is_terminal() and s.ended_by == "no_play" and not s.bonus_earned


def test_h18_the_turn_player_orders_simultaneous_abilities(tmp_path):
    opts = _extra(tmp_path)
    s = position(
        [["herald", "tactician", "regent"], OTHERS], hands=["2C", "2D"], options=opts, start="turn"
    )
    assert legal(s) == ["order1", "order2"]
    play(s, "order2")  # Tactician's Redeploy first
    assert s.pending["kind"] == "use"
    play(s, "pass")
    assert s.pending["kind"] == "play" and len(s.hands[0]) == 3  # Herald drew, then the draw step


def test_h19_observations_hide_hands_decks_and_choices():
    s = position([["hoarder", "bastion", "regent"], OTHERS], hands=["10S 3C 8H", "2D 9S"])
    play(s, "10S>1", "skill2", "3C")
    other = s.observation(1)
    assert other["hand"] == s.hands[1] and other["my_bolsters"] == []
    assert s.observation(0)["my_bolsters"] == [[0, 0, 0, parse_card("3C")]]
    public = s.observation(None)
    assert "hand" not in public and "my_bolsters" not in public and "decks" not in public
    twin = s.resample(1, 5)
    assert twin.observation(1) == other
    assert twin.hands[0] != s.hands[0] or twin.decks[0] != s.decks[0]


def test_h20_notation_round_trips_and_forgives():
    s = position(
        [["tactician", "bastion", "regent"], OTHERS],
        hands=["4H 9D", "2D"],
        active=[["", "9C", ""], ["", "", ""]],
    )
    for text, norm in (("4h on 2", "4H>2"), ("4H > 3", "4H>3")):
        assert s.action_to_string(s.string_to_action(text)) == norm
    play(s, "4H>1", "skill1")
    assert legal(s) == ["4H@s0L1", "9C@s0L2"]
    assert s.string_to_action("#1@s0l2") == s.string_to_action("9C@s0L2")


def test_h21_a_discarded_card_goes_to_its_owners_pile():
    s = position(
        [["warden", "bastion", "regent"], ["jester", "warden", "stalwart"]],
        hands=["9H", "2D"],
        active=[["", "", ""], ["", "", ""]],
    )
    s.active[1][0] = [owned(0, parse_card("8C"))]  # seat 0's card on seat 1's Jester
    s.decks[0].remove(parse_card("8C"))
    play(s, "9H>1", "skill2")
    assert s.discards[0] == [parse_card("8C")] and s.discards[1] == []
    check_cards(s)


def test_h22_abilities_work_whichever_hero_is_played():
    s = position(
        [OTHERS, ["underdog", "bastion", "regent"]], hands=["AC 3D", "4C"], decks=["2S", "KH"]
    )
    s.heroes[0][0] = s.game.roster.index("duelist")
    play(s, "AC>1", "skill1", "2S", "KH")  # seat 1's Underdog: the lowest card wins
    assert s.st["clashes_won"][0] == 1


def test_h23_an_empty_hand_or_no_hero_left_ends_the_game():
    s = position([MINE, OTHERS], hands=["2C", ""], active=[["", "", ""], ["", "", ""]])
    s.decks[1] = []
    play(s, "2C>1")
    assert s.ended_by == "no_draw"
    s = position([MINE, OTHERS], hands=["2C", ""])
    for ln in range(3):
        interpreter.resolve_lane(s, ln, 0)
    s.queue, s.pending = [], None
    turn.begin_turn(s, 1, False)
    turn.run(s)
    assert s.is_terminal() and s.ended_by == "no_play" and s.end_seat == 1


def test_h24_heroes_are_files():
    for h in load_roster().heroes:
        assert h.path.endswith(f"{h.id}.toml")


def test_h19_secret_moves_stay_out_of_the_known_history_until_revealed():
    g = ninetynine.load_game("heroes99")
    s = g.new_initial_state(2)
    play(s, "jester@2")
    # seat 1 knows a hero was placed, not which: the move is None in its history
    assert s.known_history(1) == [None] and s.known_history(None) == [None]
    assert s.known_history(0) == s.history()
    # a determinization for seat 1 carries no trace of the true move
    r = s.resample(1, 5)
    assert r.known_history(1) == [None] and s.history()[0] not in r.history()
    play(s, "bastion@1", "regent@3", "jester@1", "bastion@2")
    assert s.known_history(0)[3:] == [None, None] and s.known_history(1)[:3] == [None] * 3
    play(s, "hoarder@3")  # the reveal: every placement is public now
    assert all(s.known_history(p) == s.history() for p in (0, 1, None))


def test_h16_a_clash_choice_is_secret_until_the_clash_is_settled():
    s = position(
        [["duelist", "bastion", "regent"], OTHERS], hands=["AC 3D", "4C"], decks=["KS", "KH"]
    )
    play(s, "AC>1", "skill1", "KS")
    assert s.known_history(1)[-1] is None and s.known_history(0)[-1] is not None
    assert s.to_json() == s.game.state_from_json(s.to_json()).to_json()
    play(s, "KH")
    assert s.known_history(1) == s.history() == s.known_history(0)


def test_h18_more_simultaneous_abilities_than_order_choices_all_resolve(tmp_path):
    """A designer's hero may have any number of triggers: with more abilities at once than
    the ``order`` actions offer (``MAX_ORDER``), none of them is lost; the turn player orders
    the first ones and the rest follow."""
    from ninetynine.games.heroes99.actions import MAX_ORDER

    k = MAX_ORDER + 3
    trigger = '[[ability.trigger]]\nwhen = "upkeep"\neffects = [{ verb = "draw", amount = 1 }]\n'
    many = (
        'name = "Crier"\n[ability]\nname = "Din"\n'
        + trigger * k
        + '[[skill]]\non = "hearts"\neffects = [{ verb = "draw", amount = 1 }]\n'
    )
    (tmp_path / "crier.toml").write_text(many, encoding="utf-8")
    s = position(
        [["crier", "bastion", "regent"], OTHERS],
        hands=["2C", "2D"],
        options={"heroes": str(tmp_path)},
        start="turn",
    )
    orders = 0
    while s.pending["kind"] == "order":
        play(s, "order1")
        orders += 1
    assert s.pending["kind"] == "play"
    assert len(s.hands[0]) == 1 + k + 1  # every upkeep ability drew, then the draw step
    assert orders == (MAX_ORDER - 1) + (k - MAX_ORDER - 1)  # the first eight, then the rest
    check_cards(s)
