"""The seat avatars: a drawn set of majlis characters (docs/LOOK.md), made in code, not PNGs.

Each :class:`Look` is a head-and-shoulders portrait in a disc: skin tone, headwear (ghutra and
agal, a red shemagh, hijab, shayla, taqiyah, kummah, fez, turban, or bare hair), beard, glasses,
robe and backdrop colour. Drawn four times over size and scaled down once, so plain pygame
shapes get smooth edges; cached per (look, size), so a plate pays for it once.

A player chooses his own look in Settings (``settings["avatar"]``, sent in the online ``hello``
and carried by the room's seats to every client). Seats without a chosen look get distinct
looks deterministically (:func:`faces`, :func:`pick`): the bots' names have looks chosen for
them (Noura and Khadija wear a hijab); any other name starts from a stable hash of the name.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui.surfaces import on_display_change, rle, solid

SS = 4  # supersampling
Colour = tuple[int, int, int]
INK = (34, 26, 24)
SAND = (222, 196, 140)


@dataclass(frozen=True)
class Look:
    wear: str  # ghutra, shemagh, hijab, shayla, taqiyah, kummah, fez, turban, hair
    skin: Colour
    cloth: Colour  # the headwear's main colour (hair colour for "hair")
    trim: Colour  # agal, pattern, embroidery or trim
    robe: Colour
    backdrop: Colour
    beard: Colour | None = None
    glasses: bool = False


WHITE_CLOTH = (244, 242, 236)
BLACK_HAIR = (40, 30, 26)
GREY = (196, 194, 188)
LOOKS: tuple[Look, ...] = (
    Look("ghutra", (198, 150, 110), WHITE_CLOTH, INK, WHITE_CLOTH, (38, 112, 102), BLACK_HAIR),
    Look(
        "shemagh", (176, 124, 88), WHITE_CLOTH, (196, 40, 48), (228, 224, 212), (190, 150, 84), GREY
    ),
    Look("hijab", (238, 204, 176), (132, 38, 56), (208, 164, 80), (98, 28, 42), (70, 98, 146)),
    Look("hijab", (122, 82, 58), (34, 50, 96), (214, 172, 82), (26, 38, 72), (186, 112, 70)),
    Look(
        "taqiyah",
        (104, 70, 50),
        WHITE_CLOTH,
        (92, 150, 120),
        (236, 232, 220),
        (96, 86, 152),
        BLACK_HAIR,
    ),
    Look("hair", (222, 178, 138), BLACK_HAIR, BLACK_HAIR, (60, 100, 146), (152, 86, 62)),
    Look(
        "hijab",
        (206, 160, 122),
        (42, 98, 74),
        (232, 206, 150),
        (30, 74, 56),
        (200, 172, 118),
        glasses=True,
    ),
    Look(
        "turban",
        (160, 110, 76),
        (112, 52, 110),
        (230, 150, 50),
        (236, 232, 222),
        (62, 124, 116),
        BLACK_HAIR,
    ),
    Look("fez", (214, 168, 128), (178, 34, 40), INK, (124, 86, 52), (58, 100, 142), BLACK_HAIR),
    Look("shayla", (192, 142, 106), (30, 28, 32), (212, 170, 76), (30, 28, 32), (150, 62, 72)),
    Look(
        "ghutra",
        (200, 152, 112),
        WHITE_CLOTH,
        INK,
        (96, 64, 36),
        (64, 82, 94),
        (236, 234, 228),
        True,
    ),
    Look(
        "kummah",
        (150, 102, 72),
        WHITE_CLOTH,
        (40, 110, 150),
        (236, 232, 220),
        (182, 142, 60),
        BLACK_HAIR,
    ),
    Look("hijab", (232, 188, 152), (198, 112, 122), (246, 220, 200), (150, 70, 84), (58, 110, 92)),
    Look("hair", (210, 164, 124), GREY, GREY, (72, 84, 110), (112, 92, 134), GREY, True),
    Look("taqiyah", (240, 206, 172), (52, 120, 80), WHITE_CLOTH, (222, 216, 200), (150, 112, 52)),
    Look("hijab", (140, 94, 66), (214, 190, 148), (150, 110, 60), (160, 132, 92), (52, 92, 122)),
)
# The bots' names (i18n keys) and the looks chosen for them.
NAMED = {
    "seat.you": 5,  # the same in every game, until players pick their own
    "name.1": 0,  # Fahad
    "name.2": 2,  # Noura
    "name.3": 1,  # Salem
    "name.4": 12,  # Maryam
    "ronda.name.1": 8,  # Karim
    "ronda.name.2": 3,  # Khadija
    "ronda.name.3": 7,  # Mehdi
}


@lru_cache(maxsize=32)
def faces(names: tuple[str, ...], chosen: tuple[int | None, ...]) -> list[int]:
    """Each seat's look: the one its player chose (``chosen[seat]``, an index of LOOKS), else
    one picked from its name as :func:`pick` does, never one a chosen seat wears."""
    worn = [c if c is not None and 0 <= c < len(LOOKS) else -1 for c in chosen]
    if all(c < 0 for c in worn):
        return pick(names)
    looks = [w if w >= 0 else NAMED.get(name, -1) for w, name in zip(worn, names)]
    for seat, name in enumerate(names):
        if worn[seat] >= 0:
            continue
        others = [
            k for i, k in enumerate(looks) if i != seat and k >= 0 and (worn[i] >= 0 or i < seat)
        ]
        if looks[seat] >= 0 and looks[seat] not in others:
            continue
        index = zlib.crc32(name.encode("utf-8")) % len(LOOKS)
        others = [k for i, k in enumerate(looks) if i != seat and k >= 0]
        while index in others and len(set(others)) < len(LOOKS):
            index = (index + 1) % len(LOOKS)
        looks[seat] = index
    return looks


@lru_cache(maxsize=32)
def pick(names: tuple[str, ...]) -> list[int]:
    """A distinct look for each seat's name (i18n key or player name), the same every time:
    the bots' chosen looks first, then any other name's from a stable hash of it (a look
    already taken passes to the next one)."""
    looks = [NAMED.get(name, -1) for name in names]
    for seat, name in enumerate(names):
        if looks[seat] >= 0 and looks[seat] not in looks[:seat]:
            continue
        index = zlib.crc32(name.encode("utf-8")) % len(LOOKS)
        others = looks[:seat] + [k for k in looks[seat + 1 :] if k >= 0]
        while index in others and len(set(others)) < len(LOOKS):
            index = (index + 1) % len(LOOKS)
        looks[seat] = index
    return looks


@lru_cache(maxsize=64)
def avatar(index: int, diameter: int) -> pygame.Surface:
    """Look ``index`` (any int: taken modulo the set) as a disc ``diameter`` px across."""
    look = LOOKS[index % len(LOOKS)]
    size = diameter * SS
    art = pygame.Surface((size, size), pygame.SRCALPHA)
    _Painter(art, look).paint()
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (size / 2, size / 2), size / 2)
    art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    img = pygame.transform.smoothscale(art, (diameter, diameter))
    return rle(solid(img.convert_alpha() if pygame.display.get_surface() else img))


on_display_change(avatar.cache_clear)


def _shade(c: Colour, k: float) -> Colour:
    """``c`` darker (k < 1) or lighter (k > 1)."""
    if k <= 1:
        return (round(c[0] * k), round(c[1] * k), round(c[2] * k))
    r, g, b = (round(v + (255 - v) * (k - 1)) for v in c)
    return (r, g, b)


class _Painter:
    """Draws one look on a square surface in unit coordinates (0..1 across)."""

    def __init__(self, surf: pygame.Surface, look: Look):
        self.surf, self.look, self.n = surf, look, surf.get_width()

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.n, y * self.n)

    def rect(self, x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
        return pygame.Rect(
            round(x0 * self.n),
            round(y0 * self.n),
            round((x1 - x0) * self.n),
            round((y1 - y0) * self.n),
        )

    def ellipse(
        self, c: Colour, x0: float, y0: float, x1: float, y1: float, width: float = 0
    ) -> None:
        pygame.draw.ellipse(self.surf, c, self.rect(x0, y0, x1, y1), round(width * self.n))

    def poly(self, c: Colour, pts: Sequence[tuple[float, float]]) -> None:
        pygame.draw.polygon(self.surf, c, [self.p(x, y) for x, y in pts])

    def arc_pts(
        self, cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, steps: int = 24
    ) -> list[tuple[float, float]]:
        """Points on an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
        angles = [math.radians(a0 + (a1 - a0) * i / steps) for i in range(steps + 1)]
        return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]

    def line(self, c: Colour, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
        pygame.draw.line(self.surf, c, self.p(*a), self.p(*b), max(1, round(width * self.n)))

    # ----- the portrait, back to front ----------------------------------------------------------
    def paint(self) -> None:
        look = self.look
        self.surf.fill((*look.backdrop, 255))
        pygame.draw.circle(self.surf, _shade(look.backdrop, 1.12), self.p(0.5, 0.36), self.n * 0.36)
        behind = {
            "ghutra": self.drape,
            "shemagh": self.drape,
            "hijab": self.veil,
            "shayla": self.veil,
        }
        if look.wear in behind:
            behind[look.wear]()
        self.shoulders()
        if look.wear not in behind:
            self.poly(_shade(look.skin, 0.86), [(0.44, 0.6), (0.56, 0.6), (0.57, 0.8), (0.43, 0.8)])
            for x in (0.315, 0.685):  # ears
                self.ellipse(_shade(look.skin, 0.92), x - 0.04, 0.44, x + 0.04, 0.56)
        self.face()
        {
            "ghutra": self.ghutra_top,
            "shemagh": self.ghutra_top,
            "hijab": self.veil_front,
            "shayla": self.veil_front,
            "taqiyah": self.taqiyah,
            "kummah": self.kummah,
            "fez": self.fez,
            "turban": self.turban,
            "hair": self.hair,
        }[look.wear]()

    def shoulders(self) -> None:
        robe = self.look.robe
        self.ellipse(robe, 0.1, 0.74, 0.9, 1.3)
        if self.look.wear in ("ghutra", "shemagh") and robe != WHITE_CLOTH and robe[0] < 140:
            for x0, x1 in ((0.25, 0.36), (0.64, 0.75)):  # a bisht's gold-trimmed edges
                self.line((206, 164, 74), (x1, 0.78), (x0 + 0.02, 1.0), 0.03)
        else:
            self.poly(_shade(robe, 0.8), [(0.45, 0.78), (0.55, 0.78), (0.5, 0.88)])  # collar

    def face(self) -> None:
        look = self.look
        skin = look.skin
        self.ellipse(skin, 0.32, 0.27, 0.68, 0.7)
        ink = INK if look.skin[0] > 130 else (20, 14, 12)
        brow = GREY if GREY in (look.beard, look.cloth) else ink
        for side in (-1, 1):
            x = 0.5 + side * 0.075
            self.ellipse(ink, x - 0.026, 0.455, x + 0.026, 0.505)
            self.ellipse(
                (250, 246, 240), x - 0.008 + side * 0.004, 0.462, x + 0.006 + side * 0.004, 0.476
            )
            brows = self.rect(x - 0.045, 0.41, x + 0.045, 0.47)
            pygame.draw.arc(
                self.surf, brow, brows, math.radians(25), math.radians(155), round(0.02 * self.n)
            )
        self.poly(_shade(skin, 0.84), [(0.5, 0.5), (0.475, 0.565), (0.525, 0.565)])  # nose
        if look.beard is not None:
            self.beard(look.beard)
        smile = self.rect(0.44, 0.56, 0.56, 0.625)
        mouth = (
            (120, 44, 40)
            if look.beard is None
            else _shade(look.beard, 0.5 if look.beard == GREY else 1.8)
        )
        pygame.draw.arc(
            self.surf, mouth, smile, math.radians(200), math.radians(340), round(0.02 * self.n)
        )
        if look.glasses:
            frame = (150, 110, 40)
            for side in (-1, 1):
                x = 0.5 + side * 0.078
                self.ellipse(frame, x - 0.058, 0.43, x + 0.058, 0.53, 0.016)
            self.line(frame, (0.478, 0.47), (0.522, 0.47), 0.016)

    def beard(self, colour: Colour) -> None:
        jaw = self.arc_pts(0.5, 0.49, 0.185, 0.215, -5, 185)
        self.poly(colour, [*jaw, (0.4, 0.55), (0.6, 0.55)])
        self.poly(
            self.look.skin, [(0.4, 0.515), (0.6, 0.515), (0.585, 0.58), (0.5, 0.6), (0.415, 0.58)]
        )
        self.poly(
            colour,
            [
                (0.41, 0.555),
                (0.5, 0.535),
                (0.59, 0.555),
                (0.575, 0.585),
                (0.5, 0.57),
                (0.425, 0.585),
            ],
        )

    # ----- headwear ----------------------------------------------------------------------------
    def drape(self) -> None:
        """The ghutra or shemagh falling behind the face to the shoulders."""
        cloth = self.look.cloth
        self.poly(_shade(cloth, 0.86), [(0.3, 0.36), (0.7, 0.36), (0.86, 0.94), (0.14, 0.94)])
        if self.look.wear == "shemagh":
            self.check([(0.3, 0.36), (0.7, 0.36), (0.86, 0.94), (0.14, 0.94)])

    def ghutra_top(self) -> None:
        cloth, trim = self.look.cloth, self.look.trim
        top = self.arc_pts(0.5, 0.42, 0.215, 0.24, 180, 360)
        brow = self.arc_pts(0.5, 0.5, 0.2, 0.13, 335, 205, 12)
        self.poly(cloth, [*top, *brow])
        if self.look.wear == "shemagh":
            self.check([*top, *brow])
        self.line(_shade(cloth, 0.8), (0.5, 0.2), (0.5, 0.36), 0.012)  # the fold down the middle
        self.ellipse(trim, 0.29, 0.2, 0.71, 0.33, 0.05)  # the agal: two black cords
        self.ellipse(_shade(trim, 1.6), 0.3, 0.215, 0.7, 0.315, 0.008)

    def check(self, outline: Sequence[tuple[float, float]]) -> None:
        """A shemagh's red lattice over the cloth inside ``outline``."""
        layer = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        step = 0.07
        for i in range(-14, 14):
            a = i * step
            for k in (1, -1):
                start, end = (a, 0.0), (a + k * 1.0, 1.0)
                pygame.draw.line(
                    layer,
                    (*self.look.trim, 255),
                    self.p(*start),
                    self.p(*end),
                    round(0.017 * self.n),
                )
        mask = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), [self.p(x, y) for x, y in outline])
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        self.surf.blit(layer, (0, 0))

    def veil(self) -> None:
        """A hijab or shayla: round over the head, wrapped under the chin, down to the shoulders."""
        cloth = self.look.cloth
        self.poly(_shade(cloth, 0.85), [(0.22, 0.5), (0.78, 0.5), (0.9, 1.0), (0.1, 1.0)])
        self.ellipse(cloth, 0.235, 0.17, 0.765, 0.8)

    def veil_front(self) -> None:
        """The edge of the veil framing the face, and a trim for the shayla."""
        cloth, trim = self.look.cloth, self.look.trim
        edge = self.arc_pts(0.5, 0.49, 0.19, 0.225, 180, 360)
        self.poly(cloth, [*edge, *self.arc_pts(0.5, 0.485, 0.265, 0.315, 360, 180)])
        pygame.draw.lines(
            self.surf,
            _shade(cloth, 0.72 if cloth[0] > 60 else 1.5),
            False,
            [self.p(x, y) for x, y in self.arc_pts(0.5, 0.49, 0.19, 0.225, 150, 390)],
            round(0.018 * self.n),
        )
        if self.look.wear == "shayla":
            pygame.draw.lines(
                self.surf,
                trim,
                False,
                [self.p(x, y) for x, y in self.arc_pts(0.5, 0.49, 0.235, 0.3, 200, 340)],
                round(0.02 * self.n),
            )
        else:
            self.ellipse(trim, 0.64, 0.7, 0.7, 0.76)  # a pin at the chin's side

    def taqiyah(self) -> None:
        cap, trim = self.look.cloth, self.look.trim
        self.hair_sides(BLACK_HAIR)
        dome = self.arc_pts(0.5, 0.37, 0.19, 0.16, 180, 360)
        self.poly(cap, [*dome, (0.69, 0.38), (0.31, 0.38)])
        for i in range(7):  # the knitted band
            self.ellipse(trim, 0.325 + i * 0.05, 0.335, 0.35 + i * 0.05, 0.36)
        for i in range(4):
            self.ellipse(trim, 0.405 + i * 0.06, 0.265, 0.425 + i * 0.06, 0.285)

    def kummah(self) -> None:
        cap, trim = self.look.cloth, self.look.trim
        self.hair_sides(BLACK_HAIR)
        self.poly(cap, [(0.3, 0.39), (0.31, 0.2), (0.5, 0.17), (0.69, 0.2), (0.7, 0.39)])
        for row, y in enumerate((0.23, 0.29, 0.35)):  # embroidered rows
            for i in range(6 - (row % 2)):
                x = 0.345 + i * 0.062 + (row % 2) * 0.031
                colour = trim if (i + row) % 2 == 0 else (196, 60, 60)
                self.ellipse(colour, x - 0.014, y - 0.014, x + 0.014, y + 0.014)

    def fez(self) -> None:
        red, tassel = self.look.cloth, self.look.trim
        self.hair_sides(BLACK_HAIR)
        self.poly(red, [(0.36, 0.13), (0.64, 0.13), (0.69, 0.36), (0.31, 0.36)])
        self.ellipse(_shade(red, 0.75), 0.36, 0.11, 0.64, 0.16)
        self.poly(_shade(red, 0.8), [(0.31, 0.33), (0.69, 0.33), (0.69, 0.36), (0.31, 0.36)])
        self.line(tassel, (0.5, 0.13), (0.66, 0.2), 0.02)
        self.poly(tassel, [(0.64, 0.19), (0.69, 0.19), (0.71, 0.3), (0.63, 0.3)])

    def turban(self) -> None:
        cloth, trim = self.look.cloth, self.look.trim
        self.hair_sides(BLACK_HAIR)
        self.ellipse(cloth, 0.27, 0.14, 0.73, 0.4)
        for i, (y0, y1) in enumerate(((0.2, 0.29), (0.27, 0.36), (0.33, 0.4))):
            colour = trim if i % 2 == 0 else (238, 232, 214)
            self.line(colour, (0.29, y1), (0.71, y0), 0.03)
        self.line(_shade(cloth, 0.7), (0.28, 0.38), (0.72, 0.38), 0.02)

    def hair(self) -> None:
        colour = self.look.cloth
        top = self.arc_pts(0.5, 0.42, 0.195, 0.19, 180, 360)
        self.poly(
            colour, [*top, (0.69, 0.46), (0.66, 0.36), (0.5, 0.33), (0.34, 0.36), (0.31, 0.46)]
        )
        if colour == GREY:  # older, receding: a bald crown
            self.ellipse(self.look.skin, 0.38, 0.23, 0.62, 0.33)

    def hair_sides(self, colour: Colour) -> None:
        for x0, x1 in ((0.305, 0.345), (0.655, 0.695)):
            self.poly(colour, [(x0, 0.34), (x1, 0.34), (x1, 0.47), (x0 + 0.01, 0.47)])
