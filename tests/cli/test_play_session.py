"""Whole games through the interactive loop, with scripted people and no terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.cli.session import PlaySession
from ninetynine.core.game import Game
from ninetynine.core.records import parse_record

from .conftest import ScriptedInput, Transcript

#: A person who mostly answers "1" (the first legal move) but also types nonsense, numbers out
#: of range, bad cards, commands and notation in upper case.
NOISY = [
    "zz",
    "1",
    "99",
    "R99",
    "hint",
    "1",
    "help",
    "board",
    "1",
    "0",
    "   ",
    "END",
    "1",
    "r7>1",
    "1",
    "rules",
    "2",
]


def _session(
    game_id: str, seats: list[str], seed: int, tmp_path: Path, script: ScriptedInput
) -> tuple[PlaySession, Transcript]:
    game = ninetynine.load_game(game_id, num_players=len(seats))
    out = Transcript()
    session = PlaySession(
        game,
        game.new_initial_state(seed=seed),
        seats,
        out.console,
        record_path=tmp_path / "records" / "game.txt",
        read_line=script,
    )
    return session, out


@pytest.mark.parametrize(
    ("game_id", "seats", "seed"),
    [
        ("warp99", ["human", "greedy"], 1),
        ("warp99", ["human", "greedy", "random"], 2),
        ("warp99", ["greedy", "human", "random", "human"], 3),
        ("ninetynine", ["human", "human"], 4),
        ("ninetynine", ["random", "human", "greedy"], 5),
        ("ninetynine", ["human", "greedy", "greedy", "greedy"], 6),
    ],
)
def test_scripted_game_plays_to_the_end_and_replays(
    game_id: str, seats: list[str], seed: int, tmp_path: Path
) -> None:
    script = ScriptedInput(NOISY)
    session, out = _session(game_id, seats, seed, tmp_path, script)
    result = session.run()

    assert result.reason == "finished"
    assert result.state.is_terminal()
    text = out.text
    assert "Traceback" not in text
    assert "'zz' is not a" in text
    assert "there is no move 99" in text
    assert "hint:" in text or "No hint" in text
    assert "## Commands" not in text and "Commands" in text  # help rendered as Markdown
    assert "wins." in text or "You win!" in text or "draw" in text
    assert result.record_path is not None and result.record_path.exists()
    record = parse_record(result.record_path.read_text(encoding="utf-8"))
    assert record.headers["Result"] != "*"
    assert [record.headers[f"Seat{i}"] for i in range(len(seats))] == seats
    assert record.final_state().history() == result.state.history()


def test_forced_moves_are_played_and_shown(tmp_path: Path) -> None:
    session, out = _session("warp99", ["human", "greedy"], 11, tmp_path, ScriptedInput(["1"]))
    session.run()
    assert re.search(r"^Seat 0 \(you\): only move: \w+", out.text, re.M)


def test_bot_moves_and_events_are_printed(tmp_path: Path) -> None:
    session, out = _session("warp99", ["greedy"] * 3, 5, tmp_path, ScriptedInput(["1"]))
    session.run()
    text = out.text
    assert re.search(r"^Seat 1 \(greedy\): \S+$", text, re.M)
    assert "scored a row of" in text
    assert "emptied the personal deck" in text
    assert re.search(r"\+\d+ points, now \d+ \(needs \d+\)", text)
    assert "took an extra card" in text
    assert "emptied the hand, drew 6 new cards and goes again" in text


def test_a_rule_flip_is_announced(tmp_path: Path) -> None:
    session, out = _session("warp99", ["greedy"] * 3, 0, tmp_path, ScriptedInput(["1"]))
    session.run()
    assert re.search(r"^  \* Seat \d \(greedy\) flipped rule \d: [A-Za-z ]+ -> ", out.text, re.M)


def test_quit_saves_a_partial_record(tmp_path: Path) -> None:
    script = ScriptedInput(["hint", "1", "1", "quit"])
    session, out = _session("warp99", ["human", "greedy", "greedy"], 8, tmp_path, script)
    result = session.run()
    assert result.reason == "quit"
    assert not result.state.is_terminal()
    assert result.record_path is not None
    record = parse_record(result.record_path.read_text(encoding="utf-8"))
    assert record.headers["Result"] == "*"
    assert record.final_state().history() == result.state.history()
    assert "Record saved:" in out.text


@pytest.mark.parametrize(
    ("error", "reason"), [(EOFError, "eof"), (KeyboardInterrupt, "interrupted")]
)
def test_end_of_input_or_ctrl_c_stops_cleanly(
    error: type[BaseException], reason: str, tmp_path: Path
) -> None:
    def read_line(prompt: str) -> str:
        raise error

    game = ninetynine.load_game("warp99", num_players=2)
    out = Transcript()
    session = PlaySession(
        game,
        game.new_initial_state(seed=2),
        ["human", "greedy"],
        out.console,
        record_path=tmp_path / "r.txt",
        read_line=read_line,
    )
    result = session.run()
    assert result.reason == reason
    assert (tmp_path / "r.txt").exists()
    assert "Traceback" not in out.text


def test_delay_pauses_after_each_bot_move(tmp_path: Path) -> None:
    pauses: list[float] = []
    game = ninetynine.load_game("warp99", num_players=2)
    session = PlaySession(
        game,
        game.new_initial_state(seed=4),
        ["greedy", "random"],
        Transcript().console,
        record_path=tmp_path / "r.txt",
        delay=0.25,
        sleep=pauses.append,
    )
    result = session.run()
    assert pauses == [0.25] * len(result.state.history())


# --------------------------------------------------------------------------- hidden cards
_CARD = re.compile(r"(?<![A-Za-z0-9])([RYGALPOBTK](?:10|[0-9]))(?![0-9])")
_MOVE_LINE = re.compile(r"^Seat \d+ \([^)]*\): ")


def _hidden_cards(state: ninetynine.State, viewer: int) -> set[str]:
    """Notation of every card in another seat's hand that a flip has not revealed."""
    from ninetynine.games.warp99.cards import format_card

    data = state.to_dict()
    hidden = set()
    for seat, hand in enumerate(data["hands"]):
        if seat != viewer:
            hidden |= {format_card(c) for c in hand if c not in data["revealed"][seat]}
    return hidden


