"""The load generators of ``bench_load.py``: light WebSocket players, one process per share.

Why light, and not :class:`wire_client.Client` (the tests' scripted seat): that
client rebuilds every seat's full view from each patch, deep-copies it for the scenes and
checks every message; that is right for a player, but 4,000 of them on the server's own two
cores measured themselves (in the first version of this benchmark the two client processes
used as much CPU as the server). A load client only needs to know when it may act and what
it may do, so each seat here is one raw ``websockets`` connection that reads ``t``, ``by``,
``legal`` and the phase (from the full view or from the top of the view patch) and nothing
else. The wire protocol is the same as the product client's.

Every timestamp is ``time.monotonic()`` (system-wide on Linux, so comparable between the
processes): the parent gives each process a measuring window ``[t0, t1)`` once every table
is seated and its match started; nobody acts before that (the ramp measures connections
alone), then the tables' first moves spread over one pace, and only acts sent inside the
window count.
"""

from __future__ import annotations

import asyncio
import json
import random
import resource
import time
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.client.online import RECONNECT_DELAYS  # the game client's tries after a drop

try:  # faster loops and parsing when installed (requirements-server.txt); plain asyncio else
    import uvloop
except ImportError:  # pragma: no cover - depends on the environment
    uvloop = None
try:
    import orjson

    loads: Callable[[str | bytes], Any] = orjson.loads
except ImportError:  # pragma: no cover - depends on the environment
    loads = json.loads

TABLE = {"game": "hareeja", "players": 4, "visibility": "private", "turn_seconds": None}
RAMP_AT_ONCE = 64  # tables being seated at the same time, per process


def loop_name() -> str:
    return "uvloop" if uvloop is not None else "asyncio"


class Window:
    """The measuring window, shared by a process's tables; ``t0`` unknown until the parent
    says (every process seated), so nothing counts before it."""

    def __init__(self) -> None:
        self.t0 = float("inf")
        self.t1 = float("inf")
        self.go = asyncio.Event()  # every process seated: play (set with t0 and t1)
        self.reconnect = False  # a dropped seat connects again, as the game's client does

    def inside(self, moment: float) -> bool:
        return self.t0 <= moment < self.t1


class Tally:
    """What one client process saw."""

    def __init__(self) -> None:
        self.lat: list[float] = []
        self.handshake: list[float] = []
        self.errors = 0
        self.why = ""
        self.seated = 0
        self.started = 0
        self.acts = 0
        self.back: list[float] = []  # seconds from a drop to the seat's view again
        self.tries = 0  # connections tried after drops
        self.refused = 0  # tables whose start the server refused (a quota: --bot-crowd)

    def error(self, why: str) -> None:
        self.errors += 1
        self.why = self.why or why

    def report(self) -> dict[str, Any]:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return {
            "lat": self.lat,
            "handshake": self.handshake,
            "seated": self.seated,
            "started": self.started,
            "errors": self.errors,
            "why": self.why,
            "back": self.back,
            "tries": self.tries,
            "refused": self.refused,
            "rss": usage.ru_maxrss * 1024,
        }


class Seat:
    """One player's connection: the last turn state it was told."""

    def __init__(self, ws: ClientConnection, url: str = "", name: str = ""):
        self.ws = ws
        self.url, self.name = url, name
        self.token: str | None = None
        self.you: int | None = None
        self.phase = ""
        self.legal: list[Any] = []
        self.sent_at: float | None = None  # an act not yet acknowledged

    async def send(self, **msg: Any) -> None:
        await self.ws.send(json.dumps(msg, separators=(",", ":")))

    async def expect(self, *kinds: str, timeout: float = 60) -> dict[str, Any]:
        """The next message of one of ``kinds`` (others are read past; an ``error`` raises)."""
        async with asyncio.timeout(timeout):
            while True:
                msg = loads(await self.ws.recv())
                if msg["t"] in kinds:
                    return msg
                if msg["t"] == "error":
                    raise RuntimeError(msg.get("message", "error"))

    def absorb(self, msg: dict[str, Any]) -> None:
        """An ``events`` message: the phase, ``you`` and what this seat may do now."""
        view = msg.get("view")
        if view is not None:
            self.phase, self.you = view["phase"], view["you"]
        else:
            patch = msg.get("vd")
            if patch is not None and patch[0] == "d" and "phase" in patch[1]:
                self.phase = patch[1]["phase"][1]
        self.legal = msg["legal"]


