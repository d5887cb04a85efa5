"""Online tables: the session with the server, and a :class:`RemoteTable` that lets a game's
own table scene play against the server as if it were a local :class:`game.table.Table`.

- :class:`Session`: one connection (:mod:`game.ui.net`), ``hello``/``welcome`` with the saved
  token, the current ``room``. The lobby and then the table read its messages each frame.
- Seats are **rotated**: the scenes draw seat 0 at the bottom as "you", so the server's seats
  are renumbered ``local = (server - you) % players`` in every event, view, room and deadline
  (:class:`SeatSpec` says which keys hold seats or per-seat lists), and actions need no seat.
  Sides are renumbered too (team play: Ronda with 4, Hand rummy partnership): your side is
  side 0, so "Our team" is yours and per-side totals put yours first.
- :class:`RemoteMatch` stands in for the engine: ``phase``, ``to_act()``, ``legal_actions(0)``
  (the server's ``legal``; else computed from the view), ``view(0)``, ``totals``, ``result``,
  ``side_of``, ``continues_turn``. :class:`RondaRemote` and :class:`RummyRemote` add what those
  scenes read of their engine (``target``, ``table``, ``can_declare``; ``variant``, ``rounds``,
  ``partnership``, ``drawn``, ``pending``), each answered from the view.
- :class:`RemoteTable` has the Table methods the scene calls: ``act`` sends and returns no
  events; events arrive later and :class:`RemoteScene` queues them into the scene; the turn
  clocks come from the server's ``deadline`` messages; bots move on the server.
- :func:`remote_scene` builds the game's own table scene class with the :class:`RemoteScene`
  mixin in front (no change to the scenes or their base): no local saving, server refusals as
  hints, "menu" leaves the table, a lost connection returns to the menu with a message.
"""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.games import registry
from game.i18n import t
from game.ui import net, storage

log = logging.getLogger("majlis.online")

PENDING_SECONDS = 5.0       # an action with no answer stops blocking input after this long


# ----- saved online settings (server address, name, token) --------------------------------------
def load_online() -> dict:
    """``{"server", "name", "token"}`` as last saved (empty values when none or unreadable)."""
    try:
        raw = storage._read("online")
        data = json.loads(raw) if raw else {}
    except Exception:
        data = {}
    if not isinstance(data, dict):
        data = {}
    return {k: data[k] for k in ("server", "name", "token") if isinstance(data.get(k), str)}


def save_online(data: dict) -> None:
    try:
        storage._write("online", json.dumps(data, ensure_ascii=False))
    except Exception as exc:        # the browser store may be full or blocked: keep playing
        log.warning("online: could not save settings: %s", exc)


# ----- seat rotation ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatSpec:
    """Which keys of a game's events and views hold seats or sides.

    ``seat``: one seat number; ``seat_list``: a list of seats; ``per_seat``: one value per seat
    (a list of length ``players``); ``pairs``: lists of ``[seat, something]``. Sides (team play:
    Ronda with 4, Hand rummy partnership; otherwise a side is a seat): ``side`` one side number,
    ``side_list`` a list of sides, ``per_side`` a list of numbers, one per side. Other keys are
    walked into (dicts and lists of dicts)."""

    seat: frozenset = frozenset({"seat", "dealer", "leader", "winner", "you", "starter",
                                 "owner", "by", "from_seat", "turn", "last_capturer"})
    seat_list: frozenset = frozenset({"to_act", "order", "ranking", "meld_owners"})
    per_seat: frozenset = frozenset({"hand_counts", "confirmed", "bids", "tricks", "scores",
                                     "remaining", "counts", "piles", "declared_this_batch",
                                     "opened", "hands"})
    pairs: frozenset = frozenset({"trick", "cards", "played", "discards", "picks"})
    side: frozenset = frozenset({"side"})
    side_list: frozenset = frozenset({"winners"})
    per_side: frozenset = frozenset({"totals", "side_scores"})


SPEC = SeatSpec()
# Ronda: "winner" and "penalty_to" name sides; a deal's score breakdown is per side.
RONDA_SPEC = SeatSpec(
    seat=SPEC.seat - {"winner"}, side=SPEC.side | {"winner", "penalty_to"},
    per_side=SPEC.per_side | {"deal_points", "cards", "card_points", "caidas", "mesas",
                              "declarations", "penalties", "points"})
