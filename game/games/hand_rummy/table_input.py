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

:class:`RummyTaps` is a part of :class:`game.games.hand_rummy.table.RummyTable`: the scene
routes its input here. It acts through the scene (``act``, hints) and moves your workspace.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import pygame

from game.games.hand_rummy.table_workspace import Hit
from game.games.hand_rummy.table_zoom import MeldZoom
from game.i18n import t
from game.ui.overlay import Overlay

if TYPE_CHECKING:
    from game.games.hand_rummy.table import RummyTable


class RummyTaps:
    """Taps, keys and the actions they submit (see the module docstring)."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.workspace = table.workspace

    # ----- actions ------------------------------------------------------------------------------
    def draw_from(self, source: str) -> None:
        if not self.table.my_turn():
            self.table.show_hint(t("hr.err.not_your_turn"))
            return
        self.table.act(self.table.me, {"type": "draw", "from": source}, human=True)

    def apply_melds(self) -> None:
        reason = self.table.apply_reason()
        if reason is not None:
            self.table.show_hint(t(f"hr.reason.{reason}"))
            return
        action = self.workspace.staging.apply_action()
        if action is not None:
            self.workspace.selected = None
            self.table.act(self.table.me, dict(action), human=True)

    def discard_selected(self) -> None:
        if self.workspace.selected is None or self.workspace.selected >= len(
            self.workspace.staging.hand
        ):
            self.table.show_hint(t("hr.tip.pick_first"))
            return
        if not self.table.my_turn():
            self.table.show_hint(t("hr.err.not_your_turn"))
            return
        code = self.workspace.staging.hand[self.workspace.selected]
        if self.table.act(self.table.me, {"type": "discard", "card": code}, human=True):
            self.workspace.selected = None

    def add_group(self) -> None:
        """A new empty group; with a card picked, that card goes into it."""
        index = self.workspace.staging.add_group()
        if self.workspace.selected is not None:
            self.workspace.staging.stage(self.workspace.selected, index)
            self.workspace.selected = None

    def clear_staging(self) -> None:
        self.workspace.staging.clear()
        self.workspace.selected = None

    def sort_suit(self) -> None:
        self.workspace.staging.sort_by_suit()
        self.workspace.selected = None

    def sort_rank(self) -> None:
        self.workspace.staging.sort_by_rank()
        self.workspace.selected = None

    def undo(self) -> None:
        self.workspace.staging.undo()
        self.workspace.selected = None

    def tap_hand(self, index: int) -> None:
        """Pick a card; tap it again to put it down; with a card picked, a tap on another
        card of the hand moves the picked one to that place (Undo puts it back, HR-15)."""
        if self.workspace.selected is None or self.workspace.selected >= len(
            self.workspace.staging.hand
        ):
            self.workspace.selected = index
        elif self.workspace.selected == index:
            self.workspace.selected = None
        else:
            self.move_in_hand(index)
            return
        self.table.app.audio.play("bid", 0.3)

    def move_in_hand(self, index: int) -> None:
        """Move the picked card to ``index`` in the hand row (an order change only)."""
        if self.workspace.selected is None:
            return
        self.workspace.staging.move_in_hand(self.workspace.selected, index)
        self.workspace.selected = None
        self.table.app.audio.play("deal", 0.3)

    def tap_group(self, group: int | None) -> None:
        """Stage the picked card into ``group`` (None: a new group)."""
        if self.workspace.selected is None:
            if group is None:
                self.workspace.staging.add_group()
            else:
                self.table.show_hint(t("hr.tip.pick_first"))
            return
        if group is None:
            group = self.workspace.staging.add_group()
        self.workspace.staging.stage(self.workspace.selected, group)
        self.workspace.selected = None

    def tap_staged(self, group: int, index: int) -> None:
        self.workspace.staging.unstage(group, index)
        if not self.workspace.staging.groups[group]:
            del self.workspace.staging.groups[group]
        self.workspace.selected = None

    def tap_meld(self, meld: int) -> None:
        """Add the picked card to a table meld, or take its joker back (HR-7, HR-8); with no
        card picked, show the meld large."""
        if self.workspace.selected is None:
            self.zoom_meld(meld)
            return
        card = self.workspace.staging.hand[self.workspace.selected]
        action = None
        for a in self.table.legal():
            if (
                a["type"] == "swap_joker"
                and a["meld"] == meld
                and (a.get("card") == card or card in a.get("cards", []))
            ):
                action = a
                break
        if action is None:
            action = {"type": "add", "card": card, "meld": meld}
        if self.table.act(self.table.me, action, human=True):
            self.workspace.selected = None

    def zoom_meld(self, meld: int | None) -> None:
        """Open table meld ``meld`` large above the table; None closes it."""
        shown = [o for o in self.table.app.overlays if isinstance(o, MeldZoom)]
        for o in shown:
            o.close()
        if meld is not None and 0 <= meld < len(self.table.meld_rows.melds):
            show: Callable[[Overlay], object] = self.table.app.open_overlay  # not annotated yet
            show(MeldZoom(self.table, meld))

    def tap_discard_pile(self) -> None:
        if self.table.my_turn() and not self.table.drawn():
            self.draw_from("discard")
        elif self.workspace.selected is not None:
            self.discard_selected()
        elif self.table.my_turn():
            self.table.show_hint(t("hr.tip.discard"))
        else:
            self.table.show_hint(t("hr.err.not_your_turn"))

    def tap_stock(self) -> None:
        if self.table.my_turn() and self.table.drawn():
            self.table.show_hint(t("hr.err.already_drawn"))
            return
        self.draw_from("stock")

    # ----- input -------------------------------------------------------------------------------
    def closed(self) -> bool:
        """No taps or keys count while the cards are dealt or the table plays your seat."""
        if self.table.phase != "play" or self.table.my_seat.assisted:
            self.table.hand_view.drag = None
            return True
        return False

    def pointer(self, event: pygame.event.Event) -> None:
        """A tap, drag or release the table's widgets did not take (the scene's
        :meth:`~game.ui.cardtable.CardTable.pointer` hook)."""
        if self.closed():
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.hit(event.pos)
            # (the shared drag keeps Hand rummy's hand index where the others keep a code)
            index = cast(str, hit[1]) if hit and hit[0] == "hand" else None
            hand = self.table.hand_view
            hand.drag = None if index is None else hand.press(index, event.pos)
        elif event.type == pygame.MOUSEMOTION and self.table.hand_view.drag is not None:
            self.table.hand_view.drag_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, self.table.hand_view.drag = self.table.hand_view.drag, None
            if drag is not None and drag["moved"]:
                self.drop(drag["code"], event.pos)
            else:
                self.tap(event.pos)

    def drop(self, index: int, pos: tuple[int, int]) -> None:
        """The hand card at ``index`` was dragged to ``pos``: pick it and tap there."""
        if index >= len(self.workspace.staging.hand):
            return
        self.workspace.selected = index
        hit = self.hit(pos, skip=index)
        if hit is not None and hit[0] == "hand":  # onto another card: it goes to that place
            self.move_in_hand(hit[1])
        elif hit is None and self.table.geo.hand.collidepoint(pos):
            self.move_in_hand(self.workspace.gap_index(pos))
        elif hit is None:
            self.workspace.selected = None  # let go over nothing: the card goes back
        else:
            self.tap(pos, skip=index)

    def tap(self, pos: tuple[int, int], skip: int | None = None) -> None:
        """A tap on the table (not on a button): find what is under it, topmost first."""
        if (
            self.table.apply_button.visible
            and not self.table.apply_button.enabled
            and self.table.apply_button.rect.collidepoint(pos)
        ):
            self.table.show_hint(t(f"hr.reason.{self.table.apply_reason()}"))
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

    def hit(self, pos: tuple[int, int], skip: int | None = None) -> Hit | None:
        """What lies under ``pos``, topmost first: your cards and the staging area's boxes
        (:meth:`Workspace.at`), ("meld", m), ("stock",), ("discard",) — or None. ``skip``: a
        hand card being dragged."""
        found = self.workspace.at(pos, skip)
        if found is not None:
            return found
        meld = self.table.meld_rows.at(pos)
        if meld is not None:
            return ("meld", meld)
        pile = self.table.piles.at(pos)
        return (pile,) if pile is not None else None

    def key(self, event: pygame.event.Event) -> None:
        n = len(self.workspace.staging.hand)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.workspace.selected = (
                (0 if step > 0 else n - 1)
                if self.workspace.selected is None
                else (self.workspace.selected + step) % n
            )
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.table.my_turn() and not self.table.drawn():
                self.draw_from("stock")
            else:
                self.discard_selected()
