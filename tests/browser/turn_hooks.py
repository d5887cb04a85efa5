"""A turned phone measured from inside the page, for bench/bench_turn.py. Runs under pyodide,
written to /harness by the driver; the game's code is not changed: this wraps, on the
instances, the app's ``step`` and ``set_shape``, the shown scene's ``draw`` (through
``draw_with_overlays``' caller, ``FramePainter.paint``) and the presenter's ``present``.

The step that turns is the one whose ``set_shape`` changed the layout's orientation: its
whole time, and inside it the new layout (``set_shape``: the display resized, ``window_ms``
of it, and the scene laid out again), the scene's drawing (``FramePainter.paint`` without
the present) and the present (the frame to the canvas).

Every function the driver calls returns JSON text.
"""

from __future__ import annotations

import json
import time

import js  # type: ignore[import-not-found]  (pyodide's: the page)

from game.ui import games
from game.ui.app import App

clock = time.perf_counter


class TurnRecorder:
    def __init__(self, app: App) -> None:
        self.app = app
        self.turns: list[dict] = []
        self._cur: dict | None = None
        self._step, self._set_shape, self._draw = app.step, app.set_shape, app.painter.paint
        app.step, app.set_shape = self.step, self.set_shape
        app.painter.paint = self.draw  # type: ignore[method-assign]
        self._open = app.window.open
        app.window.open = self.open  # type: ignore[method-assign]
        self._present = None
        if app.painter.presenter is not None:
            self._present = app.painter.presenter.present
            app.painter.presenter.present = self.present  # type: ignore[method-assign]

    def step(self, dt: float) -> None:
        self._cur = {}
        began = clock()
        self._step(dt)
        cur, self._cur = self._cur, None
        if cur.get("turned"):
            cur["step_ms"] = round((clock() - began) * 1000, 1)
            cur["portrait"] = self.app.layout.portrait
            self.turns.append(cur)

    def set_shape(self, portrait: bool, factor: float) -> None:
        was = self.app.layout.portrait
        began = clock()
        self._set_shape(portrait, factor)
        if self._cur is not None and self.app.layout.portrait != was:
            self._cur["turned"] = True
            self._cur["layout_ms"] = round((clock() - began) * 1000, 1)

    def open(self, size):
        began = clock()
        screen = self._open(size)
        if self._cur is not None:
            self._cur["window_ms"] = round((clock() - began) * 1000, 1)
        return screen

    def draw(self) -> None:
        began = clock()
        self._draw()
        if self._cur is not None and self._cur.get("turned") and "draw_ms" not in self._cur:
            ms = (clock() - began) * 1000
            self._cur["draw_ms"] = round(ms - self._cur.get("present_ms", 0.0), 1)

    def present(self, screen) -> None:
        began = clock()
        assert self._present is not None
        self._present(screen)
        if self._cur is not None and self._cur.get("turned") and "present_ms" not in self._cur:
            self._cur["present_ms"] = round((clock() - began) * 1000, 1)
            self._cur["page_ms"] = round(float(js.harness.presentMs or 0), 1)


RECORDER: TurnRecorder | None = None


def recorder() -> TurnRecorder:
    global RECORDER
    if RECORDER is None:
        assert App.current is not None
        RECORDER = TurnRecorder(App.current)
    return RECORDER


def table(game: str, seed: int = 2024) -> str:
    """A new match of ``game`` against bots (its turn clock off), to wait at the player's move."""
    app = recorder().app
    app.settings["turn_seconds"] = 0
    app.drawing.adapt = False  # (the drawing factor stays: a turn, not a rescale)
    app.switch(games.new_match(app, game, seed=seed))
    return "{}"


def at_my_move() -> bool:
    scene = recorder().app.scene
    return bool(scene.awaiting_me() and scene.idle() and not scene.animating())


def mid_deal() -> bool:
    """The deal is under way: its cards fly (a turn now lays out a table in motion)."""
    from game.ui import settle

    scene = recorder().app.scene
    flying = [s for s in settle.sprites(scene) if s.motion is not None and s.motion.started]
    return getattr(scene, "phase", None) == "deal" and len(flying) >= 2


def turns() -> str:
    r = recorder()
    out, r.turns = r.turns, []
    return json.dumps(out)


def state() -> str:
    app = recorder().app
    return json.dumps(
        {
            "scene": app.scene.name,
            "portrait": app.layout.portrait,
            "ahead": len(app.quiet.ahead),
            "warm": app.quiet.warmup is None,
            "frame": app.frame,
        }
    )


def home() -> str:
    app = recorder().app
    for overlay in list(app.overlays):
        app.close_overlay(overlay)
    app.go("menu")
    return "{}"
