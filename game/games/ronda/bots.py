"""Ronda bots: they see only the view of their seat and the legal actions.

Baseline (normal): declare what the hand truly holds (tringa before ronda); play the card whose
immediate gain (cards taken, caida, mesa) minus the next player's expected best reply is
highest. The reply is estimated from the *unseen* ranks (not in the bot's hand, not on the
table, not captured this deal): the chance the next player holds a rank is hypergeometric, so
laying a rank whose other cards are all gone ("dead") leaves no caida to take.

easy: the same estimate with noise, and it sometimes forgets to declare.
hard: samples the other hands from the unseen cards (HARD_SAMPLES deals, a count, so it is the
same for a seed on any machine) and searches each to the end of the batch (a 2-player batch is
6 plays; 5 or 4 plays with more players): opponents answer to hurt it most, a partner to help.
Before the batch search hard looked only at the next reply and won 54% against normal.
A player who just laid a card without capturing held no rank that was on the table (bots and
most people capture when they can), and one who played his first card of a batch without
declaring held no pair (a ronda or tringa declared says he held one), so sampled deals that
contradict this are drawn again. A card counts half a point in the search: with two sides the
card points' margin is half the difference of the piles (RO-21). Measured (bench_strength.py,
400 matches): 61.8 % before these two, 62.1 % after (no significant change; margin +3.7 both);
160 samples instead of 64 gave 62.5 %, margin +4.2, at 2.5 times the think time, so not kept.
Also tried and not kept, the same 400 matches: opponents' replies valued half the worst for me,
half the mean (they do not see my hand): 61.3 %, +3.5; the same only for an opponent with no
capture on the table (his lay is blind): 63.0 %, +3.7. Hard loses about 0.2 caida a deal to
normal (its lays are caught more often) and wins it back in cards and mesas.
It yields between slices of samples (the client drives it a slice per frame).
"""

from __future__ import annotations

import random
import time
from math import comb

from game.core.bots import LEVELS, Slices, bot_rng, run, seat_of
from game.core.hints import HintThink, run_hint, think_hint
from game.core.types import PlayAction
from game.games.ronda.cards import LOW_KEY, RANK, RANK_ORDER
from game.games.ronda.types import DeclareAction, RondaAction, RondaView

W_POINT = 1.0  # a caida or mesa point
W_CARD = 0.45  # one more card in the pile (card points are the surplus above a share)
REPLY_DISCOUNT = 0.9  # the reply is an estimate: weigh it a little less than a sure gain
HARD_SAMPLES = 64  # sampled deals per decision: a count, so hard is the same per seed
INFER_TRIES = 12  # redraws of a deal that contradicts what the plays and declarations showed
HARD_W_CARD = 0.5  # hard's card value: with 2 sides the 40 cards are shared, so one more card
# for me is one fewer for them, and the card points' margin is half the difference (RO-21)
HARD_PLIES = {2: 6, 3: 5, 4: 4}  # plays searched (a 2-player batch is 6 plays)
SAMPLES_PER_SLICE = 4
BATCH_CARDS = 3  # cards each player gets per batch (RO-4, RO-7)
NRANKS = len(RANK_ORDER)


# ----- the board as the bot sees it ---------------------------------------------------------
def run_length(table_ranks: set[int], rank: int) -> int:
    """How many table cards a card of ``rank`` takes (RO-9, RO-10)."""
    n = 0
    while rank in table_ranks:
        n += 1
        rank += 1
    return n


def play_gain(
    table_ranks: set[int], rank: int, caida_rank: int | None, mesa_allowed: bool
) -> tuple[float, set[int]]:
    """The value of playing ``rank`` on the table, and the table's ranks afterwards."""
    taken = run_length(table_ranks, rank)
    if not taken:
        return 0.0, table_ranks | {rank}
    after = table_ranks - set(range(rank, rank + taken))
    points = int(rank == caida_rank) + int(mesa_allowed and not after)
    return W_POINT * points + W_CARD * (1 + taken), after


