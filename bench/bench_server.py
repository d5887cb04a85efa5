"""Server benchmark: round-trip latency of an action and actions per second, on loopback only.

Starts a table server in-process on 127.0.0.1 (a free port, in-memory SQLite unless --db), then
N clients, each hosting its own tables one after another (one remote human + bots, bots
without pacing delay, every action appended to SQLite) and playing random legal moves as fast
as the server answers. Measures, per action, the time from sending
``act`` to receiving the ``events`` message caused by it (``by`` = own seat). Stops after
--seconds. Prints p50/p95/p99 latency, acknowledged client actions
per second and all engine actions (bots included) per second.

    /work/venv/bin/python bench/bench_server.py [--clients 20] [--seconds 8] [--game hareeja]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.net.client import Client            # noqa: E402
from game.net.server import TableServer       # noqa: E402

PLAYERS = {"hareeja": 4, "ronda": 2, "hand_rummy": 2}


async def player(url: str, game: str, seed: int, stop_at: float, latencies: list[float],
                 engine_actions: list[int]) -> int:
    """One client hosting its own tables one after another until ``stop_at``; returns how many
    of its actions were acknowledged."""
    rng = random.Random(seed)
    acked = 0
    async with Client(url) as c:
        await c.hello(f"bench{seed}")
        while time.perf_counter() < stop_at:
            await c.request("create", "room", game=game, players=PLAYERS[game],
                            visibility="private", turn_seconds=None, bots="easy")
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


async def bench(clients: int, seconds: float, game: str, db: str) -> None:
    server = await TableServer(port=0, db=db, bot_delay=0, tick_interval=0.05,
                               rate=(10_000, 10_000.0)).start()
    url = f"ws://127.0.0.1:{server.port}"
    latencies: list[float] = []
    start = time.perf_counter()
    stop_at = start + seconds
    try:
        counts: list[int] = []
        acked = await asyncio.gather(*(player(url, game, i, stop_at, latencies, counts)
                                       for i in range(clients)))
        elapsed = time.perf_counter() - start
        engine_actions = sum(counts)
    finally:
        await server.close()
    latencies.sort()
    q = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else latencies * 99
    print(f"server bench: {clients} clients, game {game}, {elapsed:.2f} s, db {db}, "
          f"{len(counts)} matches")
    print(f"  act -> events round trip: p50 {q[49] * 1000:.2f} ms, p95 {q[94] * 1000:.2f} ms, "
          f"p99 {q[98] * 1000:.2f} ms, max {latencies[-1] * 1000:.2f} ms ({len(latencies)} acts)")
    print(f"  client actions acknowledged: {sum(acked) / elapsed:.0f}/s; "
          f"engine actions incl. bots: {engine_actions / elapsed:.0f}/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--game", choices=sorted(PLAYERS), default="hareeja")
    parser.add_argument("--db", default=":memory:", help="SQLite file (default in memory)")
    args = parser.parse_args()
    clients = max(1, min(args.clients, 200))                # bounded: loopback, one machine
    seconds = max(0.5, min(args.seconds, 60.0))
    asyncio.run(bench(clients, seconds, args.game, args.db))


if __name__ == "__main__":
    main()
