"""The Ronda table's events turned into motion: batches dealt in blocks of three (and the
first batch's four table cards), cards played onto the table or onto the run they take,
captures with caida / mesa, declarations said aloud, the sweep, the deal's declarations turned
up at the seats and the deal's score.

:class:`RondaMotion` is a part of :class:`game.games.ronda.scene.RondaTable`: each
``on_<event>`` starts showing one event and returns how long it holds the next (the scene's
``show_event`` routes the events here). It moves the scene's displayed state (counts, piles,
your hand) and its parts' (the table's cards, the callouts).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.games.ronda.cards import sort_hand
from game.games.ronda.scene_callouts import rank_word
from game.i18n import digits, t
from game.ui import shuffle
from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.tween import Speed, ease_in_out, ease_out

if TYPE_CHECKING:
    from game.games.ronda.scene import RondaTable

JSON = dict[str, Any]
Point = tuple[float, float]
DEAL_BLOCK = 0.22  # one block of three cards to a player
CARD_STAGGER = 0.05  # the cards of a block, one after the other
DEAL_FLIGHT = 0.30
LAY_STEP = 0.14  # the first batch's four table cards
FLIP = 0.22
PLAY_FLIGHT = 0.26  # 220-300 ms ease-out to the table
CAPTURE_PAUSE = 0.5  # the capture stays readable
CAPTURE_FLIGHT = 0.40  # 350-450 ms to the pile
CAPTURE_STAGGER = 0.06  # the run goes to the pile in order


class RondaMotion:
    """Events → animation (see the module docstring)."""

    def __init__(self, table: RondaTable) -> None:
        self.table = table
        self.pending: dict[str, Sprite] = {}  # played cards flying onto the run they take
        self.handlers: dict[str, Callable[[JSON], float]] = {
            "deal": self.on_deal,
            "last_batch": self.on_last_batch,
            "declared": self.on_declared,
            "played": self.on_played,
            "laid": self.on_laid,
            "captured": self.on_captured,
            "sweep": self.on_sweep,
            "declarations_revealed": self.on_declarations_revealed,
            "deal_scored": self.on_deal_scored,
        }

    # ----- the deal ----------------------------------------------------------------------------
    def on_deal(self, ev: JSON) -> float:
        """A batch: blocks of three to each player from the one after the dealer (RO-4, RO-7);
        the first batch of a deal also lays four cards face up (RO-5)."""
        table = self.table
        table.phase = "deal"
        table.dealer = ev["dealer"]
        table.deal.new_batch(ev)
        table.selected = None
        if ev["batch"] == 1:
            table.table_cards.sprites = {}
            table.callouts.revealed = []
            table.score_panel.new_deal()
            table.messages.show_banner(t("ronda.deal_banner", n=digits(ev["deal"])), 1.6)
        lead = 0.0
        if ev["batch"] == 1:  # a fresh deck: riffled at the stock first (game/ui/shuffle.py),
            g = table.places.geometry()  # its count shown again once the riffle is done
            table.riffle, lead = shuffle.before_deal(table.app, g.deck, table.app.layout.small)
        end = self._deal_hands(ev, lead)
        laid = ev.get("table", [])
        if laid:
            end = self._lay_table(sort_hand(list(laid)), end)
        flip = Speed.scale(FLIP)
        table.after(end, self._reveal_hand)
        table.after(end + flip + 0.05, self._deal_done)
        return end + flip + 0.1

    def _deal_hands(self, ev: JSON, start: float = 0.0) -> float:
        """Every seat's cards in flight from the stock after ``start`` seconds, yours face
        down to your slots; the time the last one lands."""
        table = self.table
        layout = table.app.layout
        n = table.players
        own = sort_hand(list(ev.get("hand", [])))
        table.hand_order = list(own)
        table.hand = {}
        slots = table.places.hand_slots(len(own))
        block, stagger = Speed.scale(DEAL_BLOCK), Speed.scale(CARD_STAGGER)
        flight = Speed.scale(DEAL_FLIGHT)
        deck = table.places.geometry().deck
        order = [(ev["dealer"] + 1 + i) % n for i in range(n)]
        for i, seat in enumerate(order):
            for j in range(ev["counts"][seat]):
                delay = start + i * block + j * stagger
                if seat == table.me and j < len(own):
                    sprite = Sprite(own[j], deck, layout.card, face_up=False, deck="spanish")
                    sprite.hide_until_start = True
                    land = self._lands_in_hand()
                    sprite.move(slots[j], flight, delay, ease_out, arc=px(-40), on_land=land)
                    table.hand[own[j]] = sprite
                else:
                    sprite = Sprite(None, deck, layout.small, face_up=False, deck="spanish")
                    sprite.hide_until_start = True
                    land = self._lands_at_seat(seat, sprite)
                    target = table.places.seat_hand(seat)
                    sprite.move(target, flight, delay, ease_out, arc=px(40), on_land=land)
                    table.flying.append(sprite)
        return start + (n - 1) * block + 2 * stagger + flight

    def _lands_in_hand(self) -> Callable[[], None]:
        return lambda: self._dealt_to(self.table.me, None)

    def _lands_at_seat(self, seat: int, sprite: Sprite) -> Callable[[], None]:
        return lambda: self._dealt_to(seat, sprite)

    def _lay_table(self, codes: list[str], start: float) -> float:
        """The first batch's cards laid face down on the table after the hands, each turning
        up as it lands; the time the last one lands."""
        table = self.table
        g = table.places.geometry()
        lay, flight = Speed.scale(LAY_STEP), Speed.scale(DEAL_FLIGHT)
        for k, (code, slot) in enumerate(zip(codes, table.places.table_slots(codes))):
            sprite = Sprite(code, g.deck, g.card, face_up=False, deck="spanish")
            sprite.hide_until_start = True
            land = self._turns_up(sprite)
            sprite.move(slot, flight, start + k * lay, ease_out, on_land=land)
            table.table_cards.sprites[code] = sprite
        return start + (len(codes) - 1) * lay + flight

    @staticmethod
    def _turns_up(sprite: Sprite) -> Callable[[], None]:
        return lambda: sprite.start_flip(Speed.scale(FLIP))

    def _dealt_to(self, seat: int, sprite: Sprite | None) -> None:
        table = self.table
        table.deal.counts[seat] += 1
        if sprite is not None and sprite in table.flying:
            table.flying.remove(sprite)
        table.app.audio.play("deal", 0.35)

    def _reveal_hand(self) -> None:
        for sprite in self.table.hand.values():
            sprite.start_flip(Speed.scale(FLIP))

    def _deal_done(self) -> None:
        if self.table.phase == "deal":
            self.table.phase = "play"

    def on_last_batch(self, ev: JSON) -> float:
        self.table.messages.show_banner(t("ronda.last_batch"), 2.2)
        return 0.0

    def on_declared(self, ev: JSON) -> float:
        """RO-19: the kind is said aloud; the rank waits for the end of the deal."""
        table = self.table
        table.callouts.declared(ev["seat"], ev["kind"])
        table.score_panel.declaration_said()
        table.app.audio.play("bid", 0.7)
        return Speed.scale(0.5, motion=False)

    # ----- play and capture --------------------------------------------------------------------
    def on_played(self, ev: JSON) -> float:
        """The card flies to the table: onto the card it takes, or to its own place."""
        table = self.table
        code = ev["card"]
        table.phase = "play"
        sprite = self._played_card(ev)
        if table.selected == code:
            table.selected = None
        follow = table.events.next_event()
        duration = Speed.scale(PLAY_FLIGHT)
        size = table.places.geometry().card
        if follow.get("type") == "captured" and follow["run"]:
            target = table.table_cards.sprites.get(follow["run"][0])
            end = target.pos if target is not None else table.app.layout.center
            sprite.move((end[0] + px(16), end[1] + px(18)), duration, 0.0, ease_out, size=size)
            self.pending[code] = sprite
            table.flying.append(sprite)
        else:
            sprite.move(table.table_cards.slot_for(code), duration, 0.0, ease_out, size=size)
            table.table_cards.sprites[code] = sprite
        table.app.audio.play("play", 0.7)
        return duration

    def _played_card(self, ev: JSON) -> Sprite:
        """The played card's sprite: yours from your hand (face up, still), another seat's
        from its hand's place."""
        table = self.table
        layout = table.app.layout
        seat, code = ev["seat"], ev["card"]
        if seat != table.me:
            table.deal.counts[seat] = max(0, table.deal.counts[seat] - 1)
            return Sprite(
                code, table.places.seat_hand(seat), layout.small, face_up=True, deck="spanish"
            )
        sprite = table.hand.pop(code, None) or Sprite(
            code, layout.hand_center, layout.card, deck="spanish"
        )
        if code in table.hand_order:
            table.hand_order.remove(code)
        sprite.face_up, sprite.flip_t, sprite.shake = True, None, 0.0
        if ev.get("timeout") or table.aids.timed_out:  # TB-7: say which card was played
            table.aids.timeout_notice(t("ronda.card_words", rank=rank_word(code[:-1])))
        return sprite

    def on_laid(self, ev: JSON) -> float:
        return 0.05

    def on_captured(self, ev: JSON) -> float:
        """RO-9: the run is lit, then flies in order with the played card to the pile;
        caida / mesa (RO-12, RO-14) flash with a chime and their points pop at the seat."""
        table = self.table
        seat, code, run = ev["seat"], ev["card"], list(ev["run"])
        played = self.pending.pop(code, None)
        on_table = table.table_cards.sprites
        cards = [s for s in [played, *(on_table.get(c) for c in run)] if s is not None]
        table.table_cards.glow = set(run)
        if ev["caida"] or ev["mesa"]:
            table.callouts.flash_words(ev["caida"], ev["mesa"])
            table.app.audio.play("chime", 0.8)
        if ev["points"]:
            table.totals[table.session.side_of(seat)] += ev["points"]
            table.callouts.pop(seat, ev["points"])
        pause = Speed.scale(CAPTURE_PAUSE, motion=False)
        flight, stagger = Speed.scale(CAPTURE_FLIGHT), Speed.scale(CAPTURE_STAGGER)

        def collect() -> None:  # (placed when it runs: the phone may have turned meanwhile)
            target, small = table.places.pile(seat), table.app.layout.small
            table.table_cards.glow = set()
            table.app.audio.play("trick", 0.6)
            for c in run:
                sprite = on_table.pop(c, None)
                if sprite is not None and sprite not in table.flying:
                    table.flying.append(sprite)
            for i, sprite in enumerate(cards):
                land = self._lands_on_pile(seat, sprite)
                sprite.move(target, flight, i * stagger, ease_in_out, size=small, on_land=land)

        table.after(pause, collect)
        return pause + flight + stagger * len(cards) + 0.05

    def _lands_on_pile(self, seat: int | None, sprite: Sprite) -> Callable[[], None]:
        """What happens as a captured card lands: ``seat``'s pile counts it (none: the cards
        went to nobody), and it is in the air no more."""

        def land() -> None:
            if seat is not None:
                self.table.deal.piles[seat] += 1
            if sprite in self.table.flying:
                self.table.flying.remove(sprite)

        return land

    def on_sweep(self, ev: JSON) -> float:
        """RO-20: what is left on the table goes to the last capturer (not a mesa)."""
        table = self.table
        seat = ev["seat"]
        if not ev["cards"]:
            return 0.0
        if seat == table.me:
            table.messages.show_banner(t("ronda.sweep_you"), 1.6)
        elif seat is not None:
            table.messages.show_banner(t("ronda.sweep", name=table.places.seat_name(seat)), 1.6)
        else:  # RO-20 Decision: nobody captured, so the cards go to nobody
            table.messages.show_banner(t("ronda.sweep_nobody"), 2.2)
        pause = Speed.scale(CAPTURE_PAUSE, motion=False)
        flight, stagger = Speed.scale(CAPTURE_FLIGHT), Speed.scale(CAPTURE_STAGGER)
        codes = [c for c in ev["cards"] if c in table.table_cards.sprites]

        def collect() -> None:  # (placed when it runs: the phone may have turned meanwhile)
            places = table.places
            target = places.pile(seat) if seat is not None else places.geometry().deck
            small = table.app.layout.small
            table.app.audio.play("trick", 0.6)
            for i, c in enumerate(codes):
                sprite = table.table_cards.sprites.pop(c)
                table.flying.append(sprite)
                land = self._lands_on_pile(seat, sprite)
                sprite.move(target, flight, i * stagger, ease_in_out, size=small, on_land=land)

        table.after(pause, collect)
        return pause + flight + stagger * len(codes) + 0.1

    # ----- the deal's end ----------------------------------------------------------------------
    def on_declarations_revealed(self, ev: JSON) -> float:
        """RO-19: at the end of the deal every declaration turns up at its seat — kind and
        rank, and whether it scores, was beaten (RO-17) or was false (RO-18) — and stays a
        moment before the score panel."""
        hold = self.table.callouts.reveal(list(ev["declarations"]))
        if hold:
            self.table.app.audio.play("chime", 0.5)
        return hold

    def on_deal_scored(self, ev: JSON) -> float:
        table = self.table
        table.totals = list(ev["totals"])
        table.score = {"entry": ev, "t": 0.0, "declarations": list(table.callouts.revealed)}
        table.app.audio.play("round", 0.7)
        return 0.0
