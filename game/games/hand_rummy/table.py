"""The Hand rummy table scene: deal, draw, stage melds (HR-13 … HR-15), lay and add, take
jokers back, discard, round scores and the match end — animated from engine events.

The session (``self.session``: local or online) is the only source of truth. The scene keeps a
*displayed* copy (melds on the table, piles, counts, your hand) that follows the animations; the
base class :class:`game.ui.cardtable.CardTable` queues the events and paces them. Your cards live
in a :class:`~game.games.hand_rummy.staging.Staging` workspace — the hand row and the staged
groups — synced with your displayed hand after every event (``staging.sync``).

Tapping: a hand card selects it; then a group (or the "new group" box) stages it, a meld on the
table adds it (or takes a joker back, when that is legal), the discard pile discards it. A staged
card goes back to the hand when tapped. The stock and the discard pile draw. Keyboard: ←/→ pick a
card, Enter discards it (or draws from the stock before the draw).

The parts: :mod:`.table_geometry` (where things go), :mod:`.table_input` (taps, keys, actions),
:mod:`.table_events` (events → animation), :mod:`.table_draw` (drawing), :mod:`.table_shots`
(the screenshot script).
"""

from __future__ import annotations

from collections import Counter

import pygame

from game import i18n
from game.client.session import Refusal
from game.games.hand_rummy.staging import Staging, suit_key
from game.games.hand_rummy.table_draw import RummyDrawing
from game.games.hand_rummy.table_events import RummyEvents
from game.games.hand_rummy.table_geometry import RummyGeometry, make_geometry
from game.games.hand_rummy.table_input import RummyInput
from game.i18n import digits, t
from game.ui import draw
from game.ui.cardtable import CardTable, as_session
from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.table_drawing import SIDE_COLORS
from game.ui.tween import approach
from game.ui.widgets import Button

BOT_STEP_PAUSE = 0.5  # a bot's draw, meld and discard are seen one by one
__all__ = ["RummyGeometry", "RummyTable", "make_geometry", "refusal_text"]