def caida_rank(view: RondaView) -> int | None:
    """The rank a caida would take now (RO-12): the card the last player laid, if any."""
    card = view["caida_card"]
    return None if card is None else RANK[card]


def unseen_counts(view: RondaView) -> list[int]:
    """Per rank, the cards the bot cannot place: in other hands or still undealt."""
    counts = [4] * NRANKS
    for code in view["hand"]:
        counts[RANK[code]] -= 1
    for code in view["table"]:
        counts[RANK[code]] -= 1
    for name, n in view.get("captured_ranks", {}).items():
        counts[RANK_ORDER.index(name)] -= n
    return [max(0, c) for c in counts]


def holds_probability(unseen_total: int, of_rank: int, hand_size: int) -> float:
    """Chance that a hand of ``hand_size`` drawn from the unseen cards holds the rank."""
    if of_rank <= 0 or hand_size <= 0 or unseen_total <= 0:
        return 0.0
    hand_size = min(hand_size, unseen_total)
    return 1.0 - comb(unseen_total - of_rank, hand_size) / comb(unseen_total, hand_size)


def expected_reply(
    table_ranks: set[int], caida_rank: int | None, unseen: list[int], hand_size: int
) -> float:
    """The next player's expected best gain: best ranks first, each weighed by the chance he
    holds it and holds none of the better ones (ranks treated as independent)."""
    total = sum(unseen)
    options = []
    for rank in range(NRANKS):
        if unseen[rank] and rank in table_ranks:
            gain, _ = play_gain(table_ranks, rank, caida_rank, True)
            options.append((gain, holds_probability(total, unseen[rank], hand_size)))
    options.sort(reverse=True)
    expected, none_better = 0.0, 1.0
    for gain, p in options:
        expected += gain * p * none_better
        none_better *= 1.0 - p
    return expected


class Situation:
    """What one decision needs, computed once from the view."""

    def __init__(self, view: RondaView):
        n = view["players"]
        me = seat_of(view)
        self.hand = list(view["hand"])
        self.table_ranks = {RANK[c] for c in view["table"]}
        self.caida_rank = caida_rank(view)
        self.unseen = unseen_counts(view)
        counts = list(view["hand_counts"])
        self.next_seat = (me + 1) % n
        remaining = sum(counts) - 1  # cards still in hands after this play
        self.deal_ends = remaining == 0 and view["deck_count"] == 0
        self.batch_ends = remaining == 0 and not self.deal_ends
        # After the batch's last card the next player gets 3 fresh cards and no caida (RO-13).
        self.next_hand = 3 if self.batch_ends else counts[self.next_seat]

    def score(self, code: str) -> float:
        """Immediate gain minus the next player's expected best reply."""
        rank = RANK[code]
        gain, after = play_gain(self.table_ranks, rank, self.caida_rank, not self.deal_ends)
        if self.deal_ends:
            return gain
        laid = None if rank in self.table_ranks else rank
        caida_next = None if self.batch_ends else laid
        reply = expected_reply(after, caida_next, self.unseen, self.next_hand)
        return gain - REPLY_DISCOUNT * reply


# ----- decisions --------------------------------------------------------------------------------
def declaration(view: RondaView, legal: list[RondaAction]) -> DeclareAction | None:
    """The truthful declaration the hand supports, tringa before ronda (RO-16)."""
    offered = {a["kind"] for a in legal if a["type"] == "declare"}
    if not offered:
        return None
    counts: dict[int, int] = {}
    for code in view["hand"]:
        counts[RANK[code]] = counts.get(RANK[code], 0) + 1
    best = max(counts.values(), default=0)
    if best >= 3 and "tringa" in offered:
        return {"type": "declare", "kind": "tringa"}
    if best >= 2 and "ronda" in offered:
        return {"type": "declare", "kind": "ronda"}
    return None


