"""Counting the blits of a drawn frame by kind (the browser's cost model).

In pygbag's pygame-ce WebAssembly build a blit of a surface with per-pixel alpha is 50-80 times
slower than natively, while an opaque blit costs what it costs natively. pygame-ce sends a
per-pixel alpha source without run-length encoding to its own blender (SIMD natively, scalar in
the browser); an RLE-encoded one, a colour-keyed one and an opaque one go to SDL, which copies
opaque runs and skips keyed ones. So what a frame costs in the browser follows from the *kinds*
of its blits, which can be counted natively: a count, not a time, the same on every machine.

The instrument is off unless a bench or a test turns it on (``FramePainter.count_blits``,
game/ui/frame_painter.py): the app then draws each frame into a :class:`CountingSurface` (a
``pygame.Surface`` whose ``blit``, ``blits``, ``fblits`` and ``fill`` note what they were
given) and copies it to the screen. Surfaces made
for the frame from it (the still layer, :func:`surface_like`) count too. Nothing in pygame is
patched: without the instrument the game draws onto the display surface as always.

Kinds (:func:`kind_of`):

- ``alpha``: per-pixel alpha, not run-length encoded (the browser's slow path);
- ``alpha_rle``: per-pixel alpha, RLE-encoded (opaque runs copied, only edge pixels blended);
- ``key_alpha``: a colour key and a surface-wide alpha (RLE-encoded or not: ``rle`` says);
- ``surface_alpha``: a surface-wide alpha, no key;
- ``key``: a colour key only; ``opaque``: a plain copy;
- ``blend``: a blit with ``special_flags`` (pygame's own blender, like ``alpha``).

Fills with ``special_flags`` (the dim layer's multiply) are noted as ``fill_blend``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.ui.layout_probe import ProbeSurface
from game.ui.noted_surface import NotedSurface

if TYPE_CHECKING:
    from pygame.typing import ColorLike, RectLike

ALPHA_KINDS = frozenset({"alpha", "alpha_rle", "key_alpha", "surface_alpha", "blend"})
FULL_SCREEN = 0.5  # a blit covering at least this share of the frame counts as full-screen


def kind_of(source: pygame.Surface, special_flags: int = 0) -> str:
    """The kind of blit ``source`` makes (see the module docstring)."""
    if special_flags:
        return "blend"
    flags = source.get_flags()
    rle = bool(flags & pygame.RLEACCEL) or bool(flags & pygame.RLEACCELOK)
    per_pixel = bool(flags & pygame.SRCALPHA) and bool(source.get_masks()[3])
    if per_pixel:
        return "alpha_rle" if rle else "alpha"
    alpha = source.get_alpha()
    translucent = alpha is not None and alpha < 255
    if source.get_colorkey() is not None:
        return "key_alpha" if translucent else "key"
    return "surface_alpha" if translucent else "opaque"


@dataclass(frozen=True)
class Blit:
    """One blit of a frame: its kind, the size of what it covered, and whether it used RLE."""

    kind: str
    w: int
    h: int
    rle: bool
    full: bool  # covered at least FULL_SCREEN of the frame

    @property
    def pixels(self) -> int:
        return self.w * self.h


@dataclass
class Frame:
    """The blits (and blended fills) of one drawn frame."""

    blits: list[Blit] = field(default_factory=list)

    def count(self, *kinds: str) -> int:
        return sum(1 for b in self.blits if b.kind in kinds)

    def alpha(self) -> int:
        """Per-pixel alpha blits that are not run-length encoded (the browser's slow path)."""
        return self.count("alpha", "blend")

    def full_alpha(self) -> int:
        """Blits covering half the frame or more that blend (any kind of alpha)."""
        return sum(1 for b in self.blits if b.full and b.kind in ALPHA_KINDS)

    def alpha_pixels(self) -> int:
        return sum(b.pixels for b in self.blits if b.kind in ("alpha", "blend"))

    def kinds(self) -> Counter[str]:
        return Counter(b.kind for b in self.blits)


class BlitCounter:
    """Keeps the blits of every drawn frame while the app counts them."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self._canvas: CountingSurface | None = None

    def canvas(self, screen: pygame.Surface) -> CountingSurface:
        """A surface like ``screen`` to draw the next frame into (a new frame is started)."""
        c = self._canvas
        if (
            c is None
            or c.get_size() != screen.get_size()
            or c.get_masks() != screen.get_masks()
            or c.get_bitsize() != screen.get_bitsize()
        ):
            c = self._canvas = CountingSurface(screen.get_size(), 0, screen)
            c.counter = self
        self.frames.append(Frame())
        return c

    def record(
        self, target: pygame.Surface, source: pygame.Surface, kind: str, area: tuple[int, int]
    ) -> None:
        if not self.frames:
            self.frames.append(Frame())
        w, h = area
        frame_w, frame_h = self._frame_size(target)
        rle = bool(source.get_flags() & (pygame.RLEACCEL | pygame.RLEACCELOK))
        full = w * h >= FULL_SCREEN * frame_w * frame_h
        self.frames[-1].blits.append(Blit(kind, w, h, rle, full))

    def _frame_size(self, target: pygame.Surface) -> tuple[int, int]:
        c = self._canvas
        return c.get_size() if c is not None else target.get_size()

    # ----- figures -----------------------------------------------------------------------------
    def worst(self) -> tuple[int, int]:
        """(most non-RLE per-pixel alpha blits in a frame, most full-screen alpha blits)."""
        if not self.frames:
            return 0, 0
        return max(f.alpha() for f in self.frames), max(f.full_alpha() for f in self.frames)

    def summary(self) -> str:
        """A short report: frames, blits a frame, per-pixel alpha blits a frame (mean, max),
        the biggest alpha blits."""
        n = len(self.frames)
        if not n:
            return "no drawn frames"
        total: Counter[str] = Counter()
        for f in self.frames:
            total.update(f.kinds())
        per = ", ".join(f"{k} {v / n:.1f}" for k, v in sorted(total.items()))
        alpha = [f.alpha() for f in self.frames]
        big = sorted(
            {(b.w, b.h, b.kind) for f in self.frames for b in f.blits if b.kind in ALPHA_KINDS},
            key=lambda s: -s[0] * s[1],
        )[:5]
        sizes = ", ".join(f"{w}x{h} {k}" for w, h, k in big) or "none"
        return (
            f"{n} drawn frames; blits a frame: {per}; per-pixel alpha (not RLE) a frame: "
            f"mean {sum(alpha) / n:.1f}, max {max(alpha)}; full-screen alpha max "
            f"{self.worst()[1]}; biggest alpha blits: {sizes}"
        )


class CountingSurface(NotedSurface):
    """A surface that notes every blit onto it with its :class:`BlitCounter` (see the module
    docstring); otherwise an ordinary surface."""

    counter: BlitCounter | None = None

    def noted(
        self, source: pygame.Surface, rect: pygame.Rect, area: RectLike | None, special_flags: int
    ) -> None:
        if self.counter is not None:
            self.counter.record(self, source, kind_of(source, special_flags), rect.size)

    def fill(
        self, color: ColorLike, rect: RectLike | None = None, special_flags: int = 0
    ) -> pygame.Rect:
        done = super().fill(color, rect, special_flags)
        if special_flags and self.counter is not None and done.w and done.h:
            self.counter.record(self, self, "fill_blend", done.size)
        return done


def surface_like(target: pygame.Surface) -> pygame.Surface:
    """A new surface of ``target``'s size and pixel format; one that counts its blits when
    ``target`` does (a layer drawn for the frame)."""
    if isinstance(target, ProbeSurface):
        return ProbeSurface(target.get_size(), 0, target)
    if isinstance(target, CountingSurface):
        s = CountingSurface(target.get_size(), 0, target)
        s.counter = target.counter
        return s
    return pygame.Surface(target.get_size(), 0, target)
