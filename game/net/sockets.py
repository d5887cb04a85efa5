"""The server's side of one client connection: frames queued, bounded in bytes, written by a
small task once the store writes before them are committed (server only).

:class:`DurableGate` holds a frame until the store's background writer has committed every
write queued before it (so a move acknowledged to a client survives ``kill -9``);
:class:`_Conn` is what the lobby calls ``send`` on. Frames are encoded once, to UTF-8 bytes
(:mod:`.wire`), and sent as WebSocket text frames.
"""

from __future__ import annotations

import asyncio
import heapq
import logging

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from . import protocol as P
from . import wire
from .limits import OUTBOX_BYTES
from .model import TableStore
from .outbox import Outbox

SLOW_READER = "Too slow reading messages."
log = logging.getLogger("majlis.server")


class DurableGate:
    """Frames wait here until the store writes queued before them are committed (group
    commit off the loop: :class:`game.net.store.Store` with ``background=True``).

    A connection whose next frame waits is held once (a heap by the write it waits for) and
    woken by the commit that makes it durable: one wake-up of its writer per commit, not a
    future per frame."""

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


class _Conn:
    """One client connection as the lobby sees it: ``send`` queues, a writer task writes.

    The queue is bounded in bytes (:class:`Outbox`): a client that stops reading is closed
    with code 1008 and a reason once ``limit`` bytes wait for it, instead of growing memory.
    Frames are encoded once, to UTF-8 bytes (:mod:`.wire`), and sent as text frames."""

    def __init__(
        self, ws: ServerConnection, limit: int = OUTBOX_BYTES, gate: DurableGate | None = None
    ):
        self.ws = ws
        self.closed = False
        self.gate = gate
        self.outbox = Outbox(limit)
        self._ready = asyncio.Event()
        self._held = False  # waiting in the gate for a commit
        self.writer = asyncio.create_task(self._write())
        self.closing: asyncio.Future[None] | None = None  # kept so the task is not collected

    def send(self, msg: P.Message) -> None:
        if self.closed:
            return
        tag = self.gate.tag() if self.gate else 0
        if self.outbox.put(wire.encode(msg), tag):
            self._wake_when_durable(tag)
        else:
            self.closed = True
            self.writer.cancel()
            log.warning(
                "slow reader closed", extra={"event": "slow_reader", "queued": self.outbox.bytes}
            )
            self.closing = asyncio.ensure_future(self.ws.close(1008, SLOW_READER))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close (with a WebSocket close ``code`` and a readable ``reason``) after the queued
        messages are written."""
        if self.closed:
            return
        self.closed = True
        self.outbox.finish(code, reason)
        self._ready.set()

    def wake(self) -> None:
        """The gate: the frame this connection waited for is durable."""
        self._held = False
        self._ready.set()

    def _wake_when_durable(self, tag: int) -> None:
        if self.gate is None or tag <= self.gate.done:
            self._ready.set()
        elif not self._held:
            self._held = True
            self.gate.hold(tag, self)

    async def _write(self) -> None:
        try:
            while True:
                await self._ready.wait()
                self._ready.clear()
                while (tag := self.outbox.first_tag()) is not None:
                    if self.gate is not None and tag > self.gate.done:
                        self._wake_when_durable(tag)  # never ahead of the store
                        break
                    frame, _ = self.outbox.pop()  # type: ignore[misc]
                    if isinstance(frame, tuple):
                        await self.ws.close(*frame)
                        return
                    await self.ws.send(frame, text=True)
        except ConnectionClosed:
            pass
