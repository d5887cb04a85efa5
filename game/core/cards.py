"""Card codes and decks (docs/DESIGN.md "Card codes").

French: rank 2-10, J, Q, K, A + suit S H D C ("10H", "AS"); jokers "JK".
Spanish: rank 1-7, 10, 11, 12 + suit O C E B ("1O", "12B").
A code is a plain string everywhere: in hands, views, actions and on the wire.
"""

from __future__ import annotations

FRENCH_SUITS = ("S", "H", "D", "C")
FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SHORT_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SPANISH_SUITS = ("O", "C", "E", "B")
SPANISH_RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")
JOKER = "JK"


def split(code: str) -> tuple[str, str]:
    """Split a card code into (rank, suit). The joker splits into ("JK", "")."""
    if code == JOKER:
        return JOKER, ""
    return code[:-1], code[-1]


def rank_of(code: str) -> str:
    return split(code)[0]


def suit_of(code: str) -> str:
    return split(code)[1]


def french_deck(short: bool = False) -> list[str]:
    """The 52-card deck, or the 32-card deck (7 to ace) when short."""
    ranks = SHORT_RANKS if short else FRENCH_RANKS
    return [r + s for s in FRENCH_SUITS for r in ranks]


def spanish_deck() -> list[str]:
    """The Spanish 40-card deck: no 8, 9."""
    return [r + s for s in SPANISH_SUITS for r in SPANISH_RANKS]


def rummy_deck() -> list[str]:
    """Two French 52-card decks and two jokers: 106 cards. Copies share a code."""
    return french_deck() * 2 + [JOKER, JOKER]


def is_french(code: str) -> bool:
    rank, suit = split(code)
    return code == JOKER or (suit in FRENCH_SUITS and rank in FRENCH_RANKS)


def is_spanish(code: str) -> bool:
    rank, suit = split(code)
    return suit in SPANISH_SUITS and rank in SPANISH_RANKS
