"""Several server processes, one lobby, through Redis (server only; ``redis`` asyncio API).

A table lives in exactly one process (its moves are handled there, single-threaded, as with
one process). Redis holds what the processes share:

- ``NS:procs`` hash: process id → its WebSocket URL; ``NS:alive:PROC``: the process's lease
  (expires :attr:`Cluster.lease` seconds after its last renewal);
- ``NS:owner`` hash: table code → the process holding it; ``NS:tables:PROC`` set: its codes;
- ``NS:open`` hash: code → the public-list entry of an open public table;
- ``NS:seat`` hash: a player's token key → the code of the table he sits at;
- the records and logs (:class:`game.net.redis_store.RedisStore`).

Every process keeps a mirror of ``owner``, ``open``, ``seat`` and ``procs`` (loaded at start,
then kept current by the ``NS:dir`` channel), so the lobby asks it synchronously: a join by a
code held elsewhere, a ``join_any`` that finds a table elsewhere and a ``hello`` from a player
seated elsewhere are answered ``moved {url, code}`` (the client reconnects there); ``list``
shows every process's open tables. When a process's lease lapses (it died), one other process
claims it and adopts its tables: it replays each log and the table goes on there; its players
reconnect with their tokens (``moved`` sends them to it from any other process).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from game.core.types import JsonObject

if TYPE_CHECKING:
    from .redis_store import RedisStore
    from .rooms import Lobby

log = logging.getLogger("majlis.cluster")


class Cluster:
    """This process's view of the others, and its duties to them."""

    # ``redis: Any``: redis-py types its commands as "a value or an awaitable of one".
    def __init__(
        self,
        redis: Any,
        url: str,
        lobby: Lobby,
        store: RedisStore,
        ns: str = "majlis",
        lease: float = 3.0,
    ):
        self.redis, self.url, self.lobby, self.store = redis, url, lobby, store
        self.ns, self.lease = ns, lease
        self.proc = secrets.token_hex(4)
        self.urls: dict[str, str] = {}
        self.owner: dict[str, str] = {}
        self.open: dict[str, JsonObject] = {}  # code -> its public-list entry
        self.seats: dict[str, str] = {}
        self._out: asyncio.Queue[tuple[str, JsonObject]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None

    def k(self, name: str) -> str:
        return f"{self.ns}:{name}"

    # ----- start and stop ---------------------------------------------------------------------
    async def start(self) -> None:
        self._pubsub = self.redis.pubsub()
        await self._pubsub.subscribe(self.k("dir"))
        self.urls = await self.redis.hgetall(self.k("procs"))
        self.owner = await self.redis.hgetall(self.k("owner"))
        listed = await self.redis.hgetall(self.k("open"))
        self.open = {code: json.loads(entry) for code, entry in listed.items()}
        self.seats = await self.redis.hgetall(self.k("seat"))
        await self.redis.set(self.k(f"alive:{self.proc}"), self.url, px=int(self.lease * 1000))
        await self.redis.hset(self.k("procs"), self.proc, self.url)
        self.urls[self.proc] = self.url
        await self._send("proc", {"proc": self.proc, "url": self.url})
        for job in (self._listen(), self._publish(), self._renew(), self._watch()):
            self._tasks.append(asyncio.create_task(job))

    async def stop(self) -> None:
        """A clean stop: let the queued publications out, give the lease up at once (others
        adopt this process's tables right away)."""
        for _ in range(200):
            if self._out.empty():
                break
            await asyncio.sleep(0.005)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.redis.delete(self.k(f"alive:{self.proc}"))
            await self._pubsub.aclose()

    # ----- what the lobby asks (synchronous, from the mirror) ------------------------------------
    def elsewhere(self, code: str) -> str | None:
        """The URL of the process holding ``code`` if that is another one."""
        proc = self.owner.get(code)
        return self.urls.get(proc) if proc and proc != self.proc else None

    def seated_elsewhere(self, key: str) -> tuple[str, str] | None:
        code = self.seats.get(key)
        url = self.elsewhere(code) if code else None
        return (url, code) if url and code else None

    def remote_open(self, game: str | None) -> list[JsonObject]:
        return [
            entry
            for code, entry in self.open.items()
            if self.owner.get(code) != self.proc and (game is None or entry["game"] == game)
        ]

    # ----- what the lobby tells (mirror now, Redis soon after) -----------------------------------
    def own(self, code: str) -> None:
        self.owner[code] = self.proc
        self._out.put_nowait(("own", {"code": code, "proc": self.proc}))

    def drop(self, code: str) -> None:
        self.owner.pop(code, None)
        self.open.pop(code, None)
        self._out.put_nowait(("drop", {"code": code, "proc": self.proc}))

    def listed(self, code: str, entry: JsonObject | None) -> None:
        """An open public table's list entry (None: not listed any more)."""
        if entry is None:
            if self.open.pop(code, None) is not None:
                self._out.put_nowait(("unlist", {"code": code}))
        elif self.open.get(code) != entry:
            self.open[code] = entry
            self._out.put_nowait(("list", {"code": code, "entry": entry}))

    def seated(self, key: str, code: str | None) -> None:
        if code is None:
            if self.seats.pop(key, None) is not None:
                self._out.put_nowait(("unseat", {"key": key}))
        elif self.seats.get(key) != code:
            self.seats[key] = code
            self._out.put_nowait(("seat", {"key": key, "code": code}))

    # ----- Redis side -----------------------------------------------------------------------------
    async def _publish(self) -> None:
        while True:
            op, data = await self._out.get()
            try:
                await self._send(op, data)
            except Exception:
                log.exception("cluster publish failed")

    async def _send(self, op: str, data: JsonObject) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            if op == "own":
                pipe.hset(self.k("owner"), data["code"], data["proc"])
                pipe.sadd(self.k(f"tables:{data['proc']}"), data["code"])
            elif op == "drop":
                pipe.hdel(self.k("owner"), data["code"])
                pipe.hdel(self.k("open"), data["code"])
                pipe.srem(self.k(f"tables:{data['proc']}"), data["code"])
            elif op == "list":
                pipe.hset(self.k("open"), data["code"], json.dumps(data["entry"]))
            elif op == "unlist":
                pipe.hdel(self.k("open"), data["code"])
            elif op == "seat":
                pipe.hset(self.k("seat"), data["key"], data["code"])
            elif op == "unseat":
                pipe.hdel(self.k("seat"), data["key"])
            pipe.publish(self.k("dir"), json.dumps({"op": op, "from": self.proc, **data}))
            await pipe.execute()

    async def _listen(self) -> None:
        async for message in self._pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                self._apply(json.loads(message["data"]))
            except Exception:
                log.exception("cluster message failed")

    def _apply(self, msg: JsonObject) -> None:
        if msg.get("from") == self.proc:
            return
        op = msg["op"]
        if op == "proc":
            self.urls[msg["proc"]] = msg["url"]
        elif op == "own":
            self.owner[msg["code"]] = msg["proc"]
        elif op == "drop":
            if self.owner.get(msg["code"]) == msg["proc"]:
                self.owner.pop(msg["code"], None)
                self.open.pop(msg["code"], None)
        elif op == "list":
            self.open[msg["code"]] = msg["entry"]
        elif op == "unlist":
            self.open.pop(msg["code"], None)
        elif op == "seat":
            self.seats[msg["key"]] = msg["code"]
        elif op == "unseat":
            self.seats.pop(msg["key"], None)

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await self.redis.set(
                    self.k(f"alive:{self.proc}"), self.url, px=int(self.lease * 1000)
                )
            except Exception:
                log.exception("lease renewal failed")

    async def _watch(self) -> None:
        """Adopt the tables of every process whose lease lapsed."""
        while True:
            await asyncio.sleep(self.lease / 2)
            try:
                procs = await self.redis.hgetall(self.k("procs"))
                self.urls.update(procs)
                for proc in procs:
                    if proc != self.proc and not await self.redis.exists(self.k(f"alive:{proc}")):
                        await self._adopt(proc)
            except Exception:
                log.exception("watching the other processes failed")

    async def _adopt(self, dead: str) -> None:
        claimed = await self.redis.set(self.k(f"claim:{dead}"), self.proc, nx=True, px=60_000)
        if not claimed:
            return
        codes = await self.redis.smembers(self.k(f"tables:{dead}"))
        adopted = 0
        for code in codes:
            record = await self.store.load_table(code)
            if record is not None and record.get("finished") is None:
                adopted += self.lobby.adopt_table(record)
            elif record is None:
                room = await self.store.load_room(code)
                if room is not None:
                    adopted += self.lobby.adopt_room(room)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(self.k(f"tables:{dead}"))
            pipe.hdel(self.k("procs"), dead)
            await pipe.execute()
        log.warning("adopted tables", extra={"event": "adopted", "from": dead, "tables": adopted})
