"""Ronda's board as a bot sees it (its view only): what a play takes and scores, what is
unseen, and the normal bot's one-reply estimate. Shared by the bots (bots.py) and hard's search
(search.py)."""

from __future__ import annotations

from math import comb

from game.core.bots import seat_of
from game.games.ronda.cards import RANK, RANK_ORDER
from game.games.ronda.types import RondaView

W_POINT = 1.0  # a caida or mesa point
W_CARD = 0.45  # one more card in the pile (card points are the surplus above a share)
REPLY_DISCOUNT = 0.9  # the reply is an estimate: weigh it a little less than a sure gain
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


def best_first(options: list[tuple[float, float]]) -> float:
    """The expected best of ``options`` (gain, chance he holds it): each gain counts with its
    chance times the chance that he holds none of the better ones."""
    options.sort(reverse=True)
    expected, none_better = 0.0, 1.0
    for gain, p in options:
        expected += gain * p * none_better
        none_better *= 1.0 - p
    return expected


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
    return best_first(options)


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
