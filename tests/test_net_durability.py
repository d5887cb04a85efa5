"""Store writes leave the event loop with the same guarantee, and bots think in other processes.

- A real server process (``python -m game.net.server``) is killed with SIGKILL right after a
  client received the acknowledgement of its move; the SQLite file holds that move (and every
  one before it), a restarted server resumes the table, and the match goes on — three times.
- The background writer commits in batches and a read always sees the writes made before it.
- Bots above "easy" think in a worker process (``bot_workers``) and make the same moves as in
  the server process.
"""

import asyncio
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from game.games.hareeja import rules as hareeja
from game.net import spawn
from game.net.server import TableServer
from game.net.store import Store
from helpers import private_hareeja
from wire_client import Client


def start_server(db: str, workers: int = 0) -> tuple[subprocess.Popen, str]:
    options = ["--port", "0", "--db", db, "--bot-delay", "0", "--bot-workers", str(workers)]
    return spawn.start_server([*options, "--loose-limits"])


def kill(proc: subprocess.Popen) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    proc.stdout.close()


def test_a_move_acknowledged_to_a_client_survives_kill_9(tmp_path):
    db = str(tmp_path / "tables.sqlite3")
    rng = random.Random(3)

    async def play_some(url: str, token: str | None, code: str | None, moves: int):
        async with Client(url) as c:
            await c.hello("Ali", token=token)
            if code is None:
                room = await private_hareeja(c)
                code = room["code"]
                await c.send("start")
            else:
                assert (await c.expect("room"))["you"] == 0
            last = await c.play(lambda msg: rng.choice(msg["legal"]), timeout=20, max_actions=moves)
            return c.token, code, last["log"]

    token = code = None
    for _ in range(3):
        proc, url = start_server(db)
        try:
            token, code, acked = asyncio.run(asyncio.wait_for(play_some(url, token, code, 3), 60))
        finally:
            kill(proc)  # at once, right after the acknowledgement
        record = Store(db).table(code)
        assert record["finished"] is None and len(record["log"]) >= acked
        hareeja.Match.replay(record)  # a consistent log
    proc, url = start_server(db)  # and the match goes on to its end
    try:

        async def finish():
            async with Client(url) as c:
                await c.hello("Ali", token=token)
                return await c.play(lambda msg: rng.choice(msg["legal"]), timeout=20)

        assert asyncio.run(asyncio.wait_for(finish(), 120))["view"]["phase"] == "over"
    finally:
        kill(proc)


def test_background_writes_are_batched_and_reads_see_them(tmp_path):
    store = Store(str(tmp_path / "s.sqlite3"), background=True)
    commits: list[int] = []
    store.on_commit = commits.append
    for n in range(200):
        store.save_room(f"R{n:07d}", {"code": f"R{n:07d}", "seats": []})
    assert store.has_code("R0000199")  # a read waits for the writes before it
    assert store.durable == store.queued == 200
    assert len(commits) < 200  # group commits
    store.drop_room("R0000000")
    store.close()  # commits what is queued
    again = Store(str(tmp_path / "s.sqlite3"))
    assert not again.has_code("R0000000") and len(again.rooms()) == 199


def table_record(code: str) -> dict:
    return {
        "code": code,
        "game": "hareeja",
        "players": 4,
        "options": {},
        "seed": 7,
        "deck": None,
        "visibility": "private",
        "turn_seconds": 60,
        "bots": "easy",
        "host": 0,
        "seats": [{"kind": "remote"}] * 4,
        "started": 1.0,
    }