SPECS: dict[str, SeatSpec] = {"ronda": RONDA_SPEC}


def sides_of(game: str, players: int, options: dict | None) -> int:
    """How many sides a table has: 2 in team play (as the game's spec says), else one a seat."""
    return registry.get(game).sides(players, options) if registry.exists(game) else players


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def rotate(obj: Any, me: int, players: int, spec: SeatSpec = SPEC, key: str | None = None,
           sides: int | None = None) -> Any:
    """A copy of ``obj`` with the server's seats renumbered so that ``me`` becomes seat 0 (and
    sides so that your side becomes side 0: in team play partners share a side, seat % 2)."""
    sides = players if sides is None else sides

    def seat(s: Any) -> Any:
        return (s - me) % players if _is_int(s) and 0 <= s < players else s

    def side(s: Any) -> Any:
        return (s - me) % sides if _is_int(s) and 0 <= s < sides else s

    if key in spec.seat:
        return seat(obj)
    if key in spec.side:
        return side(obj)
    if isinstance(obj, list):
        if key in spec.seat_list:
            return [seat(s) for s in obj]
        if key in spec.side_list:
            return [side(s) for s in obj]
        if key in spec.per_side and len(obj) == sides and all(_is_number(x) for x in obj):
            return [obj[(i + me) % sides] for i in range(sides)]
        if key in spec.per_seat and len(obj) == players and \
                not any(isinstance(x, dict) for x in obj):
            return [obj[(i + me) % players] for i in range(players)]
        if key in spec.pairs and obj and all(isinstance(p, list) and len(p) == 2
                                             for p in obj):
            return [[seat(p[0]), rotate(p[1], me, players, spec, sides=sides)] for p in obj]
        return [rotate(item, me, players, spec, sides=sides) for item in obj]
    if isinstance(obj, dict):
        return {k: rotate(v, me, players, spec, k, sides) for k, v in obj.items()}
    return obj


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# ----- what a seat may do, from its view (the server holds the engine) ----------------------------
def hareeja_legal(view: dict) -> list[dict]:
    from game.games.hareeja.rules import MAX_BID, legal_cards
    if view.get("phase") == "declare":
        if view.get("confirmed", [True])[0]:
            return []
        return [{"type": "bid", "n": n} for n in range(MAX_BID + 1)]
    if view.get("phase") == "play" and view.get("to_act") == [0]:
        return [{"type": "play", "card": c}
                for c in legal_cards(list(view.get("hand", [])), view.get("trick", []))]
    return []


def ronda_legal(view: dict) -> list[dict]:
    """RO-16: declarations before your first card of a batch, then any card in hand."""
    if view.get("phase") != "play" or view.get("to_act") != [0]:
        return []
    out = [{"type": "declare", "kind": k} for k in ("ronda", "tringa")] \
        if view.get("can_declare") else []
    return out + [{"type": "play", "card": c} for c in view.get("hand", [])]


def rummy_legal(view: dict) -> list[dict]:
    """The draws before drawing, the discards after (adds and joker swaps come only from the
    server's list; melds are never listed: the staging area builds them)."""
    if view.get("phase") != "play" or view.get("to_act") != [0]:
        return []
    if not view.get("drawn"):
        out = []
        if view.get("stock_count") or view.get("discard_count", 0) > 1:
            out.append({"type": "draw", "from": "stock"})
        if view.get("discard_top"):
            out.append({"type": "draw", "from": "discard"})
        return out
    if view.get("pending_joker"):
        return []
    return [{"type": "discard", "card": c} for c in sorted(set(view.get("hand", [])))]


LEGAL: dict[str, Callable[[dict], list[dict]]] = {
    "hareeja": hareeja_legal, "ronda": ronda_legal, "hand_rummy": rummy_legal}


