"""Spectators on screen: the eye with the watcher count at an online table, the "Watching" tag
and Leave button of a spectator's table, and the lobby's part of watching (Watch buttons, the
``#watch=`` link, the wait for a table that has not started).

- :class:`WatchBar`: a part of every table scene (``table.plates.watch``; four one-line calls in
  :mod:`game.ui.cardtable`). At a seat it draws the eye and the count in the top bar when
  someone watches; for a spectator (:class:`game.client.watching.WatchSession`) the tag
  "Watching" with the eye and the count and a Leave button, in the place of the reactions'
  button (a spectator sends none). Nothing for a local table.
- :class:`Spectating`: the lobby's watching: ``watch(code)`` (a Watch button, ``--watch``, a
  ``#watch=`` link; hostile input gets :data:`~game.client.page_links.BAD_WATCH`), and the
  server's answers read before the lobby's own, up to the table scene drawn from a
  :class:`~game.client.watching.WatchSession`.
- :class:`WatchWaitView`: the lobby's state ``watchwait``: the table has not started yet.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import i18n
from game.client import page_links
from game.client.session import TableSession
from game.client.watching import ENDINGS, WatchSession
from game.i18n import digits, t
from game.ui import draw, games, table_exits
from game.ui.scale import px
from game.ui.scenes.lobby_view import LobbyView
from game.ui.widgets import Button, Widget, beside_row

if TYPE_CHECKING:
    from game.client.server_link import ServerLink
    from game.ui.app import App
    from game.ui.table_buttons import TableButtons

EYE_INK: draw.RGB = (246, 238, 222)
TAG_FILL: draw.RGB = (28, 52, 44)
# the server's refusals of a watch, in the player's words (game/i18n/ar.po)
WATCH_WORDS = {
    "no_room": "watch.no_room",
    "watch_off": "watch.off",
    "too_many": "watch.too_many",
    "closed": "watch.closed",
    "seated": "watch.seated",
}


def draw_eye(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
    """An open eye, drawn (no font has the same one everywhere): lids, iris, pupil."""
    x, y = center
    w, h = size, max(4, size * 11 // 20)
    lids = [
        (x - w // 2 + round(w * i / 16), y - round(h / 2 * math.sin(math.pi * i / 16)))
        for i in range(17)
    ]
    lids += [
        (x + w // 2 - round(w * i / 16), y + round(h / 2 * math.sin(math.pi * i / 16)))
        for i in range(1, 16)
    ]
    pygame.draw.polygon(surface, EYE_INK, lids)
    pygame.draw.circle(surface, (60, 120, 110), center, max(2, h * 9 // 20))
    pygame.draw.circle(surface, (16, 24, 22), center, max(1, h // 5))


class Watched(Protocol):
    """What the bar uses of its table (a :class:`game.ui.cardtable.CardTable`)."""

    app: App
    session: TableSession
    widgets: list[Widget]  # the top bar's buttons among them
    buttons: TableButtons  # the language button's row is the top bar's


class WatchBar:
    """The eye and the count; a spectator's tag and Leave (see the module docstring)."""

    def __init__(self, table: Watched) -> None:
        self.table = table
        self.spectator = isinstance(table.session, WatchSession)
        self.leave = Button(
            (0, 0, px(112), px(52)),
            lambda: t("watch.leave"),
            partial(table_exits.to_menu, table),
            22,
            key="unwatch",
        )
        self.leave.visible = self.spectator

    def widgets(self) -> list[Button]:
        return [self.leave] if self.spectator else []

    def count(self) -> int:
        session = self.table.session
        if isinstance(session, WatchSession):
            return session.count
        audience = getattr(session, "audience", None)
        return int(audience) if isinstance(audience, int) else 0

    def place(self, modal: bool, reactions: Any = None) -> None:
        """Leave where the reactions' button would be (hidden: a spectator sends none),
        beside the top bar's other buttons (the scoreboard's among them)."""
        if not self.spectator:
            return
        if reactions is not None:
            reactions.toggle.visible = False
            reactions.open = False
        table = self.table
        tb = table.app.layout.top_bar
        self.leave.visible = not modal
        self.leave.rect.y, self.leave.rect.h = tb.y, tb.h
        beside_row(self.leave, table.widgets, table.buttons.lang.rect.y, table.app.layout.w)

    def tag_rect(self, words: str) -> pygame.Rect:
        """The tag: its words (a spectator's), the eye and the number, padded."""
        layout = self.table.app.layout
        tb = layout.top_bar
        inner = px(30) + px(8) + draw.label(digits(self.count()), 20, EYE_INK, True).get_width()
        if words:
            inner += draw.label(words, 20, EYE_INK, True).get_width() + px(8)
        rect = pygame.Rect(0, tb.y + px(6), inner + px(28), tb.h - px(12))
        # just under the bar, clear of the plates and the piles: landscape under the round's
        # title, portrait (whose title takes two lines) under the buttons
        start = i18n.is_rtl() != layout.portrait  # at the right-hand end of the bar
        if start:
            rect.topright = (tb.right, tb.bottom + px(8))
        else:
            rect.topleft = (tb.x, tb.bottom + px(8))
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        """The tag in the top bar: "Watching" for a spectator, then the eye and the count."""
        count = self.count()
        if not self.spectator and count <= 0:
            return
        words = t("watch.tag") if self.spectator else ""
        rect = self.tag_rect(words)
        draw.panel(surface, rect, TAG_FILL, 235, px(12), draw.GOLD)
        number = draw.label(digits(count), 20, EYE_INK, True)
        rtl = i18n.is_rtl()
        # reading order: the words, the eye, the number (mirrored in Arabic)
        parts: list[pygame.Surface | None] = [draw.label(words, 20, EYE_INK, True)] if words else []
        parts += [None, number]
        x = rect.right - px(12) if rtl else rect.x + px(12)
        for part in parts:
            w = px(30) if part is None else part.get_width()
            left = x - w if rtl else x
            if part is None:
                draw_eye(surface, (left + w // 2, rect.centery), px(26))
            else:
                surface.blit(part, part.get_rect(midleft=(left, rect.centery)))
            x = left - px(8) if rtl else x + w + px(8)


def watch_bar(table: Any) -> WatchBar:
    """The table's bar (``table.plates.watch``, set as the table is built)."""
    bar: WatchBar | None = table.plates.watch
    if bar is None:
        bar = table.plates.watch = WatchBar(table)
    return bar


# ----- the lobby's part ---------------------------------------------------------------------------
class Lobby(Protocol):
    """What watching uses of the lobby scene (:class:`game.ui.scenes.lobby.LobbyScene`)."""

    app: App
    link: ServerLink | None

    def say(self, key: str, **fmt: Any) -> None: ...
    def send(self, kind: str, **fields: Any) -> bool: ...
    def set_state(self, state: str) -> None: ...


class Spectating:
    """Watching from the lobby: the code asked for, the answers, the table scene."""

    def __init__(self, lobby: Lobby, code: str | None = None) -> None:
        self.lobby = lobby
        self.pending: str | None = code  # a code to watch once welcomed (a link, --watch)
        self.code: str | None = None  # the table asked to watch

    def watch(self, text: str) -> None:
        """Watch the table ``text`` names (a code, a ``#watch=`` link): refused in words."""
        code = page_links.watch_code(text) or page_links.room_from_text(text)
        if code is None:
            self.lobby.say(t(page_links.BAD_WATCH))
            return
        if self.lobby.send("watch", code=code):
            self.code = code

    def receive(self, msg: dict[str, Any]) -> bool | None:
        """A message about watching: True when the table scene took over, False when
        handled; None when it is the lobby's own."""
        kind = msg["t"]
        link = self.lobby.link
        room = link.room if link is not None else None
        if kind == "audience" and room and room.get("code") == msg.get("code"):
            room["watchable"] = bool(msg.get("open"))  # the host's toggle shows it
            self.lobby.app.invalidate()
        if self.code is None or kind == "welcome":
            return None
        if kind == "room" and msg.get("you") is None and msg.get("code") == self.code:
            if not msg.get("started"):
                self.lobby.set_state("watchwait")
            return False
        if kind == "events" and (self.lobby.link is not None and self.lobby.link.room):
            return self.enter(msg)
        if kind == "error" and msg.get("code") in (*ENDINGS, "too_many", "seated"):
            self.code = None
            self.lobby.say(t(WATCH_WORDS.get(str(msg.get("code")), "watch.closed")))
            self.lobby.set_state("home")
            return False
        if kind == "left" and msg.get("code") == self.code:
            self.code = None
            self.lobby.set_state("home")
            return False
        if kind == "moved":  # another process holds it: watch it there once welcomed
            self.pending, self.code = str(msg.get("code", "")), None
            self.lobby.set_state("connecting")
            return False
        return None

    def welcomed(self) -> None:
        """Connected (again): watch the table a link or ``--watch`` named, if any."""
        if self.pending is not None:
            text, self.pending = self.pending, None
            self.watch(text)

    def enter(self, msg: dict[str, Any]) -> bool:
        """The watched match is on: its table scene, drawn from the spectator's session."""
        link = self.lobby.link
        room = link.room if link is not None else None
        if link is None or room is None or room.get("code") != self.code:
            return False
        session = WatchSession(link, room, first=msg)
        scene_class = games.table_class(session.game)
        self.code = None
        self.lobby.app.switch(scene_class(self.lobby.app, session, options={"players": 0}))
        return True

    def leave(self) -> None:
        """Stop watching the table that has not started."""
        if self.code is not None:
            self.lobby.send("unwatch")
        self.code = None
        self.lobby.set_state("home")


def watch_toggle(lobby: Any, room: dict[str, Any] | None, seats: pygame.Rect) -> Button:
    """The host's "Spectators: allowed / not allowed" at the head of the waiting room's
    seats panel (public tables only): a tap sends ``allow_watch`` (game.net.watchers)."""
    shown = bool(room) and lobby.is_host() and (room or {}).get("visibility") != "private"

    def words() -> str:
        on = bool((lobby.link.room or {}).get("watchable", True)) if lobby.link else True
        return t("watch.allowed" if on else "watch.not_allowed")

    def flip() -> None:
        now = lobby.link.room if lobby.link is not None else None
        if now:
            lobby.send("allow_watch", on=not now.get("watchable", True))

    portrait = lobby.app.layout.portrait  # 22 px at least on a phone (lobby_common)
    size, width = (22, 300) if portrait else (18, 250)
    button = Button((0, 0, px(width), px(44)), words, flip, size, key="allow_watch")
    button.rect.top = seats.y + px(10)
    if i18n.is_rtl():
        button.rect.left = seats.x + px(14)
    else:
        button.rect.right = seats.right - px(14)
    button.visible = shown
    return button


class WatchWaitView(LobbyView):
    """Watching a table whose match has not started: who sits, and Leave."""

    title = "watch.title"
    has_back = False

    def build(self) -> None:
        layout = self.app.layout
        leave = Button(
            (0, 0, px(220), px(60)),
            lambda: t("watch.leave"),
            self.lobby.spectating.leave,
            24,
            key="unwatch",
        )
        leave.rect.center = (layout.w // 2, layout.h // 2 + px(110))
        self.widgets = [leave]

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        room = self.lobby.link.room if self.lobby.link is not None else None
        s = t("watch.not_started")
        draw.blit_text(
            surface,
            s,
            draw.fit_text(s, 28, layout.w - px(80), True),
            (layout.w // 2, layout.h // 2 - px(40)),
            draw.INK,
            bold=True,
        )
        if room:
            seats = room.get("seats") or []
            seated = sum(isinstance(s, dict) and s.get("kind") != "empty" for s in seats)
            line = t(
                "watch.seated_count",
                game=t(f"game.{room.get('game', '')}"),
                n=digits(seated),
                m=digits(len(seats)),
            )
            draw.blit_text(
                surface,
                line,
                draw.fit_text(line, 24, layout.w - px(80)),
                (layout.w // 2, layout.h // 2 + px(20)),
                draw.INK_DIM,
            )
