"""Every built-in hero: its skills and its Unique Ability (``heroes/*.toml``), on hand-made
positions (``positions.py``). Seat 0 acts unless a test says otherwise; lanes count from 1 in
notation."""

from __future__ import annotations

import pytest

from ninetynine.games.heroes99 import rules as R
from ninetynine.games.heroes99.cards import owned, parse_card
from ninetynine.games.heroes99.roster import load_roster

from .positions import check_cards, legal, play, position

OTHERS = ["hoarder", "warden", "stalwart"]


def strength(s, q, lane):
    return R.strength(s, q, lane - 1)


def n_bolsters(s, q, lane):
    return len(s.bolsters[q][lane - 1])


def test_every_built_in_hero_is_tested_here():
    ids = {h.id for h in load_roster().heroes}
    tested = {
        name.removeprefix("test_").split("_")[0] for name in globals() if name.startswith("test_")
    }
    assert ids <= tested, f"heroes without a test: {sorted(ids - tested)}"
    assert len(ids) >= 16


# ----------------------------------------------------------------------------- Bastion
def test_bastion_fortress_holds_four_cards():
    s = position(
        [["bastion", "regent", "jester"], OTHERS],
        hands=["2D", "2C"],
        active=[["3D 4D 5D", "3C 4C 5C", ""], ["", "", ""]],
    )
    assert legal(s) == ["2D>1", "2D>3"]  # Bastion takes a 4th card, Regent does not


def test_bastion_skills_bolster():
    s = position([["bastion", "regent", "jester"], OTHERS], hands=["7S KH", "2C"])
    play(s, "7S>1", "skill1")
    assert n_bolsters(s, 0, 1) == 1 and strength(s, 0, 1) == 8
    s = position([["bastion", "regent", "jester"], OTHERS], hands=["KH", "2C"])
    play(s, "KH>1", "skill2", "s0L2")
    assert n_bolsters(s, 0, 2) == 2
    check_cards(s)


# ----------------------------------------------------------------------------- Regent
def test_regent_royal_court_face_cards_count_ten():
    s = position(
        [["regent", "bastion", "jester"], OTHERS],
        hands=["KH", "2C"],
        active=[["JC", "JD", ""], ["", "", ""]],
    )
    assert strength(s, 0, 1) == 10 and strength(s, 0, 2) == 5


def test_regent_skills_draw_and_shift_to_regent():
    s = position([["regent", "bastion", "jester"], OTHERS], hands=["4D", "2C"])
    play(s, "4D>1", "skill1")
    assert len(s.hands[0]) == 1
    s = position(
        [["regent", "bastion", "jester"], OTHERS],
        hands=["QC", "2C"],
        active=[["", "9S", ""], ["", "", ""]],
    )
    play(s, "QC>1", "skill2")  # the only card of another own hero: shifted at once
    assert [c % 52 for c in s.active[0][0]] == [parse_card("QC"), parse_card("9S")]


# ----------------------------------------------------------------------------- Duelist
def test_duelist_ace_counts_eleven():
    s = position(
        [["duelist", "bastion", "jester"], OTHERS],
        hands=["AS", "2C"],
        active=[["AH", "AD", ""], ["", "", ""]],
    )
    assert strength(s, 0, 1) == 11 and strength(s, 0, 2) == 1


def test_duelist_skills_clash():
    s = position(
        [["duelist", "bastion", "jester"], OTHERS], hands=["AC 3D", "4C"], decks=["KS", "2H"]
    )
    play(s, "AC>1", "skill1")  # clash: both draw (KS, 2H), then choose in secret
    assert s.current_player() == 0 and s.pending["step"] == "clash"
    play(s, "KS")
    assert s.observation(1)["clash"]["chosen"] == [0] and "my_clash" not in s.observation(None)
    play(s, "4C")
    assert n_bolsters(s, 0, 1) == 2 and s.st["clashes_won"][0] == 1
    s = position(
        [["duelist", "bastion", "jester"], OTHERS],
        hands=["5C", "2D"],
        active=[["", "", ""], ["9D", "", ""]],
        decks=["KS", "3H"],
    )
    play(s, "5C>1", "skill2", "3H")  # seat 0 holds only KS: chosen at once
    assert s.active[1][0] == [] and parse_card("9D") in s.discards[1]


