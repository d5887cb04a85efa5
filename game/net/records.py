"""Recording tables in the store: what a room, a started table and its seats and clocks look
like as stored (pure functions), and :class:`Records`, the lobby's writes and reads. Missed-turn
counts, the turn clocks' used time and unstarted rooms' seats are stored as they change, so a
restarted server resumes them (:mod:`.resume`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.engine import Match
from game.core.types import JsonObject
from game.table import Seat, Table

from .limits import PRUNE_EVERY
from .model import Player, Room, TableStore
from .outgoing import fair_record
from .pacing import PinnableClock

HEARTBEAT = 5.0  # seconds between "still alive" marks in the store (turn clocks)
RESUME_GRACE = 15.0  # a resumed turn has at least this long (time to reconnect)


def seat_state(room: Room) -> tuple[Any, ...]:
    """What a started room's seat records are made of (:meth:`Records.seat_records`), cheap
    to build and compare on every move: the records are made only when it changed."""
    return tuple(
        [
            (place.name, place.kind, place.level, place.missed, place.assisted, place.left, player)
            for place, player in zip(room.live.seats, room.occupants)
        ]
    )


REPLAY_KEYS = ("game", "players", "options", "seed", "deck", "log")


def finished_match(stored: JsonObject) -> JsonObject:
    """A finished table as a ``record`` reply carries it: what replays the match and the
    seats' names, nothing else (no players' ids or keys)."""
    record = {k: stored.get(k) for k in REPLAY_KEYS}
    # over: its deal secret may be told; null says plainly "not a fair-deal match" (a table
    # stored before the fair deals), never a missing field
    record["fair"] = stored.get("fair")
    return {
        "record": record,
        "names": [str(s.get("name", "")) for s in stored.get("seats") or []],
    }


def _who(player: Player) -> JsonObject:
    return {"player": player.id, "key": player.key, "name": player.name}


def room_record(room: Room) -> JsonObject:
    """An unstarted room as stored: its settings, who sits where and who asked to join
    (TB-2: a request waiting for the host's answer survives a restart)."""
    return {
        "code": room.code,
        "game": room.game,
        "players": room.players,
        "options": room.options,
        "visibility": room.visibility,
        "turn_seconds": room.turn_seconds,
        "bots": room.bots,
        "hints": room.hints,
        "watchable": room.watchable,
        "host": room.host,
        "seats": [None if p is None else {**_who(p), "avatar": p.avatar} for p in room.occupants],
        "pending": [_who(p) for p in room.pending],
    }


class Records:
    """The lobby's store side: every write is dropped when the lobby has no store."""

    def __init__(
        self,
        store: TableStore | None,
        clock: PinnableClock,
        wall: Callable[[], float],
        keep_finished: float,
    ):
        """``wall``: the wall clock stored for restarts; ``keep_finished``: seconds a finished
        table's record is kept."""
        self.store = store
        self.clock = clock
        self.wall = wall
        self.keep_finished = keep_finished
        self._beat_at = -HEARTBEAT
        self._pruned_at = -PRUNE_EVERY

    def seat_records(self, room: Room) -> list[JsonObject]:
        out: list[JsonObject] = []
        for s, place in enumerate(room.live.seats):
            occupant = room.occupants[s]
            out.append(
                {
                    "name": place.name,
                    "kind": place.kind,
                    "level": place.level,
                    "missed": place.missed,
                    "assisted": place.assisted,
                    "left": place.left,
                    "player": occupant.id if occupant else None,
                    "key": occupant.key if occupant else None,
                    "avatar": occupant.avatar if occupant else None,  # his face after a restart
                }
            )
        return out

    def table_record(self, room: Room, seed: int) -> JsonObject:
        """A table that just started, as stored (the log follows in :meth:`save_progress`)."""
        return {
            "code": room.code,
            "game": room.game,
            "players": room.players,
            "options": room.options,
            "seed": seed,
            "deck": None,
            "visibility": room.visibility,
            "turn_seconds": room.turn_seconds,
            "bots": room.bots,
            "hints": room.hints,
            "watchable": room.watchable,
            "host": room.host,
            "seats": self.seat_records(room),
            "fair": fair_record(room),
            "match": room.match_no,
        }

    def clock_record(self, room: Room) -> JsonObject | None:
        """The turn clocks as stored: the wall time, each timed seat's used seconds and how long
        the clocks still stand for the show (None on an untimed table)."""
        table = room.live
        if table.turn_seconds is None:
            return None
        used: dict[str, float] = {}
        for seat in range(room.players):
            left = table.remaining(seat)
            if left is not None:
                used[str(seat)] = round(table.turn_seconds - left, 3)
        held = max(0.0, room.shown_at - self.clock.now()) if table.held else 0.0
        return {"at": self.wall(), "used": used, "held": round(held, 3)}

    # ===== writes ===============================================================================
    def started(self, room: Room, seed: int) -> None:
        """A table just started: its record, its first turn's clock (a restart resumes it),
        and its unstarted room's record gone."""
        if self.store is None:
            return
        self.store.save_table(self.table_record(room, seed))
        self.save_progress(room)
        self.store.drop_room(room.code)

    def save_progress(self, room: Room) -> None:
        """New log entries, the seats if they changed (missed turns, assistance, leaving) and
        the turn clocks, in one transaction."""
        if self.store is None:
            return
        match = room.live.match
        state = seat_state(room)
        changed = state != room.saved_seats
        room.saved_seats = state
        self.store.record(
            room.code,
            room.logged,
            match.log[room.logged :],
            self.seat_records(room) if changed else None,
            self.clock_record(room),
        )

    def finish(self, room: Room, abandoned: bool = False) -> None:
        """The match is over (or ``abandoned``: no restart resumes it)."""
        if self.store is None:
            return
        match = room.live.match
        result: JsonObject = {"result": match.result, "totals": match.totals}
        if abandoned:
            result = {"result": None, "totals": match.totals, "abandoned": True}
        self.store.finish(room.code, result)

    def archive(self, room: Room) -> None:
        """Finished ``room``'s match stays in the store by its number (a rematch begins: the
        table's own record and log go to the next match)."""
        if self.store is None:
            return
        match = room.live.match
        stored: JsonObject = {
            **self.table_record(room, match.seed),
            "deck": match.deck,  # (record() would copy the whole log for it)
            "log": match.log,
            "finished": self.wall(),
            "result": {"result": match.result, "totals": match.totals},
        }
        self.store.archive(room.code, room.match_no, stored)

    def save_room(self, room: Room) -> None:
        """An unstarted room's seats and requests, as they are now."""
        if self.store is not None:
            self.store.save_room(room.code, room_record(room))

    def save_watchable(self, room: Room) -> None:
        """The host let strangers watch (or not): stored with the table or the room."""
        if self.store is None:
            return
        if room.started:
            self.store.watchable(room.code, room.watchable)
        else:
            self.save_room(room)

    def drop_room(self, code: str) -> None:
        if self.store is not None:
            self.store.drop_room(code)

    def keep_alive(self) -> None:
        """Mark the store alive (:data:`HEARTBEAT`) and prune its old records, when due."""
        if self.store is None:
            return
        wall = self.wall()
        if wall - self._beat_at >= HEARTBEAT:
            self._beat_at = wall
            self.store.beat(wall)
        if wall - self._pruned_at >= PRUNE_EVERY:
            self._pruned_at = wall
            self.store.prune(wall - self.keep_finished)

    # ===== reads ================================================================================
    def finished_table(self, code: str, number: int | None = None) -> JsonObject | None:
        """The stored finished match ``number`` (None: the latest) of ``code``
        (:func:`finished_match`), or None: unknown, not over, abandoned, or a store that
        cannot be read at once (Redis reads wait on the loop: there the lobby answers for the
        finished rooms it still holds, every match of them by number)."""
        read = getattr(self.store, "table", None)
        stored = read(code, number) if callable(read) else None
        if not isinstance(stored, dict) or stored.get("finished") is None:
            return None
        result = stored.get("result")
        if isinstance(result, dict) and result.get("abandoned"):
            return None
        return {**finished_match(stored), "match": stored.get("match", 1)}

    def has_code(self, code: str) -> bool:
        """Whether a stored table or room has ``code`` (a new code must be new there too)."""
        return self.store is not None and self.store.has_code(code)

    def resumed_table(self, record: JsonObject, match: Match[Any, Any], seats: list[Seat]) -> Table:
        """A resumed table whose turn goes on with the time that was left when the server
        stopped, not a fresh clock.

        The rule: the stored clocks say how much of the turn was used at their last save; the
        time from then to the server's last heartbeat (:data:`HEARTBEAT`, so at most that much
        in the player's favour) counts as used too, minus what was still held for the show;
        downtime does not count. The turn keeps at least :data:`RESUME_GRACE` seconds, so a
        player has time to reconnect. Several seats to act at once share the time of the one
        that used the least (the table layer gives simultaneous turns one start)."""
        turn = record["turn_seconds"]
        clocks = record.get("clocks")
        if turn is None or not clocks or not clocks.get("used") or self.store is None:
            return Table(match, seats, self.clock, turn)
        alive = max(self.store.alive() or clocks["at"], clocks["at"])
        ran = max(0.0, alive - clocks["at"] - clocks.get("held", 0.0))
        used = min(clocks["used"].values()) + ran
        left = min(turn, max(RESUME_GRACE, turn - used))
        with self.clock.pinned(self.clock.now() - (turn - left)):
            return Table(match, seats, self.clock, turn)
