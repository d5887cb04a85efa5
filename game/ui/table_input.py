"""Input every card table shares: widgets first, then taps on the own hand's cards and keys;
while a score or match-over panel is open only Enter / Space (next) counts. Also the gliding of
the own hand to its slots and ←/→ selection along it.

:class:`TableInput` is a part of :class:`game.ui.cardtable.CardTable` (a mixin). A table with
a hand of sprites keeps ``self.hand`` (code → sprite), ``self.hand_order`` and ``self.selected``.
"""

from __future__ import annotations

import pygame

from game.ui.tween import approach


class TableInput:
    """Taps and keys on a table (see the module docstring)."""

    # ----- input (a table with a hand of sprites: self.hand, self.hand_order) ------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Widgets first; while a score or match-over panel is open only Enter/Space (next)
        counts; otherwise a click on an own card goes to :meth:`click_card`, keys to :meth:`key`."""
        self._place_widgets()
        for widget in self.widgets:
            if widget.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return
        if self.score is not None or self.over is not None:
            if (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_SPACE)
                and self.score is not None
            ):
                self.close_score()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            code = self.card_at(event.pos)
            if code is not None:
                self.click_card(code)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def on_escape(self) -> None:
        """Esc at the table: the pause menu (a game may first let Esc undo a selection)."""
        self.open_pause()

    def click_card(self, code: str) -> None:
        """A tap on the own card ``code`` (the game decides: select, play, refuse)."""

    def key(self, event: pygame.event.Event) -> None:
        """A key press the widgets did not take."""

    def card_at(self, pos: tuple[int, int]) -> str | None:
        """The own card under ``pos`` (the topmost, i.e. rightmost, wins)."""
        hand = getattr(self, "hand", {})
        for code in reversed(getattr(self, "hand_order", [])):
            sprite = hand.get(code)
            if sprite is not None and sprite.visible and sprite.rect().collidepoint(pos):
                return code
        return None

    def glide_hand(self, slots: list[tuple[float, float]], raised, dt: float) -> None:
        """Own cards glide to their ``slots``; cards in ``raised`` lift (the selected one more),
        cards still in flight are left to their motion."""
        L = self.app.layout
        for code, slot in zip(self.hand_order, slots):
            sprite = self.hand[code]
            if sprite.moving:
                continue
            lift = (L.select_lift if code == self.selected else L.lift) if code in raised else 0
            target = (slot[0], slot[1] - lift)
            sprite.pos = (
                approach(sprite.pos[0], target[0], 18, dt),
                approach(sprite.pos[1], target[1], 18, dt),
            )

    def step_selection(self, cards: list[str], step: int) -> None:
        """←/→: move ``self.selected`` along ``cards`` (wrapping), or onto an end of them."""
        if not cards:
            return
        if self.selected in cards:
            self.selected = cards[(cards.index(self.selected) + step) % len(cards)]
        else:
            self.selected = cards[0] if step > 0 else cards[-1]
