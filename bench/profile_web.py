"""Where a drawn table frame's time goes in the real browser: cProfile inside pyodide
over every drawn frame of bench/table_stretch.py's scripted stretch, per game.

    python bench/profile_web.py [--games hareeja,ronda,hand_rummy] [--throttle 1]
                                [--orient portrait] [--frames 1200] [--top 25] [--ab]
                                [--slow 2] [--why 20] [--gc]

On the harness of tests/browser (as bench/bench_web.py: pyodide 0.27.7, pygbag's pygame-ce wasm
wheel, headless Chromium, a 390x693 page of pixel ratio 1). The profiler runs only inside
``FramePainter.paint`` (a drawn frame's ``scene.draw``, overlays, toasts and the flip), wrapped
on the app's painter; game code is not changed. Prints the functions by their own time and by
cumulative time, and the drawn frames' mean cost under the profiler (its overhead is large
under WebAssembly: read the shares, not the milliseconds).

``--slow PERCENT``: what the slowest drawn frames spend their time on. Every ``App.step`` (the
events, the update and the draw) is profiled on its own; the profiles of the slowest PERCENT of
the steps that drew are added up and printed, with those steps' times (under the profiler).

``--why N``: no profiler; the N slowest drawn steps, each with what was new in it (the game's
caches that missed: pictures, labels, widths made for the first time) and the still layer's
repaints.

``--parts``: one table state mid-play (as ``--ab``); each part of the still layer repainted
alone (its key made stale, no kept picture) in a frame painted as the app paints it, timed;
then the dearest part's repaint under the profiler.

``--gc``: no profiler; every collection of Python's cyclic collector is timed
(``gc.callbacks``), by generation, with whether it fell inside a step that drew, and the
slowest drawn steps are printed with the collection time inside each.
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
_PROF = {"prof": cProfile.Profile(), "ms": [], "draw": app.painter.paint}

def _profiled_draw(*a, **k):
    began = time.perf_counter()
    _PROF["prof"].enable()
    try:
        return _PROF["draw"](*a, **k)
    finally:
        _PROF["prof"].disable()
        _PROF["ms"].append((time.perf_counter() - began) * 1000)

app.painter.paint = _profiled_draw

def _profile_report(top):
    app.painter.paint = _PROF["draw"]
    out = io.StringIO()
    stats = pstats.Stats(_PROF["prof"], stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    ms = _PROF["ms"]
    mean = sum(ms) / max(1, len(ms))
    return json.dumps({"text": out.getvalue(), "frames": len(ms), "mean": mean})
"""

SLOW = r"""
import cProfile, io, json, pstats, time
from game.ui.app import App
app = App.current
_SLOW = {"step": app.step, "kept": []}

def _slow_step(*a, **k):
    draws, prof = app.painter.draws, cProfile.Profile()
    began = time.perf_counter()
    prof.enable()
    try:
        return _SLOW["step"](*a, **k)
    finally:
        prof.disable()
        if app.painter.draws != draws:
            _SLOW["kept"].append(((time.perf_counter() - began) * 1000, prof))

app.step = _slow_step

def _slow_report(percent, top):
    app.step = _SLOW["step"]
    kept = sorted(_SLOW["kept"], key=lambda x: -x[0])
    worst = kept[: max(1, len(kept) * percent // 100)]
    out = io.StringIO()
    stats = pstats.Stats(worst[0][1], stream=out)
    for _, prof in worst[1:]:
        stats.add(prof)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    ms = [round(m, 1) for m, _ in worst]
    each = []
    for m, prof in worst:
        st = pstats.Stats(prof)
        rows = sorted(st.stats.items(), key=lambda kv: -kv[1][3])  # by cumulative time
        game = [(f"{k[0].rsplit('/', 1)[-1]}:{k[2]}", round(v[3] * 1000, 1)) for k, v in rows
                if "/game/" in k[0]][:10]
        each.append([round(m, 1), game])
    return json.dumps({"text": out.getvalue(), "frames": len(kept), "worst": ms, "each": each})
"""

