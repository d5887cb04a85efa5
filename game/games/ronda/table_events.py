"""The Ronda table's events turned into motion: batches dealt in blocks of three (and the
first batch's four table cards), cards played onto the table or onto the run they take,
captures with caida / mesa, declarations said aloud, the sweep, the deal's declarations turned
up at the seats and the deal's score.

:class:`RondaEvents` is a part of :class:`game.games.ronda.table.RondaTable` (a mixin): each
``_on_<event>`` starts showing one event and returns how long it holds the next.
"""

from __future__ import annotations

from game.games.ronda.cards import sort_hand
from game.i18n import digits, t
from game.ui import draw
from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.tween import Speed, ease_in_out, ease_out

DEAL_BLOCK = 0.22  # one block of three cards to a player
CARD_STAGGER = 0.05  # the cards of a block, one after the other
DEAL_FLIGHT = 0.30
LAY_STEP = 0.14  # the first batch's four table cards
FLIP = 0.22
PLAY_FLIGHT = 0.26  # 220-300 ms ease-out to the table
CAPTURE_PAUSE = 0.5  # the capture stays readable
CAPTURE_FLIGHT = 0.40  # 350-450 ms to the pile
CAPTURE_STAGGER = 0.06  # the run goes to the pile in order
SEAT_BANNER = 1.8
FLASH = 1.3
POP = 1.2
REVEAL_HOLD = 2.4  # the deal's declarations stay at the seats before the score panel
KIND_POINTS = {"ronda": 1, "tringa": 5}  # RO-16 (shown with a scoring declaration)


class RondaEvents:
    """Events → animation (see the module docstring)."""

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
                    sprite.move(
                        slots[j],
                        flight,
                        delay,
                        ease_out,
                        arc=px(-40),
                        on_land=lambda: self._dealt_to(self.me, None),
                    )
                    self.hand[own[j]] = sprite
                else:
                    sprite = Sprite(None, deck, L.small, face_up=False, deck="spanish")
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
        end = (n - 1) * block + 2 * stagger + flight
        laid = ev.get("table", [])
        if laid:
            codes = sort_hand(list(laid))
            lay, size = Speed.scale(LAY_STEP), g["card"]
            for k, (code, slot) in enumerate(zip(codes, self.table_slots(codes))):
                sprite = Sprite(code, deck, size, face_up=False, deck="spanish")
                sprite.hide_until_start = True
                sprite.move(
                    slot,
                    flight,
                    end + k * lay,
                    ease_out,
                    on_land=lambda sp=sprite: sp.start_flip(Speed.scale(FLIP)),
                )
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
        self.seat_banners[ev["seat"]] = [
            t(f"ronda.kind.{ev['kind']}"),
            Speed.scale(SEAT_BANNER, motion=False),
        ]
        self.app.audio.play("bid", 0.7)
        return Speed.scale(0.5, motion=False)

    def _on_played(self, ev: dict) -> float:
        """The card flies to the table: onto the card it takes, or to its own place."""
        L = self.app.layout
        g = self.geometry()
        seat, code = ev["seat"], ev["card"]
        self.phase = "play"
        if seat == self.me:
            sprite = self.hand.pop(code, None) or Sprite(
                code, L.hand_center, L.card, deck="spanish"
            )
            if code in self.hand_order:
                self.hand_order.remove(code)
            sprite.face_up, sprite.flip_t, sprite.shake = True, None, 0.0
            if ev.get("timeout") or self.aids.timed_out:  # TB-7: say which card was played
                self.aids.timeout_notice(t("ronda.card_words", rank=self.rank_word(code[:-1])))
        else:
            self.counts[seat] = max(0, self.counts[seat] - 1)
            sprite = Sprite(code, self.seat_hand(seat), L.small, face_up=True, deck="spanish")
        if self.selected == code:
            self.selected = None
        follow = self.events.next_event()
        duration = Speed.scale(PLAY_FLIGHT)
        if follow.get("type") == "captured" and follow["run"]:
            target = self.table_cards.get(follow["run"][0])
            end = target.pos if target is not None else L.center
            sprite.move((end[0] + px(16), end[1] + px(18)), duration, 0.0, ease_out, size=g["card"])

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
                sprite.move(
                    target,
                    flight,
                    i * stagger,
                    ease_in_out,
                    size=small,
                    on_land=lambda sp=sprite: self._to_pile(seat, sp),
                )

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
        else:  # RO-20 Decision: nobody captured, so the cards go to nobody
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
                land = (
                    (lambda sp=sprite: self._to_pile(seat, sp))
                    if seat is not None
                    else (lambda sp=sprite: self.flying.remove(sp) if sp in self.flying else None)
                )
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
