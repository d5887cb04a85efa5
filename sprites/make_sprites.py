"""Draw the card faces, the card back and the app icon (run once; the PNGs are committed).

    python sprites/make_sprites.py            # from the project root; needs pygame-ce (+ Pillow
                                              # to optimise the PNGs, see requirements-assets.txt)
    python sprites/make_sprites.py --sheet /tmp/sheet.png    # also a contact sheet to look at

Every card is 200x280 with transparent rounded corners. Everything is drawn at three times
the size and scaled down once, which gives antialiased edges to plain pygame polygons.
Suits are polygons and circles, so they look the same everywhere; ranks use Majlis-Bold.

Readable at phone size: on a 720-px portrait screen a card is ~76 px wide, so the corner
index is big (rank 70 px tall, suit 40 px under it): 27 px + 15 px once scaled. The index
stands in the top-left and, turned, in the bottom-right; pips and court figures live in the
central band between the two index columns.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import itertools

import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import pngpal  # noqa: E402

OUT = ROOT / "sprites"
FONT = ROOT / "fonts" / "Majlis-Bold.ttf"

SS = 3  # supersampling factor
W, H = 200, 280  # final card size
RADIUS = 14  # corner radius
INDEX_X, INDEX_W = 8, 56  # corner index column: rank 70 tall, suit 40 under it
RANK_TOP, RANK_H = 10, 70
SUIT_TOP, SUIT_H = 88, 40
BAND = pygame.Rect(64, 14, 72, 252)  # centre band for pips and figures (final pixels)

# ---------------------------------------------------------------- colours
IVORY = (251, 247, 236)
EDGE = (150, 132, 104)
GOLD = (201, 160, 48)
GOLD_DARK = (138, 100, 22)
CREAM = (246, 232, 196)
SKIN = (232, 190, 150)
HAIR = (74, 46, 30)
INK = (28, 26, 30)
RED = (196, 30, 36)
BLUE = (26, 92, 176)
GREEN = (36, 128, 56)
MAROON = (112, 22, 34)

FRENCH_COLOURS = {"S": INK, "H": RED, "D": RED, "C": INK}
FOUR_COLOURS = {"S": INK, "H": RED, "D": BLUE, "C": GREEN}
SPANISH_COLOURS = {"O": (176, 124, 14), "C": RED, "E": BLUE, "B": GREEN}

FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SPANISH_RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")

# Pip positions in the band: column (-1 left, 0 centre, 1 right), row (0 top .. 1 bottom).
PIPS = {
    1: [(0, 0.5)],
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, 0.5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    9: [
        (-1, 0),
        (1, 0),
        (-1, 1 / 3),
        (1, 1 / 3),
        (0, 0.5),
        (-1, 2 / 3),
        (1, 2 / 3),
        (-1, 1),
        (1, 1),
    ],
    10: [
        (-1, 0),
        (1, 0),
        (0, 1 / 6),
        (-1, 1 / 3),
        (1, 1 / 3),
        (-1, 2 / 3),
        (1, 2 / 3),
        (0, 5 / 6),
        (-1, 1),
        (1, 1),
    ],
}
# Swords and clubs are tall: seven of them stand in three columns, not in a zigzag.
TALL_PIPS = {7: [(-1, 0), (0, 0), (1, 0), (0, 0.5), (-1, 1), (0, 1), (1, 1)]}


def s(v: float) -> int:
    """Final pixels -> supersampled pixels."""
    return round(v * SS)


def canvas(w: float, h: float) -> pygame.Surface:
    return pygame.Surface((s(w), s(h)), pygame.SRCALPHA)


def fit(
    points: list[tuple[float, float]],
    w: float,
    h: float,
    box: tuple[float, float, float, float] | None = None,
) -> list[tuple[float, float]]:
    """Scale a polygon to fill box (x, y, bw, bh) of a w x h surface (default: all of it)."""
    bx, by, bw, bh = box or (0, 0, w, h)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    return [(bx + (x - x0) / (x1 - x0) * bw, by + (y - y0) / (y1 - y0) * bh) for x, y in points]


# ---------------------------------------------------------------- French suits
def heart_points(n: int = 90) -> list[tuple[float, float]]:
    """The classic parametric heart, point down (screen coordinates)."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        pts.append(
            (
                16 * math.sin(t) ** 3,
                -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)),
            )
        )
    return pts


def stem_points(w: float, h: float, top: float) -> list[tuple[float, float]]:
    """A foot with concave sides flaring to the bottom edge."""
    cx, pts = w / 2, []
    for i in range(11):
        f = i / 10
        half = w * (0.035 + 0.2 * f**2.2)
        pts.append((cx - half, top + (h - top) * f))
    right = [(2 * cx - x, y) for x, y in reversed(pts)]
    return pts + right