class RemoteMatch:
    """The engine's stand-in: the local seat's view, already rotated (seat 0 is you).
    Every question a table scene asks the engine is answered from that view (plus the
    server's ``legal``); a game's subclass adds the engine attributes its scene reads."""

    def __init__(self, game: str, players: int, view: dict, sides: int | None = None):
        self.game = game
        self.players = players
        self.sides = players if sides is None else sides
        self._view = view
        self.legal: list[dict] | None = None      # the server's list for your seat, when sent
        self.awaiting = False         # our action is on its way: not our turn meanwhile
        self.awaiting_since = 0.0
        self.version = 0              # bumped on every change the scene may cache against
        self.seed = None

    def update(self, view: dict, legal: list | None = None) -> None:
        self._view = view
        self.legal = [a for a in legal if isinstance(a, dict)] if isinstance(legal, list) else None
        self.version += 1

    def set_awaiting(self, on: bool, now: float = 0.0) -> None:
        if on != self.awaiting:
            self.version += 1
        self.awaiting = on
        if on:
            self.awaiting_since = now

    @property
    def log(self) -> range:
        """Stands in for the action log: scenes cache per ``len(match.log)``."""
        return range(self.version)

    @property
    def phase(self) -> str:
        return self._view.get("phase", "play")

    def to_act(self) -> list[int]:
        seats = list(self._view.get("to_act", []))
        return [s for s in seats if s != 0] if self.awaiting else seats

    def legal_actions(self, seat: int) -> list[dict]:
        if seat != 0 or self.awaiting or self.phase == "over":
            return []
        if self.legal is not None:
            return list(self.legal)
        return LEGAL[self.game](self._view)

    def view(self, seat: int | None = 0) -> dict:
        return self._view

    def side_of(self, seat: int) -> int:
        """As the engine: seats 0 & 2 against 1 & 3 in team play, else the seat itself."""
        return seat % self.sides if self.sides != self.players else seat

    def continues_turn(self, seat: int, action: dict) -> bool:
        return False

    @property
    def totals(self) -> list[int]:
        return list(self._view.get("totals", []))

    @property
    def result(self) -> dict | None:
        return self._view.get("result")

    def record(self) -> dict:
        raise RuntimeError("An online match is kept by the server, not saved here.")


class RondaRemote(RemoteMatch):
    """What the Ronda scene reads of its engine, from the view."""

    @property
    def target(self) -> int:
        return int(self._view.get("target", 41))

    @property
    def teams(self) -> bool:
        return bool(self._view.get("teams", self.players == 4))

    @property
    def table(self) -> list[str]:
        return list(self._view.get("table", []))

    def can_declare(self, seat: int) -> bool:
        return seat == 0 and not self.awaiting and bool(self._view.get("can_declare"))

    def continues_turn(self, seat: int, action: dict) -> bool:
        """A declaration is followed by the same player's card (as the engine)."""
        return isinstance(action, dict) and action.get("type") == "declare"


class RummyRemote(RemoteMatch):
    """What the Hand rummy scene reads of its engine, from the view."""

    @property
    def variant(self) -> str:
        return self._view.get("variant", "majlis")

    @property
    def rounds(self) -> int:
        return int(self._view.get("rounds", 5))

    @property
    def partnership(self) -> bool:
        return bool(self._view.get("partnership", False))

    @property
    def drawn(self) -> bool:
        """The player to act has drawn this turn."""
        return bool(self._view.get("drawn", False))

    @property
    def pending(self) -> bool:
        """A joker taken back this turn waits to be melded (no discard until then)."""
        return bool(self._view.get("pending_joker", False))

    def continues_turn(self, seat: int, action: dict) -> bool:
        """Draw, meld, add and swap keep the turn (unless they go out); discard ends it."""
        if not isinstance(action, dict) or action.get("type") in ("discard", "timeout"):
            return False
        return self.phase == "play" and seat in self._view.get("to_act", [])


MATCHES: dict[str, type[RemoteMatch]] = {"ronda": RondaRemote, "hand_rummy": RummyRemote}


