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
in its rect. So what a repainted rect shows is a function of the whole key and of the parts
that meet it: the layer keeps the last pictures it painted (:class:`Pictures`) by exactly that,
and a rect that comes back to a look it had before (the pulsing "your turn" edge, a card
picked and put back, a plate's turn going round) is one opaque blit instead of the felt and
every card, label and avatar in it again. ``tests/ui/test_static_layer.py`` plays whole
matches both ways (with and without the layer) and compares every pixel of every frame.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from game.ui import spare_surfaces
from game.ui.layout_probe import is_probe
from game.ui.presenter import base_blit, based_on, merged, new_lineage

Part = tuple[Hashable, pygame.Rect]  # (key, where the part draws)
Parts = dict[Hashable, Part]  # by name: a part may come and go (a new meld on the table)
Paint = Callable[[pygame.Surface, "pygame.Rect | None"], None]  # (onto, clip or None: all)


class StaticLayer:
    """The still picture at the screen's size and pixel format, and the keys it shows."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.whole: Hashable | None = None
        self.parts: Parts = {}
        self.pictures = Pictures()
        self.lineage = new_lineage()  # its picture's token for the browser's presenter:
        self.version = 0  # (lineage, version) changes with every change to the picture
        self.full_paints = 0  # (tests and benches read these)
        self.part_paints = 0
        self.reused = 0  # repainted rects shown from a kept picture

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
            base_blit(target, surface, self.token())
            before = target.get_clip()
            for rect in merged(dirty, surface.get_rect()):
                look = self.pictures.look(whole, rect, parts)
                kept = self.pictures.get(look)
                if kept is not None:
                    target.blit(kept, rect)
                    self.reused += 1
                else:
                    target.set_clip(rect)
                    try:
                        paint(target, rect)
                    finally:
                        target.set_clip(before)
                    self.pictures.keep(look, target, rect)
                surface.blit(target, rect, rect)
                self.version += 1
                self.part_paints += 1
        self.whole, self.parts = whole, parts
        based_on(target, self.token())

    def token(self) -> tuple[int, int]:
        """What the layer's picture is now, for the presenter (game/ui/presenter.py): a frame
        that starts from it shows only what was drawn over it since."""
        return (self.lineage, self.version)

    def _paint_all(self, target: pygame.Surface, paint: Paint) -> None:
        if not self._fits(target):
            # (a plain surface: copies into it are no blits of the frame's; a spare one from
            # a table let go when there is one, game/ui/spare_surfaces.py)
            self.surface = spare_surfaces.take(self, target.get_size(), target)
        self.whole = None  # (a paint that raises leaves no picture that claims a key)
        self.pictures.clear()  # (kept for another size, language or felt: not shown again)
        paint(target, None)
        self.surface.blit(target, (0, 0))  # type: ignore[union-attr]
        self.version += 1
        self.full_paints += 1

    def forget(self) -> None:
        """Drop the picture (the next frame paints everything)."""
        self.surface, self.whole, self.parts = None, None, {}
        self.pictures.clear()

    def _fits(self, target: pygame.Surface) -> bool:
        s = self.surface
        return (
            s is not None
            and not is_probe(target)  # (a probe notes what is painted: paint it all)
            and s.get_size() == target.get_size()
            and s.get_bitsize() == target.get_bitsize()
            and s.get_masks() == target.get_masks()
        )


class Pictures:
    """The pictures of the rects the layer last repainted, by what each shows: the whole key,
    the rect, and the name, key and rect of every part that meets it (by the layer's contract,
    nothing else reaches those pixels). Least recently shown first out, within a budget of
    pixels (two portrait screens at factor 1: about 7 MB)."""

    BUDGET = 2 * 720 * 1280

    def __init__(self) -> None:
        self._kept: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._pixels = 0

    @staticmethod
    def look(whole: Hashable, rect: pygame.Rect, parts: Parts) -> Hashable:
        """What ``rect`` shows, as a value (None when a key cannot be hashed: not kept)."""
        meeting = frozenset(
            (name, key, tuple(where))
            for name, (key, where) in parts.items()
            if where.colliderect(rect)
        )
        look = (whole, tuple(rect), meeting)
        try:
            hash(look)
        except TypeError:
            return None
        return look

    def get(self, look: Hashable) -> pygame.Surface | None:
        """The kept picture for ``look``, if any (it becomes the most recent)."""
        if look is None:
            return None
        picture = self._kept.get(look)
        if picture is not None:
            self._kept.move_to_end(look)
        return picture

    def keep(self, look: Hashable, source: pygame.Surface, rect: pygame.Rect) -> None:
        """Keep ``source``'s pixels in ``rect`` as the picture of ``look``."""
        size = rect.w * rect.h
        if look is None or size > self.BUDGET // 4:
            return
        picture = pygame.Surface(rect.size, 0, source)
        picture.blit(source, (0, 0), rect)
        self._kept[look] = picture
        self._pixels += size
        while self._pixels > self.BUDGET:
            _look, old = self._kept.popitem(last=False)
            self._pixels -= old.get_width() * old.get_height()

    def clear(self) -> None:
        self._kept.clear()
        self._pixels = 0
