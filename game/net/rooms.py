"""The server's state without the network: players, rooms, tables, bots, timers, recording.

:class:`Lobby` is synchronous and pure (no websockets, no asyncio, no pygame): the server feeds
it frames (:meth:`Lobby.receive`) and calls :meth:`Lobby.tick` often; the lobby answers by calling
``conn.send(msg_dict)`` on the connections it was given. Tests can drive it directly with a
:class:`~game.table.clock.FakeClock`.

Rules: RULES.md TB-1 (private tables by code or link), TB-2 (approval), TB-3 (automatic join),
TB-4 (join any), TB-5 (player counts and rummy length, checked by the engine), TB-6..TB-8 (turn
clocks, safe move, assistance: :class:`game.table.Table`), TB-9 (a bot finishes for a player who
left).
"""
from __future__ import annotations

import contextlib
import hashlib
import importlib
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Protocol

from game.core.bots import bot_rng, run
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import fresh_seed
from game.table import ASSIST, SEAT_LEFT, Seat, Table
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
log = logging.getLogger("majlis.lobby")


class Conn(Protocol):
    """What the lobby needs of a connection."""

    def send(self, msg: dict) -> None: ...
    def close(self) -> None: ...


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
    room: "Room | None" = None            # the table he sits at (also after it is over)
    seat: int | None = None
    waiting: "Room | None" = None         # approval requested (TB-2)


@dataclass
class Session:
    """Per-connection state: who it is and its limits."""

    conn: Any
    player: Player | None = None
    tokens: float = RATE_BURST
    refilled: float = 0.0
    creates: int = 0


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
                 seeds: Callable[[], int] = fresh_seed):
        self.store = store
        self.seeds = seeds                            # new match seeds (tests inject their own)
        self.clock = clock if clock is not None else SystemClock()
        self.bot_delay = bot_delay
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
            del self.players[player.key]      # nothing to come back to: forget the token

    def receive(self, conn: Conn, text: Any) -> None:
        """One frame from ``conn``. Every refusal is an ``error`` reply; nothing raises."""
        session = self.sessions.get(id(conn))
        if session is None:
            return
        if not self._allow(session):
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
            player.name = name if player.room is None or not player.room.started else player.name
            old = player.conn
            if old is not None and old is not session.conn:
                old_session = self.sessions.pop(id(old), None)
                if old_session:
                    old_session.player = None
                old.send(P.error("You connected from somewhere else.", "replaced"))
                old.close()
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
        if self.store is not None:
            self.store.save_table({"code": room.code, "game": room.game, "players": room.players,
                                   "options": room.options, "seed": seed, "deck": None,
                                   "visibility": room.visibility,
                                   "turn_seconds": room.turn_seconds, "bots": room.bots,
                                   "host": room.host, "seats": self._seat_records(room)})
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
        """Every table change: each seat gets its own redacted copy and view; the log is saved."""
        for seat, occupant in enumerate(room.occupants):
            if occupant is not None and occupant.conn is not None:
                occupant.conn.send(self._events_msg(room, seat, events))
        match = room.table.match
        if self.store is not None:
            if len(match.log) > room.logged:
                self.store.append(room.code, room.logged, match.log[room.logged:])
            if any(e.type in (ASSIST, SEAT_LEFT) for e in events):
                self.store.save_seats(room.code, self._seat_records(room))
            if match.phase == "over":
                self.store.finish(room.code, {"result": match.result, "totals": match.totals})
        room.logged = len(match.log)
        if match.phase == "over" and room.over_since is None:
            room.over_since = self.clock.now()
            self._send_room(room)
        self._send_deadline(room)
        room.bot_due = self.clock.now() + self.bot_delay

    def _events_msg(self, room: Room, seat: int, events: list[Event]) -> dict:
        match = room.table.match
        legal = match.legal_actions(seat) if match.phase != "over" and \
            seat in match.to_act() else []
        return {"t": "events", "events": [e.for_seat(seat) for e in events],
                "view": match.view(seat), "legal": legal, "log": len(match.log),
                "by": room.actor}

    @contextlib.contextmanager
    def _acting(self, room: Room, seat: int) -> Iterator[None]:
        room.actor = seat
        try:
            yield
        finally:
            room.actor = None

    def _advance(self, room: Room, limit: int = 1000) -> None:
        """Bots move (bot seats, assisted seats, seats whose player left) when their pacing
        delay is over; with no delay they play until a person must act."""
        table = room.table
        for _ in range(limit):
            if table is None or self.clock.now() < room.bot_due:
                return
            seats = table.automated_to_act()
            if not seats:
                return
            seat = seats[0]
            view, legal = table.bot_view(seat)
            _, bots = engine(room.game)
            # The bot's generator is seeded from the match seed and the log length, so a table
            # resumed from its log makes the same bot moves as one that never stopped.
            rng = bot_rng(table.match.seed * 7919 + len(table.match.log) * 8 + seat)
            action = run(bots.think(view, legal, table.seats[seat].level, rng))
            with self._acting(room, seat):
                table.act(seat, action, human=False)

    def tick(self) -> None:
        """Time out late turns (TB-7, TB-8), move due bots, drop rooms nobody needs."""
        now = self.clock.now()
        for room in list(self.rooms.values()):
            if room.table is not None and not room.over:
                try:
                    room.table.tick()
                    self._advance(room)
                except Exception:               # one broken table must not stop the others
                    log.exception("table %s failed to tick", room.code)
            elif room.over and now - room.over_since >= OVER_ROOM:
                self._close(room)
            elif not room.started and not self._anyone_connected(room) \
                    and now - room.quiet_since >= IDLE_ROOM:
                self._close(room)

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

    def _close(self, room: Room) -> None:
        for asker in list(room.pending):
            self._refuse(asker, room)
        for occupant in room.occupants:
            if occupant is not None and occupant.room is room:
                occupant.room, occupant.seat = None, None
                if occupant.conn is None:
                    self.players.pop(occupant.key, None)
        self.rooms.pop(room.code, None)

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
        remaining = [None if r is None else round(r, 1)
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

    def _resume(self) -> None:
        """Rebuild every unfinished table from its log; its players come back with their tokens."""
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
                    player = self.players.get(info["key"]) or Player(info["player"], info["key"],
                                                                     info["name"])
                    self.players[player.key] = player
                occupants.append(player)
            room = Room(record["code"], record["game"], record["players"], record["options"],
                        record["visibility"], record["turn_seconds"], record["bots"], occupants,
                        host=record["host"], names=[s.name for s in seats])
            for seat, player in enumerate(occupants):
                if player is not None:
                    player.room, player.seat = room, seat
            self.rooms[room.code] = room
            self._open_table(room, Table(match, seats, self.clock, room.turn_seconds))
            if match.phase == "over":                      # finished but not yet marked
                self.store.finish(room.code, {"result": match.result, "totals": match.totals})
                room.over_since = self.clock.now()
