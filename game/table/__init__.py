"""The table layer: seats, turn timers, timeouts, auto-assist and bot take-over (no pygame).

See :mod:`game.table.table` for the rules it implements (TB-6 … TB-9, HJ-11).
"""

from .clock import FakeClock, SystemClock
from .seats import BOT_LEVELS, SEAT_KINDS, Seat
from .table import (
    ASSIST,
    MISSED_FOR_ASSIST,
    SEAT_LEFT,
    TURN_CHOICES,
    TURN_TIMEOUT,
    Table,
    drive_bots,
    thinker,
)

__all__ = [
    "ASSIST",
    "BOT_LEVELS",
    "MISSED_FOR_ASSIST",
    "SEAT_KINDS",
    "SEAT_LEFT",
    "TURN_CHOICES",
    "TURN_TIMEOUT",
    "FakeClock",
    "Seat",
    "SystemClock",
    "Table",
    "drive_bots",
    "thinker",
]
