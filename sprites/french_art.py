"""The French deck's court cards for make_sprites.py: king, queen and jack, double-ended as
printed cards are (the top half drawn once, the bottom half the same turned half a turn), in a
gold-ruled frame notched round the two corner indices, halves parted by a slanting rule.

Each figure has a face (eyes, brows, nose, mouth; the king bearded), its headgear (crown,
coronet, feathered cap), a costume in the suit's colour with gold trim and a second colour, the
thing it holds (sword, flower, halberd) and the suit sign beside its head.

Coordinates are the card's 200x280 drawing coordinates; ``k`` is supersampled pixels per
coordinate (make_sprites.SS).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

Colour = tuple[int, int, int]
Point = tuple[float, float]

GOLD = (214, 170, 52)
GOLD_DARK = (138, 100, 22)
CREAM = (248, 238, 210)
SKIN = (238, 196, 156)
SKIN_DARK = (190, 136, 96)
HAIR = (86, 52, 30)
BLOND = (214, 164, 60)
INK = (28, 26, 30)
WHITE = (252, 250, 244)
RED = (196, 30, 36)
BLUE = (30, 74, 150)
LIP = (176, 52, 52)
STEEL = (200, 210, 222)
SLATE = (50, 58, 96)  # the black suits' robes: ink would swallow the drawing

W, H = 200, 280
# The frame: notched at the top left and the bottom right, where the indices stand.
FRAME = [(57, 12), (188, 12), (188, 168), (143, 168), (143, 268), (12, 268), (12, 112), (57, 112)]
TOP_HALF = [(57, 12), (188, 12), (188, 128), (12, 152), (12, 112), (57, 112)]  # above the rule


class Pen:
    """Draws on a supersampled surface in card coordinates."""

    def __init__(self, surf: pygame.Surface, k: float):
        self.surf, self.k = surf, k

    def pts(self, points: list[Point]) -> list[Point]:
        return [(x * self.k, y * self.k) for x, y in points]

    def poly(self, colour: Colour, points: list[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surf, colour, self.pts(points), round(width * self.k))

    def circle(self, colour: Colour, c: Point, r: float, width: float = 0) -> None:
        pygame.draw.circle(
            self.surf, colour, (c[0] * self.k, c[1] * self.k), r * self.k, round(width * self.k)
        )

    def ellipse(self, colour: Colour, c: Point, rx: float, ry: float, width: float = 0) -> None:
        box = ((c[0] - rx) * self.k, (c[1] - ry) * self.k, 2 * rx * self.k, 2 * ry * self.k)
        pygame.draw.ellipse(self.surf, colour, box, round(width * self.k))

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None:
        pygame.draw.line(
            self.surf, colour, self.pts([a])[0], self.pts([b])[0], round(width * self.k)
        )

    def lines(self, colour: Colour, points: list[Point], width: float) -> None:
        pygame.draw.lines(self.surf, colour, False, self.pts(points), max(1, round(width * self.k)))

    def outlined(self, fill: Colour, points: list[Point], edge: Colour = INK, width=1.4) -> None:
        self.poly(fill, points)
        self.poly(edge, points, width)


def arc_points(c: Point, rx: float, ry: float, a0: float, a1: float, n: int = 14) -> list[Point]:
    return [
        (
            c[0] + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
            c[1] + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n)),
        )
        for i in range(n + 1)
    ]


class Court:
    """One court's top half: ``rank`` "K", "Q" or "J" of a suit drawn in ``colour``, with
    ``other`` the costume's second colour and ``sign`` the suit's picture maker."""

    HEAD: Point = (116, 70)

    def __init__(self, pen: Pen, rank: str, colour: Colour, other: Colour, sign: Callable):
        self.pen, self.rank, self.colour, self.other, self.sign = pen, rank, colour, other, sign
        self.robe = colour if colour != INK else SLATE

    def draw(self) -> None:
        {"K": self.king_attribute, "Q": self.queen_attribute, "J": self.jack_attribute}[self.rank](
            behind=True
        )
        self.costume()
        self.face()
        {"K": self.crown, "Q": self.coronet, "J": self.cap}[self.rank]()
        {"K": self.king_attribute, "Q": self.queen_attribute, "J": self.jack_attribute}[self.rank](
            behind=False
        )
        self.suit_sign()

    # ----- body
    def costume(self) -> None:
        p, (hx, hy) = self.pen, self.HEAD
        if self.rank == "Q":  # hair falling to the shoulders, behind everything
            p.outlined(
                HAIR, [(hx - 26, hy - 8), (hx + 26, hy - 8), (hx + 30, hy + 34), (hx - 30, hy + 34)]
            )
        shoulders = [
            (34, 150),
            (40, 122),
            (hx - 40, hy + 28),
            (hx + 40, hy + 28),
            (184, 114),
            (186, 134),
        ]
        p.outlined(self.robe, shoulders)
        for x0, x1 in ((40, hx - 40), (hx + 40, 184)):  # gold-edged sleeves
            p.line(
                GOLD,
                (x0 + 4, 124 if x0 < hx else hy + 32),
                (x1 - 4, hy + 32 if x0 < hx else 118),
                2.4,
            )
        # the front panel in the second colour, a gold border down its edges
        front = [(hx - 20, hy + 30), (hx + 20, hy + 30), (hx + 30, 140), (hx - 34, 143)]
        p.outlined(self.other, front)
        for side in (-1, 1):
            x0 = hx + side * 20
            p.line(GOLD, (x0, hy + 31), (hx + side * 32, 141), 3.2)
        for i in range(4):  # buttons / lozenges down the front
            y = hy + 40 + i * 11
            p.poly(GOLD, [(hx, y - 4), (hx + 4, y), (hx, y + 4), (hx - 4, y)])
        # a collar: ermine for the king, lace for the queen, a plain band for the jack
        collar = arc_points((hx, hy + 28), 30, 9, 0, 180)
        if self.rank == "K":
            p.outlined(WHITE, [(hx - 32, hy + 24), (hx + 32, hy + 24), *collar])
            for x in (-20, -7, 7, 20):
                p.poly(INK, [(hx + x, hy + 30), (hx + x + 2, hy + 34), (hx + x - 2, hy + 34)])
        elif self.rank == "Q":
            for i in range(9):
                x = hx - 28 + i * 7
                p.circle(WHITE, (x, hy + 30 + 3 * math.sin(i / 8 * math.pi)), 4.2)
                p.circle(INK, (x, hy + 30 + 3 * math.sin(i / 8 * math.pi)), 4.2, 0.6)
        else:
            p.outlined(
                GOLD,
                [(hx - 26, hy + 25), (hx + 26, hy + 25), (hx + 22, hy + 33), (hx - 22, hy + 33)],
            )

    def face(self) -> None:
        p, (hx, hy) = self.pen, self.HEAD
        p.ellipse(SKIN_DARK, (hx, hy + 1), 17.5, 21.5)
        p.ellipse(SKIN, (hx, hy), 16, 20)
        for side in (-1, 1):
            ex = hx + side * 6.5
            p.ellipse(WHITE, (ex, hy - 2), 3.6, 2.4)
            p.circle(INK, (ex + 0.6, hy - 2), 1.7)
            p.lines(
                HAIR,
                [(ex - 4, hy - 7 + (0.6 if side < 0 else 0)), (ex, hy - 8.2), (ex + 4, hy - 7)],
                1.3,
            )
        p.lines(SKIN_DARK, [(hx, hy - 2), (hx - 2.4, hy + 6), (hx + 1, hy + 7)], 1.2)
        if self.rank == "K":  # moustache and beard
            beard = [
                (hx - 16, hy + 2),
                (hx - 12, hy + 18),
                (hx, hy + 28),
                (hx + 12, hy + 18),
                (hx + 16, hy + 2),
                (hx + 10, hy + 12),
                (hx - 10, hy + 12),
            ]
            p.outlined(HAIR, beard, INK, 0.8)
            p.poly(
                HAIR,
                [
                    (hx - 9, hy + 10),
                    (hx, hy + 8),
                    (hx + 9, hy + 10),
                    (hx + 4, hy + 12),
                    (hx - 4, hy + 12),
                ],
            )
            p.line(LIP, (hx - 3, hy + 13.5), (hx + 3, hy + 13.5), 1.6)
        else:
            p.ellipse(LIP, (hx, hy + 11), 3.6, 1.5)
            if self.rank == "Q":
                for side in (-1, 1):
                    p.circle((236, 150, 140), (hx + side * 9, hy + 6), 2.6)
        hair = HAIR if self.rank != "J" else BLOND
        if self.rank != "K":  # hair framing the face
            for side in (-1, 1):
                p.poly(
                    hair,
                    [
                        (hx + side * 16, hy - 10),
                        (hx + side * 19, hy + 12),
                        (hx + side * 13, hy + 14),
                        (hx + side * 12, hy - 6),
                    ],
                )

    # ----- headgear
    def crown(self) -> None:
        p, (hx, hy) = self.pen, self.HEAD
        base = hy - 15
        points = [
            (hx - 18, base),
            (hx - 20, base - 18),
            (hx - 10, base - 9),
            (hx, base - 24),
            (hx + 10, base - 9),
            (hx + 20, base - 18),
            (hx + 18, base),
        ]
        p.outlined(GOLD, points, GOLD_DARK, 1.2)
        p.poly(
            self.other,
            [(hx - 17, base - 1), (hx + 17, base - 1), (hx + 17, base - 6), (hx - 17, base - 6)],
        )
        for x, r in ((-10, 2.2), (0, 2.8), (10, 2.2)):
            p.circle(RED if self.other != RED else BLUE, (hx + x, base - 3.5), r)
        for x, y in ((-20, base - 18), (0, base - 24), (20, base - 18)):
            p.circle(GOLD, (hx + x, y), 2.6)
            p.circle(GOLD_DARK, (hx + x, y), 2.6, 0.7)

    def coronet(self) -> None:
        p, (hx, hy) = self.pen, self.HEAD
        p.ellipse(HAIR, (hx, hy - 14), 18, 9)  # hair over the brow
        base = hy - 16
        points = [
            (hx - 15, base),
            (hx - 12, base - 9),
            (hx - 6, base - 5),
            (hx, base - 14),
            (hx + 6, base - 5),
            (hx + 12, base - 9),
            (hx + 15, base),
        ]
        p.outlined(GOLD, points, GOLD_DARK, 1.1)
        p.circle(RED if self.other != RED else BLUE, (hx, base - 4), 2.4)
        # a veil falling behind, in the second colour
        p.outlined(
            self.other, [(hx + 15, base), (hx + 30, hy + 6), (hx + 24, hy + 30), (hx + 18, hy + 8)]
        )

    def cap(self) -> None:
        p, (hx, hy) = self.pen, self.HEAD
        p.outlined(
            self.other,
            [(hx - 20, hy - 12), (hx - 14, hy - 30), (hx + 14, hy - 32), (hx + 24, hy - 14)],
        )
        p.outlined(
            GOLD,
            [(hx - 21, hy - 11), (hx + 25, hy - 13), (hx + 24, hy - 18), (hx - 20, hy - 16)],
            GOLD_DARK,
            0.8,
        )
        feather = [(hx + 14, hy - 28), (hx + 40, hy - 46), (hx + 44, hy - 40), (hx + 20, hy - 22)]
        p.outlined(WHITE, feather)
        p.line(INK, (hx + 16, hy - 25), (hx + 42, hy - 43), 0.8)

    # ----- what each holds
    def king_attribute(self, behind: bool) -> None:
        """A sword raised behind the king's head, its hilt in his hand."""
        p = self.pen
        if behind:
            p.outlined(STEEL, [(64, 20), (69, 17), (88, 100), (82, 102)])
            return
        p.outlined(GOLD, [(74, 100), (98, 94), (99, 99), (75, 105)], GOLD_DARK, 0.8)
        p.ellipse(SKIN, (88, 106), 6, 5)
        p.ellipse(SKIN_DARK, (88, 106), 6, 5, 0.8)

    def queen_attribute(self, behind: bool) -> None:
        """A flower held up at her shoulder."""
        p = self.pen
        if behind:
            return
        p.line((40, 110, 50), (84, 112), (72, 80), 2.2)
        p.poly((40, 110, 50), [(76, 96), (66, 90), (74, 92)])
        for a in range(0, 360, 72):
            c = (72 + 6 * math.cos(math.radians(a)), 76 + 6 * math.sin(math.radians(a)))
            p.circle(self.other, c, 4.2)
        p.circle(GOLD, (72, 76), 3)
        p.ellipse(SKIN, (84, 112), 6, 5)
        p.ellipse(SKIN_DARK, (84, 112), 6, 5, 0.8)

    def jack_attribute(self, behind: bool) -> None:
        """A halberd held upright beside him."""
        p = self.pen
        if behind:
            p.line(HAIR, (76, 148), (76, 30), 3.2)
            p.outlined(STEEL, [(76, 34), (63, 41), (63, 51), (76, 47)])
            p.outlined(STEEL, [(73, 32), (76, 19), (79, 32)])
            return
        p.ellipse(SKIN, (77, 112), 6, 5)
        p.ellipse(SKIN_DARK, (77, 112), 6, 5, 0.8)

    def suit_sign(self) -> None:
        size = 22
        img = self.sign(round(size * self.pen.k), round(size * self.pen.k))
        self.pen.surf.blit(img, img.get_rect(center=(168 * self.pen.k, 34 * self.pen.k)))


def court_card(card: pygame.Surface, k: float, rank: str, colour: Colour, sign: Callable) -> None:
    """Court ``rank`` of a suit drawn in ``colour`` on ``card`` (supersampled by ``k``);
    ``sign(w, h)`` draws the suit's picture."""
    pen = Pen(card, k)
    other = BLUE if colour == RED else RED
    frame_fill = CREAM
    pen.poly(frame_fill, FRAME)
    half = pygame.Surface(card.get_size(), pygame.SRCALPHA)
    Court(Pen(half, k), rank, colour, other, sign).draw()
    mask = pygame.Surface(card.get_size(), pygame.SRCALPHA)
    Pen(mask, k).poly((255, 255, 255), TOP_HALF)
    half.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    card.blit(half, (0, 0))
    card.blit(pygame.transform.rotate(half, 180), (0, 0))
    pen.line(GOLD_DARK, (12, 152), (188, 128), 1.6)
    pen.poly(GOLD_DARK, FRAME, 2.2)
    inner = [
        (57 + 3, 12 + 3),
        (185, 15),
        (185, 165),
        (140, 165),
        (140, 265),
        (15, 265),
        (15, 115),
        (60, 115),
    ]
    pen.poly(GOLD, inner, 0.9)
