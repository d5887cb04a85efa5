"""The online lobby: connect, create a table (private / approval / automatic), join by code,
the public list, join any, host approval, the waiting room and Start (TB-1..TB-5).

States (``self.state``): ``connecting`` → ``home`` → ``code`` (typing a code natively) /
``list`` (public tables) / ``pending`` (waiting for the host's answer) / ``room`` (the waiting
room) → the game's own table scene through :func:`game.ui.remote.remote_scene` once the
table starts and its first ``events`` arrive.

Text entry: natively the keyboard types into the code / name / server field; the browser has no
virtual keyboard for a pygame canvas, so there ``window.prompt`` asks (WEB.md). If the server
cannot be reached the player goes back to the menu with a clear message.
"""
from __future__ import annotations

import os
import sys
from typing import Any

import pygame

from game import i18n
from game.games import registry
from game.i18n import digits, t
from game.net import protocol
from game.ui import draw, games
from game.ui.remote import (
    RemoteTable,
    Session,
    load_online,
    remote_scene,
    save_online,
    server_message,
)
from game.ui.scene import Scene
from game.ui.scenes.form import TURNS, Form, place_control, turn_label
from game.ui.widgets import Button, Segmented

WEB = sys.platform == "emscripten"
DEFAULT_PORT = 9310
MESSAGE_SECONDS = 4.0
FIELD_LIMITS = {"code": 12, "name": protocol.MAX_NAME, "server": 120}


def default_server() -> str:
    """``--server`` natively (else the saved one, else this machine); in the browser
    ``?server=`` (else the saved one, else the page's own host on the server's port)."""
    saved = load_online().get("server")
    if WEB:
        given = os.environ.get("server") or _query("server")
        if given:
            return server_url(given)
        if saved:
            return saved
        try:
            import platform
            loc = platform.window.location
            scheme = "wss" if str(loc.protocol) == "https:" else "ws"
            return f"{scheme}://{loc.hostname}:{DEFAULT_PORT}"
        except Exception:
            return f"ws://127.0.0.1:{DEFAULT_PORT}"
    return saved or f"ws://127.0.0.1:{DEFAULT_PORT}"


def server_url(text: str) -> str:
    """A server address as typed: "host:port" gets ws:// (wss:// on an https page)."""
    text = text.strip()
    if "://" not in text:
        secure = False
        if WEB:
            try:
                import platform
                secure = str(platform.window.location.protocol) == "https:"
            except Exception:
                pass
        text = ("wss://" if secure else "ws://") + text
    return text


def valid_server(text: str) -> bool:
    return text.startswith(("ws://", "wss://")) and len(text) > 6 and " " not in text


def _query(key: str) -> str | None:
    """A URL parameter read from the page (pygbag also puts them in os.environ)."""
    try:
        import platform
        search = str(platform.window.location.search)
    except Exception:
        return None
    for pair in search.lstrip("?").split("&"):
        k, _, v = pair.partition("=")
        if k == key and v:
            from urllib.parse import unquote
            return unquote(v)
    return None


def page_link(link: str) -> str:
    """The invite link to show: absolute as the server gave it, else after this page's address
    in the browser (natively the bare ``?room=CODE`` part)."""
    if "://" in link or not WEB:
        return link
    try:
        import platform
        loc = platform.window.location
        return f"{loc.origin}{loc.pathname}{link}"
    except Exception:
        return link


def online_options(settings: dict, game: str) -> tuple[int, dict]:
    """(players, engine options) of a new ``game`` table, from the menu's remembered choices
    (TB-5: the seat counts the game's spec allows)."""
    spec = registry.get(game)
    engine = games.options_for(settings, game)
    players = engine.pop("players", spec.first_players)
    if players not in spec.players:
        players = spec.players[-1]
    return players, spec.fit(players, engine)


def online_games() -> list[str]:
    """The games a new online table may be of (their specs say so; each has a table scene)."""
    return [g.key for g in games.online()]


def sep() -> str:
    """Between the parts of a line: a middle dot in English; in Arabic a comma, since a dot
    beside Arabic-Indic digits reads as the digit zero (٠)."""
    return "، " if i18n.is_rtl() else " · "


def table_summary(game: str, players: int, options: dict | None,
                  turn_seconds: int | None = None, turn: bool = True) -> tuple[str, str]:
    """(headline, details) of a table for the lobby: "Ronda, 4 players" and its options
    ("Play to: Quick · 25 · Turn time: 60 s"), in the current language."""
    options = options or {}
    headline = t("online.game_players", game=t(f"game.{game}"), n=digits(players))
    parts = games.describe(game, players, options)
    if turn:
        parts.append(t("online.turn_note", t=turn_label(turn_seconds or 0)()))
    return headline, sep().join(parts)


