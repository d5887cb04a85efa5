"""The lobby's waiting room: the table's code and invite link, its seats (team, host, away),
the host's approval requests, Start and Leave (TB-1, TB-2, TB-5)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.core import registry
from game.i18n import digits, t
from game.ui import avatars, draw, scale, share
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.scenes.lobby_common import (
    PHONE_TEXT,
    fit_lines,
    page_link,
    sep,
    table_summary,
)
from game.ui.scenes.lobby_view import LobbyView
from game.ui.seat_plates import chosen_avatar
from game.ui.watching import watch_toggle
from game.ui.widgets import Button

if TYPE_CHECKING:
    from pygame.typing import RectLike

    from game.ui.app import App


class ShareButton(Button):
    """The Share / Copy link button: lit while it says "Link copied" or "Shared"."""

    def __init__(self, app: App, rect: RectLike, on_click: Callable[[], object]) -> None:
        super().__init__(rect, lambda: share.button_label(app), on_click, 22, key="share")
        self.app = app

    def colors(self) -> tuple[RGB, RGB, RGB]:
        self.selected = share.confirmation(self.app) is not None
        return super().colors()


class RoomView(LobbyView):
    """The table before its start, as the host or a guest sees it."""

    has_back = False

    def build(self) -> None:
        layout = self.app.layout
        room = self.lobby.link.room if self.lobby.link else None
        leave = Button(
            (0, 0, px(240), px(60)), lambda: t("online.leave"), self.lobby.leave, 22, key="leave"
        )
        start = Button(
            (0, 0, px(300), px(70)),
            lambda: t("online.start"),
            self.lobby.start,
            28,
            primary=True,
            key="start",
        )
        if layout.portrait:
            start.rect.midbottom = (layout.w // 2, layout.h - px(110))
            leave.rect.midbottom = (layout.w // 2, layout.h - px(28))
        else:
            gap = px(24)
            total = start.rect.w + leave.rect.w + gap
            x = (layout.w - total) // 2
            first, second = (leave, start) if i18n.is_rtl() else (start, leave)
            first.rect.midleft = (x, layout.h - px(64))
            second.rect.midleft = (x + first.rect.w + gap, layout.h - px(64))
        start.visible = bool(room) and self.lobby.is_host()
        self.widgets = [start, leave, self._share_button(room)]
        self.widgets.append(watch_toggle(self.lobby, room, self._room_columns()[1]))
        for i, req in enumerate((room or {}).get("pending", [])[:3]):
            row = self._request_rect(i)
            yes = Button(
                (0, 0, px(120), px(48)),
                lambda: t("online.accept"),
                functools.partial(self.lobby.answer, req.get("player"), True),
                self.small(20),
                primary=True,
                key=f"accept:{i}",
            )
            no = Button(
                (0, 0, px(120), px(48)),
                lambda: t("online.refuse"),
                functools.partial(self.lobby.answer, req.get("player"), False),
                self.small(20),
                key=f"refuse:{i}",
            )
            if i18n.is_rtl():
                yes.rect.midleft = (row.x + px(12), row.centery)
                no.rect.midleft = (row.x + px(144), row.centery)
            else:
                yes.rect.midright = (row.right - px(144), row.centery)
                no.rect.midright = (row.right - px(12), row.centery)
            self.widgets += [yes, no]

    def _share_button(self, room: dict[str, Any] | None) -> Button:
        """Share link / Copy link, at the foot of the code panel (a link drawn on the canvas
        cannot be selected on a phone: game.ui.share hands it over)."""
        code_p, _seats = self._room_columns()
        button = ShareButton(self.app, (0, 0, px(300), px(56)), self.share_link)
        button.rect.midbottom = (code_p.centerx, code_p.bottom - px(20))
        button.visible = bool(room)
        return button

    def share_link(self) -> None:
        room = self.lobby.link.room if self.lobby.link else None
        if room:
            share.hand_over(self.app, page_link(room, self.lobby.server))

    def _room_columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(code panel, seats panel)."""
        layout = self.app.layout
        if layout.portrait:
            code = pygame.Rect(px(32), px(130), layout.w - px(64), px(470))  # 22 px lines, wrapped
            seats = pygame.Rect(px(32), code.bottom + px(24), layout.w - px(64), px(430))
        else:
            code = scale.rect(48, 100, 520, 460)
            seats = pygame.Rect(px(600), px(100), layout.w - px(648), px(460))
            if i18n.is_rtl():
                code.x, seats.x = layout.w - px(48) - code.w, px(48)
        return code, seats

    def _seat_rect(self, i: int) -> pygame.Rect:
        _code, seats = self._room_columns()
        return pygame.Rect(seats.x + px(20), seats.y + px(64 + i * 62), seats.w - px(40), px(54))

    def _request_rect(self, i: int) -> pygame.Rect:
        _code, seats = self._room_columns()
        room = self.lobby.link.room if self.lobby.link else None
        n = len(room["seats"]) if room else 4
        top = seats.y + px(64 + n * 62 + 46)
        return pygame.Rect(seats.x + px(20), top + px(i * 66), seats.w - px(40), px(58))

    def draw(self, surface: pygame.Surface) -> None:
        room = self.lobby.link.room if self.lobby.link else None
        if not room:
            return
        code_p, seats_p = self._room_columns()
        draw.panel(surface, code_p, draw.PANEL, 215, px(18), draw.GOLD)
        if self.app.layout.portrait:
            self._draw_code_portrait(surface, room, code_p)
        else:
            self._draw_code(surface, room, code_p)
        draw.panel(surface, seats_p, draw.PANEL, 215, px(18), draw.PANEL_EDGE)
        self._draw_seats(surface, room, seats_p)

    def _draw_code(
        self, surface: pygame.Surface, room: dict[str, Any], code_p: pygame.Rect
    ) -> None:
        """The code panel: the table, its code big, the invite link and how to share it."""
        head, details = self._summary(room)
        draw.blit_fitted(
            surface,
            head,
            26,
            code_p.w - px(40),
            (code_p.centerx, code_p.y + px(30)),
            draw.SAND,
            bold=True,
        )
        draw.blit_fitted(
            surface,
            details,
            18,
            code_p.w - px(40),
            (code_p.centerx, code_p.y + px(60)),
            draw.INK_DIM,
        )
        draw.blit_text(
            surface, t("online.code_big"), 20, (code_p.centerx, code_p.y + px(90)), draw.INK_DIM
        )
        code = " ".join(room["code"])  # spaced out so it can be read aloud
        draw.blit_fitted(
            surface,
            code,
            96,
            code_p.w - px(40),
            (code_p.centerx, code_p.y + px(156)),
            draw.GOLD,
            bold=True,
            shadow=True,
        )
        self._draw_invite(surface, room, code_p)

    def _draw_code_portrait(
        self, surface: pygame.Surface, room: dict[str, Any], code_p: pygame.Rect
    ) -> None:
        """The code panel on a phone: every line 22 px or more, the details, the
        link and how to share it wrapped onto two lines each, one under the other."""
        head, details = self._summary(room)
        size = draw.fit_text(head, 26, code_p.w - px(40), True, PHONE_TEXT)
        head_y = code_p.y + px(30)
        draw.blit_text(surface, head, size, (code_p.centerx, head_y), draw.SAND, bold=True)
        y = self._centred(surface, details, code_p, code_p.y + px(64), joint=sep())
        draw.blit_text(surface, t("online.code_big"), 22, (code_p.centerx, y + px(6)), draw.INK_DIM)
        code = " ".join(room["code"])  # spaced out so it can be read aloud
        draw.blit_fitted(
            surface,
            code,
            84,
            code_p.w - px(40),
            (code_p.centerx, y + px(70)),
            draw.GOLD,
            bold=True,
            shadow=True,
        )
        y += px(138)
        draw.blit_text(surface, t("online.invite"), 22, (code_p.centerx, y), draw.INK_DIM)
        link = page_link(room, self.lobby.server)
        y = self._centred(surface, link, code_p, y + px(30), draw.INK)
        self._centred(surface, t("online.share"), code_p, y + px(10))

    def _centred(
        self,
        surface: pygame.Surface,
        s: str,
        panel: pygame.Rect,
        y: int,
        color: RGB | None = None,
        joint: str | None = None,
    ) -> int:
        """``s`` at 22 px, centred in ``panel`` on up to two lines 28 apart from line ``y``;
        returns the line after (frame pixels)."""
        lines, size = fit_lines(s, 22, panel.w - px(48), joint=joint)
        for line in lines:
            draw.blit_text(surface, line, size, (panel.centerx, y), color or draw.INK_DIM)
            y += px(28)
        return y

    def _summary(self, room: dict[str, Any]) -> tuple[str, str]:
        return table_summary(
            str(room.get("game", "")),
            len(room["seats"]),
            room.get("options"),
            room.get("turn_seconds"),
        )

    def _draw_seats(
        self, surface: pygame.Surface, room: dict[str, Any], seats_p: pygame.Rect
    ) -> None:
        """The seats panel: each seat, then the requests to sit with Accept / Refuse."""
        seats_y = seats_p.y + px(34)
        self._text(surface, t("online.seats"), 26, seats_p, seats_y, draw.GOLD, True, px(24))
        you, host = room.get("you"), room.get("host")
        mine = chosen_avatar(self.app.settings.get("avatar"))
        looks = avatars.faces(
            tuple(self._seat_key(i, seat, i == you) for i, seat in enumerate(room["seats"])),
            tuple(self._seat_face(seat, i == you, mine) for i, seat in enumerate(room["seats"])),
        )
        for i, seat in enumerate(room["seats"]):
            self._draw_seat_row(surface, i, seat, i == you, i == host, looks[i])
        pending = room.get("pending", [])[:3]
        if pending:
            top = self._request_rect(0).y - px(26)
            self._text(surface, t("online.requests"), 22, seats_p, top, draw.SAND, True, px(24))
        for i, req in enumerate(pending):
            row = self._request_rect(i)
            draw.panel(surface, row, (50, 40, 20), 230, px(12), draw.GOLD)
            text_rect = pygame.Rect(row.x, row.y, row.w - px(280), row.h)
            if i18n.is_rtl():
                text_rect.x = row.x + px(280)
            self._text(
                surface,
                t("online.request", name=str(req.get("name", ""))),
                22,
                text_rect,
                row.centery,
                draw.INK,
                True,
                px(14),
            )
        layout = self.app.layout
        note = t("online.start_note") if self.lobby.is_host() else t("online.wait_host")
        y = layout.h - px(196 if layout.portrait else 116)
        if layout.portrait and not self.lobby.is_host():
            y = layout.h - px(150)
        draw.blit_fitted(surface, note, 22, layout.w - px(80), (layout.w // 2, y), draw.INK_DIM)

    @staticmethod
    def _seat_face(seat: dict[str, Any], you: bool, mine: int | None) -> int | None:
        """The face a seat's player chose, as the room carries it (the same on every device;
        your own from Settings until the server has said); None: bots keep their own."""
        if seat.get("kind") != "human":
            return None
        face = chosen_avatar(seat.get("avatar"))
        return mine if you and face is None else face

    @staticmethod
    def _seat_key(i: int, seat: dict[str, Any], you: bool) -> str:
        """The name the table will pick this seat's avatar by (as game.client.online's
        RemoteSeat names it), so a player wears the same face in the lobby and at the table."""
        if you:
            return "seat.you"
        name = seat.get("name")
        return name if isinstance(name, str) and name else "online.player"

    def _draw_seat_row(
        self,
        surface: pygame.Surface,
        i: int,
        seat: dict[str, Any],
        you: bool,
        host: bool,
        look: int,
    ) -> None:
        row = self._seat_rect(i)
        kind = seat.get("kind", "empty")
        filled = kind != "empty"
        fill = (30, 48, 46) if filled else (22, 34, 33)
        pygame.draw.rect(surface, fill, row, border_radius=px(12))
        edge = draw.TURN if you else draw.PANEL_EDGE
        pygame.draw.rect(surface, edge, row, px(2), border_radius=px(12))
        rtl = i18n.is_rtl()
        cx = row.right - px(34) if rtl else row.x + px(34)
        name = (
            str(seat.get("name", ""))
            if kind == "human"
            else t("online.seat_bot")
            if kind == "bot"
            else t("online.seat_empty")
        )
        if filled:
            face = avatars.avatar(look, px(40))
            surface.blit(face, face.get_rect(center=(cx, row.centery)))
            pygame.draw.circle(surface, draw.SAND, (cx, row.centery), px(20), px(2))
        else:
            pygame.draw.circle(surface, draw.PANEL_EDGE, (cx, row.centery), px(20), px(2))
        if you:
            name = t("online.you", name=name)
        tags = []
        room = self.lobby.link.room if self.lobby.link else None
        if room and self._teams(room):
            tags.append(t("online.team", n=digits(i % 2 + 1)))  # partners sit opposite
        if host:
            tags.append(t("online.host_tag"))
        if kind == "human" and not seat.get("connected", True):
            tags.append(t("online.away"))
        tag_w = px(190 if self.app.layout.portrait else 150)  # the tags are 22 px on a phone
        name_rect = (
            pygame.Rect(row.x + px(64), row.y, row.w - px(64) - tag_w, row.h)
            if not rtl
            else pygame.Rect(row.x + tag_w, row.y, row.w - px(64) - tag_w, row.h)
        )
        self._text(
            surface,
            name,
            22,
            name_rect,
            row.centery,
            draw.INK if filled else draw.INK_DIM,
            filled,
            0,
        )
        if tags:
            s = sep().join(tags)
            pos = (row.x + px(16), row.centery) if rtl else (row.right - px(16), row.centery)
            draw.blit_text(
                surface,
                s,
                self.small(18),
                pos,
                draw.GOLD,
                bold=True,
                anchor="midleft" if rtl else "midright",
            )

    def _draw_invite(
        self, surface: pygame.Surface, room: dict[str, Any], code_p: pygame.Rect
    ) -> None:
        """The invite link under the code, and how to share it."""
        link = page_link(room, self.lobby.server)
        y = code_p.y + px(234)
        draw.blit_text(surface, t("online.invite"), 20, (code_p.centerx, y), draw.INK_DIM)
        draw.blit_fitted(
            surface, link, 22, code_p.w - px(40), (code_p.centerx, y + px(30)), draw.INK
        )
        lines = self._wrap(t("online.share"), 20, code_p.w - px(48))
        for i, line in enumerate(lines[:3]):
            line_y = y + px(78 + i * 28)
            draw.blit_text(surface, line, 20, (code_p.centerx, line_y), draw.INK_DIM)

    def message_y(self) -> int:
        return self.app.layout.h - px(190) if self.app.layout.portrait else px(640)

    @staticmethod
    def _teams(room: dict[str, Any]) -> bool:
        """Team play as the game's spec says (partners sit opposite: seats 0 & 2, 1 & 3)."""
        game = room.get("game")
        return registry.exists(game) and registry.get(str(game)).teams(
            len(room.get("seats", [])), room.get("options") or {}
        )

    @staticmethod
    def _wrap(s: str, size: int, width: int) -> list[str]:
        from game.ui import text

        try:
            return text.wrap(s, size, width)
        except Exception:
            return [s]
