"""What the driver may ask the running game in the page (tests/browser/browser_driver.py
``Page.py``): where things are, and what state the match is in. Runs inside the page under
pyodide; it only reads. Every input still goes through the browser as a real event."""

from __future__ import annotations

from typing import Any


def app() -> Any:
    from game.ui.app import App

    return App.current


def rect(r: Any) -> list[int] | None:
    """A pygame Rect as [x, y, w, h] in frame pixels (None for no rect)."""
    return None if r is None else [int(r.x), int(r.y), int(r.w), int(r.h)]


def widget(name: str) -> list[int] | None:
    """The rect of the current scene's (or the top overlay's) widget ``name``, if visible."""
    a = app()
    try:
        w = a.overlay.widget_key(name) if a.overlay is not None else a.scene.widget(name)
    except Exception:
        return None
    if w is None or not getattr(w, "visible", True):
        return None
    return rect(w.rect)


def namespace() -> dict[str, Any]:
    a = app()
    return {
        "app": a,
        "scene": None if a is None else a.scene,
        "widget": widget,
        "rect": rect,
        "spot": spot,
    }


def evaluate(expr: str) -> Any:
    return eval(expr, namespace())


def spot(area: Any, wanted: tuple, step: int = 3) -> list[int] | None:
    """The point of ``area`` (a rect) deepest inside the region where the current scene's
    own hit test finds ``wanted`` (Hand rummy's ``scene.taps.hit``: fanned cards overlap, so a
    card's centre may be its neighbour's, and a group's box is mostly its cards), so that a
    finger's rounding to whole CSS pixels still lands on it; None if nowhere."""
    scene = app().scene
    inside = {
        (x, y)
        for x in range(area.left, area.right, step)
        for y in range(area.top, area.bottom, step)
        if scene.taps.hit((x, y)) == wanted
    }
    while inside:
        core = {
            (x, y)
            for x, y in inside
            if {(x + step, y), (x - step, y), (x, y + step), (x, y - step)} <= inside
        }
        if not core:
            break
        inside = core
    if not inside:
        return None
    x, y = min(inside, key=lambda p: abs(p[0] - area.centerx) + abs(p[1] - area.centery))
    return [int(x), int(y)]
