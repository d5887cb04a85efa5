"""The lobby's records: players, their connections (:class:`Guest`), rooms and bots' thoughts
(pure)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core import registry
from game.core.bots import Thinking
from game.core.engine import Match
from game.core.fair import FairDeal
from game.core.spec import BotsModule
from game.core.types import JsonObject
from game.table import Table

from .delta import ViewSender
from .limits import RATE_BURST, REACTION_BURST


class Conn(Protocol):
    """What the lobby needs of a connection."""

    def send(self, msg: JsonObject) -> None: ...
    def close(self, code: int = 1000, reason: str = "") -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...


class TableStore(Protocol):
    """What the lobby needs of its store: :class:`game.net.store.Store` (SQLite, one process)
    or :class:`game.net.redis_store.RedisStore` (several). Records are JSON objects."""

    queued: int
    durable: int

    def save_table(self, record: JsonObject) -> None: ...
    def record(
        self,
        code: str,
        first: int,
        entries: list[list[Any]],
        seats: list[JsonObject] | None = None,
        clocks: JsonObject | None = None,
    ) -> None: ...
    def finish(self, code: str, result: Any, at: float | None = None) -> None: ...
    def archive(self, code: str, number: int, record: JsonObject) -> None: ...
    def save_room(self, code: str, record: JsonObject) -> None: ...
    def watchable(self, code: str, on: bool) -> None: ...
    def drop_room(self, code: str) -> None: ...
    def beat(self, at: float) -> None: ...
    def prune(self, before: float) -> int | None: ...
    def has_code(self, code: str) -> bool: ...
    def alive(self) -> float | None: ...
    def unfinished(self) -> list[JsonObject]: ...
    def rooms(self) -> list[JsonObject]: ...


def token_key(token: str) -> str:
    """What the server keeps of a token (the database never holds the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


def engine(game: str) -> tuple[type[Match[Any, Any]], BotsModule]:
    """The game's engine class and bots module, as its spec declares them (the registry)."""
    spec = registry.get(game)
    return spec.engine_class(), spec.bots_module()


class RequestRefused(Exception):
    """A client's request the lobby refuses: raised where the request is checked, answered with
    an ``error`` message (``code``, English ``message``) and nothing changed. The client shows
    it as a :class:`game.client.session.Refusal`."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message, self.code = message, code


@dataclass(eq=False)
class Player:
    id: str
    key: str  # token_key(token)
    name: str
    conn: Conn | None = None
    room: Room | None = None  # the table he sits at (also after it is over)
    avatar: int | None = None  # the face he chose (protocol.AVATARS), shown on every client
    seat: int | None = None
    waiting: Room | None = None  # approval requested (TB-2)
    react_tokens: float = REACTION_BURST  # reactions he may send now (reactions.py's bucket)
    react_at: float = float("-inf")  # when it was last counted

    @property
    def place(self) -> int:
        """His seat, where he must have one (a request only a seated player reaches)."""
        if self.seat is None:
            raise RuntimeError(f"player {self.id} has no seat")
        return self.seat

    @property
    def live_conn(self) -> Conn:
        """His connection, where he must have one (he is the sender of the request)."""
        if self.conn is None:
            raise RuntimeError(f"player {self.id} is not connected")
        return self.conn


@dataclass(eq=False)
class Guest:
    """One open connection to the lobby: the player it speaks for once it said hello, its
    limits, and the views it was sent (deltas). A reconnecting player is a new guest."""

    conn: Conn
    address: str = "local"  # the limits' unit (guard.address_key)
    opened: float = 0.0  # lobby clock at connect (hello timeout)
    player: Player | None = None
    tokens: float = RATE_BURST
    refilled: float = 0.0
    creates: int = 0
    strikes: float = 0.0  # refused messages, forgiven over time (flooding)
    struck: float = 0.0  # when strikes was last counted
    closed: bool = False
    views: ViewSender = field(default_factory=ViewSender)  # the last view sent (deltas)


@dataclass
class Thought:
    """A bot's move being thought out, slice by slice, for ``seat`` at log length ``log``."""

    seat: int
    log: int
    view: Mapping[str, Any]  # the seat's view, any game's
    legal: list[Any]  # its legal actions, any game's
    rng: random.Random
    thinking: Thinking
    spent: float = 0.0
    seed: int = 0  # rng's seed (a worker process makes its own rng)
    level: str = "easy"
    answer: Any = None  # the move, thought out before the pacing delay ended (played then)


@dataclass(eq=False)
class Room:
    code: str
    game: str
    players: int
    options: JsonObject
    visibility: str
    turn_seconds: int | None
    bots: str
    occupants: list[Player | None]
    host: int = 0
    hints: bool = False  # the host lets every seat ask for hints
    watchable: bool = True  # the host lets strangers watch a public table (game.net.watchers)
    address: str | None = None  # whose address created it (limits)
    created: float = 0.0  # lobby clock
    pending: list[Player] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # seat names once started
    table: Table | None = None
    logged: int = 0  # log entries saved
    quiet_since: float = 0.0  # nobody connected since
    over_since: float | None = None
    bot_due: float = 0.0
    actor: int | None = None  # whose request is being applied
    shown_at: float = 0.0  # clients have shown every event by then
    thought: Thought | None = None  # a bot's move being thought out
    saved_seats: tuple[Any, ...] = ()  # what the seat records last stored were made of
    due: float | None = None  # when the lobby's tick next visits it (schedule.py)
    fair: FairDeal = field(default_factory=FairDeal)  # the next match's secret (game.core.fair)
    fair_dealt: bool = True  # False: a table resumed from before the fair deals (plain seed)
    match_no: int = 1  # which match of this table (a rematch is the next: game.net.rematch)

    @property
    def started(self) -> bool:
        return self.table is not None

    @property
    def live(self) -> Table:
        """The table of a started room (asking before the start is a bug)."""
        if self.table is None:
            raise RuntimeError(f"room {self.code} has not started")
        return self.table

    @property
    def thinking(self) -> Thought:
        """The bot's thought in progress, where there must be one."""
        if self.thought is None:
            raise RuntimeError(f"room {self.code} has no bot thinking")
        return self.thought

    @property
    def over(self) -> bool:
        return self.table is not None and self.table.match.phase == "over"

    def free_seats(self) -> list[int]:
        return [] if self.started else [s for s, p in enumerate(self.occupants) if p is None]

    def seated(self) -> int:
        return sum(p is not None for p in self.occupants)

    def anyone_connected(self) -> bool:
        return any(p is not None and p.conn is not None and p.room is self for p in self.occupants)
