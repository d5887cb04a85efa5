"""Who sits in each seat, and whether a bot makes that seat's moves right now."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.spec import BOT_LEVELS as BOT_LEVELS  # re-exported by game.table

SEAT_KINDS = ("human", "bot", "remote")


@dataclass
class Seat:
    """One seat at a table.

    ``level`` is the bot level for a bot seat, and also the level auto-assistance (TB-8) and a
    take-over after leaving (TB-9) play at for a human seat.
    """

    kind: str = "human"  # "human" | "bot" | "remote"
    name: str = ""
    level: str = "normal"
    missed: int = 0  # turns timed out in a row (TB-8)
    assisted: bool = False  # TB-8: a bot plays until the player says "I'm back"
    left: bool = False  # TB-9: the player left; a bot finishes the match

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"Seat kind must be one of {SEAT_KINDS}, not {self.kind!r}.")
        if self.level not in BOT_LEVELS:
            raise ValueError(f"Bot level must be one of {BOT_LEVELS}, not {self.level!r}.")

    @property
    def automated(self) -> bool:
        """True when a bot makes this seat's moves now (a bot seat, assisted, or left)."""
        return self.kind == "bot" or self.assisted or self.left
