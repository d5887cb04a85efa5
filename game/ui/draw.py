"""Small drawing helpers shared by scenes: cached text labels, panels, the felt, badges.

Rendered text is cached by (string, size, colour, bold) so a frame re-blits surfaces instead of
shaping text again; switching language simply asks for other strings.
"""

from __future__ import annotations

import math
import random
import sys
from collections import Counter
from functools import lru_cache
from typing import TypeAlias

import pygame

from game.ui import scale, surfaces, text
from game.ui.layout_probe import mark
from game.ui.scale import px
from game.ui.surfaces import displayed, rle

WEB = sys.platform == "emscripten"

RGB: TypeAlias = tuple[int, int, int]
# A fixed panel of a backdrop: ((x, y, w, h), colour, alpha, radius, edge), as panel() takes it.
PanelSpec: TypeAlias = tuple[tuple[int, int, int, int], RGB, int, int, RGB | None]

# Palette (docs/LOOK.md: an evening majlis — deep felt, sand and muted gold, one clear "your turn").
FELT = (14, 74, 66)
FELT_DARK = (6, 38, 36)
RIM = (92, 58, 30)
RIM_LIGHT = (150, 104, 52)
INK = (246, 238, 222)  # warm off-white text
INK_DIM = (196, 186, 166)
SAND = (222, 196, 140)
GOLD = (212, 168, 72)
TURN = (98, 214, 160)  # "your turn" (also the calm timer)
AMBER = (240, 176, 60)
RED = (226, 80, 70)
PANEL = (18, 30, 30)
PANEL_EDGE = (120, 96, 56)
SHADOW = (0, 0, 0)


@scale.cached(maxsize=1024)
def label(s: str, size: int, color: RGB = INK, bold: bool = False) -> pygame.Surface:
    """The rendered text (shaped, bidi-ordered), cached; run-length encoded (surfaces.py)."""
    return rle(text.render(s, size, color, bold))


def blit_text(
    surface: pygame.Surface,
    s: str,
    size: int,
    pos: tuple[float, float],
    color: RGB = INK,
    bold: bool = False,
    anchor: str = "center",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw ``s`` anchored at ``pos`` (any pygame.Rect anchor name); returns its rect."""
    img = label(s, size, color, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surfaces.blit(surface, label(s, size, SHADOW, bold), rect.move(px(1), px(2)))
    surfaces.blit(surface, img, rect)
    return rect


def blit_fitted(
    surface: pygame.Surface,
    s: str,
    size: int,
    width: int,
    pos: tuple[float, float],
    color: RGB = INK,
    bold: bool = False,
    anchor: str = "center",
    shadow: bool = False,
) -> pygame.Rect:
    """:func:`blit_text` at the largest size up to ``size`` at which ``s`` fits in ``width``
    frame pixels (:func:`fit_text`): a panel's line that must not leave it."""
    fitted = fit_text(s, size, width, bold)
    return blit_text(surface, s, fitted, pos, color, bold, anchor, shadow)


@scale.cached(maxsize=2048)
def fit_text(s: str, size: int, width: int, bold: bool = False, minimum: int = 12) -> int:
    """The largest (logical) font size ≤ ``size`` at which ``s`` fits in ``width`` frame
    pixels. Measured, not
    rendered, and guessed from the first measure (text width grows with the size), so only
    one or two sizes are tried: a font's first use at a size costs about a millisecond."""
    w = text.fit_width(s, size, bold)
    if w <= width or size <= minimum:
        return size
    guess = max(minimum, min(size - 1, int(size * width / max(1, w))))
    while guess < size - 1 and text.fit_width(s, guess + 1, bold) <= width:
        guess += 1
    while guess > minimum and text.fit_width(s, guess, bold) > width:
        guess -= 1
    return guess


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: RGB = PANEL,
    alpha: int = 225,
    radius: int | None = None,
    edge: RGB | None = PANEL_EDGE,
) -> None:
    """A rounded, slightly transparent panel with a thin brass edge; ``rect`` and ``radius``
    in frame pixels (default: 14 logical)."""
    radius = px(14) if radius is None else radius
    img = _panel_image(rect.w, rect.h, color, alpha, radius, edge)
    surfaces.blit(surface, mark(img, "panel", ""), rect)


