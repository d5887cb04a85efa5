"""Paths, card images (scaled once per size and cached) and the window icon.

Assets resolve against the project root (the folder holding main.py), which works natively from
any cwd and under pygbag (whose cwd is the app folder). A missing sprite is drawn as a plain
card with its index so the game stays playable while sprites are being made.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.core.cards import split
from game.ui import scale, surfaces
from game.ui.scale import px
from game.ui.surfaces import on_display_change, rle, solid

ROOT = Path(__file__).resolve().parents[2]
RED_SUITS = {"H", "D"}
FOUR_COLORS = {"S": (20, 20, 24), "H": (196, 30, 40), "D": (30, 90, 200), "C": (20, 130, 60)}
SUIT_GLYPH = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def path(*parts: str) -> Path:
    return ROOT.joinpath(*parts)


@lru_cache(maxsize=256)
def _load(p: str) -> pygame.Surface | None:
    try:
        img = pygame.image.load(p)
    except (pygame.error, FileNotFoundError, OSError):
        return None
    return img.convert_alpha() if pygame.display.get_surface() else img


def card_face(
    code: str, size: tuple[int, int], four_color: bool = False, deck: str = "french"
) -> pygame.Surface:
    """The face of ``code`` from ``deck`` ("french" or "spanish": "10C" is a card of both) at
    ``size`` (cached). Spanish suits have their own colours: four-colour changes nothing there."""
    if deck == "spanish":
        return _spanish_face(code, tuple(size))
    return _card_face(code, tuple(size), bool(four_color))


@lru_cache(maxsize=256)
def _spanish_face(code: str, size: tuple[int, int]) -> pygame.Surface:
    src = _load(str(path("sprites", "cards", "spanish", f"{code}.png")))
    if src is not None:
        return rle(solid(pygame.transform.smoothscale(src, size)))
    return _plain_face(code, size, False)


BACK_FILES = {"red": "back.png", "blue": "back_blue.png"}  # the backs Settings offers
_back = ["red"]  # the back cards are drawn with (Settings: "back")


def set_back(name: str) -> None:
    """Draw face-down cards with back ``name`` (a key of BACK_FILES) from now on; an unknown
    name changes nothing."""
    if name in BACK_FILES:
        _back[0] = name


def back_name() -> str:
    return _back[0]


def apply_look(settings: Mapping[str, Any]) -> None:
    """The card back and the felt the stored settings chose, drawn from now on."""
    from game.ui import draw

    set_back(str(settings.get("back", "red")))
    draw.set_felt(str(settings.get("felt", "green")))


def card_back(size: tuple[int, int]) -> pygame.Surface:
    return _card_back(tuple(size), _back[0])


@lru_cache(maxsize=1024)
def _card_face(code: str, size: tuple[int, int], four_color: bool) -> pygame.Surface:
    folder = "french4" if four_color else "french"
    src = _load(str(path("sprites", "cards", folder, f"{code}.png")))
    if src is None and four_color:
        src = _four_colour(code)
    if src is None and four_color:  # hearts and spades: the French card is the same
        src = _load(str(path("sprites", "cards", "french", f"{code}.png")))
    if src is not None:
        return rle(solid(pygame.transform.smoothscale(src, size)))
    return _plain_face(code, size, four_color)


@lru_cache(maxsize=32)
def _four_colour(code: str) -> pygame.Surface | None:
    """A four-colour card stored as its palette only (``french4/<code>.pal``): the French card's
    pixels with that palette (see tools/pngpal.py)."""
    try:
        palette = path("sprites", "cards", "french4", f"{code}.pal").read_bytes()
        french = path("sprites", "cards", "french", f"{code}.png").read_bytes()
        img = pygame.image.load(io.BytesIO(with_palette(french, palette)), f"{code}.png")
    except (pygame.error, OSError, ValueError):
        return None
    return img.convert_alpha() if pygame.display.get_surface() else img


def with_palette(png: bytes, palette: bytes) -> bytes:
    """The indexed PNG ``png`` with its PLTE/tRNS chunks replaced by ``palette`` (those chunks,
    whole). Raises ValueError if ``png`` is not an indexed PNG."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[25] != 3:  # colour type 3: palette
        raise ValueError("not an indexed PNG")
    out, pos = [png[:8]], 8
    while pos < len(png):
        length = int.from_bytes(png[pos : pos + 4], "big")
        kind, end = png[pos + 4 : pos + 8], pos + 12 + length
        if kind == b"IHDR":
            out += [png[pos:end], palette]
        elif kind not in (b"PLTE", b"tRNS"):
            out.append(png[pos:end])
        pos = end
    return b"".join(out)


