"""Peak memory and wall time of a whole headless autoplay match (four bots, real frame loop).

Usage: python bench/bench_autoplay.py [--seed N]
Target: peak memory <= 200 MB.
"""

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=7)
    seed = parser.parse_args().seed
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "main.py", "--autoplay", "--seed", str(seed)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "(no output)")
    print(
        f"autoplay exit status {done.returncode}, {elapsed:.1f} s wall, "
        f"peak memory {peak_kib / 1024:.0f} MB (target <= 200 MB)"
    )


if __name__ == "__main__":
    main()
