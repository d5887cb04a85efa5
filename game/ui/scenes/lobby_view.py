"""The base of a lobby state's view: its widgets (built again on every relayout), the keys it
takes and its drawing, with the text helpers the views share. A view reads the scene through
:class:`game.ui.scenes.lobby_parts.Lobby`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.ui import draw
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.scenes.lobby_common import PHONE_TEXT, fit_lines, line_size, sep
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.lobby_parts import Lobby


class LobbyView:
    """One state of the lobby: the widgets it shows (``build``, again on every relayout), the
    keys it takes (``handle``) and how it draws. ``lobby`` is the scene as a view sees it
    (:class:`~game.ui.scenes.lobby_parts.Lobby`): the connection, the parts that hold the
    state (``new_table``, ``entry``) and the actions (``create``, ``join``…)."""

    title = "online.title"  # the i18n key of the screen's title
    has_back = True  # the Back button at the bottom

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.app: App = lobby.app
        self.widgets: list[Widget] = []

    def build(self) -> None:
        """Create ``self.widgets`` for the current layout."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` before the lobby's Esc and widgets do; True when taken."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw what is not a widget."""

    def message_y(self) -> int:
        """Where the lobby's message goes (under the content), in frame pixels."""
        return self.app.layout.h - px(120)

    def small(self, size: int) -> int:
        """A secondary line's size (22 px at least in portrait; see :func:`line_size`)."""
        return line_size(self.app.layout.portrait, size)

    def _lines(
        self,
        surface: pygame.Surface,
        s: str,
        size: int,
        rect: pygame.Rect,
        y: int,
        step: int,
        color: RGB | None = None,
        most: int = 2,
        pad: int | None = None,
    ) -> int:
        """``s`` at the reading start of ``rect``, wrapped onto at most ``most`` lines ``step``
        apart from line ``y`` (in portrait it never shrinks below 22 px); returns the count.
        Lengths in frame pixels (``pad``: ``px(20)`` when not given)."""
        pad = px(20) if pad is None else pad
        lines, size = fit_lines(s, size, rect.w - 2 * pad, most, least=self._least(), joint=sep())
        for i, line in enumerate(lines):
            pos, anchor = reading_start(rect, pad, y + i * step)
            draw.blit_text(surface, line, size, pos, color or draw.INK, False, anchor)
        return len(lines)

    def _col(self) -> pygame.Rect:
        """The content column."""
        layout = self.app.layout
        w = min(px(1000), layout.w - px(64))
        return pygame.Rect(
            (layout.w - w) // 2, px(140 if not layout.portrait else 160), w, layout.h - px(240)
        )

    def _text(
        self,
        surface: pygame.Surface,
        s: str,
        size: int,
        rect: pygame.Rect,
        y: int,
        color: RGB | None = None,
        bold: bool = False,
        pad: int | None = None,
    ) -> pygame.Rect:
        """``s`` at the reading start of ``rect`` (right in Arabic), centred on line ``y``
        (frame pixels; ``pad``: ``px(20)`` when not given)."""
        pad = px(20) if pad is None else pad
        size = draw.fit_text(s, size, rect.w - 2 * pad, bold, min(size, self._least()))
        pos, anchor = reading_start(rect, pad, y)
        return draw.blit_text(surface, s, size, pos, color or draw.INK, bold, anchor)

    def _least(self) -> int:
        """The smallest size a fitted line may take: 22 px in portrait (a phone), else 12."""
        return PHONE_TEXT if self.app.layout.portrait else 12


def reading_start(rect: pygame.Rect, pad: int, y: int) -> tuple[tuple[int, int], str]:
    """(position, anchor) of a line starting ``pad`` inside ``rect`` where reading starts
    (the right in Arabic), centred on line ``y``."""
    if i18n.is_rtl():
        return (rect.right - pad, y), "midright"
    return (rect.x + pad, y), "midleft"