def draw_french(suit: str, w: int, h: int, colour) -> pygame.Surface:
    """A French suit symbol filling a w x h surface (supersampled pixels)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if suit == "H":
        pygame.draw.polygon(surf, colour, fit(heart_points(), w, h, (0, h * 0.04, w, h * 0.92)))
    elif suit == "D":
        cx, cy, pts = w / 2, h / 2, []
        corners = [(cx, 0), (w * 0.9, cy), (cx, h), (w * 0.1, cy), (cx, 0)]
        for (x0, y0), (x1, y1) in itertools.pairwise(corners):
            for i in range(12):  # slightly concave sides
                f = i / 12
                x, y = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
                bend = math.sin(math.pi * f) * 0.06
                pts.append((x + (cx - x) * bend, y + (cy - y) * bend))
        pygame.draw.polygon(surf, colour, pts)
    elif suit == "S":
        body = [(x, -y) for x, y in heart_points()]
        pygame.draw.polygon(surf, colour, fit(body, w, h, (0, 0, w, h * 0.8)))
        pygame.draw.polygon(surf, colour, stem_points(w, h, h * 0.5))
    else:  # clubs
        r = w * 0.235
        for cx, cy in (
            (w / 2, r + h * 0.01),
            (w / 2 - w * 0.265, h * 0.52),
            (w / 2 + w * 0.265, h * 0.52),
        ):
            pygame.draw.circle(surf, colour, (cx, cy), r)
        pygame.draw.circle(surf, colour, (w / 2, h * 0.42), r * 0.62)
        pygame.draw.polygon(surf, colour, stem_points(w, h, h * 0.45))
    return surf


# ---------------------------------------------------------------- Spanish suits
def draw_spanish(suit: str, w: int, h: int, colour=None) -> pygame.Surface:
    """A Spanish suit (oros, copas, espadas, bastos) filling w x h, in its own colours.
    colour, when given, paints it in one colour (for small corner indices)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    line = max(2, round(min(w, h) * 0.045))
    {"O": _oros, "C": _copas, "E": _espadas, "B": _bastos}[suit](surf, w, h, line, colour)
    return surf


def _oros(surf, w, h, line, colour):
    gold, dark = (colour or (222, 170, 40)), (colour or GOLD_DARK)
    cx, cy, r = w / 2, h / 2, min(w, h) / 2 - 1
    pygame.draw.circle(surf, dark, (cx, cy), r)
    pygame.draw.circle(surf, gold, (cx, cy), r - line * 1.3)
    pygame.draw.circle(surf, dark, (cx, cy), r * 0.62, line)
    if colour is None:  # an eight-petal rosette in the middle
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.circle(
                surf, RED, (cx + math.cos(a) * r * 0.33, cy + math.sin(a) * r * 0.33), r * 0.11
            )
        pygame.draw.circle(surf, dark, (cx, cy), r * 0.16)
    else:  # one colour: ivory rings keep it a coin, not a dot
        pygame.draw.circle(surf, IVORY, (cx, cy), r * 0.66, max(2, round(r * 0.12)))
        pygame.draw.circle(surf, IVORY, (cx, cy), r * 0.16)


def _copas(surf, w, h, line, colour):
    red, gold, dark = (colour or RED), (colour or (222, 170, 40)), (colour or MAROON)
    bowl = [(w * 0.06, h * 0.1)]
    for i in range(21):  # half ellipse of the bowl
        a = math.pi * i / 20
        bowl.append((w / 2 - math.cos(a) * w * 0.44, h * 0.1 + math.sin(a) * h * 0.42))
    bowl.append((w * 0.94, h * 0.1))
    pygame.draw.polygon(surf, dark, bowl)
    pygame.draw.polygon(surf, red, [(x + (w / 2 - x) * 0.1, y + line * 0.5) for x, y in bowl[1:-1]])
    pygame.draw.ellipse(surf, dark, (0, 0, w, h * 0.2))
    pygame.draw.ellipse(surf, gold, (line, line, w - 2 * line, h * 0.2 - 2 * line))
    pygame.draw.rect(surf, dark, (w * 0.42, h * 0.5, w * 0.16, h * 0.32))
    pygame.draw.ellipse(
        surf, gold if colour is None else dark, (w * 0.33, h * 0.58, w * 0.34, h * 0.1)
    )
    foot = [(w * 0.4, h * 0.8), (w * 0.6, h * 0.8), (w * 0.86, h * 0.96), (w * 0.14, h * 0.96)]
    pygame.draw.polygon(surf, dark, foot)
    pygame.draw.ellipse(surf, dark, (w * 0.12, h * 0.9, w * 0.76, h * 0.1))
    if colour is None:
        pygame.draw.ellipse(surf, gold, (w * 0.18, h * 0.915, w * 0.64, h * 0.06))
    else:  # one colour: an ivory rim shows the mouth of the cup
        pygame.draw.ellipse(surf, IVORY, (w * 0.14, h * 0.05, w * 0.72, h * 0.1))


