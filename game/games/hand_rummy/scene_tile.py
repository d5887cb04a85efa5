"""Hand rummy's home tile: a run with a joker and a set, laid down as melds on ochre."""

import pygame

from game.ui import tiles

RUN = ("5H", "6H", "JK", "8H")
SET = ("QS", "QD", "QC")
OVERLAP = 0.45


def art(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = tiles.ground(size, (150, 104, 36))
    spans = [1 + OVERLAP * (len(RUN) - 1), 1 + OVERLAP * (len(SET) - 1)]  # in card widths
    gap = 0.35
    cw = min(h * 0.62 * 0.7, w * 0.9 / (sum(spans) + gap))
    height = int(cw / 0.7)
    x = (w - cw * (sum(spans) + gap)) / 2
    for codes, span in ((RUN, spans[0]), (SET, spans[1])):
        tiles.row(surf, codes, (round(x + cw * span / 2), h // 2), height, overlap=OVERLAP)
        x += cw * (span + gap)
    return surf
