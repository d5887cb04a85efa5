"""The server's state without the network: players, rooms, tables, bots, timers, recording.

:class:`Lobby` is synchronous and pure (no websockets, no asyncio, no pygame): the server feeds
it frames (:meth:`Lobby.receive`) and calls :meth:`Lobby.tick` often; the lobby answers by calling
``conn.send(msg_dict)`` on the connections it was given. Tests can drive it directly with a
:class:`~game.table.clock.FakeClock`.

Rules: docs/RULES.md TB-1 (private tables by code or link), TB-2 (approval), TB-3 (automatic join),
TB-4 (join any), TB-5 (player counts and rummy length, checked by the engine), TB-6..TB-8 (turn
clocks, safe move, assistance: :class:`game.table.Table`), TB-9 (a bot finishes for a player who
left).

The lobby is split along its seams: :mod:`.handlers` (one method per request, table events),
:mod:`.outgoing` (what clients are sent), :mod:`.records` (store and restart),
:mod:`.botplay` (bots think in slices), :mod:`.pacing` (clocks held while clients animate),
:mod:`.guard` and :mod:`.limits` (abuse limits), :mod:`.names` (player names).

- **Identity.** A player without a seat keeps his token → name for ``IDENTITY_TTL`` seconds
  (at most ``MAX_IDENTITIES`` of them), so a reconnect is the same player.
- **Abuse.** Per address: open connections; per address and network: live tables, tables with
  bots, wrong room codes (back-off); per connection: a time to say hello, a message rate (a
  sustained flood is closed with a reason), tables created. Tables nobody is connected to end
  after a grace period and leave the store.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from game.core.errors import IllegalAction
from game.core.rng import fresh_seed
from game.table.clock import SystemClock

from . import protocol as P
from .botplay import THINK_CAP, THINK_REST, THINK_SLICE, Bots, FairQueue
from .guard import AddressGuard
from .handlers import BOT_NAMES, Handlers
from .identities import IdleIdentities
from .limits import (
    FLOOD_CLOSE,
    FLOOD_FORGIVE,
    FLOOD_STRIKES,
    IDENTITY_TTL,
    MAX_IDENTITIES,
    PRUNE_EVERY,
    RATE_BURST,
    RATE_PER_SECOND,
    Limits,
)
from .model import (
    Clock,
    Conn,
    Player,
    Refusal,
    Room,
    Session,
    TableStore,
    Thought,
    engine,
    token_key,
)
from .names import BadName, clean_name
from .outgoing import Outgoing
from .pacing import PACE_DEALT_CARD, PACE_EVENT, PACE_MAX_BACKLOG, PinnableClock, pacing_seconds
from .records import HEARTBEAT, RESUME_GRACE, Records
from .schedule import Schedule, next_moment
from .tokens import mint_for

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
if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("majlis.lobby")


class Lobby(Handlers, Outgoing, Records, Bots):
    """Every player and room of one server process."""

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
        self.store: TableStore | None = store
        self.seeds = seeds  # new match seeds (tests inject their own)
        self.clock = PinnableClock(clock if clock is not None else SystemClock())
        self.bot_delay = bot_delay
        self.pace = pace
        self.think_slice = think_slice
        self.think_clock = think_clock
        self.think_cap = THINK_CAP  # seconds of thinking per bot move
        self.wall = wall
        self.limits = limits or Limits()
        self.deltas = deltas
        self.guard = AddressGuard(self.limits)
        self.wake: Callable[[], None] = lambda: None  # the server's "bots have work" signal
        self.offload: Callable[[Room, Thought], bool] | None = None  # the server's bot workers
        self.moved: Callable[[int], None] = lambda count: None  # metrics: moves applied
        self.cluster: Cluster | None = None  # other processes (cluster.py), if any
        self._busy = FairQueue()  # rooms whose bot is thinking, in turn (people's first)
        self._unwelcomed: OrderedDict[int, Session] = OrderedDict()  # no hello yet
        self._beat_at = -HEARTBEAT
        self._pruned_at = -PRUNE_EVERY
        self.link_base = link_base
        self.rate_clock = rate_clock
        self.rate = rate
        self.rooms: dict[str, Room] = {}
        self.players: dict[str, Player] = {}  # by token key
        self._idle = IdleIdentities(self.players, *identities)  # unseated and offline
        self.sessions: dict[int, Session] = {}  # by id(conn)
        self._codes = random.SystemRandom()
        self.schedule = Schedule()  # when each table next needs tick()
        self.tokens = mint_for(store)  # signs the tokens handed out (a cluster's: shared)
        if store is not None:
            self._resume()

    # ===== connections ==========================================================================
    def connect(self, conn: Conn, address: str = "local") -> bool:
        """A new connection from ``address`` (its limits' unit, :func:`guard.address_key`).
        False, and the connection closed with a reason, past the per-address limit."""
        if not self.guard.open(address):
            reason = "Too many connections from your address."
            log.warning("connection refused", extra={"event": "refused", "address": address})
            conn.send(P.error(reason, "too_many"))
            conn.close(FLOOD_CLOSE, reason)
            return False
        session = Session(
            conn, address, self.clock.now(), tokens=self.rate[0], refilled=self.rate_clock()
        )
        self.sessions[id(conn)] = session
        self._unwelcomed[id(conn)] = session
        return True

    def disconnect(self, conn: Conn) -> None:
        session = self.sessions.pop(id(conn), None)
        if session is None:
            return
        self._unwelcomed.pop(id(conn), None)
        self.guard.close(session.address)
        player = session.player
        if player is None or player.conn is not conn:
            return
        player.conn = None
        if player.room is not None:
            if not player.room.anyone_connected():
                player.room.quiet_since = self.clock.now()
            self._send_room(player.room)
        elif player.waiting is None:
            self._idle.keep(player, self.clock.now())  # nothing to come back to but his name

    def receive(self, conn: Conn, text: Any) -> None:
        """One frame from ``conn``. Every refusal is an ``error`` reply; nothing raises."""
        session = self.sessions.get(id(conn))
        if session is None or session.closed:
            return
        if not self._allow(session):
            if self._flooding(session):
                session.closed = True
                log.warning("flood closed", extra={"event": "flood", "address": session.address})
                conn.send(
                    P.error("Too many messages for too long; the connection is closed.", "rate")
                )
                conn.close(FLOOD_CLOSE, "Too many messages for too long.")
                return
            conn.send(P.error("Too many messages; slow down.", "rate"))
            return
        try:
            msg = P.decode(text)
        except P.ProtocolError as err:
            conn.send(P.error(err.message, "protocol"))
            return
        try:
            self._dispatch(session, msg)
        except Refusal as refusal:
            conn.send(P.error(refusal.message, refusal.code))
        except IllegalAction as err:
            conn.send(P.error(err.message, err.code))

    def _allow(self, session: Session) -> bool:
        """Token bucket: ``rate[0]`` messages at once, ``rate[1]`` per second on average."""
        burst, per_second = self.rate
        now = self.rate_clock()
        session.tokens = min(burst, session.tokens + (now - session.refilled) * per_second)
        session.refilled = now
        if session.tokens < 1:
            return False
        session.tokens -= 1
        return True

    def _flooding(self, session: Session) -> bool:
        """One more refused message: True once refusals were sustained (``FLOOD_STRIKES``,
        forgiven at ``FLOOD_FORGIVE`` per second), not for a short burst."""
        now = self.rate_clock()
        session.strikes = max(0.0, session.strikes - (now - session.struck) * FLOOD_FORGIVE)
        session.struck = now
        session.strikes += 1
        return session.strikes >= FLOOD_STRIKES

    def _dispatch(self, session: Session, msg: P.Message) -> None:
        kind = msg["t"]
        if kind == "ping":
            session.conn.send({"t": "pong"})
            return
        if kind == "hello":
            self._hello(session, msg)
            return
        player = session.player
        if player is None:
            raise Refusal("Say hello first, with your name.", "hello_first")
        if self.cluster is not None and self.cluster.refused(session.conn, kind):
            return  # play paused (outage.py): the client was told
        handler = {
            "create": self._create,
            "join": self._join,
            "join_any": self._join_any,
            "list": self._list,
            "answer": self._answer,
            "start": self._start,
            "act": self._act,
            "back": self._back,
            "leave": self._leave,
        }[kind]
        handler(session, player, msg)

    # ===== hello / reconnect ===================================================================
    def _hello(self, session: Session, msg: P.Message) -> None:
        try:
            name = clean_name(msg["name"])
        except BadName as bad:
            raise Refusal(bad.message, "bad_name") from None
        token = msg.get("token")
        player = self.players.get(token_key(token)) if token else None
        if token and self.cluster is not None and (player is None or player.room is None):
            # also when this process knows him unseated (he came here first, then moved)
            there = self.cluster.seated_elsewhere(token_key(token))
            if there is not None:  # seated at another process's table
                session.conn.send({"t": "moved", "url": there[0], "code": there[1]})
                return
        if session.player is not None and session.player is not player:
            raise Refusal("This connection already has a player.", "protocol")
        if player is None:
            if not self._kept_token(token):
                token = self.tokens.issue()
            player = Player("p" + secrets.token_hex(5), token_key(token), name)
            self.players[player.key] = player
        else:
            self._idle.back(player.key)
            player.name = name if player.room is None or not player.room.started else player.name
            old = player.conn
            if old is not None and old is not session.conn:
                old_session = self.sessions.get(id(old))
                if old_session:
                    old_session.player = None
                    old_session.closed = True
                old.send(P.error("You connected from somewhere else.", "replaced"))
                old.close(1000, "You connected from somewhere else.")
        self._unwelcomed.pop(id(session.conn), None)
        player.conn = session.conn
        session.player = player
        session.conn.send(
            {"t": "welcome", "player": player.id, "token": token, "name": player.name}
        )
        if player.room is not None:
            self._send_room(player.room)
            if player.room.started:
                self._send_view(player.room, player.place)
                self._send_deadline(player.room, only=player)
        elif player.waiting is not None:
            session.conn.send({"t": "waiting", "code": player.waiting.code})

    def _kept_token(self, token: object) -> TypeGuard[str]:
        """Whether a token this process does not know stays the player's token: only one this
        server or its cluster issued (:mod:`.tokens`: after a restart, or brought here by
        ``moved``), or, from before tokens were signed, one the cluster's seat directory lists
        (a player seated at a table; the store lists him). Any other string, however
        well-formed, gets a fresh token: a server the player once trusted cannot plant one."""
        if not isinstance(token, str):
            return False
        listed = self.cluster is not None and token_key(token) in self.cluster.seats
        return self.tokens.issued(token) or listed

    # ===== time passing =========================================================================
    def tick(self) -> None:
        """Start the held clocks again, time out late turns (TB-7, TB-8), start due bots, end
        tables nobody needs, close silent connections, forget old identities, mark the store
        alive and prune its old records. Only the tables whose next moment has come are
        visited (:class:`~game.net.schedule.Schedule`): a table waiting for a person with no
        clock running costs nothing here."""
        now = self.clock.now()
        paused = self.cluster is not None and self.cluster.paused  # no table acts (outage.py)
        for room in [] if paused else self.schedule.due(now, self.rooms, self._next_moment):
            try:
                self._tick_room(room, now)
            except Exception:  # one broken table must not stop the others
                log.exception("table %s failed to tick", room.code)
            self._plan(room)
        self._close_silent(now)
        self._idle.prune(now)
        self.guard.forget_old(self.rate_clock())
        wall = self.wall()
        if self.store is not None and wall - self._beat_at >= HEARTBEAT:
            self._beat_at = wall
            self.store.beat(wall)
        if self.store is not None and wall - self._pruned_at >= PRUNE_EVERY:
            self._pruned_at = wall
            self.store.prune(wall - self.limits.keep_finished)

    def _tick_room(self, room: Room, now: float) -> None:
        limits = self.limits
        quiet = not room.anyone_connected() and now - room.quiet_since
        if room.over:
            if room.over_since is not None and now - room.over_since >= limits.over_room:
                self._close(room)
        elif room.started:
            if quiet is not False and quiet >= limits.abandoned_grace:
                self._abandon(room)
                return
            self._release(room)
            room.live.tick()
            self._advance(room)
        elif quiet is not False and quiet >= limits.unstarted_grace:
            self._close(room)
        elif now - room.created >= limits.unstarted_max:
            minutes = int(limits.unstarted_max // 60)
            self._close(room, f"The table closed: it waited {minutes} minutes without starting.")

    def _plan(self, room: Room) -> None:
        """``room`` changed: the next :meth:`tick` plans its next visit again."""
        self.schedule.touch(room)

    def _next_moment(self, room: Room) -> float | None:
        return next_moment(room, self.limits)

    def _abandon(self, room: Room) -> None:
        """A started table nobody is connected to: it ends, its record is marked finished
        (abandoned) so no restart resumes it, and it leaves the counts."""
        log.info("table abandoned", extra={"event": "table_abandoned", "code": room.code})
        if self.store is not None:
            match = room.live.match
            self._save_progress(room)
            self.store.finish(
                room.code, {"result": None, "totals": match.totals, "abandoned": True}
            )
        self._close(room)

    def _close_silent(self, now: float) -> None:
        """Connections that did not say hello in time are closed with a reason."""
        timeout = self.limits.hello_timeout
        while self._unwelcomed:
            key, session = next(iter(self._unwelcomed.items()))
            if now - session.opened < timeout:
                return
            del self._unwelcomed[key]
            reason = f"Say hello within {timeout:g} seconds."
            session.closed = True
            session.conn.send(P.error(reason, "hello_first"))
            session.conn.close(FLOOD_CLOSE, reason)

    # ===== helpers ==============================================================================
    def _not_busy(self, player: Player) -> None:
        if player.room is not None and not player.room.over:
            raise Refusal("You are already at a table; leave it first.", "seated")
        if player.room is not None:  # a finished table: simply move on
            player.room.occupants[player.place] = None
            player.room, player.seat = None, None
        if player.waiting is not None:
            player.waiting.pending.remove(player)
            self._send_room(player.waiting)
            player.waiting = None

    def _hosted(self, player: Player) -> Room:
        room = player.room
        if room is None:
            raise Refusal("You are not at a table.", "not_seated")
        if room.started:
            raise Refusal("The match has already started.", "started")
        if player.seat != room.host:
            raise Refusal("Only the host may do that.", "not_host")
        return room

    def _playing(self, player: Player) -> Room:
        room = player.room
        if room is None:
            raise Refusal("You are not at a table.", "not_seated")
        if not room.started:
            raise Refusal("The match has not started yet.", "not_started")
        return room

    def _seat(self, player: Player, room: Room) -> None:
        seat = room.free_seats()[0]
        room.occupants[seat] = player
        player.room, player.seat, player.waiting = room, seat, None
        if not room.free_seats():
            for asker in list(room.pending):
                self._refuse(asker, room)
            room.pending.clear()
        self._send_room(room)

    def _refuse(self, asker: Player, room: Room) -> None:
        if asker in room.pending:
            room.pending.remove(asker)
        asker.waiting = None
        if asker.conn is not None:
            asker.conn.send({"t": "refused", "code": room.code})
        elif asker.room is None:
            self._idle.keep(asker, self.clock.now())  # offline and nothing to wait for any more

    def _close(self, room: Room, reason: str = "") -> None:
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
            self._refuse(asker, room)
        if self.cluster is not None:
            self.cluster.drop(room.code)
        for occupant in room.occupants:
            if occupant is not None and occupant.room is room:
                if self.cluster is not None:
                    self.cluster.seated(occupant.key, None)
                occupant.room, occupant.seat = None, None
                if occupant.conn is not None and reason:
                    occupant.conn.send(P.error(reason, "closed"))
                    occupant.conn.send({"t": "left", "code": room.code})
                if occupant.conn is None and occupant.waiting is None:
                    self._idle.keep(occupant, self.clock.now())
        self._busy.discard(room.code)
        room.thought = None
        if room.address is not None:
            self.guard.table_closed(room.address, room.code)
        if self.store is not None and not room.started:
            self.store.drop_room(room.code)

    def _new_code(self) -> str:
        while True:
            code = P.new_code(self._codes)
            if code not in self.rooms and (self.store is None or not self.store.has_code(code)):
                return code
