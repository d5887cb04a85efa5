"""The Spanish deck's art for make_sprites.py: the four suits (oros, copas, espadas, bastos),
one design each used everywhere (corner index, pips, aces, court cards), and the court figures
(sota 10, caballo 11, rey 12) standing full length in the card's centre panel.

Sizes here are supersampled pixels (make_sprites draws at three times the card size).
"""

from __future__ import annotations

import math

import pygame

GOLD = (222, 172, 46)
GOLD_LIGHT = (246, 212, 112)
GOLD_DARK = (138, 96, 20)
RED = (196, 30, 36)
MAROON = (112, 22, 34)
BLUE = (26, 92, 176)
NAVY = (16, 50, 106)
STEEL = (196, 214, 236)
GREEN = (36, 128, 56)
GREEN_DARK = (20, 74, 32)
GREEN_LIGHT = (118, 186, 96)
SKIN = (234, 192, 150)
SKIN_DARK = (196, 146, 104)
HAIR = (70, 44, 28)
INK = (28, 26, 30)
IVORY = (251, 247, 236)
CREAM = (246, 232, 196)
SUIT_COLOURS = {"O": (176, 124, 14), "C": RED, "E": BLUE, "B": GREEN}
Point = tuple[float, float]


def draw_suit(suit: str, w: int, h: int) -> pygame.Surface:
    """Suit ``suit`` filling a w x h surface: the one design of that suit."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    line = max(2, round(min(w, h) * 0.06))
    {"O": oros, "C": copas, "E": espadas, "B": bastos}[suit](surf, w, h, line)
    return surf


def star(cx: float, cy: float, r_out: float, r_in: float, n: int, turn: float = 0.0) -> list:
    pts = []
    for k in range(2 * n):
        r = r_out if k % 2 == 0 else r_in
        a = turn + math.pi * k / n - math.pi / 2
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def oros(surf: pygame.Surface, w: int, h: int, line: int) -> None:
    """A gold coin: a dark rim, a lit edge, a ring and an eight-pointed star at its heart."""
    cx, cy, r = w / 2, h / 2, min(w, h) / 2 - 1
    pygame.draw.circle(surf, GOLD_DARK, (cx, cy), r)
    pygame.draw.circle(surf, GOLD, (cx, cy), r - line)
    pygame.draw.circle(surf, GOLD_DARK, (cx, cy), r * 0.66, max(1, round(line * 0.7)))
    pygame.draw.polygon(surf, GOLD_DARK, star(cx, cy, r * 0.56, r * 0.36, 8, math.pi / 8))
    pygame.draw.polygon(surf, RED, star(cx, cy, r * 0.36, r * 0.24, 8, math.pi / 8))
    pygame.draw.circle(surf, GOLD_LIGHT, (cx, cy), r * 0.13)


def copas(surf: pygame.Surface, w: int, h: int, line: int) -> None:
    """A chalice: a red bowl with a gold rim and band on a gold stem and foot."""
    top, bowl_h = h * 0.08, h * 0.44
    bowl = [(w * 0.04, top)]
    for i in range(21):
        a = math.pi * i / 20
        bowl.append((w / 2 - math.cos(a) * w * 0.46, top + math.sin(a) * bowl_h))
    bowl.append((w * 0.96, top))
    pygame.draw.polygon(surf, MAROON, bowl)
    inner = [(x + (w / 2 - x) * 0.09, y + line * 0.6) for x, y in bowl[1:-1]]
    pygame.draw.polygon(surf, RED, inner)
    band_y = top + bowl_h * 0.42
    pygame.draw.line(surf, GOLD, (w * 0.12, band_y), (w * 0.88, band_y), max(2, line))
    pygame.draw.ellipse(surf, GOLD_DARK, (0, 0, w, h * 0.16))
    pygame.draw.ellipse(surf, GOLD, (line * 0.7, line * 0.5, w - line * 1.4, h * 0.16 - line))
    pygame.draw.ellipse(surf, MAROON, (w * 0.12, h * 0.035, w * 0.76, h * 0.08))
    pygame.draw.rect(surf, GOLD_DARK, (w * 0.41, top + bowl_h - line, w * 0.18, h * 0.34))
    pygame.draw.rect(surf, GOLD, (w * 0.44, top + bowl_h - line, w * 0.12, h * 0.34))
    pygame.draw.ellipse(surf, GOLD_DARK, (w * 0.3, h * 0.62, w * 0.4, h * 0.1))
    pygame.draw.ellipse(surf, GOLD, (w * 0.33, h * 0.63, w * 0.34, h * 0.07))
    foot = [(w * 0.4, h * 0.8), (w * 0.6, h * 0.8), (w * 0.88, h * 0.95), (w * 0.12, h * 0.95)]
    pygame.draw.polygon(surf, GOLD_DARK, foot)
    pygame.draw.ellipse(surf, GOLD_DARK, (w * 0.1, h * 0.89, w * 0.8, h * 0.11))
    pygame.draw.ellipse(surf, GOLD, (w * 0.15, h * 0.905, w * 0.7, h * 0.065))


def espadas(surf: pygame.Surface, w: int, h: int, line: int) -> None:
    """A sword point up: a steel blade with a blue fuller, curled quillons, a gold pommel."""
    bw = w * 0.44
    blade = [
        (w / 2, 0),
        (w / 2 + bw / 2, h * 0.1),
        (w / 2 + bw / 2, h * 0.66),
        (w / 2 - bw / 2, h * 0.66),
        (w / 2 - bw / 2, h * 0.1),
    ]
    pygame.draw.polygon(surf, NAVY, blade)
    inner = [(x + (w / 2 - x) * 0.32, y + (h * 0.36 - y) * 0.04) for x, y in blade]
    pygame.draw.polygon(surf, STEEL, inner)
    pygame.draw.line(surf, BLUE, (w / 2, h * 0.07), (w / 2, h * 0.63), max(2, round(w * 0.09)))
    guard = pygame.Rect(w * 0.04, h * 0.655, w * 0.92, h * 0.06)
    pygame.draw.rect(surf, NAVY, guard, border_radius=round(guard.h / 2))
    for side in (-1, 1):  # quillons curling toward the blade
        x = w / 2 + side * w * 0.38
        pygame.draw.circle(surf, NAVY, (x, guard.top - h * 0.012), w * 0.1)
        pygame.draw.circle(surf, GOLD, (x, guard.top - h * 0.012), w * 0.045)
    pygame.draw.rect(surf, NAVY, (w * 0.38, h * 0.71, w * 0.24, h * 0.17))
    for k in range(3):  # the grip's binding
        y = h * (0.735 + 0.05 * k)
        pygame.draw.line(surf, BLUE, (w * 0.4, y), (w * 0.6, y), max(1, line // 2))
    pygame.draw.circle(surf, GOLD_DARK, (w / 2, h * 0.92), w * 0.2)
    pygame.draw.circle(surf, GOLD, (w / 2, h * 0.92), w * 0.13)


def bastos(surf: pygame.Surface, w: int, h: int, line: int) -> None:
    """A knotted wooden club, thick at the head, thin at the grip."""
    top, bottom = h * 0.1, h * 0.98

    def half(f: float) -> float:
        return w * (0.42 - 0.24 * f**0.8)

    ys = [top + (bottom - top) * i / 40 for i in range(41)]
    left = [(w / 2 - half((y - top) / (bottom - top)), y) for y in ys]
    outline = left + [(w - x, y) for x, y in reversed(left)]
    knots = [(-1, 0.16), (1, 0.32), (-1, 0.5), (1, 0.68)]
    for side, f in knots:
        y = top + (bottom - top) * f
        pygame.draw.circle(surf, GREEN_DARK, (w / 2 + side * half(f) * 0.95, y), w * 0.15)
    pygame.draw.polygon(surf, GREEN_DARK, outline)
    pygame.draw.ellipse(surf, GREEN_DARK, (w / 2 - half(0), 0, 2 * half(0), top * 2))
    inset = line * 1.1
    inner = [(x + (inset if x < w / 2 else -inset), y) for x, y in outline]
    pygame.draw.polygon(surf, GREEN, inner)
    head = (w / 2 - half(0) + inset, inset, 2 * (half(0) - inset), top * 2 - inset)
    pygame.draw.ellipse(surf, GREEN, head)
    pygame.draw.line(
        surf,
        GREEN_LIGHT,
        (w / 2 - half(0) * 0.4, top * 0.9),
        (w / 2 - half(1) * 0.35, bottom - h * 0.06),
        max(2, round(w * 0.09)),
    )
    for side, f in knots:
        y = top + (bottom - top) * f
        pygame.draw.circle(surf, GREEN, (w / 2 + side * half(f) * 0.95, y), w * 0.09)
        pygame.draw.circle(surf, GREEN_DARK, (w / 2 + side * half(f) * 0.95, y), w * 0.04)


# ---------------------------------------------------------------- court figures
class Figure:
    """A court figure drawn in ``rect`` (the card's centre panel), in units of its width."""

    def __init__(self, surf: pygame.Surface, rect: pygame.Rect, suit: str):
        self.surf, self.rect, self.suit = surf, rect, suit
        self.u = rect.w
        self.cx = rect.centerx
        self.colour = SUIT_COLOURS[suit]
        self.dark = tuple(round(c * 0.55) for c in self.colour)

    def p(self, x: float, y: float) -> Point:
        """x across from the centre, y down from the top, both in panel widths."""
        return (self.cx + x * self.u, self.rect.top + y * self.u)

    def poly(self, colour, pts) -> None:
        pygame.draw.polygon(self.surf, colour, [self.p(x, y) for x, y in pts])

    def circle(self, colour, x: float, y: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surf, colour, self.p(x, y), r * self.u, round(width * self.u))

    def ellipse(self, colour, x0: float, y0: float, x1: float, y1: float) -> None:
        (ax, ay), (bx, by) = self.p(x0, y0), self.p(x1, y1)
        pygame.draw.ellipse(self.surf, colour, (ax, ay, bx - ax, by - ay))

    def line(self, colour, a: Point, b: Point, width: float) -> None:
        pygame.draw.line(self.surf, colour, self.p(*a), self.p(*b), max(1, round(width * self.u)))

    def outlined(self, fill, pts, edge=None) -> None:
        self.poly(edge or self.dark, pts)
        cx = sum(x for x, _ in pts) / len(pts)
        cy = sum(y for _, y in pts) / len(pts)
        self.poly(fill, [(x + (cx - x) * 0.08, y + (cy - y) * 0.05) for x, y in pts])

    def face(self, y: float, r: float, beard: bool) -> None:
        self.circle(SKIN_DARK, 0, y, r + 0.015)
        self.circle(SKIN, 0, y, r)
        for side in (-1, 1):
            self.circle(INK, side * r * 0.38, y - r * 0.05, r * 0.11)
        self.line(SKIN_DARK, (0, y), (-r * 0.1, y + r * 0.3), 0.02)
        if beard:
            jaw = [(math.cos(a) * r * 1.02, y + math.sin(a) * r * 1.1) for a in _angles(0, 180)]
            self.poly(HAIR, [*jaw, (-r * 0.6, y + r * 0.35), (r * 0.6, y + r * 0.35)])
            self.ellipse(SKIN, -r * 0.28, y + r * 0.42, r * 0.28, y + r * 0.62)
        self.line((150, 60, 50), (-r * 0.22, y + r * 0.55), (r * 0.22, y + r * 0.55), 0.025)

    def symbol(self, y: float, size: float) -> None:
        """The suit held in front of the figure, its centre at ``y``."""
        tall = self.suit in "EB"
        w, h = (
            (size * 0.48, size * 1.6) if tall else (size, size * (1.15 if self.suit == "C" else 1))
        )
        img = draw_suit(self.suit, round(w * self.u), round(h * self.u))
        if tall:
            img = pygame.transform.rotate(img, -18)
        self.surf.blit(img, img.get_rect(center=self.p(0.08 if tall else 0, y)))

    def hands(self, y: float, spread: float) -> None:
        for side in (-1, 1):
            self.circle(SKIN_DARK, side * spread, y, 0.075)
            self.circle(SKIN, side * spread, y, 0.06)

    def robe(self, top: float, bottom: float, width_top: float, width_bottom: float) -> None:
        self.outlined(
            self.colour,
            [
                (-width_top / 2, top),
                (width_top / 2, top),
                (width_bottom / 2, bottom),
                (-width_bottom / 2, bottom),
            ],
        )
        front = [(-0.2, top + 0.02), (0.2, top + 0.02), (0.24, bottom - 0.1), (-0.24, bottom - 0.1)]
        self.poly(GOLD, front)
        self.poly(CREAM, [(x * 0.8, y + (0.02 if y < 1 else -0.02)) for x, y in front])
        self.line(
            GOLD,
            (-width_bottom / 2 + 0.04, bottom - 0.05),
            (width_bottom / 2 - 0.04, bottom - 0.05),
            0.05,
        )

    def feet(self, y: float, apart: float) -> None:
        for side in (-1, 1):
            self.ellipse(INK, side * apart - 0.13, y - 0.05, side * apart + 0.13, y + 0.05)


def _angles(a0: float, a1: float, steps: int = 16) -> list[float]:
    return [math.radians(a0 + (a1 - a0) * i / steps) for i in range(steps + 1)]


def rey(f: Figure) -> None:
    """The king: crown, beard, an ermine collar, a long robe, the suit held at his chest."""
    f.outlined(f.dark, [(-0.46, 0.82), (0.46, 0.82), (0.5, 3.45), (-0.5, 3.45)])  # cape
    f.robe(0.8, 3.4, 0.72, 0.9)
    f.feet(3.46, 0.18)
    f.ellipse(IVORY, -0.42, 0.72, 0.42, 0.98)  # ermine collar
    for x, y in ((-0.26, 0.84), (0.0, 0.9), (0.26, 0.84)):
        f.circle(INK, x, y, 0.03)
    f.face(0.52, 0.22, beard=True)
    crown = [
        (-0.25, 0.33),
        (-0.3, 0.06),
        (-0.14, 0.2),
        (0, 0.0),
        (0.14, 0.2),
        (0.3, 0.06),
        (0.25, 0.33),
    ]
    f.poly(GOLD_DARK, crown)
    f.poly(GOLD, [(x * 0.86, y + 0.03) for x, y in crown])
    for x in (-0.14, 0, 0.14):
        f.circle(RED, x, 0.27, 0.035)
    f.hands(1.74, 0.3)
    f.symbol(1.45, 0.74)
    f.line(GOLD_DARK, (-0.36, 2.45), (0.36, 2.45), 0.06)  # belt


def sota(f: Figure) -> None:
    """The page: a feathered cap, a short tunic, hose and shoes, the suit held before him."""
    for side in (-1, 1):  # legs
        f.poly(
            f.dark,
            [(side * 0.06, 2.3), (side * 0.24, 2.3), (side * 0.22, 3.35), (side * 0.08, 3.35)],
        )
    f.feet(3.4, 0.17)
    f.robe(0.78, 2.45, 0.66, 0.86)
    f.line(GOLD_DARK, (-0.34, 1.95), (0.34, 1.95), 0.06)  # belt
    f.ellipse(GOLD, -0.3, 0.7, 0.3, 0.9)  # collar
    f.face(0.5, 0.21, beard=False)
    f.ellipse(HAIR, -0.25, 0.26, 0.25, 0.46)  # hair under the cap
    f.face(0.52, 0.19, beard=False)
    cap = [(-0.34, 0.36), (-0.28, 0.16), (0.0, 0.1), (0.3, 0.18), (0.36, 0.36)]
    f.poly(f.dark, cap)
    f.poly(f.colour, [(x * 0.9, y + 0.02) for x, y in cap])
    f.line(GOLD, (-0.32, 0.34), (0.34, 0.34), 0.05)
    f.poly(IVORY, [(0.2, 0.2), (0.5, -0.12), (0.42, 0.0), (0.27, 0.26)])  # feather
    f.hands(1.55, 0.3)
    f.symbol(1.3, 0.72)


def caballo(f: Figure) -> None:
    """The knight: a rider in a broad hat seated on a horse standing in profile, the suit held
    up in his hand; the horse's cloth in the suit's colour."""
    horse(f)
    rider_x = 0.06
    f.robe(1.62, 2.42, 0.42, 0.5)  # his coat down to the saddle
    f.poly(
        f.dark,
        [
            (rider_x - 0.05, 2.3),
            (rider_x + 0.09, 2.3),
            (rider_x + 0.02, 2.9),
            (rider_x - 0.08, 2.88),
        ],
    )
    f.ellipse(INK, rider_x - 0.16, 2.84, rider_x + 0.06, 2.95)  # his boot in the stirrup
    f.ellipse(GOLD, -0.2, 1.56, 0.26, 1.72)  # collar
    f.face(1.4, 0.17, beard=False)
    f.ellipse(f.dark, -0.36, 1.19, 0.36, 1.31)  # hat brim
    f.poly(f.colour, [(-0.18, 1.25), (-0.14, 1.05), (0.14, 1.05), (0.18, 1.25)])
    f.line(GOLD, (-0.16, 1.22), (0.16, 1.22), 0.035)
    f.poly(IVORY, [(0.12, 1.08), (0.4, 0.86), (0.34, 0.98), (0.18, 1.12)])  # plume
    f.hands(1.98, 0.22)
    f.symbol(1.9, 0.44)


def horse(f: Figure) -> None:
    """A brown horse standing in profile, facing left, from the panel's middle to its foot:
    body, four legs with dark hooves, neck and head with a mane, a bridle, a tail, and a saddle
    cloth in the suit's colour."""
    brown, dark, mane = (134, 86, 48), (90, 56, 30), (58, 36, 20)
    for x, back in ((-0.3, False), (-0.17, True), (0.22, True), (0.34, False)):  # legs
        colour = dark if back else brown
        f.poly(colour, [(x - 0.045, 2.6), (x + 0.045, 2.6), (x + 0.04, 3.36), (x - 0.04, 3.36)])
        f.ellipse(INK, x - 0.06, 3.33, x + 0.06, 3.44)
    f.poly(mane, [(0.4, 2.42), (0.5, 2.5), (0.52, 2.98), (0.44, 3.0), (0.44, 2.6)])  # tail
    f.ellipse(dark, -0.4, 2.28, 0.5, 2.76)
    f.ellipse(brown, -0.38, 2.3, 0.48, 2.73)  # body
    neck = [(-0.2, 2.42), (-0.38, 2.5), (-0.5, 2.05), (-0.36, 1.92), (-0.24, 2.0)]
    f.poly(dark, neck)
    f.poly(brown, [(x * 0.96 + 0.01, y) for x, y in neck])
    head = [(-0.36, 1.9), (-0.5, 1.96), (-0.56, 2.2), (-0.5, 2.26), (-0.42, 2.16), (-0.3, 2.02)]
    f.poly(dark, head)
    f.poly(brown, [(x * 0.97, y + 0.01) for x, y in head])
    f.poly(mane, [(-0.36, 1.88), (-0.22, 1.98), (-0.18, 2.36), (-0.26, 2.3), (-0.3, 2.02)])
    f.poly(mane, [(-0.38, 1.9), (-0.36, 1.8), (-0.32, 1.9)])  # ear
    f.circle(INK, -0.44, 2.02, 0.025)  # eye
    f.line(f.colour, (-0.54, 2.18), (-0.36, 1.98), 0.035)  # bridle
    f.line(f.colour, (-0.5, 2.2), (-0.05, 2.2), 0.02)  # reins to his hand
    cloth = [(-0.12, 2.28), (0.3, 2.28), (0.34, 2.66), (-0.16, 2.66)]
    f.poly(f.colour, cloth)
    f.line(GOLD, (-0.15, 2.6), (0.33, 2.6), 0.04)
    f.poly(f.dark, [(-0.06, 2.24), (0.24, 2.24), (0.22, 2.32), (-0.04, 2.32)])  # saddle


COURTS = {"10": sota, "11": caballo, "12": rey}


def court(surf: pygame.Surface, rect: pygame.Rect, rank: str, suit: str) -> None:
    """Court card ``rank`` (10 sota, 11 caballo, 12 rey) of ``suit`` standing in ``rect``."""
    COURTS[rank](Figure(surf, rect, suit))
