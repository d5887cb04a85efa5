"""Per-address and server-wide limits against abuse (pure: the caller passes the time).

:class:`AddressGuard` counts open connections and live tables per address, and limits wrong
room codes per address (with back-off) and for the whole server (see :mod:`game.net.limits`
for the numbers and why they make codes unguessable).
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from .limits import Limits


def address_key(address: str) -> str:
    """The unit a limit applies to: an IPv4 address, or an IPv6 address's /64 network (one
    home or phone gets a whole /64, so counting single IPv6 addresses would count nothing)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass
class _Misses:
    count: float = 0.0  # wrong codes not yet forgiven
    at: float = 0.0  # when count was last updated
    wait_until: float = 0.0  # no join before this


class AddressGuard:
    """Connections, tables and wrong codes per address, and wrong codes server-wide."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.connections: dict[str, int] = {}
        self.tables: dict[str, int] = {}
        self._misses: dict[str, _Misses] = {}
        self._global_tokens = float(limits.global_miss_burst)
        self._global_at = 0.0

    # ----- connections and tables -------------------------------------------------------------
    def open(self, key: str) -> bool:
        """One more connection from ``key``; False (not counted) past the limit."""
        if self.connections.get(key, 0) >= self.limits.connections_per_address:
            return False
        self.connections[key] = self.connections.get(key, 0) + 1
        return True

    def close(self, key: str) -> None:
        left = self.connections.get(key, 0) - 1
        if left > 0:
            self.connections[key] = left
        else:
            self.connections.pop(key, None)

    def may_create(self, key: str) -> bool:
        return self.tables.get(key, 0) < self.limits.tables_per_address

    def table_opened(self, key: str) -> None:
        self.tables[key] = self.tables.get(key, 0) + 1

    def table_closed(self, key: str) -> None:
        left = self.tables.get(key, 0) - 1
        if left > 0:
            self.tables[key] = left
        else:
            self.tables.pop(key, None)

    # ----- joining by code --------------------------------------------------------------------
    def join_wait(self, key: str, now: float) -> float:
        """Seconds ``key`` must wait before a join by code is looked up (0: go ahead)."""
        self._refill(now)
        misses = self._misses.get(key)
        own = max(0.0, misses.wait_until - now) if misses else 0.0
        if own > 0:
            return own
        if self._global_tokens < 1:
            return max(1.0, (1 - self._global_tokens) / self.limits.global_misses_per_second)
        return 0.0

    def missed(self, key: str, now: float) -> None:
        """A join by code named no open table: count it here and server-wide."""
        self._refill(now)
        self._global_tokens -= 1
        misses = self._misses.setdefault(key, _Misses(at=now))
        misses.count = max(0.0, misses.count - (now - misses.at) / self.limits.join_forgive) + 1
        misses.at = now
        over = misses.count - self.limits.join_free_misses
        if over > 0:
            misses.wait_until = now + min(self.limits.join_max_backoff, 2.0**over)

    def _refill(self, now: float) -> None:
        limits = self.limits
        self._global_tokens = min(
            float(limits.global_miss_burst),
            self._global_tokens + (now - self._global_at) * limits.global_misses_per_second,
        )
        self._global_at = now

    def forget_old(self, now: float) -> None:
        """Drop per-address miss records that are fully forgiven (bounded memory)."""
        horizon = self.limits.join_forgive * (self.limits.join_free_misses + 10)
        stale = [k for k, m in self._misses.items() if now >= m.wait_until and now - m.at > horizon]
        for key in stale:
            del self._misses[key]
