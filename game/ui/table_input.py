"""Input every card table shares: widgets first, then Esc, then taps, drags and keys on the
own hand (the :meth:`TableInput.pointer` and :meth:`TableInput.keys` hooks a game overrides);
while a score or match-over panel is open only Enter / Space (next) counts, and not in the
panel's first second (a held key or a double tap must not skip it unread). What a tap or a
drag does with the own hand's cards (which card, dragged where, their glide to their slots,
←/→ selection) is the hand view's: :class:`game.ui.hand_view.HandView`, ``self.hand_view``.

**One tap plays** (docs/LOOK.md "Cards"): a tap on a legal card plays it; pressing a card and
dragging it up onto the table (released above the hand) plays it too; an illegal card shakes
and says why. The setting "confirm before playing" (``confirm_play``) restores select-then-
confirm for taps (a drag is deliberate, so it still plays at once).

:class:`TableInput` is a part of :class:`game.ui.cardtable.CardTable` (a mixin). A table with
a hand of sprites keeps ``self.hand`` (code → sprite), ``self.hand_order`` and ``self.selected``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.hand_view import Drag, HandView
from game.ui.sprites import Sprite
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.ui.app import App

PANEL_GRACE = 1.0  # seconds a summary stays before Enter or a tap may close it


class TableInput:
    """Taps, drags and keys on a table (see the module docstring)."""

    # What it uses of the table it is part of (set by CardTable and the game's table scene;
    # a table with a hand of sprites keeps ``hand``, ``hand_order`` and ``selected``):
    app: App
    widgets: list[Widget]
    score: dict[str, Any] | None
    over: dict[str, Any] | None
    next_button: Button
    again_button: Button
    menu2_button: Button
    hand: Mapping[str, Sprite]
    hand_order: list[str]
    selected: str | None
    hand_view: HandView
    widgets_fresh: bool
    refresh_widgets: Callable[[], None]
    close_score: Callable[[], None]
    request_hint: Callable[[], None]
    open_pause: Callable[[], None]

    def confirm_first(self) -> bool:
        """The player asked to confirm each card (select, then tap again or Play)."""
        return bool(self.app.settings.get("confirm_play", False))

    # The hand view's pressed card and drag, under the names Hand rummy's scene uses.
    @property
    def drag(self) -> Drag | None:
        """The own card pressed now ({"code", "start", "pos", "moved"}), if any."""
        return self.hand_view.drag

    @drag.setter
    def drag(self, drag: Drag | None) -> None:
        self.hand_view.drag = drag

    def dragged(self) -> str | None:
        """The own card being dragged now (``self.hand_view.dragged``)."""
        return self.hand_view.dragged()

    def panel_ready(self) -> bool:
        """The open score panel has been up long enough to be closed (at least 1 s)."""
        return self.score is not None and self.score["t"] >= PANEL_GRACE

    def hold_summaries(self) -> None:
        """A summary's buttons (next; again / menu at the match end) work only after 1 s."""
        self.next_button.enabled = self.panel_ready()
        over = self.over is not None and self.over["t"] >= PANEL_GRACE
        self.again_button.enabled = self.menu2_button.enabled = over

    # ----- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Widgets first, then Esc; while a score or match-over panel is open only Enter/Space
        (next) counts; otherwise a key goes to :meth:`keys`, anything else to :meth:`pointer`
        (the hooks a game overrides)."""
        self.refresh_widgets()
        self.widgets_fresh = False  # what this event does may change them
        for widget in self.widgets:
            if widget.handle(event):
                self.hand_view.drag = None
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return
        if self.score is not None or self.over is not None:
            if (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and self.panel_ready()
            ):
                self.close_score()
            return
        if event.type == pygame.KEYDOWN:
            self.keys(event)
        else:
            self.pointer(event)

    def pointer(self, event: pygame.event.Event) -> None:
        """A tap, drag or release the widgets did not take (a table with a hand of sprites:
        ``self.hand``, ``self.hand_order``): a tap on an own card goes to :meth:`click_card`,
        a card dragged onto the table to :meth:`drop_card`."""
        hand = self.hand_view
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            code = hand.card_at(event.pos)
            hand.drag = None if code is None else hand.press(code, event.pos)
        elif event.type == pygame.MOUSEMOTION and hand.drag is not None:
            hand.drag_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, hand.drag = hand.drag, None
            if drag is not None and drag["moved"]:
                if hand.on_table(event.pos):
                    self.drop_card(drag["code"])
                return
            code = hand.card_at(event.pos)
            if code is not None:
                self.click_card(code)

    def keys(self, event: pygame.event.Event) -> None:
        """A key press the widgets did not take: H asks for a hint, others go to :meth:`key`."""
        if event.key == pygame.K_h:
            self.request_hint()
        else:
            self.key(event)

    def on_escape(self) -> None:
        """Esc at the table: the pause menu (a game may first let Esc undo a selection)."""
        self.open_pause()

    def click_card(self, code: str) -> None:
        """A tap on the own card ``code`` (the game decides: play, select, refuse)."""

    def drop_card(self, code: str) -> None:
        """The own card ``code`` was dragged onto the table: play it (or refuse it)."""

    def key(self, event: pygame.event.Event) -> None:
        """A key press the widgets did not take."""
