"""Hand rummy bots: one action per call, seeing only the seat's view (docs/DESIGN.md "Bots").

A turn is several actions, so the table calls :func:`choose` again while the seat is still to
act: draw (the discard when it completes a meld), meld (the opening as soon as the finder reaches
51; after opening, every meld found), add, take a joker back when it can be melded again at
once, and finally discard the card that helps least and feeds the next player least.
Levels: "easy" skips joker swaps and discard reading; "hard" also counts cards already seen,
keeps high cards before opening (a player who never opens scores a flat 200 whatever he holds,
and high cards reach 51 sooner), treats a card the next player threw away (or one next to it)
as safe to throw, and decides what to lay and when with holding.py: it lays nothing until it
can go out in one turn (the "hand", -60), leaving the others no places to add to, unless an
opponent gets near going out. Hard chooses its discard with the planner (planner.py): over
every card it cannot see, what the next draw would do for the hand that is left (open, go out,
cards laid), and it does not throw a card the next, opened, player could lay at once. Hard
against normal, four players in seats 0 and 2, duplicate seeds: see the README's strength
table.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from game.core.bots import Slices, bot_rng, run, seat_of
from game.core.cards import JOKER, split
from game.core.hints import Hint, HintThink, run_hint, think_hint
from game.core.types import TimeoutAction

from .hints import reason
from .holding import holds_adds, holds_opening, melds_to_lay
from .melds import (
    NUMBER_RANK,
    OPENING_MIN,
    RANK_NUMBER,
    Meld,
    card_points,
    classify,
    extend,
    find_melds,
    groups_points,
    swap_joker,
)
from .planner import best_discard, table_melds
from .types import (
    AddAction,
    DrawAction,
    RummyAction,
    RummyView,
    SwapJokerAction,
)

Move = RummyAction | TimeoutAction  # a bot with nothing better asks for the engine's safe move
Think = Slices[Move]
TIMEOUT: TimeoutAction = {"type": "timeout"}


def choose(
    view: RummyView,
    legal_actions: list[RummyAction],
    budget: float | None = None,
    level: str = "normal",
    seed: int | None = None,
) -> Move:
    """The bot's next action for the seat of ``view`` (``budget`` is unused: thinking is fast)."""
    return run(think(view, legal_actions, level, bot_rng(seed)))


def think(
    view: RummyView,
    legal: list[RummyAction],
    level: str = "normal",
    rng: random.Random | None = None,
) -> Think:
    """Generator: yields between slices of work and returns one legal action."""
    rng = rng or random.Random(0)
    seat, hand, variant = seat_of(view), list(view["hand"]), view["variant"]
    opened = view["opened"][seat]
    if not view["drawn"]:
        yield
        return _draw(view, legal, level)
    if view["pending_joker"]:
        yield
        return _use_joker(hand, legal, variant)
    groups = find_melds(hand, variant)
    yield
    if level == "hard":
        lay = melds_to_lay(view, hand, groups)
        if lay:
            return {"type": "meld", "groups": lay}
    elif groups and (opened or groups_points(groups, variant) >= OPENING_MIN):
        return {"type": "meld", "groups": groups}
    if opened:
        held = Counter(c for g in groups for c in g) if level == "hard" else None
        add = _best_add(hand, legal, held)
        if add is not None and level == "hard" and holds_adds(view, hand):
            add = None
        if add is not None:
            return add
        yield
        if level != "easy":
            swap = _paying_swap(hand, legal, variant)
            if swap is None and level == "hard":
                swap = _laying_swap(view, legal)
            if swap is not None:
                return swap
    yield
    if level == "hard":
        return (yield from _hard_discard(view, legal))
    return _discard(view, legal, level, rng)


def _hard_discard(view: RummyView, legal: list[RummyAction]) -> Think:
    """The discard the planner finds best (planner.py): the next draw's chances to open or go
    out and the cards it lets the bot lay, over the cards the bot cannot see."""
    discards = {a["card"] for a in legal if a["type"] == "discard"}
    if not discards:
        return legal[0] if legal else TIMEOUT
    keep = _keep_scores(view, "hard")
    _, card = yield from best_discard(view, keep, holds_opening(view))
    if card not in discards:
        card = sorted(discards)[0]
    return {"type": "discard", "card": card}


