"""A scripted seat for the table server: the tests' and benchmarks' asyncio WebSocket client.

The game itself never uses it (natively and in the browser it connects through
:mod:`game.client.connection`) and it is not shipped. Every frame received is decoded with
:func:`game.net.protocol.decode_server` and kept in :attr:`Client.frames`, so a test can check
everything a seat was ever sent.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net import protocol
from game.net.delta import ViewTracker


class Client:
    """``async with Client(url) as c: await c.hello("Ali"); await c.send("list")``."""

    def __init__(
        self, url: str, keep_frames: bool = True, local_addr: tuple[str, int] | None = None
    ):
        """``keep_frames`` False keeps no history in :attr:`frames` (load benchmarks);
        ``local_addr`` the address to connect from (e.g. 127.0.0.2: another loopback
        "address" for the per-address limits)."""
        self.url = url
        self.local_addr = local_addr
        self.keep_frames = keep_frames
        self.ws: ClientConnection | None = None
        self.frames: list[protocol.Message] = []  # everything received, in order
        self.player: str | None = None
        self.token: str | None = None
        self.room: protocol.Message | None = None  # the latest "room"
        self.view: protocol.Message | None = None  # the latest view from "events"
        self.last_events: protocol.Message | None = None  # the newest "events" received
        self.closed = asyncio.Event()
        self.close_code: int | None = None  # the WebSocket close code and reason, once closed
        self.close_reason: str = ""
        self._inbox: asyncio.Queue[protocol.Message] = asyncio.Queue()
        self._views = ViewTracker()  # view patches -> full views (delta.py)
        self._reader: asyncio.Task[None] | None = None

    async def connect(self) -> Client:
        self.ws = await connect(
            self.url,
            compression=None,
            max_size=protocol.MAX_FRAME * 256,
            local_addr=self.local_addr,
        )
        self._reader = asyncio.create_task(self._read())
        return self

    async def __aenter__(self) -> Client:
        return await self.connect()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    @property
    def socket(self) -> ClientConnection:
        if self.ws is None:
            raise RuntimeError("not connected: await connect() first")
        return self.ws

    async def _read(self) -> None:
        ws = self.socket
        try:
            async for text in ws:
                msg = self._views.absorb(protocol.decode_server(text))
                if msg is None:
                    continue
                if self.keep_frames:
                    self.frames.append(msg)
                if msg["t"] == "welcome":
                    self.player, self.token = msg["player"], msg["token"]
                elif msg["t"] == "room":
                    self.room = msg
                elif msg["t"] == "events":
                    self.view = msg["view"]
                    self.last_events = msg
                self._inbox.put_nowait(msg)
        except ConnectionClosed:
            pass
        finally:
            self.close_code, self.close_reason = ws.close_code, ws.close_reason or ""
            self.closed.set()

    # ----- sending -----------------------------------------------------------------------------
    async def send(self, kind: str, **fields: Any) -> None:
        """Send one message of type ``kind`` (checked by :func:`protocol.encode`)."""
        await self.socket.send(protocol.encode({"t": kind, **fields}))

    async def send_raw(self, text: str | bytes) -> None:
        """Send a frame as is (tests of malformed input)."""
        await self.socket.send(text)

    # ----- receiving ---------------------------------------------------------------------------
    async def recv(self, timeout: float = 5.0) -> protocol.Message:
        """The next message."""
        return await asyncio.wait_for(self._inbox.get(), timeout)

    async def expect(self, *kinds: str, timeout: float = 5.0) -> protocol.Message:
        """The next message of one of ``kinds``, skipping others."""

        async def wait() -> protocol.Message:
            while True:
                msg = await self._inbox.get()
                if msg["t"] in kinds:
                    return msg

        return await asyncio.wait_for(wait(), timeout)

    async def latest(self, timeout: float = 5.0) -> protocol.Message:
        """The newest ``events`` message: waits for one, then skips to the last already here
        (an older one's ``legal`` may be stale). Stops at an ``error`` and returns it."""
        msg = await self.expect("events", "error", timeout=timeout)
        if msg["t"] == "error":
            return msg
        for later in self.drain():
            if later["t"] == "error":
                return later
            if later["t"] == "events":
                msg = later
        return msg

    async def play(
        self,
        choose: Callable[[protocol.Message], protocol.Message],
        timeout: float = 10.0,
        max_actions: int | None = None,
    ) -> protocol.Message:
        """Play this client's seat: ``choose(msg)`` picks an action from an ``events`` message
        (its ``view`` and ``legal``). Acts only on the newest ``events`` and waits for its own
        action's events (``by``) before acting again. Starts from the newest ``events`` already
        received. Returns the last ``events`` message at the end of the match, or once
        ``max_actions`` actions were accepted; raises RuntimeError on an ``error``."""
        waiting_ack, done = False, 0
        msg = self.last_events
        if msg is None or msg["view"]["phase"] == "over":
            msg = await self.expect("events", "error", timeout=timeout)
        while True:
            if msg["t"] == "error":
                raise RuntimeError(f"server refused: {msg}")
            if waiting_ack and msg["by"] is not None and msg["by"] == msg["view"].get("you"):
                waiting_ack = False
                done += 1
            if msg["view"]["phase"] == "over" or (
                max_actions is not None and done >= max_actions and not waiting_ack
            ):
                return msg
            if msg["legal"] and not waiting_ack and msg is self.last_events:
                await self.send("act", action=choose(msg))
                waiting_ack = True
            msg = await self.expect("events", "error", timeout=timeout)

    def drain(self) -> list[protocol.Message]:
        """Messages already received and not yet read."""
        out: list[protocol.Message] = []
        while not self._inbox.empty():
            out.append(self._inbox.get_nowait())
        return out

    async def request(
        self, kind: str, *replies: str, timeout: float = 5.0, **fields: Any
    ) -> protocol.Message:
        """Send a message and wait for the first reply of one of ``replies`` (or ``error``).
        Messages received before sending and not read yet are dropped first (they stay in
        :attr:`frames`), so an older message is never taken for the reply."""
        self.drain()
        await self.send(kind, **fields)
        return await self.expect(*replies, "error", timeout=timeout)

    async def hello(self, name: str, token: str | None = None) -> protocol.Message:
        if token is None:
            return await self.request("hello", "welcome", name=name)
        return await self.request("hello", "welcome", name=name, token=token)

    async def create_private(
        self, game: str = "ronda", players: int = 2, bots: str = "easy", **fields: Any
    ) -> protocol.Message:
        """Create a private table with no turn clock, the free seats taken by ``bots``: the
        reply (``room``, or ``error``)."""
        return await self.request(
            "create",
            "room",
            game=game,
            players=players,
            visibility="private",
            turn_seconds=None,
            bots=bots,
            **fields,
        )
