"""CPU time of an idle frame: the menu, and each game's table waiting for your move (nothing
moving, no input, no turn clock). Dummy video driver; each frame is the real App.step.

Usage: python bench/bench_idle.py [--frames N] [--always-draw] [--scale F]
``--always-draw`` redraws every frame, as the app did before idle frames were skipped (the
"before" figure); ``--scale`` draws at that factor (game.ui.scale, 1 to 1.5).
Target: idle frame <= 0.3 ms CPU natively.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["MAJLIS_HOME"] = tempfile.mkdtemp(prefix="majlis-bench-")

from game.ui import games
from game.ui.app import App, Options

DT = 1 / 60


def settle_at_your_move(app: App, game: str):
    """A new match of ``game`` run until it waits for you with nothing moving."""
    scene = games.new_match(app, game, seed=2024)
    app.switch(scene)
    quiet = 0
    for _ in range(20000):
        app.step(DT)
        if scene.awaiting_me() and scene.idle() and not scene.animating():
            quiet += 1
            if quiet > 90:
                return scene
            continue
        quiet = 0
    raise SystemExit(f"{game}: never came to rest at your move")


def measure(app: App, frames: int, always_draw: bool) -> tuple[list[float], int]:
    draws = app.painter.draws
    cpu = []
    for _ in range(frames):
        if always_draw:
            app.invalidate()
        c0 = time.process_time()
        app.step(DT)
        cpu.append((time.process_time() - c0) * 1000)
    return cpu, app.painter.draws - draws


def report(name: str, cpu: list[float], drawn: int) -> None:
    cpu.sort()
    p99 = cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))]
    print(
        f"{name:<26} idle frame cpu mean {statistics.fmean(cpu):.3f} ms, "
        f"median {statistics.median(cpu):.3f} ms, p99 {p99:.3f} ms; "
        f"drawn {drawn} of {len(cpu)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--always-draw", action="store_true")
    parser.add_argument("--scale", type=float, default=1.0, help="drawing factor (1 to 1.5)")
    args = parser.parse_args()
    for portrait in (False, True):
        app = App(Options(lang="ar", portrait=portrait, scale=args.scale))
        app.settings["turn_seconds"] = 0
        shape = f"{'portrait' if portrait else 'landscape'} x{args.scale:g}"
        app.quiet.warm_up()
        for _ in range(30):
            app.step(DT)
        report(f"menu {shape}", *measure(app, args.frames, args.always_draw))
        for info in games.available():
            settle_at_your_move(app, info.key)
            report(f"{info.key} {shape}", *measure(app, args.frames, args.always_draw))
    print(
        "("
        + (
            "every frame drawn, as before"
            if args.always_draw
            else "frames with nothing new are not drawn"
        )
        + ")"
    )


if __name__ == "__main__":
    main()
