"""Drawn-frame times of the real game in the real browser, beside native.

    python bench/bench_web.py [--games hareeja,ronda,hand_rummy] [--throttle 1,4]
                              [--factor 1,1.5,auto] [--orient portrait,landscape] [--quick]
                              [--idle-seconds 10] [--no-native] [--profile] [--json FILE]

On the harness of tests/browser (pyodide 0.27.7, pygbag's pygame-ce wasm wheel, headless
Chromium; the loop paced one ``asyncio.sleep(0)`` per animation frame as pygbag does). For each
page (an orientation at a drawing factor: a 390x693 touch page of pixel ratio 1 draws at factor
1, of ratio 3 at 1.5; ``auto`` is ratio 3 with the drawing factor's policy on, so it may step
down) and each CPU throttling rate (``Emulation.setCPUThrottlingRate``), each game plays
bench/table_stretch.py's scripted stretch (bots in every seat: the deal, card flights, a bid or
declaration or meld, the pause menu, the round's score panel) at the "fast" animation speed.
Measured inside the page (tests/browser/bench_hooks.py wraps the app's own ``step`` and
``pygame.display.flip``; game code is not changed):

* drawn frame: ``App.step`` of the frames that drew, p50 / p95 / p99 / max (ms);
* flip: ``pygame.display.flip`` alone (the frame copied to the canvas);
* whole redraw: the first drawn step of a new scene, and of a turned phone (the page emulated
  turned and back: the step that lays out again and draws), each with its present beside it
  (the whole frame to the screen: here headless Chromium's WebGL runs in software, SwiftShader,
  in its GPU process, which CPU throttling does not slow; its upload of a whole frame read
  1-16 ms on this machine);
* idle page CPU: Chrome's own ``Performance.getMetrics`` TaskDuration over ``--idle-seconds``
  on the home screen and at a table waiting for you, as % of one core;
* blits: the draw engineer's counter (FramePainter.count_blits) over a second, shorter stretch at
  throttle 1, each blit timed: per-pixel alpha blits a frame and the ten costliest blits;
* first draw: ms from navigation to the game's first flip (harness.times.first_draw).

Native figures come from bench/bench_frame.py and bench/bench_idle.py in the same run (before
the browser starts). The machine's load average is printed beside each page's figures.
``--quick``: Hareeja only unless --games, throttle 4, factor 1, portrait, shorter stretches.
``--budget M`` (minutes; 60, quick 15): a table that would start after it is skipped and named,
so ``./majlis bench`` ends in bounded time on a busy machine (a browser page that is already
measuring finishes its table: each stretch has its own 600 s bound).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROWSER = ROOT / "tests" / "browser"
sys.path.insert(0, str(BROWSER))
sys.path.insert(0, str(ROOT))

GAMES = ("hareeja", "ronda", "hand_rummy")
SETTINGS = json.dumps({"speed": "fast"})


def device(orient: str, factor: str):
    from browser_driver import Device

    ratio = 1.0 if factor == "1" else 3.0
    phone = Device(390, 693, ratio, touch=True, language="en")
    return phone if orient == "portrait" else phone.turned()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def spread(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "p50": round(statistics.median(values), 2),
        "p95": round(percentile(values, 0.95), 2),
        "p99": round(percentile(values, 0.99), 2),
        "max": round(max(values), 2),
    }


# ----- the page ------------------------------------------------------------------------------
def hook(page, call: str):
    """``bench_hooks.<call>`` in the page; its JSON answer."""
    return page.call_module("bench_hooks", call)


def install(page) -> None:
    page.put_module(BROWSER / "bench_hooks.py")
    hook(page, "reset()")


def idle_cpu(page, seconds: float) -> float:
    """% of one core the page's main thread was busy over ``seconds`` (Chrome's metrics)."""

    def sample() -> dict:
        metrics = page.call("Performance.getMetrics")["metrics"]
        return {m["name"]: m["value"] for m in metrics}

    page.wait_py("app.quiet.warmup is None", 300)  # every font size opened (quiet frames do it)
    page.pump(2.0)  # settle: the loop rests after 0.5 s of quiet (game/ui/pacing.py)
    hook(page, "reset()")
    before, frames = sample(), page.js("harness.frames")
    page.pump(seconds)
    after, frames = sample(), page.js("harness.frames") - frames
    wall = after["Timestamp"] - before["Timestamp"]
    fig = hook(page, "figures()")
    quiet, drawn = fig["quiet"], len(fig["steps"])
    step = statistics.median(quiet) if quiet else float("nan")
    print(
        f"  idle {seconds:g} s: {frames / wall:.0f} animation frames/s, {len(quiet)} quiet steps "
        f"(median {step:.2f} ms: {step * len(quiet) / wall / 10:.1f} % of a core), {drawn} drawn",
        flush=True,
    )
    return round(100 * (after["TaskDuration"] - before["TaskDuration"]) / wall, 2)


def heap_mb(page) -> float:
    """The WebAssembly memory's size (MB): it only grows, and each growth is a pause."""
    return round(page.js("window.Module.HEAP8.length") / 2**20, 1)


