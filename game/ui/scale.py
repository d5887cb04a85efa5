"""Drawing at a scale, for high-density screens: the whole UI is written in logical pixels of
the 1280×720 / 720×1280 frame, and drawn at ``factor()`` device pixels per logical pixel.

At factor 1 (natively, and in the browser on a screen of ratio 1) nothing changes. On a phone
of devicePixelRatio 3 the canvas covers about 1170×2080 device pixels: a 720×1280 frame would be
stretched 1.6× by the browser (soft text), while at factor 1.5 the frame is 1080×1920 and text
and cards are drawn sharp. The factor is capped (:data:`MAX_FACTOR`): every pixel drawn costs,
and 1.5× already halves the browser's stretch; see :func:`pick`.

How code uses it:
- positions and sizes written as numbers go through :func:`px` (``r.left - px(28)``), rects
  through :func:`rect`; everything derived from the layout (``app.layout``) is already scaled;
- font sizes stay logical (``draw.label(s, 20)``): game.ui.text opens the font at ``px(20)``;
- card sizes come from the layout, so card images are made at the scaled size.

Only one factor is in use at a time: changing it (:func:`set_factor`) is followed by a new
layout and every scene laid out again (``App.set_shape``), as when the phone turns.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

import pygame

F = TypeVar("F", bound=Callable[..., Any])

AUTO = True  # pick the factor from the browser's screen (off: always 1, the frame upscaled)
MAX_FACTOR = 1.5  # the most device pixels per logical pixel the frame is drawn at
MIN_FACTOR = 0.75  # the least: a slow phone's frame (game/ui/factor_policy.py), stretched
STEP = 0.25  # factors come in quarter steps: fewer font sizes and card images to make
LANDSCAPE = (1280, 720)  # the frame in logical pixels (game.ui.layout lays it out)
PORTRAIT = (720, 1280)
_factor = 1.0


def factor() -> float:
    """Device pixels per logical pixel, now."""
    return _factor


def set_factor(value: float) -> bool:
    """Draw at ``value`` from now on (clamped to MIN_FACTOR…MAX_FACTOR, quarter steps); True when it
    changed. The caller lays everything out again (``App.set_shape``)."""
    global _factor
    value = snap(value)
    if value == _factor:
        return False
    _factor = value
    drop_caches()
    return True


def drop_caches() -> None:
    """Forget every picture cached at the current factor (fonts, renders, pictures at pixel
    sizes): the factor changed, or the display's pixel format did (game/ui/surfaces.py)."""
    for drop in _caches:
        drop()


_caches: list[Callable[[], None]] = []  # cleared when the factor changes


def cached(maxsize: int | None = 128) -> Callable[[F], F]:
    """``functools.lru_cache`` for a picture drawn at the current factor (its arguments
    logical or not): forgotten when the factor changes, so nothing drawn at the old scale is
    reused (e.g. a label cached by its logical font size)."""

    def wrap(fn: F) -> F:
        kept = lru_cache(maxsize=maxsize)(fn)
        _caches.append(kept.cache_clear)
        return kept  # type: ignore[return-value]  # typeshed: lru_cache gives its own wrapper type

    return wrap


def on_change(drop: Callable[[], None]) -> None:
    """Call ``drop`` whenever the factor changes (a cache kept by hand)."""
    _caches.append(drop)


def snap(value: float) -> float:
    """``value`` clamped to MIN_FACTOR…MAX_FACTOR, rounded down to a quarter step."""
    value = min(max(float(value), MIN_FACTOR), MAX_FACTOR)
    return int(value / STEP + 1e-9) * STEP


def px(value: float) -> int:
    """A logical length in device pixels of the frame (rounded). ``px(28) == 28`` at factor 1."""
    return round(value * _factor)


def pt(x: float, y: float) -> tuple[int, int]:
    """A logical point in frame pixels."""
    return round(x * _factor), round(y * _factor)


def rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    """A logical rectangle in frame pixels."""
    return pygame.Rect(
        round(x * _factor), round(y * _factor), round(w * _factor), round(h * _factor)
    )


def scaled(value: Any) -> Any:
    """A geometry value written in logical pixels (a length, a point, a rect, or a list,
    tuple or dict of them) at the current factor; anything else (a flag, a name) as it is."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return px(value)
    if isinstance(value, pygame.Rect):
        return rect(*value)
    if isinstance(value, tuple):
        return tuple(scaled(v) for v in value)
    if isinstance(value, list):
        return [scaled(v) for v in value]
    if isinstance(value, dict):
        return {k: scaled(v) for k, v in value.items()}
    return value


def logical(value: float) -> float:
    """Frame pixels back to logical ones (e.g. a drag distance against a logical threshold)."""
    return value / _factor


def pick(css_width: float, css_height: float, ratio: float, portrait: bool) -> float:
    """The factor for a browser window of ``css_width``×``css_height`` CSS pixels at
    devicePixelRatio ``ratio``: the device pixels the canvas covers once fitted into the
    window (the frame's shape kept), per logical pixel of the frame; never below 1, never
    above :data:`MAX_FACTOR`, in quarter steps (rounded down: never more pixels than the
    screen shows)."""
    w, h = PORTRAIT if portrait else LANDSCAPE
    if css_width <= 0 or css_height <= 0 or ratio <= 0:
        return 1.0
    fit = min(css_width / w, css_height / h)  # CSS pixels per logical pixel
    return max(1.0, snap(fit * ratio))
