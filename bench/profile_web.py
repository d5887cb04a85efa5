"""Where a drawn table frame's time goes in the real browser: cProfile inside pyodide
over every drawn frame of bench/table_stretch.py's scripted stretch, per game.

    python bench/profile_web.py [--games hareeja,ronda,hand_rummy] [--throttle 1]
                                [--orient portrait] [--frames 1200] [--top 25] [--ab]

On the harness of tests/browser (as bench/bench_web.py: pyodide 0.27.7, pygbag's pygame-ce wasm
wheel, headless Chromium, a 390x693 page of pixel ratio 1). The profiler runs only inside
``App._draw`` (a drawn frame's ``scene.draw``, overlays, toasts and the flip), wrapped on the
app instance; game code is not changed. Prints the functions by their own time and by
cumulative time, and the drawn frames' mean cost under the profiler (its overhead is large
under WebAssembly: read the shares, not the milliseconds).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "bench"))

import bench_web  # noqa: E402

PROFILER = r"""
import cProfile, io, json, pstats, time
from game.ui.app import App
app = App.current
_PROF = {"prof": cProfile.Profile(), "ms": [], "draw": app._draw}

def _profiled_draw(*a, **k):
    began = time.perf_counter()
    _PROF["prof"].enable()
    try:
        return _PROF["draw"](*a, **k)
    finally:
        _PROF["prof"].disable()
        _PROF["ms"].append((time.perf_counter() - began) * 1000)

app._draw = _profiled_draw

def _profile_report(top):
    app._draw = _PROF["draw"]
    out = io.StringIO()
    stats = pstats.Stats(_PROF["prof"], stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    ms = _PROF["ms"]
    mean = sum(ms) / max(1, len(ms))
    return json.dumps({"text": out.getvalue(), "frames": len(ms), "mean": mean})
"""

# ``--ab``: the same table state drawn with its still layer and without (a full redraw, as every
# frame was drawn before the layer), alternating in the same page, so both share the load.
AB = r"""
import json, time
from game.ui.app import App

def _ab(rounds, draws):
    app = App.current
    scene, screen = app.scene, app.screen
    out = {"layer": [], "full": [], "phase": scene.phase}
    for _ in range(rounds):
        for name, layered in (("layer", True), ("full", False)):
            scene.STATIC_LAYER = layered
            began = time.perf_counter()
            for _ in range(draws):
                scene.draw(screen)
            out[name].append((time.perf_counter() - began) * 1000 / draws)
    del scene.STATIC_LAYER
    return json.dumps(out)
"""


def ab_game(page, game: str, args) -> None:
    """Draw costs (ms, ``scene.draw`` alone) of one table state mid-play, with and without the
    still layer, alternating."""
    page.js(f"harness.pyodide.runPython({json.dumps(AB)})", 60)
    bench_web.hook(page, "reset(adapt=False)")
    bench_web.hook(page, f"start_stretch({game!r}, limit=4000)")
    page.wait_py("app.scene.name == " + repr(game) + " and app.scene.phase == 'play'", 300)
    page.pump(1.5)
    out = json.loads(page.js("harness.pyodide.runPython('_ab(6, 10)')", 300))
    bench_web.run_stretch(page, game, 4000, 600.0)  # (let it finish before the next game)
    layer, full = sorted(out["layer"]), sorted(out["full"])
    print(
        f"=== {game} thr {args.throttle:g}: one table state ({out['phase']}), scene.draw alone, "
        f"median of 6 x 10: with the still layer {layer[3]:.2f} ms, full redraw {full[3]:.2f} ms "
        f"(load {os.getloadavg()[0]:.2f})",
        flush=True,
    )


def profile_game(page, game: str, args) -> None:
    page.js(f"harness.pyodide.runPython({json.dumps(PROFILER)})", 60)
    bench_web.hook(page, "reset(adapt=False)")
    began = time.monotonic()
    seen = bench_web.run_stretch(page, game, args.frames, 900.0)
    code = f"_profile_report({args.top})"
    out = json.loads(page.js(f"harness.pyodide.runPython({json.dumps(code)})", 120))
    load = os.getloadavg()[0]
    print(
        f"=== {game}: {out['frames']} drawn frames profiled, mean draw {out['mean']:.2f} ms "
        f"under the profiler ({time.monotonic() - began:.0f} s, load {load:.2f}, "
        f"missing {[k for k, v in seen['seen'].items() if not v] or 'none'})"
    )
    print(out["text"], flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", default=",".join(bench_web.GAMES))
    p.add_argument("--throttle", type=float, default=1.0)
    p.add_argument("--orient", default="portrait", choices=("portrait", "landscape"))
    p.add_argument("--frames", type=int, default=1200)
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--ab", action="store_true", help="layer against full redraw, no profile")
    args = p.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from browser_driver import Browser
    from serve import HarnessServer, why_not_servable

    why = why_not_servable()
    if why:
        raise SystemExit(f"profile_web: {why}")
    server = HarnessServer()
    try:
        with Browser() as browser:
            dev = bench_web.device(args.orient, "1")
            page = browser.open("about:blank", dev)
            script = f"localStorage.setItem('majlis.settings', {json.dumps(bench_web.SETTINGS)});"
            page.call("Page.addScriptToEvaluateOnNewDocument", {"source": script})
            page.navigate(server.url)
            page.start(timeout=900)
            bench_web.install(page)
            page.throttle(args.throttle)
            for game in args.games.split(","):
                (ab_game if args.ab else profile_game)(page, game, args)
            browser.close_page(page)
    finally:
        server.close()


if __name__ == "__main__":
    main()