def run_stretch(page, game: str, limit: int, timeout: float) -> dict:
    hook(page, f"start_stretch({game!r}, limit={limit})")
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        info = hook(page, "stretch()")
        if info.get("done"):
            return info
        page.pump(1.0)
    info = hook(page, "stretch()")
    info["timed_out"] = True
    return info


def turn_twice(page, dev, throttle: float) -> list[list[float]]:
    """The page turned and back; the drawn steps that laid out again: [ms, of it the
    present's ms]."""
    hook(page, "reset()")
    for shape in (dev.turned(), dev):
        page.emulate(shape, throttle)
        portrait = shape.height > shape.width
        page.wait_py(f"app.layout.portrait == {portrait}", 60)
        page.frames(5)
    steps = hook(page, "figures()")["steps"]
    before = [None, None, dev.height > dev.width]  # (the shape the page had: a quiet table
    # draws no step before the first turn, which would otherwise have nothing to differ from)
    return [[s[0], s[4]] for a, s in itertools.pairwise([before, *steps]) if s[2] != a[2]]


def measure_page(page, dev, factor: str, throttle: float, games: list[str], args) -> list[dict]:
    rows = []
    page.throttle(throttle)
    adapt = factor == "auto"
    hook(page, "go_home()")
    page.frames(5)
    home_idle = idle_cpu(page, args.idle_seconds)
    for game in games:
        if time.monotonic() > args.deadline:
            print(f"  (budget spent: {game} {factor} thr {throttle:g} not measured)", flush=True)
            continue
        load = os.getloadavg()[0]
        hook(page, f"reset(adapt={adapt})")
        heap_before = heap_mb(page)
        seen = run_stretch(page, game, args.limit, args.timeout)
        fig = hook(page, "figures()")
        stretch = [s[0] for s in fig["steps"] if s[1] != "scene"]
        scene = [s for s in fig["steps"] if s[1] == "scene"]
        row = {
            "game": game,
            "orient": "portrait" if dev.height > dev.width else "landscape",
            "factor": factor,
            "throttle": throttle,
            "size": "x".join(map(str, fig["size"])),
            "seen": [k for k, v in seen["seen"].items() if not v] or "none",
            "frames": seen["frames"],
            "drawn": spread(stretch),
            "flip": spread(fig["flips"]),
            "presented": presented_share(fig),
            "scene_redraw": round(scene[0][0], 1) if scene else None,
            "scene_present": scene[0][4] if scene else None,  # (of it: the frame to the screen)
            "factors": fig["factors"],
            "idle_home": home_idle,
            "load": round(load, 2),
            "heap_mb": [heap_before, heap_mb(page)],
        }
        turns = turn_twice(page, dev, throttle)
        row["rotate_redraw"] = [round(ms, 1) for ms, _ in turns]
        row["rotate_present"] = [present for _, present in turns]
        if args.profile:
            row["profile"] = hook(page, "profile(10)")["text"]
            row["profile"] += hook(page, "profile_quiet(120)")["text"]
        if throttle == min(args.throttles) and factor != "auto":
            row["blits"] = blit_pass(page, game, args)
        hook(page, f"wait_at_my_move({game!r})")
        page.wait_py("__import__('bench_hooks').at_my_move()", 180)
        row["idle_table"] = idle_cpu(page, args.idle_seconds)
        hook(page, "go_home()")
        rows.append(row)
        print(line(row), flush=True)
    return rows