@pytest.mark.parametrize(
    "seats",
    [["greedy", "human", "random", "greedy"], ["human", "greedy", "human", "random"]],
)
def test_a_person_never_sees_another_seats_hand(seats: list[str], tmp_path: Path) -> None:
    game = ninetynine.load_game("warp99", num_players=len(seats))
    state = game.new_initial_state(seed=21)
    out = Transcript()
    boards = 0
    own_seen = 0

    def check(prompt: str) -> None:
        nonlocal boards, own_seen
        viewer = state.current_player()
        shown = "\n".join(
            line for line in out.since_last().splitlines() if not _MOVE_LINE.match(line)
        )
        leaked = set(_CARD.findall(shown)) & _hidden_cards(state, viewer)
        assert not leaked, f"seat {viewer} was shown {sorted(leaked)}:\n{shown}"
        if "Your hand" in shown:
            boards += 1
            own = {m for m in _CARD.findall(shown.split("Your hand")[1].splitlines()[0])}
            from ninetynine.games.warp99.cards import format_card

            assert own == {format_card(c) for c in state.observation(viewer)["hand"]}
            own_seen += 1

    session = PlaySession(
        game,
        state,
        seats,
        out.console,
        record_path=tmp_path / "r.txt",
        read_line=ScriptedInput(["1", "hint", "board", "2"], check=check),
    )
    result = session.run()
    assert result.reason == "finished"
    assert boards > 10 and own_seen == boards


# --------------------------------------------------------------------------- events
def test_events_from_public_views() -> None:
    names = ["Seat 0", "Seat 1"]
    before = {
        "rows": [[1, 2, 3], []],
        "deck_sizes": [9, 1],
        "hand_sizes": [0, 6],
        "rules": ["Same Color", "Plus 1", "Total 10"],
        "reserve_size": 3,
        "current_player": 0,
        "target": 99,
    }
    after = {
        **before,
        "rows": [[], []],
        "deck_sizes": [9, 15],
        "hand_sizes": [6, 6],
        "rules": ["Same Color", "Minus 1", "Total 10"],
        "reserve_size": 40,
    }
    game = ninetynine.load_game("warp99", num_players=2)
    events = game.describe_events(before, after, [10.0, 80.0], [19.0, 95.0], 0, names)
    assert events == [
        "Seat 0 scored a row of 3 cards: +9 points, now 19 (needs 80)",
        "Seat 1 emptied the personal deck (15 new cards from the reserve): +15 points, now 95 "
        "(needs 4)",
        "Seat 0 flipped rule 2: Plus 1 -> Minus 1",
        "Seat 0 emptied the hand, drew 6 new cards and goes again",
        "the reserve was rebuilt from the discard piles (40 cards)",
    ]


