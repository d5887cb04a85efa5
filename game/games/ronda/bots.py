"""Ronda bots: they see only the view of their seat and the legal actions.

Baseline (normal): declare what the hand truly holds (tringa before ronda); play the card whose
immediate gain (cards taken, caida, mesa) minus the next player's expected best reply is
highest. The reply is estimated from the *unseen* ranks (not in the bot's hand, not on the
table, not captured this deal): the chance the next player holds a rank is hypergeometric, so
laying a rank whose other cards are all gone ("dead") leaves no caida to take.

easy: the same estimate with noise, and it sometimes forgets to declare.
hard: the estimate plus a look-ahead: it samples the next player's hand from the unseen cards,
lets that player answer greedily and then answers again itself, within the time budget,
yielding between samples (the client drives it a slice per frame).
"""
from __future__ import annotations

import random
import time
from math import comb
from typing import Generator

from game.core.bots import LEVELS, bot_rng, run
from game.games.ronda.rules import LOW_KEY, RANK, RANK_ORDER

W_POINT = 1.0           # a caida or mesa point
W_CARD = 0.45           # one more card in the pile (card points are the surplus above a share)
REPLY_DISCOUNT = 0.9    # the reply is an estimate: weigh it a little less than a sure gain
HARD_BUDGET = 0.05      # seconds of look-ahead when no budget is given
HARD_SAMPLES = 64       # most samples per candidate card (keeps hard deterministic per seed)
SAMPLES_PER_SLICE = 4
NRANKS = len(RANK_ORDER)


# ----- the board as the bot sees it ---------------------------------------------------------
def run_length(table_ranks: set[int], rank: int) -> int:
    """How many table cards a card of ``rank`` takes (RO-9, RO-10)."""
    n = 0
    while rank in table_ranks:
        n += 1
        rank += 1
    return n


def play_gain(table_ranks: set[int], rank: int, caida_rank: int | None, mesa_allowed: bool
              ) -> tuple[float, set[int]]:
    """The value of playing ``rank`` on the table, and the table's ranks afterwards."""
    taken = run_length(table_ranks, rank)
    if not taken:
        return 0.0, table_ranks | {rank}
    after = table_ranks - set(range(rank, rank + taken))
    points = int(rank == caida_rank) + int(mesa_allowed and not after)
    return W_POINT * points + W_CARD * (1 + taken), after


def unseen_counts(view: dict) -> list[int]:
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


def expected_reply(table_ranks: set[int], caida_rank: int | None, unseen: list[int],
                   hand_size: int) -> float:
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

    def __init__(self, view: dict):
        n = view["players"]
        me = view["you"]
        self.hand = list(view["hand"])
        self.table_ranks = {RANK[c] for c in view["table"]}
        self.caida_rank = None if view.get("caida_card") is None else RANK[view["caida_card"]]
        self.unseen = unseen_counts(view)
        counts = list(view["hand_counts"])
        self.next_seat = (me + 1) % n
        remaining = sum(counts) - 1                   # cards still in hands after this play
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
def declaration(view: dict, legal: list[dict]) -> dict | None:
    """The truthful declaration the hand supports, tringa before ronda (RO-16)."""
    offered = {a["kind"] for a in legal if a.get("type") == "declare"}
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


def think(view: dict, legal: list[dict], level: str = "normal",
          rng: random.Random | None = None, budget: float | None = None
          ) -> Generator[None, None, dict]:
    """Yield between slices of work; return the chosen action (always one of ``legal``)."""
    if not legal:
        raise ValueError("No legal action to choose from.")
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}.")
    rng = rng if rng is not None else bot_rng(None)
    declare = declaration(view, legal)
    if declare is not None and not (level == "easy" and rng.random() < 0.3):
        return declare
    plays = [a for a in legal if a.get("type") == "play"]
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
        look = yield from lookahead(situation, [a["card"] for a in plays], rng,
                                    HARD_BUDGET if budget is None else budget)
        for code, value in look.items():
            scores[code] = 0.5 * scores[code] + value
    best = max(plays, key=lambda a: (scores[a["card"]], [-k for k in LOW_KEY[a["card"]]]))
    return best


def choose(view: dict, legal_actions: list[dict], budget: float | None = None,
           level: str = "normal", seed: int | None = None) -> dict:
    """One decision, thought through to the end (native play, tests, the server)."""
    return run(think(view, legal_actions, level, bot_rng(seed), budget))


# ----- hard: sampled look-ahead ------------------------------------------------------------
def lookahead(situation: Situation, cards: list[str], rng: random.Random, budget: float
              ) -> Generator[None, None, dict[str, float]]:
    """Average, over sampled hands of the next player, of my gain minus his greedy best reply
    plus my best answer with the cards I keep. Stops at the budget or HARD_SAMPLES."""
    pool = [r for r in range(NRANKS) for _ in range(situation.unseen[r])]
    totals = {c: 0.0 for c in cards}
    samples = 0
    deadline = time.perf_counter() + max(0.0, budget)
    hand_size = min(situation.next_hand, len(pool))
    while samples < HARD_SAMPLES and pool and not situation.deal_ends:
        for _ in range(SAMPLES_PER_SLICE):
            other = rng.sample(pool, hand_size)
            for code in cards:
                totals[code] += _line(situation, code, other)
            samples += 1
        yield
        if time.perf_counter() >= deadline:
            break
    return {c: v / samples for c, v in totals.items()} if samples else {c: 0.0 for c in cards}


def _line(situation: Situation, code: str, other: list[int]) -> float:
    """My play, his greedy reply from ``other``, my greedy answer from the rest of my hand."""
    rank = RANK[code]
    mine, after = play_gain(situation.table_ranks, rank, situation.caida_rank, True)
    laid = None if run_length(situation.table_ranks, rank) else rank
    caida = None if situation.batch_ends else laid
    his, his_rank, after2 = 0.0, None, after
    for r in set(other):
        g, t = play_gain(after, r, caida, True)
        if g > his or his_rank is None:
            his, his_rank, after2 = g, r, t
    if his_rank is not None and not run_length(after, his_rank):
        caida2 = his_rank
    else:
        caida2 = None
    rest = [RANK[c] for c in situation.hand if c != code]
    answer = max((play_gain(after2, r, caida2, True)[0] for r in rest), default=0.0)
    if situation.batch_ends:
        answer = 0.0                     # my next cards are not known yet
    return mine - his + 0.8 * answer
