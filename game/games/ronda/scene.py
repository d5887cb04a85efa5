"""The Ronda table scene: batches dealt in blocks of three, captures, caida / mesa, declarations,
the deal's sweep and score, for 2, 3 or 4 players (4 = two teams, partners opposite).

Built on :class:`game.ui.cardtable.CardTable` (event queue, held clocks, bots in slices, plates,
banners, panels, saving). The table cards are shown in Ronda order (RO-6) so a run that a card
would take (RO-9) reads left to right; tapping a card in your hand lights up that run before
you confirm the play.

The session (``self.session``) is the only source of truth; the scene keeps a *displayed* copy
(your hand; each seat's count of cards and pile, the stock, the deal and batch in
:class:`~.scene_deal.ShownDeal`, ``self.deal``) that follows the animations. Who plays with
whom is :class:`~.scene_sides.RondaSides` (``self.sides``). It is made of parts it owns, each
with its state, its hit-testing and its drawing: :class:`~.table_geometry.RondaPlaces` (where
things go, the seats' places and colours),
:class:`~.table_cards.TableCards` (the face-up cards), :class:`~.table_callouts.Callouts`
(declarations, points, flashes, the deal's reveal), and the parts that read the whole scene:
:class:`~.table_events.RondaMotion` (events → animation), :class:`~.table_input.RondaTaps`
(buttons, taps, keys), :class:`~.table_draw.RondaPainter` (drawing: the frame's hooks),
:class:`~.table_still.RondaStillParts` (the still layer) and :class:`~.table_score.ScorePanel`
(the deal's score, the match end). :mod:`.scene_shots` is the screenshot script. The scene
itself answers the hooks :class:`~game.ui.cardtable.CardTable` calls and routes them to its
parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.games.ronda.cards import DECK as RONDA_CARDS
from game.games.ronda.cards import sort_hand
from game.games.ronda.rules import KINDS, capture_run, combination
from game.games.ronda.scene_callouts import SEAT_BANNER, Callouts
from game.games.ronda.scene_cards import TableCards
from game.games.ronda.scene_deal import ShownDeal
from game.games.ronda.scene_draw import RondaPainter
from game.games.ronda.scene_events import RondaMotion
from game.games.ronda.scene_geometry import RondaPlaces
from game.games.ronda.scene_input import RondaTaps
from game.games.ronda.scene_score import ScorePanel
from game.games.ronda.scene_sides import RondaSides
from game.games.ronda.scene_still import RondaStillParts
from game.ui import shuffle
from game.ui.cardtable import CardTable, as_session
from game.ui.event_player import BOT_PAUSE
from game.ui.shuffle import Riffle
from game.ui.sprites import Sprite
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.app import App

JSON = dict[str, Any]
BOT_DECLARE_PAUSE = 0.6


class RondaTable(CardTable):
    """A Ronda match: your seat and one to three others (bots, or players online)."""

    taps: RondaTaps  # the input flow's ``taps`` (game/ui/table_input.py)
    places: RondaPlaces  # (its own: set before CardTable.__init__)
    painter: RondaPainter
    score_panel: ScorePanel  # (its own: it counts the deal's declarations for its height)
    name = "ronda"
    DEFAULT_PLAYERS = 2
    DECK = "spanish"
    CARDS = RONDA_CARDS
    ENGINE_OPTIONS = ("rules",)

    def __init__(
        self,
        app: App,
        session: Any,
        start_events: list[JSON] | None = None,
        bot_seed: int | None = None,
        options: JSON | None = None,
    ) -> None:
        session = as_session(session, bot_seed, self.name)
        n = session.players
        self.hand: dict[str, Sprite] = {}
        self.hand_order: list[str] = []
        self.selected: str | None = None
        self.deal = ShownDeal(n)  # the deal, batch and counts shown (they follow the cards)
        self.riffle: Riffle | None = None  # the stock riffled before a deal (game/ui/shuffle.py)
        view = session.view()
        teams, target = bool(view.get("teams", n == 4)), int(view.get("target", 41))
        mine = session.side_of(session.me)
        seat_name = lambda seat: self.places.seat_name(seat)  # noqa: E731, PLW0108 (made next)
        self.sides = RondaSides(teams, target, mine, session.side_of, seat_name)
        self.places = RondaPlaces(session, lambda: self.app.layout, self.sides)
        self.table_cards = TableCards(self.places)
        self.callouts = Callouts(self)
        self.motion = RondaMotion(self)
        self.taps = RondaTaps(self)
        self.painter = RondaPainter(self)
        self.layer_parts = RondaStillParts(self)
        self.score_panel = ScorePanel(self)
        super().__init__(app, session, start_events, bot_seed, options)
        self.plates.show_totals = False  # the plates' figure is the side's points already

    def sync_from_view(self) -> None:
        """Show the match as it stands now, with no animation (after Continue)."""
        v = self.session.view()
        layout = self.app.layout
        self.deal.sync(v)
        self.dealer = v["dealer"]
        self.totals = list(v["totals"])
        self.hand_order = sort_hand(list(v["hand"]))
        slots = self.places.hand_slots(len(self.hand_order))
        self.hand = {
            c: Sprite(c, p, layout.card, deck="spanish") for c, p in zip(self.hand_order, slots)
        }
        self.table_cards.show(list(v["table"]))
        for d in v["declarations"]:  # said again, for a while (not at the game's speed)
            self.callouts.declared(d["seat"], d["kind"], SEAT_BANNER)
        self.phase = v["phase"]
        if v["phase"] == "over":
            self._open_over(v["result"])

    # ----- state questions --------------------------------------------------------------------
    def busy(self) -> bool:
        return any(s.moving for s in self.flying) or self.table_cards.moving()

    def awaiting_me(self) -> bool:
        return self.my_turn() and self.idle()

    def can_declare(self) -> bool:
        """RO-16: the engine offers declarations before your first card of a batch."""
        return self.my_turn() and any(a["type"] == "declare" for a in self.session.legal())

    def held_kinds(self) -> set[str]:
        """RO-16: the declarations the hand really holds, while one may be made (a three
        holds a ronda too). Only these are offered."""
        if not self.can_declare():
            return set()
        hand = list(self.session.view()["hand"])
        return {kind for kind in KINDS if combination(hand, kind) is not None}

    def previewed(self) -> str | None:
        """The card whose capture lights up: the selected one, or the one pressed or dragged
        (a drag shows what it will take before it is let go)."""
        if not self.my_turn():
            return None
        drag = self.hand_view.drag
        held = drag["code"] if drag is not None else None
        return held or self.selected

    def would_capture(self, code: str) -> list[str]:
        """The table cards ``code`` would take now (RO-9, RO-10)."""
        return capture_run(list(self.session.view()["table"]), code)

    def bot_pause(self, view: JSON, legal: list[JSON]) -> float:
        offered = any(a["type"] == "declare" for a in legal)
        return BOT_DECLARE_PAUSE if offered else BOT_PAUSE

    # ----- widgets and input (the taps part) -----------------------------------------------
    def build_controls(self) -> list[Widget]:
        return self.taps.build()

    def place_controls(self, modal: bool) -> None:
        self.taps.place(modal)

    def hinted_rects(self, action: JSON) -> list[pygame.Rect]:
        return self.taps.hinted_rects(action)

    # ----- the frame ---------------------------------------------------------------------------
    def show_event(self, ev: dict[str, Any]) -> float:
        """Ronda's events are shown by its motion part; the others by the shared table."""
        handler = self.motion.handlers.get(ev["type"])
        return handler(ev) if handler is not None else super().show_event(ev)

    def own_sprites(self) -> list[Sprite]:
        """The shared ones and the table's face-up cards."""
        return [*super().own_sprites(), *self.table_cards.sprites.values()]

    def update_sprites(self, dt: float) -> None:
        """Cards in the air, your hand (gliding to its slots; on your turn it rises), then the
        table's cards (keeping Ronda order: they glide aside when a card is laid or taken)."""
        super().update_sprites(dt)
        for sprite in self.hand.values():
            sprite.update(dt)
        raised = set(self.hand_order) if self.my_turn() else set()
        self.hand_view.glide(self.places.hand_slots(len(self.hand_order)), raised, dt)
        self.table_cards.update(dt)
        self.riffle = shuffle.advanced(self.riffle, dt)

    def after_update(self, dt: float) -> None:
        if self.selected and self.selected not in self.hand:
            self.selected = None
        self.callouts.update(dt, self.score is not None)

    def next_label(self) -> str:
        return "ronda.to_result" if self.session.phase == "over" else "ronda.next_deal"
