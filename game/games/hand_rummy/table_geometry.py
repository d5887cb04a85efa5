"""Where things go on the Hand rummy table, landscape 1280×720 or portrait 720×1280 (pygame
Rects, no drawing): the plates, the melds on the table, the piles, the staging area, your hand
and the buttons. Plates are keyed by screen position (0 bottom = you, 1 right, 2 top, 3 left;
see :mod:`game.client.seating`), never by seat number.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.client.seating import BOTTOM, LEFT, RIGHT, SPOTS, TOP

MARGIN = 16


@dataclass
class RummyGeometry:
    """Where things go, landscape 1280×720 or portrait 720×1280 (pygame Rects, no drawing).

    Landscape: top bar (round, the top seat's plate, language, menu); the left and right
    seats' plates at the sides with the piles under the left one; the melds on the table in
    the middle, a row per owner; then your plate, the staging area and Apply / Add group /
    Clear; then sort buttons, your hand in one row and Discard. Portrait: top bar, the
    opponents' plates in a row, the melds, the piles with your plate and Apply / Discard, the
    staging area, a row of buttons, your hand in two rows.
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
    hand_rows: int
    buttons: dict[str, pygame.Rect]
    hint_y: int
    banner_y: int
    lift: int = 22
    extras: dict = field(default_factory=dict)

    # the hand
    def hand_slots(self, n: int) -> list[tuple[float, float]]:
        """Centres of ``n`` hand cards, left to right (portrait: two rows, the top row first)."""
        if n <= 0:
            return []
        if self.hand_rows == 1 or n * (self.hand_card[0] + 6) <= self.hand.w:
            return self._row(n, self.hand.y + self.lift + self.hand_card[1] / 2)
        top = (n + 1) // 2
        y1 = self.hand.y + self.lift + self.hand_card[1] / 2
        return self._row(top, y1) + self._row(n - top, y1 + self.hand_card[1] + 10)

    def _row(self, n: int, y: float) -> list[tuple[float, float]]:
        if n <= 0:
            return []
        cw = self.hand_card[0]
        step = min(cw + 6, (self.hand.w - cw) / max(1, n - 1)) if n > 1 else 0
        x0 = self.hand.centerx - step * (n - 1) / 2
        return [(x0 + step * i, y) for i in range(n)]

    # the staging area
    def staging_cards_area(self) -> pygame.Rect:
        return pygame.Rect(
            self.staging.x + 10, self.staging.y + 34, self.staging.w - 20, self.staging.h - 40
        )

    def group_boxes(
        self,
        sizes: list[int],
        rtl: bool = False,
    ) -> tuple[list[pygame.Rect], pygame.Rect, tuple[int, int], int]:
        """Boxes of the staged groups (``sizes`` = cards in each) and of the "new group" slot,
        in reading order, plus the staged card size and step. One line when it fits (the
        step tightens first), else two lines of smaller cards."""
        area = self.staging_cards_area()
        for lines in (1, 2, 3):
            line_h = min((area.h - 6 * (lines - 1)) // lines, self.staged_card[1] + 24)
            scale = min(1.0, (line_h - 12) / self.staged_card[1])
            cw, ch = round(self.staged_card[0] * scale), round(self.staged_card[1] * scale)
            for step in range(cw // 2 + 6, 15, -2):
                placed = self._place_boxes(sizes, area, lines, line_h, cw, step, rtl)
                if placed is not None:
                    return placed[:-1], placed[-1], (cw, ch), step
        placed = self._place_boxes(sizes, area, 99, area.h // 3, 30, 12, rtl)
        return placed[:-1], placed[-1], (30, 42), 12

    @staticmethod
    def _place_boxes(
        sizes: list[int], area: pygame.Rect, lines: int, line_h: int, cw: int, step: int, rtl: bool
    ) -> list[pygame.Rect] | None:
        pad, gap = 8, 10
        widths = [cw + 2 * pad + step * max(0, k - 1) for k in sizes] + [max(cw + 2 * pad, 64)]
        boxes, line, x = [], 0, 0
        for width in widths:
            if x and x + width > area.w:
                line, x = line + 1, 0
            if line >= lines or width > area.w:
                return None
            left = area.x + x if not rtl else area.right - x - width
            boxes.append(pygame.Rect(left, area.y + line * (line_h + 6), width, line_h))
            x += width + gap
        return boxes

    @staticmethod
    def staged_slots(
        box: pygame.Rect,
        k: int,
        card: tuple[int, int],
        step: int,
    ) -> list[tuple[float, float]]:
        x0 = box.x + 8 + card[0] / 2
        return [(x0 + step * i, box.centery) for i in range(k)]

    # melds on the table
    def meld_rows(self, owners: list[int]) -> dict[int, pygame.Rect]:
        """A row per owner (top to bottom in the given order) inside the melds area."""
        if not owners:
            return {}
        area = self.melds
        row_h = min(self.meld_card[1] + 26, area.h // len(owners))
        return {
            o: pygame.Rect(area.x, area.y + i * row_h, area.w, row_h) for i, o in enumerate(owners)
        }

    def meld_layout(
        self,
        row: pygame.Rect,
        sizes: list[int],
        rtl: bool,
        label_w: int,
    ) -> tuple[tuple[int, int], list[pygame.Rect], int]:
        """(card size, a rect per meld, card step) for one owner's melds, tightening the step
        and then the cards until the row fits."""
        cw, ch = self.meld_card
        scale = min(1.0, (row.h - 8) / ch)
        cw, ch = round(cw * scale), round(ch * scale)
        gap, inner = 12, row.w - label_w - 8

        def width(step: int, card_w: int) -> int:
            return sum(card_w + step * (k - 1) for k in sizes) + gap * (len(sizes) - 1)

        step = cw // 2
        while step > 14 and width(step, cw) > inner:
            step -= 1
        if width(step, cw) > inner:
            k = inner / width(step, cw)
            cw, ch, step = max(24, int(cw * k)), max(34, int(ch * k)), max(9, int(step * k))
        rects, x = [], (row.x + label_w + 4 if not rtl else row.right - label_w - 4)
        for n in sizes:
            wdt = cw + step * (n - 1)
            left = x if not rtl else x - wdt
            rects.append(pygame.Rect(left, row.centery - ch // 2, wdt, ch))
            x = x + wdt + gap if not rtl else x - wdt - gap
        return (cw, ch), rects, step


def opponent_spots(players: int) -> tuple[int, ...]:
    """The screen positions of the others at a table of ``players`` (see seating.SPOTS)."""
    return SPOTS[players][1:]


def make_geometry(portrait: bool, players: int = 4) -> RummyGeometry:
    return _portrait(players) if portrait else _landscape(players)


def _landscape(players: int) -> RummyGeometry:
    w, h = 1280, 720
    side = 170
    col_r = w - MARGIN - side
    spots = {
        RIGHT: pygame.Rect(col_r, 84, side, 132),
        LEFT: pygame.Rect(MARGIN, 84, side, 132),
        TOP: pygame.Rect(w // 2 - 130, 14, 260, 62),
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
        staging=pygame.Rect(200, 384, 880, 150),
        hand=pygame.Rect(200, 556, 880, 156),
        hand_card=(84, 118),
        staged_card=(56, 78),
        meld_card=(50, 70),
        hand_rows=1,
        buttons=buttons,
        hint_y=352,
        banner_y=230,
    )


def _portrait(players: int) -> RummyGeometry:
    w, h = 720, 1280
    inner = w - 2 * MARGIN
    order = [LEFT, TOP, RIGHT]  # the others' plates in a row
    shown = sorted(opponent_spots(players), key=order.index)
    n, gap = len(shown), 10
    pw = (inner - gap * (n - 1)) // n if n > 1 else 300
    x0 = MARGIN if n > 1 else w // 2 - pw // 2
    plates = {spot: pygame.Rect(x0 + i * (pw + gap), 80, pw, 76) for i, spot in enumerate(shown)}
    plates[BOTTOM] = pygame.Rect(204, 566, 216, 124)
    right = w - MARGIN
    buttons = {
        "apply": pygame.Rect(432, 566, right - 432, 58),
        "discard": pygame.Rect(432, 632, right - 432, 58),
    }
    bw = (inner - 4 * 8) // 5
    for i, key in enumerate(("sort_suit", "sort_rank", "undo", "add_group", "clear")):
        buttons[key] = pygame.Rect(MARGIN + i * (bw + 8), 920, bw, 54)
    return RummyGeometry(
        w=w,
        h=h,
        portrait=True,
        players=players,
        top_bar=pygame.Rect(MARGIN, 16, inner, 52),
        plates=plates,
        melds=pygame.Rect(MARGIN, 168, inner, 386),
        stock=(60, 616),
        discard=(150, 616),
        pile_card=(76, 106),
        staging=pygame.Rect(MARGIN, 700, inner, 210),
        hand=pygame.Rect(MARGIN, 984, inner, h - MARGIN - 984),
        hand_card=(84, 118),
        staged_card=(62, 87),
        meld_card=(52, 73),
        hand_rows=2,
        buttons=buttons,
        hint_y=530,
        banner_y=420,
    )
