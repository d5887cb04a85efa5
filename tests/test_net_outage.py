"""One owner per table: Redis killed and restarted mid-match under real server
processes, and a process frozen for longer than its lease (a zombie) whose tables another
adopts. Real ``redis-server`` (append-only file, restarted on the same port and folder), real
``python -m game.net.server`` processes, real sockets, timed tables, bounded waits.

Afterwards: one owner per table (the fence, the directory and the process serving it agree),
every table's log replays from its seed (no "It is not your turn"), and every move a client
was told was made is in it, in its place.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from game.net import spawn
from game.net.model import engine
from redis_process import RedisProcess, missing
from wire_client import Client

if missing():
    pytest.skip(missing(), allow_module_level=True)

import redis

LEASE = 2.0  # seconds (--lease): short, so that an outage of a few leases stays quick
OUTAGE = 3 * LEASE  # Redis stays dead this long: the old code adopted after one lease


class Processes:
    """Server processes on one Redis namespace, their logs in files."""

    def __init__(self, folder: Path, redis_url: str, ns: str):
        self.folder, self.redis_url, self.ns = folder, redis_url, ns
        self.procs: list[subprocess.Popen[bytes]] = []
        self.urls: list[str] = []
        self.logs: list[Path] = []

    def start(self, count: int) -> Processes:
        for i in range(count):
            log = self.folder / f"server{i}.log"
            with log.open("w") as err:
                proc, url = spawn.start_server(
                    ["--port", "0", "--redis", self.redis_url, "--redis-ns", self.ns]
                    + ["--bot-delay", "0", "--bot-workers", "0", "--loose-limits"]
                    + ["--lease", str(LEASE), "--log-text"],
                    stderr=err,
                )
            self.procs.append(proc)
            self.urls.append(url)
            self.logs.append(log)
        return self

    def said(self, i: int) -> str:
        return self.logs[i].read_text()

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGCONT)
                proc.kill()
            proc.wait(10)
            if proc.stdout is not None:
                proc.stdout.close()


class Player:
    """One person at a timed Hareeja table with three bots, playing at random, keeping every
    move the server acknowledged (its place in the log and the action)."""

    def __init__(self, url: str, name: str, seed: int):
        self.url, self.name = url, name
        self.rng = random.Random(seed)
        self.client = Client(url)
        self.code = ""
        self.seat = 0
        self.acked: dict[int, dict[str, Any]] = {}  # log index -> the action
        self.log = 0  # the longest log the server said it had

    async def open(self) -> None:
        await self.client.connect()
        await self.client.hello(self.name)
        room = await self.client.request(
            "create",
            "room",
            game="hareeja",
            players=4,
            bots="easy",
            visibility="private",
            turn_seconds=60,
        )
        assert room["t"] == "room", room
        self.code = room["code"]
        await self.client.request("start", "events")

    def _saw(self, msg: dict[str, Any]) -> None:
        if msg["t"] == "events":
            self.log = max(self.log, msg["log"])

    async def my_turn(self, timeout: float = 20.0) -> dict[str, Any]:
        """The newest ``events`` once it is this seat's turn."""
        end = time.monotonic() + timeout
        msg = self.client.last_events
        while msg is None or not msg["legal"] or msg is not self.client.last_events:
            left = end - time.monotonic()
            assert left > 0, f"{self.code}: never our turn"
            msg = await self.client.expect("events", timeout=left)
            self._saw(msg)
        return msg

    async def play(self, moves: int, timeout: float = 40.0) -> None:
        """``moves`` moves acknowledged. A ``paused`` error (a refusal, or the notice of a
        pause that came while the move waited for the store) is followed by the same move
        again once nothing came for a while; a refusal of that repeat means the first one
        was made (its acknowledgement comes when the store answers)."""
        end = time.monotonic() + timeout
        done = 0
        while done < moves and self.client.last_events["view"]["phase"] != "over":
            msg = await self.my_turn(end - time.monotonic())
            action = self.rng.choice(msg["legal"])
            await self.client.send("act", action=action)
            paused = False
            while True:
                assert time.monotonic() < end, f"{self.code}: the move was never acknowledged"
                try:
                    reply = await self.client.expect("events", "error", timeout=1.0)
                except TimeoutError:
                    if paused:
                        await self.client.send("act", action=action)
                    continue
                if reply["t"] == "error":
                    assert paused or reply["code"] == "paused", reply
                    paused = True
                    continue
                self._saw(reply)
                if reply["by"] == reply["view"]["you"]:
                    self.acked[reply["log"] - 1] = action
                    done += 1
                    break

    async def my_clock(self, after: int = 0, timeout: float = 15.0) -> float:
        """This seat's seconds left, from the newest ``deadline`` received after frame
        ``after`` that gives it one (waits for it)."""
        end = time.monotonic() + timeout
        while True:
            frames = self.client.frames[after:]
            for msg in reversed(frames):
                if msg["t"] == "events":
                    break
                if msg["t"] == "deadline" and msg["remaining"][self.seat] is not None:
                    return float(msg["remaining"][self.seat])
            assert time.monotonic() < end, f"{self.code}: no turn clock received"
            await asyncio.sleep(0.02)


