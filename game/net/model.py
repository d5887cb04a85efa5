"""The lobby's records: players, connections (sessions), rooms and bots' thoughts (pure)."""

from __future__ import annotations

import hashlib
import importlib
import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.bots import Thinking
from game.table import Table

from .delta import ViewSender
from .limits import RATE_BURST


class Conn(Protocol):
    """What the lobby needs of a connection."""

    def send(self, msg: dict) -> None: ...
    def close(self, code: int = 1000, reason: str = "") -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...


def token_key(token: str) -> str:
    """What the server keeps of a token (the database never holds the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


def engine(game: str) -> tuple[Any, Any]:
    """The game's rules module and bots module."""
    return (
        importlib.import_module(f"game.games.{game}.rules"),
        importlib.import_module(f"game.games.{game}.bots"),
    )


class Refusal(Exception):
    """A request the lobby refuses: becomes an ``error`` reply."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message, self.code = message, code


@dataclass(eq=False)
class Player:
    id: str
    key: str  # token_key(token)
    name: str
    conn: Any = None
    room: Room | None = None  # the table he sits at (also after it is over)
    seat: int | None = None
    waiting: Room | None = None  # approval requested (TB-2)


@dataclass(eq=False)
class Session:
    """Per-connection state: who it is and its limits."""

    conn: Any
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
    view: dict
    legal: list
    rng: random.Random
    thinking: Thinking
    spent: float = 0.0
    seed: int = 0  # rng's seed (a worker process makes its own rng)
    level: str = "easy"


@dataclass(eq=False)
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
    saved_seats: list | None = None  # the seat records last stored

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

    def anyone_connected(self) -> bool:
        return any(p is not None and p.conn is not None and p.room is self for p in self.occupants)
