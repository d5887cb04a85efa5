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
    }


def evaluate(expr: str) -> Any:
    return eval(expr, namespace())
