"""The Hareeja table scene: deal → declare → play → score, animated from engine events.

The session (``self.session``, local or online) is the only source of truth; this scene keeps a
*displayed* copy of the state that follows the animations. What every card table shares (event
queue, held clocks, bots in slices, plates, banners, panels, saving) is in
:mod:`game.ui.cardtable`; this module adds Hareeja's deal, secret bids, tricks and round score.
"""

from __future__ import annotations

import pygame

from game import i18n
from game.core.cards import suit_of
from game.games.hareeja.rules import DECK as HAREEJA_CARDS
from game.games.hareeja.rules import MAX_BID, sort_hand
from game.games.hareeja.table_draw import HareejaDrawing
from game.i18n import digits, t
from game.ui.cardtable import CardTable
from game.ui.event_player import BOT_PAUSE
from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.table_aids import card_words
from game.ui.tween import Speed, ease_in_out, ease_out
from game.ui.widgets import Button, Segmented

PLAYERS = 4
# Durations at normal speed (docs/LOOK.md "Motion").
DEAL_STEP = 0.075  # one card every 75 ms
DEAL_FLIGHT = 0.30
FLIP = 0.22
PLAY_FLIGHT = 0.26  # 220-300 ms ease-out to the centre
TRICK_PAUSE = 0.5  # the trick stays readable
TRICK_FLIGHT = 0.40  # 350-450 ms to the winner
BOT_BID_PAUSE = 0.6
PEEK_SECONDS = 2.6  # the last trick stays up this long (tap again to close it sooner)


