"""Drawing the home screen's game tiles: a coloured ground with a faint eight-point-star
lattice and a few of the game's own cards fanned or laid on it.

A game shows its own art when its folder has ``scene_tile.py`` (its pygame side, beside
its table scene) with ``art(size) -> Surface``
(found by name, like its spec's scene: the home screen names no game); otherwise
:func:`default_art` (card backs). Everything here is drawn once per size and cached.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui import assets, scale, surfaces
from game.ui.scale import px

if TYPE_CHECKING:
    from pygame.typing import ColorLike

Color = tuple[int, int, int]


def ground(size: tuple[int, int], color: Color) -> pygame.Surface:
    """``color`` lit from the top centre, with a faint star lattice (a majlis cushion)."""
    w, h = size
    surf = pygame.Surface(size)
    dark = tuple(int(c * 0.45) for c in color)
    for y in range(h):
        k = y / max(1, h - 1)
        row = tuple(int(color[i] + (dark[i] - color[i]) * k) for i in range(3))
        pygame.draw.line(surf, row, (0, y), (w, y))
    lattice = pygame.Surface(size, pygame.SRCALPHA)
    step = px(44)
    for gy in range(-step, h + step, step):
        for gx in range(-step, w + step, step):
            x = gx + (step // 2 if (gy // step) % 2 else 0)
            star(lattice, (x, gy), px(12), (255, 228, 170, 26))
    surf.blit(lattice, (0, 0))
    return surf


def star(surface: pygame.Surface, center: tuple[float, float], r: float, color: ColorLike) -> None:
    """An eight-point star outline (two squares turned 45° from each other); frame pixels."""
    cx, cy = center
    for turn in (0.0, math.pi / 4):
        pts = [
            (cx + r * math.cos(turn + k * math.pi / 2), cy + r * math.sin(turn + k * math.pi / 2))
            for k in range(4)
        ]
        pygame.draw.polygon(surface, color, pts, px(2))


def card(code: str, height: int, deck: str = "french") -> pygame.Surface:
    """A card face ``height`` tall (code ``"back"``: the back)."""
    size = (round(height * 0.7), height)
    if code == "back":
        return assets.card_back(size)
    return assets.card_face(code, size, False, deck)


def fan(
    surface: pygame.Surface,
    codes: Sequence[str],
    deck: str = "french",
    spread: float = 14.0,
    height: int | None = None,
) -> None:
    """``codes`` fanned about a point below the centre, like a hand held up."""
    w, h = surface.get_size()
    height = height or int(h * 0.64)
    pivot = (w / 2, h * 0.5 + height * 0.98)
    n = len(codes)
    for i, code in enumerate(codes):
        angle = (i - (n - 1) / 2) * spread
        img = pygame.transform.rotozoom(_shadowed(card(code, height, deck)), -angle, 1.0)
        rad = math.radians(angle)
        dist = height * 0.98
        x = pivot[0] + dist * math.sin(rad)
        y = pivot[1] - dist * math.cos(rad)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))


def row(
    surface: pygame.Surface,
    codes: Sequence[str],
    center: tuple[int, int],
    height: int,
    deck: str = "french",
    overlap: float = 0.45,
) -> None:
    """``codes`` laid in a straight overlapping row (a meld on the table) centred on ``center``."""
    step = round(height * 0.7 * overlap)
    total = step * (len(codes) - 1) + round(height * 0.7)
    x = center[0] - total // 2
    for code in codes:
        img = _shadowed(card(code, height, deck))
        surface.blit(img, (x - px(3), center[1] - height // 2 - px(3)))
        x += step


def _shadowed(img: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface((img.get_width() + px(8), img.get_height() + px(8)), pygame.SRCALPHA)
    shade = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), border_radius=px(8))
    out.blit(shade, (px(6), px(6)))
    surfaces.blit(out, img, (px(3), px(3)))
    return out


def default_art(size: tuple[int, int]) -> pygame.Surface:
    """A game without art of its own: three card backs fanned on deep green."""
    surf = ground(size, (30, 96, 80))
    fan(surf, ("back", "back", "back"))
    return surf


@scale.cached(maxsize=16)
def art(game: str, size: tuple[int, int]) -> pygame.Surface:
    """The tile art of ``game`` at ``size`` (its ``scene_tile.py``, else :func:`default_art`)."""
    module = f"game.games.{game}.scene_tile"
    try:
        found = importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        found = False
    if found:
        drawn: pygame.Surface = importlib.import_module(module).art(size)
        return drawn
    return default_art(size)
