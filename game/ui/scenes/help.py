"""The rules of each game, short, in the current language (written for this game, not copied).

A tab row picks the game; it opens on the game chosen in the menu. The page is an opaque panel
whose text scrolls (wheel, drag, arrow and page keys) and is clipped to it
(:class:`game.ui.scroll_text.ScrollText`). A game's page is
``help.<game>.title`` / ``help.<game>.body`` in its own strings (its spec's ``help_keys``); a game
without them has no tab."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.core import registry
from game.i18n import t
from game.ui import draw, games, overlay
from game.ui.scale import px
from game.ui.scene import Scene
from game.ui.scroll_text import ScrollText
from game.ui.widgets import Segmented, back_button, label_for

if TYPE_CHECKING:
    from game.ui.app import App


def page_keys(game: str) -> tuple[str, str]:
    """The (title, body) i18n keys of ``game``'s rules page."""
    return registry.get(game).help_keys


def has_page(game: str) -> bool:
    title, _body = page_keys(game)
    return t(title) != title


class HelpScene(Scene):
    name = "help"
    scroll: ScrollText  # the page (kept across a relayout, with its offset)

    def __init__(self, app: App, back: str = "menu", game: str | None = None):
        self.back_to = back
        self.pages = [g.key for g in games.available() if has_page(g.key)] or [games.DEFAULT_GAME]
        chosen = game or app.settings.get("game", games.DEFAULT_GAME)
        self.game = chosen if chosen in self.pages else self.pages[0]
        super().__init__(app)

    def build(self) -> None:
        layout = self.app.layout
        y = layout.h - px(92 if not layout.portrait else 110)
        self.back_button = back_button(layout.w, y, self.back, lambda: t("back"))
        self.tabs: Segmented | None = None
        if len(self.pages) > 1:
            top = 56 if not layout.portrait else 80
            w = min(layout.w - px(64), px(200) * len(self.pages))
            self.tabs = Segmented(
                (layout.w // 2 - w // 2, px(top + 34), w, px(48)),
                [(g, label_for(f"game.{g}")) for g in self.pages],
                lambda: self.game,
                self.set_page,
                22,
                rtl=i18n.is_rtl,
                key="page",
            )
        box = self._box()
        offset = self.scroll.offset if hasattr(self, "scroll") else 0
        self.scroll = ScrollText(
            box.inflate(-px(40), -px(32)),
            lambda: t(page_keys(self.game)[1]),
            22 if not layout.portrait else 24,
        )
        self.scroll.offset = offset
        self.widgets = [self.back_button, *([self.tabs] if self.tabs else []), self.scroll]

    def set_page(self, game: str) -> None:
        if game != self.game:
            self.game = game
            self.scroll.offset = 0

    def back(self) -> None:
        self.app.go(self.back_to)

    def _box(self) -> pygame.Rect:
        """The opaque panel the page's text lives in (it scrolls inside, clipped)."""
        layout = self.app.layout
        top = 56 if not layout.portrait else 80
        box_top = px(top + 40) if self.tabs is None else self.tabs.rect.bottom + px(16)
        width = min(px(1040), layout.w - px(48))
        return pygame.Rect(
            (layout.w - width) // 2, box_top, width, self.back_button.rect.top - px(20) - box_top
        )

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.blit(draw.felt(layout.w, layout.h), (0, 0))
        top = 56 if not layout.portrait else 80
        title_key, _body = page_keys(self.game)
        if self.tabs is not None:
            top -= 18
        title = t(title_key)
        size = draw.fit_text(title, 40 if self.tabs is None else 34, layout.w - px(64), bold=True)
        draw.blit_text(
            surface, title, size, (layout.w // 2, px(top)), draw.GOLD, bold=True, shadow=True
        )
        overlay.panel(surface, self._box())
        super().draw(surface)
