"""What the player does at the Ronda table: tap or drag a card to play it (any card may be,
RO-9; with "confirm before playing" the first tap selects it and lights up the run it would
take), Play, the ronda and tringa buttons (RO-16: offered only for what the hand holds; one it
does not hold asks first and names its cost, RO-18), and the keys: ←/→ choose a card,
Enter/Space play it, R / T declare ronda / tringa.

:class:`RondaTaps` is a part of :class:`game.games.ronda.scene.RondaTable`: it owns the game's
buttons and turns taps, keys and clicks into the session's actions (the scene's ``taps``, to
which the shared input flow, game/ui/table_input.py, gives what the widgets did not take).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.games.ronda.rules import KIND_POINTS
from game.i18n import t
from game.ui.table_input import hand_taps
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.games.ronda.scene import RondaTable

JSON = dict[str, Any]


class RondaTaps:
    """The game's buttons, taps and keys (see the module docstring)."""

    def __init__(self, table: RondaTable) -> None:
        self.table = table
        self.play_button: Button | None = None
        self.ronda_button: Button | None = None
        self.tringa_button: Button | None = None

    # ----- the buttons -------------------------------------------------------------------------
    def build(self) -> list[Widget]:
        """Play, and the two declarations (created for the current layout)."""
        table = self.table
        declare = table.places.geometry().declare
        self.play_button = Button(
            table.app.layout.play_button,
            lambda: t("play.play"),
            self.play_selected,
            28,
            primary=True,
            key="play",
        )
        self.ronda_button = Button(
            declare[0],
            lambda: t("ronda.declare.ronda"),
            lambda: self.declare("ronda"),
            24,
            key="declare:ronda",
        )
        self.tringa_button = Button(
            declare[1],
            lambda: t("ronda.declare.tringa"),
            lambda: self.declare("tringa"),
            24,
            key="declare:tringa",
        )
        return [self.play_button, self.ronda_button, self.tringa_button]

    def place(self, modal: bool) -> None:
        """Play while a card is chosen on your turn; a declaration while the hand holds it."""
        table = self.table
        play, ronda, tringa = self._buttons()
        play.visible = not modal and table.selected is not None and table.my_turn()
        held = table.held_kinds() if not modal else set()
        ronda.visible = "ronda" in held
        tringa.visible = "tringa" in held
        first, second = table.places.geometry().declare
        if i18n.is_rtl() and table.app.layout.portrait:
            first, second = second, first  # the first choice reads first
        ronda.rect, tringa.rect = first.copy(), second.copy()

    def _buttons(self) -> tuple[Button, Button, Button]:
        assert self.play_button and self.ronda_button and self.tringa_button, "built first"
        return self.play_button, self.ronda_button, self.tringa_button

    def hinted_rects(self, action: JSON) -> list[pygame.Rect]:
        """Where a suggested action is: its declaration's button, or the card in your hand."""
        if action.get("type") == "declare":
            _play, ronda, tringa = self._buttons()
            button = ronda if action["kind"] == "ronda" else tringa
            return [button.rect.copy()] if button.visible else []
        card = action.get("card")
        hand = self.table.hand
        return [hand[card].rect()] if card in hand else []

    # ----- playing a card ----------------------------------------------------------------------
    def pointer(self, event: pygame.event.Event) -> None:
        """On the own hand: a tap goes to :meth:`click_card`, a card dragged onto the table to
        :meth:`drop_card`."""
        hand_taps(self.table.hand_view, event, self.click_card, self.drop_card)

    def click_card(self, code: str) -> None:
        """Tap a card: it is played (any card may be, RO-9). With "confirm before playing"
        the first tap selects it (its capture lights up) and a second tap or Play plays it."""
        table = self.table
        if not self._may_play(code):
            return
        if table.input_flow.confirm_first() and table.selected != code:
            table.selected = code
            table.app.audio.play("bid", 0.3)
            return
        table.selected = code
        self.play_selected()

    def drop_card(self, code: str) -> None:
        """A card dragged onto the table: played at once."""
        if self._may_play(code):
            self.table.selected = code
            self.play_selected()

    def _may_play(self, code: str | None = None) -> bool:
        """A card may be played now (while the deal is shown, nothing). Out of turn nothing
        changes, but the tap is answered: "Not your turn — wait for Karim" and the card
        tapped gives a little shake."""
        table = self.table
        if table.phase != "play":
            return False
        if not table.my_turn():
            waiting = [s for s in table.session.to_act() if s != table.me]
            if waiting:
                table.messages.show_hint(
                    t("play.not_turn_wait", who=table.places.seat_name(waiting[0]))
                )
            else:
                table.messages.show_hint(t("play.not_turn"))
            if code is not None and code in table.hand:
                table.hand[code].shake = 0.35
            return False
        return True

    def play_selected(self) -> None:
        table = self.table
        if table.selected and table.my_turn() and table.selected in table.hand:
            code, table.selected = table.selected, None
            table.act(table.me, {"type": "play", "card": code}, human=True)

    # ----- declaring ---------------------------------------------------------------------------
    def declare(self, kind: str) -> None:
        """Declare ``kind``; one the hand does not hold asks first and names its cost (RO-18)."""
        table = self.table
        if not table.can_declare():
            return
        if kind in table.held_kinds():
            self.send_declaration(kind)
            return
        text = t(
            f"ronda.ask.false_{kind}",
            who=self.penalty_taker(),
            n=i18n.digits(KIND_POINTS[kind]),
        )
        table.aids.ask(
            t("ronda.ask.title", kind=t(f"ronda.declare.{kind}")),
            text,
            t("ronda.ask.declare", kind=t(f"ronda.declare.{kind}")),
            t("ronda.ask.cancel"),
            lambda: self.send_declaration(kind),
            primary="no",  # the false claim costs points: the gold button keeps your hand
        )

    def send_declaration(self, kind: str) -> None:
        table = self.table
        if table.can_declare():
            table.act(table.me, {"type": "declare", "kind": kind}, human=True)

    def penalty_taker(self) -> str:
        """Who scores a false declaration of yours (RO-18): the other team, or the opponent
        (with three players, the player after you)."""
        table = self.table
        if table.sides.teams:
            return t("ronda.ask.them")
        return table.places.seat_name((table.me + 1) % table.players)

    # ----- keys --------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> None:
        """←/→ choose a card, Enter/Space play it, R / T declare ronda / tringa."""
        table = self.table
        if not table.my_turn():
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._may_play(table.selected)  # answered as a tap is: whose turn it is
            return
        if event.key == pygame.K_r:
            self.declare("ronda")
        elif event.key == pygame.K_t:
            self.declare("tringa")
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            table.hand_view.step_selection(table.hand_order, step)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play_selected()