def write_a_busy_lobby(store: Store) -> None:
    """Writes as a busy server queues them: moves of two tables interleaved (more than one
    INSERT's worth), seats and clocks changing on the way, a finish, a table started late."""
    store.save_table(table_record("AAAA0001"))
    store.save_table(table_record("AAAA0002"))
    for n in range(450):
        code = "AAAA0001" if n % 3 else "AAAA0002"
        seats = [{"kind": "remote", "missed": n}] * 4 if n % 50 == 0 else None
        store.record(code, n, [[n % 4, {"type": "play", "card": f"{n}S"}]], seats, {"at": n})
        if n == 300:
            store.save_table(table_record("AAAA0003"))
            store.record("AAAA0003", 0, [[0, {"type": "bid", "n": 1}]], None, None)
    store.finish("AAAA0002", {"result": None, "abandoned": True}, 99.0)


def test_batched_writes_store_exactly_what_one_write_at_a_time_stores(tmp_path):
    batched = Store(str(tmp_path / "b.sqlite3"), background=True)
    write_a_busy_lobby(batched)
    batched.close()
    direct = Store(str(tmp_path / "d.sqlite3"))
    write_a_busy_lobby(direct)
    again = Store(str(tmp_path / "b.sqlite3"))
    for code in ("AAAA0001", "AAAA0002", "AAAA0003"):
        assert again.table(code) == direct.table(code), code
    assert len(again.table("AAAA0001")["log"]) == 300


def test_a_batch_of_moves_alone_commits_as_one_statement_and_stores_the_same(tmp_path):
    """The commonest batch (moves only, no seats or clocks) is committed as one INSERT without
    BEGIN/COMMIT (fewer hand-offs of the GIL); it stores exactly what direct writes store, and
    a move that cannot be written (logged) never takes the others with it."""

    def moves_only(store: Store) -> None:
        for n in range(180):
            code = "AAAA0001" if n % 3 else "AAAA0002"
            store.record(code, n, [[n % 4, {"type": "play", "card": f"{n}S"}]], None, None)

    batched = Store(str(tmp_path / "b.sqlite3"), background=True)
    for code in ("AAAA0001", "AAAA0002"):
        batched.save_table(table_record(code))
    batched.flush()
    transactions = []
    real = batched._transaction

    def counted():
        transactions.append(1)
        return real()

    batched._transaction = counted  # type: ignore[method-assign]
    with batched._lock:  # the writer waits: the moves gather into one batch behind it
        moves_only(batched)
    batched.flush()
    assert batched.durable == batched.queued
    assert transactions == []  # one statement each, no BEGIN ... COMMIT
    with batched._lock:
        batched.record("AAAA0001", 180, [[0, {"bad": {1, 2}}]], None, None)  # not JSON
        batched.record("AAAA0001", 181, [[1, {"type": "play", "card": "1C"}]], None, None)
    batched.flush()
    batched.close()
    direct = Store(str(tmp_path / "d.sqlite3"))
    for code in ("AAAA0001", "AAAA0002"):
        direct.save_table(table_record(code))
    moves_only(direct)
    again = Store(str(tmp_path / "b.sqlite3"))
    assert again.table("AAAA0002") == direct.table("AAAA0002")
    log = again.table("AAAA0001")["log"]
    assert log[:120] == direct.table("AAAA0001")["log"]
    assert log[120:] == [[1, {"type": "play", "card": "1C"}]]  # the bad one alone was lost


