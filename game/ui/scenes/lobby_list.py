"""The lobby's public list: the open tables of every game, each with a Join button (TB-4; see
:mod:`game.ui.scenes.lobby`), then the matches being played; every table its host lets
strangers watch has a Watch button (:mod:`game.ui.watching`)."""

from __future__ import annotations

import functools

import pygame

from game import i18n
from game.i18n import digits, t
from game.ui import draw
from game.ui.scale import px
from game.ui.scenes.lobby_common import sep, table_summary
from game.ui.scenes.lobby_view import LobbyView
from game.ui.widgets import Button


class ListView(LobbyView):
    """The open public tables of every game, each with a Join button."""

    ROWS = 6  # the tables shown

    def build(self) -> None:
        c = self._col()
        refresh = Button(
            (0, 0, px(200), px(56)),
            lambda: t("online.refresh"),
            self.lobby.open_list,
            22,
            key="refresh",
        )
        refresh.rect.topright = (c.right, c.y) if not i18n.is_rtl() else (c.x + px(200), c.y)
        self.widgets = [refresh]
        for i, table in enumerate(self.lobby.tables[: self.ROWS]):
            row = self._row_rect(i)
            if table.get("watchable", True):
                self.widgets.append(self._watch_button(i, table, row))
            if table.get("started"):
                continue
            b = Button(
                (0, 0, px(150), px(52)),
                lambda: t("online.join"),
                functools.partial(self.lobby.join, table.get("code", "")),
                22,
                primary=True,
                key=f"sit:{i}",
            )
            b.rect.center = (
                (row.x + px(95), row.centery)
                if i18n.is_rtl()
                else (row.right - px(95), row.centery)
            )
            self.widgets.append(b)

    def _watch_button(self, i: int, table: dict[str, object], row: pygame.Rect) -> Button:
        """Watch: beside Join on an open table, in Join's place on a match being played."""
        code = str(table.get("code", ""))
        b = Button(
            (0, 0, px(150), px(52)),
            lambda: t("watch.button"),
            functools.partial(self.lobby.spectating.watch, code),
            22,
            key=f"watch:{i}",
        )
        offset = px(95) if table.get("started") else px(95 + 160)
        b.rect.center = (
            (row.x + offset, row.centery) if i18n.is_rtl() else (row.right - offset, row.centery)
        )
        return b

    def _row_rect(self, i: int) -> pygame.Rect:
        c = self._col()
        if self.app.layout.portrait:  # the details take up to three 22 px lines on a phone
            return pygame.Rect(c.x, c.y + px(76 + i * 136), c.w, px(130))
        return pygame.Rect(c.x, c.y + px(76 + i * 84), c.w, px(72))

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        c = self._col()
        rtl = i18n.is_rtl()
        head = pygame.Rect(c.x, c.y, c.w - px(220), px(56))
        if rtl:
            head.x = c.x + px(220)
        self._text(surface, t("online.public"), 30, head, head.centery, draw.GOLD, True, px(4))
        if not self.lobby.tables:
            none_y = c.y + px(180)
            draw.blit_text(
                surface,
                t("online.none_public"),
                26,
                (layout.w // 2, none_y),
                draw.INK_DIM,
                bold=True,
            )
        for i, table in enumerate(self.lobby.tables[: self.ROWS]):
            row = self._row_rect(i)
            draw.panel(surface, row, draw.PANEL, 215, px(14), draw.PANEL_EDGE)
            buttons = px(190 if table.get("started") else 350)
            info = pygame.Rect(row.x, row.y, row.w - buttons, row.h)
            if rtl:
                info.x = row.x + buttons
            game = t(f"game.{table.get('game', '')}")
            vis_key = f"vis.{table.get('visibility', 'auto')}"
            vis = t("watch.playing" if table.get("started") else vis_key)
            seats = t(
                "online.list_seats",
                n=digits(table.get("seated", 0)),
                m=digits(table.get("players", 4)),
            )
            self._text(
                surface, sep().join((game, seats, vis)), 24, info, row.y + px(22), draw.INK, True
            )
            _head, details = table_summary(
                str(table.get("game", "")),
                table.get("players", 4),
                table.get("options"),
                table.get("turn_seconds"),
            )
            host = t("online.list_host", name=str(table.get("host", "")))
            line = sep().join((host, details))
            most, y = (
                (3, row.y + px(58)) if layout.portrait else (1, row.y + px(54))
            )  # 22 px: phone (the lines clear of the first one's descenders)
            self._lines(surface, line, self.small(18), info, y, px(28), draw.INK_DIM, most)
