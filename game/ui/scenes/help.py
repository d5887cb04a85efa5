"""The rules of each game, short, in the current language (written for this game, not copied).

A tab row picks the game; it opens on the game chosen in the menu. A game's page is
``help.<game>.title`` / ``help.<game>.body`` in its own strings (its spec's ``help_keys``); a game
without them has no tab."""

from __future__ import annotations

import pygame

from game import i18n
from game.games import registry
from game.i18n import t
from game.ui import draw, games, text
from game.ui.scene import Scene
from game.ui.widgets import Button, Segmented


def page_keys(game: str) -> tuple[str, str]:
    """The (title, body) i18n keys of ``game``'s rules page."""
    return registry.get(game).help_keys


def has_page(game: str) -> bool:
    title, _body = page_keys(game)
    return t(title) != title


class HelpScene(Scene):
    name = "help"

    def __init__(self, app, back: str = "menu", game: str | None = None):
        self.back_to = back
        self.pages = [g.key for g in games.available() if has_page(g.key)] or [games.DEFAULT_GAME]
        chosen = game or app.settings.get("game", games.DEFAULT_GAME)
        self.game = chosen if chosen in self.pages else self.pages[0]
        super().__init__(app)

    def build(self) -> None:
        L = self.app.layout
        y = L.h - 92 if not L.portrait else L.h - 110
        self.back_button = Button(
            (L.w // 2 - 130, y, 260, 60), lambda: t("back"), self.back, 26, primary=True, key="back"
        )
        self.widgets = [self.back_button]
        self.tabs = None
        if len(self.pages) > 1:
            top = 56 if not L.portrait else 80
            w = min(L.w - 64, 200 * len(self.pages))
            self.tabs = Segmented(
                (L.w // 2 - w // 2, top + 34, w, 48),
                [(g, (lambda g=g: t(f"game.{g}"))) for g in self.pages],
                lambda: self.game,
                self.set_page,
                22,
                rtl=i18n.is_rtl,
                key="page",
            )
            self.widgets.append(self.tabs)

    def set_page(self, game: str) -> None:
        self.game = game

    def back(self) -> None:
        self.app.go(self.back_to)

    def draw(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        surface.blit(draw.felt(L.w, L.h), (0, 0))
        top = 56 if not L.portrait else 80
        title_key, _body = page_keys(self.game)
        if self.tabs is not None:
            top -= 18
        draw.blit_text(
            surface,
            t(title_key),
            40 if self.tabs is None else 34,
            (L.w // 2, top),
            draw.GOLD,
            bold=True,
            shadow=True,
        )
        box_top = top + 40 if self.tabs is None else self.tabs.rect.bottom + 12
        width = min(1040, L.w - 48)
        box = pygame.Rect(
            (L.w - width) // 2, box_top, width, self.back_button.rect.top - 16 - box_top
        )
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
        key = (i18n.language(), size, width, self.game)
        if getattr(self, "_cache_key", None) != key:
            out: list[str] = []
            for para in t(page_keys(self.game)[1]).split("\n"):
                out.extend(text.wrap(para, size, width))
                out.append("")
            self._cache_key, self._cache = key, out[:-1]
        return self._cache
