"""The transport's share of a move: the server CPU per move of a WebSocket server that does
nothing but the table server's input and output (no game, no views, no store).

Per frame a client sends, it decodes the JSON and writes one text frame of a typical move's
size to each of the four sockets of that table, straight to the transport as the table server
does (``game/net/sockets.py``); websockets, uvloop and their keepalive pings as configured
there. Clients: four per table in two processes, one frame per table per second (the human
pace of ``bench_load.py``). What this prints is the floor under ``bench_load.py``'s "server
CPU per move" on the same machine: the rest of that figure is the table server's own work.

    python bench/bench_io_floor.py --tables 1000 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import struct
import time
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

try:
    import uvloop
except ImportError:  # pragma: no cover - as the server, asyncio without it
    uvloop = None  # type: ignore[assignment]

# A Hareeja move's "events" frame to one seat is ~320 bytes (bench_load --cpu-per-move: 1,229
# bytes for the four seats of a move).
MOVE_FRAME = json.dumps(
    {
        "t": "events",
        "events": [{"k": "play", "seat": 1, "card": "QH"}],
        "vd": ["d", {"trick": ["=", [[1, "QH"]]], "turn": ["=", 2]}, []],
        "legal": [],
        "log": 12,
        "by": 1,
        "pad": "x" * 170,
    }
).encode()
ACT = '{"t":"act","action":{"card":"QH"}}'


def run_loop(main: Any) -> None:
    if uvloop is not None:
        uvloop.run(main)
    else:
        asyncio.run(main)


def frame(payload: bytes) -> bytes:
    """A final, unmasked text frame (RFC 6455 5.2), as ``sockets.frame_header`` writes."""
    head = (
        bytes((0x81, len(payload)))
        if len(payload) < 126
        else struct.pack("!BBH", 0x81, 126, len(payload))
    )
    return head + payload


def server(port_out: Any) -> None:
    tables: dict[str, list[ServerConnection]] = {}
    move = frame(MOVE_FRAME)

    async def handler(ws: ServerConnection) -> None:
        seats = tables.setdefault(ws.request.path if ws.request else "", [])
        seats.append(ws)
        with contextlib.suppress(ConnectionClosed):
            async for message in ws:
                json.loads(message)
                for seat in seats:
                    seat.transport.write(move)

    async def main() -> None:
        async with serve(handler, "127.0.0.1", 0, compression=None) as running:
            port_out.put(next(iter(running.sockets)).getsockname()[1])
            await asyncio.Future()

    run_loop(main())


def clients(port: int, tables: range, start: float, end: float, sent_out: Any) -> None:
    async def table(number: int) -> tuple[int, int]:
        url = f"ws://127.0.0.1:{port}/{number}"
        seats = [await connect(url, compression=None, max_size=None) for _ in range(4)]

        async def read(ws: Any) -> int:
            received = 0
            with contextlib.suppress(ConnectionClosed):
                async for _ in ws:
                    received += 1
            return received

        readers = [asyncio.create_task(read(ws)) for ws in seats]
        await asyncio.sleep(max(0.0, start - time.time()) + (number % 1000) / 1000)
        sent = 0
        while time.time() < end:
            await seats[sent % 4].send(ACT)
            sent += 1
            await asyncio.sleep(1.0)
        for ws in seats:
            await ws.close()
        return sent, sum(await asyncio.gather(*readers))

    async def main() -> None:
        counts = await asyncio.gather(*(table(t) for t in tables))
        sent_out.put((sum(s for s, _ in counts), sum(r for _, r in counts)))

    run_loop(main())


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(user, system) seconds of ``pid`` so far, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--ramp", type=float, default=15.0, help="seconds to connect first")
    args = parser.parse_args()
    ports, sent = multiprocessing.Queue(), multiprocessing.Queue()
    srv = multiprocessing.Process(target=server, args=(ports,), daemon=True)
    srv.start()
    port = ports.get(timeout=30)
    start = time.time() + args.ramp
    end = start + args.seconds
    procs = [
        multiprocessing.Process(
            target=clients, args=(port, range(k, args.tables, 2), start, end, sent)
        )
        for k in range(2)
    ]
    for proc in procs:
        proc.start()
    time.sleep(max(0.0, start + 2 - time.time()))  # every table under way
    (user0, sys0), began = cpu_seconds(srv.pid), time.time()
    time.sleep(max(0.0, end - 1 - time.time()))
    (user1, sys1), ended = cpu_seconds(srv.pid), time.time()
    moves = args.tables * (ended - began)  # one frame per table per second
    counts = [sent.get(timeout=120) for _ in procs]
    for proc in procs:
        proc.join(60)
    srv.kill()
    user, system = (user1 - user0) / moves * 1000, (sys1 - sys0) / moves * 1000
    print(
        f"== the transport alone: {args.tables} tables x 4 sockets, a frame in and four out per "
        f"move: server CPU per move {user + system:.3f} ms (user {user:.3f}, system "
        f"{system:.3f}); the clients sent {sum(c[0] for c in counts)} frames and received "
        f"{sum(c[1] for c in counts)}"
    )


if __name__ == "__main__":
    main()