def _espadas(surf, w, h, line, colour):
    blade, steel, dark = (colour or BLUE), (colour or (150, 185, 226)), (colour or (16, 52, 108))
    bw = w * 0.56
    blade_pts = [
        (w / 2, 0),
        (w / 2 + bw / 2, h * 0.14),
        (w / 2 + bw / 2, h * 0.66),
        (w / 2 - bw / 2, h * 0.66),
        (w / 2 - bw / 2, h * 0.14),
    ]
    pygame.draw.polygon(surf, dark, blade_pts)
    inner = [(x + (w / 2 - x) * 0.3, y + (h * 0.4 - y) * 0.04) for x, y in blade_pts]
    pygame.draw.polygon(surf, blade, inner)
    pygame.draw.line(surf, steel, (w / 2, h * 0.08), (w / 2, h * 0.62), max(1, round(w * 0.08)))
    guard = pygame.Rect(0, h * 0.655, w, h * 0.075)
    pygame.draw.rect(surf, dark, guard, border_radius=round(guard.h / 2))
    for x in (guard.left + w * 0.12, guard.right - w * 0.12):  # curled ends
        pygame.draw.circle(surf, dark, (x, guard.top - guard.h * 0.15), w * 0.12)
    pygame.draw.rect(surf, dark, (w * 0.36, h * 0.72, w * 0.28, h * 0.17))
    pygame.draw.circle(surf, dark, (w / 2, h * 0.91), w * 0.22)
    if colour is None:
        pygame.draw.circle(surf, blade, (w / 2, h * 0.91), w * 0.12)


def _bastos(surf, w, h, line, colour):
    """A wooden club (garrote): a thick rounded head tapering to the grip, with knots."""
    wood, dark, light = (colour or GREEN), (colour or (22, 78, 34)), (colour or (120, 185, 100))
    top, bottom = h * 0.12, h * 0.98

    def half(f: float) -> float:
        return w * (0.44 - 0.24 * f**0.8)

    ys = [top + (bottom - top) * i / 40 for i in range(41)]
    left = [(w / 2 - half((y - top) / (bottom - top)), y) for y in ys]
    outline = left + [(w - x, y) for x, y in reversed(left)]
    knots = [(-1, 0.18), (1, 0.34), (-1, 0.52), (1, 0.7)]
    for side, f in knots:
        y = top + (bottom - top) * f
        pygame.draw.circle(surf, dark, (w / 2 + side * half(f) * 0.92, y), w * 0.15)
    pygame.draw.polygon(surf, dark, outline)
    pygame.draw.ellipse(surf, dark, (w / 2 - half(0), 0, 2 * half(0), top * 2))
    if colour is None:
        inset = line * 1.2
        inner = [(x + (inset if x < w / 2 else -inset), y) for x, y in outline]
        pygame.draw.polygon(surf, wood, inner)
        pygame.draw.ellipse(
            surf, wood, (w / 2 - half(0) + inset, inset, 2 * (half(0) - inset), top * 2 - inset)
        )
        pygame.draw.line(
            surf,
            light,
            (w / 2 - half(0) * 0.45, top * 0.8),
            (w / 2 - half(1) * 0.4, bottom - h * 0.05),
            max(2, round(w * 0.1)),
        )
        for side, f in knots:  # knot centres
            y = top + (bottom - top) * f
            pygame.draw.circle(surf, light, (w / 2 + side * half(f) * 0.92, y), w * 0.06)


def suit_image(suit: str, w: int, h: int, colour, spanish: bool, plain: bool = False):
    if spanish:
        return draw_spanish(suit, w, h, colour if plain else None)
    return draw_french(suit, w, h, colour)


def suit_box(suit: str, spanish: bool, size: float) -> tuple[float, float]:
    """(w, h) of a pip: tall for swords, clubs and cups."""
    if spanish and suit == "E":
        return size * 0.55, size * 1.9
    if spanish and suit == "B":
        return size * 0.65, size * 1.85
    if spanish and suit == "C":
        return size * 0.85, size * 1.1
    return size, size


# ---------------------------------------------------------------- index
_font_cache: dict[int, pygame.font.Font] = {}


def glyphs(textline: str, height: float, max_width: float, colour) -> pygame.Surface:
    """Text cropped to its ink, scaled to exactly `height` (supersampled px) and squeezed
    horizontally when wider than max_width. Digits are set tight so "10" stays bold."""
    font = _font_cache.setdefault(300, pygame.font.Font(str(FONT), 300))
    parts = []
    for ch in textline:
        img = font.render(ch, True, colour)
        parts.append(img.subsurface(img.get_bounding_rect()).copy())
    gap = 14
    ink_h = max(p.get_height() for p in parts)
    row = pygame.Surface(
        (sum(p.get_width() for p in parts) + gap * (len(parts) - 1), ink_h), pygame.SRCALPHA
    )
    x = 0
    for p in parts:  # align on the baseline (all glyphs here sit on it)
        row.blit(p, (x, ink_h - p.get_height()))
        x += p.get_width() + gap
    scale = height / ink_h
    w = min(row.get_width() * scale, max_width)
    return pygame.transform.smoothscale(row, (round(w), round(height)))


