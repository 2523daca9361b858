"""Load check of ``ninetynine serve``: many tables of bots playing at once over loopback.

Starts the server as a child process on a free 127.0.0.1 port with a fresh SQLite file (so
every move is a real committed transaction), creates ``--tables`` tables (default 50) of
``--game`` with seat 0 for a "person" and greedy server bots elsewhere, and connects one
WebSocket client per table that plays seat 0 with a client-side bot (``--client-agent``,
default ``random``: cheap, so the client does not steal the server's CPU). All tables play at
once until every game is over or ``--max-seconds`` pass (the loop is bounded; it stops by
itself).

Latency per move: from sending a move to receiving the view that contains it (the engine's
check on a clone, the database transaction, the broadcast). Also the bots' reply: from that
view to the next one in which seat 0 is to move again (the bots' turns, ``--bot-delay``
included). And the server's CPU time per move while the tables play (on Linux, one server
process): steadier than latency on a machine shared with other work. Nothing is asserted: this
is a measurement. Quote the whole output.

By default every table plays flat out (bots with no delay, the client moving the instant it
may): a saturation test, in which a move's latency is mostly queueing behind the other tables.
``--think S`` makes the client wait S seconds before each move (a person's pace) and
``--bot-delay`` sets the server's (``ninetynine serve`` defaults to 0.6 s), ``--spectators N``
connects N spectators to each table (each view is encoded once per seat, then compressed and
written for every connection). ``--db`` runs the server on another database (PostgreSQL: a
URL), ``--workers N`` as N processes (PostgreSQL).

    python benchmarks/web_load.py                    # 50 tables of Warp 99, 2 players
    python benchmarks/web_load.py --tables 10 --game ono99 --players 4
    python benchmarks/web_load.py --think 1 --bot-delay 0.6     # people's pace
    python benchmarks/web_load.py --tables 10 --spectators 5    # each view sent to 6 sockets
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
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


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system, all threads) process ``pid`` has used so far, from Linux's
    ``/proc``; ``None`` elsewhere. With ``--workers`` the workers are other processes: not
    counted (nor printed)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(
    db_url: str, port: int, bot_delay: float = 0.0, workers: int = 1
) -> subprocess.Popen[bytes]:
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
            str(bot_delay),
            *(["--workers", str(workers)] if workers > 1 else []),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
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
    replies: list[float],
    deadline: float,
    think: float,
) -> dict:
    token = table["seats"][0]["token"]
    agent = make_agent(agent_spec, game, 0, seed=seed)
    pace = random.Random(seed)
    acted = -1
    sent_at: float | None = None
    answered_at: float | None = None  # the view with our move: the bots' turn starts
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
                answered_at = time.perf_counter()
            if msg["terminal"]:
                final = msg
                break
            if msg["legal"] and msg["version"] > acted:
                if answered_at is not None and msg["current_player"] == 0:
                    if msg["log"] and msg["log"][-1]["seat"] != 0:  # the bots moved
                        replies.append(time.perf_counter() - answered_at)
                    answered_at = None
                acted = msg["version"]
                ids = [m["id"] for m in msg["legal"]]
                action = agent.step(msg["observation"], ids)
                if think:  # a person's pace: think * (0.5 .. 1.5)
                    await asyncio.sleep(think * (0.5 + pace.random()))
                sent_version = msg["version"]
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "move", "action": action, "version": msg["version"]})
                )
    return {"finished": final is not None, "moves": final["version"] if final else acted}


async def watch(ws_base: str, table_id: str, deadline: float, frames: list[int]) -> None:
    """A spectator of one table: reads every view until the game is over (or the deadline)."""
    async with websockets.connect(f"{ws_base}/ws/tables/{table_id}", max_size=2**22) as ws:
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, deadline - time.monotonic())
                )
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] == "state":
                frames.append(1)
                if msg["terminal"]:
                    return


async def run(args: argparse.Namespace, base: str, server_pid: int) -> None:
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
    replies: list[float] = []
    ws_base = base.replace("http://", "ws://")
    cpu_start = cpu_seconds(server_pid)
    start = time.perf_counter()
    deadline = time.monotonic() + args.max_seconds
    seen: list[int] = []  # one entry per view a spectator received
    watching = [
        asyncio.create_task(watch(ws_base, t["id"], deadline, seen))
        for t in tables
        for _ in range(args.spectators)
    ]
    results = await asyncio.gather(
        *[
            play_table(
                base,
                ws_base,
                t,
                game,
                args.client_agent,
                args.seed + i,
                latencies,
                replies,
                deadline,
                args.think,
            )
            for i, t in enumerate(tables)
        ]
    )
    wall = time.perf_counter() - start
    cpu_end = cpu_seconds(server_pid)
    await asyncio.gather(*watching)
    finished = sum(r["finished"] for r in results)
    total_moves = sum(r["moves"] for r in results)
    ms = sorted(x * 1000 for x in latencies)
    reply_ms = sorted(x * 1000 for x in replies)

    def pct(p: float, xs: list[float] = ms) -> float:
        return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else float("nan")

    print(
        f"machine: {platform.machine()} {os.cpu_count()} cpus, Python {platform.python_version()}, "
        f"{platform.system()}"
    )
    print(
        f"load check: {args.tables} tables of {args.game} ({args.players} players: seat 0 a "
        f"WebSocket client playing {args.client_agent}, the others greedy server bots), "
        f"{'PostgreSQL' if args.db else 'SQLite'}, {args.workers} server "
        f"process{'es' if args.workers > 1 else ''}, loopback, bot delay {args.bot_delay:g} s, "
        f"client think {args.think:g} s (x0.5-1.5)"
        + (f", {args.spectators} spectators a table" if args.spectators else "")
    )
    print(
        f"games finished: {finished}/{args.tables} in {wall:.1f} s; moves applied (all seats): "
        f"{total_moves} = {total_moves / wall:.0f} moves/s"
    )
    if cpu_start is not None and cpu_end is not None and total_moves and args.workers == 1:
        cpu = cpu_end - cpu_start
        print(
            f"server CPU while playing: {cpu:.1f} s = {1000 * cpu / total_moves:.2f} ms a move "
            f"({100 * cpu / wall:.0f}% of one core; the main process, bots' threads included)"
        )
    if args.spectators:
        print(f"views received by the {len(watching)} spectators: {len(seen)}")
    print(
        f"client moves timed: {len(ms)}; latency per move (send -> view with the move) ms: "
        f"p50 {pct(50):.1f}  p90 {pct(90):.1f}  p99 {pct(99):.1f}  "
        f"max {ms[-1] if ms else float('nan'):.1f}  "
        f"mean {statistics.fmean(ms) if ms else float('nan'):.1f}"
    )
    print(
        f"bots' replies timed: {len(reply_ms)}; from the view with the move to seat 0's next "
        f"turn ms: p50 {pct(50, reply_ms):.1f}  p90 {pct(90, reply_ms):.1f}  "
        f"p99 {pct(99, reply_ms):.1f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--game", default="warp99")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--client-agent", default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-seconds", type=float, default=300.0)
    ap.add_argument("--think", type=float, default=0.0, help="client seconds before a move")
    ap.add_argument("--bot-delay", type=float, default=0.0, help="the server's --bot-delay")
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    ap.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL)")
    ap.add_argument("--spectators", type=int, default=0, help="spectators connected to each table")
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/load.sqlite3"
        proc = start_server(db, port, args.bot_delay, args.workers)
        try:
            asyncio.run(run(args, f"http://127.0.0.1:{port}", proc.pid))
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
