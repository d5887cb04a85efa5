"""Hareeja (Kuwaiti "Hand"): exact-bid trick-taking, 4 players, 32 cards, no trump.

docs/RULES.md section 1 (HJ-1 ... HJ-15). A round: deal 8 each (HJ-3), secret simultaneous bids
(HJ-5, HJ-6), 8 tricks following suit (HJ-8, HJ-9, HJ-10), exact-bid scoring (HJ-12).
A match: 5 rounds, then up to 3 tie-break rounds while first place is shared (HJ-13..HJ-15).

Everything a round needs happens inside ``apply()``: the last card scores the round and deals
the next one (or ends the match), and the events report both.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from game.core.actions import action_type, card_field, int_field, only_keys
from game.core.cards import french_deck, split
from game.core.engine import Match as BaseMatch
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.types import ActionInput, Phase
from game.core.views import grown_copies, seat_copies

from .types import BidAction, HareejaAction, HareejaView, LastTrick, Result, RoundEntry, SeatCard

GAME = "hareeja"
OPTION_KEYS = ("first_dealer",)  # the only option: the seat that deals first (tests, replays)
PLAYERS = 4
HAND_SIZE = 8
TRICKS_PER_ROUND = 8
ROUNDS = 5
MAX_TIEBREAKS = 3
MAX_BID = 8
ZERO_BID_BONUS = 25

DECK: tuple[str, ...] = tuple(french_deck(short=True))
RANK_ORDER = ("7", "8", "9", "10", "J", "Q", "K", "A")  # HJ-4, low to high: the 10 is under the J
TIMEOUT_SUIT_ORDER = ("C", "D", "H", "S")  # HJ-11 tie-break, clubs weakest
DISPLAY_SUIT_ORDER = ("S", "H", "D", "C")  # hand order shown to players

# Precomputed per-card tables: the hot path never parses a code.
RANK: dict[str, int] = {}
SUIT: dict[str, str] = {}
WEAKNESS: dict[str, tuple[int, int]] = {}
DISPLAY_KEY: dict[str, tuple[int, int]] = {}
for _code in DECK:
    _rank, _suit = split(_code)
    RANK[_code] = RANK_ORDER.index(_rank)
    SUIT[_code] = _suit
    WEAKNESS[_code] = (RANK[_code], TIMEOUT_SUIT_ORDER.index(_suit))
    DISPLAY_KEY[_code] = (DISPLAY_SUIT_ORDER.index(_suit), -RANK[_code])
del _code, _rank, _suit

BID_ACTIONS: tuple[BidAction, ...] = tuple({"type": "bid", "n": n} for n in range(MAX_BID + 1))


def is_card(code: Any) -> bool:
    """True for a code of the 32-card Hareeja deck."""
    return isinstance(code, str) and code in RANK


def sort_hand(cards: list[str]) -> list[str]:
    """Cards in display order: suits S, H, D, C; high to low within a suit."""
    return sorted(cards, key=DISPLAY_KEY.__getitem__)


def weakest(cards: list[str]) -> str:
    """HJ-11: the lowest rank; between equal ranks the suit first in C < D < H < S."""
    return min(cards, key=WEAKNESS.__getitem__)


def legal_cards(hand: list[str], trick: list[SeatCard]) -> list[str]:
    """HJ-8: any card when leading; otherwise the led suit if the hand holds it, else any card."""
    if not trick:
        return list(hand)
    led = SUIT[trick[0][1]]
    follow = [c for c in hand if SUIT[c] == led]
    return follow if follow else list(hand)


def trick_winner(trick: list[SeatCard]) -> int:
    """HJ-9: the seat of the highest card of the led suit (no trump, HJ-4)."""
    led = SUIT[trick[0][1]]
    best_seat: int = trick[0][0]
    best_rank = RANK[trick[0][1]]
    for seat, code in trick[1:]:
        if SUIT[code] == led and RANK[code] > best_rank:
            best_seat, best_rank = seat, RANK[code]
    return best_seat


def round_score(bid: int, took: int) -> int:
    """HJ-12: exact bid b >= 1 -> 10b; exact 0 -> 25; missed -> -10 per trick of difference."""
    if took == bid:
        return 10 * bid if bid else ZERO_BID_BONUS
    return -10 * abs(took - bid)


def ranking(totals: list[int]) -> list[int]:
    """Seats best first (HJ-13); equal totals keep seat order."""
    return sorted(range(len(totals)), key=lambda s: (-totals[s], s))


def leaders(totals: list[int]) -> list[int]:
    """The seats sharing the highest total."""
    top = max(totals)
    return [s for s, t in enumerate(totals) if t == top]


class Match(BaseMatch[HareejaAction, HareejaView]):
    """One Hareeja match. See the module docstring and docs/DESIGN.md for the protocol."""

    GAME = GAME
    MIN_PLAYERS = PLAYERS
    MAX_PLAYERS = PLAYERS
    OPTIONS = OPTION_KEYS

    # ----- setup ----------------------------------------------------------------------------
    def _start(self) -> None:
        first = self.options.get("first_dealer", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < PLAYERS:
            raise IllegalAction('"first_dealer" must be a seat number from 0 to 3.')
        self._totals = [0] * PLAYERS
        self._history: list[RoundEntry] = []
        self._kept_views: tuple[int, list[SeatCard], list[RoundEntry]] | None = None
        self._result: Result | None = None
        self._phase: Phase = "declare"
        self.round_no = 0
        self.tiebreak = 0
        self.dealer = (first - 1) % PLAYERS  # _deal moves it on to ``first``
        self.start_events = self._deal(self._check_deck(list(DECK)))

    def _deal(self, deck: list[str]) -> list[Event]:
        """HJ-3: the dealer moves on one seat, then deals all 32 cards one at a time."""
        self.dealer = (self.dealer + 1) % PLAYERS
        self.round_no += 1
        order = [(self.dealer + 1 + i) % PLAYERS for i in range(len(deck))]
        dealt: list[list[str]] = [[] for _ in range(PLAYERS)]
        for seat, code in zip(order, deck):
            dealt[seat].append(code)
        self.hands = [sort_hand(cards) for cards in dealt]
        self.bids: list[int | None] = [None] * PLAYERS
        self.revealed = False
        self.tricks = [0] * PLAYERS
        self.trick: list[SeatCard] = []
        self.played: list[SeatCard] = []  # this round's cards in play order (public)
        self.leader = (self.dealer + 1) % PLAYERS  # HJ-8
        self.turn = self.leader
        self.last_trick: LastTrick | None = None
        self._phase = "declare"
        return [
            Event(
                "deal",
                {
                    "round": self.round_no,
                    "tiebreak": self.tiebreak,
                    "dealer": self.dealer,
                    "order": order,
                },
                {seat: {"hand": list(dealt[seat])} for seat in range(PLAYERS)},
            )
        ]

    # ----- the protocol -----------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    def to_act(self) -> list[int]:
        if self._phase == "play":
            return [self.turn]
        if self._phase == "declare":
            return [s for s in range(PLAYERS) if self.bids[s] is None]
        return []

    def legal_actions(self, seat: int) -> list[HareejaAction]:
        if seat not in self.to_act():
            return []
        if self._phase == "declare":
            return [{"type": "bid", "n": a["n"]} for a in BID_ACTIONS]
        return [{"type": "play", "card": c} for c in legal_cards(self.hands[seat], self.trick)]

    @property
    def totals(self) -> list[int]:
        return list(self._totals)

    @property
    def result(self) -> Result | None:
        return None if self._result is None else _copy_record(self._result)

    # ----- actions ------------------------------------------------------------------------
    def _apply(self, seat: int, action: ActionInput) -> list[Event]:
        if self._phase == "declare":
            action_type(action, ("bid",))
            only_keys(action, "n")
            return self._bid(seat, int_field(action, "n", 0, MAX_BID))
        action_type(action, ("play",))
        only_keys(action, "card")
        code = card_field(action, "card", is_card)
        hand = self.hands[seat]
        if code not in hand:
            raise IllegalAction(f"You do not hold {code}.", "not_in_hand")
        if self.trick:
            led = SUIT[self.trick[0][1]]
            if SUIT[code] != led and any(SUIT[c] == led for c in hand):
                raise IllegalAction("You must follow the suit that was led.", "follow_suit")
        return self._play(seat, code, False)

    def _timeout(self, seat: int) -> list[Event]:
        """HJ-11 / TB-7: bid 0 if not yet bid, otherwise the weakest legal card."""
        if self._phase == "declare":
            return self._bid(seat, 0)
        return self._play(seat, weakest(legal_cards(self.hands[seat], self.trick)), True)

    def _bid(self, seat: int, n: int) -> list[Event]:
        """HJ-5: a secret, final bid; HJ-6: all four revealed together."""
        self.bids[seat] = n
        events = [Event("bid_confirmed", {"seat": seat}, {seat: {"n": n}})]
        if all(b is not None for b in self.bids):
            self.revealed = True
            self._phase = "play"
            events.append(Event("bids_revealed", {"bids": list(self.bids)}))
        return events

    def _play(self, seat: int, code: str, timed_out: bool) -> list[Event]:
        self.hands[seat].remove(code)
        self.trick.append([seat, code])
        self.played.append([seat, code])
        events = [Event("card_played", {"seat": seat, "card": code, "timeout": timed_out})]
        if len(self.trick) < PLAYERS:
            self.turn = (seat + 1) % PLAYERS
            return events
        winner = trick_winner(self.trick)
        self.tricks[winner] += 1
        cards = self.trick
        self.last_trick = {"cards": cards, "winner": winner}
        self.trick = []
        self.leader = self.turn = winner  # HJ-9: the winner leads next
        events.append(
            Event(
                "trick_won",
                {"seat": winner, "cards": [list(c) for c in cards], "tricks": list(self.tricks)},
            )
        )
        if not self.hands[winner]:  # HJ-10: all 8 tricks played
            events.extend(self._end_round())
        return events

    # ----- round and match end ---------------------------------------------------------------
    def _end_round(self) -> list[Event]:
        bids = [b for b in self.bids if b is not None]  # all four bid by now
        scores = [round_score(b, t) for b, t in zip(bids, self.tricks)]
        self._totals = [t + s for t, s in zip(self._totals, scores)]
        entry: RoundEntry = {
            "round": self.round_no,
            "tiebreak": self.tiebreak,
            "bids": list(self.bids),
            "tricks": list(self.tricks),
            "scores": scores,
            "totals": list(self._totals),
        }
        self._history.append(entry)
        events = [Event("round_scored", dict(_copy_record(entry)))]
        if self._match_continues():
            if self.round_no >= ROUNDS:
                self.tiebreak += 1
            events.extend(self._deal(self.rng.shuffled(list(DECK))))
            return events
        self._phase = "over"
        self._result = {
            "totals": list(self._totals),
            "ranking": ranking(self._totals),
            "winners": leaders(self._totals),
            "tiebreak_rounds": self.tiebreak,
        }
        events.append(Event("match_over", dict(_copy_record(self._result))))
        return events

    def _match_continues(self) -> bool:
        """HJ-13..HJ-15: 5 rounds; then tie-breaks while first place is shared, at most 3."""
        if self.round_no < ROUNDS:
            return True
        return len(leaders(self._totals)) > 1 and self.tiebreak < MAX_TIEBREAKS

    # ----- views ---------------------------------------------------------------------------------
    def view(self, seat: int | None) -> HareejaView:
        if seat is not None:
            self._check_seat(seat)
        played = [list(c) for c in self.played]
        return self._view(seat, played, [_copy_record(e) for e in self._history])

    def _view(
        self, seat: int | None, played: list[SeatCard], history: list[RoundEntry]
    ) -> HareejaView:
        bids: list[int | None]
        if self.revealed:
            bids = list(self.bids)
        else:
            bids = [None] * PLAYERS
            if seat is not None:
                bids[seat] = self.bids[seat]
        last = self.last_trick
        return {
            "game": GAME,
            "phase": self._phase,
            "to_act": self.to_act(),
            "totals": list(self._totals),
            "you": seat,
            "sides": list(range(PLAYERS)),
            "hand": [] if seat is None else list(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "round": self.round_no,
            "tiebreak": self.tiebreak,
            "rounds": ROUNDS,
            "dealer": self.dealer,
            "leader": self.leader,
            "confirmed": [b is not None for b in self.bids],
            "bids": bids,
            "revealed": self.revealed,
            "tricks": list(self.tricks),
            "trick": [list(c) for c in self.trick],
            "last_trick": None
            if last is None
            else {"cards": [list(c) for c in last["cards"]], "winner": last["winner"]},
            "played": played,
            "history": history,
            "result": None if self._result is None else _copy_record(self._result),
        }

    def seat_views(self) -> list[HareejaView]:
        """Every seat's :meth:`view` at once, equal to ``[view(s) for s in range(4)]``: the
        public part is built once and is the same objects in all four, and the cards played
        and the history are the previous call's copies where unchanged (extended where they
        grew), so a caller must not change them (the server's fast path,
        :func:`game.net.outgoing.seat_views`)."""
        return seat_copies(self._view(None, *self._shown()), PLAYERS, self._own_keys)

    def _own_keys(self, seat: int) -> dict[str, Any]:
        """What only ``seat``'s view holds: who it is, its hand, and its bid while bids are
        secret (HJ-5)."""
        own: dict[str, Any] = {"you": seat, "hand": list(self.hands[seat])}
        if not self.revealed:
            own["bids"] = [self.bids[s] if s == seat else None for s in range(PLAYERS)]
        return own

    def _shown(self) -> tuple[list[SeatCard], list[RoundEntry]]:
        """:meth:`seat_views`' copies of the round's cards played and of the history, kept
        from call to call: within a round (a deal starts a new round number) cards are only
        added, and the history only grows; neither's entries change once added."""
        kept = self._kept_views
        if kept is not None and kept[0] == self.round_no and len(kept[1]) <= len(self.played):
            played = kept[1]
            if len(played) < len(self.played):
                played = played + [list(c) for c in self.played[len(played) :]]
        else:
            played = [list(c) for c in self.played]
        history = grown_copies(kept[2] if kept is not None else [], self._history, _copy_record)
        self._kept_views = (self.round_no, played, history)
        return played, history


Record = TypeVar("Record", RoundEntry, Result)


def _copy_record(record: Record) -> Record:
    """A copy of a history entry or result whose lists the caller may keep or change."""
    return cast(Record, {k: (list(v) if isinstance(v, list) else v) for k, v in record.items()})