def _draw(view: RummyView, legal: list[RummyAction], level: str) -> RummyAction:
    take: DrawAction = {"type": "draw", "from": "discard"}
    stock: DrawAction = {"type": "draw", "from": "stock"}
    if take not in legal:
        return stock if stock in legal else legal[0]
    if stock not in legal:
        return take
    top = view["discard_top"]
    if top == JOKER:
        return take
    if top is None:  # cannot be: a discard to take is on the pile
        return stock
    if level == "easy":
        return stock
    if _completes_meld(view, top):
        return take
    return stock


def _completes_meld(view: RummyView, card: str) -> bool:
    """True if ``card`` makes a new meld with the hand, or (after opening) fits a table meld."""
    seat, hand, variant = seat_of(view), view["hand"], view["variant"]
    if view["opened"][seat] and any(_fits(meld, card) for meld in view["melds"]):
        return True
    before = find_melds(hand, variant)
    after = find_melds(hand + [card], variant)
    used_after = sum(g.count(card) for g in after) > sum(g.count(card) for g in before)
    if not used_after:
        return False
    if view["opened"][seat]:
        return True
    gain = groups_points(after, variant) - groups_points(before, variant)
    return gain > 0


def _fits(cards: list[str], card: str) -> bool:
    meld = _classified(tuple(cards))
    return meld is not None and extend(meld, card) is not None


@lru_cache(maxsize=512)
def _classified(cards: tuple[str, ...]) -> Meld | None:
    """A table meld as :func:`classify` reads it, worked out once: weighing a discard asks
    whether each card of the hand fits each meld on the table (natively up to 4 ms a slice,
    ten times that in the browser, where the classifying was nine tenths of it)."""
    return classify(list(cards))


def _use_joker(hand: list[str], legal: list[RummyAction], variant: str) -> Move:
    """A joker just taken back must be laid again before the discard."""
    groups = find_melds(hand, variant)
    if any(JOKER in g for g in groups):
        return {"type": "meld", "groups": groups}
    for action in legal:
        if action["type"] == "add" and action["card"] == JOKER:
            return action
    return TIMEOUT  # the engine's safe move puts the joker back


def _best_add(
    hand: list[str], legal: list[RummyAction], held: Counter[str] | None = None
) -> AddAction | None:
    """The most valuable natural card that fits a table meld (a joker only to go out); not a
    card of a meld ``held`` back in the hand."""
    free = Counter(hand) - (held or Counter())
    adds = [
        a
        for a in legal
        if a["type"] == "add" and (a["card"] != JOKER or len(hand) <= 2) and free[a["card"]] > 0
    ]
    if not adds:
        return None
    if len(hand) == 1:
        return adds[0]
    return max(adds, key=lambda a: (card_points(a["card"]), a["card"], -a["meld"]))


def _paying_swap(hand: list[str], legal: list[RummyAction], variant: str) -> SwapJokerAction | None:
    """A joker swap whose joker goes straight into a new meld with the hand."""
    for action in legal:
        if action["type"] != "swap_joker":
            continue
        given = action["cards"] if "cards" in action else [action["card"]]
        rest = list(hand)
        for card in given:
            rest.remove(card)
        groups = find_melds(rest + [JOKER], variant)
        if any(JOKER in g for g in groups):
            return action
    return None


def _laying_swap(view: RummyView, legal: list[RummyAction]) -> SwapJokerAction | None:
    """A joker swap whose joker then fits a table meld: one more natural card laid (HR-8)."""
    table = table_melds(view)
    if len(table) != len(view["melds"]):
        return None
    for action in legal:
        if action["type"] != "swap_joker":
            continue
        given = action["cards"] if "cards" in action else [action["card"]]
        after = list(table)
        swapped = swap_joker(after[action["meld"]], given, view["variant"])
        if swapped is None:
            continue
        after[action["meld"]] = swapped
        if any(extend(meld, JOKER) is not None for meld in after):
            return action
    return None


def _discard(view: RummyView, legal: list[RummyAction], level: str, rng: random.Random) -> Move:
    discards = [a for a in legal if a["type"] == "discard"]
    if not discards:
        return legal[0] if legal else TIMEOUT
    naturals = [a for a in discards if a["card"] != JOKER] or discards
    if level == "easy":
        return rng.choice(naturals)
    keep = _keep_scores(view, level)
    return min(naturals, key=lambda a: (keep[a["card"]], a["card"]))


