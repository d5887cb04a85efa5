"""The still layer of a card table (a drawn frame repaints only what changed):
:class:`StillLayer`, a part of the table's frame (``table.frame.still``).

A table whose painter describes its still part as parts (the painter's ``still_parts()``: a
key and a rect for each plate, pile, meld…; game/ui/table_drawing.py) splits its drawing in
two: ``draw_still``, kept in a :class:`game.ui.static_layer.StaticLayer` and repainted only
where a part changed, and ``draw_moving``, drawn over it every frame. A table without parts
draws as before (``draw_table``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import i18n
from game.ui import assets, draw, rehearsed_layers
from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.static_layer import StaticLayer
from game.ui.table_drawing import TablePainter

if TYPE_CHECKING:
    from game.ui.app import App


class StillScene(Protocol):
    """What the still layer uses of its table scene: the app, the game's key and painter."""

    name: str

    @property
    def app(self) -> App: ...

    @property
    def painter(self) -> TablePainter: ...


class StillLayer:
    """The still layer's side of a table scene (see the module docstring). It has parts when
    the scene's painter describes its still part (it overrides ``still_parts``)."""

    STATIC_LAYER = True  # keep the still part (game/ui/static_layer.py); tests turn it off

    def __init__(self, scene: StillScene) -> None:
        self.scene = scene
        self.has_parts = type(scene.painter).still_parts is not TablePainter.still_parts
        self.layer: StaticLayer | None = None  # made on the first layered frame
        self.clip: pygame.Rect | None = None  # while the layer repaints a part of itself

    def draw(self, surface: pygame.Surface) -> None:
        """The still part (kept in the layer when the table has parts), then what moves."""
        painter = self.scene.painter
        still = painter.still_parts() if self.layered() else None
        if still is None:
            self.draw_still(surface)
        else:
            if self.layer is None:  # (the rehearsed table's, when it is kept for this one)
                self.layer = rehearsed_layers.take(self.scene.name, surface.get_size())
            if self.layer is None:
                self.layer = StaticLayer()
            self.layer.draw(surface, still[0], still[1], self._paint)
        if self.layered():
            painter.draw_moving(surface)

    def draw_still(self, surface: pygame.Surface) -> None:
        """The felt, the top bar's text and what of the table does not move (a table with
        parts splits ``draw_table`` into ``draw_still`` and ``draw_moving``)."""
        painter = self.scene.painter
        layout = self.scene.app.layout
        surface.blit(draw.backdrop(layout.w, layout.h, painter.backdrop_panels()), (0, 0))
        if self.in_clip(self.hud_region()):
            painter.draw_hud(surface)
        if self.layered():
            painter.draw_still(surface)
        else:
            painter.draw_table(surface)

    def _paint(self, surface: pygame.Surface, clip: pygame.Rect | None) -> None:
        self.clip = clip
        try:
            self.draw_still(surface)
        finally:
            self.clip = None

    def in_clip(self, rect: pygame.Rect) -> bool:
        """Whether something drawn within ``rect`` shows in what is being painted now (the
        still layer repaints one part: anything elsewhere is skipped)."""
        return self.clip is None or self.clip.colliderect(rect)

    def layered(self) -> bool:
        """This table keeps its still part apart (it has parts, and the layer is on)."""
        return self.STATIC_LAYER and self.has_parts

    def hud_region(self) -> pygame.Rect:
        """Where ``draw_hud`` draws: the top bar, and in portrait a second line under it
        (the hud text's line 1)."""
        layout = self.scene.app.layout
        tb = layout.top_bar
        region = tb.inflate(px(8), px(8))
        if layout.portrait:
            region.union_ip(pygame.Rect(tb.x, tb.centery + px(10), tb.w, px(40)))
        return region

    def whole_key(self) -> tuple[Any, ...]:
        """What every still part depends on: sizes, language, card colours, the felt."""
        scene = self.scene
        layout = scene.app.layout
        return (
            layout.size,
            i18n.language(),
            bool(scene.app.settings.get("four_color")),
            draw.felt_name(),
            assets.back_name(),
            scene.painter.backdrop_panels(),
        )


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
