"""The hero files: the schema, its error messages, and a designer's new hero that works
without touching Python (``roster.py``, ``docs/rules/heroes99-heroes.md``)."""

from __future__ import annotations

import pytest

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.errors import GameOptionError
from ninetynine.games.heroes99.roster import HeroFileError, builtin_files, load_roster, parse_hero
from ninetynine.sim import run_games, summarize

from .positions import play, position

GOLEM = """
name = "Golem"
role = "wall"

[ability]
name = "Bulwark"
rules = { capacity = 4, wins_ties = true }

[[ability.trigger]]
when = "end"
if = { losing = true }
effects = [{ verb = "bolster", amount = 1, to = "this" }]

[[skill]]
on = "clubs"
effects = [{ verb = "bolster", amount = 2, to = "own" }]
"""


def test_the_built_in_roster_loads_and_installs_as_package_data():
    files = builtin_files()
    assert len(files) >= 16 and all(name.endswith(".toml") for name, _ in files)
    roster = load_roster()
    assert roster.ids == sorted(roster.ids)
    assert len(set(roster.ids)) == len(roster.ids)


def test_a_new_hero_from_a_data_file_plays_without_code_changes(tmp_path):
    (tmp_path / "golem.toml").write_text(GOLEM, encoding="utf-8")
    game = ninetynine.load_game("heroes99", heroes=str(tmp_path))
    assert "golem" in game.roster.ids and len(game.roster) == len(load_roster()) + 1
    # the new hero's rules work: capacity 4, wins ties, its trigger and its skill
    s = position(
        [["golem", "bastion", "regent"], ["hoarder", "warden", "stalwart"]],
        hands=["2C 9D", "2D"],
        active=[["3D 4D 5D", "", ""], ["", "", ""]],
        options={"heroes": str(tmp_path)},
    )
    assert "2C>1" in [s.action_to_string(a) for a in s.legal_actions()]
    play(s, "2C>1", "skill1", "s0L2")
    assert len(s.bolsters[0][1]) == 2
    # bots can play it, and the balance table counts it
    results = run_games("heroes99", 2, {"heroes": str(tmp_path)}, "random", games=40, seed=3)
    table = summarize(results)["stats"]["heroes"]
    assert "golem" in {it["item"] for it in table["items"]}
    agent = make_agent("greedy", game, 0, 1)
    st = game.new_initial_state(4)
    while not st.is_terminal():
        st.apply_action(agent.step(st.observation(st.current_player()), st.legal_actions()))


