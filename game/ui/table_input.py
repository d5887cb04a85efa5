"""Input every card table shares: widgets first, then taps, drags and keys on the own hand;
while a score or match-over panel is open only Enter / Space (next) counts, and not in the
panel's first second (a held key or a double tap must not skip it unread). Also the gliding
of the own hand to its slots and ←/→ selection along it.

**One tap plays** (docs/LOOK.md "Cards"): a tap on a legal card plays it; pressing a card and
dragging it up onto the table (released above the hand) plays it too; an illegal card shakes
and says why. The setting "confirm before playing" (``confirm_play``) restores select-then-
confirm for taps (a drag is deliberate, so it still plays at once).

:class:`TableInput` is a part of :class:`game.ui.cardtable.CardTable` (a mixin). A table with
a hand of sprites keeps ``self.hand`` (code → sprite), ``self.hand_order`` and ``self.selected``.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.tween import approach
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.ui.app import App

DRAG_START = 16  # logical px a press must travel before it is a drag, not a tap
PANEL_GRACE = 1.0  # seconds a summary stays before Enter or a tap may close it
K = TypeVar("K")


class TableInput:
    """Taps, drags and keys on a table (see the module docstring)."""

    drag: dict[str, Any] | None = None  # {"code", "start", "pos", "moved"} while a card is pressed

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
    _place_widgets: Callable[[], None]
    close_score: Callable[[], None]
    request_hint: Callable[[], None]
    open_pause: Callable[[], None]

    def confirm_first(self) -> bool:
        """The player asked to confirm each card (select, then tap again or Play)."""
        return bool(self.app.settings.get("confirm_play", False))

    def panel_ready(self) -> bool:
        """The open score panel has been up long enough to be closed (at least 1 s)."""
        return self.score is not None and self.score["t"] >= PANEL_GRACE

    def hold_summaries(self) -> None:
        """A summary's buttons (next; again / menu at the match end) work only after 1 s."""
        self.next_button.enabled = self.panel_ready()
        over = self.over is not None and self.over["t"] >= PANEL_GRACE
        self.again_button.enabled = self.menu2_button.enabled = over

    # ----- input (a table with a hand of sprites: self.hand, self.hand_order) ------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Widgets first; while a score or match-over panel is open only Enter/Space (next)
        counts; otherwise a tap on an own card goes to :meth:`click_card`, a card dragged onto
        the table to :meth:`drop_card`, keys to :meth:`key`."""
        self._place_widgets()
        for widget in self.widgets:
            if widget.handle(event):
                self.drag = None
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
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            code = self.card_at(event.pos)
            self.drag = None if code is None else self._press(code, event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._drag_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, self.drag = self.drag, None
            if drag is not None and drag["moved"]:
                if self.on_table(event.pos):
                    self.drop_card(drag["code"])
                return
            code = self.card_at(event.pos)
            if code is not None:
                self.click_card(code)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_h:
                self.request_hint()
            else:
                self.key(event)

    def _press(self, code: str, pos: tuple[int, int]) -> dict[str, Any]:
        return {"code": code, "start": pos, "pos": pos, "moved": False}

    def _drag_to(self, pos: tuple[int, int]) -> None:
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
        if code == self.selected:
            return True
        return code == self.dragged() and self.drag is not None and self.on_table(self.drag["pos"])

    def in_draw_order(self, keys: Sequence[K]) -> list[K]:
        """``keys`` (hand codes or places) with the dragged one last, so it is drawn on top."""
        held = self.dragged()
        return [k for k in keys if k != held] + [k for k in keys if k == held]

    def on_table(self, pos: tuple[int, int]) -> bool:
        """``pos`` lies above the hand (a dragged card released there is played)."""
        layout = self.app.layout
        return pos[1] < layout.hand_center[1] - layout.card[1] // 2 - layout.select_lift

    def on_escape(self) -> None:
        """Esc at the table: the pause menu (a game may first let Esc undo a selection)."""
        self.open_pause()

    def click_card(self, code: str) -> None:
        """A tap on the own card ``code`` (the game decides: play, select, refuse)."""

    def drop_card(self, code: str) -> None:
        """The own card ``code`` was dragged onto the table: play it (or refuse it)."""

    def key(self, event: pygame.event.Event) -> None:
        """A key press the widgets did not take."""

    def card_at(self, pos: tuple[int, int]) -> str | None:
        """The own card under ``pos`` (the topmost, i.e. rightmost, wins)."""
        hand: Mapping[str, Sprite] = getattr(self, "hand", {})
        order: list[str] = getattr(self, "hand_order", [])
        for code in reversed(order):
            sprite = hand.get(code)
            if sprite is not None and sprite.visible and sprite.rect().collidepoint(pos):
                return code
        return None

    def glide_hand(
        self, slots: list[tuple[float, float]], raised: Container[str], dt: float
    ) -> None:
        """Own cards glide to their ``slots``; cards in ``raised`` lift (the selected one more),
        cards still in flight are left to their motion, a dragged card follows the pointer."""
        layout = self.app.layout
        held = self.dragged()
        targets: dict[str, tuple[float, float]] = {}  # where each gliding card goes
        self._hand_targets = targets  # (the still layer asks)
        for code, slot in zip(self.hand_order, slots):
            sprite = self.hand[code]
            if sprite.moving:
                continue
            if code == held and self.drag is not None:
                sprite.pos = self.drag["pos"]
                continue
            lift = (
                (layout.select_lift if code == self.selected else layout.lift)
                if code in raised
                else 0
            )
            target = targets[code] = (slot[0], slot[1] - lift)
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
