"""Hand rummy (هاند): the engine (docs/RULES.md section 3, HR-1 … HR-12, and TB-7's safe move).

Options: :mod:`.options` (rounds, variant, partnership, first dealer).

A turn is several actions: draw (the starter's first turn has none), then any number of meld,
add and swap_joker, then one discard. Going out by melding or adding the last card, or by the
discard, ends the round; it is scored, and the next round dealt, inside the same apply().
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.actions import action_type, card_field, int_field, only_keys, str_field
from game.core.cards import JOKER, rummy_deck
from game.core.engine import Match as BaseMatch
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.types import ActionInput, Phase

from . import scoring
from .melds import (
    NUMBER_RANK,
    OPENING_MIN,
    RANK_NUMBER,
    Meld,
    card_points,
    classify,
    extend,
    is_card,
    swap_joker,
)
from .options import OPTION_KEYS, read_options
from .types import Result, RoundEntry, RummyAction, RummyView, SwapJokerAction
from .views import Shown, seat_view, seat_views

HAND_SIZE = 14
ACTIONS = ("draw", "meld", "add", "swap_joker", "discard")


class Match(BaseMatch[RummyAction, RummyView]):
    """One match of Hand rummy."""

    GAME = "hand_rummy"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 5
    OPTIONS = OPTION_KEYS

    # ----- set-up -----------------------------------------------------------------------
    def _start(self) -> None:
        self._read_options()
        self.round = 1
        self.dealer = self.first_dealer
        self._totals = [0] * self._sides_count
        self.history: list[RoundEntry] = []
        self.shown: Shown | None = None  # seat_views' copies, kept from call to call
        self._phase: Phase = "play"
        self._result: Result | None = None
        self.turn_no = 0
        self._deal(self._check_deck(M_DECK))
        self.start_events = [self._deal_event()]
        self._turn_before = self.turn_no

    def _read_options(self) -> None:
        read = read_options(self.options, self.players)
        self.rounds, self.variant, self.partnership, self.first_dealer = read

    @property
    def _sides_count(self) -> int:
        return 2 if self.partnership else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    def _deal(self, deck: list[str]) -> None:
        """Deal one round from ``deck`` (top first), docs/DESIGN.md "Explicit deals" (HR-3)."""
        n = self.players
        self.starter = (self.dealer + 1) % n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            self.hands[(self.starter + i) % n].append(deck[i])
        self.hands[self.starter].append(deck[HAND_SIZE * n])
        self.stock = list(reversed(deck[HAND_SIZE * n + 1 :]))  # top of the stock at the end
        self.discard: list[str] = []
        self.melds: list[Meld] = []
        self.meld_owners: list[int] = []
        self.opened = [False] * n
        self.opened_turn = [-1] * n
        self.turn = self.starter
        self.drawn = True  # the starter's first turn: discard without drawing
        self.last_drawn: str | None = None
        self.pending: list[tuple[int, tuple[str, ...]]] = []  # swaps, joker not yet melded
        self.discard_log: list[list[Any]] = []
        self.pick_log: list[list[Any]] = []
        self.turn_no += 1

    def _deal_event(self) -> Event:
        data = {
            "round": self.round,
            "dealer": self.dealer,
            "starter": self.starter,
            "counts": [len(h) for h in self.hands],
            "discard_top": None,
            "stock_count": len(self.stock),
        }
        private = {seat: {"hand": list(hand)} for seat, hand in enumerate(self.hands)}
        return Event("deal", data, private)

    # ----- protocol -----------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    def to_act(self) -> list[int]:
        return [] if self._phase == "over" else [self.turn]

    @property
    def totals(self) -> list[int]:
        return list(self._totals)

    @property
    def result(self) -> Result | None:
        if self._result is None:
            return None
        return {"totals": list(self._result["totals"]), "winners": list(self._result["winners"])}

    def continues_turn(self, seat: int, action: ActionInput) -> bool:
        """Draw, meld, add and swap keep the turn; a discard, a timeout or going out ends it
        (going out deals a new round, which may start with the same seat)."""
        if isinstance(action, dict) and action.get("type") in ("discard", "timeout"):
            return False
        return self.turn_no == self._turn_before

    def legal_actions(self, seat: int) -> list[RummyAction]:
        if self._phase == "over" or seat != self.turn:
            return []
        hand = self.hands[seat]
        out: list[RummyAction] = []
        if not self.drawn:
            if self.stock or len(self.discard) > 1:
                out.append({"type": "draw", "from": "stock"})
            if self.discard:
                out.append({"type": "draw", "from": "discard"})
            return out
        held = set(hand)
        if not self.pending:
            out += [{"type": "discard", "card": c} for c in sorted(held)]
        if self.opened[seat]:
            for index, meld in enumerate(self.melds):
                out += [
                    {"type": "add", "card": c, "meld": index}
                    for c in self._may_fit(meld, held)
                    if extend(meld, c) is not None
                ]
                out += [self._swap_action(index, cards) for cards in self._swaps_for(meld, held)]
        return out

    @staticmethod
    def _may_fit(meld: Meld, held: set[str]) -> list[str]:
        """The held cards that could extend ``meld``, sorted; a cheap first filter before
        extend: the joker, the run's neighbours at both ends, the set's other suits."""
        if meld.kind == "run":
            suit, near = meld.suit, []
            if meld.high < 14:
                near.append(NUMBER_RANK[meld.high + 1] + suit)
            if meld.low > 1:
                near.append(NUMBER_RANK[meld.low - 1] + suit)
        else:
            rank = NUMBER_RANK[meld.low]
            near = [rank + s for s in "SHDC"]
        return sorted({c for c in near + [JOKER] if c in held})

    def _swap_action(self, index: int, cards: list[str]) -> SwapJokerAction:
        if len(cards) == 1:
            return {"type": "swap_joker", "meld": index, "card": cards[0]}
        return {"type": "swap_joker", "meld": index, "cards": sorted(cards)}

    def _swaps_for(self, meld: Meld, held: set[str]) -> list[list[str]]:
        """The natural cards in ``held`` (the hand's distinct cards) that could take a joker
        back from ``meld``."""
        if JOKER not in meld.cards:
            return []
        if meld.kind == "run":
            return [
                [meld.stands[p]]
                for p in sorted(set(meld.joker_places()))
                if meld.stands[p] in held and swap_joker(meld, [meld.stands[p]]) is not None
            ]
        rank = NUMBER_RANK[meld.low]
        missing = [rank + s for s in "SHDC" if rank + s not in meld.cards]
        if all(c in held for c in missing) and swap_joker(meld, missing, self.variant):
            return [missing]
        return []

    # ----- actions ------------------------------------------------------------------------
    def _apply(self, seat: int, action: ActionInput) -> list[Event]:
        kind = action_type(action, ACTIONS)
        handler = {
            "draw": self._draw,
            "meld": self._meld,
            "add": self._add,
            "swap_joker": self._swap,
            "discard": self._discard,
        }[kind]
        turn = self.turn_no
        events = handler(seat, action)  # raises, changing nothing, if refused
        self._turn_before = turn
        return events

    def _need_drawn(self) -> None:
        if not self.drawn:
            raise IllegalAction(
                "Draw a card first, from the stock or the discard pile.", "draw_first"
            )

    def _need_opened(self, seat: int, what: str) -> None:
        if not self.opened[seat]:
            raise IllegalAction(
                f"You can {what} only after your opening of 51 points.", "not_opened"
            )

    def _card_in_hand(self, seat: int, action: ActionInput, key: str = "card") -> str:
        card = card_field(action, key, is_card)
        if card not in self.hands[seat]:
            raise IllegalAction(f"You do not hold {card}.", "not_in_hand")
        return card

    def _meld_index(self, action: ActionInput) -> int:
        if not self.melds:
            raise IllegalAction("There is no meld on the table yet.", "no_meld")
        return int_field(action, "meld", 0, len(self.melds) - 1)

    def _draw(self, seat: int, action: ActionInput) -> list[Event]:
        only_keys(action, "from")
        source = str_field(action, "from", ("stock", "discard"))
        if self.drawn:
            raise IllegalAction("You have already drawn this turn.", "already_drawn")
        events: list[Event] = []
        if source == "discard":
            if not self.discard:
                raise IllegalAction("The discard pile is empty.", "discard_empty")
            card = self.discard.pop()
            self.pick_log.append([seat, card])
            events.append(Event("drew", {"seat": seat, "from": "discard", "card": card}))
        else:
            if not self.stock and len(self.discard) < 2:
                raise IllegalAction("The stock is empty; take the top discard.", "stock_empty")
            if not self.stock:
                events.append(self._reshuffle())
            card = self.stock.pop()
            events.append(Event("drew", {"seat": seat, "from": "stock"}, {seat: {"card": card}}))
        self.hands[seat].append(card)
        self.drawn = True
        self.last_drawn = card
        return events

    def _reshuffle(self) -> Event:
        """HR-3: the discard pile except its top becomes a new stock, shuffled by the match RNG."""
        top = self.discard.pop()
        self.stock = self.rng.shuffled(self.discard)
        self.discard = [top]
        return Event("stock_reshuffled", {"stock_count": len(self.stock)})

    def _check_groups(self, seat: int, action: ActionInput) -> tuple[list[list[str]], list[Meld]]:
        only_keys(action, "groups")
        groups = action.get("groups")
        if not isinstance(groups, list) or not groups:
            raise IllegalAction('"meld" needs "groups": a list of groups of cards.')
        checked, made = [], []
        for group in groups:
            if not isinstance(group, list) or not all(is_card(c) for c in group):
                raise IllegalAction("Each group must be a list of card codes.")
            meld = classify(group)
            if meld is None:
                raise IllegalAction(
                    f"{' '.join(group)} is not a valid run or set.", "invalid_group"
                )
            checked.append(list(group))
            made.append(meld)
        need = Counter(c for g in checked for c in g)
        have = Counter(self.hands[seat])
        short = sorted(c for c in need if need[c] > have[c])
        if short:
            raise IllegalAction(f"You do not hold enough of: {', '.join(short)}.", "not_in_hand")
        return checked, made

    def _meld(self, seat: int, action: ActionInput) -> list[Event]:
        groups, made = self._check_groups(seat, action)
        self._need_drawn()
        points = sum(m.points(self.variant) for m in made)
        opening = not self.opened[seat]
        if opening and points < OPENING_MIN:
            raise IllegalAction(
                f"Your opening is {points} points; it must reach {OPENING_MIN} in one go.",
                "opening_under_51",
            )
        for group, meld in zip(groups, made):
            self._take_from_hand(seat, group)
            self.melds.append(meld)
            self.meld_owners.append(seat)
        if opening:
            self.opened[seat] = True
            self.opened_turn[seat] = self.turn_no
        self._jokers_used(sum(g.count(JOKER) for g in groups))
        tabled = [list(m.cards) for m in made]
        events = [
            Event(
                "melded",
                {
                    "seat": seat,
                    "groups": tabled,
                    "opening": opening,
                    "points": points,
                    "first_meld": len(self.melds) - len(made),
                },
            )
        ]
        return events + self._after_lay(seat)

    def _add(self, seat: int, action: ActionInput) -> list[Event]:
        only_keys(action, "card", "meld")
        card = self._card_in_hand(seat, action)
        index = self._meld_index(action)
        self._need_drawn()
        self._need_opened(seat, "add to melds")
        new = extend(self.melds[index], card)
        if new is None:
            raise IllegalAction(f"{card} does not fit meld {index + 1}.", "does_not_fit")
        self._take_from_hand(seat, [card])
        self.melds[index] = new
        self._jokers_used(1 if card == JOKER else 0)
        events = [
            Event("added", {"seat": seat, "card": card, "meld": index, "cards": list(new.cards)})
        ]
        return events + self._after_lay(seat)

    def _swap(self, seat: int, action: ActionInput) -> list[Event]:
        if "cards" in action:
            only_keys(action, "cards", "meld")
            cards = action["cards"]
            if not isinstance(cards, list) or not cards or not all(is_card(c) for c in cards):
                raise IllegalAction('"cards" must be a list of card codes.')
            have, need = Counter(self.hands[seat]), Counter(cards)
            if any(need[c] > have[c] for c in need):
                raise IllegalAction("You do not hold those cards.", "not_in_hand")
            cards = list(cards)
        else:
            only_keys(action, "card", "meld")
            cards = [self._card_in_hand(seat, action)]
        index = self._meld_index(action)
        self._need_drawn()
        self._need_opened(seat, "take back a joker")
        new = swap_joker(self.melds[index], cards, self.variant)
        if new is None:
            raise IllegalAction(
                f"{' '.join(cards)} cannot take back a joker from meld {index + 1}.", "cannot_swap"
            )
        self._take_from_hand(seat, cards)
        self.hands[seat].append(JOKER)
        self.melds[index] = new
        self.pending.append((index, tuple(cards)))
        data = {"seat": seat, "meld": index, "card": cards[0], "cards": list(new.cards)}
        if len(cards) > 1:
            data["placed"] = list(cards)
        return [Event("joker_swapped", data)]

    def _discard(self, seat: int, action: ActionInput) -> list[Event]:
        only_keys(action, "card")
        card = self._card_in_hand(seat, action)
        self._need_drawn()
        if self.pending:
            raise IllegalAction("Meld the joker you took back before you discard.", "joker_pending")
        self._take_from_hand(seat, [card])
        self.discard.append(card)
        self.discard_log.append([seat, card])
        events = [Event("discarded", {"seat": seat, "card": card})]
        if not self.hands[seat]:
            return events + self._round_over(seat)
        self.turn = (seat + 1) % self.players
        self.drawn = False
        self.last_drawn = None
        self.turn_no += 1
        return events

    def _take_from_hand(self, seat: int, cards: list[str]) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)

    def _jokers_used(self, count: int) -> None:
        del self.pending[:count]

    def _after_lay(self, seat: int) -> list[Event]:
        """HR-9: a player who lays his last card goes out at once."""
        return self._round_over(seat) if not self.hands[seat] else []

    # ----- timeout (TB-7) -------------------------------------------------------------------
    def _timeout(self, seat: int) -> list[Event]:
        """TB-7: undo an unmelded joker swap, draw from the stock if not drawn, then discard the
        card just drawn (or the highest-value card; a joker only if nothing else is left)."""
        events = self._undo_swaps(seat)
        if not self.drawn:
            source = "stock" if self.stock or len(self.discard) > 1 else "discard"
            events += self._draw(seat, {"type": "draw", "from": source})
        hand = self.hands[seat]
        naturals = [c for c in hand if c != JOKER]
        if self.last_drawn in naturals:
            card = self.last_drawn
        elif naturals:
            card = max(naturals, key=lambda c: (card_points(c), RANK_NUMBER[c[:-1]], c))
        else:
            card = JOKER
        return events + self._discard(seat, {"type": "discard", "card": card})

    def _undo_swaps(self, seat: int) -> list[Event]:
        """Put back each joker taken this turn and not melded again: the natural cards that
        replaced it return to the hand (the swap is cancelled, not the rest of the turn)."""
        events = []
        for index, placed in reversed(self.pending):
            meld = self.melds[index]
            cards = list(meld.cards)
            if meld.kind == "run":
                cards[cards.index(placed[0])] = JOKER
                self.melds[index] = Meld("run", tuple(cards), meld.stands, meld.low)
            else:
                for card in placed:
                    cards.remove(card)
                restored = classify(cards + [JOKER])
                if restored is None:  # the set held this joker a moment ago
                    raise RuntimeError(f"Cannot put the joker back into {cards}.")
                self.melds[index] = restored
            self.hands[seat].remove(JOKER)
            self.hands[seat].extend(placed)
            events.append(
                Event(
                    "swap_undone",
                    {
                        "seat": seat,
                        "meld": index,
                        "cards": list(self.melds[index].cards),
                        "returned": list(placed),
                    },
                )
            )
        self.pending = []
        return events

    # ----- scoring ----------------------------------------------------------------------------
    def _round_over(self, winner: int) -> list[Event]:
        kind = -60 if self.opened_turn[winner] == self.turn_no else -30
        scores, side_scores = scoring.round_scores(
            winner, kind, self.variant, self.hands, self.opened, self.side_of, self._sides_count
        )
        for side, score in enumerate(side_scores):
            self._totals[side] += score
        entry: RoundEntry = {
            "round": self.round,
            "winner": winner,
            "kind": kind,
            "scores": scores,
            "side_scores": side_scores,
            "hands": [list(h) for h in self.hands],
        }
        self.history.append(entry)
        scored = {**scoring.copy_entry(entry), "totals": list(self._totals)}
        events = [Event("round_scored", scored)]
        if self.round >= self.rounds:
            low = min(self._totals)
            winners = [side for side, total in enumerate(self._totals) if total == low]
            self._result = {"totals": list(self._totals), "winners": winners}
            self._phase = "over"
            over = {"totals": list(self._totals), "winners": list(winners)}  # the result's copy
            return [*events, Event("match_over", over)]
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players
        self._deal(self.rng.shuffled(M_DECK))
        return events + [self._deal_event()]

    # ----- views ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> RummyView:
        return seat_view(self, seat)

    def seat_views(self) -> list[RummyView]:  # all at once, the server's fast path
        views, self.shown = seat_views(self, self.shown)
        return views


M_DECK = rummy_deck()
