"""The server's state without the network: players, rooms, tables, bots, timers, recording.

:class:`Lobby` is synchronous and pure (no websockets, no asyncio, no pygame): the server feeds
it frames (:meth:`Lobby.receive`) and calls :meth:`Lobby.tick` often; the lobby answers by calling
``conn.send(msg_dict)`` on the connections it was given. Tests can drive it directly with a
:class:`~game.table.clock.FakeClock`.

Rules: RULES.md TB-1 (private tables by code or link), TB-2 (approval), TB-3 (automatic join),
TB-4 (join any), TB-5 (player counts and rummy length, checked by the engine), TB-6..TB-8 (turn
clocks, safe move, assistance: :class:`game.table.Table`), TB-9 (a bot finishes for a player who
left).

Fairness and smoothness:

- **Pacing.** Clients animate the deal, each trick or capture, melds and the round's scores.
  After each batch of events the table's turn clocks are held (``Table.hold``) for as long as
  a client needs to show them (:data:`PACE_EVENT`, :func:`pacing_seconds`), so animation never
  eats into the next player's turn; ``deadline`` messages count the hold in.
- **Bots think in slices.** A bot's ``think`` generator is driven :data:`THINK_SLICE` seconds at a
  time by :meth:`Lobby.think` (the server calls it with ``await asyncio.sleep(0)`` between
  slices), so one hard bot never stalls the other tables; a move may take at most
  :data:`THINK_CAP` seconds of thinking, then the easy bot's move is played.
- **Restarts.** Missed-turn counts, the turn clocks' used time and unstarted rooms' seats are
  stored as they change, so a restarted server resumes them (see :meth:`Lobby._resumed_table`).
- **Identity.** A player without a seat keeps his token → name for :data:`IDENTITY_TTL` seconds
  (at most :data:`MAX_IDENTITIES` of them), so a reconnect is the same player.
- **Flooding.** A connection that keeps breaking the rate limit (:data:`FLOOD_STRIKES`) is closed
  with a reason.
"""
from __future__ import annotations

import contextlib
import hashlib
import importlib
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.bots import Thinking, bot_rng, run
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import fresh_seed
from game.table import Seat, Table
from game.table.clock import SystemClock

from . import protocol as P
from .store import Store

BOT_NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4")
MAX_ROOMS = 5000
MAX_CREATES = 20            # tables one connection may create
IDLE_ROOM = 600.0           # seconds an unstarted room lives with nobody connected
OVER_ROOM = 300.0           # seconds a finished room stays to show the result
RATE_BURST = 30             # messages a connection may send at once ...
RATE_PER_SECOND = 15.0      # ... and on average
FLOOD_STRIKES = 100.0       # refused messages (forgiven at FLOOD_FORGIVE/s) before the close
FLOOD_FORGIVE = 5.0
FLOOD_CLOSE = 1008          # WebSocket close code "policy violation"
IDENTITY_TTL = 24 * 3600.0  # seconds a player without a seat keeps his token -> name
MAX_IDENTITIES = 100_000    # ... and at most this many of them (the oldest go first)
THINK_SLICE = 0.002         # seconds a bot thinks before the server serves everyone else
THINK_REST = 0.001          # ... and the pause after each slice, so that a message needing
                            # several loop turns (read, handle, write) never waits a slice
                            # at each turn: bots get at most ~2/3 of the process
THINK_CAP = 0.5             # seconds of thinking one bot move may take (then the easy move)
HEARTBEAT = 5.0             # seconds between "still alive" marks in the store (turn clocks)
RESUME_GRACE = 15.0         # a resumed turn has at least this long (time to reconnect)
log = logging.getLogger("majlis.lobby")

# ----- pacing: how long a client takes to show each event (THE place for these numbers) --------
# Seconds, at normal animation speed, measured against game/ui (tween durations plus a short
# pause to read). The turn clocks stand still while clients show a batch of events, and paced
# bots (bot_delay > 0) wait for the show to end. Events not listed take no time (bids, "drew"
# into one's own hand, table events).
PACE_DEALT_CARD = 0.075     # a deal: each card dealt flies from the deck (hands + table cards)
PACE_EVENT: dict[str, float] = {
    "card_played": 0.3, "played": 0.3, "laid": 0.3, "discarded": 0.3,    # one card flies
    "trick_won": 1.0, "captured": 1.0, "sweep": 1.0,                      # cards collected
    "melded": 0.8, "added": 0.5, "joker_swapped": 0.8,                    # melds laid
    "bids_revealed": 1.0, "declarations_revealed": 1.5,                   # banners read
    "round_scored": 4.0, "deal_scored": 4.0,                              # the score panel
}
PACE_MAX_BACKLOG = 15.0     # clocks are never held more than this far ahead


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


