"""The metrics listener: ``GET /metrics`` (and ``/health``) on an address of its own (server
only), ``--metrics HOST:PORT``, loopback unless the operator says otherwise.

Why not on the game port: that port faces the internet (through the TLS proxy), and the
metrics tell anyone how many tables, players and moves the server has and how its memory and
store fare — an operator's business, and a map for whoever wants to load it. ``/health`` stays
on the game port too: the proxy's or orchestrator's check must reach the listener the players
reach, and it says no more than ``ok`` or how far the store is behind.
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response

DEFAULT_HOST = "127.0.0.1"
PORT_OFFSET = 1000  # the default metrics port: the game port + this (9310 -> 10310)
PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8"

Health = Callable[[], tuple[HTTPStatus, str]]


def metrics_address(text: str | None, game_port: int) -> tuple[str, int] | None:
    """``--metrics``: ``HOST:PORT``, ``PORT`` (on :data:`DEFAULT_HOST`) or ``off``; left
    out, :data:`DEFAULT_HOST` on the game port + :data:`PORT_OFFSET` (any free port when the
    game's is 0 or that is past 65535). Raises ValueError with a sentence for anything else."""
    if text is None:
        default = game_port + PORT_OFFSET
        return DEFAULT_HOST, default if game_port and default <= 65535 else 0
    if text == "off":
        return None
    host, _, port = text.rpartition(":")
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f"--metrics wants HOST:PORT, PORT or off, not {text!r}.")
    if game_port and int(port) == game_port:
        raise ValueError("--metrics must not be the game port: the players reach that one.")
    return host.strip("[]") or DEFAULT_HOST, int(port)


class MetricsListener:
    """``/metrics`` (``render()``: Prometheus text) and ``/health`` at ``address`` (None:
    nowhere); anything else, a WebSocket handshake too, is answered 404."""

    def __init__(self, address: tuple[str, int] | None):
        self.address = address
        self._server: Server | None = None

    async def start(self, render: Callable[[], str], health: Health) -> None:
        if self.address is None:
            return

        def answer(connection: ServerConnection, request: Request) -> Response:
            path = request.path.split("?")[0]
            if path == "/metrics":
                response = connection.respond(HTTPStatus.OK, render())
                response.headers["Content-Type"] = PROMETHEUS_TEXT
                return response
            if path == "/health":
                return connection.respond(*health())
            return connection.respond(HTTPStatus.NOT_FOUND, "Majlis metrics: /metrics, /health\n")

        async def never(connection: ServerConnection) -> None:  # all answered above
            return None

        self._server = await serve(never, *self.address, process_request=answer)

    @property
    def port(self) -> int | None:
        """The port it listens on (None: not listening)."""
        if self._server is None:
            return None
        port: int = next(iter(self._server.sockets)).getsockname()[1]
        return port

    def describe(self) -> str:
        """For the server's ready line: where the metrics are, or nothing."""
        if self.address is None:
            return ""
        return f"metrics on http://{self.address[0]}:{self.port}/metrics; "

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
