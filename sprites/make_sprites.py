"""Draw the card faces, the card back and the app icon (run once; the PNGs are committed).

    python sprites/make_sprites.py            # from the project root; needs pygame-ce (+ Pillow
                                              # to optimise the PNGs, see requirements-assets.txt)
    python sprites/make_sprites.py --sheet /tmp/sheet.png    # also a contact sheet to look at

Every card is drawn in 200x280 coordinates and saved at 160x224 (SIZE), with transparent
rounded corners. Everything is drawn at four times the saved size and scaled down once, which
gives antialiased edges to plain pygame polygons.
Suits are polygons and circles, so they look the same everywhere; ranks use Majlis-Bold.
Pips stand where ``pip_layout`` puts them (the standard layouts, tested in tests/test_assets.py);
the French courts are sprites/french_art.py, the Spanish suits and courts sprites/spanish_art.py.
Two backs: red (the default) and blue, chosen in Settings.

Readable at phone size: on a 720-px portrait screen a card is ~76 px wide, so the corner
index is big (rank 58 px tall, suit 25 px under it): 22 px + 10 px once scaled. The index
stands in the top-left and, turned, in the bottom-right; pips live in the central band between
the two index columns, the French courts in a frame notched round the indices.
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

sys.path.insert(0, str(ROOT / "sprites"))
import french_art  # noqa: E402
import spanish_art  # noqa: E402

OUT = ROOT / "sprites"
FONT = ROOT / "fonts" / "Majlis-Bold.ttf"

W, H = 200, 280  # the card's drawing coordinates ("final pixels" below)
# The size of the saved sprite: the largest card on screen is 130x182 (a zoomed meld) and the
# framebuffer is never bigger than 1280x720, so 160x224 is sharp everywhere and ~20 % lighter.
SIZE = (160, 224)
COLOURS = 48  # palette entries of a saved sprite: flat art needs few, and each costs bytes
GRID = 4  # supersampled pixels per pixel of the saved sprite
SS = GRID * SIZE[0] / W  # supersampling of the drawing coordinates (3.2)
RADIUS = 14  # corner radius
INDEX_X, INDEX_W = 7, 46  # corner index column: rank 58 tall, suit 25 under it
RANK_TOP, RANK_H = 10, 58
SUIT_TOP, SUIT_H = 74, 25
SPANISH_SUIT_H = 32  # the Spanish suits are pictures: a little larger in the corner
BAND = pygame.Rect(58, 14, 84, 252)  # centre band for pips (final pixels)

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
SPANISH_COLOURS = spanish_art.SUIT_COLOURS

FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SPANISH_RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")

# Pip positions, as printed cards set them: column (-1 left, 0 centre, 1 right), row (0 top ..
# 1 bottom) on a grid whose rows are the four of the ten (the 7's odd pip stands between the
# top row and the middle, the 8's two between the rows, the 10's two at a sixth).
PIPS: dict[int, list[tuple[int, float]]] = {
    1: [(0, 0.5)],
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, 0.5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    9: [*((c, r) for c in (-1, 1) for r in (0, 1 / 3, 2 / 3, 1)), (0, 0.5)],
    10: [
        *((-1, r) for r in (0, 1 / 3, 2 / 3, 1)),
        *((1, r) for r in (0, 1 / 3, 2 / 3, 1)),
        (0, 1 / 6),
        (0, 5 / 6),
    ],
}
# Spanish swords and clubs are long: crossed in pairs as on the Spanish deck, with one upright
# through the middle on the odd cards. (x across from the centre, y down, final px from the
# card's centre; angle in degrees, positive leaning right; length of the piece.)
CROSSED: dict[int, list[tuple[float, float, float, float]]] = {  # the upright first: under
    2: [(0, 0, 14, 196), (0, 0, -14, 196)],
    3: [(0, 0, 0, 180), (0, 0, 16, 196), (0, 0, -16, 196)],
    4: [(0, y, a, 124) for y in (-62, 62) for a in (18, -18)],
    5: [(0, 0, 0, 226), *((0, y, a, 124) for y in (-62, 62) for a in (20, -20))],
    6: [(0, y, a, 88) for y in (-80, 0, 80) for a in (24, -24)],
    7: [(0, 0, 0, 232), *((0, y, a, 88) for y in (-80, 0, 80) for a in (26, -26))],
}


class Pip:
    """One pip of a number card: its centre (x, y) and size (w, h) in final pixels, its angle
    (degrees anticlockwise, pygame's sense; 180 = turned, as printed cards turn the pips of
    their lower half)."""

    def __init__(self, x: float, y: float, w: float, h: float, angle: float = 0.0):
        self.x, self.y, self.w, self.h, self.angle = x, y, w, h, angle

    def __repr__(self) -> str:
        return f"Pip({self.x:.0f}, {self.y:.0f}, {self.w:.0f}x{self.h:.0f}, {self.angle:.0f})"


PIP_DX = 26  # final px from the centre line to a side column
PIP_SIZE = {"french": 31, "oros": 46, "copas": 44}
PIP_DX_SPANISH = 23


def pip_layout(suit: str, n: int, spanish: bool) -> list[Pip]:
    """Where the pips of an ``n`` of ``suit`` stand (the table the drawing and the tests use)."""
    cx, cy = W / 2, H / 2
    if spanish and suit in "EB":
        if n == 1:
            return [Pip(cx, cy, 60, 196)]
        thick = 0.3 if suit == "B" else 0.26
        return [Pip(cx + x, cy + y, length * thick, length, -a) for x, y, a, length in CROSSED[n]]
    if n == 1:
        size = 76 if spanish else 70
        w, h = suit_box(suit, spanish, size)
        return [Pip(cx, cy, w, h)]
    key = "french" if not spanish else "oros" if suit == "O" else "copas"
    w, h = suit_box(suit, spanish, PIP_SIZE[key])
    top, bottom = BAND.top + 4 + h / 2, BAND.bottom - 4 - h / 2
    pips = []
    for col, row in PIPS[n]:
        y = top + (bottom - top) * row
        turned = not spanish and y > cy + 0.5
        dx = PIP_DX_SPANISH if spanish else PIP_DX
        pips.append(Pip(cx + col * dx, y, w, h, 180 if turned else 0))
    return pips


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
    """A Spanish suit (oros, copas, espadas, bastos) filling w x h: one design per suit, in
    its own colours, wherever it appears (``colour`` is ignored; see spanish_art.py)."""
    return spanish_art.draw_suit(suit, w, h)


def suit_image(suit: str, w: int, h: int, colour, spanish: bool, plain: bool = False):
    if spanish:
        return draw_spanish(suit, w, h, colour if plain else None)
    return draw_french(suit, w, h, colour)


def suit_box(suit: str, spanish: bool, size: float) -> tuple[float, float]:
    """(w, h) of a pip: tall for swords, clubs and cups."""
    if spanish and suit in "EB":
        return size * 0.72, size * 1.9
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


def finish(card: pygame.Surface, size: tuple[int, int] = SIZE) -> pygame.Surface:
    return pygame.transform.smoothscale(card, size)


def band_rect() -> pygame.Rect:
    return pygame.Rect(s(BAND.x), s(BAND.y), s(BAND.w), s(BAND.h))


def on_pixel_grid(rect: pygame.Rect) -> pygame.Rect:
    """``rect`` moved (< 1 final px) to start on a final pixel: every pip of a card then scales
    down to the very same pixels, which the PNG's compression finds again (~15 % smaller)."""
    return pygame.Rect(rect.x // GRID * GRID, rect.y // GRID * GRID, rect.w, rect.h)


def draw_pips(card, suit: str, n: int, colour, spanish: bool):
    """Number-card pips where :func:`pip_layout` puts them."""
    images: dict[tuple[int, int, float], pygame.Surface] = {}
    for pip in pip_layout(suit, n, spanish):
        key = (s(pip.w), s(pip.h), pip.angle)
        if key not in images:
            img = suit_image(suit, key[0], key[1], colour, spanish)
            images[key] = pygame.transform.rotate(img, pip.angle) if pip.angle else img
        img = images[key]
        card.blit(img, on_pixel_grid(img.get_rect(center=(s(pip.x), s(pip.y)))))


def spanish_index_suit(suit: str, colour) -> pygame.Surface:
    """The corner suit of a Spanish card, one colour. Swords and clubs lie diagonally so
    that they are long enough to read when the card is small."""
    if suit in "EB":
        img = pygame.transform.rotate(draw_spanish(suit, s(28), s(58), colour), -35)
        max_h = SPANISH_SUIT_H + 12  # nothing lies under the index on the left side
    else:
        w, h = suit_box(suit, True, SPANISH_SUIT_H * 0.92)
        img, max_h = draw_spanish(suit, s(w), s(h), colour), SPANISH_SUIT_H
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


def draw_court_spanish(card, rank: str, suit: str):
    """Sota (10), caballo (11), rey (12): a full-length figure holding its suit."""
    inner = panel(card).inflate(-s(4), -s(6))
    figure = pygame.Rect(0, inner.top, s(64), inner.h)  # the figures stand 3.5 widths tall
    if rank == "11":  # the knight and his horse stand 2.6 widths tall: larger, and higher
        figure = pygame.Rect(0, inner.top - s(30), s(72), inner.h)
    figure.centerx = inner.centerx
    spanish_art.court(card, figure, rank, suit)


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
def french_card(
    rank: str, suit: str, colours: dict, size: tuple[int, int] = SIZE
) -> pygame.Surface:
    card = blank_card()
    colour = colours[suit]
    rank_img = glyphs(rank, s(RANK_H), s(INDEX_W), colour)
    draw_index(card, rank_img, draw_french(suit, s(SUIT_H * 0.95), s(SUIT_H), colour))
    if rank in "JQK":
        french_art.court_card(card, SS, rank, colour, lambda w, h: draw_french(suit, w, h, colour))
    else:
        draw_pips(card, suit, 1 if rank == "A" else int(rank), colour, spanish=False)
    return finish(card, size)


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
def back_card(size: tuple[int, int] = SIZE) -> pygame.Surface:
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
    return finish(card, size)


NAVY = (22, 40, 86)
NAVY_LIGHT = (44, 70, 128)


def blue_back_card(size: tuple[int, int] = SIZE) -> pygame.Surface:
    """The second back: deep blue with a gold trellis of diamonds, a bead at each crossing and a
    rosette in an ivory-ringed medallion (chosen in Settings)."""
    card = canvas(W, H)
    card.fill((*EDGE, 0))
    pygame.draw.rect(card, EDGE, card.get_rect(), border_radius=s(RADIUS))
    pygame.draw.rect(
        card, IVORY, card.get_rect().inflate(-s(2), -s(2)), border_radius=s(RADIUS - 1)
    )
    field = card.get_rect().inflate(-s(14), -s(14))
    pygame.draw.rect(card, NAVY, field, border_radius=s(8))
    pattern = pygame.Surface(field.size, pygame.SRCALPHA)
    step = s(26)
    cx, cy = field.w / 2, field.h / 2
    reach = field.w + field.h
    for k in range(-reach // step - 1, reach // step + 2):  # two families of diagonals
        off = k * step
        for sign in (1, -1):
            a = (cx + off - sign * reach, cy - reach)
            b = (cx + off + sign * reach, cy + reach)
            pygame.draw.line(pattern, NAVY_LIGHT, a, b, s(4))
            pygame.draw.line(pattern, GOLD, a, b, s(1.2))
    for gy in range(-field.h // step - 2, field.h // step + 3):
        for gx in range(-field.w // step - 2, field.w // step + 3):
            if (gx + gy) % 2 == 0:
                x, y = cx + gx * step / 2, cy + gy * step / 2
                pygame.draw.circle(pattern, GOLD, (x, y), s(2.6))
            else:
                x, y = cx + gx * step / 2, cy + gy * step / 2
                pygame.draw.circle(pattern, IVORY, (x, y), s(1.4))
    card.blit(pattern, field.topleft)
    pygame.draw.rect(card, GOLD, field, s(2.5), border_radius=s(8))
    pygame.draw.rect(card, IVORY, field.inflate(-s(10), -s(10)), s(1.2), border_radius=s(6))
    mx, my = field.center
    pygame.draw.circle(card, IVORY, (mx, my), s(42))
    pygame.draw.circle(card, NAVY, (mx, my), s(38))
    pygame.draw.polygon(card, GOLD, star_points(mx, my, s(34), s(24), n=8))
    pygame.draw.polygon(card, NAVY, star_points(mx, my, s(27), s(19), n=8))
    pygame.draw.polygon(card, IVORY, star_points(mx, my, s(17), s(9), n=8, turn=math.pi / 8))
    pygame.draw.circle(card, GOLD, (mx, my), s(6))
    return finish(card, size)


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
    pal = img.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
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
    made["cards/back_blue.png"] = blue_back_card()
    big = (back_card((232, 325)), french_card("A", "H", FRENCH_COLOURS, (232, 325)))
    made["icon.png"] = icon(256, *big)
    made["favicon.png"] = icon(64, *big)
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
    w, h = SIZE
    small_h = round(h * small_w / w)
    rows = math.ceil(len(cards) / per_row)
    sheet = pygame.Surface((per_row * (w + 6) + 6, rows * (h + 6) + rows * (small_h + 6) + 12))
    sheet.fill((18, 84, 74))
    for i, (_, img) in enumerate(cards):
        r, c = divmod(i, per_row)
        sheet.blit(img, (6 + c * (w + 6), 6 + r * (h + 6)))
        small = pygame.transform.smoothscale(img, (small_w, small_h))
        sheet.blit(small, (6 + c * (small_w + 4), rows * (h + 6) + 12 + r * (small_h + 6)))
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