class _PinnableClock:
    """The lobby's clock, which the lobby can pin at a past moment for one call, so that
    ``Table.release`` (and a resumed table's first turn) take the exact time it means instead
    of the time the next tick happened to run."""

    def __init__(self, clock):
        self.clock = clock
        self._pinned: float | None = None

    def now(self) -> float:
        return self._pinned if self._pinned is not None else self.clock.now()

    @contextlib.contextmanager
    def pinned(self, at: float) -> Iterator[None]:
        self._pinned = at
        try:
            yield
        finally:
            self._pinned = None


class Conn(Protocol):
    """What the lobby needs of a connection."""

    def send(self, msg: dict) -> None: ...
    def close(self, code: int = 1000, reason: str = "") -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...


def token_key(token: str) -> str:
    """What the server keeps of a token (the database never holds the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Player:
    id: str
    key: str                              # token_key(token)
    name: str
    conn: Any = None
    room: Room | None = None              # the table he sits at (also after it is over)
    seat: int | None = None
    waiting: Room | None = None           # approval requested (TB-2)


@dataclass
class Session:
    """Per-connection state: who it is and its limits."""

    conn: Any
    player: Player | None = None
    tokens: float = RATE_BURST
    refilled: float = 0.0
    creates: int = 0
    strikes: float = 0.0                  # refused messages, forgiven over time (flooding)
    struck: float = 0.0                   # when strikes was last counted
    closed: bool = False


@dataclass
class Thought:
    """A bot's move being thought out, slice by slice, for ``seat`` at log length ``log``."""

    seat: int
    log: int
    view: dict
    legal: list
    rng: random.Random
    thinking: Thinking
    spent: float = 0.0


@dataclass
class Room:
    code: str
    game: str
    players: int
    options: dict
    visibility: str
    turn_seconds: int | None
    bots: str
    occupants: list[Player | None]
    host: int = 0
    pending: list[Player] = field(default_factory=list)
    names: list[str] = field(default_factory=list)     # seat names once started
    table: Table | None = None
    logged: int = 0                                    # log entries saved
    quiet_since: float = 0.0                           # nobody connected since (unstarted)
    over_since: float | None = None
    bot_due: float = 0.0
    actor: int | None = None                           # whose request is being applied
    shown_at: float = 0.0                              # clients have shown every event by then
    thought: Thought | None = None                     # a bot's move being thought out
    saved_seats: list | None = None                    # the seat records last stored

    @property
    def started(self) -> bool:
        return self.table is not None

    @property
    def over(self) -> bool:
        return self.table is not None and self.table.match.phase == "over"

    def free_seats(self) -> list[int]:
        return [] if self.started else [s for s, p in enumerate(self.occupants) if p is None]

    def seated(self) -> int:
        return sum(p is not None for p in self.occupants)


class Refusal(Exception):
    """A request the lobby refuses: becomes an ``error`` reply."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message, self.code = message, code


def engine(game: str):
    """The game's rules module and bots module."""
    return (importlib.import_module(f"game.games.{game}.rules"),
            importlib.import_module(f"game.games.{game}.bots"))


