"""Leases: when a process may act on its tables, and when another may take them (pure timing).

Each process renews its lease, ``NS:alive:PROC`` = a counter it raises at every renewal,
every :attr:`Lease.renew_every` (a sixth of the lease, ``L``). Nothing here trusts Redis's
clock (key expiry follows the Redis host's wall clock, which may jump, and keys come back
from the append-only file after a restart): every duration is measured by the process that
relies on it, on its own monotonic clock.

- **The holder** counts its lease from the moment it *sent* the last renewal Redis confirmed
  (the renewal took effect after that moment, never before). It stops acting on its tables
  (:attr:`Lease.pause_after`, ``0.8 L``) when no renewal is confirmed for that long, and at once
  when a renewal or a store write fails: play pauses (moves refused with a retryable
  ``paused`` error, turn clocks and bots stand still). It plays again only after a renewal
  *and then* a check of every table's fence (another process may have adopted some: those it
  drops and hands over).
- **An adopter** (:class:`Watch`) takes another process's tables only after it has itself
  seen that process's counter unchanged for a whole lease ``L``, through reads that all
  succeeded, counted from the *end* of the first read that saw it (that process sent the
  renewal before then). A failed read starts every count again, so an outage of Redis itself
  never counts as the others' silence: when Redis comes back every holder renews within
  ``L/6`` and nobody adopts anything. The adoption itself (:data:`game.net.fencing.TAKE`)
  checks in Redis, atomically, that the counter is still the one seen, and gives each table a
  new epoch.

The margins, with ``L`` = 3 s: the holder renews every 0.5 s and stops at most 2.4 s
(``0.8 L``: four renewals missed, so a busy event loop or a slow Redis does not pause play;
on a 2-core machine at load 7-18 with 300 busy tables, ``L/2`` and ``2L/3`` paused play now
and then) after its last confirmed renewal was sent; an adopter adopts 3 s (``L``) at least
after that, so 0.6 s separate them. What can eat into that: the monotonic clocks' rates (NTP
slews them at most 0.05 %, 1.5 ms over 3 s), nothing else, because the holder's event loop
being stalled only delays its acting: each request, tick and bot move checks the time itself
right before acting, so a stalled holder wakes up paused. A machine so loaded that its
renewals take longer than that pauses play now and then: give it a longer ``--lease``.
Even a holder that did act too late could not fork a table: its writes carry its old token
and Redis refuses them (:mod:`game.net.fencing`), and no frame leaves before its write is
stored. The timing keeps the players of a healthy process from seeing a pause; the fence
keeps the logs whole.
"""

from __future__ import annotations

import math


class Lease:
    """This process's lease, as this process knows it."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.confirmed = -math.inf  # when the last renewal Redis confirmed was sent
        self.count = 0  # the value of the last renewal sent

    @property
    def renew_every(self) -> float:
        return self.seconds / 6

    @property
    def pause_after(self) -> float:
        return self.seconds * 0.8

    @property
    def wait(self) -> float:
        """The longest any one Redis call may take before it counts as failed."""
        return self.seconds / 4

    def next_value(self) -> str:
        self.count += 1
        return str(self.count)

    def renewed(self, sent: float) -> None:
        """A renewal sent at ``sent`` was confirmed."""
        self.confirmed = max(self.confirmed, sent)

    def held(self, now: float) -> bool:
        """Whether this process may act on its tables at ``now``."""
        return now - self.confirmed <= self.pause_after


class Watch:
    """What this process saw of the other processes' leases."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self._seen: dict[str, tuple[str, float]] = {}  # proc -> (its lease value, seen since)

    def saw(self, proc: str, value: str, at: float) -> bool:
        """``proc``'s lease read as ``value`` by a read that ended at ``at``: True once it was
        seen unchanged for a whole lease."""
        seen = self._seen.get(proc)
        if seen is None or seen[0] != value:
            self._seen[proc] = (value, at)
            return False
        return at - seen[1] >= self.seconds

    def lost_sight(self) -> None:
        """A read failed: every count starts again."""
        self._seen.clear()

    def forget(self, proc: str) -> None:
        self._seen.pop(proc, None)
