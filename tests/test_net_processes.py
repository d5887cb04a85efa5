"""What a client can no longer do, through real server processes (``python -m game.net.server``)
and real sockets on 127.0.0.1: what an operator sees.

- An 8,000-digit integer gets a ``protocol`` refusal, no traceback in the log, and the
  connection and its table play on.
- TB-6: after ``kill -9`` the match's first turn comes back with the time that was left (at
  most one heartbeat more), not a fresh 60 s.
- A failed start on a damaged store changes no byte of it (nor adds a file beside it), for
  several kinds of damage; the check opens the file read-only first.
- TB-2: a request to join waiting for the host's answer survives ``kill -9``.
- SIGTERM with quiet clients connected (sockets that never read) exits 0 well within 2 s, and
  every acknowledged move is kept.
- ``/metrics`` answers on its own loopback address and not on the game port.
"""

import asyncio
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.net import spawn
from game.net.metrics_http import metrics_address
from game.net.records import HEARTBEAT
from game.net.store import Store
from helpers import run_async
from wire_client import Client

HUGE = "9" * 8000
TIMED_RONDA = {
    "game": "ronda",
    "players": 2,
    "visibility": "private",
    "turn_seconds": 60,
    "bots": "easy",
}


def start(db: str, *more: str, stderr=subprocess.DEVNULL) -> tuple[subprocess.Popen, str]:
    options = ["--port", "0", "--db", db, "--bot-delay", "0", "--bot-workers", "0"]
    return spawn.start_server([*options, "--loose-limits", *more], stderr=stderr)