class RemoteSeat:
    """A seat as the room shows it. Only the server moves bots, so none is automated here —
    except your own seat while auto-assistance plays it (TB-8) or after you left (TB-9)."""

    def __init__(self, entry: dict, local: int, server_seat: int, level: str,
                 bot_names: str = "name.{i}"):
        self.kind = "bot" if entry.get("kind") == "bot" else "human" if local == 0 else "remote"
        name = entry.get("name") if isinstance(entry.get("name"), str) else ""
        if local == 0:
            name = "seat.you"
        elif self.kind == "bot":        # the client's own bot names, the same on every screen
            name = bot_names.format(i=server_seat) if 1 <= server_seat <= 3 else \
                "online.seat_bot"
        elif not name:
            name = "online.player"
        self.name = name
        self.level = level if level in ("easy", "normal", "hard") else "normal"
        self.connected = bool(entry.get("connected", True))
        self.assisted = bool(entry.get("assisted", False))
        self.left = bool(entry.get("left", False))
        self.missed = 0
        self.local = local

    @property
    def automated(self) -> bool:
        return self.local == 0 and (self.assisted or self.left)


# ----- the session --------------------------------------------------------------------------------
class Session:
    """The connection and what the server told us about ourselves and our table."""

    def __init__(self, url: str, name: str, token: str | None = None,
                 connect: Callable[[str], net.Connection] = net.connect):
        self.url = url
        self.name = name
        self.token = token
        self.player: str | None = None
        self.room: dict | None = None
        self.conn = connect(url)
        self.greeted = False
        self._unread: list[dict] = []

    @property
    def ready(self) -> bool:
        return self.player is not None and self.conn.open

    @property
    def failed(self) -> bool:
        return self.conn.ended

    def send(self, kind: str, **fields: Any) -> bool:
        return self.conn.send({"t": kind, **fields})

    def poll(self) -> list[dict]:
        """New messages (``welcome`` and ``room`` are also kept here)."""
        if self.conn.open and not self.greeted:
            self.greeted = True
            self.send("hello", name=self.name, token=self.token)
        out, self._unread = self._unread, []
        for msg in self.conn.poll():
            kind = msg["t"]
            if kind == "welcome":
                self.player, self.token = msg["player"], msg["token"]
                data = load_online()
                data["token"] = self.token
                save_online(data)
            elif kind == "room":
                self.room = msg
            elif kind in ("left", "refused"):
                self.room = None
            out.append(msg)
        return out

    def unread(self, messages: list[dict]) -> None:
        """Give back messages a scene polled but did not handle (it left mid-batch): the next
        scene's poll gets them first, so nothing the server said is lost in a hand-over."""
        self._unread = list(messages) + self._unread

    def close(self) -> None:
        self.conn.close()