def check_tables(redis_url: str, ns: str, players: list[Player], urls: list[str]) -> None:
    """One owner per table, every log replays from its seed, every acknowledged move in it."""
    r = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        procs = r.hgetall(f"{ns}:procs")
        for p in players:
            fence = r.hget(f"{ns}:fence", p.code)
            holder = fence.split(":")[1]
            assert r.hget(f"{ns}:owner", p.code) == holder, p.code
            assert procs[holder] == p.url, f"{p.code} is fenced for another process"
            fields = r.hgetall(f"{ns}:t:{p.code}")
            record = json.loads(fields["record"])
            record["log"] = [json.loads(e) for e in r.lrange(f"{ns}:log:{p.code}", 0, -1)]
            engine_class, _ = engine("hareeja")
            engine_class.replay(record)  # raises IllegalAction on a forked log
            assert len(record["log"]) >= p.log, f"{p.code}: acknowledged entries missing"
            for index, action in p.acked.items():
                seat, stored = record["log"][index]
                assert seat == 0 and stored == action, f"{p.code} entry {index} changed"
            assert len(p.acked) >= 8
    finally:
        r.close()


@pytest.mark.parametrize("count", [2, 3])
def test_redis_killed_and_restarted_mid_match_pauses_play_and_forks_nothing(tmp_path, count):
    server = RedisProcess(str(tmp_path)).start()
    ns = f"o{random.randrange(1 << 30)}"
    cluster = Processes(tmp_path, server.url, ns).start(count)
    try:

        async def body() -> None:
            players = [
                Player(url, f"P{i}{j}", seed=10 * i + j)
                for i, url in enumerate(cluster.urls)
                for j in range(2)
            ]
            for p in players:
                await p.open()
            await asyncio.gather(*(p.play(4) for p in players))
            before = {}
            for p in players:
                await p.my_turn()
                before[p.code] = await p.my_clock()
            for p in players:
                p.client.drain()

            server.kill()
            killed = time.monotonic()
            for p in players:  # told at once, clocks shown stopped, a move refused
                notice = await p.client.expect("error", timeout=10)
                assert notice["code"] == "paused"
                msg = p.client.last_events
                await p.client.send("act", action=p.rng.choice(msg["legal"]))
                refused = await p.client.expect("error", timeout=10)
                assert refused["code"] == "paused" and "try again" in refused["message"]
            assert [health(url) for url in cluster.urls] == [(503, "play paused\n")] * count
            await asyncio.sleep(max(0.0, killed + OUTAGE - time.monotonic()))
            marks = [len(p.client.frames) for p in players]
            server.start()
            back = time.monotonic()

            resumed = []
            for p, mark in zip(players, marks):  # the turn clock goes on where it stood
                left = await p.my_clock(after=mark)
                resumed.append(time.monotonic() - back)
                ran = before[p.code] - left
                assert ran < 3.0, f"{p.code}: the clock ran {ran:.1f} s through the outage"
            print(
                f"\n{count} processes: {OUTAGE:g} s outage; play resumed {max(resumed):.2f} s "
                "after Redis answered again (slowest table)"
            )
            await asyncio.gather(*(p.play(6) for p in players))
            assert [health(url) for url in cluster.urls] == [(200, "ok\n")] * count
            check_tables(server.url, ns, players, cluster.urls)
            for p in players:
                await p.client.close()

        asyncio.run(asyncio.wait_for(body(), 150))
        for i in range(count):
            said = cluster.said(i)
            assert cluster.procs[i].poll() is None, said
            assert "play paused" in said and "play resumed" in said, said
            assert "adopted tables" not in said and "lost to another" not in said, said
    finally:
        cluster.stop()
        server.kill()