# ----------------------------------------------------------------------------- Jester
def test_jester_topsy_turvy_lowest_wins():
    s = position(
        [["jester", "bastion", "regent"], OTHERS],
        hands=["2C", "2D"],
        active=[["3C", "", ""], ["9C", "", ""]],
    )
    assert R.lane_points(s, 0) == [1, 0]


def test_jester_skills_shift_to_the_enemy_and_discard_own():
    s = position(
        [["jester", "bastion", "regent"], OTHERS],
        hands=["2H", "2D"],
        active=[["9C", "", ""], ["3C", "", ""]],
    )
    play(s, "2H>1", "skill1", "9C@s0L1")
    assert [c % 52 for c in s.active[1][0]] == [parse_card("3C"), parse_card("9C")]
    assert s.active[1][0][1] == owned(0, parse_card("9C"))  # the card keeps its owner
    s = position(
        [["jester", "bastion", "regent"], OTHERS],
        hands=["JD", "2D"],
        active=[["9C", "", ""], ["", "", ""]],
    )
    play(s, "JD>1", "skill2", "9C@s0L1")
    assert [c % 52 for c in s.active[0][0]] == [parse_card("JD")]
    assert s.discards[0] == [parse_card("9C")]


# ----------------------------------------------------------------------------- Hoarder
def test_hoarder_treasure_bolsters_count_three():
    s = position(
        [["hoarder", "bastion", "regent"], OTHERS],
        hands=["2C", "2D"],
        bolsters=[[2, 2, 0], [0, 0, 0]],
    )
    assert strength(s, 0, 1) == 6 and strength(s, 0, 2) == 2


def test_hoarder_skills_bolster_from_deck_and_hand():
    s = position([["hoarder", "bastion", "regent"], OTHERS], hands=["4D", "2D"])
    play(s, "4D>1", "skill1")
    assert strength(s, 0, 1) == 4 + 3
    s = position([["hoarder", "bastion", "regent"], OTHERS], hands=["10S 3C 8H", "2D"])
    play(s, "10S>1", "skill2", "3C")
    assert s.observation(0)["my_bolsters"] == [[0, 0, 0, parse_card("3C")]]
    assert s.observation(1)["my_bolsters"] == [] and s.observation(1)["last"]["action"] is None
    assert strength(s, 0, 1) == 13


# ----------------------------------------------------------------------------- Stalwart
def test_stalwart_hold_the_line_wins_ties():
    s = position(
        [["stalwart", "bastion", "regent"], ["hoarder", "warden", "jester"]],
        hands=["2C", "2D"],
        active=[["7C", "7D", ""], ["7H", "7S", ""]],
    )
    assert R.lane_points(s, 0) == [1, 0] and R.lane_points(s, 1) == [0, 0]


def test_stalwart_skills_bolster_and_enemy_discards():
    s = position([["stalwart", "bastion", "regent"], OTHERS], hands=["4C", "2D"])
    play(s, "4C>1", "skill1")
    assert n_bolsters(s, 0, 1) == 1
    s = position([["stalwart", "bastion", "regent"], OTHERS], hands=["5H", "2D 9S"])
    play(s, "5H>1", "skill2")
    assert s.current_player() == 1  # the opponent chooses its own card
    play(s, "2D")
    assert s.discards[1] == [parse_card("2D")] and s.player == 1


# ----------------------------------------------------------------------------- Warden
def test_warden_sanctuary_blocks_enemy_effects():
    s = position(
        [["saboteur", "bastion", "regent"], ["warden", "hoarder", "stalwart"]],
        hands=["4C", "2D"],
        active=[["", "", ""], ["9D", "", ""]],
    )
    play(s, "4C>1")
    assert "skill1" in legal(s)
    play(s, "skill1")  # discard an active card of an enemy in this lane: Warden is warded
    assert [c % 52 for c in s.active[1][0]] == [parse_card("9D")]