def test_a_file_may_rework_a_built_in_hero(tmp_path):
    text = GOLEM.replace('name = "Golem"', 'id = "bastion"\nname = "Bastion Mk II"')
    (tmp_path / "b.toml").write_text(text, encoding="utf-8")
    roster = load_roster([str(tmp_path)])
    assert roster.heroes[roster.index("bastion")].name == "Bastion Mk II"
    assert len(roster) == len(load_roster())


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        (('name = "Golem"', ""), "name", "missing (required)"),
        (
            ("amount = 2", 'amount = "two"'),
            "skill[0].effects[0].amount",
            "expected an integer from 1 to 3, got 'two'",
        ),
        (("amount = 2", "amount = 5"), "skill[0].effects[0].amount", "from 1 to 3, got 5"),
        (('on = "clubs"', 'on = "stars"'), "skill[0].on", "expected a suit"),
        (
            ('verb = "bolster", amount = 2', 'verb = "fireball", amount = 2'),
            "skill[0].effects[0].verb",
            "expected one of bolster",
        ),
        (("capacity = 4", "capacity = 9"), "ability.rules.capacity", "from 1 to 5, got 9"),
        (("capacity = 4", "kapacity = 4"), "ability.rules.kapacity", "unknown field"),
        (('when = "end"', 'when = "dawn"'), "ability.trigger[0].when", "expected one of upkeep"),
        (('to = "own"', 'to = "everyone"'), "skill[0].effects[0].to", "expected one of this"),
        (("losing = true", "losing = 1"), "ability.trigger[0].if.losing", "expected true or false"),
        (('role = "wall"', 'role = "wall"\ncolour = "red"'), "colour", "unknown field"),
    ],
)
def test_a_malformed_file_names_the_file_the_field_and_the_problem(
    tmp_path, change, where, problem
):
    old, new = change
    assert old in GOLEM
    path = tmp_path / "golem.toml"
    path.write_text(GOLEM.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(HeroFileError) as info:
        ninetynine.load_game("heroes99", heroes=str(tmp_path))
    msg = str(info.value)
    assert msg.startswith(f"{path}: {where}: "), msg
    assert problem in msg
    assert isinstance(info.value, GameOptionError) and isinstance(info.value, ValueError)


def test_other_file_errors(tmp_path):
    with pytest.raises(HeroFileError, match="not valid TOML"):
        parse_hero("name = ", "x.toml")
    with pytest.raises(HeroFileError, match="skills: unknown field; allowed here: ability"):
        parse_hero(GOLEM.replace("[[skill]]", "[[skills]]"), "x.toml")
    with pytest.raises(HeroFileError, match="skill: expected 1 to 3"):
        parse_hero(GOLEM.split("[[skill]]")[0], "x.toml")
    with pytest.raises(HeroFileError, match="needs rules"):
        parse_hero(
            'name = "X"\n[ability]\nname = "Y"\n[[skill]]\non = "2"\neffects = [{verb = "draw"}]',
            "x.toml",
        )
    with pytest.raises(HeroFileError, match="a Clash inside a Clash"):
        parse_hero(
            GOLEM.replace(
                'effects = [{ verb = "bolster", amount = 2, to = "own" }]',
                'effects = [{ verb = "clash", win = [{ verb = "clash", '
                'win = [{ verb = "draw" }] }] }]',
            ),
            "x.toml",
        )
    with pytest.raises(HeroFileError, match=r"missing: no such directory \(option heroes\)"):
        load_roster([str(tmp_path / "missing")])
    (tmp_path / "plain.txt").write_text("", encoding="utf-8")
    with pytest.raises(HeroFileError, match=r"plain\.txt: not a directory"):
        load_roster([str(tmp_path / "plain.txt")])
    (tmp_path / "plain.txt").unlink()
    with pytest.raises(HeroFileError, match="no hero files"):
        load_roster([str(tmp_path)])
    (tmp_path / "a.toml").write_text(GOLEM, encoding="utf-8")
    (tmp_path / "b.toml").write_text(
        GOLEM.replace('name = "Golem"', 'id = "a"\nname = "G"'), encoding="utf-8"
    )
    with pytest.raises(HeroFileError, match="already the id of"):
        load_roster([str(tmp_path)])


def test_find_accepts_ids_names_and_prefixes():
    r = load_roster()
    assert r.find("Bastion") == r.find("bas") == r.index("bastion")
    with pytest.raises(GameOptionError, match="could be"):
        r.find("s")
    with pytest.raises(GameOptionError, match="no hero"):
        r.find("nobody")


def test_the_hero_files_are_package_data():
    """``pyproject.toml`` ships ``heroes/*.toml`` with the package (else an installed copy has no
    heroes)."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["ninetynine"]
    for name, _ in builtin_files():
        assert any(fnmatch.fnmatch(f"games/heroes99/heroes/{name}", p) for p in patterns), name


def test_a_hero_name_is_taken_once_across_the_roster(tmp_path):
    """Heroes are found by id or name (``Roster.find``), so two heroes of one name (any case,
    spaces ignored) with different ids are an error naming the second file; a file that keeps
    a built-in hero's id may keep its name (it replaces that hero)."""
    (tmp_path / "wall.toml").write_text(GOLEM.replace("Golem", "bastion"), encoding="utf-8")
    with pytest.raises(HeroFileError, match=r"wall\.toml: name: 'bastion' is already the name of"):
        load_roster([str(tmp_path)])
    (tmp_path / "wall.toml").write_text(GOLEM.replace("Golem", "Stone Wall"), encoding="utf-8")
    other = tmp_path / "other"
    other.mkdir()
    (other / "z.toml").write_text(GOLEM.replace("Golem", "StoneWall"), encoding="utf-8")
    with pytest.raises(HeroFileError, match=r"z\.toml: name: 'StoneWall' is already the name of"):
        load_roster([str(tmp_path), str(other)])
    (tmp_path / "wall.toml").write_text('id = "bastion"\n' + GOLEM.replace("Golem", "Bastion"))
    roster = load_roster([str(tmp_path)])
    assert roster.heroes[roster.index("bastion")].ability_name == "Bulwark"
    # a name may not be another hero's id either (``find`` reads both)
    (tmp_path / "wall.toml").write_text('id = "bastion"\n' + GOLEM.replace("Golem", "Rampart"))
    (tmp_path / "x.toml").write_text(GOLEM.replace("Golem", "Fortress Two"), encoding="utf-8")
    (tmp_path / "y.toml").write_text(GOLEM.replace("Golem", "Bastion"), encoding="utf-8")
    with pytest.raises(HeroFileError, match=r"y\.toml: name: 'Bastion' is already the id of"):
        load_roster([str(tmp_path)])
    (tmp_path / "y.toml").unlink()
    roster = load_roster([str(tmp_path)])
    assert roster.heroes[roster.find("Fortress Two")].id == "x"
    assert roster.heroes[roster.find("Rampart")].id == "bastion"


def test_a_hero_id_may_not_be_another_heros_name_whichever_file_is_read_first(tmp_path):
    """``find`` reads ids and names alike, so a hero whose id is another hero's name would
    hide that hero; found whether the id's file or the name's file comes first."""
    (tmp_path / "a.toml").write_text(GOLEM.replace("Golem", "Foo"), encoding="utf-8")
    (tmp_path / "b.toml").write_text(
        GOLEM.replace('name = "Golem"', 'id = "foo"\nname = "Bar"'), encoding="utf-8"
    )
    with pytest.raises(HeroFileError, match=r"b\.toml: id: 'foo' is already the name of .*a\.toml"):
        load_roster([str(tmp_path)])
    (tmp_path / "b.toml").rename(tmp_path / "0.toml")  # now the id's file is read first
    with pytest.raises(HeroFileError, match=r"a\.toml: name: 'Foo' is already the id of .*0\.toml"):
        load_roster([str(tmp_path)])
    (tmp_path / "0.toml").write_text(
        GOLEM.replace('name = "Golem"', 'id = "stalwart_"\nname = "Bar"'), encoding="utf-8"
    )
    with pytest.raises(
        HeroFileError, match=r"id: 'stalwart_' is already the name of built-in hero 'stalwart'"
    ):
        load_roster([str(tmp_path)])
