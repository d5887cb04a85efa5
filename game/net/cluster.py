"""Several server processes, one lobby, through Redis (server only; ``redis`` asyncio API).

A table lives in exactly one process (its moves are handled there, single-threaded, as with
one process), and only that process can write it: every write carries the table's fence
token and Redis refuses a stale one (:mod:`game.net.fencing`). Redis holds what the processes
share:

- ``NS:procs`` hash: process id → its WebSocket URL; ``NS:alive:PROC``: the process's lease, a
  counter it raises at every renewal (:mod:`game.net.lease` says when it counts as lapsed);
- ``NS:fence`` hash: table code → ``EPOCH:PROC``, its holder's token; ``NS:owner`` hash: code
  → the process holding it; ``NS:tables:PROC`` set: its codes;
- ``NS:open`` hash: code → the list entry of a public table one may join (stage ``open``;
  the entry as the list shows it, without its stage); ``NS:public`` hash: code → the entry of
  a public table at any other stage, with its ``stage`` (``full``, ``live`` to watch,
  ``over``; :func:`game.net.roster.stage_of`). A table is in one of the two at most, moved
  between them in one script (:meth:`RedisStore.listed`); no private table is in either. So
  a process of the previous version (it reads ``NS:open`` alone and takes every entry there
  as joinable) still lists only joinable tables during a rolling upgrade;
- ``NS:seat`` hash: a player's token key → the code of the table he sits at;
- ``NS:token_key``: the key every process signs players' tokens with (:mod:`game.net.tokens`);
- the records and logs (:class:`game.net.redis_store.RedisStore`, which also writes the
  directory above, in order with the tables' writes, each change published on ``NS:dir``).

Every process keeps a mirror of ``owner``, ``open`` and ``public`` (one map, each entry with
its stage), ``seat`` and ``procs`` (loaded at start
and after every reconnection, kept current by the ``NS:dir`` channel meanwhile), so the lobby
asks it synchronously: a join by a code held elsewhere, a ``join_any`` that finds a table
elsewhere and a ``hello`` from a player seated elsewhere are answered ``moved {url, code}``;
``list`` shows every process's open tables and the matches one may watch; a ``watch`` of a
public code held elsewhere is answered ``moved``, of a private one as a wrong code is.

While this process cannot renew its lease or write, play pauses (:mod:`game.net.outage`); it
resumes after a renewal and a check of every held table's fence. When another process's lease
lapses (it died, or lost Redis for longer than a lease), one process adopts its tables, each
with a new epoch: it replays each log and the table goes on there; the players reconnect with
their tokens (``moved`` sends them there from any process). A process that learns it lost a
table (a write refused, an ``own`` message, the check after a pause) stops serving it and
hands its players over.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable
from typing import Any, Protocol, TypeVar

from game.core.types import JsonObject

from .fencing import TAKE, check_persistence, holder_of
from .lease import Lease, Watch
from .model import Conn
from .outage import HeldTables, Outage
from .redis_store import RedisStore
from .tokens import TokenMint, cluster_key

log = logging.getLogger("majlis.cluster")
GONE = "gone"  # a lease given up by a clean stop: adopted at once
LEASE_KEPT = 60.0  # seconds a lease key outlives its last renewal in Redis (tidiness only)
T = TypeVar("T")


class LocalLobby(HeldTables, Protocol):
    """What the cluster needs of this process's lobby (:class:`game.net.rooms.Lobby`, which
    knows the cluster only as a :class:`game.net.peers.Directory`)."""

    tokens: TokenMint

    def adopt_table(self, record: JsonObject) -> int: ...
    def adopt_room(self, record: JsonObject) -> int: ...


class Cluster:
    """This process's view of the others, and its duties to them."""

    # ``redis: Any``: redis-py types its commands as "a value or an awaitable of one".
    def __init__(
        self,
        redis: Any,
        url: str,
        lobby: LocalLobby,
        store: RedisStore,
        ns: str = "majlis",
        lease: float = 3.0,
        allow_volatile: bool = False,
    ):
        self.redis, self.url, self.lobby, self.store = redis, url, lobby, store
        self.ns, self.allow_volatile = ns, allow_volatile
        self.proc = secrets.token_hex(6)
        self.lease = Lease(lease)
        self.watch = Watch(lease)
        self.outage = Outage(lobby)
        self.urls: dict[str, str] = {}
        self.owner: dict[str, str] = {}
        self.open: dict[str, JsonObject] = {}  # code -> its public entry, with its stage
        self.seats: dict[str, str] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._checks: set[asyncio.Task[bool]] = set()
        self._unloaded: set[str] = set()  # adopted in Redis, not yet replayed here
        self._unsure = False  # an adoption's answer was lost: Redis may hold more for us

    def k(self, name: str) -> str:
        return f"{self.ns}:{name}"

    # ----- start and stop ---------------------------------------------------------------------
    async def start(self) -> None:
        await check_persistence(self.redis, self.allow_volatile)
        self.lobby.tokens = TokenMint(await cluster_key(self.redis, self.ns))  # one for all
        self.store.proc = self.proc
        self.store.on_lost = self._lost
        self.store.on_trouble = lambda: self._pause("a store write failed")
        sent = time.monotonic()
        await self._renewal(self.lease.next_value())
        self.lease.renewed(sent)
        await self._load_mirror()
        message = {"op": "proc", "from": self.proc, "proc": self.proc, "url": self.url}
        await self.redis.publish(self.k("dir"), json.dumps(message))
        for job in (self._listen_forever(), self._renew_forever(), self._watch_forever()):
            self._tasks.append(asyncio.create_task(job))

    async def stop(self) -> None:
        """A clean stop: the writes queued are stored, then the lease is given up (others
        adopt this process's tables at once: it no longer acts on them)."""
        await self.store.drain(5.0)
        for task in [*self._tasks, *self._checks]:
            task.cancel()
        await asyncio.gather(*self._tasks, *self._checks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self._renewal(GONE)

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
        return self._remote(game, "open")

    def remote_live(self, game: str | None) -> list[JsonObject]:
        return [e for e in self._remote(game, "live") if e["watchable"]]

    def _remote(self, game: str | None, stage: str) -> list[JsonObject]:
        """Other processes' public entries at ``stage`` (without it: as the list shows them),
        of tables some process holds (a process of the previous version, closing a table it
        adopted, leaves its ``NS:public`` entry behind)."""
        return [
            {k: v for k, v in entry.items() if k != "stage"}
            for code, entry in self.open.items()
            if entry.get("stage", "open") == stage
            and self.owner.get(code) not in (None, self.proc)
            and (game is None or entry["game"] == game)
        ]

    def public_elsewhere(self, code: str) -> str | None:
        """The URL of another process holding the public table ``code``; None for a private
        one as for a code nobody holds (the directory lists no private table)."""
        return self.elsewhere(code) if code in self.open else None

    @property
    def paused(self) -> bool:
        """Whether play is paused here (checked against the clock at every call)."""
        self._check_lease()
        return self.outage.active

    def _check_lease(self) -> None:
        if not self.outage.active and not self.lease.held(time.monotonic()):
            self._pause(f"no lease renewal confirmed for {self.lease.pause_after:g} s")

    def refused(self, conn: Conn, kind: str) -> bool:
        """A request refused because play is paused (the client was told)."""
        return self.paused and self.outage.refused(conn, kind)

    # ----- what the lobby tells (mirror now, Redis through the store) ----------------------------
    def own(self, code: str) -> None:
        self.owner[code] = self.proc
        if code not in self.store.tokens:  # a new table (an adopted one has its token)
            self.store.claim(code)

    def drop(self, code: str) -> None:
        self.owner.pop(code, None)
        self.open.pop(code, None)
        self.store.release(code)

    def listed(self, code: str, entry: JsonObject | None) -> None:
        """An open public table's list entry (None: not listed any more)."""
        if entry is None:
            if self.open.pop(code, None) is not None:
                self.store.listed(code, None)
        elif self.open.get(code) != entry:
            self.open[code] = entry
            self.store.listed(code, entry)

    def seated(self, key: str, code: str | None) -> None:
        if code is None:
            old = self.seats.pop(key, None)
            if old is not None:
                self.store.seated(key, old, False)
        elif self.seats.get(key) != code:
            self.seats[key] = code
            self.store.seated(key, code, True)

    # ----- pausing, resuming, losing a table ----------------------------------------------------
    def _pause(self, why: str) -> None:
        self.outage.pause(why)

    def _lost(self, code: str, fence: str | None) -> None:
        """The store refused a write of ``code``, or a check found its fence not ours."""
        holder = holder_of(fence)
        if holder is not None:
            self.owner[code] = holder
        url = self.urls.get(holder) if holder and holder != self.proc else None
        self.store.tokens.pop(code, None)
        self.outage.forget(code, url)

    async def _checked(self, codes: list[str]) -> bool:
        """Each of ``codes`` still fenced by this process's token, else lost. False if Redis
        did not answer."""
        if not codes:
            return True
        try:
            fences = await self._timed(self.redis.hmget(self.k("fence"), codes))
        except Exception:
            return False
        for code, fence in zip(codes, fences):
            token = self.store.tokens.get(code)
            if code in self.lobby.rooms and (token is None or fence != token):
                self._lost(code, fence)
        return True

    async def _timed(self, call: Awaitable[T]) -> T:
        return await asyncio.wait_for(call, self.lease.wait)

    # ----- the lease ------------------------------------------------------------------------------
    async def _renewal(self, value: str) -> None:
        async def renew() -> None:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.set(self.k(f"alive:{self.proc}"), value, px=int(LEASE_KEPT * 1000))
                if value != GONE:
                    pipe.hset(self.k("procs"), self.proc, self.url)
                await pipe.execute()

        # A slow reply still renews from the moment it was sent: waited for as long as it can
        # help (a busy loop reads replies late; the lease's own clock decides the pause).
        await asyncio.wait_for(renew(), self.lease.pause_after)

    async def _renew_forever(self) -> None:
        while True:
            sent = time.monotonic()
            self._check_lease()  # this process may have been away (stopped, starved) too long
            if await self._renewed():
                self.lease.renewed(sent)
            if self.paused:
                await self._try_resume()
            await asyncio.sleep(max(0.0, sent + self.lease.renew_every - time.monotonic()))

    async def _try_resume(self) -> None:
        """Play goes on once renewed, every write stored, and every held table's fence checked
        (those another process took meanwhile are handed over)."""
        if not self._may_resume() or not await self._checked(list(self.lobby.rooms)):
            return
        if self._may_resume():  # still: nothing failed during the check
            self.outage.resume()

    async def _renewed(self) -> bool:
        """One renewal, tried a second time at once (a connection of the pool that a Redis
        restart broke fails once); play pauses if both fail, but not for a slow reply."""
        for attempt in (1, 2):
            try:
                await self._renewal(self.lease.next_value())
                return True
            except TimeoutError:
                return False
            except Exception as err:
                if attempt == 2:
                    self._pause(f"the lease renewal failed ({err})")
        return False

    def _may_resume(self) -> bool:
        """Renewed just now, and every write queued so far stored."""
        store = self.store
        fresh = self.lease.held(time.monotonic())
        return fresh and not store.failing and store.durable >= store.queued

    # ----- the others' leases: adoption ---------------------------------------------------------
    async def _watch_forever(self) -> None:
        """Adopt the tables of every process whose lease lapsed (:class:`Watch`)."""
        while True:
            await asyncio.sleep(self.lease.renew_every)
            if self.paused:
                self.watch.lost_sight()
                continue
            try:
                leases = await self._timed(self._read_leases())
            except Exception:
                self.watch.lost_sight()
                continue
            seen = time.monotonic()
            for proc, value in leases.items():
                if proc != self.proc and (value == GONE or self.watch.saw(proc, value, seen)):
                    await self._adopt(proc, value)
            if self._unsure:
                await self._find_ours()
            if self._unloaded:
                await self._load(sorted(self._unloaded))

    async def _find_ours(self) -> None:
        """After an adoption whose answer was lost: the tables Redis says are ours and this
        process does not hold are loaded (else nobody would serve them)."""
        try:
            codes = sorted(await self._timed(self.redis.smembers(self.k(f"tables:{self.proc}"))))
            fences = await self._timed(self.redis.hmget(self.k("fence"), codes)) if codes else []
        except Exception:
            return
        self._unsure = False
        for code, fence in zip(codes, fences):
            mine = code in self.store.tokens or code in self.store.known  # held, or closed
            if holder_of(fence) == self.proc and not mine:
                self.store.tokens[code] = fence
                self._unloaded.add(code)

    async def _read_leases(self) -> dict[str, str]:
        procs: dict[str, str] = await self.redis.hgetall(self.k("procs"))
        self.urls.update(procs)
        names = list(procs)
        values = await self.redis.mget([self.k(f"alive:{p}") for p in names]) if names else []
        return {proc: value or "" for proc, value in zip(names, values)}

    async def _adopt(self, dead: str, value: str) -> None:
        keys = [self.k(f"alive:{dead}"), self.k(f"tables:{dead}"), self.k(f"tables:{self.proc}")]
        keys += [self.k("fence"), self.k("owner"), self.k("procs")]
        try:
            taken = await self._timed(self.redis.eval(TAKE, 6, *keys, value, dead, self.proc))
        except Exception as err:  # it may have been done all the same: look at ours again
            log.warning("adopting the tables of %s failed (%s)", dead, err)
            self._unsure = True
            return
        self.watch.forget(dead)
        if taken is None:
            return  # it renewed its lease meanwhile: alive
        codes = taken[::2]
        for code, token in zip(codes, taken[1::2]):
            self.store.tokens[code] = token
            if code in self.lobby.rooms:  # an old copy of ours, from before we lost it
                self.outage.forget(code, None)
        self._unloaded.update(codes)
        adopted = await self._load(codes)
        log.warning("adopted tables", extra={"event": "adopted", "from": dead, "tables": adopted})

    async def _load(self, codes: list[str]) -> int:
        """Replay adopted tables here (those Redis did not give yet are tried again later)."""
        adopted = 0
        for code in codes:
            try:
                record = await self._timed(self.store.load_table(code))
                room = None if record else await self._timed(self.store.load_room(code))
            except Exception:
                continue
            self._unloaded.discard(code)
            taken = 0
            if record is not None and record.get("finished") is None:
                taken = self.lobby.adopt_table(record)
            elif room is not None:
                taken = self.lobby.adopt_room(room)
            adopted += taken  # its players connected here were told their seat (reseat.py)
            if code in self.lobby.rooms:
                message = {"op": "own", "from": self.proc, "code": code, "proc": self.proc}
                with contextlib.suppress(Exception):
                    await self.redis.publish(self.k("dir"), json.dumps(message))
            else:  # finished, or nothing to replay: not held any more
                self.store.release(code)
        return adopted

    # ----- the directory mirror -------------------------------------------------------------------
    async def _load_mirror(self) -> None:
        self.urls = {**await self.redis.hgetall(self.k("procs")), self.proc: self.url}
        owners: dict[str, str] = await self.redis.hgetall(self.k("owner"))
        self.owner = {**owners, **dict.fromkeys(self.lobby.rooms, self.proc)}  # ours
        joinable = await self.redis.hgetall(self.k("open"))
        public = await self.redis.hgetall(self.k("public"))
        self.open = {code: json.loads(entry) for code, entry in public.items()}
        for code, entry in joinable.items():  # in both: a previous version's adopter wrote it
            self.open[code] = _joinable(json.loads(entry))
        self.seats = await self.redis.hgetall(self.k("seat"))

    async def _listen_forever(self) -> None:
        """The directory's changes; after every reconnection the whole mirror is read again
        (what was published meanwhile is lost)."""
        first, quiet = True, False
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(self.k("dir"))
                if not first:
                    await self._load_mirror()
                first, quiet = False, False
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        self._apply_safely(message["data"])
            except Exception as err:
                if not quiet:  # once per interruption, not at every try
                    log.warning("directory updates interrupted (%s); subscribing again", err)
                first, quiet = False, True
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(self.lease.renew_every)

    def _apply_safely(self, data: str) -> None:
        try:
            self._apply(json.loads(data))
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
            if msg["code"] in self.lobby.rooms:  # another took a table we hold: check
                check = asyncio.ensure_future(self._checked([msg["code"]]))
                self._checks.add(check)
                check.add_done_callback(self._checks.discard)
        elif op == "drop":
            if self.owner.get(msg["code"]) == msg["proc"]:
                self.owner.pop(msg["code"], None)
                self.open.pop(msg["code"], None)
        elif op == "list":  # a joinable table (NS:open): its entry says no stage
            self.open[msg["code"]] = _joinable(msg["entry"])
        elif op == "public":  # any other stage (NS:public)
            self.open[msg["code"]] = msg["entry"]
        elif op == "unlist":
            self.open.pop(msg["code"], None)
        elif op == "seat":
            self.seats[msg["key"]] = msg["code"]
        elif op == "unseat":
            self.seats.pop(msg["key"], None)


def _joinable(entry: JsonObject) -> JsonObject:
    """An entry of ``NS:open`` (as the previous version wrote it, without its stage) in the
    mirror, where every entry has its stage."""
    return {**entry, "stage": "open"}
