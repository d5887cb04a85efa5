"""The Hareeja table scene: deal → declare → play → score, animated from engine events.

The session (``self.session``, local or online) is the only source of truth; this scene keeps a
*displayed* copy of the state that follows the animations. What every card table shares (event
queue, held clocks, bots in slices, plates, banners, panels, saving) is in
:mod:`game.ui.cardtable`; this scene adds Hareeja's deal, secret bids, tricks and round score.

The scene keeps your hand (``hand``: code → sprite, ``hand_order``, ``selected``: what the
shared hand view moves), the round and the phase, and is made of parts it owns, each with its
state, its hit-testing and its drawing: :class:`~.table_bids.Bidding` (the bids, the tricks
taken, the bid picker, the plates' figures), :class:`~.table_trick.TrickArea` (the trick and
the last trick), :class:`~.table_backs.Backs` (the others' hands and the deck), and the parts
that read the whole scene: :class:`~.table_events.HareejaMotion` (events → animation),
:class:`~.table_input.HareejaTaps` (taps, drags and keys: the input flow's ``taps``),
:class:`~.table_draw.HareejaPainter` (drawing: the frame's hooks),
:class:`~.table_still.HareejaStillParts` (the still layer) and :class:`~.table_score.ScorePanel`
(the round's scores, the match end). The scene answers the hooks
:class:`~game.ui.cardtable.CardTable` calls and routes them to its parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.games.hareeja.rules import DECK as HAREEJA_CARDS
from game.games.hareeja.rules import PLAYERS
from game.games.hareeja.scene_backs import Backs
from game.games.hareeja.scene_bids import Bidding
from game.games.hareeja.scene_draw import HareejaPainter
from game.games.hareeja.scene_events import HareejaMotion
from game.games.hareeja.scene_input import HareejaTaps
from game.games.hareeja.scene_score import ScorePanel
from game.games.hareeja.scene_still import HareejaStillParts
from game.games.hareeja.scene_trick import TrickArea
from game.ui import scoreboard
from game.ui.cardtable import CardTable
from game.ui.event_player import BOT_PAUSE
from game.ui.sprites import Sprite
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.app import App

JSON = dict[str, Any]
BOT_BID_PAUSE = 0.6


class HareejaTable(CardTable):
    """A Hareeja match: your seat and three others (bots, or players online)."""

    taps: HareejaTaps  # the input flow's ``taps`` (game/ui/table_input.py)
    painter: HareejaPainter
    name = "hareeja"
    DEFAULT_PLAYERS = PLAYERS
    CARDS = HAREEJA_CARDS

    def __init__(
        self,
        app: App,
        session: Any,
        start_events: list[JSON] | None = None,
        bot_seed: int | None = None,
        options: JSON | None = None,
    ) -> None:
        self.hand: dict[str, Sprite] = {}  # own hand sprites by code
        self.hand_order: list[str] = []
        self.selected: str | None = None
        self.round = 1
        self.tiebreak = 0
        self.bidding = Bidding(self, PLAYERS)
        self.trick_area = TrickArea(self)
        self.backs = Backs(self, PLAYERS)
        self.motion = HareejaMotion(self)
        self.taps = HareejaTaps(self)
        self.painter = HareejaPainter(self)
        self.layer_parts = HareejaStillParts(self)
        self.score_panel = ScorePanel(self)
        super().__init__(app, session, start_events, bot_seed, options)

    def sync_from_view(self) -> None:
        """Show the match as it stands now, with no animation (after Continue)."""
        v = self.session.view()
        layout = self.app.layout
        self.round, self.tiebreak, self.dealer = v["round"], v["tiebreak"], v["dealer"]
        self.backs.counts = list(v["hand_counts"])
        self.bidding.sync(v)
        self.totals = list(v["totals"])
        self.hand_order = list(v["hand"])
        slots = layout.hand_positions(len(self.hand_order))
        self.hand = {c: Sprite(c, p, layout.card) for c, p in zip(self.hand_order, slots)}
        self.trick_area.sync(v)
        self.phase = v["phase"]
        if v["phase"] == "over":
            self._open_over(v["result"])

    # ----- widgets -----------------------------------------------------------------------------
    def build_controls(self) -> list[Widget]:
        """The bid picker's row and Confirm, Play (with "confirm before playing"), Last trick."""
        return [*self.bidding.build(), self.taps.build(), self.trick_area.build()]

    def place_controls(self, modal: bool) -> None:
        self.bidding.place(self.can_bid() and not modal)
        self.taps.place(modal)
        self.trick_area.place(modal, scoreboard.anchor(self))  # beside the score button

    # ----- state questions --------------------------------------------------------------------
    def busy(self) -> bool:
        return self.trick_area.landing()

    def awaiting_me(self) -> bool:
        return self.my_turn() or (self.can_bid() and self.idle())

    def bot_pause(self, view: JSON, legal: list[JSON]) -> float:
        return BOT_BID_PAUSE if view.get("phase") == "declare" else BOT_PAUSE

    def can_bid(self) -> bool:
        """You may pick and confirm your bid now."""
        return (
            self.phase == "declare"
            and not self.bidding.confirmed[self.me]
            and self.session.phase == "declare"
            and self.me in self.session.to_act()
            and not self.my_seat.automated
        )

    def legal_cards(self) -> set[str]:
        """The cards you may play now (none when it is not your turn)."""
        if not self.my_turn():
            return set()
        return {a["card"] for a in self.session.legal() if a["type"] == "play"}

    # ----- hints (game/ui/table_aids.py) -----------------------------------------------------
    def on_suggestion(self, action: JSON) -> None:
        """A suggested bid is picked in the picker (Confirm still sends it)."""
        if action.get("type") == "bid" and self.can_bid():
            self.bidding.pick = int(action["n"])

    def hinted_rects(self, action: JSON) -> list[pygame.Rect]:
        card = action.get("card")
        if action.get("type") == "play" and card in self.hand:
            return [self.hand[card].rect()]
        return []

    # ----- the frame ---------------------------------------------------------------------------
    def own_sprites(self) -> list[Sprite]:
        """The shared ones and the trick's."""
        return [*super().own_sprites(), *self.trick_area.sprites()]

    def update_sprites(self, dt: float) -> None:
        super().update_sprites(dt)
        self.backs.update(dt)
        for sprite in self.hand.values():
            sprite.update(dt)
        self.trick_area.update(dt)
        # Cards in the hand glide to their slots; legal ones rise, the selected one more.
        slots = self.app.layout.hand_positions(len(self.hand_order))
        self.hand_view.glide(slots, self.legal_cards(), dt)

    def after_update(self, dt: float) -> None:
        self.bidding.update(dt)
        self.trick_area.count_down(dt)
        if self.selected and self.selected not in self.hand:
            self.selected = None

    def show_event(self, ev: JSON) -> float:
        """Hareeja's events are shown by its motion part; the others by the shared table."""
        handler = self.motion.handlers.get(ev["type"])
        return handler(ev) if handler else super().show_event(ev)
