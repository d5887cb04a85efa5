"""The short slide between two scenes (owned by the app: game/ui/app.py).

When the app switches scene it keeps a copy of the frame last shown (opaque, the display's
format); for ``DURATION`` seconds that old picture slides off towards the reading start (left
in English, right in Arabic; the other way when going home) over the new scene, which draws
and runs as usual beneath it. Each frame costs one opaque blit of the old picture's visible
part and one thin fill for its edge: no per-pixel alpha and no surface alpha, cheap in the
browser too. While it slides the whole frame is shown (the presenter, game/ui/presenter.py, is
told so), and once more when it has gone.

Off with reduced motion, and headless (tests, screenshots, autoplay) unless a test turns it on
(``app.transition.enabled = True``): those wait for a still picture.
"""

from __future__ import annotations

import pygame

from game.ui.tween import Speed, ease_in_out

DURATION = 0.22  # seconds at normal speed
EDGE = (14, 10, 8)  # the old picture's trailing edge, a dark line like a page's


class Transition:
    """The old scene's picture sliding off (see the module docstring)."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.old: pygame.Surface | None = None  # the picture sliding off, while active
        self.elapsed = 0.0
        self.duration = DURATION
        self.direction = -1  # -1: slides off to the left, 1: to the right
        self.fresh = False  # no frame of it drawn yet (the switch's own frame waits)
        self.shown_last = False  # the frame before showed it (the next one is shown whole)
        self.started = 0  # transitions begun (tests)

    @property
    def active(self) -> bool:
        return self.old is not None

    def start(self, frame: pygame.Surface, reduced: bool, rtl: bool, back: bool = False) -> None:
        """Slide ``frame`` (the picture last shown) off over the next scene, unless off;
        ``back`` (home again) slides it the other way, as a page turned back."""
        if not self.enabled or reduced:
            self.old = None
            return
        w, h = frame.get_size()
        if w <= 0 or h <= 0:
            return
        old = pygame.Surface((w, h), 0, frame)
        pygame.Surface.blit(old, frame, (0, 0))  # (a plain copy, whatever the frame's class)
        self.old = old
        self.elapsed = 0.0
        self.duration = DURATION * Speed.factor
        self.direction = (1 if rtl else -1) * (-1 if back else 1)
        self.fresh = True
        self.started += 1

    def cancel(self) -> None:
        """Stop at once (the display changed size: the old picture no longer fits)."""
        self.old = None

    def update(self, dt: float) -> None:
        """Advance by ``dt``; the first frame after the switch counts from zero (building a
        table can take a long frame, which would otherwise eat half of the slide)."""
        if self.old is None:
            return
        if self.fresh:
            self.fresh = False
            return
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.old = None

    def offset(self) -> int:
        """Pixels the old picture has moved (signed)."""
        if self.old is None:
            return 0
        t = min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0
        return self.direction * round(ease_in_out(t) * self.old.get_width())

    def draw(self, target: pygame.Surface) -> bool:
        """Draw the old picture at its place over the new scene's frame. True when the whole
        frame must be shown (it slid this frame, or the frame before)."""
        old = self.old
        was, self.shown_last = self.shown_last, old is not None
        if old is None:
            return was
        if old.get_size() != target.get_size():
            self.old = None
            return True
        dx = self.offset()
        w, h = old.get_size()
        if abs(dx) >= w:
            return True
        # only the part still on screen: the blit is narrower as it goes
        if dx < 0:
            target.blit(old, (0, 0), pygame.Rect(-dx, 0, w + dx, h))
            edge = pygame.Rect(w + dx, 0, max(1, w // 240), h)
        else:
            target.blit(old, (dx, 0), pygame.Rect(0, 0, w - dx, h))
            edge = pygame.Rect(dx - max(1, w // 240), 0, max(1, w // 240), h)
        if dx:
            target.fill(EDGE, edge)
        return True
