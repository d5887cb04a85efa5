"""Which address a connection comes from, behind trusted reverse proxies (pure: ipaddress only).

A proxy that forwards a connection *appends* the address it was connected from to
``X-Forwarded-For`` (nginx's ``$proxy_add_x_forwarded_for``, Caddy, HAProxy, cloud balancers),
so the header reads ``client, proxy1, proxy2`` and the server's peer is the last proxy. Only
the entries the trusted proxies wrote can be believed: everything to the left of them came
from the client, who can write anything there (``10.9.0.1, 127.0.0.1`` to pass as someone
else). So the client's address is read from the **right**: the chain is the header's entries
followed by the peer, and the trusted hops are skipped from its right end:

- ``TrustedProxies.hops(N)`` (``--trust-proxy N``): exactly the last N hops are proxies, so the
  client is the (N+1)-th entry from the right (or the leftmost one, when the chain is shorter:
  a connection that did not come through every proxy);
- ``TrustedProxies.networks([...])`` (``--trust-proxy 10.0.0.0/8,192.0.2.7``): every hop from
  the right whose address is one of the proxies is skipped; the first one that is not, is the
  client. A connection straight from a client is then never misread, whatever it sends.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def clean_entry(entry: str) -> str:
    """One ``X-Forwarded-For`` entry without its port or brackets (``[2001:db8::1]:443``,
    ``192.0.2.1:5678``), and an IPv4-mapped IPv6 address as IPv4; other text as it is."""
    text = entry.strip()
    if text.startswith("[") and "]" in text:
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # IPv4 with a port (an IPv6 address has two colons or more)
        text = text.split(":")[0]
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return text
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


@dataclass(frozen=True)
class TrustedProxies:
    """The proxies in front of the server: a number of hops, or their addresses (neither: no
    proxy, the peer is the client)."""

    count: int = 0
    nets: tuple[Network, ...] = ()

    @classmethod
    def hops(cls, count: int) -> TrustedProxies:
        if count < 0:
            raise ValueError("a number of proxies cannot be negative")
        return cls(count=count)

    @classmethod
    def networks(cls, specs: Iterable[str]) -> TrustedProxies:
        return cls(nets=tuple(ipaddress.ip_network(s.strip(), strict=False) for s in specs))

    @classmethod
    def parse(cls, spec: TrustedProxies | str | int | bool | None) -> TrustedProxies:
        """``--trust-proxy``'s value: a number of hops (a bare ``--trust-proxy`` is one) or a
        comma-separated list of proxy addresses and networks. Raises ValueError with a
        readable message for anything else."""
        if isinstance(spec, TrustedProxies):
            return spec
        if spec is None or spec is False or spec == "":
            return cls()
        if spec is True:
            return cls.hops(1)
        if isinstance(spec, int):
            return cls.hops(spec)
        if spec.strip().isdigit():
            return cls.hops(int(spec))
        parts = [p for p in spec.split(",") if p.strip()]
        try:
            return cls.networks(parts)
        except ValueError:
            raise ValueError(
                f"{spec!r} is neither a number of proxies nor a list of proxy addresses "
                "or networks (10.0.0.0/8,192.0.2.7)"
            ) from None

    def __bool__(self) -> bool:
        return self.count > 0 or bool(self.nets)

    def _trusted(self, entry: str) -> bool:
        try:
            ip = ipaddress.ip_address(entry)
        except ValueError:
            return False
        return any(ip.version == net.version and ip in net for net in self.nets)

    def client(self, peer: str, forwarded: Iterable[str] = ()) -> str:
        """The client's address, from the socket's ``peer`` and the ``X-Forwarded-For``
        header lines (in the order received; several lines are one list)."""
        peer = clean_entry(peer)
        if not self:
            return peer
        chain = [clean_entry(e) for line in forwarded for e in line.split(",") if e.strip()]
        chain.append(peer)
        if self.count:
            return chain[max(0, len(chain) - 1 - self.count)]
        for entry in reversed(chain):
            if not self._trusted(entry):
                return entry
        return chain[0]  # every hop is a proxy: the first one the chain names
