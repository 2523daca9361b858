"""``HeroesGame.drawing_facts``: hero texts from the roster, each hero's room, what each hand
card triggers, and what every legal move is, checked against the engine on random games."""

from __future__ import annotations

import json

import ninetynine
from ninetynine.core.rng import Rng
from ninetynine.games.heroes99.cards import format_card, parse_card, strength_value


def _expected_text(move: dict, state) -> str | None:
    """The notation a decoded move must have (``None``: not checked by text)."""
    kind = move["kind"]
    if kind == "pick":
        return f"{move['hero']}@{move['lane'] + 1}"
    if kind == "play":
        return f"{format_card(move['card'])}>{move['lane'] + 1}"
    if kind == "slot":
        return f"s{move['seat']}L{move['lane'] + 1}"
    if kind == "card":
        return format_card(move["card"])
    if kind in ("skill", "order"):
        return f"{kind}{move['k'] + 1}"
    if kind == "lane":
        return f"lane{move['lane'] + 1}"
    if kind == "active":
        return None  # ``7H@s1L2`` or ``#2@s1L2``: checked below
    return kind


def test_facts_match_the_engine_on_random_games() -> None:
    game = ninetynine.load_game("heroes99", num_players=3)
    rng = Rng(5)
    kinds: set[str] = set()
    for seed in range(4):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            p = state.current_player()
            obs = state.observation(p)
            legal = state.legal_actions()
            facts = game.drawing_facts(obs, legal)
            assert json.loads(json.dumps(facts)) == facts
            on_table = {h for row in obs["heroes"] for h in row if h}
            if obs["phase"] == "pick":
                assert set(facts["heroes"]) == set(game.roster.ids)
            else:
                assert on_table <= set(facts["heroes"])
            for h, text in facts["heroes"].items():
                hero = game.roster.heroes[game.roster.index(h)]
                assert text["name"] == hero.name and text["ability"] == hero.ability()
                assert [s["text"] for s in text["skills"]] == [s.text() for s in hero.skills]
            assert [c["card"] for c in facts["hand"]] == obs["hand"]
            for c in facts["hand"]:
                assert c["value"] == strength_value(c["card"], game.ace)
            for q, row in enumerate(facts["room"]):
                for ln, room in enumerate(row):
                    assert (room is None) == (obs["heroes"][q][ln] is None)
                    if room:
                        assert room[0] == len(obs["active"][q][ln]) and room[1] >= 1
            assert sorted(int(a) for a in facts["moves"]) == legal
            for a in legal:
                move = facts["moves"][str(a)]
                kinds.add(move["kind"])
                text = state.action_to_string(a)
                want = _expected_text(move, state)
                if move["kind"] == "order":
                    item = obs["pending"]["items"][move["k"]]
                    assert move["hero"] == game.roster.ids[item[1]]
                if want is not None:
                    assert text == want
                else:
                    assert text.endswith(f"@s{move['seat']}L{move['lane'] + 1}")
            assert facts["pending"].startswith(f"{{{p}}} ")
            state.apply_action(legal[rng.randbelow(len(legal))])
    assert {"pick", "play", "skill", "pass"} <= kinds


def test_an_order_choice_names_the_hero_whose_ability_goes_first() -> None:
    game = ninetynine.load_game("heroes99", num_players=2)
    state, rng = game.new_initial_state(21), Rng(21)  # reaches an order choice at move 8
    while state.observation(None)["pending"]["kind"] != "order":
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
    obs = state.observation(state.current_player())
    facts = game.drawing_facts(obs, state.legal_actions())
    heroes = [m["hero"] for m in facts["moves"].values()]
    items = obs["pending"]["items"]
    assert heroes == [game.roster.ids[it[1]] for it in items] and len(heroes) >= 2
    assert all(h in facts["heroes"] for h in heroes)


def test_the_hand_lists_no_trigger_on_a_full_hero():
    """As on the terminal board (issue 18): a heart cannot go on Jester with 3 active cards,
    so the web hand shows no Jester skill for it."""
    from .positions import position

    s = position(
        [["jester", "regent", "bastion"], ["warden", "hoarder", "stalwart"]],
        hands=["7H 2C", "2D"],
        active=[["3C 4C 5C", "", ""], ["", "", ""]],
    )
    facts = s.game.drawing_facts(s.observation(0), s.legal_actions())
    heart = next(h for h in facts["hand"] if h["card"] == parse_card("7H"))
    assert heart["triggers"] == []
    assert facts["room"][0][0] == [3, 3]
