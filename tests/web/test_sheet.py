"""The paper score sheet companion (Warp 99 rulebook § Scoring Setup, § Scoring)."""

from __future__ import annotations

import pytest

from ninetynine.core.errors import GameOptionError

pytest.importorskip("sqlalchemy", reason="the web extra is not installed: pip install '.[web]'")

from ninetynine.web.sheet import DECK_EMPTIED, ScoreSheet, SheetError


def test_starting_handicap_is_the_rulebooks_0_1_2_3_for_warp99() -> None:
    # "Player 1 starts with 0 points. Player 2 starts with 1 point. Player 3 starts with 2
    # points. Player 4 starts with 3 points."
    assert ScoreSheet("warp99", ["a", "b", "c", "d"]).start == [0, 1, 2, 3]
    assert ScoreSheet("ninetynine", ["a", "b", "c"]).start == [0, 0, 0]
    assert ScoreSheet("warp99", ["a", "b"], handicap="none").start == [0, 0]
    assert ScoreSheet("ninetynine", ["a", "b"], handicap="standard").start == [0, 1]


def test_points_rows_are_squared_and_an_emptied_deck_is_15() -> None:
    # § Action A: "So for 4 cards, you would score 16"; § Personal Pile Empty?: "15 points".
    assert ScoreSheet.points(4) == 16
    assert ScoreSheet.points(7) == 49  # the rulebook's Ryan: "49 points ... a 7 card row"
    assert ScoreSheet.points(DECK_EMPTIED) == 15


def test_running_totals_and_points_still_needed() -> None:
    s = ScoreSheet("warp99", ["Ann", "Bo", "Cy"])
    s.add(1, 5)
    s.add(2, DECK_EMPTIED)
    assert s.totals() == [0, 26, 17]
    assert s.needed() == [99, 73, 82]
    view = s.to_view()
    assert [e["total"] for e in view["entries"]] == [26, 17]
    assert view["entries"][1]["what"] == "deck emptied"


def test_the_winner_is_called_at_once_and_the_sheet_closes() -> None:
    # § Scoring: "As soon as one player gets to 99 or more, the game ends"
    s = ScoreSheet("warp99", ["Ann", "Bo"], handicap="none")
    for _ in range(6):
        s.add(0, 4)  # 96
    assert s.winner is None
    s.add(0, 2)  # 100
    assert s.winner == 0 and s.needed()[0] == 0
    with pytest.raises(SheetError, match="Ann has won"):
        s.add(1, 3)
    s.undo()
    assert s.winner is None and s.totals() == [96, 0]


@pytest.mark.parametrize(
    ("player", "action"), [(2, 3), (-1, 3), (0, 11), (0, -2), ("0", 3), (0, True)]
)
def test_bad_entries_are_refused(player, action) -> None:
    s = ScoreSheet("warp99", ["a", "b"])
    with pytest.raises(SheetError):
        s.add(player, action)
    assert s.entries == []


def test_bad_sheets_are_refused() -> None:
    with pytest.raises(GameOptionError, match="warp99 or ninetynine"):
        ScoreSheet("ono99", ["a", "b"])
    with pytest.raises(GameOptionError, match="2-4 players"):
        ScoreSheet("warp99", ["a"])
    with pytest.raises(GameOptionError, match="needs a name"):
        ScoreSheet("warp99", ["a", " "])
    with pytest.raises(GameOptionError, match="handicap"):
        ScoreSheet("warp99", ["a", "b"], handicap="lots")
    with pytest.raises(SheetError):
        ScoreSheet("warp99", ["a", "b"]).undo()


def test_the_sheet_is_stored_like_a_table(client) -> None:
    r = client.post("/api/sheets", json={"game": "warp99", "names": ["Ann", "Bo", "Cy"]})
    assert r.status_code == 201
    sid, token = r.json()["id"], r.json()["token"]
    assert r.json()["edit"] == f"/sheet/{sid}/{token}"

    def entry(**body):
        return client.post(f"/api/sheets/{sid}/entries", json={"token": token, **body})

    assert entry(player=0, row=7).json()["totals"] == [49, 1, 2]
    assert entry(player=1, deck=True).json()["totals"] == [49, 16, 2]
    assert entry(player=1, row=12).status_code == 400
    for not_a_row in (0, -1, True, 3.0, "3"):  # 0 is not "deck emptied" in disguise
        refused = entry(player=1, row=not_a_row)
        assert refused.status_code == 400 and "a row has 1 to 10 cards" in refused.json()["error"]
    assert client.get(f"/api/sheets/{sid}").json()["totals"] == [49, 16, 2]
    assert entry(player=0).status_code == 400
    forged = client.post(f"/api/sheets/{sid}/entries", json={"token": "x", "player": 0, "row": 3})
    assert forged.status_code == 400 and "only look" in forged.json()["error"]
    assert client.post(f"/api/sheets/{sid}/undo", json={"token": token}).json()["totals"] == [
        49,
        1,
        2,
    ]
    view = client.get(f"/api/sheets/{sid}").json()
    assert view["needed"] == [50, 98, 97] and view["winner"] is None
    entry(player=0, row=7)
    won = entry(player=0, row=1).json()
    assert won["winner"] == 0 and won["totals"][0] == 99
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[sid]["kind"] == "sheet" and listed[sid]["status"] == "finished"
    assert listed[sid]["result"] == "Ann wins"
    assert client.get("/api/sheets/nope").status_code == 404
    assert client.get(f"/api/tables/{sid}").status_code == 404  # a sheet is no game table
    bad = client.post("/api/sheets", json={"game": "ono99", "names": ["a", "b"]})
    assert bad.status_code == 400