def think(
    view: RondaView,
    legal: list[RondaAction],
    level: str = "normal",
    rng: random.Random | None = None,
    budget: float | None = None,
) -> Slices[RondaAction]:
    """Yield between slices of work; return the chosen action (always one of ``legal``)."""
    if not legal:
        raise ValueError("No legal action to choose from.")
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}.")
    rng = rng if rng is not None else bot_rng(None)
    declare = declaration(view, legal)
    if declare is not None and not (level == "easy" and rng.random() < 0.3):
        return declare
    plays: list[PlayAction] = [a for a in legal if a["type"] == "play"]
    if not plays:
        return legal[0]
    if len(plays) == 1:
        return plays[0]
    situation = Situation(view)
    scores = {a["card"]: situation.score(a["card"]) for a in plays}
    if level == "easy":
        for code in scores:
            scores[code] += rng.gauss(0.0, 0.8)
    elif level == "hard":
        scores = yield from batch_search(view, [a["card"] for a in plays], rng, budget)
    best = max(plays, key=lambda a: (scores[a["card"]], [-k for k in LOW_KEY[a["card"]]]))
    return best


def choose(
    view: RondaView,
    legal_actions: list[RondaAction],
    budget: float | None = None,
    level: str = "normal",
    seed: int | None = None,
) -> RondaAction:
    """One decision, thought through to the end (native play, tests, the server)."""
    return run(think(view, legal_actions, level, bot_rng(seed), budget))


# ----- hard: sampled hands, the rest of the batch searched ----------------------------------
class Deal:
    """One determinized position: every hand known (the others' sampled), searched to the end
    of the batch. Ranks on the table are a bit mask (no two table cards share a rank)."""

    def __init__(self, situation: HardSituation, hands: list[list[int]]):
        self.s = situation
        self.hands = hands

    def value(
        self, table: int, seat: int, caida: int | None, left: int, plies: int, last: int | None
    ) -> float:
        """My side's advantage from here: points and cards won minus the others' (paranoid:
        opponents minimise it, my partner maximises it)."""
        s = self.s
        hand = self.hands[seat]
        if left == 0:
            return s.end_value(table, last)
        if plies == 0:
            return (
                s.sign[seat]
                * REPLY_DISCOUNT
                * max(_gain(table, r, caida, True)[0] for r in set(hand))
            )
        best: float | None = None
        mine = s.sign[seat] > 0
        for i, rank in enumerate(hand):
            if rank in hand[:i]:
                continue
            deal_ends = left == 1 and s.last_batch
            gain, after, took = _gain(table, rank, caida, not deal_ends)
            rest = hand[:i] + hand[i + 1 :]
            self.hands[seat] = rest
            nxt = (seat + 1) % s.players
            below = self.value(
                after, nxt, None if took else rank, left - 1, plies - 1, seat if took else last
            )
            self.hands[seat] = hand
            total = s.sign[seat] * gain + below
            if best is None or (total > best if mine else total < best):
                best = total
        if best is None:  # an empty hand with plays left: the counts said otherwise
            raise ValueError("A seat to play holds no card.")
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
        self.plies = min(self.left, HARD_PLIES[n])
        before = (me - 1) % n
        laid = self.caida is not None and self.sign[before] < 0
        self.laid_by = before if laid else None
        self.held_none = {r for r in range(NRANKS) if self.table >> r & 1} - {self.caida}
        declared = {d["seat"]: d["kind"] for d in view.get("declarations", [])}
        # Seats that played this batch (fewer than 3 cards): what they declared, or None.
        self.declared = {
            s: declared.get(s) for s in range(n) if s != me and self.counts[s] < BATCH_CARDS
        }

    def sample(self, rng: random.Random) -> list[list[int]]:
        """The other hands drawn from the unseen ranks, with their true sizes, redrawn (a few
        times, then kept: people err) while they contradict what the table showed."""
        hands = self._draw(rng)
        for _ in range(INFER_TRIES):
            if self.consistent(hands):
                break
            hands = self._draw(rng)
        return hands

    def consistent(self, hands: list[list[int]]) -> bool:
        """A previous player who just laid a card without capturing (the caida card) held
        nothing that matched the table then (RO-10). A player who played his first card of the
        batch without declaring held no pair (bots and most people declare, RO-16); one who
        declared a ronda held one, a tringa three of a kind."""
        if self.laid_by is not None and self.held_none & set(hands[self.laid_by]):
            return False
        for seat, kind in self.declared.items():
            held = list(hands[seat])
            if seat == self.laid_by and len(held) == BATCH_CARDS - 1 and self.caida is not None:
                held.append(self.caida)  # his whole hand of the batch is known
            pair = len(set(held)) < len(held)
            if kind is None and pair:
                return False
            if kind == "tringa" and len(set(held)) > 1:
                return False
            if kind == "ronda" and len(held) == BATCH_CARDS and not pair:
                return False
        return True

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

    def end_value(self, table: int, last: int | None) -> float:
        """The batch is over: on the last batch the table goes to the last capturer (RO-20);
        otherwise the next batch's first player gets the first go at it."""
        if self.last_batch:
            return 0.0 if last is None else self.sign[last] * HARD_W_CARD * bin(table).count("1")
        ranks = {r for r in range(NRANKS) if table >> r & 1}
        starter = (self.me + self.left) % self.players
        reply = expected_reply(ranks, None, self.unseen, 3) * HARD_W_CARD / W_CARD
        return self.sign[starter] * REPLY_DISCOUNT * reply


