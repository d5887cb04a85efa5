"""Hareeja bots: bid by counting tricks, then chase the bid and duck once it is made.

The bots see only a view (``Match.view(seat)``): their own hand, the public bids and tricks,
and this round's played cards (``view["played"]``), from which they know which cards are still
out and which seats showed a void.

Levels:
- ``easy``: the baseline with noise (a bid off by one now and then, a random legal card sometimes).
- ``normal``: the baseline: count sure and likely tricks to bid; in play win tricks while short
  of the bid, then duck (highest card that still loses; discard dangerous high cards when void;
  lead low from short suits).
- ``hard``: Monte Carlo over deals of the unseen cards, each played out to the end of the round
  with the baseline policy for all four seats (the others bid with the baseline too).
  Bidding: the bids near the baseline's count are each played out over sampled deals from this
  seat's position (who leads, who follows), and the best average round score is bid. Play: the
  deals agree with the hand counts and the voids shown this round, and each is weighted by how
  well the seat's revealed bid fits the hand it would have been dealt; every candidate card is
  played out and the best weighted average wins. Effort is a count of play-outs (not seconds),
  so hard plays the same for a seed natively and sliced in the browser; it yields after every
  sampled deal.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable

from game.core.bots import Slices, bot_rng, run, seat_of
from game.core.hints import Hint, HintThink, run_hint, think_hint
from game.games.hareeja.hints import observed_voids, outstanding_cards, reason
from game.games.hareeja.rules import (
    DECK,
    MAX_BID,
    PLAYERS,
    RANK,
    SUIT,
    legal_cards,
    round_score,
    trick_winner,
)
from game.games.hareeja.types import BidAction, HareejaAction, HareejaView, SeatCard

HARD_PLAYOUTS = 320  # play-outs per card decision: samples = this / candidate cards ...
HARD_MIN_SAMPLES = 24  # ... but at least this many deals
HARD_MAX_SAMPLES = 64  # ... and at most this many (p95 think stays under 60 ms natively)
BID_SAMPLES = 40  # deals per bid decision, each played out once per candidate bid
BID_SPREAD = 2  # candidate bids: the baseline's count +- this (and 0)
BID_FIT_SIGMA = 1.0  # how far (in tricks) a revealed bid may sit from the baseline's count
EASY_RANDOM_PLAY = 0.3
EASY_BID_NOISE = 0.4
BID_ROUNDING = 0.2  # tuned by self-play (bench/bench_hareeja.py prints the exact-bid rate)
ZERO_BID_BELOW = 1.2

SUITS = ("S", "H", "D", "C")
# HIGHER[c]: the cards of c's suit that beat c.
HIGHER: dict[str, tuple[str, ...]] = {
    c: tuple(d for d in DECK if SUIT[d] == SUIT[c] and RANK[d] > RANK[c]) for c in DECK
}


# ----- bidding ----------------------------------------------------------------------------------
def card_trick_chance(code: str, suit_cards: list[str]) -> float:
    """How likely one card is to take a trick, from its own suit only (no trump exists).

    A card with no higher card out is sure. One with enough smaller cards to wait while the
    higher ones fall (a protected king, Q-x-x) is likely. Others rarely win.
    """
    outstanding = sum(1 for h in HIGHER[code] if h not in suit_cards)
    if outstanding == 0:
        return 1.0
    below = sum(1 for c in suit_cards if RANK[c] < RANK[code])
    if below >= outstanding:
        return max(0.0, 0.75 - 0.15 * outstanding)
    return 0.05


def expected_tricks(hand: Iterable[str]) -> float:
    """Sure tricks plus likely ones, plus the long-suit cards left when the others run out."""
    by_suit: dict[str, list[str]] = {s: [] for s in SUITS}
    for code in hand:
        by_suit[SUIT[code]].append(code)
    total = 0.0
    for cards in by_suit.values():
        total += sum(card_trick_chance(c, cards) for c in cards)
        if len(cards) >= 5:  # the other three hold 3 or fewer: long cards win late
            total += 0.5 * (len(cards) - 4)
    return total


def choose_bid(hand: list[str]) -> int:
    """The baseline bid: expected tricks rounded a little down, within 0..8.

    Rounding down pays: self-play showed bots taking fewer tricks than they counted (the four
    bids together usually ask for more than 8 tricks), and an exact 0 is worth more than 2.
    """
    expected = expected_tricks(hand)
    if expected < ZERO_BID_BELOW:
        return 0
    return max(0, min(MAX_BID, int(expected + BID_ROUNDING)))


# ----- play policy (shared by the baseline and the hard bot's play-outs) --------------------------
def is_boss(code: str, outstanding: set[str]) -> bool:
    """True when no card still in other hands beats ``code``."""
    return not any(h in outstanding for h in HIGHER[code])


def pick_card(hand: list[str], trick: list[SeatCard], want: bool, outstanding: set[str]) -> str:
    """The baseline card: chase tricks while ``want``, otherwise duck.

    ``outstanding``: the cards still in the other three hands (as far as this seat knows).
    """
    legal = legal_cards(hand, trick)
    if len(legal) == 1:
        return legal[0]
    if not trick:
        return _lead(hand, legal, want, outstanding)
    led = SUIT[trick[0][1]]
    best = max(RANK[c] for _, c in trick if SUIT[c] == led)
    last = len(trick) == PLAYERS - 1
    if SUIT[legal[0]] != led:  # void: a discard
        return _discard(hand, legal, want, outstanding)
    winners = [c for c in legal if RANK[c] > best]
    losers = [c for c in legal if RANK[c] < best]
    if want:
        if not winners:
            return min(legal, key=RANK.__getitem__)
        if last:
            return min(winners, key=RANK.__getitem__)
        bosses = [c for c in winners if is_boss(c, outstanding)]
        return min(bosses, key=RANK.__getitem__) if bosses else max(winners, key=RANK.__getitem__)
    if losers:
        return max(losers, key=RANK.__getitem__)  # the highest card that still loses
    if last:
        return max(legal, key=RANK.__getitem__)  # the trick is ours anyway: shed the biggest
    return min(legal, key=RANK.__getitem__)  # someone after us may still go over


def _suit_lengths(hand: list[str]) -> dict[str, int]:
    lengths = dict.fromkeys(SUITS, 0)
    for c in hand:
        lengths[SUIT[c]] += 1
    return lengths


def _lead(hand: list[str], legal: list[str], want: bool, outstanding: set[str]) -> str:
    lengths = _suit_lengths(hand)
    if want:
        bosses = [c for c in legal if is_boss(c, outstanding)]
        if bosses:
            return max(bosses, key=RANK.__getitem__)
        # Low from the longest suit: the suit gets established for later tricks.
        return min(legal, key=lambda c: (-lengths[SUIT[c]], RANK[c]))
    # Ducking: low from a short suit, never a card that must win.
    return min(legal, key=lambda c: (is_boss(c, outstanding), RANK[c], lengths[SUIT[c]]))


def _discard(hand: list[str], legal: list[str], want: bool, outstanding: set[str]) -> str:
    lengths = _suit_lengths(hand)
    if want:  # keep the winners, throw the card least likely to win
        return min(legal, key=lambda c: (is_boss(c, outstanding), RANK[c], -lengths[SUIT[c]]))
    # Ducking: throw the most dangerous card: a sure winner first, then the highest rank.
    return max(legal, key=lambda c: (is_boss(c, outstanding), RANK[c], -lengths[SUIT[c]]))


# ----- what a view tells --------------------------------------------------------------------------
def wants_tricks(view: HareejaView, seat: int) -> bool:
    bid = view["bids"][seat]
    return bid is not None and view["tricks"][seat] < bid


# ----- the thinking entry points ------------------------------------------------------------------
def think(
    view: HareejaView,
    legal: list[HareejaAction],
    level: str = "normal",
    rng: random.Random | None = None,
    budget: float | None = None,
) -> Slices[HareejaAction]:
    """Generator: yields between slices of work and returns the chosen action (from ``legal``)."""
    if not legal:
        raise ValueError("The bot was asked to act with no legal action.")
    rng = rng if rng is not None else bot_rng(None)
    bids = [a for a in legal if a["type"] == "bid"]
    if bids:  # the bidding: every legal action is a bid
        if level == "hard":
            bid = yield from _search_bid(view, rng, budget)
            return _nearest_bid(bids, bid)
        return _bid_action(view, bids, level, rng)
    cards = [a["card"] for a in legal if a["type"] == "play"]
    if len(cards) == 1:
        return legal[0].copy()
    if level == "easy" and rng.random() < EASY_RANDOM_PLAY:
        return {"type": "play", "card": rng.choice(cards)}
    me = seat_of(view)
    baseline = pick_card(
        view["hand"], view["trick"], wants_tricks(view, me), outstanding_cards(view)
    )
    if level != "hard":
        return {"type": "play", "card": baseline}
    card = yield from _search(view, cards, baseline, rng, budget)
    return {"type": "play", "card": card}


def _bid_action(
    view: HareejaView, legal: list[BidAction], level: str, rng: random.Random
) -> BidAction:
    bid = choose_bid(view["hand"])
    if level == "easy" and rng.random() < EASY_BID_NOISE:
        bid += rng.choice((-1, 1))
    return _nearest_bid(legal, bid)


def _nearest_bid(legal: list[BidAction], bid: int) -> BidAction:
    allowed = [a["n"] for a in legal]
    return {"type": "bid", "n": min(allowed, key=lambda n: (abs(n - bid), n))}


def choose(
    view: HareejaView,
    legal_actions: list[HareejaAction],
    budget: float | None = None,
    level: str = "normal",
    seed: int | None = None,
) -> HareejaAction:
    """The bot's action for ``view`` in one go.

    ``budget``: optional cap in seconds on hard's search (it may then stop before its count of
    play-outs, and is no longer the same on every machine); None = the full count."""
    return run(think(view, legal_actions, level, bot_rng(seed), budget))


# ----- hard: Monte Carlo over consistent deals ----------------------------------------------------
def _deadline(budget: float | None) -> float | None:
    return None if budget is None else time.perf_counter() + max(0.0, budget)


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


def _search(
    view: HareejaView, cards: list[str], baseline: str, rng: random.Random, budget: float | None
) -> Slices[str]:
    """Weighted average round score of each candidate over sampled deals; ties keep the
    baseline."""
    deadline = _deadline(budget)
    outstanding = sorted(outstanding_cards(view))
    voids = observed_voids(view)
    totals = dict.fromkeys(cards, 0.0)
    wanted = max(HARD_MIN_SAMPLES, min(HARD_MAX_SAMPLES, HARD_PLAYOUTS // len(cards)))
    samples = 0
    while samples < wanted and (samples == 0 or not _past(deadline)):
        hands = sample_hands(view, outstanding, voids, rng)
        weight = bid_fit(view, hands)
        for card in cards:
            totals[card] += weight * _play_out(view, hands, card)
        samples += 1
        yield
    best = max(totals.values())
    if totals[baseline] >= best - 1e-9:
        return baseline
    return max(cards, key=lambda c: (totals[c], -RANK[c]))


def bid_fit(view: HareejaView, hands: list[list[str]]) -> float:
    """How well the revealed bids fit a sampled deal: each other seat's dealt hand (its sampled
    cards plus those it played this round) should count to about its bid."""
    played: list[list[str]] = [[] for _ in range(PLAYERS)]
    for seat, code in view.get("played", ()):
        played[seat].append(code)
    misfit = 0.0
    for seat, bid in enumerate(view["bids"]):
        if seat == view["you"] or bid is None:
            continue
        misfit += (expected_tricks(hands[seat] + played[seat]) - bid) ** 2
    return math.exp(-misfit / (2 * BID_FIT_SIGMA**2))


def _search_bid(view: HareejaView, rng: random.Random, budget: float | None) -> Slices[int]:
    """The bid whose play-outs from this seat score best over sampled deals.

    The others are dealt the unseen 24 cards at random and bid with the baseline (their bids
    are secret, so a model stands in for them); the round is then played from the real first
    leader, so the seat's position is in every play-out.
    """
    deadline = _deadline(budget)
    me, hand = seat_of(view), list(view["hand"])
    counted = choose_bid(hand)
    candidates = sorted(
        {0} | set(range(max(0, counted - BID_SPREAD), min(MAX_BID, counted + BID_SPREAD) + 1))
    )
    unseen = [c for c in DECK if c not in hand]
    leader = (view["dealer"] + 1) % PLAYERS
    totals = dict.fromkeys(candidates, 0.0)
    samples = 0
    while samples < BID_SAMPLES and (samples == 0 or not _past(deadline)):
        rng.shuffle(unseen)
        hands = [unseen[8 * k : 8 * k + 8] for k in range(PLAYERS - 1)]
        hands.insert(me, hand)
        bids = [choose_bid(h) for h in hands]
        for bid in candidates:
            bids[me] = bid
            tricks = _finish_round([list(h) for h in hands], bids, [0] * PLAYERS, [], leader)
            totals[bid] += round_score(bid, tricks[me])
        samples += 1
        yield
    return max(candidates, key=lambda b: (totals[b], b == counted, -b))


def sample_hands(
    view: HareejaView, outstanding: list[str], voids: list[set[str]], rng: random.Random
) -> list[list[str]]:
    """A deal of the unseen cards to the other seats: right counts, no card in a shown void."""
    me = seat_of(view)
    counts = list(view["hand_counts"])
    for _ in range(20):
        hands = _try_deal(me, counts, outstanding, voids, rng)
        if hands is not None:
            return hands
    hands = _try_deal(me, counts, outstanding, [set() for _ in range(PLAYERS)], rng)
    if hands is None:  # cannot happen: without voids every unseen card fits some seat
        raise RuntimeError("no deal of the unseen cards fits the hand counts")
    return hands


def _try_deal(
    me: int, counts: list[int], outstanding: list[str], voids: list[set[str]], rng: random.Random
) -> list[list[str]] | None:
    """Most constrained cards first, each to a random seat that may hold it; None if stuck."""
    room = [0 if s == me else counts[s] for s in range(PLAYERS)]
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    seats_for = {
        c: [s for s in range(PLAYERS) if s != me and SUIT[c] not in voids[s]] for c in outstanding
    }
    order = list(outstanding)
    rng.shuffle(order)
    order.sort(key=lambda c: len(seats_for[c]))
    for card in order:
        open_seats = [s for s in seats_for[card] if room[s] > 0]
        if not open_seats:
            return None
        weights = [room[s] for s in open_seats]
        seat = rng.choices(open_seats, weights)[0]
        hands[seat].append(card)
        room[seat] -= 1
    return hands


def _play_out(view: HareejaView, sampled: list[list[str]], first: str) -> float:
    """Play ``first`` for this seat, then the baseline for everyone to the end of the round."""
    me = seat_of(view)
    hands = [list(h) for h in sampled]
    hands[me] = list(view["hand"])
    bids = revealed_bids(view)
    tricks = _finish_round(
        hands, bids, list(view["tricks"]), [list(c) for c in view["trick"]], me, first
    )
    return float(round_score(bids[me], tricks[me]))


def revealed_bids(view: HareejaView) -> list[int]:
    """Every seat's bid, once the play began (HJ-5: all four are revealed by then)."""
    bids = view["bids"]
    if any(b is None for b in bids):
        raise ValueError("The bids are not all revealed yet.")
    return [b for b in bids if b is not None]


