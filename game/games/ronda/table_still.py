"""The Ronda table's still layer (game/ui/table_still.py): what of
the table does not move, described as parts — the top bar, each seat's backs, pile and plate,
the stock, the table's cards at rest, your hand at rest, the piles' counts — each with a key
holding everything its drawing reads and a rect holding everything it draws.

The layer keeps what comes first in the table's drawing order (backs, piles, plates, the stock,
the table's cards, your hand, cards in the air, the piles' counts, then declarations, reveals,
points and flashes): the table's cards are kept only at rest, your hand only at rest with the
table's cards kept too or drawn nowhere over it, the counts only when nothing moves or flies;
whatever is drawn over the layer is drawn over exactly what a full redraw would have under it.

:class:`RondaStill` is a part of :class:`game.games.ronda.table.RondaTable` (a mixin).
"""

from __future__ import annotations

import pygame

from game.games.ronda.cards import sort_hand
from game.ui import draw, scale
from game.ui.scale import px
from game.ui.table_still import cards_key, cards_region


class RondaStill:
    """The still parts of the Ronda table (see the module docstring)."""

    def deck_left(self) -> int:
        """The stock's count as shown: the cards not dealt and those not yet on their way."""
        waiting = sum(
            1
            for s in [*self.flying, *self.hand.values(), *self.table_cards.values()]
            if s.hide_until_start and s.motion is not None and not s.motion.started
        )
        return self.deck_count + waiting

    def table_still(self) -> bool:
        """None of the table's cards moves, turns, shakes, waits hidden or glides aside."""
        targets = self.__dict__.get("_table_targets", {})
        for code, sprite in self.table_cards.items():
            if sprite.motion is not None or sprite.flip_t is not None or sprite.shake > 0:
                return False
            x, y = targets.get(code, sprite.pos)
            if abs(sprite.pos[0] - x) >= 0.5 or abs(sprite.pos[1] - y) >= 0.5:
                return False
        return True

    def hand_still(self) -> bool:
        """Your hand is kept in the layer: at rest, and the table's cards at rest too or drawn
        nowhere over the hand."""
        return self.hand_view.still_among(list(self.table_cards.values()), self.table_still())

    def badges_still(self) -> bool:
        return self.table_still() and self.hand_still() and not self.flying

    def still_parts(self) -> tuple[tuple, dict] | None:
        """The still layer's parts (game/ui/static_layer.py); see the module docstring."""
        parts: dict = self.plates.still_parts()
        hud = (self.deal_no, self.batch, self.batches, self.target)
        parts["top"] = (hud, self.hud_region())
        for seat in self.others():
            parts[("backs", seat)] = (self.counts[seat], self.backs_region(seat))
        for seat in range(self.players):
            parts[("pile", seat)] = (self.piles[seat], self.pile_region(self.pile_pos(seat)))
        left = self.deck_left()
        parts["deck"] = (left, self.pile_region(self.geometry()["deck"], True))
        if self.table_still():
            sprites, lit = self._table_looks()
            parts["table"] = ((cards_key(sprites), lit), cards_region(sprites))
        if self.hand_still():
            mine = self.my_turn()
            lit = tuple(self.hand_view.chosen(c) and mine for c in self.hand_order)
            parts["hand"] = self.hand_view.still_part(lit)
        if self.badges_still():
            for seat in range(self.players):
                parts[("count", seat)] = (
                    self._badge_key(seat),
                    self.pile_region(self.pile_pos(seat), True),
                )
        return (self.whole_key(), self.players, self.teams), parts

    def _badge_key(self, seat: int) -> tuple:
        return (self.piles[seat], self.session.side_of(seat) if self.teams else None)

    def _table_looks(self) -> tuple[list, tuple]:
        """The table's cards in drawing order and which of them glow."""
        chosen = self.previewed()
        preview = set(self.would_capture(chosen)) if chosen else set()
        codes = sort_hand(list(self.table_cards))
        lit = tuple(c in preview or c in self.glow for c in codes)
        return [self.table_cards[c] for c in codes], lit

    def backs_region(self, seat: int) -> pygame.Rect:
        """Where a seat's row of backs draws (any count up to a full hand)."""
        L = self.app.layout
        n = max(1, self.counts[seat])
        cx, cy = self.seat_hand(seat)
        step = px(22)
        rect = pygame.Rect((0, 0), L.small)
        rect.center = (round(cx - step * (n - 1) / 2), cy)
        rect.w += round(step * (n - 1)) + px(2)
        return rect.inflate(px(4), px(4))

    def pile_region(self, center: tuple[int, int], badge: bool = False) -> pygame.Rect:
        """Where a pile (or the stock) at ``center`` draws: up to four backs stepped up and
        left, its empty outline, and with ``badge`` its count on the lower corner."""
        L = self.app.layout
        rect = pygame.Rect((0, 0), L.small)
        rect.center = center
        region = rect.union(rect.move(-px(6), -px(6))).inflate(px(4), px(4))
        if badge:
            box = scale.rect(0, 0, 46, 32) if L.portrait else scale.rect(0, 0, 40, 26)
            box.center = (center[0] + L.small[0] // 2 - px(4), center[1] + L.small[1] // 2 - px(6))
            region.union_ip(box.inflate(px(4), px(4)))
        return region

    def draw_table_still(self, surface: pygame.Surface) -> None:
        """The part of the table the still layer keeps (only what meets the part being
        repainted is drawn)."""
        four = self.app.settings["four_color"]
        clip = self.in_clip
        for seat in self.others():
            if clip(self.backs_region(seat)):
                self._draw_backs(surface, seat)
        for seat in range(self.players):
            if clip(self.pile_region(self.pile_pos(seat))):
                self._draw_pile(surface, seat)
        self.plates.draw_still(surface, clip)
        self._draw_deck(surface)
        if self.table_still():
            self._draw_table_cards(surface, four)
        if self.hand_still():
            self._draw_hand(surface, four)
        if self.badges_still():
            for seat in range(self.players):
                self._draw_pile_badge(surface, seat)

    def draw_table_moving(self, surface: pygame.Surface) -> None:
        """What is drawn over the still layer every frame (see the module docstring)."""
        four = self.app.settings["four_color"]
        if not self.table_still():
            self._draw_table_cards(surface, four)
        if not self.hand_still():
            self._draw_hand(surface, four)
        for sprite in self.flying:
            sprite.draw(surface, four)
        if not self.badges_still():
            for seat in range(self.players):
                self._draw_pile_badge(surface, seat)
        self._draw_seat_banners(surface)
        self._draw_reveals(surface)
        self._draw_pops(surface)
        if self.flash is not None:
            self._draw_flash(surface)

    def _draw_table_cards(self, surface: pygame.Surface, four: bool) -> None:
        sprites, lit = self._table_looks()
        for sprite, glow in zip(sprites, lit):
            sprite.draw(surface, four, glow=glow, glow_color=draw.GOLD)

    def _draw_hand(self, surface: pygame.Surface, four: bool) -> None:
        mine = self.my_turn()
        for code in self.hand_view.in_draw_order(self.hand_order):
            self.hand[code].draw(surface, four, glow=self.hand_view.chosen(code) and mine)
