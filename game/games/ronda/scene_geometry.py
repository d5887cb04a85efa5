"""Where things go on the Ronda table: the area of the face-up cards and its rows, the piles,
the stock, the declaration buttons and your hand's slots, for this layout and player count.

:class:`RondaPlaces` is a part of :class:`game.games.ronda.scene.RondaTable` (its
``places``): the seats' places and colours of every table (:class:`game.ui.seat_places.SeatPlaces`;
in team play the sides' colours), and Ronda's own, worked out in a :class:`RondaGeometry` once
per layout, player count and drawing scale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import draw, scale
from game.ui.draw import RGB
from game.ui.layout import Layout
from game.ui.scale import px
from game.ui.seat_places import SeatPlaces

if TYPE_CHECKING:
    from game.client.session import TableSession
    from game.games.ronda.scene_sides import RondaSides

Point = tuple[int, int]


@dataclass(frozen=True)
class RondaGeometry:
    """The table's places in frame pixels."""

    card: Point  # a face-up table card
    gap: int  # between the table's cards
    area: pygame.Rect  # where the table's cards lie
    piles: list[Point]  # each spot's face-down pile (0 bottom, 1 right, 2 top, 3 left)
    deck: Point  # the undealt stock
    declare: list[pygame.Rect]  # the ronda and tringa buttons
    banner_y: int | None = None  # the hints' line, when not the layout's


def make_geometry(portrait: bool, sides: bool) -> RondaGeometry:
    """The places for a landscape or portrait frame, ``sides`` when a seat sits at the left
    or right (the table's area is narrower then)."""
    rect, pt = scale.rect, scale.pt
    if not portrait:
        return RondaGeometry(
            card=pt(92, 129),
            gap=px(12),
            area=rect(270, 176, 740, 290) if sides else rect(170, 176, 940, 290),
            piles=[pt(340, 640), pt(1150, 452), pt(870, 112), pt(130, 452)],
            deck=pt(262, 150),
            declare=[rect(846, 546, 176, 56), rect(846, 612, 176, 56)],
        )
    return RondaGeometry(
        card=pt(80, 112) if sides else pt(92, 129),
        gap=px(10),
        area=rect(172, 420, 376, 480) if sides else rect(40, 420, 640, 460),
        piles=[
            pt(400, 1030),
            pt(636, 784),
            pt(572, 262),
            pt(84, 784),
        ],  # (side ones clear of the banner line)
        deck=pt(116, 300),
        # (right of the "your turn" tag that stands over your plate)
        declare=[rect(246, 914, 200, 52), rect(458, 914, 200, 52)],
        banner_y=px(868),
    )


class RondaPlaces(SeatPlaces):
    """The table's geometry for the layout now (cached), the slots worked out from it, and
    the seats' colours (team play: their side's, from ``sides``)."""

    def __init__(self, session: TableSession, layout: Callable[[], Layout], sides: RondaSides):
        super().__init__(session, layout)
        self.players = session.players
        self.sides = sides
        self._key: tuple[bool, int, float] | None = None
        self._geo: RondaGeometry | None = None

    def geometry(self) -> RondaGeometry:
        """The places for this layout, player count and drawing scale."""
        portrait = self.layout().portrait
        key = (portrait, self.players, scale.factor())
        if self._geo is None or self._key != key:
            sides = any(self.spot(s) in (1, 3) for s in range(self.players))
            self._key, self._geo = key, make_geometry(portrait, sides)
        return self._geo

    def table_slots(self, codes: list[str]) -> list[tuple[float, float]]:
        """Centres for the table cards ``codes`` (already in Ronda order), in balanced rows."""
        g = self.geometry()
        n = len(codes)
        if n == 0:
            return []
        (cw, ch), gap, area = g.card, g.gap, g.area
        per_row = max(1, (area.w + gap) // (cw + gap))
        rows = -(-n // per_row)
        per_row = -(-n // rows)  # balance the rows
        row_h = ch + gap
        y0 = area.centery - (rows - 1) * row_h / 2
        out = []
        for i in range(n):
            r, c = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            x0 = area.centerx - (in_row - 1) * (cw + gap) / 2
            out.append((x0 + c * (cw + gap), y0 + r * row_h))
        return out

    def hand_slots(self, n: int) -> list[tuple[float, float]]:
        """Your three cards side by side with a gap (the fan overlaps only when they can't)."""
        layout = self.layout()
        cw = layout.card[0] + px(14)
        if n * cw > layout.hand_span:
            return layout.hand_positions(n)
        x0 = layout.hand_center[0] - cw * (n - 1) / 2
        return [(x0 + i * cw, layout.hand_center[1]) for i in range(n)]

    def pile(self, seat: int) -> Point:
        """Where ``seat``'s face-down pile lies."""
        return self.geometry().piles[self.spot(seat)]

    def banner_y(self) -> int:
        """The line of hints and the assist banner (portrait: over your plate's tag)."""
        y = self.geometry().banner_y
        return self.layout().banner_y if y is None else y

    # ----- the seats' colours -----------------------------------------------------------------
    def plate_edge(self, seat: int) -> RGB:
        return self.sides.seat_color(seat) or draw.PANEL_EDGE

    def avatar_color(self, seat: int) -> RGB:
        team = self.sides.seat_color(seat)
        if team is not None:
            r, g, b = (c * 3 // 4 for c in team)
            return r, g, b
        return super().avatar_color(seat)
