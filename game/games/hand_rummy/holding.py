"""Hand rummy hard bot: what it lays and when. It holds its cards back to go out in one turn.

A meld on the table is a place where every opened player may add cards (HR-7), and in a race
to go out first (HR-9) those places help the others as much as the owner. The owner gains
little by laying early: the melds it holds can be laid in the turn it goes out, together with
the cards that fit the others' melds (a player may add right after opening in the same turn).
So hard lays nothing until it can go out at once — opening, melding, adding and discarding in
one turn, the "hand" that scores -60 (HR-10) — unless it is behind in the race: an opponent
holds fewer cards than hard has loose ones (cards it could not lay even if it had opened), or
no more than OPEN_NEAR. Then what it holds would count against it (a flat 200 if it never opened,
HR-10), so it lays what it can to cut its penalty. Once opened, it keeps new melds and
lay-offs back by the same race (with MELDS_NEAR and ADDS_NEAR as the floors); once the stock
runs low it lays everything.

Measured with bench/bench_strength.py (hard vs normal, 4 players, duplicate seeds, 500 rounds
from seed 20000): laying at once (the planner alone) 55.8 %, margin +8.7 per round; opening
at once, then holding melds and lay-offs, 55.2 %, -3.4; holding the opening too 65.8 %,
-3.8; with the race rule 64.2 %, +3.6 (62.4 %, +6.6 from seed 21000). See the README.
"""

from __future__ import annotations

from game.core.bots import seat_of

from .melds import OPENING_MIN, find_melds, groups_points
from .planner import lay, table_melds
from .types import RummyView

OPEN_NEAR = 3  # open (to escape the flat 200) once an opponent holds this few cards or fewer
MELDS_NEAR = 1  # an opened hard lays its held melds once an opponent holds this few ...
ADDS_NEAR = 3  # ... and its held lay-offs once one holds this few
RACE_SLACK = -1  # ... or holds fewer cards than hard has loose ones (its loose cards - 1)
LOW_STOCK = 10  # lay everything once the stock is this short


def melds_to_lay(view: RummyView, hand: list[str], groups: list[list[str]]) -> list[list[str]]:
    """The melds among ``groups`` (the finder's melds of ``hand``) hard lays now, maybe none."""
    if not groups:
        return []
    seat, variant = seat_of(view), view["variant"]
    if not view["opened"][seat] and groups_points(groups, variant) < OPENING_MIN:
        return []
    near = MELDS_NEAR if view["opened"][seat] else OPEN_NEAR
    return groups if goes_out(view, hand) or near_out(view, race(view, hand, near)) else []


def holds_opening(view: RummyView) -> bool:
    """True when hard has not opened though its melds reach 51: it holds them to go out at
    once, so its discard is judged as if it had opened."""
    variant = view["variant"]
    return (
        not view["opened"][seat_of(view)]
        and groups_points(find_melds(list(view["hand"]), variant), variant) >= OPENING_MIN
    )


def holds_adds(view: RummyView, hand: list[str]) -> bool:
    """True while an opened hard keeps back the cards that fit table melds."""
    return not near_out(view, race(view, hand, ADDS_NEAR)) and not goes_out(view, hand)


def near_out(view: RummyView, near: int) -> bool:
    """True once an opponent holds ``near`` cards or fewer, or the stock runs low."""
    seat = seat_of(view)
    counts = view["hand_counts"]
    others = [s for s in range(view["players"]) if s != seat]
    if view.get("partnership"):
        others = [s for s in others if s % 2 != seat % 2]
    return view["stock_count"] < LOW_STOCK or any(counts[s] <= near for s in others)


def race(view: RummyView, hand: list[str], near: int) -> int:
    """How few cards an opponent must hold for hard to lay what it holds: ``near``, or more
    when hard itself is further from going out (fewer than its loose cards): then it is behind
    in the race and had better cut its penalty. RACE_SLACK -1 rather than 0 (lay only when
    strictly behind) measured 64.2 % / +3.6 against 61.6 % / +5.8 (rounds won / margin)."""
    return max(near, loose(view, hand) + RACE_SLACK)


def loose(view: RummyView, hand: list[str]) -> int:
    """Cards left in ``hand`` after laying every meld and every fitting card, as if opened."""
    rest = list(hand)
    lay(rest, True, table_melds(view), view["variant"])
    return len(rest)


def goes_out(view: RummyView, hand: list[str]) -> bool:
    """True if laying every meld (an opening only from 51) and every card that fits a table
    meld leaves at most the discard (HR-9)."""
    rest = list(hand)
    lay(rest, bool(view["opened"][seat_of(view)]), table_melds(view), view["variant"])
    return len(rest) <= 1
