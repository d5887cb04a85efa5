"""Which web pages may open a socket to this server: the WebSocket ``Origin`` check (server only).

A browser names the page that opens a socket in the ``Origin`` header, and no page can forge
it. Checking it keeps other sites' pages (a copy of the game on ``https://evil.example``, a
sandboxed frame that says ``null``) from playing through this server with their visitors'
browsers; native clients (the game natively, the tests' and benchmarks' ``wire_client``, bots)
send no ``Origin`` and are always let in.

- ``--allowed-origin ORIGIN`` (repeatable; ``https://majlis.example``, or ``null`` to let
  sandboxed frames in): exactly these pages, plus the hosts of the server's own public
  addresses (``--public-url``), and nothing else.
- Without it, the default: a page on the same host name as the one the socket was opened to
  (the request's ``Host`` header: ``http://127.0.0.1:8000`` may reach ``ws://127.0.0.1:9310``),
  or on a public address's host. Behind a reverse proxy the ``Host`` the server sees is what
  the proxy sends (nginx sends its upstream, ``127.0.0.1:9310``, unless told
  ``proxy_set_header Host $host``), so there pass the page's origin with ``--allowed-origin``
  (docs/DEPLOY.md).

A refused page gets the handshake and then at once a close, code 1008 (policy) with a reason
that names its origin; nothing it sent is read.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
from collections.abc import Iterable
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
REFUSED_CODE = 1008  # policy violation
log = logging.getLogger("majlis.server")


def normal_origin(text: str) -> str | None:
    """``scheme://host[:port]`` in lower case with the scheme's default port left out
    (``HTTPS://Majlis.Example:443`` → ``https://majlis.example``), ``null`` as it is; None
    when ``text`` is not an origin (a path, a query or no host)."""
    text = text.strip()
    if text == "null":
        return text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    host = (parts.hostname or "").rstrip(".")
    if parts.scheme not in DEFAULT_PORTS or not host or parts.path not in ("", "/"):
        return None
    if parts.query or parts.fragment or parts.username or parts.password:
        return None
    host = f"[{host}]" if ":" in host else host
    shown = "" if port in (None, DEFAULT_PORTS[parts.scheme]) else f":{port}"
    return f"{parts.scheme}://{host}{shown}"


def host_name(text: str) -> str:
    """The host name of a ``Host`` header or an address, lower case ("" when none)."""
    try:
        parts = urlsplit(text if "://" in text else f"//{text}")
        return (parts.hostname or "").rstrip(".")
    except ValueError:
        return ""


class OriginPolicy:
    """The pages allowed to connect (see the module docstring). ``allowed``: the operator's
    ``--allowed-origin`` values (empty: the default, same host); ``public``: the server's
    own public addresses, whose hosts are always allowed."""

    def __init__(self, allowed: Iterable[str] = (), public: Iterable[str | None] = ()):
        self.allowed: set[str] = set()
        for text in allowed:
            origin = normal_origin(text)
            if origin is None:
                raise ValueError(f"{text!r} is not an origin (scheme://host[:port], or null)")
            self.allowed.add(origin)
        self.public_hosts = {host_name(url) for url in public if url} - {""}

    def refusal(self, headers: Headers) -> str | None:
        """None when the request may go on; else the close reason (under 123 bytes)."""
        sent = headers.get_all("Origin")
        if not sent:
            return None  # a native client: browsers always send one
        given = ", ".join(sent)
        origin = normal_origin(given) if len(sent) == 1 else None
        hosts = headers.get_all("Host")
        if origin is not None and self._allows(origin, hosts[0] if len(hosts) == 1 else ""):
            return None
        shown = given if len(given) <= 60 else given[:57] + "..."
        return f"Origin {shown} may not use this server"

    def _allows(self, origin: str, host_header: str) -> bool:
        if origin in self.allowed:
            return True
        host = host_name(origin) if origin != "null" else ""
        if host and host in self.public_hosts:
            return True
        return not self.allowed and bool(host) and host == host_name(host_header)


def origin_option(text: str) -> str:
    """``--allowed-origin``'s type: the origin, or a clear usage error."""
    if normal_origin(text) is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an origin (scheme://host[:port], or null)"
        )
    return text


def add_origin_option(parser: argparse.ArgumentParser) -> None:
    """The server's ``--allowed-origin`` (repeatable; ``args.allowed_origin``, a list)."""
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        type=origin_option,
        metavar="ORIGIN",
        help="a web page that may connect (https://majlis.example; repeat for more); "
        "default: pages on the host the socket was opened to (docs/DEPLOY.md)",
    )


async def refuse_origin(ws: ServerConnection, policy: OriginPolicy) -> bool:
    """Close ``ws`` (1008, with the reason) when its page may not connect; True if it did."""
    reason = policy.refusal(ws.request.headers) if ws.request is not None else None
    if reason is None:
        return False
    log.warning("origin refused", extra={"event": "origin_refused", "reason": reason})
    with contextlib.suppress(ConnectionClosed):
        await ws.close(REFUSED_CODE, reason)
    return True