def test_default_events_need_only_scores() -> None:
    """A game without its own events still reports score changes (the core default)."""
    game = ninetynine.load_game("warp99", num_players=2)
    lines = Game.describe_events(game, {}, {}, [0.0, 5.0], [1.0, 5.0], 0, ["A", "B"])
    assert lines == ["A +1 point, now 1"]


def test_ono99_events_say_who_left() -> None:
    game = ninetynine.load_game("ono99", num_players=3)
    state = game.new_initial_state(seed=2)
    names = ["A", "B", "C"]
    seen: list[str] = []
    rng = ninetynine.Rng(5)
    while not state.is_terminal():
        before, sb = state.observation(None), state.scores()
        mover = state.current_player()
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
        seen += game.describe_events(
            before, state.observation(None), sb, state.scores(), mover, names
        )
    assert sum("leaves the game" in line for line in seen) == 2
    assert not any("point" in line for line in seen)


def test_the_seed_is_not_shown_and_odd_input_is_refused_briefly(tmp_path: Path) -> None:
    """The seed rebuilds every hand, so the intro does not show it (the record keeps it); a
    huge input is not echoed whole; full-width digits are not move numbers."""
    script = ScriptedInput(["x" * 3000, "\uff11", "quit"])
    session, out = _session("warp99", ["human", "greedy"], 987654321, tmp_path, script)
    session.run()
    assert "987654321" not in out.text
    assert "x" * 100 not in out.text
    assert "is not a" in out.text


def test_a_bots_secret_choice_is_not_printed_before_the_person_chooses(tmp_path):
    """Sixto: the bot in seat 0 chooses its marks (RYP with seed 3) before the person in seat
    1; until the person has chosen, the terminal says that it has chosen, never what."""
    views: list[str] = []
    out_ref: list[Transcript] = []
    script = ScriptedInput(
        ["pass", "keep"], limit=3, check=lambda prompt: views.append(out_ref[0].since_last())
    )
    session, out = _session("sixto", ["greedy", "human"], 3, tmp_path, script)
    out_ref.append(out)
    result = session.run()
    secret = result.state.action_to_string(result.state.history()[1])
    assert secret == "RYP"
    first = views[0]
    assert "Seat 0 (greedy): (chosen in secret)" in first
    assert "RYP" not in first and "Seat 0 (greedy) chosen" in first
    after = views[1]  # the person passed: every choice is revealed and made
    assert "Seat 0 (greedy) marks Red 4" in after


def test_hot_seat_a_persons_secret_choice_is_not_printed_for_the_next_person(tmp_path):
    """Sixto hot seat: seat 0 (a person) chooses its marks before seat 1 (another person).
    The move line printed after seat 0's choice must not say which dice it chose, whether or
    not the screen can be cleared (here the output is not a terminal, so nothing is cleared)."""
    views: list[str] = []
    out_ref: list[Transcript] = []
    # hand over, keep, seat 0 chooses RYP (legal with seed 3, see above), hand over, pass
    script = ScriptedInput(
        ["", "keep", "RYP", "", "pass"],
        limit=5,
        check=lambda prompt: views.append(out_ref[0].since_last()),
    )
    session, out = _session("sixto", ["human", "human"], 3, tmp_path, script)
    out_ref.append(out)
    result = session.run()
    assert result.state.action_to_string(result.state.history()[1]) == "RYP"
    shown_to_seat_1 = "".join(views[3:5])  # printed after seat 0 chose, before seat 1 chooses
    assert "(chosen in secret)" in shown_to_seat_1
    assert "RYP" not in shown_to_seat_1


