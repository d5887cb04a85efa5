"""When each table next needs the lobby's tick: a heap of moments, so a tick visits only the
tables whose moment has come (a turn clock running out, a held clock to start again, a bot due
to move, a grace period ending) instead of every table ten times a second. Pure Python.

Visiting a table early is harmless (``Lobby._tick_room`` acts only on what is due), so the
moment planned is the earliest of everything that could be due. Every change of a table marks
it (``Schedule.touch``: on each event, seat change, bot step and visit; a set insertion, so a move
pays nearly nothing), and the next tick plans each marked table once from its state then. A
table waiting for a person with no clock running has no moment and is never visited.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator, Mapping

from .limits import Limits
from .model import Room


def next_moment(room: Room, limits: Limits) -> float | None:
    """The lobby-clock time at which ``room`` next needs a tick, or None (nothing to time)."""
    quiet = not room.anyone_connected()
    if room.table is None:  # unstarted: it closes if left alone or if it waits too long
        moments = [room.created + limits.unstarted_max]
        if quiet:
            moments.append(room.quiet_since + limits.unstarted_grace)
        return min(moments)
    if room.over:
        return None if room.over_since is None else room.over_since + limits.over_room
    table = room.table
    moments = []
    if quiet:
        moments.append(room.quiet_since + limits.abandoned_grace)
    if table.held:
        moments.append(room.shown_at)  # the clocks start again (an early visit is a no-op)
    if table.turn_seconds is not None:  # an untimed table has no deadlines to ask about
        for seat in range(room.players):
            deadline = table.deadline(seat)  # while held: before the real one, so never late
            if deadline is not None:
                moments.append(deadline)
    if (room.thought is None or room.thought.answer is not None) and table.automated_to_act():
        moments.append(room.bot_due)
    return min(moments) if moments else None


class Schedule:
    """Each room's next moment. A room has one live entry (``Room.due``); an entry planned
    again or for a room gone is stale and skipped when it comes up."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, str]] = []
        self._order = itertools.count()  # ties: first planned, first visited
        self._changed: dict[str, Room] = {}  # rooms to plan again at the next call of due()

    def touch(self, room: Room) -> None:
        """``room`` changed: plan it again (from its state then) at the next :meth:`due`."""
        self._changed[room.code] = room

    def plan(self, room: Room, at: float | None) -> None:
        if at == room.due:
            return
        room.due = at
        if at is not None:
            heapq.heappush(self._heap, (at, next(self._order), room.code))

    def due(
        self, now: float, rooms: Mapping[str, Room], moment: Callable[[Room], float | None]
    ) -> Iterator[Room]:
        """The rooms whose moment is ``now`` or past, earliest first (each once per call;
        visiting one must touch it), after planning each touched room at ``moment(room)``."""
        changed, self._changed = self._changed, {}
        for code, touched in changed.items():
            if rooms.get(code) is touched:  # still open
                self.plan(touched, moment(touched))
        ready: list[Room] = []
        while self._heap and self._heap[0][0] <= now:
            at, _, code = heapq.heappop(self._heap)
            room = rooms.get(code)
            if room is not None and room.due == at:  # else stale (planned again or gone)
                room.due = None
                ready.append(room)
        if len(self._heap) > 4 * len(rooms) + 1024:  # mostly stale entries: rebuild
            self._heap = [entry for entry in self._heap if self._live(entry, rooms)]
            heapq.heapify(self._heap)
        return iter(ready)

    @staticmethod
    def _live(entry: tuple[float, int, str], rooms: Mapping[str, Room]) -> bool:
        room = rooms.get(entry[2])
        return room is not None and room.due == entry[0]

    def __len__(self) -> int:
        return len(self._heap)
