"""Ronda hard: sampled deals, each played out to the end of the deal.

Hard draws the other hands from the unseen cards (HARD_SAMPLES deals), redrawing a deal that
contradicts what the table showed (``HardSituation.consistency``: a player who just laid a card
held no table rank, nor a card the normal bot would rather have laid; one who played his first
card without declaring held no pair). In every deal it tries each of its cards: the rest of the
batch is searched for its own later cards, while every other seat plays the card the normal
bot would play from that seat's own view (``normal_rank``, the same sums as board.Situation);
the batches after are dealt from the sample's undealt cards and played out by normal-bot play
for all seats, then the table is swept to the last capturer (RO-20). A card's value is the mean
over the deals of the points (caida, mesa) and cards (half a point each, RO-21 with two sides)
won minus the others'. Playing the others as the normal bot (a sensible player who captures
what it can and lays what is least likely to be caught) is hard's model of its opponents.

Why (bench_strength.py --games ronda --levels hard:normal, seeds 20000+): the former search let
the opponents answer with the worst reply for hard knowing its hand, searched only to the end of
the batch and guessed the table's next starter; it won 62.1 % of 400 matches (margin +3.7) and
lost about 0.15 caida a deal to normal: its lays were caught more often than it expected.
Measured on 160 matches each (80 seed pairs; the interval is about ±7 %, margin ±1.3):
the former search 63.1 % (+3.6); opponents as the normal bot 65.0 % (+4.4); and batches after
played out 65.3 % (+5.0); and lays explained 65.3 % (+5.3); all batches to the deal end 65.9 %
(+5.3); and 128 deals instead of 64: 69.1 % (+5.9). README has the 400-match figures.
It yields between slices of samples (the client drives it a slice per frame).
"""

from __future__ import annotations

import random
import time
from functools import lru_cache

from game.core.bots import Slices, seat_of
from game.games.ronda.board import (
    NRANKS,
    REPLY_DISCOUNT,
    W_CARD,
    W_POINT,
    best_first,
    caida_rank,
    holds_probability,
    unseen_counts,
)
from game.games.ronda.cards import RANK
from game.games.ronda.types import RondaView

HARD_SAMPLES = {2: 128, 3: 96, 4: 80}  # sampled deals per decision, by players: a count, so
# hard is the same per seed on any machine (fewer with more players: longer play-outs)
INFER_TRIES = 24  # draws of a deal to find one that agrees with what the table showed
HARD_W_CARD = 0.5  # hard's card value: with 2 sides the 40 cards are shared, so one more card
# for me is one fewer for them, and the card points' margin is half the difference (RO-21)
SAMPLES_PER_SLICE = 1  # one played-out deal (~1-3 ms) between yields: a frame never pays more
BATCH_CARDS = 3  # cards each player gets per batch (RO-4, RO-7)


def normal_rank(
    hand: tuple[int, ...],
    table: int,
    caida: int | None,
    unseen: tuple[int, ...],
    next_hand: int,
    deal_ends: bool,
    batch_ends: bool,
) -> int:
    """The rank the normal bot (board.Situation) plays from this hand: its gain minus the next
    player's expected reply, ties to the lowest rank. The same sums in the same order as
    board.play_gain and board.expected_reply (so the same ties), on a bit mask."""
    total = sum(unseen)
    best_rank, best = -1, 0.0
    for rank in sorted(set(hand)):
        taken = _run(table, rank)
        if taken:
            after = table & ~(((1 << taken) - 1) << rank)
            points = int(rank == caida) + int(not deal_ends and not after)
            score = W_POINT * points + W_CARD * (1 + taken)
        else:
            after, score = table | 1 << rank, 0.0
        if not deal_ends:
            caida_next = None if batch_ends or taken else rank
            score -= REPLY_DISCOUNT * _reply(after, caida_next, unseen, total, next_hand)
        if best_rank < 0 or score > best:
            best_rank, best = rank, score
    return best_rank


def _run(table: int, rank: int) -> int:
    """How many table cards a card of ``rank`` takes (RO-9), the table a bit mask."""
    n = 0
    while table >> rank & 1:
        n += 1
        rank += 1
    return n


def _reply(table: int, caida: int | None, unseen: tuple[int, ...], total: int, size: int) -> float:
    """board.expected_reply on a bit mask."""
    options = []
    for rank in range(NRANKS):
        if unseen[rank] and table >> rank & 1:
            taken = _run(table, rank)
            after = table & ~(((1 << taken) - 1) << rank)
            gain = W_POINT * (int(rank == caida) + int(not after)) + W_CARD * (1 + taken)
            options.append((gain, _holds(total, unseen[rank], size)))
    return best_first(options)


_holds = lru_cache(maxsize=4096)(holds_probability)


