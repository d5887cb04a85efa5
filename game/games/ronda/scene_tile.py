"""Ronda's home tile: the four Spanish aces (oros, copas, espadas, bastos) on deep blue."""

import pygame

from game.ui import tiles


def art(size: tuple[int, int]) -> pygame.Surface:
    surf = tiles.ground(size, (30, 62, 120))
    tiles.fan(surf, ("1B", "1E", "1C", "1O"), "spanish", spread=15)
    return surf
