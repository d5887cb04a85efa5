"""A real ``redis-server`` for the cluster tests, on 127.0.0.1 and a free port, configured as
docs/DEPLOY.md requires (an append-only file, in a folder of the test's own), that a test may
kill and start again on the same port and folder (``from redis_process import RedisProcess``).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def missing() -> str | None:
    """Why a test needing Redis cannot run here (None: it can)."""
    if shutil.which("redis-server") is None:
        return "redis-server is not installed (apt-get install redis-server; .ci/run does)"
    try:
        import redis  # noqa: F401
    except ImportError:
        return "the redis client package is not installed (pip install -r requirements-dev.txt)"
    return None


class RedisProcess:
    """``redis-server`` on ``port`` keeping its append-only file in ``folder``."""

    def __init__(self, folder: str, port: int | None = None, persistent: bool = True):
        self.folder = folder
        self.port = port or free_port()
        self.persistent = persistent
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 20.0) -> RedisProcess:
        persistence = ["--appendonly", "yes", "--appendfsync", "everysec"]
        if not self.persistent:
            persistence = ["--appendonly", "no"]
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
            + ["--dir", self.folder, "--save", "", *persistence],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while not self._answers():
            assert self.proc.poll() is None, "redis-server stopped"
            assert time.monotonic() < deadline, f"redis-server did not answer in {timeout} s"
            time.sleep(0.02)
        return self

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), 0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None
