"""Hand rummy melds: card values, what a group is, extending melds, joker swaps, a meld finder.

Pure functions, no match state (docs/RULES.md HR-4, HR-5, HR-7, HR-8, HR-10).

Decisions the rules leave open, fixed here:
- Every meld holds at least two natural cards, so a joker never decides alone what a meld is
  (``5H JK JK`` is refused; ``5H 7H JK JK`` is a run 5-8 or 4-7, see below).
- A run's jokers stand for fixed cards. If the group is given in order (ascending or
  descending, the way the staging area shows it), each joker stands for the card of its place:
  ``JK 6H 7H`` is 5-6-7 and ``6H 7H JK`` is 6-7-8. Otherwise the naturals are sorted, jokers
  fill the gaps and any joker left over goes on the high end (on the low end once the run
  reaches the ace above the king).
- The ace is below the 2 or above the king, never both in one run: a run has at most 13 cards.
- A set's joker stands for its rank; its suit is fixed only when exactly one suit is missing.
- Variant "classic" (seed 003) values the ace 1 when it sits below the 2 and 10 elsewhere in a
  meld, and a joker standing for an ace 15; variant "majlis" (seed 004, the default) values
  every ace 11. Cards left in a hand always count ace 11, joker 10 (HR-10).
- Joker swap (HR-8): in a run, the natural card the joker stands for. In a set, "majlis": only a
  set of 3 naturals + joker, by the one missing suit; "classic" (seed 003): only a set of 2
  naturals + joker, by both missing suits at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from game.core.cards import FRENCH_SUITS, JOKER, rummy_deck, split

RANK_NUMBER = {
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}
NUMBER_RANK = {n: r for r, n in RANK_NUMBER.items()}
NUMBER_RANK[1] = "A"
OPENING_MIN = 51
VARIANTS = ("majlis", "classic")


_CODES = frozenset(rummy_deck())


def is_card(code: object) -> bool:
    """True for a code of the rummy deck (a French card or the joker)."""
    return isinstance(code, str) and code in _CODES


def card_points(code: str) -> int:
    """Value of a card left in a hand (HR-10): joker 10, ace 11, K Q J 10 → 10, others face."""
    if code == JOKER:
        return 10
    number = RANK_NUMBER[split(code)[0]]
    return 11 if number == 14 else min(number, 10)


def hand_points(cards: Iterable[str]) -> int:
    return sum(card_points(code) for code in cards)


def number_points(number: int, variant: str = "majlis", joker: bool = False) -> int:
    """Value of a rank number (1 = low ace … 14 = high ace) inside a meld (HR-7)."""
    if number in (1, 14):
        if variant == "classic":
            return 15 if joker else (1 if number == 1 else 10)
        return 11
    return min(number, 10)


@dataclass(frozen=True)
class Meld:
    """A valid group. ``cards`` in table order (runs low to high); ``stands[i]`` is the natural
    card at place i or the card the joker there stands for (a set joker of open suit: rank+"?");
    ``low`` is the run's lowest number (1 = ace below the 2) or the set's rank number."""

    kind: str
    cards: tuple[str, ...]
    stands: tuple[str, ...]
    low: int

    @property
    def suit(self) -> str:
        return split(self.stands[0])[1] if self.kind == "run" else ""

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1 if self.kind == "run" else self.low

    def points(self, variant: str = "majlis") -> int:
        """The meld's value for the opening: each joker counts as the card it stands for."""
        if self.kind == "set":
            return sum(number_points(self.low, variant, code == JOKER) for code in self.cards)
        return sum(
            number_points(self.low + i, variant, code == JOKER) for i, code in enumerate(self.cards)
        )

    def joker_places(self) -> list[int]:
        return [i for i, code in enumerate(self.cards) if code == JOKER]


def _number(code: str) -> int:
    return RANK_NUMBER[split(code)[0]]


def _run_code(number: int, suit: str) -> str:
    return NUMBER_RANK[number] + suit


def _make_run(cards: list[str], low: int, suit: str) -> Meld:
    stands = tuple(_run_code(low + i, suit) for i in range(len(cards)))
    return Meld("run", tuple(cards), stands, low)


def _make_set(cards: list[str]) -> Meld:
    naturals = [c for c in cards if c != JOKER]
    rank = split(naturals[0])[0]
    missing = [s for s in FRENCH_SUITS if s not in {split(c)[1] for c in naturals}]
    jokers = len(cards) - len(naturals)
    fill = missing if len(missing) == jokers else ["?"] * jokers
    stands = tuple(naturals) + tuple(rank + s for s in fill)
    return Meld("set", tuple(naturals) + (JOKER,) * jokers, stands, RANK_NUMBER[rank])