async def seat_forever(
    seat: Seat, rng: random.Random, pace: float, clock: list[float], window: Window, tally: Tally
) -> None:
    """Play this seat's turns until the match is over or the window closed."""
    while True:
        timeout = min(3600.0, window.t1 - time.monotonic() + 2)
        if timeout <= 0:
            return
        try:
            async with asyncio.timeout(timeout):
                msg = loads(await seat.ws.recv())
        except TimeoutError:
            return
        except ConnectionClosed:
            if not window.reconnect:
                raise
            await come_back(seat, rng, tally)  # its view came: act on it below if our turn
        else:
            if not heard(seat, msg, window, tally):
                continue
        while seat.legal and seat.sent_at is None:  # our turn (again, after a drop)
            if seat.phase == "over" or time.monotonic() >= window.t1:
                return
            if pace > 0:  # one move per table per ``pace``, even when several seats may act
                due = clock[0] = max(time.monotonic(), clock[0] + pace)
                await asyncio.sleep(due - time.monotonic())
            seat.sent_at = time.monotonic()
            try:
                await seat.send(t="act", action=rng.choice(seat.legal))
            except ConnectionClosed:
                if not window.reconnect:
                    raise
                await come_back(seat, rng, tally)
        if seat.phase == "over" or time.monotonic() >= window.t1:
            return


def heard(seat: Seat, msg: dict[str, Any], window: Window, tally: Tally) -> bool:
    """One message for this seat; True when it was ``events`` (its turn may have come)."""
    kind = msg["t"]
    if kind == "error":
        if window.inside(time.monotonic()):
            tally.error(msg.get("message", "error"))
        seat.sent_at = None
        return False
    if kind != "events":
        return False
    seat.absorb(msg)
    if seat.sent_at is not None and msg["by"] == seat.you:
        if window.inside(seat.sent_at):
            tally.lat.append(time.monotonic() - seat.sent_at)
        seat.sent_at = None
    return True


async def open_seat(url: str, name: str, tally: Tally, source: str | None = None) -> Seat:
    """A connection saying hello (from the loopback address ``source``, 127.0.x.y, when
    given: the server counts its limits per address and per network)."""
    begun = time.monotonic()
    local = (source, 0) if source else None
    ws = await connect(url, compression=None, max_size=None, open_timeout=120, local_addr=local)
    tally.handshake.append(time.monotonic() - begun)
    seat = Seat(ws, url, name)
    await seat.send(t="hello", name=name)
    seat.token = (await seat.expect("welcome"))["token"]
    return seat


async def come_back(seat: Seat, rng: random.Random, tally: Tally) -> None:
    """After a drop, as the game's client does: tries at :data:`RECONNECT_DELAYS` (each spread
    by a quarter), hello with the same token, until the table's view comes (the seat's next
    message then is its own). Raises ConnectionClosed when every try failed."""
    dropped = time.monotonic()
    seat.sent_at = None  # an act on its way when the line dropped is not a sample
    for delay in RECONNECT_DELAYS:
        await asyncio.sleep(delay * rng.uniform(0.75, 1.25))
        tally.tries += 1
        try:
            ws = await connect(seat.url, compression=None, max_size=None, open_timeout=10)
        except (OSError, TimeoutError):
            continue  # the server is not back yet
        seat.ws = ws
        try:
            await seat.send(t="hello", name=seat.name, token=seat.token)
            seat.absorb(await seat.expect("events", timeout=30))
        except (ConnectionClosed, TimeoutError, RuntimeError):
            continue
        tally.back.append(time.monotonic() - dropped)
        return
    raise ConnectionClosed(None, None)


async def sit_down(seats: list[Seat], tally: Tally) -> None:
    """One table: the first seat creates it, the others join, the first starts it."""
    await seats[0].send(t="create", bots="easy", **TABLE)
    room = await seats[0].expect("room")
    for seat in seats[1:]:
        await seat.send(t="join", code=room["code"])
        await seat.expect("room")
    await seats[0].send(t="start")
    tally.started += 1


async def four_people(
    url: str, n: int, pace: float, window: Window, tally: Tally, ramp: asyncio.Semaphore
) -> None:
    """A table of four players, match after match, until the window closes."""
    rng = random.Random(n)
    seats: list[Seat] = []
    try:
        async with ramp:
            for i in range(4):
                seats.append(await open_seat(url, f"p{n}-{i}", tally))
            tally.seated += 1
            await sit_down(seats, tally)
        await window.go.wait()  # nobody plays during the ramp: it measures the connections
        first = rng.random() * pace  # the tables' first moves spread over one pace
        while time.monotonic() < window.t1:
            clock = [time.monotonic() + first - pace]
            first = 0.0
            await asyncio.gather(*(seat_forever(s, rng, pace, clock, window, tally) for s in seats))
            if time.monotonic() >= window.t1:
                break
            for seat in seats:  # the match is over: everyone leaves, and a new one starts
                await seat.send(t="leave")
                await seat.expect("left")
            await sit_down(seats, tally)
    except (ConnectionClosed, OSError, RuntimeError, TimeoutError) as err:
        tally.error(repr(err))  # counted, never hidden
    finally:
        for seat in seats:
            await seat.ws.close()