class HareejaTable(HareejaDrawing, CardTable):
    """A Hareeja match: your seat and three others (bots, or players online)."""

    name = "hareeja"
    DEFAULT_PLAYERS = PLAYERS
    CARDS = HAREEJA_CARDS

    def __init__(
        self,
        app,
        session,
        start_events: list[dict] | None = None,
        bot_seed: int | None = None,
        options: dict | None = None,
    ):
        self.hand: dict[str, Sprite] = {}  # own hand sprites by code
        self.hand_order: list[str] = []
        self.trick: list[tuple[int, Sprite]] = []
        self.counts = [0] * PLAYERS
        self.confirmed = [False] * PLAYERS
        self.bids: list[int | None] = [None] * PLAYERS
        self.revealed = False
        self.reveal_t = 1.0
        self.tricks = [0] * PLAYERS
        self.round = 1
        self.tiebreak = 0
        self.pick: int | None = None
        self.selected: str | None = None
        self.collecting = False
        self.last_trick: dict | None = None  # {"cards": [[seat, code]...], "winner"} as shown
        self.peek = 0.0  # seconds the last trick stays up
        super().__init__(app, session, start_events, bot_seed, options)

    def sync_from_view(self) -> None:
        """Show the match as it stands now, with no animation (after Continue)."""
        v = self.session.view()
        L = self.app.layout
        self.round, self.tiebreak, self.dealer = v["round"], v["tiebreak"], v["dealer"]
        self.counts = list(v["hand_counts"])
        self.confirmed = list(v["confirmed"])
        self.bids = list(v["bids"])
        self.revealed = v["revealed"]
        self.tricks = list(v["tricks"])
        self.totals = list(v["totals"])
        self.hand_order = list(v["hand"])
        slots = L.hand_positions(len(self.hand_order))
        self.hand = {c: Sprite(c, p, L.card) for c, p in zip(self.hand_order, slots)}
        self.trick = [(s, Sprite(c, self.trick_spot(s), L.trick_card)) for s, c in v["trick"]]
        self.phase = v["phase"]
        self.last_trick = v["last_trick"] if v["phase"] == "play" else None
        if v["phase"] == "over":
            self._open_over(v["result"])

    # ----- widgets -----------------------------------------------------------------------------
    def build_controls(self) -> list:
        L = self.app.layout
        p = L.picker
        n = 9
        bw = min(px(64), (p.w - px(40) - px(8) * (n - 1)) // n)
        row_w = n * bw + px(8) * (n - 1)
        self.bid_row = Segmented(
            (p.centerx - row_w // 2, p.y + px(58), row_w, px(60)),
            [(k, (lambda k=k: digits(k))) for k in range(MAX_BID + 1)],
            lambda: self.pick,
            self.set_pick,
            size=28,
            rtl=i18n.is_rtl,
            key="bid",
        )
        self.confirm_button = Button(
            (p.centerx - px(130), p.bottom - px(68), px(260), px(56)),
            lambda: t("bid.confirm"),
            self.confirm_bid,
            26,
            primary=True,
            key="confirm",
        )
        self.play_button = Button(
            L.play_button, lambda: t("play.play"), self.play_selected, 28, primary=True, key="play"
        )
        self.peek_button = Button(
            (0, L.top_bar.y, px(176), L.top_bar.h),
            lambda: t("hj.last_trick"),
            self.toggle_last_trick,
            22,
            key="last_trick",
        )
        return [self.bid_row, self.confirm_button, self.play_button, self.peek_button]

    def place_controls(self, modal: bool) -> None:
        picking = self.can_bid() and not modal
        self.bid_row.visible = self.confirm_button.visible = picking
        self.confirm_button.enabled = self.pick is not None
        self.play_button.visible = not modal and self.selected is not None and self.my_turn()
        self.peek_button.visible = not modal and self.can_peek()
        self.peek_button.selected = self.peek > 0
        tb = self.app.layout.top_bar
        gap = px(12)
        if i18n.is_rtl():  # beside the language button, on the buttons' side of the bar
            self.peek_button.rect.x = self.lang_button.rect.right + gap
        else:
            self.peek_button.rect.right = self.lang_button.rect.x - gap
        self.peek_button.rect.y = tb.y

    # ----- state questions --------------------------------------------------------------------
    def busy(self) -> bool:
        return any(s.moving for _seat, s in self.trick)

    def animating(self) -> bool:
        return super().animating() or self.reveal_t < 1.0 or self.peek > 0

    def awaiting_me(self) -> bool:
        return self.my_turn() or (self.can_bid() and self.idle())

    def bot_pause(self, view: dict, legal: list[dict]) -> float:
        return BOT_BID_PAUSE if view.get("phase") == "declare" else BOT_PAUSE

    def can_bid(self) -> bool:
        return (
            self.phase == "declare"
            and not self.confirmed[self.me]
            and self.session.phase == "declare"
            and self.me in self.session.to_act()
            and not self.my_seat.automated
        )

    def can_peek(self) -> bool:
        """The last trick may be looked at: in play (never while bidding), once one was won."""
        return self.phase == "play" and self.revealed and self.last_trick is not None

    def legal_cards(self) -> set[str]:
        if not self.my_turn():
            return set()
        return {a["card"] for a in self.session.legal() if a["type"] == "play"}

    # ----- actions of the player ----------------------------------------------------------------
    def set_pick(self, n: int) -> None:
        self.pick = n
        self.app.audio.play("bid", 0.5)

    def confirm_bid(self) -> None:
        if self.pick is not None and self.can_bid():
            self.act(self.me, {"type": "bid", "n": self.pick}, human=True)

    def click_card(self, code: str) -> None:
        """Tap a legal card: it is played (with "confirm before playing": selected first, a
        second tap or Play plays it); an illegal card shakes and says why (HJ-8)."""
        if self.phase != "play":
            return
        if self.refuse(code):
            return
        if self.confirm_first() and self.selected != code:
            self.selected = code
            return
        self.play_card(code)

    def drop_card(self, code: str) -> None:
        """A card dragged onto the table: played at once if legal."""
        if self.phase == "play" and not self.refuse(code):
            self.play_card(code)

    def refuse(self, code: str) -> bool:
        """Refuse ``code`` with its reason (not your turn, must follow suit); True if refused."""
        if not self.my_turn():
            self.show_hint(t("play.not_turn"))
            return True
        if code in self.legal_cards():
            return False
        trick = self.session.view()["trick"]
        led = suit_of(trick[0][1]) if trick else ""
        self.show_hint(t("play.follow", suit=t(f"suit.{led}")) if led else t("play.not_turn"))
        self.hand[code].shake = 0.35
        return True

    def play_card(self, code: str) -> None:
        self.selected = code
        self.play_selected()

    # ----- hints (game/ui/table_aids.py) -----------------------------------------------------
    def on_suggestion(self, action: dict) -> None:
        """A suggested bid is picked in the picker (Confirm still sends it)."""
        if action.get("type") == "bid" and self.can_bid():
            self.pick = int(action["n"])

    def hinted_rects(self, action: dict) -> list[pygame.Rect]:
        card = action.get("card")
        if action.get("type") == "play" and card in self.hand:
            return [self.hand[card].rect()]
        return []

    def toggle_last_trick(self) -> None:
        """Show the last trick with who played each card for a moment (tap again: close)."""
        if self.peek > 0:
            self.peek = 0.0
        elif self.can_peek():
            self.peek = Speed.scale(PEEK_SECONDS, motion=False)
        elif self.phase == "play" and self.revealed:
            self.show_hint(t("hj.last_trick.none"))
        else:
            self.show_hint(t("hj.last_trick.not_now"))

    def peek_area(self) -> pygame.Rect:
        """The centre of the table: a tap there shows the last trick."""
        L = self.app.layout
        dx = max(abs(x) for x, _y in L.trick_offsets) + L.trick_card[0] // 2
        dy = max(abs(y) for _x, y in L.trick_offsets) + L.trick_card[1] // 2
        return pygame.Rect(L.center[0] - dx, L.center[1] - dy, 2 * dx, 2 * dy)

    def play_selected(self) -> None:
        if self.selected and self.my_turn() and self.selected in self.legal_cards():
            code, self.selected = self.selected, None
            self.act(self.me, {"type": "play", "card": code}, human=True)

    # ----- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """As the base, plus: a tap on the empty centre of the table shows the last trick."""
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and not self.modal()
            and self.phase == "play"
            and self.hand_view.card_at(event.pos) is None
            and self.peek_area().collidepoint(event.pos)
            and not any(w.visible and w.rect.collidepoint(event.pos) for w in self.widgets)
        ):
            self.toggle_last_trick()
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_l:
            self.toggle_last_trick()
            return
        if self.can_bid():
            if pygame.K_0 <= event.key <= pygame.K_8:
                self.set_pick(event.key - pygame.K_0)
            elif pygame.K_KP0 <= event.key <= pygame.K_KP8:
                self.set_pick(event.key - pygame.K_KP0)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.confirm_bid()
            return
        if not self.my_turn():
            return
        legal = [c for c in self.hand_order if c in self.legal_cards()]
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hand_view.step_selection(legal, 1 if event.key == pygame.K_RIGHT else -1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play_selected()

    # ----- the frame ---------------------------------------------------------------------------
    def update_sprites(self, dt: float) -> None:
        super().update_sprites(dt)
        for sprite in [*self.hand.values(), *(s for _x, s in self.trick)]:
            sprite.update(dt)
        self._layout_hand(dt)

    def after_update(self, dt: float) -> None:
        self.reveal_t = min(1.0, self.reveal_t + dt / max(0.01, Speed.scale(0.5)))
        if self.peek > 0:
            self.peek = max(0.0, self.peek - dt) if self.can_peek() and not self.modal() else 0.0
        if self.selected and self.selected not in self.hand:
            self.selected = None

    def _layout_hand(self, dt: float) -> None:
        """Cards in the hand glide to their slots; legal ones rise, the selected one more."""
        self.hand_view.glide(
            self.app.layout.hand_positions(len(self.hand_order)), self.legal_cards(), dt
        )

    # ----- events → animation -------------------------------------------------------------------
    def _on_deal(self, ev: dict) -> float:
        L = self.app.layout
        self.round, self.tiebreak, self.dealer = ev["round"], ev["tiebreak"], ev["dealer"]
        if ev["tiebreak"]:
            self.banner = (
                t("tiebreak.banner", n=digits(ev["tiebreak"])),
                Speed.scale(3.0, motion=False),
            )
        self.phase = "deal"
        self.counts = [0] * PLAYERS
        self.confirmed = [False] * PLAYERS
        self.bids = [None] * PLAYERS
        self.revealed = False
        self.tricks = [0] * PLAYERS
        self.trick = []
        self.pick = None
        self.selected = None
        self.last_trick = None
        self.peek = 0.0
        own = list(ev.get("hand", []))
        slots = L.hand_positions(len(own))
        self.hand_order = list(own)
        self.hand = {}
        step, flight = Speed.scale(DEAL_STEP), Speed.scale(DEAL_FLIGHT)
        k = 0
        for i, seat in enumerate(ev["order"]):
            delay = i * step
            if seat == self.me and k < len(own):
                sprite = Sprite(own[k], L.center, L.card, face_up=False)
                sprite.hide_until_start = True
                sprite.move(
                    slots[k],
                    flight,
                    delay,
                    ease_out,
                    arc=px(-40),
                    on_land=lambda: self.app.audio.play("deal", 0.4),
                )
                self.hand[own[k]] = sprite
                k += 1
            else:
                sprite = Sprite(None, L.center, L.small, face_up=False)
                sprite.hide_until_start = True
                sprite.move(
                    self.seat_hand(seat),
                    flight,
                    delay,
                    ease_out,
                    arc=px(40),
                    on_land=lambda s=seat, sp=sprite: self._dealt_to(s, sp),
                )
                self.flying.append(sprite)
        total = (len(ev["order"]) - 1) * step + flight
        self.after(total, self._reveal_hand)
        self.after(total + Speed.scale(FLIP) + 0.05, self._deal_done)
        return total + Speed.scale(FLIP) + 0.1

    def _dealt_to(self, seat: int, sprite: Sprite) -> None:
        self.counts[seat] += 1
        if sprite in self.flying:
            self.flying.remove(sprite)

    def _reveal_hand(self) -> None:
        self.hand_order = sort_hand(list(self.hand_order))
        for sprite in self.hand.values():
            sprite.start_flip(Speed.scale(FLIP))

    def _deal_done(self) -> None:
        if self.phase == "deal":
            self.phase = "declare"

    def _on_bid_confirmed(self, ev: dict) -> float:
        self.confirmed[ev["seat"]] = True
        if "n" in ev and ev["seat"] == self.me:
            self.bids[self.me] = ev["n"]
            self.pick = ev["n"]
        self.app.audio.play("bid", 0.6)
        return Speed.scale(0.12, motion=False)

    def _on_bids_revealed(self, ev: dict) -> float:
        self.bids = list(ev["bids"])
        self.revealed = True
        self.reveal_t = 0.0
        self.phase = "play"
        self.app.audio.play("chime", 0.5)
        return Speed.scale(0.7, motion=False)

    def _on_card_played(self, ev: dict) -> float:
        L = self.app.layout
        seat, code = ev["seat"], ev["card"]
        self.phase = "play"
        if seat == self.me:
            sprite = self.hand.pop(code, None) or Sprite(code, L.hand_center, L.card)
            if code in self.hand_order:
                self.hand_order.remove(code)
            sprite.face_up = True
            sprite.flip_t = None
            sprite.shake = 0.0
            if ev.get("timeout") or self.aids.timed_out:
                self.aids.timeout_notice(card_words(code))
        else:
            self.counts[seat] = max(0, self.counts[seat] - 1)
            sprite = Sprite(code, self.seat_hand(seat), L.trick_card, face_up=True)
        if self.selected == code:
            self.selected = None
        duration = Speed.scale(PLAY_FLIGHT)
        sprite.move(self.trick_spot(seat), duration, 0.0, ease_out, size=L.trick_card)
        self.trick.append((seat, sprite))
        self.app.audio.play("play", 0.7)
        return duration

    def _on_trick_won(self, ev: dict) -> float:
        L = self.app.layout
        winner = ev["seat"]
        pause, flight = Speed.scale(TRICK_PAUSE, motion=False), Speed.scale(TRICK_FLIGHT)
        cards = [s for _seat, s in self.trick]
        target = self.seat_anchor(winner)

        def collect() -> None:
            self.collecting = True
            self.app.audio.play("trick", 0.6)
            for i, sprite in enumerate(cards):
                sprite.move(target, flight, i * 0.02, ease_in_out, size=L.small)

        def landed() -> None:
            self.collecting = False
            self.trick = [(s, sp) for s, sp in self.trick if sp not in cards]
            self.tricks = list(ev["tricks"])
            self.last_trick = {"cards": [list(c) for c in ev["cards"]], "winner": winner}

        self.after(pause, collect)
        self.after(pause + flight + 0.08, landed)
        return pause + flight + 0.1

    def _on_round_scored(self, ev: dict) -> float:
        self.totals = list(ev["totals"])
        self.tricks = list(ev["tricks"])
        self.score = {"entry": ev, "t": 0.0}
        self.app.audio.play("round", 0.7)
        return 0.0