def _as_set(cards: list[str], naturals: list[str]) -> Meld | None:
    if len(cards) > 4 or len({split(c)[0] for c in naturals}) != 1:
        return None
    if len({split(c)[1] for c in naturals}) != len(naturals):
        return None
    return _make_set(cards)


def _start_in_order(cards: list[str]) -> int | None:
    """The run's low number if ``cards`` is ascending with jokers in their places, else None."""
    start = None
    for i, code in enumerate(cards):
        if code == JOKER:
            continue
        number = _number(code)
        options = {1 - i, 14 - i} if number == 14 else {number - i}
        if start is None:
            start = options
        else:
            start &= options
        if not start:
            return None
    for low in sorted(start or ()):
        if low >= 1 and low + len(cards) - 1 <= 14:
            return low
    return None


def _as_run(cards: list[str], naturals: list[str]) -> Meld | None:
    suits = {split(c)[1] for c in naturals}
    if len(suits) != 1 or len(cards) > 13:
        return None
    suit = suits.pop()
    low = _start_in_order(cards)
    if low is not None:
        return _make_run(cards, low, suit)
    low = _start_in_order(cards[::-1])
    if low is not None:
        return _make_run(cards[::-1], low, suit)
    numbers = [_number(c) for c in naturals]
    if len(set(numbers)) != len(numbers):
        return None
    for ace in (1, 14):
        by_number = {(ace if _number(c) == 14 else _number(c)): c for c in naturals}
        span = max(by_number) - min(by_number) + 1
        if span > len(cards):
            continue
        high = min(14, max(by_number) + len(cards) - span)
        low = high - len(cards) + 1
        if low < 1:
            continue
        return _make_run([by_number.get(n, JOKER) for n in range(low, high + 1)], low, suit)
    return None


def classify(group: list[str]) -> Meld | None:
    """The meld ``group`` makes (HR-4 run, HR-5 set, HR-8 jokers), or None if it makes none."""
    if not isinstance(group, (list, tuple)) or len(group) < 3:
        return None
    cards = list(group)
    if not all(is_card(c) for c in cards):
        return None
    naturals = [c for c in cards if c != JOKER]
    if len(naturals) < 2:
        return None
    if len({split(c)[0] for c in naturals}) == 1:
        return _as_set(cards, naturals)
    return _as_run(cards, naturals)


def groups_points(groups: list[list[str]], variant: str = "majlis") -> int:
    """Total value of valid groups (invalid ones count 0)."""
    total = 0
    for group in groups:
        meld = classify(group)
        if meld is not None:
            total += meld.points(variant)
    return total


def extend(meld: Meld, card: str) -> Meld | None:
    """``meld`` with ``card`` added (HR-7 adding), or None if it does not fit.

    A natural card goes to the end it continues (or, in a set, is one more suit). A joker goes on
    a run's high end, or its low end once the run reaches the high ace; in a set it needs room.
    """
    if meld.kind == "set":
        if len(meld.cards) >= 4:
            return None
        if card != JOKER:
            rank, suit = split(card)
            if RANK_NUMBER[rank] != meld.low:
                return None
            if suit in {split(c)[1] for c in meld.cards if c != JOKER}:
                return None
        return _make_set(list(meld.cards) + [card])
    if len(meld.cards) >= 13:
        return None
    if card == JOKER:
        if meld.high < 14 and not (meld.low == 1 and meld.high == 13):
            return _make_run(list(meld.cards) + [JOKER], meld.low, meld.suit)
        if meld.low > 2 or (meld.low == 2 and meld.high != 14):
            return _make_run([JOKER] + list(meld.cards), meld.low - 1, meld.suit)
        return None
    rank, suit = split(card)
    if suit != meld.suit:
        return None
    number = RANK_NUMBER[rank]
    if number == meld.high + 1 and not (number == 14 and meld.low == 1):
        return _make_run(list(meld.cards) + [card], meld.low, meld.suit)
    low_number = 1 if number == 14 else number
    if low_number == meld.low - 1 and not (low_number == 1 and meld.high == 14):
        return _make_run([card] + list(meld.cards), meld.low - 1, meld.suit)
    return None


def swap_joker(meld: Meld, cards: list[str], variant: str = "majlis") -> Meld | None:
    """``meld`` with a joker replaced by the natural ``cards`` (HR-8), or None if not allowed."""
    if JOKER not in meld.cards or any(c == JOKER for c in cards):
        return None
    if meld.kind == "run":
        if len(cards) != 1:
            return None
        for place in meld.joker_places():
            if meld.stands[place] == cards[0]:
                new = list(meld.cards)
                new[place] = cards[0]
                return _make_run(new, meld.low, meld.suit)
        return None
    naturals = [c for c in meld.cards if c != JOKER]
    want = 2 if variant == "classic" else 3
    if len(naturals) != want or len(meld.cards) != want + 1:
        return None
    missing = {NUMBER_RANK[meld.low] + s for s in FRENCH_SUITS} - set(naturals)
    if len(cards) != len(missing) or set(cards) != missing:
        return None
    return _make_set(naturals + list(cards))