def test_a_process_frozen_past_its_lease_loses_its_table_and_cannot_write_it(tmp_path):
    server = RedisProcess(str(tmp_path)).start()
    ns = f"z{random.randrange(1 << 30)}"
    cluster = Processes(tmp_path, server.url, ns).start(2)
    a = cluster.procs[0]
    try:

        async def body() -> None:
            p = Player(cluster.urls[0], "Zed", seed=3)
            await p.open()
            await p.play(5)
            msg = await p.my_turn()
            await asyncio.sleep(0.5)  # everything the table had to say has come
            for late in p.client.drain():
                p._saw(late)
            msg = p.client.last_events
            os.kill(a.pid, signal.SIGSTOP)  # alive, but silent: its lease lapses
            stopped = time.monotonic()
            r = redis.Redis.from_url(server.url, decode_responses=True)
            try:
                while not r.hget(f"{ns}:fence", p.code).endswith(":" + b_proc(r, ns, cluster)):
                    assert time.monotonic() - stopped < 20, "B never adopted the table"
                    await asyncio.sleep(0.05)
                adopted = time.monotonic() - stopped
                stale = p.rng.choice(msg["legal"])
                await p.client.send("act", action=stale)  # waits in A's socket
                os.kill(a.pid, signal.SIGCONT)
                while True:  # A wakes, finds the table taken and hands the player over
                    reply = await p.client.expect("moved", "error", "events", timeout=15)
                    if reply["t"] == "events":
                        assert reply["log"] <= p.log, "the stale process acknowledged a move"
                    if reply["t"] == "moved":
                        break
                assert reply == {"t": "moved", "url": cluster.urls[1], "code": p.code}
                await asyncio.wait_for(p.client.closed.wait(), 10)
                print(f"\nfrozen process: table adopted {adopted:.2f} s after SIGSTOP")
                token, p.url = p.client.token, reply["url"]
                p.client = Client(reply["url"])  # as the game's client follows ``moved``
                await p.client.connect()
                await p.client.hello("Zed", token=token)
                view = await p.client.expect("events", timeout=10)
                assert view["log"] == p.log  # B goes on from the last stored move
                await p.play(4)
                check_tables(server.url, ns, [p], cluster.urls)
                await p.client.close()
            finally:
                r.close()

        asyncio.run(asyncio.wait_for(body(), 120))
        assert "table lost to another process" in cluster.said(0)
        assert "adopted tables" in cluster.said(1)
    finally:
        cluster.stop()
        server.kill()


def health(url: str) -> tuple[int, str]:
    """``GET /health`` of the server at ``url`` (ws://HOST:PORT): status and body."""
    try:
        with urllib.request.urlopen(url.replace("ws://", "http://") + "/health", timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def b_proc(r: Any, ns: str, cluster: Processes) -> str:
    """The id of the process at the second URL."""
    return next(proc for proc, url in r.hgetall(f"{ns}:procs").items() if url == cluster.urls[1])
