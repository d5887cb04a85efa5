"""Who plays with whom at the Ronda table, as the screen says it: :class:`RondaSides`.

Two or three play each for themselves; four play as two teams, partners opposite (RO-3). A
side is a seat without teams and a team with them (the engine's ``side_of``); the screen names
a team "us" or "them", colours it (your side blue, the other terracotta) and lists the sides
yours first. The points a side plays to (41, or the quick game's) are told with them.
:class:`RondaSides` is a part of :class:`game.games.ronda.scene.RondaTable` (``table.sides``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.client.seating import order_from
from game.i18n import t
from game.ui import draw
from game.ui.seat_places import SIDE_COLORS


class RondaSides:
    """The sides of one Ronda match as seen from your seat (see the module docstring)."""

    def __init__(
        self,
        teams: bool,
        target: int,
        mine: int,
        side_of: Callable[[int], int],
        seat_name: Callable[[int], str],
    ) -> None:
        self.teams = teams  # four players: two teams
        self.target = target  # the points a side plays to
        self.mine = mine  # your side
        self.side_of = side_of  # a seat's side (the session's)
        self.seat_name = seat_name  # a seat's name as its plate shows it

    def name(self, side: int) -> str:
        if self.teams:
            return t("ronda.side.us") if side == self.mine else t("ronda.side.them")
        return self.seat_name(side)

    def color(self, side: int) -> draw.RGB:
        """Team play: your side blue, the other terracotta."""
        color: draw.RGB = SIDE_COLORS[(side - self.mine) % 2]
        return color

    def seat_color(self, seat: int) -> draw.RGB | None:
        """The colour of ``seat``'s team (None without teams)."""
        return self.color(self.side_of(seat)) if self.teams else None

    def from_mine(self, count: int) -> list[int]:
        """The sides (seats without teams) in the order the panels show them: yours first."""
        return order_from(self.mine, count)
