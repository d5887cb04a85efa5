"""Recording tables in the store and resuming them after a restart.

A mixin of :class:`game.net.rooms.Lobby`. Missed-turn counts, the turn clocks' used time and
unstarted rooms' seats are stored as they change, so a restarted server resumes them."""

from __future__ import annotations

from typing import Any

from game.core.engine import Match
from game.core.errors import IllegalAction
from game.core.types import JsonObject
from game.table import Seat, Table

from .lobby_api import LobbyApi
from .model import Player, Room, engine

HEARTBEAT = 5.0  # seconds between "still alive" marks in the store (turn clocks)
RESUME_GRACE = 15.0  # a resumed turn has at least this long (time to reconnect)


def seat_state(room: Room) -> tuple[Any, ...]:
    """What a started room's seat records are made of (:meth:`Records._seat_records`), cheap
    to build and compare on every move: the records are made only when it changed."""
    return tuple(
        [
            (place.name, place.kind, place.level, place.missed, place.assisted, place.left, player)
            for place, player in zip(room.live.seats, room.occupants)
        ]
    )


class Records:
    """The lobby's store side."""

    def _seat_records(self: LobbyApi, room: Room) -> list[JsonObject]:
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
                }
            )
        return out

    def _room_record(self: LobbyApi, room: Room) -> JsonObject:
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
            "host": room.host,
            "seats": [
                None if p is None else {"player": p.id, "key": p.key, "name": p.name}
                for p in room.occupants
            ],
            "pending": [{"player": p.id, "key": p.key, "name": p.name} for p in room.pending],
        }

    def _table_record(self: LobbyApi, room: Room, seed: int) -> JsonObject:
        """A table that just started, as stored (the log follows in :meth:`_save_progress`)."""
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
            "host": room.host,
            "seats": self._seat_records(room),
        }

    def _clock_record(self: LobbyApi, room: Room) -> JsonObject | None:
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

    def _save_progress(self: LobbyApi, room: Room) -> None:
        """New log entries, the seats if they changed (missed turns, assistance, leaving) and
        the turn clocks, in one transaction."""
        assert self.store is not None, "only a lobby with a store saves"
        match = room.live.match
        state = seat_state(room)
        changed = state != room.saved_seats
        room.saved_seats = state
        self.store.record(
            room.code,
            room.logged,
            match.log[room.logged :],
            self._seat_records(room) if changed else None,
            self._clock_record(room),
        )

    def _resumed_table(
        self: LobbyApi, record: JsonObject, match: Match[Any, Any], seats: list[Seat]
    ) -> Table:
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
        if turn is None or not clocks or not clocks.get("used"):
            return Table(match, seats, self.clock, turn)
        assert self.store is not None, "only a lobby with a store resumes"
        alive = max(self.store.alive() or clocks["at"], clocks["at"])
        ran = max(0.0, alive - clocks["at"] - clocks.get("held", 0.0))
        used = min(clocks["used"].values()) + ran
        left = min(turn, max(RESUME_GRACE, turn - used))
        with self.clock.pinned(self.clock.now() - (turn - left)):
            return Table(match, seats, self.clock, turn)

    def _resume(self: LobbyApi) -> None:
        """Rebuild every unfinished table from its log and every unstarted room from its seats;
        their players come back with their tokens."""
        assert self.store is not None, "only a lobby with a store resumes"
        for record in self.store.unfinished():
            self._resume_table(record)
        for record in self.store.rooms():
            self._resume_room(record)

    def _resume_table(self: LobbyApi, record: JsonObject) -> None:
        engine_class, _ = engine(record["game"])
        record = {**record, "options": engine_class.known_options(record["options"])}
        try:
            match = engine_class.replay(record)
        except (IllegalAction, KeyError, TypeError, ValueError):
            return  # a damaged record is not resumed
        seats: list[Seat] = []
        occupants: list[Player | None] = []
        for info in record["seats"]:
            seats.append(
                Seat(
                    info["kind"],
                    info["name"],
                    info["level"],
                    info["missed"],
                    info["assisted"],
                    info["left"],
                )
            )
            player = None
            if info["key"] and not info["left"]:
                player = self._stored_player(info)
            occupants.append(player)
        room = self._seat_stored(record, occupants, names=[s.name for s in seats])
        self._open_table(room, self._resumed_table(record, match, seats))
        if self.store is not None and record["turn_seconds"] is not None:
            self._save_progress(room)  # the clocks as resumed: this downtime never counts again
        if match.phase == "over" and self.store is not None:  # finished but not yet marked
            self.store.finish(room.code, {"result": match.result, "totals": match.totals})
            room.over_since = self.clock.now()

    def adopt_table(self: LobbyApi, record: JsonObject) -> int:
        """A started table another process held (it died): resumed here from its log.
        Returns 1 if adopted."""
        if record["code"] in self.rooms:
            return 0
        self._resume_table(record)
        return self._adopted(record["code"])

    def adopt_room(self: LobbyApi, record: JsonObject) -> int:
        """An unstarted room another process held. Returns 1 if adopted."""
        if record["code"] in self.rooms:
            return 0
        self._resume_room(record)
        return self._adopted(record["code"])

    def _adopted(self: LobbyApi, code: str) -> int:
        room = self.rooms.get(code)
        if room is None:
            return 0
        assert self.cluster is not None, "only a process of a cluster adopts tables"
        self.cluster.own(code)
        for occupant in room.occupants:
            if occupant is not None:
                self.cluster.seated(occupant.key, code)
        return 1

    def _seat_stored(
        self: LobbyApi,
        record: JsonObject,
        occupants: list[Player | None],
        names: list[str] | None = None,
    ) -> Room:
        """A stored table's or room's :class:`Room` back in the lobby, ``occupants`` seated in
        it (the store keeps the settings, the lobby's clock starts afresh)."""
        room = Room(
            record["code"],
            record["game"],
            record["players"],
            record["options"],
            record["visibility"],
            record["turn_seconds"],
            record["bots"],
            occupants,
            host=record["host"],
            hints=bool(record.get("hints", False)),  # records from before hints have none
            names=names or [],
        )
        room.created = room.quiet_since = self.clock.now()
        for seat, player in enumerate(occupants):
            if player is not None:
                player.room, player.seat = room, seat
        self.rooms[room.code] = room
        self._plan(room)
        return room

    def _stored_player(self: LobbyApi, info: JsonObject) -> Player:
        player = self.players.get(info["key"]) or Player(info["player"], info["key"], info["name"])
        self.players[player.key] = player
        return player

    def _resume_room(self: LobbyApi, record: JsonObject) -> None:
        """An unstarted room after a restart: same code, settings and seats, everyone offline."""
        if record["code"] in self.rooms:
            return
        options = engine(record["game"])[0].known_options(record["options"])
        record = {**record, "options": options}
        occupants: list[Player | None] = []
        for info in record["seats"]:
            player = self._stored_player(info) if info else None
            if player is not None and player.room is not None:
                player = None  # seated elsewhere already
            occupants.append(player)
        if not any(occupants):
            if self.store is not None:
                self.store.drop_room(record["code"])
            return
        host = record["host"]
        if occupants[host] is None:
            host = next(s for s, p in enumerate(occupants) if p is not None)
        room = self._seat_stored({**record, "host": host}, occupants)
        self._resume_requests(room, record.get("pending") or [])  # none in older records

    def _resume_requests(self: LobbyApi, room: Room, requests: list[JsonObject]) -> None:
        """TB-2: the requests to join that waited for the host's answer wait again (each
        asker, offline until he comes back with his token, is told ``waiting`` then)."""
        for info in requests:
            asker = self._stored_player(info)
            if asker.room is None and asker.waiting is None and room.free_seats():
                asker.waiting = room
                room.pending.append(asker)
