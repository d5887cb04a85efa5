"""Server benchmark: round-trip latency of an action and actions per second, on loopback only.

Starts a table server in its own process on 127.0.0.1 (a free port, in-memory SQLite unless --db;
its own process, so that a blocked server loop shows in the clients' figures: clients in the
same loop could not even send while it is blocked), then N clients, each hosting its own tables
one after another (one remote human + bots, bots without pacing delay, every action appended to
SQLite) and playing random legal moves as fast as the server answers. Measures, per action, the
time from sending
``act`` to receiving the ``events`` message caused by it (``by`` = own seat). Stops after
--seconds. Prints p50/p95/p99 latency, acknowledged client actions
per second and all engine actions (bots included) per second.

With ``--hard-tables N`` (default 6) two more runs follow: N other tables where four hard
Hareeja bots play (each host starts his table and leaves it, TB-9), bots paced as in production
(``--bot-delay``, 0.6 s), while the human clients play ``--load-game`` (Ronda: one bot, so many
human acts; animation pacing off so nobody waits for shows) and 5 lobby clients ping every
20 ms. The first run has the bots think in slices (the server's way); the second thinks each
bot move to the end at once (the old blocking way). The humans' p95 shows what a hard bot's
search costs everyone else.

    /work/venv/bin/python bench/bench_server.py [--clients 20] [--seconds 8] [--game hareeja]
                                                [--hard-tables 6] [--bot-delay 0.6]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))  # wire_client

from game.net.limits import Limits
from game.net.rooms import THINK_SLICE
from game.net.server import TableServer
from wire_client import Client

PLAYERS = {"hareeja": 4, "ronda": 2, "hand_rummy": 2}


async def player(
    url: str,
    game: str,
    seed: int,
    stop_at: float,
    latencies: list[float],
    engine_actions: list[int],
) -> int:
    """One client hosting its own tables one after another until ``stop_at``; returns how many
    of its actions were acknowledged."""
    rng = random.Random(seed)
    acked = 0
    async with Client(url) as c:
        await c.hello(f"bench{seed}")
        while time.perf_counter() < stop_at:
            await c.request(
                "create",
                "room",
                game=game,
                players=PLAYERS[game],
                visibility="private",
                turn_seconds=None,
                bots="easy",
            )
            await c.send("start")
            msg = await c.expect("events")
            while time.perf_counter() < stop_at and msg["view"]["phase"] != "over":
                if not msg["legal"] or msg is not c.last_events:
                    msg = await c.expect("events", timeout=10)
                    continue
                sent = time.perf_counter()
                await c.send("act", action=rng.choice(msg["legal"]))
                while True:
                    msg = await c.expect("events", "error", timeout=10)
                    if msg["t"] == "error":
                        raise RuntimeError(msg)
                    if msg["by"] == msg["view"]["you"]:
                        break
                latencies.append(time.perf_counter() - sent)
                acked += 1
            engine_actions.append(msg["log"])
            await c.request("leave", "left")
    return acked


async def hard_bot_table(url: str, seed: int) -> None:
    """A Hareeja table of four hard bots: the host starts it and leaves (TB-9)."""
    async with Client(url) as c:
        await c.hello(f"hard{seed}")
        await c.request(
            "create",
            "room",
            game="hareeja",
            players=4,
            visibility="private",
            turn_seconds=None,
            bots="hard",
        )
        await c.send("start")
        await c.expect("events")
        await c.request("leave", "left")


async def pinger(url: str, seed: int, stop_at: float, latencies: list[float]) -> None:
    """A client in the lobby pinging every 20 ms: how fast the server answers anyone."""
    async with Client(url) as c:
        await c.hello(f"ping{seed}")
        while time.perf_counter() < stop_at:
            sent = time.perf_counter()
            await c.request("ping", "pong", timeout=10)
            latencies.append(time.perf_counter() - sent)
            await asyncio.sleep(0.02)


def quantiles(values: list[float]) -> list[float]:
    values.sort()
    return statistics.quantiles(values, n=100) if len(values) >= 2 else values * 99


def serve(pipe, options: dict) -> None:
    """The server process: sends its port, then answers "count" with the hard-bot tables' moves
    so far, until "stop"."""

    async def main() -> None:
        server = await TableServer(port=0, **options).start()
        pipe.send(server.port)
        loop = asyncio.get_running_loop()
        try:
            while await loop.run_in_executor(None, pipe.recv) == "count":
                pipe.send(
                    sum(
                        len(r.table.match.log)
                        for r in server.lobby.rooms.values()
                        if r.table is not None and r.bots == "hard"
                    )
                )
        finally:
            await server.close()

    asyncio.run(main())


async def bench(
    clients: int,
    seconds: float,
    game: str,
    db: str,
    hard_tables: int = 0,
    bot_delay: float = 0.0,
    sliced: bool = True,
) -> None:
    options = {
        "db": db,
        "bot_delay": bot_delay,
        "tick_interval": 0.05,
        "rate": (10_000, 10_000.0),
        "pace": 0 if hard_tables else 1,
        "think_slice": THINK_SLICE if sliced else None,
        "limits": Limits.loose(),  # every client is 127.0.0.1: no per-address table quota
    }
    pipe, child = multiprocessing.Pipe()
    process = multiprocessing.get_context("spawn").Process(target=serve, args=(child, options))
    process.start()
    url = f"ws://127.0.0.1:{pipe.recv()}"
    latencies: list[float] = []
    try:
        for i in range(hard_tables):
            await hard_bot_table(url, i)
        pipe.send("count")
        bot_moves_before = pipe.recv()
        start = time.perf_counter()
        stop_at = start + seconds
        counts: list[int] = []
        pings: list[float] = []
        pingers = [pinger(url, i, stop_at, pings) for i in range(5 if hard_tables else 0)]
        acked = (
            await asyncio.gather(
                *(player(url, game, i, stop_at, latencies, counts) for i in range(clients)),
                *pingers,
            )
        )[:clients]
        elapsed = time.perf_counter() - start
        engine_actions = sum(counts)
        pipe.send("count")
        hard_moves = pipe.recv() - bot_moves_before
    finally:
        pipe.send("stop")
        process.join(10)
    q = quantiles(latencies)
    how = (
        ""
        if not hard_tables
        else f", {hard_tables} hard-bot tables thinking {'in slices' if sliced else 'in one go'}"
    )
    print(
        f"server bench: {clients} clients, game {game}, bot delay {bot_delay} s{how}, "
        f"{elapsed:.2f} s, db {db}, {len(counts)} matches"
    )
    print(
        f"  act -> events round trip: p50 {q[49] * 1000:.2f} ms, p95 {q[94] * 1000:.2f} ms, "
        f"p99 {q[98] * 1000:.2f} ms, max {latencies[-1] * 1000:.2f} ms ({len(latencies)} acts)"
    )
    print(
        f"  client actions acknowledged: {sum(acked) / elapsed:.0f}/s; "
        f"engine actions incl. bots: {engine_actions / elapsed:.0f}/s"
    )
    if hard_tables:
        p = quantiles(pings)
        print(
            f"  lobby ping -> pong: p50 {p[49] * 1000:.2f} ms, p95 {p[94] * 1000:.2f} ms, "
            f"p99 {p[98] * 1000:.2f} ms, max {pings[-1] * 1000:.2f} ms ({len(pings)} pings)"
        )
        print(f"  hard-bot moves at the other tables: {hard_moves / elapsed:.1f}/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--game", choices=sorted(PLAYERS), default="hareeja")
    parser.add_argument("--db", default=":memory:", help="SQLite file (default in memory)")
    parser.add_argument(
        "--hard-tables",
        type=int,
        default=6,
        help="tables of hard Hareeja bots for the two load runs (0: none)",
    )
    parser.add_argument(
        "--load-game",
        choices=sorted(PLAYERS),
        default="ronda",
        help="the humans' game in the load runs",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds between bot moves in the load runs"
    )
    args = parser.parse_args()
    clients = max(1, min(args.clients, 200))  # bounded: loopback, one machine
    seconds = max(0.5, min(args.seconds, 60.0))
    hard = max(0, min(args.hard_tables, 50))
    asyncio.run(bench(clients, seconds, args.game, args.db))
    if hard:
        for sliced in (True, False):
            asyncio.run(
                bench(clients, seconds, args.load_game, args.db, hard, args.bot_delay, sliced)
            )


if __name__ == "__main__":
    main()
