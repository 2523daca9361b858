"""The JSON API: games, creating and listing tables, views, moves over HTTP, records, errors."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx")

import ninetynine
from ninetynine.core.records import parse_record

from .conftest import new_table, old_store, stored_table


def test_games_lists_every_registered_game_with_options_and_bots(client) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert sorted(games) == ninetynine.list_games()
    w = games["warp99"]
    assert (w["min_players"], w["max_players"]) == (2, 4)
    assert {"greedy", "random"} <= {a["name"] for a in w["agents"]}
    target = next(o for o in w["options"] if o["name"] == "target")
    assert target == {**target, "default": 99, "kind": "int"}
    assert w["renderer"] == "/static/games/warp99.js"


def test_a_game_without_its_own_drawing_gets_the_generic_one() -> None:
    from ninetynine.web.app import renderer_url

    assert renderer_url("no-such-game-yet") == "/static/games/generic.js"
    for gid in ninetynine.list_games():  # every landed game has its own drawing
        assert renderer_url(gid) == f"/static/games/{gid}.js"


def test_create_table_gives_one_secret_invite_per_human_seat(client) -> None:
    t = new_table(client, game="warp99", players=3, seats=["human", "greedy", "human"], seed=4)
    invites = [s["invite"] for s in t["seats"]]
    assert invites[1] is None and invites[0] and invites[2]
    assert invites[0] != invites[2]
    tokens = [s["token"] for s in t["seats"] if s["token"]]
    assert all(len(tok) >= 20 for tok in tokens)
    # nothing public names a token or the seed
    for path in (f"/api/tables/{t['id']}", "/api/tables", f"/api/tables/{t['id']}/view"):
        text = client.get(path).text
        assert not any(tok in text for tok in tokens)
        assert '"seed"' not in text


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "warpp"}, "did you mean warp99"),
        ({"game": "warp99", "players": 7}, "2-4 players"),
        ({"game": "warp99", "options": {"target": "lots"}}, "option target"),
        ({"game": "warp99", "options": {"colour": 3}}, "no option 'colour'"),
        ({"game": "warp99", "seats": ["human", "wizard"]}, "no agent 'wizard'"),
        ({"game": "warp99", "seats": ["human", "ismcts:100000"]}, "at most 5000 iterations"),
        ({"game": "warp99", "seats": ["human", "ismcts:60s"]}, "at most 5 s a move"),
        ({"game": "warp99", "seats": ["human", "ismcts:50:steps=200000"]}, "steps=100000"),
        ({"game": "warp99", "seats": ["human", "ismcts:lots"]}, "cannot read 'lots'"),
        ({"game": "warp99", "seed": -1}, "seed"),
        ({"game": "warp99", "players": "3"}, "players must be a whole number"),
        ({}, "choose a game"),
    ],
)
def test_bad_tables_are_refused_with_a_clear_message(client, body, words) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400
    assert words in r.json()["error"]
    assert "Traceback" not in r.text


@pytest.mark.parametrize("where", [".", "/", "/nonexistent", "src/ninetynine/games/heroes99"])
def test_an_option_naming_the_servers_files_is_refused(client, where) -> None:
    """99 Heroes' ``heroes`` option (directories of hero files) was read on the server: its
    errors told a visitor which directories exist and what their TOML files begin with
    ("pyproject.toml: build-system: unknown field"), as a model path in a seat would."""
    r = client.post("/api/tables", json={"game": "heroes99", "options": {"heroes": where}})
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith("option heroes names files on the server")
    assert "toml" not in r.text and "no such directory" not in r.text
    new_table(client, game="heroes99", options={"heroes": "", "team": 2})  # the default: fine
    heroes = next(g for g in client.get("/api/games").json() if g["id"] == "heroes99")
    assert "heroes" not in {o["name"] for o in heroes["options"]}  # not offered in the lobby
    assert "team" in {o["name"] for o in heroes["options"]}


def test_malformed_json_body_is_a_400_not_a_traceback(client) -> None:
    r = client.post(
        "/api/tables", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/tables", json=[1, 2])
    assert r.status_code == 400 and "JSON object" in r.json()["error"]


@pytest.mark.parametrize("path", ["/api/tables", "/api/sheets", "/api/tables/{tid}/moves"])
def test_a_deeply_nested_body_under_the_size_limit_is_a_400(client, path) -> None:
    """16 KB of nested brackets: Python's JSON parser gives up with a RecursionError, which
    must be answered as bad JSON, not as an internal error."""
    t = new_table(client, game="warp99", players=2, seats=["human", "greedy"], seed=1)
    body = b"[" * 8000 + b"]" * 8000
    r = client.post(
        path.format(tid=t["id"]), content=body, headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "bad_message" and "nested too deeply" in r.json()["error"]


def test_unknown_table_is_404(client) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/nope/record").status_code == 404
    assert client.get("/api/tables/" + "x" * 200).status_code == 404


def test_moves_over_http_are_checked_by_the_engine(client) -> None:
    t = new_table(client, game="warp99", players=2, seats=["human", "human"], seed=9)
    tid, tok0, tok1 = t["id"], t["seats"][0]["token"], t["seats"][1]["token"]
    view = client.get(f"/api/tables/{tid}/view", params={"token": tok0}).json()
    assert view["seat"] == 0 and view["current_player"] == 0 and view["legal"]
    state = ninetynine.load_game("warp99", num_players=2).new_initial_state(9)
    assert view["observation"] == state.observation(0)

    def move(token, **body):
        return client.post(f"/api/tables/{tid}/moves", json={"token": token, **body})

    first = view["legal"][0]
    wrong = move(tok1, action=first["id"], version=0)
    assert wrong.status_code == 409 and "not your turn" in wrong.json()["error"]
    assert move("forged", action=first["id"], version=0).status_code == 403
    no_token = move(None, action=first["id"], version=0)  # not "a spectator": a missing token
    assert no_token.status_code == 400 and "token" in no_token.json()["error"]
    bad = move(tok0, action=400, version=0)
    assert bad.status_code == 400 and "no action 400" in bad.json()["error"]
    illegal_id = next(a for a in range(337) if a not in {m["id"] for m in view["legal"]})
    r = move(tok0, action=illegal_id, version=0)
    assert r.status_code == 400 and r.json()["code"] == "illegal"
    assert move(tok0, notation="Q99", version=0).json()["code"] == "illegal"
    assert move(tok0, action=True, version=0).json()["code"] == "bad_message"
    assert move(tok0, action=first["id"]).json()["code"] == "bad_message"  # no version
    # nothing above changed the table
    assert client.get(f"/api/tables/{tid}").json()["moves"] == 0
    ok = move(tok0, notation=first["text"].lower(), version=0)
    assert ok.status_code == 200 and ok.json()["version"] == 1
    stale = move(tok0, action=first["id"], version=0)
    assert stale.status_code == 409 and stale.json()["code"] == "stale"
    state.apply_action(first["id"])
    assert ok.json()["observation"] == state.observation(0)


def test_record_downloads_once_the_game_is_over_and_replays(client) -> None:
    t = new_table(client, game="ono99", players=3, seats=["greedy", "random", "greedy"], seed=21)
    tid = t["id"]
    assert client.get(f"/api/tables/{tid}/record").status_code in (200, 409)
    import time

    for _ in range(400):
        if client.get(f"/api/tables/{tid}").json()["status"] == "finished":
            break
        time.sleep(0.02)
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "finished" and summary["result"]
    r = client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    record = parse_record(r.text)
    assert record.headers["Seed"] == "21" and record.headers["Seat1"] == "random"
    final = record.final_state()
    assert final.is_terminal() and len(final.history()) == summary["moves"]
    finished = client.get("/api/tables", params={"status": "finished"}).json()
    assert [x["id"] for x in finished] == [tid]
    assert client.get("/api/tables", params={"status": "open"}).json() == []
    assert client.get("/api/tables", params={"status": "weird"}).status_code == 400


def test_a_seed_up_to_2_to_the_64_is_kept_to_the_digit(client) -> None:
    """The largest seed, 2**64 - 1, does not fit a signed 64-bit column: the store keeps it as
    text, and the record names it to the digit on SQLite and on PostgreSQL alike (the browser's
    side, the lobby sending the digits as typed, is test_browser.py's)."""
    import time

    seed = 2**64 - 1
    t = new_table(client, game="ono99", players=2, seats=["greedy", "greedy"], seed=seed)
    for _ in range(400):
        if client.get(f"/api/tables/{t['id']}").json()["status"] == "finished":
            break
        time.sleep(0.02)
    r = client.get(f"/api/tables/{t['id']}/record")
    assert r.status_code == 200, r.text
    record = parse_record(r.text)
    assert record.headers["Seed"] == str(seed)
    assert record.final_state().is_terminal()


def test_pages_are_served(client) -> None:
    for path in ("/", "/watch/abc", "/play/abc/def", "/sheet/abc", "/sheet/abc/tok"):
        r = client.get(path)
        assert r.status_code == 200 and "<!doctype html>" in r.text
        assert r.headers["referrer-policy"] == "no-referrer"
    for name in ("table.js", "lobby.js", "sheet.js", "common.js", "style.css", "games/generic.js"):
        assert client.get(f"/static/{name}").status_code == 200
    assert "Warp 99" in client.get("/api/games/warp99/rules").text


def test_every_page_is_the_shared_frame_around_its_own_main(client) -> None:
    """``pages/base.html`` gives each page its head, header bar and script; the page its own
    title, subtitle and main (nothing of the template language reaches the browser)."""
    pages = {
        "/": ("ninetynine: lobby", "lobby", 'id="new-table"'),
        "/watch/abc": ("ninetynine table", "table", 'id="timer"'),
        "/replay/abc": ("ninetynine replay", "replay", 'id="replay"'),
        "/sheet/abc/tok": ("ninetynine: score sheet", "sheet", 'id="entries"'),
    }
    for path, (title, script, own) in pages.items():
        html = client.get(path).text
        head, _, body = html.partition("</head>")
        assert head.startswith('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">')
        assert f"<title>{title}</title>" in head and 'href="/static/style.css"' in head
        assert body.startswith('\n<body>\n<header class="top"><a href="/">ninetynine</a>')
        assert own in body
        assert body.endswith(
            f'<script type="module" src="/static/{script}.js"></script>\n</body>\n</html>\n'
        )
        assert body.count("<main>") == body.count("</main>") == 1
        assert "{%" not in html and "{{" not in html


def test_a_search_bot_with_its_iterations_takes_a_seat(client) -> None:
    t = new_table(client, game="warp99", players=2, seats=["human", "ismcts:50"], seed=3)
    summary = client.get(f"/api/tables/{t['id']}").json()
    assert summary["seats"][1]["agent"] == "ismcts:50"
    new_table(client, game="warp99", players=2, seats=["human", "ismcts:0.2s"], seed=3)


def test_a_chosen_seed_is_a_fixed_deal_that_every_seat_is_told(client) -> None:
    """Whoever types a seed in the lobby can compute every hidden card
    (``new_initial_state(seed)``), so such a table says so to every seat, spectators
    included; a table the server dealt does not."""
    fixed = new_table(client, game="warp99", players=2, seats=["human", "human"], seed=12345)
    dealt = new_table(client, game="warp99", players=2, seats=["human", "human"])
    for t, expected in ((fixed, True), (dealt, False)):
        assert client.get(f"/api/tables/{t['id']}").json()["fixed_deal"] is expected
        for token in (t["seats"][0]["token"], t["seats"][1]["token"], None):
            query = {"token": token} if token else {}
            view = client.get(f"/api/tables/{t['id']}/view", params=query).json()
            assert view["fixed_deal"] is expected
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[fixed["id"]]["fixed_deal"] and not listed[dealt["id"]]["fixed_deal"]
    assert '"seed"' not in client.get(f"/api/tables/{fixed['id']}").text  # still not shown


def test_a_database_from_before_fixed_deals_is_brought_up_to_date(tmp_path) -> None:
    # the schema as it was: no fixed_deal column
    store = old_store(tmp_path, "ALTER TABLE tables DROP COLUMN fixed_deal")
    tid = stored_table(store, seats=("human", "greedy"))
    assert store.load(tid).fixed_deal is False
    store.close()


def test_a_move_without_a_token_asks_for_it(client) -> None:
    """An empty body is not a spectator's move: it is a move that forgot its seat's token."""
    t = new_table(client, game="warp99", players=2, seats=["human", "greedy"], seed=3)
    for body in ({}, {"action": 0, "version": 0}, {"token": "", "action": 0}):
        r = client.post(f"/api/tables/{t['id']}/moves", json=body)
        assert r.status_code == 400 and "token" in r.json()["error"], r.text
    assert client.get(f"/api/tables/{t['id']}").json()["moves"] == 0


def test_the_load_benchmark_needs_only_the_web_extra() -> None:
    """``python benchmarks/web_load.py`` after ``pip install -e '.[web]'``: every package it
    imports is a dependency of the project or of its web extra."""
    import ast
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    declared = project["dependencies"] + project["optional-dependencies"]["web"]
    names = {d.split("[")[0].split(">")[0].split("=")[0].strip().lower() for d in declared}
    names |= {"websockets"}  # uvicorn[standard] brings it
    tree = ast.parse((root / "benchmarks" / "web_load.py").read_text())
    imported = {
        a.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for a in node.names
    } | {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and not node.level
    }
    import sys

    third_party = {m for m in imported if m not in sys.stdlib_module_names and m != "ninetynine"}
    assert third_party <= names, third_party - names


def test_the_lobby_offers_each_games_levels_with_their_figures(client) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    hard = next(lv for lv in games["warp99"]["levels"] if lv["name"] == "hard")
    assert hard["spec"] == "ismcts:1000" and "against greedy (200 games)" in hard["text"]
    t = new_table(client, game="warp99", players=2, seats=["human", "strongest"])
    summary = client.get(f"/api/tables/{t['id']}").json()
    assert summary["seats"][1]["agent"] == "strongest"


def test_every_search_bot_at_a_table_has_its_rollout_moves_capped(client) -> None:
    """``ismcts:5000:depth=0`` (rollouts to the game's end) would cost tens of CPU seconds a
    move: a bot that names no cap gets the server's."""
    from ninetynine.web.tables import MAX_BOT_STEPS

    t = new_table(client, game="warp99", players=2, seats=["human", "ismcts:40:depth=0"])
    table = client.app.state.manager.get(t["id"])
    assert table.agents[1].max_steps == MAX_BOT_STEPS
    t = new_table(client, game="warp99", players=2, seats=["human", "ismcts:40:steps=500"])
    assert client.app.state.manager.get(t["id"]).agents[1].max_steps == 500
