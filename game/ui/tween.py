"""Easing, timed motion and the animation speed scale.

Everything that moves is a :class:`Motion` advanced by ``update(dt)``. Durations are given at
normal speed; :data:`SPEED` scales them (settings: slow/normal/fast; reduced motion makes
movement near-instant, autoplay makes it very fast).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

SPEED_FACTORS = {"slow": 1.5, "normal": 1.0, "fast": 0.6}


class Speed:
    """The global duration multiplier, set from the settings (or the --speed option)."""

    factor: float = 1.0
    reduced: bool = False

    @classmethod
    def set(cls, name: str = "normal", reduced: bool = False, multiplier: float = 1.0) -> None:
        cls.factor = SPEED_FACTORS.get(name, 1.0) / max(0.01, multiplier)
        cls.reduced = reduced

    @classmethod
    def scale(cls, seconds: float, motion: bool = True) -> float:
        """A duration at the current speed. With reduced motion, movement takes 40 ms."""
        if cls.reduced and motion:
            return min(seconds * cls.factor, 0.04)
        return seconds * cls.factor


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def back_out(t: float) -> float:
    c1, c3 = 1.4, 2.4
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


Ease = Callable[[float], float]


@dataclass
class Motion:
    """A move from ``start`` to ``end`` after ``delay``, over ``duration`` seconds.

    ``arc`` lifts the path sideways (pixels at mid-flight), making a quadratic curve.
    """

    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    delay: float = 0.0
    ease: Ease = ease_out
    arc: float = 0.0
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def pos(self) -> tuple[float, float]:
        return arc_point(self.start, self.end, self.ease(self.progress), self.arc)


def arc_point(
    a: tuple[float, float], b: tuple[float, float], t: float, arc: float = 0.0
) -> tuple[float, float]:
    """Point at ``t`` on the segment a→b bent by ``arc`` pixels perpendicular at its middle."""
    x = a[0] + (b[0] - a[0]) * t
    y = a[1] + (b[1] - a[1]) * t
    if arc:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        bend = 4 * arc * t * (1 - t)
        x += -dy / length * bend
        y += dx / length * bend
    return x, y


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def approach(value: float, target: float, rate: float, dt: float) -> float:
    """Exponential approach (frame-rate independent smoothing), used for hand re-layout."""
    return target + (value - target) * math.exp(-rate * dt)
