"""Pieces of a card table drawn once and blitted every frame: a seat plate's body (panel,
turn outline, avatar disc, name, dealer chip), and the deck's card codes for preloading.

A plate's turn-timer ring and key figure change from frame to frame and are drawn live on top
(game/ui/cardtable.py); everything here is cached by what it shows.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import assets, avatars, draw, scale, surfaces
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.surfaces import rle


def deck_codes(deck: str) -> list[str]:
    """The card codes that have a sprite in ``deck``'s folder."""
    return list(_deck_codes(deck))


@lru_cache(maxsize=8)
def _deck_codes(deck: str) -> tuple[str, ...]:
    folder = assets.path("sprites", "cards", deck)
    return tuple(p.stem for p in folder.glob("*.png")) if folder.is_dir() else ()


PLATE_AVATAR = 22  # the avatar disc's radius on a seat plate (logical px)
TALL_PLATE = 100  # a plate this tall (logical px) has its avatar at the top, its name under it


def avatar_radius() -> int:
    """The avatar disc's radius on a seat plate, in frame pixels."""
    return px(PLATE_AVATAR)


def tall(rect: pygame.Rect) -> bool:
    """A plate (frame pixels) tall enough for avatar, name and figure stacked."""
    return rect.h >= px(TALL_PLATE)


def plate_avatar(rect: pygame.Rect, rtl: bool) -> tuple[int, int]:
    """The avatar's centre on a plate: at the top of a tall plate, else at its reading start."""
    r = avatar_radius()
    if tall(rect):
        return rect.centerx, rect.y + px(8) + r
    return (rect.right - px(10) - r, rect.centery) if rtl else (rect.x + px(10) + r, rect.centery)


@scale.cached(maxsize=64)
def plate_body(
    w: int,
    h: int,
    active: bool,
    edge: RGB,
    rtl: bool,
    name: str,
    color: RGB,
    dealer: bool,
    chip: str,
    look: int = -1,
) -> pygame.Surface:
    """A plate's panel, turn outline, avatar (drawn ``look``, ringed in the seat's ``color``; the
    initial on a plain disc when ``look`` is -1), name and dealer chip,
    :func:`margin` px all round (for the outline). Drawn once per look, blitted every frame."""
    m = margin()
    img = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    rect = pygame.Rect(m, m, w, h)
    draw.panel(img, rect, draw.PANEL, 215, px(16), draw.TURN if active else edge)
    if active:
        pygame.draw.rect(img, draw.TURN, rect.inflate(2 * m, 2 * m), px(2), border_radius=px(18))
    r = avatar_radius()
    center = plate_avatar(rect, rtl)
    if look >= 0:
        surfaces.blit(img, avatars.avatar(look, 2 * r), (center[0] - r, center[1] - r))
        pygame.draw.circle(img, color, center, r + px(1), px(3))
    else:
        pygame.draw.circle(img, color, center, r)
        draw.blit_text(img, name[:1], 24, (center[0], center[1] - px(1)), draw.INK, bold=True)
    pygame.draw.circle(img, draw.SAND, center, r + px(2), px(1))
    if tall(rect):
        draw.blit_text(
            img,
            name,
            draw.fit_text(name, 22, w - px(12), True),
            (rect.centerx, center[1] + r + px(16)),
            draw.INK,
            bold=True,
        )
    else:
        tx = center[0] - r - px(10) if rtl else center[0] + r + px(10)
        draw.blit_text(
            img,
            name,
            draw.fit_text(name, 22, w - 2 * r - px(30), True),
            (tx, rect.centery - px(14)),
            draw.INK,
            bold=True,
            anchor="midright" if rtl else "midleft",
        )
    if dealer:  # the dealer's chip, lettered so it reads as one
        # 22 px, so it reads on a phone; on a wide plate at the far end from the
        # avatar, which it would cover.
        far = not tall(rect) and not rtl
        spot = (rect.right - px(15) if far else rect.x + px(15), rect.y + px(15))
        pygame.draw.circle(img, draw.GOLD, spot, px(14))
        pygame.draw.circle(img, (60, 40, 10), spot, px(14), px(2))
        draw.blit_text(img, chip, 22, (spot[0], spot[1] - px(1)), (40, 28, 8), bold=True)
    return rle(img)


def margin() -> int:
    """The margin round a plate's body image (the turn outline), in frame pixels."""
    return px(2)
