"""The server's side of one client connection: frames written once the store writes before
them are committed, the bytes waiting for a slow client bounded (server only).

:class:`DurableGate` holds a frame until the store's background writer has committed every
write queued before it (so a move acknowledged to a client survives ``kill -9``);
:class:`_Conn` is what the lobby calls ``send`` on. Frames are encoded once, to UTF-8 bytes
(:mod:`.wire`), and sent as WebSocket text frames.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import struct

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from . import protocol, wire
from .limits import OUTBOX_BYTES
from .model import TableStore
from .outbox import Outbox

SLOW_READER = "Too slow reading messages."
log = logging.getLogger("majlis.server")


class DurableGate:
    """Frames wait here until the store writes queued before them are committed (group
    commit off the loop: :class:`game.net.store.Store` with ``background=True``).

    A connection whose next frame waits is held once (a heap by the write it waits for) and
    flushed by the commit that makes it durable."""

    def __init__(self, store: TableStore):
        self.store = store
        self.done = store.durable
        self._held: list[tuple[int, int, _Conn]] = []
        self._order = 0  # ties in the heap: first held, first woken

    def tag(self) -> int:
        """The write a frame queued now must wait for."""
        return self.store.queued

    def hold(self, tag: int, conn: _Conn) -> None:
        """Wake ``conn``'s writer once write ``tag`` is committed."""
        self._order += 1
        heapq.heappush(self._held, (tag, self._order, conn))

    def committed(self, seq: int) -> None:
        """On the loop: writes up to ``seq`` are durable."""
        self.done = max(self.done, seq)
        held = self._held
        while held and held[0][0] <= self.done:
            heapq.heappop(held)[2].wake()


def frame_header(size: int) -> bytes:
    """RFC 6455 section 5.2: a final, unmasked text frame (the server's) of ``size`` bytes."""
    if size < 126:
        return bytes((0x81, size))
    if size < 65536:
        return struct.pack("!BBH", 0x81, 126, size)
    return struct.pack("!BBQ", 0x81, 127, size)


class _Conn:
    """One client connection as the lobby sees it: ``send`` writes, or queues until the store
    writes before the frame are committed (:class:`DurableGate`).

    A durable frame is written at once, by the caller, as one whole WebSocket text frame on
    the connection's transport (websockets reads, pings and closes; every frame a client is
    sent is written here, so no two frames interleave): no task, no future, no wake-up per
    frame — at four frames a move that was a quarter of the server's CPU per move. The bytes
    waiting for a client (queued here and unsent in the transport) are bounded: a client that
    stops reading is closed with code 1008 and a reason once ``limit`` bytes wait for it,
    instead of growing memory."""

    def __init__(
        self, ws: ServerConnection, limit: int = OUTBOX_BYTES, gate: DurableGate | None = None
    ):
        self.ws = ws
        self.closed = False  # nothing more is sent
        self.gate = gate
        self.limit = limit
        self.outbox = Outbox(limit)
        self._held = False  # waiting in the gate for a commit
        self.finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closing: asyncio.Task[None] | None = None  # kept so the task is not collected

    def waiting(self) -> int:
        """Bytes sent to this client and not yet taken by it (queued, or in the transport)."""
        return self.outbox.bytes + self.ws.transport.get_write_buffer_size()

    def send(self, msg: protocol.Message) -> None:
        if self.closed:
            return
        payload = wire.encode(msg)
        frame = frame_header(len(payload)) + payload  # what the socket will carry, every byte
        if self.waiting() + len(frame) > self.limit:
            self._drop_slow_reader()
            return
        tag = self.gate.tag() if self.gate else 0
        self.outbox.put(frame, tag)
        self.flush()

    def send_now(self, msg: protocol.Message) -> None:
        """Written at once, past the frames waiting for the store: only for what acknowledges
        nothing (play paused while a cluster's Redis is away: :mod:`game.net.outage`)."""
        if self.closed or self.ws.state is not State.OPEN:
            return
        payload = wire.encode(msg)
        self.ws.transport.write(frame_header(len(payload)) + payload)

    def hand_over(self, msg: protocol.Message | None, code: int, reason: str) -> None:
        """Another process holds this client's table now: every frame still waiting is
        dropped (it may tell of a move the store refused), ``msg`` (``moved``) is written, and
        the connection closes."""
        if self.closed:
            return
        self.outbox = Outbox(self.limit)
        if msg is not None:
            self.send_now(msg)
        self.closed = True
        self._close_now(code, reason)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close (with a WebSocket close ``code`` and a readable ``reason``) after the queued
        messages are written."""
        if self.closed:
            return
        self.closed = True
        self.outbox.finish(code, reason)
        self.flush()

    def flush(self) -> None:
        """Write every queued frame whose store writes are committed, all in one write (one
        system call however many frames a commit freed); hold for the rest."""
        done = self.gate.done if self.gate else float("inf")
        ready: list[bytes] = []
        closing: tuple[int, str] | None = None
        while (tag := self.outbox.first_tag()) is not None:
            if tag > done:
                if not self._held and self.gate is not None:
                    self._held = True
                    self.gate.hold(tag, self)
                break
            frame, _ = self.outbox.pop()  # type: ignore[misc]
            if isinstance(frame, tuple):
                closing = frame
                break
            ready.append(frame if isinstance(frame, bytes) else frame.encode())
        if ready and self.ws.state is State.OPEN:
            self.ws.transport.write(b"".join(ready))
        if closing is not None:
            self._close_now(*closing)

    def wake(self) -> None:
        """The gate: the frame this connection waited for is durable."""
        self._held = False
        self.flush()

    def _drop_slow_reader(self) -> None:
        self.closed = True
        log.warning("slow reader closed", extra={"event": "slow_reader", "queued": self.waiting()})
        self.outbox = Outbox(self.limit)  # what waited is dropped: the reader is gone
        self._close_now(1008, SLOW_READER)

    def _close_now(self, code: int, reason: str) -> None:
        async def close() -> None:
            try:
                await self.ws.close(code, reason)
            finally:
                if not self.finished.done():
                    self.finished.set_result(None)

        self.closing = asyncio.ensure_future(close())
