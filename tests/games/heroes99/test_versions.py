"""Records of 99 Heroes version 1 replay under its rules (``replay_options``: ``end=turn``,
``winner=points``).

``records/version1-3p.record.txt`` is the golden game ``heroes99-3p-options`` as version 1
recorded it: a seat filled its last hero and the game went on (H6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ninetynine.core.errors import RecordError
from ninetynine.core.records import parse_record, read_record

RECORD = Path(__file__).parent / "records" / "version1-3p.record.txt"


def test_a_version_1_record_replays_under_version_1_rules():
    record = read_record(str(RECORD))
    final = record.final_state()
    assert record.headers["Version"] == "1" and final.game.version == 2
    assert final.game.options["end"] == "turn" and final.game.options["winner"] == "points"
    assert final.is_terminal() and record.headers["Result"] == f"seat {final.winner()} wins"
    assert record.headers["Scores"] == " ".join(f"{x:g}" for x in final.scores())


def test_read_as_version_2_the_game_ends_earlier():
    text = RECORD.read_text(encoding="utf-8").replace('[Version "1"]', '[Version "2"]')
    with pytest.raises(RecordError, match="the game is over"):
        parse_record(text).final_state()


def test_an_unknown_version_is_refused_and_says_which_versions_replay():
    text = RECORD.read_text(encoding="utf-8").replace('[Version "1"]', '[Version "0"]')
    with pytest.raises(RecordError, match=r"version 0; this is version 2.*still replay: 1"):
        parse_record(text).final_state()
