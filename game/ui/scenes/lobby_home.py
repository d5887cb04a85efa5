"""The lobby's home (state ``home``): who and where (the player's name and the server, each
with a Change button), the card of the table to create (its game and options, visibility,
Create) and the card of the ways to join one (a code, the public list, any table)."""

from __future__ import annotations

import functools

import pygame

from game import i18n
from game.i18n import t
from game.net import protocol
from game.ui import draw
from game.ui.scale import px
from game.ui.scenes.lobby_common import online_options, server_name, table_summary
from game.ui.scenes.lobby_view import LobbyView
from game.ui.widgets import Button, Segmented, Widget, label_for


class HomeView(LobbyView):
    """Who and where (name, server), the table to create, and the ways to join one."""

    def build(self) -> None:
        self.id_rows = self._id_buttons()
        create, join = self._cards()
        self.cards = {"create": create, "join": join}
        self.widgets = [*self.id_rows, *self._create_widgets(create), *self._join_widgets(join)]

    def _id_buttons(self) -> list[Button]:
        """Change the name, change the server (placed on their rows as they are drawn)."""
        return [
            Button(
                (0, 0, px(150), px(48)),
                lambda: t("online.server_change"),
                functools.partial(self.lobby.edit, field),
                self.small(20),
                key=field,
            )
            for field in ("name", "server")
        ]

    def _cards(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(create, join): one above the other in portrait, side by side in landscape (the
        new table first in reading order)."""
        c = self._col()
        if self.app.layout.portrait:
            create = pygame.Rect(c.x, c.y + px(150), c.w, px(370) + self._tall())
            join = pygame.Rect(c.x, create.bottom + px(24), c.w, px(340))
        else:
            half = (c.w - px(24)) // 2
            create = pygame.Rect(c.x, c.y + px(110), half, px(370))
            join = pygame.Rect(c.x + half + px(24), c.y + px(110), half, px(370))
            if i18n.is_rtl():
                create.x, join.x = join.x, create.x
        return create, join

    def _tall(self) -> int:
        """The summary's details take two lines in portrait."""
        return px(28) if self.app.layout.portrait else 0

    def _create_widgets(self, create: pygame.Rect) -> list[Widget]:
        """The table to create: its game and options with a button to choose them, its
        visibility and Create."""
        tall = self._tall()
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
        new = self.lobby.new_table
        vis = Segmented(
            (create.x + px(20), create.y + px(184) + tall, create.w - px(40), px(60)),
            [(v, label_for(f"vis.{v}")) for v in protocol.VISIBILITIES],
            lambda: new.visibility,
            new.set_visibility,
            self.small(20),
            rtl=i18n.is_rtl,
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
        return [change, vis, make]

    def _join_widgets(self, join: pygame.Rect) -> list[Widget]:
        """A code, the public list, any table: a button each, one under the other."""
        bw = join.w - px(80)
        ways = (
            ("join_code", "online.join_code", self.lobby.ask_code, 84, 64, 26, True),
            ("public", "online.public", self.lobby.open_list, 170, 60, 24, False),
            ("join_any", "online.join_any", self.lobby.join_any, 250, 60, 24, False),
        )
        return [
            Button(
                (join.x + px(40), join.y + px(top), bw, px(h)),
                functools.partial(t, word),
                action,
                size,
                primary=primary,
                key=key,
            )
            for key, word, action, top, h, size, primary in ways
        ]

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
        players, options = online_options(self.app.settings, self.lobby.new_table.game)
        head, details = table_summary(
            self.lobby.new_table.game, players, options, self.app.settings["turn_seconds"]
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
