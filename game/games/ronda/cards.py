"""The Spanish deck in Ronda's order (RO-6): the facts every part of the game reads (rules,
bots, table), kept apart from the rules that use them."""

from __future__ import annotations

from typing import Any

from game.core.cards import SPANISH_RANKS, SPANISH_SUITS, spanish_deck, split

DECK: tuple[str, ...] = tuple(spanish_deck())
RANK_ORDER = SPANISH_RANKS  # RO-6: 1..7, sota 10, caballo 11, rey 12
RANK: dict[str, int] = {}  # card code -> index in Ronda order
LOW_KEY: dict[str, tuple[int, int]] = {}  # TB-7 tie-break: rank, then suit order
for _code in DECK:
    _rank, _suit = split(_code)
    RANK[_code] = RANK_ORDER.index(_rank)
    LOW_KEY[_code] = (RANK[_code], SPANISH_SUITS.index(_suit))
del _code, _rank, _suit


def is_card(code: Any) -> bool:
    """True for a code of the Spanish 40-card deck."""
    return isinstance(code, str) and code in RANK


def rank_name(index: int) -> str:
    """The rank code ("1".."7", "10", "11", "12") at ``index`` in Ronda order."""
    return RANK_ORDER[index]


def sort_hand(cards: list[str]) -> list[str]:
    """Cards in Ronda order, lowest first (suit order breaks ties)."""
    return sorted(cards, key=LOW_KEY.__getitem__)
