"""Hand rummy's options, read and checked (docs/RULES.md HR-2, HR-12). All optional; an unknown
key (:data:`OPTION_KEYS`, refused by the engine's base) or a wrong-typed value is refused:

- ``rounds``: 1..20, default 5 (HR-2: the host chooses; 5 matches the other games' length).
- ``variant``: "majlis" (default, seed 004: 2-4 players, HR-10 scoring) or "classic"
  (seed 003: 2-5 players, HR-12 scoring and seed 003's meld values and set joker swap, see
  melds.py).
- ``partnership``: bool, exactly 4 players, seats 0 & 2 against 1 & 3 (HR-12). The winner's
  side scores −30/−60; the other side's members are scored by the variant's rules and summed.
- ``first_dealer``: the seat that deals the first round (default 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from game.core.errors import IllegalAction

from .melds import VARIANTS

OPTION_KEYS = ("rounds", "variant", "partnership", "first_dealer")


class RummyOptions(NamedTuple):
    rounds: int
    variant: str
    partnership: bool
    first_dealer: int


def read_options(opts: Mapping[str, Any], players: int) -> RummyOptions:
    """The options of a table of ``players``, checked. Raises IllegalAction."""
    rounds = opts.get("rounds", 5)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 20:
        raise IllegalAction("The number of rounds must be a whole number from 1 to 20.")
    variant = opts.get("variant", "majlis")
    if variant not in VARIANTS:
        raise IllegalAction('The variant must be "majlis" or "classic".')
    if variant == "majlis" and players > 4:
        raise IllegalAction("The majlis rules are for 2 to 4 players; classic allows 5.")
    partnership = opts.get("partnership", False)
    if not isinstance(partnership, bool):
        raise IllegalAction('"partnership" must be true or false.')
    if partnership and players != 4:
        raise IllegalAction("Partnership play needs exactly 4 players.")
    first = opts.get("first_dealer", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise IllegalAction("The first dealer must be one of the seats.")
    return RummyOptions(rounds, variant, partnership, first)
