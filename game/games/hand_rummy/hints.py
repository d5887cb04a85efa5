"""Why a Hand rummy hint plays its move, in the game's terms, from the seat's own view only.

- A draw (HR-6): the discard's top card goes with the hand (a pair of a rank in two suits, or
  a suit neighbour within two: the start of a set or a run, HR-4, HR-5), or it fits nothing.
- A meld: the opening's points (HR-7, at least 51), else how many cards are laid; an add
  names its card; a joker taken back (HR-8).
- A discard: hold the opening back to go out in one turn (HR-10, −60); keep the rank the
  next player (who may take the discard) picked up from the pile: don't feed his set; throw
  a card that fits nothing and counts its points (HR-10); else how many cards stay in the runs
  and sets the finder sees in the rest (HR-4, HR-5), or the card that helps least.
"""

from __future__ import annotations

from game.core.bots import seat_of
from game.core.cards import JOKER, split
from game.core.hints import Reason
from game.core.types import TimeoutAction

from .melds import OPENING_MIN, RANK_NUMBER, card_points, find_melds, groups_points
from .types import RummyAction, RummyView

NEAR = 2  # a card within two of another of its suit may become a run with it (or a joker)


def _numbers(rank: str) -> set[int]:
    number = RANK_NUMBER[rank]
    return {1, 14} if number == 14 else {number}


def goes_with(card: str, other: str) -> bool:
    """``card`` and ``other`` could be two cards of one meld: one rank in two suits, or one
    suit within two ranks (either may be a joker)."""
    if JOKER in (card, other):
        return True
    (rank, suit), (o_rank, o_suit) = split(card), split(other)
    if rank == o_rank:
        return suit != o_suit
    gaps = (abs(a - b) for a in _numbers(rank) for b in _numbers(o_rank))
    return suit == o_suit and min(gaps) <= NEAR


def fits(card: str, cards: list[str]) -> bool:
    """``card`` goes with some card of ``cards`` (another copy of itself does not count)."""
    rest = list(cards)
    if card in rest:
        rest.remove(card)
    return card == JOKER or any(goes_with(card, c) for c in rest)


def draw_reason(view: RummyView, source: str) -> Reason:
    top = view["discard_top"]
    if source == "discard" and top is not None:
        key = "hint.rummy.take_discard" if fits(top, view["hand"] + [top]) else "hint.rummy.take"
        return Reason(key, {"card": top})
    if top is not None and not fits(top, view["hand"] + [top]):
        return Reason("hint.rummy.draw_dead", {"card": top})
    return Reason("hint.rummy.draw_stock")


def discard_reason(view: RummyView, card: str) -> Reason:
    me, hand = seat_of(view), view["hand"]
    rest = list(hand)
    rest.remove(card)
    groups = find_melds(rest, view["variant"])
    if not view["opened"][me] and groups_points(groups, view["variant"]) >= OPENING_MIN:
        return Reason("hint.rummy.hold_hand")
    kept = {split(c)[0] for c in rest if c != JOKER} - {split(card)[0]}
    nxt = (me + 1) % view["players"]  # the one who may take this discard (an opponent)
    for seat, picked in reversed(view["picks"]):
        if seat == nxt and picked != JOKER and split(picked)[0] in kept:
            return Reason("hint.rummy.feed", {"name": seat, "rank": split(picked)[0]})
    if not fits(card, hand):
        return Reason("hint.rummy.dead", {"card": card, "points": card_points(card)})
    if groups:
        return Reason("hint.rummy.keep", {"card": card, "n": sum(len(g) for g in groups)})
    return Reason("hint.rummy.discard", {"card": card})


def reason(view: RummyView, action: RummyAction | TimeoutAction) -> Reason | None:
    """Why the hint plays ``action`` (HR-6 draw, HR-7 opening, HR-8, HR-10)."""
    if action["type"] == "draw":
        return draw_reason(view, action["from"])
    if action["type"] == "meld":
        groups = action["groups"]
        if not view["opened"][seat_of(view)]:
            return Reason("hint.rummy.open", {"points": groups_points(groups, view["variant"])})
        return Reason("hint.rummy.meld", {"n": sum(len(g) for g in groups)})
    if action["type"] == "add":
        return Reason("hint.rummy.add", {"card": action["card"]})
    if action["type"] == "swap_joker":
        return Reason("hint.rummy.swap")
    if action["type"] == "discard":
        return discard_reason(view, action["card"])
    return None
