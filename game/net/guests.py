"""The lobby's open connections (:class:`~game.net.model.Guest`) and their limits: how many
per address, a message rate (a sustained flood is closed with a reason), a time to say hello.
Pure Python."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable

from . import protocol
from .guard import AddressGuard
from .limits import FLOOD_CLOSE, FLOOD_FORGIVE, FLOOD_STRIKES
from .model import Conn, Guest

log = logging.getLogger("majlis.lobby")


class Guests:
    """Every open connection's :class:`Guest`, by ``id(conn)``."""

    def __init__(
        self,
        guard: AddressGuard,
        clock: Callable[[], float],
        rate: tuple[int, float],
        rate_clock: Callable[[], float],
        hello_timeout: float,
    ):
        """``clock``: the lobby's (hello timeout); ``rate``: (burst, per second) messages,
        counted on ``rate_clock``."""
        self.guard = guard
        self.clock = clock
        self.rate = rate
        self.rate_clock = rate_clock
        self.hello_timeout = hello_timeout
        self._by_conn: dict[int, Guest] = {}
        self._unwelcomed: OrderedDict[int, Guest] = OrderedDict()  # no hello yet

    def __getitem__(self, key: int) -> Guest:
        return self._by_conn[key]

    def __len__(self) -> int:
        return len(self._by_conn)

    def of(self, conn: Conn) -> Guest | None:
        return self._by_conn.get(id(conn))

    def arrive(self, conn: Conn, address: str) -> bool:
        """A new connection from ``address``; False, and the connection closed with a
        reason, past the per-address limit."""
        if not self.guard.open(address):
            reason = "Too many connections from your address."
            log.warning("connection refused", extra={"event": "refused", "address": address})
            conn.send(protocol.error(reason, "too_many"))
            conn.close(FLOOD_CLOSE, reason)
            return False
        guest = Guest(conn, address, self.clock(), tokens=self.rate[0], refilled=self.rate_clock())
        self._by_conn[id(conn)] = guest
        self._unwelcomed[id(conn)] = guest
        return True

    def depart(self, conn: Conn) -> Guest | None:
        """The connection closed: its guest (None if unknown) leaves the counts."""
        guest = self._by_conn.pop(id(conn), None)
        if guest is not None:
            self._unwelcomed.pop(id(conn), None)
            self.guard.close(guest.address)
        return guest

    def welcomed(self, guest: Guest) -> None:
        """``guest`` said hello: no longer timed."""
        self._unwelcomed.pop(id(guest.conn), None)

    def admit(self, guest: Guest) -> bool:
        """Whether ``guest``'s next message is read; when it is not, the guest was told (and
        after a sustained flood, closed)."""
        if self._allow(guest):
            return True
        conn = guest.conn
        if self._flooding(guest):
            guest.closed = True
            log.warning("flood closed", extra={"event": "flood", "address": guest.address})
            conn.send(
                protocol.error("Too many messages for too long; the connection is closed.", "rate")
            )
            conn.close(FLOOD_CLOSE, "Too many messages for too long.")
        else:
            conn.send(protocol.error("Too many messages; slow down.", "rate"))
        return False

    def _allow(self, guest: Guest) -> bool:
        """Token bucket: ``rate[0]`` messages at once, ``rate[1]`` per second on average."""
        burst, per_second = self.rate
        now = self.rate_clock()
        guest.tokens = min(burst, guest.tokens + (now - guest.refilled) * per_second)
        guest.refilled = now
        if guest.tokens < 1:
            return False
        guest.tokens -= 1
        return True

    def _flooding(self, guest: Guest) -> bool:
        """One more refused message: True once refusals were sustained (``FLOOD_STRIKES``,
        forgiven at ``FLOOD_FORGIVE`` per second), not for a short burst."""
        now = self.rate_clock()
        guest.strikes = max(0.0, guest.strikes - (now - guest.struck) * FLOOD_FORGIVE)
        guest.struck = now
        guest.strikes += 1
        return guest.strikes >= FLOOD_STRIKES

    def close_silent(self, now: float) -> None:
        """Connections that did not say hello in time are closed with a reason."""
        timeout = self.hello_timeout
        while self._unwelcomed:
            key, guest = next(iter(self._unwelcomed.items()))
            if now - guest.opened < timeout:
                return
            del self._unwelcomed[key]
            reason = f"Say hello within {timeout:g} seconds."
            guest.closed = True
            guest.conn.send(protocol.error(reason, "hello_first"))
            guest.conn.close(FLOOD_CLOSE, reason)