GC_WATCH = r"""
import gc, json, time
from game.ui.app import App
app = App.current
_GC = {"step": app.step, "in_draw": False, "began": 0.0, "runs": [], "steps": []}

def _gc_callback(phase, info):
    now = time.perf_counter()
    if phase == "start":
        _GC["began"] = now
    else:
        _GC["runs"].append((info["generation"], (now - _GC["began"]) * 1000, _GC["in_step"]))

def _gc_step(*a, **k):
    draws, began = app.painter.draws, time.perf_counter()
    _GC["in_step"] = True
    before = len(_GC["runs"])
    try:
        return _GC["step"](*a, **k)
    finally:
        _GC["in_step"] = False
        if app.painter.draws != draws:
            spent = sum(ms for _, ms, _ in _GC["runs"][before:])
            _GC["steps"].append(((time.perf_counter() - began) * 1000, spent))

_GC["in_step"] = False
gc.callbacks.append(_gc_callback)
app.step = _gc_step

def _gc_report(top):
    app.step = _GC["step"]
    gc.callbacks.remove(_gc_callback)
    steps = sorted(_GC["steps"], key=lambda s: -s[0])
    return json.dumps({"runs": _GC["runs"], "slowest": steps[:top], "drawn": len(steps),
                       "threshold": gc.get_threshold()})
"""

# ``--why N``: no profiler; every drawn step timed, with what was new in it: the caches of the
# game's modules that missed (a picture, a label, a width made for the first time) and the
# still layer's repaints; the N slowest are printed.
WHY = r"""
import json, sys, time
from game.ui.app import App
app = App.current
_WHY = {"step": app.step, "steps": []}

def _why_caches():
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("game.") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if hasattr(value, "cache_info") and getattr(value, "__module__", "") == name:
                found.append((name.rsplit(".", 1)[-1] + "." + attr, value))
    return found

def _why_layer():
    still = getattr(getattr(app.scene, "frame", None), "still", None)
    layer = getattr(still, "layer", None)
    if layer is None:
        return (0, 0, 0)
    return (layer.full_paints, layer.part_paints, layer.reused)

_WHY["caches"] = _why_caches()
from game.ui import static_layer as _sl
_WHY["merged"], _WHY["rects"] = _sl.merged, []

def _why_merged(rects, bounds):
    out = _WHY["merged"](rects, bounds)
    _WHY["rects"] += [(r.w, r.h) for r in out]
    return out

_sl.merged = _why_merged
_WHY["draw_layer"] = _sl.StaticLayer.draw

def _why_draw_layer(self, target, whole, parts, paint):
    if self.whole == whole:
        _WHY["parts"] += [n for n in self.parts.keys() | parts.keys()
                          if (self.parts.get(n) or (None,))[0] != (parts.get(n) or (None,))[0]]
    return _WHY["draw_layer"](self, target, whole, parts, paint)

_sl.StaticLayer.draw = _why_draw_layer
_WHY["paint"], _WHY["paint_ms"] = app.painter.paint, 0.0

def _why_paint():
    began = time.perf_counter()
    try:
        return _WHY["paint"]()
    finally:
        _WHY["paint_ms"] += (time.perf_counter() - began) * 1000

app.painter.paint = _why_paint

def _why_step(*a, **k):
    draws = app.painter.draws
    misses = [c.cache_info().misses for _, c in _WHY["caches"]]
    layer, scene = _why_layer(), app.scene
    _WHY["rects"], _WHY["parts"], _WHY["paint_ms"] = [], [], 0.0
    began = time.perf_counter()
    try:
        return _WHY["step"](*a, **k)
    finally:
        ms = (time.perf_counter() - began) * 1000
        if app.painter.draws != draws:
            new = [f"{n} {c.cache_info().misses - m}" for (n, c), m in zip(_WHY["caches"], misses)
                   if c.cache_info().misses != m]
            after = _why_layer() if app.scene is scene else layer
            paints = [b - a for a, b in zip(layer, after)]
            what = [f"(paint {_WHY['paint_ms']:.1f})", type(scene).__name__,
                    getattr(scene, "phase", ""), "overlays %d" % len(app.overlays)]
            if getattr(scene, "score", None) is not None:
                what.append("score panel")
            areas = " ".join(f"{w}x{h}" for w, h in _WHY["rects"])
            what.append(f"parts {sorted(set(map(str, _WHY['parts'])))} rects {areas}")
            _WHY["steps"].append((round(ms, 1), what, paints, new))

app.step = _why_step

def _why_report(top):
    app.step = _WHY["step"]
    steps = sorted(_WHY["steps"], key=lambda s: -s[0])
    return json.dumps({"drawn": len(steps), "slowest": steps[:top]})
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
            scene.frame.still.STATIC_LAYER = layered
            began = time.perf_counter()
            for _ in range(draws):
                scene.draw(screen)
            out[name].append((time.perf_counter() - began) * 1000 / draws)
    del scene.frame.still.STATIC_LAYER
    return json.dumps(out)
"""