@scale.cached(maxsize=128)
def _panel_image(
    w: int, h: int, color: RGB, alpha: int, radius: int, edge: RGB | None
) -> pygame.Surface:
    if alpha == 255:  # opaque: pygame.draw does not antialias, so a colour key is exact
        return _opaque_panel(w, h, color, radius, edge)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(img, (*color, alpha), img.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(img, (*edge, 255), img.get_rect(), px(2), border_radius=radius)
    return rle(img)


PANEL_KEY = (255, 0, 255)  # the clear corners of an opaque panel (no panel is this colour)


def _opaque_panel(w: int, h: int, color: RGB, radius: int, edge: RGB | None) -> pygame.Surface:
    img = displayed(pygame.Surface((w, h)))
    img.fill(PANEL_KEY)
    pygame.draw.rect(img, color, img.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(img, edge, img.get_rect(), px(2), border_radius=radius)
    img.set_colorkey(PANEL_KEY, pygame.RLEACCEL)
    return img


FELT_BUILDS: Counter[tuple[int, int, bool]] = Counter()  # felts drawn, by (w, h, emblem)


# The felts Settings offers ("felt"): (centre, edge) colours of the cloth's vignette.
FELTS: dict[str, tuple[RGB, RGB]] = {
    "green": (FELT, FELT_DARK),
    "wine": ((96, 26, 40), (44, 10, 20)),
}
_felt = ["green"]  # the felt tables and screens are drawn on


def set_felt(name: str) -> None:
    """Draw the felt ``name`` (a key of FELTS) from now on; an unknown name changes nothing."""
    if name in FELTS:
        _felt[0] = name


def felt_name() -> str:
    return _felt[0]


def forget_felts() -> None:
    """Drop every felt drawn (a test counting how often one is drawn starts from none)."""
    _felt_of.cache_clear()


def felt(w: int, h: int, emblem: bool = False) -> pygame.Surface:
    """The table, drawn once per size and felt: woven felt with a soft vignette inside a wooden
    rim with a brass edge; the tables (``emblem``) carry a faint star rosette at the centre."""
    return _felt_of(w, h, emblem, _felt[0])


@lru_cache(maxsize=8)  # (forgotten when the factor changes, below: scale.cached's behaviour)
def _felt_of(w: int, h: int, emblem: bool, name: str) -> pygame.Surface:
    FELT_BUILDS[(w, h, emblem)] += 1
    surf = pygame.Surface((w, h))
    _rim(surf)
    inner = surf.get_rect().inflate(-2 * px(RIM_WIDTH), -2 * px(RIM_WIDTH))
    cloth = _vignette(inner.size, *FELTS[name])
    _weave(cloth)
    if emblem:
        mark = rosette(round(min(w, h) * 0.46), GOLD, 34)
        cloth.blit(mark, mark.get_rect(center=(inner.w // 2, inner.h // 2)))
    _round_corners(cloth, px(24))
    surf.blit(cloth, inner)
    pygame.draw.rect(surf, BRASS, inner.inflate(px(2), px(2)), px(2), border_radius=px(25))
    return displayed(surf)


scale.on_change(_felt_of.cache_clear)


def _round_corners(cloth: pygame.Surface, radius: int) -> None:
    """The cloth's corners outside a rounded rect made clear by a colour key (exact:
    pygame.draw does not antialias; docs/WEB.md)."""
    corners = pygame.Surface(cloth.get_size(), 0, cloth)
    corners.fill(PANEL_KEY)
    pygame.draw.rect(corners, SHADOW, corners.get_rect(), border_radius=radius)
    corners.set_colorkey(SHADOW)
    cloth.blit(corners, (0, 0))
    cloth.set_colorkey(PANEL_KEY)


RIM_WIDTH = 10  # logical
BRASS = (176, 138, 66)


def _rim(surf: pygame.Surface) -> None:
    """A rounded wooden rim: dark outer edge, a lit bevel, then the wood."""
    rect = surf.get_rect()
    surf.fill((46, 28, 14))
    for k, colour in enumerate(((70, 42, 20), RIM_LIGHT, (122, 80, 40), RIM)):
        inset = px(2 + 2 * k)
        pygame.draw.rect(surf, colour, rect.inflate(-inset, -inset), border_radius=px(30 - k))


def _vignette(size: tuple[int, int], centre: RGB, edge: RGB) -> pygame.Surface:
    """Felt from a dark edge to a lighter centre: concentric ellipses drawn small, then scaled."""
    small = pygame.Surface((max(2, size[0] // 8), max(2, size[1] // 8)))
    small.fill(edge)
    cx, cy = small.get_width() / 2, small.get_height() / 2
    steps = 24
    for i in range(steps):
        k = i / (steps - 1)
        color = [int(edge[c] + (centre[c] - edge[c]) * (k**0.7)) for c in range(3)]
        rx, ry = cx * (1.5 - k * 1.05), cy * (1.5 - k * 1.05)
        pygame.draw.ellipse(small, color, pygame.Rect(cx - rx, cy - ry, 2 * rx, 2 * ry))
    return pygame.transform.smoothscale(small, size)


@scale.cached(maxsize=1)
def _weave_tiles() -> tuple[pygame.Surface, pygame.Surface]:
    """A light and a dark 96-px tile (logical px): the felt's twill (fine diagonals) and fibre
    speckle. Added to and taken from the cloth, so the texture keeps the vignette's colours."""
    rng = random.Random(7)  # the same cloth every time
    size = 96
    light, dark = pygame.Surface((size, size)), pygame.Surface((size, size))
    for x in range(-size, size, 4):  # twill: a faint diagonal every 4 px, its shadow beside it
        pygame.draw.line(light, (5, 6, 6), (x, size), (x + size, 0))
        pygame.draw.line(dark, (4, 5, 5), (x + 2, size), (x + 2 + size, 0))
    for _ in range(900):
        x, y, v = rng.randrange(size), rng.randrange(size), rng.randrange(3, 9)
        (light if rng.random() < 0.5 else dark).set_at((x, y), (v, v, v))
    if scale.factor() != 1:  # the same cloth, larger: the tile at the frame's scale
        light, dark = (pygame.transform.smoothscale(t, (px(size), px(size))) for t in (light, dark))
    return light, dark


def _weave(cloth: pygame.Surface) -> None:
    light, dark = _weave_tiles()
    step = light.get_width()
    for y in range(0, cloth.get_height(), step):
        for x in range(0, cloth.get_width(), step):
            cloth.blit(light, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            cloth.blit(dark, (x, y), special_flags=pygame.BLEND_RGB_SUB)


@scale.cached(maxsize=8)
def rosette(diameter: int, color: RGB = GOLD, alpha: int = 255) -> pygame.Surface:
    """The Majlis emblem: an eight-pointed star (two interlaced squares, the khatam) in a ring
    of sixteen points, with a small star at its heart; ``color`` at ``alpha`` on transparency.
    Drawn twice the size and scaled down once (smooth edges); cached."""
    ss = 2
    n = diameter * ss
    art = pygame.Surface((n, n), pygame.SRCALPHA)
    c, r = n / 2, n / 2 - ss
    ink = (*color, 255)
    line = max(2, round(r * 0.035))

    def star(
        radius: float, inner: float, points: int, turn: float = 0.0
    ) -> list[tuple[float, float]]:
        return [
            (
                c + (radius if k % 2 == 0 else inner) * math.cos(turn + math.pi * k / points),
                c + (radius if k % 2 == 0 else inner) * math.sin(turn + math.pi * k / points),
            )
            for k in range(2 * points)
        ]

    thin = max(1, line // 2)
    pygame.draw.circle(art, ink, (c, c), r, line)
    pygame.draw.circle(art, ink, (c, c), r * 0.88, thin)
    for k in range(32):  # a bead ring between the two circles
        a = math.pi / 16 * k
        pygame.draw.circle(
            art, ink, (c + r * 0.94 * math.cos(a), c + r * 0.94 * math.sin(a)), r * 0.022
        )
    for turn in (0.0, math.pi / 4):  # the two squares of the khatam, as double-lined straps
        for size in (0.8, 0.72):
            corners = [turn + math.pi / 2 * k for k in range(4)]
            pts = [(c + r * size * math.cos(a), c + r * size * math.sin(a)) for a in corners]
            pygame.draw.polygon(art, ink, pts, thin)
    pygame.draw.polygon(art, ink, star(r * 0.52, r * 0.4, 8, math.pi / 8), thin)
    for k in range(8):  # a dot in each of the star's bays
        a = math.pi / 8 + math.pi / 4 * k
        pygame.draw.circle(
            art, ink, (c + r * 0.62 * math.cos(a), c + r * 0.62 * math.sin(a)), r * 0.03
        )
    pygame.draw.polygon(art, ink, star(r * 0.34, r * 0.2, 8, math.pi / 8))
    pygame.draw.circle(art, (0, 0, 0, 0), (c, c), r * 0.08)
    img = pygame.transform.smoothscale(art, (diameter, diameter))
    if alpha < 255:
        img.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return img


def backdrop(w: int, h: int, panels: tuple[PanelSpec, ...] = ()) -> pygame.Surface:
    """The table's felt (with its emblem) and fixed translucent panels laid on it, drawn once
    per set of panels: one opaque full-screen blit a frame instead of the felt and each large alpha
    panel (an 880×292 panel alone costs ~0.1 ms a frame). ``panels`` is a tuple of
    ``((x, y, w, h), color, alpha, radius, edge)``, as :func:`panel` takes them."""
    if not panels:
        return felt(w, h, True)
    return _backdrop(w, h, panels, _felt[0])


@scale.cached(maxsize=4)
def _backdrop(w: int, h: int, panels: tuple[PanelSpec, ...], name: str) -> pygame.Surface:
    surf = _felt_of(w, h, True, name).copy()
    for (x, y, pw, ph), color, alpha, radius, edge in panels:
        surf.blit(_panel_image(pw, ph, color, alpha, radius, edge), (x, y))
    return surf


def check_mark(
    surface: pygame.Surface,
    center: tuple[float, float],
    size: int,
    color: RGB = TURN,
    width: int | None = None,
) -> None:
    """A drawn check mark (the font has no ✓); ``size`` and ``width`` in frame pixels (the
    line 4 logical by default)."""
    width = px(4) if width is None else width
    x, y = center
    s = size / 2
    pts = [(x - s * 0.7, y), (x - s * 0.15, y + s * 0.55), (x + s * 0.75, y - s * 0.6)]
    pygame.draw.lines(surface, color, False, pts, width)


def ring(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: int,
    fraction: float,
    color: RGB,
    width: int | None = None,
) -> None:
    """A countdown ring: the remaining ``fraction`` from the top, as a solid band ``width``
    thick inside ``radius`` (a polygon: thick ``draw.arc`` leaves holes); frame pixels (the
    band 5 logical by default)."""
    width = px(5) if width is None else width
    if fraction <= 0:
        return
    cx, cy = round(center[0]), round(center[1])
    if fraction >= 1:
        pygame.draw.circle(surface, color, (cx, cy), radius, width)
        return
    steps = max(6, round(90 * fraction))
    outer, inner = [], []
    for i in range(steps + 1):
        a = math.pi / 2 + 2 * math.pi * fraction * i / steps
        c, s = math.cos(a), -math.sin(a)
        outer.append((cx + radius * c, cy + radius * s))
        inner.append((cx + (radius - width) * c, cy + (radius - width) * s))
    pygame.draw.polygon(surface, color, outer + inner[::-1])


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    """Darken the whole surface (behind a modal panel): black at ``alpha`` over it. Natively
    a multiply (0.6 ms for 1280x720: pygame's SIMD fill; a translucent veil takes 15 ms there);
    in the browser a black veil at ``alpha`` (SDL's blend: 4 ms for 720x1280 under pyodide,
    where pygame's fill without SIMD takes 20-66 ms). The two differ by at most one level."""
    if not WEB:
        keep = 255 - alpha
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
        return
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))


DIM_LEVELS = (150, 160)  # the alphas panels dim the table by (overlay.DIM, the score panels)


def warm_dim(size: tuple[int, int]) -> None:
    """Make ahead what :func:`dim` needs at a frame of ``size`` (the browser's full-frame veils:
    about 40 ms each the first time at CPU throttling 4; nothing natively)."""
    if WEB:
        for alpha in DIM_LEVELS:
            _veil(size, alpha)


@scale.cached(maxsize=4)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = displayed(pygame.Surface(size))
    veil.fill((0, 0, 0))
    veil.set_alpha(alpha)
    return veil


def confetti(rng: random.Random, w: int, h: int) -> tuple[list[list[float]], list[RGB]]:
    """The match winner's confetti over a w×h screen (frame pixels): pieces [x, y, vx, vy,
    size, colour index] starting above the top, and their colours."""
    colors: list[RGB] = [GOLD, SAND, TURN, (230, 120, 110), (240, 240, 230)]
    k = scale.factor()  # speeds and sizes are logical
    pieces = [
        [
            rng.uniform(0, w),
            rng.uniform(-h * 0.6, 0),
            rng.uniform(-40, 40) * k,
            rng.uniform(120, 260) * k,
            rng.uniform(4, 9) * k,
            rng.randrange(len(colors)),
        ]
        for _ in range(120)
    ]
    return pieces, colors
