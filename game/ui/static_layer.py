"""A table's still picture, kept between frames and repainted only where it changed
(a drawn frame costs what changed, not the whole table).

Most of a card table does not move from one frame to the next: the felt, the plates, the piles,
the melds, the hand at rest. A scene that can describe that part as *parts* — each a key (a
value equal on two frames exactly when the part would be drawn the same) and the rect it draws
within — keeps it in a :class:`StaticLayer`. A frame then costs one opaque blit of the layer
plus the cards that move over it; when a part's key changes, only its old and new rects are
painted again (everything in them, clipped, in the usual order), so a card landing on the
discard pile repaints the pile, not the table. A change of the *whole* key (size, language,
card colours, the felt's panels) paints everything.

The contract: the layer's pixels are a function of the keys, and every pixel a part draws lies
in its rect. ``tests/ui/test_static_layer.py`` plays whole matches both ways (with and without
the layer) and compares every pixel of every frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

Part = tuple[Hashable, pygame.Rect]  # (key, where the part draws)
Parts = dict[Hashable, Part]  # by name: a part may come and go (a new meld on the table)
Paint = Callable[[pygame.Surface, "pygame.Rect | None"], None]  # (onto, clip or None: all)


class StaticLayer:
    """The still picture at the screen's size and pixel format, and the keys it shows."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.whole: Hashable | None = None
        self.parts: Parts = {}
        self.full_paints = 0  # (tests and benches read these)
        self.part_paints = 0

    def draw(self, target: pygame.Surface, whole: Hashable, parts: Parts, paint: Paint) -> None:
        """Bring the layer up to date with ``whole`` and ``parts`` (``paint`` draws the still
        picture onto a surface, only what meets the clip rect when one is given) and show it on
        ``target``.

        What changed is painted onto ``target`` itself and copied from there into the layer:
        SDL keeps a run-length encoded picture's encoding for the surface it was last blitted
        onto, so a card drawn into the layer one frame and onto the frame the next (it rests,
        then flies) would be encoded again each time (0.5 ms a card in the browser)."""
        if not self._fits(target) or whole != self.whole:
            self._paint_all(target, paint)
        else:
            dirty = []
            for name in self.parts.keys() | parts.keys():
                old, new = self.parts.get(name), parts.get(name)
                if old is None or new is None or old[0] != new[0]:
                    dirty += [part[1] for part in (old, new) if part is not None]
            surface = self.surface
            assert surface is not None
            target.blit(surface, (0, 0))
            before = target.get_clip()
            for rect in merged(dirty, surface.get_rect()):
                target.set_clip(rect)
                try:
                    paint(target, rect)
                finally:
                    target.set_clip(before)
                surface.blit(target, rect, rect)
                self.part_paints += 1
        self.whole, self.parts = whole, parts

    def _paint_all(self, target: pygame.Surface, paint: Paint) -> None:
        if not self._fits(target):
            # (a plain surface: copies into it are no blits of the frame's)
            self.surface = pygame.Surface(target.get_size(), 0, target)
        self.whole = None  # (a paint that raises leaves no picture that claims a key)
        paint(target, None)
        self.surface.blit(target, (0, 0))  # type: ignore[union-attr]
        self.full_paints += 1

    def forget(self) -> None:
        """Drop the picture (the next frame paints everything)."""
        self.surface, self.whole, self.parts = None, None, {}

    def _fits(self, target: pygame.Surface) -> bool:
        s = self.surface
        return (
            s is not None
            and s.get_size() == target.get_size()
            and s.get_bitsize() == target.get_bitsize()
            and s.get_masks() == target.get_masks()
        )


def merged(rects: list[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """``rects`` inside ``bounds``, empty ones dropped and overlapping ones joined (each pixel
    is then painted once)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        r = rect.clip(bounds)
        if not r.w or not r.h:
            continue
        joined = True
        while joined:
            joined = False
            for other in out:
                if other.colliderect(r):
                    out.remove(other)
                    r = r.union(other)
                    joined = True
                    break
        out.append(r)
    return out