class Deal:
    """One determinized position: every hand known (the others' sampled), searched to the end
    of the batch. Ranks on the table are a bit mask (no two table cards share a rank)."""

    def __init__(self, situation: HardSituation, hands: list[list[int]], rng: random.Random):
        self.s = situation
        self.hands = hands
        self.undealt = list(situation.unseen)
        for seat, hand in enumerate(hands):
            if seat != situation.me:
                for r in hand:
                    self.undealt[r] -= 1
        self.future = [r for r in range(NRANKS) for _ in range(self.undealt[r])]
        rng.shuffle(self.future)  # the undealt cards' order: the batches after this one

    def rollout(self, table: int, seat: int, last: int | None) -> float:
        """From the start of the next batch to the deal's end: the batches dealt from this
        sample's undealt cards, every seat (mine too) playing the normal bot's card, then the
        sweep to the last capturer (RO-20)."""
        s = self.s
        undealt = list(self.undealt)
        pool = self.future
        n = s.players
        total = 0.0
        pos = 0
        while pos < len(pool):
            hands = [
                sorted(pool[pos + BATCH_CARDS * i : pos + BATCH_CARDS * (i + 1)]) for i in range(n)
            ]
            pos += BATCH_CARDS * n
            for hand in hands:
                for r in hand:
                    undealt[r] -= 1
            last_batch = pos == len(pool)
            caida: int | None = None
            for left in range(BATCH_CARDS * n, 0, -1):
                rank = self.s.normal_choice(hands, undealt, seat, table, caida, left, last_batch)
                gain, table, took = _gain(table, rank, caida, not (left == 1 and last_batch))
                total += s.sign[seat] * gain
                caida = None if took else rank
                last = seat if took else last
                hands[seat].remove(rank)
                seat = (seat + 1) % n
        return total + s.sweep(table, last)

    def value(self, table: int, seat: int, caida: int | None, left: int, last: int | None) -> float:
        """My side's advantage from here: points and cards won minus the others'. The other
        seats play the normal bot's card; at my turns my best card in this deal."""
        s = self.s
        hand = self.hands[seat]
        if left == 0:
            return s.sweep(table, last) if s.last_batch else self.rollout(table, seat, last)
        if not hand:  # an empty hand with plays left: the counts said otherwise
            raise ValueError("A seat to play holds no card.")
        if seat == s.me:
            choices = sorted(set(hand))
        else:
            choices = [
                s.normal_choice(self.hands, self.undealt, seat, table, caida, left, s.last_batch)
            ]
        deal_ends = left == 1 and s.last_batch
        best: float | None = None
        for rank in choices:
            gain, after, took = _gain(table, rank, caida, not deal_ends)
            at = hand.index(rank)
            self.hands[seat] = hand[:at] + hand[at + 1 :]
            nxt = (seat + 1) % s.players
            below = self.value(after, nxt, None if took else rank, left - 1, seat if took else last)
            self.hands[seat] = hand
            total = s.sign[seat] * gain + below
            best = total if best is None else max(best, total)
        assert best is not None
        return best


def _gain(table: int, rank: int, caida: int | None, mesa_allowed: bool) -> tuple[float, int, bool]:
    """(points plus cards won, table mask after, whether it captured) for a play of ``rank``."""
    taken = 0
    r = rank
    while r < NRANKS and table >> r & 1:
        taken += 1
        r += 1
    if not taken:
        return 0.0, table | 1 << rank, False
    after = table & ~(((1 << taken) - 1) << rank)
    points = int(rank == caida) + int(mesa_allowed and not after)
    return points + HARD_W_CARD * (1 + taken), after, True


