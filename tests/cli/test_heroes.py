"""``ninetynine heroes`` and a whole 99 Heroes game in the terminal loop (hidden placements)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

import ninetynine
from ninetynine.cli.main import app
from ninetynine.cli.session import PlaySession
from ninetynine.core.records import parse_record

from .conftest import ScriptedInput, Transcript

runner = CliRunner()

GOOD = """name = "Golem"
[ability]
name = "Bulwark"
rules = { capacity = 4 }
[[skill]]
on = "clubs"
effects = [{ verb = "bolster", amount = 2 }]
"""


def test_heroes_lists_the_roster() -> None:
    result = runner.invoke(app, ["heroes"])
    assert result.exit_code == 0, result.output
    game = ninetynine.load_game("heroes99")
    for h in game.roster.heroes:
        assert h.name in result.output
    assert "Topsy-Turvy" in result.output


def test_heroes_show_prints_one_card() -> None:
    result = runner.invoke(app, ["heroes", "show", "jester"])
    assert result.exit_code == 0
    assert "Jester (jester)" in result.output and "skill1 [hearts]" in result.output
    bad = runner.invoke(app, ["heroes", "show", "nobody"])
    assert bad.exit_code == 2 and "no hero 'nobody'" in bad.output


def test_heroes_check_and_extra_directories(tmp_path: Path) -> None:
    (tmp_path / "golem.toml").write_text(GOOD, encoding="utf-8")
    ok = runner.invoke(app, ["heroes", "check", str(tmp_path)])
    assert ok.exit_code == 0 and "ok" in ok.output and "Golem (golem)" in ok.output
    listed = runner.invoke(app, ["heroes", "--heroes", str(tmp_path)])
    assert "Golem" in listed.output
    (tmp_path / "bad.toml").write_text(GOOD.replace("amount = 2", "amount = 7"), encoding="utf-8")
    bad = runner.invoke(app, ["heroes", "check", str(tmp_path)])
    assert bad.exit_code == 2
    assert (
        "bad.toml: skill[0].effects[0].amount: expected an integer from 1 to 3, got 7"
        in bad.output.replace("\n", "")
    )


def test_a_whole_game_against_a_bot_never_shows_its_placements_early(tmp_path: Path) -> None:
    game = ninetynine.load_game("heroes99")
    out = Transcript(width=120)
    script = ScriptedInput(["hint", "1", "board", "1", "zz", "1"])

    def read_line(prompt: str) -> str:
        # "1" where the moves are numbered (40 or fewer); the first move in notation where
        # they are not (the placement's 57 moves: a number is no move there, issue 18)
        answer = script(prompt)
        legal = session.state.legal_actions()
        if answer == "1" and len(legal) > 40:
            return session.state.action_to_string(legal[0])
        return answer

    session = PlaySession(
        game,
        game.new_initial_state(seed=8),
        ["human", "greedy"],
        out.console,
        record_path=tmp_path / "game.txt",
        read_line=read_line,
    )
    result = session.run()
    assert result.reason == "finished" and result.state.is_terminal()
    text = out.text
    before_reveal = text.split("REVEAL")[0]
    assert len(re.findall(r"^Seat 1 \(greedy\): hero-placed$", before_reveal, re.M)) == 3
    record = parse_record((tmp_path / "game.txt").read_text(encoding="utf-8"))
    bot_heroes = [
        game.roster.heroes[game.roster.find(m.split("@")[0])].name for m in record.moves[3:6]
    ]
    for line in before_reveal.splitlines():
        if "Seat 1 (greedy)" in line:
            assert not any(name in line for name in bot_heroes), line
    assert "hint:" in text and "Traceback" not in text
    assert "wins." in text or "You win!" in text or "draw" in text


def test_heroes_check_names_every_bad_file_not_only_the_first(tmp_path: Path) -> None:
    """``heroes check DIR`` validates every file (heroes99-heroes.md: "validate every file,
    name each problem"): two bad files give two error lines, the good one is still ok."""
    (tmp_path / "a_bad.toml").write_text(GOOD.replace("amount = 2", "amount = 7"), "utf-8")
    (tmp_path / "b_good.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "c_bad.toml").write_text(GOOD.replace('on = "clubs"', 'on = "joker"'), "utf-8")
    result = runner.invoke(app, ["heroes", "check", str(tmp_path)])
    assert result.exit_code == 2
    text = result.output.replace("\n", "")
    assert "a_bad.toml: skill[0].effects[0].amount" in text
    assert "c_bad.toml: skill[0].on" in text
    assert "ok" in text and "b_good.toml" in text


def test_heroes_check_reports_a_file_that_takes_a_built_in_heros_name(tmp_path: Path) -> None:
    """A file without an ``id`` takes its file name as id; if its name is a built-in hero's,
    the roster would hold two heroes of that name (``heroes show`` could only ever find one).
    ``heroes check`` names the file and the clash, like the other hero-file errors."""
    (tmp_path / "my_wall.toml").write_text(GOOD.replace("Golem", "Bastion"), encoding="utf-8")
    result = runner.invoke(app, ["heroes", "check", str(tmp_path)])
    assert result.exit_code == 2, result.output
    text = result.output.replace("\n", "")
    assert "my_wall.toml: name: 'Bastion' is already the name of" in text
    assert "bastion" in text.split("already the name of")[1]
    assert "ok" not in text  # the only file is not "ok" before its error
    (tmp_path / "golem.toml").write_text(GOOD, encoding="utf-8")
    result = runner.invoke(app, ["heroes", "check", str(tmp_path)])
    assert result.exit_code == 2 and "ok " in result.output
    oks = [ln for ln in result.output.splitlines() if ln.startswith("ok ")]
    assert len(oks) == 1 and oks[0].startswith(f"ok {tmp_path / 'golem.toml'}:")
    (tmp_path / "golem.toml").unlink()
    # with the built-in hero's id the file replaces that hero: no clash
    (tmp_path / "my_wall.toml").write_text('id = "bastion"\n' + GOOD.replace("Golem", "Bastion"))
    assert runner.invoke(app, ["heroes", "check", str(tmp_path)]).exit_code == 0


def test_heroes_check_says_what_is_wrong_in_the_files_terms(tmp_path: Path) -> None:
    """Issue 18: ``heroes check /nonexistent`` said "no hero files" (not "no such directory"),
    and a file without ``[[skill]]`` said "got None"."""
    missing = runner.invoke(app, ["heroes", "check", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "nowhere: no such directory" in missing.output
    empty = runner.invoke(app, ["heroes", "check", str(tmp_path)])
    assert empty.exit_code == 2 and "no hero files (*.toml) in this directory" in empty.output
    (tmp_path / "golem.toml").write_text(GOOD.split("[[skill]]")[0], encoding="utf-8")
    bad = runner.invoke(app, ["heroes", "check", str(tmp_path)])
    text = bad.output.replace("\n", "")
    assert bad.exit_code == 2 and "None" not in text
    assert "golem.toml: skill: expected 1 to 3 [[skill]] tables, but the file has none" in text
    (tmp_path / "golem.toml").write_text(GOOD.replace("[[skill]]", "[skill]"), encoding="utf-8")
    single = runner.invoke(app, ["heroes", "check", str(tmp_path)])
    assert "a skill is written [[skill]] (two brackets" in single.output.replace("\n", "")
