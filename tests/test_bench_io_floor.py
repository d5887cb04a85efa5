"""bench/bench_io_floor.py still runs: a short run prints its figure, and every frame the
clients sent was answered on the four sockets of its table (its speed is never asserted:
speed is measured by the bench, not by tests)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_short_run_prints_the_transport_cost_of_a_move():
    run = subprocess.run(
        [sys.executable, "bench/bench_io_floor.py", "--tables", "4", "--seconds", "3"]
        + ["--ramp", "2"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    found = re.search(
        r"server CPU per move [\d.]+ ms .* sent (\d+) frames and received (\d+)", run.stdout
    )
    assert found, run.stdout
    sent, received = int(found[1]), int(found[2])
    assert sent >= 4 and received == 4 * sent
