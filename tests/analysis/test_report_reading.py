"""What a reader of a balance report sees (issue 18, item 18): plots whose labels do not run
into each other, percent ticks that say their value, the game's own name in every title, how
the games ended (draws, the safety stop) and a seat verdict corrected for the number of tests."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from matplotlib.figure import Figure

import ninetynine
from ninetynine.analysis import build_report, plots
from ninetynine.analysis.core import holm, score_test_p
from ninetynine.analysis.outcomes import game_name


@pytest.fixture
def figures(monkeypatch: pytest.MonkeyPatch) -> list[Figure]:
    """Every figure a report draws, kept (drawn) instead of being closed after saving."""
    kept: list[Figure] = []
    original = plots.save

    def keep(fig: Figure, path: Path) -> Path:
        fig.canvas.draw()
        kept.append(fig)
        fig.savefig(path)  # still written: the report links it
        return path

    monkeypatch.setattr(plots, "save", keep)
    yield kept
    for fig in kept:
        plots.plt.close(fig)
    assert original is not keep


def _overlaps(fig: Figure, labels: list[Any]) -> list[tuple[str, str]]:
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in labels if t.get_text()]
    return [
        (a, b)
        for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2)
        if box_a.overlaps(box_b)
    ]


def _percent_value(label: str) -> float:
    return float(label.replace("\u2212", "-").rstrip("%")) / 100


@pytest.mark.parametrize(
    ("game_id", "sections"),
    [
        ("tripwire", ["seats", "endings", "length", "midgame", "first_player"]),
        ("warp99", ["seats", "handicap", "points"]),
        ("ono99", ["elimination"]),
    ],
)
def test_plots_read_cleanly(
    game_id: str, sections: list[str], figures: list[Figure], tmp_path: Path
) -> None:
    build_report(game_id, tmp_path, games=3, seed=1, only=sections)
    assert figures
    name = game_name(game_id)
    for fig in figures:
        titles = [fig._suptitle.get_text()] if fig._suptitle else []
        titles += [ax.get_title() for ax in fig.axes]
        assert any(t.startswith(name) for t in titles), titles
        assert not any(t.startswith(game_id + ":") for t in titles if game_id != name), titles
        for ax in fig.axes:
            assert _overlaps(fig, ax.get_xticklabels()) == [], (titles, ax.get_title())
            assert _overlaps(fig, ax.get_yticklabels()) == [], (titles, ax.get_title())
            for tick, label in zip(ax.get_yticks(), ax.get_yticklabels(), strict=True):
                text = label.get_text()
                if text.endswith("%"):  # a percent label says its tick's value
                    assert _percent_value(text) == pytest.approx(tick, abs=1e-9), text


def test_percent_ticks_every_two_and_a_half_percent_say_so(figures: list[Figure]) -> None:
    """Tripwire's first-player plot had ticks at 2.5% steps labelled "2%, 5%, 8%"."""
    fig, (ax,) = plots.new_figure(1)
    ax.plot([2, 6], [-0.044, 0.11])
    ax.yaxis.set_major_locator(plots.matplotlib.ticker.MultipleLocator(0.025))
    ax.yaxis.set_major_formatter(plots.PercentTicks())
    fig.canvas.draw()
    shown = [t.get_text() for t in ax.get_yticklabels()]
    assert "2.5%" in shown and "7.5%" in shown and "8%" not in shown
    plots.plt.close(fig)


def test_the_report_says_how_the_games_ended(tmp_path: Path) -> None:
    build_report("tripwire", tmp_path, games=6, seed=3, only=["endings", "length"],
                 options={"max_turns": 3})  # fmt: skip
    md = (tmp_path / "report.md").read_text()
    assert "## How the games ended" in md
    assert "| safety stop (the turn limit reached; the fewest cards wins) |" in md
    assert "| draws: no single winner (95% CI) |" in md
    assert re.search(r"The safety stop \(the game's turn limit\) ended [\d.]+% of the 2-player", md)
    data = json.loads((tmp_path / "data.json").read_text())
    two = data["endings"]["2"]
    assert sum(two["ended_by"].values()) == two["games"] == 6
    assert data["length"]["by_players"]["2"]["safety_stops"] >= 1


def test_the_sixto_report_has_a_draw_rate(tmp_path: Path) -> None:
    build_report("sixto", tmp_path, games=6, seed=1, only=["endings"])
    data = json.loads((tmp_path / "data.json").read_text())
    for n, d in data["endings"].items():
        if int(n) > 1:
            assert 0.0 <= d["draw_rate"] <= 1.0 and len(d["ci95"]) == 2
    md = (tmp_path / "report.md").read_text()
    assert "draws: no single winner (95% CI)" in md
    assert "the third die was removed" in md


def test_two_false_alarms_in_twenty_are_not_called_unfair() -> None:
    """The issue's report flagged 2 of 20 seats at p < 0.05: what chance alone gives."""
    ps = [0.034, 0.004] + [0.5] * 18
    assert holm(ps) == [False] * 20
    assert holm([0.001] + [0.5] * 19)[0] is True  # a real gap still shows
    assert score_test_p(50, 100, 0.5) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", ["tripwire", "heroes99"])
def test_the_seat_verdict_names_its_correction(game_id: str, tmp_path: Path) -> None:
    build_report(game_id, tmp_path, games=4, seed=0, only=["seats"])
    md = (tmp_path / "report.md").read_text()
    m = json.loads((tmp_path / "data.json").read_text())["seats"]["tests"]
    assert f"Seats that are not fair (Holm-corrected over {m} tests)" in md
    assert "by chance alone" in md
    data = json.loads((tmp_path / "data.json").read_text())["seats"]
    assert data["correction"] == "holm" and data["alpha"] == 0.05


def test_every_game_has_words_for_its_endings(tmp_path: Path) -> None:
    for game_id in ninetynine.list_games():
        build_report(game_id, tmp_path / game_id, games=2, seed=0, only=["endings"])
        md = (tmp_path / game_id / "report.md").read_text()
        table = md.split("| how the game ended |")[1]
        assert "_" not in table.split("draws:")[0], (game_id, table)  # no raw code


def test_the_midgame_question_says_when_nobody_leads(tmp_path: Path) -> None:
    """ONO 99's scores do not separate the seats before the end: no 0% bars with 0-100%
    intervals, a sentence instead."""
    build_report("ono99", tmp_path, games=3, seed=0, only=["midgame"])
    md = (tmp_path / "report.md").read_text()
    assert "No game had a single leader at these points: ONO 99's `scores()`" in md
    build_report("warp99", tmp_path / "w", games=3, seed=0, only=["midgame"])
    assert "No game had a single leader" not in (tmp_path / "w" / "report.md").read_text()
