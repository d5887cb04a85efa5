"""One seeded random generator per match.

pygbag calls random.seed(1) at start-up, so the global random module would repeat the same
shuffles on every page load. New matches take their seed from the OS; every shuffle of a match
comes from its own Random instance, so seed + action log replay exactly.
"""

from __future__ import annotations

import os
import random
from typing import TypeVar

T = TypeVar("T")


def fresh_seed() -> int:
    """A new 63-bit seed from the operating system (never from the global random state)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


class MatchRng:
    """The match's own generator. Only this object may shuffle cards of a match."""

    def __init__(self, seed: int):
        self.seed = seed
        self._random = random.Random(seed)

    def shuffle(self, cards: list[T]) -> None:
        self._random.shuffle(cards)

    def shuffled(self, cards: list[T]) -> list[T]:
        out = list(cards)
        self._random.shuffle(out)
        return out

    def randrange(self, n: int) -> int:
        return self._random.randrange(n)
