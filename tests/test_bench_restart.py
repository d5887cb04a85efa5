"""bench_load.py --restart still runs, and what it exercises holds: the server stopped with
SIGTERM and started again on the same port and store, every seat of every table connects again
by itself (as the game's client does) and play goes on without an error. Its timings are never
asserted: speed is measured by the bench, not by tests."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_after_a_restart_every_seat_is_back_at_its_table_and_play_goes_on():
    run = subprocess.run(
        [sys.executable, "bench/bench_load.py", "--tables", "5", "--restart", "2"]
        + ["--seconds", "6", "--client-procs", "1"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    back = re.search(r"seats back at their table: (\d+) of (\d+)", run.stdout)
    assert back and back[1] == back[2] == "20", run.stdout
    acts = re.search(r"acts acknowledged over the whole run: (\d+), .*\((\d+) errors", run.stdout)
    assert acts and int(acts[1]) > 0 and acts[2] == "0", run.stdout
    assert "(code 0)" in run.stdout  # the stop was clean
