"""The lobby's answers to each client request (docs/RULES.md TB-1..TB-5, TB-8, TB-9) and what
happens on every table change. A mixin of :class:`game.net.rooms.Lobby`."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable, Iterator

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.types import JsonObject
from game.table import Seat, Table

from . import links
from . import protocol as P
from .guard import network_key
from .lobby_api import LobbyApi
from .model import Player, Refusal, Room, Session, engine
from .names import distinct_names
from .pacing import held_until, pacing_seconds
from .records import seat_state

BOT_NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4")
WHOSE_MISSES = {"address": " from your address", "network": " from your network", "server": ""}
log = logging.getLogger("majlis.lobby")


class Handlers:
    """One method per client request, and the table's event handler."""

    # ===== lobby requests ======================================================================
    def _create(self: LobbyApi, session: Session, player: Player, msg: JsonObject) -> None:
        self._not_busy(player)
        limits = self.limits
        if session.creates >= limits.max_creates:
            raise Refusal(
                f"One connection may create at most {limits.max_creates} tables.", "too_many"
            )
        self._room_for_a_table(session.address)
        game, players = msg["game"], msg["players"]
        if players not in P.PLAYER_COUNTS[game]:
            counts = ", ".join(map(str, P.PLAYER_COUNTS[game]))
            raise Refusal(f"{game} is played by {counts} players, not {players}.", "bad_table")
        options = dict(msg.get("options") or {})
        engine_class, _ = engine(game)
        try:
            engine_class.new(players, options, seed=0)  # TB-5: the engine checks options
        except IllegalAction as err:
            raise Refusal(err.message, "bad_table") from None
        room = Room(
            self._new_code(),
            game,
            players,
            options,
            msg["visibility"],
            msg["turn_seconds"],
            msg["bots"],
            [None] * players,
            address=session.address,
            hints=msg.get("hints", False),
        )
        room.created = room.quiet_since = self.clock.now()
        room.occupants[0] = player
        player.room, player.seat = room, 0
        self.rooms[room.code] = room
        if self.cluster is not None:
            self.cluster.own(room.code)
        self.guard.table_opened(session.address, room.code)
        session.creates += 1
        self._send_room(room)

    def _room_for_a_table(self: LobbyApi, address: str) -> None:
        """Make room for one more table from ``address``, or refuse: at the address's, its
        network's or the server's limit, the oldest unstarted table nobody is connected to (of
        that address, that network, anywhere) ends first (:mod:`game.net.limits`: it is the
        cheapest to end, and would end within the grace anyway)."""
        limits = self.limits
        scope = self.guard.tables.full(address)
        if scope is not None and not self._end_a_quiet_table(
            self.guard.tables.held(address, scope)
        ):
            most = limits.tables_per_address if scope == "address" else limits.tables_per_network
            raise Refusal(
                f"At most {most} tables may be open from one {scope}; finish or leave one first.",
                "too_many",
            )
        if len(self.rooms) >= limits.max_rooms and not self._end_a_quiet_table(self.rooms):
            raise Refusal("The server is full; try again later.", "too_many")

    def _end_a_quiet_table(self: LobbyApi, codes: Iterable[str]) -> bool:
        """End the unstarted table among ``codes`` that nobody has been connected to for the
        longest; False if there is none."""
        rooms = (self.rooms.get(code) for code in codes)
        quiet = [r for r in rooms if r and not r.started and not r.anyone_connected()]
        if not quiet:
            return False
        self._close(min(quiet, key=lambda r: r.quiet_since))
        return True

    def _join(self: LobbyApi, session: Session, player: Player, msg: JsonObject) -> None:
        """TB-1: by code or invite link. Wrong codes are limited per address and per network
        (back-off) *before* the code is looked up, and never hold back an address that
        guessed nothing (:mod:`game.net.limits`)."""
        now = self.rate_clock()
        wait, whose = self.guard.join_wait(session.address, now)
        if wait > 0:
            raise Refusal(
                f"Too many wrong codes{WHOSE_MISSES[whose]}; try again in {int(wait + 0.999)} s.",
                "slow_down",
            )
        code = links.room_from_text(msg["code"])
        room = self.rooms.get(code) if code else None
        if room is None and code and self.cluster is not None:
            url = self.cluster.elsewhere(code)
            if url is not None:  # held by another process: go there
                session.conn.send({"t": "moved", "url": url, "code": code})
                return
        if room is None:
            if self.guard.missed(session.address, now):
                network = network_key(session.address)
                log.warning("wrong codes", extra={"event": "wrong_codes", "network": network})
            raise Refusal(f"No table has the code {msg['code'].strip()!r}.", "no_room")
        if player.room is room:
            self._send_room(room)
            if room.started:
                self._send_view(room, player.place)
            return
        self._enter(player, room)

    def _enter(self: LobbyApi, player: Player, room: Room) -> None:
        self._not_busy(player)
        if room.started:
            raise Refusal("That table has already started.", "started")
        if not room.free_seats():
            raise Refusal("That table is full.", "room_full")
        if room.visibility == "approval":  # TB-2
            if player not in room.pending:
                room.pending.append(player)
            player.waiting = room
            player.live_conn.send({"t": "waiting", "code": room.code})
            self._send_room(room)
            return
        self._seat(player, room)  # TB-1 private, TB-3 automatic

    def _join_any(self: LobbyApi, session: Session, player: Player, msg: JsonObject) -> None:
        """TB-4: the automatic table closest to full, then an approval table."""
        self._not_busy(player)
        game = msg.get("game")
        for visibility in ("auto", "approval"):
            rooms = self._open_rooms(game, (visibility,))
            if rooms:
                self._enter(player, rooms[0])
                return
            remote = [
                e
                for e in (self.cluster.remote_open(game) if self.cluster else [])
                if e["visibility"] == visibility
            ]
            if remote and self.cluster is not None:  # the fullest table of another process
                best = min(remote, key=lambda e: (e["players"] - e["seated"], -e["seated"]))
                url = self.cluster.elsewhere(best["code"])
                if url is not None:
                    session.conn.send({"t": "moved", "url": url, "code": best["code"]})
                    return
        raise Refusal("No open table right now; create one.", "no_table")

    def _list(self: LobbyApi, session: Session, player: Player, msg: JsonObject) -> None:
        rooms = self._open_rooms(msg.get("game"), ("auto", "approval"))[:100]
        entries = [self._list_entry(r) for r in rooms]
        if self.cluster is not None:  # other processes' open tables too
            entries += self.cluster.remote_open(msg.get("game"))[: 100 - len(entries)]
        player.live_conn.send({"t": "tables", "list": entries})

    def _list_entry(self: LobbyApi, r: Room) -> JsonObject:
        return {
            "code": r.code,
            "game": r.game,
            "players": r.players,
            "options": r.options,
            "visibility": r.visibility,
            "turn_seconds": r.turn_seconds,
            "hints": r.hints,
            "seated": r.seated(),
            "host": host.name if (host := r.occupants[r.host]) else "",
        }

    def _open_rooms(self: LobbyApi, game: str | None, visibilities: tuple[str, ...]) -> list[Room]:
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

    def _answer(self: LobbyApi, session: Session, player: Player, msg: JsonObject) -> None:
        room = self._hosted(player)
        asker = next((p for p in room.pending if p.id == msg["player"]), None)
        if asker is None:
            raise Refusal("Nobody with that id is asking to join.", "no_request")
        if msg["accept"] and not room.free_seats():
            raise Refusal("The table is full.", "room_full")
        room.pending.remove(asker)
        asker.waiting = None
        if msg["accept"]:
            self._seat(asker, room)
        else:
            self._refuse(asker, room)
            self._send_room(room)

    def _start(self: LobbyApi, session: Session, player: Player, msg: JsonObject) -> None:
        room = self._hosted(player)
        self._count_bot_table(room)
        engine_class, _ = engine(room.game)
        seed = self.seeds()
        match = engine_class.new(room.players, room.options, seed=seed)
        bot_names = iter(BOT_NAMES)
        raw = [
            occupant.name if occupant is not None else next(bot_names)
            for occupant in room.occupants
        ]
        names = distinct_names(raw)
        seats = [
            Seat("bot" if occupant is None else "remote", name, room.bots)
            for occupant, name in zip(room.occupants, names)
        ]
        room.names = names
        for asker in list(room.pending):
            self._refuse(asker, room)
        room.pending.clear()
        self._open_table(room, Table(match, seats, self.clock, room.turn_seconds))
        log.info(
            "table started",
            extra={
                "event": "table_started",
                "code": room.code,
                "game": room.game,
                "people": room.seated(),
            },
        )
        self._pace(room, match.start_events)  # the first deal is shown too
        if self.bot_delay > 0:
            room.bot_due = max(room.bot_due, room.shown_at)
        if self.store is not None:
            self.store.save_table(self._table_record(room, seed))
            self._save_progress(room)  # the first turn's clock too: a restart resumes it
            self.store.drop_room(room.code)
        self._send_room(room)
        self._send_move(room, match.start_events)  # the views' public parts shared from now on
        self._send_deadline(room)
        self._advance(room)

    def _count_bot_table(self: LobbyApi, room: Room) -> None:
        """A table starting with a bot seat counts against its address's and network's bot
        tables until it is over; refused past either limit (nothing changes)."""
        if room.address is None or room.seated() == room.players:
            return
        scope = self.guard.bot_tables.full(room.address)
        if scope is not None:
            limits = self.limits
            most = (
                limits.bot_tables_per_address
                if scope == "address"
                else limits.bot_tables_per_network
            )
            raise Refusal(
                f"At most {most} tables with bots may play from one {scope} at a time; "
                "wait for one to end, or fill the seats with people.",
                "too_many",
            )
        self.guard.bot_tables.add(room.address, room.code)

    def _open_table(self: LobbyApi, room: Room, table: Table) -> None:
        room.table = table
        room.logged = len(table.match.log)
        room.bot_due = self.clock.now() + self.bot_delay
        self._plan(room)
        room.saved_seats = seat_state(room)  # stored with the table (or resumed from it)
        table.listen(lambda events: self._on_events(room, events))

    # ===== playing =============================================================================
    def _act(self: LobbyApi, session: Session, player: Player, msg: JsonObject) -> None:
        room = self._playing(player)
        with self._acting(room, player.place):
            room.live.act(player.place, msg["action"], human=True)
        self._advance(room)

    def _back(self: LobbyApi, session: Session, player: Player, msg: JsonObject) -> None:
        room = self._playing(player)
        with self._acting(room, player.place):
            room.live.reclaim(player.place)  # TB-8 "I'm back"
        self._advance(room)

    def _leave(self: LobbyApi, session: Session, player: Player, msg: JsonObject) -> None:
        if player.waiting is not None:
            asked = player.waiting
            asked.pending.remove(player)
            player.waiting = None
            player.live_conn.send({"t": "left", "code": asked.code})
            self._send_room(asked)
            return
        room = player.room
        if room is None:
            raise Refusal("You are not at a table.", "not_seated")
        seat = player.place
        player.room, player.seat = None, None
        if self.cluster is not None:
            self.cluster.seated(player.key, None)
        player.live_conn.send({"t": "left", "code": room.code})
        room.occupants[seat] = None
        if not room.anyone_connected():
            room.quiet_since = self.clock.now()
        if not room.started:
            if seat == room.host:
                humans = [s for s, p in enumerate(room.occupants) if p is not None]
                if not humans:
                    self._close(room)
                    return
                room.host = humans[0]
            self._send_room(room)
        elif not room.over:
            with self._acting(room, seat):
                room.live.leave(seat)  # TB-9: a bot plays this seat now
            self._send_room(room)
            self._advance(room)

    def _on_events(self: LobbyApi, room: Room, events: list[Event]) -> None:
        """Every table change: each seat gets its own redacted copy and view; the clocks hold
        while clients show the events; the log, seats and clocks are saved."""
        self._pace(room, events)
        match = room.live.match
        if self.store is not None:  # queued first: the frames below wait for this write
            self._save_progress(room)
            if match.phase == "over":
                self.store.finish(room.code, {"result": match.result, "totals": match.totals})
        self._send_move(room, events)  # the seats' patches share their public parts
        self.moved(len(match.log) - room.logged)
        room.logged = len(match.log)
        if match.phase == "over" and room.over_since is None:
            room.over_since = self.clock.now()
            if room.address is not None:  # its bots are done: no longer a bot table
                self.guard.bot_tables.discard(room.address, room.code)
            self._send_room(room)
        self._send_deadline(room)
        now = self.clock.now()
        room.bot_due = now + self.bot_delay
        if self.bot_delay > 0:  # paced bots also wait until the show is over
            room.bot_due = max(room.bot_due, room.shown_at)
        self._plan(room)

    def _pace(self: LobbyApi, room: Room, events: list[Event]) -> None:
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

    def _release(self: LobbyApi, room: Room) -> None:
        """Start the turn clocks again once clients have shown everything, at that moment."""
        table = room.table
        if table is not None and table.held and self.clock.now() >= room.shown_at:
            with self.clock.pinned(room.shown_at):
                table.release()

    @contextlib.contextmanager
    def _acting(self: LobbyApi, room: Room, seat: int) -> Iterator[None]:
        self._release(room)  # a turn starting now starts now, not earlier
        room.actor = seat
        try:
            yield
        finally:
            room.actor = None
