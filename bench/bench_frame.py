"""Frame time of the Hareeja play scene with cards in motion (1280x720, dummy video driver).

Prints median and p99 over 600 frames. Each frame is the real App.step: events, update (bots
thinking in slices, tweens), draw, flip. Target: p99 <= 4 ms natively.
"""
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["MAJLIS_HOME"] = tempfile.mkdtemp(prefix="majlis-bench-")

from game.games.hareeja.table import start_autoplay  # noqa: E402
from game.ui.app import App, Options  # noqa: E402

FRAMES = 600


def main() -> None:
    app = App(Options(autoplay=True, speed=1.0, seed=2024, lang="ar"))
    scene = start_autoplay(app)
    # Warm up through the deal and the bids, into the play phase.
    while scene.phase != "play" and app.running:
        app.step(1 / 60)
    times, cpu = [], []
    moving = 0
    for _ in range(FRAMES):
        if not app.running:
            break
        t0, c0 = time.perf_counter(), time.process_time()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        moving += any(s.moving for _x, s in scene.trick)
    print(f"frames {len(times)}, with a card in motion {moving}")
    for name, values in (("wall", times), ("cpu", cpu)):
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(f"{name} frame time median {statistics.median(values):.2f} ms, p99 {p99:.2f} ms, "
              f"max {values[-1]:.2f} ms")
    print("(wall includes other processes on a busy machine; cpu is this process's own time)")


if __name__ == "__main__":
    main()
