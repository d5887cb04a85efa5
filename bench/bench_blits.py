"""Blits a drawn frame, by kind, over a scripted table stretch (the browser's cost
model; see game/ui/blit_count.py). A count, not a time: the same on any machine.

Usage: python bench/bench_blits.py [--game G] [--portrait] [--scale F] [--lang ar|en]
For each game (or ``--game``): the stretch of bench/table_stretch.py (deal, flights, a bid,
declaration or meld, the pause menu, the score panel), then the blits a drawn frame by kind,
the most non-RLE per-pixel alpha blits in one frame, full-screen alpha blits, the largest alpha
blits.
"""

import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["MAJLIS_HOME"] = tempfile.mkdtemp(prefix="majlis-bench-")

import table_stretch

from game.ui import games
from game.ui.app import App, Options


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=[g.key for g in games.available()])
    parser.add_argument("--portrait", action="store_true")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--lang", default="ar", choices=("ar", "en"))
    args = parser.parse_args()
    keys = [args.game] if args.game else [g.key for g in games.available()]
    for key in keys:
        app = App(
            Options(
                autoplay=True,
                seed=2024,
                lang=args.lang,
                portrait=args.portrait,
                scale=args.scale,
                speed=2.0,
            )
        )
        app.quiet.warm_up()
        counter = app.painter.count_blits()
        seen = table_stretch.play(app, key)
        shape = "x".join(map(str, app.layout.size))
        status = "complete" if seen.complete() else f"missing {seen.missing}"
        print(f"{key} {shape}: {seen.frames} frames, stretch {status}")
        print("  " + counter.summary())


if __name__ == "__main__":
    main()
