"""The Warp 99 board drawing: snapshots of fixed positions, colour chips, hidden cards.

Snapshots live in ``tests/cli/snapshots/``. To regenerate them after a deliberate change to
the drawing, run ``UPDATE_SNAPSHOTS=1 pytest tests/cli/test_board_render.py`` and say why in
the commit message.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

import ninetynine
from helpers import after_bots, check_snapshot
from ninetynine.games.warp99.cards import LETTERS, format_card, parse_card
from ninetynine.games.warp99.render import accepted, card_markup, render_text

SNAPSHOTS = Path(__file__).parent / "snapshots"


@pytest.mark.parametrize(
    ("name", "game_id", "players", "seed", "actions", "seat"),
    [
        ("warp99_3p_seed7_move45_seat0.txt", "warp99", 3, 7, 45, 0),
        ("warp99_4p_seed5_end_public.txt", "warp99", 4, 5, 10_000, None),
        ("ninetynine_2p_seed3_move30_seat1.txt", "ninetynine", 2, 3, 30, 1),
    ],
)
def test_board_snapshot(
    name: str, game_id: str, players: int, seed: int, actions: int, seat: int | None
) -> None:
    state = after_bots(game_id, players, seed, actions)
    check_snapshot(SNAPSHOTS, name, render_text(state.observation(seat), markup=False))


def test_revealed_cards_are_drawn_for_other_seats() -> None:
    game = ninetynine.load_game("warp99", num_players=3)
    state = game.new_initial_state(seed=0)
    rng = ninetynine.Rng(1)
    for _ in range(5000):  # random play until someone flips a rule card
        legal = state.legal_actions()
        if any(state.action_to_string(a).startswith("flip") for a in legal):
            flipper = state.current_player()
            state.apply_action(next(a for a in legal if state.action_to_string(a) == "flip1"))
            break
        state.apply_action(rng.choice(legal))
    else:
        pytest.fail("no flip in 5000 random moves")
    other = (flipper + 1) % 3
    text = render_text(state.observation(other))
    assert "revealed hand cards:" in text
    assert "other sides (flip1-flip3): Same Color" in text


def test_chips_keep_the_letter_and_carry_the_colour() -> None:
    for letter in LETTERS:
        card = parse_card(f"{letter}7")
        chip = card_markup(card, markup=True)
        assert f" {letter}7 " in chip
        assert chip.startswith("[bold ")
        assert card_markup(card, markup=False) == f"{letter}7"
    console = Console(width=40, color_system="truecolor", force_terminal=True, record=True)
    console.print(card_markup(parse_card("R7")))
    assert "\x1b[" in console.export_text(styles=True)


def test_what_a_pile_accepts() -> None:
    assert accepted(parse_card("R7"), [1, 1, 1]) == "red (R), 3 or 8"
    assert accepted(parse_card("B10"), [1, 1, 1]) == "blue (B) or 0"
    assert accepted(parse_card("A0"), [2, 2, 2]) == "0"
    assert accepted(parse_card("A6"), [2, 2, 2]) == "3, 5 or 6"


def test_markup_and_plain_show_the_same_cards() -> None:
    state = after_bots("warp99", 3, 9, 25)
    obs = state.observation(state.current_player())
    plain = render_text(obs, markup=False)
    console = Console(width=200, color_system=None, record=True)
    console.print(render_text(obs, markup=True), highlight=False)
    rendered = console.export_text()
    card = re.compile(r"\b[RYGALPOBTK](?:10|[0-9])\b")
    assert card.findall(plain) == card.findall(rendered)
    hand = " ".join(format_card(c) for c in obs["hand"])
    assert f"Your hand  {hand}" in plain
