"""The others' hands on the Hareeja table, face down at their seats with a count's badge, and
the deck at the centre while the deal still has cards to send (riffled first: game/ui/shuffle.py).

:class:`Backs` is a part of :class:`game.games.hareeja.scene.HareejaTable`: it owns how many
cards each seat holds as shown, where a seat's backs draw and their drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import digits
from game.ui import assets, draw, scale, shuffle
from game.ui.scale import px
from game.ui.shuffle import Riffle

if TYPE_CHECKING:
    from game.games.hareeja.scene import HareejaTable


class Backs:
    """The others' backs and the deck (see the module docstring)."""

    def __init__(self, table: HareejaTable, players: int) -> None:
        self.table = table
        self.counts = [0] * players  # cards each seat holds, as shown
        self.riffle: Riffle | None = None  # the deck riffled before the deal, while it lasts

    def _step(self) -> int:
        """How far apart a seat's backs lie."""
        return backs_step(self.table.app.layout.portrait)

    def _badge(self, seat: int, n: int) -> pygame.Rect:
        """The count's badge, on the last back's lower corner."""
        layout = self.table.app.layout
        return backs_badge(
            self.table.places.seat_hand(seat), n, layout.small, layout.portrait
        ).copy()

    def region(self, seat: int) -> pygame.Rect:
        """Where a seat's backs and their count's badge draw (any count up to a full hand)."""
        layout = self.table.app.layout
        n = max(1, self.counts[seat])
        hand = self.table.places.seat_hand(seat)
        return backs_region(hand, n, layout.small, layout.portrait).copy()

    def draw(self, surface: pygame.Surface, seat: int) -> None:
        """Seat ``seat``'s cards face down, fanned, with how many there are."""
        layout = self.table.app.layout
        n = self.counts[seat]
        if n <= 0:
            return
        back = assets.card_back(layout.small)
        cx, cy = self.table.places.seat_hand(seat)
        step = self._step()
        x0 = cx - step * (n - 1) / 2
        for i in range(n):
            surface.blit(back, back.get_rect(center=(round(x0 + i * step), cy)))
        self._draw_badge(surface, seat, n)

    def draw_badges_over(self, surface: pygame.Surface, cards: list[pygame.Rect]) -> None:
        """The badges that cards in the air pass over, again over them (a card landing on a
        hand or leaving it never hides how many it holds)."""
        for seat, n in enumerate(self.counts):
            if n > 0 and self._badge(seat, n).collidelist(cards) >= 0:
                self._draw_badge(surface, seat, n)

    def _draw_badge(self, surface: pygame.Surface, seat: int, n: int) -> None:
        layout = self.table.app.layout
        badge = self._badge(seat, n)
        pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=px(12))
        pygame.draw.rect(surface, draw.GOLD, badge, px(2), border_radius=px(12))
        size = 22 if layout.portrait else 18
        draw.blit_text(surface, digits(n), size, badge.center, draw.INK, bold=True)

    def deck_left(self) -> int:
        """Cards of the deal not yet on their way (the deck at the centre shows them)."""
        table = self.table
        if table.phase != "deal":
            return 0
        return sum(
            1
            for s in [*table.flying, *table.hand.values()]
            if s.hide_until_start and s.motion is not None and not s.motion.started
        )

    def update(self, dt: float) -> None:
        """The riffle before the deal runs on (game/ui/shuffle.py)."""
        self.riffle = shuffle.advanced(self.riffle, dt)

    def draw_deck(self, surface: pygame.Surface) -> None:
        if self.riffle is not None:  # the deck is being riffled: that is the deck
            self.riffle.draw(surface)
            return
        left = self.deck_left()
        if left <= 0:
            return
        layout = self.table.app.layout
        back = assets.card_back(layout.small)
        for i in range(min(4, (left + 7) // 8)):
            off = i * px(2)
            surface.blit(
                back, back.get_rect(center=(layout.center[0] - off, layout.center[1] - off))
            )


def backs_step(portrait: bool) -> int:
    """How far apart a seat's backs lie."""
    return px(9) if portrait else px(12)


@scale.cached(maxsize=64)
def backs_badge(
    hand: tuple[int, int], n: int, small: tuple[int, int], portrait: bool
) -> pygame.Rect:
    """The count's badge of ``n`` backs fanned at ``hand``, on the last back's lower corner
    (kept: the still layer asks for it every frame; callers get a copy)."""
    cx, cy = hand
    badge = scale.rect(0, 0, 40, 30) if portrait else scale.rect(0, 0, 34, 26)
    badge.center = (
        round(cx + backs_step(portrait) * (n - 1) / 2 + small[0] / 2 - px(6)),
        cy + small[1] // 2 - px(6),
    )
    return badge


@scale.cached(maxsize=64)
def backs_region(
    hand: tuple[int, int], n: int, small: tuple[int, int], portrait: bool
) -> pygame.Rect:
    """Where ``n`` backs fanned at ``hand`` and their badge draw (kept, as the badge)."""
    cx, cy = hand
    step = backs_step(portrait)
    rect = pygame.Rect((0, 0), small)
    rect.center = (round(cx - step * (n - 1) / 2), cy)
    rect.w += round(step * (n - 1)) + px(2)
    return rect.union(backs_badge(hand, n, small, portrait)).inflate(px(4), px(4))
