"""The face-up cards on the Ronda table: kept in Ronda order (RO-6) so that the run a card
would take (RO-9) reads left to right; they glide aside when a card is laid or taken, and the
run being captured, or the one a chosen card would take, glows gold.

:class:`TableCards` is a part of :class:`game.games.ronda.scene.RondaTable`.
"""

from __future__ import annotations

from collections.abc import Set

import pygame

from game.games.ronda.cards import sort_hand
from game.games.ronda.scene_geometry import RondaPlaces
from game.ui import draw
from game.ui.sprites import Sprite
from game.ui.static_layer import Part
from game.ui.table_still import cards_key, cards_region
from game.ui.tween import approach

GLIDE = 14  # how fast a card glides to its slot (tween.approach's rate)


class TableCards:
    """The table's face-up cards by code, the run lit while it is captured, and the slots
    they glide to."""

    def __init__(self, places: RondaPlaces) -> None:
        self.places = places
        self.sprites: dict[str, Sprite] = {}
        self.glow: set[str] = set()  # the run being captured
        self.targets: dict[str, tuple[float, float]] = {}  # this frame's slots (still layer)

    def codes(self) -> list[str]:
        """The cards in Ronda order, as they are drawn."""
        return sort_hand(list(self.sprites))

    def show(self, codes: list[str]) -> None:
        """Lay ``codes`` on their slots at once, face up (a match shown as it stands)."""
        codes = sort_hand(codes)
        size = self.places.geometry().card
        slots = self.places.table_slots(codes)
        self.sprites = {c: Sprite(c, p, size, deck="spanish") for c, p in zip(codes, slots)}

    def slot_for(self, code: str) -> tuple[float, float]:
        """Where ``code`` will lie once laid among the cards there are."""
        codes = sort_hand([*self.sprites, code])
        return self.places.table_slots(codes)[codes.index(code)]

    def update(self, dt: float) -> None:
        """Advance each card, then glide the resting ones to their slots."""
        for sprite in self.sprites.values():
            sprite.update(dt)
        codes = self.codes()
        self.targets = {}
        for code, slot in zip(codes, self.places.table_slots(codes)):
            sprite = self.sprites[code]
            if sprite.moving or not sprite.visible:
                continue
            self.targets[code] = slot
            sprite.pos = (
                approach(sprite.pos[0], slot[0], GLIDE, dt),
                approach(sprite.pos[1], slot[1], GLIDE, dt),
            )

    def moving(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    def still(self) -> bool:
        """None of the cards moves, turns, shakes, waits hidden or glides aside."""
        for code, sprite in self.sprites.items():
            if sprite.motion is not None or sprite.flip_t is not None or sprite.shake > 0:
                return False
            x, y = self.targets.get(code, sprite.pos)
            if abs(sprite.pos[0] - x) >= 0.5 or abs(sprite.pos[1] - y) >= 0.5:
                return False
        return True

    def looks(self, preview: Set[str]) -> tuple[list[Sprite], tuple[bool, ...]]:
        """The cards in drawing order and which of them glow (``preview``: the run a chosen
        card would take)."""
        codes = self.codes()
        lit = tuple(c in preview or c in self.glow for c in codes)
        return [self.sprites[c] for c in codes], lit

    def part(self, preview: Set[str]) -> Part:
        """The cards at rest as a part of the still layer."""
        sprites, lit = self.looks(preview)
        return (cards_key(sprites), lit), cards_region(sprites)

    def draw(self, surface: pygame.Surface, four: bool, preview: Set[str]) -> None:
        sprites, lit = self.looks(preview)
        for sprite, glow in zip(sprites, lit):
            sprite.draw(surface, four, glow=glow, glow_color=draw.GOLD)

    def top(self) -> int | None:
        """The top edge of the highest resting card, if any."""
        tops = [s.rect().top for s in self.sprites.values() if not s.moving]
        return min(tops, default=None)