def test_warden_skills_bolster_and_discard_enemy_card():
    s = position([["warden", "bastion", "regent"], OTHERS], hands=["4S", "2D"])
    play(s, "4S>1", "skill1")
    assert n_bolsters(s, 0, 1) == 1
    s = position(
        [["warden", "bastion", "regent"], OTHERS],
        hands=["9H", "2D"],
        active=[["", "", ""], ["8D", "", ""]],
    )
    play(s, "9H>1", "skill2")
    assert s.active[1][0] == [] and s.discards[1] == [parse_card("8D")]


# ----------------------------------------------------------------------------- Scholar
def test_scholar_studious_draws_two():
    s = position([["scholar", "bastion", "regent"], OTHERS], hands=["2C", "2D"], start="turn")
    assert len(s.hands[0]) == 3


def test_scholar_skills_bolster_from_hand_and_cycle():
    s = position([["scholar", "bastion", "regent"], OTHERS], hands=["4D 2C 3C", "2D"])
    play(s, "4D>1", "skill1", "s0L2", "2C")  # 3C, the last card, follows at once
    assert n_bolsters(s, 0, 2) == 2 and s.hands[0] == []
    s = position([["scholar", "bastion", "regent"], OTHERS], hands=["3H 9C KC", "2D"])
    play(s, "3H>1", "skill2", "9C")
    assert len(s.hands[0]) == 3 and s.discards[0] == [parse_card("9C")]


# ----------------------------------------------------------------------------- Chronomancer
def test_chronomancer_skills_and_borrowed_time():
    s = position([["chronomancer", "bastion", "regent"], OTHERS], hands=["5H", "2D"])
    play(s, "5H>1", "skill1")
    assert len(s.hands[0]) == 1
    s = position([["chronomancer", "bastion", "regent"], OTHERS], hands=["7C JD", "2D"])
    play(s, "7C>1", "skill2")
    assert legal(s) == ["pass", "bonus"]
    play(s, "bonus")
    assert s.bonus_turn and s.player == 0
    play(s, "JD>1", "skill3")  # a Bonus Turn during a bonus turn: Borrowed Time allows it
    assert legal(s) == ["pass", "bonus"]


def test_chronomancer_without_borrowed_time_no_second_bonus():
    s = position(
        [["berserker", "bastion", "regent"], OTHERS],
        hands=["9C 5C", "2D"],
        decks=["KC 3C KS", "2H 2S"],
    )
    play(s, "9C>1", "skill1", "KC", "2H", "bonus")  # Berserker's Clash won: a Bonus Turn
    assert s.bonus_turn and s.player == 0
    play(s, "5C>1", "skill1", "KS", "2S")  # won again, but during a bonus turn
    assert s.st["clashes_won"][0] == 2
    assert s.player == 1 and s.pending == {"kind": "play", "seat": 1}


# ----------------------------------------------------------------------------- Tactician
def test_tactician_redeploy_at_upkeep_and_skills():
    s = position(
        [["tactician", "bastion", "regent"], OTHERS],
        hands=["2C", "2D"],
        active=[["9C", "", ""], ["", "", ""]],
        start="turn",
    )
    assert legal(s) == ["pass", "use"]
    play(s, "use", "s0L1", "s0L3")
    assert s.heroes[0][2] == s.game.roster.index("tactician")
    assert [c % 52 for c in s.active[0][0]] == [parse_card("9C")]  # cards stay (Swap)
    s = position(
        [["tactician", "bastion", "regent"], OTHERS],
        hands=["4H 4C", "2D"],
        active=[["", "9C", ""], ["", "", ""]],
    )
    play(s, "4H>1", "skill1", "9C@s0L2", "s0L3")
    assert [c % 52 for c in s.active[0][2]] == [parse_card("9C")]
    s = position([["tactician", "bastion", "regent"], OTHERS], hands=["4C", "2D"])
    play(s, "4C>1", "skill2", "s0L3")
    assert n_bolsters(s, 0, 3) == 1


# ----------------------------------------------------------------------------- Sentinel
def test_sentinel_vigil_bolsters_when_an_enemy_plays_in_its_lane():
    s = position([OTHERS, ["sentinel", "bastion", "regent"]], hands=["2C 3C", "2D"])
    play(s, "2C>1")
    assert n_bolsters(s, 1, 1) == 1
    s = position([OTHERS, ["sentinel", "bastion", "regent"]], hands=["2C 3C", "2D"])
    play(s, "2C>2")
    assert n_bolsters(s, 1, 1) == 0


