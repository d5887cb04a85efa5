"""Online tables: our seat at a running table on the server behind the
:class:`~game.client.session.TableSession` interface (:class:`OnlineSession`), over the server
connection (:class:`game.client.server_link.ServerLink`), which the lobby reads before it.

- :class:`OnlineSession`: everything a table scene needs, as the server sends it (the wire
  contract is :mod:`game.net.protocol`): the seat's ``view`` and ``legal`` actions after every
  batch of ``events`` (each already redacted for this seat), the turn clocks from ``deadline``,
  the seats from ``room``, refusals from ``error``. Seats keep the server's numbers; ``me`` is
  ours. Nothing of the rules is computed here: the server holds the engine.
- Acting sends ``act`` and waits for the answer: meanwhile your seat is not shown as to act and
  has no legal actions (the server's ``legal`` may be stale until then), for at most
  :data:`PENDING_SECONDS`. Bots move on the server; turns time out on the server.
- A dropped connection mid-match is tried again by itself (:data:`RECONNECT_DELAYS`, spread a
  little at random so that a restarted server is not met by every client at once): the same
  token says hello, the server seats us where we were and sends the view, and the scene
  rebuilds from it (``resumed``). Only when every try failed, or the server no longer holds our
  table, is the table ``lost``. A ``moved`` (the table is held by another server process of
  a cluster) is followed the same way, to the address it gives; a try after that starts at
  the entry address again (:class:`~game.client.server_link.ServerLink`), so a holder that died
  is not tried forever.
- A browser tab coming back to the front (the page's ``visibilitychange``,
  :meth:`game.client.connection.Connection.woke`) while the connection is down tries again at
  once instead of waiting out the back-off, and the table is drawn again (``woken``).
- Reactions (``react`` / ``reaction``): :meth:`OnlineSession.react` sends one, the scene takes
  those come (:meth:`OnlineSession.take_reactions`), less the seats this player muted.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence

from game.core import registry
from game.net.protocol import PHRASES

from .server_link import ServerLink, chosen_avatar
from .session import JSON, Refusal, SeatState, TableSession

__all__ = ["OnlineSession"]

log = logging.getLogger("majlis.online")

PENDING_SECONDS = 5.0  # an action with no answer stops blocking input after this long
# Seconds before each new try after a dropped connection (about a minute in all, each spread by
# up to a quarter either way), then the table is lost.
RECONNECT_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0, 8.0, 8.0, 8.0)
TABLE_GONE = frozenset({"closed", "gone"})  # error codes: the table is no longer there
GONE_AFTER_OVER = frozenset({"not_seated"})  # ... also, once over (a rematch finds no seat)
RESUME_SECONDS = 10.0  # welcomed back but no view of our table by then: the table is gone


def bot_names(game: str) -> str:
    """The i18n keys of the game's bot names (its spec), the same as at a local table."""
    return registry.get(game).bot_names if registry.exists(game) else "name.{i}"


# ----- the seats ----------------------------------------------------------------------------------
class RemoteSeat:
    """A seat as the room shows it. Only the server moves bots, so none is automated here —
    except your own seat while auto-assistance plays it (TB-8) or after you left (TB-9)."""

    def __init__(self, entry: JSON, seat: int, mine: bool, level: str, bot_names: str = "name.{i}"):
        self.kind = "bot" if entry.get("kind") == "bot" else "human" if mine else "remote"
        name = entry.get("name") if isinstance(entry.get("name"), str) else ""
        if mine:
            name = "seat.you"
        elif self.kind == "bot":  # the client's own bot names, the same on every screen
            name = bot_names.format(i=seat) if 1 <= seat <= 3 else "online.seat_bot"
        elif not name:
            name = "online.player"
        self.name = name
        self.level = level if level in ("easy", "normal", "hard") else "normal"
        self.connected = bool(entry.get("connected", True))
        self.assisted = bool(entry.get("assisted", False))
        self.left = bool(entry.get("left", False))
        avatar = entry.get("avatar")  # a person's face as he chose it; bots keep their own
        self.avatar = avatar if self.kind != "bot" and chosen_avatar(avatar) else None
        self.missed = 0
        self.mine = mine

    @property
    def automated(self) -> bool:
        return self.mine and (self.assisted or self.left)


