"""Whole redraws measured from inside the page, for bench/bench_redraw.py. Runs
under pyodide, written to /harness by the driver; the game's code is not changed.

A whole redraw is what a player waits for when a new scene comes or the phone turns: for a
table, the step that takes the tap on Play builds the scene (its cards' pictures, its widgets)
and draws its first frame; for a turn, the step that lays the scene out again and draws it.
Each is measured here as the app does it (``App.switch`` / ``App.set_shape``, then
``FramePainter.paint``), split into its parts, once without and once under cProfile.

Every function the driver calls returns JSON text.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import time

from game.ui import games, scale
from game.ui.app import App

clock = time.perf_counter


def _app() -> App:
    app = App.current
    assert app is not None
    return app


def _profiled(prof: cProfile.Profile | None, fn):
    if prof is not None:
        prof.enable()
    try:
        began = clock()
        out = fn()
        return out, (clock() - began) * 1000
    finally:
        if prof is not None:
            prof.disable()


def _report(prof: cProfile.Profile | None, lines: int) -> str:
    if prof is None:
        return ""
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(lines)
    stats.sort_stats("cumulative").print_stats(lines)
    return out.getvalue()


def new_table(game: str, profile: bool = False, lines: int = 40, seed: int = 2024) -> str:
    """A new table of ``game`` (bots in every seat, as the bench's stretch): its building
    and its first draw (ms), and a second draw of the same frame for comparison."""
    app = _app()
    app.options.seed = seed
    app.settings["turn_seconds"] = 0
    prof = cProfile.Profile() if profile else None
    info = games.info(game)
    scene, build_ms = _profiled(
        prof, lambda: games.maker(game).start_autoplay(app, info.defaults())
    )
    _, draw_ms = _profiled(prof, app.painter.paint)
    _, again_ms = _profiled(None, app.painter.paint)
    return json.dumps(
        {
            "build_ms": round(build_ms, 1),
            "draw_ms": round(draw_ms, 1),
            "again_ms": round(again_ms, 1),
            "scene": scene.name,
            "profile": _report(prof, lines),
        }
    )


def turn(profile: bool = False, lines: int = 40) -> str:
    """The phone turned (the other layout at the same factor): laying out again, the first
    draw, a second draw (ms)."""
    app = _app()
    prof = cProfile.Profile() if profile else None
    portrait = not app.layout.portrait
    _, layout_ms = _profiled(prof, lambda: app.set_shape(portrait, scale.factor()))
    _, draw_ms = _profiled(prof, app.painter.paint)
    _, again_ms = _profiled(None, app.painter.paint)
    return json.dumps(
        {
            "portrait": portrait,
            "layout_ms": round(layout_ms, 1),
            "draw_ms": round(draw_ms, 1),
            "again_ms": round(again_ms, 1),
            "profile": _report(prof, lines),
        }
    )


def pause(frames: int = 20) -> str:
    """The pause menu over the table: its first frame and the next ``frames`` drawn (ms)."""
    app = _app()
    scene = app.scene
    _, first = _profiled(None, lambda: (scene.open_pause(), app.painter.paint()))
    times = [_profiled(None, app.painter.paint)[1] for _ in range(frames)]
    for overlay in list(app.overlays):
        app.close_overlay(overlay)
    return json.dumps({"first_ms": round(first, 1), "then_ms": sorted(round(t, 2) for t in times)})


def home() -> str:
    app = _app()
    for overlay in list(app.overlays):
        app.close_overlay(overlay)
    app.go("menu")
    app.painter.paint()
    return json.dumps({"scene": app.scene.name, "warm": app.quiet.warmup is None})


def warmed() -> str:
    return json.dumps({"warm": _app().quiet.warmup is None, "frame": _app().frame})
