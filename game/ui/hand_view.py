"""The player's own hand on screen: :class:`HandView`, a part the table scene owns.

The scene keeps the hand's sprites (``hand``: code → sprite), their order (``hand_order``) and
the selected card (``selected``), since its events deal, play and sort them. The hand view owns
what the pointer and the keys do with them: which card lies under a tap (the topmost wins), the
card pressed and dragged (it follows the pointer; let go above the hand, it is played), the
glide of every resting card to its slot (raised ones lift) and ←/→ selection along the hand.
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.table_still import cards_key, cards_region, clear_of
from game.ui.tween import approach

if TYPE_CHECKING:
    from game.ui.app import App

DRAG_START = 16  # logical px a press must travel before it is a drag, not a tap
K = TypeVar("K")

Drag = dict[str, Any]  # {"code", "start", "pos", "moved"} while a card is pressed


class HandTable(Protocol):
    """What the hand view reads of its table (and ``selected``, which it moves)."""

    app: App
    selected: str | None

    @property
    def hand(self) -> Mapping[str, Sprite]: ...
    @property
    def hand_order(self) -> list[str]: ...


class HandView:
    """The own hand's pointer, drag, glide and selection (see the module docstring)."""

    def __init__(self, table: HandTable) -> None:
        self.table = table
        self.drag: Drag | None = None
        self.targets: dict[str, tuple[float, float]] = {}  # where each gliding card goes

    # ----- the pointer ----------------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int]) -> str | None:
        """The own card under ``pos`` (the topmost, i.e. rightmost, wins)."""
        hand: Mapping[str, Sprite] = getattr(self.table, "hand", {})
        order: list[str] = getattr(self.table, "hand_order", [])
        for code in reversed(order):
            sprite = hand.get(code)
            if sprite is not None and sprite.visible and sprite.rect().collidepoint(pos):
                return code
        return None

    def press(self, code: str, pos: tuple[int, int]) -> Drag:
        """``code`` pressed at ``pos`` (a tap until it travels :data:`DRAG_START`)."""
        return {"code": code, "start": pos, "pos": pos, "moved": False}

    def drag_to(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        assert drag is not None
        drag["pos"] = pos
        sx, sy = drag["start"]
        if (pos[0] - sx) ** 2 + (pos[1] - sy) ** 2 >= px(DRAG_START) ** 2:
            drag["moved"] = True

    def dragged(self) -> str | None:
        """The own card being dragged now (it follows the pointer), if any."""
        return self.drag["code"] if self.drag is not None and self.drag["moved"] else None

    def chosen(self, code: str) -> bool:
        """``code`` glows: it is selected, or dragged over the table (letting go plays it)."""
        if code == self.table.selected:
            return True
        return code == self.dragged() and self.drag is not None and self.on_table(self.drag["pos"])

    def in_draw_order(self, keys: Sequence[K]) -> list[K]:
        """``keys`` (hand codes or places) with the dragged one last, so it is drawn on top."""
        held = self.dragged()
        return [k for k in keys if k != held] + [k for k in keys if k == held]

    def on_table(self, pos: tuple[int, int]) -> bool:
        """``pos`` lies above the hand (a dragged card released there is played)."""
        layout = self.table.app.layout
        return pos[1] < layout.hand_center[1] - layout.card[1] // 2 - layout.select_lift

    # ----- the cards' places --------------------------------------------------------------------
    def glide(self, slots: list[tuple[float, float]], raised: Container[str], dt: float) -> None:
        """Own cards glide to their ``slots``; cards in ``raised`` lift (the selected one more),
        cards still in flight are left to their motion, a dragged card follows the pointer."""
        table = self.table
        layout = table.app.layout
        held = self.dragged()
        self.targets = targets = {}
        for code, slot in zip(table.hand_order, slots):
            sprite = table.hand[code]
            if sprite.moving:
                continue
            if code == held and self.drag is not None:
                sprite.pos = self.drag["pos"]
                continue
            lift = (
                (layout.select_lift if code == table.selected else layout.lift)
                if code in raised
                else 0
            )
            target = targets[code] = (slot[0], slot[1] - lift)
            sprite.pos = (
                approach(sprite.pos[0], target[0], 18, dt),
                approach(sprite.pos[1], target[1], 18, dt),
            )

    def at_rest(self) -> bool:
        """None of the hand's cards flies, turns, shakes or is dragged, and each lies on the
        slot it glides to (within half a pixel: a slot on a half pixel is never met by round()
        from the side the card comes from)."""
        if self.dragged() is not None:
            return False
        for code, sprite in self.table.hand.items():
            if sprite.motion is not None or sprite.flip_t is not None or sprite.shake > 0:
                return False
            x, y = self.targets.get(code, sprite.pos)
            if abs(sprite.pos[0] - x) >= 0.5 or abs(sprite.pos[1] - y) >= 0.5:
                return False
        return True

    def still_among(self, others: list[Sprite], others_still: bool) -> bool:
        """The hand can be kept in the still layer: at rest, and the cards around it
        (``others``: a trick, the table's cards) at rest too or drawn nowhere over it."""
        if not self.at_rest():
            return False
        if others_still:
            return True
        return clear_of(cards_region(self.sprites()), others)

    def still_part(self, looks: tuple[Any, ...]) -> tuple[Hashable, pygame.Rect]:
        """The hand at rest as a part of the still layer; ``looks``: how each card is drawn
        (dimmed, glowing), in the hand's order."""
        sprites = self.sprites()
        return (cards_key(sprites), looks), cards_region(sprites)

    def sprites(self) -> list[Sprite]:
        """The hand's cards in its order."""
        return [self.table.hand[c] for c in self.table.hand_order]

    def step_selection(self, cards: list[str], step: int) -> None:
        """←/→: move the selection along ``cards`` (wrapping), or onto an end of them."""
        if not cards:
            return
        selected = self.table.selected
        if selected in cards:
            self.table.selected = cards[(cards.index(selected) + step) % len(cards)]
        else:
            self.table.selected = cards[0] if step > 0 else cards[-1]
