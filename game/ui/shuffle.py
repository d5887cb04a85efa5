"""The riffle before a deal: the deck splits in two halves that interleave back into one, at the
deck's spot, before the deal's first card flies (every game; where the deck's count is drawn
on the deck, the table hides the deck and its count while the riffle stands in for them).

:func:`before_deal` gives a :class:`Riffle` (or None: reduced motion, or a headless run that
did not ask for it through ``app.flourish``) and the seconds the deal's cards wait for it. The
table updates and draws it while :attr:`Riffle.active`; meanwhile it draws the deck itself.

Three beats over ``RIFFLE`` seconds: the halves part sideways (a fifth), their cards drop in turn
into the middle (three fifths), the deck squares up and slides to its own spot if the riffle
had to move inward to stay on the felt (``inside``); a soft deal sound as the halves meet.
Every piece is the cached opaque card back (game/ui/assets.py): one plain blit a card, a dozen
a frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui import assets
from game.ui.scale import px
from game.ui.tween import Speed, ease_in_out, ease_out

RIFFLE = 0.7  # seconds at normal speed
CARDS = 10  # backs drawn: five a half
SPLIT, SQUARE = 0.2, 0.8  # the interleave runs between these shares of the riffle
APART = 0.62  # each half's centre from the middle, in card widths
STACK = 2  # px (at factor 1) between the backs of a stack


class Riffle:
    """Two halves of backs interleaving at ``spot`` (see the module docstring)."""

    def __init__(
        self,
        spot: tuple[float, float],
        size: tuple[int, int],
        inside: pygame.Rect,
        duration: float,
        riffled: Callable[[], None] | None = None,
    ) -> None:
        self.spot = (round(spot[0]), round(spot[1]))
        self.size = (int(size[0]), int(size[1]))
        self.duration = max(0.01, duration)
        self.elapsed = 0.0
        self.center = self._within(inside)
        self.riffled = riffled  # called once as the halves start to interleave (its sound)

    def _within(self, inside: pygame.Rect) -> tuple[int, int]:
        """The riffle's middle: the deck's spot, moved in as little as keeps both halves at
        their widest (and their lift) inside ``inside``."""
        w, h = self.size
        half_w = round(APART * w + w / 2) + px(STACK) * CARDS // 2
        half_h = h // 2 + px(STACK) * CARDS // 2 + self.lift_px()
        x, y = self.spot
        x = min(max(x, inside.left + half_w), inside.right - half_w)
        y = min(max(y, inside.top + half_h), inside.bottom - half_h)
        return x, y

    def lift_px(self) -> int:
        return max(1, self.size[1] // 12)

    @property
    def active(self) -> bool:
        return self.elapsed < self.duration

    @property
    def progress(self) -> float:
        return min(1.0, self.elapsed / self.duration)

    def update(self, dt: float) -> None:
        before = self.progress
        self.elapsed += dt
        if before < SPLIT <= self.progress and self.riffled is not None:
            self.riffled()

    def bounds(self) -> pygame.Rect:
        """Everything the riffle ever covers (tests: it stays on the felt)."""
        w, h = self.size
        out = pygame.Rect(0, 0, w, h)
        out.center = self.center
        spread = round(APART * w) + px(STACK) * CARDS // 2
        out.inflate_ip(2 * spread + 2, 2 * (px(STACK) * CARDS // 2 + self.lift_px()) + 2)
        return out.union(pygame.Rect(0, 0, w, h).move(self.spot[0] - w // 2, self.spot[1] - h // 2))

    def pieces(self) -> list[tuple[int, int]]:
        """Top-left corners of the backs drawn now, bottom first."""
        p = self.progress
        w, h = self.size
        step = px(STACK)
        cx, cy = self.center
        if p >= SQUARE:  # squared up (the deck's look), then to the deck's own spot
            t = ease_in_out((p - SQUARE) / (1 - SQUARE))
            mx = round(cx + (self.spot[0] - cx) * t)
            my = round(cy + (self.spot[1] - cy) * t)
            return [(mx - w // 2 - i * step, my - h // 2 - i * step) for i in range(4)]
        if p < SPLIT:
            apart, fell, sub = ease_out(p / SPLIT), 0, 0.0
        else:
            beat = (p - SPLIT) / (SQUARE - SPLIT) * CARDS
            apart, fell = 1.0, min(CARDS, int(beat))
            sub = beat - fell if fell < CARDS else 0.0
        dx = round(APART * w * apart)
        lift = round(self.lift_px() * apart)
        gone = fell + (1 if sub > 0 else 0)  # fallen, and the one falling
        out: list[tuple[int, int]] = []
        tops: list[tuple[int, int]] = []
        for side, sign in ((0, -1), (1, 1)):
            left = CARDS // 2 - (gone + 1 - side) // 2  # cards still in this half
            x = cx + sign * dx - w // 2
            for i in range(max(0, left)):
                out.append((x - sign * i * step // 2, cy - h // 2 - i * step - lift))
            tops.append((x - sign * max(0, left) * step // 2, cy - h // 2 - left * step - lift))
        for i in range(fell):  # the middle stack, alternately from the left and the right
            out.append((cx - w // 2 + (i % 3 - 1) * step // 2, cy - h // 2 - i * step // 2))
        if sub > 0:  # the card on its way from its half's top to the middle
            x0, y0 = tops[fell % 2]
            x1, y1 = cx - w // 2, cy - h // 2 - fell * step // 2
            k = ease_out(sub)
            out.append((round(x0 + (x1 - x0) * k), round(y0 + (y1 - y0) * k)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        back = assets.card_back(self.size)
        surface.fblits([(back, corner) for corner in self.pieces()])


def felt(app: Any) -> pygame.Rect:
    """The felt a riffle keeps to: the screen under the top bar, inside its frame."""
    layout = app.layout
    top = layout.top_bar.bottom if getattr(layout, "top_bar", None) is not None else 0
    return pygame.Rect(0, top, layout.w, layout.h - top).inflate(-px(28), -px(28))


def advanced(riffle: Riffle | None, dt: float) -> Riffle | None:
    """``riffle`` run on by ``dt`` seconds: itself while it lasts, None once it is done (or
    when there was none): what a table keeps in its ``riffle``."""
    if riffle is None:
        return None
    riffle.update(dt)
    return riffle if riffle.active else None


def before_deal(
    app: Any, spot: tuple[float, float], size: tuple[int, int], inside: pygame.Rect | None = None
) -> tuple[Riffle | None, float]:
    """A riffle at ``spot`` before the deal and the seconds the deal's first card waits for
    it; (None, 0.0) with reduced motion or where the app asks for no flourish."""
    if app.settings.get("reduced_motion") or not getattr(app, "flourish", True):
        return None, 0.0
    bounds = inside if inside is not None else felt(app)
    sound = lambda: app.audio.play("deal", 0.3)  # noqa: E731 (the halves' flutter)
    riffle = Riffle(spot, size, bounds, Speed.scale(RIFFLE), sound)
    return riffle, riffle.duration
