"""Why a Hareeja hint plays its move, in the game's terms, from the seat's own view only.

What the view shows: the seat's own hand, the bids (its own alone while bidding; all four once
revealed, HJ-6), the tricks each seat took and this round's played cards, from which the cards
still out and the suits a seat showed it has none of (it did not follow, HJ-8) are read. The
bots read the same (they import :func:`outstanding_cards` and :func:`observed_voids`).

- A bid (HJ-5) counts the hand only: the aces and the long suit.
- A card protects the exact bid (HJ-12): short of it, take the trick with a card that beats
  what is on it; with it made, duck. Otherwise: a seat void in the suit led cannot take the
  trick (HJ-9), how many higher cards of a led suit are still out, a discard when the hand has
  none of the suit, the lowest card that follows, a card that follows when none of the
  suit could take the trick or every one would.
"""

from __future__ import annotations

from game.core.bots import seat_of
from game.core.hints import Field, Reason

from .rules import DECK, PLAYERS, RANK, SUIT
from .types import HareejaAction, HareejaView, SeatCard

SUITS = ("S", "H", "D", "C")
LONG_SUIT = 4  # four of the eight cards in one suit: a long suit


def outstanding_cards(view: HareejaView) -> set[str]:
    """Cards neither in this seat's hand nor played this round: they are in the other hands."""
    gone = set(view["hand"])
    gone.update(c for _, c in view.get("played", ()))
    return {c for c in DECK if c not in gone}


def observed_voids(view: HareejaView) -> list[set[str]]:
    """Per seat, the suits it failed to follow this round (so it holds none of them)."""
    voids: list[set[str]] = [set() for _ in range(PLAYERS)]
    played = view.get("played", [])
    for start in range(0, len(played), PLAYERS):
        trick = played[start : start + PLAYERS]
        led = SUIT[trick[0][1]]
        for seat, code in trick[1:]:
            if SUIT[code] != led:
                voids[seat].add(led)
    return voids


def long_suit(hand: list[str]) -> tuple[str, int]:
    """The hand's longest suit (the first in S, H, D, C order on a tie) and its length."""
    lengths = {s: sum(1 for c in hand if SUIT[c] == s) for s in SUITS}
    suit = max(SUITS, key=lambda s: lengths[s])
    return suit, lengths[suit]


def bid_reason(view: HareejaView, n: int) -> Reason:
    """What the hand alone counts for a bid of ``n``: its aces, and its long suit if any."""
    hand = view["hand"]
    aces = sum(1 for c in hand if RANK[c] == RANK["AS"])
    suit, length = long_suit(hand)
    if length >= LONG_SUIT:
        fields: dict[str, Field] = {"n": n, "aces": aces, "suit": suit, "length": length}
        return Reason("hint.hareeja.bid_long", fields)
    return Reason("hint.hareeja.bid", {"n": n, "aces": aces})


def beats(card: str, trick: list[SeatCard], outstanding: set[str]) -> bool:
    """``card`` is the best of the trick so far (leading: no card still out beats it)."""
    if not trick:
        return not any(SUIT[c] == SUIT[card] and RANK[c] > RANK[card] for c in outstanding)
    led = SUIT[trick[0][1]]
    return SUIT[card] == led and all(RANK[card] > RANK[c] for _, c in trick if SUIT[c] == led)


def lead_reason(view: HareejaView, card: str) -> Reason:
    """A lead that neither takes nor ducks by itself: a seat void in its suit cannot take it
    (HJ-9), else how many higher cards of its suit are still out."""
    me, suit = seat_of(view), SUIT[card]
    voids = observed_voids(view)
    for seat in range(PLAYERS):
        if seat != me and suit in voids[seat]:
            return Reason("hint.hareeja.void", {"name": seat, "suit": suit})
    higher = sum(1 for c in outstanding_cards(view) if SUIT[c] == suit and RANK[c] > RANK[card])
    return Reason("hint.hareeja.lead", {"n": higher, "suit": suit})


def play_reason(view: HareejaView, card: str) -> Reason | None:
    """Why play ``card`` (the module docstring's order)."""
    me, trick, hand = seat_of(view), view["trick"], view["hand"]
    bid, won = view["bids"][me], view["tricks"][me]
    led = SUIT[trick[0][1]] if trick else None
    if led is not None and SUIT[card] != led:
        return Reason("hint.hareeja.discard", {"suit": led, "card": card})
    best = beats(card, trick, outstanding_cards(view))
    if bid is not None and won < bid and best:
        key = "hint.hareeja.one_more" if bid - won == 1 else "hint.hareeja.take"
        return Reason(key, {"won": won, "bid": bid, "card": card})
    if bid is not None and won >= bid and not best:
        return Reason("hint.hareeja.duck", {"won": won, "bid": bid})
    if led is None:
        return lead_reason(view, card)
    if RANK[card] == min(RANK[c] for c in hand if SUIT[c] == led):
        return Reason("hint.hareeja.follow_low", {"suit": led})
    return follow_reason(view, card, led, best)


def follow_reason(view: HareejaView, card: str, led: str, best: bool) -> Reason | None:
    """A card that follows the suit led, neither the lowest nor taking or ducking by choice:
    none of the hand's cards of that suit beats the trick (the card goes for nothing, the low
    ones stay to duck later), or, playing last, every one does (a trick past the bid that
    cannot be helped)."""
    trick, hand = view["trick"], view["hand"]
    winners = [beats(c, trick, set()) for c in hand if SUIT[c] == led]
    if not best and not any(winners):
        return Reason("hint.hareeja.no_winner", {"suit": led, "card": card})
    if best and all(winners) and len(trick) == PLAYERS - 1:
        return Reason("hint.hareeja.all_win", {"suit": led})
    return None


def reason(view: HareejaView, action: HareejaAction) -> Reason | None:
    """Why the hint plays ``action`` (HJ-5 bids, HJ-8 following, HJ-9 tricks, HJ-12 the exact
    bid), or None when no few words say it."""
    if action["type"] == "bid":
        return bid_reason(view, action["n"])
    return play_reason(view, action["card"])
