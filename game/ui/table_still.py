"""The still layer of a card table (a drawn frame repaints only what changed):
:class:`StillParts`, a part of :class:`game.ui.table_drawing.TableDrawing` (a mixin).

A table that describes its still part as parts (:meth:`StillParts.still_parts`: a key and a
rect for each plate, pile, meld…) splits its drawing in two: :meth:`draw_table_still`, kept in a
:class:`game.ui.static_layer.StaticLayer` and repainted only where a part changed, and
:meth:`draw_table_moving`, drawn over it every frame. A table without parts draws as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.ui import draw
from game.ui.scale import px
from game.ui.seat_plates import plate_region
from game.ui.sprites import Sprite
from game.ui.static_layer import Parts, StaticLayer

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.seat_plates import SeatPlates


class StillParts:
    """The still layer's side of a table scene (see the module docstring)."""

    STATIC_LAYER = True  # keep the still part (game/ui/static_layer.py); tests turn it off
    _still_clip: pygame.Rect | None = None  # while the still layer repaints a part of itself

    # What it uses of the table it is part of (CardTable and its drawing):
    app: App
    plates: SeatPlates
    backdrop_panels: Callable[[], tuple[Any, ...]]
    draw_hud: Callable[[pygame.Surface], None]
    draw_table: Callable[[pygame.Surface], None]

    def draw_still_layer(self, surface: pygame.Surface) -> None:
        """The still part (kept in the layer when the table has parts), then what moves."""
        still = self.still_parts() if self.layered() else None
        if still is None:
            self.draw_still(surface)
        else:
            layer = self.__dict__.get("_static_layer")
            if layer is None:
                layer = self._static_layer = StaticLayer()
            layer.draw(surface, still[0], still[1], self._paint_still)
        self.draw_moving(surface)

    def draw_still(self, surface: pygame.Surface) -> None:
        """The felt, the top bar's text and what of the table does not move (a table with
        :meth:`still_parts` splits :meth:`draw_table` into this and :meth:`draw_moving`)."""
        L = self.app.layout
        surface.blit(draw.backdrop(L.w, L.h, self.backdrop_panels()), (0, 0))
        if self.in_clip(self.hud_region()):
            self.draw_hud(surface)
        if self.layered():
            self.draw_table_still(surface)
        else:
            self.draw_table(surface)

    def draw_moving(self, surface: pygame.Surface) -> None:
        """What is drawn over the still part every frame (nothing more without still parts)."""
        if self.layered():
            self.draw_table_moving(surface)

    def _paint_still(self, surface: pygame.Surface, clip: pygame.Rect | None) -> None:
        self._still_clip = clip
        try:
            self.draw_still(surface)
        finally:
            self._still_clip = None

    def in_clip(self, rect: pygame.Rect) -> bool:
        """Whether something drawn within ``rect`` shows in what is being painted now (the
        still layer repaints one part: anything elsewhere is skipped)."""
        clip = self._still_clip
        return clip is None or clip.colliderect(rect)

    def layered(self) -> bool:
        """This table keeps its still part apart (it has :meth:`still_parts`)."""
        return self.STATIC_LAYER and type(self).still_parts is not StillParts.still_parts

    def still_parts(self) -> tuple[Hashable, Parts] | None:
        """Override: what :meth:`draw_still` shows, as (whole key, {name: (part key, rect)}),
        or None for no still layer this frame. See game/ui/static_layer.py."""
        return None

    def draw_table_still(self, surface: pygame.Surface) -> None:
        """Override with :meth:`still_parts`: the part of :meth:`draw_table` under the moving
        cards (skip what is not :meth:`in_clip`); :meth:`draw_table_moving` draws the rest."""

    def draw_table_moving(self, surface: pygame.Surface) -> None:
        """Override with :meth:`still_parts` (see :meth:`draw_table_still`)."""

    def hud_region(self) -> pygame.Rect:
        """Where :meth:`draw_hud` draws: the top bar, and in portrait a second line under it
        (:meth:`hud_text`'s line 1)."""
        L = self.app.layout
        tb = L.top_bar
        region = tb.inflate(px(8), px(8))
        if L.portrait:
            region.union_ip(pygame.Rect(tb.x, tb.centery + px(10), tb.w, px(40)))
        return region

    def whole_key(self) -> tuple[Any, ...]:
        """What every still part depends on: sizes, language, card colours, the felt."""
        L = self.app.layout
        return (
            L.size,
            i18n.language(),
            bool(self.app.settings.get("four_color")),
            self.backdrop_panels(),
        )

    def plate_part(self, seat: int) -> tuple[tuple[Any, ...], pygame.Rect]:
        """Seat ``seat``'s plate for the still layer (``self.plates.part``; kept for Hand
        rummy's scene)."""
        return self.plates.part(seat)

    @staticmethod
    def plate_region(rect: pygame.Rect) -> pygame.Rect:
        """Where a plate draws (:func:`game.ui.seat_plates.plate_region`; kept for Hand rummy)."""
        return plate_region(rect)


def cards_key(sprites: list[Sprite]) -> tuple[Any, ...]:
    """What resting ``sprites`` look like on screen, in their drawing order."""
    return tuple(
        (s.code, round(s.pos[0]), round(s.pos[1]), tuple(s.size), s.face_up, s.visible)
        for s in sprites
    )


def clear_of(region: pygame.Rect, sprites: list[Sprite]) -> bool:
    """None of ``sprites`` (with shadow, glow and a shake's sway) draws inside ``region``: what
    they cover there would not be under them if they were drawn first."""
    reach = px(32)
    return not any(s.rect().inflate(reach, reach).colliderect(region) for s in sprites)


def cards_region(sprites: list[Sprite]) -> pygame.Rect:
    """Where resting ``sprites`` draw: each card, its shadow (offset 2, 4) and a glow ring."""
    rects = [s.rect() for s in sprites]
    if not rects:
        return pygame.Rect(0, 0, 0, 0)
    return rects[0].unionall(rects[1:]).inflate(px(16), px(16)).move(px(1), px(2))
