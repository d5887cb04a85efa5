"""Tables and rooms back from the store: after a restart, or adopted from a process of the
cluster that died (pure Python). A table is replayed from its log with its seats and turn
clocks; an unstarted room comes back with its seats and requests; their players are offline
until they come back with their tokens."""

from __future__ import annotations

from game.core.errors import IllegalAction
from game.core.fair import FairDeal
from game.core.types import JsonObject
from game.table import Seat

from .hello import default_avatar
from .model import Player, Room, engine
from .play import Play
from .protocol import AVATARS
from .records import Records
from .roster import Roster


def stored_avatar(value: object, name: str) -> int:
    """The face a stored seat names, if it is one (a record from before avatars were stored,
    or a damaged one: the face from his name, as for a player who chose none)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < AVATARS:
        return value
    return default_avatar(name)


class Resume:
    """Rebuilds stored tables and rooms into the lobby."""

    def __init__(self, records: Records, roster: Roster, play: Play):
        self.records = records
        self.roster = roster
        self.play = play
        self.clock = play.clock

    def everything(self) -> None:
        """Every unfinished table from its log and every unstarted room from its seats."""
        store = self.records.store
        assert store is not None, "only a lobby with a store resumes"
        for record in store.unfinished():
            self.table(record)
        for record in store.rooms():
            self.room(record)

    def table(self, record: JsonObject) -> None:
        """A started table, replayed (a damaged record is not resumed)."""
        engine_class, _ = engine(record["game"])
        record = {**record, "options": engine_class.known_options(record["options"])}
        try:
            match = engine_class.replay(record)
        except (IllegalAction, KeyError, TypeError, ValueError):
            return
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
        if record.get("fair"):  # a table stored before the fair deals has a plain seed
            room.fair = FairDeal.from_record(record["fair"])
        else:  # ... said so (fair: null), never a secret it was not dealt from
            room.fair_dealt = False
        room.match_no = int(record.get("match") or 1)  # records from before rematches: 1
        self.play.open(room, self.records.resumed_table(record, match, seats))
        if record["turn_seconds"] is not None:
            self.records.save_progress(room)  # the clocks as resumed: downtime never counts again
        if match.phase == "over" and self.records.store is not None:  # finished, not marked
            self.records.finish(room)
            room.over_since = self.clock.now()

    def room(self, record: JsonObject) -> None:
        """An unstarted room: same code, settings and seats, everyone offline."""
        if record["code"] in self.roster.rooms:
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
            self.records.drop_room(record["code"])
            return
        host = record["host"]
        if occupants[host] is None:
            host = next(s for s, p in enumerate(occupants) if p is not None)
        room = self._seat_stored({**record, "host": host}, occupants)
        self._requests(room, record.get("pending") or [])  # none in older records

    def _requests(self, room: Room, requests: list[JsonObject]) -> None:
        """TB-2: the requests to join that waited for the host's answer wait again (each
        asker, offline until he comes back with his token, is told ``waiting`` then)."""
        for info in requests:
            asker = self._stored_player(info)
            if asker.room is None and asker.waiting is None and room.free_seats():
                asker.waiting = room
                room.pending.append(asker)

    def _stored_player(self, info: JsonObject) -> Player:
        player = self.roster.stored_player(info["key"], info["player"], info["name"])
        if player.avatar is None:  # his stored face until he says hello (older records: none)
            player.avatar = stored_avatar(info.get("avatar"), player.name)
        return player

    def _seat_stored(
        self, record: JsonObject, occupants: list[Player | None], names: list[str] | None = None
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
            watchable=bool(record.get("watchable", True)),  # older records: watchable
        )
        room.created = room.quiet_since = self.clock.now()
        for seat, player in enumerate(occupants):
            if player is not None:
                player.room, player.seat = room, seat
        self.roster.add(room)
        return room
