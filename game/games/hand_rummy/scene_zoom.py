"""A meld on the table, zoomed: tapped with no card picked, it opens large in a panel above the
table (a full table of melds is small on a phone), read from the table as it stands
(a card added meanwhile shows at once). A tap anywhere, Esc or Close closes it.

Built on the one overlay system (:mod:`game.ui.overlay`): dimmed table, opaque panel, modal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.ui import assets, overlay
from game.ui.scale import pt, px

if TYPE_CHECKING:
    from game.games.hand_rummy.scene import RummyTable

ZOOM_CARD = (130, 182)  # logical px: a 45 px corner index
MIN_STEP = 0.4  # of a card's width between cards in a line: the index stays in view
LINE_GAP = 14  # logical px


class MeldZoom(overlay.Overlay):
    """Meld ``meld`` of ``table`` (a RummyTable) large and face up."""

    def __init__(self, table: RummyTable, meld: int) -> None:
        self.table = table
        self.meld = meld
        super().__init__(
            table.app,
            self.title_line,
            actions=[overlay.Action("close", None, "close", primary=True)],
            key="meld_zoom",
        )

    def title_line(self) -> str:
        owner = self.owner()
        if owner == self.table.me:
            return t("hr.zoom.title_you")
        return t("hr.zoom.title", name=self.table.places.seat_name(owner))

    def owner(self) -> int:
        owners = self.table.meld_rows.owners
        me: int = self.table.me
        return owners[self.meld] if self.meld < len(owners) else me

    def cards(self) -> list[str]:
        melds = self.table.meld_rows.melds
        return list(melds[self.meld]) if self.meld < len(melds) else []

    def _lines(self, width: int) -> list[list[str]]:
        """The cards in lines that keep each card's corner index in view."""
        cw = px(ZOOM_CARD[0])
        per_line = max(1, int((width - cw) // (cw * MIN_STEP)) + 1)
        cards = self.cards()
        return [cards[i : i + per_line] for i in range(0, len(cards), per_line)] or [[]]

    def content_height(self, width: int) -> int:
        lines = len(self._lines(width))
        return lines * px(ZOOM_CARD[1]) + (lines - 1) * px(LINE_GAP)

    def update(self, dt: float) -> None:
        if len(self.cards()) != getattr(self, "_shown", None):  # a card was added meanwhile
            self._shown = len(self.cards())
            self.build()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.close()  # a tap anywhere closes it (the Close button too)
            return True
        return super().handle(event)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        four = self.app.settings["four_color"]
        card = pt(*ZOOM_CARD)
        cw, ch = card
        y = rect.y
        for line in self._lines(rect.w):
            if not line:
                break
            step = min(cw * 0.62, (rect.w - cw) / max(1, len(line) - 1))
            total = cw + step * (len(line) - 1)
            x0 = rect.centerx - total / 2
            for i, code in enumerate(line):
                img = assets.card_face(code, card, four)
                surface.blit(assets.shadowed(img, px(2), px(4)), (round(x0 + step * i), y))
            y += ch + px(LINE_GAP)