# ``--parts``: one table state mid-play; each part of its still layer repainted alone (its key
# made stale, no kept picture), the frame painted as the app paints it, timed; then the dearest
# part's repaint under the profiler.
PARTS = r"""
import cProfile, io, json, pstats, time
from game.ui.app import App

def _parts_paint(layer, name):
    app = App.current
    if name is not None:
        key, rect = layer.parts[name]
        layer.parts[name] = (object(), rect)
    layer.pictures.clear()
    began = time.perf_counter()
    app.painter.paint()
    return (time.perf_counter() - began) * 1000

def _parts(rounds, top):
    app = App.current
    layer = app.scene.frame.still.layer
    names = [None, *layer.parts]
    out = {n: [] for n in map(str, names)}
    for _ in range(rounds):
        for name in names:
            out[str(name)].append(_parts_paint(layer, name))
    med = {n: sorted(v)[len(v) // 2] for n, v in out.items()}
    rects = {str(n): list(r) for n, (_k, r) in layer.parts.items()}
    dearest = max(names[1:], key=lambda n: med[str(n)])
    prof = cProfile.Profile()
    text = io.StringIO()
    prof.enable()
    for _ in range(5):
        _parts_paint(layer, dearest)
    prof.disable()
    pstats.Stats(prof, stream=text).sort_stats("cumulative").print_stats(top)
    return json.dumps({"median": med, "rects": rects, "dearest": str(dearest),
                       "phase": app.scene.phase, "text": text.getvalue()})
"""


def parts_game(page, game: str, args) -> None:
    """Each still part's repaint alone, timed, at one table state mid-play."""
    page.js(f"harness.pyodide.runPython({json.dumps(PARTS)})", 60)
    bench_web.hook(page, "reset(adapt=False)")
    bench_web.hook(page, f"start_stretch({game!r}, limit=4000)")
    page.wait_py("app.scene.name == " + repr(game) + " and app.scene.phase == 'play'", 300)
    page.pump(1.5)
    code = f"_parts(5, {args.top})"
    out = json.loads(page.js(f"harness.pyodide.runPython({json.dumps(code)})", 600))
    bench_web.run_stretch(page, game, 4000, 600.0)  # (let it finish before the next game)
    base = out["median"].pop("None")
    print(
        f"=== {game} thr {args.throttle:g} ({out['phase']}): a frame painted with nothing "
        f"repainted {base:.1f} ms; each part repainted alone (median of 5):",
        flush=True,
    )
    for name, ms in sorted(out["median"].items(), key=lambda kv: -kv[1]):
        w, h = out["rects"][name][2:]
        print(f"  {ms:6.1f} ms  {name}  {w}x{h}")
    dearest = out["dearest"]
    print(f"the dearest ({dearest}) under the profiler, 5 paints:\n{out['text']}", flush=True)


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