def blit_pass(page, game: str, args) -> dict:
    hook(page, "count_blits(True)")
    run_stretch(page, game, args.blit_limit, args.timeout)
    out = hook(page, "blits(10)")
    hook(page, "stop_counting()")
    per = out.pop("per_frame")
    out["alpha_max"] = max((p[0] for p in per), default=0)
    out["alpha_mean"] = round(sum(p[0] for p in per) / len(per), 2) if per else 0
    out["full_alpha_max"] = max((p[1] for p in per), default=0)
    out["blits_mean"] = round(sum(p[2] for p in per) / len(per), 1) if per else 0
    return out


# ----- native --------------------------------------------------------------------------------
def native_frames(games: list[str], orients: list[str], factors: list[str]) -> dict:
    out = {}
    for game in games:
        for orient in orients:
            for factor in sorted({"1" if f == "1" else "1.5" for f in factors}):
                cmd = [sys.executable, str(ROOT / "bench" / "bench_frame.py"), "--game", game]
                cmd += ["--scale", factor] + (["--portrait"] if orient == "portrait" else [])
                text = subprocess.run(
                    cmd, capture_output=True, text=True, timeout=600, check=False
                ).stdout
                found = re.search(r"cpu, drawn frame time median ([\d.]+) ms, p99 ([\d.]+)", text)
                out[(game, orient, factor)] = found.groups() if found else ("?", "?")
    return out


def native_idle() -> str:
    cmd = [sys.executable, str(ROOT / "bench" / "bench_idle.py"), "--frames", "200"]
    text = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False).stdout
    means = [float(m) for m in re.findall(r"idle frame cpu mean ([\d.]+)", text)]
    return f"idle frame cpu mean max {max(means):.3f} ms over {len(means)} screens" if means else ""


# ----- report --------------------------------------------------------------------------------
def presented_share(fig: dict) -> str | None:
    """How the frames reached the canvas (game/ui/presenter.py): through the page, by a flip,
    and the share of the frame's pixels the page copied on average."""
    p = fig.get("presenter")
    if not p:
        return None
    w, h = fig["size"]
    share = p["pixels"] / max(1, p["shown"]) / (w * h)
    broken = f", broken: {p['broken']}" if p["broken"] else ""
    return f"{p['shown']} shown, {p['flipped']} flipped, {100 * share:.0f} % a frame{broken}"


def line(row: dict) -> str:
    d, f = row["drawn"], row["flip"]
    return (
        f"{row['game']:<10} {row['orient']:<9} x{row['factor']:<4} thr {row['throttle']:g} "
        f"{row['size']:>9}  drawn n={d.get('n')} p50 {d.get('p50')} p95 {d.get('p95')} "
        f"p99 {d.get('p99')} max {d.get('max')}  flip p50 {f.get('p50')} p99 {f.get('p99')}  "
        f"redraw scene {row['scene_redraw']} (present {row['scene_present']}) turn "
        f"{row['rotate_redraw']} (present {row['rotate_present']})  idle home "
        f"{row['idle_home']}% table {row['idle_table']}%  factors {row['factors']}  "
        f"presented {row.get('presented')}  heap {row['heap_mb'][0]} -> {row['heap_mb'][1]} MB  "
        f"(load {row['load']}; missing {row['seen']})"
    )


def table(rows: list[dict], native: dict) -> str:
    head = (
        "| game | shape | factor | throttle | frame | drawn p50/p95/p99/max ms | flip p50/p99 | "
        "redraw scene/turn ms | idle home/table % | native drawn p50/p99 | load |"
    )
    out = [head, "|" + "---|" * 11]
    for r in rows:
        d, f = r["drawn"], r["flip"]
        nat = native.get((r["game"], r["orient"], "1" if r["factor"] == "1" else "1.5"), ("-",) * 2)
        turn = max(r["rotate_redraw"], default=float("nan"))
        out.append(
            f"| {r['game']} | {r['orient']} | {r['factor']} | {r['throttle']:g} | {r['size']} | "
            f"{d.get('p50')}/{d.get('p95')}/{d.get('p99')}/{d.get('max')} | "
            f"{f.get('p50')}/{f.get('p99')} | {r['scene_redraw']}/{turn} | "
            f"{r['idle_home']}/{r['idle_table']} | {nat[0]}/{nat[1]} | {r['load']} |"
        )
    return "\n".join(out)