class Lobby:
    """Every player and room of one server process."""

    def __init__(self, store: Store | None = None, clock: Clock | None = None,
                 bot_delay: float = 0.6, link_base: str = "",
                 rate_clock: Callable[[], float] = time.monotonic,
                 rate: tuple[int, float] = (RATE_BURST, RATE_PER_SECOND),
                 seeds: Callable[[], int] = fresh_seed, pace: float = 1.0,
                 think_slice: float | None = THINK_SLICE,
                 think_clock: Callable[[], float] = time.perf_counter,
                 wall: Callable[[], float] = time.time,
                 identities: tuple[float, int] = (IDENTITY_TTL, MAX_IDENTITIES)):
        """``pace`` scales :data:`PACE_EVENT` (0: clocks never held); ``think_slice`` None
        thinks each bot move to the end at once (the old blocking way, for benchmarks);
        ``think_clock`` measures thinking; ``wall`` is the wall clock stored for restarts;
        ``identities`` is (seconds, count) an unseated player's token is kept."""
        self.store = store
        self.seeds = seeds                            # new match seeds (tests inject their own)
        self.clock = _PinnableClock(clock if clock is not None else SystemClock())
        self.bot_delay = bot_delay
        self.pace = pace
        self.think_slice = think_slice
        self.think_clock = think_clock
        self.wall = wall
        self.identities = identities
        self.wake: Callable[[], None] = lambda: None  # the server's "bots have work" signal
        self._busy: dict[str, Room] = {}              # rooms whose bot is thinking, in turn
        self._idle: OrderedDict[str, float] = OrderedDict()   # unseated, offline: key -> since
        self._beat_at = -HEARTBEAT
        self.link_base = link_base
        self.rate_clock = rate_clock
        self.rate = rate
        self.rooms: dict[str, Room] = {}
        self.players: dict[str, Player] = {}          # by token key
        self.sessions: dict[int, Session] = {}        # by id(conn)
        self._codes = random.SystemRandom()
        self._used_codes: set[str] = store.codes() if store else set()
        if store is not None:
            self._resume()

    # ===== connections ==========================================================================
    def connect(self, conn: Conn) -> None:
        self.sessions[id(conn)] = Session(conn, tokens=self.rate[0], refilled=self.rate_clock())

    def disconnect(self, conn: Conn) -> None:
        session = self.sessions.pop(id(conn), None)
        player = session.player if session else None
        if player is None or player.conn is not conn:
            return
        player.conn = None
        if player.room is not None:
            if not player.room.started and not self._anyone_connected(player.room):
                player.room.quiet_since = self.clock.now()
            self._send_room(player.room)
        elif player.waiting is None:
            self._keep_identity(player)       # nothing to come back to but his name

    def _keep_identity(self, player: Player) -> None:
        """An offline player without a seat: keep his token -> name for a while, bounded."""
        self._idle[player.key] = self.clock.now()
        self._idle.move_to_end(player.key)
        while len(self._idle) > self.identities[1]:
            self._forget(next(iter(self._idle)))

    def _forget(self, key: str) -> None:
        self._idle.pop(key, None)
        player = self.players.get(key)
        if player is not None and player.conn is None and player.room is None \
                and player.waiting is None:
            del self.players[key]

    def _prune_identities(self, now: float) -> None:
        while self._idle:
            key, since = next(iter(self._idle.items()))
            if now - since < self.identities[0]:
                return
            self._forget(key)

    def receive(self, conn: Conn, text: Any) -> None:
        """One frame from ``conn``. Every refusal is an ``error`` reply; nothing raises."""
        session = self.sessions.get(id(conn))
        if session is None or session.closed:
            return
        if not self._allow(session):
            if self._flooding(session):
                session.closed = True
                conn.send(P.error("Too many messages for too long; the connection is closed.",
                                  "rate"))
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
        """One more refused message: True once refusals were sustained (:data:`FLOOD_STRIKES`,
        forgiven at :data:`FLOOD_FORGIVE` per second), not for a short burst."""
        now = self.rate_clock()
        session.strikes = max(0.0, session.strikes - (now - session.struck) * FLOOD_FORGIVE)
        session.struck = now
        session.strikes += 1
        return session.strikes >= FLOOD_STRIKES

    def _dispatch(self, session: Session, msg: dict) -> None:
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
        if kind == "create":
            self._create(session, player, msg)
            return
        handler = {"join": self._join, "join_any": self._join_any, "list": self._list,
                   "answer": self._answer, "start": self._start, "act": self._act,
                   "back": self._back, "leave": self._leave}[kind]
        handler(player, msg)

    # ===== hello / reconnect ===================================================================
    def _hello(self, session: Session, msg: dict) -> None:
        name = " ".join(msg["name"].split())
        token = msg.get("token")
        player = self.players.get(token_key(token)) if token else None
        if session.player is not None and session.player is not player:
            raise Refusal("This connection already has a player.", "protocol")
        if player is None:
            token = secrets.token_urlsafe(24)
            player = Player("p" + secrets.token_hex(5), token_key(token), name)
            self.players[player.key] = player
        else:
            self._idle.pop(player.key, None)
            player.name = name if player.room is None or not player.room.started else player.name
            old = player.conn
            if old is not None and old is not session.conn:
                old_session = self.sessions.pop(id(old), None)
                if old_session:
                    old_session.player = None
                old.send(P.error("You connected from somewhere else.", "replaced"))
                old.close(1000, "You connected from somewhere else.")
        player.conn = session.conn
        session.player = player
        session.conn.send({"t": "welcome", "player": player.id, "token": token,
                           "name": player.name})
        if player.room is not None:
            self._send_room(player.room)
            if player.room.started:
                self._send_view(player.room, player.seat)
                self._send_deadline(player.room, only=player)
        elif player.waiting is not None:
            session.conn.send({"t": "waiting", "code": player.waiting.code})

    # ===== lobby requests ======================================================================
    def _create(self, session: Session, player: Player, msg: dict) -> None:
        self._not_busy(player)
        if session.creates >= MAX_CREATES:
            raise Refusal(f"One connection may create at most {MAX_CREATES} tables.", "too_many")
        if len(self.rooms) >= MAX_ROOMS:
            raise Refusal("The server is full; try again later.", "too_many")
        game, players = msg["game"], msg["players"]
        if players not in P.PLAYER_COUNTS[game]:
            counts = ", ".join(map(str, P.PLAYER_COUNTS[game]))
            raise Refusal(f"{game} is played by {counts} players, not {players}.", "bad_table")
        options = dict(msg.get("options") or {})
        rules, _ = engine(game)
        try:
            rules.Match.new(players, options, seed=0)       # TB-5: the engine checks options
        except IllegalAction as err:
            raise Refusal(err.message, "bad_table") from None
        room = Room(self._new_code(), game, players, options, msg["visibility"],
                    msg["turn_seconds"], msg["bots"], [None] * players)
        room.occupants[0] = player
        player.room, player.seat = room, 0
        self.rooms[room.code] = room
        session.creates += 1
        self._send_room(room)

    def _join(self, player: Player, msg: dict) -> None:
        code = P.code_from_link(msg["code"])
        room = self.rooms.get(code) if code else None
        if room is None:
            raise Refusal(f"No table has the code {msg['code'].strip()!r}.", "no_room")
        if player.room is room:
            self._send_room(room)
            if room.started:
                self._send_view(room, player.seat)
            return
        self._enter(player, room)

    def _enter(self, player: Player, room: Room) -> None:
        self._not_busy(player)
        if room.started:
            raise Refusal("That table has already started.", "started")
        if not room.free_seats():
            raise Refusal("That table is full.", "room_full")
        if room.visibility == "approval":            # TB-2
            if player not in room.pending:
                room.pending.append(player)
            player.waiting = room
            player.conn.send({"t": "waiting", "code": room.code})
            self._send_room(room)
            return
        self._seat(player, room)                     # TB-1 private, TB-3 automatic

    def _join_any(self, player: Player, msg: dict) -> None:
        """TB-4: the automatic table closest to full, then an approval table."""
        self._not_busy(player)
        game = msg.get("game")
        for visibility in ("auto", "approval"):
            rooms = self._open_rooms(game, (visibility,))
            if rooms:
                self._enter(player, rooms[0])
                return
        raise Refusal("No open table right now; create one.", "no_table")

    def _list(self, player: Player, msg: dict) -> None:
        rooms = self._open_rooms(msg.get("game"), ("auto", "approval"))[:100]
        player.conn.send({"t": "tables", "list": [{
            "code": r.code, "game": r.game, "players": r.players, "options": r.options,
            "visibility": r.visibility, "turn_seconds": r.turn_seconds, "seated": r.seated(),
            "host": r.occupants[r.host].name if r.occupants[r.host] else ""} for r in rooms]})

    def _open_rooms(self, game: str | None, visibilities: tuple[str, ...]) -> list[Room]:
        """Unstarted public rooms with a free seat, closest to full first (fewest free seats,
        then most seated), oldest code order as the last tie-break."""
        rooms = [r for r in self.rooms.values() if r.visibility in visibilities
                 and not r.started and r.free_seats() and (game is None or r.game == game)]
        return sorted(rooms, key=lambda r: (len(r.free_seats()), -r.seated()))

    def _answer(self, player: Player, msg: dict) -> None:
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

    def _start(self, player: Player, msg: dict) -> None:
        room = self._hosted(player)
        rules, _ = engine(room.game)
        seed = self.seeds()
        match = rules.Match.new(room.players, room.options, seed=seed)
        seats, names = [], []
        bot_names = iter(BOT_NAMES)
        for occupant in room.occupants:
            if occupant is None:
                seats.append(Seat("bot", next(bot_names), room.bots))
            else:
                seats.append(Seat("remote", occupant.name, room.bots))
            names.append(seats[-1].name)
        room.names = names
        for asker in list(room.pending):
            self._refuse(asker, room)
        room.pending.clear()
        self._open_table(room, Table(match, seats, self.clock, room.turn_seconds))
        self._pace(room, match.start_events)              # the first deal is shown too
        if self.bot_delay > 0:
            room.bot_due = max(room.bot_due, room.shown_at)
        if self.store is not None:
            self.store.save_table({"code": room.code, "game": room.game, "players": room.players,
                                   "options": room.options, "seed": seed, "deck": None,
                                   "visibility": room.visibility,
                                   "turn_seconds": room.turn_seconds, "bots": room.bots,
                                   "host": room.host, "seats": self._seat_records(room)})
            self.store.drop_room(room.code)
        self._send_room(room)
        for seat in range(room.players):
            occupant = room.occupants[seat]
            if occupant is not None and occupant.conn is not None:
                occupant.conn.send(self._events_msg(room, seat, match.start_events))
        self._send_deadline(room)
        self._advance(room)

    def _open_table(self, room: Room, table: Table) -> None:
        room.table = table
        room.logged = len(table.match.log)
        room.bot_due = self.clock.now() + self.bot_delay
        room.saved_seats = self._seat_records(room)
        table.listen(lambda events: self._on_events(room, events))

    # ===== playing =============================================================================
    def _act(self, player: Player, msg: dict) -> None:
        room = self._playing(player)
        with self._acting(room, player.seat):
            room.table.act(player.seat, msg["action"], human=True)
        self._advance(room)

    def _back(self, player: Player, msg: dict) -> None:
        room = self._playing(player)
        with self._acting(room, player.seat):
            room.table.reclaim(player.seat)            # TB-8 "I'm back"
        self._advance(room)

    def _leave(self, player: Player, msg: dict) -> None:
        if player.waiting is not None:
            room = player.waiting
            room.pending.remove(player)
            player.waiting = None
            player.conn.send({"t": "left", "code": room.code})
            self._send_room(room)
            return
        room = player.room
        if room is None:
            raise Refusal("You are not at a table.", "not_seated")
        seat = player.seat
        player.room, player.seat = None, None
        player.conn.send({"t": "left", "code": room.code})
        room.occupants[seat] = None
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
                room.table.leave(seat)                 # TB-9: a bot plays this seat now
            self._send_room(room)
            self._advance(room)

    def _on_events(self, room: Room, events: list[Event]) -> None:
        """Every table change: each seat gets its own redacted copy and view; the clocks hold
        while clients show the events; the log, seats and clocks are saved."""
        self._pace(room, events)
        for seat, occupant in enumerate(room.occupants):
            if occupant is not None and occupant.conn is not None:
                occupant.conn.send(self._events_msg(room, seat, events))
        match = room.table.match
        if self.store is not None:
            self._save_progress(room)
            if match.phase == "over":
                self.store.finish(room.code, {"result": match.result, "totals": match.totals})
        room.logged = len(match.log)
        if match.phase == "over" and room.over_since is None:
            room.over_since = self.clock.now()
            self._send_room(room)
        self._send_deadline(room)
        now = self.clock.now()
        room.bot_due = now + self.bot_delay
        if self.bot_delay > 0:                  # paced bots also wait until the show is over
            room.bot_due = max(room.bot_due, room.shown_at)

    def _pace(self, room: Room, events: list[Event]) -> None:
        """Hold the turn clocks while clients show ``events``: clients show batches one after
        another, so the time adds to what is still being shown (bounded)."""
        seconds = pacing_seconds(events) * self.pace
        if seconds <= 0 or room.over:
            return
        now = self.clock.now()
        room.shown_at = min(max(now, room.shown_at) + seconds, now + PACE_MAX_BACKLOG)
        room.table.hold()

    def _release(self, room: Room) -> None:
        """Start the turn clocks again once clients have shown everything, at that moment."""
        table = room.table
        if table is not None and table.held and self.clock.now() >= room.shown_at:
            with self.clock.pinned(room.shown_at):
                table.release()

    def _save_progress(self, room: Room) -> None:
        """New log entries, the seats if they changed (missed turns, assistance, leaving) and
        the turn clocks, in one transaction."""
        match = room.table.match
        seats = self._seat_records(room)
        changed = seats != room.saved_seats
        room.saved_seats = seats
        self.store.record(room.code, room.logged, match.log[room.logged:],
                          seats if changed else None, self._clock_record(room))

    def _events_msg(self, room: Room, seat: int, events: list[Event]) -> dict:
        match = room.table.match
        legal = match.legal_actions(seat) if match.phase != "over" and \
            seat in match.to_act() else []
        return {"t": "events", "events": [e.for_seat(seat) for e in events],
                "view": match.view(seat), "legal": legal, "log": len(match.log),
                "by": room.actor}

    @contextlib.contextmanager
    def _acting(self, room: Room, seat: int) -> Iterator[None]:
        self._release(room)                       # a turn starting now starts now, not earlier
        room.actor = seat
        try:
            yield
        finally:
            room.actor = None

    # ----- bots ------------------------------------------------------------------------------
    def _advance(self, room: Room, limit: int = 1000) -> None:
        """Bots move (bot seats, assisted seats, seats whose player left) when their pacing
        delay is over. Sliced (the default): the bot's thought is started here and thought out
        by :meth:`think`. Blocking (``think_slice`` None): bots think to the end at once and
        play until a person must act or a pacing delay starts."""
        for _ in range(limit):
            if not self._start_thought(room):
                return
            if self.think_slice is not None:
                self._busy[room.code] = room
                self.wake()
                return
            room.thought.thinking.step(float("inf"))
            self._finish_thought(room, room.thought.thinking.action)

    def _start_thought(self, room: Room) -> bool:
        """Start a bot's thought for the next automated seat, if one is due. True if started."""
        table = room.table
        if table is None or room.thought is not None or room.code not in self.rooms \
                or self.clock.now() < room.bot_due:
            return False
        seats = table.automated_to_act()
        if not seats:
            return False
        seat = seats[0]
        view, legal = table.bot_view(seat)
        _, bots = engine(room.game)
        # The bot's generator is seeded from the match seed and the log length, so a table
        # resumed from its log makes the same bot moves as one that never stopped.
        rng = bot_rng(table.match.seed * 7919 + len(table.match.log) * 8 + seat)
        level = table.seats[seat].level
        room.thought = Thought(seat, len(table.match.log), view, legal, rng,
                               Thinking(bots.think(view, legal, level, rng), self.think_clock))
        return True

    def think(self) -> bool:
        """Think one slice (:data:`THINK_SLICE`) for the next room whose bot is thinking, in
        turn; a finished thought is played. True while some bot still has work: the caller
        lets the others run (``await asyncio.sleep(0)``) and calls again."""
        if not self._busy:
            return False
        code = next(iter(self._busy))
        room = self._busy.pop(code)
        try:
            self._think_slice(room)
        except Exception:                           # one broken table must not stop the others
            log.exception("bot at table %s failed", room.code)
            room.thought = None
        if room.thought is not None:
            self._busy[code] = room                 # to the back of the queue
        return bool(self._busy)

    def pump(self) -> None:
        """Think until no bot has work (tests driving the lobby without a server)."""
        while self.think():
            pass

    def _think_slice(self, room: Room) -> None:
        thought, table = room.thought, room.table
        if thought is None:
            return
        if room.code not in self.rooms or room.over or len(table.match.log) != thought.log \
                or thought.seat not in table.automated_to_act():
            room.thought = None                     # the table moved on: think again
            self._advance(room)
            return
        begun = self.think_clock()
        done = thought.thinking.step(self.think_slice)
        thought.spent += self.think_clock() - begun
        if done:
            self._finish_thought(room, thought.thinking.action)
        elif thought.spent >= THINK_CAP:            # enough: the quick move of an easy bot
            _, bots = engine(room.game)
            log.warning("bot at table %s thought %.2f s; easy move", room.code, thought.spent)
            self._finish_thought(room, run(bots.think(thought.view, thought.legal, "easy",
                                                      thought.rng)))
        else:
            return
        self._advance(room)

    def _finish_thought(self, room: Room, action: dict) -> None:
        seat = room.thought.seat
        room.thought = None
        with self._acting(room, seat):
            room.table.act(seat, action, human=False)

    def tick(self) -> None:
        """Start the held clocks again, time out late turns (TB-7, TB-8), start due bots, drop
        rooms and identities nobody needs, mark the store alive."""
        now = self.clock.now()
        for room in list(self.rooms.values()):
            if room.table is not None and not room.over:
                try:
                    self._release(room)
                    room.table.tick()
                    self._advance(room)
                except Exception:               # one broken table must not stop the others
                    log.exception("table %s failed to tick", room.code)
            elif (room.over and now - room.over_since >= OVER_ROOM) or (
                    not room.started and not self._anyone_connected(room)
                    and now - room.quiet_since >= IDLE_ROOM):
                self._close(room)
        self._prune_identities(now)
        wall = self.wall()
        if self.store is not None and wall - self._beat_at >= HEARTBEAT:
            self._beat_at = wall
            self.store.beat(wall)

    # ===== helpers ==============================================================================
    def _not_busy(self, player: Player) -> None:
        if player.room is not None and not player.room.over:
            raise Refusal("You are already at a table; leave it first.", "seated")
        if player.room is not None:                   # a finished table: simply move on
            player.room.occupants[player.seat] = None
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
            self._keep_identity(asker)            # offline and nothing to wait for any more

    def _close(self, room: Room) -> None:
        for asker in list(room.pending):
            self._refuse(asker, room)
        for occupant in room.occupants:
            if occupant is not None and occupant.room is room:
                occupant.room, occupant.seat = None, None
                if occupant.conn is None and occupant.waiting is None:
                    self._keep_identity(occupant)
        self.rooms.pop(room.code, None)
        self._busy.pop(room.code, None)
        room.thought = None
        if self.store is not None and not room.started:
            self.store.drop_room(room.code)

    def _anyone_connected(self, room: Room) -> bool:
        return any(p is not None and p.conn is not None for p in room.occupants)

    def _new_code(self) -> str:
        while True:
            code = P.new_code(self._codes)
            if code not in self.rooms and code not in self._used_codes:
                self._used_codes.add(code)
                return code

    # ----- what clients see ----------------------------------------------------------------------
    def room_msg(self, room: Room, for_player: Player | None) -> dict:
        seats = []
        for s in range(room.players):
            occupant = room.occupants[s]
            if room.table is not None:
                place = room.table.seats[s]
                seats.append({"name": place.name, "kind": "bot" if place.kind == "bot" else "human",
                              "connected": occupant is not None and occupant.conn is not None,
                              "assisted": place.assisted, "left": place.left})
            else:
                seats.append({"name": occupant.name if occupant else "",
                              "kind": "human" if occupant else "empty",
                              "connected": occupant is not None and occupant.conn is not None,
                              "assisted": False, "left": False})
        is_host = for_player is not None and for_player.room is room and \
            for_player.seat == room.host
        return {"t": "room", "code": room.code, "link": P.invite_link(room.code, self.link_base),
                "game": room.game, "players": room.players, "options": room.options,
                "visibility": room.visibility, "turn_seconds": room.turn_seconds,
                "bots": room.bots, "seats": seats, "host": room.host,
                "you": for_player.seat if for_player is not None and for_player.room is room
                else None,
                "pending": [{"player": p.id, "name": p.name} for p in room.pending]
                if is_host else [],
                "started": room.started, "over": room.over}

    def _send_room(self, room: Room) -> None:
        """Every seated player gets the room; an unstarted room's seats are stored (restart)."""
        if self.store is not None and not room.started and room.code in self.rooms:
            self.store.save_room(room.code, self._room_record(room))
        for occupant in room.occupants:
            if occupant is not None and occupant.conn is not None and occupant.room is room:
                occupant.conn.send(self.room_msg(room, occupant))

    def _send_view(self, room: Room, seat: int) -> None:
        occupant = room.occupants[seat]
        if occupant is not None and occupant.conn is not None:
            occupant.conn.send(self._events_msg(room, seat, []))

    def _send_deadline(self, room: Room, only: Player | None = None) -> None:
        table = room.table
        if table is None or table.turn_seconds is None:
            return
        self._release(room)
        shown = max(0.0, room.shown_at - self.clock.now()) if table.held else 0.0
        remaining = [None if r is None else round(r + shown, 1)
                     for r in (table.remaining(s) for s in range(room.players))]
        for occupant in room.occupants:
            if occupant is not None and occupant.conn is not None and \
                    (only is None or occupant is only):
                occupant.conn.send({"t": "deadline", "remaining": remaining})

    # ===== recording and resuming ================================================================
    def _seat_records(self, room: Room) -> list[dict]:
        out = []
        for s, place in enumerate(room.table.seats):
            occupant = room.occupants[s]
            out.append({"name": place.name, "kind": place.kind, "level": place.level,
                        "missed": place.missed, "assisted": place.assisted, "left": place.left,
                        "player": occupant.id if occupant else None,
                        "key": occupant.key if occupant else None})
        return out

    def _room_record(self, room: Room) -> dict:
        """An unstarted room as stored: its settings and who sits where (not the requests)."""
        return {"code": room.code, "game": room.game, "players": room.players,
                "options": room.options, "visibility": room.visibility,
                "turn_seconds": room.turn_seconds, "bots": room.bots, "host": room.host,
                "seats": [None if p is None else {"player": p.id, "key": p.key, "name": p.name}
                          for p in room.occupants]}

    def _clock_record(self, room: Room) -> dict | None:
        """The turn clocks as stored: the wall time, each timed seat's used seconds and how long
        the clocks still stand for the show (None on an untimed table)."""
        table = room.table
        if table.turn_seconds is None:
            return None
        used = {}
        for seat in range(room.players):
            left = table.remaining(seat)
            if left is not None:
                used[str(seat)] = round(table.turn_seconds - left, 3)
        held = max(0.0, room.shown_at - self.clock.now()) if table.held else 0.0
        return {"at": self.wall(), "used": used, "held": round(held, 3)}

    def _resumed_table(self, record: dict, match, seats: list[Seat]) -> Table:
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
        alive = max(self.store.alive() or clocks["at"], clocks["at"])
        ran = max(0.0, alive - clocks["at"] - clocks.get("held", 0.0))
        used = min(clocks["used"].values()) + ran
        left = min(turn, max(RESUME_GRACE, turn - used))
        with self.clock.pinned(self.clock.now() - (turn - left)):
            return Table(match, seats, self.clock, turn)

    def _resume(self) -> None:
        """Rebuild every unfinished table from its log and every unstarted room from its seats;
        their players come back with their tokens."""
        for record in self.store.unfinished():
            rules, _ = engine(record["game"])
            try:
                match = rules.Match.replay(record)
            except (IllegalAction, KeyError, TypeError, ValueError):
                continue                                    # a damaged record is not resumed
            seats, occupants = [], []
            for info in record["seats"]:
                seats.append(Seat(info["kind"], info["name"], info["level"], info["missed"],
                                  info["assisted"], info["left"]))
                player = None
                if info["key"] and not info["left"]:
                    player = self._stored_player(info)
                occupants.append(player)
            room = Room(record["code"], record["game"], record["players"], record["options"],
                        record["visibility"], record["turn_seconds"], record["bots"], occupants,
                        host=record["host"], names=[s.name for s in seats])
            for seat, player in enumerate(occupants):
                if player is not None:
                    player.room, player.seat = room, seat
            self.rooms[room.code] = room
            self._open_table(room, self._resumed_table(record, match, seats))
            if match.phase == "over":                      # finished but not yet marked
                self.store.finish(room.code, {"result": match.result, "totals": match.totals})
                room.over_since = self.clock.now()
        for record in self.store.rooms():
            self._resume_room(record)

    def _stored_player(self, info: dict) -> Player:
        player = self.players.get(info["key"]) or Player(info["player"], info["key"],
                                                         info["name"])
        self.players[player.key] = player
        return player

    def _resume_room(self, record: dict) -> None:
        """An unstarted room after a restart: same code, settings and seats, everyone offline."""
        if record["code"] in self.rooms:
            return
        occupants: list[Player | None] = []
        for info in record["seats"]:
            player = self._stored_player(info) if info else None
            if player is not None and player.room is not None:
                player = None                              # seated elsewhere already
            occupants.append(player)
        if not any(occupants):
            self.store.drop_room(record["code"])
            return
        room = Room(record["code"], record["game"], record["players"], record["options"],
                    record["visibility"], record["turn_seconds"], record["bots"], occupants,
                    host=record["host"])
        if occupants[room.host] is None:
            room.host = next(s for s, p in enumerate(occupants) if p is not None)
        room.quiet_since = self.clock.now()
        for seat, player in enumerate(occupants):
            if player is not None:
                player.room, player.seat = room, seat
        self.rooms[room.code] = room
