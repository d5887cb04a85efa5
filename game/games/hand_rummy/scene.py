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
:class:`~.table_piles.Piles` (stock and discard pile), :class:`~.table_melds.MeldRows` (the melds
on the table), :class:`~.table_workspace.Workspace` (your hand row and staged groups), and the parts
that read the whole scene: :class:`~.table_events.RummyMotion` (events → animation),
:class:`~.table_input.RummyTaps` (taps, keys, actions), :class:`~.table_draw.RummyPainter`
(drawing), :class:`~.table_still.RummyStillParts` (the still layer) and
:class:`~.table_score.ScorePanel` (the round's scores, the match end). :mod:`.table_geometry`
says where things go; :mod:`.scene_shots` is the screenshot script. The scene itself answers the
hooks :class:`~game.ui.cardtable.CardTable` calls and routes them to its parts.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, cast

import pygame

from game import i18n
from game.client.session import Refusal
from game.games.hand_rummy.scene_draw import RummyPainter
from game.games.hand_rummy.scene_events import RummyMotion
from game.games.hand_rummy.scene_geometry import RummyGeometry, RummyPlaces, make_geometry
from game.games.hand_rummy.scene_input import RummyTaps
from game.games.hand_rummy.scene_melds import MeldRows
from game.games.hand_rummy.scene_piles import Piles
from game.games.hand_rummy.scene_score import ScorePanel
from game.games.hand_rummy.scene_still import RummyStillParts
from game.games.hand_rummy.scene_workspace import GroupGeometry, Hit, Workspace
from game.games.hand_rummy.staging import Staging, suit_key
from game.i18n import digits, t
from game.ui import draw, shuffle
from game.ui.cardtable import CardTable, as_session
from game.ui.scale import px
from game.ui.shuffle import Riffle
from game.ui.sprites import Sprite
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.layout import Layout

JSON = dict[str, Any]
BOT_STEP_PAUSE = 0.5  # a bot's draw, meld and discard are seen one by one
__all__ = ["RummyGeometry", "RummyTable", "make_geometry", "refusal_text"]


# ----- the scene ---------------------------------------------------------------------------
class RummyTable(CardTable):
    """A Hand rummy match: your seat and one to three others (bots, or players online)."""

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
        self.variant = str(view.get("variant", "majlis"))
        self.rounds = int(view.get("rounds", 5))
        self.partnership = bool(view.get("partnership", False))
        self.round = 1
        self.counts = [0] * n
        self.opened = [False] * n
        self.my_cards: list[str] = []  # your displayed hand, engine order (not "hand": the
        # shared table calls its dict of card sprites so)
        self.dealing: list[Sprite] = []
        self.riffle: Riffle | None = None  # the deck riffled before the deal (game/ui/shuffle.py)
        self.ended: JSON | None = None  # round end shown before the panel
        self.ended_t = 0.0  # how long the hands have been up
        self.places = RummyPlaces(
            session, lambda: self.app.layout, lambda: self.geo, self.partnership
        )
        self.piles = Piles(self.geo)
        order = session.seating.others() + [session.me]  # meld rows, top to bottom
        self.meld_rows = MeldRows(self.geo, order, self.tag_look)
        self.workspace = Workspace(self.geo, self.variant)
        self.motion = RummyMotion(self)
        self.taps = RummyTaps(self)
        self.painter = RummyPainter(self)
        self.layer_parts = RummyStillParts(self)
        self.score_panel = ScorePanel(self)
        super().__init__(app, session, start_events, bot_seed, options)

    # ----- the parts' state, as the tests and tools read it ---------------------------------
    @property
    def staging(self) -> Staging:
        return self.workspace.staging

    @property  # type: ignore[override]  # an index: the other games select a card's code
    def selected(self) -> int | None:
        """The picked card's index in the hand row."""
        return self.workspace.selected

    @selected.setter
    def selected(self, index: int | None) -> None:
        self.workspace.selected = index

    @property
    def melds(self) -> list[list[str]]:
        return self.meld_rows.melds

    @property
    def meld_owners(self) -> list[int]:
        return self.meld_rows.owners

    @property
    def _meld_rects(self) -> list[tuple[int, pygame.Rect]]:
        return self.meld_rows.rects

    @property
    def discard_pile(self) -> list[str]:
        return self.piles.discard_pile

    def pile_rect(self, center: tuple[int, int]) -> pygame.Rect:
        return self.piles.rect(center)

    def group_geometry(self) -> GroupGeometry:
        return self.workspace.group_geometry()

    def meld_row_owners(self) -> list[int]:
        return self.meld_rows.row_owners()

    def workspace_at_rest(self) -> bool:
        return self.workspace.at_rest(self.held())

    def held(self) -> int | None:
        """The hand row index of the card being dragged, if any (the shared drag keeps
        Hand rummy's index where the other games keep a card's code)."""
        return cast("int | None", self.hand_view.dragged())

    def hit(self, pos: tuple[int, int], skip: int | None = None) -> Hit | None:
        return self.taps.hit(pos, skip)

    # ----- construction ------------------------------------------------------------------------
    def sync_from_view(self) -> None:
        """Show the match as it stands now, with no animation (after Continue)."""
        v = self.session.view()
        self.round, self.dealer = v["round"], v["dealer"]
        self.counts = list(v["hand_counts"])
        self.opened = list(v["opened"])
        self.meld_rows.melds = [list(m) for m in v["melds"]]
        self.meld_rows.owners = list(v["meld_owners"])
        piles = self.piles
        piles.discard_pile = [c for _s, c in v["discards"]][-3:] if v["discard_top"] else []
        top = v["discard_top"]
        if top and (not piles.discard_pile or piles.discard_pile[-1] != top):
            piles.discard_pile.append(v["discard_top"])
        piles.stock_count = v["stock_count"]
        self.totals = list(v["totals"])
        self.my_cards = list(v["hand"])
        self.workspace.staging = Staging(self.my_cards, self.variant)
        self.workspace.staging.hand.sort(key=suit_key)
        self.phase = v["phase"]
        if v["phase"] == "over":
            self._open_over(v["result"])

    # ----- widgets -----------------------------------------------------------------------------
    def build_controls(self) -> list[Widget]:
        """Apply and Discard, the staging area's Add group and Clear, sorting and Undo."""
        taps = self.taps
        b = self.geo.buttons
        small = 22
        self.apply_button = Button(
            b["apply"],
            lambda: t("hr.meld") if self.workspace.melding() else t("hr.apply"),
            taps.apply_or_meld,
            24,
            primary=True,
            key="apply",
        )
        self.discard_button = Button(
            b["discard"],
            lambda: t("hr.discard"),
            taps.discard_selected,
            24,
            primary=True,
            key="discard",
        )
        self.add_button = Button(
            b["add_group"], lambda: t("hr.add_group"), taps.add_group, small, key="add_group"
        )
        self.clear_button = Button(
            b["clear"], lambda: t("hr.clear"), taps.clear_staging, small, key="clear"
        )
        self.suit_button = Button(
            b["sort_suit"], lambda: t("hr.sort_suit"), taps.sort_suit, small, key="sort_suit"
        )
        self.rank_button = Button(
            b["sort_rank"], lambda: t("hr.sort_rank"), taps.sort_rank, small, key="sort_rank"
        )
        self.undo_button = Button(b["undo"], lambda: t("hr.undo"), taps.undo, small, key="undo")
        self.controls = [
            self.apply_button,
            self.discard_button,
            self.add_button,
            self.clear_button,
            self.suit_button,
            self.rank_button,
            self.undo_button,
        ]
        return list(self.controls)

    def place_controls(self, modal: bool) -> None:
        playing = self.phase == "play" and not modal and self.session.phase != "over"
        playing = playing and not self.session.watching  # (a spectator gets no controls)
        assisted = self.my_seat.assisted
        for w in self.controls:
            w.visible = playing and not assisted
        if not playing:
            return
        mine = self.my_turn()
        chosen = self.workspace.melding() and mine and self.drawn()
        self.apply_button.enabled = chosen or self.apply_reason() is None
        self.discard_button.enabled = (
            mine and self.selected is not None and self.drawn() and not self.pending()
        )
        self.undo_button.enabled = self.staging.can_undo()
        self.clear_button.enabled = bool(self.staging.groups)

    def _place_widgets(self) -> None:
        super()._place_widgets()
        tb = self.geo.top_bar
        h = px(48) if not self.geo.portrait else px(52)
        for w in (self.menu_button, self.lang_button):
            w.rect.h, w.rect.y = h, tb.y
        # "I'm back" takes Discard's place (hidden while the table plays for you).
        self.back_button.rect = self.geo.buttons["discard"].copy()

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
        return bool(self.flying or self.dealing) or self.ended is not None

    def legal(self) -> list[JSON]:
        """Your legal actions now (draws, discards, adds, joker swaps; never melds)."""
        return self.session.legal()

    def view(self) -> JSON:
        """Your view of the match now."""
        return self.session.view()

    def drawn(self) -> bool:
        """The player to act has drawn this turn."""
        return bool(self.view().get("drawn"))

    def pending(self) -> bool:
        """A joker taken back this turn waits to be melded (no discard until then, HR-8)."""
        return bool(self.view().get("pending_joker"))

    def apply_reason(self) -> str | None:
        """Why Apply melds is disabled (a staging reason code), or None (HR-14)."""
        if not self.my_turn():
            return "not_your_turn"
        return self.staging.disabled_reason(self.view())

    def meld_targets(self) -> set[int]:
        """Melds the selected card (or all the selected cards) may go to now (add or joker
        swap)."""
        if len(self.workspace.chosen) > 1:
            return self.taps.targets()
        card = self.workspace.picked()
        if card is None or not self.my_turn():
            return set()
        return {
            a["meld"]
            for a in self.legal()
            if a["type"] in ("add", "swap_joker")
            and (a.get("card") == card or card in a.get("cards", []))
        }

    def pile_marks(self) -> tuple[bool, bool]:
        """What the piles say now: (you are to draw, the picked card may be discarded)."""
        mine = self.my_turn()
        to_draw = mine and not self.drawn()
        gold = mine and not to_draw and self.selected is not None and not self.pending()
        return to_draw, gold

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
        """The shared ones and your cards in the workspace (("h", i) in the hand row,
        ("g", group, j) staged)."""
        return [*super().own_sprites(), *self.workspace.sprites.values()]

    def update_sprites(self, dt: float) -> None:
        super().update_sprites(dt)
        for sprite in list(self.dealing):
            sprite.update(dt)
        self.riffle = shuffle.advanced(self.riffle, dt)
        drag = self.hand_view.drag
        self.workspace.update(dt, self.held(), drag["pos"] if drag is not None else None)

    def after_update(self, dt: float) -> None:
        if self.ended is not None:
            self.ended_t += dt
        if any(i >= len(self.staging.hand) for i in self.workspace.chosen):
            self.workspace.chosen = []
        self.taps.follow_up()
        if self.idle() and self.phase == "play" and self.session.phase != "over":
            engine: Counter[str] = Counter(self.view()["hand"])
            if engine != Counter(self.staging.cards()):  # a safety net: follow the engine
                self.my_cards = list(self.view()["hand"])
                self.staging.sync(self.my_cards)

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

    def pointer(self, event: pygame.event.Event) -> None:
        self.taps.pointer(event)

    def keys(self, event: pygame.event.Event) -> None:
        if not self.taps.closed():
            super().keys(event)

    def key(self, event: pygame.event.Event) -> None:
        self.taps.key(event)

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
        """The faces at this table's own sizes too (hand, staged, melds, piles), so a card's
        first landing in a meld does not scale its image in the middle of a frame."""
        g = make_geometry(layout.portrait, players)
        own = (g.hand_card, g.staged_card, g.meld_card, g.pile_card)
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
