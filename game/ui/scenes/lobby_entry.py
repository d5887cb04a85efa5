"""Typing in the lobby (states ``code`` and ``field``): the slots of a room code, or a line with
a caret for the player's name or the server's address, and Join. What is typed is the lobby's
``entry`` (:class:`game.ui.scenes.lobby_parts.TextEntry`); this view hands it the keys."""

from __future__ import annotations

import pygame

from game.i18n import digits, t
from game.net import protocol
from game.ui import draw
from game.ui.scale import px
from game.ui.scenes.lobby_view import LobbyView
from game.ui.widgets import Button


class CodeView(LobbyView):
    """Typing a room code (or, natively, the name or the server's address)."""

    def build(self) -> None:
        layout = self.app.layout
        box = self._code_box()
        join = Button(
            (0, 0, px(220), px(64)),
            lambda: t("online.join"),
            self.lobby.entry.submit,
            28,
            primary=True,
            key="submit",
        )
        join.rect.midtop = (layout.w // 2, box.bottom + px(80))
        self.widgets = [join]

    def handle(self, event: pygame.event.Event) -> bool:
        """The keyboard types into the field (Esc is the lobby's: back)."""
        if event.type != pygame.KEYDOWN or event.key == pygame.K_ESCAPE:
            return False
        self.lobby.entry.key(event)
        return True

    def _code_box(self) -> pygame.Rect:
        layout = self.app.layout
        wide = px(560 if self.lobby.entry.field == "code" else 900)
        box = pygame.Rect(0, 0, min(layout.w - px(80), wide), px(110))
        box.center = (layout.w // 2, layout.h // 2 - px(60))
        return box

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        box = self._code_box()
        field = self.lobby.entry.field or "code"
        title = t("online.code_title") if field == "code" else t(f"online.{field}_prompt")
        draw.blit_fitted(
            surface,
            title,
            30,
            layout.w - px(80),
            (layout.w // 2, box.y - px(44)),
            draw.SAND,
            bold=True,
        )
        draw.panel(surface, box, (10, 20, 20), 240, px(16), draw.GOLD)
        if field == "code":
            self._draw_slots(surface, box)
            help_s = t("online.code_help", n=digits(protocol.CODE_LENGTH))
        else:
            caret = "|" if int(self.lobby.elapsed / 0.5) % 2 == 0 else " "
            s = self.lobby.entry.typed + caret
            draw.blit_fitted(surface, s, 32, box.w - px(40), box.center, draw.INK)
            help_s = ""
        if help_s:
            draw.blit_fitted(
                surface,
                help_s,
                22,
                layout.w - px(80),
                (layout.w // 2, box.bottom + px(34)),
                draw.INK_DIM,
            )

    def _draw_slots(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """A slot per character of a code, the next one to type edged in the turn's colour."""
        typed = self.lobby.entry.typed
        n = protocol.CODE_LENGTH
        gap = px(12)
        slot_w = (box.w - px(40) - gap * (n - 1)) // n
        for i in range(n):
            x = box.x + px(20) + i * (slot_w + gap)
            slot = pygame.Rect(x, box.y + px(16), slot_w, box.h - px(32))
            pygame.draw.rect(surface, (30, 48, 46), slot, border_radius=px(10))
            edge = draw.TURN if i == min(len(typed), n - 1) else draw.PANEL_EDGE
            pygame.draw.rect(surface, edge, slot, px(2), border_radius=px(10))
            if i < len(typed):
                draw.blit_text(surface, typed[i], 52, slot.center, draw.INK, bold=True)
