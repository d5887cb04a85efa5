"""The rules of Hareeja, short, in the current language (written for this game, not copied)."""
from __future__ import annotations

from typing import Callable

import pygame

from game import i18n
from game.i18n import t
from game.ui import draw, text
from game.ui.scene import Scene
from game.ui.widgets import Button


class HelpScene(Scene):
    name = "help"

    def __init__(self, app, back: Callable[[], Scene] | None = None):
        self.back_to = back
        super().__init__(app)

    def build(self) -> None:
        L = self.app.layout
        y = L.h - 92 if not L.portrait else L.h - 110
        self.back_button = Button((L.w // 2 - 130, y, 260, 60), lambda: t("back"), self.back, 26,
                                  primary=True, key="back")
        self.widgets = [self.back_button]

    def back(self) -> None:
        if self.back_to is not None:
            self.app.switch(self.back_to())
        else:
            from game.ui.scenes.menu import MenuScene
            self.app.switch(MenuScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        surface.blit(draw.felt(L.w, L.h), (0, 0))
        top = 56 if not L.portrait else 80
        draw.blit_text(surface, t("help.title"), 40, (L.w // 2, top), draw.GOLD, bold=True,
                       shadow=True)
        width = min(1040, L.w - 48)
        box = pygame.Rect((L.w - width) // 2, top + 40, width,
                          self.back_button.rect.top - 16 - (top + 40))
        draw.panel(surface, box)
        size = 22 if not L.portrait else 24
        lines = self._lines(size, box.w - 48)
        line_h = round(size * 1.55)
        y = box.top + 20
        rtl = i18n.is_rtl()
        for line in lines:
            if line:
                anchor, x = ("topright", box.right - 24) if rtl else ("topleft", box.left + 24)
                draw.blit_text(surface, line, size, (x, y), draw.INK, anchor=anchor)
                y += line_h
            else:
                y += line_h // 2
        super().draw(surface)

    def _lines(self, size: int, width: int) -> list[str]:
        key = (i18n.language(), size, width)
        if getattr(self, "_cache_key", None) != key:
            out: list[str] = []
            for para in t("help.body").split("\n"):
                out.extend(text.wrap(para, size, width))
                out.append("")
            self._cache_key, self._cache = key, out[:-1]
        return self._cache