def kill(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    proc.stdout.close()


# ----- b. a huge number -----------------------------------------------------------------------
def test_an_8000_digit_integer_is_refused_without_a_traceback_and_the_table_plays_on(tmp_path):
    log = tmp_path / "server.log"
    with open(log, "w") as err:
        proc, url = start(str(tmp_path / "t.sqlite3"), "--log-text", stderr=err)

    async def body() -> None:
        async with Client(url) as c:
            await c.hello("Ali")
            await c.request("create", "room", **{**TIMED_RONDA, "turn_seconds": None})
            await c.send("start")
            await c.expect("events")
            for frame in (
                '{"t": "act", "action": {"type": "play", "card": ' + HUGE + "}}",
                '{"t": "join", "code": ' + HUGE + "}",
                '{"t": "ping", "n": -' + HUGE + "}",
            ):
                await c.send_raw(frame)
                refused = await c.expect("error")
                assert refused["code"] == "protocol" and "out of range" in refused["message"]
            assert (await c.request("ping", "pong"))["t"] == "pong"
            end = await c.play(lambda msg: msg["legal"][0], max_actions=2, timeout=20)
            assert end["log"] >= 2  # moves acknowledged after the refusals

    try:
        run_async(body(), 60)
    finally:
        kill(proc)
    said = log.read_text()
    assert "Traceback" not in said and "message failed" not in said


# ----- c. TB-6: the first turn after kill -9 ----------------------------------------------------
async def seated_pair(url: str) -> tuple[Client, Client, str]:
    a, b = Client(url), Client(url)
    await a.connect()
    await b.connect()
    await a.hello("A")
    await b.hello("B")
    code = (await a.request("create", "room", **TIMED_RONDA))["code"]
    await b.request("join", "room", code=code)
    return a, b, code


async def my_turn_left(clients: list[Client]) -> tuple[int, float, float]:
    """(seat, seconds left, when read) from the first ``deadline`` naming a person's turn."""
    while True:
        for seat, c in enumerate(clients):
            for msg in c.drain():
                if msg["t"] == "deadline" and msg["remaining"][seat] is not None:
                    return seat, msg["remaining"][seat], time.monotonic()
        await asyncio.sleep(0.02)


def test_TB_6_after_kill_9_the_first_turn_resumes_with_the_time_left_not_a_fresh_clock(tmp_path):
    db = str(tmp_path / "t.sqlite3")
    proc, url = start(db)

    async def before_the_kill() -> tuple[list[str], int, float]:
        a, b, _ = await seated_pair(url)
        await a.send("start")
        seat, left, read = await asyncio.wait_for(my_turn_left([a, b]), 20)
        assert 60 <= left <= 75  # a full turn, plus the deal being shown
        ran_until = read + (left - 60) + HEARTBEAT + 5  # the show, a heartbeat, a margin
        await asyncio.sleep(max(0.0, ran_until - time.monotonic()))
        at_kill = left - (time.monotonic() - read)
        os.kill(proc.pid, signal.SIGKILL)
        return [a.token, b.token], seat, at_kill

    try:
        tokens, seat, at_kill = run_async(before_the_kill(), 60)
    finally:
        kill(proc)
    assert at_kill <= 60 - HEARTBEAT - 4
    time.sleep(2)  # down: this never counts against the turn
    proc, url = start(db)

    async def after() -> float:
        async with Client(url) as back:
            await back.hello("X", token=tokens[seat])
            while True:
                msg = await back.expect("deadline", timeout=10)
                if msg["remaining"][seat] is not None:
                    return msg["remaining"][seat]

    try:
        resumed = run_async(after(), 30)
    finally:
        kill(proc)
    assert at_kill - 3 <= resumed <= at_kill + HEARTBEAT + 1  # not 60 again


# ----- d. a damaged store is left as it was -----------------------------------------------------
def healthy_store(path: str, journal: str) -> None:
    store = Store(path)
    for i in range(200):
        store.save_room(f"R{i:07d}", {"code": f"R{i:07d}", "seats": ["x" * 300]})
    store.close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA journal_mode={journal}")
    db.close()


def crashed_with_a_wal(path: str) -> None:
    """A WAL store as kill -9 leaves it: the writes still in its -wal file."""
    live = path + ".live"
    db = sqlite3.connect(live, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA wal_autocheckpoint=0")
    db.execute("CREATE TABLE rooms (code TEXT PRIMARY KEY, record TEXT NOT NULL)")
    for i in range(200):
        db.execute("INSERT INTO rooms VALUES (?, ?)", (f"R{i:07d}", "y" * 300))
    db.execute("PRAGMA wal_checkpoint(PASSIVE)")  # the pages reach the main file ...
    db.execute("INSERT INTO rooms VALUES ('LAST', 'z')")  # ... and one write stays in the WAL
    shutil.copy(live, path)
    shutil.copy(live + "-wal", path + "-wal")
    db.close()
    for name in (live, live + "-wal", live + "-shm"):
        if os.path.exists(name):
            os.remove(name)


def scribble(path: str, offset: int, data: bytes) -> None:
    with open(path, "r+b") as f:
        f.seek(offset)
        f.write(data)


DAMAGE = {
    # the case: a rollback-journal file with a broken b-tree page (WAL switch rewrote it)
    "rollback_page": lambda p: (healthy_store(p, "DELETE"), scribble(p, 4096 * 5, b"\xff" * 100)),
    "rollback_index": lambda p: (healthy_store(p, "DELETE"), scribble(p, 8192, b"\xff" * 100)),
    "wal_page": lambda p: (healthy_store(p, "WAL"), scribble(p, 4096 * 5, b"\xff" * 100)),
    "crashed_wal_page": lambda p: (crashed_with_a_wal(p), scribble(p, 4096 * 3, b"\xff" * 200)),
    "truncated": lambda p: (healthy_store(p, "DELETE"), os.truncate(p, 4096 * 3 + 100)),
    "not_sqlite": lambda p: Path(p).write_bytes(b"this is not a database" * 300),
    "page_size": lambda p: (healthy_store(p, "DELETE"), scribble(p, 16, b"\x00\x03")),
}


def snapshot(folder) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in sorted(os.listdir(folder))}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_refused_start_on_a_damaged_store_changes_no_byte_and_adds_no_file(tmp_path, kind):
    folder = tmp_path / "store"
    folder.mkdir()
    path = str(folder / "tables.sqlite3")
    DAMAGE[kind](path)
    before = snapshot(folder)
    run = subprocess.run(
        [sys.executable, "-m", "game.net.server", "--db", path, "--port", "0"]
        + ["--bot-workers", "0", "--log-text"],
        cwd=spawn.ROOT,
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert path in run.stderr and "Nothing was changed" in run.stderr
    assert "--fresh-store" in run.stderr and "Traceback" not in run.stderr
    assert snapshot(folder) == before


def crashed_mid_rollback_transaction(path: str) -> None:
    """A rollback-journal store as a crash mid-write leaves it: pages half written, the hot
    journal beside it holding what undoes them."""
    live = path + ".live"
    db = sqlite3.connect(live, isolation_level=None)
    db.execute("PRAGMA journal_mode=DELETE")
    db.execute("CREATE TABLE rooms (code TEXT PRIMARY KEY, record TEXT NOT NULL)")
    for i in range(300):
        db.execute("INSERT INTO rooms VALUES (?, ?)", (f"R{i:07d}", "y" * 200))
    db.execute("PRAGMA cache_size=1")  # so the transaction's pages spill into the file
    db.execute("BEGIN")
    db.execute("UPDATE rooms SET record = ?", ("n" * 300,))
    for i in range(300):
        db.execute("INSERT INTO rooms VALUES (?, ?)", (f"N{i:07d}", "n" * 500))
    shutil.copy(live, path)
    shutil.copy(live + "-journal", path + "-journal")
    db.execute("ROLLBACK")
    db.close()
    os.remove(live)


@pytest.mark.parametrize(
    "crash, committed",
    [
        (crashed_with_a_wal, {"y" * 300: 200, "z": 1}),
        (crashed_mid_rollback_transaction, {"y" * 200: 300}),
    ],
    ids=["wal", "rollback"],
)
def test_a_store_left_by_a_crash_still_opens_with_what_was_committed(tmp_path, crash, committed):
    """The read-only check must not refuse a healthy store whose last write is in its WAL,
    nor one whose hot rollback journal must undo a write first (read-only cannot)."""
    path = str(tmp_path / "t.sqlite3")
    crash(path)
    Store(path).close()  # opened, checked, the schema added
    db = sqlite3.connect(path)
    kept = dict(db.execute("SELECT record, count(*) FROM rooms GROUP BY record"))
    db.close()
    assert kept == committed


# ----- e. TB-2: a pending request survives kill -9 ----------------------------------------------
def test_TB_2_a_pending_request_to_join_survives_kill_9_and_the_host_can_answer_it(tmp_path):
    db = str(tmp_path / "t.sqlite3")
    proc, url = start(db)
    approval = {**TIMED_RONDA, "players": 3, "visibility": "approval", "turn_seconds": None}

    async def ask() -> tuple[str, str, str]:
        async with Client(url) as host, Client(url) as asker:
            await host.hello("Host")
            await asker.hello("Asker")
            code = (await host.request("create", "room", **approval))["code"]
            assert (await asker.request("join", "waiting", code=code))["t"] == "waiting"
            while not (host.room and host.room["pending"]):
                await host.expect("room")
            os.kill(proc.pid, signal.SIGKILL)  # the host has seen the request: it is stored
            return host.token, asker.token, code

    try:
        host_token, asker_token, code = run_async(ask(), 30)
    finally:
        kill(proc)
    proc, url = start(db)

    async def answer() -> None:
        async with Client(url) as host, Client(url) as asker:
            await host.hello("Host", token=host_token)
            room = await host.expect("room")
            assert room["code"] == code and [p["name"] for p in room["pending"]] == ["Asker"]
            await asker.send("hello", name="Asker", token=asker_token)
            assert (await asker.expect("waiting"))["code"] == code  # still waiting
            await host.send("answer", player=room["pending"][0]["player"], accept=True)
            seated = await asker.expect("room")
            assert seated["you"] == 1 and seated["code"] == code

    try:
        run_async(answer(), 30)
    finally:
        kill(proc)


# ----- g. SIGTERM with quiet clients ------------------------------------------------------------
async def quiet_socket(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A WebSocket that completes its handshake, then never reads again (a frozen tab)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    await writer.drain()
    assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
    return reader, writer


def test_sigterm_with_quiet_clients_exits_0_within_2_s_and_keeps_every_acknowledged_move(
    tmp_path,
):
    db = str(tmp_path / "t.sqlite3")
    proc, url = start(db)
    port = int(url.rsplit(":", 1)[1])

    async def body() -> tuple[str, int, float]:
        quiet = [await quiet_socket(port) for _ in range(3)]
        async with Client(url) as c:
            await c.hello("Ali")
            code = (await c.request("create", "room", **{**TIMED_RONDA, "turn_seconds": None}))[
                "code"
            ]
            await c.send("start")
            end = await c.play(lambda msg: msg["legal"][0], max_actions=3, timeout=20)
            await asyncio.sleep(1)  # every client quiet now
            begun = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            while proc.poll() is None and time.monotonic() - begun < 15:
                await asyncio.sleep(0.01)
            took = time.monotonic() - begun
        for _, writer in quiet:
            writer.close()
        return code, end["log"], took

    try:
        code, acked, took = run_async(body(), 60)
        assert proc.wait(10) == 0
    finally:
        kill(proc)
    assert took < 2.0, f"SIGTERM took {took:.2f} s"
    assert len(Store(db).table(code)["log"]) >= acked >= 3


# ----- h. /metrics off the game port ------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def http_get(port: int, path: str) -> str:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    await writer.drain()
    text = (await asyncio.wait_for(reader.read(65536), 10)).decode()
    writer.close()
    return text


def test_metrics_answer_on_their_own_loopback_port_and_not_on_the_game_port(tmp_path):
    metrics = free_port()
    proc, url = start(":memory:", "--host", "0.0.0.0", "--metrics", str(metrics))
    game = int(url.rsplit(":", 1)[1])

    async def body() -> tuple[str, str, str]:
        return (
            await http_get(metrics, "/metrics"),
            await http_get(game, "/metrics"),
            await http_get(game, "/health"),
        )

    try:
        served, on_game_port, health = run_async(body(), 30)
        listening = [
            line.split()[1]
            for line in Path("/proc/net/tcp").read_text().splitlines()[1:]
            if line.split()[3] == "0A"  # LISTEN
        ]
    finally:
        kill(proc)
    assert served.startswith("HTTP/1.1 200") and "majlis_sockets" in served
    assert on_game_port.startswith("HTTP/1.1 404") and "majlis_" not in on_game_port
    assert health.startswith("HTTP/1.1 200") and health.endswith("ok\n")
    assert f"0100007F:{metrics:04X}" in listening  # bound to 127.0.0.1, not 0.0.0.0
    assert f"00000000:{game:04X}" in listening


def test_the_metrics_address_is_loopback_unless_given_and_never_the_game_port():
    assert metrics_address(None, 9310) == ("127.0.0.1", 10310)
    assert metrics_address(None, 0) == ("127.0.0.1", 0)  # a free port, printed when ready
    assert metrics_address(None, 65000) == ("127.0.0.1", 0)
    assert metrics_address("9400", 9310) == ("127.0.0.1", 9400)
    assert metrics_address("10.0.0.5:9400", 9310) == ("10.0.0.5", 9400)
    assert metrics_address("[::1]:9400", 9310) == ("::1", 9400)
    assert metrics_address("off", 9310) is None
    for bad in ("nine", "127.0.0.1:", "1:70000", "9310", "0.0.0.0:9310"):
        with pytest.raises(ValueError, match="--metrics"):
            metrics_address(bad, 9310)
