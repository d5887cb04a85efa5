"""Watching an online table without a seat (pure Python; the server side is
:mod:`game.net.watchers`).

:class:`WatchSession` is an :class:`~game.client.online.OnlineSession` that never acts: the
server sends a watcher the public events and ``view(None)`` (no hand, no secret bid), so
the table scene draws the table from it with seat 0's place at the bottom taken by whoever
sits there (his name, not "You"; no hand of ours). ``legal()`` is always empty, ``act`` and
``react`` send nothing, and Leave sends ``unwatch``. After a dropped connection or a
``moved`` (another process of a cluster holds the table) the same token says hello again
and the session asks to watch again, since the server keeps no seat for a watcher.
``count`` is the table's watchers (the eye and its number), from ``audience`` and ``room``;
``ended`` says why watching stopped (the table ended, the host closed it to spectators).

:func:`~game.client.page_links.watch_code` reads a ``#watch=CODE`` link, a bare code or what
a player typed; hostile input is refused with :data:`~game.client.page_links.BAD_WATCH` (the
i18n key of a clear message).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .online import OnlineSession, RemoteSeat, bot_names
from .server_link import ServerLink
from .session import JSON

ENDINGS = ("closed", "watch_off", "no_room")  # errors that end watching
ENDED_WORDS = {"closed": "watch.closed", "watch_off": "watch.off", "no_room": "watch.closed"}


class WatchedSeat(RemoteSeat):
    """A seat as a spectator sees it: never his to play (no "your turn" cue at seat 0)."""

    @property
    def automated(self) -> bool:
        return True


class WatchSession(OnlineSession):
    """A public table seen by a spectator (see the module docstring)."""

    watching = True

    def __init__(
        self,
        server: ServerLink,
        room: JSON,
        first: JSON | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.code = str(room.get("code", ""))
        self.count = int(room.get("watchers", 0) or 0)
        self.ended: str | None = None  # the server's error code that ended watching
        self.ended_words: str | None = None  # ... in the player's words (an i18n key)
        self._asked_on: object = server.conn  # the connection the watch was sent on
        super().__init__(server, {**room, "you": None}, first, clock)
        self.me = 0

    def _seats_of(self, room: JSON) -> list[RemoteSeat]:
        """Every seat as others see it: seat 0 is whoever sits there, never "You"."""
        level, names = room.get("bots", "normal"), bot_names(self.game)
        return [WatchedSeat(entry, s, False, level, names) for s, entry in enumerate(room["seats"])]

    # ----- a watcher never acts -------------------------------------------------------------------
    def legal(self) -> list[JSON]:
        return []

    def act(self, action: JSON, seat: int | None = None, human: bool = True) -> bool:
        return False

    def react(self, phrase: str) -> bool:
        return False

    def reclaim(self) -> None:
        return None

    def hints_allowed(self) -> bool:
        return False

    def leave(self) -> None:
        """Stop watching: the watched room is not ours to show in the lobby."""
        self.server.send("unwatch")
        self.server.room = None

    # ----- messages -------------------------------------------------------------------------------
    def poll(self) -> None:
        if self.server.ready and self.server.conn is not self._asked_on:
            self._asked_on = self.server.conn  # a new connection: watch again there
            self.server.send("watch", code=self.code)
        super().poll()

    def receive(self, msg: JSON) -> None:
        kind = msg["t"]
        if kind == "audience" and msg.get("code") == self.code:
            self.count = max(0, int(msg.get("count", 0)))
            self._version += 1
            return
        if kind == "room":
            msg = {**msg, "you": None}
            self.count = int(msg.get("watchers", self.count) or 0)
        if kind == "error" and msg.get("code") in ENDINGS:
            self.ended = str(msg["code"])
            self.ended_words = ENDED_WORDS.get(self.ended, "watch.closed")
            self.lost = True
        if kind == "events" and isinstance(msg.get("view"), dict):
            msg = {**msg, "view": {**msg["view"], "you": self.me, "hand": []}, "legal": []}
        super().receive(msg)
