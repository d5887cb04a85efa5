"""The online table server: ``python -m game.net.server [--host H] [--port 9310] [--db PATH]``.

asyncio (uvloop when installed) + websockets 15. Each connection is read by its own task; its
frames are written as soon as the store writes before them are committed (:mod:`.sockets`: the
bytes waiting for a client are bounded, a client that stops reading is dropped). All
state lives in :class:`game.net.rooms.Lobby`, which is synchronous: a frame is handled from
start to end without an ``await``, so no two messages ever see a half-changed table. A ticker
calls ``Lobby.tick`` every ``tick_interval`` seconds for turn clocks (TB-6..TB-8) and bot moves.
A thinker task drives the bots' thoughts a slice (a few ms) at a time (``Lobby.think``) with
a short ``await asyncio.sleep(THINK_REST)`` between slices, so a hard bot's search never stalls
other tables.

Authoritative: the engine checks every action; each seat receives only its own redacted events
and view. Every started table is recorded in SQLite (``--db``, :mod:`game.net.store`) as it
goes, and on start the server resumes every unfinished table from its log.

Limits: a frame over :data:`game.net.protocol.MAX_FRAME` characters gets an ``error`` reply
(frames over :data:`WIRE_LIMIT` bytes close the connection with code 1009 and the reason
"frame exceeds limit of 65536 bytes": websockets refuses to read them); ``RATE_BURST`` /
``RATE_PER_SECOND`` messages per connection (token bucket), and a connection that keeps
breaking it is closed (code 1008, with a reason); ``MAX_CREATES`` tables per connection; a
player sits at one table at a time.

Several processes (``--redis URL``): a table lives in exactly one process; the processes share
the lobby, the directory of tables and players and the match logs through Redis
(:mod:`game.net.cluster`, :mod:`game.net.redis_store`); a client is sent ``moved`` to the
process holding its table, and the tables of a process that dies are adopted by another.
Operating it: docs/DEPLOY.md. ``/health`` on the same port; ``/metrics`` on an address of its
own, loopback by default (:mod:`game.net.metrics_http`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import os
import signal
import sys
import time
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from . import protocol, wire
from .botpool import BotPool
from .collector import Collector
from .fencing import VOLATILE_HELP, RedisUnsafe
from .guard import address_key
from .limits import Limits
from .metrics import Metrics, log_json
from .metrics_http import MetricsListener, metrics_address
from .model import Clock
from .origins import OriginPolicy, add_origin_option, refuse_origin
from .proxies import TrustedProxies
from .redis_store import RedisStore
from .rooms import RATE_BURST, RATE_PER_SECOND, THINK_REST, THINK_SLICE, Lobby
from .sockets import DurableGate, _Conn
from .store import Store, StoreDamaged, move_aside

if TYPE_CHECKING:
    from .cluster import Cluster

try:  # a faster event loop (libuv) when installed: requirements-server.txt, Linux and macOS
    import uvloop
except ImportError:  # pragma: no cover - depends on the environment
    uvloop = None  # type: ignore[assignment]

WIRE_LIMIT = 64 * 1024  # bytes; bigger frames close the connection
GC_THRESHOLDS = (50_000, 20, 100)  # see tune_gc
SWITCH_INTERVAL = 0.0005  # seconds; see the --switch-interval option
CLOSE_TIMEOUT = 0.5  # s to wait for a client's close frame (not 10: a quiet one held a stop)
HEALTH_STORE_LAG = 10_000  # store writes queued and not committed: unhealthy past this
log = logging.getLogger("majlis.server")


class TableServer:
    """The server: ``await start()``, then ``port``; ``await close()`` to stop."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 9310,
        db: str = ":memory:",
        clock: Clock | None = None,
        bot_delay: float = 0.6,
        tick_interval: float = 0.1,
        link_base: str = "",
        trust_proxy: TrustedProxies | str | int | bool = False,
        bot_workers: int = 0,
        redis_url: str | None = None,
        public_url: str | None = None,
        redis_ns: str = "majlis",
        lease: float = 3.0,
        allow_volatile_redis: bool = False,
        allowed_origins: tuple[str, ...] = (),
        metrics: tuple[str, int] | None = None,
        **lobby_options: Any,
    ):
        """``trust_proxy``: the proxies in front (a number of hops or their addresses,
        :class:`.proxies.TrustedProxies`); the limits count the address they were reached from.
        ``bot_workers``: processes in which bots above "easy" think (0: in this process, in
        slices), so hard bots never hold up the people's moves. ``redis_url``: share the lobby,
        the directory of tables and players and the match logs with the other processes on
        that Redis (:mod:`game.net.cluster`; ``public_url`` is how clients reach this one,
        ``lease`` how soon the others adopt its tables after it dies; ``allow_volatile_redis``
        to run on a Redis without an append-only file) instead of SQLite.
        ``metrics``: (host, port) to serve ``/metrics`` on (None: nowhere).
        ``allowed_origins``: the web pages that may connect (:mod:`.origins`)."""
        self.origins = OriginPolicy(allowed_origins, [public_url, link_base])
        self.host, self.requested_port = host, port
        self.trust_proxy = TrustedProxies.parse(trust_proxy)
        self.redis: Any = None  # a redis.asyncio.Redis (redis-py types its replies loosely)
        self.cluster: Cluster | None = None
        self.public_url, self.redis_ns, self.lease = public_url, redis_ns, lease
        self.allow_volatile_redis = allow_volatile_redis
        if redis_url:
            import redis.asyncio  # server-only, and only for a cluster

            self.redis = redis.asyncio.from_url(redis_url, decode_responses=True)
            self.store: Store | RedisStore = RedisStore(self.redis, redis_ns)
        else:
            self.store = Store(db, background=True)
        self.gate = DurableGate(self.store)
        self.metrics = Metrics()
        self.lobby = Lobby(
            self.store, clock=clock, bot_delay=bot_delay, link_base=link_base, **lobby_options
        )
        self.lobby.play.moved = self.metrics.moved
        self.tick_interval = tick_interval
        self.bot_workers = bot_workers
        self._pool: BotPool | None = None  # the bot workers, fed people's tables first
        self._server: Server | None = None
        self.metrics_listener = MetricsListener(metrics)  # never on the game port
        self._ticker: asyncio.Task[None] | None = None
        self._thinker: asyncio.Task[None] | None = None
        self._bots_have_work: asyncio.Event | None = None
        self.collector: Collector | None = None  # the server process's (serve_forever)

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("the server has not started")
        port: int = next(iter(self._server.sockets)).getsockname()[1]
        return port

    async def start(self) -> TableServer:
        self._server = await serve(
            self._handle,
            self.host,
            self.requested_port,
            max_size=WIRE_LIMIT,
            compression=None,
            process_request=self._plain_http,
            close_timeout=CLOSE_TIMEOUT,
        )
        await self.metrics_listener.start(
            lambda: self.metrics.render(self.lobby, self.store, self.collector), self._health
        )
        loop = asyncio.get_running_loop()

        def committed(seq: int) -> None:  # the store's writer thread: hand it to the loop
            loop.call_soon_threadsafe(self.gate.committed, seq)

        self.store.on_commit = committed
        if isinstance(self.store, RedisStore):
            from .cluster import Cluster

            await self.store.start()
            url = self.public_url or f"ws://{self.host}:{self.port}"
            self.cluster = Cluster(
                self.redis, url, self.lobby, self.store, self.redis_ns, self.lease
            )
            self.cluster.allow_volatile = self.allow_volatile_redis
            self.lobby.peers.cluster = self.cluster
            await self.cluster.start()
        self.gate.committed(self.store.durable)  # what was committed before this moment
        self._ticker = asyncio.create_task(self._tick_forever())
        self._bots_have_work = asyncio.Event()
        self.lobby.bots.wake = self._bots_have_work.set
        self._thinker = asyncio.create_task(self._think_forever())
        if self.bot_workers > 0:
            self._pool = BotPool(self.bot_workers, self.lobby.bots, self.metrics.bot_thought)
            self.lobby.bots.offload = self._pool.offload
        self._bots_have_work.set()  # resumed tables may have bots to move
        return self

    def _plain_http(self, connection: ServerConnection, request: Request) -> Response | None:
        """Plain HTTP on the same port: ``/health`` (:meth:`_health`), anything else a
        one-line status instead of a failed WebSocket handshake (``/metrics`` is not served
        here: :mod:`.metrics_http` says why)."""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        path = request.path.split("?")[0]
        if path == "/health":
            return connection.respond(*self._health())
        if path == "/metrics":
            return connection.respond(HTTPStatus.NOT_FOUND, "Not here: see --metrics.\n")
        return connection.respond(
            HTTPStatus.OK, f"Majlis table server: {len(self.lobby.rooms)} tables\n"
        )

    def _health(self) -> tuple[HTTPStatus, str]:
        """``ok``, or 503 while the store lags far behind or play is paused."""
        if self.cluster is not None and self.cluster.paused:  # Redis away (outage.py)
            return HTTPStatus.SERVICE_UNAVAILABLE, "play paused\n"
        lag = self.store.queued - self.store.durable
        if lag > HEALTH_STORE_LAG:
            return HTTPStatus.SERVICE_UNAVAILABLE, f"store {lag} writes behind\n"
        return HTTPStatus.OK, "ok\n"

    async def close(self) -> None:
        if self._pool is not None:
            self.lobby.bots.offload = None
            self._pool.shutdown(wait=False, cancel_futures=True)
        for task in (self._ticker, self._thinker):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self.metrics_listener.close()
        if self.cluster is not None:
            await self.cluster.stop()
        if isinstance(self.store, RedisStore):
            await self.store.aclose()
            await self.redis.aclose()
        self.store.close()

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.tick_interval)
            try:
                self.lobby.tick()
            except Exception:  # a bug in one table must not stop the others
                log.exception("tick failed")
            if self.collector is not None:
                self.collector.step()

    async def _think_forever(self) -> None:
        """Bots think one slice at a time, every connection and table served in between."""
        work = self._bots_have_work
        assert work is not None, "started in start()"
        while True:
            await work.wait()
            work.clear()
            try:
                while self._think_for(THINK_SLICE):
                    await asyncio.sleep(THINK_REST)
            except Exception:  # Lobby.think guards each table; never die
                log.exception("thinking failed")

    def _think_for(self, seconds: float) -> bool:
        """Slices for the thinking bots, in turn, for about ``seconds`` (many quick bots share
        one rest; a long search gets one slice). True while some bot still has work."""
        end = time.perf_counter() + seconds
        while self.lobby.think():
            if time.perf_counter() >= end:
                return True
        return False

    def _address(self, ws: ServerConnection) -> str:
        """The unit the per-address limits count (:func:`guard.address_key`): the client's
        address, read from the right of ``X-Forwarded-For`` past the trusted proxies only."""
        peer = str(ws.remote_address[0]) if ws.remote_address else "unknown"
        forwarded = ws.request.headers.get_all("X-Forwarded-For") if ws.request else []
        return address_key(self.trust_proxy.client(peer, forwarded))

    async def _handle(self, ws: ServerConnection) -> None:
        if await refuse_origin(ws, self.origins):
            return
        conn = _Conn(ws, self.lobby.limits.outbox_bytes, self.gate)
        if not self.lobby.connect(conn, self._address(ws)):
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed, TimeoutError):
                await asyncio.wait_for(asyncio.shield(conn.finished), 2)
            return
        try:
            async for frame in ws:
                begun = time.perf_counter()
                try:
                    self.lobby.receive(conn, frame)
                    self.metrics.handled(time.perf_counter() - begun)
                except Exception:  # never crash the connection on a bug
                    log.exception("message failed")
                    conn.send(protocol.error("The server could not handle that message.", "server"))
        except ConnectionClosed:
            pass
        finally:
            self.lobby.disconnect(conn)
            conn.close()
            if self.collector is not None:
                self.collector.closed_connection()  # its cycles: collector.py
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed, TimeoutError):
                await asyncio.wait_for(asyncio.shield(conn.finished), 2)


