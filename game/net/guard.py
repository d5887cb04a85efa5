"""Per-address and per-network limits against abuse (pure: the caller passes the time).

:class:`AddressGuard` counts open connections per address; live tables and tables playing
with bots per address *and* per network; and limits wrong room codes per address and per
network (with back-off), with a server-wide budget that only ever slows the addresses that
guessed wrong themselves. :mod:`game.net.limits` has the numbers, the prefixes and why they
keep codes unguessable and the server's cap out of reach of a few networks.
"""

from __future__ import annotations

import functools
import ipaddress
from dataclasses import dataclass

from .limits import NETWORK_PREFIX_V4, NETWORK_PREFIX_V6, Limits


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


@functools.lru_cache(maxsize=65536)
def network_key(key: str) -> str:
    """The network an address unit (:func:`address_key`) belongs to: its IPv4 /24 or IPv6 /56
    (:data:`~game.net.limits.NETWORK_PREFIX_V4`, ``_V6``); anything else is its own network."""
    try:
        net = ipaddress.ip_network(key, strict=False)
    except ValueError:
        return key
    prefix = NETWORK_PREFIX_V4 if net.version == 4 else NETWORK_PREFIX_V6
    if net.prefixlen <= prefix:
        return str(net)
    return str(net.supernet(new_prefix=prefix))


@dataclass
class _Misses:
    count: float = 0.0  # wrong codes not yet forgiven
    at: float = 0.0  # when count was last updated
    wait_until: float = 0.0  # no join before this


class MissBudget:
    """Wrong codes of one kind of unit (addresses, or networks): ``free`` of them, then each
    further one doubles the wait before the next join (up to ``max_backoff``); one is
    forgiven every ``forgive`` seconds."""

    def __init__(self, free: int, forgive: float, max_backoff: float):
        self.free, self.forgive, self.max_backoff = free, forgive, max_backoff
        self._misses: dict[str, _Misses] = {}

    def wait(self, key: str, now: float) -> float:
        misses = self._misses.get(key)
        return max(0.0, misses.wait_until - now) if misses else 0.0

    def outstanding(self, key: str, now: float) -> bool:
        """Whether ``key`` has a wrong code not yet forgiven."""
        misses = self._misses.get(key)
        return misses is not None and misses.count - (now - misses.at) / self.forgive > 0

    def miss(self, key: str, now: float) -> bool:
        """Count one wrong code; True when it put ``key`` into back-off for the first time."""
        misses = self._misses.setdefault(key, _Misses(at=now))
        misses.count = max(0.0, misses.count - (now - misses.at) / self.forgive) + 1
        misses.at = now
        over = misses.count - self.free
        if over > 0:
            misses.wait_until = now + min(self.max_backoff, 2.0**over)
        return 0 < over <= 1

    def forget_old(self, now: float) -> None:
        """Drop records that are fully forgiven (bounded memory)."""
        horizon = self.forgive * (self.free + 10)
        stale = [k for k, m in self._misses.items() if now >= m.wait_until and now - m.at > horizon]
        for key in stale:
            del self._misses[key]


class Quota:
    """Live things (table codes) per address and per network, each level with its limit."""

    def __init__(self, per_address: int, per_network: int):
        self.per_address, self.per_network = per_address, per_network
        self.by_address: dict[str, set[str]] = {}
        self.by_network: dict[str, set[str]] = {}

    def full(self, key: str) -> str | None:
        """``"address"`` or ``"network"`` when ``key``'s address or network holds its limit
        (the address first), else None."""
        if len(self.by_address.get(key, ())) >= self.per_address:
            return "address"
        if len(self.by_network.get(network_key(key), ())) >= self.per_network:
            return "network"
        return None

    def held(self, key: str, scope: str) -> set[str]:
        """The codes ``key``'s address (``scope`` "address") or network holds."""
        if scope == "address":
            return self.by_address.get(key, set())
        return self.by_network.get(network_key(key), set())

    def add(self, key: str, code: str) -> None:
        self.by_address.setdefault(key, set()).add(code)
        self.by_network.setdefault(network_key(key), set()).add(code)

    def discard(self, key: str, code: str) -> None:
        for counts, unit in ((self.by_address, key), (self.by_network, network_key(key))):
            codes = counts.get(unit)
            if codes is not None:
                codes.discard(code)
                if not codes:
                    del counts[unit]

    def empty(self) -> bool:
        return not self.by_address and not self.by_network


class AddressGuard:
    """Connections per address; tables, bot tables and wrong codes per address and network."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.connections: dict[str, int] = {}
        self.tables = Quota(limits.tables_per_address, limits.tables_per_network)
        self.bot_tables = Quota(limits.bot_tables_per_address, limits.bot_tables_per_network)
        self.address_misses = MissBudget(
            limits.join_free_misses, limits.join_forgive, limits.join_max_backoff
        )
        self.network_misses = MissBudget(
            limits.network_free_misses, limits.network_forgive, limits.join_max_backoff
        )
        self._global_tokens = float(limits.global_miss_burst)
        self._global_at = 0.0

    # ----- connections ------------------------------------------------------------------------
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

    # ----- tables -----------------------------------------------------------------------------
    def table_opened(self, key: str, code: str) -> None:
        self.tables.add(key, code)

    def table_closed(self, key: str, code: str) -> None:
        """The table left the lobby: out of both counts."""
        self.tables.discard(key, code)
        self.bot_tables.discard(key, code)

    # ----- joining by code --------------------------------------------------------------------
    def join_wait(self, key: str, now: float) -> tuple[float, str]:
        """Seconds ``key`` must wait before a join by code is looked up (0: go ahead), and
        whose wrong codes it waits for ("address", "network" or "server"). The server-wide
        budget holds back only an address with a wrong code of its own not yet forgiven, so
        a right code from an address that guessed nothing is always looked up."""
        self._refill(now)
        own = self.address_misses.wait(key, now)
        if own > 0:
            return own, "address"
        network = self.network_misses.wait(network_key(key), now)
        if network > 0:
            return network, "network"
        if self._global_tokens < 1 and self.address_misses.outstanding(key, now):
            rate = self.limits.global_misses_per_second
            return max(1.0, (1 - self._global_tokens) / rate), "server"
        return 0.0, ""

    def missed(self, key: str, now: float) -> bool:
        """A join by code named no open table: count it for the address, its network and the
        server. True when it just put the network into back-off (worth a log line)."""
        self._refill(now)
        self._global_tokens = max(-float(self.limits.global_miss_burst), self._global_tokens - 1)
        self.address_misses.miss(key, now)
        return self.network_misses.miss(network_key(key), now)

    def _refill(self, now: float) -> None:
        limits = self.limits
        self._global_tokens = min(
            float(limits.global_miss_burst),
            self._global_tokens + (now - self._global_at) * limits.global_misses_per_second,
        )
        self._global_at = now

    def forget_old(self, now: float) -> None:
        """Drop miss records that are fully forgiven (bounded memory)."""
        self.address_misses.forget_old(now)
        self.network_misses.forget_old(now)