def test_a_win_by_an_emptied_personal_deck_says_so() -> None:
    """The winning 15 points come with no new cards (the game ends at once, W13), so the deck
    does not grow: the event still names the deck, not only "+15 points"."""
    game = ninetynine.load_game("warp99", num_players=3)
    state = game.new_initial_state(0)
    bots = [make_agent("greedy", game, i, seed=i) for i in range(3)]
    while not state.is_terminal():
        before, sb, mover = state.observation(None), state.scores(), state.current_player()
        state.apply_action(bots[mover].step(state.observation(mover), state.legal_actions()))
    after = state.observation(None)
    assert after["deck_sizes"][mover] == 0 < before["deck_sizes"][mover]
    assert game.describe_events(before, after, sb, state.scores(), mover, ["A", "B", "C"]) == [
        "A emptied the personal deck: +15 points, now 104 (target reached)"
    ]


def test_every_game_numbers_its_first_turn_1() -> None:
    """One convention on every screen: the first turn is turn 1 (ONO 99 counted turns taken
    and showed turn 0; 99 Heroes showed turn 0 while heroes were being placed)."""
    for game_id in ninetynine.list_games():
        game = ninetynine.load_game(game_id)
        state = game.new_initial_state(0)
        while "turn" not in game.render_observation(state.observation(0)).splitlines()[0]:
            state.apply_action(state.legal_actions()[0])  # 99 Heroes: the placement first
        head = game.render_observation(state.observation(0)).splitlines()[0]
        assert re.search(r"\bturn 1\b", head, re.I), (game_id, head)


@pytest.mark.parametrize(
    ("game_id", "script", "number"),
    [("heroes99", ["1", "quit"], "1"), ("sixto", ["keep", "3", "quit"], "3")],
)
def test_a_number_is_a_move_only_where_the_moves_are_numbered(
    tmp_path: Path, game_id: str, script: list[str], number: str
) -> None:
    """Over 40 legal moves the board lists none (99 Heroes placement: 57; a Sixto choice), so
    a number typed there is not a move from an unseen list: it is refused, nothing is played."""
    session, out = _session(game_id, ["human", "random"], 0, tmp_path, ScriptedInput(script))
    moves_before = len(script) - 2  # the moves typed before the number
    session.run()
    assert "legal moves: type one in notation" in out.text
    assert "moves here are not numbered: type one in notation (help lists them)" in out.text
    assert len(session.state.history()) == moves_before
    assert not re.search(rf"(^|\s){number}\) ", out.text, re.M)  # no numbered list drawn


def test_sixto_roll_is_neither_keep_nor_reroll_and_g2_is_not_a_kriskras_mark() -> None:
    """A newcomer's "roll" used up the one re-roll; "G2" (the Green die showing 2) marked in
    row 2 of a Kris-Kras sheet. Both are refused with what to type instead."""
    game = ninetynine.load_game("sixto", num_players=2, pad="kriskras")
    state = game.new_initial_state(0)
    with pytest.raises(ninetynine.NotationError, match=r"type keep .* or reroll"):
        state.string_to_action("roll")
    assert state.string_to_action("reroll") == state.string_to_action("re-roll") == 1
    state.apply_action(state.string_to_action("keep"))
    with pytest.raises(ninetynine.NotationError, match=r"G@2: the Green die in row 2"):
        state.string_to_action("G2")
    assert state.action_to_string(state.string_to_action("G@2")) == "G@2"


def test_q_quits_and_no_game_has_a_move_called_q(tmp_path: Path) -> None:
    """``q`` quits, as in ``replay``; it is safe because no game writes a move ``q`` (checked
    on every position of a few random games of each), and a word that is not a move names
    the way out."""
    from ninetynine.core.errors import NotationError
    from ninetynine.core.rng import Rng

    for game_id in ninetynine.list_games():
        game = ninetynine.load_game(game_id)
        for seed in range(3):
            state = game.new_initial_state(seed=seed)
            rng = Rng(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                assert all(state.action_to_string(a).lower() != "q" for a in legal), game_id
                try:
                    a = state.string_to_action("q")
                except NotationError:
                    pass
                else:
                    raise AssertionError(f"'q' is move {a} in {game_id}")
                state.apply_action(rng.choice(legal))
    script = ScriptedInput(["zz", "q", "never read"], limit=2)
    session, out = _session("warp99", ["human", "greedy"], 8, tmp_path, script)
    result = session.run()
    assert result.reason == "quit" and script.calls == 2
    assert "'zz' is not a Warp 99 move" in out.text
    assert "q or quit: stop" in " ".join(out.text.split())
