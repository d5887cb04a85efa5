"""The winner's moment at the end of a match (a part of :class:`game.ui.table_over.MatchEnd`).

Over the dimmed table the winner's plate (each winner's, in a tie or a team) shows again
undimmed with a gold glow round it, and a burst of card backs and gold flecks flies up from it
and falls back under the match-over panel, to a short fanfare (the "win" cue, then a chime).
After ``BURST`` seconds only the plate's steady glow stays: the picture is still again.

Cheap in the browser: a dozen blits of the cached opaque card back, a few dozen small fills,
and a few rect outlines for the glow (no per-pixel or surface alpha). Skipped with reduced
motion and in headless runs (``app.flourish``): there the confetti alone falls as before.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pygame

from game.ui import assets, draw
from game.ui.scale import px

BURST = 2.4  # seconds the pieces fly
CARDS = 12  # card backs in the burst
FLECKS = 36  # gold flecks
GRAVITY = 900.0  # px/s² at factor 1
CHIME_AT = 0.35  # the fanfare's second note
GLOW = (draw.GOLD, draw.SAND, (255, 226, 140))  # the rings, outermost last


def winner_seats(result: dict[str, Any], players: int) -> list[int]:
    """The seats that won: ``winners`` (or ``winner``) are seats, or sides when there are fewer
    totals than players (teams: seat % sides); none on a draw."""
    if result.get("draw"):
        return []
    won = result.get("winners")
    if won is None:
        won = [] if result.get("winner") is None else [result["winner"]]
    sides = len(result.get("totals", [])) or players
    if sides < players:
        return [s for s in range(players) if s % sides in won]
    return [int(s) for s in won if 0 <= int(s) < players]


class Celebration:
    """The glow round the winners' plates and the burst from them (see the module docstring)."""

    def __init__(
        self,
        plates: list[pygame.Rect],
        card: tuple[int, int],
        rng: random.Random,
        chime: Callable[[], None] | None = None,
    ) -> None:
        self.plates = [p.copy() for p in plates]
        self.card = (max(8, card[0]), max(10, card[1]))
        self.t = 0.0
        self.chime = chime
        k = px(100) / 100
        self.gravity = GRAVITY * k
        self.pieces: list[list[float]] = []  # [x, y, vx, vy, kind]: kind -1 a back, else colour
        for plate in self.plates:
            # as high as the room over the plate allows (a plate at the top bursts lower)
            room = min(max(px(40), plate.top - px(24)), px(420))
            for i in range(CARDS + FLECKS):
                rise = math.sqrt(2 * self.gravity * room * rng.uniform(0.35, 1.0))
                kind = -1 if i < CARDS else rng.randrange(len(GLOW))
                x = plate.centerx + rng.uniform(-0.3, 0.3) * plate.w
                wide = 1 + 1.5 * (px(420) - room) / px(420)  # (less room: wider)
                vx = rng.uniform(-1.0, 1.0) * (px(300) if i < CARDS else px(420)) * wide
                self.pieces.append([x, plate.top, vx, -rise, kind])

    @property
    def active(self) -> bool:
        return self.t < BURST

    def update(self, dt: float) -> None:
        if not self.active:
            return
        before, self.t = self.t, self.t + dt
        if before < CHIME_AT <= self.t and self.chime is not None:
            self.chime()
        for p in self.pieces:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += self.gravity * dt
        if self.t >= BURST:
            self.pieces = []

    def draw_plates(
        self, surface: pygame.Surface, rects: list[pygame.Rect], plate: Callable[[int], None]
    ) -> None:
        """The winners' plates (now at ``rects``) again over the dim (``plate(i)`` draws the
        i-th), glowing: the rings pulse while the burst flies, then stay."""
        pulse = 0.5 + 0.5 * math.sin(self.t * 9) if self.active else 1.0
        for i, rect in enumerate(rects):
            grow = px(3) + round(px(4) * pulse)
            for ring, color in enumerate(GLOW):
                edge = rect.inflate(2 * (grow - ring * px(2)), 2 * (grow - ring * px(2)))
                pygame.draw.rect(surface, color, edge, max(1, px(2)), border_radius=px(14))
            plate(i)  # over the rings: its own edge and its total's tab stay whole

    def draw_burst(self, surface: pygame.Surface) -> None:
        """The pieces in the air (under the match-over panel)."""
        if not self.pieces:
            return
        back = assets.card_back(self.card)
        w, h = self.card
        bounds = surface.get_rect()
        fleck = px(7)
        for x, y, _vx, _vy, kind in self.pieces:
            if y > bounds.bottom + h:
                continue
            if kind < 0:
                surface.blit(back, (round(x) - w // 2, round(y) - h // 2))
            else:  # a fleck turning: its height follows its fall
                tall = max(1, round(fleck * abs(math.sin(y / px(23)))))
                surface.fill(GLOW[int(kind)], (round(x), round(y), fleck, tall))
