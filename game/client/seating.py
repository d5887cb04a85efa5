"""Where each seat sits on the screen: the one seat → position mapping every table uses.

Seats keep the engine's (and the server's) numbers everywhere; only drawing asks
:class:`Seating` where a seat goes. Your seat is at the bottom and the others follow
counter-clockwise (docs/DESIGN.md "Seats and sides": the next player is to your right):

- 2 players: you at the bottom, the other at the top;
- 3 players: right, then left (the three spread round the table, none at the top);
- 4 players: right, top, left;
- 5 players (Hand rummy classic, HR-12): right, top right, top left, left.

Screen positions are numbered as the layouts index them: 0 bottom, 1 right, 2 top, 3 left;
4 top right and 5 top left only at a table of five.
"""

from __future__ import annotations

from dataclasses import dataclass

BOTTOM, RIGHT, TOP, LEFT = 0, 1, 2, 3
TOP_RIGHT, TOP_LEFT = 4, 5  # a table of five

# The screen position of the seat k places after yours (k = 0 is you), per player count.
SPOTS: dict[int, tuple[int, ...]] = {
    2: (BOTTOM, TOP),
    3: (BOTTOM, RIGHT, LEFT),
    4: (BOTTOM, RIGHT, TOP, LEFT),
    5: (BOTTOM, RIGHT, TOP_RIGHT, TOP_LEFT, LEFT),
}


def order_from(first: int, count: int) -> list[int]:
    """``first``, then the numbers after it round ``count`` (seats from you, sides from
    yours): ``order_from(2, 4) == [2, 3, 0, 1]``."""
    return [(first + i) % count for i in range(count)]


@dataclass(frozen=True)
class Seating:
    """The screen positions of a table of ``players`` seen from seat ``me``."""

    players: int
    me: int = 0

    def __post_init__(self) -> None:
        if self.players not in SPOTS:
            raise ValueError(f"No seating for {self.players} players.")
        if not 0 <= self.me < self.players:
            raise ValueError(f"Seat {self.me} is not at a table of {self.players}.")

    def relative(self, seat: int) -> int:
        """How many places after yours ``seat`` sits (0: you)."""
        return (seat - self.me) % self.players

    def spot(self, seat: int) -> int:
        """The screen position of ``seat``: 0 bottom, 1 right, 2 top, 3 left."""
        return SPOTS[self.players][self.relative(seat)]

    def seat_at(self, spot: int) -> int | None:
        """The seat drawn at screen position ``spot`` (None: nobody sits there)."""
        for seat in range(self.players):
            if self.spot(seat) == spot:
                return seat
        return None

    def from_me(self) -> list[int]:
        """Every seat, yours first, then counter-clockwise (the order of play)."""
        return order_from(self.me, self.players)

    def others(self) -> list[int]:
        """The other seats in the order of play after yours."""
        return self.from_me()[1:]