def test_hard_bots_think_in_a_worker_process_and_make_the_same_moves():
    async def bots_only(workers: int) -> list:
        srv = await TableServer(
            port=0,
            bot_delay=0,
            tick_interval=0.01,
            bot_workers=workers,
            seeds=lambda: 99,
            rate=(100_000, 100_000.0),
        ).start()
        srv.lobby.bots.think_cap = 60.0  # no easy fallback on a busy machine: same moves
        srv.lobby.requests.secrets = lambda: bytes(32)  # the same deals in both runs
        try:
            async with (
                Client(f"ws://127.0.0.1:{srv.port}") as host,
                Client(f"ws://127.0.0.1:{srv.port}") as other,
            ):
                await host.hello("Host")
                await private_hareeja(host, bots="hard")
                await host.send("start")
                await host.expect("events")
                await host.request("leave", "left")  # TB-9: four hard bots play on
                await other.hello("Other")
                room = next(iter(srv.lobby.rooms.values()))
                for _ in range(3000):
                    if len(room.table.match.log) >= 12:
                        break
                    assert (await other.request("ping", "pong"))["t"] == "pong"
                    await asyncio.sleep(0.01)
                return room.table.match.log[:12]
        finally:
            await srv.close()

    in_worker = asyncio.run(asyncio.wait_for(bots_only(1), 120))
    in_process = asyncio.run(asyncio.wait_for(bots_only(0), 120))
    assert len(in_worker) == 12 and in_worker == in_process


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_bot_workers_exit_when_their_server_is_killed(tmp_path):
    proc, url = start_server(str(tmp_path / "w.sqlite3"), workers=2)

    async def a_hard_table() -> None:  # the workers start with the first hard bot move
        async with Client(url) as c:
            await c.hello("Ali")
            await private_hareeja(c, bots="hard")
            await c.send("start")
            await c.expect("events")

    try:
        asyncio.run(asyncio.wait_for(a_hard_table(), 60))
        workers: list[int] = []
        for _ in range(300):  # spawned on the first bot move: wait for them (bounded)
            workers = [p for p in spawn.children(proc.pid) if alive(p)]
            if len(workers) >= 2:
                break
            time.sleep(0.1)
        assert len(workers) >= 2, workers
    finally:
        kill(proc)
    for _ in range(150):  # at most 15 s
        if not any(alive(p) for p in workers):
            break
        time.sleep(0.1)
    left = [p for p in workers if alive(p)]
    for pid in left:  # never leave them behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"bot workers {left} outlived their server"


def test_frames_wait_for_their_commit_and_one_commit_writes_them_in_one_system_call():
    """The durable gate: no frame is written before the store writes queued before it are
    committed; the frames one commit frees go out in order, as one write to the transport."""
    import asyncio

    from websockets.protocol import State

    from game.net.sockets import DurableGate, _Conn, frame_header

    class Queue:  # the store as the gate sees it: writes queued and committed
        queued = 0
        durable = 0

    class Transport:
        def __init__(self):
            self.writes = []

        def write(self, data):
            self.writes.append(data)

        def get_write_buffer_size(self):
            return 0

    class Socket:
        transport = Transport()
        state = State.OPEN

    async def body():
        store, ws = Queue(), Socket()
        gate = DurableGate(store)
        conn = _Conn(ws, gate=gate)
        frames = []
        for n in range(3):
            store.queued += 1  # a move recorded, then its frame sent
            conn.send({"t": "pong", "n": n})
            frames.append(b'{"t":"pong","n":%d}' % n)
        assert ws.transport.writes == []  # nothing is durable yet
        gate.committed(2)
        assert ws.transport.writes == [b"".join(frame_header(len(f)) + f for f in frames[:2])]
        gate.committed(3)
        assert ws.transport.writes[1:] == [frame_header(len(frames[2])) + frames[2]]

    asyncio.run(asyncio.wait_for(body(), 5))


def test_a_server_told_to_stop_closes_its_connections_and_exits_cleanly(tmp_path):
    """SIGTERM (a service manager's stop): the server closes every connection with 1001
    (going away, so clients reconnect), commits what it was given, stops its bot workers and
    exits 0, instead of dying where it stood."""
    db = str(tmp_path / "stop.sqlite3")
    proc, url = start_server(db, workers=2)

    async def seated_then_stopped() -> tuple[str, int | None]:
        async with Client(url) as c:
            await c.hello("Ali")
            room = await private_hareeja(c, bots="hard")
            await c.send("start")
            await c.expect("events")
            proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(c.closed.wait(), 20)
            return room["code"], c.close_code

    try:
        code, close_code = asyncio.run(asyncio.wait_for(seated_then_stopped(), 60))
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            kill(proc)
    assert close_code == 1001
    assert Store(db).table(code)["finished"] is None  # kept, to resume at the next start
