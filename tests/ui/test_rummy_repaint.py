"""Frame cost in the browser, guarded natively by a count: how much of Hand rummy's still layer
(game/ui/static_layer.py) is painted again over the bench's scripted stretch (bench/table_stretch.py
at the fast speed, as bench/bench_web.py plays it). In the browser a repainted rect costs about
its area several times over (the felt under it, the copy into the layer, the copy kept for its
look, the copy to the canvas), so the slowest drawn frames were the ones that repainted the most.

Before your cards were one part each, the "no melds yet" line its own rect and the staging area
three parts (its cloth, lines and boxes), the same stretch repainted 9.7 M pixels, up to 427 k in
one frame (the first meld: the whole melds area), and the layer was painted whole twice (the
first frame, and the frame the staging area first showed). Now: about 6.8 M, at most ~250 k."""

from __future__ import annotations

import os
import sys

import pygame

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
import table_stretch

from game.ui import turn_ahead
from game.ui.app import App, Options

TOTAL_LIMIT = 8_000_000  # pixels repainted over the stretch's first 1,200 frames
FRAME_SHARE = 0.3  # of the frame's pixels, repainted in one drawn frame


def test_the_stretch_repaints_little_of_the_still_layer():
    app = App(Options(autoplay=True, seed=2024, lang="en", portrait=True, scale=1.0))
    app.settings["speed"] = "fast"
    app.settings["turn_seconds"] = 0
    painted: list[int] = []  # this frame's repainted pixels
    frames: list[int] = []  # each drawn frame's
    whole: list[int] = []  # frames painted whole

    def each(_app: App) -> None:
        frames.append(sum(painted))
        painted.clear()

    seen_scene: list[object] = []

    def watch(app: App) -> None:
        scene = app.scene
        if scene not in seen_scene and hasattr(scene, "still"):
            seen_scene.append(scene)
            paint = scene.frame.still._paint

            def counted(surface: pygame.Surface, clip: pygame.Rect | None) -> None:
                if turn_ahead.rehearsing():  # the other shape's layer, on a quiet frame
                    paint(surface, clip)
                    return
                if clip is None:
                    whole.append(len(frames))
                else:
                    painted.append(clip.w * clip.h)
                paint(surface, clip)

            scene.frame.still._paint = counted
        each(app)

    seen = table_stretch.play(app, "hand_rummy", limit=1200, each=watch)
    assert seen.deal and seen.flights and seen.call  # the stretch showed what it should
    screen = app.layout.w * app.layout.h
    assert sum(frames) <= TOTAL_LIMIT, (sum(frames), max(frames))
    assert max(frames) <= FRAME_SHARE * screen, sorted(frames)[-5:]
    # (counted from the table's second frame: the first paints it whole) never whole again,
    # not even when the staging area first shows
    assert whole == []
