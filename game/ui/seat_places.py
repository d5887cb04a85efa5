"""Where each seat of a card table is drawn: :class:`SeatPlaces`, a part the table owns
(``table.places``).

A seat's screen position comes from the session's :class:`game.client.seating.Seating` (your
seat at the bottom, the others counter-clockwise: 0 bottom, 1 right, 2 top, 3 left); its plate,
hand, trick spot and anchor from the app's layout at that position. A game that places or
colours its seats its own way (Hand rummy's plates stand in its own geometry, Ronda's and Hand
rummy's teams colour them) gives its table a subclass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.ui import draw
from game.ui.draw import RGB
from game.ui.scale import px

if TYPE_CHECKING:
    from game.client.session import TableSession
    from game.ui.layout import Layout

SEAT_COLORS: list[RGB] = [  # by screen position (game/client/seating.py; 4 and 5: a table of five)
    (64, 120, 110),
    (150, 84, 60),
    (96, 86, 150),
    (140, 116, 52),
    (150, 70, 110),
    (60, 110, 150),
]
SIDE_COLORS: list[RGB] = [(70, 130, 190), (196, 96, 70)]  # team play: blue 0, terracotta 1


class SeatPlaces:
    """Each seat's places on the screen, its name and its plate's colours (see the module
    docstring). ``layout``: the app's layout now (it changes when the window turns)."""

    def __init__(self, session: TableSession, layout: Callable[[], Layout]) -> None:
        self.session = session
        self.seating = session.seating
        self.layout = layout

    def spot(self, seat: int) -> int:
        """The layout position (0 bottom, 1 right, 2 top, 3 left) of ``seat``."""
        return self.seating.spot(seat)

    def plate_rect(self, seat: int) -> pygame.Rect:
        return self.layout().plate_rect(self.spot(seat))

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        return self.layout().seat_anchor[self.spot(seat)]

    def seat_hand(self, seat: int) -> tuple[int, int]:
        return self.layout().seat_hand[self.spot(seat)]

    def trick_spot(self, seat: int) -> tuple[int, int]:
        """Where ``seat``'s card lies in a trick."""
        return self.layout().trick_spot(self.spot(seat))

    def seat_name(self, seat: int) -> str:
        return t(self.session.seats[seat].name)

    def plate_edge(self, seat: int) -> RGB:
        """The plate's edge colour when it is not that seat's turn."""
        return draw.PANEL_EDGE

    def avatar_color(self, seat: int) -> RGB:
        return SEAT_COLORS[self.spot(seat)]

    def turn_tag_rect(self, plate: pygame.Rect, w: int, h: int) -> pygame.Rect | None:
        """Where the "Your turn" tag stands: over your plate (a subclass: elsewhere, or None
        where the table has no free place for it; the plate's edge still says it)."""
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (plate.centerx, plate.top - px(10))
        return box

    def inside_margin(self) -> pygame.Rect:
        """The frame less 16 logical px all round: banners and tags stay inside it."""
        return inside_margin(self.layout())


def inside_margin(L: Layout) -> pygame.Rect:
    """The frame less 16 logical px all round: banners and tags stay inside it."""
    return pygame.Rect(px(16), px(16), L.w - px(32), L.h - px(32))
