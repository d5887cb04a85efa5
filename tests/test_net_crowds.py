"""Crowds from many addresses against a real server process.

Each test starts ``python -m game.net.server`` with the default limits on a free port and
talks to it through real sockets, each client bound to its own 127.0.x.y source address (all
of 127/8 is the loopback on Linux), as an attacker with many addresses would; an IPv6 crowd
comes through a trusted proxy's ``X-Forwarded-For``. Loops are bounded and nothing is timed:
the assertions are about who is seated, refused and counted, never about speed (the timing of
bot crowds is bench/bench_load.py --bot-crowd). Rules: TB-1 (private tables by code).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net import spawn
from game.net.limits import (
    BOT_TABLES_PER_ADDRESS,
    BOT_TABLES_PER_NETWORK,
    CONNECTIONS_PER_ADDRESS,
    TABLES_PER_NETWORK,
)
from tests.helpers import run_async
from tests.redis_process import free_port

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="binds 127.0.x.y source addresses (Linux)"
)
RONDA = {"game": "ronda", "players": 4, "visibility": "private", "turn_seconds": None}
METRICS_PORTS: dict[str, int] = {}  # a test server's ws:// address -> its metrics port


@contextlib.contextmanager
def server(*options: str) -> Iterator[str]:
    """A table server process with the default limits: its ws:// address (its ``/metrics``
    on a loopback port of its own, remembered in ``METRICS_PORTS``)."""
    metrics_port = free_port()
    proc, url = spawn.start_server(
        ["--port", "0", "--db", ":memory:", "--bot-workers", "0", "--log-text"]
        + ["--metrics", str(metrics_port), *options]
    )
    METRICS_PORTS[url] = metrics_port
    try:
        yield url
    finally:
        proc.kill()
        proc.wait()


class Seat:
    """One raw WebSocket client from a chosen source address (and, optionally, with headers)."""

    def __init__(self, ws: ClientConnection):
        self.ws = ws

    @classmethod
    async def open(cls, url: str, source: str, headers: dict[str, str] | None = None) -> Seat:
        ws = await connect(url, local_addr=(source, 0), additional_headers=headers, open_timeout=30)
        return cls(ws)

    async def ask(self, kind: str, *replies: str, **fields: Any) -> dict[str, Any]:
        """Send a ``kind`` message; the first reply of one of ``replies``, or an error."""
        await self.ws.send(json.dumps({"t": kind, **fields}))
        async with asyncio.timeout(30):
            while True:
                reply = json.loads(await self.ws.recv())
                if reply["t"] in (*replies, "error"):
                    return reply

    async def hello(self, name: str) -> dict[str, Any]:
        return await self.ask("hello", "welcome", name=name)

    async def close(self) -> None:
        await self.ws.close()


async def admitted(seat: Seat) -> bool:
    """Whether the server kept this socket (True: welcomed) or refused it at once as one too
    many from its address (the reason checked)."""
    try:
        reply = await seat.hello("x")
    except ConnectionClosed:
        reply = {"t": "closed"}
    if reply["t"] == "welcome":
        return True
    assert reply.get("code") == "too_many" or "Too many connections" in (
        seat.ws.close_reason or ""
    ), reply
    return False


async def metric(url: str, name: str) -> float:
    """One figure of the server at ``url``, read where it serves ``/metrics``."""
    reader, writer = await asyncio.open_connection("127.0.0.1", METRICS_PORTS[url])
    writer.write(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    body = (await reader.read()).decode()
    writer.close()
    return next(float(line.split()[-1]) for line in body.splitlines() if line.startswith(name))


# ----- point 4: wrong codes ----------------------------------------------------------------------
def test_TB_1_thirty_addresses_guessing_codes_never_stop_a_friend_with_the_right_code():
    guessers = [f"127.0.1.{i}" for i in range(1, 16)] + [f"127.0.{n}.1" for n in range(2, 17)]

    async def body() -> None:
        with server() as url:
            host = await Seat.open(url, "127.0.50.1")
            await host.hello("Host")
            code = (await host.ask("create", "room", bots="easy", **RONDA))["code"]
            answers: dict[str, int] = {}

            async def guess(source: str) -> None:
                seat = await Seat.open(url, source)
                await seat.hello("Guesser")
                for i in range(40):
                    await asyncio.sleep(0.07)  # as fast as the message rate allows (15/s)
                    reply = await seat.ask("join", "room", code=f"ZZZZZ{i:03d}")
                    answers[reply["code"]] = answers.get(reply["code"], 0) + 1
                await seat.close()

            async def friend() -> int:
                seat = await Seat.open(url, "127.0.60.1")
                await seat.hello("Friend")
                seated = 0
                for _ in range(30):
                    await asyncio.sleep(0.15)  # among the guesses; under the message rate
                    reply = await seat.ask("join", "room", code=code)
                    assert reply["t"] == "room", reply  # never slow_down
                    seated += 1
                    left = await seat.ask("leave", "left")
                    assert left["t"] == "left", left
                return seated

            results = await asyncio.gather(friend(), *(guess(g) for g in guessers))
            assert results[0] == 30  # 30 of 30
            assert answers["slow_down"] > 0 and set(answers) == {"no_room", "slow_down"}
            # looked up: the one-/24 fifteen share 20 free (then the network backs off), the
            # fifteen lone ones 5 each (then each backs off); a few more as back-offs run out
            assert answers["no_room"] < 300, answers
            await host.close()

    run_async(body(), 180)


# ----- point 4: tables ----------------------------------------------------------------------------
def crowd_headers(i: int) -> dict[str, str]:
    return {"X-Forwarded-For": f"2001:db8:0:12{i:02x}::1"}  # 250 /64s of one home's /56


@pytest.mark.parametrize("crowd", ["ipv4 /24", "ipv6 /56 through a proxy"])
def test_250_addresses_creating_and_leaving_tables_never_stop_newcomers(crowd):
    ipv6 = crowd.startswith("ipv6")

    async def body() -> None:
        with server(*(["--trust-proxy", "127.0.0.1"] if ipv6 else [])) as url:
            ramp = asyncio.Semaphore(20)
            refused: list[dict[str, Any]] = []

            async def create_and_leave(i: int) -> None:
                async with ramp:
                    if ipv6:
                        seat = await Seat.open(url, "127.0.0.1", crowd_headers(i))
                    else:
                        seat = await Seat.open(url, f"127.0.1.{i + 1}")
                    await seat.hello("Zombie")
                    reply = await seat.ask("create", "room", bots="easy", **RONDA)
                    if reply["t"] != "room":
                        refused.append(reply)
                    await seat.close()  # disconnected: the table waits, nobody at it

            async def newcomer(source: str, headers: dict[str, str] | None = None) -> None:
                seat = await Seat.open(url, source, headers)
                await seat.hello("Newcomer")
                reply = await seat.ask("create", "room", bots="easy", **RONDA)
                assert reply["t"] == "room", reply  # never too_many
                assert (await seat.ask("leave", "left"))["t"] == "left"
                await seat.close()

            for wave in range(2):  # 250 addresses x 2 tables: five times the network's quota
                await asyncio.gather(*(create_and_leave(i) for i in range(250)))
                await newcomer(f"127.0.{100 + wave}.1")  # another network
                if ipv6:  # another home, through the proxy
                    await newcomer("127.0.0.1", {"X-Forwarded-For": f"2001:db8:0:130{wave}::1"})
                else:  # the crowd's own network: its oldest quiet table makes room
                    await newcomer("127.0.1.251")
            assert refused == []  # each quiet table ended for the next, the crowd's own too
            waiting = await metric(url, 'majlis_tables{state="unstarted"}')
            assert waiting <= TABLES_PER_NETWORK  # of the 500, the network holds its quota

    run_async(body(), 300)


# ----- point 4: tables with bots -----------------------------------------------------------------
def test_bot_tables_from_25_addresses_are_held_to_their_quotas_and_a_person_still_plays():
    one_network = [f"127.0.1.{i}" for i in range(1, 21)]  # 20 addresses of one /24
    lone = [f"127.0.{n}.1" for n in range(2, 7)]  # 5 addresses, each its own /24
    ronda2 = {**RONDA, "players": 2}

    async def body() -> None:
        with server("--bot-delay", "5") as url:  # slow bots: the matches outlive the test

            async def start_many(source: str) -> int:
                seat = await Seat.open(url, source)
                await seat.hello("Crowd")
                started = 0
                for _ in range(10):
                    await seat.ask("create", "room", bots="easy", **ronda2)
                    reply = await seat.ask("start", "room")
                    if reply["t"] == "room":  # started: the bot takes his seat too (TB-9)
                        started += 1
                    else:
                        assert reply["code"] == "too_many", reply
                    assert (await seat.ask("leave", "left"))["t"] == "left"
                await seat.close()
                return started

            counts = await asyncio.gather(*(start_many(a) for a in one_network + lone))
            assert sum(counts[:20]) == BOT_TABLES_PER_NETWORK  # the /24's twenty share 16
            assert counts[20:] == [BOT_TABLES_PER_ADDRESS] * 5  # each lone address its 4
            person = await Seat.open(url, "127.0.70.1")
            await person.hello("Person")
            await person.ask("create", "room", bots="easy", **ronda2)
            assert (await person.ask("start", "room"))["t"] == "room"
            async with asyncio.timeout(60):
                while not json.loads(await person.ws.recv()).get("legal"):
                    pass  # his turn came: he plays among 36 bot tables
            await person.close()

    run_async(body(), 240)


# ----- point 5: --trust-proxy, through appending proxies ------------------------------------------
class AppendingProxy:
    """A reverse proxy as nginx with ``$proxy_add_x_forwarded_for`` is one: it appends the
    address it was connected from to ``X-Forwarded-For`` and connects on from its own
    address (``source``), then carries the bytes both ways."""

    def __init__(self, source: str, upstream: str):
        self.source = source
        self.target = upstream.removeprefix("ws://").split(":")
        self.server: asyncio.Server | None = None

    async def __aenter__(self) -> str:
        self.server = await asyncio.start_server(self._serve, self.source, 0)
        return f"ws://{self.source}:{self.server.sockets[0].getsockname()[1]}"

    async def __aexit__(self, *exc: Any) -> None:
        assert self.server is not None
        self.server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = writer.get_extra_info("peername")[0]
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        lines, forwarded = [head[0]], []
        for line in head[1:]:
            if line.lower().startswith("x-forwarded-for:"):
                forwarded.append(line.split(":", 1)[1].strip())
            elif line:
                lines.append(line)
        lines.append("X-Forwarded-For: " + ", ".join([*forwarded, client]))
        up_reader, up_writer = await asyncio.open_connection(
            self.target[0], int(self.target[1]), local_addr=(self.source, 0)
        )
        up_writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.close()


async def welcomed(url: str, source: str, count: int, forged: bool = True) -> int:
    """Of ``count`` sockets from ``source`` (each with a forged ``X-Forwarded-For`` naming
    another address, as a crowd would), how many the server kept open at once."""
    seats = []
    for i in range(count):
        headers = {"X-Forwarded-For": f"10.9.{i}.1, 127.0.0.1"} if forged else None
        seats.append(await Seat.open(url, source, headers))
    kept = [await admitted(seat) for seat in seats]
    for seat in seats:
        await seat.close()
    return sum(kept)


@pytest.mark.parametrize(
    ("trust", "hops"),
    [
        ("", 1),  # a bare --trust-proxy: one proxy
        ("2", 2),
        ("127.0.7.0/24,127.0.8.1", 2),  # the proxies by address
    ],
)
def test_a_forged_forwarded_address_in_front_never_passes_the_cap_behind_appending_proxies(
    trust, hops
):
    async def body() -> None:
        with server("--trust-proxy", *([trust] if trust else [])) as url:
            async with AppendingProxy("127.0.8.1", url) as inner:  # the one next to the server
                outer = AppendingProxy("127.0.7.1", inner) if hops == 2 else None
                async with outer or contextlib.nullcontext(inner) as entry:
                    kept = await welcomed(entry, "127.0.5.1", CONNECTIONS_PER_ADDRESS + 8)
                    assert kept == CONNECTIONS_PER_ADDRESS  # 32 of 40: counted as 127.0.5.1
                    assert await welcomed(entry, "127.0.6.1", 1) == 1  # not as the proxy

    run_async(body(), 120)


def test_a_client_straight_to_the_server_is_counted_by_its_own_address_whatever_it_forwards():
    async def body() -> None:
        for options in ([], ["--trust-proxy", "127.0.7.0/24"]):  # no proxy; a proxy not it
            with server(*options) as url:
                assert await welcomed(url, "127.0.5.1", 40) == CONNECTIONS_PER_ADDRESS
                assert await welcomed(url, "127.0.5.2", 1, forged=False) == 1

    run_async(body(), 120)
