"""What the player does at the Hand rummy table: taps, drags and keys, and the actions they
lead to — draw, stage into groups (HR-13), apply melds (HR-14), add to a table meld or take its
joker back (HR-7, HR-8), discard, sort and move cards in the hand and undo (HR-15).

**Why a tap on a hand card does not discard** (the other games play on one tap): in rummy the
hand is a workspace. A tap selects a card (a second tap lets it go; nothing moves), so that
several can be selected and then go together with one more tap: **Meld** lays them (or stages
them towards the 51-point opening), a group or the "new group" box stages them, a meld on the
table takes them — a three-card meld is four taps. A tap that threw a card away instead would
lose it for good. So one gesture discards without any doubt: **drag the card onto the discard
pile** (as in the rummy apps players know), or select it alone and tap the pile (or Discard,
or Enter). A drag is a pick and a drop in one: dropped on a group it stages the card, on a
table meld it adds it, beside or on the hand's cards it moves it there (the only way to
re-order by hand; Undo puts it back, HR-15).

:class:`RummyTaps` is a part of :class:`game.games.hand_rummy.scene.RummyTable`: the scene
routes its input here. It acts through the scene (``act``, hints) and moves your workspace.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.games.hand_rummy.melds import classify, extend
from game.games.hand_rummy.scene_workspace import Hit
from game.games.hand_rummy.scene_zoom import MeldZoom
from game.games.hand_rummy.staging import rank_key, suit_key
from game.i18n import digits, t
from game.ui.overlay import Overlay

if TYPE_CHECKING:
    from game.games.hand_rummy.scene import RummyTable


class RummyTaps:
    """Taps, keys and the actions they submit (see the module docstring)."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.workspace = table.workspace
        self.queued: list[dict[str, Any]] = []  # the next adds of several cards to one meld
        self._targets: tuple[object, set[int]] | None = None

    # ----- actions ------------------------------------------------------------------------------
    def draw_from(self, source: str) -> None:
        if not self.table.my_turn():
            self.table.messages.show_hint(t("hr.err.not_your_turn"))
            return
        self.table.act(self.table.me, {"type": "draw", "from": source}, human=True)

    def apply_or_meld(self) -> None:
        """The Apply button: with three cards or more selected it melds them (Meld), else it
        applies the staged groups (HR-14)."""
        if self.workspace.melding():
            self.meld_selected()
        else:
            self.apply_melds()

    def meld_selected(self) -> None:
        """Lay the selected cards as one meld, with the groups already staged (HR-14); before
        the opening, while they come to less than 51 points, they are staged instead. Cards
        that make neither a run nor a set, or a turn that is not yours, change nothing and
        say why."""
        table, ws = self.table, self.workspace
        cards = ws.chosen_cards()
        reason = table.turn.apply_reason()
        if reason in ("not_your_turn", "not_drawn"):
            table.messages.show_hint(t(f"hr.reason.{reason}"))
            return
        if classify(cards) is None:
            table.messages.show_hint(t("hr.tip.not_a_meld"))
            return
        if reason == "invalid_group":
            table.messages.show_hint(t("hr.reason.invalid_group"))
            return
        before = (list(ws.staging.hand), [list(g) for g in ws.staging.groups], list(ws.chosen))
        ws.stage_chosen(None)
        if table.turn.apply_reason() == "opening_under_51":
            points = digits(ws.staging.staged_points())
            table.messages.show_hint(t("hr.tip.staged_more", n=points))
        elif not self.apply_melds():  # refused (its reason shows): the cards as they were
            ws.staging.hand, ws.staging.groups, ws.chosen = before

    def apply_melds(self) -> bool:
        """Lay the valid staged groups (HR-14); False (and why) when nothing was laid."""
        reason = self.table.turn.apply_reason()
        if reason is not None:
            self.table.messages.show_hint(t(f"hr.reason.{reason}"))
            return False
        action = self.workspace.staging.apply_action()
        if action is None:
            return False
        self.workspace.selected = None
        return self.table.act(self.table.me, dict(action), human=True)

    def discard_selected(self) -> None:
        if len(self.workspace.chosen) > 1:
            self.table.messages.show_hint(t("hr.tip.one_to_discard"))
            return
        if self.workspace.selected is None or self.workspace.selected >= len(
            self.workspace.staging.hand
        ):
            self.table.messages.show_hint(t("hr.tip.pick_first"))
            return
        if not self.table.my_turn():
            self.table.messages.show_hint(t("hr.err.not_your_turn"))
            return
        code = self.workspace.staging.hand[self.workspace.selected]
        if self.table.act(self.table.me, {"type": "discard", "card": code}, human=True):
            self.workspace.selected = None

    def add_group(self) -> None:
        """A new group; the selected cards go into it."""
        self.workspace.stage_chosen(None)

    def clear_staging(self) -> None:
        self.workspace.staging.clear()
        self.workspace.selected = None

    def sort_suit(self) -> None:
        """Sort by suit; drawn cards go to their place in that order from now on."""
        self.workspace.staging.sort_by_suit()
        self.workspace.sort_key = suit_key
        self.workspace.selected = None

    def sort_rank(self) -> None:
        self.workspace.staging.sort_by_rank()
        self.workspace.sort_key = rank_key
        self.workspace.selected = None

    def undo(self) -> None:
        self.workspace.staging.undo()
        self.workspace.selected = None

    def tap_hand(self, index: int) -> None:
        """Select a card, or let a selected one go (several may be selected; none moves)."""
        self.workspace.toggle(index)
        self.table.app.audio.play("bid", 0.3)

    def move_in_hand(self, index: int) -> None:
        """Move the picked card to ``index`` in the hand row (an order change only)."""
        if self.workspace.selected is None:
            return
        self.workspace.staging.move_in_hand(self.workspace.selected, index)
        self.workspace.selected = None
        self.table.app.audio.play("deal", 0.3)

    def tap_group(self, group: int | None) -> None:
        """Stage the selected cards into ``group`` (None: a new group)."""
        if not self.workspace.chosen and group is not None:
            self.table.messages.show_hint(t("hr.tip.pick_first"))
            return
        self.workspace.stage_chosen(group)

    def tap_staged(self, group: int, index: int) -> None:
        self.workspace.staging.unstage(group, index)
        if not self.workspace.staging.groups[group]:
            del self.workspace.staging.groups[group]
        self.workspace.selected = None

    def tap_meld(self, meld: int) -> None:
        """Add the selected card to a table meld, or take its joker back (HR-7, HR-8); several
        selected cards go on one by one (or take a set's joker back together); with no card
        selected, show the meld large."""
        if not self.workspace.chosen:
            self.zoom_meld(meld)
            return
        if len(self.workspace.chosen) > 1:
            self.add_several(meld)
            return
        card = self.workspace.staging.hand[self.workspace.chosen[0]]
        action = None
        for a in self.table.session.legal():
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

    def several_actions(self, meld: int) -> list[dict[str, Any]] | None:
        """The actions that put every selected card on table meld ``meld``: a legal joker
        swap taking them all, else adds in an order where each card fits (None: no such)."""
        cards = self.workspace.chosen_cards()
        for a in self.table.session.legal():
            if a["type"] == "swap_joker" and a["meld"] == meld and a.get("cards") == sorted(cards):
                return [a]
        melds = self.table.session.view().get("melds", [])
        order = add_order(list(melds[meld]), cards) if 0 <= meld < len(melds) else None
        if order is None:
            return None
        return [{"type": "add", "card": c, "meld": meld} for c in order]

    def add_several(self, meld: int) -> None:
        """Several selected cards onto one table meld: the first now, the others each as the
        table is yours again; cards that cannot all go there change nothing."""
        actions = self.several_actions(meld)
        if actions is None:
            self.table.messages.show_hint(t("hr.tip.do_not_fit"))
            return
        if self.table.act(self.table.me, actions[0], human=True):
            self.workspace.chosen = []
            self.queued = actions[1:]

    def follow_up(self) -> None:
        """Send the next queued add once the last one is shown and it is still your turn."""
        if not self.queued:
            return
        table = self.table
        over = table.session.phase != "play" or table.me not in table.session.to_act()
        if over or (table.my_turn() and not table.act(table.me, self.queued.pop(0), human=True)):
            self.queued = []  # (the turn ended, or the table refused the next add)

    def targets(self) -> set[int]:
        """The table melds all the selected cards (more than one) may go to now."""
        key = (self.table.session.version, tuple(self.workspace.chosen_cards()))
        if self._targets is None or self._targets[0] != key:
            opened = self.table.opened[self.table.me] and self.table.my_turn()
            melds = range(len(self.table.session.view().get("melds", []))) if opened else range(0)
            self._targets = (key, {m for m in melds if self.several_actions(m) is not None})
        return self._targets[1]

    def zoom_meld(self, meld: int | None) -> None:
        """Open table meld ``meld`` large above the table; None closes it."""
        shown = [o for o in self.table.app.overlays if isinstance(o, MeldZoom)]
        for o in shown:
            o.close()
        if meld is not None and 0 <= meld < len(self.table.meld_rows.melds):
            show: Callable[[Overlay], object] = self.table.app.open_overlay  # not annotated yet
            show(MeldZoom(self.table, meld))

    def tap_discard_pile(self) -> None:
        if self.table.my_turn() and not self.table.turn.drawn():
            self.draw_from("discard")
        elif self.workspace.chosen:
            self.discard_selected()
        elif self.table.my_turn():
            self.table.messages.show_hint(t("hr.tip.discard"))
        else:
            self.table.messages.show_hint(t("hr.err.not_your_turn"))

    def tap_stock(self) -> None:
        if self.table.my_turn() and self.table.turn.drawn():
            self.table.messages.show_hint(t("hr.err.already_drawn"))
            return
        self.draw_from("stock")

    # ----- input -------------------------------------------------------------------------------
    def closed(self) -> bool:
        """No taps or keys count while the cards are dealt or the table plays your seat."""
        if self.table.phase != "play" or self.table.my_seat.assisted:
            self.table.hand_view.drag = None
            return True
        return False

    def held(self) -> int | None:
        """The hand row index of the card being dragged, if any (the shared drag keeps
        Hand rummy's index where the other games keep a card's code)."""
        return cast("int | None", self.table.hand_view.dragged())

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
            self.table.controls.apply.visible
            and not self.table.controls.apply.enabled
            and self.table.controls.apply.rect.collidepoint(pos)
        ):
            self.table.messages.show_hint(t(f"hr.reason.{self.table.turn.apply_reason()}"))
            return
        hit = self.hit(pos, skip)
        if hit is None:
            return
        kind, *where = hit
        if kind == "hand":
            self.tap_hand(where[0])
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
            if self.table.my_turn() and not self.table.turn.drawn():
                self.draw_from("stock")
            else:
                self.discard_selected()


def add_order(meld: list[str], cards: list[str]) -> list[str] | None:
    """An order in which ``cards`` go onto the table meld ``meld`` one by one, each fitting
    the meld as it is then (None: they do not all fit)."""
    current = classify(meld)
    left, order = list(cards), []
    while left and current is not None:
        fit = next(((c, m) for c in left if (m := extend(current, c)) is not None), None)
        if fit is None:
            return None
        left.remove(fit[0])
        order.append(fit[0])
        current = fit[1]
    return order if not left and current is not None else None
