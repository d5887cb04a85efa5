"""The public directory in Redis across a rolling upgrade (game/net/cluster.py,
game/net/redis_store.py): ``NS:open`` keeps the previous version's meaning, every entry a table
one may join, in the previous entry format (the list's, no stage); a public table at any other
stage (full, live, over) is in ``NS:public`` instead, moved between the two in one script.
So a process of the previous version (which reads ``NS:open`` and its ``list``/``unlist``
messages alone, as :class:`OldMirror` here does) never lists a full or running table as open,
and this version's mirror, list and watch read both. Two in-process servers, one real
``redis-server`` (skipped with the reason where it is missing)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from cluster_helpers import cluster_servers, fresh_ns, until
from game.net.outgoing import list_entry
from helpers import private_table
from redis_process import missing
from wire_client import Client

if missing():
    pytest.skip(missing(), allow_module_level=True)

QUICK = {"rules": "quick"}


class OldMirror:
    """What a process of the previous version kept of the public list: ``NS:open`` read whole
    at its start, then the ``list``/``unlist``/``drop`` messages of ``NS:dir`` (every entry it
    holds it lists as open to join)."""

    def __init__(self, redis: Any, ns: str) -> None:
        self.redis, self.ns = redis, ns
        self.open: dict[str, Any] = {}
        self.pubsub = redis.pubsub()
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.pubsub.subscribe(f"{self.ns}:dir")
        listed = await self.redis.hgetall(f"{self.ns}:open")
        self.open = {code: json.loads(entry) for code, entry in listed.items()}
        self.task = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        while True:
            message = await self.pubsub.get_message(timeout=1.0)
            if message is None or message.get("type") != "message":
                continue
            msg = json.loads(message["data"])
            if msg["op"] == "list":
                self.open[msg["code"]] = msg["entry"]
            elif msg["op"] in ("unlist", "drop"):
                self.open.pop(msg["code"], None)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        await self.pubsub.aclose()


async def hashes(redis: Any, ns: str, code: str) -> tuple[Any, Any]:
    """``code``'s entries in ``NS:open`` and ``NS:public`` (None where absent), decoded."""
    joinable = await redis.hget(f"{ns}:open", code)
    public = await redis.hget(f"{ns}:public", code)
    return (
        None if joinable is None else json.loads(joinable),
        None if public is None else json.loads(public),
    )


def test_a_full_or_running_table_is_never_in_the_open_hash_and_the_lists_are_unchanged(
    redis_url,
):
    async def body() -> None:
        ns = fresh_ns()
        a, b = await cluster_servers(redis_url, ns, 2)
        redis = a.cluster.redis
        old = OldMirror(redis, ns)
        url_a, url_b = (f"ws://127.0.0.1:{s.port}" for s in (a, b))
        try:
            async with Client(url_a) as host, Client(url_a) as guest, Client(url_b) as eye:
                await host.hello("Host")
                await guest.hello("Guest")
                await eye.hello("Eye")
                made = await private_table(host, "ronda", 2, visibility="auto", options=QUICK)
                code = made["code"]
                room = a.lobby.roster.rooms[code]

                async def at(stage: str) -> None:
                    await until(lambda: b.cluster.open.get(code, {}).get("stage") == stage)
                    await until(lambda: a.store.durable >= a.store.queued)

                async def listed() -> tuple[list[Any], list[Any]]:
                    tables = await eye.request("list", "tables")  # at B
                    return tables["list"], tables["live"]

                # open: in NS:open as the previous version wrote it, listed at B as before
                await at("open")
                await old.start()
                assert await hashes(redis, ns, code) == (list_entry(room), None)
                assert old.open == {code: list_entry(room)}
                assert await listed() == ([list_entry(room)], [])

                # full: out of NS:open (the previous version's mirror drops it), in NS:public
                await guest.request("join", "room", code=code)
                await at("full")
                assert await hashes(redis, ns, code) == (
                    None,
                    {**list_entry(room), "stage": "full"},
                )
                await until(lambda: code not in old.open)
                assert await listed() == ([], [])
                assert (await eye.request("watch", "moved", code=code))["url"] == url_a

                # open again once a seat is free: back in NS:open, out of NS:public
                await guest.request("leave", "left")
                await at("open")
                assert await hashes(redis, ns, code) == (list_entry(room), None)
                await until(lambda: code in old.open)
                assert old.open[code] == list_entry(room)
                assert await listed() == ([list_entry(room)], [])

                # playing: in NS:public as live, on B's list to watch; never open for the old
                await guest.request("join", "room", code=code)
                await host.send("start")
                await host.expect("events")
                await at("live")
                assert await hashes(redis, ns, code) == (
                    None,
                    {**list_entry(room), "stage": "live"},
                )
                await until(lambda: code not in old.open)
                assert await listed() == ([], [list_entry(room)])

                # a process starting now (or reading its mirror again) reads both hashes
                await b.cluster._load_mirror()
                assert b.cluster.open[code] == {**list_entry(room), "stage": "live"}
                assert await listed() == ([], [list_entry(room)])
                fresh = OldMirror(redis, ns)
                await fresh.start()
                assert code not in fresh.open  # the previous version, starting now: not open
                await fresh.close()
        finally:
            await old.close()
            for server in (a, b):
                await server.close()

    asyncio.run(asyncio.wait_for(body(), 60))


