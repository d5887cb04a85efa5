"""What a process of a cluster does to its lobby when it may not act on its tables (Redis
unreachable, or its lease unconfirmed: :mod:`game.net.lease`), and when it lost a table to
another process (:mod:`game.net.fencing`). Pure Python, server side.

- **Pause**: the lobby's clock stands still (every turn clock, pacing delay and grace period
  with it, so nobody times out because of the outage), no bot moves, and every request that
  would change a table is refused with the retryable error ``paused`` (:meth:`Outage.refused`;
  the lobby's tick visits no table meanwhile). Seated players are told at once, and their
  turn clocks are shown stopped (``deadline`` of nulls). These frames are written at once,
  past the frames still waiting for the store (which are sent when it answers again): they
  acknowledge nothing.
- **Resume**: the clock goes on from where it stood, bots are due again as they were, and
  every timed table's seats get their clocks back.
- **Lost**: another process holds the table now (it adopted it while this one could not
  renew). It leaves this lobby without a word to the store or the directory (they are the
  new holder's), and its players' connections drop every frame still waiting (they may tell
  of moves the store refused), get ``moved`` to the holder when its address is known, and are
  closed, so that they reconnect to it.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from typing import Protocol

from . import protocol
from .model import Conn, Room
from .pacing import PinnableClock

log = logging.getLogger("majlis.cluster")

PAUSED = (
    "Play is paused: the server cannot reach its storage for a moment. Nothing was changed; "
    "try again in a few seconds."
)
PAUSABLE = frozenset(
    {"create", "join", "join_any", "answer", "start", "act", "back", "leave"}
    | {"rematch", "rematch_start"}
)
HANDED_OVER = 1012  # WebSocket "service restart": the client reconnects
HANDED_OVER_REASON = "Another server holds this table now."


def send_now(conn: Conn, msg: protocol.Message) -> None:
    """Written at once, before the frames waiting for the store (server connections)."""
    urgent = getattr(conn, "send_now", None)
    (urgent or conn.send)(msg)


def hand_over(conn: Conn, msg: protocol.Message | None) -> None:
    """Drop what waits for ``conn``, send ``msg`` and close (server connections)."""
    handing = getattr(conn, "hand_over", None)
    if handing is not None:
        handing(msg, HANDED_OVER, HANDED_OVER_REASON)
        return
    if msg is not None:
        conn.send(msg)
    conn.close(HANDED_OVER, HANDED_OVER_REASON)


class HeldTables(Protocol):
    """What pausing, resuming and losing tables needs of this process's lobby
    (:class:`game.net.rooms.Lobby`)."""

    @property
    def rooms(self) -> Mapping[str, Room]: ...
    @property
    def clock(self) -> PinnableClock: ...
    def carry_on(self, room: Room) -> None: ...
    def let_go(self, code: str) -> list[Conn] | None: ...


class Outage:
    """Pausing, resuming and giving up this process's tables."""

    def __init__(self, lobby: HeldTables):
        self.lobby = lobby
        self.active = False
        self._due: dict[str, float] = {}  # code -> its bot's due time when play paused

    def refused(self, conn: Conn, kind: str) -> bool:
        """While paused, a request that would change a table is refused (True)."""
        if not self.active or kind not in PAUSABLE:
            return False
        send_now(conn, protocol.error(PAUSED, "paused"))
        return True

    def pause(self, why: str) -> None:
        if self.active:
            return
        self.active = True
        lobby = self.lobby
        lobby.clock.stand_still()
        log.warning("play paused: %s", why, extra={"event": "paused", "tables": len(lobby.rooms)})
        for room in lobby.rooms.values():
            self._due[room.code] = room.bot_due
            room.bot_due = math.inf  # a bot's move thought out meanwhile waits
            if room.started and not room.over:
                stopped = [None] * room.players
                for conn in _connections(room):
                    send_now(conn, protocol.error(PAUSED, "paused"))
                    if room.turn_seconds is not None:
                        send_now(conn, {"t": "deadline", "remaining": stopped})

    def resume(self) -> float:
        """Play goes on; returns how long it was paused (seconds)."""
        if not self.active:
            return 0.0
        lobby = self.lobby
        gap = lobby.clock.go_on()
        self.active = False
        for room in lobby.rooms.values():
            room.bot_due = self._due.get(room.code, lobby.clock.now())
            lobby.carry_on(room)
        self._due.clear()
        log.warning("play resumed", extra={"event": "resumed", "seconds": round(gap, 3)})
        return gap

    def forget(self, code: str, url: str | None) -> None:
        """Another process holds ``code`` now (``url``: where, if known)."""
        conns = self.lobby.let_go(code)
        if conns is None:
            return
        log.warning("table lost to another process", extra={"event": "lost", "code": code})
        self._due.pop(code, None)
        moved = None if url is None else {"t": "moved", "url": url, "code": code}
        for conn in conns:
            hand_over(conn, moved)


def _connections(room: Room) -> list[Conn]:
    return [p.conn for p in room.occupants if p is not None and p.conn is not None]
