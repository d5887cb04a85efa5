"""The Hand rummy table scene: deal, draw, stage melds (HR-13 … HR-15), lay and add, take
jokers back, discard, round scores and the match end — animated from engine events.

The engine (through :class:`game.table.Table`) is the only source of truth. The scene keeps a
*displayed* copy (melds on the table, piles, counts, your hand) that follows the animations; the
base class :class:`game.ui.cardtable.CardTable` queues the events and paces them. Your cards live
in a :class:`~game.games.hand_rummy.staging.Staging` workspace — the hand row and the staged
groups — synced with your displayed hand after every event (``staging.sync``).

Tapping: a hand card selects it; then a group (or the "new group" box) stages it, a meld on the
table adds it (or takes a joker back, when that is legal), the discard pile discards it. A staged
card goes back to the hand when tapped. The stock and the discard pile draw. Keyboard: ←/→ pick a
card, Enter discards it (or draws from the stock before the draw).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pygame

from game import i18n
from game.core.cards import JOKER
from game.core.errors import IllegalAction
from game.games.hand_rummy import bots
from game.games.hand_rummy import melds as M
from game.games.hand_rummy.rules import Match
from game.games.hand_rummy.staging import Staging
from game.i18n import digits, t
from game.ui import assets, draw
from game.ui.cardtable import SIDE_COLORS, CardTable, Sprite, shadow
from game.ui.tween import Speed, approach, ease_in_out, ease_out
from game.ui.widgets import Button

MARGIN = 16
DEAL_STEP = 0.06          # one card every 60 ms (LOOK.md: 60-90 ms)
DEAL_FLIGHT = 0.30
FLIP = 0.22
DRAW_FLIGHT = 0.30
LAY_FLIGHT = 0.34         # staged cards to the table
DISCARD_FLIGHT = 0.26
ROUND_PAUSE = 1.2         # "X went out" stays readable before the score panel
HANDS_SHOWN = 2.6         # ...and longer when the others' hands turn face up on the table
BOT_STEP_PAUSE = 0.5      # a bot's draw, meld and discard are seen one by one


# ----- geometry ----------------------------------------------------------------------------
@dataclass
class RummyGeometry:
    """Where things go, landscape 1280×720 or portrait 720×1280 (pygame Rects, no drawing).

    Landscape: top bar (round, seat 2's plate, language, menu); seats 3 and 1 on the left and
    right with the piles under seat 3; the melds on the table in the middle, a row per owner;
    then your plate, the staging area and Apply / Add group / Clear; then sort buttons, your hand
    in one row and Discard. Portrait: top bar, the opponents' plates in a row, the melds, the
    piles with your plate and Apply / Discard, the staging area, a row of buttons, your hand in
    two rows.
    """

    w: int
    h: int
    portrait: bool
    players: int
    top_bar: pygame.Rect
    plates: dict[int, pygame.Rect]
    melds: pygame.Rect
    stock: tuple[int, int]
    discard: tuple[int, int]
    pile_card: tuple[int, int]
    staging: pygame.Rect
    hand: pygame.Rect
    hand_card: tuple[int, int]
    staged_card: tuple[int, int]
    meld_card: tuple[int, int]
    hand_rows: int
    buttons: dict[str, pygame.Rect]
    hint_y: int
    banner_y: int
    lift: int = 22
    extras: dict = field(default_factory=dict)

    # the hand
    def hand_slots(self, n: int) -> list[tuple[float, float]]:
        """Centres of ``n`` hand cards, left to right (portrait: two rows, the top row first)."""
        if n <= 0:
            return []
        if self.hand_rows == 1 or n * (self.hand_card[0] + 6) <= self.hand.w:
            return self._row(n, self.hand.y + self.lift + self.hand_card[1] / 2)
        top = (n + 1) // 2
        y1 = self.hand.y + self.lift + self.hand_card[1] / 2
        return self._row(top, y1) + self._row(n - top, y1 + self.hand_card[1] + 10)

    def _row(self, n: int, y: float) -> list[tuple[float, float]]:
        if n <= 0:
            return []
        cw = self.hand_card[0]
        step = min(cw + 6, (self.hand.w - cw) / max(1, n - 1)) if n > 1 else 0
        x0 = self.hand.centerx - step * (n - 1) / 2
        return [(x0 + step * i, y) for i in range(n)]

    # the staging area
    def staging_cards_area(self) -> pygame.Rect:
        return pygame.Rect(self.staging.x + 10, self.staging.y + 34, self.staging.w - 20,
                           self.staging.h - 40)

    def group_boxes(self, sizes: list[int], rtl: bool = False,
                    ) -> tuple[list[pygame.Rect], pygame.Rect, tuple[int, int], int]:
        """Boxes of the staged groups (``sizes`` = cards in each) and of the "new group" slot,
        in reading order, plus the staged card size and step. One line when it fits (the
        step tightens first), else two lines of smaller cards."""
        area = self.staging_cards_area()
        for lines in (1, 2, 3):
            line_h = min((area.h - 6 * (lines - 1)) // lines, self.staged_card[1] + 24)
            scale = min(1.0, (line_h - 12) / self.staged_card[1])
            cw, ch = round(self.staged_card[0] * scale), round(self.staged_card[1] * scale)
            for step in range(cw // 2 + 6, 15, -2):
                placed = self._place_boxes(sizes, area, lines, line_h, cw, step, rtl)
                if placed is not None:
                    return placed[:-1], placed[-1], (cw, ch), step
        placed = self._place_boxes(sizes, area, 99, area.h // 3, 30, 12, rtl)
        return placed[:-1], placed[-1], (30, 42), 12

    @staticmethod
    def _place_boxes(sizes: list[int], area: pygame.Rect, lines: int, line_h: int, cw: int,
                     step: int, rtl: bool) -> list[pygame.Rect] | None:
        pad, gap = 8, 10
        widths = [cw + 2 * pad + step * max(0, k - 1) for k in sizes] + [max(cw + 2 * pad, 64)]
        boxes, line, x = [], 0, 0
        for width in widths:
            if x and x + width > area.w:
                line, x = line + 1, 0
            if line >= lines or width > area.w:
                return None
            left = area.x + x if not rtl else area.right - x - width
            boxes.append(pygame.Rect(left, area.y + line * (line_h + 6), width, line_h))
            x += width + gap
        return boxes

    @staticmethod
    def staged_slots(box: pygame.Rect, k: int, card: tuple[int, int], step: int,
                     ) -> list[tuple[float, float]]:
        x0 = box.x + 8 + card[0] / 2
        return [(x0 + step * i, box.centery) for i in range(k)]

    # melds on the table
    def meld_rows(self, owners: list[int]) -> dict[int, pygame.Rect]:
        """A row per owner (top to bottom in the given order) inside the melds area."""
        if not owners:
            return {}
        area = self.melds
        row_h = min(self.meld_card[1] + 26, area.h // len(owners))
        return {o: pygame.Rect(area.x, area.y + i * row_h, area.w, row_h)
                for i, o in enumerate(owners)}

    def meld_layout(self, row: pygame.Rect, sizes: list[int], rtl: bool, label_w: int,
                    ) -> tuple[tuple[int, int], list[pygame.Rect], int]:
        """(card size, a rect per meld, card step) for one owner's melds, tightening the step
        and then the cards until the row fits."""
        cw, ch = self.meld_card
        scale = min(1.0, (row.h - 8) / ch)
        cw, ch = round(cw * scale), round(ch * scale)
        gap, inner = 12, row.w - label_w - 8

        def width(step: int, card_w: int) -> int:
            return sum(card_w + step * (k - 1) for k in sizes) + gap * (len(sizes) - 1)

        step = cw // 2
        while step > 14 and width(step, cw) > inner:
            step -= 1
        if width(step, cw) > inner:
            k = inner / width(step, cw)
            cw, ch, step = max(24, int(cw * k)), max(34, int(ch * k)), max(9, int(step * k))
        rects, x = [], (row.x + label_w + 4 if not rtl else row.right - label_w - 4)
        for n in sizes:
            wdt = cw + step * (n - 1)
            left = x if not rtl else x - wdt
            rects.append(pygame.Rect(left, row.centery - ch // 2, wdt, ch))
            x = x + wdt + gap if not rtl else x - wdt - gap
        return (cw, ch), rects, step


def opponent_places(players: int) -> list[str]:
    """Where seats 1..n-1 sit, counter-clockwise from you (bottom): right, top, left."""
    return {2: ["top"], 3: ["right", "left"], 4: ["right", "top", "left"],
            5: ["right", "top_right", "top_left", "left"]}[players]


def make_geometry(portrait: bool, players: int = 4) -> RummyGeometry:
    return _portrait(players) if portrait else _landscape(players)


def _landscape(players: int) -> RummyGeometry:
    w, h = 1280, 720
    side = 170
    col_r = w - MARGIN - side
    spots = {"right": pygame.Rect(col_r, 84, side, 132),
             "left": pygame.Rect(MARGIN, 84, side, 132),
             "top": pygame.Rect(w // 2 - 130, 14, 260, 62),
             "top_right": pygame.Rect(w // 2 + 10, 14, 240, 62),
             "top_left": pygame.Rect(w // 2 - 250, 14, 240, 62)}
    plates = {0: pygame.Rect(MARGIN, 388, side, 132)}
    for seat, place in enumerate(opponent_places(players), start=1):
        plates[seat] = spots[place]
    buttons = {
        "apply": pygame.Rect(col_r, 388, side, 60),
        "add_group": pygame.Rect(col_r, 456, side, 46),
        "clear": pygame.Rect(col_r, 508, side, 46),
        "discard": pygame.Rect(col_r, 600, side, 64),
        "sort_suit": pygame.Rect(MARGIN, 548, side, 48),
        "sort_rank": pygame.Rect(MARGIN, 604, side, 48),
        "undo": pygame.Rect(MARGIN, 660, side, 48),
    }
    return RummyGeometry(
        w=w, h=h, portrait=False, players=players,
        top_bar=pygame.Rect(MARGIN, 16, w - 2 * MARGIN, 48), plates=plates,
        melds=pygame.Rect(200, 84, 880, 292),
        stock=(58, 290), discard=(146, 290), pile_card=(72, 101),
        staging=pygame.Rect(200, 384, 880, 150),
        hand=pygame.Rect(200, 556, 880, 156),
        hand_card=(84, 118), staged_card=(56, 78), meld_card=(50, 70), hand_rows=1,
        buttons=buttons, hint_y=352, banner_y=230,
    )


def _portrait(players: int) -> RummyGeometry:
    w, h = 720, 1280
    inner = w - 2 * MARGIN
    places = opponent_places(players)
    order = ["left", "top_left", "top", "top_right", "right"]
    shown = sorted(range(1, players), key=lambda s: order.index(places[s - 1]))
    n, gap = len(shown), 10
    pw = (inner - gap * (n - 1)) // n if n > 1 else 300
    x0 = MARGIN if n > 1 else w // 2 - pw // 2
    plates = {seat: pygame.Rect(x0 + i * (pw + gap), 80, pw, 76) for i, seat in enumerate(shown)}
    plates[0] = pygame.Rect(204, 566, 216, 124)
    right = w - MARGIN
    buttons = {
        "apply": pygame.Rect(432, 566, right - 432, 58),
        "discard": pygame.Rect(432, 632, right - 432, 58),
    }
    bw = (inner - 4 * 8) // 5
    for i, key in enumerate(("sort_suit", "sort_rank", "undo", "add_group", "clear")):
        buttons[key] = pygame.Rect(MARGIN + i * (bw + 8), 920, bw, 54)
    return RummyGeometry(
        w=w, h=h, portrait=True, players=players,
        top_bar=pygame.Rect(MARGIN, 16, inner, 52), plates=plates,
        melds=pygame.Rect(MARGIN, 168, inner, 386),
        stock=(60, 616), discard=(150, 616), pile_card=(76, 106),
        staging=pygame.Rect(MARGIN, 700, inner, 210),
        hand=pygame.Rect(MARGIN, 984, inner, h - MARGIN - 984),
        hand_card=(84, 118), staged_card=(62, 87), meld_card=(52, 73), hand_rows=2,
        buttons=buttons, hint_y=530, banner_y=420,
    )


# ----- the scene ---------------------------------------------------------------------------
class RummyTable(CardTable):
    """A Hand rummy match at a local table: you (seat 0) and 1-3 bots."""

    name = "hand_rummy"
    MATCH = Match
    BOTS = bots
    DEFAULT_PLAYERS = 4
    ENGINE_OPTIONS = ("rounds", "variant", "partnership")

    def __init__(self, app, table, start_events=None, bot_seed=None, options=None):
        match = table.match
        self.geo = make_geometry(app.layout.portrait, match.players)
        n = match.players
        self.variant = match.variant
        self.rounds = match.rounds
        self.round = 1
        self.counts = [0] * n
        self.opened = [False] * n
        self.melds: list[list[str]] = []
        self.meld_owners: list[int] = []
        self.hidden: set[tuple[int, int]] = set()     # (meld, card) still in the air
        self.discard_pile: list[str] = []              # the last few discards, top last
        self.stock_count = 0
        self.hand: list[str] = []                      # your displayed hand (engine order)
        self.staging = Staging([], match.variant)
        self.ws: dict[tuple, Sprite] = {}              # workspace sprites by place
        self.spawn: tuple[float, float] | None = None  # where a new hand card appears
        self.selected: int | None = None               # index in staging.hand
        self.dealing: list[Sprite] = []
        self.ended: dict | None = None                 # round end shown before the panel
        self.ended_t = 0.0                             # how long the hands have been up
        self._legal_cache: tuple[int, list[dict]] = (-1, [])
        self._meld_rects: list[tuple[int, pygame.Rect]] = []
        super().__init__(app, table, start_events, bot_seed, options)

    # ----- construction ------------------------------------------------------------------------
    def sync_from_view(self) -> None:
        """Show the match as it stands now, with no animation (after Continue)."""
        v = self.match.view(0)
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
        self.staging.hand.sort(key=_suit_key)
        self.phase = v["phase"]
        if v["phase"] == "over":
            self._open_over(v["result"])

    # ----- widgets -----------------------------------------------------------------------------
    def build_controls(self) -> list:
        b = self.geo.buttons
        small = 20 if self.geo.portrait else 22
        self.apply_button = Button(b["apply"], lambda: t("hr.apply"), self.apply_melds, 24,
                                   primary=True, key="apply")
        self.discard_button = Button(b["discard"], lambda: t("hr.discard"), self.discard_selected,
                                     24, primary=True, key="discard")
        self.add_button = Button(b["add_group"], lambda: t("hr.add_group"), self.add_group,
                                 small - 2, key="add_group")
        self.clear_button = Button(b["clear"], lambda: t("hr.clear"), self.clear_staging, small,
                                   key="clear")
        self.suit_button = Button(b["sort_suit"], lambda: t("hr.sort_suit"), self.sort_suit,
                                  small, key="sort_suit")
        self.rank_button = Button(b["sort_rank"], lambda: t("hr.sort_rank"), self.sort_rank,
                                  small, key="sort_rank")
        self.undo_button = Button(b["undo"], lambda: t("hr.undo"), self.undo, small, key="undo")
        self.controls = [self.apply_button, self.discard_button, self.add_button,
                         self.clear_button, self.suit_button, self.rank_button, self.undo_button]
        return list(self.controls)

    def place_controls(self, modal: bool) -> None:
        playing = self.phase == "play" and not modal and self.match.phase != "over"
        assisted = self.table.seats[0].assisted
        for w in self.controls:
            w.visible = playing and not assisted
        if not playing:
            return
        mine = self.my_turn()
        self.apply_button.enabled = self.apply_reason() is None
        self.discard_button.enabled = mine and self.selected is not None and \
            self.match.drawn and not self.match.pending
        self.undo_button.enabled = self.staging.can_undo()
        self.clear_button.enabled = bool(self.staging.groups)

    def _place_widgets(self) -> None:
        super()._place_widgets()
        tb = self.geo.top_bar
        h = 48 if not self.geo.portrait else 52
        for w in (self.menu_button, self.lang_button):
            w.rect.h, w.rect.y = h, tb.y
        # "I'm back" takes Discard's place (hidden while the table plays for you).
        self.back_button.rect = self.geo.buttons["discard"].copy()

    # ----- state questions --------------------------------------------------------------------
    def my_turn(self) -> bool:
        return (self.match.phase == "play" and self.phase == "play" and self.idle()
                and 0 in self.match.to_act() and not self.table.seats[0].assisted
                and self.table.seats[0].kind == "human")

    def awaiting_me(self) -> bool:
        return self.my_turn()

    def busy(self) -> bool:
        return bool(self.flying or self.dealing) or self.ended is not None

    def legal(self) -> list[dict]:
        """Seat 0's legal actions, cached per engine action."""
        key = len(self.match.log)
        if self._legal_cache[0] != key:
            self._legal_cache = (key, self.match.legal_actions(0))
        return self._legal_cache[1]

    def view(self) -> dict:
        """Seat 0's engine view, cached per engine action."""
        key = len(self.match.log)
        if getattr(self, "_view_key", None) != key:
            self._view_key, self._view = key, self.match.view(0)
        return self._view

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
        return self.geo.plates[seat]

    def plate_edge(self, seat: int) -> tuple:
        if self.match.partnership:
            return SIDE_COLORS[self.match.side_of(seat)]
        return draw.PANEL_EDGE

    def seat_center(self, seat: int) -> tuple[int, int]:
        return self.geo.plates[seat].center

    # ----- actions ------------------------------------------------------------------------------
    def refusal_text(self, refused: IllegalAction) -> str:
        return refusal_text(refused)

    def draw_from(self, source: str) -> None:
        if not self.my_turn():
            self.show_hint(t("hr.err.not_your_turn"))
            return
        self.act(0, {"type": "draw", "from": source}, human=True)

    def apply_melds(self) -> None:
        reason = self.apply_reason()
        if reason is not None:
            self.show_hint(t(f"hr.reason.{reason}"))
            return
        action = self.staging.apply_action()
        if action is not None:
            self.selected = None
            self.act(0, action, human=True)

    def discard_selected(self) -> None:
        if self.selected is None or self.selected >= len(self.staging.hand):
            self.show_hint(t("hr.tip.pick_first"))
            return
        if not self.my_turn():
            self.show_hint(t("hr.err.not_your_turn"))
            return
        code = self.staging.hand[self.selected]
        if self.act(0, {"type": "discard", "card": code}, human=True):
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
        return min(range(len(slots)), key=lambda i: (slots[i][0] - pos[0]) ** 2 +
                   (slots[i][1] - pos[1]) ** 2)

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
        """Add the picked card to a table meld, or take its joker back (HR-7, HR-8)."""
        if self.selected is None:
            self.show_hint(t("hr.tip.pick_first"))
            return
        card = self.staging.hand[self.selected]
        action = None
        for a in self.legal():
            if a["type"] == "swap_joker" and a["meld"] == meld and \
                    (a.get("card") == card or card in a.get("cards", [])):
                action = a
                break
        if action is None:
            action = {"type": "add", "card": card, "meld": meld}
        if self.act(0, action, human=True):
            self.selected = None

    def tap_discard_pile(self) -> None:
        if self.my_turn() and not self.match.drawn:
            self.draw_from("discard")
        elif self.selected is not None:
            self.discard_selected()
        elif self.my_turn():
            self.show_hint(t("hr.tip.discard"))
        else:
            self.show_hint(t("hr.err.not_your_turn"))

    def tap_stock(self) -> None:
        if self.my_turn() and self.match.drawn:
            self.show_hint(t("hr.err.already_drawn"))
            return
        self.draw_from("stock")

    # ----- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self._place_widgets()
        for widget in self.widgets:
            if widget.handle(event):
                return
        if self.modal():
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE) \
                    and self.score is not None:
                self.close_score()
            return
        if self.phase != "play" or self.table.seats[0].assisted:
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.tap(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def tap(self, pos: tuple[int, int]) -> None:
        """A tap on the table (not on a button): find what is under it, topmost first."""
        if self.apply_button.visible and not self.apply_button.enabled and \
                self.apply_button.rect.collidepoint(pos):
            self.show_hint(t(f"hr.reason.{self.apply_reason()}"))
            return
        hit = self.hit(pos)
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

    def hit(self, pos: tuple[int, int]) -> tuple | None:
        """What lies under ``pos``: ("hand", i), ("hand_gap", i) (beside the hand's cards, with one
        picked), ("staged", g, j), ("group", g), ("new_group",),
        ("meld", m), ("stock",), ("discard",) — or None."""
        for i in reversed(range(len(self.staging.hand))):
            sprite = self.ws.get(("h", i))
            if sprite is not None and sprite.rect().collidepoint(pos):
                return ("hand", i)
        if self.selected is not None and self.staging.hand and \
                self.geo.hand.collidepoint(pos):
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
            if rect.inflate(8, 8).collidepoint(pos):
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
            self.selected = (0 if step > 0 else n - 1) if self.selected is None else \
                (self.selected + step) % n
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.my_turn() and not self.match.drawn:
                self.draw_from("stock")
            else:
                self.discard_selected()
        elif event.key == pygame.K_ESCAPE:
            self.selected = None

    def pile_rect(self, center: tuple[int, int]) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.geo.pile_card)
        r.center = center
        return r.inflate(12, 12)

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
        if self.idle() and self.phase == "play" and self.match.phase != "over":
            engine = Counter(self.view()["hand"])
            if engine != Counter(self.staging.cards()):   # a safety net: follow the engine
                self.hand = list(self.view()["hand"])
                self.staging.sync(self.hand)

    def layout_changed(self) -> None:
        """The window turned: this table's geometry for the new layout."""
        self.geo = make_geometry(self.app.layout.portrait, self.players)
        self._group_key = None
        self.spawn = None
        self._layout_melds()

    def bot_pause(self) -> float:
        return BOT_STEP_PAUSE

    def _layout_workspace(self, dt: float) -> None:
        """Give every workspace card a place (hand row or group) and glide it there."""
        g = self.geo
        targets: list[tuple[tuple, str, tuple[float, float], tuple[int, int]]] = []
        slots = g.hand_slots(len(self.staging.hand))
        for i, (code, slot) in enumerate(zip(self.staging.hand, slots)):
            lift = g.lift if i == self.selected else 0
            targets.append((("h", i), code, (slot[0], slot[1] - lift), g.hand_card))
        boxes, _new, card, step = self.group_geometry()
        for gi, group in enumerate(self.staging.groups):
            for j, (code, pos) in enumerate(zip(group, g.staged_slots(boxes[gi], len(group),
                                                                       card, step))):
                targets.append((("g", gi, j), code, pos, card))
        old = self.ws
        pool: dict[str, list[Sprite]] = {}
        for sprite in old.values():
            pool.setdefault(sprite.code, []).append(sprite)
        new: dict[tuple, Sprite] = {}
        pending = []
        for place, code, pos, size in targets:     # a card that kept its place keeps its sprite
            sprite = old.get(place)
            if sprite is not None and sprite.code == code and sprite in pool.get(code, []):
                pool[code].remove(sprite)
                new[place] = sprite
            else:
                pending.append((place, code, pos, size))
        for place, code, pos, size in pending:
            candidates = pool.get(code) or []
            if candidates:
                sprite = min(candidates, key=lambda s: (s.pos[0] - pos[0]) ** 2 +
                             (s.pos[1] - pos[1]) ** 2)
                candidates.remove(sprite)
            else:
                sprite = Sprite(code, self.spawn or g.stock, size, face_up=True)
            new[place] = sprite
        self.ws = new
        for place, _code, pos, size in targets:
            sprite = new[place]
            if sprite.moving:
                continue
            sprite.size = size
            sprite.pos = (approach(sprite.pos[0], pos[0], 16, dt),
                          approach(sprite.pos[1], pos[1], 16, dt))

    def group_geometry(self):
        sizes = [len(gr) for gr in self.staging.groups]
        key = (tuple(sizes), i18n.is_rtl())
        if getattr(self, "_group_key", None) != key:
            self._group_key = key
            self._group_geo = self.geo.group_boxes(sizes, i18n.is_rtl())
        return self._group_geo

    def _workspace_pos(self, code: str) -> tuple[float, float]:
        """Where one of your cards is now (staged first, then the hand row), for flights."""
        for place, sprite in self.ws.items():
            if place[0] == "g" and sprite.code == code:
                return sprite.pos
        for sprite in self.ws.values():
            if sprite.code == code:
                return sprite.pos
        return self.geo.hand.center

    # ----- events → animation -------------------------------------------------------------------
    def _sync_hand(self, laid: list[str] | tuple = ()) -> None:
        self.staging.sync(self.hand, laid=laid)
        if self.selected is not None and self.selected >= len(self.staging.hand):
            self.selected = None

    def _on_deal(self, ev: dict) -> float:
        g = self.geo
        n = self.players
        self.round, self.dealer = ev["round"], ev["dealer"]
        self.phase = "deal"
        self.counts = [0] * n
        self.opened = [False] * n
        self.melds, self.meld_owners, self.hidden = [], [], set()
        self.discard_pile = []
        self.stock_count = ev["stock_count"] + sum(ev["counts"])
        self.hand = []
        self.staging = Staging([], self.variant)
        self.ws = {}
        self.selected = None
        own = list(ev.get("hand", []))
        order = [(ev["starter"] + i) % n for i in range(sum(ev["counts"]) - 1)]
        order.append(ev["starter"])
        step, flight = Speed.scale(DEAL_STEP), Speed.scale(DEAL_FLIGHT)
        mine = 0
        slots = g.hand_slots(len(own))
        for i, seat in enumerate(order):
            if seat == 0:
                target, size = slots[min(mine, len(slots) - 1)], g.hand_card
                mine += 1
            else:
                target, size = self.seat_center(seat), (40, 56)
            sprite = Sprite(None, g.stock, (54, 76), face_up=False)
            sprite.hide_until_start = True
            sprite.move(target, flight, i * step, ease_out, arc=-30 if seat == 0 else 30,
                        size=size, on_land=lambda s=seat, sp=sprite: self._dealt(s, sp))
            self.dealing.append(sprite)
        total = (len(order) - 1) * step + flight
        self.after(total + 0.02, lambda: self._reveal_hand(own))
        self.app.audio.play("deal", 0.5)
        return total + Speed.scale(FLIP) + 0.1

    def _dealt(self, seat: int, sprite: Sprite) -> None:
        self.stock_count -= 1
        self.counts[seat] += 1
        if seat != 0 and sprite in self.dealing:
            self.dealing.remove(sprite)
        if len(self.dealing) % 6 == 0:
            self.app.audio.play("deal", 0.3)

    def _reveal_hand(self, own: list[str]) -> None:
        """Your cards turn face up, sorted by suit; found melds are staged as a suggestion."""
        self.dealing = []
        self.hand = list(own)
        self.counts[0] = len(own)
        self.staging = Staging(own, self.variant)
        self.staging.hand.sort(key=_suit_key)
        slots = self.geo.hand_slots(len(own))
        for i, (code, slot) in enumerate(zip(self.staging.hand, slots)):
            sprite = Sprite(code, slot, self.geo.hand_card, face_up=False)
            sprite.start_flip(Speed.scale(FLIP))
            self.ws[("h", i)] = sprite
        self.after(Speed.scale(FLIP) + 0.05, self._deal_done)

    def _deal_done(self) -> None:
        self.phase = "play"
        if self.staging.suggest():
            self.show_banner(t("hr.tip.suggested"), 2.6)

    def _on_drew(self, ev: dict) -> float:
        seat, source = ev["seat"], ev["from"]
        g = self.geo
        start = g.stock if source == "stock" else g.discard
        code = ev.get("card")
        if source == "stock":
            self.stock_count = max(0, self.stock_count - 1)
        elif self.discard_pile:
            self.discard_pile.pop()
            if seat != 0:
                self.show_hint(t("hr.event.took", name=self.seat_name(seat)))
        self.counts[seat] += 1
        duration = Speed.scale(DRAW_FLIGHT)
        if seat == 0 and code:
            self.hand.append(code)
            self.spawn = start
            self._sync_hand()
            self._fly_into_hand(code, start, duration, face_up=source != "stock")
        else:
            sprite = Sprite(code, start, g.pile_card, face_up=code is not None)
            sprite.move(self.seat_center(seat), duration, 0, ease_out, size=(40, 56),
                        on_land=lambda sp=sprite: self._land(sp))
            self.flying.append(sprite)
        self.app.audio.play("deal", 0.5)
        return duration

    def _fly_into_hand(self, code: str, start: tuple[float, float], duration: float,
                       face_up: bool) -> None:
        """Your drawn card flies from the pile to its place at the end of the hand row (a card
        from the stock turns face up on the way)."""
        g = self.geo
        index = len(self.staging.hand) - 1          # new cards join the end of the row
        if index < 0 or self.staging.hand[index] != code:
            return
        slot = g.hand_slots(len(self.staging.hand))[index]
        sprite = Sprite(code, start, g.pile_card, face_up=face_up)
        sprite.move(slot, duration, 0.0, ease_out, arc=-30, size=g.hand_card)
        if not face_up:
            sprite.start_flip(duration)
        self.ws[("h", index)] = sprite

    def _land(self, sprite: Sprite, then=None) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)
        if then:
            then()

    def _on_stock_reshuffled(self, ev: dict) -> float:
        self.stock_count = ev["stock_count"]
        self.discard_pile = self.discard_pile[-1:]
        self.show_banner(t("hr.tip.reshuffled"), 2.0)
        self.app.audio.play("trick", 0.5)
        return Speed.scale(0.5, motion=False)

    def _fly_to_melds(self, seat: int, cards: list[tuple[int, int, str]],
                      starts: list[tuple[float, float]]) -> float:
        """Fly ``cards`` ((meld, place, code)) from ``starts`` to their places on the table;
        each stays hidden in its meld until it lands."""
        duration = Speed.scale(LAY_FLIGHT)
        self._layout_melds()
        for k, ((meld, place, code), start) in enumerate(zip(cards, starts)):
            self.hidden.add((meld, place))
            target, size = self.meld_card_pos(meld, place)
            sprite = Sprite(code, start, self.geo.staged_card if seat == 0 else (40, 56))
            sprite.move(target, duration, k * 0.03, ease_out, size=size,
                        on_land=lambda sp=sprite, key=(meld, place):
                        self._land(sp, lambda: self.hidden.discard(key)))
            self.flying.append(sprite)
        self.app.audio.play("play", 0.7)
        return duration + 0.03 * max(0, len(cards) - 1)

    def _on_melded(self, ev: dict) -> float:
        seat = ev["seat"]
        groups = [list(gr) for gr in ev["groups"]]
        first = len(self.melds)
        laid = [c for gr in groups for c in gr]
        starts = [self._workspace_pos(c) if seat == 0 else self.seat_center(seat) for c in laid]
        self.melds += groups
        self.meld_owners += [seat] * len(groups)
        self.counts[seat] -= len(laid)
        if ev["opening"]:
            self.opened[seat] = True
            key = "hr.event.opened_you" if seat == 0 else "hr.event.opened"
            self.show_banner(t(key, name=self.seat_name(seat), n=digits(ev["points"])), 1.8)
        if seat == 0:
            for c in laid:
                self.hand.remove(c)
            self._sync_hand(laid)
        cards = [(first + i, j, c) for i, gr in enumerate(groups) for j, c in enumerate(gr)]
        return self._fly_to_melds(seat, cards, starts)

    def _on_added(self, ev: dict) -> float:
        seat, meld, card = ev["seat"], ev["meld"], ev["card"]
        old, new = self.melds[meld], list(ev["cards"])
        place = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), len(old))
        start = self._workspace_pos(card) if seat == 0 else self.seat_center(seat)
        self.melds[meld] = new
        self.counts[seat] -= 1
        if seat == 0:
            self.hand.remove(card)
            self._sync_hand([card])
        return self._fly_to_melds(seat, [(meld, place, card)], [start])

    def _on_joker_swapped(self, ev: dict) -> float:
        seat, meld = ev["seat"], ev["meld"]
        placed = ev.get("placed") or [ev["card"]]
        old, new = self.melds[meld], list(ev["cards"])
        places = [i for i, (a, b) in enumerate(zip(old, new)) if a != b] or \
            list(range(len(old), len(new)))
        joker_at = self.meld_card_pos(meld, places[0] if places else 0)[0]
        starts = [self._workspace_pos(c) if seat == 0 else self.seat_center(seat) for c in placed]
        self.melds[meld] = new
        self.counts[seat] += 1 - len(placed)
        if seat == 0:
            for c in placed:
                self.hand.remove(c)
            self.hand.append(JOKER)
            self.spawn = joker_at
            self._sync_hand(placed)
            self.show_hint(t("hr.tip.joker_back"))
        else:
            joker = Sprite(JOKER, joker_at, self.geo.meld_card)
            joker.move(self.seat_center(seat), Speed.scale(LAY_FLIGHT), 0.1, ease_in_out,
                       size=(40, 56), on_land=lambda sp=joker: self._land(sp))
            self.flying.append(joker)
            self.show_hint(t("hr.event.swapped", name=self.seat_name(seat)))
        cards = [(meld, p, new[p]) for p in places[:len(placed)]]
        return self._fly_to_melds(seat, cards, starts[:len(cards)])

    def _on_swap_undone(self, ev: dict) -> float:
        seat = ev["seat"]
        self.melds[ev["meld"]] = list(ev["cards"])
        self.counts[seat] += len(ev["returned"]) - 1
        if seat == 0:
            self.hand.remove(JOKER)
            self.hand += list(ev["returned"])
            self._sync_hand()
        return 0.1

    def _on_discarded(self, ev: dict) -> float:
        seat, card = ev["seat"], ev["card"]
        start = self._workspace_pos(card) if seat == 0 else self.seat_center(seat)
        self.counts[seat] -= 1
        if seat == 0:
            self.hand.remove(card)
            self._sync_hand()
            self.selected = None
        duration = Speed.scale(DISCARD_FLIGHT)
        size = self.geo.pile_card
        sprite = Sprite(card, start, self.geo.hand_card if seat == 0 else (40, 56))

        def landed() -> None:
            self.discard_pile = (self.discard_pile + [card])[-4:]

        sprite.move(self.geo.discard, duration, 0, ease_out, size=size,
                    on_land=lambda: self._land(sprite, landed))
        self.flying.append(sprite)
        self.app.audio.play("play", 0.6)
        return duration

    def _on_round_scored(self, ev: dict) -> float:
        """The winner's banner, then every hand face up in the score panel (HR-10, HR-12)."""
        self.totals = list(ev["totals"])
        self.counts = [len(h) for h in ev["hands"]]
        self.show_banner(self.went_out_line(ev), 2.0)
        self.ended = ev
        self.ended_t = 0.0
        others = any(ev["hands"][s] for s in range(1, self.players))
        pause = Speed.scale(HANDS_SHOWN if others else ROUND_PAUSE, motion=False)
        if others:
            self.app.audio.play("deal", 0.5)

        def open_panel() -> None:
            self.ended = None
            self.score = {"entry": ev, "t": 0.0}
            self.app.audio.play("round", 0.7)

        self.after(pause, open_panel)
        return pause + 0.02

    def went_out_line(self, ev: dict) -> str:
        """Who went out and how ("hand" in one go, -60, or in stages, -30; HR-10)."""
        kind = ev["kind"]
        key = ("hr.score.hand" if kind == -60 else "hr.score.out") + \
            ("_you" if ev["winner"] == 0 else "")
        return t(key, name=self.seat_name(ev["winner"]), score=digits(kind))

    def _on_turn_timeout(self, ev: dict) -> float:
        if ev.get("seat") == 0:
            self.app.toast("hr.timeout", 3.0)
        return 0.0

    def next_label(self) -> str:
        return "hr.score.next" if self.match.phase != "over" else "hr.score.result"

    def _open_over(self, result: dict) -> None:
        totals = list(result["totals"])
        ranking = sorted(range(len(totals)), key=lambda s: (totals[s], s))
        super()._open_over({**result, "ranking": ranking})

    # ----- melds on the table ---------------------------------------------------------------
    def meld_row_owners(self) -> list[int]:
        """Owners with melds, top to bottom: the others in seat order, you at the bottom."""
        have = set(self.meld_owners)
        return [s for s in list(range(1, self.players)) + [0] if s in have]

    def _layout_melds(self) -> None:
        """Cache each meld's rect, card size and step for drawing and tapping."""
        rows = self.geo.meld_rows(self.meld_row_owners())
        rtl = i18n.is_rtl()
        self._meld_rects, self._meld_geo = [], {}
        for owner, row in rows.items():
            mine = [i for i, o in enumerate(self.meld_owners) if o == owner]
            card, rects, step = self.geo.meld_layout(row, [len(self.melds[i]) for i in mine], rtl,
                                                     36)
            for i, rect in zip(mine, rects):
                self._meld_rects.append((i, rect))
                self._meld_geo[i] = (rect, card, step)
        self._meld_rows = rows

    def meld_card_pos(self, meld: int, place: int) -> tuple[tuple[float, float], tuple[int, int]]:
        rect, card, step = self._meld_geo[meld]
        x = rect.x + card[0] / 2 + step * place
        return (x, rect.centery), card

    # ----- drawing -------------------------------------------------------------------------------
    def draw_hud(self, surface: pygame.Surface) -> None:
        self.hud_text(surface, t("hr.round", n=digits(self.round), total=digits(self.rounds)))

    def draw_table(self, surface: pygame.Surface) -> None:
        four = self.app.settings["four_color"]
        self._layout_melds()
        for seat in range(self.players):
            self.draw_plate(surface, seat)
        self._draw_piles(surface, four)
        self._draw_melds(surface, four)
        if self.phase != "deal" or self.ws:
            self._draw_staging(surface, four)
        self._draw_hand(surface, four)
        for sprite in self.dealing:
            sprite.draw(surface, four)
        for sprite in self.flying:
            sprite.draw(surface, four)
        if self.ended is not None:
            self._draw_shown_hands(surface, four)

    def shown_hands(self) -> list[int]:
        """The other seats whose cards turn face up at the round's end (those with cards)."""
        if self.ended is None:
            return []
        return [s for s in range(1, self.players) if self.ended["hands"][s]]

    def _draw_shown_hands(self, surface: pygame.Surface, four: bool) -> None:
        """At the round's end the others' hands lie face up over the melds for a moment, a row
        per player under the "went out" line; the cards turn over together."""
        seats = self.shown_hands()
        if not seats:
            return
        area = self.geo.melds
        draw.panel(surface, area, (10, 30, 28), 255, 16, draw.GOLD)
        head = self.went_out_line(self.ended)
        if head:
            draw.blit_text(surface, head, draw.fit_text(head, 24, area.w - 40, True),
                           (area.centerx, area.y + 24), draw.GOLD, bold=True)
        top = area.y + 48
        row_h = min(110, (area.bottom - 8 - top) // len(seats))
        ch = min(96, row_h - 12)
        cw = round(ch * 0.71)
        flip = Speed.scale(FLIP * 2)
        k = min(1.0, self.ended_t / max(0.01, flip))       # 0..1: the turn-over
        width_k = abs(1 - 2 * k)
        rtl = i18n.is_rtl()
        label_w = 150 if not self.geo.portrait else 118
        for i, seat in enumerate(seats):
            cy = top + row_h * i + row_h // 2
            name = self.seat_name(seat)
            lx, anchor = (area.right - 16, "midright") if rtl else (area.x + 16, "midleft")
            draw.blit_text(surface, name, draw.fit_text(name, 20, label_w - 8, True), (lx, cy),
                           draw.INK, bold=True, anchor=anchor)
            cards = sorted(self.ended["hands"][seat], key=_suit_key)
            inner = area.w - label_w - 40
            step = min(cw + 4, (inner - cw) / max(1, len(cards) - 1))
            total = cw + step * (len(cards) - 1)
            x0 = (area.x + label_w + 24) if not rtl else (area.right - label_w - 24 - total)
            for j, code in enumerate(cards):
                img = assets.card_face(code, (cw, ch), four) if k >= 0.5 else \
                    assets.card_back((cw, ch))
                if k < 1.0:
                    img = pygame.transform.scale(img, (max(2, round(cw * width_k)), ch))
                cx = x0 + step * j + cw / 2
                surface.blit(img, img.get_rect(center=(round(cx), cy)))

    def draw_figure(self, surface, seat, figure, color, pos, anchor) -> None:
        """The card count beside a small card back, then opened / not opened."""
        size = 18 if self.geo.portrait else 19
        img = draw.label(figure, draw.fit_text(figure, size, self.plate_rect(seat).w - 40, True),
                         color, True)
        back = assets.card_back((14, 20))
        total = back.get_width() + 6 + img.get_width()
        rect = pygame.Rect(0, 0, total, max(img.get_height(), 20))
        setattr(rect, anchor, pos)
        if i18n.is_rtl():
            surface.blit(img, img.get_rect(midleft=(rect.x, rect.centery)))
            surface.blit(back, back.get_rect(midright=(rect.right, rect.centery)))
        else:
            surface.blit(back, back.get_rect(midleft=(rect.x, rect.centery)))
            surface.blit(img, img.get_rect(midright=(rect.right, rect.centery)))

    def _draw_piles(self, surface: pygame.Surface, four: bool) -> None:
        g = self.geo
        size = g.pile_card
        if self.stock_count > 0:
            back = assets.card_back(size)
            for i in range(min(3, (self.stock_count + 19) // 20)):
                surface.blit(shadow(size), back.get_rect(center=g.stock).move(2 - i * 2, 4 - i * 2))
                surface.blit(back, back.get_rect(center=g.stock).move(-i * 2, -i * 2))
        else:
            pygame.draw.rect(surface, draw.PANEL_EDGE, self.pile_rect(g.stock).inflate(-12, -12),
                             2, border_radius=8)
        shown = self.discard_pile
        base = pygame.Rect((0, 0), size)
        base.center = g.discard
        if shown:
            for i, code in enumerate(shown[-3:]):
                img = assets.card_face(code, size, four)
                r = img.get_rect(center=(g.discard[0] + (i - len(shown[-3:]) + 1) * 3,
                                         g.discard[1] + (i - len(shown[-3:]) + 1) * 2))
                surface.blit(shadow(size), r.move(2, 4))
                surface.blit(img, r)
        else:
            pygame.draw.rect(surface, draw.PANEL_EDGE, base, 2, border_radius=8)
        mine = self.my_turn()
        if mine and not self.match.drawn:
            for center in (g.stock, g.discard):
                pygame.draw.rect(surface, draw.TURN, self.pile_rect(center).inflate(-4, -4), 3,
                                 border_radius=10)
        elif mine and self.selected is not None and not self.match.pending:
            pygame.draw.rect(surface, draw.GOLD, self.pile_rect(g.discard).inflate(-4, -4), 3,
                             border_radius=10)
        y = g.stock[1] + size[1] // 2 + 18
        draw.blit_text(surface, f"{t('hr.stock')} {digits(self.stock_count)}", 16,
                       (g.stock[0], y), draw.INK_DIM, bold=True)
        draw.blit_text(surface, t("hr.discard_pile"), 16, (g.discard[0], y), draw.INK_DIM,
                       bold=True)

    def backdrop_panels(self) -> tuple:
        """The melds' area and (once dealt) the staging area lie on the felt."""
        g = self.geo
        melds = (tuple(g.melds), (8, 40, 36), 110, 16, None)
        if self.phase != "deal" or self.ws:
            return (melds, (tuple(g.staging), draw.PANEL, 170, 14, draw.PANEL_EDGE))
        return (melds,)

    def _draw_melds(self, surface: pygame.Surface, four: bool) -> None:
        area = self.geo.melds
        if not self.melds:
            draw.blit_text(surface, t("hr.no_melds"), 20, area.center, draw.INK_DIM)
            return
        targets = self._meld_targets()
        rtl = i18n.is_rtl()
        for owner, row in self._meld_rows.items():
            cx = row.x + 20 if not rtl else row.right - 20
            color = SIDE_COLORS[self.match.side_of(owner)] if self.match.partnership else \
                self.avatar_color(owner)
            pygame.draw.circle(surface, color, (cx, row.centery), 15)
            pygame.draw.circle(surface, draw.SAND, (cx, row.centery), 15, 2)
            draw.blit_text(surface, self.seat_name(owner)[:1], 17, (cx, row.centery - 1),
                           draw.INK, bold=True)
        for meld, rect in self._meld_rects:
            _rect, card, step = self._meld_geo[meld]
            if meld in targets:
                pygame.draw.rect(surface, draw.TURN, rect.inflate(10, 10), 3, border_radius=8)
            for place, code in enumerate(self.melds[meld]):
                if (meld, place) in self.hidden:
                    continue
                img = assets.card_face(code, card, four)
                surface.blit(assets.shadowed(img, 1, 3), (rect.x + step * place, rect.y))

    def _meld_targets(self) -> set[int]:
        """Melds the picked card may go to now (add or joker swap)."""
        if self.selected is None or not self.my_turn() or self.selected >= len(self.staging.hand):
            return set()
        card = self.staging.hand[self.selected]
        return {a["meld"] for a in self.legal() if a["type"] in ("add", "swap_joker") and
                (a.get("card") == card or card in a.get("cards", []))}

    def _draw_staging(self, surface: pygame.Surface, four: bool) -> None:
        g = self.geo
        area = g.staging
        rtl = i18n.is_rtl()
        opened = self.opened[0]
        points = self.staging.staged_points()
        head = t("hr.staged", n=digits(points)) if opened else \
            t("hr.staged_open", n=digits(points))
        head_color = draw.TURN if (opened or points >= M.OPENING_MIN) else draw.SAND
        anchor, x = ("midright", area.right - 14) if rtl else ("midleft", area.x + 14)
        title = t("hr.staging_head", head=head)
        r = draw.blit_text(surface, title, 20, (x, area.y + 18), head_color, bold=True,
                           anchor=anchor)
        message, color = self.staging_message()
        if message:
            width = area.w - r.w - 48
            anchor2, x2 = ("midleft", area.x + 14) if rtl else ("midright", area.right - 14)
            draw.blit_text(surface, message, draw.fit_text(message, 19, width, True),
                           (x2, area.y + 18), color, bold=True, anchor=anchor2)
        boxes, new_box, _card, _step = self.group_geometry()
        for gi, box in enumerate(boxes):
            state = self.staging.group_state(gi)
            edge = {"valid": draw.TURN, "invalid": draw.RED}.get(state, draw.PANEL_EDGE)
            pygame.draw.rect(surface, (12, 22, 22), box, border_radius=10)
            pygame.draw.rect(surface, edge, box, 2, border_radius=10)
        pick = self.selected is not None
        pygame.draw.rect(surface, (12, 22, 22), new_box, border_radius=10)
        pygame.draw.rect(surface, draw.GOLD if pick else draw.PANEL_EDGE, new_box, 2,
                         border_radius=10)
        draw.blit_text(surface, "+", 34, (new_box.centerx, new_box.centery - 2),
                       draw.GOLD if pick else draw.INK_DIM, bold=True)
        for gi, group in enumerate(self.staging.groups):
            for j in range(len(group)):
                sprite = self.ws.get(("g", gi, j))
                if sprite is not None:
                    sprite.draw(surface, four)

    def staging_message(self) -> tuple[str, tuple]:
        """The line beside the staged total: what to do now, or why Apply is off (HR-14)."""
        if self.phase != "play":
            return "", draw.INK_DIM
        reason = self.apply_reason()
        mine = self.my_turn()
        if reason == "not_your_turn" and 0 in self.match.to_act() and self.match.phase == "play":
            return "", draw.INK_DIM      # your turn, while your own draw is still landing
        if mine and not self.match.drawn:
            return t("hr.reason.not_drawn"), draw.AMBER
        if mine and self.match.pending:
            return t("hr.tip.joker_back"), draw.AMBER
        if reason == "nothing_staged" and mine:
            return t("hr.tip.discard"), draw.SAND
        if reason is None:
            return "", draw.INK_DIM
        color = draw.INK_DIM if reason == "not_your_turn" else draw.AMBER
        return t(f"hr.reason.{reason}"), color

    def _draw_hand(self, surface: pygame.Surface, four: bool) -> None:
        for i in range(len(self.staging.hand)):
            sprite = self.ws.get(("h", i))
            if sprite is not None:
                sprite.draw(surface, four, glow=i == self.selected)

    def draw_banners(self, surface: pygame.Surface) -> None:
        g = self.geo
        if self.table.seats[0].assisted and self.match.phase != "over" and self.over is None:
            self.draw_banner(surface, t("assist.banner"), g.hint_y, (70, 40, 18))
        elif self.hint:
            self.draw_banner(surface, self.hint[0], g.hint_y, (80, 26, 22))
        if self.banner and not self.shown_hands():     # the hands' panel carries it then
            self.draw_banner(surface, self.banner[0], g.banner_y, (60, 44, 14))

    # ----- score and match end ----------------------------------------------------------------
    def draw_score_panel(self, surface: pygame.Surface) -> None:
        """Every hand face up with its points, the round's scores and the running totals."""
        entry = self.score["entry"]
        portrait = self.geo.portrait
        n = self.players
        row_h = 70 if not portrait else 92
        rect = self.score_frame(surface, 1080, 150 + row_h * n,
                                t("hr.score.title", n=digits(entry["round"])))
        kind = entry["kind"]
        key = ("hr.score.hand" if kind == -60 else "hr.score.out") + \
            ("_you" if entry["winner"] == 0 else "")
        sub = t(key, name=self.seat_name(entry["winner"]), score=digits(kind))
        draw.blit_text(surface, sub, draw.fit_text(sub, 22, rect.w - 40, True),
                       (rect.centerx, rect.y + 72), draw.INK, bold=True)
        prog = self.count_up()
        cols = self._score_columns(rect)
        y = rect.y + 112
        for label, (cx, _w) in zip(("hr.score.player", "hr.score.left", "hr.score.round",
                                    "hr.score.total"), cols):
            draw.blit_text(surface, t(label), 18, (cx, y), draw.SAND, bold=True)
        pygame.draw.line(surface, draw.PANEL_EDGE, (rect.x + 20, y + 16), (rect.right - 20, y + 16))
        totals = entry["totals"]
        for seat in range(n):
            top = rect.y + 130 + seat * row_h
            band = pygame.Rect(rect.x + 14, top + 4, rect.w - 28, row_h - 8)
            if seat == 0:
                pygame.draw.rect(surface, (40, 60, 56), band, border_radius=8)
            side = self.match.side_of(seat)
            score = entry["scores"][seat]
            old = totals[side] - entry["side_scores"][side]
            total = round(old + entry["side_scores"][side] * prog)
            name = self.seat_name(seat)
            if self.match.partnership:
                name = f"{name} ({t('hr.team', n=digits(side + 1))})"
            (nx, nw), (hx, hw), (sx, _), (tx, _) = cols
            draw.blit_text(surface, name, draw.fit_text(name, 22, nw, True), (nx, band.centery),
                           draw.INK, bold=True)
            self._draw_left_hand(surface, entry["hands"][seat], (hx, band.centery), hw,
                                 band.h - 8)
            shown = f"+{score}" if score > 0 else str(score)
            color = draw.TURN if score < 0 else draw.RED if score > 0 else draw.INK_DIM
            draw.blit_text(surface, digits(shown), 24, (sx, band.centery), color, bold=True)
            draw.blit_text(surface, digits(total), 24, (tx, band.centery), draw.GOLD, bold=True)

    def _score_columns(self, rect: pygame.Rect) -> list[tuple[float, float]]:
        """(centre x, width) of the columns player / cards left / round / total."""
        fractions = [0.22, 0.52, 0.12, 0.14]
        out, x = [], rect.x + 16
        for f in fractions:
            w = (rect.w - 32) * f
            out.append((x + w / 2, w - 8))
            x += w
        if i18n.is_rtl():
            out = [(rect.x + rect.right - cx, w) for cx, w in out]
        return out

    def _draw_left_hand(self, surface: pygame.Surface, cards: list[str], center, width: float,
                        height: int) -> None:
        if not cards:
            draw.blit_text(surface, "\u2014", 22, center, draw.INK_DIM)
            return
        four = self.app.settings["four_color"]
        ch = min(height, 62)
        cw = round(ch * 0.71)
        step = min(cw - 4, (width - cw) / max(1, len(cards) - 1))
        total = cw + step * (len(cards) - 1)
        x0 = center[0] - total / 2
        for i, code in enumerate(cards):
            img = assets.card_face(code, (cw, ch), four)
            surface.blit(img, img.get_rect(topleft=(round(x0 + i * step), center[1] - ch // 2)))

    def over_headline(self) -> str:
        result = self.over["result"]
        winners = result["winners"]
        if self.match.partnership:
            names = " / ".join(t("hr.team", n=digits(s + 1)) for s in winners)
            return t("hr.over.team_wins", name=names) + " \u00b7 " + t("hr.over.low_wins")
        if winners == [0]:
            return t("over.you_win")
        if len(winners) > 1:
            sep = "، " if i18n.is_rtl() else ", "
            return t("over.shared", names=sep.join(self.seat_name(s) for s in winners))
        return t("over.winner", name=self.seat_name(winners[0]))

    def over_rows(self) -> list[tuple[int, str, int, bool]]:
        """Lowest total first (HR-11); equal totals share a place."""
        result = self.over["result"]
        totals = result["totals"]
        order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
        best = min(totals)
        rows, place = [], 0
        for i, who in enumerate(order):
            if i == 0 or totals[who] != totals[order[i - 1]]:
                place = i + 1
            name = t("hr.team", n=digits(who + 1)) if self.match.partnership else \
                self.seat_name(who)
            rows.append((place, name, totals[who], totals[who] == best))
        return rows


def _suit_key(card: str) -> tuple:
    from game.games.hand_rummy.staging import suit_key
    return suit_key(card)


def refusal_text(refused: IllegalAction) -> str:
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
