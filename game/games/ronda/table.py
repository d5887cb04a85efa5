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
from game.games.ronda.rules import DECK as RONDA_CARDS
from game.games.ronda.rules import capture_run, sort_hand
from game.i18n import digits, t
from game.ui import assets, draw
from game.ui.cardtable import CardTable, as_session
from game.ui.sprites import Sprite
from game.ui.table_drawing import SIDE_COLORS, ranked_rows
from game.ui.tween import Speed, approach, ease_in_out, ease_out
from game.ui.widgets import Button

# Durations at normal speed (LOOK.md "Motion").
DEAL_BLOCK = 0.22        # one block of three cards to a player
CARD_STAGGER = 0.05      # the cards of a block, one after the other
DEAL_FLIGHT = 0.30
LAY_STEP = 0.14          # the first batch's four table cards
FLIP = 0.22
PLAY_FLIGHT = 0.26       # 220-300 ms ease-out to the table
CAPTURE_PAUSE = 0.5      # the capture stays readable
CAPTURE_FLIGHT = 0.40    # 350-450 ms to the pile
CAPTURE_STAGGER = 0.06   # the run goes to the pile in order
SEAT_BANNER = 1.8
FLASH = 1.3
POP = 1.2
BOT_PAUSE = 0.45
BOT_DECLARE_PAUSE = 0.6
REVEAL_HOLD = 2.4        # the deal's declarations stay at the seats before the score panel
KIND_POINTS = {"ronda": 1, "tringa": 5}      # RO-16 (shown with a scoring declaration)