class LobbyScene(Scene):
    """Online play before a match starts (see the module docstring)."""

    name = "lobby"

    def __init__(self, app, session: Session | None = None, join_code: str | None = None,
                 server: str | None = None):
        saved = load_online()
        given = server or getattr(app.options, "server", None)
        self.server = server_url(given) if given else default_server()
        self.player_name = saved.get("name") or t("online.player")
        self.join_code = protocol.normalize_code(join_code) if join_code else None
        self.session = session
        self.state = "connecting"
        self.visibility = "private"
        self.game = self._initial_game(app)
        self.tables: list[dict] = []
        self.field: str | None = None         # "code" | "name" | "server" while typing
        self.typed = ""
        self.message: tuple[str, float] | None = None
        self.starting = False
        super().__init__(app)
        if self.session is None:
            self.connect()
        elif self.session.ready:
            self.state = "room" if self.session.room else "home"
            self.build()

    # ----- connection -----------------------------------------------------------------------------
    def connect(self) -> None:
        if self.session is not None:
            self.session.close()
        self.session = Session(self.server, self.player_name, load_online().get("token"))
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
        return self.message is not None        # shown for a few seconds, then gone

    def redraw_every(self) -> float | None:
        """The connecting dots and the typing caret blink."""
        return 0.1 if self.state in ("connecting", "field") else None

    # ----- widgets per state ------------------------------------------------------------------------
    def build(self) -> None:
        if not hasattr(self, "state"):
            return
        L = self.app.layout
        self.widgets = []
        back = Button((0, 0, 200, 60), lambda: t("online.back"), self.back, 24, key="back")
        back.rect.midbottom = (L.w // 2, L.h - 24)
        builder = getattr(self, f"_build_{self.state}", None)
        if builder:
            builder()
        if self.state not in ("room", "pending"):
            self.widgets.append(back)

    def _col(self) -> pygame.Rect:
        """The content column."""
        L = self.app.layout
        w = min(1000, L.w - 64)
        return pygame.Rect((L.w - w) // 2, 140 if not L.portrait else 160, w, L.h - 240)

    def _build_home(self) -> None:
        L = self.app.layout
        c = self._col()
        rtl = i18n.is_rtl
        name_btn = Button((0, 0, 150, 48), lambda: t("online.server_change"),
                          lambda: self.edit("name"), 20, key="name")
        server_btn = Button((0, 0, 150, 48), lambda: t("online.server_change"),
                            lambda: self.edit("server"), 20, key="server")
        if L.portrait:
            create = pygame.Rect(c.x, c.y + 150, c.w, 370)
            join = pygame.Rect(c.x, create.bottom + 24, c.w, 340)
        else:
            half = (c.w - 24) // 2
            create = pygame.Rect(c.x, c.y + 110, half, 370)
            join = pygame.Rect(c.x + half + 24, c.y + 110, half, 370)
            if i18n.is_rtl():
                create.x, join.x = join.x, create.x
        self.cards = {"create": create, "join": join}
        # The table to create: its game and options, with a button to choose them.
        summary = pygame.Rect(create.x + 20, create.y + 64, create.w - 40, 76)
        change = Button((0, 0, 130, 48), lambda: t("online.server_change"), self.open_setup, 20,
                        key="setup")
        if i18n.is_rtl():
            change.rect.midleft = (summary.x + 12, summary.centery)
        else:
            change.rect.midright = (summary.right - 12, summary.centery)
        self.summary_rect = summary
        vis = Segmented((create.x + 20, create.y + 184, create.w - 40, 60),
                        [(v, (lambda v=v: t(f"vis.{v}"))) for v in protocol.VISIBILITIES],
                        lambda: self.visibility, self.set_visibility, 20, rtl=rtl, key="vis")
        make = Button((create.x + 40, create.bottom - 86, create.w - 80, 68),
                      lambda: t("online.create_button"), self.create, 28, primary=True,
                      key="create")
        bw = join.w - 80
        code = Button((join.x + 40, join.y + 84, bw, 64), lambda: t("online.join_code"),
                      self.ask_code, 26, primary=True, key="join_code")
        pub = Button((join.x + 40, join.y + 170, bw, 60), lambda: t("online.public"),
                     self.open_list, 24, key="public")
        anyt = Button((join.x + 40, join.y + 250, bw, 60), lambda: t("online.join_any"),
                      self.join_any, 24, key="join_any")
        self.id_rows = [name_btn, server_btn]
        self.widgets = [name_btn, server_btn, change, vis, make, code, pub, anyt]

    def _build_setup(self) -> None:
        """The new table's game, its options (players, rules / rounds, scoring, partners) and
        the turn time: the menu's own choices, remembered with the menu's settings."""
        L = self.app.layout
        s = self.app.settings
        rtl = i18n.is_rtl
        info = games.info(self.game)
        n_rows = 2 + len(info.choices)
        top = (112 if n_rows > 4 else 150) if not L.portrait else 170
        self.form = form = Form(L, top, row_h=52, gap=12 if not L.portrait else 14)
        rows = [Segmented(form.add("menu.game"),
                          [(g, (lambda g=g: t(f"game.{g}"))) for g in online_games()],
                          lambda: self.game, self.set_game, rtl=rtl, key="game")]
        for choice in info.choices:
            rows.append(Segmented(
                form.add(choice.label),
                [(v, (lambda v=v, c=choice: c.text(v))) for v in self._values(choice)],
                lambda c=choice: games.options_for(s, self.game)[c.key],
                lambda v, c=choice: self.set_option(c.key, v), rtl=rtl, key=f"opt.{choice.key}"))
        rows.append(Segmented(form.add("menu.turn"), [(n, turn_label(n)) for n in TURNS],
                              lambda: s["turn_seconds"],
                              lambda v: self.app.set_setting("turn_seconds", v),
                              rtl=rtl, key="turn"))
        for widget, (_k, _label, control) in zip(rows, form.rows):
            place_control(form, widget, control, rtl)
        self.form_rows = rows
        make = Button((0, 0, 380, 68), lambda: t("online.create_button"), self.create, 28,
                      primary=True, key="create")
        make.rect.midtop = (L.w // 2, form.bottom + (6 if not L.portrait else 20))
        self.widgets = [*rows, make]

    def _values(self, choice) -> tuple:
        """A menu choice's values that an online table accepts (TB-5 player counts)."""
        if choice.key == "players":
            return tuple(v for v in choice.values if v in registry.get(self.game).players)
        return choice.values

    def _build_code(self) -> None:
        L = self.app.layout
        box = self._code_box()
        join = Button((0, 0, 220, 64), lambda: t("online.join"), self.submit_field, 28,
                      primary=True, key="submit")
        join.rect.midtop = (L.w // 2, box.bottom + 80)
        self.widgets = [join]

    def _build_field(self) -> None:
        self._build_code()

    def _build_list(self) -> None:
        c = self._col()
        refresh = Button((0, 0, 200, 56), lambda: t("online.refresh"), self.open_list, 22,
                         key="refresh")
        refresh.rect.topright = (c.right, c.y) if not i18n.is_rtl() else (c.x + 200, c.y)
        self.widgets = [refresh]
        for i, table in enumerate(self.tables[:self._list_rows()]):
            row = self._row_rect(i)
            b = Button((0, 0, 150, 52), lambda: t("online.join"),
                       lambda code=table.get("code", ""): self.join(code), 22, primary=True,
                       key=f"sit:{i}")
            b.rect.center = (row.x + 95, row.centery) if i18n.is_rtl() else \
                (row.right - 95, row.centery)
            self.widgets.append(b)

    def _list_rows(self) -> int:
        return 6 if not self.app.layout.portrait else 9

    def _row_rect(self, i: int) -> pygame.Rect:
        c = self._col()
        return pygame.Rect(c.x, c.y + 76 + i * 84, c.w, 72)

    def _build_pending(self) -> None:
        L = self.app.layout
        cancel = Button((0, 0, 220, 60), lambda: t("online.cancel"), self.leave, 24,
                        key="cancel")
        cancel.rect.center = (L.w // 2, L.h // 2 + 90)
        self.widgets = [cancel]

    def _build_room(self) -> None:
        L = self.app.layout
        room = self.session.room if self.session else None
        leave = Button((0, 0, 240, 60), lambda: t("online.leave"), self.leave, 22, key="leave")
        start = Button((0, 0, 300, 70), lambda: t("online.start"), self.start, 28,
                       primary=True, key="start")
        if L.portrait:
            start.rect.midbottom = (L.w // 2, L.h - 110)
            leave.rect.midbottom = (L.w // 2, L.h - 28)
        else:
            gap = 24
            total = start.rect.w + leave.rect.w + gap
            x = (L.w - total) // 2
            first, second = (leave, start) if i18n.is_rtl() else (start, leave)
            first.rect.midleft = (x, L.h - 64)
            second.rect.midleft = (x + first.rect.w + gap, L.h - 64)
        start.visible = bool(room) and self.is_host()
        self.widgets = [start, leave]
        for i, req in enumerate((room or {}).get("pending", [])[:3]):
            row = self._request_rect(i)
            yes = Button((0, 0, 120, 48), lambda: t("online.accept"),
                         lambda p=req.get("player"): self.answer(p, True), 20, primary=True,
                         key=f"accept:{i}")
            no = Button((0, 0, 120, 48), lambda: t("online.refuse"),
                        lambda p=req.get("player"): self.answer(p, False), 20,
                        key=f"refuse:{i}")
            if i18n.is_rtl():
                yes.rect.midleft = (row.x + 12, row.centery)
                no.rect.midleft = (row.x + 144, row.centery)
            else:
                yes.rect.midright = (row.right - 144, row.centery)
                no.rect.midright = (row.right - 12, row.centery)
            self.widgets += [yes, no]

    # ----- room geometry ------------------------------------------------------------------------------
    def _room_columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(code panel, seats panel)."""
        L = self.app.layout
        if L.portrait:
            code = pygame.Rect(32, 130, L.w - 64, 350)
            seats = pygame.Rect(32, code.bottom + 24, L.w - 64, 470)
        else:
            code = pygame.Rect(48, 100, 520, 460)
            seats = pygame.Rect(600, 100, L.w - 648, 460)
            if i18n.is_rtl():
                code.x, seats.x = L.w - 48 - code.w, 48
        return code, seats

    def _seat_rect(self, i: int) -> pygame.Rect:
        _code, seats = self._room_columns()
        return pygame.Rect(seats.x + 20, seats.y + 64 + i * 62, seats.w - 40, 54)

    def _request_rect(self, i: int) -> pygame.Rect:
        _code, seats = self._room_columns()
        n = len(self.session.room["seats"]) if self.session and self.session.room else 4
        top = seats.y + 64 + n * 62 + 46
        return pygame.Rect(seats.x + 20, top + i * 66, seats.w - 40, 58)

    def _code_box(self) -> pygame.Rect:
        L = self.app.layout
        box = pygame.Rect(0, 0, min(L.w - 80, 560 if self.field == "code" else 900), 110)
        box.center = (L.w // 2, L.h // 2 - 60)
        return box

    # ----- actions ----------------------------------------------------------------------------------
    def set_visibility(self, value: str) -> None:
        self.visibility = value

    def is_host(self) -> bool:
        room = self.session.room if self.session else None
        return bool(room) and room.get("you") is not None and room.get("you") == room.get("host")

    @staticmethod
    def _initial_game(app) -> str:
        chosen = app.settings.get("game")
        keys = online_games()
        return chosen if chosen in keys else keys[0]

    def open_setup(self) -> None:
        self.set_state("setup")

    def set_game(self, key: str) -> None:
        """Another game brings its own option rows (the menu remembers the choice too)."""
        if key in online_games():
            self.game = key
            self.app.set_setting("game", key)
            self.build()

    def set_option(self, key: str, value) -> None:
        options = games.options_for(self.app.settings, self.game)
        options[key] = value
        self.app.set_setting(f"options.{self.game}", options)

    def new_table(self) -> dict:
        """The ``create`` message's fields for the chosen game, options and turn time."""
        s = self.app.settings
        players, options = online_options(s, self.game)
        return {"game": self.game, "players": players, "options": options,
                "visibility": self.visibility, "turn_seconds": s["turn_seconds"] or None,
                "bots": s.get("level", "normal")}

    def create(self) -> None:
        if self.state == "setup":
            self.set_state("home")
        self.session.send("create", **self.new_table())

    def ask_code(self) -> None:
        self.edit("code")

    def edit(self, field: str) -> None:
        """Type ``field`` (natively) or ask for it with the page's prompt (browser)."""
        current = {"code": "", "name": self.player_name, "server": self.server}[field]
        if WEB:
            try:
                import platform
                answer = platform.window.prompt(t(f"online.{field}_prompt"), current)
            except Exception:
                answer = None
            if answer is not None and str(answer) not in ("null", "undefined"):
                self.typed = str(answer)
                self.field = field
                self.submit_field()
            return
        self.field = field
        self.typed = current
        self.set_state("code" if field == "code" else "field")

    def submit_field(self) -> None:
        field, text = self.field, self.typed.strip()
        self.field = None
        if field == "code":
            self.set_state("home")
            self.join(text)
        elif field == "name":
            if text:
                self.player_name = " ".join(text.split())[:protocol.MAX_NAME]
                self._save(name=self.player_name)
                self.connect()        # the server learns a name with hello
            else:
                self.set_state("home")
        elif field == "server":
            url = server_url(text) if text else ""
            if not valid_server(url):
                self.set_state("home")
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
        code = protocol.code_from_link(text)
        if code is None:
            self.say("online.code_bad", n=digits(protocol.CODE_LENGTH))
            return
        self.session.send("join", code=code)

    def join_any(self) -> None:
        self.session.send("join_any")          # TB-4: any game's table

    def open_list(self) -> None:
        self.session.send("list")              # every game's open tables, each one named
        self.set_state("list")

    def answer(self, player: str | None, accept: bool) -> None:
        if isinstance(player, str):
            self.session.send("answer", player=player, accept=accept)

    def start(self) -> None:
        if self.is_host():
            self.session.send("start")

    def leave(self) -> None:
        self.session.send("leave")
        self.session.room = None
        self.set_state("home")

    def back(self) -> None:
        if self.state in ("code", "field", "list", "setup"):
            self.field = None
            self.set_state("home")
            return
        if self.session is not None:
            self.session.close()
        self.app.go("menu")

    # ----- messages -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.message:
            left = self.message[1] - dt
            self.message = (self.message[0], left) if left > 0 else None
        if self.session is None:
            return
        messages = self.session.poll()
        for i, msg in enumerate(messages):
            if self.receive(msg):
                self.session.unread(messages[i + 1:])   # the table scene reads the rest
                return
        if self.session.failed:
            was_open = self.state != "connecting"
            self.session.close()
            self.app.toast("online.lost" if was_open else "online.unreachable", 6.0)
            self.app.go("menu")

    def receive(self, msg: dict) -> bool:
        """Handle one server message; True when the scene was left."""
        kind = msg["t"]
        if kind == "welcome":
            if self.state == "connecting":
                self.set_state("home")
            if self.join_code:
                code, self.join_code = self.join_code, None
                self.join(code)
        elif kind == "tables":
            self.tables = [x for x in msg["list"] if isinstance(x, dict)]
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
        elif kind == "events" and self.session.room and self.session.room.get("started"):
            return self.enter_table(msg)
        return False

    def enter_table(self, msg: dict) -> bool:
        """The match started (or we came back to it): the game's own table scene takes over."""
        room = self.session.room
        if room.get("game") not in online_games():
            self.say("online.game_only")
            return False
        table = RemoteTable(self.session, room)
        events = table.receive(msg)
        self.app.switch(remote_scene(self.app, table, events))
        return True

    # ----- input ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.state in ("code", "field") and event.type == pygame.KEYDOWN:
            self.type_key(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        super().handle(event)

    def type_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit_field()
        elif event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
        else:
            ch = getattr(event, "unicode", "")
            if ch and ch.isprintable() and len(self.typed) < FIELD_LIMITS.get(self.field, 24):
                self.typed += ch.upper() if self.field == "code" else ch

    # ----- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        surface.blit(draw.felt(L.w, L.h), (0, 0))
        title_y = 56 if not L.portrait else 80
        title = t("online.create") if self.state == "setup" else t("online.title")
        draw.blit_text(surface, title, 44, (L.w // 2, title_y), draw.GOLD, bold=True,
                       shadow=True)
        getattr(self, f"_draw_{self.state}", lambda s: None)(surface)
        super().draw(surface)
        msg = self.message_text()
        if msg:
            y = L.h - 120 if self.state not in ("room",) else (L.h - 190 if L.portrait else 640)
            if self.state == "home":      # between the name/server rows and the two cards
                y = 227 if not L.portrait else 274
            width = L.w - 80
            size = draw.fit_text(msg, 22, width - 40, True)
            img = draw.label(msg, size, draw.INK, True)
            rect = pygame.Rect(0, 0, img.get_width() + 48, img.get_height() + 18)
            rect.center = (L.w // 2, y)
            draw.panel(surface, rect, (80, 26, 22), 240, 14, draw.GOLD)
            surface.blit(img, img.get_rect(center=rect.center))

    def _text(self, surface, s: str, size: int, rect: pygame.Rect, y: int, color=None,
              bold: bool = False, pad: int = 20) -> pygame.Rect:
        """``s`` at the reading start of ``rect`` (right in Arabic), centred on line ``y``."""
        color = color or draw.INK
        size = draw.fit_text(s, size, rect.w - 2 * pad, bold)
        if i18n.is_rtl():
            return draw.blit_text(surface, s, size, (rect.right - pad, y), color, bold,
                                  "midright")
        return draw.blit_text(surface, s, size, (rect.x + pad, y), color, bold, "midleft")

    def _draw_connecting(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        draw.blit_text(surface, t("online.connecting"), 28, (L.w // 2, L.h // 2 - 30), draw.INK,
                       bold=True)
        dots = int(pygame.time.get_ticks() / 300) % 4
        draw.blit_text(surface, self.server, 20, (L.w // 2, L.h // 2 + 20), draw.INK_DIM)
        for i in range(3):
            color = draw.GOLD if i < dots else draw.PANEL_EDGE
            pygame.draw.circle(surface, color, (L.w // 2 - 24 + i * 24, L.h // 2 + 70), 7)

    def _draw_home(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        c = self._col()
        rtl = i18n.is_rtl()
        # Who and where: name and server, each with a Change button.
        rows = [("online.name", self.player_name), ("online.server", self.server)]
        for i, ((key, value), button) in enumerate(zip(rows, self.id_rows)):
            y = c.y - 20 + i * 58 if not L.portrait else c.y - 10 + i * 62
            line = pygame.Rect(c.x, y - 26, c.w, 52)
            draw.panel(surface, line, draw.PANEL, 170, 12, None)
            button.rect.h = 44
            if rtl:
                button.rect.midleft = (line.x + 4, line.centery)
                text_rect = pygame.Rect(button.rect.right, line.y, line.right - button.rect.right,
                                        line.h)
            else:
                button.rect.midright = (line.right - 4, line.centery)
                text_rect = pygame.Rect(line.x, line.y, button.rect.x - line.x, line.h)
            # Label and value drawn apart: a Latin address inside an Arabic line stays whole.
            head = self._text(surface, t(key) + ":", 22, text_rect, line.centery, draw.SAND,
                              True, 16)
            rest = text_rect.copy()
            if rtl:
                rest.width = head.x - text_rect.x
            else:
                rest.width = text_rect.right - head.right
                rest.x = head.right
            self._text(surface, value, 22, rest, line.centery, draw.INK, pad=10)
        create, join = self.cards["create"], self.cards["join"]
        for rect, _title in ((create, "online.create"), (join, "online.join_code")):
            draw.panel(surface, rect, draw.PANEL, 215, 18, draw.PANEL_EDGE)
        draw.blit_text(surface, t("online.create"), 28, (create.centerx, create.y + 36),
                       draw.GOLD, bold=True)
        self._draw_summary(surface)
        draw.blit_text(surface, t("online.visibility"), 20, (create.centerx, create.y + 162),
                       draw.SAND, bold=True)
        draw.blit_text(surface, t("online.join_title"), 28, (join.centerx, join.y + 36), draw.GOLD,
                       bold=True)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        """The chosen game and options in the "New table" card, beside their Change button."""
        rect = self.summary_rect
        draw.panel(surface, rect, (30, 48, 46), 230, 12, draw.PANEL_EDGE)
        players, options = online_options(self.app.settings, self.game)
        head, details = table_summary(self.game, players, options,
                                      self.app.settings["turn_seconds"])
        text = rect.copy()
        text.w -= 150
        if i18n.is_rtl():
            text.x += 150
        self._text(surface, head, 22, text, rect.y + 24, draw.INK, True, 14)
        self._text(surface, details, 18, text, rect.y + 54, draw.INK_DIM, pad=14)

    def _draw_setup(self, surface: pygame.Surface) -> None:
        for widget, (_k, _label, control) in zip(self.form_rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)
        self.form.draw_labels(surface)

    def _draw_code(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        box = self._code_box()
        field = self.field or "code"
        title = t("online.code_title") if field == "code" else t(f"online.{field}_prompt")
        draw.blit_text(surface, title, draw.fit_text(title, 30, L.w - 80, True),
                       (L.w // 2, box.y - 44), draw.SAND, bold=True)
        draw.panel(surface, box, (10, 20, 20), 240, 16, draw.GOLD)
        if field == "code":
            n = protocol.CODE_LENGTH
            slot_w = (box.w - 40 - 12 * (n - 1)) // n
            for i in range(n):
                slot = pygame.Rect(box.x + 20 + i * (slot_w + 12), box.y + 16, slot_w,
                                   box.h - 32)
                pygame.draw.rect(surface, (30, 48, 46), slot, border_radius=10)
                edge = draw.TURN if i == min(len(self.typed), n - 1) else draw.PANEL_EDGE
                pygame.draw.rect(surface, edge, slot, 2, border_radius=10)
                if i < len(self.typed):
                    draw.blit_text(surface, self.typed[i], 52, slot.center, draw.INK, bold=True)
            help_s = t("online.code_help", n=digits(n))
        else:
            caret = "|" if (pygame.time.get_ticks() // 500) % 2 == 0 else " "
            s = self.typed + caret
            draw.blit_text(surface, s, draw.fit_text(s, 32, box.w - 40), box.center, draw.INK)
            help_s = ""
        if help_s:
            draw.blit_text(surface, help_s, draw.fit_text(help_s, 22, L.w - 80),
                           (L.w // 2, box.bottom + 34), draw.INK_DIM)

    _draw_field = _draw_code

    def _draw_list(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        c = self._col()
        rtl = i18n.is_rtl()
        head = pygame.Rect(c.x, c.y, c.w - 220, 56)
        if rtl:
            head.x = c.x + 220
        self._text(surface, t("online.public"), 30, head, head.centery, draw.GOLD, True, 4)
        if not self.tables:
            draw.blit_text(surface, t("online.none_public"), 26, (L.w // 2, c.y + 180),
                           draw.INK_DIM, bold=True)
        for i, table in enumerate(self.tables[:self._list_rows()]):
            row = self._row_rect(i)
            draw.panel(surface, row, draw.PANEL, 215, 14, draw.PANEL_EDGE)
            info = pygame.Rect(row.x, row.y, row.w - 190, row.h)
            if rtl:
                info.x = row.x + 190
            game = t(f"game.{table.get('game', '')}")
            vis = t(f"vis.{table.get('visibility', 'auto')}")
            seats = t("online.list_seats", n=digits(table.get("seated", 0)),
                      m=digits(table.get("players", 4)))
            self._text(surface, sep().join((game, seats, vis)), 24, info, row.y + 24, draw.INK,
                       True)
            _head, details = table_summary(str(table.get("game", "")), table.get("players", 4),
                                           table.get("options"), table.get("turn_seconds"))
            host = t("online.list_host", name=str(table.get("host", "")))
            self._text(surface, sep().join((host, details)), 18, info, row.y + 52,
                       draw.INK_DIM)

    def _draw_pending(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        s = t("online.waiting")
        draw.blit_text(surface, s, draw.fit_text(s, 28, L.w - 80, True), (L.w // 2, L.h // 2 - 20),
                       draw.INK, bold=True)

    def _draw_room(self, surface: pygame.Surface) -> None:
        room = self.session.room if self.session else None
        if not room:
            return
        code_p, seats_p = self._room_columns()
        draw.panel(surface, code_p, draw.PANEL, 215, 18, draw.GOLD)
        head, details = table_summary(str(room.get("game", "")), len(room["seats"]),
                                      room.get("options"), room.get("turn_seconds"))
        draw.blit_text(surface, head, draw.fit_text(head, 26, code_p.w - 40, True),
                       (code_p.centerx, code_p.y + 30), draw.SAND, bold=True)
        draw.blit_text(surface, details, draw.fit_text(details, 18, code_p.w - 40),
                       (code_p.centerx, code_p.y + 60), draw.INK_DIM)
        draw.blit_text(surface, t("online.code_big"), 20, (code_p.centerx, code_p.y + 90),
                       draw.INK_DIM)
        code = " ".join(room["code"])          # spaced out so it can be read aloud
        big = 96 if not self.app.layout.portrait else 84
        draw.blit_text(surface, code, draw.fit_text(code, big, code_p.w - 40, True),
                       (code_p.centerx, code_p.y + 156), draw.GOLD, bold=True, shadow=True)
        if True:
            link = page_link(str(room.get("link", "")))
            y = code_p.y + 234
            draw.blit_text(surface, t("online.invite"), 20, (code_p.centerx, y), draw.INK_DIM)
            draw.blit_text(surface, link, draw.fit_text(link, 22, code_p.w - 40),
                           (code_p.centerx, y + 30), draw.INK)
            share = t("online.share")
            lines = self._wrap(share, 20, code_p.w - 48)
            for i, line in enumerate(lines[:3]):
                draw.blit_text(surface, line, 20, (code_p.centerx, y + 78 + i * 28),
                               draw.INK_DIM)
        draw.panel(surface, seats_p, draw.PANEL, 215, 18, draw.PANEL_EDGE)
        self._text(surface, t("online.seats"), 26, seats_p, seats_p.y + 34, draw.GOLD, True, 24)
        you, host = room.get("you"), room.get("host")
        for i, seat in enumerate(room["seats"]):
            self._draw_seat_row(surface, i, seat, i == you, i == host)
        pending = room.get("pending", [])[:3]
        if pending:
            top = self._request_rect(0).y - 26
            self._text(surface, t("online.requests"), 22, seats_p, top, draw.SAND, True, 24)
        for i, req in enumerate(pending):
            row = self._request_rect(i)
            draw.panel(surface, row, (50, 40, 20), 230, 12, draw.GOLD)
            text_rect = pygame.Rect(row.x, row.y, row.w - 280, row.h)
            if i18n.is_rtl():
                text_rect.x = row.x + 280
            self._text(surface, t("online.request", name=str(req.get("name", ""))), 22,
                       text_rect, row.centery, draw.INK, True, 14)
        L = self.app.layout
        note = t("online.start_note") if self.is_host() else t("online.wait_host")
        y = (L.h - 196 if L.portrait else L.h - 116)
        if L.portrait and not self.is_host():
            y = L.h - 150
        draw.blit_text(surface, note, draw.fit_text(note, 22, L.w - 80), (L.w // 2, y),
                       draw.INK_DIM)

    def _draw_seat_row(self, surface: pygame.Surface, i: int, seat: dict, you: bool,
                       host: bool) -> None:
        row = self._seat_rect(i)
        kind = seat.get("kind", "empty")
        filled = kind != "empty"
        pygame.draw.rect(surface, (30, 48, 46) if filled else (22, 34, 33), row, border_radius=12)
        pygame.draw.rect(surface, draw.TURN if you else draw.PANEL_EDGE, row, 2, border_radius=12)
        rtl = i18n.is_rtl()
        cx = row.right - 34 if rtl else row.x + 34
        colors = [(64, 120, 110), (150, 84, 60), (96, 86, 150), (140, 116, 52)]
        name = str(seat.get("name", "")) if kind == "human" else \
            t("online.seat_bot") if kind == "bot" else t("online.seat_empty")
        if filled:
            pygame.draw.circle(surface, colors[i % 4], (cx, row.centery), 20)
            pygame.draw.circle(surface, draw.SAND, (cx, row.centery), 20, 2)
            draw.blit_text(surface, name[:1], 22, (cx, row.centery - 1), draw.INK, bold=True)
        else:
            pygame.draw.circle(surface, draw.PANEL_EDGE, (cx, row.centery), 20, 2)
        if you:
            name = t("online.you", name=name)
        tags = []
        room = self.session.room if self.session else None
        if room and self._teams(room):
            tags.append(t("online.team", n=digits(i % 2 + 1)))     # partners sit opposite
        if host:
            tags.append(t("online.host_tag"))
        if kind == "human" and not seat.get("connected", True):
            tags.append(t("online.away"))
        name_rect = pygame.Rect(row.x + 64, row.y, row.w - 64 - 150, row.h) if not rtl else \
            pygame.Rect(row.x + 150, row.y, row.w - 64 - 150, row.h)
        self._text(surface, name, 22, name_rect, row.centery,
                   draw.INK if filled else draw.INK_DIM, filled, 0)
        if tags:
            s = sep().join(tags)
            pos = (row.x + 16, row.centery) if rtl else (row.right - 16, row.centery)
            draw.blit_text(surface, s, 18, pos, draw.GOLD, bold=True,
                           anchor="midleft" if rtl else "midright")

    @staticmethod
    def _teams(room: dict) -> bool:
        """Team play as the game's spec says (partners sit opposite: seats 0 & 2, 1 & 3)."""
        game = room.get("game")
        return registry.exists(game) and registry.get(str(game)).teams(
            len(room.get("seats", [])), room.get("options") or {})

    @staticmethod
    def _wrap(s: str, size: int, width: int) -> list[str]:
        from game.ui import text
        try:
            return text.wrap(s, size, width)
        except Exception:
            return [s]
