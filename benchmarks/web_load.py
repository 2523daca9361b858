"""Load check of ``ninetynine serve``: many tables of bots playing at once over loopback.

Starts the server as a child process on a free 127.0.0.1 port with a fresh SQLite file (so
every move is a real committed transaction), creates ``--tables`` tables (default 50) of
``--game`` with seat 0 for a "person" and greedy server bots elsewhere, and connects one
WebSocket client per table that plays seat 0 with a client-side bot (``--client-agent``,
default ``random``: cheap, so the client does not steal the server's CPU). All tables play at
once until every game is over or ``--max-seconds`` pass (the loop is bounded; it stops by
itself).

Latency per move: from sending a move to receiving the view that contains it (the engine's
check on a clone, the database transaction, the broadcast). Nothing is asserted: this is a
measurement. Quote the whole output.

    python benchmarks/web_load.py                    # 50 tables of Warp 99, 2 players
    python benchmarks/web_load.py --tables 10 --game ono99 --players 4
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

import ninetynine
from ninetynine.agents import make_agent

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db_url: str, port: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ninetynine",
            "serve",
            "--port",
            str(port),
            "--db",
            db_url,
            "--bot-delay",
            "0",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def play_table(
    base: str,
    ws_base: str,
    table: dict,
    game,
    agent_spec: str,
    seed: int,
    latencies: list[float],
    deadline: float,
) -> dict:
    token = table["seats"][0]["token"]
    agent = make_agent(agent_spec, game, 0, seed=seed)
    acted = -1
    sent_at: float | None = None
    sent_version = -1
    final = None
    async with websockets.connect(
        f"{ws_base}/ws/tables/{table['id']}?token={token}", max_size=2**22
    ) as ws:
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, deadline - time.monotonic())
                )
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] != "state":
                continue
            if sent_at is not None and msg["version"] > sent_version:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if msg["terminal"]:
                final = msg
                break
            if msg["legal"] and msg["version"] > acted:
                acted = msg["version"]
                ids = [m["id"] for m in msg["legal"]]
                action = agent.step(msg["observation"], ids)
                sent_version = msg["version"]
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "move", "action": action, "version": msg["version"]})
                )
    return {"finished": final is not None, "moves": final["version"] if final else acted}


async def run(args: argparse.Namespace, base: str) -> None:
    game = ninetynine.load_game(args.game, num_players=args.players)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tables = []
        for i in range(args.tables):
            r = await http.post(
                "/api/tables",
                json={
                    "game": args.game,
                    "players": args.players,
                    "seats": ["human"] + ["greedy"] * (args.players - 1),
                    "seed": args.seed + i,
                },
            )
            r.raise_for_status()
            tables.append(r.json())
    latencies: list[float] = []
    ws_base = base.replace("http://", "ws://")
    start = time.perf_counter()
    deadline = time.monotonic() + args.max_seconds
    results = await asyncio.gather(
        *[
            play_table(
                base, ws_base, t, game, args.client_agent, args.seed + i, latencies, deadline
            )
            for i, t in enumerate(tables)
        ]
    )
    wall = time.perf_counter() - start
    finished = sum(r["finished"] for r in results)
    total_moves = sum(r["moves"] for r in results)
    ms = sorted(x * 1000 for x in latencies)

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(p / 100 * len(ms)))] if ms else float("nan")

    print(
        f"machine: {platform.machine()} {os.cpu_count()} cpus, Python {platform.python_version()}, "
        f"{platform.system()}"
    )
    print(
        f"load check: {args.tables} tables of {args.game} ({args.players} players: seat 0 a "
        f"WebSocket client playing {args.client_agent}, the others greedy server bots), "
        f"SQLite, loopback, bot delay 0"
    )
    print(
        f"games finished: {finished}/{args.tables} in {wall:.1f} s; moves applied (all seats): "
        f"{total_moves} = {total_moves / wall:.0f} moves/s"
    )
    print(
        f"client moves timed: {len(ms)}; latency per move (send -> view with the move) ms: "
        f"p50 {pct(50):.1f}  p90 {pct(90):.1f}  p99 {pct(99):.1f}  "
        f"max {ms[-1] if ms else float('nan'):.1f}  "
        f"mean {statistics.fmean(ms) if ms else float('nan'):.1f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--game", default="warp99")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--client-agent", default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-seconds", type=float, default=300.0)
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(f"sqlite:///{tmp}/load.sqlite3", port)
        try:
            asyncio.run(run(args, f"http://127.0.0.1:{port}"))
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
