"""bench_load.py --bot-crowd still runs, and what it exercises holds: a crowd of addresses
(each of its own network) tries more tables of hard bots than the quotas allow and starts
exactly its quotas' worth, while the people's tables beside it play without an error. Its
timings are never asserted: the waits are measured by the bench (docs/DEPLOY.md), not by tests.
"""

import re
import subprocess
import sys
from pathlib import Path

from game.net.limits import BOT_TABLES_PER_ADDRESS

ROOT = Path(__file__).resolve().parents[1]


def test_a_bot_crowd_starts_its_quota_and_the_people_beside_it_play_without_errors():
    tried = BOT_TABLES_PER_ADDRESS + 2
    run = subprocess.run(
        [sys.executable, "bench/bench_load.py", "--bot-crowd", "2", "--crowd-tables", str(tried)]
        + ["--people", "2", "--seconds", "4", "--settle", "1", "--crowd-bot-delay", "0"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    runs = re.findall(r"== bot crowd: (\d+) tables .* \((\d+) started, (\d+) refused", run.stdout)
    alone, crowd = ([int(n) for n in found] for found in runs)  # the people alone, then not
    assert alone == [0, 0, 0] and crowd == [2 * tried, 2 * BOT_TABLES_PER_ADDRESS, 4], runs
    waits = re.findall(
        r"people's wait for their turn: .* over (\d+) turns \((\d+) errors", run.stdout
    )
    assert len(waits) == 2 and all(errors == "0" for _, errors in waits), run.stdout