def blit_report(rows: list[dict]) -> str:
    out = []
    for r in rows:
        b = r.get("blits")
        if not b:
            continue
        out.append(
            f"{r['game']} {r['orient']} x{r['factor']}: {b['frames']} counted frames, "
            f"{b['blits_mean']} blits a frame, per-pixel alpha (not RLE) a frame mean "
            f"{b['alpha_mean']} max {b['alpha_max']}, full-screen alpha max {b['full_alpha_max']}"
        )
        for c in b["costly"]:
            out.append(
                f"    {c['kind']:<13} {c['size']:>9} flags {c['flags']} {c['bits']}bit "
                f"special {c['special']}: {c['total_ms']} ms in {c['count']} "
                f"(mean {c['mean_ms']}, max {c['max_ms']})"
            )
    return "\n".join(out)


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", default=None)
    p.add_argument("--throttle", default=None, help="comma list (default 1,4)")
    p.add_argument("--factor", default=None, help="comma list of 1, 1.5, auto (default 1,1.5)")
    p.add_argument("--orient", default=None, help="portrait,landscape")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--idle-seconds", type=float, default=10.0)
    p.add_argument("--no-native", action="store_true")
    p.add_argument("--profile", action="store_true")
    p.add_argument("--json", default=None)
    p.add_argument("--frames", type=int, default=None, help="a stretch's frame limit")
    p.add_argument(
        "--budget", type=float, default=None, help="minutes; later tables are skipped (60)"
    )
    a = p.parse_args()
    a.deadline = time.monotonic() + 60 * (a.budget or (15 if a.quick else 60))
    a.games = (a.games or ("hareeja" if a.quick else ",".join(GAMES))).split(",")
    a.throttles = [float(t) for t in (a.throttle or ("4" if a.quick else "1,4")).split(",")]
    a.factors = (a.factor or ("1" if a.quick else "1,1.5")).split(",")
    a.orients = (a.orient or ("portrait" if a.quick else "portrait,landscape")).split(",")
    a.limit = a.frames or (1200 if a.quick else 3000)
    a.blit_limit = 300
    a.timeout = 600.0
    bad = [g for g in a.games if g not in GAMES] + [
        f for f in a.factors if f not in ("1", "1.5", "auto")
    ]
    if bad:
        p.error(f"unknown game or factor: {', '.join(bad)}")
    return a


def main() -> None:
    args = parse()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from browser_driver import Browser
    from serve import HarnessServer, why_not_servable

    why = why_not_servable()
    if why:
        raise SystemExit(f"bench_web: {why}")
    print(f"load average at start {os.getloadavg()}", flush=True)
    native, idle = {}, ""
    if not args.no_native:
        native = native_frames(args.games, args.orients, args.factors)
        idle = native_idle()
        for key, (p50, p99) in native.items():
            print(f"native {' '.join(key)}: drawn cpu p50 {p50} p99 {p99} ms", flush=True)
        print(f"native {idle}", flush=True)
    rows: list[dict] = []
    server = HarnessServer()
    try:
        with Browser() as browser:
            for orient in args.orients:
                for factor in args.factors:
                    if time.monotonic() > args.deadline:
                        print(f"(budget spent: {orient} x{factor} not opened)", flush=True)
                        continue
                    dev = device(orient, factor)
                    page = browser.open("about:blank", dev)
                    script = f"localStorage.setItem('majlis.settings', {json.dumps(SETTINGS)});"
                    page.call("Page.addScriptToEvaluateOnNewDocument", {"source": script})
                    page.call("Performance.enable", {"timeDomain": "timeTicks"})
                    page.navigate(server.url)
                    page.start(timeout=900)
                    first = page.js("harness.times")
                    print(f"{orient} x{factor}: page times {first}", flush=True)
                    install(page)
                    for throttle in args.throttles:
                        rows += measure_page(page, dev, factor, throttle, args.games, args)
                    for row in rows:
                        row.setdefault("first_draw_ms", first.get("first_draw"))
                    browser.close_page(page)
    finally:
        server.close()
    print()
    print(table(rows, native))
    print()
    print(blit_report(rows))
    if args.profile:
        for r in rows:
            print(f"--- profile {r['game']} {r['orient']} x{r['factor']} thr {r['throttle']:g}")
            print(r["profile"])
    print(f"load average at end {os.getloadavg()}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "native_idle": idle}, indent=1))


if __name__ == "__main__":
    main()
