"""Starting a table server as a child process (game/net/spawn.py), as the load benchmark and
the server-process tests do."""

import os
import subprocess
import sys

import pytest

from game.net import spawn


def test_a_server_that_cannot_start_is_reported_with_its_exit_code_not_waited_for():
    with pytest.raises(RuntimeError, match=r"did not start \(exit code 2\)"):
        spawn.start_server(["--port", "0", "--no-such-option"], timeout=60)


def test_a_started_server_gives_its_address_and_its_process():
    proc, url = spawn.start_server(["--port", "0", "--db", ":memory:", "--bot-workers", "0"])
    try:
        assert url.startswith("ws://127.0.0.1:") and int(url.rsplit(":", 1)[1]) > 0
        assert proc.poll() is None
    finally:
        proc.kill()
        proc.wait()


def test_lines_before_the_ready_line_are_passed_over(tmp_path):
    damaged = tmp_path / "tables.sqlite3"
    damaged.write_bytes(b"not a database" * 100)
    options = ["--port", "0", "--db", str(damaged), "--fresh-store", "--bot-workers", "0"]
    proc, url = spawn.start_server(options, timeout=60)  # it says it moved the store aside
    try:
        assert url.startswith("ws://127.0.0.1:")
        assert list(tmp_path.glob("tables.sqlite3.*"))  # the damaged file, kept aside
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_children_are_the_processes_a_process_started():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert child.pid in spawn.children(os.getpid())
        assert spawn.children(child.pid) == []
    finally:
        child.kill()
        child.wait()