def _finish_round(
    hands: list[list[str]],
    bids: list[int],
    tricks: list[int],
    trick: list[SeatCard],
    seat: int,
    card: str | None = None,
) -> list[int]:
    """Play the round out from ``seat`` (``card`` first if given, else the baseline's) with the
    baseline for every seat; returns the tricks each seat took. Changes ``hands``."""
    remaining = {c for h in hands for c in h}
    while True:
        if card is None:
            hand = hands[seat]
            card = pick_card(hand, trick, tricks[seat] < bids[seat], remaining.difference(hand))
        hands[seat].remove(card)
        remaining.discard(card)
        trick.append([seat, card])
        card = None
        if len(trick) == PLAYERS:
            seat = trick_winner(trick)
            tricks[seat] += 1
            trick = []
            if not hands[seat]:
                return tricks
        else:
            seat = (seat + 1) % PLAYERS


__all__ = [
    "bid_fit",
    "choose",
    "choose_bid",
    "expected_tricks",
    "observed_voids",
    "outstanding_cards",
    "pick_card",
    "reason",
    "sample_hands",
    "think",
]


# ----- hints (game/core/hints.py; the reasons: hints.py) ----------------------------------
def hint_think(
    view: HareejaView, legal: list[HareejaAction], rng: random.Random | None = None
) -> HintThink[HareejaAction]:
    """The hard bot's move for this seat and why, thought in slices."""
    return think_hint(think, reason, view, legal, rng)


def hint(view: HareejaView, legal: list[HareejaAction]) -> Hint[HareejaAction]:
    """The hard bot's move for this seat and why (a Reason, or None)."""
    return run_hint(hint_think(view, legal))
