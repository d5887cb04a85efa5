"""Engine speed and bot think times under WebAssembly CPython (pyodide in Node) beside native.

    python bench/bench_wasm.py [SECONDS]     (default 1 s per game and part; needs node and
                                              `npm ci --prefix tests/wasm`)

Both sides run tests/wasm/pure_digest.py's ``bench``: a random legal player through each engine
for SECONDS, then seeded bot matches (all levels) for SECONDS, timing every think. The browser
build runs the same CPython 3.12 WebAssembly build family, so the ratio is what a desktop
browser costs; a phone is slower again.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WASM = ROOT / "tests" / "wasm"
sys.path.insert(0, str(WASM))
import pure_digest  # noqa: E402


def in_wasm(seconds: float) -> dict | None:
    if shutil.which("node") is None or not (WASM / "node_modules" / "pyodide").exists():
        print("no node or no tests/wasm/node_modules (npm ci --prefix tests/wasm): native only")
        return None
    done = subprocess.run(
        [
            "node",
            str(WASM / "run_pyodide.mjs"),
            str(ROOT),
            str(WASM / "pure_digest.py"),
            "bench",
            str(seconds),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        print("pyodide run failed:", done.stderr[-1500:])
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    native = pure_digest.bench(seconds)
    wasm = in_wasm(seconds)
    print(f"engine: random legal actions/s, {seconds:g} s each (wasm / native = ratio)")
    for game, figures in native.items():
        line = f"  {game:<11} native {figures['actions_per_s']:9.0f}"
        if wasm:
            w = wasm[game]["actions_per_s"]
            line += f"   wasm {w:9.0f}   x{w / figures['actions_per_s']:.2f}"
        print(line)
    print("bot think time per move, ms: p50 / p95 (n)")
    for game, figures in native.items():
        for level, t in figures["think_ms"].items():
            line = f"  {game:<11} {level:<6} native {t['p50']:6.2f} / {t['p95']:6.2f} ({t['n']})"
            if wasm:
                w = wasm[game]["think_ms"][level]
                line += f"   wasm {w['p50']:6.2f} / {w['p95']:6.2f} ({w['n']})"
            print(line)


if __name__ == "__main__":
    main()
