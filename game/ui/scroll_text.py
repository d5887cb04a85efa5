"""Wrapped text in a rect that scrolls: :class:`ScrollText`.

The body of an overlay (game/ui/overlay.py), the help pages and the match check's record: the
paragraphs wrap to the rect's width, scroll with the mouse wheel, a drag and the keys (↑ ↓ PgUp
PgDn Home End), are right-aligned in Arabic, and nothing is drawn outside the rect, whatever
the text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.ui import draw, text
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from pygame.typing import RectLike

BODY_SIZE = 22  # logical font size (as an overlay's body)
WHEEL_STEP = 60  # pixels one wheel notch scrolls


class ScrollText(Widget):
    """Wrapped paragraphs in ``rect`` that scroll and are clipped (see the module docstring).

    ``source`` returns the text (re-read each frame, so a language switch shows at once);
    paragraphs are separated by "\\n" and get half a line between them."""

    def __init__(
        self,
        rect: RectLike,
        source: Callable[[], str],
        size: int = BODY_SIZE,
        color: RGB = draw.INK,
        key: str = "scroll",
    ):
        self.rect = pygame.Rect(rect)
        self.source = source
        self.size = size
        self.color = color
        self.key = key
        self.offset = 0  # pixels scrolled from the top
        self.visible = True
        self.enabled = True
        self._drag: tuple[int, int] | None = None  # (pointer y, offset) when the drag began
        # ((text, language, size, width), its lines) of the last lines() asked
        self._cache: tuple[tuple[str, str, int, int], list[tuple[str, int]]] | None = None

    @property
    def line_h(self) -> int:
        """A line's height: Arabic takes a little more (its marks above and below)."""
        return px(self.size * (1.6 if i18n.is_rtl() else 1.5))

    def lines(self) -> list[tuple[str, int]]:
        """(line, y from the top of the text) for the current text, size and width."""
        body = self.source()
        key = (body, i18n.language(), self.size, self.rect.w)
        if self._cache is None or self._cache[0] != key:
            out: list[tuple[str, int]] = []
            y = 0
            for para in body.split("\n"):
                if not para.strip():
                    y += self.line_h // 2
                    continue
                for line in text.wrap(para, self.size, self.rect.w - px(24)):
                    out.append((line, y))
                    y += self.line_h
                y += self.line_h // 2
            self._cache = (key, out)
        return self._cache[1]

    def content_height(self) -> int:
        lines = self.lines()
        if not lines:
            return 0
        last, y = lines[-1]
        # Arabic glyphs reach below the line pitch (the tail of a final ي): room for the ink.
        return y + max(self.line_h, text.size(last, self.size)[1])

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height() - self.rect.h)

    def scroll_by(self, dy: float) -> None:
        self.offset = int(min(self.max_offset, max(0, self.offset + dy)))

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        page = max(self.line_h, self.rect.h - 2 * self.line_h)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * px(WHEEL_STEP))
            return True
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_DOWN: self.line_h,
                pygame.K_UP: -self.line_h,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_END: self.content_height(),
                pygame.K_HOME: -self.content_height(),
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._drag = (event.pos[1], self.offset)
                return True
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            start_y, start_offset = self._drag
            self.offset = start_offset
            self.scroll_by(start_y - event.pos[1])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag:
            self._drag = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.scroll_by(0)  # the text may have become shorter (another language)
        old_clip = surface.get_clip()
        surface.set_clip(self.rect.clip(old_clip) if old_clip else self.rect)
        rtl = i18n.is_rtl()
        top = self.rect.y - self.offset
        for line, y in self.lines():
            if top + y + self.line_h < self.rect.y or top + y > self.rect.bottom:
                continue
            if rtl:
                pos, anchor = (self.rect.right - px(4), top + y), "topright"
            else:
                pos, anchor = (self.rect.x + px(4), top + y), "topleft"
            draw.blit_text(surface, line, self.size, pos, self.color, anchor=anchor)
        if self.max_offset:
            self._draw_bar(surface, rtl)
        surface.set_clip(old_clip)

    def _draw_bar(self, surface: pygame.Surface, rtl: bool) -> None:
        """A thin bar at the outer edge: how much there is, and where the view is."""
        total = self.content_height()
        h = max(px(40), self.rect.h * self.rect.h // total)
        y = self.rect.y + (self.rect.h - h) * self.offset // max(1, self.max_offset)
        bar, round_ = px(6), px(3)
        x = self.rect.x if rtl else self.rect.right - bar
        track = (x, self.rect.y, bar, self.rect.h)
        pygame.draw.rect(surface, (60, 70, 66), track, border_radius=round_)
        pygame.draw.rect(surface, draw.SAND, (x, y, bar, h), border_radius=round_)