class RondaTable(CardTable):
    """A Ronda match: your seat and one to three others (bots, or players online)."""

    name = "ronda"
    DEFAULT_PLAYERS = 2
    DECK = "spanish"
    CARDS = RONDA_CARDS
    ENGINE_OPTIONS = ("rules",)
    BOT_NAMES = "ronda.name.{i}"

    def __init__(self, app, session, start_events: list[dict] | None = None,
                 bot_seed: int | None = None, options: dict | None = None):
        session = as_session(session, bot_seed, self.name)
        n = session.players
        self.hand: dict[str, Sprite] = {}
        self.hand_order: list[str] = []
        self.table_cards: dict[str, Sprite] = {}     # face-up table cards by code
        self.counts = [0] * n                         # cards in each hand
        self.piles = [0] * n                          # each seat's face-down pile
        self.deck_count = 0
        self.deal_no = 0
        self.batch = 0
        self.batches = 0
        self.selected: str | None = None
        self.pending: dict[str, Sprite] = {}          # played cards about to capture
        self.glow: set[str] = set()                   # table cards being captured
        self.seat_banners: dict[int, list] = {}       # seat -> [text, seconds left]
        self.pops: list[list] = []                    # [text, seat, seconds left]
        self.flash: list | None = None                # [text, seconds left]
        self.revealed: list[dict] = []                # the deal's declarations, at its end
        self.reveals: dict[int, list[tuple[str, str, tuple]]] = {}   # seat -> shown lines
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
        self.hand = {c: Sprite(c, p, L.card, deck="spanish")
                     for c, p in zip(self.hand_order, slots)}
        codes = sort_hand(list(v["table"]))
        size = self.geometry()["card"]
        self.table_cards = {c: Sprite(c, p, size, deck="spanish")
                            for c, p in zip(codes, self.table_slots(codes))}
        for d in v["declarations"]:
            self.seat_banners[d["seat"]] = [t(f"ronda.kind.{d['kind']}"), SEAT_BANNER]
        self.phase = v["phase"]
        if v["phase"] == "over":
            self._open_over(v["result"])

    # ----- where things go ---------------------------------------------------------------------
    def geometry(self) -> dict:
        """Table area, card size, piles and deck for this layout and player count (cached)."""
        L = self.app.layout
        key = (L.portrait, self.players)
        if getattr(self, "_geo_key", None) == key:
            return self._geo
        sides = any(self.spot(s) in (1, 3) for s in range(self.players))
        if not L.portrait:
            geo = {
                "card": (92, 129), "gap": 12,
                "area": pygame.Rect(270, 176, 740, 290) if sides else
                pygame.Rect(170, 176, 940, 290),
                "piles": [(340, 640), (1150, 452), (870, 112), (130, 452)],
                "deck": (262, 150),
                "declare": [pygame.Rect(846, 546, 176, 56), pygame.Rect(846, 612, 176, 56)],
            }
        else:
            geo = {
                "card": (80, 112) if sides else (92, 129), "gap": 10,
                "area": pygame.Rect(172, 420, 376, 480) if sides else
                pygame.Rect(40, 420, 640, 460),
                "piles": [(400, 1030), (636, 800), (572, 262), (84, 800)],
                "deck": (116, 300),
                "declare": [pygame.Rect(148, 914, 204, 52), pygame.Rect(368, 914, 204, 52)],
                "banner_y": 868,
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
        per_row = -(-n // rows)                       # balance the rows
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
        cw = L.card[0] + 14
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
        self.play_button = Button(L.play_button, lambda: t("play.play"), self.play_selected, 28,
                                  primary=True, key="play")
        self.ronda_button = Button(g["declare"][0], lambda: t("ronda.declare.ronda"),
                                   lambda: self.declare("ronda"), 24, key="declare:ronda")
        self.tringa_button = Button(g["declare"][1], lambda: t("ronda.declare.tringa"),
                                    lambda: self.declare("tringa"), 24, key="declare:tringa")
        return [self.play_button, self.ronda_button, self.tringa_button]

    def place_controls(self, modal: bool) -> None:
        self.play_button.visible = not modal and self.selected is not None and self.my_turn()
        offer = not modal and self.can_declare()
        self.ronda_button.visible = self.tringa_button.visible = offer
        g = self.geometry()
        first, second = g["declare"]
        if i18n.is_rtl() and self.app.layout.portrait:
            first, second = second, first          # the first choice reads first
        self.ronda_button.rect, self.tringa_button.rect = first.copy(), second.copy()

    # ----- state questions --------------------------------------------------------------------
    def busy(self) -> bool:
        return (any(s.moving for s in self.flying)
                or any(s.moving for s in self.table_cards.values()))

    def my_turn(self) -> bool:
        """You may play now (everything shown, not automated)."""
        return (not self.queue and self.score is None and self.phase == "play"
                and self.session.phase == "play" and self.session.to_act() == [self.me]
                and not self.my_seat.automated)

    def can_declare(self) -> bool:
        """RO-16: the engine offers declarations before your first card of a batch."""
        return self.my_turn() and any(a["type"] == "declare" for a in self.session.legal())

    def awaiting_me(self) -> bool:
        return self.my_turn() and self.idle()

    def bot_pause(self, view: dict, legal: list[dict]) -> float:
        offered = any(a["type"] == "declare" for a in legal)
        return BOT_DECLARE_PAUSE if offered else BOT_PAUSE

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
        """Tap a card: select it (its capture lights up), tap again to play."""
        if self.phase != "play":
            return
        if not self.my_turn():
            self.show_hint(t("play.not_turn"))
            return
        if self.selected == code:
            self.play_selected()
        else:
            self.selected = code
            self.app.audio.play("bid", 0.3)

    def play_selected(self) -> None:
        if self.selected and self.my_turn() and self.selected in self.hand:
            code, self.selected = self.selected, None
            self.act(self.me, {"type": "play", "card": code}, human=True)

    def declare(self, kind: str) -> None:
        if self.can_declare():
            self.act(self.me, {"type": "declare", "kind": kind}, human=True)

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
            self.step_selection(self.hand_order, 1 if event.key == pygame.K_RIGHT else -1)
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
        return (super().animating() or self.flash is not None
                or bool(self.pops or self.seat_banners or self.reveals))

    def _layout_hand(self, dt: float) -> None:
        """Cards in the hand glide to their slots; on your turn they rise, the chosen one more."""
        raised = set(self.hand_order) if self.my_turn() else set()
        self.glide_hand(self.hand_slots(len(self.hand_order)), raised, dt)

    def _layout_table(self, dt: float) -> None:
        """Table cards keep Ronda order: they glide aside when a card is laid or taken."""
        codes = sort_hand(list(self.table_cards))
        for code, slot in zip(codes, self.table_slots(codes)):
            sprite = self.table_cards[code]
            if sprite.moving or not sprite.visible:
                continue
            sprite.pos = (approach(sprite.pos[0], slot[0], 14, dt),
                          approach(sprite.pos[1], slot[1], 14, dt))

    # ----- events → animation -------------------------------------------------------------------
    def _on_deal(self, ev: dict) -> float:
        """A batch: blocks of three to each player from the one after the dealer (RO-4, RO-7);
        the first batch of a deal also lays four cards face up (RO-5)."""
        L = self.app.layout
        g = self.geometry()
        n = self.players
        self.phase = "deal"
        self.dealer, self.batch, self.batches = ev["dealer"], ev["batch"], ev["batches"]
        self.selected = None
        if ev["batch"] == 1:
            self.deal_no = ev["deal"]
            self.piles = [0] * n
            self.table_cards = {}
            self.revealed = []
            self.show_banner(t("ronda.deal_banner", n=digits(ev["deal"])), 1.6)
        self.deck_count = ev["deck_count"]
        self.counts = [0] * n
        own = sort_hand(list(ev.get("hand", [])))
        self.hand_order = list(own)
        self.hand = {}
        slots = self.hand_slots(len(own))
        block, stagger = Speed.scale(DEAL_BLOCK), Speed.scale(CARD_STAGGER)
        flight = Speed.scale(DEAL_FLIGHT)
        deck = g["deck"]
        order = [(ev["dealer"] + 1 + i) % n for i in range(n)]
        for i, seat in enumerate(order):
            for j in range(ev["counts"][seat]):
                delay = i * block + j * stagger
                if seat == self.me and j < len(own):
                    sprite = Sprite(own[j], deck, L.card, face_up=False, deck="spanish")
                    sprite.hide_until_start = True
                    sprite.move(slots[j], flight, delay, ease_out, arc=-40,
                                on_land=lambda: self._dealt_to(self.me, None))
                    self.hand[own[j]] = sprite
                else:
                    sprite = Sprite(None, deck, L.small, face_up=False, deck="spanish")
                    sprite.hide_until_start = True
                    sprite.move(self.seat_hand(seat), flight, delay, ease_out, arc=40,
                                on_land=lambda s=seat, sp=sprite: self._dealt_to(s, sp))
                    self.flying.append(sprite)
        end = (n - 1) * block + 2 * stagger + flight
        laid = ev.get("table", [])
        if laid:
            codes = sort_hand(list(laid))
            lay, size = Speed.scale(LAY_STEP), g["card"]
            for k, (code, slot) in enumerate(zip(codes, self.table_slots(codes))):
                sprite = Sprite(code, deck, size, face_up=False, deck="spanish")
                sprite.hide_until_start = True
                sprite.move(slot, flight, end + k * lay, ease_out,
                            on_land=lambda sp=sprite: sp.start_flip(Speed.scale(FLIP)))
                self.table_cards[code] = sprite
            end += (len(codes) - 1) * lay + flight
        self.after(end, self._reveal_hand)
        self.after(end + Speed.scale(FLIP) + 0.05, self._deal_done)
        return end + Speed.scale(FLIP) + 0.1

    def _dealt_to(self, seat: int, sprite: Sprite | None) -> None:
        self.counts[seat] += 1
        if sprite is not None and sprite in self.flying:
            self.flying.remove(sprite)
        self.app.audio.play("deal", 0.35)

    def _reveal_hand(self) -> None:
        for sprite in self.hand.values():
            sprite.start_flip(Speed.scale(FLIP))

    def _deal_done(self) -> None:
        if self.phase == "deal":
            self.phase = "play"

    def _on_last_batch(self, ev: dict) -> float:
        self.show_banner(t("ronda.last_batch"), 2.2)
        return 0.0

    def _on_declared(self, ev: dict) -> float:
        """RO-19: the kind is said aloud; the rank waits for the end of the deal."""
        self.seat_banners[ev["seat"]] = [t(f"ronda.kind.{ev['kind']}"),
                                         Speed.scale(SEAT_BANNER, motion=False)]
        self.app.audio.play("bid", 0.7)
        return Speed.scale(0.5, motion=False)

    def _on_played(self, ev: dict) -> float:
        """The card flies to the table: onto the card it takes, or to its own place."""
        L = self.app.layout
        g = self.geometry()
        seat, code = ev["seat"], ev["card"]
        self.phase = "play"
        if seat == self.me:
            sprite = self.hand.pop(code, None) or Sprite(code, L.hand_center, L.card,
                                                         deck="spanish")
            if code in self.hand_order:
                self.hand_order.remove(code)
            sprite.face_up, sprite.flip_t, sprite.shake = True, None, 0.0
            if ev.get("timeout"):
                self.app.toast("timeout.you", 3.0)
        else:
            self.counts[seat] = max(0, self.counts[seat] - 1)
            sprite = Sprite(code, self.seat_hand(seat), L.small, face_up=True, deck="spanish")
        if self.selected == code:
            self.selected = None
        follow = self.queue[0] if self.queue else {}
        duration = Speed.scale(PLAY_FLIGHT)
        if follow.get("type") == "captured" and follow["run"]:
            target = self.table_cards.get(follow["run"][0])
            end = target.pos if target is not None else L.center
            sprite.move((end[0] + 16, end[1] + 18), duration, 0.0, ease_out, size=g["card"])
            self.pending[code] = sprite
            self.flying.append(sprite)
        else:
            codes = sort_hand([*self.table_cards, code])
            slot = self.table_slots(codes)[codes.index(code)]
            sprite.move(slot, duration, 0.0, ease_out, size=g["card"])
            self.table_cards[code] = sprite
        self.app.audio.play("play", 0.7)
        return duration

    def _on_laid(self, ev: dict) -> float:
        return 0.05

    def _on_captured(self, ev: dict) -> float:
        """RO-9: the run is lit, then flies in order with the played card to the pile;
        caida / mesa (RO-12, RO-14) flash with a chime and their points pop at the seat."""
        seat, code, run = ev["seat"], ev["card"], list(ev["run"])
        played = self.pending.pop(code, None)
        cards = [s for s in [played, *(self.table_cards.get(c) for c in run)] if s is not None]
        self.glow = set(run)
        if ev["caida"] or ev["mesa"]:
            words = [t("ronda.caida")] if ev["caida"] else []
            words += [t("ronda.mesa")] if ev["mesa"] else []
            self.flash = [" + ".join(words), Speed.scale(FLASH, motion=False)]
            self.app.audio.play("chime", 0.8)
        if ev["points"]:
            side = self.session.side_of(seat)
            self.totals[side] += ev["points"]
            self.pops.append([f"+{ev['points']}", seat, Speed.scale(POP, motion=False)])
        pause = Speed.scale(CAPTURE_PAUSE, motion=False)
        flight, stagger = Speed.scale(CAPTURE_FLIGHT), Speed.scale(CAPTURE_STAGGER)
        target = self.pile_pos(seat)
        small = self.app.layout.small

        def collect() -> None:
            self.glow = set()
            self.app.audio.play("trick", 0.6)
            for c in run:
                sprite = self.table_cards.pop(c, None)
                if sprite is not None and sprite not in self.flying:
                    self.flying.append(sprite)
            for i, sprite in enumerate(cards):
                sprite.move(target, flight, i * stagger, ease_in_out, size=small,
                            on_land=lambda sp=sprite: self._to_pile(seat, sp))

        self.after(pause, collect)
        return pause + flight + stagger * len(cards) + 0.05

    def _to_pile(self, seat: int, sprite: Sprite) -> None:
        self.piles[seat] += 1
        if sprite in self.flying:
            self.flying.remove(sprite)

    def _on_sweep(self, ev: dict) -> float:
        """RO-20: what is left on the table goes to the last capturer (not a mesa)."""
        seat = ev["seat"]
        if not ev["cards"]:
            return 0.0
        if seat == self.me:
            self.show_banner(t("ronda.sweep_you"), 1.6)
        elif seat is not None:
            self.show_banner(t("ronda.sweep", name=self.seat_name(seat)), 1.6)
        else:               # RO-20 Decision: nobody captured, so the cards go to nobody
            self.show_banner(t("ronda.sweep_nobody"), 2.2)
        pause = Speed.scale(CAPTURE_PAUSE, motion=False)
        flight, stagger = Speed.scale(CAPTURE_FLIGHT), Speed.scale(CAPTURE_STAGGER)
        target = self.pile_pos(seat) if seat is not None else self.geometry()["deck"]
        small = self.app.layout.small
        codes = [c for c in ev["cards"] if c in self.table_cards]

        def collect() -> None:
            self.app.audio.play("trick", 0.6)
            for i, c in enumerate(codes):
                sprite = self.table_cards.pop(c)
                self.flying.append(sprite)
                land = (lambda sp=sprite: self._to_pile(seat, sp)) if seat is not None else \
                    (lambda sp=sprite: self.flying.remove(sp) if sp in self.flying else None)
                sprite.move(target, flight, i * stagger, ease_in_out, size=small, on_land=land)

        self.after(pause, collect)
        return pause + flight + stagger * len(codes) + 0.1

    def _on_declarations_revealed(self, ev: dict) -> float:
        """RO-19: at the end of the deal every declaration turns up at its seat — kind and
        rank, and whether it scores, was beaten (RO-17) or was false (RO-18) — and stays a
        moment before the score panel."""
        self.revealed = list(ev["declarations"])
        self.reveals = {}
        for d in self.revealed:
            self.reveals.setdefault(d["seat"], []).append(self.reveal_lines(d))
        if not self.reveals:
            return 0.0
        self.seat_banners = {}
        self.reveal_left = Speed.scale(REVEAL_HOLD, motion=False)
        self.app.audio.play("chime", 0.5)
        return self.reveal_left

    def reveal_lines(self, d: dict) -> tuple[str, str, tuple]:
        """(what was declared, its outcome, the outcome's colour) for one declaration."""
        kind = t(f"ronda.declare.{d['kind']}")
        if not d["valid"]:
            return kind, t("ronda.reveal.false"), draw.RED
        head = t("ronda.reveal.head", kind=kind, rank=self.rank_word(d["rank"]))
        if d["scored"]:
            return head, t("ronda.reveal.scored", n=digits(KIND_POINTS[d["kind"]])), draw.TURN
        return head, t("ronda.reveal.beaten"), draw.INK_DIM

    def _on_deal_scored(self, ev: dict) -> float:
        self.totals = list(ev["totals"])
        self.score = {"entry": ev, "t": 0.0, "declarations": list(self.revealed)}
        self.app.audio.play("round", 0.7)
        return 0.0

    # ----- drawing -------------------------------------------------------------------------------
    def draw_hud(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        line = t("ronda.hud", deal=digits(max(1, self.deal_no)), batch=digits(max(1, self.batch)),
                 batches=digits(max(1, self.batches)))
        r = self.hud_text(surface, line)
        target = t("ronda.target", n=digits(self.target))
        if L.portrait:
            self.hud_text(surface, target, 1, draw.INK_DIM)
        else:
            rtl = i18n.is_rtl()
            x = r.left - 28 if rtl else r.right + 28
            draw.blit_text(surface, target, 20, (x, L.top_bar.centery), draw.INK_DIM,
                           anchor="midright" if rtl else "midleft")

    def draw_table(self, surface: pygame.Surface) -> None:
        four = self.app.settings["four_color"]
        for seat in self.others():
            self._draw_backs(surface, seat)
        for seat in range(self.players):
            self._draw_pile(surface, seat)
            self.draw_plate(surface, seat)
        self._draw_deck(surface)
        preview = set(self.would_capture(self.selected)) if (
            self.selected and self.my_turn()) else set()
        for code in sort_hand(list(self.table_cards)):
            sprite = self.table_cards[code]
            lit = code in preview or code in self.glow
            sprite.draw(surface, four, glow=lit, glow_color=draw.GOLD)
        for code in self.hand_order:
            sprite = self.hand[code]
            sprite.draw(surface, four, glow=code == self.selected and self.my_turn())
        for sprite in self.flying:
            sprite.draw(surface, four)
        self._draw_seat_banners(surface)
        self._draw_reveals(surface)
        self._draw_pops(surface)
        if self.flash is not None:
            self._draw_flash(surface)

    def _draw_backs(self, surface: pygame.Surface, seat: int) -> None:
        L = self.app.layout
        n = self.counts[seat]
        if n <= 0:
            return
        back = assets.card_back(L.small)
        cx, cy = self.seat_hand(seat)
        step = 22
        x0 = cx - step * (n - 1) / 2
        for i in range(n):
            surface.blit(back, back.get_rect(center=(round(x0 + i * step), cy)))

    def _draw_pile(self, surface: pygame.Surface, seat: int) -> None:
        """The seat's face-down pile with its count (RO-11); in team play, its side colour."""
        L = self.app.layout
        n = self.piles[seat]
        cx, cy = self.pile_pos(seat)
        back = assets.card_back(L.small)
        if n <= 0:
            outline = back.get_rect(center=(cx, cy))
            pygame.draw.rect(surface, (40, 90, 80), outline, 2, border_radius=8)
        for i in range(min(4, (n + 5) // 6)):
            surface.blit(back, back.get_rect(center=(cx - i * 2, cy - i * 2)))
        color = self.side_color(self.session.side_of(seat)) if self.teams else draw.GOLD
        badge = pygame.Rect(0, 0, 40, 26)
        badge.center = (cx + L.small[0] // 2 - 4, cy + L.small[1] // 2 - 6)
        pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=12)
        pygame.draw.rect(surface, color, badge, 2, border_radius=12)
        draw.blit_text(surface, digits(n), 18, badge.center, draw.INK, bold=True)

    def _draw_deck(self, surface: pygame.Surface) -> None:
        """The undealt stock, with the cards still to come (its count is public)."""
        L = self.app.layout
        waiting = sum(1 for s in [*self.flying, *self.hand.values(), *self.table_cards.values()]
                      if s.hide_until_start and s.motion is not None and not s.motion.started)
        left = self.deck_count + waiting
        if left <= 0:
            return
        cx, cy = self.geometry()["deck"]
        back = assets.card_back(L.small)
        for i in range(min(4, (left + 9) // 10)):
            surface.blit(back, back.get_rect(center=(cx - i * 2, cy - i * 2)))
        badge = pygame.Rect(0, 0, 40, 26)
        badge.center = (cx + L.small[0] // 2 - 4, cy + L.small[1] // 2 - 6)
        pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=12)
        pygame.draw.rect(surface, draw.SAND, badge, 2, border_radius=12)
        draw.blit_text(surface, digits(left), 18, badge.center, draw.INK, bold=True)

    def plate_edge(self, seat: int) -> tuple:
        return self.side_color(self.session.side_of(seat)) if self.teams else draw.PANEL_EDGE

    def avatar_color(self, seat: int) -> tuple:
        if self.teams:
            return tuple(c * 3 // 4 for c in self.side_color(self.session.side_of(seat)))
        return super().avatar_color(seat)

    def figure(self, seat: int) -> tuple[str, tuple]:
        """The seat's (side's) points; the pile count sits on its pile."""
        points = self.totals[self.session.side_of(seat)]
        key = "ronda.point_one" if points == 1 else "ronda.points"
        return t(key, n=digits(points)), draw.GOLD

    def _draw_seat_banners(self, surface: pygame.Surface) -> None:
        """Declarations said aloud, on the declarer's plate."""
        for seat, (s, _left) in self.seat_banners.items():
            rect = self.plate_rect(seat).inflate(6, 6)
            draw.panel(surface, rect, (96, 60, 14), 255, 18, draw.GOLD)
            size = draw.fit_text(s, 30, rect.w - 16, True)
            draw.blit_text(surface, s, size, rect.center, draw.INK, bold=True, shadow=True)

    def _draw_reveals(self, surface: pygame.Surface) -> None:
        """The deal's declarations over their seats' plates: one row per declaration."""
        L = self.app.layout
        screen = pygame.Rect(16, 16, L.w - 32, L.h - 32)
        for seat, lines in self.reveals.items():
            plate = self.plate_rect(seat)
            row_h = 56
            rect = pygame.Rect(0, 0, max(plate.w + 6, 210), 12 + row_h * len(lines))
            rect.center = plate.center
            if self.spot(seat) == 0:          # yours grows upwards, away from the hand
                rect.bottom = plate.bottom + 3
            rect.clamp_ip(screen)
            draw.panel(surface, rect, (30, 34, 30), 255, 16, draw.GOLD)
            for i, (head, outcome, color) in enumerate(lines):
                y = rect.y + 6 + row_h * i
                draw.blit_text(surface, head, draw.fit_text(head, 22, rect.w - 16, True),
                               (rect.centerx, y + 16), draw.INK, bold=True)
                draw.blit_text(surface, outcome, draw.fit_text(outcome, 18, rect.w - 16, True),
                               (rect.centerx, y + 42), color, bold=True)

    def _draw_pops(self, surface: pygame.Surface) -> None:
        for s, seat, left in self.pops:
            k = 1 - left / max(0.01, Speed.scale(POP, motion=False))
            rect = self.plate_rect(seat)
            if self.spot(seat) == 2:        # the top seat's points drop below its plate
                y = rect.bottom + 20 + 40 * k
            else:                           # the others' rise above the plate, clear of the name
                y = rect.top - 16 - 50 * k
            draw.blit_text(surface, digits(s), 36, (rect.centerx, y), draw.GOLD, bold=True,
                           shadow=True)

    def _draw_flash(self, surface: pygame.Surface) -> None:
        s, _left = self.flash
        g = self.geometry()
        area = g["area"]
        tops = [sp.rect().top for sp in self.table_cards.values() if not sp.moving]
        y = max(area.top + 10, min(tops, default=area.centery) - 34)
        self.draw_banner(surface, s, y, (120, 70, 16), x=area.centerx, size=38)

    def status_banner(self) -> str | None:
        if not self.my_turn():
            return None
        if self.selected:
            run = self.would_capture(self.selected)
            if run:
                return t("ronda.would_take", n=digits(len(run)))
            return t("ronda.would_lay")
        if self.can_declare():
            return t("ronda.declare_hint")
        return None

    # ----- panels -------------------------------------------------------------------------------
    def next_label(self) -> str:
        return "ronda.to_result" if self.session.phase == "over" else "ronda.next_deal"

    def draw_score_panel(self, surface: pygame.Surface) -> None:
        """The deal's breakdown per side (RO-21 cards, caidas, mesas, declarations, penalties)
        and the running totals to the target, counting up."""
        L = self.app.layout
        entry = self.score["entry"]
        decls, hidden = self._shown_declarations(self.score["declarations"])
        nsides = len(entry["totals"])
        order = self.sides_from_mine(nsides)        # columns: yours first
        rows = [
            ("ronda.score.cards", [t("ronda.score.cards_value", n=digits(c), p=digits(p))
                                   for c, p in zip(entry["cards"], entry["card_points"])]),
            ("ronda.score.caidas", [digits(v) for v in entry["caidas"]]),
            ("ronda.score.mesas", [digits(v) for v in entry["mesas"]]),
            ("ronda.score.declarations", [digits(v) for v in entry["declarations"]]),
            ("ronda.score.penalties", [digits(v) for v in entry["penalties"]]),
            ("ronda.score.deal", [digits(f"+{v}" if v > 0 else v) for v in entry["points"]]),
        ]
        row_h = 36 if not L.portrait else 40
        lines = len(decls) + (1 if hidden else 0)
        h = 84 + 44 + row_h * (len(rows) + 1) + 16 + (30 * lines + 12 if lines else 0)
        rect = self.score_frame(surface, 860, h,
                                t("ronda.score.title", n=digits(entry["deal"])))
        label_w = 250 if not L.portrait else 200
        col_w = (rect.w - 32 - label_w) / nsides
        rtl = i18n.is_rtl()

        def x_of(col: int) -> float:
            x = rect.x + 16 + label_w + col_w * (col + 0.5)
            return rect.x + rect.right - x if rtl else x

        label_x, label_anchor = (rect.right - 24, "midright") if rtl else (rect.x + 24, "midleft")
        y = rect.y + 84
        for col, side in enumerate(order):
            name = self.side_name(side)
            color = self.side_color(side) if self.teams else draw.SAND
            draw.blit_text(surface, name, draw.fit_text(name, 22, round(col_w) - 8, True),
                           (x_of(col), y), color, bold=True)
        pygame.draw.line(surface, draw.PANEL_EDGE, (rect.x + 20, y + 22), (rect.right - 20, y + 22))
        y += 44
        for key, values in rows:
            bold = key == "ronda.score.deal"
            s = t(key)
            draw.blit_text(surface, s, draw.fit_text(s, 21, label_w - 16, bold), (label_x, y),
                           draw.SAND if not bold else draw.INK, bold=bold, anchor=label_anchor)
            for col, side in enumerate(order):
                v = values[side]
                draw.blit_text(surface, v, draw.fit_text(v, 22, round(col_w) - 8), (x_of(col), y),
                               draw.TURN if bold else draw.INK, bold=bold)
            y += row_h
        prog = self.count_up()
        band = pygame.Rect(rect.x + 14, y - row_h // 2 + 2, rect.w - 28, row_h - 4)
        pygame.draw.rect(surface, (40, 60, 56), band, border_radius=8)
        s = t("ronda.score.total", n=digits(self.target))
        draw.blit_text(surface, s, draw.fit_text(s, 22, label_w - 16, True), (label_x, y),
                       draw.GOLD, bold=True, anchor=label_anchor)
        for col, side in enumerate(order):
            old = entry["totals"][side] - entry["points"][side]
            shown = round(old + entry["points"][side] * prog)
            draw.blit_text(surface, digits(shown), 26, (x_of(col), y), draw.GOLD, bold=True)
        y += row_h // 2 + 16
        lines = [self._declaration_line(d) for d in decls]
        if hidden:
            lines.append(t("ronda.decl.more", n=digits(hidden)))
        for s in lines:
            draw.blit_text(surface, s, draw.fit_text(s, 19, rect.w - 48), (rect.centerx, y + 12),
                           draw.INK_DIM)
            y += 30

    @staticmethod
    def _shown_declarations(decls: list[dict], room: int = 4) -> tuple[list[dict], int]:
        """The declarations the panel has room for, those that moved the score first (scored
        or false, RO-17/RO-18), in their order; and how many are left out."""
        def counted(d: dict) -> bool:
            return bool(d.get("scored")) or not d.get("valid", True)
        ranked = sorted(range(len(decls)), key=lambda i: (not counted(decls[i]), i))
        keep = sorted(ranked[:room])
        return [decls[i] for i in keep], max(0, len(decls) - room)

    def _declaration_line(self, d: dict) -> str:
        """One revealed declaration (RO-17, RO-18, RO-19), e.g. "Youssef: ronda of 5 — scores"."""
        name = self.seat_name(d["seat"])
        kind = t(f"ronda.kind_plain.{d['kind']}")
        if not d["valid"]:
            to = self.side_name(d["penalty_to"]) if d["penalty_to"] is not None else None
            outcome = t("ronda.decl.false_to", side=to) if to else t("ronda.decl.false")
            return t("ronda.decl.line_false", name=name, kind=kind, outcome=outcome)
        outcome = t("ronda.decl.scores") if d["scored"] else t("ronda.decl.beaten")
        return t("ronda.decl.line", name=name, kind=kind, rank=self.rank_word(d["rank"]),
                 outcome=outcome)

    def rank_word(self, rank: str) -> str:
        return t(f"ronda.rank.{rank}") if rank in ("10", "11", "12") else digits(rank)

    def over_headline(self) -> str:
        result = self.over["result"]
        if result["draw"]:
            return t("ronda.over.draw")
        winner = result["winner"]
        if winner == self.my_side:
            return t("ronda.over.us") if self.teams else t("over.you_win")
        return t("over.winner", name=self.side_name(winner))

    def over_rows(self) -> list[tuple[int, str, int, bool]]:
        totals = self.over["result"]["totals"]
        mine_first = self.sides_from_mine(len(totals))
        order = sorted(mine_first, key=lambda s: -totals[s])     # equal totals: yours first
        return ranked_rows(totals, order, self.side_name)