def test_sentinel_skills_clash_and_discard():
    s = position(
        [["sentinel", "bastion", "regent"], OTHERS], hands=["4S", "2D"], decks=["KS", "3H"]
    )
    play(s, "4S>1", "skill1", "3H")
    assert n_bolsters(s, 0, 1) == 1
    s = position(
        [["sentinel", "bastion", "regent"], OTHERS],
        hands=["6H", "2D"],
        active=[["", "", ""], ["9D 8D", "", ""]],
    )
    play(s, "6H>1", "skill2", "8D@s1L1")
    assert [c % 52 for c in s.active[1][0]] == [parse_card("9D")]


# ----------------------------------------------------------------------------- Berserker
def test_berserker_blood_rage_clubs_count_double():
    s = position(
        [["berserker", "bastion", "regent"], OTHERS],
        hands=["2D", "2D"],
        active=[["7C KC 3H", "", ""], ["", "", ""]],
    )
    assert strength(s, 0, 1) == 14 + 10 + 3


def test_berserker_skills_clash_for_a_bonus_and_bolster():
    s = position(
        [["berserker", "bastion", "regent"], OTHERS], hands=["9C", "2D"], decks=["2S", "KH"]
    )
    play(s, "9C>1", "skill1", "KH")  # seat 0 holds only 2S: lost, no bonus
    assert s.st["clashes_lost"][0] == 1 and s.player == 1
    s = position([["berserker", "bastion", "regent"], OTHERS], hands=["8D", "2D"])
    play(s, "8D>1", "skill2")
    assert n_bolsters(s, 0, 1) == 1


# ----------------------------------------------------------------------------- Prodigy
def test_prodigy_virtuoso_any_card_any_skill():
    s = position([["prodigy", "bastion", "regent"], OTHERS], hands=["5H", "2D"])
    play(s, "5H>1")
    assert legal(s) == ["skill1", "skill2", "pass"]
    play(s, "skill1")
    assert n_bolsters(s, 0, 1) == 1
    s = position([["prodigy", "bastion", "regent"], OTHERS], hands=["5H", "2D"])
    play(s, "5H>1", "skill2")
    assert len(s.hands[0]) == 1


# ----------------------------------------------------------------------------- Underdog
def test_underdog_giant_slayer_lowest_card_wins_every_clash():
    s = position(
        [["underdog", "bastion", "regent"], OTHERS], hands=["5H", "2D"], decks=["2S", "KH"]
    )
    play(s, "5H>1", "skill1", "KH")
    assert s.st["clashes_won"][0] == 1 and n_bolsters(s, 0, 1) == 2


def test_underdog_discard_skill():
    s = position(
        [["underdog", "bastion", "regent"], OTHERS],
        hands=["3D", "2D"],
        active=[["", "", ""], ["9D", "", ""]],
        decks=["AS", "KH"],
    )
    play(s, "3D>1", "skill2", "KH")
    assert s.active[1][0] == []


# ----------------------------------------------------------------------------- Warlord
def test_warlord_conquest_two_points_and_resolve():
    s = position(
        [["warlord", "bastion", "regent"], OTHERS],
        hands=["KD", "2D"],
        active=[["9C", "", ""], ["3C", "", ""]],
    )
    assert R.lane_points(s, 0) == [2, 0]
    play(s, "KD>1", "skill2")
    assert s.lane_result[0]["points"] == [2, 0] and s.heroes[0][0] == -1 and s.heroes[1][0] == -1
    assert parse_card("9C") in s.removed[0] and parse_card("3C") in s.removed[1]
    assert s.points()[0] == 2
    check_cards(s)


def test_warlord_bolster_skill():
    s = position([["warlord", "bastion", "regent"], OTHERS], hands=["4S", "2D"])
    play(s, "4S>1", "skill1")
    assert n_bolsters(s, 0, 1) == 1


# ----------------------------------------------------------------------------- Saboteur
def test_saboteur_undermine_limits_enemy_room():
    s = position(
        [OTHERS, ["saboteur", "bastion", "regent"]],
        hands=["2C", "2D"],
        active=[["3C 4C", "3D 4D", ""], ["", "", ""]],
    )
    assert legal(s) == ["2C>2", "2C>3"]


