"""Who sits where: the lobby's rooms and players, seating, refusing and closing (pure Python).

Every change of a room's seats goes through :meth:`Roster.announce`: its players are told,
an unstarted room's seats are stored (restart), the other processes learn who sits there and
whether it is on the public list, and its next visit by the lobby's tick is planned.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable

from . import protocol
from .botplay import Bots
from .guard import AddressGuard
from .identities import IdleIdentities
from .model import Player, RequestRefused, Room
from .outgoing import Outgoing, list_entry
from .peers import Peers
from .records import Records
from .schedule import Schedule

log = logging.getLogger("majlis.lobby")


def stage_of(room: Room) -> str:
    """Where a public table stands, as the directory says it (``open``: on the list to join;
    ``full``: not started, no seat free; ``live``: playing, on the list to watch when its host
    lets strangers watch; ``over``)."""
    if not room.started:
        return "open" if room.free_seats() else "full"
    return "over" if room.over else "live"


class Roster:
    """Every room and player of the lobby, and the moves of players between them."""

    def __init__(
        self,
        rooms: dict[str, Room],
        clock: Callable[[], float],
        identities: tuple[float, int],
        schedule: Schedule,
        records: Records,
        outgoing: Outgoing,
        peers: Peers,
        guard: AddressGuard,
        bots: Bots,
    ):
        """``rooms``: the lobby's, by code (shared with ``bots``); ``identities``: (seconds,
        count) an unseated player's token is kept."""
        self.clock = clock
        self.schedule = schedule
        self.records = records
        self.outgoing = outgoing
        self.peers = peers
        self.guard = guard
        self.rooms = rooms
        self.players: dict[str, Player] = {}  # by token key
        self.idle = IdleIdentities(self.players, *identities)  # unseated and offline
        self.bots = bots
        self._codes = random.SystemRandom()

    # ===== news =================================================================================
    def announce(self, room: Room) -> None:
        """``room``'s seats changed: every seated player gets the room; an unstarted room's
        seats are stored (restart), the other processes told; its next tick is planned."""
        self.schedule.touch(room)
        held = room.code in self.rooms
        if held and not room.started:
            self.records.save_room(room)
        if held and self.peers.sharing:
            self._share(room)
        self.outgoing.send_room(room)

    def _share(self, room: Room) -> None:
        """Tell the other processes (:mod:`game.net.cluster`) who sits here and the table's
        public entry (a private table has none: nobody elsewhere learns its code exists)."""
        self.share_entry(room)
        for occupant in room.occupants:
            if occupant is not None and occupant.room is room:
                self.peers.seated(occupant.key, room.code)

    def share_entry(self, room: Room) -> None:
        """The directory's entry of ``room`` (its ``stage``: :func:`stage_of`), for the other
        processes' lists and watches; None for a private one."""
        if room.code in self.rooms and self.peers.sharing:
            public = room.visibility != "private"
            entry = {**list_entry(room), "stage": stage_of(room)} if public else None
            self.peers.listed(room.code, entry)

    def add(self, room: Room) -> None:
        """``room`` is open in this lobby now (new, or back from the store)."""
        self.rooms[room.code] = room
        self.schedule.touch(room)

    # ===== checks ===============================================================================
    def not_busy(self, player: Player) -> None:
        """``player`` free to sit somewhere new: refused while at a table still playing; a
        finished table is left, a request to join withdrawn."""
        if player.room is not None and not player.room.over:
            raise RequestRefused("You are already at a table; leave it first.", "seated")
        if player.room is not None:  # a finished table: simply move on
            player.room.occupants[player.place] = None
            player.room, player.seat = None, None
        if player.waiting is not None:
            player.waiting.pending.remove(player)
            self.announce(player.waiting)
            player.waiting = None

    def hosted(self, player: Player) -> Room:
        """The unstarted room ``player`` hosts (else refused)."""
        room = player.room
        if room is None:
            raise RequestRefused("You are not at a table.", "not_seated")
        if room.started:
            raise RequestRefused("The match has already started.", "started")
        if player.seat != room.host:
            raise RequestRefused("Only the host may do that.", "not_host")
        return room

    def playing(self, player: Player) -> Room:
        """The started room ``player`` sits at (else refused)."""
        room = player.room
        if room is None:
            raise RequestRefused("You are not at a table.", "not_seated")
        if not room.started:
            raise RequestRefused("The match has not started yet.", "not_started")
        return room

    def open_rooms(self, game: str | None, visibilities: tuple[str, ...]) -> list[Room]:
        """Unstarted public rooms with a free seat, closest to full first (fewest free seats,
        then most seated), oldest code order as the last tie-break."""
        rooms = [
            r
            for r in self.rooms.values()
            if r.visibility in visibilities
            and not r.started
            and r.free_seats()
            and (game is None or r.game == game)
        ]
        return sorted(rooms, key=lambda r: (len(r.free_seats()), -r.seated()))

    def new_code(self) -> str:
        """A room code no open room and no stored one has."""
        while True:
            code = protocol.new_code(self._codes)
            if code not in self.rooms and not self.records.has_code(code):
                return code

    # ===== seats ================================================================================
    def seat(self, player: Player, room: Room) -> None:
        """``player`` takes the first free seat; the last seat given refuses everyone still
        asking."""
        seat = room.free_seats()[0]
        room.occupants[seat] = player
        player.room, player.seat, player.waiting = room, seat, None
        if not room.free_seats():
            for asker in list(room.pending):
                self.refuse(asker, room)
            room.pending.clear()
        self.announce(room)

    def refuse(self, asker: Player, room: Room) -> None:
        """``asker``'s request to join ``room`` is refused (he is told if connected)."""
        if asker in room.pending:
            room.pending.remove(asker)
        asker.waiting = None
        if asker.conn is not None:
            asker.conn.send({"t": "refused", "code": room.code})
        elif asker.room is None:
            self.idle.keep(asker, self.clock())  # offline and nothing to wait for any more

    def stored_player(self, key: str, player_id: str, name: str) -> Player:
        """The player a stored record names: the one this lobby knows by ``key``, or him
        again (offline until he comes back with his token)."""
        player = self.players.get(key) or Player(player_id, key, name)
        self.players[player.key] = player
        return player

    # ===== closing ==============================================================================
    def close(self, room: Room, reason: str = "") -> None:
        """The room ends: its players are free again (told why when ``reason``), it leaves
        the lobby, the per-address count and, unstarted, the store."""
        if self.rooms.pop(room.code, None) is None:
            return
        log.info(
            "table closed",
            extra={
                "event": "table_closed",
                "code": room.code,
                "started": room.started,
                "over": room.over,
                "reason": reason or None,
            },
        )
        for asker in list(room.pending):
            self.refuse(asker, room)
        self.peers.drop(room.code)
        for occupant in room.occupants:
            if occupant is not None and occupant.room is room:
                self._free(occupant, room, reason)
        self.outgoing.let_audience_go(room.code, reason or "The table closed.", "closed")
        self.bots.forget(room)
        if room.address is not None:
            self.guard.table_closed(room.address, room.code)
        if not room.started:
            self.records.drop_room(room.code)

    def _free(self, occupant: Player, room: Room, reason: str) -> None:
        """``occupant`` of the closing ``room`` is seated nowhere now."""
        self.peers.seated(occupant.key, None)
        occupant.room, occupant.seat = None, None
        if occupant.conn is not None and reason:
            occupant.conn.send(protocol.error(reason, "closed"))
            occupant.conn.send({"t": "left", "code": room.code})
        if occupant.conn is None and occupant.waiting is None:
            self.idle.keep(occupant, self.clock())
