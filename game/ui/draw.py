"""Small drawing helpers shared by scenes: cached text labels, panels, the felt, badges.

Rendered text is cached by (string, size, colour, bold) so a frame re-blits surfaces instead of
shaping text again; switching language simply asks for other strings.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import text

# Palette (LOOK.md: an evening majlis — deep felt, sand and muted gold, one clear "your turn").
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


@lru_cache(maxsize=1024)
def label(s: str, size: int, color: tuple = INK, bold: bool = False) -> pygame.Surface:
    """The rendered text (shaped, bidi-ordered), cached."""
    return text.render(s, size, color, bold)


def blit_text(
    surface: pygame.Surface,
    s: str,
    size: int,
    pos: tuple[float, float],
    color: tuple = INK,
    bold: bool = False,
    anchor: str = "center",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw ``s`` anchored at ``pos`` (any pygame.Rect anchor name); returns its rect."""
    img = label(s, size, color, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(label(s, size, SHADOW, bold), rect.move(1, 2))
    surface.blit(img, rect)
    return rect


@lru_cache(maxsize=2048)
def fit_text(s: str, size: int, width: int, bold: bool = False, minimum: int = 12) -> int:
    """The largest size ≤ ``size`` at which ``s`` fits in ``width`` pixels. Measured, not
    rendered, and guessed from the first measure (text width grows with the size), so only
    one or two sizes are tried: a font's first use at a size costs about a millisecond."""
    w = text.size(s, size, bold)[0]
    if w <= width or size <= minimum:
        return size
    guess = max(minimum, min(size - 1, int(size * width / max(1, w))))
    while guess < size - 1 and text.size(s, guess + 1, bold)[0] <= width:
        guess += 1
    while guess > minimum and text.size(s, guess, bold)[0] > width:
        guess -= 1
    return guess


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: tuple = PANEL,
    alpha: int = 225,
    radius: int = 14,
    edge: tuple | None = PANEL_EDGE,
) -> None:
    """A rounded, slightly transparent panel with a thin brass edge."""
    img = _panel_image(rect.w, rect.h, color, alpha, radius, edge)
    surface.blit(img, rect)


@lru_cache(maxsize=128)
def _panel_image(
    w: int, h: int, color: tuple, alpha: int, radius: int, edge: tuple | None
) -> pygame.Surface:
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(img, (*color, alpha), img.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(img, (*edge, 255), img.get_rect(), 2, border_radius=radius)
    return img


@lru_cache(maxsize=8)
def felt(w: int, h: int) -> pygame.Surface:
    """The table, drawn once per size: felt with a soft vignette inside a wooden rim."""
    surf = pygame.Surface((w, h))
    surf.fill(RIM)
    rim = 10
    inner = pygame.Rect(rim, rim, w - 2 * rim, h - 2 * rim)
    pygame.draw.rect(surf, RIM_LIGHT, inner.inflate(4, 4), border_radius=26)
    # Vignette: concentric ellipses from dark edge to lighter centre, drawn small then scaled.
    small = pygame.Surface((w // 8, h // 8))
    small.fill(FELT_DARK)
    cx, cy = small.get_width() / 2, small.get_height() / 2
    steps = 24
    for i in range(steps):
        k = i / (steps - 1)
        color = [int(FELT_DARK[c] + (FELT[c] - FELT_DARK[c]) * (k**0.7)) for c in range(3)]
        rx, ry = cx * (1.5 - k * 1.05), cy * (1.5 - k * 1.05)
        pygame.draw.ellipse(small, color, pygame.Rect(cx - rx, cy - ry, 2 * rx, 2 * ry))
    cloth = pygame.transform.smoothscale(small, inner.size)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=24)
    cloth = cloth.convert_alpha() if pygame.display.get_surface() else cloth.copy()
    cloth.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(cloth, inner)
    return surf


def backdrop(w: int, h: int, panels: tuple = ()) -> pygame.Surface:
    """The felt with fixed translucent panels already laid on it, drawn once per set of
    panels: one opaque full-screen blit a frame instead of the felt and each large alpha
    panel (an 880×292 panel alone costs ~0.1 ms a frame). ``panels`` is a tuple of
    ``((x, y, w, h), color, alpha, radius, edge)``, as :func:`panel` takes them."""
    if not panels:
        return felt(w, h)
    return _backdrop(w, h, panels)


@lru_cache(maxsize=4)
def _backdrop(w: int, h: int, panels: tuple) -> pygame.Surface:
    surf = felt(w, h).copy()
    for (x, y, pw, ph), color, alpha, radius, edge in panels:
        surf.blit(_panel_image(pw, ph, color, alpha, radius, edge), (x, y))
    return surf


def check_mark(
    surface: pygame.Surface,
    center: tuple[float, float],
    size: int,
    color: tuple = TURN,
    width: int = 4,
) -> None:
    """A drawn check mark (the font has no ✓)."""
    x, y = center
    s = size / 2
    pts = [(x - s * 0.7, y), (x - s * 0.15, y + s * 0.55), (x + s * 0.75, y - s * 0.6)]
    pygame.draw.lines(surface, color, False, pts, width)


def ring(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: int,
    fraction: float,
    color: tuple,
    width: int = 5,
) -> None:
    """A countdown ring: the remaining ``fraction`` drawn clockwise from the top."""
    if fraction <= 0:
        return
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = (round(center[0]), round(center[1]))
    start = math.pi / 2
    pygame.draw.arc(surface, color, rect, start, start + 2 * math.pi * min(1.0, fraction), width)


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    """Darken the whole surface (behind a modal panel): black at ``alpha`` over it, done as a
    multiply (about twice as fast as blitting a full-screen translucent veil)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
