"""The client's link to the table server, :class:`ServerLink`: one connection
(:mod:`game.client.connection`, a new one after a drop or a ``moved``), ``hello``/``welcome``
with the saved token, the current ``room`` and the finished table's offer of the next match. The
lobby and then the table (:class:`game.client.online.OnlineSession`) read its messages each
frame; a scene that leaves mid-batch gives back what it did not handle (:meth:`ServerLink.unread`).

- A ``moved`` (another process of a cluster holds our table) is followed to the address it names,
  unless that is no ws/wss address or plain ``ws://`` after ``wss://``
  (:func:`game.client.servers.may_follow`); every new connection after a drop starts at the entry
  address again, so a holder that died is not tried forever. When to try again is the session's
  (:data:`game.client.online.RECONNECT_DELAYS`).
- The match's fairness (:class:`game.client.fair_check.Witness`) is fed every message of it
  here, and our contribution goes out as soon as a commitment comes (and again for a rematch).
- :func:`server_message` words a server ``error`` for the player (the lobby's and the table's);
  :func:`chosen_avatar` says whether a value is a face a player may choose.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.client import connection
from game.client.fair_check import Witness
from game.i18n import t
from game.net.protocol import AVATARS

from .servers import may_follow, remember_token, server_identity, token_after_move
from .session import JSON

__all__ = ["ServerLink", "chosen_avatar", "server_message"]

log = logging.getLogger("majlis.online")


def server_message(err: JSON) -> str:
    """A server ``error`` in the player's words: every code the server sends has its own
    sentence (``error.<code>``, or the engines' ``refusal.<code>``; tests/test_server_words.py
    reads the codes from the server's source); an unknown one (a newer server's) shows the
    server's own message."""
    code = err.get("code", "")
    for key in (f"error.{code}", f"refusal.{code}"):
        s = t(key)
        if s != key:
            return s
    return t("online.error", msg=err.get("message", code))


def chosen_avatar(value: object) -> bool:
    """``value`` is a face a player may choose: a whole number from 0 to AVATARS - 1."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < AVATARS


# ----- the connection -----------------------------------------------------------------------------
class ServerLink:
    """This client's link to the table server: the connection (a new one after a drop or a
    ``moved``) and what the server told us about ourselves and our table. Not a seat at a
    table: that is :class:`game.client.online.OnlineSession`, which reads its messages through
    this link.

    ``url`` is the entry address (the one the player chose, or a link's): a ``moved`` is
    followed to the process it names, and every new try after a drop starts at the entry
    again, which answers with the table or ``moved`` to whichever process holds it now (a
    holder that died has no say). ``token`` is the one the entry's server gave us
    (:func:`game.client.servers.token_for`); it goes nowhere else but where that server sends
    us within its own site (:func:`game.client.servers.token_after_move`)."""

    def __init__(
        self,
        url: str,
        name: str,
        token: str | None = None,
        connect: Callable[[str], connection.Connection] = connection.connect,
        avatar: int | None = None,
    ):
        self.url = url
        self.entry = url
        self.name = name
        self.avatar = avatar if chosen_avatar(avatar) else None  # the face the player chose
        self.token = token
        self._tokens = {server_identity(url) or url: token} if token else {}  # by server
        self.player: str | None = None
        self.room: JSON | None = None
        self._connect = connect
        self.conn = connect(url)
        self.greeted = False
        self._unread: list[JSON] = []
        self.witness = Witness()  # the match's commitment, our contribution, what we saw
        self.offer: JSON | None = None  # the finished table's next match (rematch_state)

    @property
    def ready(self) -> bool:
        return self.player is not None and self.conn.open

    @property
    def failed(self) -> bool:
        return self.conn.ended

    def send(self, kind: str, **fields: Any) -> bool:
        return self.conn.send({"t": kind, **fields})

    def wear(self, avatar: int) -> None:
        """A face chosen while connected: said again in a ``hello`` with our token (the
        server tells the seats at our table, and stores it with our seat)."""
        self.avatar = avatar if chosen_avatar(avatar) else None
        if self.ready and self.avatar is not None:
            self.send("hello", name=self.name, token=self.token, avatar=self.avatar)

    def leave_room(self) -> None:
        """Leave our table: ``leave`` is sent and the room forgotten at once (the lobby shows
        its home without waiting for the server's ``left``)."""
        self.send("leave")
        self.room = None

    def woke(self) -> bool:
        """The page came back to the front since the last call
        (:meth:`connection.Connection.woke`)."""
        return self.conn.woke()

    def poll(self) -> list[JSON]:
        """New messages (``welcome`` and ``room`` are also kept here)."""
        if self.conn.open and not self.greeted:
            self.greeted = True
            chosen = {} if self.avatar is None else {"avatar": self.avatar}
            self.send("hello", name=self.name, token=self.token, **chosen)
        out, self._unread = self._unread, []
        for msg in self.conn.poll():
            kind = msg["t"]
            if kind == "welcome":
                self.player, self.token = msg["player"], msg["token"]
                self._tokens[server_identity(self.url) or self.url] = self.token
                remember_token(self.url, msg["token"])
            elif kind == "room":
                self.room = msg
                self._contribute(msg)
            elif kind == "events":
                self.witness.on_events(msg)
            elif kind == "reveal":
                self.witness.on_reveal(msg)
            elif kind == "record":  # asked for after leaving early: the reveal it carries
                self.witness.on_record(msg)
            elif kind == "rematch_state":
                self.offer = msg
            elif kind in ("left", "refused"):
                self.room, self.offer = None, None
            elif kind == "moved":  # our table is held by another process of the cluster
                out.append(msg)
                self._follow(msg)
                break  # what the old connection still says is about where we were
            out.append(msg)
        return out

    def _contribute(self, room: JSON) -> None:
        """Answer a new commitment with our own random contribution (before the start)."""
        value = self.witness.on_room(room)
        if value is not None:
            self.send("contribute", value=value)

    def accept_rematch(self) -> bool:
        """ "Play again": accept the offered next match with a fresh contribution to its NEW
        commitment (the witness keeps a new record for it)."""
        offer, room = self.offer, self.room
        if offer is None or room is None:
            return False
        value = self.witness.on_rematch(offer, room)
        return self.send("rematch", match=offer["match"], value=value)

    def reconnect(self, url: str | None = None) -> None:
        """A new connection (to ``url``, or back to the entry address): the same name and
        token say hello again, and the server seats us where we were (or says ``moved``)."""
        self.conn.close()
        target = url if url is not None else self.entry
        self.token = token_after_move(self.url, target, self.token, self._tokens)
        self.url = target
        self.conn = self._connect(self.url)
        self.greeted = False
        self.player = None

    def _follow(self, msg: JSON) -> None:
        url = msg.get("url")
        if isinstance(url, str) and may_follow(self.url, url):
            self.reconnect(url)
        else:
            log.warning("online: ignored a move to %r", url)

    def unread(self, messages: list[JSON]) -> None:
        """Give back messages a scene polled but did not handle (it left mid-batch): the next
        scene's poll gets them first, so nothing the server said is lost in a hand-over."""
        self._unread = list(messages) + self._unread

    def close(self) -> None:
        self.conn.close()