class HardSituation:
    """What the batch search needs from the view: seats, sides, what is unseen."""

    def __init__(self, view: RondaView):
        self.players = n = view["players"]
        self.me = me = seat_of(view)

        def side(s: int) -> int:
            return s % 2 if view.get("teams") else s

        self.sign = [
            1.0 if side(s) == side(me) else -1.0 / max(1, len({side(x) for x in range(n)}) - 1)
            for s in range(n)
        ]
        self.hand = [RANK[c] for c in view["hand"]]
        self.counts = list(view["hand_counts"])
        self.table = 0
        for c in view["table"]:
            self.table |= 1 << RANK[c]
        self.caida: int | None = caida_rank(view)
        self.unseen = unseen_counts(view)
        self.last_batch = view["deck_count"] == 0
        self.left = sum(self.counts)  # plays to the end of the batch
        self.last = view.get("last_capturer")
        self.cache: dict[tuple[object, ...], int] = {}  # normal_rank's answers, per decision
        before = (me - 1) % n
        laid = self.caida is not None and self.sign[before] < 0
        self.laid_by = before if laid else None
        self.held_none = {r for r in range(NRANKS) if self.table >> r & 1} - {self.caida}
        declared = {d["seat"]: d["kind"] for d in view.get("declarations", [])}
        # Seats that played this batch (fewer than 3 cards): what they declared, or None.
        self.declared = {
            s: declared.get(s) for s in range(n) if s != me and self.counts[s] < BATCH_CARDS
        }

    def normal_choice(
        self,
        hands: list[list[int]],
        undealt: list[int],
        seat: int,
        table: int,
        caida: int | None,
        left: int,
        last_batch: bool,
    ) -> int:
        """The normal bot's card for ``seat`` from what that seat would see."""
        s = self
        unseen = list(undealt)
        for other, hand in enumerate(hands):
            if other != seat:
                for r in hand:
                    unseen[r] += 1
        deal_ends = left == 1 and last_batch
        batch_ends = left == 1 and not last_batch
        nxt = (seat + 1) % s.players
        next_hand = BATCH_CARDS if batch_ends else len(hands[nxt])
        key = (tuple(hands[seat]), table, caida, tuple(unseen), next_hand, deal_ends)
        rank = s.cache.get(key)
        if rank is None:
            rank = normal_rank(key[0], table, caida, key[3], next_hand, deal_ends, batch_ends)
            s.cache[key] = rank
        return rank

    def sample(self, rng: random.Random) -> list[list[int]]:
        """The other hands drawn from the unseen ranks, with their true sizes, redrawn (a few
        times, then the likeliest kept: people err) while they contradict what the table
        showed."""
        best, fit = self._draw(rng), -1
        for _ in range(INFER_TRIES):
            hands = self._draw(rng) if fit >= 0 else best
            score = self.consistency(hands)
            if score > fit:
                best, fit = hands, score
            if fit == 2:
                break
        return best

    def consistent(self, hands: list[list[int]]) -> bool:
        """Whether sampled ``hands`` agree with everything the table showed."""
        return self.consistency(hands) == 2

    def consistency(self, hands: list[list[int]]) -> int:
        """2 when ``hands`` agree with all the table showed, 1 when they break only the
        inference from the normal bot's lay, 0 when they break a fact. Facts: a previous player
        who just laid a card without capturing (the caida card) held nothing that matched the
        table then (RO-10); a player who played his first card of the batch without declaring
        held no pair (bots and most people declare, RO-16); one who declared a ronda held one,
        a tringa three of a kind."""
        if self.laid_by is not None and self.held_none & set(hands[self.laid_by]):
            return 0
        for seat, kind in self.declared.items():
            held = list(hands[seat])
            if seat == self.laid_by and len(held) == BATCH_CARDS - 1 and self.caida is not None:
                held.append(self.caida)  # his whole hand of the batch is known
            pair = len(set(held)) < len(held)
            if kind is None and pair:
                return 0
            if kind == "tringa" and len(set(held)) > 1:
                return 0
            if kind == "ronda" and len(held) == BATCH_CARDS and not pair:
                return 0
        return 1 if self.laid_by is not None and not self.lay_explained(hands) else 2

    def lay_explained(self, hands: list[list[int]]) -> bool:
        """Whether the normal bot, holding this sampled hand and the card it just laid, would
        have laid that card (a reasonable player lays his safest card)."""
        assert self.laid_by is not None and self.caida is not None
        before = [list(h) for h in hands]
        before[self.laid_by] = sorted(before[self.laid_by] + [self.caida])
        undealt = list(self.unseen)
        for seat, hand in enumerate(hands):
            if seat != self.me:
                for r in hand:
                    undealt[r] -= 1
        table = self.table & ~(1 << self.caida)
        return (
            self.normal_choice(before, undealt, self.laid_by, table, None, 2, False) == self.caida
        )

    def _draw(self, rng: random.Random) -> list[list[int]]:
        pool = [r for r in range(NRANKS) for _ in range(self.unseen[r])]
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for seat in range(self.players):
            if seat == self.me:
                hands.append(list(self.hand))
            else:
                k = min(self.counts[seat], len(pool))
                hands.append(sorted(pool[:k]))
                del pool[:k]
        return hands

    def sweep(self, table: int, last: int | None) -> float:
        """The deal is over: the table goes to the last capturer (RO-20), if any."""
        return 0.0 if last is None else self.sign[last] * HARD_W_CARD * bin(table).count("1")


def batch_search(
    view: RondaView, cards: list[str], rng: random.Random, budget: float | None
) -> Slices[dict[str, float]]:
    """Average over sampled deals of each card's value (see the module docstring).
    HARD_SAMPLES deals; ``budget`` (seconds) may stop it sooner."""
    hs = HardSituation(view)
    totals = dict.fromkeys(cards, 0.0)
    deadline = None if budget is None else time.perf_counter() + max(0.0, budget)
    samples = 0
    nxt = (hs.me + 1) % hs.players
    deal_ends = hs.left == 1 and hs.last_batch
    while samples < HARD_SAMPLES[hs.players]:
        for _ in range(SAMPLES_PER_SLICE):
            deal = Deal(hs, hs.sample(rng), rng)
            for code in cards:
                rank = RANK[code]
                gain, after, took = _gain(hs.table, rank, hs.caida, not deal_ends)
                hand = deal.hands[hs.me]
                deal.hands[hs.me] = [r for i, r in enumerate(hand) if i != hand.index(rank)]
                totals[code] += gain + deal.value(
                    after,
                    nxt,
                    None if took else rank,
                    hs.left - 1,
                    hs.me if took else hs.last,
                )
                deal.hands[hs.me] = hand
            samples += 1
        yield
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return {c: v / samples for c, v in totals.items()}
