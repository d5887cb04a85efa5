"""What the player does at the Hand rummy table: taps, drags and keys, and the actions they
lead to — draw, stage into groups (HR-13), apply melds (HR-14), add to a table meld or take its
joker back (HR-7, HR-8), discard, sort and move cards in the hand and undo (HR-15).

**Why a tap on a hand card does not discard** (the other games play on one tap): in rummy the
hand is a workspace. A tap picks a card so that the next tap can put it into a group, onto a
table meld, or at another place in the hand — most taps of a turn are that, and a tap that
threw the card away instead would lose it for good. So one gesture discards without any doubt:
**drag the card onto the discard pile** (as in the rummy apps players know). A drag is a pick
and a drop in one: dropped on a group it stages the card, on a table meld it adds it, beside
the hand's cards it moves it there. Pick-then-tap the pile (or Discard, or Enter) still works.

:class:`RummyInput` is a part of :class:`game.games.hand_rummy.table.RummyTable` (a mixin).
"""

from __future__ import annotations

import pygame

from game.games.hand_rummy.table_zoom import MeldZoom
from game.i18n import t
from game.ui.scale import px


class RummyInput:
    """Taps, keys and the actions they submit (see the module docstring)."""

    # ----- actions ------------------------------------------------------------------------------
    def draw_from(self, source: str) -> None:
        if not self.my_turn():
            self.show_hint(t("hr.err.not_your_turn"))
            return
        self.act(self.me, {"type": "draw", "from": source}, human=True)

    def apply_melds(self) -> None:
        reason = self.apply_reason()
        if reason is not None:
            self.show_hint(t(f"hr.reason.{reason}"))
            return
        action = self.staging.apply_action()
        if action is not None:
            self.selected = None
            self.act(self.me, action, human=True)

    def discard_selected(self) -> None:
        if self.selected is None or self.selected >= len(self.staging.hand):
            self.show_hint(t("hr.tip.pick_first"))
            return
        if not self.my_turn():
            self.show_hint(t("hr.err.not_your_turn"))
            return
        code = self.staging.hand[self.selected]
        if self.act(self.me, {"type": "discard", "card": code}, human=True):
            self.selected = None

    def add_group(self) -> None:
        """A new empty group; with a card picked, that card goes into it."""
        index = self.staging.add_group()
        if self.selected is not None:
            self.staging.stage(self.selected, index)
            self.selected = None

    def clear_staging(self) -> None:
        self.staging.clear()
        self.selected = None

    def sort_suit(self) -> None:
        self.staging.sort_by_suit()
        self.selected = None

    def sort_rank(self) -> None:
        self.staging.sort_by_rank()
        self.selected = None

    def undo(self) -> None:
        self.staging.undo()
        self.selected = None

    def tap_hand(self, index: int) -> None:
        """Pick a card; tap it again to put it down; with a card picked, a tap on another
        card of the hand moves the picked one to that place (Undo puts it back, HR-15)."""
        if self.selected is None or self.selected >= len(self.staging.hand):
            self.selected = index
        elif self.selected == index:
            self.selected = None
        else:
            self.move_in_hand(index)
            return
        self.app.audio.play("bid", 0.3)

    def move_in_hand(self, index: int) -> None:
        """Move the picked card to ``index`` in the hand row (an order change only)."""
        if self.selected is None:
            return
        self.staging.move_in_hand(self.selected, index)
        self.selected = None
        self.app.audio.play("deal", 0.3)

    def gap_index(self, pos: tuple[int, int]) -> int:
        """The hand place nearest ``pos`` (for a tap beside the cards of the hand row)."""
        slots = self.geo.hand_slots(len(self.staging.hand))
        return min(
            range(len(slots)),
            key=lambda i: (slots[i][0] - pos[0]) ** 2 + (slots[i][1] - pos[1]) ** 2,
        )

    def tap_group(self, group: int | None) -> None:
        """Stage the picked card into ``group`` (None: a new group)."""
        if self.selected is None:
            if group is None:
                self.staging.add_group()
            else:
                self.show_hint(t("hr.tip.pick_first"))
            return
        if group is None:
            group = self.staging.add_group()
        self.staging.stage(self.selected, group)
        self.selected = None

    def tap_staged(self, group: int, index: int) -> None:
        self.staging.unstage(group, index)
        if not self.staging.groups[group]:
            del self.staging.groups[group]
        self.selected = None

    def tap_meld(self, meld: int) -> None:
        """Add the picked card to a table meld, or take its joker back (HR-7, HR-8); with no
        card picked, show the meld large."""
        if self.selected is None:
            self.zoom_meld(meld)
            return
        card = self.staging.hand[self.selected]
        action = None
        for a in self.legal():
            if (
                a["type"] == "swap_joker"
                and a["meld"] == meld
                and (a.get("card") == card or card in a.get("cards", []))
            ):
                action = a
                break
        if action is None:
            action = {"type": "add", "card": card, "meld": meld}
        if self.act(self.me, action, human=True):
            self.selected = None

    def zoom_meld(self, meld: int | None) -> None:
        """Open table meld ``meld`` large above the table; None closes it."""
        shown = [o for o in self.app.overlays if isinstance(o, MeldZoom)]
        for o in shown:
            o.close()
        if meld is not None and 0 <= meld < len(self.melds):
            self.app.open_overlay(MeldZoom(self, meld))

    def tap_discard_pile(self) -> None:
        if self.my_turn() and not self.drawn():
            self.draw_from("discard")
        elif self.selected is not None:
            self.discard_selected()
        elif self.my_turn():
            self.show_hint(t("hr.tip.discard"))
        else:
            self.show_hint(t("hr.err.not_your_turn"))

    def tap_stock(self) -> None:
        if self.my_turn() and self.drawn():
            self.show_hint(t("hr.err.already_drawn"))
            return
        self.draw_from("stock")

    # ----- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self._place_widgets()
        for widget in self.widgets:
            if widget.handle(event):
                self.drag = None
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()  # the pause menu, at any moment of the match
            return
        if self.modal():
            if (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and self.panel_ready()
            ):
                self.close_score()
            return
        if self.phase != "play" or self.my_seat.assisted:
            self.drag = None
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.hit(event.pos)
            self.drag = self._press(hit[1], event.pos) if hit and hit[0] == "hand" else None
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._drag_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, self.drag = self.drag, None
            if drag is not None and drag["moved"]:
                self.drop(drag["code"], event.pos)
            else:
                self.tap(event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_h:
                self.request_hint()
            else:
                self.key(event)

    def drop(self, index: int, pos: tuple[int, int]) -> None:
        """The hand card at ``index`` was dragged to ``pos``: pick it and tap there."""
        if index >= len(self.staging.hand):
            return
        self.selected = index
        hit = self.hit(pos, skip=index)
        if hit is not None and hit[0] == "hand":  # onto another card: it goes to that place
            self.move_in_hand(hit[1])
        elif hit is None and self.geo.hand.collidepoint(pos):
            self.move_in_hand(self.gap_index(pos))
        elif hit is None:
            self.selected = None  # let go over nothing: the card goes back
        else:
            self.tap(pos, skip=index)

    def tap(self, pos: tuple[int, int], skip: int | None = None) -> None:
        """A tap on the table (not on a button): find what is under it, topmost first."""
        if (
            self.apply_button.visible
            and not self.apply_button.enabled
            and self.apply_button.rect.collidepoint(pos)
        ):
            self.show_hint(t(f"hr.reason.{self.apply_reason()}"))
            return
        hit = self.hit(pos, skip)
        if hit is None:
            return
        kind, *where = hit
        if kind == "hand":
            self.tap_hand(where[0])
        elif kind == "hand_gap":
            self.move_in_hand(where[0])
        elif kind == "staged":
            self.tap_staged(*where)
        elif kind == "group":
            self.tap_group(where[0])
        elif kind == "new_group":
            self.tap_group(None)
        elif kind == "meld":
            self.tap_meld(where[0])
        elif kind == "stock":
            self.tap_stock()
        elif kind == "discard":
            self.tap_discard_pile()

    def hit(self, pos: tuple[int, int], skip: int | None = None) -> tuple | None:
        """What lies under ``pos``: ("hand", i), ("hand_gap", i) (beside the hand's cards, with one
        picked), ("staged", g, j), ("group", g), ("new_group",),
        ("meld", m), ("stock",), ("discard",) — or None. ``skip``: a hand card being dragged."""
        for i in reversed(range(len(self.staging.hand))):
            if i == skip:
                continue
            sprite = self.ws.get(("h", i))
            if sprite is not None and sprite.rect().collidepoint(pos):
                return ("hand", i)
        if self.selected is not None and self.staging.hand and self.geo.hand.collidepoint(pos):
            return ("hand_gap", self.gap_index(pos))
        boxes, new_box, _card, _step = self.group_geometry()
        for g, group in enumerate(self.staging.groups):
            for j in reversed(range(len(group))):
                sprite = self.ws.get(("g", g, j))
                if sprite is not None and sprite.rect().collidepoint(pos):
                    return ("staged", g, j)
            if boxes[g].collidepoint(pos):
                return ("group", g)
        if new_box.collidepoint(pos):
            return ("new_group",)
        for meld, rect in self._meld_rects:
            if rect.inflate(px(8), px(8)).collidepoint(pos):
                return ("meld", meld)
        if self.pile_rect(self.geo.stock).collidepoint(pos):
            return ("stock",)
        if self.pile_rect(self.geo.discard).collidepoint(pos):
            return ("discard",)
        return None

    def key(self, event: pygame.event.Event) -> None:
        n = len(self.staging.hand)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.selected = (
                (0 if step > 0 else n - 1) if self.selected is None else (self.selected + step) % n
            )
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.my_turn() and not self.drawn():
                self.draw_from("stock")
            else:
                self.discard_selected()

    def on_escape(self) -> None:
        """Esc drops the selected card first; with none selected it opens the pause menu."""
        if self.selected is not None:
            self.selected = None
        else:
            self.open_pause()

    def pile_rect(self, center: tuple[int, int]) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.geo.pile_card)
        r.center = center
        return r.inflate(px(12), px(12))
