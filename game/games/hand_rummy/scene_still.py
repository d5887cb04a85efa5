"""The Hand rummy table's still layer (game/ui/table_still.py): what of the table does not
move, described as parts — the top bar, each plate, the stock and the discard pile, each meld
and each owner's tag, the staging area's cloth, lines and boxes, each of your cards at rest
(up to the first that moves), each card dealt to you that has landed — each with a key holding
everything its drawing reads and a rect holding everything it draws. A card landing on the
discard pile then repaints the pile and the discarder's plate, not the table; a card you pick,
its own rect; a new line in the staging area, that line; while the deal goes on, the cards in
the air are the only ones drawn again each frame.

:class:`RummyStillParts` is a part of :class:`game.games.hand_rummy.scene.RummyTable`; the
piles, the meld rows and the workspace each describe their own parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.scale import px
from game.ui.sprites import Sprite

if TYPE_CHECKING:
    from game.games.hand_rummy.scene import RummyTable

Parts = dict[object, tuple[object, "pygame.Rect"]]


def dealt_region(sprite: Sprite) -> pygame.Rect:
    """Where a card dealt to you draws while it waits for the others: itself and its shadow
    (offset 2, 4: game/ui/sprites.py)."""
    card = sprite.rect()
    return card.union(card.move(px(2), px(4)))


class RummyStillParts:
    """The still parts of the Hand rummy table (see the module docstring)."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table

    def parts(self) -> tuple[tuple[object, ...], Parts]:
        """The still layer's parts (game/ui/static_layer.py): the top bar, each plate, each
        pile, each meld and owner's tag, the staging area, your cards at rest; each key holds
        everything its drawing reads, each rect everything it draws."""
        table = self.table
        parts: Parts = {}
        facts = table.plates.facts()
        for seat in range(table.players):
            parts[("plate", seat)] = table.plates.part(seat, facts)
        g = table.geo
        top = table.app.layout.top_bar.inflate(px(8), px(8))
        parts["top"] = ((table.round, table.rounds), top)
        table.piles.parts(parts, *table.turn.pile_marks())
        table.meld_rows.parts(parts, table.turn.meld_targets())
        workspace = table.workspace
        shown = table.painter.staging_shown()
        parts["staging"] = (shown, g.staging)  # its cloth (game/games/hand_rummy/scene_draw.py)
        if shown:  # its lines and its boxes, each its own part
            message = table.painter.staging_message()
            lines, boxes = workspace.frame_parts(table.opened[table.me], message)
            parts["staging_lines"], parts["staging_boxes"] = lines, boxes
        for name, key, rect in workspace.card_parts(table.taps.held()):
            parts[name] = (key, rect)
        for i, sprite in enumerate(table.shown.dealt_at_rest()):
            x, y = sprite.pos
            parts[("dealt", i)] = ((round(x), round(y), sprite.size), dealt_region(sprite))
        return (table.frame.still.whole_key(), g.portrait, g.players), parts