def draw_index(card: pygame.Surface, rank_img: pygame.Surface, suit_img: pygame.Surface | None):
    """The top-left index and its half-turn copy at the bottom right."""
    corner = canvas(INDEX_W, SUIT_TOP + SUIT_H + 10 - RANK_TOP)
    cw = corner.get_width()
    corner.blit(rank_img, ((cw - rank_img.get_width()) // 2, 0))
    if suit_img is not None:
        corner.blit(suit_img, ((cw - suit_img.get_width()) // 2, s(SUIT_TOP - RANK_TOP)))
    card.blit(corner, (s(INDEX_X), s(RANK_TOP)))
    turned = pygame.transform.rotate(corner, 180)
    card.blit(turned, (s(W - INDEX_X - INDEX_W), s(H - RANK_TOP) - turned.get_height()))


# ---------------------------------------------------------------- card base
def blank_card() -> pygame.Surface:
    card = canvas(W, H)
    card.fill((*EDGE, 0))  # transparent, but edge-coloured: no dark fringe when scaled
    pygame.draw.rect(card, EDGE, card.get_rect(), border_radius=s(RADIUS))
    pygame.draw.rect(
        card, IVORY, card.get_rect().inflate(-s(2), -s(2)), border_radius=s(RADIUS - 1)
    )
    return card


def finish(card: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(card, (W, H))


def band_rect() -> pygame.Rect:
    return pygame.Rect(s(BAND.x), s(BAND.y), s(BAND.w), s(BAND.h))


def draw_pips(card, suit: str, n: int, colour, spanish: bool):
    """Number-card pips in the centre band; French pips in the lower half are turned,
    as on printed cards (Spanish cards are not double-ended)."""
    band = band_rect()
    if n == 1:
        w, h = suit_box(suit, spanish, 66 if not (spanish and suit in "EB") else 100)
        img = suit_image(suit, s(w), s(h), colour, spanish)
        card.blit(img, img.get_rect(center=band.center))
        return
    size = 32 if not spanish else 36
    w, h = suit_box(suit, spanish, size)
    img = suit_image(suit, s(w), s(h), colour, spanish)
    flipped = pygame.transform.rotate(img, 180)
    dx = s(20)
    margin = s(10) + img.get_height() / 2
    top, bottom = band.top + margin, band.bottom - margin
    layout = TALL_PIPS.get(n, PIPS[n]) if spanish and suit in "EB" else PIPS[n]
    if spanish and suit in "EB" and n in TALL_PIPS:
        dx = s(24)
    for col, row in layout:
        centre = (band.centerx + col * dx, top + (bottom - top) * row)
        pic = flipped if (not spanish and row > 0.5) else img
        card.blit(pic, pic.get_rect(center=centre))


def spanish_index_suit(suit: str, colour) -> pygame.Surface:
    """The corner suit of a Spanish card, one colour. Swords and clubs lie diagonally so
    that they are long enough to read when the card is small."""
    if suit in "EB":
        img = pygame.transform.rotate(draw_spanish(suit, s(28), s(58), colour), -35)
        max_h = SUIT_H + 8  # nothing lies under the index on the left side
    else:
        w, h = suit_box(suit, True, SUIT_H * 0.92)
        img, max_h = draw_spanish(suit, s(w), s(h), colour), SUIT_H
    scale = min(s(INDEX_W - 2) / img.get_width(), s(max_h) / img.get_height(), 1.0)
    return pygame.transform.smoothscale(
        img, (round(img.get_width() * scale), round(img.get_height() * scale))
    )


# ---------------------------------------------------------------- court figures
def panel(card) -> pygame.Rect:
    band = band_rect()
    pygame.draw.rect(card, GOLD_DARK, band, border_radius=s(6))
    inner = band.inflate(-s(4), -s(4))
    pygame.draw.rect(card, CREAM, inner, border_radius=s(5))
    return inner


def draw_bust(
    surf: pygame.Surface, rect: pygame.Rect, kind: str, robe, emblem: pygame.Surface | None
):
    """Head, headgear and shoulders of a court figure inside rect.
    kind: "K" king (crown, beard), "Q" queen (tiara, long hair), "J" page (cap, feather)."""
    w, h = rect.w, rect.h
    cx = rect.centerx
    head_r = w * 0.2
    head_c = (cx, rect.top + h * 0.44)
    if kind == "Q":  # hair behind the head down to the shoulders
        pygame.draw.ellipse(
            surf, HAIR, (cx - head_r * 1.45, head_c[1] - head_r * 1.2, head_r * 2.9, head_r * 3.3)
        )
    # robe with a gold collar
    robe_pts = [
        (rect.left + w * 0.04, rect.bottom),
        (rect.left + w * 0.1, rect.top + h * 0.74),
        (cx - w * 0.22, rect.top + h * 0.64),
        (cx + w * 0.22, rect.top + h * 0.64),
        (rect.right - w * 0.1, rect.top + h * 0.74),
        (rect.right - w * 0.04, rect.bottom),
    ]
    pygame.draw.polygon(surf, robe, robe_pts)
    pygame.draw.polygon(
        surf,
        GOLD,
        [
            (cx - w * 0.2, rect.top + h * 0.64),
            (cx + w * 0.2, rect.top + h * 0.64),
            (cx, rect.top + h * 0.8),
        ],
    )
    pygame.draw.polygon(
        surf,
        robe,
        [
            (cx - w * 0.1, rect.top + h * 0.66),
            (cx + w * 0.1, rect.top + h * 0.66),
            (cx, rect.top + h * 0.74),
        ],
    )
    pygame.draw.circle(surf, SKIN, head_c, head_r)
    eye_y, eye_dx = head_c[1] - head_r * 0.1, head_r * 0.38
    for side in (-1, 1):
        pygame.draw.circle(surf, INK, (cx + side * eye_dx, eye_y), max(2, head_r * 0.1))
    if kind == "K":  # beard and crown
        pygame.draw.polygon(
            surf,
            HAIR,
            [
                (cx - head_r * 0.95, head_c[1] + head_r * 0.2),
                (cx + head_r * 0.95, head_c[1] + head_r * 0.2),
                (cx + head_r * 0.5, head_c[1] + head_r * 1.35),
                (cx, head_c[1] + head_r * 1.6),
                (cx - head_r * 0.5, head_c[1] + head_r * 1.35),
            ],
        )
        pygame.draw.circle(surf, SKIN, (cx, head_c[1] + head_r * 0.35), head_r * 0.3)
        top = head_c[1] - head_r * 0.7
        crown = [
            (cx - head_r * 1.05, top),
            (cx - head_r * 1.15, top - head_r * 1.2),
            (cx - head_r * 0.55, top - head_r * 0.65),
            (cx, top - head_r * 1.45),
            (cx + head_r * 0.55, top - head_r * 0.65),
            (cx + head_r * 1.15, top - head_r * 1.2),
            (cx + head_r * 1.05, top),
        ]
        pygame.draw.polygon(surf, GOLD, crown)
        pygame.draw.polygon(surf, GOLD_DARK, crown, max(2, round(head_r * 0.1)))
        for x in (-0.6, 0, 0.6):
            pygame.draw.circle(surf, RED, (cx + x * head_r, top - head_r * 0.25), head_r * 0.13)
    elif kind == "Q":  # tiara
        top = head_c[1] - head_r * 0.75
        pygame.draw.polygon(
            surf,
            GOLD,
            [
                (cx - head_r * 0.9, top),
                (cx - head_r * 0.5, top - head_r * 0.55),
                (cx, top - head_r * 0.9),
                (cx + head_r * 0.5, top - head_r * 0.55),
                (cx + head_r * 0.9, top),
            ],
        )
        pygame.draw.circle(surf, RED, (cx, top - head_r * 0.42), head_r * 0.16)
        pygame.draw.arc(
            surf,
            HAIR,
            (cx - head_r, head_c[1] - head_r, head_r * 2, head_r * 2),
            math.radians(20),
            math.radians(160),
            max(3, round(head_r * 0.35)),
        )
    else:  # page: soft cap with a feather
        cap = pygame.Rect(0, 0, head_r * 2.5, head_r * 1.3)
        cap.midbottom = (cx + head_r * 0.1, head_c[1] - head_r * 0.35)
        pygame.draw.ellipse(surf, robe, cap)
        pygame.draw.rect(
            surf,
            GOLD,
            (
                cap.left + head_r * 0.15,
                cap.bottom - head_r * 0.4,
                cap.w - head_r * 0.3,
                head_r * 0.35,
            ),
        )
        feather = [
            (cap.right - head_r * 0.3, cap.centery),
            (cap.right + head_r * 0.5, cap.top - head_r * 1.1),
            (cap.right + head_r * 0.1, cap.top - head_r * 0.9),
            (cap.right - head_r * 0.55, cap.centery),
        ]
        pygame.draw.polygon(surf, GOLD_DARK, feather)
    if emblem is not None:
        surf.blit(emblem, emblem.get_rect(center=(cx, rect.top + h * 0.88)))


def draw_court_french(card, rank: str, suit: str, colour, robe):
    inner = panel(card)
    half = pygame.Surface((inner.w, inner.h // 2), pygame.SRCALPHA)
    emblem = draw_french(suit, s(20), s(20), IVORY if robe != IVORY else colour)
    draw_bust(half, half.get_rect().inflate(-s(6), -s(4)), rank, robe, emblem)
    card.blit(half, inner.topleft)
    card.blit(pygame.transform.rotate(half, 180), (inner.left, inner.bottom - half.get_height()))
    pygame.draw.line(
        card,
        GOLD_DARK,
        (inner.left + s(4), inner.centery),
        (inner.right - s(4), inner.centery),
        s(1.5),
    )
    # Suit in the corner of each half, as on printed court cards.
    small = draw_french(suit, s(16), s(16), colour)
    card.blit(small, (inner.left + s(3), inner.top + s(3)))
    card.blit(pygame.transform.rotate(small, 180), (inner.right - s(19), inner.bottom - s(19)))


def horse_head(surf, rect: pygame.Rect, colour):
    """A horse's head and neck facing left, filling rect."""
    pts = [
        (0.5, 0),
        (0.58, 0.1),
        (0.68, 0.12),
        (0.9, 0.38),
        (1, 1),
        (0.42, 1),
        (0.42, 0.72),
        (0.3, 0.58),
        (0.1, 0.6),
        (0, 0.52),
        (0.04, 0.42),
        (0.3, 0.16),
        (0.43, 0.08),
    ]
    poly = [(rect.left + x * rect.w, rect.top + y * rect.h) for x, y in pts]
    pygame.draw.polygon(surf, (120, 78, 44), poly)
    mane = [(0.58, 0.1), (0.68, 0.12), (0.9, 0.38), (1, 1), (0.86, 1), (0.78, 0.42), (0.62, 0.2)]
    pygame.draw.polygon(
        surf, HAIR, [(rect.left + x * rect.w, rect.top + y * rect.h) for x, y in mane]
    )
    pygame.draw.circle(
        surf, INK, (rect.left + 0.36 * rect.w, rect.top + 0.3 * rect.h), rect.w * 0.045
    )
    bridle = [(0.12, 0.45), (0.44, 0.34), (0.46, 0.66)]
    pygame.draw.lines(
        surf,
        colour,
        False,
        [(rect.left + x * rect.w, rect.top + y * rect.h) for x, y in bridle],
        max(3, round(rect.w * 0.05)),
    )


def draw_court_spanish(card, rank: str, suit: str):
    """Sota (10), caballo (11), rey (12): a figure above, its suit held large below."""
    inner = panel(card)
    robe = SPANISH_COLOURS[suit]
    top = pygame.Rect(inner.left + s(4), inner.top + s(6), inner.w - s(8), inner.h * 0.52)
    if rank == "11":
        horse_head(card, top.inflate(-s(6), -s(18)).move(0, s(6)), robe)
    else:
        draw_bust(card, top, "K" if rank == "12" else "J", robe, None)
    w, h = suit_box(suit, True, 50)
    img = draw_spanish(suit, s(w), s(h))
    card.blit(img, img.get_rect(center=(inner.centerx, inner.top + inner.h * 0.77)))


# ---------------------------------------------------------------- joker
def star_points(cx, cy, r_out, r_in, n=8, turn=0.0):
    pts = []
    for k in range(2 * n):
        r = r_out if k % 2 == 0 else r_in
        a = turn + math.pi * k / n - math.pi / 2
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_joker(card):
    star = canvas(INDEX_W - 4, RANK_H)
    c = star.get_width() / 2
    pygame.draw.polygon(star, GOLD_DARK, star_points(c, star.get_height() / 2, c, c * 0.62))
    pygame.draw.polygon(star, RED, star_points(c, star.get_height() / 2, c * 0.8, c * 0.5))
    draw_index(card, star, None)
    inner = panel(card)
    cx = inner.centerx
    # jester's hat: three floppy points with bells
    base_y = inner.top + inner.h * 0.46
    tips = [
        (inner.left + s(6), inner.top + inner.h * 0.16),
        (cx, inner.top + s(14)),
        (inner.right - s(6), inner.top + inner.h * 0.16),
    ]
    colours = [RED, GREEN, BLUE]
    for (tx, ty), col, k in zip(tips, colours, (-1, 0, 1)):
        pygame.draw.polygon(
            card,
            col,
            [(cx + k * s(14) - s(12), base_y), (tx, ty), (cx + k * s(14) + s(12), base_y)],
        )
        pygame.draw.circle(card, GOLD, (tx, ty), s(6))
        pygame.draw.circle(card, GOLD_DARK, (tx, ty), s(6), s(1.5))
    pygame.draw.rect(
        card, GOLD, (inner.left + s(8), base_y - s(4), inner.w - s(16), s(12)), border_radius=s(4)
    )
    word = glyphs("JOKER", s(17), inner.w - s(10), MAROON)
    card.blit(word, word.get_rect(center=(cx, inner.top + inner.h * 0.62)))
    medal = star_points(cx, inner.top + inner.h * 0.83, s(26), s(16))
    pygame.draw.polygon(card, GOLD, medal)
    pygame.draw.polygon(card, GOLD_DARK, medal, s(1.5))
    pygame.draw.circle(card, RED, (cx, inner.top + inner.h * 0.83), s(9))


# ---------------------------------------------------------------- faces
def french_card(rank: str, suit: str, colours: dict) -> pygame.Surface:
    card = blank_card()
    colour = colours[suit]
    rank_img = glyphs(rank, s(RANK_H), s(INDEX_W), colour)
    draw_index(card, rank_img, draw_french(suit, s(SUIT_H * 0.95), s(SUIT_H), colour))
    if rank in "JQK":
        draw_court_french(card, rank, suit, colour, colour)
    else:
        draw_pips(card, suit, 1 if rank == "A" else int(rank), colour, spanish=False)
    return finish(card)


def joker_card() -> pygame.Surface:
    card = blank_card()
    draw_joker(card)
    return finish(card)


def spanish_card(rank: str, suit: str) -> pygame.Surface:
    card = blank_card()
    colour = SPANISH_COLOURS[suit]
    rank_img = glyphs(rank, s(RANK_H), s(INDEX_W), colour)
    draw_index(card, rank_img, spanish_index_suit(suit, colour))
    if rank in ("10", "11", "12"):
        draw_court_spanish(card, rank, suit)
    else:
        draw_pips(card, suit, int(rank), colour, spanish=True)
    return finish(card)


# ---------------------------------------------------------------- back, icon
def back_card() -> pygame.Surface:
    """Deep red with a gold lattice of eight-pointed stars inside a gold frame."""
    card = canvas(W, H)
    card.fill((*EDGE, 0))
    pygame.draw.rect(card, EDGE, card.get_rect(), border_radius=s(RADIUS))
    pygame.draw.rect(
        card, IVORY, card.get_rect().inflate(-s(2), -s(2)), border_radius=s(RADIUS - 1)
    )
    field = card.get_rect().inflate(-s(14), -s(14))
    pygame.draw.rect(card, MAROON, field, border_radius=s(8))
    pattern = pygame.Surface(field.size, pygame.SRCALPHA)
    step = s(31)
    ox, oy = field.w / 2 % step - step, field.h / 2 % step - step
    for gy in range(-1, field.h // step + 3):
        for gx in range(-1, field.w // step + 3):
            x, y = ox + gx * step, oy + gy * step
            pygame.draw.polygon(pattern, GOLD, star_points(x, y, step * 0.42, step * 0.3), s(1.6))
            pygame.draw.polygon(pattern, (150, 40, 40), star_points(x, y, step * 0.22, step * 0.15))
            pygame.draw.polygon(
                pattern,
                GOLD,
                [
                    (x + step / 2, y + step * 0.34),
                    (x + step * 0.66, y + step / 2),
                    (x + step / 2, y + step * 0.66),
                    (x + step * 0.34, y + step / 2),
                ],
            )
    card.blit(pattern, field.topleft)
    pygame.draw.rect(card, GOLD, field, s(2.5), border_radius=s(8))
    pygame.draw.rect(card, GOLD, field.inflate(-s(10), -s(10)), s(1.2), border_radius=s(6))
    cx, cy = field.center  # central medallion
    pygame.draw.circle(card, MAROON, (cx, cy), s(40))
    pygame.draw.polygon(card, GOLD, star_points(cx, cy, s(36), s(27)))
    pygame.draw.polygon(card, MAROON, star_points(cx, cy, s(30), s(22)))
    pygame.draw.polygon(card, GOLD, star_points(cx, cy, s(20), s(14), turn=math.pi / 8))
    pygame.draw.circle(card, MAROON, (cx, cy), s(7))
    pygame.draw.circle(card, GOLD, (cx, cy), s(40), s(2))
    return finish(card)


def icon(size: int, back: pygame.Surface, face: pygame.Surface) -> pygame.Surface:
    """Two fanned cards on a felt rounded square."""
    big = 512
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((18, 84, 74, 0))
    pygame.draw.rect(surf, (18, 84, 74), surf.get_rect(), border_radius=96)
    pygame.draw.rect(surf, GOLD, surf.get_rect().inflate(-20, -20), 8, border_radius=84)
    for img, angle, dx in ((back, 14, -62), (face, -10, 58)):
        scaled = pygame.transform.smoothscale(img, (232, 325))
        turned = pygame.transform.rotozoom(scaled, angle, 1)
        surf.blit(turned, turned.get_rect(center=(big // 2 + dx, big // 2 + 8)))
    return pygame.transform.smoothscale(surf, (size, size))


# ---------------------------------------------------------------- output
def quantised(surf: pygame.Surface) -> bytes | None:
    """``surf``'s RGBA pixels in at most 256 colours (Pillow), or None without Pillow. Flat
    card art survives 256 colours with alpha."""
    try:
        from PIL import Image
    except ImportError:
        return None
    img = Image.frombytes("RGBA", surf.get_size(), pygame.image.tobytes(surf, "RGBA"))
    pal = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    # The quantiser rounds alpha too: snap near-opaque and near-clear entries back, so card
    # faces stay fully opaque and corners fully transparent.
    rgba = pal.getpalette("RGBA")
    for i in range(3, len(rgba), 4):
        rgba[i] = 255 if rgba[i] >= 248 else 0 if rgba[i] <= 6 else rgba[i]
    pal.putpalette(rgba, "RGBA")
    return pal.convert("RGBA").tobytes()


def save_png(surf: pygame.Surface, path: Path, twin: pygame.Surface | None = None) -> None:
    """Save ``surf`` as an indexed PNG (tools/pngpal.py). A ``twin`` (the same drawing in the
    four-colour deck's colours) is saved as french4/<name>.pal: this PNG with that palette is
    the twin. Without Pillow, plain RGBA PNGs (the twin as french4/<name>.png)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    size = surf.get_size()
    pixels = quantised(surf)
    if pixels is None:
        pygame.image.save(surf, str(path))
        if twin is not None:
            pygame.image.save(twin, str(four_colour_path(path, ".png")))
        return
    twin_pixels = quantised(twin) if twin is not None else None
    packed = pngpal.twin_png(*size, pixels, twin_pixels or pixels)
    if packed is None and twin_pixels is not None:  # over 256 colour pairs: two whole PNGs
        four = pngpal.twin_png(*size, twin_pixels, twin_pixels)
        assert four is not None
        four_colour_path(path, ".png").write_bytes(four[0])
        packed, twin = pngpal.twin_png(*size, pixels, pixels), None
    assert packed is not None
    path.write_bytes(packed[0])
    if twin is not None:
        four_colour_path(path, ".pal").write_bytes(packed[1])


def four_colour_path(french: Path, suffix: str) -> Path:
    folder = french.parent.parent / "french4"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / (french.stem + suffix)


def draw_all() -> dict[str, pygame.Surface]:
    """Every sprite, by path relative to sprites/ (french4 cards included, as surfaces)."""
    made: dict[str, pygame.Surface] = {}
    for folder, colours in (("french", FRENCH_COLOURS), ("french4", FOUR_COLOURS)):
        for suit in "SHDC":
            for rank in FRENCH_RANKS:
                made[f"cards/{folder}/{rank}{suit}.png"] = french_card(rank, suit, colours)
        made[f"cards/{folder}/JK.png"] = joker_card()
    for suit in "OCEB":
        for rank in SPANISH_RANKS:
            made[f"cards/spanish/{rank}{suit}.png"] = spanish_card(rank, suit)
    made["cards/back.png"] = back_card()
    made["icon.png"] = icon(256, made["cards/back.png"], made["cards/french/AH.png"])
    made["favicon.png"] = icon(64, made["cards/back.png"], made["cards/french/AH.png"])
    return made


def build() -> dict[str, pygame.Surface]:
    """Draw and save every sprite; return them by path (relative to sprites/). A four-colour
    card is saved as a palette for its French twin when it differs, else not at all (the game
    falls back to the French card)."""
    made = draw_all()
    for old in (OUT / "cards" / "french4").glob("*.*"):
        old.unlink()
    for rel, surf in made.items():
        if rel.startswith("cards/french4/"):
            continue
        twin = made.get(rel.replace("/french/", "/french4/")) if "/french/" in rel else None
        same = twin is None or pygame.image.tobytes(surf, "RGBA") == pygame.image.tobytes(
            twin, "RGBA"
        )
        save_png(surf, OUT / rel, None if same else twin)
    return made


def contact_sheet(made: dict[str, pygame.Surface], path: Path) -> None:
    """All cards at full size, and the same at 76 px wide (a phone fan), on felt."""
    cards = [(k, v) for k, v in made.items() if k.startswith("cards/")]
    per_row, small_w = 14, 76
    small_h = round(H * small_w / W)
    rows = math.ceil(len(cards) / per_row)
    sheet = pygame.Surface((per_row * (W + 6) + 6, rows * (H + 6) + rows * (small_h + 6) + 12))
    sheet.fill((18, 84, 74))
    for i, (_, img) in enumerate(cards):
        r, c = divmod(i, per_row)
        sheet.blit(img, (6 + c * (W + 6), 6 + r * (H + 6)))
        small = pygame.transform.smoothscale(img, (small_w, small_h))
        sheet.blit(small, (6 + c * (small_w + 4), rows * (H + 6) + 12 + r * (small_h + 6)))
    pygame.image.save(sheet, str(path))


def main() -> None:
    parser = argparse.ArgumentParser(description="Draw Majlis card sprites and icons.")
    parser.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    args = parser.parse_args()
    pygame.init()
    made = build()
    files = [*(OUT / "cards").rglob("*.p*"), OUT / "icon.png", OUT / "favicon.png"]
    total = sum(p.stat().st_size for p in files)
    print(f"{len(made)} sprites, {total / 1024:.0f} KB")
    if args.sheet:
        contact_sheet(made, args.sheet)


if __name__ == "__main__":
    main()