def tune_gc() -> None:
    """The cyclic garbage collector, tuned for a server that allocates many short-lived
    containers (views, patches, frames) and frees almost all of them by reference counting:
    what exists after start (modules, resumed tables) is frozen out of every collection, and a
    young collection runs every :data:`GC_THRESHOLDS` [0] new containers instead of 700.
    Measured with 300 busy tables: Python's default thresholds spent ~11 % of the server's CPU
    in the collector, and its older-generation passes (~27 ms of CPU each, far longer in wall
    time on a busy machine) were its unexplained latency spikes (p99 338 ms against
    65 ms tuned). Then :class:`.collector.Collector` freezes what survives each tick, so even
    these young collections (100-210 ms pauses at 1,000 tables) find nothing to scan."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def serve_forever(host: str, port: int, db: str, bot_delay: float, **options: Any) -> None:
    server = await TableServer(host, port, db, bot_delay=bot_delay, **options).start()
    tune_gc()
    server.collector = Collector()  # each tick freezes what survived (collector.py says why)
    resumed = sum(room.started for room in server.lobby.rooms.values())
    where = f"redis {options['redis_url']}" if options.get("redis_url") else f"db {db}"
    loop = type(asyncio.get_running_loop()).__module__.split(".")[0]
    print(
        f"Majlis table server on ws://{host}:{server.port} ({where}; {resumed} tables resumed; "
        f"rate {RATE_BURST} burst, {RATE_PER_SECOND}/s; {server.metrics_listener.describe()}"
        f"{loop} loop, {wire.WRITER})",
        flush=True,
    )
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):  # a service manager's stop, or Ctrl-C
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            asyncio.get_running_loop().add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
        log.info("stopping", extra={"event": "server_stopping"})
    finally:  # connections closed (1001, going away: clients reconnect), every write committed
        await server.close()


def proxy_option(text: str) -> TrustedProxies:
    """``--trust-proxy``'s value, or argparse's clear error."""
    try:
        return TrustedProxies.parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def main(argv: list[str] | None = None) -> None:
    """``python -m game.net.server``: read the command line, then serve until interrupted."""
    parser = build_parser()
    args = parser.parse_args(argv)
    options = server_options(args, parser)
    if args.log_text:
        logging.basicConfig(level=logging.INFO)
    else:
        log_json()
    if args.fresh_store:
        moved = move_aside(args.db)
        if moved:
            print(f"The old store {args.db} was moved aside to {moved}.", flush=True)
    sys.setswitchinterval(args.switch_interval / 1000)
    run = asyncio.run if args.no_uvloop or uvloop is None else uvloop.run
    try:
        with contextlib.suppress(KeyboardInterrupt):
            run(serve_forever(args.host, args.port, args.db, args.bot_delay, **options))
    except (StoreDamaged, RedisUnsafe) as err:
        print(f"majlis server: {err}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None


def build_parser() -> argparse.ArgumentParser:
    """The server's command line, its flags in the order ``--help`` lists them: the table
    server's own, the shared store's (Redis), who may connect and where the metrics are
    served, the logs, then the flags for benchmarks and tests."""
    parser = argparse.ArgumentParser(description="Majlis online table server")
    add_table_options(parser)
    add_shared_store_options(parser)
    add_origin_option(parser)
    parser.add_argument(
        "--metrics",
        metavar="HOST:PORT",
        help="where to serve /metrics (HOST:PORT, PORT on 127.0.0.1, or off; default "
        "127.0.0.1 on the game port + 1000): never the game port, which faces the players",
    )
    parser.add_argument(
        "--log-text", action="store_true", help="plain text logs instead of JSON lines"
    )
    add_benchmark_options(parser)
    return parser


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """Where the server listens, where it keeps its records, its bots and its proxies."""
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9310)
    parser.add_argument(
        "--db",
        default="majlis_server.sqlite3",
        help="SQLite file for table records (':memory:' keeps nothing)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        help="seconds between two bot moves (pacing for the people watching)",
    )
    parser.add_argument(
        "--fresh-store",
        action="store_true",
        help="move the --db file aside (renamed PATH.aside-TIME, never deleted) "
        "and start with an empty store",
    )
    parser.add_argument(
        "--trust-proxy",
        nargs="?",
        const="1",
        type=proxy_option,
        metavar="N|ADDRESSES",
        help="behind reverse proxies that append X-Forwarded-For: how many (bare: 1), or their "
        "addresses/networks (10.0.0.0/8,192.0.2.7); the client is read from its right end",
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=os.cpu_count() or 1,
        help="processes in which normal and hard bots think, at a lower priority than the "
        "server (default: one per core; 0: in the server process, in slices)",
    )


def add_shared_store_options(parser: argparse.ArgumentParser) -> None:
    """Several server processes sharing one lobby through Redis."""
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="share the lobby and the match logs with other processes through "
        "this Redis (redis://127.0.0.1:6379/0) instead of SQLite",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="with --redis: how clients reach this process (default ws://HOST:PORT)",
    )
    parser.add_argument(
        "--redis-ns", default="majlis", help="with --redis: the key prefix (one lobby per prefix)"
    )
    parser.add_argument(
        "--lease",
        type=float,
        default=3.0,
        help="with --redis: seconds after which the others adopt the tables "
        "of a process that stopped answering",
    )
    parser.add_argument("--allow-volatile-redis", action="store_true", help=VOLATILE_HELP)


def add_benchmark_options(parser: argparse.ArgumentParser) -> None:
    """Flags benchmarks and tests compare or need (limits, view patches, the GIL, uvloop)."""
    parser.add_argument(
        "--loose-limits",
        action="store_true",
        help="benchmarks and tests only: no per-address limits and no message "
        "rate limit (many fast loopback clients)",
    )
    parser.add_argument(
        "--whole-views",
        action="store_true",
        help="send each seat's view whole instead of as a patch to the one it was sent before "
        "(about 2.4 times the bytes, a little less server CPU a move; benchmarks compare)",
    )
    parser.add_argument(
        "--switch-interval",
        type=float,
        default=SWITCH_INTERVAL * 1000,
        metavar="MS",
        help="how long the event loop may hold the GIL while the store's writer thread waits "
        "for it (sys.setswitchinterval; benchmarks compare)",
    )
    parser.add_argument(
        "--no-uvloop",
        action="store_true",
        help="run on asyncio's own event loop even when uvloop is installed (benchmarks compare)",
    )


def server_options(args: argparse.Namespace, parser: argparse.ArgumentParser) -> dict[str, Any]:
    """The keyword settings :func:`serve_forever` takes, read from the parsed command line (a
    bad ``--metrics`` is the parser's error: usage and exit status 2)."""
    try:
        metrics = metrics_address(args.metrics, args.port)
    except ValueError as err:
        parser.error(str(err))
    options: dict[str, Any] = {
        "trust_proxy": args.trust_proxy,
        "bot_workers": args.bot_workers,
        "redis_url": args.redis,
        "public_url": args.public_url,
        "lease": args.lease,
        "redis_ns": args.redis_ns,
        "allow_volatile_redis": args.allow_volatile_redis,
        "allowed_origins": tuple(args.allowed_origin),
        "metrics": metrics,
    }
    options["deltas"] = not args.whole_views
    if args.loose_limits:
        options["limits"] = Limits.loose()
        options["rate"] = (100_000, 100_000.0)
    return options


if __name__ == "__main__":
    main()