def test_saboteur_skills_discard_and_shift_enemy_cards():
    s = position(
        [["saboteur", "bastion", "regent"], OTHERS],
        hands=["4C", "2D"],
        active=[["", "", ""], ["9D", "", ""]],
    )
    play(s, "4C>1", "skill1")
    assert s.active[1][0] == []
    s = position(
        [["saboteur", "bastion", "regent"], OTHERS],
        hands=["8H", "2D"],
        active=[["", "", ""], ["9D", "", ""]],
    )
    play(s, "8H>1", "skill2")  # the only other enemy hero not warded: Stalwart
    assert s.active[1][0] == [] and [c % 52 for c in s.active[1][2]] == [parse_card("9D")]


# ----------------------------------------------------------------------------- Trickster
def test_trickster_switcheroo_swaps_carry_the_cards():
    s = position(
        [["trickster", "bastion", "regent"], OTHERS],
        hands=["4H", "2D"],
        active=[["", "9C", ""], ["", "", ""]],
    )
    play(s, "4H>1", "skill1", "s0L2", "s0L3")
    assert [c % 52 for c in s.active[0][2]] == [parse_card("9C")] and s.active[0][1] == []


def test_trickster_swaps_enemy_heroes():
    s = position([["trickster", "bastion", "regent"], OTHERS], hands=["JC", "2D"])
    play(s, "JC>1", "skill2", "s1L1")  # Warden is warded: Stalwart is the only partner
    assert [s.game.roster.heroes[h].id for h in s.heroes[1]] == ["stalwart", "warden", "hoarder"]


# ----------------------------------------------------------------------------- Quartermaster
def test_quartermaster_supply_line_refills_the_hand():
    s = position([["quartermaster", "bastion", "regent"], OTHERS], hands=["2C 3C", "2D"])
    play(s, "2C>2")
    assert len(s.hands[0]) == 6 and s.player == 1


def test_quartermaster_skills_bolster():
    s = position([["quartermaster", "bastion", "regent"], OTHERS], hands=["4D 2C", "2D"])
    play(s, "4D>1", "skill1", "s0L2")  # the only card, 2C, is bolstered at once
    assert n_bolsters(s, 0, 2) == 1
    s = position([["quartermaster", "bastion", "regent"], OTHERS], hands=["6S", "2D"])
    play(s, "6S>1", "skill2", "s0L3")
    assert n_bolsters(s, 0, 3) == 1


# ----------------------------------------------------------------------------- Arbiter
def test_arbiter_swift_verdict_resolves_a_won_lane():
    s = position([["arbiter", "bastion", "regent"], OTHERS], hands=["9C", "2D"])
    play(s, "9C>1")
    assert s.pending["kind"] == "use"
    play(s, "use")
    assert s.lane_result[0]["points"] == [1, 0]
    s = position(
        [["arbiter", "bastion", "regent"], OTHERS],
        hands=["2C", "2D"],
        active=[["", "", ""], ["9C", "", ""]],
    )
    play(s, "2C>2")
    assert s.player == 1  # losing: the ability does not trigger


def test_arbiter_skills():
    s = position(
        [["arbiter", "bastion", "regent"], OTHERS],
        hands=["4D", "2D"],
        active=[["", "", ""], ["9C", "", ""]],
    )
    play(s, "4D>1", "skill1")
    assert n_bolsters(s, 0, 1) == 1
    s = position(
        [["arbiter", "bastion", "regent"], OTHERS],
        hands=["10S", "2D"],
        active=[["", "", ""], ["", "", "9C"]],
    )
    play(s, "10S>1", "skill2", "lane3")
    assert s.lane_result[2]["points"] == [0, 1]


@pytest.mark.parametrize("hero", sorted(h.id for h in load_roster().heroes))
def test_every_hero_has_a_rule_bending_ability_and_skills(hero):
    h = load_roster().heroes[load_roster().index(hero)]
    assert h.rules or h.triggers
    assert 1 <= len(h.skills) <= 3 and h.ability() and all(s.text() for s in h.skills)