async def person_and_hard_bots(
    url: str,
    n: int,
    pace: float,
    window: Window,
    tally: Tally,
    ramp: asyncio.Semaphore,
    source: str | None = None,
) -> None:
    """One person and three hard bots: how long the person waits for his turn, from the
    acknowledgement of his move to the message that gives him his next turn. A start the
    server refuses (the bot-table quotas) is counted, and the table given up."""
    rng = random.Random(n)
    seat: Seat | None = None
    try:
        async with ramp:
            seat = await open_seat(url, f"h{n}", tally, source)
            tally.seated += 1
        await window.go.wait()
        await asyncio.sleep(rng.random())  # the tables start spread over a second
        while time.monotonic() < window.t1:
            await seat.send(t="create", bots="hard", **TABLE)
            await seat.expect("room")
            await seat.send(t="start")
            msg: dict[str, Any] | None = await started(seat)
            if msg is None:
                tally.refused += 1
                return
            tally.started += 1
            acked_at = time.monotonic()
            while seat.phase != "over" and time.monotonic() < window.t1:
                if msg is None:
                    wait = min(3600.0, window.t1 - time.monotonic() + 30)
                    msg = await seat.expect("events", timeout=wait)
                seat.absorb(msg)
                if acked_at is None and msg["by"] == seat.you:
                    acked_at = time.monotonic()
                if seat.legal and seat.phase != "over" and acked_at is not None:
                    if window.inside(acked_at):
                        tally.lat.append(time.monotonic() - acked_at)
                    await asyncio.sleep(0.2)  # a quick person
                    await seat.send(t="act", action=rng.choice(seat.legal))
                    acked_at = None
                msg = None
            if time.monotonic() < window.t1:
                await seat.send(t="leave")
                await seat.expect("left")
                seat.phase = ""
    except TimeoutError:
        pass  # the window closed while the person still waited: that wait is not a sample
    except (ConnectionClosed, OSError, RuntimeError) as err:
        tally.error(repr(err))
    finally:
        if seat is not None:
            await seat.ws.close()


async def started(seat: Seat) -> dict[str, Any] | None:
    """After ``start``: the table's first ``events``, or None when the server refused the
    start (a bot-table quota)."""
    try:
        return await seat.expect("events", timeout=60)
    except RuntimeError as refused:
        if "tables with bots" in str(refused):
            return None
        raise


def client_process(
    urls: list[str],
    first: int,
    count: int,
    pace: float,
    hard: bool,
    pipe: Any,
    reconnect: bool = False,
    sources: list[str] | None = None,
) -> None:
    """A process holding tables ``first .. first+count-1``: seats them, says "ready" (with the
    time it took), takes the window ``(t0, t1)`` from the parent, plays, sends its tally.
    ``sources``: with ``hard``, table n's person connects from ``sources[n]``."""
    tally = Tally()
    window = Window()
    window.reconnect = reconnect

    async def main() -> None:
        ramp = asyncio.Semaphore(RAMP_AT_ONCE)
        begun = time.monotonic()
        job: Callable[..., Awaitable[None]] = person_and_hard_bots if hard else four_people
        where = [{"source": sources[n]} if sources else {} for n in range(first + count)]
        tasks = [
            asyncio.create_task(job(urls[n % len(urls)], n, pace, window, tally, ramp, **where[n]))
            for n in range(first, first + count)
        ]
        while (tally.seated if hard else tally.started) < count and not all(
            t.done() for t in tasks
        ):
            await asyncio.sleep(0.05)
        pipe.send(("ready", time.monotonic() - begun))
        loop = asyncio.get_running_loop()
        window.t0, window.t1 = await loop.run_in_executor(None, pipe.recv)
        window.go.set()
        _, late = await asyncio.wait(tasks, timeout=window.t1 - time.monotonic() + 35)
        for task in late:  # a table that hangs past the window (counted as an error)
            tally.error("a table still hung 35 s after the window")
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    if uvloop is not None:
        uvloop.run(main())
    else:
        asyncio.run(main())
    pipe.send(("done", tally.report()))
