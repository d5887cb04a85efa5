"""The Hareeja table's still layer (game/ui/table_still.py): what of the table does not move,
described as parts — the top bar, each plate, each seat's backs, the trick at rest, your hand
at rest — each with a key holding everything its drawing reads and a rect holding everything it
draws. A frame while a card flies is then one opaque blit of the layer and the card, instead of
the felt, four plates, the backs and every card again.

The still layer keeps what comes first in the table's drawing order (backs, plates, the deck,
the trick, your hand, cards in the air, the bid picker, the last trick): the trick is kept only
at rest, and your hand only at rest with the deck gone and the trick kept too or drawn nowhere
over the hand, so whatever is drawn over the layer is drawn over exactly what a full redraw
would have under it.

:class:`HareejaStillParts` is a part of :class:`game.games.hareeja.scene.HareejaTable`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.games.hareeja.scene import HareejaTable
    from game.ui.static_layer import Parts


class HareejaStillParts:
    """The still parts of the Hareeja table (see the module docstring)."""

    def __init__(self, table: HareejaTable) -> None:
        self.table = table

    def hand_still(self) -> bool:
        """Your hand is kept in the layer: at rest, the deck gone, and the trick at rest too or
        (a card on its way to the centre) drawn nowhere over the hand."""
        table = self.table
        if table.backs.deck_left() > 0:
            return False
        area = table.trick_area
        return table.hand_view.still_among(area.sprites(), area.still() or area.peeking())

    def parts(self) -> tuple[Hashable, Parts]:
        """The still layer's parts (game/ui/static_layer.py); see the module docstring."""
        table = self.table
        parts: Parts = dict(table.plates.still_parts())
        if table.bidding.flipping():
            table.bidding.flip_parts(parts)
        hud = table.painter.hud_lines()  # (its words and its line)
        parts["top"] = (hud, table.frame.still.hud_region().union(table.painter.hud_below()))
        for seat in table.others():
            parts[("backs", seat)] = (table.backs.counts[seat], table.backs.region(seat))
        if table.trick_area.still():
            parts["trick"] = table.trick_area.still_part()
        if self.hand_still():
            legal, playing = table.legal_cards(), table.my_turn()
            looks = tuple(
                (playing and c not in legal, table.hand_view.chosen(c) and playing)
                for c in table.hand_order
            )
            parts["hand"] = table.hand_view.still_part(looks)
        return (table.frame.still.whole_key(), table.players), parts

    def draw_still(self, surface: pygame.Surface) -> None:
        """The part of the table the still layer keeps (only what meets the part being
        repainted is drawn)."""
        table = self.table
        four = table.painter.four_color()
        for seat in table.others():
            if table.frame.still.in_clip(table.backs.region(seat)):
                table.backs.draw(surface, seat)
        table.plates.draw_still(surface, table.frame.still.in_clip)
        if table.trick_area.still():
            table.trick_area.draw(surface, four)
        if self.hand_still():
            table.painter.draw_hand(surface, four)

    def draw_moving(self, surface: pygame.Surface) -> None:
        """What is drawn over the still layer every frame: the deck, the trick and your hand
        while they move, the cards in the air, the bid picker, the last trick."""
        table = self.table
        four = table.painter.four_color()
        table.backs.draw_deck(surface)
        if not table.trick_area.still():
            table.trick_area.draw(surface, four)
        if not self.hand_still():
            table.painter.draw_hand(surface, four)
        table.painter.draw_over_cards(surface, four)
