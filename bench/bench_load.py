"""Load benchmark: K Hareeja tables x 4 real WebSocket clients, in their own processes.

Server processes (``python -m game.net.server``, SQLite file store, ``--loose-limits`` because
every client comes from 127.0.0.1) and client processes (each an asyncio loop holding its share
of the tables) all run on this machine, on loopback only; everything stops by itself after
``--seconds``. Two paces:

- ``human``: one move per table per second (the client whose turn it is waits so that its table
  moves about once a second);
- ``fast``: every client acts as soon as it is its turn.

``--servers 2`` starts two server processes and splits the tables between them (each process
holds its own tables, each with its own SQLite file); with ``--redis`` they share one lobby
and keep the match logs in a ``redis-server`` the bench starts (append-only, fsync every
second, as docs/DEPLOY.md says).
``--hard N`` instead runs N tables of one person and three hard bots and measures how long the
person waits for his turn (from his move's acknowledgement to his next turn).

Two phases: the **ramp** (every WebSocket handshake, hello, create, join and start, as fast as
``load_clients.RAMP_AT_ONCE`` tables at a time per process allow; nobody plays yet) is reported
on its own; then every table starts playing (first moves spread over one pace) and, after
``--settle`` seconds, comes a **steady window** of ``--seconds``: only acts sent in it count,
and the moves and the CPU of every process (from /proc) are taken at its two ends. So the
per-move figures are the server's playing cost, not the connection storm. The load clients
are deliberately light (one raw WebSocket per seat, no view rebuilding; :mod:`load_clients`
says why), so that on a 2-core machine the figures are the server's and not the load
generator's.

Prints, per run: act -> acknowledgement latency p50/p95/p99/max, moves per second (clients'
and all, bots included), server CPU per move, CPU and memory of every process, and each
server's full garbage collections in the window (``--server-log FILE`` keeps their logs). A
run takes the ramp (a few seconds for 1,000 tables), ``--settle`` and ``--seconds``, plus at
most ~35 s for stragglers.

    .venv/bin/python bench/bench_load.py --tables 100 --pace human --seconds 20
    .venv/bin/python bench/bench_load.py --tables 100 --pace fast --servers 2 --seconds 15
    .venv/bin/python bench/bench_load.py --tables 1000 --servers 2 --redis --seconds 20
    .venv/bin/python bench/bench_load.py --hard 50 --seconds 30
    .venv/bin/python bench/bench_load.py --zombie 240      # the zombie-table loop, 4 minutes
    .venv/bin/python bench/bench_load.py --bot-crowd 25 --seconds 40 --settle 5  # a crowd
    .venv/bin/python bench/bench_load.py --tables 1000 --restart 10 --seconds 30  # a restart
    .venv/bin/python bench/bench_load.py --cpu-per-move    # the lobby alone, no sockets
    .venv/bin/python bench/bench_load.py --tick 1000       # the tick with 1,000 waiting tables
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tools"))  # wire_client

import load_clients  # noqa: E402

from game.net import spawn, wire  # noqa: E402
from game.net.limits import Limits  # noqa: E402
from game.net.rooms import Lobby  # noqa: E402
from game.net.server import tune_gc  # noqa: E402
from game.net.store import Store  # noqa: E402
from game.table.clock import FakeClock  # noqa: E402
from wire_client import Client  # noqa: E402

TABLE = {"game": "hareeja", "players": 4, "visibility": "private", "turn_seconds": None}


# ----- servers ----------------------------------------------------------------------------------
CLOSE_MARGIN = 0.1  # s: CPU and moves are read this long before the window's end, when the
# clients start closing their connections (closes are not play, and bring a full collection)
SERVER_LOG = ""  # --server-log: the servers' logs are appended there (else dropped)
METRICS_AT: dict[str, int] = {}  # a server's ws:// address -> the port of its /metrics


def start_server(
    db: str, workers: int, loose: bool = True, extra: tuple[str, ...] = ()
) -> tuple[subprocess.Popen, str]:
    options = ["--port", "0", "--db", db, "--bot-delay", "0", "--bot-workers", str(workers)]
    if not SERVER_LOG:
        options.append("--log-text")  # kept logs are JSON lines, every field
    if loose:
        options.append("--loose-limits")
    log = open(SERVER_LOG, "a") if SERVER_LOG else subprocess.DEVNULL  # noqa: SIM115
    metrics_port = free_port()  # /metrics is never on the game port
    options += ["--metrics", f"127.0.0.1:{metrics_port}"]
    try:
        proc, url = spawn.start_server([*options, *extra], stderr=log)
    except RuntimeError as err:
        raise SystemExit(str(err)) from None
    METRICS_AT[url] = metrics_port
    return proc, url


def free_port() -> int:
    """A port free on 127.0.0.1 now (the server binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def proc_usage(pid: int) -> tuple[float, int, float]:
    """CPU seconds (user + system), resident bytes and system (kernel) CPU seconds of a
    process (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    user, system = int(fields[11]) / ticks, int(fields[12]) / ticks
    with open(f"/proc/{pid}/statm") as statm:
        rss = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return user + system, rss, system


def sched(pid: int) -> tuple[float, float]:
    """Seconds the process's main thread ran and waited, runnable, for a CPU (Linux
    /proc/PID/schedstat): the wait shows a machine too busy to give the server its share."""
    try:
        with open(f"/proc/{pid}/schedstat") as stat:
            ran, waited, _ = stat.read().split()
        return int(ran) / 1e9, int(waited) / 1e9
    except (OSError, ValueError):
        return 0.0, 0.0


async def metrics(url: str) -> dict[str, float]:
    """One reading of a server's ``/metrics`` (at its metrics address), by name (labels
    included)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", METRICS_AT[url])
    writer.write(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    data = await reader.readexactly(length)
    writer.close()
    lines = (line.rsplit(" ", 1) for line in data.decode().splitlines() if line[:1] != "#")
    return {name: float(value) for name, value in lines}


def read_metrics(urls: list[str]) -> list[dict[str, float]]:
    return [asyncio.run(metrics(url)) for url in urls]


# ----- one run ----------------------------------------------------------------------------------
def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def ms(values: list[float]) -> str:
    return (
        f"p50 {pct(values, 50) * 1000:.1f} ms, p95 {pct(values, 95) * 1000:.1f} ms, "
        f"p99 {pct(values, 99) * 1000:.1f} ms, "
        f"max {max(values, default=float('nan')) * 1000:.1f} ms"
    )


def start_clients(
    urls: list[str],
    tables: int,
    procs: int,
    pace: float,
    hard: bool,
    reconnect: bool = False,
    sources: list[str] | None = None,
) -> list[tuple[Any, Any]]:
    """``procs`` load-generating processes (:mod:`load_clients`), each with its share
    (``sources``: table n's person connects from the loopback address ``sources[n]``)."""
    ctx = multiprocessing.get_context("spawn")
    share = -(-tables // procs)
    started = []
    for k in range(procs):
        first, count = k * share, max(0, min(share, tables - k * share))
        if count:
            ours, theirs = ctx.Pipe()
            w = ctx.Process(
                target=load_clients.client_process,
                args=(urls, first, count, pace, hard, theirs, reconnect, sources),
            )
            w.start()
            started.append((w, ours))
    return started


def tallies(clients: list[tuple[Any, Any]]) -> list[dict[str, Any]]:
    """Each client process's tally, once it sent it (then it exits)."""
    results = [pipe.recv()[1] for _, pipe in clients]
    for w, _ in clients:
        w.join(30)
    return results


def stop_clients(clients: list[tuple[Any, Any]]) -> None:
    for w, _ in clients:
        if w.is_alive():
            w.kill()


def run(
    tables: int,
    pace: str,
    servers: int,
    seconds: float,
    client_procs: int,
    hard: bool = False,
    workers: int = 1,
    db: str = "",
    settle: float = 2.0,
    server_args: tuple[str, ...] = (),
    redis: bool = False,
) -> None:
    """Seat every table (the ramp, reported on its own), then measure a steady window of
    ``seconds``: latencies of the acts sent in it, moves, and the CPU of every process in it.
    ``redis``: the servers share one lobby and keep the match logs in a ``redis-server`` of
    their own (``--redis``), instead of each its SQLite file."""
    with tempfile.TemporaryDirectory() as tmp, redis_server(tmp, redis) as shared:
        if shared:
            server_args += ("--redis", shared[0])
        procs = [
            start_server(db or os.path.join(tmp, f"s{i}.sqlite3"), workers, extra=server_args)
            for i in range(servers)
        ]
        urls = [url for _, url in procs]
        clients: list[tuple[Any, Any]] = []
        try:
            ramp_begun = time.monotonic()
            clients = start_clients(
                urls, tables, client_procs, 1.0 if pace == "human" else 0.0, hard
            )
            ramps = [pipe.recv()[1] for _, pipe in clients]  # every table seated and started
            ramp = time.monotonic() - ramp_begun
            t0 = time.monotonic() + settle
            t1 = t0 + seconds
            for _, pipe in clients:
                pipe.send((t0, t1))
            time.sleep(max(0.0, t0 - time.monotonic()))
            pids = [p.pid for p, _ in procs] + [w.pid for w, _ in clients]
            helpers = [c for p, _ in procs for c in spawn.children(p.pid)]  # bot workers
            if shared:
                helpers.append(shared[1])  # its CPU counts with the servers' helpers
            before = [proc_usage(pid) for pid in pids + helpers]
            sched_before = [sched(p.pid) for p, _ in procs]
            read_before = read_metrics(urls)
            time.sleep(max(0.0, t1 - CLOSE_MARGIN - time.monotonic()))
            after = [proc_usage(pid) for pid in pids + helpers]
            sched_after = [sched(p.pid) for p, _ in procs]
            read_after = read_metrics(urls)
            results = tallies(clients)
        finally:
            stop_clients(clients)
            for p, _ in procs:
                p.kill()
                p.wait()
    span = seconds - CLOSE_MARGIN  # what the CPU, moves and collections were read over
    lat = [x for r in results for x in r["lat"]]
    errors = sum(r["errors"] for r in results)
    why = next((r["why"] for r in results if r["why"]), "")

    def grew(name: str, server: int | None = None) -> float:
        """How much a server's metric (every server's, summed) grew in the window."""
        pairs = list(zip(read_after, read_before))
        chosen = pairs if server is None else [pairs[server]]
        return sum(a.get(name, 0.0) - b.get(name, 0.0) for a, b in chosen)

    moves = grew("majlis_moves_total")
    bots = [
        sum(a.get(name, 0.0) for a in read_after)
        for name in (
            'majlis_bot_moves_total{search="full"}',
            'majlis_bot_moves_total{search="cut"}',
            "majlis_bot_budget_seconds_total",
        )
    ]
    cpu = [a[0] - b[0] for a, b in zip(after, before)]
    server_cpu = sum(cpu[:servers])
    server_sys = sum(a[2] - b[2] for a, b in zip(after[:servers], before[:servers]))
    what = f"{tables} tables x {'1 person + 3 hard bots' if hard else '4 clients'}"
    print(
        f"== {what}, {pace if not hard else 'person'} pace, {servers} server process(es), "
        f"{len(clients)} client processes ({load_clients.loop_name()}), "
        f"server {' '.join(server_args) or 'defaults'}"
    )
    shakes = [x for r in results for x in r["handshake"]]
    print(
        f"  ramp (not measured below): {ramp:.1f} s to seat and start every table "
        f"(slowest process {max(ramps):.1f} s); {len(shakes)} WebSocket handshakes, {ms(shakes)}; "
        f"tables seated {sum(r['seated'] for r in results)}"
    )
    label = "person's wait for his turn" if hard else "act -> acknowledgement"
    print(f"  steady window {seconds:.0f} s (after {settle:.0f} s to settle):")
    print(f"  {label}: {ms(lat)} over {len(lat)} ({errors} errors{'; ' + why if errors else ''})")
    print(
        f"  moves (all, bots included): {moves / span:.0f}/s; clients' acknowledged: "
        f"{len(lat) / seconds:.0f}/s; matches started in all {sum(r['started'] for r in results)};"
        f" server CPU per move {server_cpu / max(moves, 1) * 1000:.3f} ms "
        f"(user {(server_cpu - server_sys) / max(moves, 1) * 1000:.3f}, "
        f"system {server_sys / max(moves, 1) * 1000:.3f})"
    )
    if hard:
        print(
            f"  hard bot moves since the start: {bots[0]:.0f} with the full search, {bots[1]:.0f} "
            f"cut short for load (mean budget {bots[2] / max(bots[1], 1) * 1000:.1f} ms); "
            f"{workers} bot worker process(es) per server"
        )
    for i, (c, a) in enumerate(zip(cpu[: len(pids)], after)):
        who = f"server {i}" if i < servers else f"client process {i - servers}"
        line = f"  {who}: CPU {c:.1f} s ({c / span * 100:.0f} %), RSS {a[1] / 1e6:.0f} MB"
        if i < servers:
            ran, waited = (x - y for x, y in zip(sched_after[i], sched_before[i]))
            passes = grew("majlis_gc_full_total", i)
            spent = grew("majlis_gc_full_seconds_total", i)
            earlier, earlier_spent = (
                read_before[i].get(name, 0.0)
                for name in ("majlis_gc_full_total", "majlis_gc_full_seconds_total")
            )
            heap, heap_base = (
                read_after[i].get(name, 0.0)
                for name in ("majlis_heap_blocks", "majlis_heap_blocks_after_full")
            )
            line += (
                f"; its loop thread ran {ran / span * 100:.0f} % of the window and waited "
                f"{waited / span * 100:.0f} % for a free CPU; full garbage collections in "
                f"the window: {passes:.0f} ({spent * 1000:.0f} ms), before it: "
                f"{earlier:.0f} ({earlier_spent * 1000:.0f} ms); heap "
                f"{heap / 1e6:.2f} M blocks ({heap_base / 1e6:.2f} M after the last full)"
            )
        print(line)
    if helpers:
        spent = sum(cpu[len(pids) :])
        print(
            f"  the servers' {len(helpers)} helper processes (bot workers"
            f"{', redis-server' if redis else ''}): CPU {spent:.1f} s "
            f"({spent / span * 100:.0f} %)"
        )
    print(
        f"  (load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: the "
        f"machine is shared, figures are noisy)"
    )


def restart(
    tables: int, before: float, after: float, client_procs: int, kill: bool = False
) -> None:
    """``tables`` Hareeja tables of four at the human pace; ``before`` seconds into play the
    server is stopped as a service manager stops it (SIGTERM: 1001 to every client, the store
    flushed), or with ``kill`` as a crash stops it (SIGKILL), and started again on the same
    port and store. Every client tries again as the
    game's client does (``RECONNECT_DELAYS``, spread at random). Prints how long the server was
    down, how long each seat took to see its table again, and how play went on for ``after``
    seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "restart.sqlite3")
        proc, url = start_server(db, 1)
        port = url.rsplit(":", 1)[1]
        clients = start_clients([url], tables, client_procs, 1.0, False, reconnect=True)
        try:
            ramps = [pipe.recv()[1] for _, pipe in clients]
            t0 = time.monotonic() + 1.0
            for _, pipe in clients:
                pipe.send((t0, t0 + before + after))
            time.sleep(max(0.0, t0 + before - time.monotonic()))
            stopped = time.monotonic()
            proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            code = proc.wait(60)
            exited = time.monotonic()
            proc, _ = start_server(db, 1, extra=("--port", port))
            back = time.monotonic()
            results = tallies(clients)
        finally:
            stop_clients(clients)
            proc.kill()
            proc.wait()
    seats = 4 * tables
    returned = [x for r in results for x in r["back"]]
    errors = sum(r["errors"] for r in results)
    why = next((r["why"] for r in results if r["why"]), "")
    print(
        f"== restart: {tables} tables x 4 clients, human pace; seated in {max(ramps):.1f} s; "
        f"the server stopped {before:.0f} s into play"
    )
    how = "SIGKILL" if kill else "SIGTERM"
    print(
        f"  {how} -> exit {exited - stopped:.2f} s (code {code}); -> listening again "
        f"{back - stopped:.2f} s after the {how}"
    )
    print(
        f"  seats back at their table: {len(returned)} of {seats}; from the drop: "
        f"{ms(returned)}; connections tried {sum(r['tries'] for r in results)}"
    )
    lat = [x for r in results for x in r["lat"]]
    print(
        f"  acts acknowledged over the whole run: {len(lat)}, {ms(lat)} "
        f"({errors} errors{'; ' + why if errors else ''})"
    )


@contextlib.contextmanager
def redis_server(folder: str, wanted: bool) -> Iterator[tuple[str, int] | None]:
    """A ``redis-server`` of the bench's own on a free loopback port: its address and pid
    (None when not wanted), configured as docs/DEPLOY.md says (append-only file, fsync every
    second)."""
    if not wanted:
        yield None
        return
    if shutil.which("redis-server") is None:
        raise SystemExit("--redis needs redis-server (apt-get install redis-server)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", folder]
        + ["--save", "", "--appendonly", "yes", "--appendfsync", "everysec"],
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):  # up to 10 s
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0", proc.pid
    finally:
        proc.kill()
        proc.wait()


# ----- the server's own CPU per move, without sockets --------------------------------------------
class _EncodingConn:
    """A connection that only encodes what it is sent, as the server's writer does."""

    def __init__(self) -> None:
        self.bytes = 0

    def send(self, msg: dict) -> None:
        self.bytes += len(wire.encode(msg))

    def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def cpu_per_move(
    tables: int = 50, moves: int = 4000, deltas: bool = True, game: str = "hareeja"
) -> None:
    """Hareeja tables of four people driven through the lobby in this process (engine, views,
    view patches, JSON, the store's queue and its writer thread; the garbage collector tuned
    as in the server), no sockets: process CPU per move and bytes sent per move. Each round
    of moves takes a second on the lobby's clock, so the tick visits tables as it does live;
    it stops early when no table can move (every match over)."""
    tune_gc()  # as the server does after its start
    store = Store(":memory:", background=True)
    clock = FakeClock()
    lobby = Lobby(
        store,
        clock=clock,
        bot_delay=0,
        rate=(10**9, 1e9),
        limits=Limits.loose(),
        deltas=deltas,
    )
    rng = random.Random(1)
    tables_conns = []
    for t in range(tables):
        conns = [_EncodingConn() for _ in range(4)]
        for i, c in enumerate(conns):
            lobby.connect(c, "bench")
            lobby.receive(c, json.dumps({"t": "hello", "name": f"p{t}-{i}"}))
        table = {**TABLE, "game": game}
        lobby.receive(conns[0], json.dumps({"t": "create", "bots": "easy", **table}))
        code = next(r.code for r in lobby.rooms.values() if r.occupants[0].conn is conns[0])
        for c in conns[1:]:
            lobby.receive(c, json.dumps({"t": "join", "code": code}))
        lobby.receive(conns[0], json.dumps({"t": "start"}))
        tables_conns.append((code, conns))
    sent_before = sum(c.bytes for _, cs in tables_conns for c in cs)
    done, begun = 0, time.process_time()
    moved = True
    while done < moves and moved:
        moved = False
        for code, conns in tables_conns:
            room = lobby.rooms.get(code)
            if room is None or room.over:
                continue
            match = room.table.match
            seat = match.to_act()[0]
            action = rng.choice(match.legal_actions(seat))
            lobby.receive(conns[seat], json.dumps({"t": "act", "action": action}))
            done, moved = done + 1, True
        clock.advance(1.0)
        lobby.tick()
    cpu = time.process_time() - begun
    sent = sum(c.bytes for _, cs in tables_conns for c in cs) - sent_before
    store.close()
    views = "as patches" if deltas else "whole"
    print(
        f"== the lobby alone ({tables} {game} tables x 4 people, views {views}): {done} moves, "
        f"CPU per move {cpu / done * 1000:.3f} ms, {sent / done:.0f} bytes sent per move "
        "(all 4 seats)"
    )


def tick_cost(tables: int = 1000, ticks: int = 700) -> None:
    """The lobby's tick (the server runs it 10 times a second) with ``tables`` started tables
    waiting for a person's move (untimed, as most are), one of them timed: process CPU per
    tick and tables visited per tick (the schedule visits only tables whose moment came)."""
    clock = FakeClock()
    lobby = Lobby(None, clock=clock, bot_delay=0, rate=(10**9, 1e9), limits=Limits.loose())
    for t in range(tables):
        conn = _EncodingConn()
        lobby.connect(conn, "bench")
        lobby.receive(conn, json.dumps({"t": "hello", "name": f"p{t}"}))
        timed = {**TABLE, "turn_seconds": 60 if t == 0 else None}
        lobby.receive(conn, json.dumps({"t": "create", "bots": "easy", **timed}))
        lobby.receive(conn, json.dumps({"t": "start"}))
    lobby.pump()
    clock.advance(30)  # every deal shown
    lobby.tick()
    visited = [0]
    real = lobby._tick_room

    def counted(room, now):
        visited[0] += 1
        real(room, now)

    lobby._tick_room = counted
    begun = time.process_time()
    for _ in range(ticks):
        clock.advance(0.1)
        lobby.tick()
    cpu = time.process_time() - begun
    print(
        f"== the lobby's tick, {tables} started tables waiting for a person (1 timed): "
        f"{cpu / ticks * 1000:.3f} ms CPU per tick; {visited[0]} table visits in {ticks} ticks "
        f"({ticks / 10:.0f} s of server time; the timed turn ran out once in them)"
    )


# ----- the zombie-table loop --------------------------------------------------------------------
async def zombie(seconds: float) -> None:
    """Connect, create an untimed table, start it, disconnect — as fast as the server lets one
    address (127.0.0.1); every 5 s a newcomer from another address of its network (127.0.0.2)
    must still be able to create a table. Default limits."""
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(os.path.join(tmp, "z.sqlite3"), 0, loose=False)
        loops = refused = starts_refused = newcomer_ok = newcomer_refused = 0
        try:
            stop_at = time.perf_counter() + seconds
            next_check = 0.0
            while time.perf_counter() < stop_at:
                async with Client(url, keep_frames=False) as z:
                    await z.hello("zombie")
                    room = await z.request("create", "room", bots="easy", **TABLE)
                    if room["t"] == "error":
                        refused += 1
                    else:
                        await z.send("start")
                        started = await z.expect("events", "error")
                        starts_refused += started["t"] == "error"
                loops += 1
                if time.perf_counter() >= next_check:
                    next_check = time.perf_counter() + 5
                    async with Client(url, keep_frames=False, local_addr=("127.0.0.2", 0)) as new:
                        await new.hello("newcomer")
                        made = await new.request("create", "room", bots="easy", **TABLE)
                        if made["t"] == "room":
                            newcomer_ok += 1
                            await new.request("leave", "left")
                        else:
                            newcomer_refused += 1
                read = await metrics(url)
                tables = read['majlis_tables{state="playing"}']
            passes, spent, memory = (
                read[name]
                for name in (
                    "majlis_gc_full_total",
                    "majlis_gc_full_seconds_total",
                    "process_resident_memory_bytes",
                )
            )
        finally:
            proc.kill()
            proc.wait()
    print(
        f"== zombie loop {seconds:.0f} s: {loops} loops, {refused} creates refused (table quotas), "
        f"{starts_refused} starts refused (bot-table quotas); newcomer created a table "
        f"{newcomer_ok} times, refused {newcomer_refused}; "
        f"tables playing at the end {tables:.0f}; the server's full garbage collections "
        f"{passes:.0f} ({spent * 1000:.0f} ms in all), its memory at the end {memory / 1e6:.0f} MB"
    )


# ----- bot tables from many addresses against one person's -------------------------------------
def bot_crowd(
    addresses: int,
    per_address: int,
    people: int,
    seconds: float,
    settle: float,
    loose: bool,
    bot_delay: float = 0.6,
) -> None:
    """How long people wait for their turn (``people`` tables of one person and three hard
    bots, each person from his own network: 127.0.201.1, 127.0.202.1, ...) alone, then beside
    a crowd: ``addresses`` addresses, each of its own /24 (127.0.1.1, 127.0.2.1, ...: the
    per-network quotas do not help), each trying to start ``per_address`` tables of one quick
    person and three hard bots. One server with the default limits (``loose``: none), two bot
    workers and ``bot_delay`` (the default 0.6 s: bots also wait for the clients' show; 0:
    they move as soon as they have thought, so the wait is the bots' queue and search alone);
    a fresh server for each run. Prints both p95 and their ratio, and the CPU the server, its
    helper processes and the load clients took in the window (all on this machine: the
    crowd's clients run here too, where a real crowd's would not)."""
    people_from = [f"127.0.{201 + k}.1" for k in range(people)]
    crowd_from = [f"127.0.{1 + n // per_address}.1" for n in range(addresses * per_address)]
    waits = []
    for crowd in (0, addresses * per_address):
        with tempfile.TemporaryDirectory() as tmp:
            extra = ("--bot-delay", str(bot_delay), *(("--loose-limits",) if loose else ()))
            proc, url = start_server(os.path.join(tmp, "c.sqlite3"), 2, loose=False, extra=extra)
            clients: list[tuple[Any, Any]] = []
            try:
                if crowd:
                    clients += start_clients([url], crowd, 2, 0.0, True, sources=crowd_from)
                clients += start_clients([url], people, 1, 0.0, True, sources=people_from)
                for _, pipe in clients:
                    pipe.recv()  # seated
                t0 = time.monotonic() + settle
                for _, pipe in clients:
                    pipe.send((t0, t0 + seconds))
                time.sleep(max(0.0, t0 - time.monotonic()))
                pids = [proc.pid, *spawn.children(proc.pid), *(w.pid for w, _ in clients)]
                before = [proc_usage(pid)[0] for pid in pids]
                time.sleep(max(0.0, t0 + seconds - CLOSE_MARGIN - time.monotonic()))
                cpu = [proc_usage(pid)[0] - was for pid, was in zip(pids, before)]
                results = tallies(clients)
            finally:
                stop_clients(clients)
                proc.kill()
                proc.wait()
        mine = results[-1]
        waits.append(pct(mine["lat"], 95))
        crowds = results[:-1]
        print(
            f"== bot crowd: {crowd} tables of 1 person + 3 hard bots tried from "
            f"{addresses if crowd else 0} addresses ({sum(r['started'] for r in crowds)} started, "
            f"{sum(r['refused'] for r in crowds)} refused by the quotas; limits "
            f"{'loose' if loose else 'default'}, bot delay {bot_delay:g} s); {people} people's "
            "tables beside them"
        )
        print(
            f"  people's wait for their turn: {ms(mine['lat'])} over {len(mine['lat'])} turns "
            f"({mine['errors']} errors{'; ' + mine['why'] if mine['errors'] else ''})"
        )
        workers = len(pids) - 1 - len(clients)
        print(
            f"  CPU in the window: server {cpu[0] / seconds * 100:.0f} %, its {workers} helper "
            f"processes (bot workers) {sum(cpu[1 : 1 + workers]) / seconds * 100:.0f} %, "
            f"load clients {sum(cpu[1 + workers :]) / seconds * 100:.0f} %"
        )
    print(
        f"  p95 with the crowd / alone: {waits[1] / waits[0]:.2f} "
        f"(load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: shared, noisy)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--pace", choices=("human", "fast"), default="human")
    parser.add_argument("--servers", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--client-procs", type=int, default=2)
    parser.add_argument("--hard", type=int, default=0, help="tables of 1 person + 3 hard bots")
    parser.add_argument(
        "--bot-workers", type=int, default=os.cpu_count() or 1, help="per server (one per core)"
    )
    parser.add_argument("--zombie", type=float, default=0, help="seconds of the zombie loop")
    parser.add_argument(
        "--bot-crowd",
        type=int,
        default=0,
        metavar="ADDRESSES",
        help="people's turn waits alone, then beside bot tables from this many addresses",
    )
    parser.add_argument("--crowd-tables", type=int, default=20, help="--bot-crowd: per address")
    parser.add_argument("--people", type=int, default=10, help="--bot-crowd: people's tables")
    parser.add_argument(
        "--loose", action="store_true", help="--bot-crowd: no limits (the scheduler alone)"
    )
    parser.add_argument(
        "--crowd-bot-delay", type=float, default=0.6, help="--bot-crowd: the server's bot delay"
    )
    parser.add_argument(
        "--cpu-per-move", action="store_true", help="the lobby alone in this process, no sockets"
    )
    parser.add_argument(
        "--tick", type=int, default=0, help="the lobby's tick with this many waiting tables"
    )
    parser.add_argument(
        "--db", default="", help="the servers' store (default: a SQLite file in a temporary folder)"
    )
    parser.add_argument(
        "--settle", type=float, default=2.0, help="seconds between the ramp and the window"
    )
    parser.add_argument(
        "--server-log", default="", metavar="FILE", help="append the servers' logs to FILE"
    )
    parser.add_argument(
        "--redis",
        action="store_true",
        help="the servers share one lobby through a redis-server of the bench's own",
    )
    parser.add_argument(
        "--restart",
        type=float,
        default=0,
        metavar="S",
        help="stop the server S seconds into play and start it again (reconnections)",
    )
    parser.add_argument(
        "--kill", action="store_true", help="with --restart: SIGKILL (a crash), not SIGTERM"
    )
    parser.add_argument(
        "--server-arg",
        action="append",
        default=[],
        help="one more argument for every server process (repeat it): --server-arg=--no-uvloop",
    )
    args = parser.parse_args()
    global SERVER_LOG
    SERVER_LOG = args.server_log
    if args.tick:
        tick_cost(args.tick)
    elif args.cpu_per_move:
        cpu_per_move(deltas=True)
        cpu_per_move(deltas=False)
        cpu_per_move(tables=1000, moves=20_000)  # as many tables as the live target: caches
        for game in ("ronda", "hand_rummy"):  # random legal moves (rummy's lay no melds);
            cpu_per_move(game=game, moves=20_000)  # ~400 a table: Ronda's whole matches
    elif args.zombie:
        asyncio.run(zombie(args.zombie))
    elif args.bot_crowd:
        bot_crowd(
            args.bot_crowd,
            args.crowd_tables,
            args.people,
            args.seconds,
            args.settle,
            args.loose,
            args.crowd_bot_delay,
        )
    elif args.restart:
        restart(args.tables, args.restart, args.seconds, args.client_procs, kill=args.kill)
    else:
        run(
            args.hard or args.tables,
            args.pace,
            args.servers,
            args.seconds,
            args.client_procs,
            hard=bool(args.hard),
            workers=args.bot_workers,
            db=args.db,
            settle=args.settle,
            server_args=tuple(args.server_arg),
            redis=args.redis,
        )


if __name__ == "__main__":
    main()
