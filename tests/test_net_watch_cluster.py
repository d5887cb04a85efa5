"""Spectators across the processes of a cluster (a real Redis, game/net/cluster.py): a watch sent
to a process that does not hold the table is sent on to its holder with ``moved``, as a join
is; there the same token watches it and sees its moves; the host's "no watching" is stored in
Redis with the table, so the process that adopts it keeps it. Skipped, with the reason,
without ``redis-server`` or the ``redis`` package."""

from __future__ import annotations

import asyncio
import random

import pytest

from cluster_helpers import cluster_servers, fresh_ns, until
from helpers import private_table
from redis_process import missing
from wire_client import Client

if missing():
    pytest.skip(missing(), allow_module_level=True)


def test_a_watch_at_another_process_moves_to_the_holder_and_sees_the_match(redis_url):
    async def body():
        ns = fresh_ns()
        servers = await cluster_servers(redis_url, ns, 2)
        _a, b = servers
        url = [f"ws://127.0.0.1:{s.port}" for s in servers]
        try:
            async with Client(url[0]) as host, Client(url[1]) as eye:
                await host.hello("Host")
                await eye.hello("Eye")
                room = await private_table(
                    host, "ronda", 2, visibility="auto", options={"rules": "quick"}
                )
                code = room["code"]
                await until(lambda: code in b.cluster.owner)
                moved = await eye.request("watch", "room", "moved", code=code)
                assert moved == {"t": "moved", "url": url[0], "code": code}
                assert not b.lobby.watchers.watching  # nothing held at B
                async with Client(moved["url"]) as there:
                    welcome = await there.hello("Eye", token=eye.token)
                    assert welcome["token"] == eye.token
                    seen = await there.request("watch", "room", code=code)
                    assert seen["you"] is None and seen["code"] == code
                    assert (await host.expect("audience"))["count"] == 1
                    await host.send("start")
                    rng = random.Random(3)
                    await host.play(lambda m: rng.choice(m["legal"]), max_actions=2)
                    await until(
                        lambda: sum(f["t"] == "events" for f in there.frames) >= 3, timeout=15
                    )
                    views = [f["view"] for f in there.frames if f["t"] == "events"]
                    assert all(v["you"] is None and not v.get("hand") for v in views)
        finally:
            for s in servers:
                await s.close()

    asyncio.run(asyncio.wait_for(body(), 60))


def test_watching_off_is_kept_in_redis_with_a_started_table(redis_url):
    async def body():
        ns = fresh_ns()
        [srv] = await cluster_servers(redis_url, ns, 1, loose=False)
        try:
            async with Client(f"ws://127.0.0.1:{srv.port}") as host:
                await host.hello("Host")
                room = await private_table(host, "hareeja", 4, visibility="auto")
                await host.send("start")
                await host.expect("events")
                await host.request("allow_watch", "audience", on=False)
                store = srv.store
                await until(lambda: store.durable >= store.queued, timeout=10)
                record = await store.load_table(room["code"])
                assert record is not None and record["watchable"] is False
        finally:
            await srv.close()

    asyncio.run(asyncio.wait_for(body(), 60))
