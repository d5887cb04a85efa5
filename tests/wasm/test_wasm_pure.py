"""The pure layers give the same results under real WebAssembly CPython as natively.

pyodide (npm, pinned in tests/wasm/package-lock.json; CPython 3.12 compiled to WebAssembly like
pygbag's runtime) runs tests/wasm/pure_digest.py in Node on the checkout's game/: seeded bot
matches of every game, all bot levels, through the engines and the table layer. The digest of
every final state must equal the native one for the same seeds. pygame is not part of it.

Skips, saying why, without Node or without ``npm ci --prefix tests/wasm`` (.ci/run does it).
MAJLIS_WASM_SEEDS="1 2 3" widens the run (default: seed 1, to keep the suite quick).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RUNNER = HERE / "run_pyodide.mjs"
DIGEST = HERE / "pure_digest.py"
sys.path.insert(0, str(HERE))
import pure_digest  # noqa: E402


def why_not() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed (Debian package nodejs)"
    if not (HERE / "node_modules" / "pyodide" / "pyodide.asm.wasm").exists():
        return "pyodide is not installed: run `npm ci --prefix tests/wasm` (.ci/run does)"
    return None


def run_in_wasm(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        ["node", str(RUNNER), str(ROOT), str(DIGEST), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.skipif(why_not() is not None, reason=why_not() or "")
def test_seeded_bot_matches_end_the_same_under_webassembly_as_natively():
    seeds = [int(s) for s in os.environ.get("MAJLIS_WASM_SEEDS", "1").split()]
    wasm = run_in_wasm("digest", *map(str, seeds))  # runs while we compute natively
    try:
        native = json.loads(json.dumps(pure_digest.digest(seeds), sort_keys=True))
        out, err = wasm.communicate(timeout=900)
    finally:
        if wasm.poll() is None:
            wasm.kill()
            wasm.communicate()
    assert wasm.returncode == 0, err[-3000:]
    in_wasm = json.loads(out.strip().splitlines()[-1])
    assert set(native) == {
        f"{g}/{p}p/s{s}"
        for g in pure_digest.games()
        for p in pure_digest.seat_counts(pure_digest.modules(g)[0])
        for s in seeds
    }
    for key, result in native.items():
        assert result["phase"] == "over" and result["replays"], key
    assert in_wasm == native


def test_the_digest_is_the_same_run_after_run_natively():
    first = pure_digest.play("hareeja", 4, 3)
    assert first == pure_digest.play("hareeja", 4, 3)
    assert first["phase"] == "over" and first["actions"] > 0
    assert first != pure_digest.play("hareeja", 4, 4)