# ----- the meld finder -------------------------------------------------------------------
#
# The finder is a memoised search over the hand's counts. To keep it cheap:
# - a state (what is left of the hand) is one int with a field of ``width`` bits per card code:
#   the 52 naturals in sorted-code order, then the jokers. Each field's top bit is a guard that
#   stays 0 in a state, so ``state - need`` sets a guard bit exactly when some count would go
#   below zero (the feasibility test is one subtraction and one AND);
# - the candidate melds of one suit (runs) or one rank (sets) depend only on which numbers or
#   suits of it the hand holds, which it holds once, how many jokers and the variant, so they
#   are built once and cached (a turn changes one or two suits; the others hit the cache).

_SORTED_CODES = sorted(r + s for r in RANK_NUMBER for s in FRENCH_SUITS)
_FIELD = {code: i for i, code in enumerate(_SORTED_CODES)}
_JOKER_FIELD = len(_SORTED_CODES)
_CODE_INFO = {code: (split(code)[1], RANK_NUMBER[split(code)[0]]) for code in _SORTED_CODES}
# Meld values by number 1..14 for a natural card and for a joker, per variant (classic?).
_NATURAL_POINTS = {
    classic: [0] + [number_points(n, "classic" if classic else "majlis") for n in range(1, 15)]
    for classic in (False, True)
}
_JOKER_POINTS = {
    classic: [0]
    + [number_points(n, "classic" if classic else "majlis", True) for n in range(1, 15)]
    for classic in (False, True)
}
_CACHE_SIZE = 4096

# One candidate: (score = value * 100 + cards, need as a state int, cards in table order).
_Candidate = tuple[int, int, tuple[str, ...]]
# Candidates grouped by their first natural's field, each group best score first.
_Groups = tuple[tuple[int, tuple[_Candidate, ...]], ...]


@cache
def _field_bits(width: int) -> tuple[int, int]:
    """(the lowest bit of every field, the guard bit of every field) for ``width``."""
    ones = sum(1 << (field * width) for field in range(_JOKER_FIELD + 1))
    return ones, ones << (width - 1)


def _need(naturals: Iterable[str], jokers: int, width: int) -> int:
    need = jokers << (_JOKER_FIELD * width)
    for code in naturals:
        need += 1 << (_FIELD[code] * width)
    return need


def _grouped(found: list[tuple[int, tuple[str, ...], tuple[str, ...]]], width: int) -> _Groups:
    """(value, naturals, cards) candidates as groups by first natural, best score first
    (a stable sort: equal scores keep the order they were found in)."""
    groups: dict[int, list[_Candidate]] = {}
    for value, naturals, cards in found:
        first = min(_FIELD[code] for code in naturals)
        jokers = len(cards) - len(naturals)
        groups.setdefault(first, []).append(
            (value * 100 + len(cards), _need(naturals, jokers, width), cards)
        )
    return tuple(
        (first, tuple(sorted(items, key=lambda item: -item[0]))) for first, items in groups.items()
    )


@lru_cache(maxsize=_CACHE_SIZE)
def _run_candidates(
    suit: str, held: int, once: int, jokers: int, classic: bool, width: int
) -> _Groups:
    """Every run of ``suit``: ``held`` and ``once`` are bit masks of the numbers (2..14) held
    and held exactly once. With a spare joker, a run may also give a natural held once to a
    joker, which frees that card for another meld (with two decks, 5-6-7 and 6-JK-8-9 beat
    5-6-7-8-9 and a spare 6)."""
    natural_points, joker_points = _NATURAL_POINTS[classic], _JOKER_POINTS[classic]
    if held >> 14 & 1:
        held |= 2
        once |= (once >> 14 & 1) << 1
    found: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = []
    for low in range(1, 13):
        top = min(13 if low == 1 else 14, low + 12)
        missing = value = 0
        cards: list[str] = []
        for high in range(low, top + 1):
            if held >> high & 1:
                cards.append(NUMBER_RANK[high] + suit)
                value += natural_points[high]
            else:
                missing += 1
                if missing > jokers:
                    break
                cards.append(JOKER)
                value += joker_points[high]
            size = len(cards)
            if size >= 3 and size - missing >= 2:
                found.append((value, tuple(c for c in cards if c != JOKER), tuple(cards)))
                if missing < jokers and size - missing >= 3:
                    for place, code in enumerate(cards):
                        number = low + place
                        if code != JOKER and once >> number & 1:
                            swapped = cards[:place] + [JOKER] + cards[place + 1 :]
                            worth = value - natural_points[number] + joker_points[number]
                            found.append(
                                (worth, tuple(c for c in swapped if c != JOKER), tuple(swapped))
                            )
    return _grouped(found, width)