def _keep_scores(view: RummyView, level: str) -> dict[str, float]:
    """How much the bot wants to keep each card: meld use, near-melds, penalty, feeding."""
    seat, hand, variant = seat_of(view), view["hand"], view["variant"]
    opened = view["opened"][seat]
    counts = Counter(hand)
    in_melds = Counter(c for g in find_melds(hand, variant) for c in g)
    seen = _seen_cards(view) if level == "hard" else Counter()
    nxt = (seat + 1) % view["players"]
    next_picks = [card for who, card in view.get("picks", []) if who == nxt]
    next_throws = [card for who, card in view.get("discards", []) if who == nxt]
    scores = {}
    for card in counts:
        if card == JOKER:
            scores[card] = 1000.0
            continue
        score = 100.0 if in_melds[card] >= counts[card] else 0.0
        score += _near_meld(card, counts, seen)
        if level == "hard":
            score += card_points(card) * (-1.0 if opened else 0.3)
            score -= _safe(card, next_throws)
        else:
            score -= card_points(card) * (1.0 if opened else 0.5)
        score += _feeds(card, view, next_picks, nxt)
        if counts[card] > 1 and not in_melds[card]:
            score -= 3  # a spare copy helps nothing more than the first
        scores[card] = score
    return scores


def _near_meld(card: str, counts: Counter[str], seen: Counter[str]) -> float:
    """Partial runs and sets the card belongs to; cards all seen elsewhere are dead."""
    rank, suit = split(card)
    number = RANK_NUMBER[rank]
    score = 0.0
    for other in counts:
        if other in (JOKER, card):
            continue
        o_rank, o_suit = split(other)
        if o_rank == rank:
            score += 8
        elif o_suit == suit:
            gap = abs(RANK_NUMBER[o_rank] - number)
            if number == 14 or RANK_NUMBER[o_rank] == 14:
                gap = min(
                    gap,
                    abs(
                        (1 if number == 14 else number)
                        - (1 if o_rank == "A" else RANK_NUMBER[o_rank])
                    ),
                )
            if gap == 1:
                score += 10 - 2 * _dead(NUMBER_RANK.get(number + 1, "") + suit, seen)
            elif gap == 2:
                middle = NUMBER_RANK.get(min(number, RANK_NUMBER[o_rank]) + 1, "") + suit
                score += 6 - 3 * _dead(middle, seen)
    if counts.get(JOKER):
        score += 2
    return score


def _dead(card: str, seen: Counter[str]) -> int:
    return 1 if seen[card] >= 2 else 0


def _seen_cards(view: RummyView) -> Counter[str]:
    seen: Counter[str] = Counter()
    for meld in view["melds"]:
        seen.update(meld)
    seen.update(card for _, card in view.get("discards", []))
    return seen


def _safe(card: str, throws: list[str]) -> float:
    """How safe ``card`` is to throw: the next player threw its rank or a suit neighbour away,
    so he is unlikely to be collecting it."""
    rank, suit = split(card)
    score = 0.0
    for thrown in throws:
        if thrown == JOKER:
            continue
        t_rank, t_suit = split(thrown)
        if t_rank == rank:
            score += 6
        elif t_suit == suit and abs(RANK_NUMBER[t_rank] - RANK_NUMBER[rank]) <= 1:
            score += 4
    return score


def _feeds(card: str, view: RummyView, next_picks: list[str], nxt: int) -> float:
    """Keep cards the next player seems to want: what he picked, what fits the table for him."""
    score = 0.0
    rank, suit = split(card)
    for picked in next_picks:
        if picked == JOKER:
            continue
        p_rank, p_suit = split(picked)
        if p_rank == rank or (p_suit == suit and abs(RANK_NUMBER[p_rank] - RANK_NUMBER[rank]) <= 2):
            score += 12
    if view["opened"][nxt] and any(_fits(meld, card) for meld in view["melds"]):
        score += 15
    return score


# ----- hints (game/core/hints.py; the reasons: hints.py) ----------------------------------
def hint_think(
    view: RummyView, legal: list[RummyAction], rng: random.Random | None = None
) -> HintThink[Move]:
    """The hard bot's move for this seat and why, thought in slices."""
    return think_hint(think, reason, view, legal, rng)


def hint(view: RummyView, legal: list[RummyAction]) -> Hint[Move]:
    """The hard bot's move for this seat and why (a Reason, or None)."""
    return run_hint(hint_think(view, legal))