# ----- the table adapter -------------------------------------------------------------------------
class RemoteTable:
    """What the table scene uses of :class:`game.table.Table`, backed by the server."""

    def __init__(self, session: Session, room: dict, view: dict | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.session = session
        self.room = room
        self.players = len(room["seats"])
        self.me = room["you"] if isinstance(room.get("you"), int) else 0
        self.game = room.get("game", "hareeja")
        self.sides = sides_of(self.game, self.players, room.get("options"))
        self.spec = SPECS.get(self.game, SPEC)
        self.turn_seconds = room.get("turn_seconds")
        self.clock = clock
        self.seats = self._seats(room)
        self.match = MATCHES.get(self.game, RemoteMatch)(self.game, self.players,
                                                          self.local(view or {}), self.sides)
        self._deadline: list[float | None] = [None] * self.players
        self.refusals: list[dict] = []         # server errors for the scene to show
        self.lost = False

    def local(self, obj: Any) -> Any:
        """``obj`` from the server with seats renumbered so that you are seat 0."""
        return rotate(obj, self.me, self.players, self.spec, sides=self.sides)

    def _seats(self, room: dict) -> list[RemoteSeat]:
        entries = room["seats"]
        level = room.get("bots", "normal")
        names = registry.get(self.game).bot_names if registry.exists(self.game) else "name.{i}"
        return [RemoteSeat(entries[(i + self.me) % self.players], i, (i + self.me) % self.players,
                           level, names) for i in range(self.players)]

    # ----- messages -----------------------------------------------------------------------------
    def pump(self) -> list[dict]:
        """Read the server's messages; returns the new events (local seats, as seat 0 sees
        them) for the scene's animation queue."""
        events: list[dict] = []
        for msg in self.session.poll():
            try:
                events.extend(self.receive(msg))
            except Exception as exc:        # a message that does not fit: log it, keep playing
                log.warning("online: ignored a %r message: %s", msg.get("t"), exc)
        if self.session.failed:
            self.lost = True
        if self.match.awaiting and self.clock() - self.match.awaiting_since > PENDING_SECONDS:
            self.match.set_awaiting(False)
        return events

    def receive(self, msg: dict) -> list[dict]:
        kind = msg["t"]
        if kind == "events":
            events = [self.local(e) for e in msg["events"] if isinstance(e, dict)
                      and isinstance(e.get("type"), str)]
            view = self.local(msg["view"])
            self.match.update(view, msg.get("legal"))
            mine = msg.get("by") == self.me if msg.get("by") is not None else \
                any(e.get("seat") == 0 for e in events)
            if self.match.awaiting and (mine or 0 not in view.get("to_act", [])):
                self.match.set_awaiting(False)
            for e in events:
                if e["type"] == "assist" and e.get("seat") == 0:
                    self.seats[0].assisted = bool(e.get("on"))
            return events
        if kind == "deadline":
            now = self.clock()
            remaining = self.local({"remaining": msg["remaining"]})["remaining"]
            self._deadline = [now + r if isinstance(r, (int, float)) and not isinstance(r, bool)
                              else None for r in remaining][:self.players]
        elif kind == "room":
            if len(msg["seats"]) == self.players:
                self.room = msg
                self.seats = self._seats(msg)
        elif kind == "error":
            self.match.set_awaiting(False)
            self.refusals.append(msg)
        return []

    # ----- the Table interface -------------------------------------------------------------------
    def act(self, seat: int, action: dict, *, human: bool | None = None) -> list:
        """Send your action; its events come back from the server (see :meth:`pump`)."""
        if seat != 0:
            return []
        if self.session.send("act", action=action):
            self.match.set_awaiting(True, self.clock())
            if human:
                self.seats[0].assisted = False
        return []

    def tick(self) -> list:
        return []          # the server times turns out; its events arrive through pump()

    def hold(self) -> None:
        pass

    def release(self) -> None:
        pass

    def remaining(self, seat: int) -> float | None:
        if not 0 <= seat < self.players or self._deadline[seat] is None:
            return None
        return max(0.0, self._deadline[seat] - self.clock())

    def automated_to_act(self) -> list[int]:
        return []

    def bot_view(self, seat: int):
        raise RuntimeError("Bots play on the server.")

    def reclaim(self, seat: int) -> list:
        if seat == 0 and self.session.send("back"):
            self.seats[0].assisted = False
            self.seats[0].missed = 0
        return []

    def leave(self) -> None:
        self.session.send("leave")


# ----- the scene mixin ---------------------------------------------------------------------------
class RemoteScene:
    """Put in front of a game's table scene class (see :func:`remote_scene`)."""

    remote = True

    def update(self, dt: float) -> None:
        table: RemoteTable = self.table
        self.queue.extend(table.pump())
        for err in table.refusals:
            self.show_hint(server_message(err))
        table.refusals.clear()
        if table.lost:
            self.app.toast("online.lost", 5.0)
            self._leave_to_menu(send=False)
            return
        super().update(dt)

    def save(self) -> None:
        """The server keeps the match."""

    def to_menu(self) -> None:
        self._leave_to_menu(send=self.match.phase != "over")

    def play_again(self) -> None:
        self.table.leave()
        self.app.go("lobby", session=self.table.session)

    def _leave_to_menu(self, send: bool) -> None:
        if send:
            self.table.leave()
        self.table.session.close()
        self.app.go("menu")


def server_message(err: dict) -> str:
    """A server ``error`` in the player's words: known codes have their own sentence
    (online strings or the engines' refusals), otherwise the server's own message."""
    code = err.get("code", "")
    for key in (f"online.{code}", f"refusal.{code}"):
        s = t(key)
        if s != key:
            return s
    return t("online.error", msg=err.get("message", code))


_CLASSES: dict[type, type] = {}


def remote_scene(app, table: RemoteTable, events: list[dict] | None = None):
    """The game's own table scene, playing ``table`` (a :class:`RemoteTable`)."""
    from game.ui import games
    base = games.table_class(table.game)
    cls = _CLASSES.get(base)
    if cls is None:
        cls = _CLASSES[base] = type(f"Remote{base.__name__}", (RemoteScene, base), {})
    scene = cls(app, table, events or None, options={"players": table.players})
    scene.persist = False
    return scene
