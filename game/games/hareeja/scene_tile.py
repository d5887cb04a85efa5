"""Hareeja's home tile: the four honours fanned on deep burgundy (a trick-taking hand)."""

import pygame

from game.ui import tiles


def art(size: tuple[int, int]) -> pygame.Surface:
    surf = tiles.ground(size, (128, 36, 44))
    tiles.fan(surf, ("JC", "QD", "KH", "AS"), "french", spread=13)
    return surf
