"""The Hand rummy table scene: deal, draw, stage melds (HR-13 … HR-15), lay and add, take
jokers back, discard, round scores and the match end — animated from engine events.

The session (``self.session``: local or online) is the only source of truth. The scene keeps a
*displayed* copy (melds on the table, piles, counts, your hand) that follows the animations; the
base class :class:`game.ui.cardtable.CardTable` queues the events and paces them. Your cards live
in a :class:`~game.games.hand_rummy.staging.Staging` workspace — the hand row and the staged
groups — synced with your displayed hand after every event.

Tapping: a hand card selects it (a second tap lets it go; several may be selected); then Meld
(the Apply button while cards are selected) lays them, a group (or the "new group" box) stages
them, a meld on the table takes them (or gives its joker back, when that is legal), the discard
pile discards the one selected card. A staged card goes back to the hand when tapped; a hand
card dragged elsewhere in the hand moves there. The stock and the discard pile draw.
Keyboard: ←/→ pick a card, Enter discards it (or draws from the stock before the draw).

The scene is made of parts it owns, each with its state, its hit-testing and its drawing:
:class:`~.scene_piles.Piles` (stock and discard pile), :class:`~.scene_melds.MeldRows` (the melds
on the table), :class:`~.scene_workspace.Workspace` (your hand row and staged groups),
:class:`~.scene_shown.RummyShown` (the match as shown: your displayed hand, the deal's cards in
the air, the round's end), and the parts that read the whole scene:
:class:`~.scene_events.RummyMotion` (events → animation), :class:`~.scene_input.RummyTaps` (taps,
keys, actions), :class:`~.scene_controls.RummyControls` (the buttons),
:class:`~.scene_turn.YourTurn` (what your turn allows now), :class:`~.scene_draw.RummyPainter`
(drawing), :class:`~.scene_still.RummyStillParts` (the still layer) and
:class:`~.scene_score.ScorePanel` (the round's scores, the match end). :mod:`.scene_geometry`
says where things go; :mod:`.scene_shots` is the screenshot script. The scene itself answers the
hooks :class:`~game.ui.cardtable.CardTable` calls and routes them to its parts; tests and tools
read the parts (``table.workspace.staging``, ``table.meld_rows.melds``, ``table.controls.apply``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.client.session import Refusal
from game.games.hand_rummy.scene_controls import RummyControls
from game.games.hand_rummy.scene_draw import RummyPainter
from game.games.hand_rummy.scene_events import RummyMotion
from game.games.hand_rummy.scene_geometry import (
    SEAT_CARD,
    RummyGeometry,
    RummyPlaces,
    make_geometry,
)
from game.games.hand_rummy.scene_input import RummyTaps
from game.games.hand_rummy.scene_melds import MeldRows
from game.games.hand_rummy.scene_piles import Piles
from game.games.hand_rummy.scene_score import ScorePanel
from game.games.hand_rummy.scene_shown import RummyShown
from game.games.hand_rummy.scene_still import RummyStillParts
from game.games.hand_rummy.scene_turn import YourTurn
from game.games.hand_rummy.scene_workspace import Workspace
from game.i18n import digits, t
from game.ui import draw, shuffle
from game.ui.cardtable import CardTable, as_session
from game.ui.scale import pt, px
from game.ui.shuffle import Riffle
from game.ui.sprites import Sprite
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.layout import Layout

JSON = dict[str, Any]
BOT_STEP_PAUSE = 0.5  # a bot's draw, meld and discard are seen one by one
__all__ = ["RummyGeometry", "RummyTable", "make_geometry", "refusal_text"]


# ----- the scene ---------------------------------------------------------------------------
class RummyTable(CardTable):
    """A Hand rummy match: your seat and one to three others (bots, or players online)."""

    taps: RummyTaps  # the input flow's ``taps`` (game/ui/table_input.py)
    places: RummyPlaces  # (its own: set before CardTable.__init__)
    painter: RummyPainter
    name = "hand_rummy"
    DEFAULT_PLAYERS = 4
    ENGINE_OPTIONS = ("rounds", "variant", "partnership")

    def __init__(
        self,
        app: App,
        session: Any,
        start_events: list[JSON] | None = None,
        bot_seed: int | None = None,
        options: JSON | None = None,
    ) -> None:
        session = as_session(session, bot_seed, self.name)
        view = session.view()
        n = session.players
        self.geo = make_geometry(app.layout.portrait, n)
        self.shown = RummyShown(str(view.get("variant", "majlis")))
        self.rounds = int(view.get("rounds", 5))
        self.partnership = bool(view.get("partnership", False))
        self.round = 1
        self.counts = [0] * n
        self.opened = [False] * n
        self.riffle: Riffle | None = None  # the deck riffled before the deal (game/ui/shuffle.py)
        self.places = RummyPlaces(
            session, lambda: self.app.layout, lambda: self.geo, self.partnership
        )
        self.piles = Piles(self.geo)
        order = session.seating.others() + [session.me]  # meld rows, top to bottom
        self.meld_rows = MeldRows(self.geo, order, self.tag_look)
        self.workspace = Workspace(self.geo, self.shown.variant)
        self.motion = RummyMotion(self)
        self.taps = RummyTaps(self)
        self.turn = YourTurn(self)
        self.controls = RummyControls(self)
        self.painter = RummyPainter(self)
        self.layer_parts = RummyStillParts(self)
        self.score_panel = ScorePanel(self)
        super().__init__(app, session, start_events, bot_seed, options)

    # ----- construction ------------------------------------------------------------------------
    def sync_from_view(self) -> None:
        """Show the match as it stands now, with no animation (after Continue)."""
        view = self.motion.show_as_it_stands()
        if view["phase"] == "over":
            self._open_over(view["result"])

    # ----- widgets -----------------------------------------------------------------------------
    def build_controls(self) -> list[Widget]:
        """Apply and Discard, the staging area's Add group and Clear, sorting and Undo."""
        return self.controls.build()

    def place_controls(self, modal: bool) -> None:
        self.controls.place(modal)

    def _place_widgets(self) -> None:
        tb = self.geo.top_bar  # (menu and language first: the scoreboard's and the hint's
        h = px(48) if not self.geo.portrait else px(52)  # buttons are placed beside them)
        for w in (self.buttons.menu, self.buttons.lang):
            w.rect.h, w.rect.y = h, tb.y
        super()._place_widgets()
        # "I'm back" takes Discard's place (hidden while the table plays for you).
        self.buttons.back.rect = self.geo.buttons["discard"].copy()

    # ----- state questions --------------------------------------------------------------------
    def my_turn(self) -> bool:
        return (
            self.session.phase == "play"
            and self.phase == "play"
            and self.idle()
            and self.me in self.session.to_act()
            and not self.my_seat.assisted
            and self.my_seat.kind == "human"
        )

    def awaiting_me(self) -> bool:
        return self.my_turn()

    def busy(self) -> bool:
        return bool(self.flying or self.shown.dealing) or self.shown.ended is not None

    # ----- seats -------------------------------------------------------------------------------
    def tag_look(self, owner: int) -> tuple[object, draw.RGB]:
        """A meld owner's tag: his avatar, ringed in his colour (partnership: his side's)."""
        places = self.places
        color = places.side_color(owner) if self.partnership else places.avatar_color(owner)
        return self.plates.look(owner), color

    def refusal_text(self, refused: Refusal) -> str:
        key = f"hr.err.{refused.code}"
        if refused.online and t(key) == key:  # the server's own codes: its words
            return super().refusal_text(refused)
        return refusal_text(refused)

    # ----- the frame ---------------------------------------------------------------------------
    def own_sprites(self) -> list[Sprite]:
        """The shared ones, the cards being dealt and your cards in the workspace (("h", i) in
        the hand row, ("g", group, j) staged)."""
        return [*super().own_sprites(), *self.shown.dealing, *self.workspace.sprites.values()]

    def update_sprites(self, dt: float) -> None:
        super().update_sprites(dt)
        for sprite in list(self.shown.dealing):
            sprite.update(dt)
        self.riffle = shuffle.advanced(self.riffle, dt)
        drag = self.hand_view.drag
        self.workspace.update(dt, self.taps.held(), drag["pos"] if drag is not None else None)

    def after_update(self, dt: float) -> None:
        shown, workspace = self.shown, self.workspace
        if shown.ended is not None:
            shown.ended_t += dt
        if any(i >= len(workspace.staging.hand) for i in workspace.chosen):
            workspace.chosen = []
        self.taps.follow_up()
        if self.idle() and self.phase == "play" and self.session.phase != "over":
            engine: Counter[str] = Counter(self.session.view()["hand"])
            if engine != Counter(workspace.staging.cards()):  # a safety net: follow the engine
                shown.my_cards = list(self.session.view()["hand"])
                workspace.staging.sync(shown.my_cards)

    def bot_pause(self, view: JSON, legal: list[JSON]) -> float:
        return BOT_STEP_PAUSE

    # ----- what the shared table calls, routed to the parts ---------------------------------
    def show_event(self, ev: dict[str, Any]) -> float:
        """Hand rummy's events are shown by its motion part; the others by the shared table."""
        handler = getattr(self.motion, f"on_{ev['type']}", None)
        return handler(ev) if handler else super().show_event(ev)

    def next_label(self) -> str:
        return "hr.score.next" if self.session.phase != "over" else "hr.score.result"

    def _open_over(self, result: JSON) -> None:
        totals = list(result["totals"])
        ranking = sorted(range(len(totals)), key=lambda s: (totals[s], s))
        super()._open_over({**result, "ranking": ranking})

    def keys(self, event: pygame.event.Event) -> None:
        if not self.taps.closed():
            super().keys(event)

    def on_escape(self) -> None:
        """Esc lets the selected cards go first; with none selected it opens the pause menu."""
        if self.workspace.chosen:
            self.workspace.chosen = []
        else:
            self.open_pause()

    def hinted_rects(self, action: JSON) -> list[pygame.Rect]:
        """The pile to draw from; the cards to discard, meld or lay off (each once, from the
        hand row or a group); the table meld they go to (game/ui/table_aids.py)."""
        kind = action.get("type")
        if kind == "draw":
            pile = self.geo.stock if action.get("from") == "stock" else self.geo.discard
            return [self.piles.rect(pile)]
        if kind == "meld":
            cards = [c for group in action.get("groups", []) for c in group]
        else:
            cards = [action["card"]] if "card" in action else list(action.get("cards", []))
        rects = self.workspace.rects_of(cards)
        if kind in ("add", "swap_joker"):
            rects += self.meld_rows.rects_of(action["meld"])
        return rects

    @classmethod
    def face_sizes(cls, layout: Layout, players: int) -> tuple[tuple[int, int], ...]:
        """The faces at this table's own sizes too (hand, staged, melds, piles, and a card
        another player lays or discards, as it leaves his plate), so a card's first flight or
        landing in a meld does not scale its image in the middle of a frame."""
        g = make_geometry(layout.portrait, players)
        own = (g.hand_card, g.staged_card, g.meld_card, g.pile_card, pt(*SEAT_CARD))
        return (*super().face_sizes(layout, players), *own)

    def warm_pictures(self) -> None:
        self.meld_rows.warm(self.players, self.plates.look)


def refusal_text(refused: Refusal) -> str:
    """The engine's refusal in the player's language (HR codes), else its English words."""
    code = getattr(refused, "code", "illegal")
    key = f"hr.err.{code}"
    if code == "opening_under_51":
        digits_in = "".join(ch if ch.isdigit() else " " for ch in refused.message).split()
        return t(key, n=digits(digits_in[0] if digits_in else "?"))
    text = t(key)
    if text == key or code == "illegal":
        return refused.message if i18n.language() == "en" else t("hr.err.illegal")
    return text
