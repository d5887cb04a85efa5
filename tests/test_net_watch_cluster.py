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
from game.net.outgoing import list_entry
from game.net.server import TableServer
from helpers import private_table
from redis_process import missing
from tests.test_net_fair import chooser
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


async def two_servers(redis_url):
    ns = fresh_ns()
    return [
        await TableServer(
            port=0,
            bot_delay=0,
            tick_interval=0.01,
            redis_url=redis_url,
            redis_ns=ns,
            rate=(100_000, 100_000.0),
        ).start()
        for _ in range(2)
    ]


QUICK = {"rules": "quick"}


def test_the_live_list_shows_every_process_s_matches_one_may_watch(redis_url):
    """The lobby's "live" list at B names A's public match being played, and only while one
    may watch it: not a private one, not once the host turns watching off, not once over."""

    async def body():
        servers = await two_servers(redis_url)
        a, b = servers
        url = [f"ws://127.0.0.1:{s.port}" for s in servers]
        try:
            async with Client(url[0]) as host, Client(url[0]) as other, Client(url[1]) as eye:
                await host.hello("Host")
                await other.hello("Other")
                await eye.hello("Eye")
                made = await private_table(host, "ronda", 2, visibility="auto", options=QUICK)
                public = made["code"]
                secret = (await private_table(other, "ronda", 2))["code"]
                await host.send("start")
                await other.send("start")
                await host.expect("events")
                await other.expect("events")

                async def live() -> list[str]:
                    return [e["code"] for e in (await eye.request("list", "tables"))["live"]]

                await until(lambda: b.cluster.open.get(public, {}).get("stage") == "live")
                entries = (await eye.request("list", "tables"))["live"]
                assert [e["code"] for e in entries] == [public]
                assert entries == [list_entry(a.lobby.roster.rooms[public])]
                assert secret not in b.cluster.open  # a private code is in no directory
                await host.request("allow_watch", "audience", on=False)
                await until(lambda: not b.cluster.open[public]["watchable"])
                assert await live() == []
                await host.request("allow_watch", "audience", on=True)
                await until(lambda: b.cluster.open[public]["watchable"])
                assert await live() == [public]
                await host.play(chooser(5))
                await until(lambda: b.cluster.open[public]["stage"] == "over")
                assert await live() == []
        finally:
            for s in servers:
                await s.close()

    asyncio.run(asyncio.wait_for(body(), 60))


def test_a_watch_of_a_private_code_held_elsewhere_is_answered_as_a_wrong_code(redis_url):
    """A private table at A watched through B: the same ``no_room`` error (counted as a miss)
    as a code nobody holds, never ``moved``: B learns nothing of it."""

    async def body():
        servers = await two_servers(redis_url)
        a, b = servers
        url = [f"ws://127.0.0.1:{s.port}" for s in servers]
        try:
            async with Client(url[0]) as host, Client(url[1]) as eye:
                await host.hello("Host")
                await eye.hello("Eye")
                code = (await private_table(host, "ronda", 2))["code"]
                await until(lambda: code in b.cluster.owner)
                wrong = "ZZZZ" + code[4:] if not code.startswith("ZZZZ") else "YYYY" + code[4:]
                answers = []
                for asked in (code, wrong):
                    reply = await eye.request("watch", "room", "moved", code=asked)
                    answers.append({**reply, "message": reply["message"].replace(asked, "C")})
                assert answers[0] == answers[1]
                assert answers[0]["t"] == "error" and answers[0]["code"] == "no_room"
                assert not b.lobby.watchers.watching and not a.lobby.watchers.watching
        finally:
            for s in servers:
                await s.close()

    asyncio.run(asyncio.wait_for(body(), 60))


def test_a_table_adopted_from_redis_keeps_its_seats_faces(redis_url):
    """The faces are stored with the seats in Redis too: the process that adopts a table
    (its holder stopped) shows them before the players say hello again."""

    async def body():
        a, b = await two_servers(redis_url)
        try:
            async with Client(f"ws://127.0.0.1:{a.port}") as host:
                await host.request("hello", "welcome", name="Ali", avatar=7)
                code = (await private_table(host, "ronda", 2, visibility="auto"))["code"]
                await host.send("start")
                await host.expect("events")
                await a.store.drain()
            await a.close()  # a clean stop: B adopts its tables at once
            await until(lambda: code in b.lobby.rooms, timeout=20)
            async with Client(f"ws://127.0.0.1:{b.port}") as eye:
                await eye.hello("Eye")
                seen = await eye.request("watch", "room", code=code)
                assert seen["seats"][0]["avatar"] == 7
        finally:
            await b.close()
            await a.close()

    asyncio.run(asyncio.wait_for(body(), 60))
