"""A turned phone in the real browser: the step that lays a quiet table out again and draws
it, split into its parts.

    python bench/bench_turn.py [--games hareeja,ronda,hand_rummy] [--throttle 4]
                               [--turns 3] [--quiet 3] [--lang en]

On the harness of tests/browser (pyodide 0.27.7, pygbag's pygame-ce wasm wheel, headless
Chromium; build the site first with ``./majlis web``). One portrait 390x693 touch page of
pixel ratio 1 (factor 1), booted unthrottled and left on the home screen until the app's
warm-up is done, then throttled. For each game a new match against bots waits at your move;
after ``--quiet`` seconds (the loop's quiet frames: work made ahead runs on them) the page is
turned to landscape, and after as long again back to portrait, ``--turns`` times. Printed for
each turn (tests/browser/turn_hooks.py): the whole step, the new layout (``set_shape``), the
drawing and the present (the frame to the screen; of it the page's own ``majlis.present``), in
ms, with the machine's load and the frame sizes the page keeps a WebGL canvas of.

``--mid-deal``: each turn instead on a new match's deal while its cards fly (no quiet frame
before it, so nothing is made ahead for it: the whole new layout is drawn in that step).

``--native``: no browser; the same quiet tables natively (SDL's dummy driver), eight turns each
after a second of quiet frames: the CPU time of a turn (``set_shape`` and the draw), what it
made (words, fitted sizes, plate bodies, card faces) and the still layer's whole paints so far.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROWSER = ROOT / "tests" / "browser"
sys.path.insert(0, str(BROWSER))
sys.path.insert(0, str(ROOT))

GAMES = ("hareeja", "ronda", "hand_rummy")
SETTINGS = json.dumps({"speed": "fast"})


def hook(page, call: str):
    return page.call_module("turn_hooks", call, 300)


def install(page) -> None:
    page.put_module(BROWSER / "turn_hooks.py")
    hook(page, "state()")


def turn_to(page, dev, throttle: float) -> None:
    page.emulate(dev, throttle)
    portrait = dev.height > dev.width
    page.wait_py(f"app.layout.portrait == {portrait}", 120)
    page.frames(5)


def measure(page, game: str, phone, args) -> list[dict]:
    hook(page, f"table({game!r})")
    page.wait_py("__import__('turn_hooks').at_my_move()", 300)
    hook(page, "turns()")
    out = []
    for _ in range(args.turns):
        for dev in (phone.turned(), phone):
            page.pump(args.quiet)
            load = os.getloadavg()[0]
            turn_to(page, dev, args.throttle)
            for t in hook(page, "turns()"):
                t["load"] = round(load, 2)
                t["canvases"] = page.js("majlis.screens ? majlis.screens() : ''")
                out.append(t)
    hook(page, "home()")
    page.pump(1.0)
    return out


def measure_mid_deal(page, game: str, phone, args) -> list[dict]:
    """Each turn on a new match's deal, while its cards fly (no quiet frame before it: the
    turn cannot be made ahead)."""
    out = []
    for i in range(args.turns):
        for dev in (phone.turned(), phone):  # (each match starts in the shape the last left)
            hook(page, f"table({game!r}, {2024 + i})")
            page.wait_py("__import__('turn_hooks').mid_deal()", 300)
            hook(page, "turns()")
            load = os.getloadavg()[0]
            turn_to(page, dev, args.throttle)
            for t in hook(page, "turns()"):
                t["load"] = round(load, 2)
                out.append(t)
    hook(page, "home()")
    page.pump(1.0)
    return out


def line(game: str, t: dict) -> str:
    return (
        f"{game:<10} to {'portrait ' if t['portrait'] else 'landscape'}: step {t['step_ms']} ms "
        f"(layout {t.get('layout_ms')} of it window {t.get('window_ms')}, "
        f"draw {t.get('draw_ms')}, present {t.get('present_ms')}"
        f" of which the page's {t.get('page_ms')})  load {t['load']}"
        f"  page canvases {t.get('canvases') or '-'}"
    )


def native(games: list[str]) -> None:
    import gc

    from game.ui import assets, draw, plates
    from game.ui import games as game_list
    from game.ui.app import App, Options

    def made() -> int:
        caches = (draw.label, draw.fit_text, plates.plate_body, assets._card_face)
        return sum(c.cache_info().misses for c in caches)

    for game in games:
        app = App(Options(lang="en", portrait=True))
        app.quiet.warm_up()
        app.settings["turn_seconds"] = 0
        app.quiet.ahead.clear()
        gc.collect()
        app.switch(game_list.new_match(app, game, seed=2024))
        for _ in range(3000):
            app.step(1 / 60)
            scene = app.scene
            if scene.awaiting_me() and scene.idle() and not scene.animating():
                break
        cpu, making, whole = [], [], []
        for _ in range(8):
            for _ in range(60):
                app.step(1 / 60)
            before, began = made(), time.process_time()
            app.set_portrait(not app.layout.portrait)
            app.painter.paint()
            cpu.append((time.process_time() - began) * 1000)
            making.append(made() - before)
            whole.append(scene.frame.still.layer.full_paints)
        print(
            f"{game:<10} native turn cpu: first {cpu[0]:.2f} ms, then median "
            f"{statistics.median(cpu[1:]):.2f} ms; made {making}; layer whole paints {whole} "
            f"(load {os.getloadavg()[0]:.2f})",
            flush=True,
        )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--throttle", type=float, default=4.0)
    p.add_argument("--turns", type=int, default=3)
    p.add_argument("--quiet", type=float, default=3.0)
    p.add_argument("--lang", default="en", choices=("en", "ar"))
    p.add_argument("--native", action="store_true", help="natively, no browser")
    p.add_argument("--mid-deal", action="store_true", help="each turn while a deal's cards fly")
    args = p.parse_args()
    games = args.games.split(",")
    bad = [g for g in games if g not in GAMES]
    if bad:
        p.error(f"unknown game: {', '.join(bad)}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if args.native:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        native(games)
        return
    from browser_driver import Browser, Device
    from serve import HarnessServer, why_not_servable

    why = why_not_servable()
    if why:
        raise SystemExit(f"bench_turn: {why}")
    print(f"load average at start {os.getloadavg()}", flush=True)
    phone = Device(390, 693, 1.0, touch=True, language=args.lang)
    server = HarnessServer()
    summary: dict[tuple[str, bool], list[float]] = {}
    try:
        with Browser() as browser:
            page = browser.open("about:blank", phone)
            script = f"localStorage.setItem('majlis.settings', {json.dumps(SETTINGS)});"
            page.call("Page.addScriptToEvaluateOnNewDocument", {"source": script})
            page.navigate(server.url)
            page.start(timeout=900)
            install(page)
            page.wait_py("app.quiet.warmup is None", 300)
            page.throttle(args.throttle)
            for game in games:
                run = measure_mid_deal if args.mid_deal else measure
                for t in run(page, game, phone, args):
                    print(line(game, t), flush=True)
                    summary.setdefault((game, t["portrait"]), []).append(t["step_ms"])
            browser.close_page(page)
    finally:
        server.close()
    for (game, portrait), steps in summary.items():
        print(
            f"{game:<10} to {'portrait ' if portrait else 'landscape'}: median step "
            f"{statistics.median(steps):.1f} ms of {len(steps)} {sorted(steps)}"
        )
    print(f"load average at end {os.getloadavg()}")


if __name__ == "__main__":
    main()
