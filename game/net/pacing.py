"""How long clients take to show events (THE place for these numbers), the lobby's clock that
can be pinned at a past moment, and the :class:`Pacer` that holds a table's turn clocks while
its clients show a batch. Pure Python.

Seconds, at normal animation speed, measured against game/ui (tween durations plus a short
pause to read). The turn clocks stand still while clients show a batch of events, and paced
bots (bot_delay > 0) wait for the show to end. Events not listed take no time (bids, "drew"
into one's own hand, table events).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from game.core.events import Event

from .model import Clock, Room

PACE_DEALT_CARD = 0.075  # a deal: each card dealt flies from the deck (hands + table cards)
PACE_EVENT: dict[str, float] = {
    "card_played": 0.3,
    "played": 0.3,
    "laid": 0.3,
    "discarded": 0.3,  # one card flies
    "trick_won": 1.0,
    "captured": 1.0,
    "sweep": 1.0,  # cards collected
    "melded": 0.8,
    "added": 0.5,
    "joker_swapped": 0.8,  # melds laid
    "bids_revealed": 1.0,
    "declarations_revealed": 1.5,  # banners read
    "round_scored": 4.0,
    "deal_scored": 4.0,  # the score panel
}
PACE_MAX_BACKLOG = 15.0  # clocks are never held more than this far ahead


def pacing_seconds(events: list[Event]) -> float:
    """Seconds a client needs to show ``events`` (see :data:`PACE_EVENT`)."""
    total = 0.0
    for event in events:
        if event.type == "deal":
            cards = sum(len(part.get("hand", ())) for part in event.private.values())
            cards += len(event.data.get("table") or ())
            total += cards * PACE_DEALT_CARD
        else:
            total += PACE_EVENT.get(event.type, 0.0)
    return total


def held_until(now: float, shown_at: float, seconds: float) -> float:
    """When clients will have shown a batch of ``seconds`` that arrives at ``now`` while they
    are showing until ``shown_at``: batches are shown one after another, and the backlog is
    bounded by :data:`PACE_MAX_BACKLOG`."""
    return min(max(now, shown_at) + seconds, now + PACE_MAX_BACKLOG)


class PinnableClock:
    """The lobby's clock, which the lobby can pin at a past moment for one call, so that
    ``Table.release`` (and a resumed table's first turn) take the exact time it means instead
    of the time the next tick happened to run; and which can stand still (play paused while a
    cluster's Redis is away, :mod:`game.net.outage`): the time it stood still never passes
    for the lobby."""

    def __init__(self, clock: Clock):
        self.clock = clock
        self._pinned: float | None = None
        self._stopped: float | None = None  # the underlying clock's time when it stood still
        self._skipped = 0.0  # the time it stood still, in all

    def now(self) -> float:
        if self._pinned is not None:
            return self._pinned
        base = self._stopped if self._stopped is not None else self.clock.now()
        return base - self._skipped

    @contextlib.contextmanager
    def pinned(self, at: float) -> Iterator[None]:
        self._pinned = at
        try:
            yield
        finally:
            self._pinned = None

    def stand_still(self) -> None:
        if self._stopped is None:
            self._stopped = self.clock.now()

    def go_on(self) -> float:
        """Time passes again; returns how long it stood still."""
        if self._stopped is None:
            return 0.0
        gap = self.clock.now() - self._stopped
        self._skipped += gap
        self._stopped = None
        return gap


class Pacer:
    """Holds a table's turn clocks while its clients show a batch of events, and starts them
    again once everything is shown (``pace`` scales the holds; 0: clocks never held)."""

    def __init__(self, clock: PinnableClock, pace: float = 1.0):
        self.clock = clock
        self.pace = pace

    def hold(self, room: Room, events: list[Event]) -> None:
        """Hold the turn clocks while clients show ``events``: clients show batches one after
        another, so the time adds to what is still being shown (bounded). An untimed table
        has no clock to hold: it is not held, so the tick need not visit it to start the
        clocks again (``shown_at`` still paces its bots)."""
        seconds = pacing_seconds(events) * self.pace
        if seconds <= 0 or room.over:
            return
        room.shown_at = held_until(self.clock.now(), room.shown_at, seconds)
        if room.live.turn_seconds is not None:
            room.live.hold()

    def release(self, room: Room) -> None:
        """Start the turn clocks again once clients have shown everything, at that moment."""
        table = room.table
        if table is not None and table.held and self.clock.now() >= room.shown_at:
            with self.clock.pinned(room.shown_at):
                table.release()

    @contextlib.contextmanager
    def acting(self, room: Room, seat: int) -> Iterator[None]:
        """While ``seat``'s move is applied: the clocks released first (a turn starting now
        starts now, not earlier) and the room knows who acts (``by`` in its messages)."""
        self.release(room)
        room.actor = seat
        try:
            yield
        finally:
            room.actor = None
