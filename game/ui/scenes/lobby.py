"""The online lobby: connect, create a table (private / approval / automatic), join by code,
the public list, join any, host approval, the waiting room and Start (TB-1..TB-5).

States (``self.state``): ``connecting`` → ``home`` → ``setup`` (the new table's game and
options) / ``code`` (typing a code natively; ``field``: the name or server) / ``list`` (public
tables) / ``pending`` (waiting for the host's answer) / ``room`` (the waiting room) → the game's
own table scene, playing an :class:`game.client.online.OnlineSession`, once the table starts and
its first ``events`` arrive.

The scene holds the connection, the state and the actions that send; it is composed of parts
that own the rest: :data:`VIEWS` gives each state its view (its widgets, the keys it takes and
its drawing: home :mod:`~game.ui.scenes.lobby_home`, the new table
:mod:`~game.ui.scenes.lobby_setup`, typing :mod:`~game.ui.scenes.lobby_entry`, the list
:mod:`~game.ui.scenes.lobby_list`, the room :mod:`~game.ui.scenes.lobby_room`, the small ones
:mod:`~game.ui.scenes.lobby_views`); ``new_table`` (:class:`NewTable`) holds the choices of the
table Create makes, ``entry`` (:class:`TextEntry`) what is being typed, and ``spectating``
(:class:`game.ui.watching.Spectating`) the table being watched.

Text entry: natively the keyboard types into the code / name / server field; the browser has no
virtual keyboard for a pygame canvas, so there ``window.prompt`` asks (WEB.md). If the server
cannot be reached (or the connection is lost) the lobby says so in place (state ``offline``),
with Try again and Choose another server."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from game.client import page_links
from game.client.online import OnlineSession
from game.client.server_link import ServerLink, server_message
from game.client.servers import (
    known_server,
    load_online,
    save_online,
    server_identity,
    token_for,
)
from game.client.webpage import browser_offline
from game.i18n import digits, t
from game.net import protocol
from game.ui import draw, games
from game.ui.scale import px
from game.ui.scene import Scene
from game.ui.scenes.lobby_common import (
    LinkOptions,
    default_server,
    online_games,
    online_options,
    server_url,
    table_summary,
    valid_server,
)
from game.ui.scenes.lobby_confirm import ConfirmView
from game.ui.scenes.lobby_entry import CodeView
from game.ui.scenes.lobby_home import HomeView
from game.ui.scenes.lobby_list import ListView
from game.ui.scenes.lobby_parts import NewTable, TextEntry
from game.ui.scenes.lobby_room import RoomView
from game.ui.scenes.lobby_setup import SetupView
from game.ui.scenes.lobby_view import LobbyView
from game.ui.scenes.lobby_views import ConnectingView, OfflineView, PendingView
from game.ui.watching import Spectating, WatchWaitView
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

__all__ = ["VIEWS", "LobbyScene", "online_games", "online_options", "table_summary"]

VIEWS: dict[str, type[LobbyView]] = {
    "confirm": ConfirmView,
    "connecting": ConnectingView,
    "offline": OfflineView,
    "home": HomeView,
    "setup": SetupView,
    "code": CodeView,
    "field": CodeView,
    "list": ListView,
    "pending": PendingView,
    "room": RoomView,
    "watchwait": WatchWaitView,
}
MESSAGE_SECONDS = 4.0


class LobbyScene(Scene):
    """Online play before a match starts (see the module docstring)."""

    name = "lobby"

    def __init__(
        self,
        app: App,
        link: ServerLink | None = None,
        join_code: str | None = None,
        server: str | None = None,
        *,
        session: ServerLink | None = None,
        watch_code: str | None = None,
    ):
        """``link``: the server connection to go on with (back from a table), else one is
        made. ``session`` is its old name, which game/ui/cardtable.py's play_again still
        passes. ``watch_code``: a table to watch once connected (a ``#watch=`` link)."""
        self.spectating = Spectating(self, watch_code)  # watching a table (ui/watching.py)
        saved = load_online()
        given = server or getattr(app.options, "server", None)
        self.server = server_url(given) if given else default_server()
        self.player_name = saved.get("name") or t("online.player")
        self.join_code = protocol.normalize_code(join_code) if join_code else None
        self.link = link if link is not None else session
        self.state = "connecting"
        self.new_table: NewTable = NewTable(app, changed=self.build)  # the table Create makes
        self.entry: TextEntry = TextEntry(self.submit_field, self.set_state)  # what is typed
        self.tables: list[dict[str, Any]] = []
        self.message: tuple[str, float] | None = None
        self.starting = False
        self.lost = False  # offline because a connection was lost (not never made)
        self.elapsed = 0.0  # seconds of frames: the dots and the caret blink by it
        super().__init__(app)
        if self.link is None and self._must_ask(server):
            self.set_state("confirm")  # nothing is sent anywhere before the player says so
        elif self.link is None:
            self.connect()
        elif self.link.ready:
            self.state = "room" if self.link.room else "home"
            self.build()

    # ----- connection -----------------------------------------------------------------------------
    def _must_ask(self, given: str | None) -> bool:
        """The server came from a link (``options.server_from_link``, set by ``main.py``) and
        is neither one the player played on or chose, nor this page's own default."""
        if given is not None or not getattr(self.app.options, "server_from_link", False):
            return False
        own = server_identity(self.server) == server_identity(default_server())
        return not own and not known_server(self.server)

    def accept_server(self) -> None:
        """Join on the link's server (it is known from its welcome on)."""
        self.connect()

    def refuse_server(self) -> None:
        """Not that server: back to the menu, and Play online uses the usual server."""
        options = cast(LinkOptions, self.app.options)
        options.server, options.server_from_link = None, False
        self.app.go("menu")

    def connect(self) -> None:
        if self.link is not None:
            self.link.close()
        avatar = self.app.settings.get("avatar", -1)  # the face chosen in Settings, if any
        self.link = ServerLink(self.server, self.player_name, token_for(self.server), avatar=avatar)
        self.set_state("connecting")

    def set_state(self, state: str) -> None:
        self.state = state
        self.build()

    def say(self, key: str, **fmt: Any) -> None:
        """A message for the player under the lobby's content (a few seconds)."""
        self.message = (t(key, **fmt) if fmt else key, MESSAGE_SECONDS)

    def message_text(self) -> str:
        if not self.message:
            return ""
        s = self.message[0]
        return t(s) if s.startswith("online.") else s

    def animating(self) -> bool:
        return self.message is not None  # shown for a few seconds, then gone

    def redraw_every(self) -> float | None:
        """The connecting dots and the typing caret blink."""
        return 0.1 if self.state in ("connecting", "field") else None

    # ----- the state's view -----------------------------------------------------------------------
    def build(self) -> None:
        """The current state's view, built for the current layout (and a Back button)."""
        if not hasattr(self, "state"):
            return
        layout = self.app.layout
        self.view = VIEWS[self.state](self)
        self.view.build()
        self.widgets = list(self.view.widgets)
        if self.view.has_back:
            back = Button(
                (0, 0, px(200), px(60)), lambda: t("online.back"), self.back, 24, key="back"
            )
            back.rect.midbottom = (layout.w // 2, layout.h - px(24))
            self.widgets.append(back)

    # ----- actions --------------------------------------------------------------------------------
    def is_host(self) -> bool:
        room = self.link.room if self.link else None
        return room is not None and room.get("you") is not None and room["you"] == room.get("host")

    def open_setup(self) -> None:
        self.set_state("setup")

    def create(self) -> None:
        if self.state == "setup":
            self.set_state("home")
        self.send("create", **self.new_table.fields())

    def ask_code(self) -> None:
        self.edit("code")

    def edit(self, field: str) -> None:
        """Type ``field``: a code from nothing, the name or server from what they are."""
        self.entry.edit(field, {"code": "", "name": self.player_name, "server": self.server}[field])

    def submit_field(self, field: str | None, text: str) -> None:
        """What was typed into ``field``: join by the code, or take the name or server."""
        if field == "code":
            self.set_state("home")
            self.join(text)
        elif field == "name":
            if text:
                self.player_name = " ".join(text.split())[: protocol.MAX_NAME]
                self._save(name=self.player_name)
                self.connect()  # the server learns a name with hello
            else:
                self.set_state("home")
        elif field == "server":
            url = server_url(text) if text else ""
            if not valid_server(url):
                self.set_state("home" if self.link is not None else "offline")
                self.say("online.server_bad")
                return
            self.server = url
            self._save(server=url)
            self.connect()

    def _save(self, **values: str) -> None:
        data = load_online()
        data.update(values)
        save_online(data)

    def join(self, text: str) -> None:
        code = page_links.room_from_text(text)
        if code is None:
            self.say("online.code_bad", n=digits(protocol.CODE_LENGTH))
            return
        self.send("join", code=code)

    def join_any(self) -> None:
        self.send("join_any")  # TB-4: any game's table

    def open_list(self) -> None:
        if self.send("list"):  # every game's open tables, each one named
            self.set_state("list")

    def answer(self, player: str | None, accept: bool) -> None:
        if isinstance(player, str):
            self.send("answer", player=player, accept=accept)

    def start(self) -> None:
        if self.is_host():
            self.send("start")

    def leave(self) -> None:
        if self.link is None:
            self.set_state("offline")  # (as send says: the actions need a connection)
            return
        self.link.leave_room()
        self.set_state("home")

    def send(self, kind: str, **fields: Any) -> bool:
        """Send ``kind`` to the server. The actions that send are offered only while
        connected; should one come without a link, the lobby shows the offline state
        (with what to do) instead of failing, and returns False."""
        if self.link is None:
            self.set_state("offline")
            return False
        self.link.send(kind, **fields)
        return True

    def back(self) -> None:
        if self.state == "confirm":
            self.refuse_server()
            return
        if self.state in ("code", "field", "list", "setup"):
            self.entry.cancel()
            self.set_state("home" if self.link is not None else "offline")
            return
        if self.link is not None:
            self.link.close()
        self.app.go("menu")

    # ----- messages -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.message:
            left = self.message[1] - dt
            self.message = (self.message[0], left) if left > 0 else None
        if self.link is None:
            return
        messages = self.link.poll()
        for i, msg in enumerate(messages):
            if self.receive(msg):
                self.link.unread(messages[i + 1 :])  # the table scene reads the rest
                return
        if self.link.failed or browser_offline():  # said in place, with what to do
            self.lost = self.state != "connecting"
            self.link.close()
            self.link = None
            self.set_state("offline")

    def receive(self, msg: dict[str, Any]) -> bool:
        """Handle one server message; True when the scene was left."""
        kind = msg["t"]
        watched = self.spectating.receive(msg)
        if watched is not None:
            return watched
        if kind == "welcome":
            if self.state == "connecting":
                self.set_state("home")
            self.spectating.welcomed()
            if self.join_code:
                code, self.join_code = self.join_code, None
                self.join(code)
        elif kind == "tables":
            self.tables = [x for x in msg["list"] if isinstance(x, dict)]
            live = [x for x in msg.get("live") or [] if isinstance(x, dict)]
            self.tables += [{**x, "started": True} for x in live]  # watched, not joined
            if self.state == "list":
                self.build()
        elif kind == "room":
            if msg.get("you") is None:
                return False
            if msg["started"]:
                self.starting = True
            self.set_state("room")
        elif kind == "waiting":
            self.set_state("pending")
        elif kind == "refused":
            self.set_state("home")
            self.say("online.refused")
        elif kind == "left":
            if self.state in ("room", "pending"):
                self.set_state("home")
        elif kind == "error":
            if self.state == "connecting":
                self.set_state("home")
            self.say(server_message(msg))
        elif kind == "moved":  # another server of the cluster holds it: the link went there
            self.join_code = protocol.normalize_code(msg.get("code"))
            self.set_state("connecting")  # on its welcome, the code is asked for there
        elif kind == "events" and self._started_room() is not None:
            return self.enter_table(msg)
        return False

    def _started_room(self) -> dict[str, Any] | None:
        """The link's room once its match has started, else None."""
        room = self.link.room if self.link is not None else None
        return room if room and room.get("started") else None

    def enter_table(self, msg: dict[str, Any]) -> bool:
        """The match started (or we came back to it): the game's own table scene takes over."""
        link, room = self.link, self._started_room()
        if link is None or room is None:
            return False
        if room.get("game") not in online_games():
            self.say("online.game_only")
            return False
        table = OnlineSession(link, room, first=msg)
        scene_class = games.table_class(table.game)
        self.app.switch(scene_class(self.app, table, options={"players": table.players}))
        return True

    # ----- input ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """The state's view first (typing takes the keys), then Esc (back) and the widgets."""
        if self.view.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        super().handle(event)

    # ----- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.blit(draw.felt(layout.w, layout.h), (0, 0))
        title_y = px(56 if not layout.portrait else 80)
        draw.blit_text(
            surface,
            t(self.view.title),
            44,
            (layout.w // 2, title_y),
            draw.GOLD,
            bold=True,
            shadow=True,
        )
        self.view.draw(surface)
        super().draw(surface)
        msg = self.message_text()
        if msg:
            y = self.view.message_y()
            width = layout.w - px(80)
            size = draw.fit_text(msg, 22, width - px(40), True)
            img = draw.label(msg, size, draw.INK, True)
            rect = pygame.Rect(0, 0, img.get_width() + px(48), img.get_height() + px(18))
            rect.center = (layout.w // 2, y)
            draw.panel(surface, rect, (80, 26, 22), 240, px(14), draw.GOLD)
            surface.blit(img, img.get_rect(center=rect.center))
