"""The text-board pieces shared by every game's ``render.py`` (``core/text.py``)."""

from __future__ import annotations

from rich.text import Text

from ninetynine.core.text import pad, seat_labels, styled


def test_seat_labels_mark_the_observer_and_keep_given_names():
    assert seat_labels({"num_players": 2, "player": None}) == ["Seat 0", "Seat 1"]
    assert seat_labels({"num_players": 2, "player": 0}) == ["Seat 0 (you)", "Seat 1"]
    given = ("Ann", "Bo")
    assert seat_labels({"num_players": 2, "player": 0}, given) == ["Ann", "Bo"]


def test_styles_are_rich_markup_or_plain_text():
    bold = styled("bold green", markup=True)
    assert bold("7") == "[bold green]7[/]"
    assert Text.from_markup(bold("7")).plain == "7"
    assert styled("bold green", markup=False)("[7]") == "[7]"


def test_pad_measures_the_plain_text_not_the_markup():
    shown = styled("dim", markup=True)("R7")
    assert pad("R7", shown, 5) == shown + "   "
    assert pad("R7", "R7", 5, right=True) == "   R7"
    assert pad("R7 long", "R7 long", 3) == "R7 long"  # never cut
