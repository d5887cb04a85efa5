"""What the Ronda table shows of the deal beside the cards: :class:`ShownDeal`.

The numbers follow the animations, not the session: a seat's hand count grows as each card of
a batch lands, a pile as a captured card reaches it. The deal's event sets them (a new deal
empties the piles), the match's view sets them all after Continue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ShownDeal:
    """The deal and batch shown, and the cards in each hand, in each pile and in the stock."""

    players: int
    number: int = 0  # which deal of the match (0 before the first)
    batch: int = 0  # which batch of three (or four) cards of the deal
    batches: int = 0  # how many batches the deal has
    counts: list[int] = field(default_factory=list)  # cards in each seat's hand
    piles: list[int] = field(default_factory=list)  # each seat's face-down pile
    deck_count: int = 0  # cards left in the stock

    def __post_init__(self) -> None:
        self.counts = self.counts or [0] * self.players
        self.piles = self.piles or [0] * self.players

    def new_batch(self, ev: dict[str, Any]) -> None:
        """A ``deal`` event: its batch is about to be dealt (the hands fill as the cards land);
        the first batch of a deal also empties the piles."""
        self.batch, self.batches = ev["batch"], ev["batches"]
        if ev["batch"] == 1:
            self.number = ev["deal"]
            self.piles = [0] * self.players
        self.deck_count = ev["deck_count"]
        self.counts = [0] * self.players

    def sync(self, view: dict[str, Any]) -> None:
        """All of it as the match stands (``view``: the session's view of your seat)."""
        self.number, self.batch, self.batches = view["deal"], view["batch"], view["batches"]
        self.counts = list(view["hand_counts"])
        self.piles = list(view["piles"])
        self.deck_count = view["deck_count"]
