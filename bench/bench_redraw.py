"""Whole redraws in the real browser: a new table and a turned phone, split into
their parts, with a cProfile of each on request.

    python bench/bench_redraw.py [--games hareeja,ronda,hand_rummy] [--throttle 4]
                                 [--orient portrait] [--factor 1] [--profile] [--lines 40]

On the harness of tests/browser (pyodide 0.27.7, pygbag's pygame-ce wasm wheel, headless
Chromium: build the site first with ``./majlis web``). One page per run, booted at throttling
1 and left on the home screen until the app has opened its fonts (its quiet-frame warm-up),
then throttled. For each game in turn (so the first is the page's first table, the others
find what earlier tables left in the caches), tests/browser/redraw_hooks.py measures:

* new table: the tap on Play's work (building the scene: ``start_autoplay``) and its first
  draw (``FramePainter.paint``, flip included), then the same frame drawn again;
* turn: the phone turned and back (``App.set_shape`` and the first draw after it);
* pause: the pause menu's first frame and the frames it stays up.

Figures are wall-clock in a shared machine: the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROWSER = ROOT / "tests" / "browser"
sys.path.insert(0, str(BROWSER))
sys.path.insert(0, str(ROOT))

GAMES = ("hareeja", "ronda", "hand_rummy")
SETTINGS = json.dumps({"speed": "fast", "drawing": "sharp"})


def hook(page, call: str) -> dict:
    return page.call_module("redraw_hooks", call, 300)


def install(page) -> None:
    page.put_module(BROWSER / "redraw_hooks.py")


def open_page(browser, url: str, orient: str, factor: str):
    from browser_driver import Device

    phone = Device(390, 693, 1.0 if factor == "1" else 3.0, touch=True, language="en")
    dev = phone if orient == "portrait" else phone.turned()
    page = browser.open("about:blank", dev)
    script = f"localStorage.setItem('majlis.settings', {json.dumps(SETTINGS)});"
    page.call("Page.addScriptToEvaluateOnNewDocument", {"source": script})
    page.navigate(url)
    end = time.monotonic() + 900
    while time.monotonic() < end:  # the boot, each look allowed 300 s (a loaded machine)
        try:
            if page.js("['tap', 'running', 'failed'].includes(window.harness?.phase)", 300):
                break
        except RuntimeError:
            pass
        page.pump(1.0)
    page.start(timeout=900)
    install(page)
    end = time.monotonic() + 300
    while not hook(page, "warmed()")["warm"] and time.monotonic() < end:
        page.pump(0.5)
    return page


def measure(page, game: str, args) -> dict:
    prof = "True" if args.profile else "False"
    load = os.getloadavg()[0]
    table = hook(page, f"new_table({game!r}, profile={prof}, lines={args.lines})")
    page.pump(0.5)
    turns = [hook(page, f"turn(profile={prof}, lines={args.lines})") for _ in range(2)]
    page.pump(0.5)
    paused = hook(page, "pause()")
    hook(page, "home()")
    page.pump(0.5)
    return {"game": game, "load": round(load, 2), "table": table, "turns": turns, "pause": paused}


def line(row: dict, throttle: float) -> str:
    t, p = row["table"], row["pause"]
    turns = " ".join(
        f"{'portrait' if x['portrait'] else 'landscape'} {x['layout_ms']}+{x['draw_ms']}"
        f" (again {x['again_ms']})"
        for x in row["turns"]
    )
    then = p["then_ms"]
    return (
        f"{row['game']:<10} thr {throttle:g}: new table build {t['build_ms']} + first draw "
        f"{t['draw_ms']} ms (again {t['again_ms']}); turn {turns}; pause first "
        f"{p['first_ms']} then median {then[len(then) // 2] if then else '-'} max "
        f"{max(then, default='-')} ms  (load {row['load']})"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--throttle", type=float, default=4.0)
    p.add_argument("--orient", default="portrait", choices=("portrait", "landscape"))
    p.add_argument("--factor", default="1", choices=("1", "1.5"))
    p.add_argument("--profile", action="store_true")
    p.add_argument("--lines", type=int, default=40)
    args = p.parse_args()
    games = args.games.split(",")
    bad = [g for g in games if g not in GAMES]
    if bad:
        p.error(f"unknown game: {', '.join(bad)}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from browser_driver import Browser
    from serve import HarnessServer, why_not_servable

    why = why_not_servable()
    if why:
        raise SystemExit(f"bench_redraw: {why}")
    print(f"load average at start {os.getloadavg()}", flush=True)
    server = HarnessServer()
    rows = []
    try:
        with Browser() as browser:
            page = open_page(browser, server.url, args.orient, args.factor)
            page.throttle(args.throttle)
            for game in games:
                row = measure(page, game, args)
                rows.append(row)
                print(line(row, args.throttle), flush=True)
            browser.close_page(page)
    finally:
        server.close()
    if args.profile:
        for row in rows:
            print(f"--- {row['game']}: new table (build and first draw)")
            print(row["table"]["profile"])
            for x in row["turns"]:
                print(f"--- {row['game']}: turn to {'portrait' if x['portrait'] else 'landscape'}")
                print(x["profile"])
    print(f"load average at end {os.getloadavg()}")


if __name__ == "__main__":
    main()
