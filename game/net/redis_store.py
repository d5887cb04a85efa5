"""The table store on Redis, for several server processes (server only; ``redis`` asyncio API).

The same methods as :class:`game.net.store.Store` with ``background=True``: every write is
queued and returns at once; a writer task sends what is queued to Redis in one ``MULTI/EXEC``
(group commit) and reports it committed (``durable``, ``on_commit``), so the server's rule "no
frame before the writes ahead of it are durable" holds as with SQLite. Redis must keep an
append-only file (:func:`game.net.fencing.check_persistence`; docs/DEPLOY.md).

Every write of a table is fenced (:mod:`game.net.fencing`): it carries the token this process
holds for the table (``tokens``) and Redis applies it only while the table's fence is still
that token. A write refused so is reported to ``on_lost`` (the code and the fence now) before
the batch is reported committed, so the frames that waited for it (they may tell of a move
that was never stored) are dropped with the table, never sent. The directory the processes
share (owner, the open and public lists, seats; :mod:`game.net.cluster`) is written here too,
in the same order as the tables' writes and with the same retries, each change published on
``NS:dir`` by the script that makes it.

While Redis does not answer, the writer keeps the batch and tries again every
:data:`RETRY_SECONDS` (``failing`` is True meanwhile and ``on_trouble`` is told at once: the
cluster pauses play); a batch is retried whole, which is safe because every write is
idempotent.

Keys (``NS`` = the namespace, "majlis" by default):

- ``NS:t:CODE`` hash: ``record`` (the match record without its log, JSON), ``seats``,
  ``clocks``, ``finished``, ``result``; ``NS:log:CODE`` list: the log entries ``[seat,
  action]`` in order; ``NS:room:CODE``: an unstarted room's record;
- ``NS:finished`` sorted set: finished codes by finish time (pruning);
- ``NS:m:CODE:N``: match ``N`` (1, 2, …) of table ``CODE`` once the next one began (a rematch):
  its whole record with its log, result and finish time (JSON); ``NS:mfinished`` sorted set:
  those ``CODE:N`` by finish time (pruning). The table's own keys hold its latest match, whose
  number is the record's ``match``;
- ``NS:fence`` hash: code → the token of its holder (:mod:`game.net.fencing`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from game.core.types import JsonObject

from .fencing import DONE, MISPLACED, SCRIPT, first_token, plain

log = logging.getLogger("majlis.store")
RETRY_SECONDS = 0.25  # between tries of a batch Redis did not take
Write = tuple[int, str, list[str], list[Any]]  # (its number, the code, its keys, its arguments)
Lost = Callable[[str, str | None], None]  # (code, the fence now) of a write refused


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _no_script(result: Any) -> bool:
    """Redis forgot the script (it restarted): load it and send the batch again."""
    return type(result).__name__ == "NoScriptError"  # redis.exceptions (imported lazily)


class RedisStore:
    """Table records in Redis. ``await start()`` on the server's loop before use."""

    # ``Any``: redis-py types its commands as "a value or an awaitable of one" for both APIs.
    def __init__(self, redis: Any, ns: str = "majlis", wall: Callable[[], float] = time.time):
        self.redis = redis  # a redis.asyncio.Redis (decode_responses=True)
        self.ns = ns
        self.wall = wall
        self.proc = ""  # this process (the cluster sets it before any write)
        self.queued = 0
        self.durable = 0
        self.failing = False  # the last try of a batch failed (Redis away)
        self.on_commit: Callable[[int], None] | None = None
        self.on_lost: Lost = lambda code, fence: None
        self.on_trouble: Callable[[], None] = lambda: None
        self.tokens: dict[str, str] = {}  # code -> the fence token this process holds
        self._ops: list[Write] = []
        self._sha = ""
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        self.known: set[str] = set()  # codes this process wrote (has_code)

    async def start(self) -> None:
        self._sha = await self.redis.script_load(SCRIPT)
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

    def k(self, name: str) -> str:
        return f"{self.ns}:{name}"

    # ----- the writer -------------------------------------------------------------------------
    def _queue(self, code: str, keys: list[str], args: list[Any], token: str | None = None) -> None:
        """Queue a script call for ``code``, fenced by the token held now (a write for a table
        this process does not hold is dropped: it lost it, or closed it)."""
        token = token if token is not None else self.tokens.get(code)
        if token is None:
            log.debug("write for a table not held here dropped", extra={"code": code})
            return
        self.queued += 1
        self._ops.append(
            (self.queued, code, [self.k("fence"), *keys], [args[0], code, token, *args[1:]])
        )
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

    async def _commit(self, batch: list[Write]) -> None:
        tries = 0
        while True:
            try:
                results = await self._send(batch)
                break
            except Exception as err:  # Redis away: keep the writes, try again
                tries += 1
                if tries == 1:  # once more at once: a connection a Redis restart broke
                    continue
                if not self.failing:
                    log.warning("redis write failed; retrying: %s", err)
                self.failing = True
                self.on_trouble()
                await asyncio.sleep(RETRY_SECONDS)
        self.failing = False
        for (_, code, _, args), result in zip(batch, results):
            if result == DONE or self.tokens.get(code) != args[2]:
                continue  # done, or refused for a tenure this process already knows is over
            if isinstance(result, Exception) or result == MISPLACED:
                log.error("a write was refused: %s", result, extra={"code": code})
            self.tokens.pop(code, None)
            # a code another process made first is not this table: nobody to send anyone to
            fenced = isinstance(result, str) and args[0] != "claim"
            self.on_lost(code, result if fenced else None)
        self.durable = batch[-1][0]
        if self.on_commit is not None:
            self.on_commit(self.durable)

    async def _send(self, batch: list[Write]) -> list[Any]:
        """One transaction of the batch's script calls, each one's reply (an error reply as an
        exception); the script is loaded again first if Redis forgot it (a restart). Raises
        when Redis cannot be reached."""
        for _ in range(2):
            async with self.redis.pipeline(transaction=True) as pipe:
                for _, _, keys, args in batch:
                    pipe.evalsha(self._sha, len(keys), *keys, *args)
                results: list[Any] = await pipe.execute(raise_on_error=False)
            if not any(_no_script(r) for r in results):
                return results
            self._sha = await self.redis.script_load(SCRIPT)
        raise RuntimeError("Redis keeps forgetting the fencing script")

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
        t = self.key("t", code)
        self._queue(
            code, [t], ["do", *plain(("HSET", 2, ("record", _dump(data), "seats", _dump(seats))))]
        )

    def record(
        self,
        code: str,
        first: int,
        entries: list[list[Any]],
        seats: list[JsonObject] | None = None,
        clocks: JsonObject | None = None,
    ) -> None:
        if not entries and seats is None and clocks is None:
            return
        keys = [self.key("log", code), self.key("t", code)]
        fields = ["" if seats is None else _dump(seats), "" if clocks is None else _dump(clocks)]
        self._queue(code, keys, ["append", first, *fields, *[_dump(e) for e in entries]])

    def finish(self, code: str, result: Any, at: float | None = None) -> None:
        when = self.wall() if at is None else at
        fields = ("finished", _dump(when), "result", _dump(result))
        commands = plain(("HSET", 2, fields), ("ZADD", 3, (when, code)))
        self._queue(code, [self.key("t", code), self.k("finished")], ["do", *commands])

    def archive(self, code: str, number: int, record: JsonObject) -> None:
        """Match ``number`` is over and the next begins (a rematch): its record is kept as
        ``NS:m:CODE:N``, the table's log, finish and result cleared for the next match."""
        when = record.get("finished") or self.wall()
        keys = [self.key("m", f"{code}:{number}"), self.key("log", code), self.key("t", code)]
        keys += [self.k("finished"), self.k("mfinished")]
        commands = plain(
            ("SET", 2, (_dump(record),)),
            ("DEL", 3, ()),
            ("HDEL", 4, ("finished", "result", "clocks")),
            ("ZREM", 5, (code,)),
            ("ZADD", 6, (when, f"{code}:{number}")),
        )
        self._queue(code, keys, ["do", *commands])

    def watchable(self, code: str, on: bool) -> None:
        """A started table's host let strangers watch it (or not): the adopter reads it."""
        fields = ("watchable", _dump(on))
        self._queue(code, [self.key("t", code)], ["do", *plain(("HSET", 2, fields))])

    def save_room(self, code: str, record: JsonObject) -> None:
        self.known.add(code)
        self._queue(code, [self.key("room", code)], ["do", *plain(("SET", 2, (_dump(record),)))])

    def drop_room(self, code: str) -> None:
        self._queue(code, [self.key("room", code)], ["do", *plain(("DEL", 2, ()))])

    # ----- the directory (game.net.cluster), fenced the same way ------------------------------
    def _published(self, op: str, **data: Any) -> tuple[str, int, tuple[Any, ...]]:
        return ("PUBLISH", 0, (self.k("dir"), _dump({"op": op, "from": self.proc, **data})))

    def claim(self, code: str) -> None:
        """A table created here: its fence (epoch 1) and its owner entry."""
        token = self.tokens[code] = first_token(self.proc)
        message = _dump({"op": "own", "from": self.proc, "code": code, "proc": self.proc})
        keys = [self.k("owner"), self.k(f"tables:{self.proc}")]
        self._queue(code, keys, ["claim", self.proc, self.k("dir"), message], token)

    def release(self, code: str) -> None:
        """A table closed here: its directory entries and fence go (its record stays)."""
        keys = [self.k("owner"), self.k("open"), self.k(f"tables:{self.proc}")]
        keys += [self.key("room", code), self.k("public")]
        commands = plain(
            ("HDEL", 2, (code,)),
            ("HDEL", 3, (code,)),
            ("SREM", 4, (code,)),
            ("DEL", 5, ()),
            ("HDEL", 6, (code,)),
            ("HDEL", 1, (code,)),
            self._published("drop", code=code, proc=self.proc),
        )
        self._queue(code, keys, ["do", *commands])
        self.tokens.pop(code, None)

    def listed(self, code: str, entry: JsonObject | None) -> None:
        """A public table's directory entry, with its ``stage`` (None: not listed any more).

        A joinable one (stage ``open``) goes in ``NS:open`` without its stage, as a process of
        the previous version wrote and reads it (every entry there is a table to join); any
        other stage in ``NS:public``, which that version never reads. One script moves it
        from one hash to the other, and publishes ``list`` or ``unlist`` (the previous
        version's messages, so its mirror drops a table that went full) and, for the others,
        ``public``."""
        keys = [self.k("open"), self.k("public")]
        changes: list[tuple[str, int, tuple[Any, ...]]]
        if entry is None:
            changes = [("HDEL", 2, (code,)), ("HDEL", 3, (code,))]
            changes.append(self._published("unlist", code=code))
        elif entry.get("stage", "open") == "open":
            joinable = {k: v for k, v in entry.items() if k != "stage"}
            changes = [("HSET", 2, (code, _dump(joinable))), ("HDEL", 3, (code,))]
            changes.append(self._published("list", code=code, entry=joinable))
        else:
            changes = [("HDEL", 2, (code,)), ("HSET", 3, (code, _dump(entry)))]
            changes.append(self._published("unlist", code=code))
            changes.append(self._published("public", code=code, entry=entry))
        self._queue(code, keys, ["do", *plain(*changes)])

    def seated(self, key: str, code: str, here: bool) -> None:
        """A player's seat: at ``code`` (``here``), or no longer there."""
        if here:
            commands = plain(("HSET", 2, (key, code)), self._published("seat", key=key, code=code))
            self._queue(code, [self.k("seat")], ["do", *commands])
        else:
            message = _dump({"op": "unseat", "from": self.proc, "key": key})
            args = ["unseat", key, self.k("dir"), message]
            self._queue(code, [self.k("seat")], args, token="")

    def beat(self, at: float) -> None:
        pass  # the cluster's lease says who is alive

    def prune(self, before: float) -> int | None:  # None: the count is not waited for
        asyncio.get_running_loop().create_task(self._prune(before))
        return None

    async def _prune(self, before: float) -> None:
        try:
            old = await self.redis.zrangebyscore(f"{self.ns}:finished", 0, before)
            if old:
                await self.redis.delete(*[self.key(k, c) for c in old for k in ("t", "log")])
                await self.redis.zrem(f"{self.ns}:finished", *old)
            matches = await self.redis.zrangebyscore(f"{self.ns}:mfinished", 0, before)
            if matches:
                await self.redis.delete(*[self.key("m", m) for m in matches])
                await self.redis.zrem(f"{self.ns}:mfinished", *matches)
        except Exception as err:  # Redis away: the next prune does it
            log.warning("pruning finished tables failed: %s", err)

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
        if "watchable" in fields:  # the host changed it after the start
            out["watchable"] = json.loads(fields["watchable"])
        out["log"] = [json.loads(t) for t in await self.redis.lrange(self.key("log", code), 0, -1)]
        return out

    async def load_match(self, code: str, number: int | None = None) -> JsonObject | None:
        """Match ``number`` of ``code`` (by default the latest, :meth:`load_table`)."""
        if number is not None:
            text = await self.redis.get(self.key("m", f"{code}:{number}"))
            if text is not None:
                kept: JsonObject = json.loads(text)
                return kept
        latest = await self.load_table(code)
        if latest is None or (number is not None and latest.get("match", 1) != number):
            return None
        return latest

    async def load_room(self, code: str) -> JsonObject | None:
        text = await self.redis.get(self.key("room", code))
        record: JsonObject | None = None if text is None else json.loads(text)
        return record
