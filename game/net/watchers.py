"""Spectators: people who watch a public table without a seat (pure: no websockets, no pygame).

A spectator (a player who said hello and sits nowhere) sends ``watch {code}`` for a public
table (``auto`` or ``approval``) whose host lets people watch. He joins its :class:`Audience`
and is sent what every seat may see and no more: the room as a stranger sees it, each change's
events as ``for_seat(None)`` and the match's ``view(None)`` (no hand, no secret bid before its
reveal), the turn clocks, the reactions, and the reveal once the match is over. He never
acts: every request that would change the table is refused (``watching``) and changes
nothing. ``unwatch`` (or ``leave``) lets him go at any time.

A private table answers ``watch`` exactly as a wrong code does (``no_room``, counted as a miss
by the code back-off of :mod:`.limits`): nobody learns that a private code exists. The host
turns watching off and on (``allow_watch {on}``, stored with the room so a restart or another
process keeps it); off lets every watcher go with ``error`` ``watch_off`` then ``left``. The
seats and the watchers are sent ``audience {code, count, open}`` whenever the count changes
(the eye with a number beside the table), and the room message carries ``watchers`` too.

Limits (:class:`~game.net.limits.Limits`): :data:`~game.net.limits.WATCHERS_PER_TABLE`
spectators at one table, :data:`~game.net.limits.WATCHING_PER_ADDRESS` watching connections
from one address. When a table ends or another process takes it, its watchers are told
(``closed`` / ``moved``) and let go.

The move path pays for spectators only where someone watches: a table nobody watches costs
one dict lookup per change (``Watchers.tables``) and a message from a seat one membership
test; a watched table adds one ``view(None)`` per change, shared by all its watchers (their
patches too, :class:`~game.net.delta.Shared`). ``bench/bench_load.py --cpu-per-move``
(2026-12-02, 2 busy cores): within its noise before and after (+0.7 % and +2.6 % over
the three games' medians in two runs of 6 and 10 alternations).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .limits import Limits
from .model import Conn, Player, RequestRefused, Room

# Requests a watcher may send: the rest would change a table (or sit him down) and are refused.
WATCHER_MAY: frozenset[str] = frozenset(
    {"hello", "ping", "list", "watch", "unwatch", "leave", "get_record"}
)
PUBLIC: tuple[str, ...] = ("auto", "approval")  # visibilities a stranger may watch


@dataclass(eq=False)
class Audience:
    """Who watches one table: each watcher with the address he counts against."""

    code: str
    members: dict[Player, str] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.members)

    def conns(self) -> list[Conn]:
        """The watchers' open connections."""
        return [p.conn for p in self.members if p.conn is not None]


class Watchers:
    """Every table's audience in this lobby, who watches where, and the limits."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.tables: dict[str, Audience] = {}  # by room code (only tables with a watcher)
        self.watching: dict[Player, str] = {}  # watcher -> the code he watches
        self.per_address: Counter[str] = Counter()

    def audience(self, code: str) -> Audience | None:
        """``code``'s audience, None when nobody watches it (the move path's one lookup)."""
        return self.tables.get(code)

    def count(self, code: str) -> int:
        audience = self.tables.get(code)
        return 0 if audience is None else audience.count

    def refuse_acting(self, player: Player, kind: str) -> None:
        """A watcher's request that would change a table: refused, nothing changed."""
        if kind not in WATCHER_MAY and player in self.watching:
            raise RequestRefused(
                "You are watching a table: spectators cannot play. Leave it first.", "watching"
            )

    def add(self, room: Room, player: Player, address: str) -> Audience:
        """``player`` (from ``address``) watches ``room`` (else refused, nothing changed)."""
        limits = self.limits
        current = self.watching.get(player)
        if current == room.code:
            return self.tables[room.code]
        if self.count(room.code) >= limits.watchers_per_table:
            raise RequestRefused(
                f"At most {limits.watchers_per_table} people may watch one table.", "too_many"
            )
        if current is None and self.per_address[address] >= limits.watching_per_address:
            raise RequestRefused(
                f"At most {limits.watching_per_address} tables may be watched from one "
                "address at a time.",
                "too_many",
            )
        self.remove(player)
        audience = self.tables.setdefault(room.code, Audience(room.code))
        audience.members[player] = address
        self.watching[player] = room.code
        self.per_address[address] += 1
        return audience

    def remove(self, player: Player) -> str | None:
        """``player`` watches nothing now; the code he watched, if any."""
        code = self.watching.pop(player, None)
        if code is None:
            return None
        audience = self.tables[code]
        address = audience.members.pop(player)
        self.per_address[address] -= 1
        if self.per_address[address] <= 0:
            del self.per_address[address]
        if not audience.members:
            del self.tables[code]
        return code

    def release(self, code: str) -> list[Player]:
        """The whole audience of ``code`` goes (the table ended, closed to watchers or moved)."""
        audience = self.tables.get(code)
        if audience is None:
            return []
        members = list(audience.members)
        for player in members:
            self.remove(player)
        return members
