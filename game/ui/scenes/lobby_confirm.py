"""A link names a server the player has never played on: the lobby asks before it connects at all.
Whoever runs that server sees the player's name and moves, and a link is easy to
forge; the question shows the server's host as its address says it, and whether the connection
is encrypted. Join connects (with no token: that server has none of ours); Cancel goes back to
the menu, nothing sent anywhere."""

from __future__ import annotations

from urllib.parse import urlsplit

import pygame

from game.i18n import t
from game.ui import draw, text
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.scenes.lobby_common import (
    LOCAL_HOSTS,
    PHONE_TEXT,
    fit_lines,
    server_name,
)
from game.ui.scenes.lobby_view import LobbyView
from game.ui.widgets import Button


def shown_host(url: str) -> str:
    """The host (and a port other than the scheme's own) of ``url``, as the address says it."""
    try:
        parts = urlsplit(url)
        host, port = parts.hostname or url, parts.port
    except ValueError:
        return url
    default = 443 if parts.scheme == "wss" else 80
    host = f"[{host}]" if ":" in host else host
    return host if port in (None, default) else f"{host}:{port}"


def unencrypted(url: str) -> bool:
    """A plain ``ws://`` address off this machine: anyone on the way can read it."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        host = ""
    return url.startswith("ws://") and host not in LOCAL_HOSTS


class ConfirmView(LobbyView):
    """ "Join a table on NAME?" with the host, Join and Cancel."""

    has_back = False  # Cancel is the way back

    def build(self) -> None:
        layout = self.app.layout
        c = self._col()
        w = min(px(420), c.w)
        y = c.y + px(330 if not layout.portrait else 400)
        join = Button(
            (layout.w // 2 - w // 2, y, w, px(66)),
            lambda: t("online.confirm_join"),
            self.lobby.accept_server,
            26,
            primary=True,
            key="confirm_join",
        )
        cancel = Button(
            (layout.w // 2 - w // 2, y + px(82), w, px(60)),
            lambda: t("online.confirm_cancel"),
            self.lobby.refuse_server,
            24,
            key="confirm_cancel",
        )
        self.widgets = [join, cancel]

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        c = self._col()
        box = pygame.Rect(c.x, c.y - px(10), c.w, px((320 if not layout.portrait else 390) - 20))
        draw.panel(surface, box, (20, 34, 33), 255, px(18), draw.GOLD)
        url = self.lobby.server
        least = PHONE_TEXT if layout.portrait else 14
        width = box.w - px(48)
        question = t("online.confirm_title", name=server_name(url))
        y = box.y + px(44)
        y = self._centred(surface, question, 32, width, least, y, draw.GOLD, px(40))
        # The host: Latin, on lines of its own (never mixed into Arabic), broken if too long.
        y = self._centred(surface, shown_host(url), 26, width, least, y + px(12), draw.SAND)
        how = t("online.confirm_why")
        if unencrypted(url):
            how = f"{how} {t('online.confirm_plain')}"
        y += px(20)
        for line in text.wrap(how, self.small(22), box.w - px(64)):
            draw.blit_text(surface, line, self.small(22), (box.centerx, y), draw.INK)
            y += px(34)

    def _centred(
        self,
        surface: pygame.Surface,
        s: str,
        size: int,
        width: int,
        least: int,
        y: int,
        color: RGB,
        step: int = 0,
    ) -> int:
        """``s`` in bold, centred, on at most two lines from line ``y``; the next line's y."""
        lines, size = fit_lines(s, size, width, 2, True, least)
        step = step or px(34)
        for line in lines:
            draw.blit_text(surface, line, size, (self.lobby.app.layout.w // 2, y), color, True)
            y += step
        return y
