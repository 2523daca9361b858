"""Records of older Tripwire versions: version 2's replay under its rules (``replay_options``:
``penalty_timing=turn``, ``bonus_no_play=lose``); older ones are refused with a clear reason.

``records/version2-2p.record.txt`` is the golden game ``tripwire-2p`` as version 2 recorded it
(three of its bonus turns began without a valid play and were lost, D14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ninetynine.core.errors import RecordError
from ninetynine.core.records import parse_record, read_record

RECORD = Path(__file__).parent / "records" / "version2-2p.record.txt"


def test_a_version_2_record_replays_under_version_2_rules():
    record = read_record(str(RECORD))
    final = record.final_state()
    assert record.headers["Version"] == "2" and final.game.version == 3
    assert final.game.options["penalty_timing"] == "turn"
    assert final.game.options["bonus_no_play"] == "lose"
    assert final.is_terminal() and record.headers["Result"] == f"seat {final.winner()} wins"
    assert record.headers["Scores"] == " ".join(f"{x:g}" for x in final.scores())
    # written again, it is a version 3 record that names the options it needs
    again = type(record).from_state(final).to_text()
    assert '[Version "3"]' in again and '\\"bonus_no_play\\":\\"lose\\"' in again
    assert parse_record(again).final_state().history() == final.history()


def test_read_as_version_3_the_same_moves_do_not_replay():
    text = RECORD.read_text(encoding="utf-8").replace('[Version "2"]', '[Version "3"]')
    with pytest.raises(RecordError, match="move 41"):  # a bonus turn draws instead (D14)
        parse_record(text).final_state()


def test_a_version_1_record_is_refused_and_says_which_versions_replay():
    text = RECORD.read_text(encoding="utf-8").replace('[Version "2"]', '[Version "1"]')
    with pytest.raises(RecordError, match=r"version 1; this is version 3.*still replay: 2"):
        parse_record(text).final_state()
