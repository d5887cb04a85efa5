"""Hand rummy hard bot's planner: what the next draw can do for a hand, counted over the pool.

The planner sees only the seat's view. The cards it cannot place (not in its hand, not on the
table, not in the discard pile, not picked from the pile by another player) are the *pool*:
the stock is a shuffle of exactly those cards minus what the other hands hold, so the bot's
next draw is any pool card with a chance proportional to its copies left.

For each discard it considers, the planner takes the hand that is left and goes through every
distinct pool card as the next draw (exactly, no sampling, so the result does not depend on
luck or on the clock): after opening, how many cards that draw would let it lay (HR-7 adding,
new melds) and whether it would go out (HR-9); before opening, how many meld points it would
add and whether it would reach the 51 of the opening. Two copies of a card already seen twice
are dead, so a partial meld waiting for them counts for nothing. A card the next player (once
opened) could lay at once from the discard pile is charged as feeding him.

Tried and dropped (measured with bench/bench_strength.py, 4 players, duplicate seeds): sampled
whole-hand rollouts of the next 7 turns (50 % against normal, and 5x slower), and taking the
top discard by the same count (51 %, no better than the simple "it completes a meld" rule).
"""

from __future__ import annotations

from collections import Counter

from game.core.bots import Slices, seat_of
from game.core.cards import JOKER, rummy_deck

from .melds import OPENING_MIN, Meld, classify, extend, find_melds, groups_points
from .types import RummyView

W_OUT = 1000.0  # weight of the chance that the next draw opens (or goes out)
W_PROGRESS = 700.0  # weight of the expected cards laid (meld points / 51 before opening)
W_FEED = 300.0  # weight of throwing a card the next, opened, player lays at once
CANDIDATES = 6  # discards judged by the count (the six least kept by the heuristic)
DECK = Counter(rummy_deck())

Plan = Slices[tuple[float, str]]  # (its value, the card to throw)


def pool(view: RummyView) -> Counter[str]:
    """The cards the seat cannot place, with their copies (the next draw's distribution)."""
    seat = seat_of(view)
    known = Counter(view["hand"])
    for meld in view["melds"]:
        known.update(meld)
    thrown = Counter(card for _, card in view.get("discards", []))
    picked = Counter(card for _, card in view.get("picks", []))
    pile = thrown - picked
    if sum(pile.values()) == view.get("discard_count", 0):
        known.update(pile)
    elif top := view.get("discard_top"):  # the pile was reshuffled into the stock (HR-3)
        known[top] += 1
    known.update(card for who, card in view.get("picks", []) if who != seat)
    return DECK - known


def table_melds(view: RummyView) -> list[Meld]:
    out: list[Meld] = []
    for cards in view["melds"]:
        meld = classify(list(cards))
        if meld is not None:
            out.append(meld)
    return out


def lay(hand: list[str], opened: bool, table: list[Meld], variant: str) -> bool:
    """Lay what the bot would lay (changes ``hand`` and ``table``): the opening once the melds
    reach 51, after opening every meld and every card that fits a table meld (a joker only
    when two cards or fewer are left). Returns whether the seat has opened."""
    groups = find_melds(hand, variant)
    if groups and (opened or groups_points(groups, variant) >= OPENING_MIN):
        opened = True
        for group in groups:
            for card in group:
                hand.remove(card)
            meld = classify(group)
            if meld is not None:
                table.append(meld)
    added = opened
    while added and hand:
        added = False
        for card in list(hand):
            if card == JOKER and len(hand) > 2:
                continue
            for i, meld in enumerate(table):
                new = extend(meld, card)
                if new is not None:
                    table[i] = new
                    hand.remove(card)
                    added = True
                    break
    return opened


def laid_count(hand: list[str], table: list[Meld], variant: str) -> int:
    """Cards an opened seat could lay from ``hand`` now."""
    rest = list(hand)
    lay(rest, True, list(table), variant)
    return len(hand) - len(rest)


def outs(
    hand: list[str], opened: bool, table: list[Meld], draws: Counter[str], variant: str
) -> Slices[tuple[float, float]]:
    """Over one draw from ``draws``: (the chance it opens, or after opening lets the hand go
    out; the expected cards it lets the bot lay, or before opening the meld points it adds
    divided by 51). Yields after each draw looked at: one can cost a whole meld search (up to
    ~1 ms natively, ten times that in the browser, where a slice is meant to fit in a frame)."""
    total = sum(draws.values()) or 1
    chance, progress = 0.0, 0.0
    base = 0 if opened else groups_points(find_melds(hand, variant), variant)
    for card, weight in sorted(draws.items()):
        more = hand + [card]
        if opened:
            laid = laid_count(more, table, variant)
            progress += weight * laid
            chance += weight * (len(more) - laid <= 1)
        else:
            points = groups_points(find_melds(more, variant), variant)
            progress += weight * max(0, points - base) / OPENING_MIN
            chance += weight * (points >= OPENING_MIN)
        yield
    return chance / total, progress / total


def feeds_next(view: RummyView, card: str, table: list[Meld]) -> bool:
    """True if the next player (an opponent who has opened) could lay ``card`` at once."""
    seat = seat_of(view)
    nxt = (seat + 1) % view["players"]
    if view.get("partnership") and nxt % 2 == seat % 2:
        return False
    return (
        bool(view["opened"][nxt])
        and card != JOKER
        and any(extend(meld, card) is not None for meld in table)
    )


def best_discard(view: RummyView, keep: dict[str, float], as_opened: bool = False) -> Plan:
    """The discard that leaves the hand the best next draw, the heuristic ``keep`` scores
    (how much the bot wants to keep each card) as the tie-breaker: (its value, the card).
    ``as_opened``: judge the hand as if opened (it holds 51 back to go out in one turn)."""
    seat, variant = seat_of(view), view["variant"]
    hand = list(view["hand"])
    naturals = sorted({c for c in hand if c != JOKER}, key=lambda c: (keep[c], c))
    candidates = naturals[:CANDIDATES] or [JOKER]
    opened = bool(view["opened"][seat]) or as_opened
    table = table_melds(view)
    draws = pool(view)
    best: tuple[float, str] | None = None
    for card in candidates:
        rest = list(hand)
        rest.remove(card)
        chance, progress = yield from outs(rest, opened, table, draws, variant)
        value = W_OUT * chance + W_PROGRESS * progress - keep.get(card, 0.0)
        value -= W_FEED * feeds_next(view, card, table)
        if best is None or value > best[0]:
            best = (value, card)
    assert best is not None
    return best
