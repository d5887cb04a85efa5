"""The lobby's small states, a view each (see LobbyView): connecting, offline (no server
answers) and waiting for the host's answer. The others have modules of their own: the home
:mod:`~game.ui.scenes.lobby_home`, the new table :mod:`~game.ui.scenes.lobby_setup`, typing
:mod:`~game.ui.scenes.lobby_entry`, the public list :mod:`~game.ui.scenes.lobby_list`, the
waiting room :mod:`~game.ui.scenes.lobby_room` and a link's server
:mod:`~game.ui.scenes.lobby_confirm`."""

from __future__ import annotations

import pygame

from game.i18n import t
from game.ui import draw, text
from game.ui.scale import px
from game.ui.scenes.lobby_common import WEB, server_name
from game.ui.scenes.lobby_view import LobbyView
from game.ui.widgets import Button


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
        draw.blit_fitted(
            surface,
            s,
            28,
            layout.w - px(80),
            (layout.w // 2, layout.h // 2 - px(20)),
            draw.INK,
            bold=True,
        )
