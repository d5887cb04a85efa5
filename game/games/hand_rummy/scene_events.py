"""The Hand rummy table's events turned into motion: the deal, draws, melds laid and added,
jokers taken back, discards, the round's end with the others' hands face up, the score panel.

:class:`RummyMotion` is a part of :class:`game.games.hand_rummy.scene.RummyTable`: each
``on_<event>`` starts showing one event and returns how long it holds the next (the scene's
``show_event`` routes the events here). It moves the scene's displayed state (counts, your
hand: its :class:`~game.games.hand_rummy.scene_shown.RummyShown`) and its parts' (the piles, the
melds on the table, your workspace); :meth:`RummyMotion.show_as_it_stands` shows the match as
it stands, with no animation.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from game.core.cards import JOKER
from game.games.hand_rummy.scene_geometry import SEAT_CARD
from game.games.hand_rummy.staging import Staging, suit_key
from game.i18n import digits, t
from game.ui import shuffle
from game.ui.scale import pt, px
from game.ui.sprites import Sprite
from game.ui.table_aids import card_words
from game.ui.tween import Speed, ease_in_out, ease_out

if TYPE_CHECKING:
    from game.games.hand_rummy.scene import RummyTable

JSON = dict[str, Any]
DEAL_STEP = 0.06  # one card every 60 ms (docs/LOOK.md: 60-90 ms)
DEAL_FLIGHT = 0.30
FLIP = 0.22
DRAW_FLIGHT = 0.30
LAY_FLIGHT = 0.34  # staged cards to the table
DISCARD_FLIGHT = 0.26
ROUND_PAUSE = 1.2  # "X went out" stays readable before the score panel
HANDS_SHOWN = 2.6  # ...and longer when the others' hands turn face up on the table


class RummyMotion:
    """Events → animation (see the module docstring)."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.workspace = table.workspace

    def show_as_it_stands(self) -> JSON:
        """The match as it stands now, shown with no animation (the scene's
        ``sync_from_view``, after Continue); the view it was read from."""
        table, v = self.table, self.table.session.view()
        table.round, table.dealer = v["round"], v["dealer"]
        table.counts = list(v["hand_counts"])
        table.opened = list(v["opened"])
        table.meld_rows.melds = [list(m) for m in v["melds"]]
        table.meld_rows.owners = list(v["meld_owners"])
        piles = table.piles
        piles.discard_pile = [c for _s, c in v["discards"]][-3:] if v["discard_top"] else []
        top = v["discard_top"]
        if top and (not piles.discard_pile or piles.discard_pile[-1] != top):
            piles.discard_pile.append(v["discard_top"])
        piles.stock_count = v["stock_count"]
        table.totals = list(v["totals"])
        table.shown.my_cards = list(v["hand"])
        self.workspace.staging = Staging(table.shown.my_cards, table.shown.variant)
        self.workspace.staging.hand.sort(key=suit_key)
        table.phase = v["phase"]
        return v

    def _sync_hand(self, laid: list[str] | tuple[str, ...] = ()) -> None:
        self.workspace.sync(self.table.shown.my_cards, laid)

    def on_deal(self, ev: JSON) -> float:
        g = self.table.geo
        n = self.table.players
        self.table.round, self.table.dealer = ev["round"], ev["dealer"]
        self.table.phase = "deal"
        self.table.counts = [0] * n
        self.table.opened = [False] * n
        self.table.meld_rows.clear()
        self.table.piles.discard_pile = []
        stock = ev["stock_count"] + sum(ev["counts"])
        # the deck is riffled at the stock first (game/ui/shuffle.py), on the felt; the deal
        # waits for it, and the stock pile is drawn again once it has squared up there
        self.table.riffle, lead = shuffle.before_deal(self.table.app, g.stock, g.pile_card)
        self.table.piles.stock_count = stock
        self.table.piles.riffling = bool(lead)  # (the riffle is the stock meanwhile)
        if lead:
            self.table.after(lead, partial(setattr, self.table.piles, "riffling", False))
        self.table.shown.my_cards = []
        self.workspace.reset([])
        own = list(ev.get("hand", []))
        order = [(ev["starter"] + i) % n for i in range(sum(ev["counts"]) - 1)]
        order.append(ev["starter"])
        step, flight = Speed.scale(DEAL_STEP), Speed.scale(DEAL_FLIGHT)
        mine = 0
        slots = g.hand_slots(len(own))
        for i, seat in enumerate(order):
            if seat == self.table.me and slots:  # a spectator has no hand here
                target, size = slots[min(mine, len(slots) - 1)], g.hand_card
                mine += 1
            else:
                target, size = self.table.places.seat_center(seat), pt(*SEAT_CARD)
            sprite = Sprite(None, g.stock, pt(54, 76), face_up=False)
            sprite.hide_until_start = True
            sprite.move(
                target,
                flight,
                lead + i * step,
                ease_out,
                arc=px(-30) if seat == self.table.me else px(30),
                size=size,
                on_land=partial(self._dealt, seat, sprite),
            )
            self.table.shown.dealing.append(sprite)
        total = lead + (len(order) - 1) * step + flight
        self.table.after(total + 0.02, lambda: self._reveal_hand(own))
        self.table.app.audio.play("deal", 0.5)
        return total + Speed.scale(FLIP) + 0.1

    def _dealt(self, seat: int, sprite: Sprite) -> None:
        self.table.piles.stock_count -= 1
        self.table.counts[seat] += 1
        if seat != self.table.me and sprite in self.table.shown.dealing:
            self.table.shown.dealing.remove(sprite)
        if len(self.table.shown.dealing) % 6 == 0:
            self.table.app.audio.play("deal", 0.3)

    def _reveal_hand(self, own: list[str]) -> None:
        """Your cards turn face up, sorted by suit; found melds are staged as a suggestion."""
        self.table.shown.dealing = []
        self.table.shown.my_cards = list(own)
        if own:  # a spectator has none: the plate keeps the count dealt to it
            self.table.counts[self.table.me] = len(own)
        self.workspace.staging = Staging(own, self.table.shown.variant)
        self.workspace.staging.hand.sort(key=suit_key)
        slots = self.table.geo.hand_slots(len(own))
        for i, (code, slot) in enumerate(zip(self.workspace.staging.hand, slots)):
            sprite = Sprite(code, slot, self.table.geo.hand_card, face_up=False)
            sprite.start_flip(Speed.scale(FLIP))
            self.workspace.sprites[("h", i)] = sprite
        self.table.after(Speed.scale(FLIP) + 0.05, self._deal_done)

    def _deal_done(self) -> None:
        self.table.phase = "play"
        if self.workspace.staging.suggest():
            self.table.messages.show_banner(t("hr.tip.suggested"), 2.6)

    def on_drew(self, ev: JSON) -> float:
        seat, source = ev["seat"], ev["from"]
        g = self.table.geo
        start = g.stock if source == "stock" else g.discard
        code = ev.get("card")
        if source == "stock":
            self.table.piles.stock_count = max(0, self.table.piles.stock_count - 1)
        elif self.table.piles.discard_pile:
            self.table.piles.discard_pile.pop()
            if seat != self.table.me:
                self.table.messages.show_hint(
                    t("hr.event.took", name=self.table.places.seat_name(seat))
                )
        self.table.counts[seat] += 1
        duration = Speed.scale(DRAW_FLIGHT)
        if seat == self.table.me and code:
            self.table.shown.my_cards.append(code)
            self.workspace.spawn = start
            self._sync_hand()
            self._fly_into_hand(code, start, duration, face_up=source != "stock")
        else:
            sprite = Sprite(code, start, g.pile_card, face_up=code is not None)
            sprite.move(
                self.table.places.seat_center(seat),
                duration,
                0,
                ease_out,
                size=pt(*SEAT_CARD),
                on_land=partial(self._land, sprite),
            )
            self.table.flying.append(sprite)
        self.table.app.audio.play("deal", 0.5)
        return duration

    def _fly_into_hand(
        self, code: str, start: tuple[float, float], duration: float, face_up: bool
    ) -> None:
        """Your drawn card flies from the pile to its place in the hand row: where your sort
        puts it while the hand is in that order, else at the end (a card from the stock turns
        face up on the way)."""
        g = self.table.geo
        last = len(self.workspace.staging.hand) - 1  # new cards join the end of the row
        if last < 0 or self.workspace.staging.hand[last] != code:
            return
        index = self.workspace.place_new()
        slot = g.hand_slots(len(self.workspace.staging.hand))[index]
        sprite = Sprite(code, start, g.pile_card, face_up=face_up)
        sprite.move(slot, duration, 0.0, ease_out, arc=px(-30), size=g.hand_card)
        if not face_up:
            sprite.start_flip(duration)
        self.workspace.sprites[("h", index)] = sprite

    def _land(self, sprite: Sprite, then: Callable[[], object] | None = None) -> None:
        if sprite in self.table.flying:
            self.table.flying.remove(sprite)
        if then:
            then()

    def on_stock_reshuffled(self, ev: JSON) -> float:
        self.table.piles.stock_count = ev["stock_count"]
        self.table.piles.discard_pile = self.table.piles.discard_pile[-1:]
        self.table.messages.show_banner(t("hr.tip.reshuffled"), 2.0)
        self.table.app.audio.play("trick", 0.5)
        return Speed.scale(0.5, motion=False)

    def _fly_to_melds(
        self, seat: int, cards: list[tuple[int, int, str]], starts: list[tuple[float, float]]
    ) -> float:
        """Fly ``cards`` ((meld, place, code)) from ``starts`` to their places on the table;
        each stays hidden in its meld until it lands."""
        duration = Speed.scale(LAY_FLIGHT)
        self.table.meld_rows.layout()
        hidden = self.table.meld_rows.hidden
        for k, ((meld, place, code), start) in enumerate(zip(cards, starts)):
            hidden.add((meld, place))
            target, size = self.table.meld_rows.card_pos(meld, place)
            sprite = Sprite(
                code, start, self.table.geo.staged_card if seat == self.table.me else pt(*SEAT_CARD)
            )
            sprite.move(
                target,
                duration,
                k * 0.03,
                ease_out,
                size=size,
                on_land=partial(self._land, sprite, partial(hidden.discard, (meld, place))),
            )
            self.table.flying.append(sprite)
        self.table.app.audio.play("play", 0.7)
        return duration + 0.03 * max(0, len(cards) - 1)

    def _start_of(self, seat: int, card: str) -> tuple[float, float]:
        """Where a card ``seat`` lays or throws starts its flight: yours from its place in
        your workspace, the others' from their plates."""
        return (
            self.workspace.pos_of(card)
            if seat == self.table.me
            else self.table.places.seat_center(seat)
        )

    def on_melded(self, ev: JSON) -> float:
        seat = ev["seat"]
        groups = [list(gr) for gr in ev["groups"]]
        first = len(self.table.meld_rows.melds)
        laid = [c for gr in groups for c in gr]
        starts = [self._start_of(seat, c) for c in laid]
        self.table.meld_rows.melds += groups
        self.table.meld_rows.owners += [seat] * len(groups)
        self.table.counts[seat] -= len(laid)
        if ev["opening"]:
            self.table.opened[seat] = True
            key = "hr.event.opened_you" if seat == self.table.me else "hr.event.opened"
            self.table.messages.show_banner(
                t(key, name=self.table.places.seat_name(seat), n=digits(ev["points"])), 1.8
            )
        if seat == self.table.me:
            for c in laid:
                self.table.shown.my_cards.remove(c)
            self._sync_hand(laid)
        cards = [(first + i, j, c) for i, gr in enumerate(groups) for j, c in enumerate(gr)]
        return self._fly_to_melds(seat, cards, starts)

    def on_added(self, ev: JSON) -> float:
        seat, meld, card = ev["seat"], ev["meld"], ev["card"]
        old, new = self.table.meld_rows.melds[meld], list(ev["cards"])
        place = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), len(old))
        start = self._start_of(seat, card)
        self.table.meld_rows.melds[meld] = new
        self.table.counts[seat] -= 1
        if seat == self.table.me:
            self.table.shown.my_cards.remove(card)
            self._sync_hand([card])
        return self._fly_to_melds(seat, [(meld, place, card)], [start])

    def on_joker_swapped(self, ev: JSON) -> float:
        seat, meld = ev["seat"], ev["meld"]
        placed = ev.get("placed") or [ev["card"]]
        old, new = self.table.meld_rows.melds[meld], list(ev["cards"])
        places = [i for i, (a, b) in enumerate(zip(old, new)) if a != b] or list(
            range(len(old), len(new))
        )
        joker_at = self.table.meld_rows.card_pos(meld, places[0] if places else 0)[0]
        starts = [self._start_of(seat, c) for c in placed]
        self.table.meld_rows.melds[meld] = new
        self.table.counts[seat] += 1 - len(placed)
        if seat == self.table.me:
            for c in placed:
                self.table.shown.my_cards.remove(c)
            self.table.shown.my_cards.append(JOKER)
            self.workspace.spawn = joker_at
            self._sync_hand(placed)
            self.table.messages.show_hint(t("hr.tip.joker_back"))
        else:
            joker = Sprite(JOKER, joker_at, self.table.geo.meld_card)
            joker.move(
                self.table.places.seat_center(seat),
                Speed.scale(LAY_FLIGHT),
                0.1,
                ease_in_out,
                size=pt(*SEAT_CARD),
                on_land=partial(self._land, joker),
            )
            self.table.flying.append(joker)
            self.table.messages.show_hint(
                t("hr.event.swapped", name=self.table.places.seat_name(seat))
            )
        cards = [(meld, p, new[p]) for p in places[: len(placed)]]
        return self._fly_to_melds(seat, cards, starts[: len(cards)])

    def on_swap_undone(self, ev: JSON) -> float:
        seat = ev["seat"]
        self.table.meld_rows.melds[ev["meld"]] = list(ev["cards"])
        self.table.counts[seat] += len(ev["returned"]) - 1
        if seat == self.table.me:
            self.table.shown.my_cards.remove(JOKER)
            self.table.shown.my_cards += list(ev["returned"])
            self._sync_hand()
        return 0.1

    def on_discarded(self, ev: JSON) -> float:
        seat, card = ev["seat"], ev["card"]
        start = self._start_of(seat, card)
        self.table.counts[seat] -= 1
        if seat == self.table.me:
            self.table.shown.my_cards.remove(card)
            self._sync_hand()
            self.workspace.selected = None
            if self.table.aids.timed_out:
                self.table.aids.timed_out = False
                self.table.aids.show_notice(t("hr.timeout_card", card=card_words(card)))
        duration = Speed.scale(DISCARD_FLIGHT)
        size = self.table.geo.pile_card
        sprite = Sprite(
            card, start, self.table.geo.hand_card if seat == self.table.me else pt(*SEAT_CARD)
        )

        def landed() -> None:
            self.table.piles.discard_pile = (self.table.piles.discard_pile + [card])[-4:]

        sprite.move(
            self.table.geo.discard,
            duration,
            0,
            ease_out,
            size=size,
            on_land=lambda: self._land(sprite, landed),
        )
        self.table.flying.append(sprite)
        self.table.app.audio.play("play", 0.6)
        return duration

    def on_round_scored(self, ev: JSON) -> float:
        """The winner's banner, then every hand face up in the score panel (HR-10, HR-12)."""
        self.table.totals = list(ev["totals"])
        self.table.counts = [len(h) for h in ev["hands"]]
        self.table.messages.show_banner(self.went_out_line(ev), 2.0)
        self.table.shown.ended = ev
        self.table.shown.ended_t = 0.0
        others = any(ev["hands"][s] for s in self.table.others())
        pause = Speed.scale(HANDS_SHOWN if others else ROUND_PAUSE, motion=False)
        if others:
            self.table.app.audio.play("deal", 0.5)

        def open_panel() -> None:
            self.table.shown.ended = None
            self.table.score = {"entry": ev, "t": 0.0}
            self.table.app.audio.play("round", 0.7)

        self.table.after(pause, open_panel)
        return pause + 0.02

    def went_out_line(self, ev: JSON) -> str:
        """Who went out and how ("hand" in one go, -60, or in stages, -30; HR-10)."""
        kind = ev["kind"]
        key = ("hr.score.hand" if kind == -60 else "hr.score.out") + (
            "_you" if ev["winner"] == self.table.me else ""
        )
        return t(key, name=self.table.places.seat_name(ev["winner"]), score=digits(kind))

    def on_turn_timeout(self, ev: JSON) -> float:
        """TB-7: the table draws and discards for you; the discard says which card."""
        if ev.get("seat") == self.table.me:
            self.table.aids.timed_out = True
        return 0.0