# ----- the table ----------------------------------------------------------------------------------
class OnlineSession(TableSession):
    """Our seat at a started table on the server (see the module docstring)."""

    online = True

    def __init__(
        self,
        server: ServerLink,
        room: JSON,
        first: JSON | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        super().__init__()
        self.server = server
        self.room = room
        self.players = len(room["seats"])
        you = room.get("you")
        self.me = you if isinstance(you, int) and 0 <= you < self.players else 0
        self.game = str(room.get("game", "hareeja"))
        self.turn_seconds = room.get("turn_seconds")
        self.clock = clock
        self._seats = self._seats_of(room)
        self._view: JSON = {}
        self._legal: list[JSON] = []
        self._version = 0
        self._deadline: list[float | None] = [None] * self.players
        self.awaiting = False  # our action is on its way: not our turn meanwhile
        self.awaiting_since = 0.0
        self.rng = random.Random()  # spreads the reconnection tries
        self._tries = 0  # new connections made since the last drop
        self._next_try = 0.0
        self._welcomed_at: float | None = None  # welcomed back, our table's view not yet here
        self._replaced = False  # the server moved us to a newer connection (another tab)
        self.finished_record: JSON | None = None  # the server's "record" once asked for
        self.reactions: list[tuple[int, str]] = []  # (seat, phrase) come, for the scene to take
        self.muted: set[int] = set()  # seats whose reactions this player does not see
        self.accepted: str | None = None  # the commitment whose offer we accepted
        self._next_match = False  # a room began the next match: the scene rebuilds
        self.audience = 0  # people watching this table (game.client.watching): the eye's number
        if first is not None:
            self.receive(first)

    def _seats_of(self, room: JSON) -> list[RemoteSeat]:
        level = room.get("bots", "normal")
        names = bot_names(self.game)
        return [
            RemoteSeat(entry, s, s == self.me, level, names)
            for s, entry in enumerate(room["seats"])
        ]

    def hints_allowed(self) -> bool:
        """Only where the table's host allows hints (the room says ``"hints": true``)."""
        return bool(self.room.get("hints"))

    # ----- what the seat sees ---------------------------------------------------------------------
    @property
    def seats(self) -> Sequence[SeatState]:
        return self._seats

    @property
    def version(self) -> int:
        return self._version

    def view(self) -> JSON:
        return self._view

    def legal(self) -> list[JSON]:
        if self.awaiting or self.reconnecting or self.phase == "over":
            return []
        return list(self._legal)

    def to_act(self) -> list[int]:
        seats = list(self._view.get("to_act", []))
        blocked = self.awaiting or self.reconnecting
        return [s for s in seats if s != self.me] if blocked else seats

    def remaining(self, seat: int) -> float | None:
        if self.phase == "over" or not 0 <= seat < self.players:
            return None
        deadline = self._deadline[seat]
        return None if deadline is None else max(0.0, deadline - self.clock())

    # ----- acting ---------------------------------------------------------------------------------
    def act(self, action: JSON, seat: int | None = None, human: bool = True) -> bool:
        """Send your action; its events come back from the server (see :meth:`poll`)."""
        if seat not in (None, self.me) or not self.server.send("act", action=action):
            return False
        self._set_awaiting(True)
        if human:
            self._seats[self.me].assisted = False
        return True

    def reclaim(self) -> None:
        if self.server.send("back"):
            self._seats[self.me].assisted = False
            self._seats[self.me].missed = 0

    def leave(self) -> None:
        self.server.send("leave")

    # ----- reactions ------------------------------------------------------------------------------
    def react(self, phrase: str) -> bool:
        """Send a reaction (one of :data:`game.net.protocol.PHRASES`); the server's echo shows
        it, so a refused one (too fast) shows nothing."""
        return self.server.send("react", phrase=phrase)

    def take_reactions(self) -> list[tuple[int, str]]:
        """The reactions come since the last call, muted seats' left out."""
        come, self.reactions = self.reactions, []
        return [(seat, phrase) for seat, phrase in come if seat not in self.muted]

    def mute(self, seat: int, on: bool) -> None:
        """Hide (``on``) or show again ``seat``'s reactions, for as long as this table lasts."""
        if on:
            self.muted.add(seat)
        else:
            self.muted.discard(seat)

    # ----- rematch ("Play again" at an online table) ------------------------------------------
    @property
    def offer(self) -> JSON | None:
        """The finished table's offer of the next match (``rematch_state``), while open."""
        offer = self.server.offer
        if offer is None or offer.get("code") != self.room.get("code"):
            return None
        number = offer.get("match")  # an offer for the match now played is over
        return offer if isinstance(number, int) and number > self.room.get("match", 1) else None

    @property
    def again_sent(self) -> bool:
        """We accepted the offer now open (the server says so, or we sent it: an offer made
        afresh, after a server restart, has a new commitment and is answered again)."""
        offer = self.offer
        if offer is None:
            return False
        ready = offer.get("ready")
        said = isinstance(ready, list) and 0 <= self.me < len(ready) and ready[self.me] is True
        return said or offer.get("commitment") == self.accepted

    def play_again(self) -> bool:
        """Accept the next match (sent once per offer)."""
        offer = self.offer
        if offer is None or self.again_sent or not self.server.accept_rematch():
            return False
        self.accepted = offer.get("commitment")
        self._version += 1
        return True

    def start_now(self) -> bool:
        """The host starts the next match with those who accepted."""
        return self.offer is not None and self.server.send("rematch_start")

    def ready_count(self) -> tuple[int, int]:
        """(persons ready, persons at the table) for the open offer."""
        offer = self.offer or {}
        people = [bool(p) for p in offer.get("people", [])]
        ready = [bool(r) for r in offer.get("ready", [])]
        return sum(p and r for p, r in zip(people, ready)), sum(people)

    def close(self) -> None:
        self.server.close()

    def _set_awaiting(self, on: bool) -> None:
        if on != self.awaiting:
            self._version += 1
        self.awaiting = on
        if on:
            self.awaiting_since = self.clock()

    # ----- messages -------------------------------------------------------------------------------
    def poll(self) -> None:
        woke = self.server.woke()
        if woke:  # the tab is in front again: draw it, and try again now if it dropped
            self.woken = True
            self._version += 1
        for msg in self.server.poll():
            if self.reconnecting and msg["t"] == "events":  # our table's view: we are back
                self._back()
            elif msg["t"] == "error" and msg.get("code") == "replaced":
                self._replaced = True  # never take the seat back from the newer connection
            try:
                self.receive(msg)
            except Exception as exc:  # a message that does not fit: log it, keep playing
                log.warning("online: ignored a %r message: %s", msg.get("t"), exc)
        if self.reconnecting or self.server.failed:
            self._reconnect_step(hurry=woke)
        if self.awaiting and self.clock() - self.awaiting_since > PENDING_SECONDS:
            self._set_awaiting(False)

    # ----- a dropped connection -------------------------------------------------------------------
    def _reconnect_step(self, hurry: bool = False) -> None:
        """Try again after a drop, as :data:`RECONNECT_DELAYS` says (``hurry``: the page just
        came back to the front, so now); ``lost`` when all failed or the server, welcoming us
        back, no longer holds our table."""
        now = self.clock()
        if self._replaced:
            self._give_up("connected from somewhere else")
            return
        if not self.reconnecting:  # it just dropped
            log.info("online: the connection dropped; trying again")
            self.reconnecting, self._tries, self._welcomed_at = True, 0, None
            self._next_try = now if hurry else now + self._delay(0)
            self._set_awaiting(False)
            self._version += 1
            return
        if self.server.ready:
            self._welcomed_at = self._welcomed_at or now
            if now - self._welcomed_at > RESUME_SECONDS:
                self._give_up("the server no longer holds our table")
            return
        if hurry:
            self._next_try = now
        if not self.server.failed or now < self._next_try:
            return  # a try under way, or waiting for the next
        if self._tries >= len(RECONNECT_DELAYS):
            self._give_up(f"{self._tries} tries failed")
            return
        self._tries += 1
        self._next_try = now + self._delay(self._tries)
        self.server.reconnect()

    def _delay(self, tries: int) -> float:
        base = RECONNECT_DELAYS[min(tries, len(RECONNECT_DELAYS) - 1)]
        return base * self.rng.uniform(0.75, 1.25)

    def _back(self) -> None:
        log.info("online: reconnected after %d tries", self._tries)
        self.reconnecting, self.resumed, self._welcomed_at = False, True, None
        self._events.clear()  # the scene rebuilds from the view that comes with this message
        self._version += 1

    def _give_up(self, why: str) -> None:
        log.warning("online: the table is lost: %s", why)
        self.reconnecting, self.lost = False, True

    def receive(self, msg: JSON) -> None:
        """One server message: events (with the view and legal actions after them), turn
        clocks, the room's seats, a refusal, or the finished match asked for a replay."""
        kind = msg["t"]
        if kind == "events":
            self._on_events(msg)
        elif kind == "record":
            self.finished_record = msg  # game.client.stats_record keeps it as a replay code
        elif kind == "reaction":
            self._on_reaction(msg)
        elif kind == "audience":
            self.audience = max(0, int(msg["count"]))
            self._version += 1
        elif kind == "deadline":
            now = self.clock()
            self._deadline = [
                now + r if isinstance(r, (int, float)) and not isinstance(r, bool) else None
                for r in msg["remaining"]
            ][: self.players]
            self._deadline += [None] * (self.players - len(self._deadline))
        elif kind == "room":
            if len(msg["seats"]) == self.players:
                began = msg.get("match", 1) != self.room.get("match", 1) and msg["started"]
                self.room = msg
                self._seats = self._seats_of(msg)
                if began and not msg.get("over"):  # a rematch: the next match at this table
                    self._next_match, self.accepted = True, None
        elif kind == "error":
            self._set_awaiting(False)
            code = str(msg.get("code", ""))
            if self._table_gone(code):
                return
            self._refusals.append(Refusal(code, str(msg.get("message", "")), online=True))

    def _table_gone(self, code: str) -> bool:
        """The server says our table is no longer there (it closed; after its match, a
        rematch request finds no table or no seat): :attr:`closed` says why, and the scene
        goes back to the lobby (:func:`game.ui.table_online.follow_connection`)."""
        if code not in TABLE_GONE and code not in GONE_AFTER_OVER:
            return False
        over = self.phase == "over" or self.offer is not None  # (an offer: it is over)
        if not over and code not in TABLE_GONE:
            return False
        self.closed = "online.closed_over" if over else "error.closed"
        self.server.room, self.server.offer = None, None  # the lobby shows no waiting room
        self._version += 1
        return True

    def _on_reaction(self, msg: JSON) -> None:
        seat, phrase = msg["seat"], msg["phrase"]
        if isinstance(seat, int) and 0 <= seat < self.players and phrase in PHRASES:
            self.reactions = [*self.reactions[-7:], (seat, phrase)]  # a few, never a pile

    def _on_events(self, msg: JSON) -> None:
        events = [
            e for e in msg["events"] if isinstance(e, dict) and isinstance(e.get("type"), str)
        ]
        view = msg["view"]
        if not isinstance(view, dict):
            raise ValueError("the view is not an object")
        self._view = view
        legal = msg.get("legal")
        self._legal = [a for a in legal if isinstance(a, dict)] if isinstance(legal, list) else []
        self._version += 1
        by = msg.get("by")
        mine = by == self.me if by is not None else any(e.get("seat") == self.me for e in events)
        if self.awaiting and (mine or self.me not in view.get("to_act", [])):
            self._set_awaiting(False)
        for e in events:
            if e["type"] == "assist" and e.get("seat") == self.me:
                self._seats[self.me].assisted = bool(e.get("on"))
        self._events.extend(events)
        if self._next_match:  # the new match's first view: the scene is built from it afresh
            self._next_match, self.resumed = False, True
            self._events.clear()
            self._deadline = [None] * self.players