def slow_game(page, game: str, args) -> None:
    """The added-up profile of the slowest ``args.slow`` % of the drawn steps."""
    page.js(f"harness.pyodide.runPython({json.dumps(SLOW)})", 60)
    bench_web.hook(page, "reset(adapt=False)")
    seen = bench_web.run_stretch(page, game, args.frames, 900.0)
    code = f"_slow_report({args.slow}, {args.top})"
    out = json.loads(page.js(f"harness.pyodide.runPython({json.dumps(code)})", 120))
    print(
        f"=== {game}: the slowest {len(out['worst'])} of {out['frames']} drawn steps "
        f"(ms under the profiler): {out['worst']} (load {os.getloadavg()[0]:.2f}, "
        f"missing {[k for k, v in seen['seen'].items() if not v] or 'none'})"
    )
    for ms, rows in out["each"]:
        print(f"  {ms} ms: " + ", ".join(f"{name} {t}" for name, t in rows))
    print(out["text"], flush=True)


def why_game(page, game: str, args) -> None:
    """The slowest drawn steps, unprofiled, each with what was new in it."""
    page.js(f"harness.pyodide.runPython({json.dumps(WHY)})", 60)
    bench_web.hook(page, "reset(adapt=False)")
    bench_web.run_stretch(page, game, args.frames, 900.0)
    code = f"_why_report({args.why})"
    out = json.loads(page.js(f"harness.pyodide.runPython({json.dumps(code)})", 120))
    print(
        f"=== {game}: the slowest {args.why} of {out['drawn']} drawn steps "
        f"(load {os.getloadavg()[0]:.2f}); layer: full, part paints, reused",
        flush=True,
    )
    for ms, what, paints, new in out["slowest"]:
        print(f"  {ms:6.1f} ms  {' '.join(what)}  layer {paints}  new: {', '.join(new) or '-'}")


def gc_game(page, game: str, args) -> None:
    """Every collection during the stretch, and the collector's share of the slowest steps."""
    page.js(f"harness.pyodide.runPython({json.dumps(GC_WATCH)})", 60)
    bench_web.hook(page, "reset(adapt=False)")
    bench_web.run_stretch(page, game, args.frames, 900.0)
    code = f"_gc_report({args.top})"
    out = json.loads(page.js(f"harness.pyodide.runPython({json.dumps(code)})", 120))
    print(f"=== {game}: {out['drawn']} drawn steps, thresholds {out['threshold']}", flush=True)
    for generation in (0, 1, 2):
        for inside, where in ((True, "in a step"), (False, "between steps")):
            ms = sorted(m for g, m, i in out["runs"] if g == generation and i == inside)
            if ms:
                print(
                    f"  generation {generation} {where}: {len(ms)} collections, "
                    f"median {ms[len(ms) // 2]:.1f} ms, max {ms[-1]:.1f} ms"
                )
    slow = ", ".join(f"{ms:.1f} ({gc_ms:.1f} in gc)" for ms, gc_ms in out["slowest"])
    print(f"  slowest drawn steps, ms: {slow}", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", default=",".join(bench_web.GAMES))
    p.add_argument("--throttle", type=float, default=1.0)
    p.add_argument("--orient", default="portrait", choices=("portrait", "landscape"))
    p.add_argument("--frames", type=int, default=1200)
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--ab", action="store_true", help="layer against full redraw, no profile")
    p.add_argument("--slow", type=int, default=0, help="profile the slowest PERCENT of steps")
    p.add_argument("--gc", action="store_true", help="time the collector's runs, no profile")
    p.add_argument("--parts", action="store_true", help="each still part repainted alone")
    p.add_argument("--why", type=int, default=0, help="the N slowest steps, what was new in each")
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
            page.wait_py("app.quiet.warmup is None", 300)  # as in bench_web: a player's page has
            page.throttle(args.throttle)  # opened its fonts and faces on the home screen
            for game in args.games.split(","):
                run = (
                    ab_game
                    if args.ab
                    else gc_game
                    if args.gc
                    else why_game
                    if args.why
                    else parts_game
                    if args.parts
                    else slow_game
                    if args.slow
                    else profile_game
                )
                run(page, game, args)
            browser.close_page(page)
    finally:
        server.close()


if __name__ == "__main__":
    main()
