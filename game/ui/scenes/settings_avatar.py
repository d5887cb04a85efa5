"""Your face at the table, chosen in Settings: the button that shows it and the grid of the
drawn set (game/ui/avatars.py) that picks it.

The choice is the setting ``avatar`` (an index of :data:`game.ui.avatars.LOOKS`; -1 while none
is chosen, when the table shows the face it always did). Your own plate shows it at a practice
table; online it goes in ``hello`` and the room carries it to every seat, so every device shows
you the same. Bots keep their own faces.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.client.server_link import ServerLink
from game.i18n import t
from game.ui import avatars, draw
from game.ui.overlay import Action, Overlay
from game.ui.scale import px
from game.ui.widgets import Button

if TYPE_CHECKING:
    from pygame.typing import RectLike

    from game.ui.app import App

COLUMNS = 4  # the grid: 4 × 4 faces
FACE = 96  # a face's button, logical px (over the 44 pt a finger needs, also on a phone)
GAP = 14
NOT_CHOSEN = avatars.NAMED["seat.you"]  # the face shown until one is chosen


def current(app: App) -> int:
    """The face the player wears: the chosen one, else the one the table always gave."""
    chosen = app.settings.get("avatar", -1)
    ok = isinstance(chosen, int) and 0 <= chosen < len(avatars.LOOKS)
    return chosen if ok else NOT_CHOSEN


class FaceButton(Button):
    """One face of the grid; the chosen one is ringed in gold."""

    def __init__(self, rect: RectLike, look: int, on_click: functools.partial[None]):
        super().__init__(rect, lambda: "", on_click, key=f"avatar:{look}")
        self.look = look

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.pressed or self.hover
        fill = (44, 78, 72) if lit else (30, 56, 52)
        edge = draw.GOLD if self.selected else draw.PANEL_EDGE
        pygame.draw.rect(surface, fill, self.rect, border_radius=px(14))
        pygame.draw.rect(
            surface, edge, self.rect, px(4 if self.selected else 2), border_radius=px(14)
        )
        d = self.rect.h - px(16)
        surface.blit(
            avatars.avatar(self.look, d),
            avatars.avatar(self.look, d).get_rect(center=self.rect.center),
        )


class AvatarPicker(Overlay):
    """The grid of faces over Settings: a tap wears that face (saved at once) and closes."""

    def __init__(self, app: App):
        self.faces: list[FaceButton] = []
        super().__init__(
            app, "settings.avatar_title", None, [Action("close", None, "close", True)], key="avatar"
        )

    def _grid(self, width: int) -> tuple[int, int]:
        """(a face's side, rows) for a panel ``width`` px wide inside."""
        side = min(px(FACE), (width - px(GAP) * (COLUMNS - 1)) // COLUMNS)
        rows = -(-len(avatars.LOOKS) // COLUMNS)
        return side, rows

    def panel_width(self) -> int:
        layout = self.app.layout
        return min(px(560), layout.w - px(64))

    def content_height(self, width: int) -> int:
        side, rows = self._grid(width)
        return rows * side + (rows - 1) * px(GAP) + px(12)

    def build_content(self, rect: pygame.Rect) -> None:
        side, _rows = self._grid(rect.w)
        span = COLUMNS * side + (COLUMNS - 1) * px(GAP)
        x0 = rect.centerx - span // 2
        chosen = self.app.settings.get("avatar", -1)
        self.faces = []
        for look in range(len(avatars.LOOKS)):
            row, col = divmod(look, COLUMNS)
            if i18n.is_rtl():
                col = COLUMNS - 1 - col  # the first face reads first
            x = x0 + col * (side + px(GAP))
            y = rect.y + row * (side + px(GAP))
            face = FaceButton((x, y, side, side), look, functools.partial(self.choose, look))
            face.selected = look == chosen
            self.faces.append(face)
        self.widgets.extend(self.faces)

    def choose(self, look: int) -> None:
        self.app.set_setting("avatar", look)
        link = server_link(self.app.scene)
        if link is not None:  # connected (the lobby, an online table): the others see it now
            link.wear(look)
        for face in self.faces:
            face.selected = face.look == look
        self.close()


def server_link(scene: object) -> ServerLink | None:
    """The table server connection of the scene under the grid: an online table's (its
    session's) or the lobby's; None elsewhere."""
    session = getattr(scene, "session", None)
    link = getattr(session, "server", None) if session is not None else getattr(scene, "link", None)
    return link if isinstance(link, ServerLink) else None


class AvatarButton(Button):
    """Settings' "Your face" button: the face worn now beside the words; opens the grid."""

    def __init__(self, rect: RectLike, app: App):
        super().__init__(rect, lambda: t("settings.avatar"), self.open_picker, 24, key="avatar")
        self.app = app

    def open_picker(self) -> AvatarPicker:
        return self.app.open_overlay(AvatarPicker(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        fill, edge, ink = self.colors()
        draw.panel(surface, self.rect, fill, 255, px(14), edge)
        d = self.rect.h - px(12)
        rtl = i18n.is_rtl()
        cx = self.rect.right - px(6) - d // 2 if rtl else self.rect.x + px(6) + d // 2
        face = avatars.avatar(current(self.app), d)
        surface.blit(face, face.get_rect(center=(cx, self.rect.centery)))
        words = self.label()
        room = self.rect.w - d - px(28)
        size = draw.fit_text(words, self.size, room, bold=True)
        x = (self.rect.x + px(10) + room // 2) if rtl else (self.rect.right - px(10) - room // 2)
        draw.blit_text(surface, words, size, (x, self.rect.centery), ink, True)
