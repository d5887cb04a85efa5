"""The lobby's states before a table, one small view each (see LobbyView): connecting, home
(name, server, the new table and the ways to join), the new table's game and options, typing a
code (or the name / server), and waiting for the host's answer. The public list is
:mod:`game.ui.scenes.lobby_list`, the waiting room :mod:`game.ui.scenes.lobby_room`."""

from __future__ import annotations

import functools
from typing import Any

import pygame

from game import i18n
from game.core import registry
from game.i18n import digits, t
from game.net import protocol
from game.ui import draw, games, text
from game.ui.scale import px
from game.ui.scenes.form import TURNS, Form, place_control, turn_label
from game.ui.scenes.lobby_common import (
    WEB,
    LobbyView,
    online_games,
    online_options,
    server_name,
    table_summary,
)
from game.ui.widgets import Button, Segmented, label_for


class ConnectingView(LobbyView):
    """Reaching the server: its address and three dots."""

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        draw.blit_text(
            surface,
            t("online.connecting"),
            28,
            (layout.w // 2, layout.h // 2 - px(30)),
            draw.INK,
            bold=True,
        )
        dots = int(self.lobby.elapsed / 0.3) % 4  # frame time: the same in every screenshot
        where = t("online.server_at", name=server_name(self.lobby.server))
        draw.blit_text(surface, where, 22, (layout.w // 2, layout.h // 2 + px(20)), draw.INK_DIM)
        for i in range(3):
            color = draw.GOLD if i < dots else draw.PANEL_EDGE
            dot = (layout.w // 2 + px(-24 + i * 24), layout.h // 2 + px(70))
            pygame.draw.circle(surface, color, dot, px(7))


SERVER_COMMAND = "./majlis server"  # how README starts the table server


class OfflineView(LobbyView):
    """No server answers (or the connection was lost): said in place, with what to do —
    try again, or choose another server."""

    def build(self) -> None:
        layout = self.app.layout
        c = self._col()
        w = min(px(420), c.w)
        y = c.y + px(330 if not layout.portrait else 400)
        retry = Button(
            (layout.w // 2 - w // 2, y, w, px(66)),
            lambda: t("online.retry"),
            self.lobby.connect,
            26,
            primary=True,
            key="retry",
        )
        change = Button(
            (layout.w // 2 - w // 2, y + px(82), w, px(60)),
            lambda: t("online.server_choose"),
            lambda: self.lobby.edit("server"),
            24,
            key="server",
        )
        self.widgets = [retry, change]

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        c = self._col()
        box = pygame.Rect(c.x, c.y - px(10), c.w, px((320 if not layout.portrait else 390) - 20))
        draw.panel(surface, box, (20, 34, 33), 255, px(18), draw.GOLD)
        head = "online.lost_title" if self.lobby.lost else "online.offline_title"
        title = t(head)
        size = draw.fit_text(title, 32, box.w - px(48), bold=True)
        draw.blit_text(surface, title, size, (box.centerx, box.y + px(44)), draw.GOLD, bold=True)
        where = t("online.server_at", name=server_name(self.lobby.server))
        draw.blit_text(surface, where, 22, (box.centerx, box.y + px(88)), draw.SAND)
        how = t("online.offline_web" if WEB else "online.offline_native")
        lines = text.wrap(how, 22, box.w - px(64))
        y = box.y + px(130)
        for line in lines:
            draw.blit_text(surface, line, 22, (box.centerx, y), draw.INK)
            y += px(34)
        if not WEB:  # the command on a line of its own (Latin, never mixed into Arabic)
            cmd_y = y + px(12)
            draw.blit_text(surface, SERVER_COMMAND, 24, (box.centerx, cmd_y), draw.GOLD, True)


class HomeView(LobbyView):
    """Who and where (name, server), the table to create, and the ways to join one."""

    def build(self) -> None:
        layout = self.app.layout
        c = self._col()
        rtl = i18n.is_rtl
        name_btn = Button(
            (0, 0, px(150), px(48)),
            lambda: t("online.server_change"),
            lambda: self.lobby.edit("name"),
            self.small(20),
            key="name",
        )
        server_btn = Button(
            (0, 0, px(150), px(48)),
            lambda: t("online.server_change"),
            lambda: self.lobby.edit("server"),
            self.small(20),
            key="server",
        )
        tall = px(28) if layout.portrait else 0  # the summary's details take two lines in portrait
        if layout.portrait:
            create = pygame.Rect(c.x, c.y + px(150), c.w, px(370) + tall)
            join = pygame.Rect(c.x, create.bottom + px(24), c.w, px(340))
        else:
            half = (c.w - px(24)) // 2
            create = pygame.Rect(c.x, c.y + px(110), half, px(370))
            join = pygame.Rect(c.x + half + px(24), c.y + px(110), half, px(370))
            if i18n.is_rtl():
                create.x, join.x = join.x, create.x
        self.cards = {"create": create, "join": join}
        # The table to create: its game and options, with a button to choose them.
        summary = pygame.Rect(
            create.x + px(20), create.y + px(64), create.w - px(40), px(76) + tall
        )
        change = Button(
            (0, 0, px(130), px(48)),
            lambda: t("online.server_change"),
            self.lobby.open_setup,
            self.small(20),
            key="setup",
        )
        if i18n.is_rtl():
            change.rect.midleft = (summary.x + px(12), summary.centery)
        else:
            change.rect.midright = (summary.right - px(12), summary.centery)
        self.summary_rect = summary
        vis = Segmented(
            (create.x + px(20), create.y + px(184) + tall, create.w - px(40), px(60)),
            [(v, label_for(f"vis.{v}")) for v in protocol.VISIBILITIES],
            lambda: self.lobby.visibility,
            self.lobby.set_visibility,
            self.small(20),
            rtl=rtl,
            key="vis",
        )
        make = Button(
            (create.x + px(40), create.bottom - px(86), create.w - px(80), px(68)),
            lambda: t("online.create_button"),
            self.lobby.create,
            28,
            primary=True,
            key="create",
        )
        bw = join.w - px(80)
        code = Button(
            (join.x + px(40), join.y + px(84), bw, px(64)),
            lambda: t("online.join_code"),
            self.lobby.ask_code,
            26,
            primary=True,
            key="join_code",
        )
        pub = Button(
            (join.x + px(40), join.y + px(170), bw, px(60)),
            lambda: t("online.public"),
            self.lobby.open_list,
            24,
            key="public",
        )
        anyt = Button(
            (join.x + px(40), join.y + px(250), bw, px(60)),
            lambda: t("online.join_any"),
            self.lobby.join_any,
            24,
            key="join_any",
        )
        self.id_rows = [name_btn, server_btn]
        self.widgets = [name_btn, server_btn, change, vis, make, code, pub, anyt]

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        c = self._col()
        rtl = i18n.is_rtl()
        # Who and where: name and server, each with a Change button.
        where = t("online.server_connected", name=server_name(self.lobby.server))
        rows = [("online.name", self.lobby.player_name), ("online.server", where)]
        for i, ((key, value), button) in enumerate(zip(rows, self.id_rows)):
            y = c.y + px(-20 + i * 58 if not layout.portrait else -10 + i * 62)
            line = pygame.Rect(c.x, y - px(26), c.w, px(52))
            draw.panel(surface, line, draw.PANEL, 170, px(12), None)
            button.rect.h = px(44)
            if rtl:
                button.rect.midleft = (line.x + px(4), line.centery)
                text_rect = pygame.Rect(
                    button.rect.right, line.y, line.right - button.rect.right, line.h
                )
            else:
                button.rect.midright = (line.right - px(4), line.centery)
                text_rect = pygame.Rect(line.x, line.y, button.rect.x - line.x, line.h)
            # Label and value drawn apart: a Latin address inside an Arabic line stays whole.
            head = self._text(
                surface, t(key) + ":", 22, text_rect, line.centery, draw.SAND, True, px(16)
            )
            rest = text_rect.copy()
            if rtl:
                rest.width = head.x - text_rect.x
            else:
                rest.width = text_rect.right - head.right
                rest.x = head.right
            self._text(surface, value, 22, rest, line.centery, draw.INK, pad=px(10))
        create, join = self.cards["create"], self.cards["join"]
        for rect in (create, join):
            draw.panel(surface, rect, draw.PANEL, 215, px(18), draw.PANEL_EDGE)
        create_y = create.y + px(36)
        draw.blit_text(
            surface, t("online.create"), 28, (create.centerx, create_y), draw.GOLD, bold=True
        )
        self._draw_summary(surface)
        draw.blit_text(
            surface,
            t("online.visibility"),
            self.small(20),
            (create.centerx, create.y + px(162 + (28 if layout.portrait else 0))),
            draw.SAND,
            bold=True,
        )
        draw.blit_text(
            surface,
            t("online.join_title"),
            28,
            (join.centerx, join.y + px(36)),
            draw.GOLD,
            bold=True,
        )

    def _draw_summary(self, surface: pygame.Surface) -> None:
        """The chosen game and options in the "New table" card, beside their Change button."""
        rect = self.summary_rect
        draw.panel(surface, rect, (30, 48, 46), 230, px(12), draw.PANEL_EDGE)
        players, options = online_options(self.app.settings, self.lobby.game)
        head, details = table_summary(
            self.lobby.game, players, options, self.app.settings["turn_seconds"]
        )
        text = rect.copy()
        text.w -= px(150)
        if i18n.is_rtl():
            text.x += px(150)
        self._text(surface, head, 22, text, rect.y + px(24), draw.INK, True, px(14))
        most = 2 if self.app.layout.portrait else 1  # on a phone: 22 px, on two lines
        y, step = rect.y + px(54), px(28)
        self._lines(surface, details, self.small(18), text, y, step, draw.INK_DIM, most, px(14))

    def message_y(self) -> int:
        return px(227 if not self.app.layout.portrait else 274)  # between rows and cards


class SetupView(LobbyView):
    """The new table's game and options, the turn time and whether hints are offered."""

    title = "online.create"

    def build(self) -> None:
        """The new table's game, its options (players, rules / rounds, scoring, partners), the
        turn time (the menu's own choices, remembered with the menu's settings) and hints (off
        unless the host turns them on)."""
        layout = self.app.layout
        s = self.app.settings
        rtl = i18n.is_rtl
        info = games.info(self.lobby.game)
        n_rows = 3 + len(info.choices)  # the game, its options, the turn time, hints
        top = (112 if n_rows > 5 else 150) if not layout.portrait else 170
        gap = 12 if not layout.portrait else 14
        if n_rows > 6 and not layout.portrait:  # (seven rows: Create stays above Back)
            top, gap = 104, 6
        self.form = form = Form(layout, px(top), row_h=px(52), gap=px(gap))
        rows = [
            Segmented(
                form.add("menu.game"),
                [(g, label_for(f"game.{g}")) for g in online_games()],
                lambda: self.lobby.game,
                self.lobby.set_game,
                rtl=rtl,
                key="game",
            )
        ]
        for choice in info.choices:
            rows.append(
                Segmented(
                    form.add(choice.label),
                    [(v, functools.partial(choice.text, v)) for v in self._values(choice)],
                    functools.partial(self._option, choice.key),
                    functools.partial(self.lobby.set_option, choice.key),
                    rtl=rtl,
                    key=f"opt.{choice.key}",
                )
            )
        rows.append(
            Segmented(
                form.add("menu.turn"),
                [(n, turn_label(n)) for n in TURNS],
                lambda: s["turn_seconds"],
                lambda v: self.app.set_setting("turn_seconds", v),
                rtl=rtl,
                key="turn",
            )
        )
        rows.append(
            Segmented(
                form.add("online.hints"),
                [(False, (lambda: t("off"))), (True, (lambda: t("on")))],
                lambda: self.lobby.hints,
                self.lobby.set_hints,
                rtl=rtl,
                key="hints",
            )
        )
        for widget, (_k, _label, control) in zip(rows, form.rows):
            place_control(form, widget, control, rtl)
        self.form_rows = rows
        make = Button(
            (0, 0, px(380), px(68)),
            lambda: t("online.create_button"),
            self.lobby.create,
            28,
            primary=True,
            key="create",
        )
        make.rect.midtop = (layout.w // 2, form.bottom + px(6 if not layout.portrait else 20))
        self.widgets = [*rows, make]

    def _option(self, key: str) -> Any:
        """The new table's option ``key`` as the menu remembers it for the chosen game."""
        return games.options_for(self.app.settings, self.lobby.game)[key]

    def _values(self, choice: games.Choice) -> tuple[Any, ...]:
        """A menu choice's values that an online table accepts (TB-5 player counts)."""
        if choice.key == "players":
            return tuple(v for v in choice.values if v in registry.get(self.lobby.game).players)
        return choice.values

    def draw(self, surface: pygame.Surface) -> None:
        for widget, (_k, _label, control) in zip(self.form_rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)
        self.form.draw_labels(surface)


class CodeView(LobbyView):
    """Typing a room code (or, natively, the name or the server's address)."""

    def build(self) -> None:
        layout = self.app.layout
        box = self._code_box()
        join = Button(
            (0, 0, px(220), px(64)),
            lambda: t("online.join"),
            self.lobby.submit_field,
            28,
            primary=True,
            key="submit",
        )
        join.rect.midtop = (layout.w // 2, box.bottom + px(80))
        self.widgets = [join]

    def _code_box(self) -> pygame.Rect:
        layout = self.app.layout
        wide = px(560 if self.lobby.field == "code" else 900)
        box = pygame.Rect(0, 0, min(layout.w - px(80), wide), px(110))
        box.center = (layout.w // 2, layout.h // 2 - px(60))
        return box

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        box = self._code_box()
        field = self.lobby.field or "code"
        title = t("online.code_title") if field == "code" else t(f"online.{field}_prompt")
        draw.blit_text(
            surface,
            title,
            draw.fit_text(title, 30, layout.w - px(80), True),
            (layout.w // 2, box.y - px(44)),
            draw.SAND,
            bold=True,
        )
        draw.panel(surface, box, (10, 20, 20), 240, px(16), draw.GOLD)
        if field == "code":
            n = protocol.CODE_LENGTH
            gap = px(12)
            slot_w = (box.w - px(40) - gap * (n - 1)) // n
            for i in range(n):
                x = box.x + px(20) + i * (slot_w + gap)
                slot = pygame.Rect(x, box.y + px(16), slot_w, box.h - px(32))
                pygame.draw.rect(surface, (30, 48, 46), slot, border_radius=px(10))
                edge = draw.TURN if i == min(len(self.lobby.typed), n - 1) else draw.PANEL_EDGE
                pygame.draw.rect(surface, edge, slot, px(2), border_radius=px(10))
                if i < len(self.lobby.typed):
                    draw.blit_text(
                        surface, self.lobby.typed[i], 52, slot.center, draw.INK, bold=True
                    )
            help_s = t("online.code_help", n=digits(n))
        else:
            caret = "|" if int(self.lobby.elapsed / 0.5) % 2 == 0 else " "
            s = self.lobby.typed + caret
            draw.blit_text(surface, s, draw.fit_text(s, 32, box.w - px(40)), box.center, draw.INK)
            help_s = ""
        if help_s:
            draw.blit_text(
                surface,
                help_s,
                draw.fit_text(help_s, 22, layout.w - px(80)),
                (layout.w // 2, box.bottom + px(34)),
                draw.INK_DIM,
            )


class PendingView(LobbyView):
    """Waiting for the host's answer (TB-2)."""

    has_back = False

    def build(self) -> None:
        layout = self.app.layout
        cancel = Button(
            (0, 0, px(220), px(60)), lambda: t("online.cancel"), self.lobby.leave, 24, key="cancel"
        )
        cancel.rect.center = (layout.w // 2, layout.h // 2 + px(90))
        self.widgets = [cancel]

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        s = t("online.waiting")
        draw.blit_text(
            surface,
            s,
            draw.fit_text(s, 28, layout.w - px(80), True),
            (layout.w // 2, layout.h // 2 - px(20)),
            draw.INK,
            bold=True,
        )
