"""The Ronda table scene: batches dealt in blocks of three, captures, caida / mesa, declarations,
the deal's sweep and score, for 2, 3 or 4 players (4 = two teams, partners opposite).

Built on :class:`game.ui.cardtable.CardTable` (event queue, held clocks, bots in slices, plates,
banners, panels, saving). The table cards are shown in Ronda order (RO-6) so a run that a card
would take (RO-9) reads left to right; tapping a card in your hand lights up that run before
you confirm the play.
"""

from __future__ import annotations

import pygame

from game import i18n
from game.client.seating import order_from
from game.games.ronda.cards import DECK as RONDA_CARDS
from game.games.ronda.cards import sort_hand
from game.games.ronda.rules import KIND_POINTS, KINDS, capture_run, combination
from game.games.ronda.table_draw import RondaDrawing
from game.games.ronda.table_events import SEAT_BANNER, RondaEvents
from game.i18n import t
from game.ui import scale
from game.ui.cardtable import CardTable, as_session
from game.ui.event_player import BOT_PAUSE
from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.table_drawing import SIDE_COLORS
from game.ui.tween import approach
from game.ui.widgets import Button

BOT_DECLARE_PAUSE = 0.6


class RondaTable(RondaEvents, RondaDrawing, CardTable):
    """A Ronda match: your seat and one to three others (bots, or players online)."""

    name = "ronda"
    DEFAULT_PLAYERS = 2
    DECK = "spanish"
    CARDS = RONDA_CARDS
    ENGINE_OPTIONS = ("rules",)

    def __init__(
        self,
        app,
        session,
        start_events: list[dict] | None = None,
        bot_seed: int | None = None,
        options: dict | None = None,
    ):
        session = as_session(session, bot_seed, self.name)
        n = session.players
        self.hand: dict[str, Sprite] = {}
        self.hand_order: list[str] = []
        self.table_cards: dict[str, Sprite] = {}  # face-up table cards by code
        self.counts = [0] * n  # cards in each hand
        self.piles = [0] * n  # each seat's face-down pile
        self.deck_count = 0
        self.deal_no = 0
        self.batch = 0
        self.batches = 0
        self.selected: str | None = None
        self.pending: dict[str, Sprite] = {}  # played cards about to capture
        self.glow: set[str] = set()  # table cards being captured
        self.seat_banners: dict[int, list] = {}  # seat -> [text, seconds left]
        self.pops: list[list] = []  # [text, seat, seconds left]
        self.flash: list | None = None  # [text, seconds left]
        self.revealed: list[dict] = []  # the deal's declarations, at its end
        self.reveals: dict[int, list[tuple[str, str, tuple]]] = {}  # seat -> shown lines
        self.reveal_left = 0.0
        view = session.view()
        self.teams = bool(view.get("teams", n == 4))
        self.target = int(view.get("target", 41))
        self.my_side = session.side_of(session.me)
        super().__init__(app, session, start_events, bot_seed, options)

    def sync_from_view(self) -> None:
        """Show the match as it stands now, with no animation (after Continue)."""
        v = self.session.view()
        L = self.app.layout
        self.deal_no, self.batch, self.batches = v["deal"], v["batch"], v["batches"]
        self.dealer = v["dealer"]
        self.counts = list(v["hand_counts"])
        self.piles = list(v["piles"])
        self.totals = list(v["totals"])
        self.deck_count = v["deck_count"]
        self.hand_order = sort_hand(list(v["hand"]))
        slots = self.hand_slots(len(self.hand_order))
        self.hand = {
            c: Sprite(c, p, L.card, deck="spanish") for c, p in zip(self.hand_order, slots)
        }
        codes = sort_hand(list(v["table"]))
        size = self.geometry()["card"]
        self.table_cards = {
            c: Sprite(c, p, size, deck="spanish") for c, p in zip(codes, self.table_slots(codes))
        }
        for d in v["declarations"]:
            self.seat_banners[d["seat"]] = [t(f"ronda.kind.{d['kind']}"), SEAT_BANNER]
        self.phase = v["phase"]
        if v["phase"] == "over":
            self._open_over(v["result"])

    # ----- where things go ---------------------------------------------------------------------
    def geometry(self) -> dict:
        """Table area, card size, piles and deck for this layout and player count (cached)."""
        L = self.app.layout
        key = (L.portrait, self.players, scale.factor())
        if getattr(self, "_geo_key", None) == key:
            return self._geo
        sides = any(self.spot(s) in (1, 3) for s in range(self.players))
        rect, pt = scale.rect, scale.pt
        if not L.portrait:
            geo = {
                "card": pt(92, 129),
                "gap": px(12),
                "area": rect(270, 176, 740, 290) if sides else rect(170, 176, 940, 290),
                "piles": [pt(340, 640), pt(1150, 452), pt(870, 112), pt(130, 452)],
                "deck": pt(262, 150),
                "declare": [rect(846, 546, 176, 56), rect(846, 612, 176, 56)],
            }
        else:
            geo = {
                "card": pt(80, 112) if sides else pt(92, 129),
                "gap": px(10),
                "area": rect(172, 420, 376, 480) if sides else rect(40, 420, 640, 460),
                "piles": [pt(400, 1030), pt(636, 800), pt(572, 262), pt(84, 800)],
                "deck": pt(116, 300),
                # (right of the "your turn" tag that stands over your plate)
                "declare": [rect(246, 914, 200, 52), rect(458, 914, 200, 52)],
                "banner_y": px(868),
            }
        self._geo_key, self._geo = key, geo
        return geo

    def table_slots(self, codes: list[str]) -> list[tuple[float, float]]:
        """Centres for the table cards ``codes`` (already in Ronda order), in rows."""
        g = self.geometry()
        n = len(codes)
        if n == 0:
            return []
        (cw, ch), gap, area = g["card"], g["gap"], g["area"]
        per_row = max(1, (area.w + gap) // (cw + gap))
        rows = -(-n // per_row)
        per_row = -(-n // rows)  # balance the rows
        row_h = ch + gap
        y0 = area.centery - (rows - 1) * row_h / 2
        out = []
        for i in range(n):
            r, c = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            x0 = area.centerx - (in_row - 1) * (cw + gap) / 2
            out.append((x0 + c * (cw + gap), y0 + r * row_h))
        return out

    def hand_slots(self, n: int) -> list[tuple[float, float]]:
        """Your three cards side by side with a gap (the fan overlaps only when they can't)."""
        L = self.app.layout
        cw = L.card[0] + px(14)

        if n * cw > L.hand_span:
            return L.hand_positions(n)
        x0 = L.hand_center[0] - cw * (n - 1) / 2
        return [(x0 + i * cw, L.hand_center[1]) for i in range(n)]

    def banner_y(self) -> int:
        return self.geometry().get("banner_y", self.app.layout.banner_y)

    def pile_pos(self, seat: int) -> tuple[int, int]:
        return self.geometry()["piles"][self.spot(seat)]

    # ----- widgets -----------------------------------------------------------------------------
    def build_controls(self) -> list:
        L = self.app.layout
        g = self.geometry()
        self.play_button = Button(
            L.play_button, lambda: t("play.play"), self.play_selected, 28, primary=True, key="play"
        )
        self.ronda_button = Button(
            g["declare"][0],
            lambda: t("ronda.declare.ronda"),
            lambda: self.declare("ronda"),
            24,
            key="declare:ronda",
        )
        self.tringa_button = Button(
            g["declare"][1],
            lambda: t("ronda.declare.tringa"),
            lambda: self.declare("tringa"),
            24,
            key="declare:tringa",
        )
        return [self.play_button, self.ronda_button, self.tringa_button]

    def place_controls(self, modal: bool) -> None:
        self.play_button.visible = not modal and self.selected is not None and self.my_turn()
        held = self.held_kinds() if not modal else set()
        self.ronda_button.visible = "ronda" in held
        self.tringa_button.visible = "tringa" in held
        g = self.geometry()
        first, second = g["declare"]
        if i18n.is_rtl() and self.app.layout.portrait:
            first, second = second, first  # the first choice reads first
        self.ronda_button.rect, self.tringa_button.rect = first.copy(), second.copy()

    # ----- state questions --------------------------------------------------------------------
    def busy(self) -> bool:
        return any(s.moving for s in self.flying) or any(
            s.moving for s in self.table_cards.values()
        )

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

    def awaiting_me(self) -> bool:
        return self.my_turn() and self.idle()

    def bot_pause(self, view: dict, legal: list[dict]) -> float:
        offered = any(a["type"] == "declare" for a in legal)
        return BOT_DECLARE_PAUSE if offered else BOT_PAUSE

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

    def side_name(self, side: int) -> str:
        if self.teams:
            return t("ronda.side.us") if side == self.my_side else t("ronda.side.them")
        return self.seat_name(side)

    def side_color(self, side: int) -> tuple:
        """Team play: your side blue, the other terracotta."""
        return SIDE_COLORS[(side - self.my_side) % 2]

    def sides_from_mine(self, count: int) -> list[int]:
        """The sides (seats without teams) in the order the panels show them: yours first."""
        return order_from(self.my_side, count)

    # ----- actions of the player ----------------------------------------------------------------
    def click_card(self, code: str) -> None:
        """Tap a card: it is played (any card may be, RO-9). With "confirm before playing"
        the first tap selects it (its capture lights up) and a second tap or Play plays it."""
        if self.phase != "play":
            return
        if not self.my_turn():
            self.show_hint(t("play.not_turn"))
            return
        if self.confirm_first() and self.selected != code:
            self.selected = code
            self.app.audio.play("bid", 0.3)
            return
        self.selected = code
        self.play_selected()

    def drop_card(self, code: str) -> None:
        """A card dragged onto the table: played at once."""
        if self.phase != "play":
            return
        if not self.my_turn():
            self.show_hint(t("play.not_turn"))
            return
        self.selected = code
        self.play_selected()

    def play_selected(self) -> None:
        if self.selected and self.my_turn() and self.selected in self.hand:
            code, self.selected = self.selected, None
            self.act(self.me, {"type": "play", "card": code}, human=True)

    def declare(self, kind: str) -> None:
        """Declare ``kind``; one the hand does not hold asks first and names its cost (RO-18)."""
        if not self.can_declare():
            return
        if kind in self.held_kinds():
            self.send_declaration(kind)
            return
        points = KIND_POINTS[kind]
        text = t(
            f"ronda.ask.false_{kind}",
            who=self.penalty_taker(),
            n=i18n.digits(points),
        )
        self.aids.ask(
            t("ronda.ask.title", kind=t(f"ronda.declare.{kind}")),
            text,
            t("ronda.ask.declare", kind=t(f"ronda.declare.{kind}")),
            t("ronda.ask.cancel"),
            lambda: self.send_declaration(kind),
        )

    def send_declaration(self, kind: str) -> None:
        if self.can_declare():
            self.act(self.me, {"type": "declare", "kind": kind}, human=True)

    def penalty_taker(self) -> str:
        """Who scores a false declaration of yours (RO-18): the other team, or the opponent
        (with three players, the player after you)."""
        if self.teams:
            return t("ronda.ask.them")
        return self.seat_name((self.me + 1) % self.players)

    # ----- hints (game/ui/table_aids.py) -----------------------------------------------------
    def hinted_rects(self, action: dict) -> list[pygame.Rect]:
        if action.get("type") == "declare":
            button = self.ronda_button if action["kind"] == "ronda" else self.tringa_button
            return [button.rect.copy()] if button.visible else []
        card = action.get("card")
        return [self.hand[card].rect()] if card in self.hand else []

    # ----- input -------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> None:
        """←/→ choose a card, Enter/Space play it, R / T declare ronda / tringa."""
        if not self.my_turn():
            return
        if event.key == pygame.K_r:
            self.declare("ronda")
        elif event.key == pygame.K_t:
            self.declare("tringa")
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hand_view.step_selection(self.hand_order, 1 if event.key == pygame.K_RIGHT else -1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play_selected()

    # ----- the frame ---------------------------------------------------------------------------
    def update_sprites(self, dt: float) -> None:
        super().update_sprites(dt)
        for sprite in [*self.hand.values(), *self.table_cards.values()]:
            sprite.update(dt)
        self._layout_hand(dt)
        self._layout_table(dt)

    def after_update(self, dt: float) -> None:
        if self.selected and self.selected not in self.hand:
            self.selected = None
        for seat in list(self.seat_banners):
            self.seat_banners[seat][1] -= dt
            if self.seat_banners[seat][1] <= 0:
                del self.seat_banners[seat]
        for pop in self.pops:
            pop[2] -= dt
        self.pops = [p for p in self.pops if p[2] > 0]
        if self.flash is not None:
            self.flash[1] -= dt
            if self.flash[1] <= 0:
                self.flash = None
        if self.reveals:
            self.reveal_left -= dt
            if self.reveal_left <= 0 or self.score is not None:
                self.reveals = {}

    def animating(self) -> bool:
        return (
            super().animating()
            or self.flash is not None
            or bool(self.pops or self.seat_banners or self.reveals)
        )

    def _layout_hand(self, dt: float) -> None:
        """Cards in the hand glide to their slots; on your turn they rise, the chosen one more."""
        raised = set(self.hand_order) if self.my_turn() else set()
        self.hand_view.glide(self.hand_slots(len(self.hand_order)), raised, dt)

    def _layout_table(self, dt: float) -> None:
        """Table cards keep Ronda order: they glide aside when a card is laid or taken."""
        codes = sort_hand(list(self.table_cards))
        targets = self._table_targets = {}  # (the still layer asks whether they arrived)
        for code, slot in zip(codes, self.table_slots(codes)):
            sprite = self.table_cards[code]
            if sprite.moving or not sprite.visible:
                continue
            targets[code] = slot
            sprite.pos = (
                approach(sprite.pos[0], slot[0], 14, dt),
                approach(sprite.pos[1], slot[1], 14, dt),
            )
