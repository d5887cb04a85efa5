"""The Ronda table's still layer (game/ui/table_still.py): what of the table does not move,
described as parts — the top bar, each seat's backs, pile and plate, the stock, the table's
cards at rest, your hand at rest, the piles' counts — each with a key holding everything its
drawing reads and a rect holding everything it draws.

The layer keeps what comes first in the table's drawing order (backs, piles, plates, the stock,
the table's cards, your hand, cards in the air, the piles' counts, then the callouts): the
table's cards are kept only at rest, your hand only at rest with the table's cards kept too or
drawn nowhere over it, the counts only when nothing moves or flies; whatever is drawn over the
layer is drawn over exactly what a full redraw would have under it.

:class:`RondaStillParts` is a part of :class:`game.games.ronda.scene.RondaTable`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.ui import scale
from game.ui.scale import px
from game.ui.static_layer import Parts

if TYPE_CHECKING:
    from game.games.ronda.scene import RondaTable


class RondaStillParts:
    """The still parts of the Ronda table (see the module docstring)."""

    def __init__(self, table: RondaTable) -> None:
        self.table = table

    def table_still(self) -> bool:
        return self.table.table_cards.still()

    def hand_still(self) -> bool:
        """Your hand is kept in the layer: at rest, and the table's cards at rest too or drawn
        nowhere over the hand."""
        table = self.table
        cards = list(table.table_cards.sprites.values())
        return table.hand_view.still_among(cards, self.table_still())

    def badges_still(self) -> bool:
        return self.table_still() and self.hand_still() and not self.table.flying

    def parts(self) -> tuple[Hashable, Parts]:
        """The still layer's parts (game/ui/static_layer.py); see the module docstring."""
        table = self.table
        parts: Parts = dict(table.plates.still_parts())
        hud = (table.deal.number, table.deal.batch, table.deal.batches, table.sides.target)
        parts["top"] = (hud, table.frame.still.hud_region())
        for seat in table.others():
            parts[("backs", seat)] = (table.deal.counts[seat], self.backs_region(seat))
        for seat in range(table.players):
            parts[("pile", seat)] = (
                table.deal.piles[seat],
                self.pile_region(table.places.pile(seat)),
            )
        deck = self.pile_region(table.places.geometry().deck, True)
        parts["deck"] = ((table.painter.deck_left(), table.riffle is not None), deck)
        if self.table_still():
            parts["table"] = table.table_cards.part(table.painter.preview())
        if self.hand_still():
            mine = table.my_turn()
            lit = tuple(table.hand_view.chosen(c) and mine for c in table.hand_order)
            parts["hand"] = table.hand_view.still_part(lit)
        if self.badges_still():
            for seat in range(table.players):
                key = (
                    table.deal.piles[seat],
                    table.session.side_of(seat) if table.sides.teams else None,
                )
                parts[("count", seat)] = (key, self.pile_region(table.places.pile(seat), True))
        return (table.frame.still.whole_key(), table.players, table.sides.teams), parts

    def backs_region(self, seat: int) -> pygame.Rect:
        """Where a seat's row of backs draws (any count up to a full hand)."""
        table = self.table
        n = max(1, table.deal.counts[seat])
        cx, cy = table.places.seat_hand(seat)
        step = px(22)
        rect = pygame.Rect((0, 0), table.app.layout.small)
        rect.center = (round(cx - step * (n - 1) / 2), cy)
        rect.w += round(step * (n - 1)) + px(2)
        return rect.inflate(px(4), px(4))

    def pile_region(self, center: tuple[int, int], badge: bool = False) -> pygame.Rect:
        """Where a pile (or the stock) at ``center`` draws: up to four backs stepped up and
        left, its empty outline, and with ``badge`` its count on the lower corner."""
        layout = self.table.app.layout
        rect = pygame.Rect((0, 0), layout.small)
        rect.center = center
        region = rect.union(rect.move(-px(6), -px(6))).inflate(px(4), px(4))
        if badge:
            box = scale.rect(0, 0, 46, 32) if layout.portrait else scale.rect(0, 0, 40, 26)
            box.center = (
                center[0] + layout.small[0] // 2 - px(4),
                center[1] + layout.small[1] // 2 - px(6),
            )
            region.union_ip(box.inflate(px(4), px(4)))
        return region
