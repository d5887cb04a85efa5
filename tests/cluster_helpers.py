"""What the cluster tests share (``from cluster_helpers import cluster_servers, fresh_ns, until``):
a namespace of Redis of their own, a wait that fails when it times out, in-process servers on
one Redis and real server processes. The ``redis_url`` fixture (a ``redis-server`` for the
test module) is in tests/conftest.py."""

from __future__ import annotations

import asyncio
import random
import subprocess
import time
from collections.abc import Callable
from typing import Any

from game.net import spawn
from game.net.server import TableServer

LOOSE_RATE = (100_000, 100_000.0)  # a rate limit no test reaches (many fast loopback clients)


def fresh_ns() -> str:
    """A Redis namespace no other test uses."""
    return f"t{random.randrange(1 << 30)}"


async def until(check: Callable[[], object], timeout: float = 15.0) -> None:
    """Wait until ``check()`` holds; fail the test after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "condition not reached in time"
        await asyncio.sleep(0.01)


async def cluster_servers(
    redis_url: str, ns: str, count: int, loose: bool = True, **options: Any
) -> list[TableServer]:
    """``count`` started in-process servers sharing namespace ``ns`` of ``redis_url``: no bot
    delay, a fast tick and (``loose``) a rate limit no test reaches; ``options`` go on to
    :class:`TableServer`."""
    options = {"port": 0, "bot_delay": 0, "tick_interval": 0.01, **options}
    if loose:
        options.setdefault("rate", LOOSE_RATE)
    return [
        await TableServer(redis_url=redis_url, redis_ns=ns, **options).start() for _ in range(count)
    ]


def start_process(redis_url: str, ns: str) -> tuple[subprocess.Popen[bytes], str]:
    """A real server process on ``ns`` of ``redis_url`` (a lease of 1 s), and its address."""
    return spawn.start_server(
        ["--port", "0", "--redis", redis_url, "--bot-delay", "0", "--bot-workers", "0"]
        + ["--loose-limits", "--lease", "1", "--log-text", "--redis-ns", ns]
    )
