"""Clocks for the table layer: the real one, and a fake one so tests never sleep."""

from __future__ import annotations

import time


class SystemClock:
    """Monotonic seconds: never jumps back when the wall clock is changed."""

    def now(self) -> float:
        return time.monotonic()


class FakeClock:
    """A clock that moves only when told to (tests, replays, the server's own pacing)."""

    def __init__(self, start: float = 0.0):
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds`` (never backwards)."""
        if seconds < 0:
            raise ValueError("A clock cannot go back in time.")
        self._now += seconds
