"""Where things go on the Hand rummy table, landscape 1280×720 or portrait 720×1280 (pygame
Rects, no drawing): the plates, the melds on the table, the piles, the staging area, your hand
and the buttons. Plates are keyed by screen position (0 bottom = you, 1 right, 2 top, 3 left;
see :mod:`game.client.seating`), never by seat number.

Written in logical pixels; :func:`make_geometry` returns it in frame pixels at the current
scale (:mod:`game.ui.scale`), and the methods' own lengths go through ``px()``.

:class:`RummyPlaces` is the table's ``places``: its seats stand where this geometry puts their
plates, coloured by side in partnership play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING

import pygame

from game.client.seating import BOTTOM, LEFT, RIGHT, SPOTS, TOP, TOP_LEFT, TOP_RIGHT
from game.ui import draw, scale
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.seat_places import SIDE_COLORS, SeatPlaces

if TYPE_CHECKING:
    from game.client.session import TableSession
    from game.ui.layout import Layout

MARGIN = 16
MELD_PAD = 8  # inside the melds' panel
MELD_TAG = 40  # the owner's round tag before his first meld
MELD_GAP_X, MELD_GAP_Y = 12, 8
# Your hand: two fixed rows of 8 (14 dealt, 15 after the draw, 16 at most in two full rows).
# The least width a tap reaches in a hand card, 44 pt on a phone: 720 layout px across a
# 390 pt portrait phone (44 × 720 / 390 ≈ 81), 1280 across 844 pt held sideways (≈ 67).
HAND_COLUMNS = 8
HAND_GAP = 6  # logical px between two cards of a row at most
HAND_TARGET = {True: 81, False: 67}  # by portrait
MELD_MIN_STEP = 0.34  # of a card's width: the corner index (rank and suit) stays in view
MELD_READ_STEP = 0.46  # of a card's width: the whole corner index, with room around it
MELD_READ_SHRINK = 0.8  # the cards shrink so far before the step tightens under READ_STEP
SEAT_CARD = (40, 56)  # a card flying to or from another player's plate (its faces made ahead)


_Placed = tuple[dict[int, pygame.Rect], list[tuple[int, tuple[int, int]]]]


@dataclass
class RummyGeometry:
    """Where things go, landscape 1280×720 or portrait 720×1280 (pygame Rects, no drawing).

    Landscape: top bar (round, the top seat's plate, language, menu); the left and right
    seats' plates at the sides with the piles under the left one; the melds on the table in
    the middle, a row per owner; then your plate, the staging area and Apply / Add group /
    Clear; then sort buttons, your hand in two fixed rows and Discard. Portrait: top bar, the
    opponents' plates in a row, the melds, the piles with your plate and Apply / Discard, the
    staging area, a row of buttons, your hand in two fixed rows.
    """

    w: int
    h: int
    portrait: bool
    players: int
    top_bar: pygame.Rect
    plates: dict[int, pygame.Rect]  # by screen position (0 bottom: you)
    melds: pygame.Rect
    stock: tuple[int, int]
    discard: tuple[int, int]
    pile_card: tuple[int, int]
    staging: pygame.Rect
    hand: pygame.Rect
    hand_card: tuple[int, int]
    staged_card: tuple[int, int]
    meld_card: tuple[int, int]
    hand_tier: int  # px between the hand's two rows (the upper row's index shows in it)
    buttons: dict[str, pygame.Rect]
    hint_y: int
    banner_y: int
    lift: int = 14  # a selected hand card rises so much
    extras: dict[str, object] = field(default_factory=dict)

    # the hand
    def hand_slots(self, n: int) -> list[tuple[float, float]]:
        """Centres of ``n`` hand cards: two fixed rows of HAND_COLUMNS places, the upper row
        first, left to right; the lower row lies over the upper one, which shows its corner
        index above it. A card's place depends on its index alone (not on ``n``), so the 15th
        card drawn and the discard move no other card; only a hand of more than two full rows
        (rare) takes more columns. The columns keep each card whole across (no overlap
        sideways): its full width is its touch target."""
        if n <= 0:
            return []
        columns = max(HAND_COLUMNS, (n + 1) // 2)
        cw, ch = self.hand_card
        step = min(cw + px(HAND_GAP), (self.hand.w - cw) / (columns - 1))
        x0 = self.hand.centerx - step * (columns - 1) / 2
        y0 = self.hand.y + self.lift + ch / 2
        return [(x0 + step * (i % columns), y0 + self.hand_tier * (i // columns)) for i in range(n)]

    def hand_target_width(self, n: int) -> float:
        """The width of the part of a hand card a tap reaches (the step between columns, the
        card's own width at most)."""
        slots = self.hand_slots(max(n, 2))
        return min(float(self.hand_card[0]), slots[1][0] - slots[0][0])

    # the staging area
    def staging_cards_area(self) -> pygame.Rect:
        s = self.staging
        return pygame.Rect(s.x + px(10), s.y + px(34), s.w - px(20), s.h - px(40))

    def group_boxes(
        self,
        sizes: list[int],
        rtl: bool = False,
    ) -> tuple[list[pygame.Rect], pygame.Rect, tuple[int, int], float]:
        """Boxes of the staged groups (``sizes`` = cards in each) and of the "new group" slot,
        in reading order, plus the staged card size and step. One line when it fits (the
        step tightens first), else two lines of smaller cards."""
        area = self.staging_cards_area()
        for lines in (1, 2, 3):
            line_h = min((area.h - px(6) * (lines - 1)) // lines, self.staged_card[1] + px(24))
            shrink = min(1.0, (line_h - px(12)) / self.staged_card[1])
            cw, ch = round(self.staged_card[0] * shrink), round(self.staged_card[1] * shrink)
            for step in card_steps(cw // 2 + px(6), 16):
                placed = self._place_boxes(sizes, area, lines, line_h, cw, step, rtl)
                if placed is not None:
                    return placed[:-1], placed[-1], (cw, ch), step
        placed = self._place_boxes(sizes, area, 99, area.h // 3, px(30), px(12), rtl)
        assert placed is not None  # 99 lines hold any staging
        return placed[:-1], placed[-1], scale.pt(30, 42), px(12)

    @staticmethod
    def _place_boxes(
        sizes: list[int],
        area: pygame.Rect,
        lines: int,
        line_h: int,
        cw: int,
        step: float,
        rtl: bool,
    ) -> list[pygame.Rect] | None:
        pad, gap = px(8), px(10)
        widths = [cw + 2 * pad + step * max(0, k - 1) for k in sizes] + [max(cw + 2 * pad, px(64))]
        boxes: list[pygame.Rect] = []
        line, x = 0, 0.0
        for width in widths:
            if x and x + width > area.w:
                line, x = line + 1, 0.0
            if line >= lines or width > area.w:
                return None
            left = area.x + x if not rtl else area.right - x - width
            top = area.y + line * (line_h + px(6))
            boxes.append(pygame.Rect(round(left), top, round(width), line_h))
            x += width + gap
        return boxes

    @staticmethod
    def staged_slots(
        box: pygame.Rect,
        k: int,
        card: tuple[int, int],
        step: float,
    ) -> list[tuple[float, float]]:
        x0 = box.x + px(8) + card[0] / 2
        return [(x0 + step * i, box.centery) for i in range(k)]

    # melds on the table
    def meld_flow(
        self, blocks: list[tuple[int, list[tuple[int, int]]]], rtl: bool
    ) -> tuple[dict[int, pygame.Rect], list[tuple[int, tuple[int, int]]], tuple[int, int], float]:
        """The melds on the table flowing in lines, like text: ``blocks`` = (owner, [(meld,
        cards)]) in order; each owner's melds follow a round tag with his initial and wrap onto
        the next line when the line is full. Returns (a rect per meld, (owner, tag centre) per
        block, card size, card step). Readable first: the step keeps each card's whole corner
        index in view (MELD_READ_STEP) while the cards shrink to MELD_READ_SHRINK of their
        size. At full size the step first tightens to the rank and suit (MELD_MIN_STEP), so a
        phone's corner index keeps its size; then the cards shrink, to MELD_READ_SHRINK at the
        readable step and further at the tight one (a tap zooms)."""
        area = self.melds.inflate(-2 * px(MELD_PAD), -2 * px(MELD_PAD))
        fit = None  # (full size first: a phone's corner index is never under 26 px there)
        for least_step, least in ((MELD_READ_STEP, 1.0), (MELD_MIN_STEP, 1.0)):
            fit = fit or self._fit_melds(blocks, area, least_step, least)
        fit = fit or self._fit_melds(blocks, area, MELD_READ_STEP, MELD_READ_SHRINK)
        fit = fit or self._fit_melds(blocks, area, MELD_MIN_STEP, 0.0)
        if fit is None:
            cw0, ch0 = self.meld_card
            card = (max(px(20), round(cw0 * px(28) / ch0)), px(28))  # the least size
            step: float = px(8)
            placed = self._flow(blocks, area, card, step, overflow=True)
            assert placed is not None
        else:
            placed, card, step = fit
        rects, tags = placed
        if rtl:  # mirrored: lines read from the right
            for r in rects.values():
                r.x = area.x + area.right - r.right
            tags = [(o, (area.x + area.right - x, y)) for o, (x, y) in tags]
        return rects, tags, card, step

    def _fit_melds(
        self,
        blocks: list[tuple[int, list[tuple[int, int]]]],
        area: pygame.Rect,
        least_step: float,
        least_shrink: float,
    ) -> tuple[_Placed, tuple[int, int], float] | None:
        """The largest cards (to ``least_shrink`` of their size), then the widest step (to
        ``least_step`` of a card's width), at which the melds fit; None: they do not."""
        cw0, ch0 = self.meld_card
        shrink = 1.0
        while shrink >= least_shrink:
            cw, ch = max(px(20), round(cw0 * shrink)), max(px(28), round(ch0 * shrink))
            for step in card_steps(cw // 2, max(px(8), round(cw * least_step))):
                placed = self._flow(blocks, area, (cw, ch), step, own_lines=True)
                placed = placed or self._flow(blocks, area, (cw, ch), step)
                if placed is not None:
                    return placed, (cw, ch), step
            if ch <= px(28):
                return None
            shrink *= 0.92
        return None

    @staticmethod
    def _flow(
        blocks: list[tuple[int, list[tuple[int, int]]]],
        area: pygame.Rect,
        card: tuple[int, int],
        step: float,
        overflow: bool = False,
        own_lines: bool = False,
    ) -> tuple[dict[int, pygame.Rect], list[tuple[int, tuple[int, int]]]] | None:
        """Place the melds at one card size and step (None: they do not fit); ``own_lines``:
        each owner's melds start on a line of their own."""
        cw, ch = card
        line_h = ch + px(MELD_GAP_Y)
        tag_w = px(MELD_TAG)
        rects: dict[int, pygame.Rect] = {}
        tags: list[tuple[int, tuple[int, int]]] = []
        x: float = area.x
        y = area.y
        for owner, melds in blocks:
            for k, (meld, n) in enumerate(melds):
                w = cw + step * (n - 1)
                lead = tag_w if k == 0 else 0
                if x > area.x and (x + lead + w > area.right or (own_lines and k == 0)):
                    x, y = area.x, y + line_h
                if y + ch > area.bottom and not overflow:
                    return None
                if k == 0:
                    tags.append((owner, (round(x) + tag_w // 2 - px(2), y + ch // 2)))
                    x += lead
                rects[meld] = pygame.Rect(round(x), y, round(w), ch)
                x += w + px(MELD_GAP_X)

        return rects, tags


def card_steps(high: int, low: int) -> list[float]:
    """The steps between overlapping cards to try, widest first: from ``high`` down to
    ``low`` frame px, 2 logical px apart, so that every scale tries (and picks) the same
    steps, only larger. Not rounded (1.25 × 34 = 42.5): a row of cards is placed from the
    exact step and rounded once, so rounding does not add up along the row."""
    f = scale.factor()
    return [s * f for s in range(round(high / f), round(low / f) - 1, -2)]


def opponent_spots(players: int) -> tuple[int, ...]:
    """The screen positions of the others at a table of ``players`` (see seating.SPOTS)."""
    return SPOTS[players][1:]


def make_geometry(portrait: bool, players: int = 4) -> RummyGeometry:
    """The table's geometry for one orientation, in frame pixels at the current scale."""
    logical = _portrait(players) if portrait else _landscape(players)
    if scale.factor() == 1:
        return logical
    unscaled = ("portrait", "players")
    return replace(
        logical,
        **{
            f.name: scale.scaled(getattr(logical, f.name))
            for f in fields(logical)
            if f.name not in unscaled
        },
    )


def _landscape(players: int) -> RummyGeometry:
    w, h = 1280, 720
    side = 170
    col_r = w - MARGIN - side
    spots = {
        RIGHT: pygame.Rect(col_r, 84, side, 132),
        LEFT: pygame.Rect(MARGIN, 84, side, 132),
        TOP: pygame.Rect(w // 2 - 130, 14, 260, 62),
        TOP_LEFT: pygame.Rect(w // 2 - 255, 14, 250, 62),  # a table of five
        TOP_RIGHT: pygame.Rect(w // 2 + 5, 14, 250, 62),
    }
    plates = {BOTTOM: pygame.Rect(MARGIN, 388, side, 132)}
    for spot in opponent_spots(players):
        plates[spot] = spots[spot]
    buttons = {
        "apply": pygame.Rect(col_r, 388, side, 60),
        "add_group": pygame.Rect(col_r, 456, side, 46),
        "clear": pygame.Rect(col_r, 508, side, 46),
        "discard": pygame.Rect(col_r, 600, side, 64),
        "sort_suit": pygame.Rect(MARGIN, 548, side, 48),
        "sort_rank": pygame.Rect(MARGIN, 604, side, 48),
        "undo": pygame.Rect(MARGIN, 660, side, 48),
    }
    return RummyGeometry(
        w=w,
        h=h,
        portrait=False,
        players=players,
        top_bar=pygame.Rect(MARGIN, 16, w - 2 * MARGIN, 48),
        plates=plates,
        melds=pygame.Rect(200, 84, 880, 292),
        stock=(58, 290),
        discard=(146, 290),
        pile_card=(72, 101),
        staging=pygame.Rect(200, 384, 880, 140),
        hand=pygame.Rect(200, 528, 880, 174),  # two rows: the lower one ends at 702
        hand_card=(76, 106),
        staged_card=(56, 78),
        meld_card=(56, 78),
        hand_tier=54,  # the upper row shows more than half of each card
        buttons=buttons,
        hint_y=352,
        banner_y=230,
    )


def _portrait(players: int) -> RummyGeometry:
    """Top to bottom: the top bar, the others' plates in a row, the melds (the tallest part:
    four lines of cards whose corner index reads on a phone), the piles with your plate and
    Apply / Discard, the staging area, a row of buttons, your hand in two fixed rows clear of
    the bottom frame."""
    w, h = 720, 1280
    inner = w - 2 * MARGIN
    order = [LEFT, TOP_LEFT, TOP, TOP_RIGHT, RIGHT]  # the others' plates in a row
    shown = sorted(opponent_spots(players), key=order.index)
    n, gap = len(shown), 10
    pw = (inner - gap * (n - 1)) // n if n > 1 else 300
    x0 = MARGIN if n > 1 else w // 2 - pw // 2
    plates = {spot: pygame.Rect(x0 + i * (pw + gap), 78, pw, 76) for i, spot in enumerate(shown)}
    piles_y = 692
    plates[BOTTOM] = pygame.Rect(204, piles_y, 216, 124)
    right = w - MARGIN
    buttons = {
        "apply": pygame.Rect(432, piles_y, right - 432, 58),
        "discard": pygame.Rect(432, piles_y + 66, right - 432, 58),
    }
    # Widths that hold each label at 22 px in both languages ("مجموعة جديدة" is the longest).
    widths = {"sort_suit": 140, "sort_rank": 140, "undo": 96, "add_group": 184, "clear": 96}
    x = MARGIN
    for key, bw in widths.items():
        buttons[key] = pygame.Rect(x, 992, bw, 54)
        x += bw + 8
    return RummyGeometry(
        w=w,
        h=h,
        portrait=True,
        players=players,
        top_bar=pygame.Rect(MARGIN, 16, inner, 52),
        plates=plates,
        melds=pygame.Rect(MARGIN, 162, inner, piles_y - 8 - 162),
        stock=(60, piles_y + 54),
        discard=(150, piles_y + 54),
        pile_card=(76, 106),
        staging=pygame.Rect(MARGIN, 826, inner, 158),
        hand=pygame.Rect(MARGIN, 1052, inner, 194),  # its lowest card ends 34 px above the edge
        hand_card=(84, 118),
        staged_card=(74, 104),
        meld_card=(74, 104),
        hand_tier=62,  # the upper row shows more than half of each card
        buttons=buttons,
        hint_y=560,
        banner_y=420,
    )


class RummyPlaces(SeatPlaces):
    """The seats' places at a Hand rummy table: the plates where ``geometry()`` (the table's
    geometry now) puts them, edged in the sides' colours in ``partnership`` play."""

    def __init__(
        self,
        session: TableSession,
        layout: Callable[[], Layout],
        geometry: Callable[[], RummyGeometry],
        partnership: bool,
    ) -> None:
        super().__init__(session, layout)
        self.geometry = geometry
        self.partnership = partnership

    def plate_rect(self, seat: int) -> pygame.Rect:
        return self.geometry().plates[self.spot(seat)]

    def seat_center(self, seat: int) -> tuple[int, int]:
        """Where cards fly to and from ``seat`` (its plate's centre)."""
        return self.plate_rect(seat).center

    def side_color(self, seat: int) -> RGB:
        """Partnership: your team blue, the other terracotta."""
        mine = self.session.side_of(self.session.me)
        return SIDE_COLORS[(self.session.side_of(seat) - mine) % 2]

    def turn_tag_rect(self, plate: pygame.Rect, w: int, h: int) -> pygame.Rect | None:
        """In landscape the piles sit right over your plate: no tag there (the plate's edge
        and the staging area's line say it is your turn)."""
        return None if not self.geometry().portrait else super().turn_tag_rect(plate, w, h)

    def plate_edge(self, seat: int) -> RGB:
        if self.partnership:
            return self.side_color(seat)
        return draw.PANEL_EDGE