@lru_cache(maxsize=_CACHE_SIZE)
def _set_candidates(codes: tuple[str, ...], jokers: int, classic: bool, width: int) -> _Groups:
    """Every set from ``codes`` (the distinct sorted codes held of one rank) and the jokers."""
    number = _CODE_INFO[codes[0]][1]
    natural_value = _NATURAL_POINTS[classic][number]
    joker_value = _JOKER_POINTS[classic][number]
    n = len(codes)
    found: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = []
    for mask in range(3, 1 << n):
        chosen = tuple(codes[i] for i in range(n) if mask >> i & 1)
        if len(chosen) < 2:
            continue
        for j in range(max(0, 3 - len(chosen)), min(jokers, 4 - len(chosen)) + 1):
            value = natural_value * len(chosen) + joker_value * j
            found.append((value, chosen, chosen + (JOKER,) * j))
    return _grouped(found, width)


def _candidate_groups(
    counts: dict[str, int], jokers: int, classic: bool, width: int
) -> dict[int, tuple[_Candidate, ...]]:
    """Every run and set the hand could make, by the field of its first natural; for one first
    card the runs come before the sets, each best score first, ties in the order found."""
    held: dict[str, int] = {}
    once: dict[str, int] = {}
    by_rank: dict[int, list[str]] = {}
    for code, count in counts.items():
        suit, number = _CODE_INFO[code]
        held[suit] = held.get(suit, 0) | 1 << number
        if count == 1:
            once[suit] = once.get(suit, 0) | 1 << number
        by_rank.setdefault(number, []).append(code)
    out: dict[int, tuple[_Candidate, ...]] = {}
    for suit, numbers in held.items():
        if numbers & (numbers - 1):  # two numbers or more
            spare = once.get(suit, 0) if jokers else 0
            for first, items in _run_candidates(suit, numbers, spare, jokers, classic, width):
                out[first] = items
    for codes in by_rank.values():
        if len(codes) < 2:
            continue
        for first, items in _set_candidates(tuple(sorted(codes)), jokers, classic, width):
            runs = out.get(first)
            out[first] = (
                items if runs is None else tuple(sorted(runs + items, key=lambda item: -item[0]))
            )
    return out


def find_melds(hand: list[str], variant: str = "majlis") -> list[list[str]]:
    """A high-value set of non-overlapping melds from ``hand`` (a multiset; jokers included).

    Exact within its candidates: the best total meld value, then the most cards. Each group is
    in table order, so :func:`classify` reads its jokers as placed here.
    """
    counts: dict[str, int] = {}
    jokers = 0
    for code in hand:
        if isinstance(code, str) and code in _CODES:
            if code == JOKER:
                jokers += 1
            else:
                counts[code] = counts.get(code, 0) + 1
    most = max(max(counts.values(), default=0), jokers)
    width = max(3, most.bit_length() + 1)
    by_first = _candidate_groups(counts, jokers, variant == "classic", width)
    if not by_first:
        return []
    used = 0
    for items in by_first.values():
        for _, need, _ in items:
            used |= need
    # Cards no candidate uses cannot change the answer: leave them out of the search.
    ones = _field_bits(width)[0]
    spread = used
    for shift in range(1, width - 1):
        spread |= used >> shift
    keep = (spread & ones) * ((1 << (width - 1)) - 1)
    start = jokers << (_JOKER_FIELD * width)
    for code, count in counts.items():
        start += count << (_FIELD[code] * width)
    return [list(g) for g in _search(start & keep, by_first, width)[1]]


def _search(
    start: int, by_first: dict[int, tuple[_Candidate, ...]], width: int
) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """The best (score, groups) for ``start``: its first natural card is either left out or
    the first natural of a candidate. A candidate whose first natural is not the state's first
    natural card is reached when that card's own turn comes, because naturals are taken in
    order and lower ones are either used or left out before. Ties keep the first found."""
    guards = _field_bits(width)[1]
    memo: dict[int, tuple[int, tuple[tuple[str, ...], ...]]] = {}
    empty: tuple[_Candidate, ...] = ()

    def best(state: int) -> tuple[int, tuple[tuple[str, ...], ...]]:
        found = memo.get(state)
        if found is not None:
            return found
        first = ((state & -state).bit_length() - 1) // width
        if first < 0 or first >= _JOKER_FIELD:
            result: tuple[int, tuple[tuple[str, ...], ...]] = (0, ())
        else:
            result = best(state - (1 << (first * width)))
            for score, need, cards in by_first.get(first, empty):
                rest = state - need
                if not rest & guards:
                    sub_score, sub_groups = best(rest)
                    if score + sub_score > result[0]:
                        result = (score + sub_score, (cards,) + sub_groups)
        memo[state] = result
        return result

    return best(start)