def batch_search(
    view: RondaView, cards: list[str], rng: random.Random, budget: float | None
) -> Slices[dict[str, float]]:
    """Average over sampled hands of each card's searched value (to the end of the batch,
    or HARD_PLIES plays). HARD_SAMPLES samples; ``budget`` (seconds) may stop it sooner."""
    hs = HardSituation(view)
    totals = dict.fromkeys(cards, 0.0)
    deadline = None if budget is None else time.perf_counter() + max(0.0, budget)
    samples = 0
    nxt = (hs.me + 1) % hs.players
    deal_ends = hs.left == 1 and hs.last_batch
    while samples < HARD_SAMPLES:
        for _ in range(SAMPLES_PER_SLICE):
            deal = Deal(hs, hs.sample(rng))
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
                    hs.plies - 1,
                    hs.me if took else hs.last,
                )
                deal.hands[hs.me] = hand
            samples += 1
        yield
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return {c: v / samples for c, v in totals.items()}


# ----- hard: sampled hands, the rest of the batch searched ----------------------------------


# ----- hints (game/core/hints.py) -------------------------------------------------------------
def reason(view: RondaView, action: RondaAction) -> str | None:
    """Why the hint plays ``action``, as a string key (RO-12 caida, RO-14 mesa, RO-16)."""
    if action["type"] == "declare":
        return f"hint.ronda.{action['kind']}"
    rank = RANK[action["card"]]
    table = {RANK[c] for c in view["table"]}
    if rank not in table:
        return "hint.ronda.safe_lay" if unseen_counts(view)[rank] == 0 else None
    caida = caida_rank(view) == rank
    last_card = view["deck_count"] == 0 and sum(view["hand_counts"]) == 1
    mesa = run_length(table, rank) == len(table) and not last_card
    if caida and mesa:
        return "hint.ronda.caida_mesa"
    return "hint.ronda.caida" if caida else "hint.ronda.mesa" if mesa else "hint.ronda.capture"


def hint_think(
    view: RondaView, legal: list[RondaAction], rng: random.Random | None = None
) -> HintThink[RondaAction]:
    """The hard bot's move for this seat and why, thought in slices."""
    return think_hint(think, reason, view, legal, rng)


def hint(view: RondaView, legal: list[RondaAction]) -> tuple[RondaAction, str | None]:
    """The hard bot's move for this seat and why (a string key, or None)."""
    return run_hint(hint_think(view, legal))