@lru_cache(maxsize=16)
def _card_back(size: tuple[int, int], name: str) -> pygame.Surface:
    src = _load(str(path("sprites", "cards", BACK_FILES[name])))
    if src is not None:
        return rle(solid(pygame.transform.smoothscale(src, size)))
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = img.get_rect()
    pygame.draw.rect(img, (120, 30, 40), rect, border_radius=max(px(4), size[0] // 12))
    inner = rect.inflate(-px(8), -px(8))
    pygame.draw.rect(img, (230, 200, 140), inner, px(2), border_radius=max(px(3), size[0] // 14))
    return rle(img)


def _plain_face(code: str, size: tuple[int, int], four_color: bool) -> pygame.Surface:
    """Fallback face: white card, rank and suit in the corner and the suit in the middle."""
    from game.ui import text

    rank, suit = split(code)
    if four_color:
        color = FOUR_COLORS.get(suit, (20, 20, 24))
    else:
        color = (196, 30, 40) if suit in RED_SUITS else (20, 20, 24)
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = img.get_rect()
    corner = max(px(4), size[0] // 12)
    pygame.draw.rect(img, (250, 248, 240), rect, border_radius=corner)
    pygame.draw.rect(img, (160, 150, 130), rect, px(1), border_radius=corner)
    tall = round(scale.logical(size[1]))  # font sizes are logical
    idx = max(14, tall // 6)
    r = text.render(rank, idx, color, True)
    s = text.render(SUIT_GLYPH.get(suit, ""), idx, color, False)
    surfaces.blit(img, r, (px(6), px(3)))
    surfaces.blit(
        img, s, (px(6) + (r.get_width() - s.get_width()) // 2, px(3) + r.get_height() - px(4))
    )
    big = text.render(SUIT_GLYPH.get(suit, ""), tall // 3, color, False)
    surfaces.blit(img, big, big.get_rect(center=(rect.centerx + px(6), rect.centery + px(10))))
    return rle(img)


def preload(
    codes: Iterable[str],
    sizes: Iterable[tuple[int, int]],
    deck: str = "french",
    four_color: bool = False,
) -> None:
    """Decode and scale the faces a table will show (and the back) before its first frame,
    so no card's first flight pays for a PNG decode (~0.5 ms) in the middle of an animation.
    One pause at the start of a match instead (~15-25 ms natively for a deck)."""
    for size in sizes:
        card_back(size)
        for code in codes:
            card_face(code, size, four_color, deck)


_SHADOWED: OrderedDict[tuple[int, int, int], tuple[pygame.Surface, pygame.Surface]] = OrderedDict()


scale.on_change(_SHADOWED.clear)  # (cards of the old scale are not shown again)
for _cache in (_load, _spanish_face, _card_face, _four_colour, _card_back, _SHADOWED):
    on_display_change(_cache.cache_clear if hasattr(_cache, "cache_clear") else _cache.clear)


def shadowed(img: pygame.Surface, dx: int, dy: int) -> pygame.Surface:
    """``img`` (a cached card image) over its soft shadow offset by (dx, dy), in one surface of
    ``img``'s size plus the offset, so a card on the table is one blit instead of two. Kept
    per image (the image is held with it, so its id stays its own); never pass a surface made
    for one frame (a card scaled mid-flip)."""
    key = (id(img), dx, dy)
    hit = _SHADOWED.get(key)
    if hit is not None:
        _SHADOWED.move_to_end(key)
        return hit[1]
    w, h = img.get_size()
    both = pygame.Surface((w + dx, h + dy), pygame.SRCALPHA)
    pygame.draw.rect(both, (0, 0, 0, 70), (dx, dy, w, h), border_radius=max(px(4), w // 12))
    surfaces.blit(both, img, (0, 0))
    rle(both)
    _SHADOWED[key] = (img, both)
    if len(_SHADOWED) > 384:
        _SHADOWED.popitem(last=False)
    return both


def icon() -> pygame.Surface | None:
    return _load(str(path("sprites", "icon.png")))
