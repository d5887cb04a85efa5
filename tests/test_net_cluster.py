"""Several server processes sharing one lobby through a real Redis (game/net/cluster.py).

A ``redis-server`` (append-only file, as docs/DEPLOY.md requires) is started on 127.0.0.1 on a
free port for this module (skipped, with the reason, when it or the ``redis`` client package is
missing). Three in-process servers show the
public list and joins by code across processes; two real server processes show a process
killed with SIGKILL mid-match whose table another process adopts from the shared log, the
client reconnecting with its token and finishing the match there.
"""

import asyncio
import os
import random
import signal
import time

import pytest

from cluster_helpers import cluster_servers, fresh_ns, start_process, until
from game.client.fair_check import Witness, check, passed
from helpers import private_hareeja, private_table
from redis_process import missing
from wire_client import Client

if missing():
    pytest.skip(missing(), allow_module_level=True)


def test_public_lists_and_joins_by_code_across_three_processes(redis_url):
    async def body():
        ns = fresh_ns()
        servers = await cluster_servers(redis_url, ns, 3)
        _a, b, c = servers
        url = [f"ws://127.0.0.1:{s.port}" for s in servers]
        try:
            async with Client(url[0]) as host, Client(url[1]) as guest, Client(url[2]) as looker:
                await host.hello("Host")
                await guest.hello("Guest")
                await looker.hello("Looker")
                public = await private_table(host, "ronda", 3, visibility="auto")
                code = public["code"]
                await until(lambda: code in c.cluster.open and code in b.cluster.owner)
                listed = await looker.request("list", "tables")  # process C
                assert [t["code"] for t in listed["list"]] == [code]
                assert listed["list"][0]["host"] == "Host"
                moved = await guest.request("join", "room", "moved", code=code)  # process B
                assert moved == {"t": "moved", "url": url[0], "code": code}
                async with Client(moved["url"]) as there:
                    welcome = await there.hello("Guest", token=guest.token)
                    assert welcome["token"] == guest.token  # moved: still the same player
                    seated = await there.request("join", "room", code=code)
                    assert seated["you"] == 1
                await until(lambda: c.cluster.open.get(code, {}).get("seated") == 2)
                anywhere = await looker.request("join_any", "room", "waiting", "moved")
                assert anywhere["t"] == "moved" and anywhere["code"] == code
                private = await host.request("leave", "left")
                assert private["code"] == code
                await until(
                    lambda: (
                        code not in c.cluster.owner
                        or c.cluster.open.get(code, {}).get("seated") == 1
                    )
                )
        finally:
            for s in servers:
                await s.close()

    asyncio.run(asyncio.wait_for(body(), 60))


def test_a_process_killed_mid_match_is_taken_over_and_the_match_finishes(redis_url):
    ns = fresh_ns()
    (a, url_a), (b, url_b) = start_process(redis_url, ns), start_process(redis_url, ns)
    rng = random.Random(5)
    try:

        async def first_half():
            async with Client(url_a) as c:
                await c.hello("Ali")
                room = await private_hareeja(c)
                await c.send("start")
                last = await c.play(lambda m: rng.choice(m["legal"]), max_actions=4)
                frames.extend(c.frames)
                return c.token, room["code"], last["log"]

        frames: list = []  # what the client saw, from both processes
        token, code, acked = asyncio.run(asyncio.wait_for(first_half(), 60))
        os.kill(a.pid, signal.SIGKILL)  # mid-match
        a.wait(10)

        async def second_half():
            deadline = time.monotonic() + 30
            while True:  # B adopts once A's lease lapses
                async with Client(url_b) as c:
                    await c.send("hello", name="Ali", token=token)
                    try:  # before the takeover: moved to A
                        reply = await c.expect("room", "moved", timeout=1.0)
                    except TimeoutError:
                        reply = {}
                    if reply.get("t") == "room" and reply.get("code") == code:
                        fresh = await c.expect("events", timeout=10)
                        assert fresh["log"] >= acked  # nothing acknowledged was lost
                        over = await c.play(lambda m: rng.choice(m["legal"]), timeout=20)
                        await c.expect("reveal")  # the secret the first process committed to
                        frames.extend(c.frames)
                        return over
                assert time.monotonic() < deadline, "no process took the table over"
                await asyncio.sleep(0.2)

        last = asyncio.run(asyncio.wait_for(second_half(), 120))
        assert last["view"]["phase"] == "over"
        witness = Witness(keep=False)  # the same deals in both processes, checked as a client
        for frame in frames:
            getattr(witness, f"on_{frame['t']}", lambda f: None)(frame)
        assert passed(check(witness.record)), check(witness.record)
    finally:
        for proc in (a, b):
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            proc.stdout.close()
