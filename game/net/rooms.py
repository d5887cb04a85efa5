"""The server's state without the network: players, rooms, tables, bots, timers, recording.

:class:`Lobby` is synchronous and pure (no websockets, no asyncio, no pygame): the server feeds
it frames (:meth:`Lobby.receive`) and calls :meth:`Lobby.tick` often; the lobby answers by calling
``conn.send(msg_dict)`` on the connections it was given. Tests can drive it directly with a
:class:`~game.table.clock.FakeClock`.

Rules: docs/RULES.md TB-1 (private tables by code or link), TB-2 (approval), TB-3 (automatic join),
TB-4 (join any), TB-5 (player counts and rummy length, checked by the engine), TB-6..TB-8 (turn
clocks, safe move, assistance: :class:`game.table.Table`), TB-9 (a bot finishes for a player who
left).

The lobby is made of parts it owns, each given only the others it needs::

    Lobby ─┬─ Guests     (guests.py)    open connections, their rate and hello timeout
           ├─ Greeter    (hello.py)     hello: who a connection speaks for, tokens
           ├─ Requests   (handlers.py)  one method per request about tables
           ├─ Play       (play.py)      a table's start and every change of it
           ├─ Roster     (roster.py)    rooms and players: seat, refuse, close, announce
           ├─ Bots       (botplay.py)   bots think in slices or in worker processes
           ├─ Outgoing   (outgoing.py)  what clients are sent (views as patches)
           ├─ Records    (records.py)   the store's writes and reads; Resume (resume.py)
           ├─ Pacer      (pacing.py)    turn clocks held while clients show the events
           ├─ Peers      (peers.py)     the other processes of a cluster, if any
           ├─ Reactions  (reactions.py) a seat's "Well played", rate-limited, to its table
           ├─ Rematch    (rematch.py)   "Play again": the next match at a finished table
           ├─ Watchers   (watchers.py)  spectators of public tables: who, limits, the count
           └─ Schedule, AddressGuard, Limits: when each table needs the tick; abuse limits

A move reads as a few calls on them: ``Requests.act`` → ``Pacer.acting`` → the table →
``Play.changed`` (``Records.save_progress``, ``Outgoing.send_move``) → ``Bots.advance``.

- **Identity.** A player without a seat keeps his token → name for ``IDENTITY_TTL`` seconds
  (at most ``MAX_IDENTITIES`` of them), so a reconnect is the same player.
- **Abuse.** Per address: open connections; per address and network: live tables, tables with
  bots, wrong room codes (back-off); per connection: a time to say hello, a message rate (a
  sustained flood is closed with a reason), tables created. Tables nobody is connected to end
  after a grace period and leave the store.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from game.core.errors import IllegalAction
from game.core.rng import fresh_seed
from game.core.types import JsonObject
from game.table.clock import SystemClock

from . import protocol
from .botplay import THINK_CAP, THINK_REST, THINK_SLICE, Bots
from .guard import AddressGuard
from .guests import Guests
from .handlers import Requests
from .hello import Greeter
from .limits import (
    FLOOD_CLOSE,
    FLOOD_STRIKES,
    IDENTITY_TTL,
    MAX_IDENTITIES,
    RATE_BURST,
    RATE_PER_SECOND,
    Limits,
)
from .model import Clock, Conn, Guest, Player, RequestRefused, Room, TableStore, engine, token_key
from .outgoing import Outgoing
from .pacing import (
    PACE_DEALT_CARD,
    PACE_EVENT,
    PACE_MAX_BACKLOG,
    Pacer,
    PinnableClock,
    pacing_seconds,
)
from .peers import Peers
from .play import BOT_NAMES, Play
from .reactions import Reactions
from .records import HEARTBEAT, RESUME_GRACE, Records
from .rematch import Rematch
from .reseat import reseat_connected
from .resume import Resume
from .roster import Roster
from .schedule import Schedule, next_moment
from .tokens import TokenMint, mint_for
from .watchers import Watchers

__all__ = [
    "BOT_NAMES",
    "FLOOD_CLOSE",
    "FLOOD_STRIKES",
    "HEARTBEAT",
    "IDENTITY_TTL",
    "PACE_DEALT_CARD",
    "PACE_EVENT",
    "PACE_MAX_BACKLOG",
    "RATE_BURST",
    "RATE_PER_SECOND",
    "RESUME_GRACE",
    "THINK_CAP",
    "THINK_REST",
    "THINK_SLICE",
    "Limits",
    "Lobby",
    "engine",
    "pacing_seconds",
    "token_key",
]
log = logging.getLogger("majlis.lobby")


class Lobby:
    """Every player and room of one server process: its parts, and the few calls the server
    (and the cluster) make on them."""

    def __init__(
        self,
        store: TableStore | None = None,
        clock: Clock | None = None,
        bot_delay: float = 0.6,
        link_base: str = "",
        rate_clock: Callable[[], float] = time.monotonic,
        rate: tuple[int, float] = (RATE_BURST, RATE_PER_SECOND),
        seeds: Callable[[], int] = fresh_seed,
        pace: float = 1.0,
        think_slice: float | None = THINK_SLICE,
        think_clock: Callable[[], float] = time.perf_counter,
        wall: Callable[[], float] = time.time,
        identities: tuple[float, int] = (IDENTITY_TTL, MAX_IDENTITIES),
        limits: Limits | None = None,
        deltas: bool = True,
    ):
        """``pace`` scales the pacing (0: clocks never held); ``think_slice`` None thinks each
        bot move to the end at once (the old blocking way, for benchmarks); ``think_clock``
        measures thinking; ``wall`` is the wall clock stored for restarts; ``identities`` is
        (seconds, count) an unseated player's token is kept; ``limits`` the abuse limits;
        ``deltas`` False sends every view whole (benchmarks compare)."""
        self.store = store
        self.clock = PinnableClock(clock if clock is not None else SystemClock())
        self.limits = limits or Limits()
        self.rate_clock = rate_clock
        self.guard = AddressGuard(self.limits)
        self.schedule = Schedule()  # when each table next needs tick()
        self.peers = Peers()  # other processes (cluster.py), once the server attaches them
        self.rooms: dict[str, Room] = {}
        self.guests = Guests(
            self.guard, self.clock.now, rate, rate_clock, self.limits.hello_timeout
        )
        self.pacer = Pacer(self.clock, pace)
        self.watchers = Watchers(self.limits)  # spectators (watchers.py)
        self.outgoing = Outgoing(self.guests, self.pacer, link_base, deltas, self.watchers)
        self.records = Records(store, self.clock, wall, self.limits.keep_finished)
        self.bots = Bots(
            self.rooms, self.pacer, self.schedule, self.peers, think_slice, think_clock
        )
        self.roster = Roster(
            self.rooms,
            self.clock.now,
            identities,
            self.schedule,
            self.records,
            self.outgoing,
            self.peers,
            self.guard,
            self.bots,
        )
        self.players: dict[str, Player] = self.roster.players  # by token key
        self.play = Play(
            self.roster,
            self.records,
            self.outgoing,
            self.pacer,
            self.bots,
            self.guard,
            self.schedule,
            bot_delay,
        )
        self.requests = Requests(
            self.roster,
            self.play,
            self.outgoing,
            self.bots,
            self.peers,
            self.guard,
            self.limits,
            rate_clock,
            seeds,
        )
        self.rematch = Rematch(self.roster, self.play, self.requests)  # hooks itself in
        self.reactions = Reactions(rate_clock, self.watchers)
        self.greeter = Greeter(self.roster, self.guests, self.outgoing, self.peers, mint_for(store))
        self.resume = Resume(self.records, self.roster, self.play)
        if store is not None:
            self.resume.everything()

    @property
    def tokens(self) -> TokenMint:
        """What signs the tokens handed out (a cluster's, shared, once its start set it)."""
        return self.greeter.tokens

    @tokens.setter
    def tokens(self, mint: TokenMint) -> None:
        self.greeter.tokens = mint

    # ===== connections ==========================================================================
    def connect(self, conn: Conn, address: str = "local") -> bool:
        """A new connection from ``address`` (its limits' unit, :func:`guard.address_key`).
        False, and the connection closed with a reason, past the per-address limit."""
        return self.guests.arrive(conn, address)

    def disconnect(self, conn: Conn) -> None:
        guest = self.guests.depart(conn)
        player = guest.player if guest is not None else None
        if player is None or player.conn is not conn:
            return
        player.conn = None
        if player in self.watchers.watching:
            self.requests.stop_watching(player)
        if player.room is not None:
            if not player.room.anyone_connected():
                player.room.quiet_since = self.clock.now()
            self.roster.announce(player.room)
        elif player.waiting is None:  # nothing to come back to but his name
            self.roster.idle.keep(player, self.clock.now())

    def receive(self, conn: Conn, text: Any) -> None:
        """One frame from ``conn``. Every refusal is an ``error`` reply; nothing raises."""
        guest = self.guests.of(conn)
        if guest is None or guest.closed or not self.guests.admit(guest):
            return
        try:
            msg = protocol.decode(text)
        except protocol.ProtocolError as err:
            conn.send(protocol.error(err.message, "protocol"))
            return
        try:
            self._dispatch(guest, msg)
        except RequestRefused as refused:
            conn.send(protocol.error(refused.message, refused.code))
        except IllegalAction as err:
            conn.send(protocol.error(err.message, err.code))

    def _dispatch(self, guest: Guest, msg: protocol.Message) -> None:
        kind = msg["t"]
        if kind == "ping":
            guest.conn.send({"t": "pong"})
            return
        if kind == "hello":
            self.greeter.hello(guest, msg)
            self.rematch.greeted(guest.player)  # left before the end: the reveal
            return
        player = guest.player
        if player is None:
            raise RequestRefused("Say hello first, with your name.", "hello_first")
        if self.peers.refused(guest.conn, kind):
            return  # play paused (outage.py): the client was told
        if player in self.watchers.watching:  # a spectator never acts
            self.watchers.refuse_acting(player, kind)
        requests = self.requests
        handler = {
            "create": requests.create,
            "join": requests.join,
            "join_any": requests.join_any,
            "list": requests.list_open,
            "answer": requests.answer,
            "start": requests.start,
            "act": requests.act,
            "back": requests.back,
            "leave": requests.leave,
            "get_record": requests.record,
            "contribute": requests.contribute,
            "react": self.reactions.react,
            "rematch": self.rematch.accept,
            "rematch_start": self.rematch.start_now,
            "watch": requests.watch,
            "unwatch": requests.unwatch,
            "allow_watch": requests.allow_watch,
        }[kind]
        handler(guest, player, msg)

    # ===== bots ===================================================================================
    def think(self) -> bool:
        """One slice of bot thinking (:meth:`Bots.think`); True while some bot has work."""
        return self.bots.think()

    def pump(self) -> None:
        """Think until no bot has work (tests driving the lobby without a server)."""
        self.bots.pump()

    # ===== time passing =========================================================================
    def tick(self) -> None:
        """Start the held clocks again, time out late turns (TB-7, TB-8), start due bots, end
        tables nobody needs, close silent connections, forget old identities, mark the store
        alive and prune its old records. Only the tables whose next moment has come are
        visited (:class:`~game.net.schedule.Schedule`): a table waiting for a person with no
        clock running costs nothing here."""
        now = self.clock.now()
        due = [] if self.peers.paused else self.schedule.due(now, self.rooms, self._next_moment)
        for room in due:  # none while play is paused (outage.py)
            try:
                self._tick_room(room, now)
            except Exception:  # one broken table must not stop the others
                log.exception("table %s failed to tick", room.code)
            self.schedule.touch(room)
        self.guests.close_silent(now)
        self.roster.idle.prune(now)
        self.guard.forget_old(self.rate_clock())
        self.records.keep_alive()

    def _tick_room(self, room: Room, now: float) -> None:
        limits = self.limits
        quiet = not room.anyone_connected() and now - room.quiet_since
        if room.over:
            if room.over_since is not None and now - room.over_since >= limits.over_room:
                minutes = max(1, round(limits.over_room / 60))
                why = f"The table closed: its match ended {minutes} minutes ago."
                self.roster.close(room, why)  # those still at the over panel are told
        elif room.started:
            if quiet is not False and quiet >= limits.abandoned_grace:
                self.play.abandon(room)
                return
            self.pacer.release(room)
            room.live.tick()
            self.bots.advance(room)
        elif quiet is not False and quiet >= limits.unstarted_grace:
            self.roster.close(room)
        elif now - room.created >= limits.unstarted_max:
            minutes = int(limits.unstarted_max // 60)
            self.roster.close(
                room, f"The table closed: it waited {minutes} minutes without starting."
            )

    def _next_moment(self, room: Room) -> float | None:
        return next_moment(room, self.limits)

    # ===== what the cluster asks of this process (cluster.py, outage.py) ==========================
    def adopt_table(self, record: JsonObject) -> int:
        """A started table another process held (it died): resumed here from its log, its
        players connected here told their seat. Returns 1 if adopted."""
        if record["code"] in self.rooms:
            return 0
        self.resume.table(record)
        return self._adopted(record["code"])

    def adopt_room(self, record: JsonObject) -> int:
        """An unstarted room another process held. Returns 1 if adopted."""
        if record["code"] in self.rooms:
            return 0
        self.resume.room(record)
        return self._adopted(record["code"])

    def _adopted(self, code: str) -> int:
        room = self.rooms.get(code)
        if room is None:
            return 0
        self.peers.own(code)
        for occupant in room.occupants:
            if occupant is not None:
                self.peers.seated(occupant.key, code)
        reseat_connected(room, self.roster, self.outgoing)
        return 1

    def carry_on(self, room: Room) -> None:
        """Play resumed after a pause: ``room``'s next tick planned, its clocks sent again
        and its bots may move."""
        self.schedule.touch(room)
        if room.started:
            self.outgoing.send_deadline(room)
            self.bots.advance(room)

    def let_go(self, code: str) -> list[Conn] | None:
        """Another process holds the table ``code`` now: it leaves this lobby without a word
        to the store or the directory (theirs now), its players with it (their next hello
        goes to the holder). Returns their connections (to hand over), None if not held."""
        room = self.rooms.pop(code, None)
        if room is None:
            return None
        self.bots.forget(room)
        if room.address is not None:
            self.guard.table_closed(room.address, code)
        conns: list[Conn] = []
        for player in [*room.pending, *room.occupants]:
            if player is None or (player.room is not room and player.waiting is not room):
                continue
            self.players.pop(player.key, None)
            player.room, player.seat, player.waiting = None, None, None
            conn, player.conn = player.conn, None
            if conn is not None:
                guest = self.guests.of(conn)
                if guest is not None:
                    guest.player, guest.closed = None, True
                conns.append(conn)
        for watcher in self.watchers.release(code):  # they watch it at its holder now
            if watcher.conn is not None:
                guest = self.guests.of(watcher.conn)
                if guest is not None:
                    guest.player, guest.closed = None, True
                conns.append(watcher.conn)
                watcher.conn = None
        return conns