def test_a_table_closed_while_full_leaves_neither_hash(redis_url):
    async def body() -> None:
        ns = fresh_ns()
        a, b = await cluster_servers(redis_url, ns, 2)
        redis = a.cluster.redis
        url_a = f"ws://127.0.0.1:{a.port}"
        try:
            async with Client(url_a) as host, Client(url_a) as guest:
                await host.hello("Host")
                await guest.hello("Guest")
                code = (await private_table(host, "ronda", 2, visibility="auto"))["code"]
                await guest.request("join", "room", code=code)
                await until(lambda: b.cluster.open.get(code, {}).get("stage") == "full")
                a.lobby.roster.close(a.lobby.roster.rooms[code], "closed by the test")
                await until(lambda: code not in b.cluster.owner and code not in b.cluster.open)
                await until(lambda: a.store.durable >= a.store.queued)
                assert await hashes(redis, ns, code) == (None, None)
        finally:
            for server in (a, b):
                await server.close()

    asyncio.run(asyncio.wait_for(body(), 60))


def test_a_previous_version_s_open_entry_is_listed_here_as_joinable(redis_url):
    """The other way round: a process of the previous version writes ``NS:open`` and
    publishes ``list`` with an entry that has no stage; this version lists it to join (from
    the message, and from the hash when it reads its mirror again) and drops it at ``unlist``."""

    async def body() -> None:
        ns = fresh_ns()
        [b] = await cluster_servers(redis_url, ns, 1)
        redis = b.cluster.redis
        code = "ZZQK7MW3"
        entry = {
            "code": code,
            "game": "ronda",
            "players": 2,
            "options": {},
            "visibility": "auto",
            "turn_seconds": None,
            "hints": False,
            "seated": 1,
            "host": "Old",
            "watchable": True,
        }

        async def published(op: str, **data: Any) -> None:
            message = {"op": op, "from": "oldproc", **data}
            await redis.publish(f"{ns}:dir", json.dumps(message))

        try:
            async with Client(f"ws://127.0.0.1:{b.port}") as eye:
                await eye.hello("Eye")
                await redis.hset(f"{ns}:procs", "oldproc", "ws://127.0.0.1:1")
                await redis.hset(f"{ns}:owner", code, "oldproc")
                await published("own", code=code, proc="oldproc")
                await redis.hset(f"{ns}:open", code, json.dumps(entry))
                await published("list", code=code, entry=entry)
                await until(lambda: code in b.cluster.open)
                assert b.cluster.open[code] == {**entry, "stage": "open"}
                assert (await eye.request("list", "tables"))["list"] == [entry]
                await b.cluster._load_mirror()
                assert b.cluster.open[code] == {**entry, "stage": "open"}
                await redis.hdel(f"{ns}:open", code)  # it went full there
                await published("unlist", code=code)
                await until(lambda: code not in b.cluster.open)
                assert (await eye.request("list", "tables"))["list"] == []
        finally:
            await b.close()

    asyncio.run(asyncio.wait_for(body(), 60))