# ----- the scene ---------------------------------------------------------------------------
class RummyTable(RummyInput, RummyEvents, RummyDrawing, CardTable):
    """A Hand rummy match: your seat and one to three others (bots, or players online)."""

    name = "hand_rummy"
    DEFAULT_PLAYERS = 4
    ENGINE_OPTIONS = ("rounds", "variant", "partnership")

    def __init__(self, app, session, start_events=None, bot_seed=None, options=None):
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
        self.melds: list[list[str]] = []
        self.meld_owners: list[int] = []
        self.hidden: set[tuple[int, int]] = set()  # (meld, card) still in the air
        self.discard_pile: list[str] = []  # the last few discards, top last
        self.stock_count = 0
        self.hand: list[str] = []  # your displayed hand (engine order)
        self.staging = Staging([], self.variant)
        self.ws: dict[tuple, Sprite] = {}  # workspace sprites by place
        self.spawn: tuple[float, float] | None = None  # where a new hand card appears
        self.selected: int | None = None  # index in staging.hand
        self.dealing: list[Sprite] = []
        self.ended: dict | None = None  # round end shown before the panel
        self.ended_t = 0.0  # how long the hands have been up
        self._meld_rects: list[tuple[int, pygame.Rect]] = []
        super().__init__(app, session, start_events, bot_seed, options)

    # ----- construction ------------------------------------------------------------------------
    def sync_from_view(self) -> None:
        """Show the match as it stands now, with no animation (after Continue)."""
        v = self.session.view()
        self.round, self.dealer = v["round"], v["dealer"]
        self.counts = list(v["hand_counts"])
        self.opened = list(v["opened"])
        self.melds = [list(m) for m in v["melds"]]
        self.meld_owners = list(v["meld_owners"])
        self.discard_pile = [c for _s, c in v["discards"]][-3:] if v["discard_top"] else []
        top = v["discard_top"]
        if top and (not self.discard_pile or self.discard_pile[-1] != top):
            self.discard_pile.append(v["discard_top"])
        self.stock_count = v["stock_count"]
        self.totals = list(v["totals"])
        self.hand = list(v["hand"])
        self.staging = Staging(self.hand, self.variant)
        self.staging.hand.sort(key=suit_key)
        self.phase = v["phase"]
        if v["phase"] == "over":
            self._open_over(v["result"])

    # ----- widgets -----------------------------------------------------------------------------
    def build_controls(self) -> list:
        b = self.geo.buttons
        small = 22
        self.apply_button = Button(
            b["apply"], lambda: t("hr.apply"), self.apply_melds, 24, primary=True, key="apply"
        )
        self.discard_button = Button(
            b["discard"],
            lambda: t("hr.discard"),
            self.discard_selected,
            24,
            primary=True,
            key="discard",
        )
        self.add_button = Button(
            b["add_group"], lambda: t("hr.add_group"), self.add_group, small, key="add_group"
        )
        self.clear_button = Button(
            b["clear"], lambda: t("hr.clear"), self.clear_staging, small, key="clear"
        )
        self.suit_button = Button(
            b["sort_suit"], lambda: t("hr.sort_suit"), self.sort_suit, small, key="sort_suit"
        )
        self.rank_button = Button(
            b["sort_rank"], lambda: t("hr.sort_rank"), self.sort_rank, small, key="sort_rank"
        )
        self.undo_button = Button(b["undo"], lambda: t("hr.undo"), self.undo, small, key="undo")
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
        assisted = self.my_seat.assisted
        for w in self.controls:
            w.visible = playing and not assisted
        if not playing:
            return
        mine = self.my_turn()
        self.apply_button.enabled = self.apply_reason() is None
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

    def legal(self) -> list[dict]:
        """Your legal actions now (draws, discards, adds, joker swaps; never melds)."""
        return self.session.legal()

    def view(self) -> dict:
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

    def figure(self, seat: int) -> tuple[str, tuple]:
        opened = t("hr.opened") if self.opened[seat] else t("hr.not_opened")
        color = draw.TURN if self.opened[seat] else draw.INK_DIM
        return t("hr.figure", n=digits(self.counts[seat]), state=opened), color

    def plate_rect(self, seat: int) -> pygame.Rect:
        return self.geo.plates[self.spot(seat)]

    def side_color(self, seat: int) -> tuple:
        """Partnership: your team blue, the other terracotta."""
        mine = self.session.side_of(self.me)
        return SIDE_COLORS[(self.session.side_of(seat) - mine) % 2]

    def turn_tag_rect(self, plate: pygame.Rect, w: int, h: int) -> pygame.Rect | None:
        """In landscape the piles sit right over your plate: no tag there (the plate's edge
        and the staging area's line say it is your turn)."""
        return None if not self.geo.portrait else super().turn_tag_rect(plate, w, h)

    def plate_edge(self, seat: int) -> tuple:
        if self.partnership:
            return self.side_color(seat)
        return draw.PANEL_EDGE

    def seat_center(self, seat: int) -> tuple[int, int]:
        return self.plate_rect(seat).center

    def refusal_text(self, refused: Refusal) -> str:
        key = f"hr.err.{refused.code}"
        if refused.online and t(key) == key:  # the server's own codes: its words
            return super().refusal_text(refused)
        return refusal_text(refused)

    # ----- the frame ---------------------------------------------------------------------------
    def update_sprites(self, dt: float) -> None:
        super().update_sprites(dt)
        for sprite in list(self.dealing):
            sprite.update(dt)
        for sprite in self.ws.values():
            sprite.update(dt)
        self._layout_workspace(dt)

    def after_update(self, dt: float) -> None:
        if self.ended is not None:
            self.ended_t += dt
        if self.selected is not None and self.selected >= len(self.staging.hand):
            self.selected = None
        if self.idle() and self.phase == "play" and self.session.phase != "over":
            engine = Counter(self.view()["hand"])
            if engine != Counter(self.staging.cards()):  # a safety net: follow the engine
                self.hand = list(self.view()["hand"])
                self.staging.sync(self.hand)

    def layout_changed(self) -> None:
        """The window turned: this table's geometry for the new layout."""
        self.geo = make_geometry(self.app.layout.portrait, self.players)
        self._group_key = None
        self.spawn = None
        self._layout_melds()

    def bot_pause(self, view: dict, legal: list[dict]) -> float:
        return BOT_STEP_PAUSE

    def _layout_workspace(self, dt: float) -> None:
        """Give every workspace card a place (hand row or group) and glide it there. The
        places are worked out again only when the cards, the groups, the pick, the workspace's
        sprites or the geometry changed, not every frame (a quiet frame costs nothing)."""
        key = self._workspace_key()
        if key != getattr(self, "_ws_key", None) or self.geo is not getattr(self, "_ws_geo", None):
            self._ws_targets = self._place_workspace()
            self._ws_key, self._ws_geo = self._workspace_key(), self.geo
        held = self.dragged()
        for place, _code, pos, size in self._ws_targets:
            sprite = self.ws.get(place)
            if sprite is None or sprite.moving:
                continue
            if held is not None and self.drag is not None and place == ("h", held):
                sprite.pos = self.drag["pos"]  # the dragged card follows the pointer
                continue
            sprite.size = size
            if sprite.pos != pos:
                sprite.pos = (
                    approach(sprite.pos[0], pos[0], 16, dt),
                    approach(sprite.pos[1], pos[1], 16, dt),
                )

    def _workspace_key(self) -> tuple:
        return (
            tuple(self.staging.hand),
            tuple(map(tuple, self.staging.groups)),
            self.selected,
            i18n.is_rtl(),
            self.spawn,
            tuple((place, id(sprite), sprite.code) for place, sprite in self.ws.items()),
        )

    def _place_workspace(self) -> list[tuple[tuple, str, tuple[float, float], tuple[int, int]]]:
        """Each workspace card's place (hand row or group), reusing the sprite of a card that
        kept its place or the nearest one of the same card; returns (place, code, position,
        size) per card."""
        g = self.geo
        targets: list[tuple[tuple, str, tuple[float, float], tuple[int, int]]] = []
        slots = g.hand_slots(len(self.staging.hand))
        for i, (code, slot) in enumerate(zip(self.staging.hand, slots)):
            lift = g.lift if i == self.selected else 0
            targets.append((("h", i), code, (slot[0], slot[1] - lift), g.hand_card))
        boxes, _new, card, step = self.group_geometry()
        for gi, group in enumerate(self.staging.groups):
            for j, (code, pos) in enumerate(
                zip(group, g.staged_slots(boxes[gi], len(group), card, step))
            ):
                targets.append((("g", gi, j), code, pos, card))
        old = self.ws
        pool: dict[str, list[Sprite]] = {}
        for sprite in old.values():
            pool.setdefault(sprite.code, []).append(sprite)
        new: dict[tuple, Sprite] = {}
        pending = []
        for place, code, pos, size in targets:  # a card that kept its place keeps its sprite
            sprite = old.get(place)
            if sprite is not None and sprite.code == code and sprite in pool.get(code, []):
                pool[code].remove(sprite)
                new[place] = sprite
            else:
                pending.append((place, code, pos, size))
        for place, code, pos, size in pending:
            candidates = pool.get(code) or []
            if candidates:
                sprite = min(
                    candidates, key=lambda s: (s.pos[0] - pos[0]) ** 2 + (s.pos[1] - pos[1]) ** 2
                )
                candidates.remove(sprite)
            else:
                sprite = Sprite(code, self.spawn or g.stock, size, face_up=True)
            new[place] = sprite
        self.ws = new
        return targets

    def group_geometry(self):
        sizes = [len(gr) for gr in self.staging.groups]
        key = (tuple(sizes), i18n.is_rtl())
        if getattr(self, "_group_key", None) != key:
            self._group_key = key
            self._group_geo = self.geo.group_boxes(sizes, i18n.is_rtl())
        return self._group_geo

    # ----- hints (game/ui/table_aids.py) -----------------------------------------------------
    def hinted_rects(self, action: dict) -> list[pygame.Rect]:
        """The pile to draw from; the cards to discard, meld or lay off (each once, from the
        hand row or a group); the table meld they go to."""
        kind = action.get("type")
        if kind == "draw":
            pile = self.geo.stock if action.get("from") == "stock" else self.geo.discard
            return [self.pile_rect(pile)]
        if kind == "meld":
            cards = [c for group in action.get("groups", []) for c in group]
        else:
            cards = [action["card"]] if "card" in action else list(action.get("cards", []))
        rects, used = [], set()
        for code in cards:
            for place, sprite in self.ws.items():
                if sprite.code == code and place not in used:
                    used.add(place)
                    rects.append(sprite.rect())
                    break
        if kind in ("add", "swap_joker"):
            rects += [rect.copy() for meld, rect in self._meld_rects if meld == action["meld"]]
        return rects

    def _workspace_pos(self, code: str) -> tuple[float, float]:
        """Where one of your cards is now (staged first, then the hand row), for flights."""
        for place, sprite in self.ws.items():
            if place[0] == "g" and sprite.code == code:
                return sprite.pos
        for sprite in self.ws.values():
            if sprite.code == code:
                return sprite.pos
        return self.geo.hand.center


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
