"""A table server as a child process: started, and its address read from the line it prints
once it listens (:func:`game.net.server.serve_forever`), kept next to that line's format so
the two never drift apart; and the processes a server started (its bot workers), found in
/proc (Linux). The load benchmark and the tests that need a real server process use these."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]  # where ``python -m game.net.server`` runs
READY_MARK = " on ws://"  # "Majlis table server on ws://HOST:PORT (...)"


def start_server(
    options: Sequence[str],
    stderr: int | IO[str] = subprocess.DEVNULL,
    timeout: float = 60.0,
) -> tuple[subprocess.Popen[bytes], str]:
    """``python -m game.net.server *options`` (give ``--port 0`` for a free port), once it
    listens: the process and its ``ws://`` address. Raises RuntimeError (the process killed)
    when it does not say it listens within ``timeout`` seconds.

    Its output is read from the pipe as it comes, unbuffered: a buffered reader could take
    the ready line into its buffer with a line before it, and then wait on an empty pipe."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=stderr,
        bufsize=0,
    )
    assert proc.stdout is not None  # stdout=PIPE
    deadline = time.monotonic() + timeout
    said = b""
    while (url := _ready_url(said)) is None:  # lines before it (a store moved aside) pass
        ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(proc.stdout.fileno(), 4096) if ready else b""
        if not chunk:  # the time is up, or the process ended
            proc.kill()
            proc.wait()
            ended = f"exit code {proc.returncode}" if ready else f"nothing within {timeout:g} s"
            raise RuntimeError(f"the table server did not start ({ended})")
        said += chunk
    return proc, url


def _ready_url(said: bytes) -> str | None:
    """The address in the server's ready line, once that whole line has come."""
    for line in said.decode(errors="replace").splitlines(keepends=True):
        if READY_MARK in line and line.endswith("\n"):
            return line.split(" on ", 1)[1].split()[0]
    return None


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (a server's bot workers), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    return found
