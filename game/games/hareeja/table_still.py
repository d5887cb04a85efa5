"""The Hareeja table's still layer (game/ui/table_still.py): what of
the table does not move, described as parts — the top bar, each plate, each seat's backs, the
trick at rest, your hand at rest — each with a key holding everything its drawing reads and a
rect holding everything it draws. A frame while a card flies is then one opaque blit of the
layer and the card, instead of the felt, four plates, the backs and every card again.

The still layer keeps what comes first in the table's drawing order (backs, plates, the deck,
the trick, your hand, cards in the air, the bid picker, the last trick): the trick is kept only
at rest, and your hand only at rest with the deck gone and the trick kept too or drawn nowhere
over the hand, so whatever is drawn over the layer is drawn over exactly what a full redraw
would have under it.

:class:`HareejaStill` is a part of :class:`game.games.hareeja.table.HareejaTable` (a mixin).
"""

from __future__ import annotations

import pygame

from game import i18n
from game.ui import draw, scale
from game.ui.plates import plate_avatar
from game.ui.scale import px
from game.ui.table_still import cards_key, cards_region


class HareejaStill:
    """The still parts of the Hareeja table (see the module docstring)."""

    def peeking(self) -> bool:
        """The last trick takes the centre for a moment (the live trick is not drawn)."""
        return self.peek > 0 and self.last_trick is not None

    def deck_left(self) -> int:
        """Cards of the deal not yet on their way (the deck at the centre shows them)."""
        if self.phase != "deal":
            return 0
        return sum(
            1
            for s in [*self.flying, *self.hand.values()]
            if s.hide_until_start and s.motion is not None and not s.motion.started
        )

    def trick_still(self) -> bool:
        return not any(s.motion is not None or s.flip_t is not None for _x, s in self.trick)

    def hand_still(self) -> bool:
        """Your hand is kept in the layer: at rest, the deck gone, and the trick at rest too or
        (a card on its way to the centre) drawn nowhere over the hand."""
        if self.deck_left() > 0:
            return False
        trick = [s for _seat, s in self.trick]
        return self.hand_view.still_among(trick, self.trick_still() or self.peeking())

    def still_parts(self) -> tuple[tuple, dict] | None:
        """The still layer's parts (game/ui/static_layer.py); see the module docstring."""
        parts: dict = self.plates.still_parts()
        if self.revealed and self.reveal_t < 1.0:
            flip_parts(self, parts)
        total = sum(b or 0 for b in self.bids) if self.revealed else None
        hud = (self.round, self.tiebreak, total)
        parts["top"] = (hud, self.hud_region())
        for seat in self.others():
            parts[("backs", seat)] = (self.counts[seat], self.backs_region(seat))
        if self.trick_still():
            sprites = [] if self.peeking() else [s for _seat, s in self.trick]
            parts["trick"] = (cards_key(sprites), cards_region(sprites))
        if self.hand_still():
            legal, playing = self.legal_cards(), self.my_turn()
            looks = tuple(
                (playing and c not in legal, self.hand_view.chosen(c) and playing)
                for c in self.hand_order
            )
            parts["hand"] = self.hand_view.still_part(looks)
        return (self.whole_key(), self.players), parts

    def backs_region(self, seat: int) -> pygame.Rect:
        """Where a seat's backs and their count's badge draw (any count up to a full hand)."""
        L = self.app.layout
        n = max(1, self.counts[seat])
        cx, cy = self.seat_hand(seat)
        step = px(12) if not L.portrait else px(9)
        x0 = cx - step * (n - 1) / 2
        rect = pygame.Rect((0, 0), L.small)
        rect.center = (round(x0), cy)
        rect.w += round(step * (n - 1)) + px(2)
        badge = scale.rect(0, 0, 40, 30) if L.portrait else scale.rect(0, 0, 34, 26)
        badge.center = (
            round(cx + step * (n - 1) / 2 + L.small[0] / 2 - px(6)),
            cy + L.small[1] // 2 - px(6),
        )
        return rect.union(badge).inflate(px(4), px(4))

    def draw_table_still(self, surface: pygame.Surface) -> None:
        """The part of the table the still layer keeps (only what meets the part being
        repainted is drawn)."""
        four = self.app.settings["four_color"]
        clip = self.in_clip
        for seat in self.others():
            if clip(self.backs_region(seat)):
                self._draw_backs(surface, seat)
        self.plates.draw_still(surface, clip)
        if self.trick_still() and not self.peeking():
            for _seat, sprite in self.trick:
                sprite.draw(surface, four)
        if self.hand_still():
            self._draw_hand(surface, four)

    def draw_table_moving(self, surface: pygame.Surface) -> None:
        """What is drawn over the still layer every frame: the deck, the trick and your hand
        while they move, the cards in the air, the bid picker, the last trick."""
        four = self.app.settings["four_color"]
        self._draw_deck(surface)
        if not self.trick_still() and not self.peeking():
            for _seat, sprite in self.trick:
                sprite.draw(surface, four)
        if not self.hand_still():
            self._draw_hand(surface, four)
        for sprite in self.flying:
            sprite.draw(surface, four)
        if self.can_bid() and self.score is None and self.over is None:
            self._draw_picker(surface)
        if self.peeking():
            self._draw_last_trick(surface, four)

    def _draw_hand(self, surface: pygame.Surface, four: bool) -> None:
        legal = self.legal_cards()
        playing = self.my_turn()
        for code in self.hand_view.in_draw_order(self.hand_order):
            self.hand[code].draw(
                surface,
                four,
                dimmed=playing and code not in legal,
                glow=self.hand_view.chosen(code) and playing,
            )


def flip_parts(table: HareejaStill, parts: dict) -> None:
    """While the bids flip in, each plate's figure is a part of its own (its width as
    drawn now, the rect of its full width): a flip frame repaints four small figures,
    not four plates with their avatars and names."""
    rtl = i18n.is_rtl()
    for seat in range(table.players):
        figure, color = table.figure(seat)
        if figure == "check":
            continue
        rect = table.plate_rect(seat)
        pos, anchor = table.plates.figure_place(rect, plate_avatar(rect, rtl), rtl)
        img = draw.label(figure, 22, color, True)
        k = abs(1 - 2 * table.reveal_t) if table.reveal_t < 0.5 else table.reveal_t
        width = max(px(2), round(img.get_width() * k))
        where = img.get_rect(**{anchor: pos}).inflate(px(4), px(4))
        parts[("flip", seat)] = ((figure, color, width), where)
