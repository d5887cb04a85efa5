"""Hand rummy hard bot: what it lays and when. It holds cards back to deny the others places.

A meld on the table is a place where every opened player may add cards (HR-7), and in a race
to go out first (HR-9) those places help the others as much as the owner. Once opened, though,
the owner gains nothing by laying early: a meld held in the hand can be laid in the turn it
goes out, and a card that fits a table meld now will usually still fit then. So hard opens
with the fewest cards that reach 51 (giving the fewest places: sets before runs), and after
opening lays new melds and adds cards only in the turn it can go out, or once an opponent is
near going out (then the cards held would count double against it, HR-10), or the stock runs
low. It still holds an opening back for a one-turn "hand" (HR-10, -60) while nobody has
opened and one card more would do.

Measured with bench/bench_strength.py (hard vs normal, 4 players, duplicate seeds): the
holding is what lifted hard from about 53 % to about 60 % of rounds; see the README.
"""

from __future__ import annotations

from game.core.bots import seat_of
from game.core.cards import JOKER, rummy_deck

from . import melds as M
from . import planner as P
from .types import RummyView

MELDS_NEAR = 1  # lay held melds once an opponent holds this few cards (or fewer) ...
ADDS_NEAR = 3  # ... and held lay-offs once one holds this few
LOW_STOCK = 10  # lay everything once the stock is this short
HAND_WAIT_LEFT = 1  # hard holds its opening back when this few cards miss a meld ...
HAND_WAIT_STOCK = 40  # ... and the stock still holds at least this many cards
NATURALS = sorted(set(rummy_deck()) - {JOKER})


def melds_to_lay(view: RummyView, hand: list[str], groups: list[list[str]]) -> list[list[str]]:
    """The melds among ``groups`` (the finder's melds of ``hand``) hard lays now, maybe none."""
    if not groups:
        return []
    seat, variant = seat_of(view), view["variant"]
    opened = view["opened"][seat]
    if not opened and (
        M.groups_points(groups, variant) < M.OPENING_MIN or wait_for_hand(view, hand, groups)
    ):
        return []
    if near_out(view, MELDS_NEAR) or goes_out(view, hand):
        return groups
    return [] if opened else smallest_opening(groups, variant)


def holds_adds(view: RummyView, hand: list[str]) -> bool:
    """True while an opened hard keeps back the cards that fit table melds."""
    return not near_out(view, ADDS_NEAR) and not goes_out(view, hand)


def near_out(view: RummyView, near: int) -> bool:
    """True once an opponent holds ``near`` cards or fewer, or the stock runs low."""
    seat = seat_of(view)
    counts = view["hand_counts"]
    others = [s for s in range(view["players"]) if s != seat]
    if view.get("partnership"):
        others = [s for s in others if s % 2 != seat % 2]
    return view["stock_count"] < LOW_STOCK or any(counts[s] <= near for s in others)


def goes_out(view: RummyView, hand: list[str]) -> bool:
    """True if laying every meld and every fitting card leaves at most the discard (HR-9)."""
    rest = list(hand)
    P.lay(rest, True, P.table_melds(view), view["variant"])
    return len(rest) <= 1


def smallest_opening(groups: list[list[str]], variant: str) -> list[list[str]]:
    """The melds among ``groups`` that reach the opening's 51 giving the others the fewest
    places to add cards, then with the fewest cards, then the most points (HR-7)."""
    best: tuple[tuple[int, int, int], list[list[str]]] | None = None
    places = [spots(g) for g in groups]
    n = len(groups)
    for mask in range(1, 1 << n):
        chosen = [i for i in range(n) if mask >> i & 1]
        melds = [groups[i] for i in chosen]
        points = M.groups_points(melds, variant)
        if points < M.OPENING_MIN:
            continue
        key = (sum(places[i] for i in chosen), sum(len(g) for g in melds), -points)
        if best is None or key < best[0]:
            best = (key, melds)
    return best[1] if best else groups


def spots(group: list[str]) -> int:
    """How many different cards could be added to ``group`` once it is on the table (a joker
    counts once more: it may be taken back, HR-8)."""
    meld = M.classify(group)
    if meld is None:
        return 0
    return sum(M.extend(meld, c) is not None for c in NATURALS) + group.count(JOKER)


def wait_for_hand(view: RummyView, hand: list[str], groups: list[list[str]]) -> bool:
    """True when an opening is better held back for going out in one turn (HR-10 "hand").

    Only while nobody has opened (nobody can go out soon) and the stock is deep, and only when
    the melds leave the discard plus at most HAND_WAIT_LEFT cards: the gain is 30 points, the
    risk a flat 200 if someone else goes out first.
    """
    if any(view["opened"]) or view["stock_count"] < HAND_WAIT_STOCK:
        return False
    left = len(hand) - sum(len(g) for g in groups)
    return 1 <= left - 1 <= HAND_WAIT_LEFT
