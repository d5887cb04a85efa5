"""Pieces of a card table drawn once and blitted every frame: a seat plate's body (panel,
turn outline, avatar disc, name, dealer chip), and the deck's card codes for preloading.

A plate's turn-timer ring and key figure change from frame to frame and are drawn live on top
(game/ui/cardtable.py); everything here is cached by what it shows.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import assets, avatars, draw


def deck_codes(deck: str) -> list[str]:
    """The card codes that have a sprite in ``deck``'s folder."""
    folder = assets.path("sprites", "cards", deck)
    return [p.stem for p in folder.glob("*.png")] if folder.is_dir() else []


PLATE_AVATAR = 22  # the avatar disc's radius on a seat plate


def plate_avatar(rect: pygame.Rect, rtl: bool) -> tuple[int, int]:
    """The avatar's centre on a plate: at the top of a tall plate, else at its reading start."""
    r = PLATE_AVATAR
    if rect.h >= 100:
        return rect.centerx, rect.y + 8 + r
    return (rect.right - 10 - r, rect.centery) if rtl else (rect.x + 10 + r, rect.centery)


@lru_cache(maxsize=64)
def plate_body(
    w: int,
    h: int,
    active: bool,
    edge: tuple,
    rtl: bool,
    name: str,
    color: tuple,
    dealer: bool,
    chip: str,
    look: int = -1,
) -> pygame.Surface:
    """A plate's panel, turn outline, avatar (drawn ``look``, ringed in the seat's ``color``; the
    initial on a plain disc when ``look`` is -1), name and dealer chip,
    2 px of margin all round (for the outline). Drawn once per look, blitted every frame."""
    img = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    rect = pygame.Rect(2, 2, w, h)
    draw.panel(img, rect, draw.PANEL, 215, 16, draw.TURN if active else edge)
    if active:
        pygame.draw.rect(img, draw.TURN, rect.inflate(4, 4), 2, border_radius=18)
    r = PLATE_AVATAR
    center = plate_avatar(rect, rtl)
    if look >= 0:
        img.blit(avatars.avatar(look, 2 * r), (center[0] - r, center[1] - r))
        pygame.draw.circle(img, color, center, r + 1, 3)
    else:
        pygame.draw.circle(img, color, center, r)
        draw.blit_text(img, name[:1], 24, (center[0], center[1] - 1), draw.INK, bold=True)
    pygame.draw.circle(img, draw.SAND, center, r + 2, 1)
    if h >= 100:
        draw.blit_text(
            img,
            name,
            draw.fit_text(name, 22, w - 12, True),
            (rect.centerx, center[1] + r + 16),
            draw.INK,
            bold=True,
        )
    else:
        tx = center[0] - r - 10 if rtl else center[0] + r + 10
        draw.blit_text(
            img,
            name,
            draw.fit_text(name, 22, w - 2 * r - 30, True),
            (tx, rect.centery - 14),
            draw.INK,
            bold=True,
            anchor="midright" if rtl else "midleft",
        )
    if dealer:  # the dealer's chip, lettered so it reads as one
        # 22 px, so it reads on a phone (issue 10); on a wide plate at the far end from the
        # avatar, which it would cover.
        far = h < 100 and not rtl
        spot = (rect.right - 15 if far else rect.x + 15, rect.y + 15)
        pygame.draw.circle(img, draw.GOLD, spot, 14)
        pygame.draw.circle(img, (60, 40, 10), spot, 14, 2)
        draw.blit_text(img, chip, 22, (spot[0], spot[1] - 1), (40, 28, 8), bold=True)
    return img
