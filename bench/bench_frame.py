"""Frame time of a table's play scene with cards in motion (dummy video driver).

Usage: python bench/bench_frame.py [--game hareeja|ronda|hand_rummy] [--portrait] [--scale F]
                                   [--adapt]
Prints median and p99 over 600 frames; ``--scale`` draws at that factor (game.ui.scale: 1.5 is
a phone of devicePixelRatio 3, a 1080×1920 frame). Each frame is the real App.step: events,
update (bots thinking in slices, tweens), draw, flip (frames where nothing changed are not
drawn: see bench_idle.py; the "drawn" line is over the drawn frames only; a table with a still layer
says how often it was repainted). ``--adapt`` runs the drawing factor's policy as the browser
does (game/ui/drawing_factor.py, from the screen's factor, 1 natively) and says whether it
stepped: on a fast machine it must not. Target: cpu p99 <= 2.0 ms natively.
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

FRAMES = 600


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="hareeja", choices=[g.key for g in games.available()])
    parser.add_argument("--portrait", action="store_true")
    parser.add_argument("--scale", type=float, default=1.0, help="drawing factor (1 to 1.5)")
    parser.add_argument("--adapt", action="store_true", help="let the policy step the factor")
    args = parser.parse_args()
    app = App(
        Options(
            autoplay=True,
            speed=1.0,
            seed=2024,
            lang="ar",
            portrait=args.portrait,
            scale=None if args.adapt else args.scale,
            adapt=args.adapt,
        )
    )
    app.quiet.warm_up()  # as a player's time in the menu would have done
    scene = games.maker(args.game).start_autoplay(app, games.info(args.game).defaults())
    # Warm up through the first deal into play.
    while scene.phase == "deal" or scene.session.match.log == []:
        app.step(1 / 60)
    times, cpu, drawn_cpu = [], [], []
    moving = 0
    for _ in range(FRAMES):
        if not app.running:
            break
        t0, c0, draws = time.perf_counter(), time.process_time(), app.painter.draws
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        if app.painter.draws > draws:
            drawn_cpu.append(cpu[-1])
        moving += not scene.idle()
    size = "x".join(map(str, app.layout.size))
    print(
        f"{args.game} {size} (scale {args.scale:g}): frames {len(times)}, "
        f"with something in motion {moving}"
    )
    for name, values in (("wall", times), ("cpu", cpu), ("cpu, drawn", drawn_cpu)):
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(
            f"{name} frame time median {statistics.median(values):.2f} ms, p99 {p99:.2f} ms, "
            f"max {values[-1]:.2f} ms"
        )
    frame = getattr(scene, "frame", None)  # the table's frame and its still layer (table_still.py)
    still = getattr(frame, "still", None)
    layer = getattr(still, "layer", None)
    if layer is not None:
        print(
            f"still layer: painted whole {layer.full_paints}x, "
            f"a changed part repainted {layer.part_paints}x"
        )
    if args.adapt:
        policy = app.drawing.policy
        print(
            f"drawing factor: {policy.changes} steps, "
            f"drawing at {app.drawing.factor():g} at the end"
        )
    print("(wall includes other processes on a busy machine; cpu is this process's own time)")


if __name__ == "__main__":
    main()
