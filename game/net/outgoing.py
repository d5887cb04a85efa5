"""What clients are sent: the room, each seat's events and view, the turn clocks, a table's
entry in the public list.

:class:`Outgoing` writes to the connections of a room's occupants; the guests' delta trackers
(:class:`~game.net.delta.ViewSender`) make each view a patch of the one sent before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.engine import Match
from game.core.events import Event
from game.core.types import JsonObject

from . import links, protocol
from .delta import Shared
from .guests import Guests
from .limits import Limits
from .model import Conn, Player, Room
from .names import distinct_names
from .pacing import Pacer, PinnableClock
from .watchers import Audience, Watchers


def list_entry(room: Room) -> JsonObject:
    """``room`` as the public list shows it (``tables``, and the cluster's directory)."""
    host = room.occupants[room.host]
    return {
        "code": room.code,
        "game": room.game,
        "players": room.players,
        "options": room.options,
        "visibility": room.visibility,
        "turn_seconds": room.turn_seconds,
        "hints": room.hints,
        "seated": room.seated(),
        "host": host.name if host else "",
        "watchable": room.watchable,
    }


def avatar_of(player: Player | None) -> int | None:
    """The face a seat shows: its player's (his ``hello``'s), None for nobody."""
    return None if player is None else player.avatar


class Outgoing:
    """The lobby's messages to the players at a table."""

    def __init__(
        self,
        guests: Guests,
        pacer: Pacer,
        link_base: str = "",
        deltas: bool = True,
        watchers: Watchers | None = None,
    ):
        """``deltas`` False sends every view whole (benchmarks compare); ``watchers``: the
        tables' spectators (:mod:`.watchers`), who get what every seat may see."""
        self.watchers = watchers if watchers is not None else Watchers(Limits())
        self.guests = guests
        self.pacer = pacer
        self.clock: PinnableClock = pacer.clock
        self.link_base = link_base
        self.deltas = deltas
        # ----- rematch: a fresh view of a finished table also carries its offer -----
        self.after_view: Callable[[Room, int], None] = lambda room, seat: None

    def room_msg(self, room: Room, for_player: Player | None) -> JsonObject:
        seats = []
        names = (
            room.names
            if room.table is not None
            else distinct_names([p.name if p is not None else "" for p in room.occupants])
        )
        for s in range(room.players):
            occupant = room.occupants[s]
            connected = occupant is not None and occupant.conn is not None
            if room.table is not None:
                place = room.table.seats[s]
                seats.append(
                    {
                        "name": place.name,
                        "kind": "bot" if place.kind == "bot" else "human",
                        "connected": connected,
                        "assisted": place.assisted,
                        "left": place.left,
                        "avatar": None if place.kind == "bot" else avatar_of(occupant),
                    }
                )
            else:
                seats.append(
                    {
                        "name": names[s],
                        "kind": "human" if occupant else "empty",
                        "connected": connected,
                        "assisted": False,
                        "left": False,
                        "avatar": avatar_of(occupant),
                    }
                )
        is_host = (
            for_player is not None and for_player.room is room and for_player.seat == room.host
        )
        return {
            "t": "room",
            "code": room.code,
            "link": links.build_invite_link(self.link_base, room.code),
            "game": room.game,
            "players": room.players,
            "options": room.options,
            "visibility": room.visibility,
            "turn_seconds": room.turn_seconds,
            "bots": room.bots,
            "hints": room.hints,
            "seats": seats,
            "host": room.host,
            "you": for_player.seat if for_player is not None and for_player.room is room else None,
            "pending": [{"player": p.id, "name": p.name} for p in room.pending] if is_host else [],
            "started": room.started,
            "over": room.over,
            "fair": fair_part(room),
            "match": room.match_no,
            "watchers": self.watchers.count(room.code),
            "watchable": room.watchable,
        }

    def send_room(self, room: Room) -> None:
        """Every seated player gets the room as he sees it (a watcher as a stranger does)."""
        for occupant in room.occupants:
            if occupant is not None and occupant.conn is not None and occupant.room is room:
                occupant.conn.send(self.room_msg(room, occupant))
        audience = self.watchers.tables.get(room.code)
        if audience is not None:
            self._to_audience(audience, self.room_msg(room, None))

    def send_view(self, room: Room, seat: int) -> None:
        self.send_events(room, seat, [])
        occupant = room.occupants[seat]
        if room.over and occupant is not None and occupant.conn is not None:
            if room.fair_dealt:
                occupant.conn.send(reveal_msg(room))
            self.after_view(room, seat)

    def send_reveal(self, room: Room) -> None:
        """The match is over: every connected seat gets the secret and the log."""
        if not room.fair_dealt:
            return  # a plain seed: no secret to reveal
        msg = reveal_msg(room)
        for occupant in room.occupants:
            if occupant is not None and occupant.conn is not None and occupant.room is room:
                occupant.conn.send(msg)
        audience = self.watchers.tables.get(room.code)
        if audience is not None:
            self._to_audience(audience, msg)

    def send_events(self, room: Room, seat: int, events: list[Event]) -> None:
        """The seat's events and view (a seat's own change, or its view when it comes back)."""
        occupant = room.occupants[seat]
        if occupant is None or occupant.conn is None:
            return
        match = room.live.match
        acting = match.phase != "over" and seat in match.to_act()
        seen = [event.for_seat(seat) for event in events]
        legal = match.legal_actions(seat) if acting else []
        self.deliver(room, occupant.conn, seen, match.view(seat), legal)

    def send_move(self, room: Room, events: list[Event]) -> None:
        """:meth:`send_events` to every seat for one change, what the seats share made once:
        the turn, the events nobody has a private part of, the views (built together where the
        game can, :func:`seat_views`) and their patches (:class:`~game.net.delta.Shared`)."""
        match = room.live.match
        acting = () if match.phase == "over" else match.to_act()
        public = [event.for_seat(None) for event in events]
        views: list[JsonObject] | None = None
        shared = Shared()
        for seat, occupant in enumerate(room.occupants):
            if occupant is None or occupant.conn is None:
                continue
            if views is None:
                views = seat_views(match)
            seen = [
                event.for_seat(seat) if seat in event.private else shown
                for event, shown in zip(events, public)
            ]
            legal = match.legal_actions(seat) if seat in acting else []
            self.deliver(room, occupant.conn, seen, views[seat], legal, shared)
        audience = self.watchers.tables.get(room.code)
        if audience is not None:  # the spectators: what every seat may see, once for all
            self._watched(room, audience, public)

    def deliver(
        self,
        room: Room,
        conn: Conn,
        seen: list[JsonObject],
        view: JsonObject,
        legal: list[Any],
        shared: Shared | None = None,
    ) -> None:
        """One seat's ``events`` message, its view as a patch to the one this connection was
        sent before (:mod:`game.net.delta`; ``shared``: the other seats' patches of the same
        change) unless ``deltas`` is off."""
        msg: JsonObject = {
            "t": "events",
            "events": seen,
            "view": view,
            "legal": legal,
            "log": len(room.live.match.log),
            "by": room.actor,
        }
        guest = self.guests.of(conn)
        if self.deltas and guest is not None:
            msg.update(guest.views.fields(room.code, msg.pop("view"), shared))
        conn.send(msg)

    def send_deadline(self, room: Room, only: Player | None = None) -> None:
        table = room.table
        if table is None or table.turn_seconds is None:
            return
        self.pacer.release(room)
        shown = max(0.0, room.shown_at - self.clock.now()) if table.held else 0.0
        remaining = [
            None if r is None else round(r + shown, 1)
            for r in (table.remaining(s) for s in range(room.players))
        ]
        for occupant in room.occupants:
            if (
                occupant is not None
                and occupant.conn is not None
                and (only is None or occupant is only)
            ):
                occupant.conn.send({"t": "deadline", "remaining": remaining})
        audience = self.watchers.tables.get(room.code)
        if audience is not None and only is None:
            self._to_audience(audience, {"t": "deadline", "remaining": remaining})

    # ===== spectators (game.net.watchers) =========================================================
    def _watched(self, room: Room, audience: Audience, public: list[JsonObject]) -> None:
        """The public events and the public view (``view(None)``) to every watcher."""
        view = room.live.match.view(None)
        shared = Shared()
        for conn in audience.conns():
            self.deliver(room, conn, public, view, [], shared)

    def send_watcher_view(self, room: Room, watcher: Player) -> None:
        """A new watcher's first look: the room, the audience, the public view (and the
        reveal of an ended match)."""
        conn = watcher.live_conn
        conn.send(self.room_msg(room, None))
        conn.send(self.audience_msg(room))
        if room.table is not None:
            self.deliver(room, conn, [], room.table.match.view(None), [])
            if room.over:
                conn.send(reveal_msg(room))

    def audience_msg(self, room: Room) -> JsonObject:
        return {
            "t": "audience",
            "code": room.code,
            "count": self.watchers.count(room.code),
            "open": room.watchable,
        }

    def send_audience(self, room: Room) -> None:
        """The watcher count changed: every seat and every watcher is told."""
        msg = self.audience_msg(room)
        for occupant in room.occupants:
            if occupant is not None and occupant.conn is not None and occupant.room is room:
                occupant.conn.send(msg)
        audience = self.watchers.tables.get(room.code)
        if audience is not None:
            self._to_audience(audience, msg)

    def let_audience_go(self, code: str, reason: str, why: str) -> None:
        """Every watcher of ``code`` goes, told ``reason`` (``error`` code ``why``) and
        ``left``."""
        for watcher in self.watchers.release(code):
            if watcher.conn is not None:
                watcher.conn.send(protocol.error(reason, why))
                watcher.conn.send({"t": "left", "code": code})

    @staticmethod
    def _to_audience(audience: Audience, msg: JsonObject) -> None:
        for conn in audience.conns():
            conn.send(msg)


def seat_views(match: Match[Any, Any]) -> list[JsonObject]:
    """Every seat's view of ``match``: ``[match.view(s) for s in range(match.players)]``,
    from the game's ``seat_views()`` where it has one (built at once, the public parts the
    same objects: the server only reads them). A server-only fast path, not the engine
    protocol: tests check each game's against its ``view``."""
    together = getattr(match, "seat_views", None)
    if together is not None:
        return list(together())
    return [match.view(seat) for seat in range(match.players)]


def fair_part(room: Room) -> JsonObject | None:
    """The room message's ``fair``: the commitment, and every seat's contribution once the
    match has started (the secret only ever goes in :func:`reveal_msg`); null for a match not
    dealt fairly (a table resumed from before the fair deals)."""
    if not room.fair_dealt:
        return None
    started = room.table is not None
    return {
        "commitment": room.fair.commitment,
        "contributions": (
            [c.hex() for c in room.fair.seat_values(room.players)] if started else None
        ),
    }


def fair_record(room: Room) -> JsonObject | None:
    """What a record keeps of ``room``'s fair deal (its secret: only after the match or in
    the store); None for a match not dealt fairly."""
    return room.fair.record(room.players) if room.fair_dealt else None


def reveal_msg(room: Room) -> JsonObject:
    """After the match (or when it was abandoned): the secret and the whole log."""
    return {
        "t": "reveal",
        "code": room.code,
        "secret": room.fair.secret.hex(),
        "contributions": [c.hex() for c in room.fair.seat_values(room.players)],
        "log": room.live.match.log,
        "commitment": room.fair.commitment,
        "match": room.match_no,
    }
