"""The Hareeja table's events turned into motion: the deal (your cards fly in and turn face up,
the others' backs fly to their seats), a bid confirmed, the bids revealed, a card played to the
centre, the trick collected to its winner, the round's score panel.

:class:`HareejaMotion` is a part of :class:`game.games.hareeja.scene.HareejaTable`: each
handler starts showing one event and returns how long it holds the next (the scene's
``show_event`` looks them up in :attr:`HareejaMotion.handlers`). It moves the scene's displayed
state (phase, round, your hand) and its parts' (bids, backs, the trick).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.games.hareeja.rules import sort_hand
from game.i18n import digits, t
from game.ui import shuffle
from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.table_aids import card_words
from game.ui.tween import Speed, ease_in_out, ease_out

if TYPE_CHECKING:
    from game.games.hareeja.scene import HareejaTable

JSON = dict[str, Any]
# Durations at normal speed (docs/LOOK.md "Motion").
DEAL_STEP = 0.075  # one card every 75 ms
DEAL_FLIGHT = 0.30
FLIP = 0.22
PLAY_FLIGHT = 0.26  # 220-300 ms ease-out to the centre
TRICK_PAUSE = 0.5  # the trick stays readable
TRICK_FLIGHT = 0.40  # 350-450 ms to the winner


class HareejaMotion:
    """Events → animation (see the module docstring)."""

    def __init__(self, table: HareejaTable) -> None:
        self.table = table
        self.handlers: dict[str, Callable[[JSON], float]] = {
            "deal": self.on_deal,
            "bid_confirmed": self.on_bid_confirmed,
            "bids_revealed": self.on_bids_revealed,
            "card_played": self.on_card_played,
            "trick_won": self.on_trick_won,
            "round_scored": self.on_round_scored,
        }

    # ----- the deal -----------------------------------------------------------------------------
    def on_deal(self, ev: JSON) -> float:
        table = self.table
        table.round, table.tiebreak, table.dealer = ev["round"], ev["tiebreak"], ev["dealer"]
        if ev["tiebreak"]:
            table.messages.banner = (
                t("tiebreak.banner", n=digits(ev["tiebreak"])),
                Speed.scale(3.0, motion=False),
            )
        table.phase = "deal"
        table.backs.counts = [0] * table.players
        table.bidding.reset()
        table.trick_area.reset()
        table.selected = None
        own = list(ev.get("hand", []))
        table.hand_order = list(own)
        table.hand = {}
        step, flight = Speed.scale(DEAL_STEP), Speed.scale(DEAL_FLIGHT)
        # the deck is riffled at the centre first (game/ui/shuffle.py); the deal waits for it
        layout = table.app.layout
        table.backs.riffle, lead = shuffle.before_deal(table.app, layout.center, layout.small)
        dealt = 0
        for i, seat in enumerate(ev["order"]):
            if seat == table.me and dealt < len(own):
                self._deal_own(own, dealt, lead + i * step, flight)
                dealt += 1
            else:
                self._deal_back(seat, lead + i * step, flight)
        total = lead + (len(ev["order"]) - 1) * step + flight
        table.after(total, self._reveal_hand)
        table.after(total + Speed.scale(FLIP) + 0.05, self._deal_done)
        return total + Speed.scale(FLIP) + 0.1

    def _deal_own(self, own: list[str], k: int, delay: float, flight: float) -> None:
        """Your ``k``-th card flies from the deck to its slot, face down."""
        table = self.table
        layout = table.app.layout
        sprite = Sprite(own[k], layout.center, layout.card, face_up=False)
        sprite.hide_until_start = True
        slot = layout.hand_positions(len(own))[k]
        land = lambda: table.app.audio.play("deal", 0.4)  # noqa: E731
        sprite.move(slot, flight, delay, ease_out, arc=px(-40), on_land=land)
        table.hand[own[k]] = sprite

    def _deal_back(self, seat: int, delay: float, flight: float) -> None:
        """A back flies from the deck to ``seat``'s hand (its count grows as it lands)."""
        table = self.table
        layout = table.app.layout
        sprite = Sprite(None, layout.center, layout.small, face_up=False)
        sprite.hide_until_start = True
        land = lambda: self._dealt_to(seat, sprite)  # noqa: E731
        sprite.move(table.places.seat_hand(seat), flight, delay, ease_out, arc=px(40), on_land=land)
        table.flying.append(sprite)

    def _dealt_to(self, seat: int, sprite: Sprite) -> None:
        self.table.backs.counts[seat] += 1
        if sprite in self.table.flying:
            self.table.flying.remove(sprite)

    def _reveal_hand(self) -> None:
        table = self.table
        table.hand_order = sort_hand(list(table.hand_order))
        for sprite in table.hand.values():
            sprite.start_flip(Speed.scale(FLIP))

    def _deal_done(self) -> None:
        if self.table.phase == "deal":
            self.table.phase = "declare"

    # ----- the bids -----------------------------------------------------------------------------
    def on_bid_confirmed(self, ev: JSON) -> float:
        table, bidding = self.table, self.table.bidding
        bidding.confirmed[ev["seat"]] = True
        if "n" in ev and ev["seat"] == table.me:
            bidding.bids[table.me] = ev["n"]
            bidding.pick = ev["n"]
        table.app.audio.play("bid", 0.6)
        return Speed.scale(0.12, motion=False)

    def on_bids_revealed(self, ev: JSON) -> float:
        bidding = self.table.bidding
        bidding.bids = list(ev["bids"])
        bidding.revealed = True
        bidding.reveal_t = 0.0
        self.table.phase = "play"
        self.table.app.audio.play("chime", 0.5)
        return Speed.scale(0.7, motion=False)

    # ----- play ---------------------------------------------------------------------------------
    def on_card_played(self, ev: JSON) -> float:
        table = self.table
        layout = table.app.layout
        seat, code = ev["seat"], ev["card"]
        table.phase = "play"
        if seat == table.me:
            sprite = self._from_hand(code)
            if ev.get("timeout") or table.aids.timed_out:
                table.aids.timeout_notice(card_words(code))
        else:
            table.backs.counts[seat] = max(0, table.backs.counts[seat] - 1)
            sprite = Sprite(code, table.places.seat_hand(seat), layout.trick_card, face_up=True)
        if table.selected == code:
            table.selected = None
        duration = Speed.scale(PLAY_FLIGHT)
        sprite.move(table.places.trick_spot(seat), duration, 0.0, ease_out, size=layout.trick_card)
        table.trick_area.add(seat, sprite)
        table.app.audio.play("play", 0.7)
        return duration

    def _from_hand(self, code: str) -> Sprite:
        """Your card ``code`` leaves the hand, face up and still."""
        table = self.table
        layout = table.app.layout
        sprite = table.hand.pop(code, None) or Sprite(code, layout.hand_center, layout.card)
        if code in table.hand_order:
            table.hand_order.remove(code)
        sprite.face_up = True
        sprite.flip_t = None
        sprite.shake = 0.0
        return sprite

    def on_trick_won(self, ev: JSON) -> float:
        table, area = self.table, self.table.trick_area
        winner = ev["seat"]
        pause, flight = Speed.scale(TRICK_PAUSE, motion=False), Speed.scale(TRICK_FLIGHT)
        cards = area.sprites()

        def collect() -> None:  # (placed when it runs: the phone may have turned meanwhile)
            target, small = table.places.seat_anchor(winner), table.app.layout.small
            area.collecting = True
            table.app.audio.play("trick", 0.6)
            for i, sprite in enumerate(cards):
                sprite.move(target, flight, i * 0.02, ease_in_out, size=small)

        def landed() -> None:
            area.collecting = False
            area.cards = [(s, sp) for s, sp in area.cards if sp not in cards]
            table.bidding.tricks = list(ev["tricks"])
            area.last = {"cards": [list(c) for c in ev["cards"]], "winner": winner}

        table.after(pause, collect)
        table.after(pause + flight + 0.08, landed)
        return pause + flight + 0.1

    def on_round_scored(self, ev: JSON) -> float:
        table = self.table
        table.totals = list(ev["totals"])
        table.bidding.tricks = list(ev["tricks"])
        table.score = {"entry": ev, "t": 0.0}
        table.app.audio.play("round", 0.7)
        return 0.0
