"""The table store on Redis, for several server processes (server only; ``redis`` asyncio API).

The same methods as :class:`game.net.store.Store` with ``background=True``: every write is
queued and returns at once; a writer task sends what is queued to Redis in one ``MULTI/EXEC``
(group commit) and reports it committed (``durable``, ``on_commit``), so the server's rule "no
frame before the writes ahead of it are durable" holds as with SQLite. (Redis's own durability
is its configuration: with ``appendonly yes`` and ``appendfsync everysec`` a crash of Redis
itself can lose up to a second; a crash of a server process loses nothing acknowledged.)

Keys (``NS`` = the namespace, "majlis" by default):

- ``NS:t:CODE`` hash: ``record`` (the match record without its log, JSON), ``seats``,
  ``clocks``, ``finished``, ``result``; ``NS:log:CODE`` list: the log entries ``[seat,
  action]`` in order; ``NS:room:CODE``: an unstarted room's record;
- ``NS:finished`` sorted set: finished codes by finish time (pruning).

Which process holds which table is :mod:`game.net.cluster`'s business.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from game.core.types import JsonObject

log = logging.getLogger("majlis.store")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class RedisStore:
    """Table records in Redis. ``await start()`` on the server's loop before use."""

    # ``Any``: redis-py types its commands as "a value or an awaitable of one" for both APIs.
    def __init__(self, redis: Any, ns: str = "majlis", wall: Callable[[], float] = time.time):
        self.redis = redis  # a redis.asyncio.Redis (decode_responses=True)
        self.ns = ns
        self.wall = wall
        self.queued = 0
        self.durable = 0
        self.on_commit: Callable[[int], None] | None = None
        self._ops: list[tuple[int, Callable[[Any], None]]] = []
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        self.known: set[str] = set()  # codes this process wrote (has_code)

    async def start(self) -> None:
        self._wake = asyncio.Event()
        self._writer = asyncio.create_task(self._write_forever())

    async def aclose(self) -> None:
        """Send what is queued, stop the writer."""
        await self.drain()
        if self._writer is not None:
            self._writer.cancel()
            await asyncio.gather(self._writer, return_exceptions=True)

    def close(self) -> None:  # the SQLite store's name; the server awaits aclose
        pass

    def key(self, kind: str, code: str) -> str:
        return f"{self.ns}:{kind}:{code}"

    # ----- the writer -------------------------------------------------------------------------
    def _queue(self, op: Callable[[Any], None]) -> None:
        self.queued += 1
        self._ops.append((self.queued, op))
        if self._wake is not None:
            self._wake.set()

    async def _write_forever(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._ops:
                batch, self._ops = self._ops, []
                await self._commit(batch)

    async def _commit(self, batch: list[tuple[int, Callable[[Any], None]]]) -> None:
        while True:
            try:
                async with self.redis.pipeline(transaction=True) as pipe:
                    for _, op in batch:
                        op(pipe)
                    await pipe.execute()
                break
            except Exception:  # Redis away: keep the writes, try again
                log.exception("redis write failed; retrying")
                await asyncio.sleep(0.5)
        self.durable = batch[-1][0]
        if self.on_commit is not None:
            self.on_commit(self.durable)

    async def drain(self, timeout: float = 30.0) -> None:
        """Wait until every write asked for so far is committed."""
        target = self.queued
        end = time.monotonic() + timeout
        while self.durable < target and time.monotonic() < end:
            await asyncio.sleep(0.005)

    def flush(self) -> None:  # sync callers cannot wait on the loop
        pass

    # ----- writes (the Store's methods) --------------------------------------------------------
    def save_table(self, record: JsonObject) -> None:
        code = record["code"]
        self.known.add(code)
        data = dict(record)
        seats = data.pop("seats")
        data.setdefault("started", self.wall())
        self._queue(
            lambda p: p.hset(
                self.key("t", code), mapping={"record": _dump(data), "seats": _dump(seats)}
            )
        )

    def record(
        self,
        code: str,
        first: int,
        entries: list[list[Any]],
        seats: list[JsonObject] | None = None,
        clocks: JsonObject | None = None,
    ) -> None:
        texts = [_dump(entry) for entry in entries]
        fields: dict[str, str] = {}
        if seats is not None:
            fields["seats"] = _dump(seats)
        if clocks is not None:
            fields["clocks"] = _dump(clocks)
        if not texts and not fields:
            return

        def op(p: Any) -> None:
            if texts:
                p.rpush(self.key("log", code), *texts)
            if fields:
                p.hset(self.key("t", code), mapping=fields)

        self._queue(op)

    def finish(self, code: str, result: Any, at: float | None = None) -> None:
        when = self.wall() if at is None else at

        def op(p: Any) -> None:
            p.hset(self.key("t", code), mapping={"finished": _dump(when), "result": _dump(result)})
            p.zadd(f"{self.ns}:finished", {code: when})

        self._queue(op)

    def save_room(self, code: str, record: JsonObject) -> None:
        self.known.add(code)
        self._queue(lambda p: p.set(self.key("room", code), _dump(record)))

    def drop_room(self, code: str) -> None:
        self._queue(lambda p: p.delete(self.key("room", code)))

    def beat(self, at: float) -> None:
        pass  # the cluster's lease says who is alive

    def prune(self, before: float) -> int | None:  # None: the count is not waited for
        asyncio.get_running_loop().create_task(self._prune(before))
        return None

    async def _prune(self, before: float) -> None:
        old = await self.redis.zrangebyscore(f"{self.ns}:finished", 0, before)
        if old:
            await self.redis.delete(*[self.key(k, c) for c in old for k in ("t", "log")])
            await self.redis.zrem(f"{self.ns}:finished", *old)

    # ----- reads --------------------------------------------------------------------------------
    def has_code(self, code: str) -> bool:
        return code in self.known

    def alive(self) -> float | None:
        return None

    def unfinished(self) -> list[JsonObject]:
        return []  # tables come through the cluster's takeover

    def rooms(self) -> list[JsonObject]:
        return []

    async def load_table(self, code: str) -> JsonObject | None:
        """A started table's whole record with its log (what ``Match.replay`` needs)."""
        fields = await self.redis.hgetall(self.key("t", code))
        if not fields or "record" not in fields:
            return None
        out: JsonObject = json.loads(fields["record"])
        out["seats"] = json.loads(fields["seats"])
        for name in ("clocks", "finished", "result"):
            out[name] = json.loads(fields[name]) if name in fields else None
        out["log"] = [json.loads(t) for t in await self.redis.lrange(self.key("log", code), 0, -1)]
        return out

    async def load_room(self, code: str) -> JsonObject | None:
        text = await self.redis.get(self.key("room", code))
        record: JsonObject | None = None if text is None else json.loads(text)
        return record
