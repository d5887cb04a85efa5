"""What the player does at the Hareeja table: taps and drags on the own hand (one tap plays a
legal card; with "confirm before playing", a first tap selects it), an illegal card refused with
its reason (HJ-8), a tap on the table's centre to look at the last trick, and the keys (L: the
last trick; 0 … 8 and Enter while bidding; ←/→ and Enter in play), and Play, which plays the
selected card with "confirm before playing".

:class:`HareejaTaps` is a part of :class:`game.games.hareeja.scene.HareejaTable`: the scene's
``taps``, to which the shared input flow (game/ui/table_input.py) gives the taps, drags and
keys the widgets did not take.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.cards import suit_of
from game.i18n import t
from game.ui.table_input import hand_taps
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.games.hareeja.scene import HareejaTable

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HareejaTaps:
    """Taps, drags and keys at the Hareeja table, and Play (see the module docstring)."""

    play_button: Button  # with "confirm before playing": plays the selected card

    def __init__(self, table: HareejaTable) -> None:
        self.table = table

    def build(self) -> Button:
        """Play, for the current layout."""
        self.play_button = Button(
            self.table.app.layout.play_button,
            lambda: t("play.play"),
            self.play_selected,
            28,
            primary=True,
            key="play",
        )
        return self.play_button

    def place(self, modal: bool) -> None:
        """Play shows while a card is selected on your turn (with "confirm before playing")."""
        table = self.table
        self.play_button.visible = not modal and table.selected is not None and table.my_turn()

    def pointer(self, event: pygame.event.Event) -> None:
        """A tap on the empty centre of the table shows the last trick; on the own hand, a
        tap goes to :meth:`click_card`, a card dragged onto the table to :meth:`drop_card`."""
        if self.taps_centre(event):
            self.table.trick_area.toggle()
        else:
            hand_taps(self.table.hand_view, event, self.click_card, self.drop_card)

    def click_card(self, code: str) -> None:
        """Tap a legal card: it is played (with "confirm before playing": selected first, a
        second tap or Play plays it); an illegal card shakes and says why (HJ-8)."""
        table = self.table
        if table.phase != "play" or self.refuse(code):
            return
        if table.input_flow.confirm_first() and table.selected != code:
            table.selected = code
            return
        self.play_card(code)

    def drop_card(self, code: str) -> None:
        """A card dragged onto the table: played at once if legal."""
        if self.table.phase == "play" and not self.refuse(code):
            self.play_card(code)

    def refuse(self, code: str) -> bool:
        """Refuse ``code`` with its reason (not your turn, must follow suit); True if refused."""
        table = self.table
        if not table.my_turn():
            table.messages.show_hint(t("play.not_turn"))
            return True
        if code in table.legal_cards():
            return False
        trick = table.session.view()["trick"]
        led = suit_of(trick[0][1]) if trick else ""
        table.messages.show_hint(
            t("play.follow", suit=t(f"suit.{led}")) if led else t("play.not_turn")
        )
        table.hand[code].shake = 0.35
        return True

    def play_card(self, code: str) -> None:
        self.table.selected = code
        self.play_selected()

    def play_selected(self) -> None:
        """Play the selected card, if it is legal now."""
        table = self.table
        code = table.selected
        if code and table.my_turn() and code in table.legal_cards():
            table.selected = None
            table.act(table.me, {"type": "play", "card": code}, human=True)

    def taps_centre(self, event: pygame.event.Event) -> bool:
        """``event`` is a tap on the empty centre of the table (in play, no panel open)."""
        table = self.table
        return (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and not table.modal()
            and table.phase == "play"
            and table.hand_view.card_at(event.pos) is None
            and table.trick_area.rect().collidepoint(event.pos)
            and not any(w.visible and w.rect.collidepoint(event.pos) for w in table.widgets)
        )

    def key(self, event: pygame.event.Event) -> None:
        table = self.table
        if event.key == pygame.K_l:
            table.trick_area.toggle()
        elif table.can_bid():
            table.bidding.key(event.key)
        elif table.my_turn():
            legal = [c for c in table.hand_order if c in table.legal_cards()]
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                table.hand_view.step_selection(legal, step)
            elif event.key in ENTER_KEYS:
                self.play_selected()
